"""The Paddle op's view (generated/paddle/<op>.cc): checks paddle::Tensor
arguments against the spec, binds dims and the dtype set, allocates new
outputs and calls the entry; registered as a custom op (static graphs) and
bound as a CPython METH_FASTCALL function (the eager path), whose Python
objects the shared glue converts (csrc/include/opforge/python_glue.h)."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.api import Signature
from codegen.cpp import (
    MEMORY,
    UNIT_AXIS,
    alloc_check,
    boolean,
    dim_cpp,
    dtype_enum,
    elem,
    number,
    paddle_dtype,
    shapes_text,
    tensor_count_cpp,
    tparam,
)
from codegen.model import Attr, AttrType, DimExpr, DimRef, DTypeVar, Op, Role, Tensor
from codegen.views.common import (
    DTypeVarView,
    dtype_var_of,
    form_names,
    from_wide,
    narrow_check,
    required_cpp,
    required_text,
)


@dataclass(frozen=True)
class PaddleForm:
    """One shape alternative of a caller's tensor: what the glue binds and
    checks when the tensor comes in this form."""

    index: int
    binds: tuple[tuple[int, str], ...]  # (axis, dim) where the form names a dim alone
    checks: tuple[tuple[int, str, str, tuple[str, ...]], ...]  # (axis, cpp, text, deps)


def _binds(shape: tuple[DimExpr, ...]) -> tuple[tuple[int, str], ...]:
    return tuple((axis, e.name) for axis, e in enumerate(shape) if isinstance(e, DimRef))


def _checks(shape: tuple[DimExpr, ...]) -> tuple[tuple[int, str, str, tuple[str, ...]], ...]:
    return tuple(
        (
            axis,
            dim_cpp(e, {r: f"{r}.value" for r in e.refs()}),
            e.render(),
            tuple(dict.fromkeys(e.refs())),
        )
        for axis, e in enumerate(shape)
        if not isinstance(e, DimRef)
    )


@dataclass(frozen=True)
class PaddleTensor:
    name: str
    optional: bool
    host: bool
    in_place: bool
    required_cpp: str  # C++ bool expression over attributes: must be present
    condition_text: str  # when an optional tensor is required, in words
    dtype_check: str  # C++ expression: the opforge::DType the tensor must have (binds a set)
    rank: int
    unit_axis: str  # opforge::UnitAxis: the caller may add a trailing axis of size 1
    memory: str  # opforge::Memory
    shape_text: str
    binds: tuple[tuple[int, str], ...]  # (axis, dim) where the shape names a dim alone
    checks: tuple[tuple[int, str, str, tuple[str, ...]], ...]  # (axis, cpp, text, deps)
    # Shape alternatives (empty for a tensor of one shape): the forms' ranks as a
    # C++ list, and what each form binds and checks.
    form_ranks: str
    forms: tuple[PaddleForm, ...]
    paddle_output: str  # its name among the registered op's outputs
    infer_dtype: str  # C++ expression in infer_dtype: the output's dtype
    # New outputs: allocated here.
    alloc_check: str
    alloc_shape: tuple[str, ...]
    paddle_dtype: str
    infer_shape: tuple[str, ...]  # per axis, for static shape inference (-1: unknown)
    # `rows: count`: the count output whose value cuts axis 0 after the kernel ("": none),
    # and the declared axis 0 (the most rows) as the spec writes it.
    rows: str
    rows_max_text: str
    # Its value sets a dim (`value_of:`): checked as [1] or 0-D (check_size_tensor).
    size_source: bool


@dataclass(frozen=True)
class PaddleAttr:
    name: str
    narrow_check: str
    cpp_default: str  # the default as a binding value ("" if required)
    py_type: str  # the binding's wide C++ type (a local of the Python function)
    py_init: str  # its initializer: the default, or value-initialized
    py_convert: str  # the python_glue function converting a Python object to it


@dataclass(frozen=True)
class PaddleOpView:
    name: str
    source: str
    paddle_name: str  # the name registered with Paddle (prefixed: ops share one registry)
    arguments: tuple[PaddleTensor, ...]
    new_outputs: tuple[PaddleTensor, ...]
    outputs: tuple[PaddleTensor, ...]
    in_place_outputs: tuple[PaddleTensor, ...]
    # What infer_dtype returns. Paddle takes an in-place output's shape and dtype
    # from its input and reads the functions' results for the other outputs
    # only, in order: with new outputs, theirs alone (an op of in-place tensors
    # alone returns all of them; Paddle reads none).
    inferred_dtypes: tuple[PaddleTensor, ...]
    attrs: tuple[PaddleAttr, ...]
    # (dim, the attribute it is bound from or "", C++: the size that attribute gives)
    dims: tuple[tuple[str, str, str], ...]
    # Dims read from a tensor's value: (dim, tensor, C++ of its max over the
    # bound dims, the max as the spec writes it).
    value_dims: tuple[tuple[str, str, str, str], ...]
    dtype_var: DTypeVarView | None
    infer_dims: tuple[tuple[str, str], ...]  # (dim, C++ source) that output shapes need
    checked_call: Signature
    paddle_kernel: Signature
    cpp_call: Signature  # paddle_kernel's parameters, exported, errors not translated
    infer_shape: Signature
    infer_dtype: Signature
    check_attrs_call: str
    glue_to_run: str  # checked_call -> run
    paddle_kernel_body: str  # paddle_kernel's statement: checked_call, its outputs as a vector
    # The Python binding: its parameters (the tensors, then the attributes, by
    # name), how many leading ones a call must pass (the tensors; an attribute
    # without a default is refused by its conversion), and its call of checked_call
    # (tensors as the pointers python_glue::tensor_arg gives, checked present).
    py_names: tuple[str, ...]
    py_required: int
    python_to_checked: str
    # PD_BUILD_OP's .Inputs and .Attrs, from paddle_kernel's own parameters
    # (Paddle matches them to the kernel function by position).
    registered_inputs: tuple[str, ...]
    registered_attrs: tuple[str, ...]


def _tensor(op: Op, t: Tensor) -> PaddleTensor:
    if isinstance(t.dtype, DTypeVar):
        var = dtype_var_of(op)
        assert var is not None
        ref = f"*{t.name}" if t.optional else t.name
        choices = ", ".join(e for _, e in var.choices)
        # The first present tensor of the set binds it; the others must agree.
        dtype_check = (
            f'paddle_glue::bind_dtype(kOp, "{t.name}", {ref}, {var.name}_dtype, '
            f'{{{choices}}}, "{var.text}")'
        )
        paddle = f"paddle_glue::paddle_dtype({var.name}_dtype.value)"
        binder = next(
            u for u in op.tensors if u.is_argument and not u.optional and u.dtype == t.dtype
        )
        infer_dtype = f"{binder.name}_dtype"
        size = f"opforge::dtype_size({var.name}_dtype.value)"
    else:
        dtype_check, paddle = dtype_enum(t.dtype), paddle_dtype(t.dtype)
        infer_dtype = f"{t.name}_dtype" if t.role is Role.INOUT else paddle
        size = f"sizeof({elem(t)})"
    slots = {r: f"{r}.get()" for e in t.shape for r in e.refs()}
    size_source = any(d.value_of == t.name for d in op.dims)
    return PaddleTensor(
        name=t.name,
        optional=t.optional,
        host=t.host,
        in_place=t.role is Role.INOUT,
        required_cpp=required_cpp(op, t),
        condition_text=required_text(t),
        dtype_check=dtype_check,
        rank=len(t.shape),
        unit_axis=UNIT_AXIS[t.unit_axis],
        memory=MEMORY[t.host],
        shape_text=shapes_text(t),
        binds=() if t.forms else _binds(t.shape),
        # A size source's one element is checked with its rank (check_size_tensor).
        checks=() if t.forms or size_source else _checks(t.shape),
        form_ranks="{" + ", ".join(str(len(shape)) for shape in t.forms) + "}",
        forms=tuple(
            PaddleForm(k, _binds(shape), _checks(shape)) for k, shape in enumerate(t.forms)
        ),
        paddle_output=f"{t.name}_out" if t.role is Role.INOUT else t.name,
        infer_dtype=infer_dtype,
        alloc_check=alloc_check(t.name, t.shape, slots, size) if t.role is Role.OUTPUT else "",
        alloc_shape=tuple(dim_cpp(e, slots) for e in t.shape),
        paddle_dtype=paddle,
        # A kernel-decided row count is known only when the kernel has run: the
        # static graph is told the rows are dynamic, as the returned tensor is.
        infer_shape=tuple(
            "-1" if axis == 0 and t.rows is not None else _infer_cpp(e)
            for axis, e in enumerate(t.shape)
        ),
        rows=t.rows or "",
        rows_max_text=t.shape[0].render() if t.rows is not None else "",
        size_source=size_source,
    )


def cpp_default(a: Attr) -> str:
    """The attribute's default as the binding's C++ value ("" if required)."""
    if a.default is None:
        return ""
    if a.enum is not None:
        return str(a.enum.value_of(str(a.default)))
    if a.type is AttrType.BOOL:
        return boolean(bool(a.default))
    if isinstance(a.default, tuple):  # an int list
        elements = ", ".join(number(v, "int64_t") for v in a.default)
        return f"std::vector<int64_t>{{{elements}}}"
    if a.type is AttrType.FLOAT:
        return repr(float(a.default))
    return number(int(a.default), "int64_t")


def paddle_view(op: Op) -> PaddleOpView:
    tensors = {t.name: _tensor(op, t) for t in op.tensors if t.role is not Role.SCRATCH}
    checked = api.checked_call(op)
    kernel = api.paddle_kernel(op)
    wide = {t.name: t.name for t in op.arguments} | {a.name: from_wide(op, a) for a in op.attrs}
    pointed = wide | {
        t.name: f"paddle_glue::optional_of({t.name})" if t.optional else f"*{t.name}"
        for t in op.arguments
    }
    slots = {d.name: f"{d.name}.get()" for d in op.dims}
    # The entry reads an int list through a buffer over the glue's vector.
    held = {a.name: f"opforge::list_buffer({a.name})" if a.is_list else a.name for a in op.attrs}
    glue = {"ctx": "ctx", **slots} | form_names(op) | held
    for t in op.tensors:
        const = "const " if t.read_only else ""
        count = tensor_count_cpp(t, slots)
        if t.is_argument:
            glue[t.name] = f"paddle_glue::buffer<{const}{elem(t)}>({t.name}_tensor, {count})"
        elif t.role is Role.OUTPUT:
            glue[t.name] = (
                f"paddle_glue::buffer<{elem(t)}>("
                f"static_cast<const phi::DenseTensor&>(*{t.name}.impl()), {count})"
            )
    names = {d.name: d.name for d in op.dims} | held
    return PaddleOpView(
        name=op.name,
        source=op.source,
        paddle_name=f"opforge_{op.name}",
        arguments=tuple(tensors[t.name] for t in op.arguments),
        new_outputs=tuple(tensors[t.name] for t in op.new_outputs),
        outputs=tuple(tensors[t.name] for t in op.outputs),
        in_place_outputs=tuple(tensors[t.name] for t in op.tensors if t.role is Role.INOUT),
        inferred_dtypes=tuple(tensors[t.name] for t in (op.new_outputs or op.outputs)),
        attrs=tuple(
            PaddleAttr(
                name=a.name,
                narrow_check=narrow_check(a),
                cpp_default=cpp_default(a),
                py_type="std::vector<int64_t>" if a.is_list else api.attr_wide(a).render(),
                py_init=f"({cpp_default(a)})" if cpp_default(a) else "{}",
                py_convert=_py_convert(a),
            )
            for a in op.attrs
        ),
        dims=tuple(
            (
                d.name,
                d.from_attr or "",
                _attr_size(op, d.from_attr)
                if d.from_attr and op.attr(d.from_attr).is_list
                else d.from_attr or "",
            )
            for d in op.dims
        ),
        value_dims=tuple(
            (d.name, d.value_of, dim_cpp(d.max, slots), d.max.render())
            for d in op.dims
            if d.value_of is not None and d.max is not None  # the parser requires max
        ),
        dtype_var=dtype_var_of(op),
        infer_dims=_infer_dims(op),
        checked_call=checked,
        paddle_kernel=kernel,
        cpp_call=api.cpp_call(op),
        infer_shape=api.infer_shape(op),
        infer_dtype=api.infer_dtype(op),
        check_attrs_call=api.check_attrs(op).call(names),
        glue_to_run=api.run(op).call(glue, tparam(op)),
        paddle_kernel_body=_paddle_kernel_body(op, checked.call(wide)),
        py_names=tuple([t.name for t in op.arguments] + [a.name for a in op.attrs]),
        py_required=len(op.arguments),
        python_to_checked=checked.call(pointed),
        registered_inputs=tuple(
            f'paddle::Optional("{p.name}")' if p.tensor.optional else f'"{p.name}"'
            for p in kernel.params
            if p.tensor is not None
        ),
        registered_attrs=tuple(f'"{a.name}: {api.attr_registered(a)}"' for a in op.attrs),
    )


def _py_convert(a: Attr) -> str:
    """The python_glue function converting an attribute's Python object."""
    if a.is_list:
        return "int64_list_arg"
    return {AttrType.FLOAT: "double_arg", AttrType.BOOL: "bool_arg"}.get(a.type, "int64_arg")


