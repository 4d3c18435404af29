"""Builds the extension once per test session (incrementally: a no-op when
nothing changed), so the tests always run the code in the tree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pytest_sessionstart(session: pytest.Session) -> None:
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


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Per op, how many spec-derived cases of each kind ran."""
    try:
        from specsuite.calls import COUNTS
    except ImportError:
        return
    if not COUNTS:
        return
    terminalreporter.section("spec-derived cases per op")
    for op in sorted({op for op, _ in COUNTS}):
        kinds = sorted((kind, n) for (o, kind), n in COUNTS.items() if o == op)
        terminalreporter.write_line(f"{op}: " + ", ".join(f"{kind} {n}" for kind, n in kinds))
