"""Which cases ran far past their siblings: a loop that a missing clamp lets
run ~2^31 times turns a run of seconds into minutes, and the run should name
the case and go on rather than only take longer. Used by the hostile-values
runner (seconds measured inside it) and the spec-derived suite (seconds of
each valid call).

A call that never returns (a loop a bug made endless, a deadlock) would stall
its pytest process for good, and under pytest-xdist the whole run: every op
call of the suites runs under ``watchdog``, which past ``call_limit()``
seconds prints every thread's Python stack to the terminal and ends the
process; the controller then names the case (tests/conftest.py,
pytest_handlecrashitem)."""

from __future__ import annotations

import contextlib
import faulthandler
import math
import os
import signal
import statistics
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

FACTOR = 50.0  # a case over this many times its batch's median ...
FLOOR = 1.0  # ... and over this many seconds is slow

# Seconds one op call may take before the watchdog ends its process: far past
# any valid case (SlowCase names one from FLOOR), so only a call that will not
# return reaches it, on a loaded machine too. A test of the watchdog sets less.
CALL_LIMIT_VARIABLE = "OPFORGE_CALL_TIME_LIMIT"
DEFAULT_CALL_LIMIT = 60.0


class SlowCase(UserWarning):
    """A case that ran far longer than the rest of its batch."""


def slow_cases(seconds: list[float], factor: float = FACTOR, floor: float = FLOOR) -> list[int]:
    """The cases that ran far past their siblings: over `factor` times the
    batch's median and over `floor` seconds (a case of a few milliseconds is a
    scheduler tick on a busy machine, seen at 10 ms, not a loop gone long,
    whatever its ratio)."""
    if not seconds:
        return []
    median = statistics.median(seconds)
    return [i for i, s in enumerate(seconds) if s > floor and s > factor * median]


def call_limit() -> float:
    """$OPFORGE_CALL_TIME_LIMIT, or DEFAULT_CALL_LIMIT when unset."""
    text = os.environ.get(CALL_LIMIT_VARIABLE, "")
    if not text:
        return DEFAULT_CALL_LIMIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ValueError(f"{CALL_LIMIT_VARIABLE} must be a number of seconds > 0, got {text!r}")
    return seconds


@dataclass
class _Outputs:
    """Where the watchdog writes. terminal: the process's stderr as it was
    before pytest captured it (keep_terminal), since what a test writes to fd
    2 goes to a capture file, lost when the process ends; stacks: a file that
    takes its place (stacks_to); registered: the one faulthandler writes to;
    controlled: the process is a pytest-xdist worker, whose controller reads
    what a dead worker left."""

    terminal: int | None = None
    stacks: int | None = None
    registered: int | None = None
    controlled: bool = False


_OUTPUTS = _Outputs()


def keep_terminal(controlled: bool) -> None:
    """Keep a copy of fd 2; called while pytest's capture is suspended
    (tests/conftest.py, pytest_configure), with whether the process is a
    pytest-xdist worker."""
    if _OUTPUTS.terminal is None:
        _OUTPUTS.terminal = os.dup(2)
    _OUTPUTS.controlled = controlled


def controlled() -> bool:
    """Whether a pytest-xdist controller reads what this process leaves when it dies."""
    return _OUTPUTS.controlled


def terminal() -> int:
    """Where to write what must outlive the process: the kept stderr, else fd 2."""
    return 2 if _OUTPUTS.terminal is None else _OUTPUTS.terminal


@contextlib.contextmanager
def stacks_to(path: Path) -> Iterator[None]:
    """Within the block the watchdog writes to `path` instead of the
    terminal: a file that holds its stacks after the process ended tells
    whoever finds it that the watchdog ended it, not a crash. Removed after."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, "w", encoding="utf-8") as file:
            _OUTPUTS.stacks = file.fileno()
            yield
    finally:
        _OUTPUTS.stacks = None
        path.unlink(missing_ok=True)


@contextlib.contextmanager
def watchdog(seconds: float | None = None) -> Iterator[None]:
    """Within the block, past `seconds` (None: call_limit()), every thread's
    Python stack is printed to the terminal (or stacks_to's file) and the
    process ends, killed by SIGALRM.

    The timer is the process's real-time interval timer: arming and clearing
    it are a system call each, where faulthandler's dump_traceback_later
    starts and joins a thread per call (a third more time for the suite, on
    a busy machine). Its SIGALRM runs faulthandler's C handler, which needs
    no GIL (an op call holds it while its kernel runs): it writes the stacks,
    then the signal's default action ends the process."""
    limit = call_limit() if seconds is None else seconds
    target = terminal() if _OUTPUTS.stacks is None else _OUTPUTS.stacks
    if _OUTPUTS.registered != target:
        faulthandler.register(signal.SIGALRM, file=target, all_threads=True, chain=True)
        _OUTPUTS.registered = target
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
