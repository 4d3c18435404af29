"""Builds the extension once per test session (incrementally: a no-op when
nothing changed), so the tests always run the code in the tree; loads the
tier's Hypothesis profile (tests/budgets.py).

`--generator-only` runs only the modules that need no build (the generator's,
the references' and the harness library's own tests), without building: CI
runs them before anything is compiled, so a broken spec or generator fails in
seconds, and then runs the README's test command with
OPFORGE_GENERATOR_ONLY_DONE=1, which leaves those modules out (they ran
minutes before on the same tree).

The tests are grouped by what they test (README, "Tests"): generator/, ops/,
runtime/, integration/, and harness/ (the library every group builds on)."""

from __future__ import annotations

import faulthandler
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT, budgets
from tests.harness import timing
from tests.harness.counts import CASES_BY, CHANGED, CHANGED_BY, COUNTS, SECONDS
from tests.runtime.api_boundary.tally import TALLY
from tests.runtime.api_boundary.tally import summary as tally_summary

TESTS = Path(__file__).resolve().parent
budgets.load_profile()

# Modules that import nothing built (no opforge, no compiled harness), by
# their path under tests/; and directories all of whose modules are such.
GENERATOR_ONLY = {
    "generator/test_codegen_output.py",
    "generator/test_docs_links.py",
    "generator/test_generate.py",
    "generator/test_generated_format.py",
    "generator/test_import.py",
    "generator/test_kinds_registry.py",
    "generator/test_model_repr.py",
    "generator/test_spec_errors.py",
    "generator/test_spec_fuzz.py",
    "generator/test_spec_injection.py",
    "generator/test_spec_names.py",
    "generator/test_spec_schema.py",
    "harness/test_harness.py",
    "harness/test_nvcc_check.py",
    "harness/test_plant_bugs.py",
}
GENERATOR_ONLY_DIRS = {"ops/reference"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--generator-only",
        action="store_true",
        help="only the tests that need no build (the generator's, the references'); build nothing",
    )
    parser.addoption(
        "--repro",
        type=Path,
        metavar="FILE",
        help="replay the valid case a failing spec-derived test wrote to FILE "
        "(build/repro/<op>-<backend>.json); runs only that case",
    )


REPLAY_TEST = "test_replayed_case"


def pytest_configure(config: pytest.Config) -> None:
    try:
        timing.call_limit()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    # pytest's capture is suspended here: fd 2 is still the terminal (or
    # pytest-xdist's controller's), where the watchdog and a crash's stack go.
    timing.keep_terminal(controlled=hasattr(config, "workerinput"))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Importing Paddle replaces the fatal-signal handlers of pytest's
    faulthandler with its own, which writes to fd 2: during a test that is a
    capture file, lost when the process dies, so a crash printed nothing.
    faulthandler's handlers again (enable() alone keeps the ones it believes
    installed), to the terminal: a crash prints the Python stack it
    happened in."""
    if "paddle" in sys.modules:
        faulthandler.disable()
        faulthandler.enable(file=timing.terminal(), all_threads=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With --repro only the replay runs; without, it is not collected."""
    replaying = config.getoption("--repro") is not None
    kept = [item for item in items if (item.name == REPLAY_TEST) == replaying]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture
def repro_file(request: pytest.FixtureRequest) -> Path:
    path: Path = request.config.getoption("--repro")
    return path


def _generator_only(path: Path) -> bool:
    try:
        where = path.resolve().relative_to(TESTS).as_posix()
    except ValueError:  # not under tests/
        return False
    return where in GENERATOR_ONLY or where.rpartition("/")[0] in GENERATOR_ONLY_DIRS


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if not (collection_path.is_file() and collection_path.name.startswith("test_")):
        return None
    if config.getoption("--generator-only"):
        return not _generator_only(collection_path)
    if os.environ.get("OPFORGE_GENERATOR_ONLY_DONE"):
        return _generator_only(collection_path)
    return None


def pytest_sessionstart(session: pytest.Session) -> None:
    if session.config.getoption("--generator-only"):
        return
    if os.environ.get("OPFORGE_EXTENSION"):
        return  # testing a variant build made elsewhere
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build.py")],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.exit(
            f"building the extension failed:\n{result.stdout}\n{result.stderr}", returncode=1
        )


