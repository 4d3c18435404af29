"""The one drawer: every random choice a test makes goes through a ``Chooser``,
so the same code runs under Hypothesis (which reports a failure by its draws
and shrinks it) and in seeded runs (hundreds of cases from one seed, the same
every time).

Three choosers: ``HypothesisChooser`` (a Hypothesis ``DataObject`` or draw
function), ``RandomChooser`` (Python's ``random.Random``: the spec drawers and
the spec fuzzer) and ``NumpyChooser`` (a NumPy ``Generator``: the hostile
values). On top of them, what a call of an op is drawn from:

- ``sizes``: each entry of the op's sweep, in spec order (a later entry may use
  an earlier one). An op without a sweep (a drawn spec) gets every dim that no
  attribute sets from ``UNSWEPT_DIMS``.
- ``attributes``: a swept attribute takes its swept value; an enum one of its
  members, a bool either value, an int list one inside its bounds
  (``int_list``), a seed (of a filled scratch) a non-negative
  int32; any other its default. An attribute without a default that nothing
  sets (drawn specs have them) takes ``REQUIRED_INT`` / ``REQUIRED_FLOAT``
  moved into its range; one that sets a dim a tensor totals stays None:
  ``cases.build`` sets it from the lengths it draws.
- ``size_values``: a dim a tensor's value sets (``value_of``), inside its
  bounds; ``cases.build`` writes it into that tensor.
- ``dtype``: one of the op's dtype set (None without a set).
- ``seed``: the seed of the values (``cases.build`` draws them from it).

``call`` draws them in that order. Values are drawn by ``cases.build``
from a NumPy generator seeded by the drawn seed, in both modes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np

from codegen.model import Attr, AttrType, DimConst, DType, Op
from tests.harness import spec

T = TypeVar("T")

UNSWEPT_DIMS = (0, 3)  # an op without a sweep: each dim no attribute sets, drawn from here
REQUIRED_INT = (0, 4)  # a required int attribute nothing sets: drawn from here (inside its range)
REQUIRED_FLOAT = 0.5  # ... a required float one: this (moved into its range)
VALUE_SEEDS = 2**32  # the values' seed: [0, 2**32)
ATTR_SEEDS = 2**31  # a seed attribute: [0, 2**31), fixed per case so a reference can replay it
LIST_LONGER = 8  # an int list's length: from its min_length to at most this many more
LIST_ELEMENTS = (-4, 24)
VALUE_SIZES = 4096  # a dim a tensor's value sets: drawn at most this far past its min  # its elements: from here, moved into its element bounds
INT32_RANGE = (-(2**31), 2**31 - 1)
INT64_RANGE = (-(2**63), 2**63 - 1)


class Chooser(Protocol):
    def integer(self, low: int, high: int, label: str = "") -> int:
        """An integer in [low, high]."""
        ...

    def choice(self, options: Sequence[T], label: str = "") -> T: ...


def choice(ch: Chooser, options: Sequence[T]) -> T:
    if not options:
        raise IndexError("nothing to choose from")
    return ch.choice(options)


class HypothesisChooser:
    """Choices drawn by Hypothesis (from ``st.data()``'s object, or a composite
    strategy's draw function), which reports them by label and shrinks them:
    an integer towards ``low``, a choice towards the first option."""

    def __init__(self, data: Any) -> None:
        self.draw: Callable[..., Any] = data.draw if hasattr(data, "draw") else data
        self.labelled = hasattr(data, "draw")  # st.data() takes labels; a draw function none

    def _draw(self, strategy: Any, label: str) -> Any:
        return self.draw(strategy, label=label) if self.labelled and label else self.draw(strategy)

    def integer(self, low: int, high: int, label: str = "") -> int:
        from hypothesis import strategies as st

        return int(self._draw(st.integers(low, high), label))

    def choice(self, options: Sequence[T], label: str = "") -> T:
        from hypothesis import strategies as st

        return self._draw(st.sampled_from(options), label)  # type: ignore[no-any-return]


class RandomChooser:
    """Seeded choices from Python's ``random.Random``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int, label: str = "") -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T], label: str = "") -> T:
        if not options:
            raise IndexError("nothing to choose from")
        return options[self.integer(0, len(options) - 1)]


class NumpyChooser:
    """Seeded choices from a NumPy ``Generator`` (shared with the caller, which
    may draw from it in between)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def integer(self, low: int, high: int, label: str = "") -> int:
        return int(self.rng.integers(low, high + 1))

    def choice(self, options: Sequence[T], label: str = "") -> T:
        if not options:
            raise IndexError("nothing to choose from")
        return options[int(self.rng.integers(len(options)))]


# ---------------------------------------------------------------- a call of an op


@dataclass(frozen=True)
class Drawn:
    """What one call is drawn from; ``cases.build(op, *drawn)`` makes its arrays."""

    dims: dict[str, int]
    attrs: dict[str, Any]
    seed: int
    dtype: DType | None


def sizes(ch: Chooser, op: Op) -> dict[str, int]:
    dims: dict[str, int] = {}
    for name, choices in op.sweep:
        dims[name] = ch.choice([int(e.evaluate(dims)) for e in choices], label=name)
    if not op.sweep:
        for d in op.dims:
            if not d.set_elsewhere:
                # Inside a constant lower bound (`min: 1`); bounds over other
                # dims are the sweep's to respect.
                low = UNSWEPT_DIMS[0]
                if isinstance(d.min, DimConst):
                    low = max(low, d.min.value)
                dims[d.name] = ch.integer(low, max(low, UNSWEPT_DIMS[1]), label=d.name)
    return dims


def totalled(op: Op) -> set[str]:
    """The dims a tensor of lengths or offsets totals."""
    return {t.values.total for t in op.tensors if t.values.total is not None}


def _range(a: Attr, dims: Mapping[str, int]) -> tuple[int | float, int | float]:
    """A scalar attribute's bounds in a call of these sizes: declared (int64's
    where it declares none), and its `at_most` over the dims."""
    low = a.min if a.min is not None else INT64_RANGE[0]
    high = a.max if a.max is not None else INT64_RANGE[1]
    if a.at_most is not None and set(a.at_most.refs()) <= set(dims):
        high = min(high, int(a.at_most.evaluate(dims)))
    return low, high


def _required(ch: Chooser, a: Attr, dims: Mapping[str, int]) -> int | float:
    """A value for a required attribute nothing else sets, inside its range."""
    if a.type is AttrType.FLOAT:
        return float(least_required(a, dims))
    low, high = _range(a, dims)
    lo, hi = max(int(low), REQUIRED_INT[0]), min(int(high), REQUIRED_INT[1])
    return ch.integer(lo, hi, label=a.name) if lo <= hi else int(max(low, min(high, 0)))


def least_required(a: Attr, dims: Mapping[str, int]) -> int | float | bool:
    """The value a fixed (not drawn) call gives a required attribute nothing
    else sets: the least of REQUIRED_INT inside its range, REQUIRED_FLOAT moved
    into it, False for a bool."""
    if a.type is AttrType.BOOL:
        return False
    low, high = _range(a, dims)
    if a.type is AttrType.FLOAT:
        return float(min(max(REQUIRED_FLOAT, low), high))
    return min(max(REQUIRED_INT[0], int(low)), int(high))


def element_bounds(a: Attr) -> tuple[int, int]:
    """The elements an int list accepts: its min and max, else its element type's."""
    default = INT64_RANGE if a.type is AttrType.INT64_LIST else INT32_RANGE
    low = int(a.min) if a.min is not None else default[0]
    high = int(a.max) if a.max is not None else default[1]
    return low, high


