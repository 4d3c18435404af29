"""Every op in opspec/ tested from its spec alone: valid inputs against the
reference on each backend, read-only inputs untouched and in-place outputs
aliased, the rejection matrix, the value-checked mode, the static graph, and
determinism. No per-op code: a new spec with kernels and a reference gets all
of this. Set OPFORGE_SPECS to run it over another spec directory."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import paddle
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import opforge
from codegen.cpp import shape_text
from codegen.model import AttrType, DimRef, DType, Op, Tensor
from tests import budgets
from tests.harness import draw, spec, valid
from tests.harness.calls import LAUNCHES, backend, call, static_inputs, to_tensors
from tests.harness.cases import Case, base_case, build, built
from tests.harness.counts import COUNTS
from tests.harness.dtypes import as_numbers, is_bfloat16, stored

OPS = spec.load_ops()
BACKENDS = [(op, b) for op in OPS for b in spec.backends(op)]
# Each op's share of the tier's per-push cases (tests/budgets.py, op_share).
VALID_CASES = budgets.CURRENT.op_share(budgets.CURRENT.valid_cases, len(OPS), floor=25)
DETERMINISM_CASES = budgets.CURRENT.op_share(budgets.CURRENT.determinism_cases, len(OPS), floor=3)
STATIC_GRAPH_CASES = budgets.CURRENT.op_share(budgets.CURRENT.static_graph_cases, len(OPS), floor=2)


def _snap(tensors: list[paddle.Tensor | None]) -> list[np.ndarray | None]:
    return [None if t is None else t.numpy().copy() for t in tensors]


def draw_case(data: st.DataObject, op: Op) -> Case:
    """One valid case: sizes, attributes, the dtype and a value seed, drawn by
    Hypothesis (so a failure is reported, and shrunk, by these draws)."""
    return built(op, draw.call(draw.HypothesisChooser(data), op))


# ---------------------------------------------------------------- valid inputs


# Tests that Hypothesis drives take the op's name, not its model: a failure
# report lists the arguments.
NAMED_BACKENDS = [(op.name, b) for op, b in BACKENDS]
NAMED_IDS = [f"{o}-{b}" for o, b in NAMED_BACKENDS]


@pytest.mark.parametrize("op_name,backend_name", NAMED_BACKENDS, ids=NAMED_IDS)
def test_valid_inputs_match_the_reference(op_name: str, backend_name: str) -> None:
    # A failing case is reported in a few lines with the command that replays
    # it; a case far past its siblings is warned about; the spec's coverage
    # minimums are checked (tests/harness/valid.py).
    valid.run(spec.op_named(op_name), backend_name, VALID_CASES)


def test_replayed_case(repro_file: Path) -> None:
    """The case of a repro file (`opforge-dev test OP --repro FILE`); only
    collected when pytest is given --repro."""
    valid.replay(repro_file)


@pytest.mark.parametrize("op_name,backend_name", NAMED_BACKENDS, ids=NAMED_IDS)
@settings(
    max_examples=DETERMINISM_CASES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_same_inputs_and_seed_give_the_same_outputs(
    op_name: str, backend_name: str, data: st.DataObject
) -> None:
    op = spec.op_named(op_name)
    case = draw_case(data, op)
    results = []
    for launch in LAUNCHES[backend_name]:
        with backend(backend_name, launch):
            results.append([t.numpy() for t in call(op, case, to_tensors(case))])
    for other in results[1:]:
        for a, b in zip(results[0], other, strict=True):
            np.testing.assert_array_equal(a, b, err_msg=case.describe())
    COUNTS[(op.name, f"determinism ({backend_name})")] += 1


# ---------------------------------------------------------------- bad inputs


def _base_case(op: Op, need: Tensor | None = None, form: int = 0) -> Case:
    """A valid case of middling sizes in which `need` is present (if optional),
    in its form `form` (if it has shape alternatives)."""
    return base_case(op, need, forms={need.name: form} if need is not None and need.forms else None)


def _expect_rejected(
    op: Op, case: Case, tensors: list[Any], error: type[Exception], *words: str
) -> None:
    """The call raises `error`, its message opens with the op's name and holds
    every word, and no tensor changed. A failure is reported in a few lines
    (what was expected, what came), not as a traceback through this helper."""
    before = _snap(tensors)
    wanted = f"{error.__name__} naming {', '.join(map(repr, words)) or 'the op'}"
    try:
        call(op, case, tensors)
    except error as raised:
        message = str(raised)
    except Exception as other:  # the wrong kind of error: say which
        _short_failure(op, wanted, f"{type(other).__name__}: {other}")
    else:
        _short_failure(op, wanted, "no error: the call was accepted")
    missing = [w for w in words if w not in message]
    if not message.startswith(f"{op.name}(): ") or missing:
        _short_failure(op, wanted, f"{error.__name__}: {message}")
    for t, tensor, old in zip(spec.passed(op), tensors, before, strict=True):
        if tensor is not None and not np.array_equal(tensor.numpy(), old, equal_nan=True):
            _short_failure(op, "a refused call writes nothing", f"{t.name} was modified")


def _inconsistent_size(op: Op, case: Case, t: Tensor, axis: int, delta: int) -> int | None:
    """A size of `t`'s axis, a few steps in `delta`'s direction, that makes
    the call inconsistent. An axis naming its dim alone binds it: the size
    must change the shape some other use of the dim gives (with `d // 2`
    elsewhere, d = 3 and d = 2 agree). None: no such size."""
    expr = t.shapes[case.form(t)][axis]
    size = spec.shape(t, case.dims, case.form(t))[axis]
    for step in range(1, 5):
        new = size + step * delta
        if new < 0:
            return None
        if not isinstance(expr, DimRef):
            return new  # a use, not a binding: any other size is wrong
        dims = {**case.dims, expr.name: new}
        for u in spec.passed(op):
            if case.arrays[u.name] is None:
                continue
            was = spec.shape(u, case.dims, case.form(u))
            now = spec.shape(u, dims, case.form(u))
            if u is t:  # its other axes (the changed one is the new binding)
                was, now = was[:axis] + was[axis + 1 :], now[:axis] + now[axis + 1 :]
            if was != now:
                return new
    return None


def _short_failure(op: Op, wanted: str, came: str) -> NoReturn:
    pytest.fail(f"{op.name}: expected {wanted}\n  got {came}", pytrace=False)


def _matrix(op: Op) -> list[tuple[Op, Tensor, str, int, int, int]]:
    """(op, tensor, kind, axis, delta, form) for every tensor: wrong dtype, wrong
    rank, each axis off by one (unless the axis alone defines its dim), missing;
    a tensor with shape alternatives in each of its forms."""
    cases = []
    for t in spec.passed(op):
        for form, shape in enumerate(t.shapes):
            cases.append((op, t, "dtype", 0, 0, form))
            cases.append((op, t, "rank", 0, 0, form))
            for axis, expr in enumerate(shape):
                # In a call, `t` comes in one form; another tensor's forms may all be uses.
                users = [
                    (u.name, a)
                    for u in spec.passed(op)
                    for s in ((shape,) if u is t else u.shapes)
                    for a, e in enumerate(s)
                    if isinstance(expr, DimRef) and expr.name in e.refs()
                ]
                if isinstance(expr, DimRef) and len(users) == 1:
                    continue  # the only use of its dim: any size is consistent
                cases += [(op, t, "axis", axis, -1, form), (op, t, "axis", axis, +1, form)]
            cases.append((op, t, "missing", 0, 0, form))
            cases.append((op, t, "strided", 0, 0, form))
    return cases


MATRIX = [c for op in OPS for c in _matrix(op)]
OTHER_DTYPE = {
    DType.INT64: "int32",
    DType.INT32: "int64",
    DType.FLOAT32: "float64",
    DType.BOOL: "int32",
    DType.FLOAT16: "float32",
    DType.BFLOAT16: "float32",
}


@pytest.mark.parametrize(
    "op,t,kind,axis,delta,form",
    MATRIX,
    ids=[
        f"{o.name}-{t.name}{f'-form{f}' if t.forms else ''}-{k}{f'{a}{d:+d}' if k == 'axis' else ''}"
        for o, t, k, a, d, f in MATRIX
    ],
)
def test_bad_tensor_is_rejected(
    op: Op, t: Tensor, kind: str, axis: int, delta: int, form: int
) -> None:
    case = _base_case(op, t, form)
    index = spec.passed_names(op).index(t.name)
    array = case.arrays[t.name]
    assert array is not None
    tensors = to_tensors(case)
    # The first tensor of a dtype set must have one of the set's dtypes; the
    # others, the dtype the first one bound.
    choices = spec.dtype_choices(t)
    if not spec.in_dtype_set(t):
        declared = choices[0].value
    elif (
        next(u for u in spec.passed(op) if u.dtype == t.dtype and case.arrays[u.name] is not None)
        is t
    ):
        declared = (
            choices[0].value
            if len(choices) == 1
            else ", ".join(d.value for d in choices[:-1]) + f" or {choices[-1].value}"
        )
    else:
        declared = f"{case.dtype_of(t).value} like"
    if kind == "dtype":
        wrong = "float64" if spec.in_dtype_set(t) else OTHER_DTYPE[choices[0]]
        tensors[index] = paddle.to_tensor(array.astype(wrong))
        _expect_rejected(
            op,
            case,
            tensors,
            opforge.OpTypeError,
            f"'{t.name}'",
            f"dtype {declared}",
            f"got {wrong}",
        )
    elif kind == "rank" and t.forms:
        # Axes of 1 up to a rank of no form (one more than the largest).
        extra = array.reshape(array.shape + (1,) * (max(map(len, t.forms)) + 1 - array.ndim))
        tensors[index] = paddle.to_tensor(extra)
        _expect_rejected(
            op,
            case,
            tensors,
            opforge.OpValueError,
            f"'{t.name}' must have one of the shapes",
            " or ".join(shape_text(s) for s in t.forms),
            f"got rank {extra.ndim}",
        )
    elif kind == "rank":
        # One axis more; for a unit_axis tensor, whose [..., 1] is valid, of size 2.
        extra = np.repeat(array[..., None], 2, axis=-1) if t.unit_axis else array[..., None]
        tensors[index] = paddle.to_tensor(extra)
        _expect_rejected(
            op,
            case,
            tensors,
            opforge.OpValueError,
            f"'{t.name}'",
            f"rank {len(t.shape)}",
            f"got rank {len(t.shape) + 1}",
            *(["or rank", "with a last axis of 1"] if t.unit_axis else []),
        )
    elif kind == "axis":
        shape = list(array.shape)
        size = _inconsistent_size(op, case, t, axis, delta)
        if size is None:
            pytest.skip("every size of the axis within 4 steps is consistent (or below 0)")
        shape[axis] = size
        tensors[index] = paddle.to_tensor(np.resize(array, shape).astype(array.dtype))
        _expect_rejected(op, case, tensors, opforge.OpValueError, t.name, "must be", "got")
    elif kind == "missing":
        tensors[index] = None
        if not t.optional or t.required_when:
            _expect_rejected(op, case, tensors, opforge.OpTypeError, f"'{t.name}' is required")
        else:
            pytest.skip("optional and never required")
    else:  # strided: a non-contiguous view of the same values
        if array.shape[-1] <= 1:
            pytest.skip("a stride on an axis of size 0 or 1 leaves the layout contiguous")
        wide = paddle.to_tensor(np.repeat(array, 2, axis=-1))
        view = wide[..., ::2]
        if view.is_contiguous():
            pytest.skip("this Paddle build copies strided slices")
        tensors[index] = view
        _expect_rejected(op, case, tensors, opforge.OpValueError, f"'{t.name}' must be contiguous")
    COUNTS[(op.name, f"bad tensor ({kind})")] += 1


def _bad_attrs(op: Op) -> list[tuple[Op, str, Any, str]]:
    found = []
    for a in op.attrs:
        if a.is_list:
            continue  # _bad_lists
        if a.enum is not None:
            found.append((op, a.name, max(v for _, v in a.enum.members) + 1, "must be one of"))
        if a.min is not None and a.type is not AttrType.FLOAT:
            found.append((op, a.name, int(a.min) - 1, f"must be >= {a.min}"))
        if a.max is not None and a.type is not AttrType.FLOAT:
            found.append((op, a.name, int(a.max) + 1, f"<= {a.max}"))
        if a.type is AttrType.INT:
            found.append((op, a.name, 2**31, "<= 2147483647"))
        if a.at_most is not None:
            bound = a.at_most.evaluate(_base_case(op).dims) + 1
            if a.max is None or bound <= a.max:
                found.append((op, a.name, bound, f"<= {a.at_most.render()}"))
    return found


BAD_ATTRS = [c for op in OPS for c in _bad_attrs(op)]


@pytest.mark.parametrize(
    "op,name,value,words", BAD_ATTRS, ids=[f"{o.name}-{n}={v}" for o, n, v, _ in BAD_ATTRS]
)
def test_bad_attribute_is_rejected(op: Op, name: str, value: Any, words: str) -> None:
    case = _base_case(op)
    case.attrs[name] = value
    _expect_rejected(
        op,
        case,
        to_tensors(case),
        opforge.OpValueError,
        f"attribute '{name}'",
        words,
        f"got {value}",
    )
    COUNTS[(op.name, "bad attribute")] += 1


def _bad_lists(op: Op) -> list[tuple[Op, str, str, Any, type[Exception], tuple[str, ...]]]:
    """(op, attribute, label, value, error, words) of each way an int list can
    be wrong: an element outside its bounds or past its type, too few or too many
    elements, an element or the whole of the wrong type."""
    found: list[tuple[Op, str, str, Any, type[Exception], tuple[str, ...]]] = []
    for a in op.attrs:
        if not a.is_list:
            continue
        valid = list(_base_case(op).attrs[a.name]) or draw.least_list(a, 1)
        at = f"attribute '{a.name}'"

        def bad(label: str, value: Any, error: type[Exception], *words: str) -> None:
            found.append((op, a.name, label, value, error, (at, *words)))  # noqa: B023

        if a.min is not None:
            below = int(a.min) - 1
            bad(
                "below-min",
                [below, *valid[1:]],
                opforge.OpValueError,
                "element 0",
                f">= {a.min}",
                f"got {below}",
            )
        if a.max is not None:
            above = int(a.max) + 1
            last = len(valid) - 1
            bad(
                "above-max",
                [*valid[:-1], above],
                opforge.OpValueError,
                f"element {last}",
                f"<= {a.max}",
                f"got {above}",
            )
        # One past what an element's type holds (int32, or int64 for an int64 list).
        past = 2**63 if a.type is AttrType.INT64_LIST else 2**31
        bad(
            "past-int64" if a.type is AttrType.INT64_LIST else "past-int32",
            [past, *valid[1:]],
            opforge.OpValueError,
            "element 0",
            f"<= {past - 1}",
            f"got {past}",
        )
        if a.min_length:
            short = valid[: a.min_length - 1]
            bad(
                "too-short",
                short,
                opforge.OpValueError,
                f"at least {a.min_length}",
                f"got {len(short)} elements",
            )
        if a.max_length is not None:
            long = (valid * (a.max_length + 1))[: a.max_length + 1]
            bad(
                "too-long",
                long,
                opforge.OpValueError,
                f"at most {a.max_length}",
                f"got {len(long)} elements",
            )
        bad(
            "float-element",
            [float(valid[0]), *valid[1:]],
            opforge.OpTypeError,
            "element 0 must be an int",
            "(float)",
        )
        bad(
            "bool-element",
            [True, *valid[1:]],
            opforge.OpTypeError,
            "element 0 must be an int",
            "(bool)",
        )
        bad(
            "numpy-float-element",
            [np.float32(valid[0]), *valid[1:]],
            opforge.OpTypeError,
            "element 0 must be an int",
            "numpy.float32",
        )
        bad("scalar", valid[0], opforge.OpTypeError, "must be a list or tuple of ints", "(int)")
        bad("string", "01", opforge.OpTypeError, "must be a list or tuple of ints", "(str)")
        bad(
            "array",
            np.array(valid),
            opforge.OpTypeError,
            "must be a list or tuple of ints",
            "numpy.ndarray",
        )
    return found


BAD_LISTS = [c for op in OPS for c in _bad_lists(op)]


@pytest.mark.parametrize(
    "op,name,label,value,error,words",
    BAD_LISTS,
    ids=[f"{o.name}-{n}-{lb}" for o, n, lb, *_ in BAD_LISTS],
)
def test_bad_int_list_is_rejected(
    op: Op, name: str, label: str, value: Any, error: type[Exception], words: tuple[str, ...]
) -> None:
    case = _base_case(op)
    case.attrs[name] = value
    _expect_rejected(op, case, to_tensors(case), error, *words)
    COUNTS[(op.name, "bad attribute")] += 1


@pytest.mark.parametrize(
    "op", [op for op in OPS if any(a.is_list for a in op.attrs)], ids=lambda o: o.name
)
def test_int_list_takes_tuples_and_numpy_integers(op: Op) -> None:
    """A tuple, and NumPy integer elements, give what the same list of Python ints gives."""
    case = _base_case(op)
    expected = [t.numpy() for t in call(op, case, to_tensors(case))]
    for convert in (
        tuple,
        lambda v: [np.int64(e) for e in v],
        lambda v: tuple(np.int32(e) for e in v),
    ):
        other = dataclasses.replace(
            case,
            attrs={k: convert(v) if op.attr(k).is_list else v for k, v in case.attrs.items()},
        )
        got = [t.numpy() for t in call(op, other, to_tensors(other))]
        for a, b in zip(expected, got, strict=True):
            np.testing.assert_array_equal(a, b)
    COUNTS[(op.name, "int list forms")] += 1


DIM_BOUNDS = [
    (op, d.name, label)
    for op in OPS
    for d in op.dims
    for label, bound in (("min", d.min), ("max", d.max))
    if bound is not None
]


@pytest.mark.parametrize(
    "op,dim,label", DIM_BOUNDS, ids=[f"{o.name}-{d}-{lb}" for o, d, lb in DIM_BOUNDS]
)
def test_dim_outside_its_bounds_is_rejected(op: Op, dim: str, label: str) -> None:
    base = _base_case(op)
    spec = next(d for d in op.dims if d.name == dim)
    bound = spec.min if label == "min" else spec.max
    assert bound is not None
    dims = {name: base.dims[name] for name, _ in op.sweep if name in base.dims}
    dims[dim] = bound.evaluate(base.dims) + (-1 if label == "min" else 1)
    case = build(op, dims, dict(base.attrs), 0, base.dtype)
    _expect_rejected(op, case, to_tensors(case), opforge.OpValueError, f"dim '{dim}' must be")
    COUNTS[(op.name, "dim bound")] += 1


def _bad_size_values(op: Op) -> list[tuple[Op, str, str, int]]:
    """(op, dim, label, value) of each hostile value of a tensor that sets a
    dim (`value_of:`): negative, one past its bound, and the extremes of the
    tensor's dtype (a huge allocation if it were believed)."""
    found = []
    base = _base_case(op) if any(d.value_of for d in op.dims) else None
    for d in op.dims:
        if d.value_of is None or d.max is None or base is None:
            continue
        info = np.iinfo(np.int32 if op.tensor(d.value_of).dtype is DType.INT32 else np.int64)
        bound = d.max.evaluate(base.dims)
        for label, value in (
            ("-1", -1),
            ("past its bound", bound + 1),
            ("the dtype's maximum", int(info.max)),
            ("the dtype's minimum", int(info.min)),
        ):
            found.append((op, d.name, label, value))
    return found


