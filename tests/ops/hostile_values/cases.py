"""Hostile cases from a spec: valid calls (tests.harness: drawn, then built) whose
values are then pushed outside every declared input domain — below the
minimum, above the maximum, to the dtype's extremes, NaN and infinities,
probability rows that are not, prefix sums that are not monotone or run past
the packed length, lengths that do not add up to their total — one tensor at a time, in one element or all of them, and
several tensors together. Shapes, dtypes and attributes stay valid: those are
checked on every call; values are what a kernel must survive."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from codegen.model import AttrType, DType, Op, Tensor, Values
from tests.harness import draw, spec
from tests.harness.cases import Case, built
from tests.harness.dtypes import stored

Attack = Callable[[np.ndarray, np.random.Generator], None]  # modifies in place
T = TypeVar("T")


@dataclass
class Hostile:
    case: Case
    what: str  # the violations, in words


def _set(array: np.ndarray, where: str, value: float, rng: np.random.Generator) -> None:
    flat = array.reshape(-1)
    element = stored(value, array)  # huge values become inf in float16, as meant
    if where == "one":
        flat[rng.integers(flat.size)] = element
    else:
        flat[:] = element


def _value_attacks(t: Tensor, dtype: DType, env: dict[str, int]) -> list[tuple[str, float]]:
    v: Values = t.values
    low = v.above if v.above is not None else v.min
    low_n = None if low is None else spec.evaluate(low, env)
    high_n = None if v.max is None else spec.evaluate(v.max, env)
    if dtype.is_float:
        found = [("NaN", float("nan")), ("+inf", float("inf")), ("-inf", float("-inf"))]
        found += [("-1", -1.0), ("huge", 3.0e38)]
        if low_n is not None:
            found.append(
                ("at or below its minimum", float(low_n) - (0 if v.above is not None else 1))
            )
        if high_n is not None:
            found.append(("above its maximum", float(high_n) + 1.0))
        if v.probability_rows:
            found += [("1.5 in a probability row", 1.5), ("-0.5 in a probability row", -0.5)]
        return found
    info = np.iinfo(np.int32 if dtype is DType.INT32 else np.int64)
    found = [("the dtype's maximum", float(info.max)), ("the dtype's minimum", float(info.min))]
    found += [("-1", -1.0), ("2**31 - 1", float(2**31 - 1))]
    if low_n is not None:
        found.append(("below its minimum", float(low_n) - 1))
    if high_n is not None:
        found += [
            ("above its maximum", float(high_n) + 1),
            ("far above its maximum", float(high_n) + 1000),
        ]
    return found


def attacks(op: Op, t: Tensor, dtype: DType, env: dict[str, int]) -> list[tuple[str, Attack]]:
    """Every way this tensor's values are pushed out of its domain (`env`: the
    call's dims and int attributes, which its bounds may name)."""
    found: list[tuple[str, Attack]] = []
    if dtype is DType.BOOL:
        # Paddle keeps whatever byte a bool tensor was given: 2..255 must read
        # as true (loading such a byte as a C++ bool is undefined behaviour).
        for where in ("one", "all"):

            def byte(a: np.ndarray, rng: np.random.Generator, w: str = where) -> None:
                raw = a.view(np.uint8).reshape(-1)
                if w == "one":
                    raw[rng.integers(raw.size)] = rng.integers(2, 256)
                else:
                    raw[:] = rng.integers(2, 256, raw.size)

            found.append(
                (
                    f"{t.name}: bytes 2..255 ({'one element' if where == 'one' else 'every element'})",
                    byte,
                )
            )
        return found
    for label, value in _value_attacks(t, dtype, env):
        for where in ("one", "all"):

            def attack(
                a: np.ndarray, rng: np.random.Generator, w: str = where, x: float = value
            ) -> None:
                _set(a, w, x, rng)

            found.append(
                (
                    f"{t.name}: {label} ({'one element' if where == 'one' else 'every element'})",
                    attack,
                )
            )
    if t.values.probability_rows:

        def heavy(a: np.ndarray, rng: np.random.Generator) -> None:
            _set(a, "all", 0.9, rng)

        found.append((f"{t.name}: rows summing to more than 1", heavy))
    if t.values.prefix_sum_of is not None:

        def reverse(a: np.ndarray, rng: np.random.Generator) -> None:
            a[:] = a[::-1].copy()

        def past_end(a: np.ndarray, rng: np.random.Generator) -> None:
            a[rng.integers(1, a.size) if a.size > 1 else 0 :] += 1000

        def shuffled(a: np.ndarray, rng: np.random.Generator) -> None:
            rng.shuffle(a)

        found += [
            (f"{t.name}: decreasing offsets", reverse),
            (f"{t.name}: offsets past the packed length", past_end),
            (f"{t.name}: offsets in no order", shuffled),
        ]
    elif t.values.total is not None:
        # Lengths whose sum is not the total (each element may stay in range;
        # array arithmetic, which wraps, if another attack left an extreme).

        def one_more(a: np.ndarray, rng: np.random.Generator) -> None:
            i = int(rng.integers(a.size))
            a[i : i + 1] += 1

        def one_less(a: np.ndarray, rng: np.random.Generator) -> None:
            nonzero = np.flatnonzero(a)
            i = int(nonzero[rng.integers(nonzero.size)]) if nonzero.size else 0
            a[i : i + 1] -= 1

        def far_more(a: np.ndarray, rng: np.random.Generator) -> None:
            i = int(rng.integers(a.size))
            a[i : i + 1] += 1000

        total = t.values.total
        found += [
            (f"{t.name}: summing to one more than {total}", one_more),
            (f"{t.name}: summing to one less than {total}", one_less),
            (f"{t.name}: summing far past {total}", far_more),
        ]
    return found


