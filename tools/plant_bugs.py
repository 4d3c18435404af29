"""Plant known bugs in scratch copies of the kernels and generated glue, and
check that the test suite catches each one.

A plant is a textual mutation (old -> new) of one unit of the build, and the
narrowest tests that catch it (`caught_by`, pytest node ids). For each plant
this script writes the mutated copy to build/plants/<name>/, links a variant of
the extension module with that one unit replaced (unless its tests compile or
read the source themselves: the hostile-values runners, the dialect check),
and runs those tests with -x in a fresh process against the variant
(OPFORGE_EXTENSION; the copy's path in OPFORGE_PLANTED). They must fail; a
plant declared as a compile error must fail to compile instead. `old` must
occur exactly once in the current source, so that an edit of a kernel cannot
silently disable a plant: fix the plant's text when the kernel changes.
Plants run --jobs at a time (default: one per core).

    python tools/plant_bugs.py                # run every plant, print a table
    python tools/plant_bugs.py --only NAME    # run some plants (repeatable)
    python tools/plant_bugs.py --list         # list plants, check their texts; no build
    python tools/plant_bugs.py --controls build/ci/pytest.xml   # as .ci/run does

The controls: each plant's tests must pass without the plant, or their failing
would prove nothing. With --controls they are read from the JUnit XML of a
suite run on the same tree (what .ci/run records); without, they run here once,
in one process. Logs of every run are kept in build/plants/<name>/ (build.log,
pytest.log).

Exit status: 0 when every plant was caught; 1 when one was missed or failed
for another reason than the planted bug (ERROR: a crash, a timeout, a failure
without the plant's expected text); 2 when a plant's `old` text is not found
exactly once, the main build fails, or a control fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build, ci_report  # noqa: E402
from tools.build import write_if_changed  # noqa: E402

PLANTS_DIR = build.BUILD / "plants"
# Set for a plant's pytest run: "<source>=<its mutated copy>", for the tests
# that compile or read sources themselves rather than load the variant module.
PLANTED = "OPFORGE_PLANTED"


def planted_in_place_of(path: Path) -> Path:
    """The mutated copy of `path` if the running plant mutated it, else `path`."""
    source, _, copy = os.environ.get(PLANTED, "").partition("=")
    return Path(copy) if copy and (ROOT / source).resolve() == path.resolve() else path


def planted_copy() -> Path:
    """The running plant's mutated copy (in build/plants/<plant>/)."""
    return Path(os.environ[PLANTED].partition("=")[2])


def planting() -> bool:
    return bool(os.environ.get(PLANTED))


EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
XPU3 = "csrc/kernels/xpu3/verify_draft_tokens.xpu"
CPU = "csrc/kernels/cpu/verify_draft_tokens.cc"
GLUE = "generated/paddle/verify_draft_tokens.cc"
VALID_CPU = (
    "tests/ops/test_spec_suite.py::test_valid_inputs_match_the_reference[verify_draft_tokens-cpu]",
)
# For a plant the spec suite's draws may or may not reach (they change with
# the budget and the suite's code), the op's own batches, which always do, next.
VALID_CPU_THEN_BATCHES = (
    *VALID_CPU,
    "tests/ops/test_verify_draft_tokens.py::test_cpu_kernel_matches_reference[topp]",
)


def xpu3_vs_cpu(*params: str) -> tuple[str, ...]:
    """The XPU3 simulation's runs of the comparison with the CPU kernel, by launch and strategy."""
    test = (
        "tests/ops/test_verify_draft_tokens_simulated.py::test_simulated_kernel_matches_cpu_kernel"
    )
    return tuple(f"{test}[xpu3-sim-{p}]" for p in params)


def hostile(op: str, backend: str) -> tuple[str, ...]:
    test = "test_hostile_values_stay_inside_buffers_and_match_the_reference"
    return (f"tests/ops/test_hostile_values.py::{test}[{op}-{backend}]",)


XPU3_KNOWN_LIST = (
    "tests/harness/test_xpu3_check.py::test_our_kernels_have_no_finding_beyond_the_known_list"
    "[unified_update_model_status]",
)
# These tests compile or read the planted source themselves (OPFORGE_PLANTED):
# a plant caught only by them needs no variant of the extension module.
READ_SOURCES = ("tests/ops/test_hostile_values.py::", "tests/harness/test_xpu3_check.py::")


