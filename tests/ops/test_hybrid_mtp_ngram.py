"""hybrid_mtp_ngram beyond the spec-derived sweep: FastDeploy's own case
(tests/operators/test_hybrid_mtp_ngram.py) with its expected values, the threshold read from
SPEC_TOKENUM_THRESHOLD, the generated-token search that FastDeploy's is off by one from, batches
across every chunk of the XPU3 and CUDA kernels (512 and 256 slots per budget chunk, 256 window
starts per haystack chunk, 319 tokens per XPU3 draft copy), on every backend its spec names
(each simulation under several launch shapes) against the NumPy reference."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import attrs_of, backend, by_name, runs, tensors_of
from tests.harness.references import call_reference

OP = spec.project_op("hybrid_mtp_ngram")
ROWS = ("input_ids", "pre_ids", "draft_tokens")
BACKENDS = runs(OP)  # every backend its spec names, a simulation under each of its launches


def run(
    batch: dict[str, Any], name: str = BACKENDS[0][0], launch: tuple[int, ...] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    with backend(name, launch):
        ids, lens = opforge.hybrid_mtp_ngram(
            **by_name(OP, tensors_of(OP, batch)), **attrs_of(OP, batch)
        )
    return ids.numpy(), lens.numpy()


def expected(batch: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    # The reference takes the declared shapes: [max_bsz], not FastDeploy's [max_bsz, 1].
    arrays = {n: batch[n] if n in ROWS else batch[n].reshape(-1) for n in spec.passed_names(OP)}
    written = call_reference(OP, arrays, attrs_of(OP, batch))
    return written["draft_tokens"], written["seq_lens_this_time"]


def check_all_backends(batch: dict[str, Any], what: str) -> tuple[np.ndarray, np.ndarray]:
    want_ids, want_lens = expected(batch)
    for name, launch in BACKENDS:
        ids, lens = run(batch, name, launch)
        where = f"{what}: {name} {launch}"
        np.testing.assert_array_equal(
            lens.reshape(-1), want_lens, err_msg=f"{where} seq_lens_this_time"
        )
        np.testing.assert_array_equal(ids, want_ids, err_msg=f"{where} draft_tokens")
    return want_ids, want_lens


def fastdeploy_case() -> dict[str, Any]:
    """FastDeploy's test_hybrid_mtp_ngram.py setUp: 2 slots, [max_bsz, 1] per-slot buffers."""
    bsz, max_draft_tokens, max_len = 2, 5, 32
    input_ids = np.full((bsz, max_len), -1, np.int64)
    input_ids[:, :10] = np.arange(10)
    pre_ids = np.full((bsz, max_len), -1, np.int64)
    pre_ids[:, :9] = [10, 9, 8, 7, 6, 10, 9, 8, 7]
    draft_tokens = np.full((bsz, max_draft_tokens + 1), -1, np.int64)
    draft_tokens[:, :2] = [8, 7]
    return {
        "input_ids": input_ids,
        "input_ids_len": np.full((bsz, 1), 10, np.int64),
        "pre_ids": pre_ids,
        "step_idx": np.full((bsz, 1), 8, np.int64),
        "draft_tokens": draft_tokens,
        "seq_lens_this_time": np.full((bsz, 1), 2, np.int32),
        "seq_lens_decoder": np.full((bsz, 1), 12, np.int32),
        "max_dec_len": np.full((bsz, 1), 512, np.int64),
        "max_ngram_size": 5,
        "min_ngram_size": 2,
        "max_draft_tokens": max_draft_tokens,
        "spec_tokenum_threshold": 1024,
    }


