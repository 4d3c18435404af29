"""Spec files -> model. The one place where specs are validated.

Every problem is reported with ``file:line``, the field, and what was expected;
all problems of a file are collected and reported together, and nothing a spec
says reaches generated code unless it passed here. Each kind of constraint has
one check function whose message is the constraint's one-line summary.
"""

from __future__ import annotations

import ast
import keyword
import math
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from codegen import yamlsrc
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
from codegen.yamlsrc import Loc, LocDict, LocList


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


# Lower snake case keeps spec names apart from the CamelCase types the generator
# makes and from C++ reserved spellings (leading underscores).
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_TYPE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*\Z")
_CPP_KEYWORDS = frozenset(
    [
        "alignas",
        "alignof",
        "and",
        "and_eq",
        "asm",
        "auto",
        "bitand",
        "bitor",
        "bool",
        "break",
        "case",
        "catch",
        "char",
        "char8_t",
        "char16_t",
        "char32_t",
        "class",
        "compl",
        "concept",
        "const",
        "consteval",
        "constexpr",
        "constinit",
        "const_cast",
        "continue",
        "co_await",
        "co_return",
        "co_yield",
        "decltype",
        "default",
        "delete",
        "do",
        "double",
        "dynamic_cast",
        "else",
        "enum",
        "explicit",
        "export",
        "extern",
        "false",
        "float",
        "for",
        "friend",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "mutable",
        "namespace",
        "new",
        "noexcept",
        "not",
        "not_eq",
        "nullptr",
        "operator",
        "or",
        "or_eq",
        "private",
        "protected",
        "public",
        "register",
        "reinterpret_cast",
        "requires",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "static_assert",
        "static_cast",
        "struct",
        "switch",
        "template",
        "this",
        "thread_local",
        "throw",
        "true",
        "try",
        "typedef",
        "typeid",
        "typename",
        "union",
        "unsigned",
        "using",
        "virtual",
        "void",
        "volatile",
        "wchar_t",
        "while",
        "xor",
        "xor_eq",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "size_t",
        "float16",
        "bfloat16",
        "main",
        "std",
        "paddle",
        "py",
        "opforge",
        "pybind11",
        "xpu3sim",
    ]
)
# Names the generated code uses for its own parameters and locals.
_GENERATED_NAMES = frozenset(
    {"ctx", "anchor", "check_attrs", "run", "checked_call", "bind", "paddle_kernel"}
    | {"infer_shape", "infer_dtype"}
)
# Suffixes of the locals generated code derives from spec names (x_storage, x_shape, ...).
_GENERATED_SUFFIXES = ("_storage", "_shape", "_dtype", "_out", "_min", "_max", "_tensor", "_device")

_DTYPES = {d.value: d for d in DType}
_INT_RANGES = {AttrType.INT: (-(2**31), 2**31 - 1), AttrType.INT64: (-(2**63), 2**63 - 1)}


_MAX_EXPR_CHARS = 200  # keeps parsing shallow; real shapes are a few terms
_MAX_DIM_LITERAL = 2**62  # leaves room for + and * in int64 arithmetic


def _dim_const(value: int) -> DimConst:
    if value < 0:
        raise ValueError(f"a size cannot be negative, got {value}")
    if value > _MAX_DIM_LITERAL:
        raise ValueError(f"{value} is too large for a size (at most 2**62)")
    return DimConst(value)