# What each test process counts, handed from pytest-xdist's workers to the
# controller, which prints the sums.
TOTALS = {
    "counts": COUNTS,
    "seconds": SECONDS,
    "changed": CHANGED,
    "cases_by": CASES_BY,
    "changed_by": CHANGED_BY,
    "tally": TALLY,
}


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)  # set in a worker only
    if output is not None:
        for name, counter in TOTALS.items():
            output[name] = [[list(key), n] for key, n in counter.items()]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist, on the controller: a worker finished; add its totals."""
    for name, counter in TOTALS.items():
        for key, n in getattr(node, "workeroutput", {}).get(name, []):
            counter[tuple(key)] += n


@pytest.hookimpl(optionalhook=True)
def pytest_handlecrashitem(crashitem: str, report: pytest.TestReport, sched: Any) -> None:
    """pytest-xdist, on the controller: a worker died inside a test (a
    kernel's segfault kills the process, and so does the watchdog of a call
    past timing.call_limit(); pytest can only say which test). If it died inside
    a valid case's call, name the case and the line that replays it, which
    runs that one case in one process (under a debugger, if need be)."""
    from tests.harness import valid  # only after a crash: it imports opforge

    text = valid.died_in(crashitem)
    if text is not None:
        report.longrepr = f"{report.longrepr}\n{text}"


def _shares_by_value(op: str, backend: str, tensors: list[str]) -> list[str]:
    """Per written tensor, its changed cases per value of each swept name and
    each enum or bool attribute: `out: real_bsz 0 0/31 1 9/35 8 12/34`."""
    cases = {(n, v): c for (o, b, n, v), c in CASES_BY.items() if (o, b) == (op, backend)}
    names = list(dict.fromkeys(n for n, _ in cases))
    lines = []
    for t in tensors:
        parts = []
        for name in names:
            values = sorted((v for n, v in cases if n == name), key=_value_order)
            shown = " ".join(
                f"{v} {CHANGED_BY[(op, backend, t, name, v)]}/{cases[(name, v)]}" for v in values
            )
            parts.append(f"{name} {shown}")
        if parts:
            lines.append(f"    {t}: " + " | ".join(parts))
    return lines


def _value_order(value: str) -> tuple[int, int, str]:
    """Numbers in numeric order, then names."""
    number = value.lstrip("-").isdigit()
    return (0 if number else 1, int(value) if number else 0, value)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Per op, how many spec-derived cases of each kind ran and the seconds its
    hostile-value calls took; the API boundary's attacks per class and how
    each ended."""
    if SECONDS:
        terminalreporter.section(
            "seconds of the op's calls (valid: in Python; hostile: in the runner)"
        )
        for op in sorted({op for op, _ in SECONDS}):
            kinds = sorted((kind, s) for (o, kind), s in SECONDS.items() if o == op)
            line = ", ".join(f"{kind} {s:.2f} s" for kind, s in kinds)
            total = sum(s for _, s in kinds)
            terminalreporter.write_line(f"{op}, {total:.2f} s: {line}")
    valid = {
        (op, kind[len("valid (") : -1]): n
        for (op, kind), n in COUNTS.items()
        if kind.startswith("valid (")
    }
    if valid:
        terminalreporter.section(
            "valid cases that changed each written tensor (new outputs: not all zero)"
        )
        for op, backend in sorted(valid):
            written = sorted((t, n) for (o, b, t), n in CHANGED.items() if (o, b) == (op, backend))
            shares = ", ".join(f"{t} {n}/{valid[(op, backend)]}" for t, n in written)
            terminalreporter.write_line(f"{op} ({backend}): {shares}")
            for line in _shares_by_value(op, backend, [t for t, _ in written]):
                terminalreporter.write_line(line)
    if TALLY:
        terminalreporter.section("API boundary attacks per class")
        for line in tally_summary():
            terminalreporter.write_line(line)
    if not COUNTS:
        return
    terminalreporter.section("spec-derived cases per op")
    for op in sorted({op for op, _ in COUNTS}):
        kinds = sorted((kind, n) for (o, kind), n in COUNTS.items() if o == op)
        terminalreporter.write_line(f"{op}: " + ", ".join(f"{kind} {n}" for kind, n in kinds))
