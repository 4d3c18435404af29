"""The test harness library's own tests (tests/harness/): the questions it
answers come from the model and its calling conventions, its one dtype map
covers every dtype, its drawer gives the same draws from a seed and only
valid ones, and the calls it builds are inside every declared domain. Nothing
here needs a build."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen import api
from codegen.model import DType, Op, Role
from codegen.parse import load_spec
from tests import ROOT
from tests.harness import cpp, draw, spec
from tests.harness.cases import base_case, build, built, middling, with_every_tensor
from tests.harness.domains import violations
from tests.harness.dtypes import (
    NUMPY,
    as_float32,
    element_bytes,
    encode,
    from_bfloat16_bits,
    paddle_dtype,
    to_bfloat16_bits,
)
from tests.ops.hostile_values.cases import attacks

OPS = spec.project_ops()


def _ids(op: Op) -> str:
    return op.name


# ---------------------------------------------------------------- what an op writes and takes


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_writes_are_the_in_place_tensors_then_the_new_outputs_in_spec_order(op: Op) -> None:
    writes = spec.writes(op)
    assert writes == tuple(t for t in op.tensors if t.role is Role.INOUT) + tuple(
        t for t in op.tensors if t.role is Role.OUTPUT
    )
    assert set(spec.in_place(op)) | set(spec.new_outputs(op)) == set(writes)
    assert not set(spec.in_place(op)) & set(spec.new_outputs(op))
    assert all(t.is_argument for t in spec.in_place(op))
    assert not any(t.is_argument for t in spec.new_outputs(op))
    # A kernel may write what the call returns and workspace scratch, nothing else.
    may_write = {t.name for t in op.tensors if spec.kernel_may_write(t)}
    workspace = {t.name for t in op.tensors if spec.is_scratch(t) and t.fill is None}
    assert may_write == set(spec.written_names(op)) | workspace


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_orders_come_from_the_calling_conventions(op: Op) -> None:
    python = api.python(op)
    tensors = [p.name for p in python.params if p.kind is api.Kind.TENSOR]
    assert list(spec.python_order(op)) == tensors
    # Required tensors first (positional), then the optional ones (keyword-only).
    assert list(spec.positional(op)) == [t.name for t in spec.passed(op) if not t.optional]
    assert sorted(spec.python_order(op)) == sorted(spec.passed_names(op))
    # run() takes the caller's tensors and the new outputs; scratch is made inside.
    run = [p.name for p in api.run(op).params if p.kind is api.Kind.TENSOR]
    assert [t.name for t in spec.run_tensors(op)] == run
    assert set(run) == {t.name for t in op.tensors if not spec.is_scratch(t)}


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_a_tensor_has_its_own_dtype_or_the_one_chosen_for_its_set(op: Op) -> None:
    for chosen in spec.op_dtypes(op):
        for t in op.tensors:
            dtype = spec.dtype_of(t, chosen)
            assert dtype in spec.dtype_choices(t)
            assert dtype == (chosen if spec.in_dtype_set(t) else t.dtype)
        assert spec.dtype_index(op, chosen) == spec.op_dtypes(op).index(chosen)
    if op.dtype_vars:
        t = next(t for t in op.tensors if spec.in_dtype_set(t))
        with pytest.raises(ValueError, match="must choose"):
            spec.dtype_of(t, None)


# ---------------------------------------------------------------- the one dtype map


def test_every_dtype_has_one_numpy_dtype() -> None:
    assert set(NUMPY) == set(DType)
    assert NUMPY[DType.BFLOAT16] is np.uint16  # bit patterns, as the references take them
    sizes = {"bool": 1, "int32": 4, "int64": 8, "float32": 4, "float16": 2, "bfloat16": 2}
    assert {d.value: element_bytes(d) for d in DType} == sizes


def test_bfloat16_bits_round_to_nearest_even_and_decode_exactly() -> None:
    values = np.array([0.0, 1.0, -2.5, 65504.0, 1.00390625, 1.01171875], np.float32)
    bits = to_bfloat16_bits(values)
    assert bits.dtype == np.uint16
    # 65504 rounds up to 2^16; 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: to the
    # even one, 1; 1 + 3 * 2^-8 halfway between 1 + 2^-7 and 1 + 2^-6: to the even one.
    assert from_bfloat16_bits(bits).tolist() == [0.0, 1.0, -2.5, 65536.0, 1.0, 1.015625]
    assert np.array_equal(as_float32(bits), from_bfloat16_bits(bits))
    assert paddle_dtype(bits) == "bfloat16" and paddle_dtype(values) == "float32"
    for dtype in DType:
        encoded = encode([0, 1, 4], dtype)
        assert encoded.dtype == NUMPY[dtype]
        assert as_float32(encoded).astype(np.float64).tolist() == (
            [0, 1, 1] if dtype is DType.BOOL else [0, 1, 4]
        )


# ---------------------------------------------------------------- the drawer


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_a_seeded_draw_is_a_function_of_its_seed(op: Op) -> None:
    for seed in range(5):
        first = draw.call(draw.NumpyChooser(np.random.default_rng(seed)), op)
        again = draw.call(draw.NumpyChooser(np.random.default_rng(seed)), op)
        assert first == again
        assert draw.call(draw.RandomChooser(seed), op) == draw.call(draw.RandomChooser(seed), op)


def test_the_numpy_chooser_draws_as_the_generator_does() -> None:
    """A case drawn from a shared generator is the same whoever draws it: the
    chooser takes from the generator exactly what integers() would."""
    ch, rng = draw.NumpyChooser(np.random.default_rng(3)), np.random.default_rng(3)
    assert ch.integer(0, 2**31 - 1) == int(rng.integers(2**31))
    assert ch.choice(["a", "b", "c"]) == ["a", "b", "c"][int(rng.integers(3))]
    assert ch.integer(5, 5) == 5 and int(rng.integers(5, 6)) == 5


def _check_drawn(op: Op, drawn: draw.Drawn) -> None:
    for name, choices in op.sweep:
        options = [int(e.evaluate(drawn.dims)) for e in choices]
        assert drawn.dims[name] in options, (name, drawn.dims)
    for a in op.attrs:
        value = drawn.attrs[a.name]
        if a.enum is not None:
            assert value in [v for _, v in a.enum.members]
        elif a.name in spec.seed_attrs(op):
            assert 0 <= value < draw.ATTR_SEEDS
    assert drawn.dtype in spec.op_dtypes(op)
    assert 0 <= drawn.seed < draw.VALUE_SEEDS


@pytest.mark.parametrize("op", OPS, ids=_ids)
@settings(max_examples=20, derandomize=True, deadline=None)
@given(data=st.data())
def test_hypothesis_draws_what_a_seeded_run_draws_from(op: Op, data: st.DataObject) -> None:
    _check_drawn(op, draw.call(draw.HypothesisChooser(data), op))
    _check_drawn(op, draw.call(draw.NumpyChooser(np.random.default_rng(0)), op))


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_an_op_without_a_sweep_draws_small_dims(op: Op) -> None:
    """A drawn spec has no sweep: its dims come from UNSWEPT_DIMS, and an
    attribute without a default that nothing else sets from its range."""
    bare = dataclasses.replace(op, sweep=())
    for seed in range(5):
        drawn = draw.call(draw.RandomChooser(seed), bare)
        low, high = draw.UNSWEPT_DIMS
        assert all(low <= drawn.dims[d.name] <= high for d in op.dims if d.from_attr is None)
        for a in op.attrs:
            value = drawn.attrs[a.name]
            if value is not None and a.enum is None:
                assert a.min is None or value >= a.min, (a.name, value)
                assert a.max is None or value <= a.max, (a.name, value)


def test_a_fixed_call_gives_a_required_attribute_a_value_in_its_range() -> None:
    """An attribute without a default that no sweep sets (FastDeploy's required
    ones, as `opforge-dev import` drafts them) is not passed as None by the
    fixed calls the rejection tests start from: they would fail on it, not on
    what they test."""
    checked = 0
    for op in OPS:
        for a in op.attrs:
            if a.enum is not None or a.is_list or spec.dim_of_attr(op, a.name) is not None:
                continue
            required = dataclasses.replace(a, default=None)
            bare = dataclasses.replace(
                op,
                attrs=tuple(required if x is a else x for x in op.attrs),
                sweep=tuple((k, v) for k, v in op.sweep if k != a.name),
            )
            value = middling(bare)[1][a.name]
            assert value is not None, (op.name, a.name)
            assert a.min is None or value >= a.min, (op.name, a.name, value)
            assert a.max is None or value <= a.max, (op.name, a.name, value)
            base_case(bare)  # a valid call is built with it
            checked += 1
    assert checked >= 5


# ---------------------------------------------------------------- valid calls


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_built_calls_lie_inside_every_declared_domain(op: Op) -> None:
    rng = random.Random(op.name)
    for _ in range(10):
        case = built(op, draw.call(draw.RandomChooser(rng.randrange(2**32)), op))
        assert list(case.arrays) == list(spec.passed_names(op))
        for t in spec.passed(op):
            array = case.arrays[t.name]
            if array is None:
                assert not spec.required(op, t, case.attrs), t.name
                continue
            assert array.shape == case.shape(t), t.name
            assert array.dtype == NUMPY[case.dtype_of(t)], t.name
            arrays = dict(case.arrays)
            assert not violations(t, t.values, array, case.env, arrays), case.describe()


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_the_ordinary_calls_every_suite_starts_from(op: Op) -> None:
    dims, attrs = middling(op)
    assert build(op, dims, dict(attrs), 0).dims.items() >= dims.items()
    everything = with_every_tensor(op)
    assert all(a is not None for a in everything.arrays.values())
    assert not everything.unit_axes
    for t in spec.passed(op):
        if t.optional and t.required_when:
            assert base_case(op, t).arrays[t.name] is not None


# ---------------------------------------------------------------- C++ harnesses


@pytest.mark.parametrize("op", OPS, ids=_ids)
def test_harness_arguments_take_the_parameters_own_types(op: Op) -> None:
    entry = api.run(op)
    dtype = cpp.first_dtype(op)
    values = cpp.attr_values(op, {d.name: 2 for d in op.dims})
    assert set(values) == {a.name for a in op.attrs}
    scope = {"ctx": "ctx"} | {d.name: "2" for d in op.dims} | values | cpp.form_values(op)
    for p in cpp.tensor_params(entry):
        argument = cpp.buffer(p, dtype, "memory", 4)
        assert argument.startswith(p.type.render(dtype) + "{")
        scope[p.name] = argument
    call = entry.call(scope, cpp.template_args(dtype))
    assert call.startswith("run<" if op.dtype_vars else "run(")
    stubs = cpp.aborting_kernels(op)
    assert stubs.count("std::abort()") == sum(
        bool(k.direct_backend) + sum(x.built for x in k.launchers) for k in spec.kinds(op)
    )


# ---------------------------------------------------------------- rows the kernel decides


def _gather() -> Op:
    path = ROOT / "tests" / "fixtures" / "example_op" / "opspec" / "gather_nonzero_rows.yaml"
    return load_spec(path, ROOT)


def test_a_rows_output_is_cut_to_its_count_and_inferred_dynamic() -> None:
    op = _gather()
    dims = {"n": 4, "w": 3}
    out = np.arange(12, dtype=np.float32).reshape(4, 3)
    cut, problems = spec.written_rows(op, dims, {"out": out, "count": np.array([2], np.int32)})
    assert problems == [] and cut["out"].shape == (2, 3)
    np.testing.assert_array_equal(cut["out"], out[:2])
    assert cut["count"].tolist() == [2]
    assert spec.inferred_shape(op, op.tensor("out"), dims) == [-1, 3]
    assert spec.inferred_shape(op, op.tensor("count"), dims) == [1]


@pytest.mark.parametrize("count", [-1, 5, 2**31 - 1])
def test_a_count_outside_the_declared_rows_is_a_problem(count: int) -> None:
    op = _gather()
    out = np.zeros((4, 3), np.float32)
    outputs = {"out": out, "count": np.array([count], np.int32)}
    cut, problems = spec.written_rows(op, {"n": 4, "w": 3}, outputs)
    assert problems == [f"count = {count} rows of out, outside [0, 4]"]
    assert cut["out"] is out  # not cut: the op refuses it


# ---------------------------------------------------------------- sizes a tensor holds

VALUE_SPEC = """\
op: value_sized
kernels: [cpu]
doc: an output sized by the value of a [1] tensor
dims:
  n: slots
  k: {doc: tokens, value_of: count, max: 4 * n}