def least_list(a: Attr, length: int | None = None) -> list[int]:
    """An int list of `length` elements (None: its shortest, at least one),
    each the element nearest 0 inside its bounds."""
    low, high = element_bounds(a)
    if length is None:
        length = max(a.min_length or 0, 1)
        if a.max_length is not None:
            length = min(length, a.max_length)
    return [min(max(0, low), high)] * length


def int_list(ch: Chooser, a: Attr) -> list[int]:
    """An int list inside its bounds: a length from min_length up (at most
    max_length), each element either one of its bounds (a kernel must take
    them) or from LIST_ELEMENTS moved into them."""
    shortest = a.min_length or 0
    longest = shortest + LIST_LONGER
    if a.max_length is not None:
        longest = min(longest, a.max_length)
    length = ch.integer(shortest, longest, label=f"{a.name} length")
    low, high = element_bounds(a)
    lo = min(max(LIST_ELEMENTS[0], low), high)
    hi = max(min(LIST_ELEMENTS[1], high), lo)
    elements = []
    for index in range(length):
        pick = ch.integer(0, 5, label=f"{a.name}[{index}] kind")
        if pick == 0:
            elements.append(low)
        elif pick == 1:
            elements.append(high)
        else:
            elements.append(ch.integer(lo, hi, label=f"{a.name}[{index}]"))
    return elements


