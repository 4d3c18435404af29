"""Plant known bugs in scratch copies of the kernels and generated glue, and
check that the test suite catches each one.

A plant is a textual mutation (old -> new) of one unit of the build. For each
plant this script writes the mutated copy to build/plants/<name>/, links a
variant of the extension module with that one unit replaced, and runs the
plant's pytest selection against the variant (OPFORGE_EXTENSION) in a fresh
process. The selection must fail; a plant declared as a compile error must
fail to compile instead. `old` must occur exactly once in the current source,
so that an edit of a kernel cannot silently disable a plant: fix the plant's
text when the kernel changes.

    python tools/plant_bugs.py                # run every plant, print a table
    python tools/plant_bugs.py --only NAME    # run some plants (repeatable)
    python tools/plant_bugs.py --list         # list plants, check their texts; no build

Before the plants, each selection runs once against a variant linked the same
way from an unmodified source (the control): it must pass. Logs of every run
are kept in build/plants/<name>/ (build.log, pytest.log).

Exit status: 0 when every plant was caught; 1 when one was missed or failed
for another reason than the planted bug (ERROR: a crash, a timeout, a failure
without the plant's expected text); 2 when a plant's `old` text is not found
exactly once, the main build fails, or the control fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build  # noqa: E402

PLANTS_DIR = build.BUILD / "plants"
# Set for a plant's pytest run: "<source>=<its mutated copy>", for the tests
# that compile or read sources themselves rather than load the variant module.
PLANTED = "OPFORGE_PLANTED"


def planted_in_place_of(path: Path) -> Path:
    """The mutated copy of `path` if the running plant mutated it, else `path`."""
    source, _, copy = os.environ.get(PLANTED, "").partition("=")
    return Path(copy) if copy and (ROOT / source).resolve() == path.resolve() else path


def planting() -> bool:
    return bool(os.environ.get(PLANTED))


EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
XPU3 = "csrc/kernels/xpu3/verify_draft_tokens.xpu"
CPU = "csrc/kernels/cpu/verify_draft_tokens.cc"
GLUE = "generated/paddle/verify_draft_tokens.cc"
XPU3_TESTS = ("tests/test_xpu3.py",)
SPEC_SUITE = ("tests/test_spec_suite.py", "-k", "verify_draft_tokens")
HOSTILE = ("tests/test_hostile_values.py",)


@dataclass(frozen=True)
class Plant:
    name: str
    source: str  # the unit to replace, relative to the repository root
    old: str  # must occur exactly once in the source
    new: str
    selection: tuple[str, ...]  # pytest arguments that must fail against the variant
    bug: str  # one line: what the planted bug is
    expect: str | None = None  # text the failure output must contain (why it was caught)
    fails_to_compile: bool = False  # caught at build: the variant must not compile

    def path(self) -> Path:
        return ROOT / self.source


PLANTS = [
    # ---- XPU3 kernel, under the simulation: tests/test_xpu3.py
    Plant(
        "xpu3_uniform_per_token",
        XPU3,
        old="          const float r = uniform * top_p;\n",
        new=(
            "          float token_uniform = 0.0f;\n"
            "          GM2LM(topp_uniforms + row, &token_uniform, sizeof(float));\n"
            "          const float r = token_uniform * top_p;\n"
        ),
        selection=XPU3_TESTS,
        bug="TOPP phase 2 reads the uniform of packed row `row` (token position), not of slot b",
    ),
    Plant(
        "xpu3_window_one_past_end",
        XPU3,
        old="      count = min(len - idx, static_cast<int64_t>(kChunk));\n",
        new="      count = min(len - idx + 1, static_cast<int64_t>(kChunk));\n",
        selection=XPU3_TESTS,
        bug="GmWindow's GM2LM copies one element more than its window (draft row, packed rows)",
        expect="past its end",
    ),
    Plant(
        "xpu3_lm_over_capacity",
        XPU3,
        old="constexpr int kChunk = 64;\n",
        new="constexpr int kChunk = 1024;\n",
        selection=XPU3_TESTS,
        bug="LM staging chunks of 1024 elements: 8 arrays, 56 KiB against 28 KiB per core",
        expect="local memory exhausted",
    ),
    Plant(
        "xpu3_shared_end_token_cache",
        XPU3,
        old="  EndTokens ends;\n",
        new="  __shared__ EndTokens ends;  // one end-token cache per cluster\n",
        selection=XPU3_TESTS,
        bug="the end-token cache is one __shared__ struct raced by a cluster's cores: "
        "a core reads the LM of whichever core loaded last",
    ),
    # ---- CPU kernel and generated glue: the spec-derived suite
    Plant(
        "cpu_const_cast_writes_input",
        CPU,
        old="    step_output_len[b] = e.len;\n",
        new=(
            "    step_output_len[b] = e.len;\n"
            "    const_cast<int64_t*>(step_idx)[b] = e.cur;  // advance the slot in place\n"
        ),
        selection=SPEC_SUITE,
        bug="the CPU kernel advances step_idx (a read-only input) in place through const_cast",
        expect="was modified",
    ),
    Plant(
        "cpu_plain_write_to_input",
        CPU,
        old="    step_output_len[b] = e.len;\n",
        new="    step_output_len[b] = e.len;\n    step_idx[b] = e.cur;  // advance the slot in place\n",
        selection=SPEC_SUITE,
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
        selection=("tests/test_spec_suite.py", "-k", "top_p_candidates"),
        bug="top_p_candidates' infer_shape gives actual_candidate_lens the shape [C], not [token_num]",
        expect="inferred shape",
    ),
    Plant(
        "cpu_accept_loop_off_by_one",
        CPU,
        old="  while (i <= s.slt - 2 && !e.stopped) {\n",
        new="  while (i < s.slt - 2 && !e.stopped) {\n",
        selection=SPEC_SUITE,
        bug="accept_drafts stops one draft early: the slot's last draft is never verified",
    ),
    # The spec's small token vocabulary (sample: [0, 2]) makes drafts match
    # candidates often enough for the spec suite to see this one.
    Plant(
        "cpu_top_p_off_by_one",
        CPU,
        old="  for (int64_t j = 0; j < n; ++j) {\n    if (cand[j] == tok) return true;\n",
        new="  for (int64_t j = 0; j <= n; ++j) {\n    if (cand[j] == tok) return true;\n",
        selection=SPEC_SUITE,
        bug="in_top_p scans candidates [0, n] instead of [0, n): one candidate past top-p accepts",
    ),
    Plant(
        "cpu_ignores_reject_all",
        CPU,
        old="    const bool verify = !reject_all && seq_lens_encoder[b] == 0",
        new="    const bool verify = seq_lens_encoder[b] == 0",
        selection=SPEC_SUITE,
        bug="the CPU kernel ignores reject_all and verifies drafts anyway",
    ),
    # The spec suite's independent draws almost never reach a window fallback
    # long enough to tell window 2 from 1 or 3; the op's own biased batches do.
    # ---- guards against out-of-domain values: the hostile-values suite
    Plant(
        "cpu_top_p_slot_unguarded",
        "csrc/kernels/cpu/top_p_candidates.cc",
        old="    if (b >= 0 && b < max_bsz) {\n",
        new="    if (true) {  // trusts batch_id_per_token\n",
        selection=HOSTILE + ("-k", "top_p_candidates-cpu"),
        bug="top_p_candidates' CPU kernel reads top_p[b] for any slot b, in range or not",
        expect="the runner stopped",
    ),
    Plant(
        "xpu3_top_p_slot_unguarded",
        "csrc/kernels/xpu3/top_p_candidates.xpu",
        old="    const bool has_slot = b >= 0 && b < max_bsz;\n",
        new="    const bool has_slot = true;  // trusts batch_id_per_token\n",
        selection=HOSTILE + ("-k", "top_p_candidates-xpu3"),
        bug="top_p_candidates' XPU3 kernel transfers top_p[b] for any slot b",
        expect="failed under simulation",
    ),
    Plant(
        "cpu_verify_rows_unguarded",
        CPU,
        old="    if (first_row < 0 || first_row + nrows > token_num) continue;\n",
        new="    (void)nrows;  // trusts cu_seqlens_q_output\n",
        selection=HOSTILE + ("-k", "verify_draft_tokens-cpu"),
        bug="verify_draft_tokens' CPU kernel reads the packed rows cu_seqlens_q_output names, "
        "whether they exist or not",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_verify_slt_unclamped",
        CPU,
        old="    const int64_t slt = slt_in < max_step_tokens ? slt_in : max_step_tokens;\n",
        new="    const int64_t slt = slt_in;  // trusts seq_lens_this_time\n",
        selection=HOSTILE + ("-k", "verify_draft_tokens-cpu"),
        bug="verify_draft_tokens' CPU kernel takes seq_lens_this_time as the row's length, "
        "however long the row is",
    ),
    Plant(
        "cpu_verify_candidate_lens_unclamped",
        CPU,
        old="    return n < 0 ? 0 : (n < K ? n : K);\n",
        new="    return n;  // trusts candidate_lens\n",
        selection=HOSTILE + ("-k", "verify_draft_tokens-cpu"),
        bug="verify_draft_tokens' CPU kernel scans candidate_lens[row] candidates of a K-wide row",
    ),
    Plant(
        "xpu3_verify_rows_unguarded",
        XPU3,
        old="    const bool rows_inside = first_row >= 0 && first_row + nrows <= token_num;\n",
        new="    const bool rows_inside = true;  // trusts cu_seqlens_q_output\n",
        selection=HOSTILE + ("-k", "verify_draft_tokens-xpu3"),
        bug="verify_draft_tokens' XPU3 kernel transfers the packed rows cu_seqlens_q_output "
        "names, whether they exist or not",
    ),
    Plant(
        "cpu_update_output_len_unclamped",
        "csrc/kernels/cpu/unified_update_model_status.cc",
        old="    const int64_t len_in = clamp64(step_output_len[b], 0, max_step_tokens);\n",
        new="    const int64_t len_in = step_output_len[b];  // trusts step_output_len\n",
        selection=HOSTILE + ("-k", "unified_update_model_status-cpu"),
        bug="unified_update_model_status' CPU kernel reads step_output_len tokens of a "
        "max_step_tokens-wide row",
    ),
    Plant(
        "xpu3_update_prompt_len_unclamped",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="    const int64_t prompt_len = clamp64(prompt_raw, 0, max_model_len);\n",
        new="    const int64_t prompt_len = prompt_raw;  // trusts prompt_lens\n",
        selection=HOSTILE + ("-k", "unified_update_model_status-xpu3"),
        bug="unified_update_model_status' XPU3 kernel places the history at prompt_lens[b], "
        "inside the row or not",
    ),
    # ---- the XPU3 dialect: the strict check
    Plant(
        "xpu3_global_pointer_in_struct",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="  int64_t* tail_lm;\n",
        new="  int64_t* tail_lm;\n  __global_ptr__ const int64_t* gm;  // kept for later calls\n",
        selection=("tests/test_xpu3_check.py", "-k", "known_list"),
        bug="a struct of unified_update_model_status' XPU3 kernel holds a global pointer",
        expect="global-ptr-in-struct",
    ),
    Plant(
        "xpu3_wide_slot_loop",
        "csrc/kernels/xpu3/unified_update_model_status.xpu",
        old="  for (int b = cid; b < nbsz; b = xpu3_stride(b, ncores, nbsz)) {\n",
        new="  for (int64_t b = cid; b < nbsz; b += ncores) {\n",
        selection=("tests/test_xpu3_check.py", "-k", "known_list"),
        bug="unified_update_model_status' XPU3 slot loop counts in 64 bits on a 32-bit core",
        expect="wide-loop",
    ),
    # ---- the op family: each kernel's own guard removed
    Plant(
        "cpu_ngram_drafts_past_row",
        "csrc/kernels/cpu/ngram_match.cc",
        old="    int64_t limit = min64(max_draft_tokens, max_step_tokens - 1);\n",
        new="    int64_t limit = max_draft_tokens;  // forgets the row width\n",
        selection=HOSTILE + ("-k", "ngram_match-cpu"),
        bug="ngram_match's CPU kernel proposes up to max_draft_tokens drafts, however narrow the row",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_draft_update_past_row",
        "csrc/kernels/cpu/draft_model_update.cc",
        old="    if (j < 1 || j >= max_step_tokens || s >= limit - j) continue;\n",
        new="    if (j < 1 || s >= limit - j) continue;  // a full row takes one more\n",
        selection=HOSTILE + ("-k", "draft_model_update-cpu"),
        bug="draft_model_update's CPU kernel appends a draft to a row that is already full",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_rebuild_padding_row_unchecked",
        "csrc/kernels/cpu/rebuild_padding.cc",
        old="  if (src < 0 || src >= token_num) return kNoRow;\n",
        new="  if (src < 0) return kNoRow;  // trusts the offsets\n",
        selection=HOSTILE + ("-k", "rebuild_padding-cpu"),
        bug="rebuild_padding's CPU kernel copies the packed row the offsets name, inside hidden or not",
        expect="the runner stopped",
    ),
    Plant(
        "cpu_ignores_verify_window",
        CPU,
        old="max_candidate_len, verify_window, verify_strategy};",
        new="max_candidate_len, 2, verify_strategy};",
        selection=("tests/test_verify_draft_tokens.py", *SPEC_SUITE),
        bug="the CPU kernel ignores verify_window and always uses the default window of 2",
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
    detail: str  # the first failing test, or why the plant did not count
    reason: str = ""  # the failure's message
    build_seconds: float = 0.0
    test_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status in ("caught", "caught at build")


def run_pytest(
    module: Path,
    selection: tuple[str, ...],
    timeout: float,
    workdir: Path,
    planted: tuple[str, Path] | None = None,
) -> tuple[int, str, float]:
    """pytest -x over `selection` in a fresh process loading `module`; returns
    (exit status, output, seconds) and keeps the output in workdir/pytest.log.
    `planted` (source, its mutated copy) also reaches the hostile-values
    suite, which compiles kernels from source into its sanitized runners."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", *selection, "-p", "no:cacheprovider"]
    # The main build's generated Python API, this variant's extension; no nested plant run.
    drop = ("OPFORGE_PLANTS", "OPFORGE_GENERATED", PLANTED)
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["OPFORGE_EXTENSION"] = str(module)
    if planted is not None:
        env[PLANTED] = f"{planted[0]}={planted[1]}"
    start = time.monotonic()
    tests = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    log = tests.stdout + tests.stderr
    (workdir / "pytest.log").write_text(shlex.join(command) + "\n\n" + log)
    return tests.returncode, log, time.monotonic() - start