BAD_SIZE_VALUES = [c for op in OPS for c in _bad_size_values(op)]


@pytest.mark.parametrize(
    "op,dim,label,value",
    BAD_SIZE_VALUES,
    ids=[f"{o.name}-{d}-{lb}" for o, d, lb, _ in BAD_SIZE_VALUES],
)
def test_size_value_outside_its_bounds_is_rejected(
    op: Op, dim: str, label: str, value: int
) -> None:
    """A tensor's value that sets a dim is refused outside [0, max] (or past
    the dim limit) before anything is allocated or written, naming the dim,
    the value and the tensor."""
    case = _base_case(op)
    d = next(d for d in op.dims if d.name == dim)
    assert d.value_of is not None and d.max is not None
    array = case.arrays[d.value_of]
    assert array is not None
    array[...] = value
    bound = d.max.evaluate(case.dims)
    # Which limit: below 0, above the spec's bound, or (a bound past it) the dim limit.
    want = ">= 0" if value < 0 else f"<= {d.max.render()}" if value > bound else "past the limit"
    _expect_rejected(
        op,
        case,
        to_tensors(case),
        opforge.OpValueError,
        f"dim '{dim}' ",
        want,
        f"got {value} (the value of argument '{d.value_of}')",
    )
    COUNTS[(op.name, "bad size value")] += 1


