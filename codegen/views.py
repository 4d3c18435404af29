"""Views of the model per calling convention: what each layer's signature and
checks look like. Emitters render these through templates; no spec logic lives
in a template, and no C++ or Python spelling lives in the model.
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.api import Signature
from codegen.escape import cpp_string
from codegen.model import (
    Attr,
    AttrType,
    Bound,
    Condition,
    Dim,
    DimBinOp,
    DimExpr,
    DimRef,
    DType,
    DTypeVar,
    Op,
    Role,
    Tensor,
    Values,
    dim_cpp,
)

# ---------------------------------------------------------------- shared spellings


def shape_text(shape: tuple[DimExpr, ...]) -> str:
    return "[" + ", ".join(e.render() for e in shape) + "]"


def numel_text(shape: tuple[DimExpr, ...]) -> str:
    """The element count as the spec reads, for messages: ``max_bsz * max_step_tokens``."""
    if not shape:
        return "1"
    if len(shape) == 1:
        return shape[0].render()
    return " * ".join(f"({e.render()})" if isinstance(e, DimBinOp) else e.render() for e in shape)


def numel_cpp(shape: tuple[DimExpr, ...], names: dict[str, str] | None = None) -> str:
    """The element count as a plain C++ product (kernel-side code, where the
    glue has already checked the sizes)."""
    if not shape:
        return "1"
    if len(shape) == 1:
        return dim_cpp(shape[0], names)
    parts = []
    for e in shape:
        text = dim_cpp(e, names)
        parts.append(f"({text})" if isinstance(e, DimBinOp) else text)
    return " * ".join(parts)


def count_cpp(shape: tuple[DimExpr, ...], names: dict[str, str] | None = None) -> str:
    """The element count in the glue and the plugin: an axis alone, or the
    product of the axes computed without overflow (opforge::numel saturates,
    so a count past int64 matches no buffer and exceeds every limit)."""
    if len(shape) <= 1:
        return numel_cpp(shape, names)
    return "opforge::numel({" + ", ".join(dim_cpp(e, names) for e in shape) + "})"


def alloc_check(
    name: str, shape: tuple[DimExpr, ...], names: dict[str, str], elem_bytes: str
) -> str:
    """C++ expression: the element count of a tensor the glue allocates, refused
    past the runtime's limit (opforge::check_alloc) before anything is allocated."""
    axes = ", ".join(dim_cpp(e, names) for e in shape)
    return (
        f'opforge::check_alloc(kOp, "{name}", {cpp_string(shape_text(shape))}, '
        f"{{{axes}}}, {elem_bytes})"
    )


def dtype_enum(dtype: DType) -> str:
    return (
        "opforge::DType::k"
        + {
            DType.BOOL: "Bool",
            DType.INT32: "Int32",
            DType.INT64: "Int64",
            DType.FLOAT32: "Float32",
            DType.FLOAT16: "Float16",
            DType.BFLOAT16: "BFloat16",
        }[dtype]
    )


@dataclass(frozen=True)
class DTypeVarView:
    """The op's dtype set: a template parameter of its kernels and plugin."""

    name: str
    choices: tuple[tuple[str, str], ...]  # (C++ type, opforge::DType enumerator)
    text: str  # "float32, float16 or bfloat16"
    all_float: bool


def dtype_var_view(var: DTypeVar) -> DTypeVarView:
    names = [d.value for d in var.choices]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return DTypeVarView(
        name=var.name,
        choices=tuple((d.cpp, dtype_enum(d)) for d in var.choices),
        text=text,
        all_float=all(d.is_float for d in var.choices),
    )


# ---------------------------------------------------------------- attributes


@dataclass(frozen=True)
class AttrView:
    name: str
    doc: str
    paddle_decl: str  # "name: type" for .Attrs()
    narrow_check: str  # C++ statement: the wide value fits the plugin's type ("" if it always does)
    from_wide: str  # C++ expression turning the wide value into the plugin's type
    range_check: str  # C++ statement checking the spec's range or members ("" if none)
    dim_check: str  # C++ statement in run() once dims are known ("" if none)
    cpp_default: str  # the default as a binding value ("" if required)
    py_type: str
    default_doc: str