class _BranchTurn(draw.NumpyChooser):
    """Seeded choices, except that every enum and bool attribute takes its
    `turn`-th value (modulo its count): an attack repeated turn 0, 1, 2, ...
    meets each value of the attributes that pick a kernel's path, instead of
    whichever the draws happened to give."""

    def __init__(self, rng: np.random.Generator, op: Op, turn: int) -> None:
        super().__init__(rng)
        self.branching = set(_branching(op))
        self.turn = turn

    def choice(self, options: Sequence[T], label: str = "") -> T:
        if label in self.branching and options:
            return options[self.turn % len(options)]
        return super().choice(options, label)


def _branching(op: Op) -> dict[str, int]:
    """The attributes that pick a kernel's path (enums and bools), with how
    many values each takes."""
    return {
        a.name: len(a.enum.members) if a.enum is not None else 2
        for a in op.attrs
        if a.enum is not None or a.type is AttrType.BOOL
    }


def _base(op: Op, rng: np.random.Generator, turn: int | None = None) -> Case:
    """A valid case at random from the op's sweep, attributes and dtypes (with
    a turn: the enum and bool attributes at that turn's values)."""
    chooser = draw.NumpyChooser(rng) if turn is None else _BranchTurn(rng, op, turn)
    return built(op, draw.call(chooser, op))


def hostile_cases(op: Op, count: int, seed: int = 0, rounds: int = 3) -> list[Hostile]:
    """At least `count` hostile cases: every attack alone, `rounds` times or
    once per value of the op's most-valued enum or bool attribute if that is
    more (each on a fresh valid case: whether an attack reaches a guard
    depends on the rest of the call; round r sets those attributes to their
    r-th values, so an attack meets every path they pick whatever the draws),
    then two or three attacks together up to `count`."""
    rng = np.random.default_rng(seed)
    found: list[Hostile] = []

    # A tensor whose value sets a dim holds that dim below the glue (which
    # refuses any other value before allocating: the spec suite's "bad size
    # value" cases); the runners call the entry, so it is no target here.
    sources = spec.value_sources(op)

    def targets(case: Case) -> list[tuple[str, Tensor, Attack]]:
        listed = []
        for t in spec.passed(op):
            if t.name in sources:
                continue
            array = case.arrays[t.name]
            if array is None or array.size == 0:
                continue
            ways = attacks(op, t, case.dtype_of(t), case.env)
            listed += [(label, t, attack) for label, attack in ways]
        return listed

    singles = len(targets(_base(op, np.random.default_rng(seed))))
    rounds = max([rounds, *_branching(op).values()])
    for i in range(singles * rounds):
        case = _base(op, rng, turn=i // singles if singles else 0)
        listed = targets(case)
        if not listed:
            continue
        label, t, attack = listed[i % len(listed)]
        array = case.arrays[t.name]
        assert array is not None
        attack(array, rng)
        found.append(Hostile(case, label))
    while len(found) < count:
        case = _base(op, rng)
        listed = targets(case)
        if not listed:
            continue
        chosen = rng.choice(
            len(listed), size=min(len(listed), int(rng.integers(2, 4))), replace=False
        )
        labels = []
        for k in chosen:
            label, t, attack = listed[int(k)]
            array = case.arrays[t.name]
            assert array is not None
            attack(array, rng)
            labels.append(label)
        found.append(Hostile(case, "; ".join(labels)))
    return found
