"""Cross-field rules of a spec: what holds between its dims, tensors and
attributes once each section has been parsed (names resolve to declarations of
the right kind, every dim is bound, sizes cannot go negative, derived names do
not collide). Each rule reports through the shared checks of ``Diagnostics``.
"""

from __future__ import annotations

from typing import TypeGuard

from codegen import names
from codegen.diagnostics import Diagnostics, with_article
from codegen.dimexpr import (
    INT64_MAX,
    MAX_DIM,
    Range,
    least_difference,
    parts,
    signed_range,
)
from codegen.model import (
    Attr,
    AttrType,
    Bound,
    Dim,
    DimBinOp,
    DimConst,
    DimExpr,
    DimRef,
    DType,
    DTypeVar,
    Role,
    Tensor,
    Values,
)
from codegen.yamlsrc import Loc, LocDict, field_name, show

_INT_ATTRS = (AttrType.INT, AttrType.INT64)

# What each dtype holds: the range a literal value bound must lie in.
DTYPE_RANGES: dict[DType, tuple[float, float]] = {
    DType.BOOL: (0, 1),
    DType.INT32: (-(2**31), 2**31 - 1),
    DType.INT64: (-(2**63), 2**63 - 1),
    DType.FLOAT16: (-65504.0, 65504.0),
    DType.BFLOAT16: (-3.3895313892515355e38, 3.3895313892515355e38),
    DType.FLOAT32: (-3.4028234663852886e38, 3.4028234663852886e38),
}


def _not_holding(value: float | None, dtypes: tuple[DType, ...]) -> DType | None:
    """The first of ``dtypes`` that cannot hold ``value`` (None: each can)."""
    if value is None:
        return None
    return next((d for d in dtypes if not DTYPE_RANGES[d][0] <= value <= DTYPE_RANGES[d][1]), None)


def _domain(low: float | None, high: float | None) -> str:
    """A value domain's literal bounds as a message names them."""
    parts = ([f"min {show(low)}"] if low is not None else []) + (
        [f"max {show(high)}"] if high is not None else []
    )
    return ", ".join(parts)


def _dim_range(d: Dim) -> Range:
    """What a dim may be: its constant bounds, else [0, the runtime's limit]."""
    low = d.min.value if isinstance(d.min, DimConst) else 0
    high = d.max.value if isinstance(d.max, DimConst) else MAX_DIM
    return low, high


def _attr_range(a: Attr) -> Range:
    """What an int or int64 attribute may be: its bounds, else its type's."""
    wide = a.type is AttrType.INT64
    low = int(a.min) if a.min is not None else -(2**63) if wide else -(2**31)
    high = int(a.max) if a.max is not None else INT64_MAX if wide else 2**31 - 1
    return low, high


def _is_expr(b: object) -> TypeGuard[DimExpr]:
    """A bound that is an expression (a number is not)."""
    return isinstance(b, (DimConst, DimRef, DimBinOp))


def _unsound_part(expr: DimExpr, ranges: dict[str, Range]) -> tuple[DimExpr, str] | None:
    """The first part of a value bound that can leave int64, or that divides a
    value that can be negative, and what it does."""
    for part in parts(expr):
        least, most = signed_range(part, ranges)
        if least < -(2**63) or most > INT64_MAX:
            return part, "can leave int64"
        if isinstance(part, DimBinOp) and part.op == "//" and signed_range(part.lhs, ranges)[0] < 0:
            return part, "can divide a negative value, which C++ rounds toward zero and Python down"
    return None


def _names(attrs: set[str], *bounds: Bound | int | DimExpr) -> bool:
    """Some of ``bounds`` is an expression naming one of ``attrs``."""
    return any(isinstance(b, (DimRef, DimBinOp)) and set(b.refs()) & attrs for b in bounds)


def _least_gap(high: Bound | int, low: Bound | int, ranges: dict[str, Range]) -> float:
    """The least value ``high - low`` can take (each a number or an expression)."""
    if _is_expr(high) and _is_expr(low):
        return least_difference(high, low, ranges)
    least = high if isinstance(high, (int, float)) else signed_range(high, ranges)[0]
    most = low if isinstance(low, (int, float)) else signed_range(low, ranges)[1]
    return least - most