def attr_view(op: Op, a: Attr) -> AttrView:
    name = a.name
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        enum = a.enum
        members_text = ", ".join(f"{m} ({v})" for m, v in enum.members)
        values = ", ".join(str(v) for _, v in enum.members)
        return AttrView(
            name=name,
            doc=a.doc,
            paddle_decl=f"{name}: int",
            narrow_check=f'opforge::check_int32(kOp, "{name}", {name});',
            from_wide=f"static_cast<{enum.name}>({name})",
            range_check=(
                f'opforge::check_enum(kOp, "{name}", static_cast<int64_t>({name}), '
                f"{{{values}}}, {cpp_string(members_text)});"
            ),
            dim_check="",
            cpp_default=str(enum.value_of(str(a.default))) if a.default is not None else "",
            py_type=api.py_type(a),
            default_doc=str(a.default) if a.default is not None else "required",
        )
    cpp, paddle = api.attr_cpp(op, a).render(), api.attr_paddle(a).render()
    binding = api.attr_wide(a).render()
    range_check = ""
    if a.min is not None or a.max is not None:
        literal = "double" if a.type is AttrType.FLOAT else "int64_t"
        bounds = [
            "std::nullopt" if bound is None else _cpp_number(bound, literal)
            for bound in (a.min, a.max)
        ]
        range_check = (
            f'opforge::check_attr_range(kOp, "{name}", static_cast<{literal}>({name}), '
            f"{bounds[0]}, {bounds[1]});"
        )
    default = ""
    if a.default is not None:
        default = str(bool(a.default)) if a.type is AttrType.BOOL else repr(a.default)
    return AttrView(
        name=name,
        doc=a.doc,
        paddle_decl=f"{name}: {paddle}",
        # The binding takes 64-bit ints so an out-of-range value gets our message,
        # not pybind11's "incompatible function arguments".
        narrow_check=f'opforge::check_int32(kOp, "{name}", {name});'
        if a.type is AttrType.INT
        else "",
        from_wide=f"static_cast<{cpp}>({name})" if cpp != binding else name,
        range_check=range_check,
        dim_check=(
            f'opforge::check_attr_at_most(kOp, "{name}", {name}, {dim_cpp(a.at_most)}, '
            f"{cpp_string(a.at_most.render())});"
            if a.at_most is not None
            else ""
        ),
        cpp_default=(
            ""
            if a.default is None
            else ("true" if a.default else "false")
            if a.type is AttrType.BOOL
            else repr(float(a.default))
            if a.type is AttrType.FLOAT
            else _cpp_number(int(a.default), "int64_t")
        ),
        py_type=api.py_type(a),
        default_doc=default or "required",
    )


def _cpp_number(value: float, literal: str) -> str:
    if literal == "double":
        return repr(float(value))
    if value == -(2**63):
        return "INT64_MIN"
    return f"{int(value)}LL" if abs(int(value)) > 2**31 - 1 else str(int(value))


# ---------------------------------------------------------------- tensors


@dataclass(frozen=True)
class TensorView:
    name: str
    doc: str
    role: Role
    in_place: bool  # an inout tensor: the caller's buffer is the output
    copied_in: bool  # its values matter to the kernel (all but new outputs)
    staged: bool  # the device launcher stages it (host memory, or scratch made on the host)
    paddle_output: str  # its name among the registered op's outputs
    dtype: str  # spec spelling (a dtype, or the dtype set's name)
    dtype_enum: str  # C++ expression: the opforge::DType the tensor must have
    paddle_dtype: str  # C++ expression: its paddle::DataType
    infer_dtype: str  # C++ expression in infer_dtype: the output's dtype
    elem: str  # C++ element type
    const: bool  # read-only to the kernel
    optional: bool
    host: bool
    unit_axis: bool  # the caller may add a trailing axis of size 1
    rank: int
    shape_text: str
    numel_text: str
    numel_cpp: str  # the element count over the plugin's int64 dims (opforge::numel past one axis)
    required_cpp: str  # C++ bool expression over attributes: must be present
    condition_text: str  # when an optional tensor is required, in words
    is_argument: bool
    is_output: bool
    fill_seed: str  # scratch: the seed attribute of a uniform fill ("" if none)
    binds: tuple[tuple[int, str], ...]  # (axis, dim) where the shape names a dim alone
    checks: tuple[tuple[int, str, str, tuple[str, ...]], ...]  # (axis, cpp, text, deps)
    alloc_shape: tuple[str, ...]  # per axis, over the glue's bound DimSlots
    alloc_check: str  # C++ expression: the checked element count of a glue allocation ("" if none)
    value_checks: tuple[str, ...]  # C++ statements of the value-checked mode
    checks_read_device: bool  # ...which read device memory on a real XPU3
    after_checks: tuple[str, ...]  # ...and of its postconditions, after the kernel
    after_checks_read_device: bool
    infer_shape: tuple[str, ...]  # per axis, for static shape inference (-1: unknown)