tensors:
  - {name: lens, dtype: int32, shape: [n], doc: lengths}
  - {name: count, dtype: int32, shape: [1], doc: the token count}
  - {name: out, dtype: int64, shape: [k + 1], role: out, doc: one more than the tokens}
sweep:
  n: [0, 1, 3, 8]
reference: value_sized
"""


def test_a_value_dim_is_drawn_inside_its_bound_and_written_into_its_tensor(
    tmp_path: Path,
) -> None:
    (tmp_path / "value_sized.yaml").write_text(VALUE_SPEC, encoding="utf-8")
    op = load_spec(tmp_path / "value_sized.yaml", tmp_path)
    seen = set()
    for seed in range(60):
        case = built(op, draw.call(draw.RandomChooser(seed), op))
        k, bound = case.dims["k"], 4 * case.dims["n"]
        assert 0 <= k <= bound, case.describe()
        assert case.arrays["count"] is not None and case.arrays["count"].tolist() == [k]
        assert case.arrays["count"].dtype == np.int32
        passed = case.passed(op.tensor("count"))
        assert passed is not None and passed.shape == (() if case.scalar_sizes else (1,))
        seen.add("0" if k == 0 else "bound" if k == bound else "between")
        assert spec.inferred_shape(op, op.tensor("out"), case.dims) == [-1]
    assert seen == {"0", "bound", "between"}
    # A size a test forces (past the bound) is what the tensor holds.
    forced = build(op, {"n": 2, "k": 9}, {}, 0)
    assert forced.arrays["count"] is not None and forced.arrays["count"].tolist() == [9]


def test_a_value_dim_a_tensor_of_lengths_totals_is_their_sum() -> None:
    path = ROOT / "tests" / "fixtures" / "example_op" / "opspec" / "remove_padding.yaml"
    op = load_spec(path, ROOT)
    for seed in range(20):
        case = built(op, draw.call(draw.RandomChooser(seed), op))
        lens = case.arrays["seq_lens"]
        assert lens is not None and case.arrays["token_num"] is not None
        assert case.arrays["token_num"].tolist() == [int(lens.sum())] == [case.dims["num_tokens"]]


# ---------------------------------------------------------------- bounds over attributes

BOUNDED_SPEC = """\
op: bounded_by_attributes
kernels: [cpu]
doc: token ids below a vocabulary size the caller passes, offsets inside a width times the slots
dims:
  n: slots
