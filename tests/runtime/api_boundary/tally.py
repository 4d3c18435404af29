"""The API boundary attacks per class, and how each ended (filled by
tests/runtime/test_api_boundary.py). Imports nothing heavy, so that the conftest can
sum it over pytest-xdist's workers and print it, as it does tests.harness.counts."""

from __future__ import annotations

from collections import Counter

# (class, outcome) -> attacks. Outcomes: tried; refused with a named error as
# required; accepted as required (controls, and calls that must run); failed;
# crashed (the process died or hung).
TALLY: Counter[tuple[str, str]] = Counter()
OUTCOMES = ("tried", "refused", "accepted", "failed", "crashed")


def summary() -> list[str]:
    """The table, one line per class, then the totals."""
    lines = [f"class: {', '.join(OUTCOMES[:2])} by name, accepted as required, failed, crashed"]
    for kind in sorted({k for k, _ in TALLY}):
        lines.append(f"{kind}: " + ", ".join(str(TALLY[(kind, o)]) for o in OUTCOMES))
    totals = [sum(n for (_, o), n in TALLY.items() if o == outcome) for outcome in OUTCOMES]
    lines.append("all classes: " + ", ".join(str(n) for n in totals))
    return lines
