"""Per-call cost of opforge's generated verify_draft_tokens binding, side by side with
an unchecked hand-written pybind11 function and the Paddle custom-op path.

Rows (all run the same CPU kernel, Kernels::cpu, on the same tensors):

  baseline          opforge_bench_baseline.verify_draft_tokens_unchecked (bench/baseline.cc):
                    hand-written pybind11, same arguments, no checks at all
  diagnostic        the same function registered with the generated binding's py::arg list
                    (names, none() flags, defaults): what pybind11's argument names
                    cost the baseline
  generated binding opforge._C.verify_draft_tokens: the generated CPython (METH_FASTCALL)
                    binding, all checks
  public wrapper    opforge.verify_draft_tokens: the generated Python API around it
  custom op         paddle._C_ops._run_custom_op("opforge_verify_draft_tokens", ...):
                    Paddle's own custom-op path (op registered once beforehand)
  custom op helper  opforge._runtime.custom_op(...): the same through opforge's helper

Per-call cost = best of R repeats of a timeit loop of N calls (repeats interleaved across the
rows, so drift hits every row alike), in microseconds, with ratios to the baseline. The
default, 35 repeats x 4,000 calls, makes as many calls as 7 x 20,000 but in short blocks (~10 ms
each): on a shared 2-core machine the best of many short blocks finds the quiet moments that
a few long ones miss. The spread (median / best) of every row is printed as a noise gauge. Before
timing, every row must write the same outputs as the NumPy reference on the batch; the script
fails loudly otherwise.

The baseline module is compiled with the project's flags (tools/build.py) into build/bench/
when missing or stale (first build ~15-30 s: it includes Paddle's headers without the PCH).

    .venv/bin/python bench/bench_verify_draft_tokens.py            # full run (~30 s)
    .venv/bin/python bench/bench_verify_draft_tokens.py --quick    # a few seconds
    .venv/bin/python bench/bench_verify_draft_tokens.py --json build/bench/verify.json

A benchmark script, not a timed test: it never fails on the figures, only on wrong outputs
or a failed build. Target: the generated binding at or below the baseline (1.0x).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import sysconfig
import timeit
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH_BUILD = ROOT / "build" / "bench"
MODULE_NAME = "opforge_bench_baseline"
MODULE_PATH = BENCH_BUILD / f"{MODULE_NAME}{sysconfig.get_config_var('EXT_SUFFIX')}"
OP_NAME = "opforge_verify_draft_tokens"
TARGET_RATIO = 1.0
TIMES = "\u00d7"  # the multiplication sign of the ratios
NOISY_SPREAD = 1.25  # median / best of a row above this: other load interfered


# ---------------------------------------------------------------------------- build


def load_build_tools() -> ModuleType:
    """tools/build.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location(
        "_opforge_tools_build", ROOT / "tools" / "build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while it executes
    spec.loader.exec_module(module)
    return module


@dataclass
class Step:
    output: Path
    command: list[str]
    inputs: list[Path]  # known inputs; the depfile adds the headers after the first build

    @property
    def depfile(self) -> Path:
        return self.output.with_name(self.output.name + ".d")

    @property
    def cmdfile(self) -> Path:
        return self.output.with_name(self.output.name + ".cmd")


def depfile_inputs(depfile: Path) -> list[Path]:
    if not depfile.exists():
        return []
    text = depfile.read_text().replace("\\\n", " ")
    _, _, deps = text.partition(":")
    return [Path(d) for d in deps.split() if d != "\\"]


def is_stale(step: Step) -> bool:
    if not step.output.exists():
        return True
    if not step.cmdfile.exists() or step.cmdfile.read_text() != shlex.join(step.command):
        return True
    built = step.output.stat().st_mtime_ns
    for dep in [*step.inputs, *depfile_inputs(step.depfile)]:
        try:
            if dep.stat().st_mtime_ns > built:
                return True
        except FileNotFoundError:
            return True
    return False


def run_steps(steps: Sequence[Step], verbose: bool) -> None:
    """Run the stale steps of one stage in parallel; raise on the first failure."""
    stale = [s for s in steps if is_stale(s)]
    procs = []
    for step in stale:
        step.output.parent.mkdir(parents=True, exist_ok=True)
        print(f"[bench build] {step.output.relative_to(ROOT)}", file=sys.stderr)
        if verbose:
            print("  " + shlex.join(step.command), file=sys.stderr)
        procs.append((step, subprocess.Popen(step.command, cwd=ROOT)))
    failed = []
    for step, proc in procs:
        if proc.wait() != 0:
            failed.append(step)
        else:
            step.cmdfile.write_text(shlex.join(step.command))
    if failed:
        for step in failed:
            step.output.unlink(missing_ok=True)
        raise SystemExit(
            "bench build FAILED:\n" + "\n".join("  " + shlex.join(s.command) for s in failed)
        )


def build_baseline(force: bool = False, verbose: bool = False) -> Path:
    """Compile bench/baseline.cc + the CPU kernel + the framework-free runtime into
    build/bench/opforge_bench_baseline*.so with the project's compile and link flags."""
    tools = load_build_tools()
    base = [*tools.ABI, "-O2", "-fvisibility=hidden", *tools.WARNINGS]
    sources = [
        # (source, needs_paddle, needs_python)
        (ROOT / "bench" / "baseline.cc", True, True),
        (ROOT / "csrc" / "kernels" / "cpu" / "verify_draft_tokens.cc", False, False),
        # fill_uniform / resolve_seed: the baseline fills its scratch as the entry does.
        (ROOT / "csrc" / "runtime" / "runtime.cc", False, False),
    ]
    compiles = []
    for source, needs_paddle, needs_python in sources:
        # The kernel includes its shared header: the kernel directory on its path.
        kernel = source.parent.parent == ROOT / "csrc" / "kernels"
        unit = tools.Unit(source, needs_paddle, needs_python, kernel=kernel)
        obj = BENCH_BUILD / "obj" / (source.relative_to(ROOT).as_posix().replace("/", "__") + ".o")
        dep = obj.with_name(obj.name + ".d")
        cmd = ["g++", "-MMD", "-MF", str(dep), *base, *tools.include_flags(unit)]
        compiles.append(Step(obj, [*cmd, "-c", str(source), "-o", str(obj)], [source]))
    paddle = tools.paddle_dir()
    libs = [paddle / "libs", paddle / "base"]
    ldflags = [f"-L{d}" for d in libs] + [f"-Wl,-rpath,{d}" for d in libs] + ["-l:libpaddle.so"]
    objects = [str(s.output) for s in compiles]
    link = Step(
        MODULE_PATH,
        ["g++", "-shared", "-o", str(MODULE_PATH), *objects, *ldflags],
        [s.output for s in compiles],
    )
    if force:
        for step in [*compiles, link]:
            step.output.unlink(missing_ok=True)
    run_steps(compiles, verbose)
    run_steps([link], verbose)
    return MODULE_PATH


def extension_older_than_sources() -> list[str]:
    """Sources of opforge/_C's verify_draft_tokens path newer than the built extension (the
    baseline is always rebuilt from the current kernel, the extension only by tools/build.py)."""
    tools = load_build_tools()
    module = Path(tools.MODULE)
    if not module.exists():
        raise SystemExit(f"{module} is not built; run `python tools/build.py`")
    sources = [
        ROOT / "csrc" / "kernels" / "cpu" / "verify_draft_tokens.cc",
        ROOT / "generated" / "paddle" / "verify_draft_tokens.cc",
        ROOT / "generated" / "entry" / "verify_draft_tokens.cc",
        ROOT / "csrc" / "include" / "opforge" / "paddle_glue.h",
        ROOT / "csrc" / "include" / "opforge" / "runtime.h",
    ]
    built = module.stat().st_mtime_ns
    return [
        str(s.relative_to(ROOT)) for s in sources if s.exists() and s.stat().st_mtime_ns > built
    ]


def import_baseline() -> ModuleType:
    sys.path.insert(0, str(BENCH_BUILD))
    try:
        return importlib.import_module(MODULE_NAME)
    finally:
        sys.path.remove(str(BENCH_BUILD))


# ---------------------------------------------------------------------------- batches


@dataclass(frozen=True)
class Shape:
    name: str
    strategy: str  # TOPP / GREEDY / TARGET_MATCH
    max_bsz: int
    real_bsz: int
    max_step_tokens: int
    max_candidate_len: int = 4
    end_length: int = 2


SHAPES = {
    "decode-greedy-8": Shape("decode-greedy-8", "GREEDY", 8, 8, 4),
    "topp-64": Shape("topp-64", "TOPP", 64, 48, 6, max_candidate_len=4),
}

# Fixed attributes: a realistic call (no reject/accept-all short cuts) with an explicit seed,
# so the TOPP draws are reproducible and the reference can check them.
ATTRS = {
    "max_seq_len": 0,
    "verify_window": 2,
    "reject_all": False,
    "accept_all": False,
    "seed": 1234,
}


def make_batch(shape: Shape, rng_seed: int = 0) -> dict[str, Any]:
    import numpy as np

    from tests.ops.reference import verify_draft_tokens as ref
    from tests.ops.reference.verify_draft_tokens_batches import random_batch

    strategy = getattr(ref, shape.strategy)
    return random_batch(
        np.random.default_rng(rng_seed),
        strategy=strategy,
        max_bsz=shape.max_bsz,
        real_bsz=shape.real_bsz,
        max_step_tokens=shape.max_step_tokens,
        max_candidate_len=shape.max_candidate_len,
        end_length=shape.end_length,
        **ATTRS,
    )


def dims_text(batch: dict[str, Any]) -> str:
    ids = batch["step_output_ids"]
    token_num = int(batch["cu_seqlens_q_output"][-1])
    cand = batch["candidate_ids"]
    parts = [
        f"max_bsz={ids.shape[0]}",
        f"real_bsz={batch['seq_lens_this_time'].shape[0]}",
        f"max_step_tokens={ids.shape[1]}",
        f"token_num={token_num}",
    ]
    if cand is not None:
        parts.append(f"max_candidate_len={cand.shape[1]}")
    parts.append(f"end_length={batch['end_tokens'].shape[0]}")
    return ", ".join(parts)


# ---------------------------------------------------------------------------- variants


@dataclass
class Variant:
    key: str
    label: str
    fn: Callable[..., Any]
    prefix: tuple[Any, ...] = ()  # leading positional arguments (the custom op's name)
    # Arguments passed by keyword, by position in the spec-order list (the
    # public function's optional tensors and attributes are keyword-only).
    keywords: dict[int, str] | None = None


def public_keywords() -> dict[int, str]:
    """The public function's keyword-only arguments: the optional tensors and the attributes."""
    from tests.ops.reference.verify_draft_tokens_batches import (
        ATTR_NAMES,
        OPTIONAL_TENSORS,
        TENSOR_NAMES,
    )

    names = [*TENSOR_NAMES, *ATTR_NAMES]
    return {i: n for i, n in enumerate(names) if n in OPTIONAL_TENSORS or n in ATTR_NAMES}


def call(v: Variant, args: Sequence[Any]) -> Any:
    keywords = v.keywords or {}
    positional = [a for i, a in enumerate(args) if i not in keywords]
    named = {keywords[i]: a for i, a in enumerate(args) if i in keywords}
    return v.fn(*v.prefix, *positional, **named)


def variants(baseline: ModuleType) -> list[Variant]:
    import paddle

    import opforge
    from opforge import _runtime

    _runtime.register_custom_ops()  # done by the import; a no-op here
    return [
        Variant(
            "baseline",
            "hand-written pybind11, unchecked (baseline)",
            baseline.verify_draft_tokens_unchecked,
        ),
        Variant(
            "baseline_named",
            "diagnostic: baseline + the binding's py::arg list",
            baseline.verify_draft_tokens_unchecked_named,
        ),
        Variant(
            "binding",
            "generated binding `opforge._C.verify_draft_tokens`",
            opforge._C.verify_draft_tokens,
        ),
        Variant(
            "wrapper",
            "public wrapper `opforge.verify_draft_tokens`",
            opforge.verify_draft_tokens,
            keywords=public_keywords(),
        ),
        Variant(
            "custom_op",
            "Paddle custom op `paddle._C_ops._run_custom_op`",
            paddle._C_ops._run_custom_op,
            (OP_NAME,),
        ),
        Variant(
            "custom_op_helper",
            "custom op via `opforge._runtime.custom_op`",
            _runtime.custom_op,
            (OP_NAME,),
        ),
    ]


def to_tensors(batch: dict[str, Any]) -> list[Any]:
    import paddle

    from tests.ops.reference.verify_draft_tokens_batches import TENSOR_NAMES

    return [
        None if batch[name] is None else paddle.to_tensor(batch[name], place=paddle.CPUPlace())
        for name in TENSOR_NAMES
    ]


def attr_values(batch: dict[str, Any]) -> list[Any]:
    from tests.ops.reference.verify_draft_tokens_batches import ATTR_NAMES

    # Plain Python ints/bools for every row (verify_strategy as int, not the IntEnum).
    return [int(batch[n]) if not isinstance(batch[n], bool) else batch[n] for n in ATTR_NAMES]


def check_outputs(batch: dict[str, Any], all_variants: Sequence[Variant]) -> tuple[Any, Any]:
    """Each row on fresh tensors must write the reference's outputs; raise otherwise."""
    import numpy as np

    from tests.ops.reference.verify_draft_tokens import run_reference

    want_ids, want_len = run_reference(batch)
    problems = []
    for v in all_variants:
        tensors = to_tensors(batch)
        try:
            call(v, [*tensors, *attr_values(batch)])
        except Exception as exc:  # reported below with the row's name
            problems.append(f"{v.key}: raised {type(exc).__name__}: {exc}")
            continue
        got_ids, got_len = tensors[0].numpy(), tensors[1].numpy()
        if not (np.array_equal(got_ids, want_ids) and np.array_equal(got_len, want_len)):
            problems.append(
                f"{v.key}: outputs differ from the reference\n"
                f"  step_output_ids got {got_ids.tolist()}\n  want {want_ids.tolist()}\n"
                f"  step_output_len got {got_len.tolist()}\n  want {want_len.tolist()}"
            )
    if problems:
        raise SystemExit(
            "OUTPUT CHECK FAILED, the comparison would be unfair:\n" + "\n".join(problems)
        )
    return want_ids, want_len


# ---------------------------------------------------------------------------- timing


def make_timer(
    fn: Callable[..., Any], args: Sequence[Any], keywords: dict[int, str] | None = None
) -> timeit.Timer:
    """A timeit loop calling fn with len(args) arguments held in locals, so the loop costs
    what an ordinary call site costs (no *args tuple, no global look-ups); the arguments
    in `keywords` (by position) are passed as literal keywords, as a call site writes them."""
    keywords = keywords or {}
    names = [f"a{i}" for i in range(len(args))]
    setup = f"_f = _fn; {', '.join(names)}, = _args"
    passed = [n for i, n in enumerate(names) if i not in keywords]
    passed += [f"{keywords[i]}={n}" for i, n in enumerate(names) if i in keywords]
    stmt = f"_f({', '.join(passed)})"
    return timeit.Timer(stmt, setup, globals={"_fn": fn, "_args": tuple(args)})


def time_rows(
    all_variants: Sequence[Variant],
    tensors: Sequence[Any],
    attrs: Sequence[Any],
    repeats: int,
    number: int,
) -> dict[str, list[float]]:
    """Seconds per call of each row, one figure per repeat; repeats interleaved across rows
    so that a noisy moment of the machine does not hit one row only."""
    timers = {
        v.key: make_timer(
            v.fn,
            [*v.prefix, *tensors, *attrs],
            {i + len(v.prefix): n for i, n in (v.keywords or {}).items()},
        )
        for v in all_variants
    }
    for timer in timers.values():  # warm-up: caches, lazy initialisation
        timer.timeit(max(1, number // 10))
    samples: dict[str, list[float]] = {key: [] for key in timers}
    for _ in range(repeats):
        for key, timer in timers.items():
            samples[key].append(timer.timeit(number) / number)
    return samples


def loop_overhead(number: int) -> float:
    return min(timeit.repeat("pass", number=number, repeat=5)) / number


# ---------------------------------------------------------------------------- report


def machine_facts() -> dict[str, Any]:
    import numpy
    import paddle

    cpu_model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        gxx = subprocess.run(
            ["g++", "--version"], check=False, capture_output=True, text=True
        ).stdout.splitlines()[0]
    except (OSError, IndexError):
        gxx = ""
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "python": platform.python_version(),
        "python_impl": platform.python_implementation(),
        "paddle": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", ""),
        "numpy": numpy.__version__,
        "cpu_count": os.cpu_count(),
        "cpus_usable": affinity,
        "cpu_model": cpu_model,
        "platform": platform.platform(),
        "compiler": gxx,
    }


def markdown_table(rows: list[dict[str, Any]]) -> str:
    lines = [f"| variant | µs/call | {TIMES} baseline |", "|---|---:|---:|"]
    for row in rows:
        lines.append(f"| {row['label']} | {row['us_per_call']:.3f} | {row['ratio']:.2f}{TIMES} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 repeats x 1,000 calls")
    parser.add_argument("--repeats", type=int, default=None, help="timeit repeats (default 35)")
    parser.add_argument("--number", type=int, default=None, help="calls per repeat (default 4,000)")
    parser.add_argument(
        "--shape", action="append", choices=sorted(SHAPES), help="shapes to run (default: all)"
    )
    parser.add_argument("--json", metavar="PATH", type=Path, help="also write the figures as JSON")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the baseline module")
    parser.add_argument("--verbose", action="store_true", help="show the build commands")
    args = parser.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 35)
    number = args.number or (1_000 if args.quick else 4_000)

    build_baseline(force=args.rebuild, verbose=args.verbose)
    stale = extension_older_than_sources()

    sys.path.insert(0, str(ROOT))  # the NumPy reference and batch generator (tests/ops/reference)
    with warnings.catch_warnings():  # Paddle's "No ccache found", irrelevant here
        warnings.simplefilter("ignore")
        import paddle

    paddle.set_device("cpu")
    baseline = import_baseline()
    all_variants = variants(baseline)
    labels = {v.key: v.label for v in all_variants}

    facts = machine_facts()
    overhead = loop_overhead(number)
    print("## verify_draft_tokens: per-call cost\n")
    print(
        f"python {facts['python']} ({facts['python_impl']}), paddle {facts['paddle']}, "
        f"numpy {facts['numpy']}, cpu_count {facts['cpu_count']} "
        f"(usable {facts['cpus_usable']}), {facts['cpu_model']}, {facts['platform']}, "
        f"{facts['compiler']}"
    )
    print(
        f"best of {repeats} repeats x {number:,} calls, repeats interleaved across rows; "
        f"timeit loop overhead {overhead * 1e9:.0f} ns/call (included in every row)\n"
    )
    if stale:
        print(
            "NOTE: opforge/_C is older than " + ", ".join(stale) + ": the figures are those of "
            "the last build (run `python tools/build.py` to measure the current sources)\n"
        )

    report: dict[str, Any] = {
        "machine": facts,
        "repeats": repeats,
        "number": number,
        "loop_overhead_us": overhead * 1e6,
        "target_ratio": TARGET_RATIO,
        "extension_older_than": stale,
        "shapes": [],
    }
    for name in args.shape or list(SHAPES):
        shape = SHAPES[name]
        batch = make_batch(shape)
        want_ids, want_len = check_outputs(batch, all_variants)
        tensors, attrs = to_tensors(batch), attr_values(batch)
        samples = time_rows(all_variants, tensors, attrs, repeats, number)
        best = {key: min(s) for key, s in samples.items()}
        # The op is idempotent (outputs depend on inputs only): the timed tensors still hold
        # the reference's outputs, else some row wrote something else while being timed.
        import numpy as np

        if not (
            np.array_equal(tensors[0].numpy(), want_ids)
            and np.array_equal(tensors[1].numpy(), want_len)
        ):
            raise SystemExit(f"{name}: outputs changed during the timed loops")

        base = best["baseline"]
        rows = [
            {
                "variant": key,
                "label": labels[key],
                "us_per_call": t * 1e6,
                "ratio": t / base,
                "median_us_per_call": statistics.median(samples[key]) * 1e6,
                "samples_us_per_call": [x * 1e6 for x in samples[key]],
            }
            for key, t in best.items()
        ]
        within = best["binding"] / base <= TARGET_RATIO
        print(f"### {name}: {shape.strategy}, {dims_text(batch)}\n")
        print(markdown_table(rows))
        print(
            f"\ngenerated binding / baseline = {best['binding'] / base:.2f}{TIMES} "
            f"(target <= {TARGET_RATIO}{TIMES}: {'met' if within else 'MISSED'}); "
            f"binding - baseline = {(best['binding'] - base) * 1e9:.0f} ns/call; "
            f"custom op / generated binding = {best['custom_op'] / best['binding']:.1f}{TIMES}"
        )
        spread = {key: statistics.median(s) / min(s) for key, s in samples.items()}
        print("spread (median / best): " + ", ".join(f"{k} {v:.2f}" for k, v in spread.items()))
        if max(spread.values()) > NOISY_SPREAD:
            print(
                f"NOTE: the machine was noisy (a spread above {NOISY_SPREAD}); the ratios are less "
                "reliable: rerun on an idle machine or with more --repeats"
            )
        print()
        report["shapes"].append(
            {
                "name": name,
                "strategy": shape.strategy,
                "dims": dims_text(batch),
                "rows": rows,
                "binding_ratio": best["binding"] / base,
                "within_target": within,
                "spread": spread,
            }
        )

    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