def parse_dim_expr(text: str | int) -> DimExpr:
    """Parse one shape entry: integer literals, dim names, + - * and // by a
    positive literal. Raises ValueError with a one-line reason."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ValueError(f"expected a dim expression, got {text!r}")
    if isinstance(text, int):
        return _dim_const(text)
    if len(text) > _MAX_EXPR_CHARS:
        raise ValueError(f"a dim expression is limited to {_MAX_EXPR_CHARS} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise ValueError(f"'{text}' is not a dim expression") from None

    ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//"}

    def convert(node: ast.expr) -> DimExpr:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return _dim_const(node.value)
        if isinstance(node, ast.Name):
            return DimRef(node.id)
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            op = ops[type(node.op)]
            rhs = convert(node.right)
            if op == "//" and not (isinstance(rhs, DimConst) and rhs.value > 0):
                raise ValueError(f"'{text}': '//' must divide by a positive integer literal")
            return DimBinOp(op, convert(node.left), rhs)
        raise ValueError(f"'{text}': only integers, dim names, + - * and // are allowed")

    return convert(tree)


class _FileParser:
    def __init__(self, path: str) -> None:
        self.path = path
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
        """Mapping has every required key and no unknown one."""
        allowed_set = set(required) | set(allowed)
        ok = True
        for key in node:
            if key not in allowed_set:
                self.error(
                    node.key_lines[key],
                    f"{where}.{key}" if where else key,
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
        """Value has the YAML type the field takes."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if not ok:
            names = " or ".join(_yaml_type_name(k) for k in kinds)
            self.error(
                line, where, f"expected {names}, got {_yaml_type_name(type(value))} {value!r}"
            )
        return ok

    def check_name(
        self, name: Any, line: int, where: str, pattern: re.Pattern[str] = _NAME
    ) -> bool:
        """Name is a lower_snake_case identifier valid in C++ and Python and free."""
        if not self.check_type(name, str, line, where):
            return False
        if not pattern.match(name) or "__" in name:
            shape = "lower_snake_case" if pattern is _NAME else "CamelCase"
            self.error(line, where, f"'{name}' is not a valid {shape} identifier")
            return False
        if (
            keyword.iskeyword(name)
            or name in _CPP_KEYWORDS
            or name in _GENERATED_NAMES
            or (pattern is _NAME and name.endswith(_GENERATED_SUFFIXES))
        ):
            self.error(
                line,
                where,
                f"'{name}' is reserved (a C++ or Python keyword, or a name generated code uses)",
            )
            return False
        return True

    # ---- the spec ---------------------------------------------------------------------

    def parse(self, data: Any, expected_name: str) -> Op | None:
        if not isinstance(data, LocDict):
            self.error(1, "", "a spec is a YAML mapping with fields op, doc, dims, tensors, attrs")
            return None
        self.check_keys(
            data,
            "",
            ["op", "doc", "kernels", "tensors"],
            ["dims", "dtype_sets", "attrs", "sweep", "reference"],
        )
        name = data.get("op")
        if self.check_name(name, data.key_lines.get("op", 1), "op") and name != expected_name:
            self.error(
                data.key_lines["op"],
                "op",
                f"op '{name}' must live in '{name}.yaml', not in '{expected_name}.yaml'",
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
        self.check_unique(data, dims, tensors, attrs)
        self.check_attr_refs(tensors, attrs, dims)
        self.check_dims_bound(data, dims, tensors)
        self.check_dtype_vars_bound(dtype_vars, tensors)
        self.check_values(tensors, dims)
        if any(t.role is Role.OUTPUT for t in tensors) and any(
            t.role is Role.INOUT for t in tensors
        ):
            first = next(t for t in tensors if t.role is Role.OUTPUT)
            self.error(
                first.line_of("role"),
                f"tensor {first.name}.role",
                "an op has in-place tensors or new outputs, not both (its Paddle op returns one kind)",
            )
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
            source=self.path,
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
            if not isinstance(item, str) or item not in kinds:
                self.error(
                    item_line,
                    "kernels",
                    f"unknown kernel kind {item!r}; expected one of: {', '.join(kinds)}",
                )
            elif kinds[item] in result:
                self.error(item_line, "kernels", f"'{item}' is listed twice")
            else:
                result.append(kinds[item])
        if not raw:
            self.error(line, "kernels", "an op needs at least one kernel")
        return tuple(result)

    def parse_doc(self, node: LocDict, key: str, where: str) -> str:
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
            where = f"dtype_sets.{var}"
            if not self.check_name(var, line, where, _TYPE_NAME):
                continue
            if var in _DTYPES:
                self.error(line, where, f"'{var}' is a dtype, not a name for a set")
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

    def parse_dtype_name(self, value: Any, line: int, where: str) -> DType | None:
        if not self.check_type(value, str, line, where):
            return None
        if value not in _DTYPES:
            self.error(
                line, where, f"unknown dtype '{value}'; expected one of: {', '.join(_DTYPES)}"
            )
            return None
        return _DTYPES[value]

    def parse_dims(self, data: LocDict) -> list[Dim]:
        node = data.get("dims")
        if node is None:
            return []
        if not self.check_type(node, dict, data.key_lines["dims"], "dims"):
            return []
        dims = []
        for name, spec in node.items():
            line = node.key_lines[name]
            where = f"dims.{name}"
            if not self.check_name(name, line, where):
                continue
            from_attr = None
            bounds: dict[str, DimExpr] = {}
            if isinstance(spec, LocDict):
                self.check_keys(spec, where, ["doc"], ["attr", "min", "max"])
                doc = self.parse_doc(spec, "doc", where)
                for key in ("min", "max"):
                    if spec.get(key) is not None:
                        try:
                            bounds[key] = parse_dim_expr(spec[key])
                        except ValueError as exc:
                            self.error(spec.key_lines[key], f"{where}.{key}", str(exc))
                from_attr = spec.get("attr")
                if from_attr is not None and not self.check_type(
                    from_attr, str, spec.key_lines["attr"], f"{where}.attr"
                ):
                    from_attr = None
            elif self.check_type(spec, str, line, where):
                doc = " ".join(spec.split())
            else:
                continue
            dims.append(
                Dim(
                    name, doc, from_attr, Loc(self.path, line), bounds.get("min"), bounds.get("max")
                )
            )
        return dims

    def parse_tensor(
        self, node: Any, line: int, where: str, dtype_vars: dict[str, DTypeVar]
    ) -> Tensor | None:
        if not self.check_type(node, dict, line, where):
            return None
        name = node.get("name")
        if isinstance(name, str):
            where = f"{where} ({name})"
        self.check_keys(
            node,
            where,
            ["name", "dtype", "shape", "doc"],
            ["role", "optional", "required_when", "host", "fill", "values"],
        )
        if name is None or not self.check_name(name, node.key_lines["name"], f"{where}.name"):
            self.dropped_tensor = True
            return None
        kl = node.key_lines

        dtype: DType | DTypeVar | None = None
        raw = node.get("dtype")
        if isinstance(raw, str) and raw in dtype_vars:
            dtype = dtype_vars[raw]
        elif raw is not None:
            dtype = self.parse_dtype_name(raw, kl["dtype"], f"{where}.dtype")
            if dtype is None and isinstance(raw, str) and dtype_vars:
                self.errors[-1] = SpecError(
                    Loc(self.path, kl["dtype"]),
                    f"{where}.dtype",
                    f"unknown dtype '{raw}'; expected one of: {', '.join([*_DTYPES, *dtype_vars])}",
                )

        shape: list[DimExpr] = []
        raw_shape = node.get("shape")
        if raw_shape is not None and self.check_type(
            raw_shape, list, kl["shape"], f"{where}.shape"
        ):
            for axis, entry in enumerate(raw_shape):
                try:
                    shape.append(parse_dim_expr(entry))
                except ValueError as exc:
                    self.error(raw_shape.item_lines[axis], f"{where}.shape[{axis}]", str(exc))

        role = Role.INPUT
        raw_role = node.get("role", "in")
        roles = {r.value: r for r in Role}
        if self.check_type(raw_role, str, kl.get("role", line), f"{where}.role"):
            if raw_role in roles:
                role = roles[raw_role]
            else:
                self.error(
                    kl["role"],
                    f"{where}.role",
                    f"unknown role '{raw_role}'; expected one of: {', '.join(roles)}",
                )

        optional = self.parse_flag(node, "optional", where)
        host = self.parse_flag(node, "host", where)
        if optional and role is not Role.INPUT:
            self.error(
                kl["optional"],
                f"{where}.optional",
                f"only inputs can be optional; a '{role.value}' tensor must always be present "
                "(the glue aliases or allocates it)",
            )

        conditions: list[Condition] = []
        raw_when = node.get("required_when")
        if raw_when is not None:
            if not optional:
                self.error(
                    kl["required_when"],
                    f"{where}.required_when",
                    "only an optional tensor can be required conditionally",
                )
            elif self.check_type(raw_when, dict, kl["required_when"], f"{where}.required_when"):
                for attr_name, values in raw_when.items():
                    w = f"{where}.required_when.{attr_name}"
                    if self.check_type(values, list, raw_when.key_lines[attr_name], w) and values:
                        conditions.append(Condition(attr_name, tuple(values)))
                    elif isinstance(values, list):
                        self.error(raw_when.key_lines[attr_name], w, "list at least one value")

        fill = None
        raw_fill = node.get("fill")
        if raw_fill is not None:
            w = f"{where}.fill"
            if role is not Role.SCRATCH:
                self.error(kl["fill"], w, "only scratch tensors are filled by the glue")
            elif self.check_type(raw_fill, dict, kl["fill"], w) and self.check_keys(
                raw_fill, w, ["uniform"], []
            ):
                seed = raw_fill["uniform"]
                if self.check_type(seed, str, raw_fill.key_lines["uniform"], f"{w}.uniform"):
                    fill = UniformFill(seed)
                    if dtype is not DType.FLOAT32:
                        self.error(kl["fill"], w, "uniform draws fill a float32 tensor")

        if dtype is None or not isinstance(raw_shape, LocList) or len(shape) != len(raw_shape):
            self.dropped_tensor = True
            return None
        lines = dict(kl)
        lines.update({f"shape[{axis}]": n for axis, n in enumerate(raw_shape.item_lines)})
        return Tensor(
            name,
            self.parse_doc(node, "doc", where),
            dtype,
            tuple(shape),
            role,
            optional,
            tuple(conditions),
            host,
            fill,
            Loc(self.path, line),
            self.parse_values(node, where, dtype),
            tuple(sorted(lines.items())),
        )

    def parse_values(self, node: LocDict, where: str, dtype: DType | DTypeVar) -> Values:
        raw = node.get("values")
        if raw is None:
            return Values()
        where = f"{where}.values"
        if not self.check_type(raw, dict, node.key_lines["values"], where):
            return Values()
        keys = [
            "min",
            "max",
            "above",
            "prefix_sum_of",
            "total",
            "probability_rows",
            "density",
            "sample",
        ]
        self.check_keys(raw, where, [], keys)
        kl = raw.key_lines

        def bound(key: str) -> Bound | None:
            value = raw.get(key)
            if value is None:
                return None
            if isinstance(value, float) and not isinstance(value, bool):
                if not math.isfinite(value):
                    self.error(kl[key], f"{where}.{key}", f"{value} is not a finite number")
                    return None
                return value
            try:
                expr = parse_dim_expr(value)
            except ValueError as exc:
                self.error(
                    kl[key], f"{where}.{key}", f"expected a number or a dim expression: {exc}"
                )
                return None
            return expr.value if isinstance(expr, DimConst) else expr

        low, high = bound("min"), bound("max")
        above = raw.get("above")
        if above is not None and not self.check_type(
            above, (int, float), kl["above"], f"{where}.above"
        ):
            above = None
        names = {}
        for key in ("prefix_sum_of", "total"):
            value = raw.get(key)
            if value is not None and self.check_type(value, str, kl[key], f"{where}.{key}"):
                names[key] = value
        probability_rows = bool(raw.get("probability_rows", False))
        if probability_rows and (isinstance(dtype, DType) and not dtype.is_float):
            self.error(
                kl["probability_rows"],
                f"{where}.probability_rows",
                "only float tensors hold probabilities",
            )
        density = raw.get("density")
        if density is not None and (
            not self.check_type(density, (int, float), kl["density"], f"{where}.density")
            or not 0 <= density <= 1
        ):
            if isinstance(density, (int, float)):
                self.error(
                    kl["density"], f"{where}.density", f"a fraction in [0, 1], got {density}"
                )
            density = None
        sample = raw.get("sample")
        if sample is not None:
            if (
                isinstance(sample, list)
                and len(sample) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in sample)
                and sample[0] <= sample[1]
            ):
                sample = (sample[0], sample[1])
            else:
                self.error(
                    kl["sample"],
                    f"{where}.sample",
                    f"expected [low, high] integers with low <= high, got {sample!r}",
                )
                sample = None
        if "total" in names and "prefix_sum_of" not in names:
            self.error(kl["total"], f"{where}.total", "'total' goes with 'prefix_sum_of'")
        return Values(
            min=low,
            max=high,
            above=float(above) if above is not None else None,
            prefix_sum_of=names.get("prefix_sum_of"),
            total=names.get("total"),
            probability_rows=probability_rows,
            density=float(density) if density is not None else None,
            sample=sample,
        )

    def parse_flag(self, node: LocDict, key: str, where: str) -> bool:
        value = node.get(key, False)
        if not self.check_type(value, bool, node.key_lines.get(key, node.line), f"{where}.{key}"):
            return False
        return bool(value)

    def parse_attr(self, node: Any, line: int, where: str) -> Attr | None:
        if not self.check_type(node, dict, line, where):
            return None
        self.check_keys(
            node, where, ["name", "type", "doc"], ["default", "min", "max", "values", "at_most"]
        )
        name = node.get("name")
        if not self.check_name(name, node.key_lines.get("name", line), f"{where}.name"):
            return None
        where = f"{where} ({name})"
        kl = node.key_lines
        types = {t.value: t for t in AttrType}
        raw_type = node.get("type")
        if not isinstance(raw_type, str) or raw_type not in types:
            if "type" in node:
                self.error(
                    kl["type"],
                    f"{where}.type",
                    f"unknown attribute type {raw_type!r}; expected one of: {', '.join(types)}",
                )
            return None
        attr_type = types[raw_type]

        enum_type = None
        if attr_type is AttrType.ENUM:
            values = node.get("values")
            if values is None:
                self.error(node.line, where, "an enum attribute needs 'values: {member: int, ...}'")
                return None
            if not self.check_type(values, dict, kl["values"], f"{where}.values"):
                return None
            members = []
            for member, code in values.items():
                w = f"{where}.values.{member}"
                if self.check_name(member, values.key_lines[member], w) and self.check_type(
                    code, int, values.key_lines[member], w
                ):
                    if not -(2**31) <= code < 2**31:
                        self.error(values.key_lines[member], w, f"{code} does not fit an int32")
                    members.append((member, code))
            if len({n for _, n in members}) != len(members):
                self.error(kl["values"], f"{where}.values", "two members share a value")
            if not members:
                self.error(kl["values"], f"{where}.values", "an enum needs at least one member")
                return None
            enum_type = EnumType("".join(p.capitalize() for p in name.split("_")), tuple(members))
        elif "values" in node:
            self.error(kl["values"], f"{where}.values", "only enum attributes have values")

        def number(key: str) -> int | float | None:
            if key not in node:
                return None
            value = node[key]
            w = f"{where}.{key}"
            if attr_type in (AttrType.BOOL, AttrType.ENUM):
                self.error(kl[key], w, f"a {attr_type.value} attribute has no {key}")
                return None
            kind: tuple[type, ...] = (int, float) if attr_type is AttrType.FLOAT else (int,)
            if not self.check_type(value, kind, kl[key], w):
                return None
            if attr_type in _INT_RANGES:
                low, high = _INT_RANGES[attr_type]
                if not low <= value <= high:
                    self.error(kl[key], w, f"{value} does not fit a {attr_type.value}")
                    return None
            if not math.isfinite(value):
                self.error(kl[key], w, f"{value} is not a finite number")
                return None
            return int(value) if isinstance(value, int) else float(value)

        low, high = number("min"), number("max")
        if low is not None and high is not None and low > high:
            self.error(kl["max"], f"{where}.max", f"max {high} is below min {low}")

        default: Any = None
        if "default" in node:
            self.attrs_with_default.add(name)
            default = node["default"]
            w = f"{where}.default"
            if attr_type is AttrType.ENUM:
                assert enum_type is not None
                names = [m for m, _ in enum_type.members]
                if default not in names:
                    self.error(
                        kl["default"],
                        w,
                        f"{default!r} is not a member; expected one of: {', '.join(names)}",
                    )
            elif attr_type is AttrType.BOOL:
                self.check_type(default, bool, kl["default"], w)
            else:
                default = number("default")
                if default is not None and (
                    (low is not None and default < low) or (high is not None and default > high)
                ):
                    self.error(kl["default"], w, f"{default} is outside [{low}, {high}]")
        at_most = None
        if "at_most" in node:
            if attr_type not in (AttrType.INT, AttrType.INT64):
                self.error(
                    kl["at_most"], f"{where}.at_most", "only int attributes have a dim bound"
                )
            else:
                try:
                    at_most = parse_dim_expr(node["at_most"])
                except ValueError as exc:
                    self.error(kl["at_most"], f"{where}.at_most", str(exc))
        return Attr(
            name,
            self.parse_doc(node, "doc", where),
            attr_type,
            enum_type,
            default,
            low,
            high,
            Loc(self.path, line),
            at_most,
        )

    # ---- cross-field rules ------------------------------------------------------------

    def check_unique(
        self, data: LocDict, dims: list[Dim], tensors: list[Tensor], attrs: list[Attr]
    ) -> None:
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

    def check_attr_refs(self, tensors: list[Tensor], attrs: list[Attr], dims: list[Dim]) -> None:
        """Conditions, fills and attribute-sized dims name attributes of the right type."""
        by_name = {a.name: a for a in attrs}
        for t in tensors:
            for cond in t.required_when:
                where = f"tensor {t.name}.required_when.{cond.attr}"
                attr = by_name.get(cond.attr)
                if attr is None:
                    self.error(
                        t.line_of("required_when"), where, f"no attribute named '{cond.attr}'"
                    )
                elif attr.type is AttrType.ENUM:
                    assert attr.enum is not None
                    names = [m for m, _ in attr.enum.members]
                    for v in cond.values:
                        if v not in names:
                            self.error(
                                t.line_of("required_when"),
                                where,
                                f"{v!r} is not a member of {attr.name}; expected one of: {', '.join(names)}",
                            )
                elif attr.type is AttrType.BOOL:
                    if not all(isinstance(v, bool) for v in cond.values):
                        self.error(
                            t.line_of("required_when"),
                            where,
                            "a bool attribute's condition lists true/false",
                        )
                else:
                    self.error(
                        t.line_of("required_when"),
                        where,
                        "conditions can only test enum or bool attributes",
                    )
            if t.fill is not None:
                attr = by_name.get(t.fill.seed_attr)
                if attr is None or attr.type is not AttrType.INT64:
                    self.error(
                        t.line_of("fill"),
                        f"tensor {t.name}.fill.uniform",
                        f"'{t.fill.seed_attr}' must name an int64 attribute (the seed)",
                    )
        dim_names = {d.name for d in dims}
        for a in attrs:
            for ref in a.at_most.refs() if a.at_most is not None else ():
                if ref not in dim_names:
                    self.error(a.loc.line, f"attribute {a.name}.at_most", f"undefined dim '{ref}'")
        for d in dims:
            if d.from_attr is not None:
                attr = by_name.get(d.from_attr)
                if attr is None or attr.type not in (AttrType.INT, AttrType.INT64):
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

    def check_dims_bound(self, data: LocDict, dims: list[Dim], tensors: list[Tensor]) -> None:
        """Every dim is declared, used, and bound: by an attribute, or by a caller's tensor
        whose shape names it alone at some axis. A dim that appears inside an
        expression, or in an output or scratch shape, must be bound whatever optional
        tensors are left out: by an attribute or a required tensor."""
        declared = {d.name: d for d in dims}
        used: set[str] = set()
        for t in tensors:
            for axis, expr in enumerate(t.shape):
                for ref in expr.refs():
                    used.add(ref)
                    if ref not in declared:
                        self.error(
                            t.line_of(f"shape[{axis}]"),
                            f"tensor {t.name}.shape[{axis}]",
                            f"undefined dim '{ref}'; declare it under 'dims'",
                        )
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

    def check_values(self, tensors: list[Tensor], dims: list[Dim]) -> None:
        """Value domains name declared dims and tensors of a fitting shape."""
        dim_names = {d.name for d in dims}
        by_name = {t.name: t for t in tensors}
        for t in tensors:
            v = t.values
            line = t.line_of("values")
            where = f"tensor {t.name}.values"
            for key, b in (("min", v.min), ("max", v.max)):
                if isinstance(b, (DimConst, DimRef, DimBinOp)):
                    for ref in b.refs():
                        if ref not in dim_names:
                            self.error(line, f"{where}.{key}", f"undefined dim '{ref}'")
            if v.prefix_sum_of is not None:
                source = by_name.get(v.prefix_sum_of)
                if source is None:
                    self.error(
                        line, f"{where}.prefix_sum_of", f"no tensor named '{v.prefix_sum_of}'"
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
            if v.total is not None and v.total not in dim_names:
                self.error(line, f"{where}.total", f"undefined dim '{v.total}'")

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
        int_attrs = {a.name for a in attrs if a.type in (AttrType.INT, AttrType.INT64)}
        set_elsewhere = {d.name for d in dims if d.from_attr} | {
            t.values.total for t in tensors if t.values.total
        }
        seen: list[str] = []
        result = []
        for key, sizes in raw.items():
            line = raw.key_lines[key]
            where = f"sweep.{key}"
            if key in set_elsewhere:
                self.error(
                    line, where, f"'{key}' is set by an attribute or a prefix-sum total, not swept"
                )
            elif key not in {d.name for d in dims} and key not in int_attrs:
                self.error(line, where, f"'{key}' is neither a dim nor an int attribute")
            if not self.check_type(sizes, list, line, where) or not sizes:
                if isinstance(sizes, list):
                    self.error(line, where, "list at least one size")
                continue
            exprs = []
            for size in sizes:
                try:
                    expr = parse_dim_expr(size)
                except ValueError as exc:
                    self.error(line, where, str(exc))
                    continue
                for ref in expr.refs():
                    if ref not in seen:
                        self.error(line, where, f"'{ref}' must be swept before '{key}'")
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


def load_spec(path: Path, root: Path) -> Op:
    """Parse one spec file; raises SpecErrors listing every problem in it."""
    rel = (
        path.relative_to(root).as_posix()
        if path.is_absolute() and path.is_relative_to(root)
        else str(path)
    )
    parser = _FileParser(rel)
    try:
        data = yamlsrc.load(path.read_text(encoding="utf-8"))
    except yamlsrc.YamlSyntaxError as exc:
        raise SpecErrors([SpecError(Loc(rel, exc.line), "", f"YAML: {exc.message}")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecErrors([SpecError(Loc(rel, 1), "", f"cannot read: {exc}")]) from None
    op = parser.parse(data, path.stem)
    if op is None:
        raise SpecErrors(parser.errors)
    return op


def load_specs(spec_dir: Path, root: Path) -> list[Op]:
    """Parse every ``*.yaml`` in a directory (sorted); raises SpecErrors with the
    problems of all files together. A directory without specs is an error: an
    empty op set would make the generator delete everything it generated."""
    errors: list[SpecError] = []
    ops: list[Op] = []
    if not spec_dir.is_dir() or not any(spec_dir.glob("*.yaml")):
        raise SpecErrors([SpecError(Loc(str(spec_dir), 0), "", "no *.yaml spec files here")])
    for path in sorted(spec_dir.glob("*.yaml")):
        try:
            ops.append(load_spec(path, root))
        except SpecErrors as exc:
            errors.extend(exc.errors)
    if errors:
        raise SpecErrors(errors)
    return ops