@dataclass(frozen=True)
class Plant:
    name: str
    source: str  # the unit to replace, relative to the repository root
    old: str  # must occur exactly once in the source
    new: str
    # The narrowest selection that catches it: pytest node ids, run with -x.
    # Each must have passed in the same run without the plant (--controls).
    caught_by: tuple[str, ...]
    bug: str  # one line: what the planted bug is
    expect: str | None = None  # text the failure output must contain (why it was caught)
    fails_to_compile: bool = False  # caught at build: the variant must not compile

    def path(self) -> Path:
        return ROOT / self.source

    @property
    def links_module(self) -> bool:
        return not all(test.startswith(READ_SOURCES) for test in self.caught_by)


PLANTS = [
    # ---- XPU3 kernel, under the simulation: tests/ops/test_verify_draft_tokens_simulated.py
    Plant(
        "xpu3_uniform_per_token",
        XPU3,
        old="          const float r = uniform * top_p;\n",
        new=(
            "          float token_uniform = 0.0f;\n"
            "          GM2LM(topp_uniforms + row, &token_uniform, sizeof(float));\n"
            "          const float r = token_uniform * top_p;\n"
        ),
        caught_by=xpu3_vs_cpu("1x1-topp", "2x4-topp"),
        bug="TOPP phase 2 reads the uniform of packed row `row` (token position), not of slot b",
    ),
    Plant(
        "xpu3_window_one_past_end",
        XPU3,
        old="      count = min(len - idx, static_cast<int64_t>(kChunk));\n",
        new="      count = min(len - idx + 1, static_cast<int64_t>(kChunk));\n",
        caught_by=xpu3_vs_cpu("1x1-greedy"),
        bug="GmWindow's GM2LM copies one element more than its window (draft row, packed rows)",
        expect="past its end",
    ),
    Plant(
        "xpu3_lm_over_capacity",
        XPU3,
        old="constexpr int kChunk = 64;\n",
        new="constexpr int kChunk = 1024;\n",
        caught_by=xpu3_vs_cpu("1x1-topp"),
        bug="LM staging chunks of 1024 elements: 8 arrays, 56 KiB against 28 KiB per core",
        expect="local memory exhausted",
    ),
    Plant(
        "xpu3_shared_end_token_cache",
        XPU3,
        old="  EndTokens ends;\n",
        new="  __shared__ EndTokens ends;  // one end-token cache per cluster\n",
        caught_by=xpu3_vs_cpu("2x4-greedy", "8x64-greedy"),
        bug="the end-token cache is one __shared__ struct raced by a cluster's cores: "
        "a core reads the LM of whichever core loaded last",
    ),
    # ---- CPU kernel and generated glue: the spec-derived suite
    Plant(
        "cpu_const_cast_writes_input",
        CPU,
        old="    args.step_output_len[b] = e.len;\n",
        new=(
            "    args.step_output_len[b] = e.len;\n"
            "    const_cast<int64_t*>(args.step_idx)[b] = e.cur;  // advance the slot in place\n"
        ),
        caught_by=VALID_CPU,
        bug="the CPU kernel advances step_idx (a read-only input) in place through const_cast",
        expect="was modified",
    ),
    Plant(
        "cpu_plain_write_to_input",
        CPU,
        old="    args.step_output_len[b] = e.len;\n",
        new=(
            "    args.step_output_len[b] = e.len;\n"
            "    args.step_idx[b] = e.cur;  // advance the slot in place\n"
        ),
        caught_by=(),
        bug="the same write without const_cast: the const declaration makes it a compile error",
        expect="read-only",
        fails_to_compile=True,
    ),
    # On an op with new outputs: Paddle 3.3.1 (PIR) gives in-place outputs their
    # input's shape whatever infer_shape says, so verify_draft_tokens cannot show it.
    Plant(
        "infer_shape_wrong",
        "generated/paddle/top_p_candidates.cc",
        old="  return {{token_num, max_candidate_len}, {token_num, max_candidate_len}, {token_num}};\n",
        new="  return {{token_num, max_candidate_len}, {token_num, max_candidate_len}, {max_candidate_len}};\n",
        caught_by=(
            "tests/ops/test_spec_suite.py::test_static_graph_matches_inference_and_eager[top_p_candidates]",
        ),
        bug="top_p_candidates' infer_shape gives actual_candidate_lens the shape [C], not [token_num]",
        expect="inferred shape",
    ),
    Plant(
        "cpu_accept_loop_off_by_one",
        CPU,
        old="  while (i <= s.slt - 2 && !e.stopped) {\n",
        new="  while (i < s.slt - 2 && !e.stopped) {\n",
        caught_by=VALID_CPU_THEN_BATCHES,
        bug="accept_drafts stops one draft early: the slot's last draft is never verified",
    ),
    # The spec suite's draws reach this one only now and then (caught with 200
    # valid cases, missed with some sets of 100); the op's own TOPP batches,
    # biased to drafts that match candidates, reach it every time.
    Plant(
        "cpu_top_p_off_by_one",
        CPU,
        old="  for (int64_t j = 0; j < n; ++j) {\n    if (cand[j] == tok) return true;\n",
        new="  for (int64_t j = 0; j <= n; ++j) {\n    if (cand[j] == tok) return true;\n",
        caught_by=(
            "tests/ops/test_verify_draft_tokens.py::test_cpu_kernel_matches_reference[topp]",
        ),
        bug="in_top_p scans candidates [0, n] instead of [0, n): one candidate past top-p accepts",
    ),
    Plant(
        "cpu_ignores_reject_all",
        CPU,
        # The rule is shared (csrc/kernels/shared/verify_draft_tokens.h): the
        # CPU kernel asks it as if reject_all were off.
        old="verifies(args.reject_all, ",
        new="verifies(false, ",
        caught_by=VALID_CPU_THEN_BATCHES,
        bug="the CPU kernel ignores reject_all and verifies drafts anyway",
    ),
    # The spec suite's independent draws almost never reach a window fallback
    # long enough to tell window 2 from 1 or 3; the op's own biased batches do.
    # ---- guards against out-of-domain values: the hostile-values suite
    Plant(
        "cpu_top_p_slot_unguarded",
        "csrc/kernels/cpu/top_p_candidates.cc",
        old="    if (b >= 0 && b < args.max_bsz) {\n",
        new="    if (true) {  // trusts batch_id_per_token\n",
        caught_by=hostile("top_p_candidates", "cpu"),
        bug="top_p_candidates' CPU kernel reads top_p[b] for any slot b, in range or not",
        expect="the runner stopped",
    ),
    Plant(
        "xpu3_top_p_slot_unguarded",
        "csrc/kernels/xpu3/top_p_candidates.xpu",
        old="    const bool has_slot = b >= 0 && b < max_bsz;\n",
        new="    const bool has_slot = true;  // trusts batch_id_per_token\n",
        caught_by=hostile("top_p_candidates", "xpu3-sim"),
        bug="top_p_candidates' XPU3 kernel transfers top_p[b] for any slot b",
        expect="failed under simulation",
    ),
    Plant(
        "cpu_verify_rows_unguarded",
        CPU,
        old="    if (!rows_inside(first_row, nrows, args.token_num)) continue;\n",
        new="    (void)nrows;  // trusts cu_seqlens_q_output\n",
        caught_by=hostile("verify_draft_tokens", "cpu"),
        bug="verify_draft_tokens' CPU kernel reads the packed rows cu_seqlens_q_output names, "
        "whether they exist or not",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_verify_slt_unclamped",
        CPU,
        old="    const int64_t slt = slot_tokens(slt_in, args.max_step_tokens);\n",
        new="    const int64_t slt = slot_tokens(slt_in, INT64_MAX);  // trusts seq_lens_this_time\n",
        caught_by=hostile("verify_draft_tokens", "cpu"),
        bug="verify_draft_tokens' CPU kernel takes seq_lens_this_time as the row's length, "
        "however long the row is",
    ),
    Plant(
        "cpu_verify_candidate_lens_unclamped",
        CPU,
        old="clamped_top_p_count(candidate_lens[row], K)",
        new="clamped_top_p_count(candidate_lens[row], INT64_MAX) /* trusts candidate_lens */",
        caught_by=hostile("verify_draft_tokens", "cpu"),
        bug="verify_draft_tokens' CPU kernel scans candidate_lens[row] candidates of a K-wide row",
    ),
    Plant(
        "xpu3_verify_rows_unguarded",
        XPU3,
        old="    const bool inside = rows_inside(first_row, nrows, token_num);\n",
        new="    const bool inside = true;  // trusts cu_seqlens_q_output\n",
        caught_by=hostile("verify_draft_tokens", "xpu3-sim"),
        bug="verify_draft_tokens' XPU3 kernel transfers the packed rows cu_seqlens_q_output "
        "names, whether they exist or not",
    ),
    Plant(
        "cpu_update_output_len_unclamped",
        "csrc/kernels/cpu/unified_update_model_status.cc",
        old="    const int64_t len_in = clamp64(args.step_output_len[b], 0, args.max_step_tokens);\n",
        new="    const int64_t len_in = args.step_output_len[b];  // trusts step_output_len\n",
        caught_by=hostile("unified_update_model_status", "cpu"),
        bug="unified_update_model_status' CPU kernel reads step_output_len tokens of a "
        "max_step_tokens-wide row",
    ),
    Plant(
        "xpu3_update_prompt_len_unclamped",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="    const int64_t prompt_len = clamp64(prompt_raw, 0, max_model_len);\n",
        new="    const int64_t prompt_len = prompt_raw;  // trusts prompt_lens\n",
        caught_by=hostile("unified_update_model_status", "xpu3-sim"),
        bug="unified_update_model_status' XPU3 kernel places the history at prompt_lens[b], "
        "inside the row or not",
    ),
    # ---- the XPU3 dialect: the strict check
    Plant(
        "xpu3_global_pointer_in_struct",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="  int64_t* tail_lm;\n",
        new="  int64_t* tail_lm;\n  __global_ptr__ const int64_t* gm;  // kept for later calls\n",
        caught_by=XPU3_KNOWN_LIST,
        bug="a struct of unified_update_model_status' XPU3 kernel holds a global pointer",
        expect="global-ptr-in-struct",
    ),
    Plant(
        "xpu3_wide_slot_loop",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="  for (int b = cid; b < nbsz; b = xpu3_stride(b, ncores, nbsz)) {\n",
        new="  for (int64_t b = cid; b < nbsz; b += ncores) {\n",
        caught_by=XPU3_KNOWN_LIST,
        bug="unified_update_model_status' XPU3 slot loop counts in 64 bits on a 32-bit core",
        expect="wide-loop",
    ),
    # ---- the op family: each kernel's own guard removed
    Plant(
        "cpu_ngram_drafts_past_row",
        "csrc/kernels/cpu/ngram_match.cc",
        # The draft limit is shared (csrc/kernels/shared/ngram_match.h): the
        # CPU kernel asks it about a row wide enough for every draft.
        old="                                      args.max_step_tokens,\n",
        new="                                      args.max_draft_tokens + 1,  // forgets the row width\n",
        caught_by=hostile("ngram_match", "cpu"),
        bug="ngram_match's CPU kernel proposes up to max_draft_tokens drafts, however narrow the row",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_draft_update_past_row",
        "csrc/kernels/cpu/draft_model_update.cc",
        # The append rule is shared (csrc/kernels/shared/draft_model_update.h,
        # which a plant's copy of a unit cannot replace): the CPU kernel asks it
        # about a row one column wider, so a full row takes one more.
        old="args.max_dec_len[b], args.max_step_tokens);\n",
        new="args.max_dec_len[b], args.max_step_tokens + 1);\n",
        caught_by=hostile("draft_model_update", "cpu"),
        bug="draft_model_update's CPU kernel appends a draft to a row that is already full",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_rebuild_padding_row_unchecked",
        "csrc/kernels/cpu/rebuild_padding.cc",
        # The row rule is shared (csrc/kernels/shared/rebuild_padding.h): the
        # CPU kernel asks it with no bound on the packed rows.
        old="                    token_num);\n",
        new="                    INT64_MAX);  // trusts the offsets\n",
        caught_by=hostile("rebuild_padding", "cpu"),
        bug="rebuild_padding's CPU kernel copies the packed row the offsets name, inside hidden or not",
        expect="the runner stopped",
    ),
    # ---- the API boundary: the generated glue's aliasing check
    Plant(
        "plugin_aliasing_unchecked",
        "generated/entry/unified_update_model_status.cc",
        old="  opforge::check_disjoint(\n",
        new="  if (false) opforge::check_disjoint(\n",
        caught_by=(
            "tests/runtime/test_api_boundary.py::test_aliased_arguments_are_refused"
            "[unified_update_model_status]",
        ),
        bug="unified_update_model_status' entry runs the kernel on overlapping written buffers",
    ),
    Plant(
        "cpu_ignores_verify_window",
        CPU,
        old="                          args.verify_window,\n",
        new="                          2,\n",
        caught_by=(
            "tests/ops/test_verify_draft_tokens.py::test_cpu_kernel_matches_reference[topp]",
            "tests/ops/test_verify_draft_tokens.py::test_cpu_kernel_matches_reference[greedy]",
            "tests/ops/test_verify_draft_tokens.py::test_cpu_kernel_matches_reference[target_match]",
        ),
        bug="the CPU kernel ignores verify_window and always uses the default window of 2",
    ),
    # ---- CUDA kernels, under the CUDA simulation
    Plant(
        "cuda_missing_bound",
        "csrc/kernels/cuda/rebuild_padding.cu",
        # The row rule is shared (csrc/kernels/shared/rebuild_padding.h): the
        # CUDA kernel asks it with no bound on the packed rows.
        old="                    args.token_num);\n",
        new="                    INT64_MAX);\n",
        caught_by=hostile("rebuild_padding", "cuda-sim"),
        bug="a packed row past token_num is not refused: the row copy reads past hidden",
        expect="out-of-bounds read",
    ),
    Plant(
        "cuda_shared_race",
        "csrc/kernels/cuda/top_p_candidates.cu",
        old="      if (tid == 0) chosen[j] = best;\n",
        new="      chosen[j] = best;\n",
        caught_by=(
            "tests/ops/test_spec_suite.py::test_valid_inputs_match_the_reference"
            "[top_p_candidates-cuda-sim]",
        ),
        bug="every thread stores its own (unreduced) winner into one shared slot: a write race",
        expect="data race on shared array 'chosen'",
    ),
    Plant(
        "cuda_missing_barrier",
        "csrc/kernels/cuda/rebuild_padding.cu",
        old=(
            "          tid + d < kCudaBlock ? static_cast<int64_t>(suffix_min[tid + d]) : above;\n"
            "      __syncthreads();\n"
        ),
        new="          tid + d < kCudaBlock ? static_cast<int64_t>(suffix_min[tid + d]) : above;\n",
        caught_by=(
            "tests/ops/test_spec_suite.py::test_valid_inputs_match_the_reference"
            "[rebuild_padding-cuda-sim]",
        ),
        bug="the min-scan reads a neighbour's element and overwrites its own with no barrier "
        "between",
        expect="data race on shared array 'suffix_min'",
    ),
]


