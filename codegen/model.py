"""The op model: what a spec says, parsed once and validated in one place (parse.py).

Everything downstream (views, emitters, the test integration) reads these frozen
dataclasses and never the YAML.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

from codegen.yamlsrc import Loc


class DType(enum.Enum):
    """Element types a tensor may have. Value: the spec's spelling."""

    BOOL = "bool"
    INT32 = "int32"
    INT64 = "int64"
    FLOAT32 = "float32"
    FLOAT16 = "float16"
    BFLOAT16 = "bfloat16"

    @property
    def is_float(self) -> bool:
        return self in (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)


@dataclass(frozen=True)
class DTypeVar:
    """A dtype shared by several tensors, chosen per call from a fixed set."""

    name: str
    choices: tuple[DType, ...]
    loc: Loc


# ---------------------------------------------------------------- dim expressions


@dataclass(frozen=True)
class DimConst:
    value: int

    def render(self, names: Mapping[str, str] | None = None) -> str:
        return str(self.value)

    def refs(self) -> tuple[str, ...]:
        return ()

    def evaluate(self, env: Mapping[str, int]) -> int:
        return self.value


@dataclass(frozen=True)
class DimRef:
    name: str

    def render(self, names: Mapping[str, str] | None = None) -> str:
        return names[self.name] if names is not None else self.name

    def refs(self) -> tuple[str, ...]:
        return (self.name,)

    def evaluate(self, env: Mapping[str, int]) -> int:
        return env[self.name]


@dataclass(frozen=True)
class DimBinOp:
    """``lhs op rhs`` with op in + - * //. ``//`` only by a positive literal
    (checked by the parser), so C++ ``/`` on the non-negative sizes agrees."""

    op: str
    lhs: DimExpr
    rhs: DimExpr

    def render(self, names: Mapping[str, str] | None = None) -> str:
        def side(e: DimExpr) -> str:
            text = e.render(names)
            return f"({text})" if isinstance(e, DimBinOp) else text

        return f"{side(self.lhs)} {self.op} {side(self.rhs)}"

    def refs(self) -> tuple[str, ...]:
        return self.lhs.refs() + self.rhs.refs()

    def evaluate(self, env: Mapping[str, int]) -> int:
        a, b = self.lhs.evaluate(env), self.rhs.evaluate(env)
        if self.op == "+":
            return a + b
        if self.op == "-":
            return a - b
        if self.op == "*":
            return a * b
        return a // b


DimExpr = Union[DimConst, DimRef, DimBinOp]  # noqa: UP007 - a runtime alias, Python 3.10 has no `type`


# ---------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Dim:
    """A symbolic size. Bound at call time from the first present tensor whose
    shape names it alone at some axis, from an attribute (``from_attr``), or
    from the value of a [1] int32/int64 input (``value_of``: FastDeploy's
    token counts held in a tensor; the glue reads it on the host and checks it
    against ``max``, which such a dim must declare, before allocating)."""

    name: str
    doc: str
    from_attr: str | None
    loc: Loc
    min: DimExpr | None = None  # checked whenever the call binds the dim
    max: DimExpr | None = None
    bound_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    value_of: str | None = None

    def line_of(self, bound: str) -> int:
        """The spec line of the dim's ``min``, ``max`` or ``value_of`` (its own
        line if absent)."""
        return dict(self.bound_lines).get(bound, self.loc.line)

    @property
    def set_elsewhere(self) -> bool:
        """Set by an attribute or a tensor's value, not by a tensor's shape."""
        return self.from_attr is not None or self.value_of is not None


class Role(enum.Enum):
    INPUT = "in"
    INOUT = "inout"  # modified in place; the caller's buffer is the output
    OUTPUT = "out"  # allocated by the glue, returned
    SCRATCH = "scratch"  # allocated by the glue, lives until the kernel returns

    @property
    def kernel_writes(self) -> bool:
        return self in (Role.INOUT, Role.OUTPUT)


@dataclass(frozen=True)
class Condition:
    """``attr`` takes one of ``values`` (enum members by name, or bools)."""

    attr: str
    values: tuple[str | bool, ...]


@dataclass(frozen=True)
class UniformFill:
    """Scratch filled with one uniform draw in [0, 1) per element, from the
    documented SplitMix64 stream seeded by attribute ``seed_attr``."""

    seed_attr: str


# A value bound: a number, or an expression whose names are dims or int/int64
# attributes (vocab_size - 1, bs * max_seq_len): the entry computes it in int64.
Bound = Union[int, float, DimExpr]  # noqa: UP007 - a runtime alias


