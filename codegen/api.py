"""Parameter lists per calling convention, built once as objects.

Every function the generator declares, defines, calls or instantiates has one
``Signature`` here, built from the model: the hand-written kernels (CPU and
XPU3), the entry ``run``, the launchers, ``check_attrs``, the Paddle
glue, the pybind11 binding and the Python function. A template renders a
signature with ``defn()`` (the head of a declaration or definition),
``params_text()``, ``decl_lines()``, ``call(scope)`` or ``instantiation(dtype)``
and never joins a list itself, so an empty list (no attributes, no dims) and
an explicit instantiation cannot disagree with the declaration. (This is
torchgen's ``api/`` layer: bindings as objects, joined in one place.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from codegen.escape import cpp_comment
from codegen.kinds import HOST_ELEM, ElemTypes, KernelKind, Launcher
from codegen.model import Attr, AttrType, DType, DTypeVar, Op, Role, Tensor


class Kind(enum.Enum):
    """What a parameter carries."""

    CONTEXT = "ctx"
    ARGS = "args"  # a kernel's argument struct
    TENSOR = "tensor"
    DIM = "dim"
    FORM = "form"  # which shape alternative a tensor came in
    ATTR = "attr"


@dataclass(frozen=True)
class CType:
    """A type whose element may be the op's dtype set: ``spelling`` holds
    ``{elem}`` where the element type goes, spelled from ``elems`` (the host's,
    or a kernel kind's own: codegen/kinds.py)."""

    spelling: str
    elem: DType | DTypeVar | None = None
    elems: ElemTypes = HOST_ELEM

    def render(self, dtype: DType | None = None) -> str:
        if self.elem is None:
            return self.spelling
        if isinstance(self.elem, DTypeVar):
            elem = self.elems[dtype] if dtype is not None else self.elem.name
        else:
            elem = self.elems[self.elem]
        return self.spelling.format(elem=elem)


@dataclass(frozen=True)
class Param:
    name: str
    type: CType
    kind: Kind
    tensor: Tensor | None = None  # the tensor a TENSOR parameter carries
    default: str = ""  # only declarations of Python parameters show it
    comment: str = ""
    keyword_only: bool = False  # Python: after the `*` of the parameter list

    def decl(self, dtype: DType | None = None) -> str:
        return f"{self.type.render(dtype)} {self.name}"


class UnboundParam(KeyError):
    pass


@dataclass(frozen=True)
class Signature:
    name: str  # as called inside the op's namespace
    qualified: str  # as named outside it (explicit instantiations)
    params: tuple[Param, ...]
    returns: str = "void"
    prefix: str = ""  # "static ", "__global__ "
    tparam: str = ""  # the dtype set's name if the function is a template over it
    elems: ElemTypes = HOST_ELEM  # how its instantiations spell each dtype
    instance_prefix: str = ""  # before an explicit instantiation's return type

    @property
    def template(self) -> str:
        return f"template <typename {self.tparam}>\n" if self.tparam else ""

    def params_text(self) -> str:
        return ", ".join(p.decl() for p in self.params)

    def defn(self) -> str:
        """``ret name(params)``, the head of a definition or declaration."""
        return f"{self.template}{self.prefix}{self.returns} {self.name}({self.params_text()})"

    def field_lines(self) -> list[str]:
        """One struct field per parameter, each followed by its comment."""
        return [
            f"{p.decl()};" + (f"  // {cpp_comment(p.comment)}" if p.comment else "")
            for p in self.params
        ]

    def out_of_class(self, prefix: str = "") -> str:
        """The head of a definition by qualified name, outside its scope (a
        hand-written kernel: ``prefix`` is its kind's ``define_prefix``), so a
        definition whose parameters drift from the declaration does not compile."""
        return f"{self.template}{prefix}{self.returns} {self.qualified}({self.params_text()})"

    def decl_lines(self, close: str) -> list[str]:
        """One parameter per line, each followed by its comment (kernel headers);
        ``close`` ends the last parameter (before its comment)."""
        lines = []
        for i, p in enumerate(self.params):
            end = "," if i + 1 < len(self.params) else close
            note = f"  // {cpp_comment(p.comment)}" if p.comment else ""
            lines.append(f"{p.decl()}{end}{note}")
        return lines or [close]

    def call_args(self, scope: Mapping[str, str]) -> str:
        """The arguments of a call from ``scope`` (parameter name -> expression)."""
        missing = [p.name for p in self.params if p.name not in scope]
        if missing:
            raise UnboundParam(f"{self.name}: nothing in scope for {', '.join(missing)}")
        return ", ".join(scope[p.name] for p in self.params)

    def call(self, scope: Mapping[str, str], tparam: str = "") -> str:
        targs = f"<{tparam}>" if tparam else ""
        return f"{self.name}{targs}({self.call_args(scope)})"

    def instantiation(self, dtype: DType, qualified: bool) -> str:
        """``template ret f<E>(types);`` from the very parameters declared: inside
        the op's namespace (``qualified=False``) or outside it."""
        types = ", ".join(p.type.render(dtype) for p in self.params)
        name = self.qualified if qualified else self.name
        return (
            f"template {self.instance_prefix}{self.returns} {name}<{self.elems[dtype]}>({types});"
        )

    def instantiations(self, op: Op, qualified: bool) -> tuple[str, ...]:
        if not self.tparam or not op.dtype_vars:
            return ()
        return tuple(self.instantiation(d, qualified) for d in op.dtype_vars[0].choices)


# ---------------------------------------------------------------- spellings


def elem_of(t: Tensor) -> CType:
    return CType("{elem}", t.dtype)


def attr_cpp(op: Op, a: Attr, elems: ElemTypes = HOST_ELEM) -> CType:
    """The attribute as the entry and a kernel of some kind take it (enums
    fully qualified; 64-bit integers as the kind spells them)."""
    if a.enum is not None:
        return CType(f"opforge::{op.name}::{a.enum.name}")
    if a.is_list:
        # A read-only host buffer over the caller's elements (data, size).
        return CType(f"opforge::Buffer<const {elems[list_dtype(a)]}>")
    return CType(
        {
            AttrType.INT: "int32_t",
            AttrType.INT64: elems[DType.INT64],
            AttrType.FLOAT: "float",
            AttrType.BOOL: "bool",
        }[a.type]
    )


def list_dtype(a: Attr) -> DType:
    """A list attribute's elements as a tensor dtype (for their spelling by kind)."""
    return DType.INT64 if a.type is AttrType.INT64_LIST else DType.INT32


def attr_paddle(a: Attr) -> CType:
    """The attribute as Paddle's custom-op kernel takes it."""
    if a.is_list:
        return CType(f"const {attr_registered(a)}&")
    return CType(
        {
            AttrType.INT: "int",
            AttrType.INT64: "int64_t",
            AttrType.FLOAT: "float",
            AttrType.BOOL: "bool",
            AttrType.ENUM: "int",
        }[a.type]
    )


def attr_registered(a: Attr) -> str:
    """The attribute's type in the Paddle op's registration (``"name: type"``)."""
    if a.type is AttrType.INT64_LIST:
        return "std::vector<int64_t>"
    if a.is_list:
        return "std::vector<int>"
    return attr_paddle(a).render()


def attr_glue(op: Op, a: Attr) -> CType:
    """The attribute as the Paddle glue's checked call takes it: an int list as
    the vector that holds its elements for the call, anything else as the entry."""
    if a.is_list:
        return CType(f"const std::vector<{HOST_ELEM[list_dtype(a)]}>&")
    return attr_cpp(op, a)


def attr_wide(a: Attr) -> CType:
    """The attribute as the binding receives it: integers 64-bit (so an out-of-range
    value gets our message, not pybind11's), floats double."""
    if a.is_list:
        return CType("const std::vector<int64_t>&")
    return CType(
        {
            AttrType.INT: "int64_t",
            AttrType.INT64: "int64_t",
            AttrType.FLOAT: "double",
            AttrType.BOOL: "bool",
            AttrType.ENUM: "int64_t",
        }[a.type]
    )


def _const(t: Tensor) -> str:
    return "const " if t.read_only else ""


def _kernel_comment(t: Tensor) -> str:
    notes = [" or ".join("[" + ", ".join(e.render() for e in shape) + "]" for shape in t.shapes)]
    if t.forms:
        notes.append(f"as {t.form_field} says")
    if t.optional:
        notes.append("null when absent")
    if t.role is Role.SCRATCH:
        notes.append("scratch")
    if t.rows is not None:
        notes.append(f"write the first rows, their number into {t.rows}")
    return ", ".join(notes)


def _dims(op: Op, dim_type: str = "int64_t") -> list[Param]:
    """Dims are 64-bit, except where a kernel kind says otherwise (an XPU3
    core is 32-bit: its launchers check each dim fits and narrow it)."""
    return [Param(d.name, CType(dim_type), Kind.DIM) for d in op.dims]


def forms(op: Op) -> list[Param]:
    """One int32 per tensor with shape alternatives: the index of the form the
    caller passed (0 for the first the spec lists), after the dims."""
    return [
        Param(t.form_field, CType("int32_t"), Kind.FORM, comment=_forms_comment(t))
        for t in op.tensors
        if t.forms
    ]


def _forms_comment(t: Tensor) -> str:
    return ", ".join(
        f"{k}: [{', '.join(e.render() for e in shape)}]" for k, shape in enumerate(t.forms)
    )


def _attrs(op: Op, spell: str = "cpp", elems: ElemTypes = HOST_ELEM) -> list[Param]:
    params = []
    for a in op.attrs:
        ctype = (
            attr_cpp(op, a, elems)
            if spell == "cpp"
            else attr_paddle(a)
            if spell == "paddle"
            else attr_glue(op, a)
            if spell == "glue"
            else attr_wide(a)
        )
        params.append(Param(a.name, ctype, Kind.ATTR))
    return params


def _ctx() -> Param:
    return Param("ctx", CType("const opforge::Context&"), Kind.CONTEXT)


def _tparam(op: Op) -> str:
    return op.dtype_vars[0].name if op.dtype_vars else ""


# ---------------------------------------------------------------- the conventions


def kernel(op: Op, kind: KernelKind) -> Signature:
    """A hand-written kernel of ``kind``: its argument struct where the kind
    receives one (kernel_args), else those arguments as parameters."""
    fields = kernel_args(op, kind)
    if kind.receives != "struct":
        return fields
    targs = "<{elem}>" if op.dtype_vars else ""
    struct = CType(
        kind.args_param.format(struct=f"opforge::{op.name}::{kind.args}{targs}"),
        _dtype_var(op),
        kind.elem,
    )
    return Signature(
        kind.function,
        fields.qualified,
        (Param("args", struct, Kind.ARGS),),
        prefix=kind.prefix,
        tparam=fields.tparam,
        elems=kind.elem,
        instance_prefix=kind.instance_prefix,
    )


def _dtype_var(op: Op) -> DTypeVar | None:
    return op.dtype_vars[0] if op.dtype_vars else None


_Built = Callable[[Op, Any], "Signature"]


def _once_per_op(key: Callable[[Any], str]) -> Callable[[_Built], _Built]:
    """The signature for an op and `key` of the other argument, built once:
    the views of one op ask for the same few signatures 10-12 times each
    (~0.1 ms apiece; a cold generation of 1,000 ops spent ~1 ms an op on
    rebuilding them). Keyed by the op's identity (hashing a model costs a
    fifth of building the signature); the op is kept with its entry, so its
    identity is not reused while the entry lives, and the memo is emptied
    when it holds a few ops' worth."""

    def decorate(build: _Built) -> _Built:
        memo: dict[tuple[int, str], tuple[Op, Signature]] = {}

        def built(op: Op, other: Any) -> Signature:
            at = (id(op), key(other))
            entry = memo.get(at)
            if entry is not None and entry[0] is op:
                return entry[1]
            if len(memo) >= 64:
                memo.clear()
            signature = build(op, other)
            memo[at] = (op, signature)
            return signature

        built.__doc__ = build.__doc__
        return built

    return decorate


@_once_per_op(lambda kind: str(kind.name))
def kernel_args(op: Op, kind: KernelKind) -> Signature:
    """What a kernel of ``kind`` receives: every tensor in spec order as the
    kind's pointer (element types as the kind spells them), then dims, then
    attributes; as parameters, or as the fields of its argument struct."""
    tensors = [
        Param(
            t.name,
            CType(kind.pointer.format(const=_const(t), elem="{elem}"), t.dtype, kind.elem),
            Kind.TENSOR,
            t,
            comment=_kernel_comment(t),
        )
        for t in op.tensors
    ]
    params = tuple(tensors + _dims(op, kind.dim) + forms(op) + _kernel_attrs(op, kind))
    return Signature(
        kind.function,
        f"opforge::{op.name}::{kind.owner}{kind.function}",
        params,
        prefix=kind.prefix,
        tparam=_tparam(op),
        elems=kind.elem,
        instance_prefix=kind.instance_prefix,
    )


def _kernel_attrs(op: Op, kind: KernelKind) -> list[Param]:
    """Attributes as a kernel receives them. An int list is a read-only pointer
    to its elements in the kind's memory (the launchers copy it there, as any
    tensor, so nothing bounds its length) and its length, ``<name>_len``."""
    params = []
    for a in op.attrs:
        if not a.is_list:
            params.append(Param(a.name, attr_cpp(op, a, kind.elem), Kind.ATTR))
            continue
        pointer = kind.pointer.format(const="const ", elem=kind.elem[list_dtype(a)])
        params.append(Param(a.name, CType(pointer), Kind.ATTR, comment="int list, read-only"))
        params.append(
            Param(a.length_field, CType(kind.dim), Kind.ATTR, comment=f"the length of {a.name}")
        )
    return params


def _buffer(t: Tensor) -> Param:
    return Param(t.name, CType(f"opforge::Buffer<{_const(t)}{{elem}}>", t.dtype), Kind.TENSOR, t)


def run(op: Op) -> Signature:
    """The entry: the caller's tensors and new outputs (spec order) as
    buffers; scratch is made inside."""
    buffers = [_buffer(t) for t in op.tensors if t.role is not Role.SCRATCH]
    return Signature(
        "run",
        f"opforge::{op.name}::run",
        tuple([_ctx(), *buffers, *_dims(op), *forms(op), *_attrs(op)]),
        tparam=_tparam(op),
    )


@_once_per_op(lambda launcher: str(launcher.function))
def launch(op: Op, launcher: Launcher) -> Signature:
    """A launcher (codegen/kinds.py): every tensor as a buffer."""
    buffers = [_buffer(t) for t in op.tensors]
    return Signature(
        launcher.function,
        f"opforge::{op.name}::{launcher.function}",
        tuple([_ctx(), *buffers, *_dims(op), *forms(op), *_attrs(op)]),
        tparam=_tparam(op),
    )


def check_attrs(op: Op) -> Signature:
    return Signature("check_attrs", f"opforge::{op.name}::check_attrs", tuple(_attrs(op)))


def _paddle_tensor(t: Tensor, optional: bool) -> Param:
    kind = "paddle::optional<paddle::Tensor>" if optional else "paddle::Tensor"
    return Param(t.name, CType(f"const {kind}&"), Kind.TENSOR, t)


def _returns(op: Op) -> str:
    new = op.new_outputs
    return (
        "void" if not new else "paddle::Tensor" if len(new) == 1 else "std::vector<paddle::Tensor>"
    )


def checked_call(op: Op) -> Signature:
    """The Paddle glue's one entry: Paddle tensors and entry-typed attributes."""
    tensors = [_paddle_tensor(t, t.optional) for t in op.arguments]
    return Signature(
        "checked_call", "checked_call", tuple(tensors + _attrs(op, "glue")), _returns(op)
    )


def paddle_kernel(op: Op) -> Signature:
    """The kernel function of the registered Paddle op (PD_BUILD_OP matches its
    inputs and attributes to these parameters by position)."""
    tensors = [_paddle_tensor(t, t.optional) for t in op.arguments]
    returns = "void" if not op.new_outputs else "std::vector<paddle::Tensor>"
    return Signature(
        "paddle_kernel", "paddle_kernel", tuple(tensors + _attrs(op, "paddle")), returns
    )


def cpp_call(op: Op) -> Signature:
    """The op as an exported C++ function of Paddle tensors (paddle_kernel's
    parameters, without its translation of errors): what C++ callers such as
    FastDeploy's pybind11 bindings call."""
    kernel = paddle_kernel(op)
    return Signature(
        "call", f"opforge::{op.name}::call", kernel.params, kernel.returns, "OPFORGE_EXPORT "
    )


def _inference(op: Op, name: str, suffix: str, value: str, returns: str) -> Signature:
    """Paddle's shape or dtype inference: one ``value`` per caller tensor (optional
    where the tensor is), then the attributes as Paddle takes them."""
    values = [
        Param(
            f"{t.name}_{suffix}",
            CType(f"const paddle::optional<{value}>&" if t.optional else f"const {value}&"),
            Kind.TENSOR,
            t,
        )
        for t in op.arguments
    ]
    return Signature(name, name, tuple(values + _attrs(op, "paddle")), returns)


def infer_shape(op: Op) -> Signature:
    return _inference(
        op, "infer_shape", "shape", "std::vector<int64_t>", "std::vector<std::vector<int64_t>>"
    )


def infer_dtype(op: Op) -> Signature:
    return _inference(
        op, "infer_dtype", "dtype", "paddle::DataType", "std::vector<paddle::DataType>"
    )


def binding(op: Op, none_for_required: bool) -> Signature:
    """The Python binding's parameters, in the order the Python function passes
    them (the tensors, optional where ``none_for_required`` or the tensor is,
    then the attributes as the binding receives them)."""
    tensors = [_paddle_tensor(t, t.optional or none_for_required) for t in op.arguments]
    return Signature("", "", tuple(tensors + _attrs(op, "wide")), _returns(op))


def py_default(op: Op, a: Attr) -> str:
    if a.default is None:
        return ""
    if a.enum is not None:
        return f"{a.enum.name}.{str(a.default).upper()}"
    if a.type is AttrType.BOOL:
        return str(bool(a.default))
    return repr(a.default)


def py_type(a: Attr) -> str:
    if a.is_list:
        return "list[int] | tuple[int, ...]"
    if a.enum is not None:
        return f"{a.enum.name} | int"
    return {AttrType.INT: "int", AttrType.INT64: "int", AttrType.FLOAT: "float"}.get(a.type, "bool")


def python(op: Op) -> Signature:
    """The public Python function. The tensors a caller must pass come first, in
    spec order (positional or keyword); then, keyword-only, the optional tensors
    (default None, so a caller omits them) and the attributes (defaults as the
    spec gives them). A positional call of the old all-positional form fails in
    Python's own argument binding instead of binding a tensor to the wrong name."""
    required = [
        Param(t.name, CType("paddle.Tensor"), Kind.TENSOR, t)
        for t in op.arguments
        if not t.optional
    ]
    optional = [
        Param(
            t.name, CType("paddle.Tensor | None"), Kind.TENSOR, t, default="None", keyword_only=True
        )
        for t in op.arguments
        if t.optional
    ]
    # An attribute read from an environment variable defaults to None: the
    # function resolves it at call time (from the variable, else the spec's default).
    attrs = [
        Param(a.name, CType(py_type(a)), Kind.ATTR, default=py_default(op, a), keyword_only=True)
        if a.env is None
        else Param(
            a.name, CType(f"{py_type(a)} | None"), Kind.ATTR, default="None", keyword_only=True
        )
        for a in op.attrs
    ]
    return Signature(op.name, op.name, tuple(required + optional + attrs))


def py_param_texts(sig: Signature, stub: bool) -> list[str]:
    """Each Python parameter as declared (``x``, ``k=1``; in a stub ``x: T``,
    ``k: int = ...``), with ``*`` before the first keyword-only one."""
    texts: list[str] = []
    for p in sig.params:
        if p.keyword_only and "*" not in texts:
            texts.append("*")
        if stub:
            texts.append(f"{p.name}: {p.type.spelling}" + (" = ..." if p.default else ""))
        else:
            texts.append(p.name + (f"={p.default}" if p.default else ""))
    return texts


def py_params(sig: Signature, stub: bool) -> str:
    """A Python parameter list: ``x, *, k=1`` for the function, ``x: T, *, k: int
    = ...`` for its stub."""
    return ", ".join(py_param_texts(sig, stub))
