"""Which cases ran far past their siblings: a loop that a missing clamp lets
run ~2^31 times turns a run of seconds into minutes, and the run should name
the case and go on rather than only take longer. Used by the hostile-values
runner (seconds measured inside it) and the spec-derived suite (seconds of
each valid call)."""

from __future__ import annotations

import statistics

FACTOR = 50.0  # a case over this many times its batch's median ...
FLOOR = 1.0  # ... and over this many seconds is slow


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
