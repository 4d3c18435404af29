"""FastDeploy's calls of the ops (the specs' `fastdeploy:` sections) made from
valid cases: the positional arguments FastDeploy passes, and what FastDeploy
returns, checked against the op's own call on the same inputs. Shared by the
Python surface's tests and the pybind11 bindings' tests."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import paddle

import opforge
from codegen.model import Attr, FastDeployForm, Op, Role
from tests.harness import draw, spec
from tests.harness.calls import call_op, maybe_tensor
from tests.harness.cases import Case, base_case

# What FastDeploy passes for an argument opforge does not use: anything; an
# object no op could read proves it is not read.
UNUSED = object()


def forms() -> Iterator[tuple[Op, FastDeployForm]]:
    """Every (op, FastDeploy form) the project's specs declare."""
    for op in spec.project_ops():
        for form in op.fastdeploy:
            yield op, form


def form_id(pair: tuple[Op, FastDeployForm]) -> str:
    return f"{pair[1].backend}.{pair[0].name}"


def default_value(a: Attr) -> Any:
    """An attribute's default as a call passes it (an enum by its value, a list
    as a list): what it is when FastDeploy's call does not pass it."""
    default = a.enum.value_of(str(a.default)) if a.enum and a.default else a.default
    return list(default) if a.is_list else default


def as_fastdeploy_python(binding: Callable[..., Any], form: FastDeployForm) -> Callable[..., Any]:
    """A pybind11 binding as FastDeploy's Python sees it: its C++ functions
    return a vector (a list), which FastDeploy's GPU package unwraps when the
    form returns one tensor."""

    def call(*args: Any) -> Any:
        result = binding(*args)
        if not form.returns:
            return result
        assert isinstance(result, list) and len(result) == len(form.returns), result
        return result if form.returns_list else result[0]

    return call


def cases(op: Op, form: FastDeployForm, count: int) -> Iterator[Case]:
    """Valid cases of middling sizes whose attributes FastDeploy's call can
    state: those it does not pass keep their defaults (base_case's), the
    rest their drawn-free middling values. Every other case passes the
    tensors declared `unit_axis` as FastDeploy keeps them, [max_num_seqs, 1]."""
    for start in range(count):
        case = base_case(op, seeds=range(start * 100, start * 100 + 100))
        for a in op.attrs:
            if form.arg_of(a.name) is None:
                case.attrs[a.name] = default_value(a)
        case.unit_axes = start % 2 == 1
        yield case


def defaults_for_the_rest(op: Op, form: FastDeployForm, drawn: draw.Drawn) -> draw.Drawn:
    """A drawn call whose attributes FastDeploy's call does not pass are at
    their defaults, as they will be (with any dim such an attribute sets)."""
    attrs, dims = dict(drawn.attrs), dict(drawn.dims)
    for a in op.attrs:
        if form.arg_of(a.name) is not None:
            continue
        attrs[a.name] = default = default_value(a)
        for d in op.dims:
            if d.from_attr == a.name:
                dims[d.name] = len(default) if a.is_list else int(default)
    return draw.Drawn(dims, attrs, drawn.seed, drawn.dtype)


def positional(op: Op, form: FastDeployForm, case: Case) -> tuple[list[Any], dict[str, Any]]:
    """FastDeploy's positional arguments for `case` (fresh tensors), and the
    tensors among them by spec name."""
    tensors = {t.name: maybe_tensor(case.passed(t)) for t in spec.passed(op)}
    args = []
    for a in form.args:
        if a.source is None:
            args.append(UNUSED)
        elif a.source in tensors:
            args.append(tensors[a.source])
        elif a.value_of_tensor:  # the attribute's value in a one-element tensor
            args.append(paddle.to_tensor(np.array([case.attrs[a.source]], np.int64)))
        else:
            args.append(case.attrs[a.source])
    return args, tensors