tensors:
  - {name: ids, dtype: int64, shape: [n], role: inout, doc: ids, values: {min: 0, max: vocab - 1}}
  - name: offsets
    dtype: int32
    shape: [n]
    doc: offsets
    values: {min: 0, max: n * width, sample: [0, width + 1]}
attrs:
  - {name: vocab, type: int, min: 1, doc: "the vocabulary size (required, not swept)"}
  - {name: width, type: int64, min: 0, max: 64, default: 5, doc: a width}
sweep:
  n: [1, 3, 8]
reference: bounded_by_attributes
"""


def test_values_are_drawn_inside_bounds_over_attributes_and_pushed_past_them(
    tmp_path: Path,
) -> None:
    """A bound naming attributes (neither swept nor a dim) is evaluated with the
    case's attribute values: valid values lie inside it and reach its end,
    the domain check reads it, and the hostile values pass it."""
    (tmp_path / "bounded_by_attributes.yaml").write_text(BOUNDED_SPEC, encoding="utf-8")
    op = load_spec(tmp_path / "bounded_by_attributes.yaml", tmp_path)
    ids, offsets = op.tensor("ids"), op.tensor("offsets")
    reached = set()
    for seed in range(40):
        case = built(op, draw.call(draw.RandomChooser(seed), op))
        vocab, n = case.attrs["vocab"], case.dims["n"]
        assert "vocab" not in case.dims and case.env["vocab"] == vocab, case.describe()
        got = case.arrays["ids"]
        assert got is not None and 0 <= got.min() and got.max() <= vocab - 1, case.describe()
        reached |= {vocab} if got.max() == vocab - 1 else set()
        drawn = case.arrays["offsets"]
        assert drawn is not None and drawn.max() <= min(n * 5, 6), case.describe()
        for t in (ids, offsets):
            array = case.arrays[t.name]
            assert array is not None
            assert not violations(t, t.values, array, case.env, dict(case.arrays))
        past = got.copy()
        past[0] = vocab
        assert violations(ids, ids.values, past, case.env, {}) == [
            f"ids[0] = {vocab} is not <= {float(vocab - 1)}"
        ]
        ways = dict(attacks(op, ids, DType.INT64, case.env))
        pushed = got.copy()
        ways["ids: above its maximum (every element)"](pushed, np.random.default_rng(0))
        assert (pushed == vocab).all(), case.describe()
    assert len(reached) > 1  # the top id of several vocabulary sizes