@dataclass(frozen=True)
class Values:
    """A tensor's value domain: preconditions the value-checked mode verifies
    before the kernel runs, and hints for generating valid test inputs."""

    min: Bound | None = None  # every element >= min
    max: Bound | None = None  # every element <= max
    above: float | None = None  # every element > above
    prefix_sum_of: str | None = None  # [0, s0, s0+s1, ...] of that rank-1 tensor
    # With prefix_sum_of: the dim its last element equals; alone (a rank-1
    # integer tensor of lengths): the dim its elements add up to.
    total: str | None = None
    probability_rows: bool = False  # last axis: elements in [0, 1], sum <= 1
    density: float | None = None  # generation: fraction of non-zero (true) elements
    sample: tuple[int | DimExpr, int | DimExpr] | None = None  # generation: draw from [lo, hi]


@dataclass(frozen=True)
class Tensor:
    name: str
    doc: str
    dtype: DType | DTypeVar
    shape: tuple[DimExpr, ...]
    role: Role
    optional: bool
    required_when: tuple[Condition, ...]  # any of them makes an optional tensor required
    host: bool  # lives in host memory even when the op runs on a device
    fill: UniformFill | None
    loc: Loc
    values: Values = field(default_factory=Values)
    field_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    # In-place and output tensors: what every element holds after the call (the
    # kernels' postcondition, for any input values).
    after: Values = field(default_factory=Values)
    # The caller may pass it with one more trailing axis of size 1 ([max_bsz, 1]
    # for [max_bsz]: FastDeploy's per-slot buffers); kernels see the same elements.
    unit_axis: bool = False
    # A new output whose kernel decides how many rows (axis-0 entries) it
    # writes: the [1] int32/int64 output the kernel writes that count into.
    # The glue allocates the declared shape (the maximum) and returns the
    # first `count` rows.
    rows: str | None = None
    # Shape alternatives (`shape: {one_of: [...]}`): every form the caller may
    # pass, `shape` being the first; () for a tensor of one shape. The forms
    # differ in rank, which tells the glue which one came; the kernels get its
    # index as `<name>_form`.
    forms: tuple[tuple[DimExpr, ...], ...] = ()

    def line_of(self, field_name: str) -> int:
        """The spec line of one of this tensor's fields (its first line if absent)."""
        return dict(self.field_lines).get(field_name, self.loc.line)

    @property
    def read_only(self) -> bool:
        """Const to the kernels: everything but in-place and new outputs and
        workspace scratch (scratch the glue fills is only read)."""
        return not (self.role.kernel_writes or (self.role is Role.SCRATCH and self.fill is None))

    @property
    def is_argument(self) -> bool:
        """Passed by the caller (scratch and pure outputs are made by the glue)."""
        return self.role in (Role.INPUT, Role.INOUT)

    @property
    def shapes(self) -> tuple[tuple[DimExpr, ...], ...]:
        """Every shape the caller may pass: the forms, or the one shape."""
        return self.forms or (self.shape,)

    @property
    def form_field(self) -> str:
        """The kernels' parameter that says which form came (tensors with forms)."""
        return f"{self.name}_form"

    def binds_at(self, dim: str) -> int | None:
        """The axis at which this tensor's shape is exactly ``dim``, if any (a
        tensor with shape alternatives has none: see ``form_axis``)."""
        if self.forms:
            return None
        return _axis_of(self.shape, dim)

    def form_axis(self, form: int, dim: str) -> int | None:
        """The axis at which form ``form`` of this tensor is exactly ``dim``."""
        return _axis_of(self.shapes[form], dim)

    def binds(self, dim: str) -> bool:
        """Whatever shape the caller passes, it binds ``dim``: one shape naming it
        alone at an axis, or every form naming it alone at some axis."""
        return all(_axis_of(shape, dim) is not None for shape in self.shapes)


def _axis_of(shape: tuple[DimExpr, ...], dim: str) -> int | None:
    for axis, expr in enumerate(shape):
        if isinstance(expr, DimRef) and expr.name == dim:
            return axis
    return None


class AttrType(enum.Enum):
    INT = "int"
    INT64 = "int64"
    FLOAT = "float"
    BOOL = "bool"
    ENUM = "enum"
    # A list of int32 integers (FastDeploy's std::vector<int> attributes): min/max
    # bound each element, min_length/max_length the length.
    INT_LIST = "int_list"
    # A list of int64 integers (std::vector<int64_t>), the same otherwise.
    # Paddle's typed shape-inference helper has no std::vector<int64_t>
    # attribute, so every Paddle op registers its inference through
    # paddle_glue::RawInference (csrc/include/opforge/paddle_glue.h).
    INT64_LIST = "int64_list"

    @property
    def is_list(self) -> bool:
        return self in (AttrType.INT_LIST, AttrType.INT64_LIST)

    @property
    def element(self) -> AttrType:
        """A list's element type (a scalar type is its own)."""
        if self is AttrType.INT_LIST:
            return AttrType.INT
        if self is AttrType.INT64_LIST:
            return AttrType.INT64
        return self