# ---------------------------------------------------------------- value domains


def _number(element: Any, array: np.ndarray) -> float:
    """The value one element of `array`'s dtype holds (bfloat16 bits decoded)."""
    return float(as_numbers(np.array([element], array.dtype))[0])


def _beyond(bound: float, array: np.ndarray, up: bool) -> Any:
    """An element of `array`'s dtype strictly above (or below) `bound`: the
    nearest step that survives the dtype's rounding (bfloat16 holds 8 bits of
    mantissa: bound + 0.5 is bound again past 256)."""
    floats = array.dtype.kind == "f" or is_bfloat16(array)
    for step in (0.5, 1, abs(bound) / 64 + 1, abs(bound) / 4 + 1) if floats else (1,):
        element = stored(bound + step if up else bound - step, array)
        if _number(element, array) > bound if up else _number(element, array) < bound:
            return element
    raise AssertionError(f"no {array.dtype} element is {'above' if up else 'below'} {bound}")


def _domain_violations(op: Op) -> list[tuple[Op, Tensor, str]]:
    found = []
    for t in spec.passed(op):
        v = t.values
        if v.min is not None or v.above is not None:
            found.append((op, t, "below"))
        if v.max is not None:
            found.append((op, t, "above"))
        if v.prefix_sum_of is not None:
            found.append((op, t, "prefix_sum"))
        elif v.total is not None:
            found.append((op, t, "total"))
        if v.probability_rows:
            found.append((op, t, "probability"))
    return found