def _paddle_kernel_body(op: Op, call: str) -> str:
    """Paddle's custom-op kernel returns its new outputs as a vector."""
    if not op.new_outputs:
        return call
    return f"return {{{call}}}" if len(op.new_outputs) == 1 else f"return {call}"


def _infer_cpp(e: DimExpr) -> str:
    """A static-graph size: unknown (-1) if any dim it uses is unknown."""
    refs = tuple(dict.fromkeys(e.refs()))
    if not refs or isinstance(e, DimRef):
        return dim_cpp(e)
    unknown = " || ".join(f"{r} < 0" for r in refs)
    return f"({unknown}) ? -1 : {dim_cpp(e)}"


def _attr_size(op: Op, attr: str | None) -> str:
    """C++: the size an attribute binds a dim to (an int list: its length)."""
    if attr is None:
        return ""
    if op.attr(attr).is_list:
        return f"static_cast<int64_t>({attr}.size())"
    return f"static_cast<int64_t>({attr})"


def _infer_dims(op: Op) -> tuple[tuple[str, str], ...]:
    """Where static shape inference reads each dim that a new output's shape
    needs: the attribute, or the first required tensor that binds it (the parser
    guarantees one exists)."""
    needed = {
        r
        for t in op.new_outputs
        for axis, e in enumerate(t.shape)
        if not (axis == 0 and t.rows is not None)  # inferred as -1
        for r in e.refs()
    }
    sources = []
    for d in op.dims:
        if d.name not in needed:
            continue
        if d.from_attr is not None:
            sources.append((d.name, _attr_size(op, d.from_attr)))
            continue
        if d.value_of is not None:
            # A value is not known when a program is built: every size that
            # uses it is dynamic (-1), as Paddle's own ops declare such outputs.
            sources.append((d.name, "-1"))
            continue
        binder = next(t for t in op.tensors if t.is_argument and not t.optional and t.binds(d.name))
        if not binder.forms:
            sources.append((d.name, f"{binder.name}_shape[{binder.binds_at(d.name)}]"))
            continue
        # A tensor with shape alternatives: its rank says which form, hence which axis.
        pairs = ", ".join(
            f"{{{len(shape)}, {binder.form_axis(k, d.name)}}}"
            for k, shape in enumerate(binder.forms)
        )
        sources.append((d.name, f"paddle_glue::dim_by_rank({binder.name}_shape, {{{pairs}}})"))
    return tuple(sources)
