"""ngram_match beyond the spec-derived sweep: batches large enough to cross every chunk of the
XPU3 kernel (512 slots per budget chunk, 256 window starts per history chunk, 319 tokens per draft
copy), repetitive and late-matching histories, and tight token budgets, on every backend its spec
names (each simulation under several launch shapes and schedules) against the NumPy reference."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import LAUNCHES, attrs_of, backend, by_name, runs, simulated, tensors_of
from tests.harness.references import call_reference

OP = spec.project_op("ngram_match")
RUNS = runs(OP)  # every backend its spec names, a simulation under each of its launches


def random_batch(
    rng: np.random.Generator,
    *,
    max_bsz: int,
    real_bsz: int,
    max_step_tokens: int,
    max_model_len: int,
    vocab: int = 4,
    threshold: int = 128,
    with_limits: bool = True,
) -> dict[str, Any]:
    """Mixed prefill, idle and decoding slots; histories that mostly fit their rows."""
    half = max(1, max_model_len // 2)
    enc = np.where(rng.random(max_bsz) < 0.15, rng.integers(1, 9, max_bsz), 0).astype(np.int32)
    dec = np.where(rng.random(max_bsz) < 0.85, rng.integers(1, 40, max_bsz), 0).astype(np.int32)
    step_idx = rng.integers(0, half + 1, max_bsz).astype(np.int64)
    return {
        "token_ids_all": rng.integers(0, vocab, (max_bsz, max_model_len)).astype(np.int64),
        "prompt_lens": rng.integers(0, half + 1, max_bsz).astype(np.int64),
        "step_idx": step_idx,
        "draft_token_num": (
            rng.integers(0, max_step_tokens + 2, max_bsz).astype(np.int32)
            if with_limits and rng.random() < 0.5
            else None
        ),
        "step_input_ids": rng.integers(0, vocab, (max_bsz, max_step_tokens)).astype(np.int64),
        "seq_lens_this_time": rng.integers(0, 30, real_bsz).astype(np.int32),
        "seq_lens_encoder": enc,
        "seq_lens_decoder": dec,
        "max_dec_len": (step_idx + rng.integers(-2, 4 * max_step_tokens + 4, max_bsz)).astype(
            np.int64
        ),
        "max_ngram_size": int(rng.integers(1, 6)),
        "max_draft_tokens": int(rng.integers(1, max_step_tokens + 3)),
        "infer_with_reference_tokenum_threshold": threshold,
    }


def run(batch: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    ids, lens = opforge.ngram_match(**by_name(OP, tensors_of(OP, batch)), **attrs_of(OP, batch))
    return ids.numpy(), lens.numpy()


def expected(batch: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    written = call_reference(OP, {n: batch[n] for n in spec.passed_names(OP)}, attrs_of(OP, batch))
    return written["step_input_ids"], written["seq_lens_this_time"]


def check_all_backends(batch: dict[str, Any], what: str) -> tuple[np.ndarray, np.ndarray]:
    want = expected(batch)
    for name, launch in RUNS:
        with backend(name, launch):
            got = run(batch)
        where = f"{what}: {name}" + ("" if launch is None else f" {launch}")
        np.testing.assert_array_equal(got[1], want[1], err_msg=f"{where} seq_lens_this_time")
        np.testing.assert_array_equal(got[0], want[0], err_msg=f"{where} step_input_ids")
    return want


def test_batch_across_budget_chunks_with_tight_thresholds() -> None:
    """1,100 slots (three chunks of the XPU3 kernel's budget pass); budgets that run out in the
    first, second and third chunk, and none."""
    rng = np.random.default_rng(11)
    drafted = 0
    for threshold in (40, 900, 1400, 1_000_000):
        batch = random_batch(
            rng,
            max_bsz=1100,
            real_bsz=1100,
            max_step_tokens=5,
            max_model_len=24,
            threshold=threshold,
        )
        _, lens = check_all_backends(batch, f"threshold {threshold}")
        drafted += int((lens > 1).sum())
    assert drafted > 300  # the batches do propose drafts


def test_long_histories_and_long_drafts() -> None:
    """Histories longer than a window chunk, matches only past it, and draft copies longer than
    the XPU3 kernel's staging buffer."""
    rng = np.random.default_rng(12)
    max_bsz, width, length = 6, 400, 700
    batch = random_batch(
        rng,
        max_bsz=max_bsz,
        real_bsz=max_bsz,
        max_step_tokens=width,
        max_model_len=length,
        vocab=1_000_000,
        threshold=1_000_000,
        with_limits=False,
    )
    ids_all = batch["token_ids_all"]
    # slot 0: a period-5 history of 680 tokens: its last 3-gram (positions 677..679, period
    # phase 2) first stands at 2, so the drafts start at 5: 399 of them (two staging chunks)
    ids_all[0] = np.tile(np.arange(5) + 7, length // 5)
    # slot 1: unique tokens but the last 2 tokens also stand at 600..601: one late match
    ids_all[1] = np.arange(length) + 100
    ids_all[1, 600:602] = ids_all[1, 678:680]
    # slot 2: only a 1-gram recurs, at 300 (the second window chunk)
    ids_all[2] = np.arange(length) + 10_000
    ids_all[2, 300] = ids_all[2, 679]
    # slot 3: no n-gram recurs; slot 4: the history does not fit its row; slot 5: idle
    ids_all[3] = np.arange(length) + 20_000
    batch["prompt_lens"][:] = [50, 80, 0, 680, 690, 0]
    batch["step_idx"][:] = [630, 600, 680, 0, 20, 0]
    batch["seq_lens_encoder"][:] = 0
    batch["seq_lens_decoder"][:] = [9, 9, 9, 9, 9, 0]
    batch["max_dec_len"][:] = 1_000_000
    batch["max_ngram_size"] = 3
    batch["max_draft_tokens"] = width
    ids, lens = check_all_backends(batch, "long histories")
    assert list(lens) == [width, 1 + 78, 1 + 379, 1, 1, 0]
    np.testing.assert_array_equal(ids[0, 1:], ids_all[0, 5 : 5 + width - 1])
    np.testing.assert_array_equal(ids[1, 1:79], ids_all[1, 602:680])
    np.testing.assert_array_equal(ids[2, 1:380], ids_all[2, 301:680])


@pytest.mark.parametrize("seed", range(4))
def test_small_batches(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    for case in range(25):
        max_bsz = int(rng.integers(1, 20))
        batch = random_batch(
            rng,
            max_bsz=max_bsz,
            real_bsz=int(rng.integers(0, max_bsz + 1)),
            max_step_tokens=int(rng.integers(1, 8)),
            max_model_len=int(rng.integers(1, 40)),
            threshold=int(rng.integers(0, 60)),
        )
        check_all_backends(batch, f"seed {seed} case {case}")


@pytest.mark.parametrize("name", simulated(OP))
def test_simulations_are_deterministic_across_schedules(name: str) -> None:
    """Under its largest test launch, each simulation gives one result whatever the order
    its cores (threads) run in."""
    batch = random_batch(
        np.random.default_rng(13),
        max_bsz=70,
        real_bsz=64,
        max_step_tokens=6,
        max_model_len=30,
        threshold=90,
    )
    results = set()
    for schedule in range(5):
        with backend(name, LAUNCHES[name][-1], schedule_seed=schedule):
            ids, lens = run(batch)
        results.add((ids.tobytes(), lens.tobytes()))
    assert len(results) == 1