VIOLATIONS = [c for op in OPS for c in _domain_violations(op)]


@pytest.mark.parametrize(
    "op,t,how", VIOLATIONS, ids=[f"{o.name}-{t.name}-{h}" for o, t, h in VIOLATIONS]
)
def test_value_outside_the_domain_is_rejected_in_value_checked_mode(
    op: Op, t: Tensor, how: str
) -> None:
    case = _base_case(op, t)
    array = case.arrays[t.name]
    assert array is not None and array.size > 0, f"{t.name} is empty in the base case"
    flat = array.reshape(-1)
    v = t.values
    words = [t.name, "outside its domain"]
    if how in ("below", "above"):
        end = (v.above if v.above is not None else v.min) if how == "below" else v.max
        assert end is not None
        bound = spec.evaluate(end, case.env)  # over the call's dims and int attributes
        if how == "below":
            at_bound = stored(bound, array)
            strict = v.above is not None and _number(at_bound, array) <= bound
            flat[0] = at_bound if strict else _beyond(bound, array, up=False)
        else:
            flat[0] = _beyond(bound, array, up=True)
        # The message spells the bound as the spec writes it, then its value in
        # this call, and the offending element (unless a prefix sum over this
        # tensor, checked first, is what no longer holds).
        if not any(o.values.prefix_sum_of == t.name for o in op.tensors):
            if not isinstance(end, (int, float)):
                words.append(f"{end.render()} = ")
            if array.dtype.kind == "i":
                words.append(f"{t.name}[0] = {int(flat[0])} is outside")
    elif how in ("prefix_sum", "total"):
        flat[-1] += 1
    else:
        flat[0] = stored(1.5, array)
    with opforge.value_checked():
        _expect_rejected(op, case, to_tensors(case), opforge.OpValueError, *words)
    COUNTS[(op.name, "value domain")] += 1