def _condition_cpp(op: Op, cond: Condition) -> str:
    a = op.attr(cond.attr)
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        return " || ".join(f"{cond.attr} == {a.enum.name}::{v}" for v in cond.values)
    return " || ".join(f"{cond.attr} == {'true' if v else 'false'}" for v in cond.values)


def _condition_text(cond: Condition) -> str:
    words = [str(v).lower() if isinstance(v, bool) else str(v) for v in cond.values]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return f"{cond.attr} is {listed}"


def tensor_view(op: Op, t: Tensor) -> TensorView:
    if isinstance(t.dtype, DTypeVar):
        var = dtype_var_view(t.dtype)
        ref = f"*{t.name}" if t.optional else t.name
        choices = ", ".join(e for _, e in var.choices)
        spelled, elem, is_float = var.name, var.name, var.all_float
        # The first present tensor of the set binds it; the others must agree.
        enum = f'paddle_glue::bind_dtype(kOp, "{t.name}", {ref}, {var.name}_dtype, {{{choices}}}, "{var.text}")'
        paddle = f"paddle_glue::paddle_dtype({var.name}_dtype.value)"
        binder = next(
            u for u in op.tensors if u.is_argument and not u.optional and u.dtype == t.dtype
        )
        infer_dtype = f"{binder.name}_dtype"
    else:
        spelled, elem, is_float = t.dtype.value, t.dtype.cpp, t.dtype.is_float
        enum, paddle = dtype_enum(t.dtype), t.dtype.paddle
        infer_dtype = f"{t.name}_dtype" if t.role is Role.INOUT else paddle
    if not t.optional:
        required_cpp, condition = "true", ""
    elif t.required_when:
        required_cpp = " || ".join(f"({_condition_cpp(op, c)})" for c in t.required_when)
        condition = " or ".join(_condition_text(c) for c in t.required_when)
    else:
        required_cpp, condition = "false", ""
    binds = tuple((axis, e.name) for axis, e in enumerate(t.shape) if isinstance(e, DimRef))
    checks = tuple(
        (
            axis,
            dim_cpp(e, {r: f"{r}.value" for r in e.refs()}),
            e.render(),
            tuple(dict.fromkeys(e.refs())),
        )
        for axis, e in enumerate(t.shape)
        if not isinstance(e, DimRef)
    )
    return TensorView(
        name=t.name,
        doc=t.doc,
        role=t.role,
        in_place=t.role is Role.INOUT,
        copied_in=t.role is not Role.OUTPUT,
        staged=t.host or t.role is Role.SCRATCH,
        paddle_output=f"{t.name}_out" if t.role is Role.INOUT else t.name,
        dtype=spelled,
        dtype_enum=enum,
        paddle_dtype=paddle,
        infer_dtype=infer_dtype,
        elem=elem,
        const=t.read_only,
        optional=t.optional,
        host=t.host,
        unit_axis=t.unit_axis,
        rank=len(t.shape),
        shape_text=shape_text(t.shape),
        numel_text=numel_text(t.shape),
        numel_cpp=count_cpp(t.shape),
        required_cpp=required_cpp,
        condition_text=condition,
        is_argument=t.is_argument,
        is_output=t.role in (Role.INOUT, Role.OUTPUT),
        fill_seed=t.fill.seed_attr if t.fill else "",
        binds=binds,
        checks=checks,
        alloc_shape=tuple(dim_cpp(e, {r: f"{r}.get()" for r in e.refs()}) for e in t.shape),
        alloc_check=_alloc_check(op, t),
        value_checks=_value_checks(op, t, elem, is_float, t.values, t.name),
        checks_read_device=_checks_read_device(op, t, t.values),
        after_checks=_value_checks(op, t, elem, is_float, t.after, f"the kernel's {t.name}"),
        after_checks_read_device=_checks_read_device(op, t, t.after),
        infer_shape=tuple(_infer_cpp(e) for e in t.shape),
    )