def attributes(ch: Chooser, op: Op, dims: Mapping[str, int]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    seeds, totals = spec.seed_attrs(op), totalled(op)
    for a in op.attrs:
        if a.name in dims:
            values[a.name] = dims[a.name]
        elif a.enum is not None:
            values[a.name] = ch.choice([value for _, value in a.enum.members], label=a.name)
        elif a.type is AttrType.BOOL:
            values[a.name] = ch.choice([False, True], label=a.name)
        elif a.is_list:
            values[a.name] = int_list(ch, a)
        elif a.name in seeds:
            values[a.name] = ch.integer(0, ATTR_SEEDS - 1, label=a.name)
        elif a.default is not None or spec.dim_of_attr(op, a.name) in totals:
            values[a.name] = a.default
        else:
            values[a.name] = _required(ch, a, dims)
    return values


def dtype(ch: Chooser, op: Op) -> DType | None:
    return ch.choice(op.dtype_vars[0].choices, label="dtype") if op.dtype_vars else None


def seed(ch: Chooser) -> int:
    return ch.integer(0, VALUE_SEEDS - 1, label="seed")


def size_values(ch: Chooser, op: Op, dims: dict[str, int], attrs: Mapping[str, Any]) -> None:
    """Each dim a tensor's value sets (``value_of``), into ``dims``: its min
    (0 if none), its max, or one in between, the max evaluated over the drawn
    sizes and the attributes' dims. Not one that a tensor of lengths totals
    (``cases.build`` sets it from them), nor one whose bound uses such a dim
    (``cases.build`` draws it once that is known). At most VALUE_SIZES past
    its min, so a bound over large dims does not make a huge output."""
    env = dict(dims)
    for d in op.dims:
        value = attrs.get(d.from_attr) if d.from_attr is not None else None
        if value is not None:
            env[d.name] = len(value) if isinstance(value, (list, tuple)) else int(value)
    totals = totalled(op)
    for d in op.dims:
        if d.value_of is None or d.max is None or d.name in dims or d.name in totals:
            continue
        if not set(d.max.refs()) <= set(env) or (d.min and not set(d.min.refs()) <= set(env)):
            continue
        low = int(d.min.evaluate(env)) if d.min is not None else 0
        high = min(int(d.max.evaluate(env)), low + VALUE_SIZES)
        if high < low:
            continue
        pick = ch.integer(0, 3, label=f"{d.name} kind")
        dims[d.name] = low if pick == 0 else high if pick == 1 else ch.integer(low, high, d.name)
        env[d.name] = dims[d.name]


def call(ch: Chooser, op: Op) -> Drawn:
    dims = sizes(ch, op)
    attrs = attributes(ch, op, dims)
    size_values(ch, op, dims, attrs)
    chosen = dtype(ch, op)
    return Drawn(dims, attrs, seed(ch), chosen)