# ---------------------------------------------------------------- static graph


@pytest.mark.parametrize("op_name", [op.name for op in OPS])
@settings(
    max_examples=STATIC_GRAPH_CASES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_static_graph_matches_inference_and_eager(op_name: str, data: st.DataObject) -> None:
    op = spec.op_named(op_name)
    # Declared shapes: the static program feeds them (the unit axis is eager's case).
    case = dataclasses.replace(draw_case(data, op), unit_axes=False)
    # Paddle hands a custom op an empty optional input as None (a Paddle limitation,
    # documented in docs/api-contract.md), so such calls are not static-graph cases.
    assume(
        all(
            a is None or a.size > 0
            for t, a in zip(spec.passed(op), case.arrays.values(), strict=True)
            if t.optional
        )
    )
    eager = [t.numpy() for t in call(op, case, to_tensors(case))]
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            args, feeds = static_inputs(op, case.arrays)
            outs = call(op, case, args)
            for t, value in zip(spec.writes(op), outs, strict=True):
                assert list(value.shape) == spec.inferred_shape(op, t, case.dims), (
                    f"{t.name}: inferred shape"
                )
                assert str(value.dtype).split(".")[-1] == case.dtype_of(t).value, (
                    f"{t.name}: inferred dtype"
                )
        fetched = paddle.static.Executor(paddle.CPUPlace()).run(
            program, feed=feeds, fetch_list=list(outs)
        )
    finally:
        paddle.disable_static()
    for a, b in zip(fetched, eager, strict=True):
        np.testing.assert_array_equal(a, b, err_msg=case.describe())
    COUNTS[(op.name, "static graph")] += 1
    for name, form in case.forms.items():  # shape inference reads each form's dims
        COUNTS[(op.name, f"static graph with {name} in form {form}")] += 1


def test_every_op_names_a_reference_and_sweeps_its_dims() -> None:
    for op in OPS:
        assert op.reference, f"{op.source}: add 'reference:'"
        assert op.sweep, f"{op.source}: add 'sweep:'"