def _alloc_check(op: Op, t: Tensor) -> str:
    """New outputs are allocated by the Paddle glue (over its DimSlots, the dtype
    set's size from its bound slot); scratch by the plugin (over its dims)."""
    if t.role is Role.OUTPUT:
        names = {r: f"{r}.get()" for e in t.shape for r in e.refs()}
        size = (
            f"opforge::dtype_size({t.dtype.name}_dtype.value)"
            if isinstance(t.dtype, DTypeVar)
            else f"sizeof({t.dtype.cpp})"
        )
        return alloc_check(t.name, t.shape, names, size)
    if t.role is Role.SCRATCH:
        elem = t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.cpp
        return alloc_check(
            t.name, t.shape, {r: r for e in t.shape for r in e.refs()}, f"sizeof({elem})"
        )
    return ""


def _bound_cpp(bound: Bound, literal: str) -> tuple[str, str]:
    """(C++ value, spec text) of a value bound over the plugin's int64 dims."""
    if isinstance(bound, (int, float)):
        return _cpp_number(bound, literal), repr(bound)
    return dim_cpp(bound), bound.render()


def _dim_bounds(op: Op, d: Dim) -> tuple[str, ...]:
    """A dim's declared bounds, checked when the call binds it (real_bsz <=
    max_bsz; max_candidate_len >= 1 so a kernel always has a first candidate)."""
    checks = []
    for label, bound in (("min", d.min), ("max", d.max)):
        if bound is None:
            continue
        check = (
            f'opforge::check_dim_bound(kOp, "{d.name}", {d.name}, {dim_cpp(bound)}, '
            f"{cpp_string(bound.render())}, {'true' if label == 'min' else 'false'});"
        )
        checks.append(_guarded([_dim_known(op, r) for r in (d.name, *bound.refs())], check))
    return tuple(checks)


def _guarded(conditions: list[str], statement: str) -> str:
    """`statement` run only where all `conditions` hold, as one statement."""
    needed = [c for c in dict.fromkeys(conditions) if c != "true"]
    if not needed:
        return statement
    if len(needed) == 1 and " " not in needed[0]:
        return f"if ({needed[0]}) {statement}"
    return "if (" + " && ".join(f"({c})" for c in needed) + f") {statement}"


def _dim_known(op: Op, dim: str) -> str:
    """C++ condition, in the plugin, that `dim` was bound by this call (a dim that
    only absent optional tensors bind is passed as 0 and means nothing)."""
    if any(d.name == dim and d.from_attr for d in op.dims):
        return "true"
    binders = [t for t in op.tensors if t.is_argument and t.binds_at(dim) is not None]
    if any(not t.optional for t in binders):
        return "true"
    return " || ".join(f"{t.name}.present()" for t in binders) or "false"