def run_controls(plants: list[Plant], timeout: float) -> bool:
    """Each selection must pass against a variant built the same way from an
    unmodified source, or its failing would prove nothing about a plant."""
    workdir = PLANTS_DIR / "_control"
    workdir.mkdir(parents=True, exist_ok=True)
    source = ROOT / CPU
    copy = workdir / source.name
    copy.write_text(source.read_text())
    module = workdir / f"_C{EXT_SUFFIX}"
    result = build.build_variant(source, copy, module)
    if result.returncode != 0:
        print(f"control: the unmodified variant did not build:\n{result.stderr}", file=sys.stderr)
        return False
    ok = True
    for selection in dict.fromkeys(p.selection for p in plants if not p.fails_to_compile):
        try:
            returncode, log, seconds = run_pytest(module, selection, timeout, workdir)
        except subprocess.TimeoutExpired:
            returncode, log, seconds = -1, "timed out", timeout
        status = "passes" if returncode == 0 else f"FAILS (pytest exited with {returncode})"
        print(f"control: {shlex.join(selection)} {status} without a plant ({seconds:.1f} s)")
        if returncode != 0:
            print(first_match(r"^FAILED (\S+)", log) or log[-2000:], file=sys.stderr)
            ok = False
    return ok


def first_match(pattern: str, text: str) -> str:
    found = re.search(pattern, text, re.MULTILINE)
    return found.group(1).strip() if found else ""