def counter_seeded(op: Op, form: FastDeployForm) -> list[str]:
    """The scratch tensors whose draws (`fill: {uniform: ...}`) an attribute
    seeds that FastDeploy's call does not pass, in the order the entry fills
    them: at the attribute's default, -1, each fill takes the next value of the
    process-wide counter, so two calls draw differently."""
    return [
        t.name
        for t in op.tensors
        if t.fill is not None
        and form.arg_of(t.fill.seed_attr) is None
        and op.attr(t.fill.seed_attr).default == -1
    ]


def pin_counter_seeds(op: Op, form: FastDeployForm) -> dict[str, int]:
    """The seeds the next FastDeploy call will draw with, by attribute, for the
    op's own call to name, so that both calls draw alike. Exact when each such
    attribute seeds one scratch tensor (one of several gets the counter's next
    values in the FastDeploy call, the one named seed in the op's own)."""
    names = counter_seeded(op, form)
    if not names:
        return {}
    last = int(opforge._runtime.extension().next_counter_seed())
    seeds: dict[str, int] = {}
    for i, name in enumerate(names):
        fill = op.tensor(name).fill
        assert fill is not None
        seeds.setdefault(fill.seed_attr, last + 1 + i)
    return seeds


def _checked(on: bool) -> Any:
    return opforge.value_checked() if on else contextlib.nullcontext()


def own_call(
    op: Op, form: FastDeployForm, case: Case, checks: bool, seeds: dict[str, int] | None = None
) -> dict[str, np.ndarray]:
    """The op's own call on the case's inputs, with the attributes FastDeploy
    passes (the others at their defaults, but `seeds`, named): what it writes,
    by name."""
    tensors = {t.name: maybe_tensor(case.passed(t)) for t in spec.passed(op)}
    attrs = {a.name: case.attrs[a.name] for a in op.attrs if form.arg_of(a.name) is not None}
    attrs.update(seeds or {})
    with _checked(checks):
        got = call_op(op, {k: v for k, v in tensors.items() if v is not None}, attrs)
    return {t.name: g.numpy() for t, g in zip(spec.writes(op), got, strict=True)}


def check_call(
    op: Op,
    form: FastDeployForm,
    case: Case,
    function: Callable[..., Any],
    same_objects: bool,
    checks: bool = True,
) -> None:
    """FastDeploy's call of `function` on `case`: it returns what the form
    declares, holding what the op's own call writes; in-place tensors are
    updated as the op's own call updates them (and, with `same_objects`,
    returned as the caller's own tensors); or, where the op's own call is
    refused, refused with the same error. ``checks``: both calls in the
    value-checked mode (off for kernels that write no valid values)."""
    args, tensors = positional(op, form, case)
    seeds = pin_counter_seeds(op, form)  # the FastDeploy call, made next, draws with these
    try:
        want = own_call(op, form, case, checks, seeds)
    except opforge.OpError as refused:  # then FastDeploy's call is refused alike
        try:
            with _checked(checks):
                function(*args)
        except opforge.OpError as error:
            assert type(error) is type(refused) and str(error) == str(refused), (error, refused)
            return
        raise AssertionError(
            f"FastDeploy's call passed where the op's own raised {refused!r}"
        ) from refused
    with _checked(checks):
        result = function(*args)
    if not form.returns:
        assert result is None, f"{form.backend}.{op.name} returned {result!r}, FastDeploy None"
    elif form.returns_list:
        assert isinstance(result, list), f"{form.backend}.{op.name}: a list, not {type(result)}"
        assert len(result) == len(form.returns)
    else:
        assert not isinstance(result, (list, tuple)), f"{form.backend}.{op.name}: one tensor"
        result = [result]
    for name, got in zip(form.returns, result if form.returns else [], strict=True):
        np.testing.assert_array_equal(got.numpy(), want[name], err_msg=f"returned {name}")
        if same_objects and op.tensor(name).role is Role.INOUT:
            assert got is tensors[name], f"{name}: not the caller's tensor"
    for t in spec.passed(op):
        if t.role is Role.INOUT and tensors[t.name] is not None:
            np.testing.assert_array_equal(
                tensors[t.name].numpy(), want[t.name], err_msg=f"{t.name} updated in place"
            )
