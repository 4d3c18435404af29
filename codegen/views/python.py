"""The Python API's view (generated/python/__init__.py and .pyi, one part
per op): the public function, its docstring, its argument checks and its
stub."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.cpp import shapes_text
from codegen.model import Attr, AttrType, DTypeVar, Op, Role
from codegen.views.common import enums, required_text


@dataclass(frozen=True)
class PythonTensor:
    name: str
    doc: str
    dtype: str  # the spec's spelling (a dtype, or the dtype set's name)
    shape_text: str
    in_place: bool
    host: bool
    optional: bool
    condition_text: str


@dataclass(frozen=True)
class PythonAttr:
    name: str
    doc: str
    py_type: str
    default_doc: str


@dataclass(frozen=True)
class PythonView:
    name: str
    doc: str
    source: str
    paddle_name: str
    enums: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]
    dims: tuple[str, ...]
    python_arguments: tuple[PythonTensor, ...]  # required, then optional
    attrs: tuple[PythonAttr, ...]
    outputs: tuple[str, ...]
    returns_new: (
        bool  # the binding returns new outputs (else the function returns its in-place ones)
    )
    returns_doc: str
    params: str  # the function's parameter list
    stub_params: str  # ...and its stub's
    returns: str  # the stub's return annotation
    arguments: str  # module-level statement: the op's Arguments object
    from_env: tuple[str, ...]  # attributes read from their environment variable when None
    attr_guard: str  # condition: some attribute is not of its exact type ("" if none)
    attr_convert: str  # statement: check and convert every attribute (slow path)
    eager: str  # the eager statement: _C.<op>(...), returned
    refused: str  # expression: the named error for a call the binding refused
    tensors: str  # tuple expression of the tensor arguments, spec order
    static_attrs: str  # tuple expression of the checked attributes, spec order


def _default_doc(a: Attr) -> str:
    if a.env is not None:
        # None, like leaving it out: read when called (static graph: when the op is added).
        return (
            f"${a.env} when set, else {_spec_default(a)}; read at each call without "
            f"{a.name} (or with None)"
        )
    return _spec_default(a)


def _spec_default(a: Attr) -> str:
    if a.default is None:
        return "required"
    if a.enum is not None:
        return str(a.default)
    if a.type is AttrType.BOOL:
        return str(bool(a.default))
    return repr(a.default)


def _returns_doc(op: Op) -> str:
    """The docstring's Returns line, what a `rows:` output holds, and the
    dims that a tensor's value sets."""
    rows = "".join(
        f" {t.name} holds the first {t.rows}[0] rows (of at most {t.shape[0].render()}): "
        "those the kernel wrote."
        for t in op.new_outputs
        if t.rows is not None
    )
    # A dim read from a tensor's value (`value_of:`): what sizes the outputs.
    values = "".join(
        f" {d.name} is the value {d.value_of} holds, read when called and refused "
        f"outside [0, {d.max.render()}] (a static graph's shapes say -1)."
        for d in op.dims
        if d.value_of is not None and d.max is not None
    )
    return _returned(op) + rows + values


def _returned(op: Op) -> str:
    outputs = op.outputs
    if len(outputs) == 1:
        passed = (
            " (the tensor passed in, updated in place)" if outputs[0].role is Role.INOUT else ""
        )
        return f"{outputs[0].name}{passed}."
    if all(t.role is Role.INOUT for t in outputs):
        passed = ": the tensors passed in, updated in place"
    elif any(t.role is Role.INOUT for t in outputs):
        kept = ", ".join(t.name for t in outputs if t.role is Role.INOUT)
        passed = f": {kept} passed in and updated in place, then the new outputs"
    else:
        passed = ""
    return f"({', '.join(t.name for t in outputs)}){passed}."


def python_view(op: Op) -> PythonView:
    sig = api.python(op)
    required = [t for t in op.arguments if not t.optional]
    optional = [t for t in op.arguments if t.optional]
    new = op.new_outputs
    names = {t.name: t.name for t in op.arguments} | {a.name: a.name for a in op.attrs}
    call = f"_C.{op.name}({api.binding(op, none_for_required=False).call_args(names)})"
    in_place = [t.name for t in op.outputs if t.role is Role.INOUT]
    if not new:
        eager = call  # the function returns its in-place tensors after the call
    elif in_place:
        # The binding returns the new outputs; the in-place tensors come first.
        news = call if len(new) == 1 else f"*{call}"
        eager = f"return {', '.join(in_place)}, {news}"
    else:
        eager = f"return tuple({call})" if len(new) > 1 else f"return {call}"
    return PythonView(
        name=op.name,
        doc=op.doc,
        source=op.source,
        paddle_name=f"opforge_{op.name}",
        enums=enums(op),
        dims=tuple(d.name for d in op.dims),
        python_arguments=tuple(
            PythonTensor(
                name=t.name,
                doc=t.doc,
                dtype=t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.value,
                shape_text=shapes_text(t),
                in_place=t.role is Role.INOUT,
                host=t.host,
                optional=t.optional,
                condition_text=required_text(t),
            )
            for t in required + optional
        ),
        attrs=tuple(PythonAttr(a.name, a.doc, api.py_type(a), _default_doc(a)) for a in op.attrs),
        outputs=tuple(t.name for t in op.outputs),
        returns_new=bool(new),
        returns_doc=_returns_doc(op),
        params=api.py_params(sig, stub=False),
        stub_params=api.py_params(sig, stub=True),
        returns=(
            "paddle.Tensor"
            if len(op.outputs) == 1
            else f"tuple[{', '.join('paddle.Tensor' for _ in op.outputs)}]"
        ),
        eager=eager,
        from_env=tuple(a.name for a in op.attrs if a.env is not None),
        **_checks(op),
    )


_PY_KINDS = {
    AttrType.INT: ("int32", "int"),
    AttrType.INT64: ("int64", "int"),
    AttrType.FLOAT: ("float", "float"),
    AttrType.BOOL: ("bool", "bool"),
    AttrType.INT_LIST: ("int32_list", "list"),
    AttrType.INT64_LIST: ("int64_list", "list"),
}


def _tuple(items: list[str]) -> str:
    return "()" if not items else f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def _checks(op: Op) -> dict[str, str]:
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
            if a.is_list:
                # Its elements too: plain ints inside int32 or int64 (else the named error).
                guards.append(f"not _runtime.plain_{kind}({a.name})")
    names = [a.name for a in op.attrs]
    checked = f"{holder}.attributes({', '.join(names)})"
    environment = [
        f'_runtime.EnvAttribute("{a.name}", "{a.env}", {api.py_default(op, a)}, {a.min!r}, {a.max!r})'
        for a in op.attrs
        if a.env is not None
    ]
    extra = f", {_tuple(environment)}" if environment else ""
    return {
        "arguments": (
            f'{holder} = _runtime.Arguments("{op.name}", {_tuple(tensors)}, {_tuple(attrs)}{extra})'
        ),
        "attr_guard": " or ".join(guards),
        "attr_convert": f"{', '.join(names) if len(names) > 1 else _tuple(names)} = {checked}"
        if names
        else "",
        "tensors": _tuple([t.name for t in op.arguments]),
        "static_attrs": checked if names else "()",
        "refused": (
            f"{holder}.refused(_error, {_tuple([t.name for t in op.arguments])}, {_tuple(names)})"
        ),
    }
