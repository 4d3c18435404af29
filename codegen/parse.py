"""Spec files -> model. The one place where specs are validated.

Every problem is reported with ``file:line``, the field, and what was expected;
all problems of a file are collected and reported together (a tensor or
attribute whose name or type is rejected still has its other fields checked),
and nothing a spec says reaches generated code unless it passed here. Each
kind of constraint has one check method whose message is the constraint's
one-line summary; values are quoted with ``show`` (repr, cut to 80 characters).

The layers below: ``yamlsrc`` (the YAML a spec may use, with lines), ``names``
(which names are free), ``dimexpr`` (shape expressions and their bounds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from codegen import names, yamlsrc
from codegen.dimexpr import negative_part, parse_dim_expr
from codegen.model import (
    Attr,
    AttrType,
    Bound,
    Condition,
    Dim,
    DimBinOp,
    DimConst,
    DimExpr,
    DimRef,
    DType,
    DTypeVar,
    EnumType,
    KernelKind,
    Op,
    Role,
    Tensor,
    UniformFill,
    Values,
)
from codegen.yamlsrc import Loc, LocDict, LocList, field_name, show

MAX_RANK = 8  # Paddle's kernels handle up to 9 axes; no op here needs more than 3


class SpecError(Exception):
    """One problem in a spec file."""

    def __init__(self, loc: Loc, where: str, message: str) -> None:
        super().__init__(f"{loc}: {where}: {message}" if where else f"{loc}: {message}")
        self.loc = loc
        self.where = where
        self.message = message


class SpecErrors(Exception):
    """All problems found in one run, one per line."""

    def __init__(self, errors: list[SpecError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors


_DTYPES = {d.value: d for d in DType}
_INT_RANGES = {AttrType.INT: (-(2**31), 2**31 - 1), AttrType.INT64: (-(2**63), 2**63 - 1)}
_INT_ATTRS = (AttrType.INT, AttrType.INT64)


def _item_label(parent: str, index: int, name: str | None) -> str:
    """A field path names a tensor or attribute by its name once the name is valid."""
    kind = {"tensors": "tensor", "attrs": "attribute"}.get(parent)
    if kind is not None and name is not None and names.name_problem(name) is None:
        return f"{kind} {name}"
    return f"{parent}[{index}]"


def _yaml_type_name(kind: type) -> str:
    return {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "true/false",
        list: "a list",
        dict: "a mapping",
        LocDict: "a mapping",
        LocList: "a list",
        type(None): "nothing",
    }.get(kind, kind.__name__)


class _FileParser:
    def __init__(self, path: str, source: str) -> None:
        self.path = path
        self.source = source
        self.errors: list[SpecError] = []
        # A tensor dropped for an error would make its dims and dtype set look
        # unused; those checks are skipped then.
        self.dropped_tensor = False
        self.attrs_with_default: set[str] = set()

    # ---- one check per kind of constraint -------------------------------------------

    def error(self, line: int, where: str, message: str) -> None:
        self.errors.append(SpecError(Loc(self.path, line), where, message))

    def check_keys(
        self, node: LocDict, where: str, required: Iterable[str], allowed: Iterable[str]
    ) -> bool:
        """Mapping has every required key, no unknown one, and no empty value."""
        allowed_set = set(required) | set(allowed)
        ok = True
        for key in node:
            if key not in allowed_set:
                self.error(
                    node.key_lines[key],
                    f"{where}.{field_name(key)}" if where else field_name(key),
                    f"unknown field; expected one of: {', '.join(sorted(allowed_set))}",
                )
                ok = False
        for key in required:
            if key not in node:
                self.error(node.line, where or "spec", f"missing required field '{key}'")
                ok = False
        for key, value in node.items():
            if value is None and key in allowed_set:
                self.error(node.key_lines[key], f"{where}.{key}" if where else key, "has no value")
                ok = False
        return ok

    def check_type(self, value: Any, kind: type | tuple[type, ...], line: int, where: str) -> bool:
        """Value has the YAML type the field takes (true/false is not a number)."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if not ok:
            expected = " or ".join(_yaml_type_name(k) for k in kinds)
            got = "nothing" if value is None else f"{_yaml_type_name(type(value))} {show(value)}"
            self.error(line, where, f"expected {expected}, got {got}")
        return ok

    def check_name(self, name: Any, line: int, where: str) -> bool:
        """Name is a lower_snake_case identifier that no generated scope uses."""
        if not self.check_type(name, str, line, where):
            return False
        problem = names.name_problem(name)
        if problem is not None:
            self.error(line, where, f"{show(name)} {problem}")
        return problem is None

    def check_type_name(self, name: Any, line: int, where: str) -> bool:
        """Name is a CamelCase identifier that no generated scope uses."""
        if not self.check_type(name, str, line, where):
            return False
        problem = names.type_name_problem(name)
        if problem is not None:
            self.error(line, where, f"{show(name)} {problem}")
        return problem is None

    def check_member(
        self, value: Any, choices: Iterable[str], line: int, where: str, what: str
    ) -> bool:
        """Value is one of a fixed set of spellings."""
        options = list(choices)
        if isinstance(value, str) and value in options:
            return True
        self.error(
            line, where, f"unknown {what} {show(value)}; expected one of: {', '.join(options)}"
        )
        return False

    def check_flag(self, node: LocDict, key: str, where: str) -> bool:
        """An optional true/false field (absent: false)."""
        value = node.get(key, False)
        if not self.check_type(value, bool, node.key_lines.get(key, node.line), f"{where}.{key}"):
            return False
        return bool(value)

    def check_dim_expr(self, raw: Any, line: int, where: str) -> DimExpr | None:
        """A shape entry or bound parses as a dim expression."""
        try:
            return parse_dim_expr(raw)
        except ValueError as exc:
            self.error(line, where, str(exc))
            return None

    def check_dim_refs(
        self, expr: DimExpr, line: int, where: str, dims: dict[str, Dim], other: dict[str, str]
    ) -> bool:
        """Every name in a dim expression is a declared dim (not a tensor or attribute)."""
        ok = True
        for ref in dict.fromkeys(expr.refs()):
            if ref in dims:
                continue
            ok = False
            if ref in other:
                self.error(
                    line, where, f"{show(ref)} is {other[ref]}, not a dim; dim expressions use dims"
                )
            else:
                self.error(line, where, f"undefined dim {show(ref)}; declare it under 'dims'")
        return ok

    def check_non_negative(
        self, expr: DimExpr, line: int, where: str, bounds: dict[str, tuple[float, float]]
    ) -> None:
        """A subtraction in a size cannot go negative, given the dims' declared bounds."""
        part = negative_part(expr, bounds)
        if part is not None:
            self.error(
                line,
                where,
                f"'{part.render()}' can be negative; bound its dims (min/max under 'dims') "
                "so that it cannot, or write the size without '-'",
            )

    def check_number(
        self,
        value: Any,
        kind: AttrType,
        line: int,
        where: str,
    ) -> int | float | None:
        """A number of the attribute's type, in its type's range."""
        kinds: tuple[type, ...] = (int, float) if kind is AttrType.FLOAT else (int,)
        if not self.check_type(value, kinds, line, where):
            return None
        if kind in _INT_RANGES:
            low, high = _INT_RANGES[kind]
            if not low <= value <= high:
                self.error(line, where, f"{show(value)} does not fit a {kind.value}")
                return None
        return int(value) if isinstance(value, int) else float(value)

    # ---- the spec ---------------------------------------------------------------------

    def parse(self, data: Any, expected_name: str) -> Op | None:
        if not isinstance(data, LocDict):
            self.error(1, "", "a spec is a YAML mapping with fields op, doc, kernels, tensors, ...")
            return None
        self.check_keys(
            data,
            "",
            ["op", "doc", "kernels", "tensors"],
            ["dims", "dtype_sets", "attrs", "sweep", "reference"],
        )
        name = data.get("op")
        if (
            name is not None
            and self.check_name(name, data.key_lines["op"], "op")
            and name != expected_name
        ):
            self.error(
                data.key_lines["op"],
                "op",
                f"op '{name}' must live in '{name}.yaml', not in {show(expected_name + '.yaml')}",
            )
        doc = self.parse_doc(data, "doc", "")
        kernels = self.parse_kernels(data)

        attrs = self.parse_list(data, "attrs", self.parse_attr)
        dtype_vars = self.parse_dtype_sets(data)
        dims = self.parse_dims(data)
        tensors = self.parse_list(
            data,
            "tensors",
            lambda node, line, where: self.parse_tensor(node, line, where, dtype_vars),
        )
        self.check_unique(dims, tensors, attrs)
        self.check_type_names(dtype_vars, attrs)
        self.check_attr_refs(tensors, attrs, dims)
        self.check_dims_bound(dims, tensors)
        self.check_dtype_vars_bound(dtype_vars, tensors)
        self.check_values(tensors, dims, attrs)
        self.check_sizes(tensors, dims, attrs)
        self.check_outputs(data, tensors)
        sweep = self.parse_sweep(data, dims, attrs, tensors)
        reference = data.get("reference")
        if reference is not None:
            self.check_name(reference, data.key_lines["reference"], "reference")
        if self.errors or not isinstance(name, str):
            return None
        return Op(
            name=name,
            doc=doc,
            kernels=kernels,
            dims=tuple(dims),
            dtype_vars=tuple(dtype_vars.values()),
            tensors=tuple(tensors),
            attrs=tuple(attrs),
            sweep=sweep,
            reference=reference,
            source=self.source,
            loc=Loc(self.path, data.line),
        )

    def parse_kernels(self, data: LocDict) -> tuple[KernelKind, ...]:
        raw = data.get("kernels")
        line = data.key_lines.get("kernels", data.line)
        if raw is None or not self.check_type(raw, list, line, "kernels"):
            return ()
        kinds = {k.value: k for k in KernelKind}
        result = []
        for item, item_line in zip(raw, raw.item_lines, strict=True):
            if not self.check_member(item, kinds, item_line, "kernels", "kernel kind"):
                continue
            if kinds[item] in result:
                self.error(item_line, "kernels", f"'{item}' is listed twice")
            else:
                result.append(kinds[item])
        if not raw:
            self.error(line, "kernels", "an op needs at least one kernel")
        return tuple(result)

    def parse_doc(self, node: LocDict, key: str, where: str) -> str:
        """Free text, whitespace collapsed to single spaces (generated code quotes it
        through one escaping function per target context)."""
        field = f"{where}.{key}" if where else key
        value = node.get(key)
        if value is None or not self.check_type(
            value, str, node.key_lines.get(key, node.line), field
        ):
            return ""
        return " ".join(value.split())

    def parse_list(
        self, data: LocDict, key: str, parse_item: Callable[[Any, int, str], Any]
    ) -> list[Any]:
        node = data.get(key)
        if node is None:
            return []
        if not self.check_type(node, list, data.key_lines[key], key):
            return []
        items = []
        for index, (item, line) in enumerate(zip(node, node.item_lines, strict=True)):
            parsed = parse_item(item, line, f"{key}[{index}]")
            if parsed is not None:
                items.append(parsed)
        return items

    def parse_dtype_sets(self, data: LocDict) -> dict[str, DTypeVar]:
        node = data.get("dtype_sets")
        result: dict[str, DTypeVar] = {}
        if node is None or not self.check_type(
            node, dict, data.key_lines["dtype_sets"], "dtype_sets"
        ):
            return result
        for var, choices in node.items():
            line = node.key_lines[var]
            where = f"dtype_sets.{field_name(var)}"
            if var in _DTYPES:
                self.error(line, where, f"'{var}' is a dtype, not a name for a set")
                continue
            if not self.check_type_name(var, line, where):
                continue
            if not self.check_type(choices, list, line, where) or not choices:
                if isinstance(choices, list):
                    self.error(line, where, "a dtype set needs at least one dtype")
                continue
            if result:
                self.error(
                    line,
                    where,
                    "an op has at most one dtype set (its kernels are templates over it)",
                )
                continue
            dtypes = [self.parse_dtype_name(c, line, where) for c in choices]
            if all(dtypes):
                if len(set(dtypes)) != len(dtypes):
                    self.error(line, where, "a dtype is listed twice")
                result[var] = DTypeVar(var, tuple(d for d in dtypes if d), Loc(self.path, line))
        return result

    def parse_dtype_name(
        self, value: Any, line: int, where: str, sets: Iterable[str] = ()
    ) -> DType | None:
        if not self.check_member(value, [*_DTYPES, *sets], line, where, "dtype"):
            return None
        return _DTYPES.get(value)

    def parse_dims(self, data: LocDict) -> list[Dim]:
        node = data.get("dims")
        if node is None:
            return []
        if not self.check_type(node, dict, data.key_lines["dims"], "dims"):
            return []
        dims = []
        for name, spec in node.items():
            line = node.key_lines[name]
            where = f"dims.{field_name(name)}"
            name_ok = self.check_name(name, line, where)
            from_attr = None
            bounds: dict[str, DimExpr] = {}
            bound_lines: dict[str, int] = {}
            if isinstance(spec, LocDict):
                self.check_keys(spec, where, ["doc"], ["attr", "min", "max"])
                doc = self.parse_doc(spec, "doc", where)
                for key in ("min", "max"):
                    if spec.get(key) is not None:
                        expr = self.check_dim_expr(spec[key], spec.key_lines[key], f"{where}.{key}")
                        if expr is not None:
                            bounds[key] = expr
                            bound_lines[key] = spec.key_lines[key]
                from_attr = spec.get("attr")
                if from_attr is not None and not self.check_name(
                    from_attr, spec.key_lines["attr"], f"{where}.attr"
                ):
                    from_attr = None
            elif self.check_type(spec, str, line, where):
                doc = " ".join(spec.split())
            else:
                continue
            if name_ok:
                dims.append(
                    Dim(
                        name,
                        doc,
                        from_attr,
                        Loc(self.path, line),
                        bounds.get("min"),
                        bounds.get("max"),
                        tuple(sorted(bound_lines.items())),
                    )
                )
        return dims

    def parse_tensor(
        self, node: Any, line: int, where: str, dtype_vars: dict[str, DTypeVar]
    ) -> Tensor | None:
        if not self.check_type(node, dict, line, where):
            self.dropped_tensor = True
            return None
        kl = node.key_lines
        name = node.get("name")
        name_ok = name is not None and self.check_name(name, kl["name"], f"{where}.name")
        if name_ok:
            where = f"tensor {name}"
        self.check_keys(
            node,
            where,
            ["name", "dtype", "shape", "doc"],
            ["role", "optional", "required_when", "host", "fill", "values"],
        )

        dtype: DType | DTypeVar | None = None
        raw = node.get("dtype")
        if isinstance(raw, str) and raw in dtype_vars:
            dtype = dtype_vars[raw]
        elif raw is not None:
            dtype = self.parse_dtype_name(raw, kl["dtype"], f"{where}.dtype", dtype_vars)

        shape: list[DimExpr] = []
        raw_shape = node.get("shape")
        if raw_shape is not None and self.check_type(
            raw_shape, list, kl["shape"], f"{where}.shape"
        ):
            if not raw_shape:
                self.error(
                    kl["shape"],
                    f"{where}.shape",
                    "a tensor has at least one axis; write [1] for a single value",
                )
            elif len(raw_shape) > MAX_RANK:
                self.error(
                    kl["shape"],
                    f"{where}.shape",
                    f"a tensor has at most {MAX_RANK} axes, this one {len(raw_shape)}",
                )
            else:
                for axis, entry in enumerate(raw_shape):
                    expr = self.check_dim_expr(
                        entry, raw_shape.item_lines[axis], f"{where}.shape[{axis}]"
                    )
                    if expr is not None:
                        shape.append(expr)

        role = Role.INPUT
        raw_role = node.get("role", "in")
        roles = {r.value: r for r in Role}
        if self.check_member(raw_role, roles, kl.get("role", line), f"{where}.role", "role"):
            role = roles[raw_role]
        else:
            self.dropped_tensor = True  # what the op returns is unknown: no follow-on errors

        optional = self.check_flag(node, "optional", where)
        host = self.check_flag(node, "host", where)
        if optional and role is not Role.INPUT:
            self.error(
                kl["optional"],
                f"{where}.optional",
                f"only inputs can be optional; a '{role.value}' tensor must always be present "
                "(the glue aliases or allocates it)",
            )
        if host and role in (Role.OUTPUT, Role.SCRATCH):
            self.error(
                kl["host"],
                f"{where}.host",
                f"only inputs and in-place tensors can be in host memory; the glue allocates "
                f"a '{role.value}' tensor on the op's place",
            )

        conditions = self.parse_required_when(node, where, optional)
        fill = self.parse_fill(node, where, role, dtype)
        values = self.parse_values(node, where, dtype)
        doc = self.parse_doc(node, "doc", where)

        if (
            not name_ok
            or dtype is None
            or not isinstance(raw_shape, LocList)
            or not raw_shape
            or len(shape) != len(raw_shape)
        ):
            self.dropped_tensor = True
            return None
        lines = dict(kl)
        lines.update({f"shape[{axis}]": n for axis, n in enumerate(raw_shape.item_lines)})
        if isinstance(node.get("values"), LocDict):
            lines.update({f"values.{k}": n for k, n in node["values"].key_lines.items()})
        return Tensor(
            name,
            doc,
            dtype,
            tuple(shape),
            role,
            optional,
            conditions,
            host,
            fill,
            Loc(self.path, line),
            values,
            tuple(sorted(lines.items())),
        )

    def parse_required_when(
        self, node: LocDict, where: str, optional: bool
    ) -> tuple[Condition, ...]:
        raw = node.get("required_when")
        if raw is None:
            return ()
        line = node.key_lines["required_when"]
        w = f"{where}.required_when"
        if not optional:
            self.error(line, w, "only an optional tensor can be required conditionally")
            return ()
        if not self.check_type(raw, dict, line, w):
            return ()
        conditions = []
        for attr_name, values in raw.items():
            wa = f"{w}.{field_name(attr_name)}"
            if not self.check_type(values, list, raw.key_lines[attr_name], wa):
                continue
            if not values:
                self.error(raw.key_lines[attr_name], wa, "list at least one value")
                continue
            if all(isinstance(v, (str, bool)) for v in values):
                conditions.append(Condition(attr_name, tuple(values)))
            else:
                self.error(
                    raw.key_lines[attr_name],
                    wa,
                    "conditions can only test enum or bool attributes: list member names "
                    f"or true/false, got {show(list(values))}",
                )
        return tuple(conditions)

    def parse_fill(
        self, node: LocDict, where: str, role: Role, dtype: DType | DTypeVar | None
    ) -> UniformFill | None:
        raw = node.get("fill")
        if raw is None:
            return None
        line = node.key_lines["fill"]
        w = f"{where}.fill"
        if role is not Role.SCRATCH:
            self.error(line, w, "only scratch tensors are filled by the glue")
            return None
        if not self.check_type(raw, dict, line, w) or not self.check_keys(raw, w, ["uniform"], []):
            return None
        seed = raw["uniform"]
        if not self.check_name(seed, raw.key_lines["uniform"], f"{w}.uniform"):
            return None
        if dtype is not DType.FLOAT32:
            self.error(line, w, "uniform draws fill a float32 tensor")
        return UniformFill(seed)

    def parse_values(self, node: LocDict, where: str, dtype: DType | DTypeVar | None) -> Values:
        raw = node.get("values")
        if raw is None:
            return Values()
        where = f"{where}.values"
        if not self.check_type(raw, dict, node.key_lines["values"], where):
            return Values()
        keys = ["min", "max", "above", "prefix_sum_of", "total", "probability_rows"]
        self.check_keys(raw, where, [], [*keys, "density", "sample"])
        kl = raw.key_lines

        def bound(key: str) -> Bound | None:
            value = raw.get(key)
            if value is None:
                return None
            if isinstance(value, float):
                return value  # finite: the loader admits no other
            expr = self.check_dim_expr(value, kl[key], f"{where}.{key}")
            if expr is None:
                return None
            return expr.value if isinstance(expr, DimConst) else expr

        low, high = bound("min"), bound("max")
        above = raw.get("above")
        if above is not None and not self.check_type(
            above, (int, float), kl["above"], f"{where}.above"
        ):
            above = None
        # Bounds are compared in the tensor's kind of number: a fraction would be
        # truncated against integers, and 'above' (strict) exists for floats.
        is_float = (isinstance(dtype, DType) and dtype.is_float) or (
            isinstance(dtype, DTypeVar) and all(d.is_float for d in dtype.choices)
        )
        if dtype is not None and not is_float:
            for key, value in (("min", low), ("max", high)):
                if isinstance(value, float):
                    self.error(
                        kl[key],
                        f"{where}.{key}",
                        f"an integer tensor's bound is an integer or a dim expression, "
                        f"got {show(value)}",
                    )
            if above is not None:
                self.error(kl["above"], f"{where}.above", "'above' is for float tensors; use 'min'")
                above = None
        if above is not None and low is not None:
            self.error(kl["above"], f"{where}.above", "give 'min' or 'above', not both")
        found_names = {}
        for key in ("prefix_sum_of", "total"):
            value = raw.get(key)
            if value is not None and self.check_name(value, kl[key], f"{where}.{key}"):
                found_names[key] = value
        probability_rows = self.check_flag(raw, "probability_rows", where)
        if probability_rows and isinstance(dtype, DType) and not dtype.is_float:
            self.error(
                kl["probability_rows"],
                f"{where}.probability_rows",
                "only float tensors hold probabilities",
            )
        density = raw.get("density")
        if density is not None:
            if not self.check_type(density, (int, float), kl["density"], f"{where}.density"):
                density = None
            elif not 0 <= density <= 1:
                self.error(
                    kl["density"], f"{where}.density", f"a fraction in [0, 1], got {show(density)}"
                )
                density = None
        sample = raw.get("sample")
        if sample is not None:
            w = f"{where}.sample"
            if not (isinstance(sample, list) and len(sample) == 2):
                self.error(
                    kl["sample"], w, f"expected [low, high] (dim expressions), got {show(sample)}"
                )
                sample = None
            else:
                ends = [self.check_dim_expr(v, kl["sample"], w) for v in sample]
                if ends[0] is None or ends[1] is None:
                    sample = None
                elif (
                    isinstance(ends[0], DimConst)
                    and isinstance(ends[1], DimConst)
                    and ends[0].value > ends[1].value
                ):
                    self.error(
                        kl["sample"], w, f"low {ends[0].value} is above high {ends[1].value}"
                    )
                    sample = None
                else:
                    sample = tuple(e.value if isinstance(e, DimConst) else e for e in ends)
        if "total" in found_names and "prefix_sum_of" not in found_names:
            self.error(kl["total"], f"{where}.total", "'total' goes with 'prefix_sum_of'")
        return Values(
            min=low,
            max=high,
            above=float(above) if above is not None else None,
            prefix_sum_of=found_names.get("prefix_sum_of"),
            total=found_names.get("total"),
            probability_rows=probability_rows,
            density=float(density) if density is not None else None,
            sample=sample,
        )

    def parse_attr(self, node: Any, line: int, where: str) -> Attr | None:
        if not self.check_type(node, dict, line, where):
            return None
        self.check_keys(
            node, where, ["name", "type", "doc"], ["default", "min", "max", "values", "at_most"]
        )
        kl = node.key_lines
        name = node.get("name")
        name_ok = name is not None and self.check_name(name, kl["name"], f"{where}.name")
        if name_ok:
            where = f"attribute {name}"
        types = {t.value: t for t in AttrType}
        raw_type = node.get("type")
        attr_type = None
        if raw_type is not None and self.check_member(
            raw_type, types, kl["type"], f"{where}.type", "attribute type"
        ):
            attr_type = types[raw_type]
        doc = self.parse_doc(node, "doc", where)
        if "default" in node and name_ok:
            self.attrs_with_default.add(name)

        enum_type = self.parse_enum(node, where, name if name_ok else "", attr_type)

        def number(key: str) -> int | float | None:
            if key not in node or node[key] is None or attr_type is None:
                return None
            if attr_type in (AttrType.BOOL, AttrType.ENUM):
                self.error(kl[key], f"{where}.{key}", f"a {attr_type.value} attribute has no {key}")
                return None
            return self.check_number(node[key], attr_type, kl[key], f"{where}.{key}")

        low, high = number("min"), number("max")
        if low is not None and high is not None and low > high:
            self.error(kl["max"], f"{where}.max", f"max {high} is below min {low}")

        default: Any = None
        if node.get("default") is not None and attr_type is not None:
            default = node["default"]
            w = f"{where}.default"
            if attr_type is AttrType.ENUM:
                if enum_type is not None:
                    members = [m for m, _ in enum_type.members]
                    if default not in members:
                        self.error(
                            kl["default"],
                            w,
                            f"{show(default)} is not a member; expected one of: {', '.join(members)}",
                        )
                        default = None
            elif attr_type is AttrType.BOOL:
                if not self.check_type(default, bool, kl["default"], w):
                    default = None
            else:
                default = self.check_number(default, attr_type, kl["default"], w)
                if default is not None and (
                    (low is not None and default < low) or (high is not None and default > high)
                ):
                    self.error(kl["default"], w, f"{default} is outside [{low}, {high}]")
        at_most = None
        if node.get("at_most") is not None and attr_type is not None:
            if attr_type not in _INT_ATTRS:
                self.error(
                    kl["at_most"], f"{where}.at_most", "only int attributes have a dim bound"
                )
            else:
                at_most = self.check_dim_expr(node["at_most"], kl["at_most"], f"{where}.at_most")
        if not name_ok or attr_type is None or (attr_type is AttrType.ENUM and enum_type is None):
            return None
        return Attr(
            name,
            doc,
            attr_type,
            enum_type,
            default,
            low,
            high,
            Loc(self.path, line),
            at_most,
            kl.get("at_most", line),
        )

    def parse_enum(
        self, node: LocDict, where: str, name: str, attr_type: AttrType | None
    ) -> EnumType | None:
        values = node.get("values")
        kl = node.key_lines
        if attr_type is not AttrType.ENUM:
            if values is not None and attr_type is not None:
                self.error(kl["values"], f"{where}.values", "only enum attributes have values")
            return None
        if values is None:
            if "values" not in node:
                self.error(node.line, where, "an enum attribute needs 'values: {member: int, ...}'")
            return None
        if not self.check_type(values, dict, kl["values"], f"{where}.values"):
            return None
        members = []
        codes = []
        for member, code in values.items():
            w = f"{where}.values.{field_name(member)}"
            member_line = values.key_lines[member]
            # A member with a bad value is kept, so conditions naming it raise no follow-on error.
            if self.check_name(member, member_line, w):
                checked = self.check_number(code, AttrType.INT, member_line, w)
                members.append((member, checked if isinstance(checked, int) else 0))
                if isinstance(checked, int):
                    codes.append(checked)
        if len(set(codes)) != len(codes):
            self.error(kl["values"], f"{where}.values", "two members share a value")
        if not members:
            self.error(kl["values"], f"{where}.values", "an enum needs at least one member")
            return None
        return EnumType(names.camel(name), tuple(members))

    # ---- cross-field rules ------------------------------------------------------------

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
                if attr is None or attr.type not in _INT_ATTRS:
                    self.error(
                        d.loc.line,
                        f"dims.{d.name}.attr",
                        f"'{d.from_attr}' must name an int or int64 attribute",
                    )
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

    def check_dims_bound(self, dims: list[Dim], tensors: list[Tensor]) -> None:
        """Every dim is declared, used, and bound: by an attribute, or by a caller's tensor
        whose shape names it alone at some axis. A dim that appears inside an
        expression, or in an output or scratch shape, must be bound whatever optional
        tensors are left out: by an attribute or a required tensor."""
        used: set[str] = set()
        for t in tensors:
            for expr in t.shape:
                used.update(expr.refs())
        for d in dims:
            if d.name not in used:
                if not self.dropped_tensor:
                    self.error(
                        d.loc.line, f"dims.{d.name}", "declared but no tensor's shape uses it"
                    )
                continue
            if d.from_attr is not None:
                continue
            binders = [t for t in tensors if t.is_argument and t.binds_at(d.name) is not None]
            if not binders and not self.dropped_tensor:
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
                if any(d.name in e.refs() and not isinstance(e, DimRef) for e in t.shape)
                or (not t.is_argument and any(d.name in e.refs() for e in t.shape))
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
            for axis, expr in enumerate(t.shape):
                key = f"shape[{axis}]"
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

    def check_outputs(self, data: LocDict, tensors: list[Tensor]) -> None:
        """An op returns something, and one kind of it."""
        if self.dropped_tensor or not isinstance(data.get("tensors"), list):
            return
        outputs = [t for t in tensors if t.role in (Role.OUTPUT, Role.INOUT)]
        if not outputs:
            self.error(
                data.key_lines["tensors"],
                "tensors",
                "an op needs at least one output: a tensor with role inout or out",
            )
        if any(t.role is Role.OUTPUT for t in tensors) and any(
            t.role is Role.INOUT for t in tensors
        ):
            first = next(t for t in tensors if t.role is Role.OUTPUT)
            self.error(
                first.line_of("role"),
                f"tensor {first.name}.role",
                "an op has in-place tensors or new outputs, not both (its Paddle op returns one kind)",
            )

    def check_values(self, tensors: list[Tensor], dims: list[Dim], attrs: list[Attr]) -> None:
        """Value domains name declared dims and tensors of a fitting shape."""
        by_dim = {d.name: d for d in dims}
        by_name = {t.name: t for t in tensors}
        other = {t.name: "a tensor" for t in tensors} | {a.name: "an attribute" for a in attrs}
        for t in tensors:
            v = t.values
            where = f"tensor {t.name}.values"
            sample = v.sample or ()
            for key, b in (("min", v.min), ("max", v.max), *(("sample", e) for e in sample)):
                if isinstance(b, (DimConst, DimRef, DimBinOp)):
                    line = t.line_of(f"values.{key}")
                    self.check_dim_refs(b, line, f"{where}.{key}", by_dim, other)
            if v.prefix_sum_of is not None:
                line = t.line_of("values.prefix_sum_of")
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
                    t.line_of("values.total"), f"{where}.total", f"undefined dim '{v.total}'"
                )

    def parse_sweep(
        self, data: LocDict, dims: list[Dim], attrs: list[Attr], tensors: list[Tensor]
    ) -> tuple[tuple[str, tuple[DimExpr, ...]], ...]:
        """The sizes the spec-derived tests sweep: every dim that no attribute or
        prefix-sum total sets, and optionally int attributes. Entries may use
        dims listed before them (real_bsz: [0, 1, max_bsz])."""
        raw = data.get("sweep")
        if raw is None:
            return ()
        if not self.check_type(raw, dict, data.key_lines["sweep"], "sweep"):
            return ()
        int_attrs = {a.name for a in attrs if a.type in _INT_ATTRS}
        set_elsewhere = {d.name for d in dims if d.from_attr} | {
            t.values.total for t in tensors if t.values.total
        }
        seen: list[str] = []
        result = []
        for key, sizes in raw.items():
            line = raw.key_lines[key]
            where = f"sweep.{field_name(key)}"
            if key in set_elsewhere:
                self.error(
                    line, where, f"'{key}' is set by an attribute or a prefix-sum total, not swept"
                )
            elif key not in {d.name for d in dims} and key not in int_attrs:
                self.error(line, where, f"{show(key)} is neither a dim nor an int attribute")
            if not self.check_type(sizes, list, line, where) or not sizes:
                if isinstance(sizes, list):
                    self.error(line, where, "list at least one size")
                continue
            exprs = []
            for size in sizes:
                expr = self.check_dim_expr(size, line, where)
                if expr is None:
                    continue
                for ref in dict.fromkeys(expr.refs()):
                    if ref not in seen:
                        self.error(line, where, f"{show(ref)} must be swept before {show(key)}")
                exprs.append(expr)
            seen.append(key)
            result.append((key, tuple(exprs)))
        for d in dims:
            if d.name not in seen and d.name not in set_elsewhere and not self.dropped_tensor:
                self.error(
                    data.key_lines["sweep"], "sweep", f"dim '{d.name}' has no sizes to sweep"
                )
        return tuple(result)

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


