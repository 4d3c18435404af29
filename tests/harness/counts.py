"""(op, kind of test) -> cases run; printed at the end of the session by
tests/conftest.py (summed over pytest-xdist's workers). Imports nothing heavy,
so the conftest and Paddle-free tests can use it."""

from __future__ import annotations

from collections import Counter

COUNTS: Counter[tuple[str, str]] = Counter()
# (op, backend, tensor) -> valid cases in which the call changed the in-place
# tensor (a new output: left it not all zeros): does the suite reach the op's
# interesting path, or do the drawn values make it a no-op?
CHANGED: Counter[tuple[str, str, str]] = Counter()
# The same per value of what drives an op's branches (each swept name, each
# enum or bool attribute): (op, backend, name, value) -> valid cases, and
# (op, backend, tensor, name, value) -> those that changed the tensor.
CASES_BY: Counter[tuple[str, str, str, str]] = Counter()
CHANGED_BY: Counter[tuple[str, str, str, str, str]] = Counter()
# (op, kind of test) -> seconds the op's calls took (e.g. inside the hostile runner).
SECONDS: Counter[tuple[str, str]] = Counter()