class PlantError(Exception):
    """A plant that cannot be applied: its `old` text is not found exactly once."""


def occurrences(plant: Plant) -> int:
    return plant.path().read_text().count(plant.old)


def mutate(plant: Plant) -> str:
    text = plant.path().read_text()
    count = text.count(plant.old)
    if count != 1:
        raise PlantError(
            f"{plant.name}: the text to replace occurs {count} times in {plant.source} "
            f"(must be exactly once; update the plant to the current source):\n{plant.old}"
        )
    return text.replace(plant.old, plant.new)


# ---------------------------------------------------------------- building


def build_main() -> None:
    """The main module, whose objects every variant reuses. Others may build at
    the same time: a failure is retried once after a pause."""
    for attempt in (1, 2):
        if build.build() == 0:
            return
        if attempt == 1:
            print("plant_bugs: the main build failed; retrying in 30 s", flush=True)
            time.sleep(30)
    raise SystemExit(2)


@dataclass(frozen=True)
class Outcome:
    plant: Plant
    status: str  # caught, caught at build, MISSED, ERROR
    detail: str  # the test that caught it, or why the plant did not count
    reason: str = ""  # the failure's message
    seconds: float = 0.0  # mutate, build what it needs, run its tests

    @property
    def ok(self) -> bool:
        return self.status in ("caught", "caught at build")