def load_spec(path: Path, root: Path) -> Op:
    """Parse one spec file; raises SpecErrors listing every problem in it."""
    rel = (
        path.relative_to(root).as_posix()
        if path.is_absolute() and path.is_relative_to(root)
        else str(path)
    )
    rel = show(rel)[1:-1] if yamlsrc.bad_char(rel) else rel  # a path is printed, never raw
    # The stamp in generated files names the spec without this machine's paths.
    source = rel if not Path(rel).is_absolute() else f"{path.parent.name}/{path.name}"
    parser = _FileParser(rel, source)
    try:
        data = yamlsrc.load_bytes(path.read_bytes(), _item_label)
    except yamlsrc.YamlErrors as exc:
        raise SpecErrors(
            [SpecError(Loc(rel, p.line), p.where, f"YAML: {p.message}") for p in exc.problems]
        ) from None
    except OSError as exc:
        raise SpecErrors([SpecError(Loc(rel, 1), "", f"cannot read: {exc.strerror}")]) from None
    op = parser.parse(data, path.stem)
    if op is None:
        raise SpecErrors(parser.errors)
    return op


def check_exports(ops: list[Op]) -> list[SpecError]:
    """Names the generated Python module exports (op functions, enum types) are
    unique across all specs: they share one module."""
    errors = []
    seen: dict[str, Loc] = {}
    for op in ops:
        exported = [(op.name, op.loc, "op")] + [
            (a.enum.name, a.loc, f"enum type of attribute {a.name}") for a in op.attrs if a.enum
        ]
        for name, loc, what in exported:
            if name in seen:
                errors.append(
                    SpecError(
                        loc,
                        f"{op.name}: {what}",
                        f"the Python module already exports '{name}' from {seen[name]}; rename one",
                    )
                )
            else:
                seen[name] = loc
    return errors


def load_specs(spec_dir: Path, root: Path) -> list[Op]:
    """Parse every ``*.yaml`` in a directory (sorted); raises SpecErrors with the
    problems of all files together. A directory without specs is an error: an
    empty op set would make the generator delete everything it generated."""
    errors: list[SpecError] = []
    ops: list[Op] = []
    if not spec_dir.is_dir() or not any(spec_dir.glob("*.yaml")):
        shown = show(str(spec_dir))[1:-1]
        raise SpecErrors([SpecError(Loc(shown, 0), "", "no *.yaml spec files here")])
    for path in sorted(spec_dir.glob("*.yaml")):
        try:
            ops.append(load_spec(path, root))
        except SpecErrors as exc:
            errors.extend(exc.errors)
    errors.extend(check_exports(ops))
    if errors:
        raise SpecErrors(errors)
    return ops