def _value_checks(
    op: Op, t: Tensor, elem: str, is_float: bool, v: Values, label: str
) -> tuple[str, ...]:
    """The checks of one value domain of `t`, whose messages call it `label`."""
    cmp = "double" if is_float else "int64_t"
    view = f"opforge::Buffer<const {elem}>({t.name})"
    checks: list[tuple[list[str], str]] = []  # (conditions, statement)
    low: Bound | None = v.above if v.above is not None else v.min
    if low is not None or v.max is not None:
        args = []
        for end, bound in (("min", low), ("max", v.max)):
            value, text = ("std::nullopt", '""') if bound is None else _bound_cpp(bound, cmp)
            args.append(value)
            if end == "min":
                args.append("true" if v.above is not None else "false")
            args.append(cpp_string(text) if bound is not None else text)
        check = (
            f"opforge::check_value_range<{cmp}>(kOp, {cpp_string(label)}, {view}, "
            + ", ".join(args)
            + ");"
        )
        refs = sorted(
            {
                r
                for b in (low, v.max)
                if b is not None and not isinstance(b, (int, float))
                for r in b.refs()
            }
        )
        checks.append(([_dim_known(op, r) for r in refs], check))
    if v.prefix_sum_of is not None:
        total = "-1"
        if v.total is not None:
            known = _dim_known(op, v.total)
            total = v.total if known == "true" else f"(({known}) ? {v.total} : -1)"
        checks.append(
            (
                [],
                f'opforge::check_prefix_sum(kOp, {cpp_string(label)}, {view}, "{v.prefix_sum_of}", '
                f"opforge::Buffer<const {elem}>({v.prefix_sum_of}), {total}, "
                f'"{v.total or ""}");',
            )
        )
    elif v.total is not None:
        # Alone, 'total' is the sum of the elements (a rank-1 tensor of lengths).
        checks.append(
            (
                [_dim_known(op, v.total)],
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
    return tuple(_guarded(present + conditions, check) for conditions, check in checks)


def _checks_read_device(op: Op, t: Tensor, v: Values) -> bool:
    """On a device, a tensor not declared host-resident holds a device pointer,
    which the plugin must never dereference on the host: its value checks (and
    those of a prefix sum over it) run on the CPU and under the simulation only."""
    source = op.tensor(v.prefix_sum_of) if v.prefix_sum_of is not None else t
    return not (t.host and source.host)


ON_HOST = "ctx.backend != opforge::Backend::kXpu3"  # every buffer is in host memory


def _infer_cpp(e: DimExpr) -> str:
    """A static-graph size: unknown (-1) if any dim it uses is unknown."""
    refs = tuple(dict.fromkeys(e.refs()))
    if not refs or isinstance(e, DimRef):
        return dim_cpp(e)
    unknown = " || ".join(f"{r} < 0" for r in refs)
    return f"({unknown}) ? -1 : {dim_cpp(e)}"


# ---------------------------------------------------------------- the op


@dataclass(frozen=True)
class Signatures:
    """One signature per calling convention (codegen/api.py)."""

    cpu_kernel: Signature
    xpu3_kernel: Signature
    run: Signature
    launch_sim: Signature
    launch_device: Signature
    check_attrs: Signature
    checked_call: Signature
    paddle_kernel: Signature
    infer_shape: Signature
    infer_dtype: Signature
    binding: Signature
    binding_none: Signature  # the overload taking None for every tensor
    python: Signature
    python_params: str  # the function's parameter list
    python_stub_params: str  # ...and its stub's
    # Explicit instantiations, one per dtype of the set, from the same parameters.
    cpu_instances: tuple[str, ...]
    xpu3_instances: tuple[str, ...]
    run_instances: tuple[str, ...]
    launch_sim_instances: tuple[str, ...]
    launch_device_instances: tuple[str, ...]


def signatures(op: Op) -> Signatures:
    cpu, xpu3, run = api.cpu_kernel(op), api.xpu3_kernel(op), api.run(op)
    sim, device = api.launch(op, "launch_xpu3_sim"), api.launch(op, "launch_xpu3_device")
    python = api.python(op)
    return Signatures(
        cpu_kernel=cpu,
        xpu3_kernel=xpu3,
        run=run,
        launch_sim=sim,
        launch_device=device,
        check_attrs=api.check_attrs(op),
        checked_call=api.checked_call(op),
        paddle_kernel=api.paddle_kernel(op),
        infer_shape=api.infer_shape(op),
        infer_dtype=api.infer_dtype(op),
        binding=api.binding(op, none_for_required=False),
        binding_none=api.binding(op, none_for_required=True),
        python=python,
        python_params=api.py_params(python, stub=False),
        python_stub_params=api.py_params(python, stub=True),
        cpu_instances=cpu.instantiations(op, qualified=True),
        xpu3_instances=xpu3.instantiations(op, qualified=True),
        run_instances=run.instantiations(op, qualified=False),
        launch_sim_instances=sim.instantiations(op, qualified=False),
        launch_device_instances=device.instantiations(op, qualified=False),
    )


@dataclass(frozen=True)
class Calls:
    """Every call between generated functions, its arguments taken from the
    caller's scope (parameters and the locals its body makes)."""

    check_attrs: str  # from run() and the Paddle glue
    run_to_cpu: str  # run() -> Kernels::cpu
    run_to_sim: str  # run() -> launch_xpu3_sim
    run_to_device: str  # run() -> launch_xpu3_device
    sim_to_kernel: str  # launch_xpu3_sim -> the simulated launch of xpu3_kernel (arguments)
    device_to_kernel: str  # launch_xpu3_device -> xpu3_kernel<<<...>>> (arguments)
    glue_to_run: str  # checked_call -> run
    paddle_kernel_body: str  # paddle_kernel's statement: checked_call, its outputs as a vector
    binding_to_checked: str  # the fast pybind11 overload -> checked_call
    binding_none_to_checked: str  # the None-taking overload -> checked_call
    python_eager: str  # the Python function's eager statement: _C.<op>(...), returned
    python_returns: str  # the stub's return annotation
    # The Python layer's argument checks (opforge/_runtime.py, Arguments):
    python_arguments: str  # module-level statement: the op's Arguments object
    python_attr_guard: str  # condition: some attribute is not of its exact type ("" if none)
    python_attr_convert: str  # statement: check and convert every attribute (slow path)
    python_tensors: str  # tuple expression of the tensor arguments, spec order
    python_static_attrs: str  # tuple expression of the checked attributes, spec order
    python_refused: str  # expression: the named error for a call the binding refused


def calls(op: Op, sig: Signatures) -> Calls:
    tparam = op.dtype_vars[0].name if op.dtype_vars else ""
    python_names = {t.name: t.name for t in op.arguments} | {a.name: a.name for a in op.attrs}
    names = {d.name: d.name for d in op.dims} | {a.name: a.name for a in op.attrs}
    numel = {t.name: count_cpp(t.shape) for t in op.tensors}

    def elem(t: Tensor) -> str:
        return t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.cpp

    run_body = {"ctx": "ctx", **names} | {
        t.name: f"{t.name}_storage.get()" if t.role is Role.SCRATCH else f"{t.name}.data"
        for t in op.tensors
    }
    run_body_buffers = {"ctx": "ctx", **names} | {
        t.name: (
            f"opforge::Buffer<{'const ' if t.read_only else ''}{elem(t)}>"
            f"{{{t.name}_storage.get(), {numel[t.name]}}}"
            if t.role is Role.SCRATCH
            else t.name
        )
        for t in op.tensors
    }
    # A launcher hands the XPU3 kernel its pointers in the device's element
    # types and its dims narrowed to the core's 32 bits (opforge/xpu3_types.h).
    xpu3_dims = {d.name: f'opforge::xpu3_dim("{op.name}", "{d.name}", {d.name})' for d in op.dims}
    sim_body = (
        names
        | xpu3_dims
        | {t.name: f"opforge::xpu3_arg({t.name}_device.get())" for t in op.tensors}
    )
    device_body = (
        names
        | xpu3_dims
        | {
            t.name: f"opforge::xpu3_arg({t.name}_device.device())"
            if (t.host or t.role is Role.SCRATCH)
            else f"opforge::xpu3_arg({t.name}.data)"
            for t in op.tensors
        }
    )
    slots = {d.name: f"{d.name}.get()" for d in op.dims}
    glue_body = {"ctx": "ctx", **slots} | {a.name: a.name for a in op.attrs}
    for t in op.tensors:
        const = "const " if t.read_only else ""
        count = count_cpp(t.shape, slots)
        if t.is_argument:
            glue_body[t.name] = f"paddle_glue::buffer<{const}{elem(t)}>({t.name}_tensor, {count})"
        elif t.role is Role.OUTPUT:
            glue_body[t.name] = (
                f"paddle_glue::buffer<{elem(t)}>("
                f"static_cast<const phi::DenseTensor&>(*{t.name}.impl()), {count})"
            )
    wide = {t.name: t.name for t in op.arguments} | {
        a.name: attr_view(op, a).from_wide for a in op.attrs
    }
    unwrapped = wide | {t.name: f"*{t.name}" for t in op.arguments if not t.optional}
    checked = sig.checked_call
    return Calls(
        check_attrs=sig.check_attrs.call(names),
        run_to_cpu=f"Kernels::{sig.cpu_kernel.call(run_body, tparam)}",
        run_to_sim=sig.launch_sim.call(run_body_buffers, tparam),
        run_to_device=sig.launch_device.call(run_body_buffers, tparam),
        sim_to_kernel=sig.xpu3_kernel.call_args(sim_body),
        device_to_kernel=sig.xpu3_kernel.call_args(device_body),
        glue_to_run=sig.run.call(glue_body, tparam),
        paddle_kernel_body=_paddle_kernel_body(op, checked.call(wide)),
        binding_to_checked=checked.call(wide),
        binding_none_to_checked=checked.call(unwrapped),
        python_eager=_python_eager(op, f"_C.{op.name}({sig.binding.call_args(python_names)})"),
        python_returns=(
            "paddle.Tensor"
            if len(op.outputs) == 1
            else f"tuple[{', '.join('paddle.Tensor' for _ in op.outputs)}]"
        ),
        **_python_checks(op),
    )


def _py_tuple(items: list[str]) -> str:
    return "()" if not items else f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


_PY_KINDS = {
    AttrType.INT: ("int32", "int"),
    AttrType.INT64: ("int64", "int"),
    AttrType.FLOAT: ("float", "float"),
    AttrType.BOOL: ("bool", "bool"),
}


def _python_checks(op: Op) -> dict[str, str]:
    """The Python layer's checks. Each attribute of its exact type (``type(x) is
    int``, a member of its enum) passes at the cost of one test; anything else
    takes the slow path, which converts what the contract accepts (NumPy
    scalars, int for float) and raises a named error for the rest. An int past
    int64 passes the test but not the binding: its TypeError is turned into the
    named error by ``refused``, as is any other argument the binding refuses."""
    holder = f"_{op.name}_arguments"
    tensors = [f'("{t.name}", {t.optional})' for t in op.arguments]
    attrs, guards = [], []
    for a in op.attrs:
        if a.enum is not None:
            attrs.append(f'("{a.name}", "enum", {a.enum.name})')
            guards.append(f"(type({a.name}) is not {a.enum.name} and type({a.name}) is not int)")
        else:
            kind, exact = _PY_KINDS[a.type]
            attrs.append(f'("{a.name}", "{kind}", None)')
            guards.append(f"type({a.name}) is not {exact}")
    names = [a.name for a in op.attrs]
    checked = f"{holder}.attributes({', '.join(names)})"
    return {
        "python_arguments": (
            f'{holder} = _runtime.Arguments("{op.name}", {_py_tuple(tensors)}, {_py_tuple(attrs)})'
        ),
        "python_attr_guard": " or ".join(guards),
        "python_attr_convert": f"{', '.join(names) if len(names) > 1 else _py_tuple(names)} = {checked}"
        if names
        else "",
        "python_tensors": _py_tuple([t.name for t in op.arguments]),
        "python_static_attrs": checked if names else "()",
        "python_refused": (
            f"{holder}.refused(_error, {_py_tuple([t.name for t in op.arguments])}, "
            f"{_py_tuple(names)})"
        ),
    }


def _python_eager(op: Op, call: str) -> str:
    """New outputs come back from the binding (several as a list: made a tuple);
    in-place ones are returned by the function after the call."""
    new = [t for t in op.tensors if t.role is Role.OUTPUT]
    if not new:
        return call
    return f"return tuple({call})" if len(new) > 1 else f"return {call}"


def _paddle_kernel_body(op: Op, call: str) -> str:
    """Paddle's custom-op kernel returns its new outputs as a vector."""
    new = [t for t in op.tensors if t.role is Role.OUTPUT]
    if not new:
        return call
    return f"return {{{call}}}" if len(new) == 1 else f"return {call}"


@dataclass(frozen=True)
class DimView:
    name: str
    doc: str
    from_attr: str
    bound_checks: tuple[str, ...]  # C++ statements in run(): the dim's declared bounds


@dataclass(frozen=True)
class OpView:
    name: str
    doc: str
    source: str
    paddle_name: str  # the name registered with Paddle (prefixed: ops share one registry)
    kernels: tuple[str, ...]
    dims: tuple[DimView, ...]
    tensors: tuple[TensorView, ...]
    attrs: tuple[AttrView, ...]
    enums: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]  # (type, doc, members)
    dtype_var: DTypeVarView | None
    uses_16bit_floats: bool  # the kernel declarations need opforge/dtypes.h
    xpu3_clusters: str  # C++: the clusters an XPU3 launch uses, from the context's count
    infer_dims: tuple[tuple[str, str], ...]  # (dim, C++ source) that output shapes need
    overlap_check: str  # C++ statement in run(): no written buffer shares memory with another
    sig: Signatures
    calls: Calls

    @property
    def arguments(self) -> tuple[TensorView, ...]:
        return tuple(t for t in self.tensors if t.is_argument)

    @property
    def python_arguments(self) -> tuple[TensorView, ...]:
        """The tensor arguments in the Python function's order: required, then optional."""
        args = self.arguments
        return tuple(t for t in args if not t.optional) + tuple(t for t in args if t.optional)

    @property
    def scratch(self) -> tuple[TensorView, ...]:
        return tuple(t for t in self.tensors if t.role is Role.SCRATCH)

    @property
    def outputs(self) -> tuple[TensorView, ...]:
        return tuple(t for t in self.tensors if t.is_output)

    @property
    def in_place_outputs(self) -> tuple[TensorView, ...]:
        return tuple(t for t in self.tensors if t.in_place)

    @property
    def returns_doc(self) -> str:
        """The docstring's Returns line."""
        outputs = self.outputs
        if len(outputs) == 1:
            passed = " (the tensor passed in, updated in place)" if outputs[0].in_place else ""
            return f"{outputs[0].name}{passed}."
        passed = (
            ": the tensors passed in, updated in place" if all(t.in_place for t in outputs) else ""
        )
        return f"({', '.join(t.name for t in outputs)}){passed}."

    @property
    def value_checks(self) -> tuple[str, ...]:
        return self.host_value_checks + self.device_value_checks

    @property
    def host_value_checks(self) -> tuple[str, ...]:
        """Checks that read host memory only, on every backend."""
        return tuple(
            c
            for t in self.tensors
            if t.is_argument and not t.checks_read_device
            for c in t.value_checks
        )

    @property
    def device_value_checks(self) -> tuple[str, ...]:
        """Checks that read memory which is on the device on a real XPU3."""
        return tuple(
            c
            for t in self.tensors
            if t.is_argument and t.checks_read_device
            for c in t.value_checks
        )

    @property
    def host_after_checks(self) -> tuple[str, ...]:
        """Postconditions that read host memory only, on every backend."""
        return tuple(
            c for t in self.tensors if not t.after_checks_read_device for c in t.after_checks
        )

    @property
    def device_after_checks(self) -> tuple[str, ...]:
        """Postconditions on memory which is on the device on a real XPU3."""
        return tuple(c for t in self.tensors if t.after_checks_read_device for c in t.after_checks)

    @property
    def on_host(self) -> str:
        return ON_HOST

    @property
    def new_outputs(self) -> tuple[TensorView, ...]:
        return tuple(t for t in self.tensors if t.role is Role.OUTPUT)


def op_view(op: Op) -> OpView:
    return OpView(
        name=op.name,
        doc=op.doc,
        source=op.source,
        paddle_name=f"opforge_{op.name}",
        kernels=tuple(k.value for k in op.kernels),
        dims=tuple(DimView(d.name, d.doc, d.from_attr or "", _dim_bounds(op, d)) for d in op.dims),
        tensors=tuple(tensor_view(op, t) for t in op.tensors),
        attrs=tuple(attr_view(op, a) for a in op.attrs),
        enums=tuple((a.enum.name, a.doc, a.enum.members) for a in op.attrs if a.enum is not None),
        dtype_var=dtype_var_view(op.dtype_vars[0]) if op.dtype_vars else None,
        uses_16bit_floats=any(
            d in (DType.FLOAT16, DType.BFLOAT16)
            for t in op.tensors
            for d in (t.dtype.choices if isinstance(t.dtype, DTypeVar) else (t.dtype,))
        ),
        infer_dims=_infer_dims(op),
        overlap_check=_overlap_check(op),
        xpu3_clusters=(
            "ctx.xpu3.nclusters"
            if op.xpu3_max_clusters is None
            else f"std::min(ctx.xpu3.nclusters, {op.xpu3_max_clusters})"
        ),
        sig=(sig := signatures(op)),
        calls=calls(op, sig),
    )


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
        f'opforge::span("{t.name}", {t.name}, {"true" if t.role.kernel_writes else "false"}, '
        f"{'true' if t.host else 'false'})"
        for t in ordered
    )
    return f"opforge::check_disjoint(kOp, ctx.backend == opforge::Backend::kXpu3, {{{spans}}});"


def _infer_dims(op: Op) -> tuple[tuple[str, str], ...]:
    """Where static shape inference reads each dim that a new output's shape
    needs: the attribute, or the first required tensor that binds it (the parser
    guarantees one exists)."""
    needed = {r for t in op.tensors if t.role is Role.OUTPUT for e in t.shape for r in e.refs()}
    sources = []
    for d in op.dims:
        if d.name not in needed:
            continue
        if d.from_attr is not None:
            sources.append((d.name, f"static_cast<int64_t>({d.from_attr})"))
            continue
        binder = next(
            t
            for t in op.tensors
            if t.is_argument and not t.optional and t.binds_at(d.name) is not None
        )
        sources.append((d.name, f"{binder.name}_shape[{binder.binds_at(d.name)}]"))
    return tuple(sources)