class CrossFieldRules(Diagnostics):
    # Set while the sections are parsed (codegen/parse.py).
    dropped_tensor: bool  # a tensor was dropped for an error: no "unused" follow-ons
    # Dims whose `attr` or `value_of` was refused: set elsewhere, not "unbound".
    unsourced_dims: set[str]
    attrs_with_default: set[str]

    def check_unique(self, dims: list[Dim], tensors: list[Tensor], attrs: list[Attr]) -> None:
        """Dims, tensors and attributes share one namespace (they become parameters of
        the same C++ and Python functions)."""
        seen: dict[str, tuple[str, Loc]] = {}
        items: list[tuple[str, str, Loc]] = (
            [("dim", d.name, d.loc) for d in dims]
            + [("tensor", t.name, t.loc) for t in tensors]
            + [("attribute", a.name, a.loc) for a in attrs]
        )
        for kind, name, loc in items:
            if name in seen:
                first_kind, first = seen[name]
                self.error(
                    loc.line,
                    f"{kind} {name}",
                    f"duplicate name: '{name}' is already a {first_kind} at line {first.line}",
                )
            else:
                seen[name] = (kind, loc)
        for a in attrs:
            # An int list's length reaches the kernels as a parameter of its own.
            if a.is_list and a.length_field in seen:
                first_kind, first = seen[a.length_field]
                self.error(
                    a.loc.line,
                    f"attribute {a.name}",
                    f"its length reaches the kernels as '{a.length_field}', already declared as "
                    f"the {first_kind} at line {first.line}; rename one",
                )

    def check_type_names(self, dtype_vars: dict[str, DTypeVar], attrs: list[Attr]) -> None:
        """The type names the generator derives (enum types from attribute names) are
        distinct from each other, from the dtype set and from generated types."""
        taken: dict[str, str] = {
            v.name: f"the dtype set at line {v.loc.line}" for v in dtype_vars.values()
        }
        for a in attrs:
            if a.enum is None:
                continue
            type_name = a.enum.name
            problem = names.type_name_problem(type_name, derived=True)
            where = f"attribute {a.name}.name"
            if problem is not None:
                self.error(a.loc.line, where, f"its enum type {show(type_name)} {problem}")
            elif type_name in taken:
                self.error(
                    a.loc.line,
                    where,
                    f"its enum type is named '{type_name}', as is {taken[type_name]}; rename one",
                )
            else:
                taken[type_name] = f"the enum type of attribute {a.name} (line {a.loc.line})"

    def check_attr_refs(self, tensors: list[Tensor], attrs: list[Attr], dims: list[Dim]) -> None:
        """Conditions, fills and attribute-sized dims name attributes of the right type."""
        by_name = {a.name: a for a in attrs}
        for t in tensors:
            line = t.line_of("required_when")
            for cond in t.required_when:
                where = f"tensor {t.name}.required_when.{field_name(cond.attr)}"
                attr = by_name.get(cond.attr)
                if attr is None:
                    self.error(line, where, f"no attribute named {show(cond.attr)}")
                elif attr.enum is not None:
                    members = [m for m, _ in attr.enum.members]
                    for v in cond.values:
                        if v not in members:
                            self.error(
                                line,
                                where,
                                f"{show(v)} is not a member of {attr.name}; expected one of: {', '.join(members)}",
                            )
                elif attr.type is AttrType.BOOL:
                    if not all(isinstance(v, bool) for v in cond.values):
                        self.error(line, where, "a bool attribute's condition lists true/false")
                else:
                    self.error(line, where, "conditions can only test enum or bool attributes")
            if t.fill is not None:
                attr = by_name.get(t.fill.seed_attr)
                if attr is None or attr.type is not AttrType.INT64:
                    self.error(
                        t.line_of("fill"),
                        f"tensor {t.name}.fill.uniform",
                        f"'{t.fill.seed_attr}' must name an int64 attribute (the seed)",
                    )
        for d in dims:
            if d.from_attr is not None:
                attr = by_name.get(d.from_attr)
                if attr is None or (attr.type not in _INT_ATTRS and not attr.is_list):
                    self.error(
                        d.loc.line,
                        f"dims.{d.name}.attr",
                        f"'{d.from_attr}' must name an int or int64 attribute, "
                        "or an int list (the dim is its length)",
                    )
                else:
                    self._check_attr_meets_dim(d, attr)
        seen_default = None
        for a in attrs:
            if a.name in self.attrs_with_default:
                seen_default = a
            elif seen_default is not None:
                self.error(
                    a.loc.line,
                    f"attribute {a.name}",
                    f"has no default but follows '{seen_default.name}', which has one",
                )

    def _check_attr_meets_dim(self, d: Dim, attr: Attr) -> None:
        """A dim an attribute sets can take some value the attribute may hold:
        the attribute's range (a list's lengths) meets the dim's constant bounds
        (else every call is refused, whatever it passes)."""
        low = attr.min_length if attr.is_list else attr.min
        high = attr.max_length if attr.is_list else attr.max
        what = "length" if attr.is_list else "value"
        dim_low = d.min.value if isinstance(d.min, DimConst) else 0
        dim_high = d.max.value if isinstance(d.max, DimConst) else None
        if low is not None and dim_high is not None and low > dim_high:
            self.error(
                d.line_of("max"),
                f"dims.{d.name}.max",
                f"is {dim_high}, below the least {what} of attribute '{attr.name}' ({low:g}), "
                "which sets the dim: no call could satisfy both",
            )
        elif high is not None and high < dim_low:
            self.error(
                d.line_of("min"),
                f"dims.{d.name}.min",
                f"is {dim_low}, above the greatest {what} of attribute '{attr.name}' ({high:g}), "
                "which sets the dim: no call could satisfy both",
            )

    def check_env_unique(self, attrs: list[Attr]) -> None:
        """Two attributes of one op read different environment variables (one
        variable would set both, which a caller could not tell apart)."""
        first: dict[str, str] = {}
        for a in attrs:
            if a.env is None:
                continue
            if a.env in first:
                self.error(
                    a.env_line,
                    f"attribute {a.name}.env",
                    f"{a.env} is already read by attribute '{first[a.env]}'",
                )
            else:
                first[a.env] = a.name

    def check_dims_bound(self, dims: list[Dim], tensors: list[Tensor]) -> None:
        """Every dim is declared, used, and bound: by an attribute, or by a caller's tensor
        whose shape names it alone at some axis. A dim that appears inside an
        expression, or in an output or scratch shape, must be bound whatever optional
        tensors are left out: by an attribute or a required tensor."""
        used: set[str] = set()
        for t in tensors:
            for shape in t.shapes:
                for expr in shape:
                    used.update(expr.refs())
        for d in dims:
            if d.name not in used:
                if not self.dropped_tensor:
                    self.error(
                        d.loc.line, f"dims.{d.name}", "declared but no tensor's shape uses it"
                    )
                continue
            if d.set_elsewhere or d.name in self.unsourced_dims:
                continue
            binders = [t for t in tensors if t.is_argument and t.binds(d.name)]
            if not binders and not self.dropped_tensor:
                partial = next(
                    (
                        t
                        for t in tensors
                        if t.forms
                        and any(t.form_axis(k, d.name) is not None for k in range(len(t.forms)))
                    ),
                    None,
                )
                if partial is not None:
                    # Each form binds what it names alone: a dim needs binding in every one.
                    k = next(
                        k for k in range(len(partial.forms)) if partial.form_axis(k, d.name) is None
                    )
                    self.error(
                        partial.line_of(f"shape.one_of[{k}]"),
                        f"tensor {partial.name}.shape.one_of[{k}]",
                        f"does not have dim '{d.name}' alone as an axis, which only "
                        f"{partial.name}'s other forms bind; a dim that only a tensor with "
                        "shape alternatives binds must stand alone in every form, or be bound "
                        "by another input or an attribute",
                    )
                    continue
                self.error(
                    d.loc.line,
                    f"dims.{d.name}",
                    f"nothing binds dim '{d.name}': no input has it alone as an axis (e.g. shape [{d.name}]) and no attribute sets it",
                )
                continue
            if not binders or any(not t.optional for t in binders):
                continue
            needers = [
                t.name
                for t in tensors
                for shape in t.shapes
                if any(d.name in e.refs() and not isinstance(e, DimRef) for e in shape)
                or (not t.is_argument and any(d.name in e.refs() for e in shape))
            ]
            if needers:
                self.error(
                    d.loc.line,
                    f"dims.{d.name}",
                    f"only optional tensors ({', '.join(t.name for t in binders)}) bind '{d.name}', "
                    f"but {', '.join(needers)} always needs it",
                )

    def check_sizes(self, tensors: list[Tensor], dims: list[Dim], attrs: list[Attr]) -> None:
        """Every dim expression (shapes, dim bounds, attribute bounds) names declared dims
        only, and no size can go negative."""
        by_name = {d.name: d for d in dims}
        other = {t.name: "a tensor" for t in tensors} | {a.name: "an attribute" for a in attrs}
        bounds: dict[str, tuple[float, float]] = {
            d.name: (
                d.min.value if isinstance(d.min, DimConst) else 0,
                d.max.value if isinstance(d.max, DimConst) else float("inf"),
            )
            for d in dims
        }
        for t in tensors:
            for k, shape in enumerate(t.shapes):
                for axis, expr in enumerate(shape):
                    key = f"shape.one_of[{k}][{axis}]" if t.forms else f"shape[{axis}]"
                    where = f"tensor {t.name}.{key}"
                    if self.check_dim_refs(expr, t.line_of(key), where, by_name, other):
                        self.check_non_negative(expr, t.line_of(key), where, bounds)
        for d in dims:
            for key, bound in (("min", d.min), ("max", d.max)):
                if bound is not None:
                    line = d.line_of(key)
                    if self.check_dim_refs(bound, line, f"dims.{d.name}.{key}", by_name, other):
                        self.check_non_negative(bound, line, f"dims.{d.name}.{key}", bounds)
        for a in attrs:
            if a.at_most is not None:
                where = f"attribute {a.name}.at_most"
                if self.check_dim_refs(a.at_most, a.at_most_line, where, by_name, other):
                    self.check_non_negative(a.at_most, a.at_most_line, where, bounds)

    def check_shape_forms(self, tensors: list[Tensor]) -> None:
        """Shape alternatives are for required inputs of no unit axis, whose
        values domain does not depend on one shape. (Its form parameter,
        <name>_form, names nothing else: names.py reserves the suffix.)"""
        for t in tensors:
            if not t.forms:
                continue
            where = f"tensor {t.name}"
            if t.role is not Role.INPUT:
                self.error(
                    t.line_of("role"),
                    f"{where}.role",
                    f"only inputs may have shape alternatives, not {with_article(repr(t.role.value))} tensor: "
                    "the op returns and the glue allocates tensors of one declared shape "
                    "(the static graph infers it)",
                )
            if t.optional:
                self.error(
                    t.line_of("optional"),
                    f"{where}.optional",
                    "a tensor with shape alternatives is required: an absent one has no form "
                    "to tell the kernels, and binds none of the dims its forms name",
                )
            if t.unit_axis:
                self.error(
                    t.line_of("unit_axis"),
                    f"{where}.unit_axis",
                    "a tensor with shape alternatives has no unit axis: the rank of what the "
                    "caller passes says which form came, and a trailing axis of 1 would blur it",
                )
            v = t.values
            for key, given in (
                ("prefix_sum_of", v.prefix_sum_of),
                ("total", v.total),
                ("probability_rows", v.probability_rows or None),
            ):
                if given is not None:
                    self.error(
                        t.line_of(f"values.{key}"),
                        f"{where}.values.{key}",
                        "a tensor with shape alternatives takes value bounds only (min, max, "
                        f"above, sample, density): '{key}' depends on one shape",
                    )
        for t in tensors:
            source = next((u for u in tensors if u.name == t.values.prefix_sum_of), None)
            if source is not None and source.forms:
                self.error(
                    t.line_of("values.prefix_sum_of"),
                    f"tensor {t.name}.values.prefix_sum_of",
                    f"'{source.name}' has shape alternatives; a prefix sum's source has one shape",
                )

    def check_outputs(self, data: LocDict, tensors: list[Tensor]) -> None:
        """An op returns something (in-place tensors, new outputs, or both)."""
        if self.dropped_tensor or not isinstance(data.get("tensors"), list):
            return
        outputs = [t for t in tensors if t.role in (Role.OUTPUT, Role.INOUT)]
        if not outputs:
            self.error(
                data.key_lines["tensors"],
                "tensors",
                "an op needs at least one output: a tensor with role inout or out",
            )

    def check_written_rows(self, tensors: list[Tensor]) -> None:
        """``rows:`` names the count of the rows the kernel writes: another new
        output of shape [1], int32 or int64, itself returned whole. (The
        tensor that declares it is a new output: parse_rows.)"""
        by_name = {t.name: t for t in tensors}
        for t in tensors:
            if t.rows is None:
                continue
            line = t.line_of("rows")
            where = f"tensor {t.name}.rows"
            count = by_name.get(t.rows)
            if count is None:
                if not self.dropped_tensor:
                    self.error(line, where, f"no tensor named '{t.rows}'")
            elif count is t:
                self.error(
                    line,
                    where,
                    "a tensor cannot hold its own row count; name a [1] int32 or int64 "
                    "output the kernel writes it into",
                )
            elif count.role is not Role.OUTPUT:
                self.error(
                    line,
                    where,
                    f"the count '{count.name}' must be a new output (role out) that the "
                    f"kernel writes, not {with_article(repr(count.role.value))} tensor",
                )
            elif count.dtype not in (DType.INT32, DType.INT64):
                got = count.dtype.name if isinstance(count.dtype, DTypeVar) else count.dtype.value
                self.error(
                    line,
                    where,
                    f"the count '{count.name}' must be int32 or int64, not {got}",
                )
            elif count.shape != (DimConst(1),):
                self.error(
                    line,
                    where,
                    f"the count '{count.name}' must have shape [1] (one value), not "
                    f"[{', '.join(e.render() for e in count.shape)}]",
                )
            elif count.rows is not None:
                self.error(
                    line,
                    where,
                    f"the count '{count.name}' is returned whole; it cannot declare rows "
                    "of its own",
                )

    def check_value_dims(self, dims: list[Dim], tensors: list[Tensor], attrs: list[Attr]) -> None:
        """``value_of: <tensor>``: a dim read from the value of a [1] int32 or
        int64 input that every call passes and the op does not write, bounded
        by ``max`` over dims a call binds from shapes or attributes (read and
        checked in the glue before anything is allocated), and sizing only what
        the glue makes (new outputs, scratch): a caller's shape would be a
        second source for it, checked before the value is read."""
        by_dim = {d.name: d for d in dims}
        by_tensor = {t.name: t for t in tensors}
        attr_names = {a.name for a in attrs}
        for d in dims:
            if d.value_of is None:
                continue
            line = d.line_of("value_of")
            where = f"dims.{d.name}.value_of"
            if d.from_attr is not None:
                self.error(
                    line,
                    where,
                    "a dim is set by an attribute (attr) or by a tensor's value (value_of), "
                    "not both",
                )
            self._check_value_source(d, by_tensor.get(d.value_of), attr_names, line, where)
            if d.max is None:
                self.error(
                    line,
                    where,
                    "a dim read from a tensor's value needs 'max': an upper bound over the "
                    "other dims (e.g. max: bsz * max_seq_len), checked before anything is "
                    "allocated, so that no value can size a huge allocation",
                )
            else:
                self._check_value_bound(d, d.max, by_dim, tensors)
            for t in tensors:
                if not t.is_argument:
                    continue
                for k, shape in enumerate(t.shapes):
                    for axis, expr in enumerate(shape):
                        if d.name not in expr.refs():
                            continue
                        key = f"shape.one_of[{k}][{axis}]" if t.forms else f"shape[{axis}]"
                        self.error(
                            t.line_of(key),
                            f"tensor {t.name}.{key}",
                            f"dim '{d.name}' is read from the value of '{d.value_of}' "
                            f"(dims.{d.name}.value_of); only new outputs and scratch may use "
                            "it in their shapes: a caller's shape would be a second source "
                            "for it",
                        )

    def _check_value_source(
        self, d: Dim, source: Tensor | None, attrs: set[str], line: int, where: str
    ) -> None:
        """The tensor a dim's value is read from: a required [1] int32 or int64
        input (check_value_dims)."""
        name = d.value_of
        if source is None:
            if name in attrs:
                self.error(
                    line,
                    where,
                    f"'{name}' is an attribute; value_of names a [1] int32 or int64 input "
                    "tensor (a dim set by an attribute says attr:)",
                )
            elif not self.dropped_tensor:
                self.error(line, where, f"no tensor named {show(name)}")
        elif source.role is not Role.INPUT:
            self.error(
                line,
                where,
                f"'{source.name}' must be an input (role in) that the op does not write, "
                f"not {with_article(repr(source.role.value))} tensor",
            )
        elif source.optional:
            self.error(
                line,
                where,
                f"'{source.name}' is optional; a dim read from a tensor's value needs that "
                "tensor in every call",
            )
        elif source.dtype not in (DType.INT32, DType.INT64):
            got = source.dtype.name if isinstance(source.dtype, DTypeVar) else source.dtype.value
            self.error(line, where, f"'{source.name}' must be int32 or int64, not {got}")
        elif source.forms or source.shape != (DimConst(1),):
            shape = ", ".join(e.render() for e in source.shape)
            self.error(
                line,
                where,
                f"'{source.name}' must have shape [1] (one value), not "
                + ("shape alternatives" if source.forms else f"[{shape}]"),
            )

    def _check_value_bound(
        self, d: Dim, bound: DimExpr, dims: dict[str, Dim], tensors: list[Tensor]
    ) -> None:
        """A value dim's max is over dims that every call binds before the value
        is read: by an attribute or a required caller's shape."""
        line, where = d.line_of("max"), f"dims.{d.name}.max"
        for ref in dict.fromkeys(bound.refs()):
            other = dims.get(ref)
            if other is None:
                continue  # undefined: check_sizes
            if other.value_of is not None:
                self.error(
                    line,
                    where,
                    f"the bound of a dim read from a tensor's value is over dims set by "
                    f"shapes or attributes; '{ref}' is itself read from a tensor's value",
                )
            elif other.from_attr is None and not any(
                t.is_argument and not t.optional and t.binds(ref) for t in tensors
            ):
                if not self.dropped_tensor:
                    self.error(
                        line,
                        where,
                        f"the bound uses '{ref}', which no attribute or required input binds; "
                        "the value's bound must be known in every call",
                    )

    def check_values(self, tensors: list[Tensor], dims: list[Dim], attrs: list[Attr]) -> None:
        """Value domains name declared dims, int attributes and tensors of a
        fitting shape."""
        by_dim = {d.name: d for d in dims}
        by_name = {t.name: t for t in tensors}
        by_attr = {a.name: a for a in attrs}
        domains = [(t, "values", t.values) for t in tensors] + [
            (t, "after", t.after) for t in tensors
        ]
        for t, section, v in domains:
            where = f"tensor {t.name}.{section}"
            sample = v.sample or ()
            resolved = True
            for key, b in (("min", v.min), ("max", v.max), *(("sample", e) for e in sample)):
                if isinstance(b, (DimConst, DimRef, DimBinOp)):
                    line = t.line_of(f"{section}.{key}")
                    resolved &= self._check_bound_refs(
                        b, line, f"{where}.{key}", by_dim, by_attr, by_name
                    )
            if resolved:
                self._check_bound_values(t, section, v, by_dim, by_attr)
            if v.prefix_sum_of is not None:
                line = t.line_of(f"{section}.prefix_sum_of")
                source = by_name.get(v.prefix_sum_of)
                integers = (DType.INT32, DType.INT64)
                if source is None:
                    self.error(
                        line, f"{where}.prefix_sum_of", f"no tensor named '{v.prefix_sum_of}'"
                    )
                elif t.dtype not in integers or source.dtype not in integers:
                    self.error(
                        line,
                        f"{where}.prefix_sum_of",
                        "a prefix sum and its source are int32 or int64 tensors",
                    )
                elif (
                    len(source.shape) != 1
                    or len(t.shape) != 1
                    or not (
                        isinstance(t.shape[0], DimBinOp)
                        and t.shape[0] == DimBinOp("+", source.shape[0], DimConst(1))
                    )
                ):
                    self.error(
                        line,
                        f"{where}.prefix_sum_of",
                        f"a prefix sum of '{source.name}' {source.shape[0].render() if source.shape else ''} "
                        f"has shape [{source.shape[0].render() if source.shape else 'n'} + 1]",
                    )
            if v.total is not None and v.total not in by_dim:
                self.error(
                    t.line_of(f"{section}.total"), f"{where}.total", f"undefined dim '{v.total}'"
                )
            elif v.total is not None and v.prefix_sum_of is None:
                # Alone, 'total' is the sum of a tensor of lengths.
                if t.dtype not in (DType.INT32, DType.INT64) or len(t.shape) != 1:
                    self.error(
                        t.line_of(f"{section}.total"),
                        f"{where}.total",
                        "without 'prefix_sum_of', 'total' is the sum of a rank-1 int32 or "
                        "int64 tensor of lengths",
                    )

    def _check_bound_refs(
        self,
        expr: DimExpr,
        line: int,
        where: str,
        dims: dict[str, Dim],
        attrs: dict[str, Attr],
        tensors: dict[str, Tensor],
    ) -> bool:
        """Every name in a value bound is a dim or an int or int64 attribute."""
        ok = True
        wanted = "a value bound names dims and int or int64 attributes"
        for ref in dict.fromkeys(expr.refs()):
            a = attrs.get(ref)
            if ref in dims or (a is not None and a.type in _INT_ATTRS):
                continue
            ok = False
            if a is not None:
                kind = with_article(f"{a.type.value} attribute")
                self.error(line, where, f"{show(ref)} is {kind}; {wanted}")
            elif ref in tensors:
                self.error(line, where, f"{show(ref)} is a tensor; {wanted}")
            else:
                self.error(
                    line,
                    where,
                    f"undefined name {show(ref)}; {wanted} (declare it under 'dims' or 'attrs')",
                )
        return ok

    def _check_bound_values(
        self, t: Tensor, section: str, v: Values, dims: dict[str, Dim], attrs: dict[str, Attr]
    ) -> None:
        """The bounds of a domain, each name anywhere it may be (a dim in its
        constant bounds, else [0, the runtime's limit]; an int attribute in its
        min and max, else its type's range): every part of a bound stays in
        int64 (the entry computes it there) and divides no negative value (C++
        would round toward zero, the tests' Python down); and where a bound
        names an attribute, the domain and the sample cannot be empty."""
        where = f"tensor {t.name}.{section}"
        sample = v.sample or ()
        ends = [("min", v.min), ("max", v.max), *(("sample", e) for e in sample)]
        ranges = {d.name: _dim_range(d) for d in dims.values()} | {
            a.name: _attr_range(a) for a in attrs.values() if a.type in _INT_ATTRS
        }

        def given(*bounds: Bound | int) -> str:
            found = sorted({r for b in bounds if _is_expr(b) for r in b.refs()})
            return ", ".join(f"{n} in [{ranges[n][0]}, {ranges[n][1]}]" for n in found)

        sound = True
        for key, b in ends:
            if not _is_expr(b):
                continue
            problem = _unsound_part(b, ranges)
            if problem is not None:
                self.error(
                    t.line_of(f"{section}.{key}"),
                    f"{where}.{key}",
                    f"{show(problem[0].render())} {problem[1]} ({given(b) or 'constants'}); "
                    "bound the names it uses (min/max) so that it cannot",
                )
                sound = False
        named = {r for _, b in ends if _is_expr(b) for r in b.refs() if r not in dims}
        if not sound or not named:
            return  # bounds over dims alone are not required to be non-empty
        choices = t.dtype.choices if isinstance(t.dtype, DTypeVar) else (t.dtype,)
        held = (max(DTYPE_RANGES[d][0] for d in choices), min(DTYPE_RANGES[d][1] for d in choices))
        dtypes = "/".join(d.value for d in choices)

        def spelled(b: Bound | int) -> str:
            return show(b.render()) if _is_expr(b) else show(b)

        def empty(key: str, text: str, *bounds: Bound | int, what: str = "domain") -> None:
            self.error(
                t.line_of(f"{section}.{key}"),
                f"{where}.{key}",
                f"{text} with {given(*bounds)}: the {what} would hold no value; bound the "
                "attributes (min/max) so that it cannot be empty",
            )

        for key, bound in (("min", v.min), ("max", v.max)):
            if not _is_expr(bound) or not _names(named, bound):
                continue
            least, most = signed_range(bound, ranges)
            if key == "min" and most > held[1]:
                empty(key, f"min {spelled(bound)} can be above what {dtypes} holds", bound)
            elif key == "max" and least < held[0]:
                empty(key, f"max {spelled(bound)} can be below what {dtypes} holds", bound)
        low: Bound | None = v.min if v.min is not None else v.above
        if low is not None and v.max is not None and _names(named, v.max, low):
            gap = _least_gap(v.max, low, ranges)
            if gap < 0 or (v.above is not None and gap <= 0):  # 'above' is strict
                which = "above" if v.above is not None else "min"
                sign = "at or below" if v.above is not None else "below"
                key = "max" if _names(named, v.max) else which
                text = f"max {spelled(v.max)} can be {sign} {which} {spelled(low)}"
                empty(key, text, v.max, low)
        if sample and _names(named, *sample) and _least_gap(sample[1], sample[0], ranges) < 0:
            text = f"sample [{spelled(sample[0])}, {spelled(sample[1])}] can end below its start"
            empty("sample", text, *sample, what="sample")

    def check_value_domains(self, tensors: list[Tensor]) -> None:
        """A value domain some value can satisfy, whose generation hints fit its
        dtype: literal bounds inside what the dtype holds (each dtype of a set),
        'above' below 'max', a sample that meets [min, max], 'density' only
        where 0 is a value of the domain and the tensor is drawn with it, and a
        prefix sum of its source's dtype."""
        by_name = {t.name: t for t in tensors}
        for t in tensors:
            for section, v in (("values", t.values), ("after", t.after)):
                self.check_value_domain(t, section, v, by_name.get(v.prefix_sum_of or ""))

    def check_value_domain(self, t: Tensor, section: str, v: Values, source: Tensor | None) -> None:
        """One domain of ``t`` (``section``: values or after); ``source``: the
        tensor it is a prefix sum of."""
        choices = t.dtype.choices if isinstance(t.dtype, DTypeVar) else (t.dtype,)
        where = f"tensor {t.name}.{section}"

        def line(key: str) -> int:
            return t.line_of(f"{section}.{key}")

        low = v.min if isinstance(v.min, (int, float)) else None
        high = v.max if isinstance(v.max, (int, float)) else None
        ends = [("min", low), ("max", high), ("above", v.above)]
        ends += [("sample", e) for e in v.sample or () if isinstance(e, int)]
        for key, value in ends:
            narrow = _not_holding(value, choices)
            if narrow is not None:
                a, b = DTYPE_RANGES[narrow]
                held = f"[{a:g}, {b:g}]" if narrow.is_float else f"[{a}, {b}]"
                self.error(
                    line(key),
                    f"{where}.{key}",
                    f"{show(value)} is outside what {narrow.value} holds ({held})",
                )
        if v.above is not None and high is not None and v.above >= high:
            self.error(
                line("above"),
                f"{where}.above",
                f"above {show(v.above)} and max {show(high)} leave no value",
            )
        sample = v.sample
        lo, hi = sample if sample is not None else (None, None)
        if isinstance(lo, int) and isinstance(hi, int):
            if (low is not None and hi < low) or (high is not None and lo > high):
                self.error(
                    line("sample"),
                    f"{where}.sample",
                    f"[{lo}, {hi}] lies outside the domain ({_domain(low, high)}): "
                    "the tests could draw no valid value from it",
                )
        if sample is not None and not any(d in (DType.INT32, DType.INT64) for d in choices):
            self.error(
                line("sample"),
                f"{where}.sample",
                "only integer tensors are drawn from a sample range; "
                f"a {'/'.join(d.value for d in choices)} tensor ignores it",
            )
        if v.density is not None:
            if all(d.is_float for d in choices):
                self.error(
                    line("density"),
                    f"{where}.density",
                    "only integer and bool tensors are drawn with a density; "
                    "a float tensor ignores it",
                )
            elif (low is not None and low > 0) or (high is not None and high < 0):
                self.error(
                    line("density"),
                    f"{where}.density",
                    f"density draws zeros, which the domain ({_domain(low, high)}) excludes",
                )
        integers = (DType.INT32, DType.INT64)
        if (
            source is not None
            and source.dtype in integers
            and t.dtype in integers
            and source.dtype != t.dtype
        ):
            self.error(
                line("prefix_sum_of"),
                f"{where}.prefix_sum_of",
                f"a prefix sum has its source's dtype: '{source.name}' is "
                f"{source.dtype.value}, '{t.name}' {t.dtype.value}",
            )

    def check_dtype_vars_bound(
        self, dtype_vars: dict[str, DTypeVar], tensors: list[Tensor]
    ) -> None:
        """A dtype set is chosen by the caller's tensors, so a required input must use it."""
        for var in dtype_vars.values():
            users = [t for t in tensors if t.dtype == var]
            if self.dropped_tensor:
                continue  # the dropped tensor may be the one that uses it
            if not users:
                self.error(var.loc.line, f"dtype_sets.{var.name}", "declared but no tensor uses it")
            elif not any(t.is_argument and not t.optional for t in users):
                self.error(
                    var.loc.line,
                    f"dtype_sets.{var.name}",
                    "no required input uses it, so a call cannot choose it",
                )
