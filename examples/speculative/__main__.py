"""The main job: speculative decoding with opforge's ops, checked against greedy decoding.

Decodes a stream of requests with continuous batching, every step built from
opforge's ops, and compares each request's output with plain greedy decoding
of the same model, token for token.

    .venv/bin/python -m examples.speculative [--requests 48] [--batch-size 8]
        [--draft-width 4] [--proposer ngram|mtp|draft-model] [--mtp-steps 2]
        [--strategy greedy|topp] [--backend cpu|xpu3-sim|cuda-sim|...] [--seed 0]
        [--step fastdeploy|unified]

`--step fastdeploy` (the default with the n-gram and MTP proposers) runs
FastDeploy's speculative step op for op (fastdeploy_step.py): every request
with its own penalties, stop sequences and thinking budget, KV blocks
scheduled by speculate_step_paddle; with `--proposer mtp` its drafts come from
FastDeploy's MTP proposer (mtp.py); `--step unified` runs opforge's own step
(engine.py), one update op in place of FastDeploy's post-processing ops.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings

warnings.filterwarnings("ignore", "No ccache found")  # printed by `import paddle` itself

import paddle  # noqa: E402
from tqdm import tqdm  # noqa: E402

import opforge  # noqa: E402
from examples.speculative.engine import (  # noqa: E402
    PROPOSERS,
    STRATEGIES,
    YARDSTICK,
    Engine,
    EngineConfig,
)
from examples.speculative.fastdeploy_step import BLOCK_SIZE, FastDeployEngine  # noqa: E402
from examples.speculative.model import greedy_decode  # noqa: E402
from examples.speculative.processing import greedy_decode_processed  # noqa: E402
from examples.speculative.workload import (  # noqa: E402
    draft_model_of,
    make_requests,
    target_model,
    with_processing,
)


def call_table(in_loop: dict[str, list[float]], isolated: dict[str, float]) -> str:
    """Per op: calls, the median call inside the loop, the median of the same
    calls replayed on their own after the run, and their ratio; last, the same
    for the yardstick, one of Paddle's own ops (Engine.step)."""
    width = max(len(name) for name in in_loop)
    lines = [
        f"  {'op':<{width}}  {'calls':>5}  {'in loop':>9}  {'isolated':>9}  ratio",
    ]
    # Ours first, then the yardstick (a Paddle op timed the same way).
    for name, seconds in sorted(in_loop.items(), key=lambda kv: kv[0] == YARDSTICK):
        loop, alone = statistics.median(seconds), isolated[name]
        lines.append(
            f"  {name:<{width}}  {len(seconds):>5}  {loop * 1e6:6.1f} us  {alone * 1e6:6.1f} us"
            f"  {loop / alone:4.2f}x"
        )
    return "per-op call (median)\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m examples.speculative", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--requests", type=int, default=48, help="requests to decode (48)")
    parser.add_argument("--batch-size", type=int, default=8, help="slots decoded together (8)")
    parser.add_argument("--draft-width", type=int, default=4, help="drafts per slot and step (4)")
    parser.add_argument(
        "--proposer",
        choices=PROPOSERS,
        default="ngram",
        help="where drafts come from: ngram_match over each request's history (default), "
        "an MTP head fed the target's hidden states (FastDeploy step), "
        "or a smaller draft model (unified step)",
    )
    parser.add_argument(
        "--mtp-steps",
        type=int,
        default=2,
        help="with --proposer mtp: draft model forwards per step, 1, 2 (default) or the draft "
        "width; below the draft width hybrid_mtp_ngram extends the drafts with n-gram matches",
    )
    parser.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default="greedy",
        help="greedy (checked against greedy decoding) or topp (seeded sampling)",
    )
    parser.add_argument(
        "--backend",
        choices=opforge.CPU_TENSOR_BACKENDS,
        default=opforge.CPU_TENSOR_BACKENDS[0],
        help="which kernels the ops run: the CPU kernels (the default), or a kind's kernels "
        "under its simulation",
    )
    parser.add_argument("--seed", type=int, default=0, help="requests and TOPP draws (0)")
    parser.add_argument(
        "--step",
        choices=("fastdeploy", "unified"),
        default=None,
        help="fastdeploy (the default with --proposer ngram or mtp): FastDeploy's speculative step "
        "op for op, with each request's penalties, stop sequences and thinking budget, "
        "checked against greedy decoding with the same processing; unified (the default "
        "with --proposer draft-model): opforge's own step (engine.py)",
    )
    args = parser.parse_args(argv)
    if args.step is None:
        args.step = "unified" if args.proposer == "draft-model" else "fastdeploy"
    if args.step == "fastdeploy" and args.proposer == "draft-model":
        parser.error("--step fastdeploy proposes with ngram_match or MTP (--proposer ngram|mtp)")
    if args.step == "unified" and args.proposer == "mtp":
        parser.error("the MTP proposer runs in FastDeploy's step (--step fastdeploy)")
    for name in ("requests", "batch_size", "draft_width"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")

    paddle.set_device("cpu")
    target = target_model()
    requests = make_requests(args.requests, seed=args.seed, config=target.config)
    if args.step == "fastdeploy":
        requests = with_processing(requests, args.seed, sampling=args.strategy == "topp")
    longest = max(len(r.prompt) + r.max_dec_len for r in requests)
    config = EngineConfig(
        max_model_len=longest + args.draft_width + 1,
        batch_size=args.batch_size,
        draft_width=args.draft_width,
        proposer=args.proposer,
        strategy=args.strategy,
        seed=args.seed,
        mtp_steps=args.mtp_steps,
    )
    draft = draft_model_of(target) if args.proposer == "draft-model" else None
    fastdeploy = args.step == "fastdeploy"
    try:
        engine = FastDeployEngine(target, config) if fastdeploy else Engine(target, config, draft)
    except ValueError as error:
        parser.error(str(error))
    print(
        f"{args.requests} requests, batch {args.batch_size}, draft width {args.draft_width}, "
        f"proposer {args.proposer}, {args.strategy}, backend {args.backend}, step {args.step}",
        flush=True,
    )
    # The isolated replays run on the same backend as the loop's calls.
    with opforge.cpu_tensors_on(args.backend):
        with tqdm(total=len(requests), unit="req", file=sys.stderr, leave=False) as bar:
            outputs = engine.run(requests, bar.update)
        isolated = engine.isolated_seconds()

    stats = engine.stats
    if isinstance(engine, FastDeployEngine):
        print("FastDeploy step, as run (host work in brackets):")
        print("  " + "\n  ".join(engine.fullest_sequence))
        print(
            f"KV blocks                 {engine.kv_blocks} blocks of {BLOCK_SIZE} positions; none handed "
            f"out twice, all freed ({engine.preemptions} preemptions)"
        )
        if engine.mtp is not None:
            mtp = engine.mtp
            print(
                f"draft KV blocks           {mtp.kv_blocks} blocks of {BLOCK_SIZE} positions; none "
                "handed out twice, all freed"
            )
            print(
                f"drafts proposed           {mtp.drafted} by the MTP head ({mtp.mtp_steps} draft "
                f"forwards a step), {mtp.extended} by hybrid_mtp_ngram"
            )

    def share(seconds: float) -> str:
        return f"{seconds / stats.wall_seconds:.0%}" if stats.wall_seconds else "-"

    rest = stats.wall_seconds - stats.op_seconds - stats.model_seconds - stats.draft_model_seconds
    print(f"target forwards           {stats.steps} (over the batch)")
    print(f"tokens generated          {stats.generated}")
    print(
        f"tokens per target forward {stats.tokens_per_forward:.2f} per sequence "
        f"({stats.generated / max(stats.steps, 1):.2f} per batched forward)"
    )
    print(
        f"acceptance rate           {stats.acceptance:.1%} "
        f"({stats.accepted} of {stats.proposed} drafts)"
    )
    models = f"target model {share(stats.model_seconds)}"
    if args.proposer in ("draft-model", "mtp"):
        models += f", draft model {share(stats.draft_model_seconds)}"
    print(
        f"share of wall time        opforge ops {share(stats.op_seconds)}, {models}, "
        f"host (scheduling, sampling, checks on the host) {share(rest)}"
    )
    slowest = sorted(stats.op_calls.items(), key=lambda kv: -kv[1])
    print("  by op: " + ", ".join(f"{name} {seconds * 1e3:.1f} ms" for name, seconds in slowest))
    print(call_table(stats.op_call_seconds, isolated))
    print(f"wall time                 {stats.wall_seconds:.2f} s")
    if args.strategy != "greedy":
        print("output vs greedy decoding: not compared (TOPP samples; rerun with the same --seed")
        print("                           to get the same tokens)")
        return 0
    start = time.perf_counter()
    end = [target.config.end_token]
    mismatched = [
        r.rid
        for r in requests
        if outputs[r.rid]
        != (
            greedy_decode_processed(target, list(r.prompt), r.max_dec_len, end, r.params)
            if fastdeploy
            else greedy_decode(target, list(r.prompt), r.max_dec_len, end)
        )
    ]
    checked = time.perf_counter() - start
    reference = "greedy decoding" + (
        " with the same processing (penalties, stop sequences, thinking limit)"
        if fastdeploy
        else ""
    )
    if mismatched:
        print(
            f"speculative output == {reference}: NO ({len(mismatched)} of {len(requests)} "
            f"requests differ: {mismatched[:10]})"
        )
        return 1
    print(
        f"speculative output == {reference}: yes, token for token "
        f"({len(requests)} requests; greedy took {checked:.2f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
