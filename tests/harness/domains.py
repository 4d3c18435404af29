"""A value domain (a tensor's `values` or `after` in its spec) checked on
NumPy arrays, with the semantics of the generated value-checked mode: bounds
inclusive (`above` strict), NaN outside every bound, prefix sums and totals
exact, probability rows in [0, 1] summing to at most 1 (with the mode's slack)."""

from __future__ import annotations

from typing import Any

import numpy as np

from codegen.model import Op, Tensor, Values
from tests.harness import spec
from tests.harness.dtypes import as_numbers

# The value-checked mode's slack on a probability row's sum (runtime.h).
ROW_SUM_SLACK = 1e-3


def _number(bound: Any, env: dict[str, int]) -> float:
    return bound if isinstance(bound, (int, float)) else float(bound.evaluate(env))


def violations(
    t: Tensor,
    domain: Values,
    array: np.ndarray,
    env: dict[str, int],
    arrays: dict[str, np.ndarray | None],
) -> list[str]:
    """What in `array` lies outside `domain`, in words (empty: inside); `env`:
    the call's dims and int attributes (``Case.env``), which bounds may name."""
    found: list[str] = []
    flat = as_numbers(array).reshape(-1)
    if domain.total is not None and domain.prefix_sum_of is None:
        total = sum(int(x) for x in flat)  # exact: lengths, not offsets
        if total != env[domain.total]:
            found.append(f"{t.name} sums to {total}, not {domain.total} = {env[domain.total]}")
    if flat.size == 0:
        return found
    low = domain.above if domain.above is not None else domain.min
    if low is not None:
        bound = _number(low, env)
        inside = flat > bound if domain.above is not None else flat >= bound
        if not inside.all():
            i = int(np.argmin(inside))
            sign = ">" if domain.above is not None else ">="
            found.append(f"{t.name}[{i}] = {flat[i]} is not {sign} {bound}")
    if domain.max is not None:
        bound = _number(domain.max, env)
        inside = flat <= bound
        if not inside.all():
            i = int(np.argmin(inside))
            found.append(f"{t.name}[{i}] = {flat[i]} is not <= {bound}")
    if domain.prefix_sum_of is not None:
        source = arrays.get(domain.prefix_sum_of)
        if source is not None:
            want = np.concatenate([[0], np.cumsum(as_numbers(source), dtype=np.int64)])
            if want.shape != flat.shape or not np.array_equal(want, flat):
                found.append(f"{t.name} is not the prefix sum of {domain.prefix_sum_of}")
        if domain.total is not None and flat[-1] != env[domain.total]:
            found.append(f"{t.name} ends at {flat[-1]}, not {domain.total} = {env[domain.total]}")
    if domain.probability_rows:
        rows = as_numbers(array).reshape(-1, array.shape[-1]) if array.ndim else flat[None]
        inside = (rows >= 0) & (rows <= 1)
        if not inside.all():
            found.append(f"{t.name} holds a value outside [0, 1] (or NaN)")
        elif (rows.sum(axis=-1) > 1 + ROW_SUM_SLACK).any():
            found.append(f"{t.name} has a row summing to more than 1")
    return found


def postcondition_violations(
    op: Op, env: dict[str, int], outputs: dict[str, np.ndarray]
) -> list[str]:
    """Every output's `after` domain, checked on what the call returned (`env`:
    the call's dims and int attributes, ``Case.env``)."""
    found = []
    for t in spec.writes(op):
        if t.after != Values():
            # Named as what it is: the spec's postcondition for any inputs, at its line.
            where = f" (the spec's `after:` of {t.name}, {op.source}:{t.line_of('after')})"
            found += [
                v + where for v in violations(t, t.after, outputs[t.name], env, dict(outputs))
            ]
    return found