def run_pytest(
    module: Path | None,
    selection: tuple[str, ...],
    timeout: float,
    workdir: Path,
    planted: tuple[str, Path] | None = None,
) -> tuple[int, str, float]:
    """pytest -x over `selection` in a fresh process, loading `module` (None:
    the main build's); returns (exit status, output, seconds) and keeps the
    output in workdir/pytest.log. `planted` (source, its mutated copy) reaches
    the tests that compile or read sources themselves."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", *selection]
    command += ["-p", "no:cacheprovider"]
    # The main build's generated Python API, this variant's extension; no nested plant run.
    drop = ("OPFORGE_PLANTS", "OPFORGE_GENERATED", "OPFORGE_EXTENSION", PLANTED)
    env = {k: v for k, v in os.environ.items() if k not in drop}
    if module is not None:
        env["OPFORGE_EXTENSION"] = str(module)
    if planted is not None:
        env[PLANTED] = f"{planted[0]}={planted[1]}"
    start = time.monotonic()
    tests = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    log = tests.stdout + tests.stderr
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "pytest.log").write_text(shlex.join(command) + "\n\n" + log)
    return tests.returncode, log, time.monotonic() - start


def check_controls(plants: list[Plant], results: Path) -> bool:
    """Each plant's tests must have passed in the run recorded in `results`
    (pytest's JUnit XML of the suite, same tree, no plant), or their failing
    with the plant would prove nothing about it."""
    passed = ci_report.passed(results)
    ok = True
    for p in plants:
        missing = [t for t in p.caught_by if t not in passed]
        if missing:
            print(f"control: {p.name}: not recorded as passed in {results}: {', '.join(missing)}")
            ok = False
    return ok


def run_controls(plants: list[Plant], timeout: float) -> bool:
    """Without a recorded run: the plants' tests once, in one process, on the
    main build."""
    tests = tuple(dict.fromkeys(t for p in plants for t in p.caught_by))
    if not tests:
        return True
    returncode, log, seconds = run_pytest(None, tests, timeout, PLANTS_DIR / "_control")
    print(
        f"control: the {len(tests)} plants' tests without a plant: exit {returncode} ({seconds:.1f} s)"
    )
    if returncode != 0:
        print(first_match(r"^FAILED (\S+)", log) or log[-2000:], file=sys.stderr)
    return returncode == 0


def first_match(pattern: str, text: str) -> str:
    found = re.search(pattern, text, re.MULTILINE)
    return found.group(1).strip() if found else ""


def first_error(log: str) -> str:
    """The first informative lines of pytest's first error (its `E` lines)."""
    lines = [m.strip() for m in re.findall(r"^E +(\S.*)$", log, re.MULTILINE)]
    useful = [x for x in lines if x not in ("AssertionError:", "Arrays are not equal")]
    return " | ".join(useful[:2])


def run_plant(plant: Plant, timeout: float) -> Outcome:
    start = time.monotonic()
    outcome = _run_plant(plant, timeout)
    return dataclasses.replace(outcome, seconds=time.monotonic() - start)


def _run_plant(plant: Plant, timeout: float) -> Outcome:
    workdir = PLANTS_DIR / plant.name
    workdir.mkdir(parents=True, exist_ok=True)
    replacement = workdir / plant.path().name  # keeps the suffix: .xpu compiles as C++
    write_if_changed(replacement, mutate(plant))
    module = workdir / f"_C{EXT_SUFFIX}"
    module.unlink(missing_ok=True)

    if plant.fails_to_compile or plant.links_module:
        result = build.build_variant(plant.path(), replacement, module)
        (workdir / "build.log").write_text(result.stdout + result.stderr)
        error = first_match(r"error: (.*)$", result.stderr) or result.stderr.strip()[:200]
        if plant.fails_to_compile:
            if result.returncode == 0:
                return Outcome(plant, "MISSED", "the variant compiled")
            if plant.expect and plant.expect not in result.stderr:
                return Outcome(plant, "ERROR", f"compile error without {plant.expect!r}", error)
            return Outcome(plant, "caught at build", "compile error", error)
        if result.returncode != 0:
            return Outcome(plant, "ERROR", "the variant did not build", error)

    try:
        returncode, log, _ = run_pytest(
            module if plant.links_module else None,
            plant.caught_by,
            timeout,
            workdir,
            (plant.source, replacement),
        )
    except subprocess.TimeoutExpired:
        return Outcome(plant, "ERROR", f"pytest timed out after {timeout:.0f} s")
    failed = first_match(r"^FAILED (\S+)", log)
    reason = first_error(log)
    if returncode == 0:
        return Outcome(plant, "MISSED", "its tests passed")
    if returncode != 1 or not failed:
        # Not a test failure: a crash (negative: killed by a signal), an internal
        # or usage error, or no tests collected. See build/plants/<name>/pytest.log.
        return Outcome(plant, "ERROR", f"pytest exited with {returncode}", reason)
    if plant.expect and plant.expect not in log:
        return Outcome(plant, "ERROR", f"{failed} failed, but without {plant.expect!r}", reason)
    return Outcome(plant, "caught", failed, reason)


# ---------------------------------------------------------------- reporting


def print_table(rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def list_plants(plants: list[Plant]) -> int:
    rows = [["plant", "unit", "old found", "must fail", "bug"]]
    bad = 0
    for p in plants:
        count = occurrences(p)
        bad += count != 1
        found = "once" if count == 1 else f"{count} times: BAD"
        must = "compile" if p.fails_to_compile else " ".join(p.caught_by)
        rows.append([p.name, p.source, found, must, p.bug])
    print_table(rows)
    return 2 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this plant")
    parser.add_argument("--list", action="store_true", help="list the plants and check their text")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per pytest run")
    parser.add_argument(
        "--controls",
        type=Path,
        metavar="XML",
        help="pytest's JUnit XML of a run of the suite on this tree: each plant's tests must "
        "have passed there (default: run them once here, without a plant)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="plants built and run at once"
    )
    args = parser.parse_args(argv)

    plants = PLANTS
    if args.only:
        unknown = sorted(set(args.only) - {p.name for p in PLANTS})
        if unknown:
            parser.error(f"unknown plant(s) {', '.join(unknown)}; see --list")
        plants = [p for p in PLANTS if p.name in args.only]
    if args.list:
        return list_plants(plants)

    # Every text is checked before anything is built.
    problems = []
    for p in plants:
        try:
            mutate(p)
        except PlantError as exc:
            problems.append(str(exc))
    if problems:
        print("\n\n".join(problems), file=sys.stderr)
        return 2

    build_main()
    controls = (
        check_controls(plants, args.controls)
        if args.controls
        else run_controls(plants, args.timeout)
    )
    if not controls:
        print("plant_bugs: a plant's tests fail without any plant; fix that first", file=sys.stderr)
        return 2
    start = time.monotonic()
    outcomes = []
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for outcome in pool.map(lambda p: run_plant(p, args.timeout), plants):
            outcomes.append(outcome)
            print(
                f"{outcome.plant.name}: {outcome.status}: {outcome.detail} ({outcome.seconds:.1f} s)"
            )
            if outcome.reason:
                print(f"    {outcome.reason[:300]}", flush=True)

    print()
    rows = [["plant", "unit", "result", "caught by / detail", "s"]]
    for o in outcomes:
        rows.append([o.plant.name, o.plant.source, o.status, o.detail, f"{o.seconds:.1f}"])
    print_table(rows)
    elapsed = time.monotonic() - start
    missed = [o.plant.name for o in outcomes if not o.ok]
    if missed:
        print(f"\nNOT caught: {', '.join(missed)} (logs in {PLANTS_DIR.relative_to(ROOT)}/<name>/)")
        return 1
    print(f"\nall {len(outcomes)} plants caught in {elapsed:.0f} s ({args.jobs} at a time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