def test_fastdeploys_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """FastDeploy's expected values: the 4-gram [10, 9, 8, 7] recurs at the start of the
    generated tokens, and the 4 tokens after it fill the row after the draft model's 2."""
    monkeypatch.delenv("SPEC_TOKENUM_THRESHOLD", raising=False)
    batch = fastdeploy_case()
    ids, lens = check_all_backends(batch, "FastDeploy's case")
    np.testing.assert_array_equal(lens, [6, 6])
    np.testing.assert_array_equal(ids, [[8, 7, 6, 10, 9, 8], [8, 7, 6, 10, 9, 8]])
    # The threshold left to the environment (unset: 1024) gives the same.
    del batch["spec_tokenum_threshold"]
    tensors = tensors_of(OP, batch)
    ids_t, lens_t = opforge.hybrid_mtp_ngram(
        *tensors, max_ngram_size=5, min_ngram_size=2, max_draft_tokens=5
    )
    assert lens_t.shape == [2, 1]  # an in-place [max_bsz, 1] tensor keeps its shape
    np.testing.assert_array_equal(lens_t.numpy().reshape(-1), [6, 6])
    np.testing.assert_array_equal(ids_t.numpy(), ids)


def test_threshold_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC_TOKENUM_THRESHOLD=6: slot 0 (2 tokens, 1 counted slot left) may add 6 - 2 - 1 = 3
    drafts; then 2 + 3 + 2 tokens leave slot 1 none. A passed attribute wins over the variable."""
    monkeypatch.setenv("SPEC_TOKENUM_THRESHOLD", "6")
    batch = fastdeploy_case()
    attrs = {"max_ngram_size": 5, "min_ngram_size": 2, "max_draft_tokens": 5}
    ids, lens = opforge.hybrid_mtp_ngram(*tensors_of(OP, batch), **attrs)
    np.testing.assert_array_equal(lens.numpy().reshape(-1), [5, 2])
    np.testing.assert_array_equal(ids.numpy(), [[8, 7, 6, 10, 9, -1], [8, 7, -1, -1, -1, -1]])
    batch["spec_tokenum_threshold"] = 6
    np.testing.assert_array_equal(expected(batch)[1], [5, 2])
    ids, lens = opforge.hybrid_mtp_ngram(
        *tensors_of(OP, batch), **attrs, spec_tokenum_threshold=1024
    )
    np.testing.assert_array_equal(lens.numpy().reshape(-1), [6, 6])


def test_the_last_generated_token_can_be_a_draft() -> None:
    """The documented difference: pre_ids = [-1, 5, 6, 5, 6] (step_idx 4): the 2-gram [5, 6]
    first stands at columns 1..2, and the drafts after it run to the last generated token,
    [5, 6] (FastDeploy's haystack stops before column 4: only [5])."""
    batch = fastdeploy_case()
    batch["pre_ids"][:, :5] = [-1, 5, 6, 5, 6]
    batch["input_ids_len"][:] = 0  # no prompt (its 0 .. 9 holds [5, 6] too)
    batch["step_idx"][:] = 4
    batch["max_ngram_size"], batch["min_ngram_size"] = 2, 2
    ids, lens = check_all_backends(batch, "last token")
    np.testing.assert_array_equal(lens, [4, 4])
    np.testing.assert_array_equal(ids[:, :4], [[8, 7, 5, 6], [8, 7, 5, 6]])


def random_batch(
    rng: np.random.Generator,
    *,
    max_bsz: int,
    real_bsz: int,
    max_step_tokens: int,
    max_input_len: int,
    max_pre_len: int,
    vocab: int = 3,
    threshold: int = 1024,
) -> dict[str, Any]:
    """Slots feeding 1 .. 3 tokens (some none), generated histories that mostly fit their rows."""
    step_idx = rng.integers(0, max_pre_len + 2, max_bsz).astype(np.int64)
    slt = rng.integers(1, 4, real_bsz) * (rng.random(real_bsz) < 0.85)
    return {
        "input_ids": rng.integers(0, vocab, (max_bsz, max_input_len)).astype(np.int64),
        "input_ids_len": rng.integers(0, max_input_len + 1, max_bsz).astype(np.int64),
        "pre_ids": rng.integers(0, vocab, (max_bsz, max_pre_len)).astype(np.int64),
        "step_idx": step_idx,
        "draft_tokens": rng.integers(0, vocab, (max_bsz, max_step_tokens)).astype(np.int64),
        "seq_lens_this_time": slt.astype(np.int32),
        "seq_lens_decoder": (rng.integers(1, 40, max_bsz) * (rng.random(max_bsz) < 0.8)).astype(
            np.int32
        ),
        "max_dec_len": (step_idx + rng.integers(-2, 4 * max_step_tokens + 4, max_bsz)).astype(
            np.int64
        ),
        "max_ngram_size": int(rng.integers(1, 6)),
        "min_ngram_size": int(rng.integers(1, 3)),
        "max_draft_tokens": int(rng.integers(1, max_step_tokens + 2)),
        "spec_tokenum_threshold": threshold,
    }


def test_batch_across_budget_chunks_with_tight_thresholds() -> None:
    """1,100 slots (three chunks of the XPU3 kernel's budget pass, five of the CUDA kernel's);
    budgets that run out in the first, second and third chunk, and none."""
    rng = np.random.default_rng(21)
    drafted = 0
    for threshold in (40, 1200, 2200, 1_000_000):
        batch = random_batch(
            rng,
            max_bsz=1100,
            real_bsz=1100,
            max_step_tokens=6,
            max_input_len=20,
            max_pre_len=20,
            threshold=threshold,
        )
        _, lens = check_all_backends(batch, f"threshold {threshold}")
        drafted += int((lens > batch["seq_lens_this_time"]).sum())
    assert drafted > 300  # the batches do propose drafts


def test_long_rows_and_long_drafts() -> None:
    """Haystacks longer than a window chunk, matches only past it, in the prompt and in the
    generated tokens, and draft copies longer than the XPU3 kernel's staging buffer."""
    rng = np.random.default_rng(22)
    max_bsz, width, length = 5, 400, 700
    batch = random_batch(
        rng,
        max_bsz=max_bsz,
        real_bsz=max_bsz,
        max_step_tokens=width,
        max_input_len=length,
        max_pre_len=length,
    )
    prompt, pre = batch["input_ids"], batch["pre_ids"]
    for b in range(max_bsz):  # unique tokens per row: nothing recurs unless placed
        prompt[b] = np.arange(length) + 1_000_000 * b
        pre[b] = np.arange(length) + 1_000_000 * b + 500_000
    # slot 0: the last 3 generated tokens stand in the prompt at 300..302: the 397 tokens after
    # them are the drafts
    prompt[0, 300:303] = pre[0, 648:651]
    # slot 1: a period-5 run of generated tokens: the last 3-gram (688..690, phase 3) first
    # stands at 3, drafts from 6
    pre[1] = np.tile(np.arange(5) + 7, length // 5)
    # slot 2: only a 1-gram recurs, in the generated tokens at 600 (the third window chunk)
    pre[2, 600] = pre[2, 680]
    # slot 3: no n-gram recurs; slot 4: feeds nothing
    batch["input_ids_len"][:] = [700, 0, 700, 700, 700]
    batch["step_idx"][:] = [650, 690, 680, 500, 500]
    batch["seq_lens_this_time"][:] = [2, 1, 1, 1, 0]
    batch["max_dec_len"][:] = 1_000_000
    batch["max_ngram_size"], batch["min_ngram_size"] = 3, 1
    batch["max_draft_tokens"] = width - 1
    batch["spec_tokenum_threshold"] = 1_000_000
    ids, lens = check_all_backends(batch, "long rows")
    assert list(lens) == [2 + 397, width, 1 + 80, 1, 0]
    np.testing.assert_array_equal(ids[0, 2:399], prompt[0, 303:700])
    np.testing.assert_array_equal(ids[1, 1:], pre[1, 6 : 6 + width - 1])
    np.testing.assert_array_equal(ids[2, 1:81], pre[2, 601:681])


@pytest.mark.parametrize("seed", range(4))
def test_small_batches(seed: int) -> None:
    rng = np.random.default_rng(200 + seed)
    for case in range(20):
        max_bsz = int(rng.integers(1, 20))
        batch = random_batch(
            rng,
            max_bsz=max_bsz,
            real_bsz=int(rng.integers(0, max_bsz + 1)),
            max_step_tokens=int(rng.integers(1, 8)),
            max_input_len=int(rng.integers(0, 30)),
            max_pre_len=int(rng.integers(1, 30)),
            threshold=int(rng.integers(0, 60)),
        )
        check_all_backends(batch, f"seed {seed} case {case}")
