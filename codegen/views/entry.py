"""The framework-free entry's view (generated/entry/<op>.h and .cc): run()
checks every buffer, dim and attribute, then reaches the kernel of the
context's backend, directly or through a kind's launcher."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from codegen import api
from codegen.api import Signature
from codegen.cpp import (
    ACCESS,
    MEMORY,
    alloc_check,
    count_cpp,
    dim_cpp,
    elem,
    guarded,
    number,
    shapes_text,
    tensor_count_cpp,
    tensor_numel_text,
    tparam,
)
from codegen.escape import cpp_string
from codegen.kinds import KINDS, KernelKind, kinds_of
from codegen.model import Bound, Dim, DTypeVar, Op, Role, Tensor, Values
from codegen.views.common import dim_known, form_names, range_check, required_cpp, required_text


def device_backends() -> tuple[str, ...]:
    """The opforge::Backend enumerators whose buffers are in device memory:
    every launcher of every kind that runs on a device."""
    return tuple(la.backend.enumerator for k in KINDS for la in k.launchers if la.device_memory)


def on_host() -> str:
    """C++ condition in run(): every buffer is in host memory."""
    return " && ".join(f"ctx.backend != opforge::Backend::{b}" for b in device_backends())


def on_device() -> str:
    return " || ".join(f"ctx.backend == opforge::Backend::{b}" for b in device_backends())


@dataclass(frozen=True)
class LauncherDecl:
    comment: tuple[str, ...]  # its comment's lines
    defn: str
    guard: str  # a macro it is only declared under ("" if always)


@dataclass(frozen=True)
class Dispatch:
    """One case of run()'s switch over the context's backend."""

    backend: str  # opforge::Backend enumerator
    call: str  # the statement (no ';')
    guard: str
    setup: tuple[str, ...] = ()  # statements before it: the kernel's argument struct, by name


@dataclass(frozen=True)
class Scratch:
    name: str
    elem: str
    alloc_check: str  # C++ expression: the checked element count
    fill: str  # C++ statement filling it ("" if the kernel fills it)


@dataclass(frozen=True)
class EntryView:
    name: str
    source: str
    check_attrs: Signature
    run: Signature
    launchers: tuple[LauncherDecl, ...]
    range_checks: tuple[str, ...]  # check_attrs(): the attributes' declared ranges
    unchecked_attrs: tuple[str, ...]  # ...and the attributes it has nothing to check of
    check_attrs_call: str
    dims: tuple[str, ...]
    form_checks: tuple[str, ...]  # statements: each form parameter names a form
    dim_checks: tuple[str, ...]  # statements: dims' declared bounds, attributes bounded by dims
    buffer_checks: tuple[str, ...]
    overlap_check: str
    host_value_checks: tuple[str, ...]  # the value-checked mode, on host memory only
    device_value_checks: tuple[str, ...]  # ...on memory that is on the device on a device backend
    on_host: str
    scratch: tuple[Scratch, ...]
    dispatch: tuple[Dispatch, ...]
    host_after_checks: tuple[str, ...]
    device_after_checks: tuple[str, ...]
    dtype_var: str
    run_instances: tuple[str, ...]


def entry_view(op: Op) -> EntryView:
    run = api.run(op)
    kinds = kinds_of(op.kernels)
    names = {d.name: d.name for d in op.dims} | form_names(op) | {a.name: a.name for a in op.attrs}
    check_attrs = api.check_attrs(op)
    buffers = [*op.arguments, *op.new_outputs]
    arguments = [t for t in op.tensors if t.is_argument]
    return EntryView(
        name=op.name,
        source=op.source,
        check_attrs=check_attrs,
        run=run,
        launchers=tuple(
            LauncherDecl(
                tuple(textwrap.wrap(launcher.doc.format(op=op.name), 77)),
                api.launch(op, launcher).defn(),
                launcher.guard,
            )
            for kind in kinds
            for launcher in kind.launchers
        ),
        range_checks=tuple(c for a in op.attrs if (c := range_check(op, a))),
        unchecked_attrs=tuple(a.name for a in op.attrs if not range_check(op, a)),
        check_attrs_call=check_attrs.call(names),
        dims=tuple(d.name for d in op.dims),
        form_checks=tuple(
            f'opforge::check_form(kOp, "{t.name}", {t.form_field}, {len(t.forms)}, '
            f"{cpp_string(shapes_text(t))});"
            for t in op.tensors
            if t.forms
        ),
        dim_checks=tuple(c for d in op.dims for c in _dim_bounds(op, d))
        + tuple(
            f'opforge::check_attr_at_most(kOp, "{a.name}", {a.name}, {dim_cpp(a.at_most)}, '
            f"{cpp_string(a.at_most.render())});"
            for a in op.attrs
            if a.at_most is not None
        )
        + tuple(
            f'opforge::check_list_dim(kOp, "{d.from_attr}", {d.from_attr}.size, "{d.name}", '
            f"{d.name});"
            for d in op.dims
            if d.from_attr is not None and op.attr(d.from_attr).is_list
        ),
        buffer_checks=tuple(_buffer_check(op, t) for t in buffers),
        overlap_check=_overlap_check(op),
        host_value_checks=tuple(
            c for t in arguments if not _reads_device(op, t, t.values) for c in _values(op, t)
        ),
        device_value_checks=tuple(
            c for t in arguments if _reads_device(op, t, t.values) for c in _values(op, t)
        ),
        on_host=on_host(),
        scratch=tuple(_scratch(t) for t in op.tensors if t.role is Role.SCRATCH),
        dispatch=tuple(d for kind in kinds for d in _dispatch(op, kind)),
        host_after_checks=tuple(
            c for t in op.tensors if not _reads_device(op, t, t.after) for c in _after(op, t)
        ),
        device_after_checks=tuple(
            c for t in op.tensors if _reads_device(op, t, t.after) for c in _after(op, t)
        ),
        dtype_var=tparam(op),
        run_instances=run.instantiations(op, qualified=False),
    )


def _buffer_check(op: Op, t: Tensor) -> str:
    """Present when required, non-null when non-empty, the declared element count
    (of the form the caller passed, for a tensor with shape alternatives)."""
    head = f'(kOp, "{t.name}", {t.name}, {tensor_count_cpp(t)}, {tensor_numel_text(t)}'
    if not t.optional:
        return f"opforge::check_required{head});"
    if not t.required_when:
        return f"opforge::check_optional{head});"
    return (
        f"opforge::check_required_when{head}, {required_cpp(op, t)}, "
        f"{cpp_string(required_text(t))});"
    )


def _scratch(t: Tensor) -> Scratch:
    """Scratch is made by run() over its own dims (the kernel's workspace, or
    a uniform fill from the documented stream)."""
    names = {r: r for e in t.shape for r in e.refs()}
    fill = ""
    if t.fill is not None:
        fill = (
            f"opforge::fill_uniform({t.name}_storage.get(), {count_cpp(t.shape)}, "
            f"opforge::resolve_seed({t.fill.seed_attr}));"
        )
    return Scratch(t.name, elem(t), alloc_check(t.name, t.shape, names, f"sizeof({elem(t)})"), fill)


def _dispatch(op: Op, kind: KernelKind) -> list[Dispatch]:
    names = {d.name: d.name for d in op.dims} | form_names(op) | {a.name: a.name for a in op.attrs}
    # A kernel called directly reads an int list where the caller holds it.
    elements = {a.name: f"{a.name}.data" for a in op.attrs if a.is_list} | {
        a.length_field: f"{a.name}.size" for a in op.attrs if a.is_list
    }
    cases = []
    if kind.direct_backend is not None:
        pointers = {"ctx": "ctx", **names, **elements} | {
            t.name: f"{t.name}_storage.get()" if t.role is Role.SCRATCH else f"{t.name}.data"
            for t in op.tensors
        }
        fields = api.kernel_args(op, kind)
        targs = f"<{tparam(op)}>" if tparam(op) else ""
        if kind.receives == "struct":
            # Field by field, by name: each line reads like the spec.
            setup = (f"{kind.args}{targs} args;",) + tuple(
                f"args.{p.name} = {pointers[p.name]};" for p in fields.params
            )
            call = f"{kind.owner}{kind.function}(args)"
        else:
            setup = ()
            call = f"{kind.owner}{kind.function}{targs}({fields.call_args(pointers)})"
        cases.append(Dispatch(kind.direct_backend.enumerator, call, "", setup))
    buffers = {"ctx": "ctx", **names} | {
        t.name: (
            f"opforge::Buffer<{'const ' if t.read_only else ''}{elem(t)}>"
            f"{{{t.name}_storage.get(), {count_cpp(t.shape)}}}"
            if t.role is Role.SCRATCH
            else t.name
        )
        for t in op.tensors
    }
    for launcher in kind.launchers:
        call = api.launch(op, launcher).call(buffers, tparam(op))
        cases.append(Dispatch(launcher.backend.enumerator, call, launcher.guard))
    return cases


def _overlap_check(op: Op) -> str:
    """Every buffer run() receives (the caller's and new outputs), written ones
    first: a pair sharing memory where one is written is refused, unless both
    are read-only. Scratch is made by run() itself."""
    buffers = [t for t in op.tensors if t.role is not Role.SCRATCH]
    ordered = [t for t in buffers if t.role.kernel_writes] + [
        t for t in buffers if not t.role.kernel_writes
    ]
    if len(ordered) < 2 or not ordered[0].role.kernel_writes:
        return ""
    spans = ", ".join(
        f'opforge::span("{t.name}", {t.name}, {ACCESS[t.role.kernel_writes]}, {MEMORY[t.host]})'
        for t in ordered
    )
    return f"opforge::check_disjoint(kOp, {on_device()}, {{{spans}}});"


def _dim_bounds(op: Op, d: Dim) -> tuple[str, ...]:
    """A dim's declared bounds, checked when the call binds it (real_bsz <=
    max_bsz; max_candidate_len >= 1 so a kernel always has a first candidate)."""
    checks = []
    for label, bound in (("min", d.min), ("max", d.max)):
        if bound is None:
            continue
        check = (
            f"opforge::check_dim_{'at_least' if label == 'min' else 'at_most'}(kOp, "
            f'"{d.name}", {d.name}, {dim_cpp(bound)}, {cpp_string(bound.render())});'
        )
        checks.append(guarded([dim_known(op, r) for r in (d.name, *bound.refs())], check))
    return tuple(checks)


def _is_float(t: Tensor) -> bool:
    if isinstance(t.dtype, DTypeVar):
        return all(d.is_float for d in t.dtype.choices)
    return t.dtype.is_float


def _values(op: Op, t: Tensor) -> tuple[str, ...]:
    return _value_checks(op, t, t.values, t.name)


def _after(op: Op, t: Tensor) -> tuple[str, ...]:
    return _value_checks(op, t, t.after, f"the kernel's {t.name}", _written_view(op, t))


def _written_view(op: Op, t: Tensor) -> str | None:
    """A `rows: count` output's rows the kernel wrote (the count checked
    against the declared axis 0), where its `after:` holds; None: every element."""
    if t.rows is None:
        return None
    count = op.tensor(t.rows)
    return (
        f'opforge::written_part(kOp, "{t.name}", opforge::Buffer<const {elem(t)}>({t.name}), '
        f'"{count.name}", opforge::Buffer<const {elem(count)}>({count.name}), '
        f"{dim_cpp(t.shape[0])}, {cpp_string(t.shape[0].render())}, {count_cpp(t.shape[1:])})"
    )


def _bound_cpp(op: Op, bound: Bound, literal: str) -> tuple[str, str]:
    """(C++ value, spec text) of a value bound over the entry's int64 dims and
    its int attributes, each widened to int64 (an int32 attribute's `k + 1`
    must not overflow in int; the spec's rules proved the bound fits int64)."""
    if isinstance(bound, (int, float)):
        return number(bound, literal), repr(bound)
    dims = {d.name for d in op.dims}
    names = {r: r if r in dims else f"int64_t{{{r}}}" for r in bound.refs()}
    return dim_cpp(bound, names), bound.render()


def _value_checks(
    op: Op, t: Tensor, v: Values, label: str, view: str | None = None
) -> tuple[str, ...]:
    """The checks of one value domain of `t`, whose messages call it `label`
    (`view`: the C++ buffer they read, all of `t` by default)."""
    cmp = "double" if _is_float(t) else "int64_t"
    view = view or f"opforge::Buffer<const {elem(t)}>({t.name})"
    checks: list[tuple[list[str], str]] = []  # (conditions, statement)
    low: Bound | None = v.above if v.above is not None else v.min
    if low is not None or v.max is not None:
        if low is None:
            lower = f"opforge::no_lower_bound<{cmp}>()"
        else:
            value, text = _bound_cpp(op, low, cmp)
            named = "above" if v.above is not None else "at_least"
            lower = f"opforge::{named}<{cmp}>({value}, {cpp_string(text)})"
        if v.max is None:
            upper = f"opforge::no_upper_bound<{cmp}>()"
        else:
            value, text = _bound_cpp(op, v.max, cmp)
            upper = f"opforge::at_most<{cmp}>({value}, {cpp_string(text)})"
        check = f"opforge::check_value_range(kOp, {cpp_string(label)}, {view}, {lower}, {upper});"
        # Checked where the call binds the dims the bounds use (attributes are always given).
        dims = {d.name for d in op.dims}
        refs = sorted(
            {
                r
                for b in (low, v.max)
                if b is not None and not isinstance(b, (int, float))
                for r in b.refs()
                if r in dims
            }
        )
        checks.append(([dim_known(op, r) for r in refs], check))
    if v.prefix_sum_of is not None:
        sums = (
            f'{cpp_string(label)}, {view}, "{v.prefix_sum_of}", '
            f"opforge::Buffer<const {elem(t)}>({v.prefix_sum_of})"
        )
        plain = f"opforge::check_prefix_sum(kOp, {sums});"
        if v.total is None:
            checks.append(([], plain))
        else:
            # Ending at the dim where this call binds it (an optional binder may be absent).
            ending = f'opforge::check_prefix_sum_ending_at(kOp, {sums}, {v.total}, "{v.total}");'
            known = dim_known(op, v.total)
            checks.append(([known], ending))
            if known != "true":
                checks.append(([f"!({known})"], plain))
    elif v.total is not None:
        # Alone, 'total' is the sum of the elements (a rank-1 tensor of lengths).
        checks.append(
            (
                [dim_known(op, v.total)],
                f'opforge::check_total(kOp, {cpp_string(label)}, {view}, {v.total}, "{v.total}");',
            )
        )
    if v.probability_rows and t.shape:
        checks.append(
            (
                [],
                f"opforge::check_probability_rows(kOp, {cpp_string(label)}, {view}, "
                f"{dim_cpp(t.shape[-1])});",
            )
        )
    present = [f"{t.name}.present()"] if t.optional else []
    return tuple(guarded(present + conditions, check) for conditions, check in checks)


def _reads_device(op: Op, t: Tensor, v: Values) -> bool:
    """On a device, a tensor not declared host-resident holds a device pointer,
    which the entry must never dereference on the host: its value checks (and
    those of a prefix sum over it) run on host backends only."""
    source = op.tensor(v.prefix_sum_of) if v.prefix_sum_of is not None else t
    return not (t.host and source.host)