@dataclass(frozen=True)
class EnumType:
    name: str  # C++/Python type name, CamelCase of the attribute
    members: tuple[tuple[str, int], ...]

    def value_of(self, member: str) -> int:
        return dict(self.members)[member]


@dataclass(frozen=True)
class Attr:
    name: str
    doc: str
    type: AttrType
    enum: EnumType | None
    default: int | float | bool | str | tuple[int, ...]  # str: an enum member name
    min: int | float | None
    max: int | float | None
    loc: Loc
    at_most: DimExpr | None = None  # an upper bound that depends on the call's dims
    at_most_line: int = field(default=0, compare=False)
    # List attributes: the least and greatest length (None: unbounded).
    min_length: int | None = None
    max_length: int | None = None
    # The environment variable read, when the caller does not pass the attribute,
    # by the Python function (at call time; a static graph when the op is added).
    env: str | None = None
    env_line: int = field(default=0, compare=False)

    @property
    def is_list(self) -> bool:
        return self.type.is_list

    @property
    def length_field(self) -> str:
        """A list's length as the kernels receive it, beside its elements."""
        return f"{self.name}_len"


@dataclass(frozen=True)
class FastDeployArg:
    """One parameter of FastDeploy's call of the op: its name there, and the
    spec tensor or attribute it carries (None: FastDeploy passes it and opforge
    does not need it; ``unused`` says why)."""

    name: str
    source: str | None
    unused: str = ""
    # FastDeploy passes a one-element integer tensor whose value is the
    # attribute ``source`` (its token counts: `token_num`, `out_token_num`).
    value_of_tensor: bool = False


@dataclass(frozen=True)
class FastDeployForm:
    """How FastDeploy calls the op on one of its backends (``gpu``, ``xpu``):
    its parameters in its Python call's order and what it returns."""

    backend: str
    args: tuple[FastDeployArg, ...]
    # The tensors returned, in order: none (FastDeploy returns None), one
    # (the tensor itself unless ``returns_list``) or several (a list).
    returns: tuple[str, ...]
    returns_list: bool
    loc: Loc = field(compare=False)

    def arg_of(self, source: str) -> FastDeployArg | None:
        """The parameter carrying a spec tensor or attribute, if FastDeploy passes it."""
        return next((a for a in self.args if a.source == source), None)


@dataclass(frozen=True)
class Op:
    name: str
    doc: str
    kernels: tuple[str, ...]  # the kinds of hand-written kernel (codegen/kinds.py), registry order
    dims: tuple[Dim, ...]
    dtype_vars: tuple[DTypeVar, ...]
    tensors: tuple[Tensor, ...]
    attrs: tuple[Attr, ...]
    sweep: tuple[tuple[str, tuple[DimExpr, ...]], ...]  # dim or attribute -> sizes to test
    reference: str | None  # module of tests/ops/reference/ holding the NumPy reference
    # The launch fields of its kinds (codegen/kinds.py, LaunchField) that have a
    # value, given or default: key -> value, in registry order.
    launch: tuple[tuple[str, int], ...]
    source: str  # spec path relative to the repository root
    loc: Loc = field(compare=False)
    # The least share of valid drawn cases in which the kernel must change a
    # written tensor: (tensor, share in (0, 1], spec line). Tests only.
    coverage: tuple[tuple[str, float, int], ...] = ()
    # How FastDeploy calls it (the `fastdeploy:` section), per FastDeploy backend.
    fastdeploy: tuple[FastDeployForm, ...] = ()

    def __repr__(self) -> str:
        # The whole model runs to thousands of characters; a failing test's
        # report (pytest's arguments, Hypothesis' falsifying example) needs
        # only which op it is.
        return f"Op({self.name!r} from {self.source})"

    def tensor(self, name: str) -> Tensor:
        return next(t for t in self.tensors if t.name == name)

    def launch_value(self, key: str) -> int | None:
        """A launch field's value (None: absent, the launch context decides)."""
        return dict(self.launch).get(key)

    def attr(self, name: str) -> Attr:
        return next(a for a in self.attrs if a.name == name)

    @property
    def arguments(self) -> tuple[Tensor, ...]:
        return tuple(t for t in self.tensors if t.is_argument)

    @property
    def outputs(self) -> tuple[Tensor, ...]:
        """What the op returns: its in-place tensors in spec order, then its new
        outputs in spec order (the Paddle op's outputs, the Python function's
        tuple and a reference's return value all use this order)."""
        return tuple(t for t in self.tensors if t.role is Role.INOUT) + self.new_outputs

    @property
    def new_outputs(self) -> tuple[Tensor, ...]:
        """The outputs the glue allocates and returns (not in place), in spec order."""
        return tuple(t for t in self.tensors if t.role is Role.OUTPUT)