def first_error(log: str) -> str:
    """The first informative lines of pytest's first error (its `E` lines)."""
    lines = [m.strip() for m in re.findall(r"^E +(\S.*)$", log, re.MULTILINE)]
    useful = [x for x in lines if x not in ("AssertionError:", "Arrays are not equal")]
    return " | ".join(useful[:2])


def run_plant(plant: Plant, timeout: float) -> Outcome:
    workdir = PLANTS_DIR / plant.name
    workdir.mkdir(parents=True, exist_ok=True)
    replacement = workdir / plant.path().name  # keeps the suffix: .xpu compiles as C++
    replacement.write_text(mutate(plant))
    module = workdir / f"_C{EXT_SUFFIX}"
    module.unlink(missing_ok=True)

    start = time.monotonic()
    result = None
    for attempt in (1, 2):  # a concurrent build can break a link: rebuild, retry once
        result = build.build_variant(plant.path(), replacement, module)
        if result.returncode == 0 or plant.fails_to_compile or attempt == 2:
            break
        time.sleep(20)
        build_main()
    assert result is not None
    build_seconds = time.monotonic() - start
    (workdir / "build.log").write_text(result.stdout + result.stderr)

    if plant.fails_to_compile:
        if result.returncode == 0:
            return Outcome(plant, "MISSED", "the variant compiled", build_seconds=build_seconds)
        error = first_match(r"error: (.*)$", result.stderr) or result.stderr.strip()[:200]
        if plant.expect and plant.expect not in result.stderr:
            return Outcome(
                plant, "ERROR", f"compile error without {plant.expect!r}", error, build_seconds
            )
        return Outcome(plant, "caught at build", "compile error", error, build_seconds)
    if result.returncode != 0:
        error = first_match(r"error: (.*)$", result.stderr) or result.stderr.strip()[:200]
        return Outcome(plant, "ERROR", "the variant did not build", error, build_seconds)

    try:
        returncode, log, test_seconds = run_pytest(
            module, plant.selection, timeout, workdir, (plant.source, replacement)
        )
    except subprocess.TimeoutExpired:
        return Outcome(
            plant, "ERROR", f"pytest timed out after {timeout:.0f} s", "", build_seconds, timeout
        )
    failed = first_match(r"^FAILED (\S+)", log)
    reason = first_error(log)
    if returncode == 0:
        return Outcome(
            plant, "MISSED", "all selected tests passed", "", build_seconds, test_seconds
        )
    if returncode != 1 or not failed:
        # Not a test failure: a crash (negative: killed by a signal), an internal
        # or usage error, or no tests collected. See build/plants/<name>/pytest.log.
        return Outcome(
            plant,
            "ERROR",
            f"pytest exited with {returncode}",
            reason,
            build_seconds,
            test_seconds,
        )
    if plant.expect and plant.expect not in log:
        return Outcome(
            plant,
            "ERROR",
            f"{failed} failed, but without {plant.expect!r}",
            reason,
            build_seconds,
            test_seconds,
        )
    return Outcome(plant, "caught", failed, reason, build_seconds, test_seconds)


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
        must = "compile" if p.fails_to_compile else " ".join(p.selection)
        rows.append([p.name, p.source, found, must, p.bug])
    print_table(rows)
    return 2 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this plant")
    parser.add_argument("--list", action="store_true", help="list the plants and check their text")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per pytest run")
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
    if not run_controls(plants, args.timeout):
        print("plant_bugs: a selection fails without any plant; fix that first", file=sys.stderr)
        return 2
    outcomes = []
    for p in plants:
        print(f"\n=== {p.name}: {p.bug}", flush=True)
        outcome = run_plant(p, args.timeout)
        outcomes.append(outcome)
        print(f"--> {outcome.status}: {outcome.detail}", flush=True)
        if outcome.reason:
            print(f"    {outcome.reason[:300]}", flush=True)

    print()
    rows = [["plant", "unit", "result", "first failing test / detail", "build s", "tests s"]]
    for o in outcomes:
        rows.append(
            [
                o.plant.name,
                o.plant.source,
                o.status,
                o.detail,
                f"{o.build_seconds:.1f}",
                f"{o.test_seconds:.1f}" if o.test_seconds else "-",
            ]
        )
    print_table(rows)
    missed = [o.plant.name for o in outcomes if not o.ok]
    if missed:
        print(f"\nNOT caught: {', '.join(missed)} (logs in {PLANTS_DIR.relative_to(ROOT)}/<name>/)")
        return 1
    print(f"\nall {len(outcomes)} plants caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
