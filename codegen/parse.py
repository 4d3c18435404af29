"""Spec files -> model. The one place where specs are validated.

Every problem is reported with ``file:line``, the field, and what was expected;
all problems of a file are collected and reported together (a tensor or
attribute whose name or type is rejected still has its other fields checked),
and nothing a spec says reaches generated code unless it passed here.

This module parses each section of a spec; the rest is split by concern:
``yamlsrc`` (the YAML a spec may use, with lines), ``names`` (which names are
free), ``dimexpr`` (shape expressions and their bounds), ``diagnostics`` (one
check per kind of constraint, whose message is written once) and ``rules``
(what must hold across sections).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from codegen import kinds, names, speclang, yamlsrc
from codegen.diagnostics import SpecError, SpecErrors, bounds_text, with_article
from codegen.model import (
    Attr,
    AttrType,
    Bound,
    Condition,
    Dim,
    DimConst,
    DimExpr,
    DType,
    DTypeVar,
    EnumType,
    FastDeployArg,
    FastDeployForm,
    Op,
    Role,
    Tensor,
    UniformFill,
    Values,
)
from codegen.rules import CrossFieldRules
from codegen.yamlsrc import Loc, LocDict, LocList, field_name, show

_DTYPES = {d.value: d for d in DType}
_INT_ATTRS = (AttrType.INT, AttrType.INT64)

ENV_NAME = re.compile(speclang.ENV_NAME_PATTERN)
MAX_ENV_LENGTH = speclang.MAX_ENV_LENGTH
MAX_FORMS = speclang.MAX_FORMS  # shape alternatives of one tensor
MAX_RANK = 8  # Paddle's kernels handle up to 9 axes; no op here needs more than 3
# An int list's length bounds: sizes, so at most kMaxDim (a dim may be bound from a length).
MAX_LIST_LENGTH = 2**31 - 1


def _item_label(parent: str, index: int, name: str | None) -> str:
    """A field path names a tensor or attribute by its name once the name is valid."""
    kind = {"tensors": "tensor", "attrs": "attribute"}.get(parent)
    if kind is not None and name is not None and names.name_problem(name) is None:
        return f"{kind} {name}"
    return f"{parent}[{index}]"


class _FileParser(CrossFieldRules):
    """One spec file's sections, parsed in order, then the cross-field rules."""

    def __init__(self, path: str, source: str) -> None:
        super().__init__(path)
        self.source = source
        # A tensor dropped for an error would make its dims and dtype set look
        # unused; those checks are skipped then.
        self.dropped_tensor = False
        self.unsourced_dims: set[str] = set()
        self.attrs_with_default: set[str] = set()

    # ---- the spec ---------------------------------------------------------------------

    def parse(self, data: Any, expected_name: str) -> Op | None:
        if not isinstance(data, LocDict):
            self.error(1, "", "a spec is a YAML mapping with fields op, doc, kernels, tensors, ...")
            return None
        self.check_keys(data, "", speclang.SPEC.required, speclang.SPEC.optional)
        name = data.get("op")
        if (
            name is not None
            and self.check_name(name, data.key_lines["op"], "op", op=True)
            and name != expected_name
        ):
            self.error(
                data.key_lines["op"],
                "op",
                f"op '{name}' must live in '{name}.yaml', not in {show(expected_name + '.yaml')}",
            )
        doc = self.parse_doc(data, "doc", "")
        kernels = self.parse_kernels(data)
        launch = self.parse_launch_fields(data, kernels)

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
        self.check_env_unique(attrs)
        self.check_attr_refs(tensors, attrs, dims)
        self.check_dims_bound(dims, tensors)
        self.check_value_dims(dims, tensors, attrs)
        self.check_dtype_vars_bound(dtype_vars, tensors)
        self.check_values(tensors, dims, attrs)
        self.check_value_domains(tensors)
        self.check_sizes(tensors, dims, attrs)
        self.check_shape_forms(tensors)
        self.check_outputs(data, tensors)
        self.check_written_rows(tensors)
        sweep = self.parse_sweep(data, dims, attrs, tensors)
        coverage = self.parse_coverage(data, tensors)
        fastdeploy = self.parse_fastdeploy(data, tensors, attrs)
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
            launch=launch,
            source=self.source,
            loc=Loc(self.path, data.line),
            coverage=coverage,
            fastdeploy=fastdeploy,
        )

    def parse_coverage(
        self, data: LocDict, tensors: list[Tensor]
    ) -> tuple[tuple[str, float, int], ...]:
        """`coverage: {tensor: share}`: the least share of the valid drawn cases
        in which the kernel must change each named output or in-place tensor
        (the spec-derived suite fails below it, naming the tensor)."""
        raw = data.get("coverage")
        if raw is None or not self.check_type(raw, dict, data.key_lines["coverage"], "coverage"):
            return ()
        written = {t.name for t in tensors if t.role.kernel_writes}
        result = []
        for key, share in raw.items():
            line, where = raw.key_lines[key], f"coverage.{field_name(key)}"
            if key not in written:
                self.error(line, where, f"{show(key)} is not an output or in-place tensor")
            elif (
                isinstance(share, bool) or not isinstance(share, int | float) or not 0 < share <= 1
            ):
                self.error(
                    line, where, f"must be a share in (0, 1] of the valid cases, not {show(share)}"
                )
            else:
                result.append((key, float(share), line))
        return tuple(result)

    def parse_fastdeploy(
        self, data: LocDict, tensors: list[Tensor], attrs: list[Attr]
    ) -> tuple[FastDeployForm, ...]:
        """`fastdeploy: {gpu: form, xpu: form | gpu}`: how FastDeploy calls the op."""
        raw = data.get("fastdeploy")
        if raw is None or not self.check_type(
            raw, dict, data.key_lines["fastdeploy"], "fastdeploy"
        ):
            return ()
        if not raw:
            self.error(
                data.key_lines["fastdeploy"], "fastdeploy", "give gpu, xpu or both, or leave it out"
            )
            return ()
        self.check_keys(raw, "fastdeploy", (), speclang.FASTDEPLOY.optional)
        forms: list[FastDeployForm] = []
        for backend in speclang.FASTDEPLOY_BACKENDS:
            node = raw.get(backend)
            if node is None:
                continue
            line, where = raw.key_lines[backend], f"fastdeploy.{backend}"
            if backend == "xpu" and isinstance(node, str) and node != "gpu":
                self.error(line, where, f"is a form (a mapping) or 'gpu', not {show(node)}")
                continue
            if backend == "xpu" and node == "gpu":
                gpu = next((f for f in forms if f.backend == "gpu"), None)
                if gpu is None:
                    self.error(
                        line, where, "'gpu' names the GPU form, and fastdeploy.gpu is missing"
                    )
                else:
                    forms.append(replace(gpu, backend=backend, loc=Loc(self.path, line)))
                continue
            if not self.check_type(node, dict, line, where):
                continue
            form = self.parse_fastdeploy_form(node, backend, where, tensors, attrs)
            if form is not None:
                forms.append(form)
        return tuple(forms)

    def parse_fastdeploy_form(
        self, node: LocDict, backend: str, where: str, tensors: list[Tensor], attrs: list[Attr]
    ) -> FastDeployForm | None:
        self.check_keys(
            node, where, speclang.FASTDEPLOY_FORM.required, speclang.FASTDEPLOY_FORM.optional
        )
        passable = {t.name: t for t in tensors if t.is_argument}
        attr_names = {a.name for a in attrs}
        unused = self.parse_fastdeploy_unused(node, where)
        errors = len(self.errors)
        args: list[FastDeployArg] = []
        raw_args = node.get("args")
        if raw_args is not None and self.check_type(
            raw_args, list, node.key_lines["args"], f"{where}.args"
        ):
            for index, (item, line) in enumerate(zip(raw_args, raw_args.item_lines, strict=True)):
                at = f"{where}.args[{index}]"
                from_tensor = False
                if isinstance(item, LocDict) and len(item) == 1:
                    ((name, source),) = item.items()
                    if isinstance(source, LocDict):  # {name: {value_of: attribute}}
                        source, from_tensor = self.parse_fastdeploy_value_of(
                            source, attrs, line, at
                        )
                        if source is None:
                            continue
                else:
                    name = source = item
                if not (
                    self.check_name(name, line, at, parameter=True)
                    and self.check_name(source, line, at, parameter=True)
                ):
                    continue
                if any(a.name == name for a in args):
                    self.error(line, at, f"FastDeploy's argument {show(name)} is listed twice")
                elif source in unused and source == name:
                    args.append(FastDeployArg(name, None, unused[name]))
                elif source in unused:
                    self.error(
                        line, at, f"{show(name)} is listed under unused, so it carries nothing"
                    )
                elif source not in passable and source not in attr_names:
                    self.error(
                        line,
                        at,
                        f"{show(source)} is not a tensor the caller passes nor an attribute of the "
                        "op; list it under unused if FastDeploy passes it and opforge does not "
                        "need it",
                    )
                elif any(a.source == source for a in args):
                    self.error(line, at, f"{show(source)} is passed twice")
                else:
                    args.append(FastDeployArg(name, source, value_of_tensor=from_tensor))
            passed = {a.name for a in args}
            for name in unused:
                if name not in passed and name not in {a.source for a in args}:
                    self.error(
                        node["unused"].key_lines[name],
                        f"{where}.unused.{field_name(name)}",
                        "is not among args: list it there, at its place in FastDeploy's call",
                    )
            given = {a.source for a in args}
            missing = [t.name for t in passable.values() if not t.optional and t.name not in given]
            missing += [
                a.name for a in attrs if a.default is None and a.env is None and a.name not in given
            ]
            if missing:
                self.error(
                    node.key_lines["args"],
                    f"{where}.args",
                    f"FastDeploy's call must pass {', '.join(missing)} (required by the spec); "
                    "add each at its place in FastDeploy's order",
                )
            # An optional tensor left out that a passed attribute (or an
            # attribute's default) can make required: such calls would
            # always be refused, as FastDeploy's call has no way to pass it.
            defaults = {a.name: a.default for a in attrs}
            for t in passable.values():
                if t.name in given:
                    continue
                for condition in t.required_when:
                    default = defaults.get(condition.attr)
                    if condition.attr in given or default in condition.values:
                        how = "is passed" if condition.attr in given else "defaults to it"
                        values = " or ".join(
                            str(v).lower() if isinstance(v, bool) else show(v)
                            for v in condition.values
                        )
                        self.error(
                            node.key_lines["args"],
                            f"{where}.args",
                            f"FastDeploy's call must pass {t.name} too: it is required when "
                            f"{condition.attr} is {values}, and {condition.attr} {how}; add it "
                            "at its place in FastDeploy's order",
                        )
                        break
        returns, returns_list = self.parse_fastdeploy_returns(node, where, tensors, args)
        if len(self.errors) > errors:
            return None
        return FastDeployForm(
            backend, tuple(args), returns, returns_list, Loc(self.path, node.line)
        )

    def parse_fastdeploy_value_of(
        self, node: LocDict, attrs: list[Attr], line: int, where: str
    ) -> tuple[str | None, bool]:
        """`{value_of: attribute}`: FastDeploy passes a one-element integer
        tensor holding the value of an int or int64 attribute."""
        if set(node) != {"value_of"}:
            self.error(
                line,
                where,
                "a FastDeploy argument is a name, {fastdeploy_name: spec_name} or "
                "{fastdeploy_name: {value_of: attribute}}",
            )
            return None, False
        source = node["value_of"]
        if not self.check_name(source, line, f"{where}.value_of"):
            return None, False
        attr = next((a for a in attrs if a.name == source), None)
        if attr is None or attr.type not in _INT_ATTRS:
            self.error(
                line,
                f"{where}.value_of",
                f"{show(source)} is not an int or int64 attribute (a tensor's value can carry "
                "only those)",
            )
            return None, False
        return source, True

    def parse_fastdeploy_unused(self, node: LocDict, where: str) -> dict[str, str]:
        raw = node.get("unused")
        if raw is None or not self.check_type(
            raw, dict, node.key_lines["unused"], f"{where}.unused"
        ):
            return {}
        result = {}
        for name, why in raw.items():
            line, at = raw.key_lines[name], f"{where}.unused.{field_name(name)}"
            if self.check_name(name, line, at) and self.check_type(why, str, line, at):
                result[name] = " ".join(why.split())
        return result

    def parse_fastdeploy_returns(
        self, node: LocDict, where: str, tensors: list[Tensor], args: list[FastDeployArg]
    ) -> tuple[tuple[str, ...], bool]:
        raw = node.get("returns")
        if raw is None or raw == "none":  # FastDeploy returns None
            return (), False
        line, at = node.key_lines["returns"], f"{where}.returns"
        if not self.check_type(raw, (str, list), line, at):
            return (), False
        items = [raw] if isinstance(raw, str) else list(raw)
        lines = [line] * len(items) if isinstance(raw, str) else list(raw.item_lines)
        written = {t.name: t for t in tensors if t.role in (Role.INOUT, Role.OUTPUT)}
        given = {a.source for a in args}
        result: list[str] = []
        for item, item_line in zip(items, lines, strict=True):
            if not self.check_name(item, item_line, at):
                continue
            if item not in written:
                self.error(item_line, at, f"{show(item)} is not an in-place or output tensor")
            elif written[item].role is Role.INOUT and item not in given:
                self.error(
                    item_line,
                    at,
                    f"{show(item)} is updated in place, and FastDeploy's call does not pass it",
                )
            elif item in result:
                self.error(item_line, at, f"{show(item)} is returned twice")
            else:
                result.append(item)
        if isinstance(raw, list) and not raw:
            self.error(
                line, at, "an empty list: write `returns: none` when FastDeploy returns None"
            )
        return tuple(result), isinstance(raw, list)

    def parse_kernels(self, data: LocDict) -> tuple[str, ...]:
        raw = data.get("kernels")
        line = data.key_lines.get("kernels", data.line)
        if raw is None or not self.check_type(raw, list, line, "kernels"):
            return ()
        result: list[str] = []
        for item, item_line in zip(raw, raw.item_lines, strict=True):
            if not self.check_member(item, kinds.BY_NAME, item_line, "kernels", "kernel kind"):
                continue
            if item in result:
                self.error(item_line, "kernels", f"'{item}' is listed twice")
            else:
                result.append(item)
        if not raw:
            self.error(line, "kernels", "an op needs at least one kernel")
        return tuple(k.name for k in kinds.kinds_of(tuple(result)))

    def parse_launch_fields(
        self, data: LocDict, kernels: tuple[str, ...]
    ) -> tuple[tuple[str, int], ...]:
        """The launch fields of every kind (e.g. ``xpu3_max_clusters``): each an
        integer in its bounds, given only where the op names its kind; absent,
        its default where it has one."""
        values: list[tuple[str, int]] = []
        for kind in kinds.KINDS:
            for launch_field in kind.launch_fields:
                raw = data.get(launch_field.key)
                if raw is None:
                    if kind.name in kernels and launch_field.default is not None:
                        values.append((launch_field.key, launch_field.default))
                    continue
                value = self.parse_launch_field(data, launch_field, raw)
                if value is None:
                    continue
                if kind.name not in kernels:
                    self.error(
                        data.key_lines[launch_field.key],
                        launch_field.key,
                        f"only an op whose kernels include {kind.name} has this launch field; "
                        f"add {kind.name} to kernels or remove this field",
                    )
                    continue
                values.append((launch_field.key, value))
        return tuple(values)

    def parse_launch_field(
        self, data: LocDict, launch_field: kinds.LaunchField, raw: Any
    ) -> int | None:
        key, line = launch_field.key, data.key_lines[launch_field.key]
        if not self.check_type(raw, int, line, key):
            return None
        if not launch_field.low <= raw <= launch_field.high:
            self.error(
                line,
                key,
                f"must be in [{launch_field.low}, {launch_field.high}] ({launch_field.bounds}), "
                f"not {raw}",
            )
            return None
        if raw % launch_field.multiple_of:
            self.error(
                line,
                key,
                f"must be a multiple of {launch_field.multiple_of} ({launch_field.bounds}), "
                f"not {raw}",
            )
            return None
        return int(raw)

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
        if not self.check_not_empty(data, "dims", "") or not self.check_type(
            node, dict, data.key_lines["dims"], "dims"
        ):
            return []
        dims = []
        for name, spec in node.items():
            line = node.key_lines[name]
            where = f"dims.{field_name(name)}"
            name_ok = self.check_name(name, line, where)
            from_attr = value_of = None
            bounds: dict[str, DimExpr] = {}
            bound_lines: dict[str, int] = {}
            if isinstance(spec, LocDict):
                self.check_keys(spec, where, speclang.DIM.required, speclang.DIM.optional)
                doc = self.parse_doc(spec, "doc", where)
                for key in ("min", "max"):
                    if spec.get(key) is not None:
                        expr = self.check_dim_expr(spec[key], spec.key_lines[key], f"{where}.{key}")
                        if expr is not None:
                            bounds[key] = expr
                            bound_lines[key] = spec.key_lines[key]
                low, high = bounds.get("min"), bounds.get("max")
                if (
                    isinstance(low, DimConst)
                    and isinstance(high, DimConst)
                    and low.value > high.value
                ):
                    self.error(
                        bound_lines["min"],
                        f"{where}.min",
                        f"min {low.value} is above max {high.value}: no call could bind it",
                    )
                from_attr = spec.get("attr")
                if from_attr is not None and not self.check_name(
                    from_attr, spec.key_lines["attr"], f"{where}.attr"
                ):
                    from_attr = None
                    self.unsourced_dims.add(str(name))
                value_of = spec.get("value_of")
                if value_of is not None:
                    bound_lines["value_of"] = spec.key_lines["value_of"]
                    if not self.check_name(
                        value_of, spec.key_lines["value_of"], f"{where}.value_of"
                    ):
                        value_of = None
                        self.unsourced_dims.add(str(name))
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
                        value_of,
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
        self.check_keys(node, where, speclang.TENSOR.required, speclang.TENSOR.optional)

        dtype: DType | DTypeVar | None = None
        raw = node.get("dtype")
        if isinstance(raw, str) and raw in dtype_vars:
            dtype = dtype_vars[raw]
        elif raw is not None:
            dtype = self.parse_dtype_name(raw, kl["dtype"], f"{where}.dtype", dtype_vars)

        raw_shape = node.get("shape")
        shape_line = kl.get("shape", line)
        forms: list[tuple[DimExpr, ...]] = []
        form_lines: dict[str, int] = {}
        shape_ok = False
        if isinstance(raw_shape, LocDict):
            shape_ok = self.parse_shape_forms(raw_shape, shape_line, where, forms, form_lines)
        elif raw_shape is not None and self.check_type(
            raw_shape, (list, dict), shape_line, f"{where}.shape"
        ):
            one = self.parse_shape(raw_shape, shape_line, f"{where}.shape", "shape", form_lines)
            if one is not None:
                forms.append(one)
                shape_ok = True

        role = Role.INPUT
        raw_role = node.get("role", "in")
        roles = {r.value: r for r in Role}
        if self.check_member(raw_role, roles, kl.get("role", line), f"{where}.role", "role"):
            role = roles[raw_role]
        else:
            self.dropped_tensor = True  # what the op returns is unknown: no follow-on errors

        optional = self.check_flag(node, "optional", where)
        host = self.check_flag(node, "host", where)
        unit_axis = self.check_flag(node, "unit_axis", where)
        if unit_axis and role in (Role.OUTPUT, Role.SCRATCH):
            self.error(
                kl["unit_axis"],
                f"{where}.unit_axis",
                f"only tensors the caller passes (inputs and in-place tensors) may come with "
                f"a trailing unit axis; the glue allocates a '{role.value}' tensor in its "
                "declared shape",
            )
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

        rows = self.parse_rows(node, where, role)
        conditions = self.parse_required_when(node, where, optional)
        fill = self.parse_fill(node, where, role, dtype)
        values = self.parse_values(node, where, dtype)
        after = self.parse_values(node, where, dtype, key="after")
        if "after" in node and role not in (Role.INOUT, Role.OUTPUT):
            self.error(
                kl["after"],
                f"{where}.after",
                f"'after' is what an in-place or output tensor holds after the call; "
                f"a '{role.value}' tensor is not written by the op",
            )
        doc = self.parse_doc(node, "doc", where)

        if not name_ok or dtype is None or not shape_ok:
            self.dropped_tensor = True
            return None
        lines = dict(kl)
        lines.update(form_lines)
        for key in ("values", "after"):
            if isinstance(node.get(key), LocDict):
                lines.update({f"{key}.{k}": n for k, n in node[key].key_lines.items()})
        return Tensor(
            name,
            doc,
            dtype,
            forms[0],
            role,
            optional,
            conditions,
            host,
            fill,
            Loc(self.path, line),
            values,
            tuple(sorted(lines.items())),
            after,
            unit_axis,
            rows,
            tuple(forms) if len(forms) > 1 else (),
        )

    def parse_rows(self, node: LocDict, where: str, role: Role) -> str | None:
        """``rows: <count>``: the kernel writes only the first rows of this new
        output and their number into the tensor named (its references are
        checked with the other tensors, check_written_rows)."""
        raw = node.get("rows")
        if raw is None:
            return None
        line = node.key_lines["rows"]
        w = f"{where}.rows"
        if role is not Role.OUTPUT:
            self.error(
                line,
                w,
                "only a new output (role out) can return fewer rows than it declares; "
                f"a '{role.value}' tensor keeps its whole shape",
            )
            return None
        if not self.check_name(raw, line, w):
            return None
        return str(raw)

    def parse_shape(
        self, raw: Any, line: int, where: str, key: str, lines: dict[str, int]
    ) -> tuple[DimExpr, ...] | None:
        """One shape: a list of dim expressions (None if any is wrong). Records
        each axis' line as ``<key>[<axis>]``."""
        if not self.check_type(raw, list, line, where):
            return None
        if not raw:
            self.error(line, where, "a tensor has at least one axis; write [1] for a single value")
            return None
        if len(raw) > MAX_RANK:
            self.error(line, where, f"a tensor has at most {MAX_RANK} axes, this one {len(raw)}")
            return None
        shape = []
        for axis, entry in enumerate(raw):
            lines[f"{key}[{axis}]"] = raw.item_lines[axis]
            expr = self.check_dim_expr(entry, raw.item_lines[axis], f"{where}[{axis}]")
            if expr is not None:
                shape.append(expr)
        return tuple(shape) if len(shape) == len(raw) else None

    def parse_shape_forms(
        self,
        raw: LocDict,
        line: int,
        where: str,
        forms: list[tuple[DimExpr, ...]],
        lines: dict[str, int],
    ) -> bool:
        """``shape: {one_of: [[...], [...]]}``: the forms, each a shape of its own
        rank (the rank of what the caller passes says which form came)."""
        w = f"{where}.shape"
        if not self.check_keys(raw, w, ("one_of",), ()):
            return False
        listed = raw["one_of"]
        w = f"{w}.one_of"
        list_line = raw.key_lines["one_of"]
        lines["shape"] = line
        if not self.check_type(listed, list, list_line, w):
            return False
        if not 2 <= len(listed) <= MAX_FORMS:
            self.error(
                list_line,
                w,
                f"list 2 to {MAX_FORMS} shapes (a tensor of one shape writes it as a list), "
                f"got {len(listed)}",
            )
            return False
        ok = True
        ranks: dict[int, int] = {}
        for k, entry in enumerate(listed):
            form_line = listed.item_lines[k]
            lines[f"shape.one_of[{k}]"] = form_line
            shape = self.parse_shape(entry, form_line, f"{w}[{k}]", f"shape.one_of[{k}]", lines)
            if shape is None:
                ok = False
                continue
            if len(shape) in ranks:
                self.error(
                    form_line,
                    f"{w}[{k}]",
                    f"has rank {len(shape)}, as form {ranks[len(shape)]} has; the forms must "
                    "differ in rank (the rank of the tensor a caller passes says which form came)",
                )
                ok = False
                continue
            ranks[len(shape)] = k
            forms.append(shape)
        return ok

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
        if not raw:
            self.error(line, w, "list at least one attribute and its values, or leave it out")
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
        if not self.check_type(raw, dict, line, w) or not self.check_keys(
            raw, w, speclang.FILL.required, speclang.FILL.optional
        ):
            return None
        seed = raw["uniform"]
        if not self.check_name(seed, raw.key_lines["uniform"], f"{w}.uniform"):
            return None
        if dtype is not DType.FLOAT32:
            self.error(line, w, "uniform draws fill a float32 tensor")
        return UniformFill(seed)

    def parse_values(
        self, node: LocDict, where: str, dtype: DType | DTypeVar | None, key: str = "values"
    ) -> Values:
        """A value domain: `values` (what the caller passes) or `after` (what an
        output holds after the call; no generation hints there)."""
        raw = node.get(key)
        if raw is None:
            return Values()
        if not self.check_not_empty(node, key, where):
            return Values()
        where = f"{where}.{key}"
        if not self.check_type(raw, dict, node.key_lines[key], where):
            return Values()
        section = speclang.VALUES if key == "values" else speclang.AFTER
        self.check_keys(raw, where, section.required, section.optional)
        kl = raw.key_lines

        def bound(key: str) -> Bound | None:
            value = raw.get(key)
            if value is None:
                return None
            return self.value_end(value, kl[key], f"{where}.{key}")

        low, high = bound("min"), bound("max")
        if isinstance(low, (int, float)) and isinstance(high, (int, float)) and low > high:
            self.error(kl["min"], f"{where}.min", f"min {show(low)} is above max {show(high)}")
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
                        f"an integer tensor's bound is an integer or an expression (dims, int attributes), "
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
        choices = dtype.choices if isinstance(dtype, DTypeVar) else (dtype,) if dtype else ()
        if probability_rows and not all(d.is_float for d in choices):
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
                    kl["sample"],
                    w,
                    f"expected [low, high] (integers or expressions), got {show(sample)}",
                )
                sample = None
            else:
                ends = [self.value_end(v, kl["sample"], w) for v in sample]
                if ends[0] is None or ends[1] is None:
                    sample = None
                elif any(isinstance(e, float) for e in ends):
                    self.error(kl["sample"], w, f"integers or expressions, got {show(sample)}")
                    sample = None
                elif isinstance(ends[0], int) and isinstance(ends[1], int) and ends[0] > ends[1]:
                    self.error(kl["sample"], w, f"low {ends[0]} is above high {ends[1]}")
                    sample = None
                else:
                    sample = (ends[0], ends[1])
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

    def value_end(self, value: Any, line: int, where: str) -> Bound | None:
        """One end of a value domain. A value is not a size: any integer
        negative sentinels (-1) included, or a float; a string is an
        expression over dims and int attributes (which the cross-field rules
        resolve, and check against int64 and an empty domain)."""
        if isinstance(value, bool):
            self.error(
                line,
                where,
                f"expected a number or an expression (dims, int attributes), got {show(value)}",
            )
            return None
        if isinstance(value, float):
            return value  # finite: the loader admits no other
        if isinstance(value, int):
            return value  # the loader admits only int64 integers
        expr = self.check_dim_expr(value, line, where, size=False)
        if expr is None:
            return None
        return expr.value if isinstance(expr, DimConst) else expr

    def parse_attr(self, node: Any, line: int, where: str) -> Attr | None:
        if not self.check_type(node, dict, line, where):
            return None
        self.check_keys(node, where, speclang.ATTR.required, speclang.ATTR.optional)
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
                self.error(
                    kl[key],
                    f"{where}.{key}",
                    f"{with_article(attr_type.value)} attribute has no {key}",
                )
                return None
            return self.check_number(node[key], attr_type.element, kl[key], f"{where}.{key}")

        low, high = number("min"), number("max")
        if low is not None and high is not None and low > high:
            self.error(kl["max"], f"{where}.max", f"max {high} is below min {low}")
        min_length, max_length = self.parse_list_lengths(node, where, attr_type)

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
            elif attr_type.is_list:
                default = self.check_list_default(
                    default, attr_type, (low, high), (min_length, max_length), kl["default"], w
                )
            else:
                default = self.check_number(default, attr_type, kl["default"], w)
                if default is not None and (
                    (low is not None and default < low) or (high is not None and default > high)
                ):
                    self.error(kl["default"], w, f"{default} is outside {bounds_text(low, high)}")
        at_most = None
        if node.get("at_most") is not None and attr_type is not None:
            if attr_type not in _INT_ATTRS:
                self.error(
                    kl["at_most"], f"{where}.at_most", "only int attributes have a dim bound"
                )
            else:
                at_most = self.check_dim_expr(node["at_most"], kl["at_most"], f"{where}.at_most")
        env = self.parse_env(node, where, attr_type)
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
            min_length,
            max_length,
            env,
            kl.get("env", line),
        )

    def parse_env(self, node: LocDict, where: str, attr_type: AttrType | None) -> str | None:
        """``env``: the environment variable a scalar attribute with a default
        takes its value from when the caller does not pass it."""
        if node.get("env") is None:
            return None
        kl = node.key_lines
        w = f"{where}.env"
        if not self.check_type(node["env"], str, kl["env"], w):
            return None
        variable: str = node["env"]
        if not ENV_NAME.fullmatch(variable):
            self.error(
                kl["env"],
                w,
                f"an environment variable name is upper-case letters, digits and '_', "
                f"not starting with a digit, at most {MAX_ENV_LENGTH} characters; "
                f"got {show(variable)}",
            )
            return None
        if attr_type is not None and attr_type.is_list:
            self.error(
                kl["env"],
                w,
                "only scalar attributes (int, int64, float, bool, enum) read an environment variable",
            )
            return None
        if node.get("default") is None:
            self.error(
                kl["env"],
                w,
                "an attribute read from an environment variable needs a default "
                "(its value when the variable is not set)",
            )
            return None
        return variable

    def parse_list_lengths(
        self, node: LocDict, where: str, attr_type: AttrType | None
    ) -> tuple[int | None, int | None]:
        """An int list's ``min_length`` and ``max_length``: each a size (at most
        kMaxDim, so a dim bound from the length fits too), min not above max."""
        kl = node.key_lines
        found: dict[str, int | None] = {}
        for key in ("min_length", "max_length"):
            found[key] = None
            if node.get(key) is None or attr_type is None:
                continue
            w = f"{where}.{key}"
            if not attr_type.is_list:
                self.error(kl[key], w, f"only int list attributes have a {key}")
            elif self.check_type(node[key], int, kl[key], w):
                if 0 <= node[key] <= MAX_LIST_LENGTH:
                    found[key] = node[key]
                else:
                    self.error(
                        kl[key], w, f"a length is in [0, {MAX_LIST_LENGTH}], got {show(node[key])}"
                    )
        low, high = found["min_length"], found["max_length"]
        if low is not None and high is not None and low > high:
            self.error(
                kl["max_length"],
                f"{where}.max_length",
                f"max_length {high} is below min_length {low}",
            )
        return low, high

    def check_list_default(
        self,
        default: Any,
        attr_type: AttrType,
        bounds: tuple[int | float | None, int | float | None],
        lengths: tuple[int | None, int | None],
        line: int,
        where: str,
    ) -> tuple[int, ...] | None:
        """An int list's default: a list of integers of its element type, each
        within min/max, its length within min_length/max_length."""
        if not self.check_type(default, list, line, where):
            return None
        elements = []
        for index, value in enumerate(default):
            w = f"{where}[{index}]"
            checked = self.check_number(value, attr_type.element, line, w)
            if checked is None:
                return None
            low, high = bounds
            if (low is not None and checked < low) or (high is not None and checked > high):
                self.error(line, w, f"{checked} is outside [{low}, {high}]")
                return None
            elements.append(int(checked))
        shortest, longest = lengths
        if shortest is not None and len(elements) < shortest:
            self.error(line, where, f"{len(elements)} elements, fewer than min_length {shortest}")
            return None
        if longest is not None and len(elements) > longest:
            self.error(line, where, f"{len(elements)} elements, more than max_length {longest}")
            return None
        return tuple(elements)

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
        set_elsewhere = (
            {d.name for d in dims if d.set_elsewhere}
            | self.unsourced_dims
            | {t.values.total for t in tensors if t.values.total}
        )
        seen: list[str] = []
        result = []
        for key, sizes in raw.items():
            line = raw.key_lines[key]
            where = f"sweep.{field_name(key)}"
            if key in set_elsewhere:
                self.error(line, where, _not_swept(key, dims, tensors))
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


def load_spec(path: Path, root: Path) -> Op:
    """Parse one spec file; raises SpecErrors listing every problem in it."""
    rel = (
        path.relative_to(root).as_posix()
        if path.is_absolute() and path.is_relative_to(root)
        else str(path)
    )
    rel = yamlsrc.shown_path(rel)  # a path is printed escaped, never raw
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
    todos = _todo_errors(data, rel)
    if todos:
        # A TODO's own field reports nothing else (no "unknown dtype 'TODO'").
        left = {(e.loc.line, e.where) for e in todos}
        raise SpecErrors(todos + [e for e in parser.errors if (e.loc.line, e.where) not in left])
    if op is None:
        raise SpecErrors(parser.errors)
    return op


TODO = "TODO"  # what `opforge-dev import` writes where the source does not say


def _todo_errors(data: Any, rel: str) -> list[SpecError]:
    """Every value left as ``TODO`` (a draft of ``opforge-dev import``), at its
    line and field, saying what to decide (the field's description in speclang)."""
    found: list[tuple[int, str]] = []

    def walk(node: Any, where: str, line: int) -> None:
        if isinstance(node, LocDict):
            for key, value in node.items():
                field = f"{where}.{field_name(key)}" if where else field_name(key)
                walk(value, field, node.key_lines[key])
        elif isinstance(node, LocList):
            for index, (item, item_line) in enumerate(zip(node, node.item_lines, strict=True)):
                name = item.get("name") if isinstance(item, LocDict) else None
                label = _item_label(where, index, name if isinstance(name, str) else None)
                walk(item, label, item_line)
        elif node == TODO:
            found.append((line, where))

    walk(data, "", 1)
    return [
        SpecError(
            Loc(rel, line),
            where,
            "TODO left by `opforge-dev import`: the source does not say it (the comment on "
            f"the line says what it read); decide {_decision(where)}",
        )
        for line, where in sorted(found)
    ]


def _decision(where: str) -> str:
    """What a field holds, from the language's own table (codegen/speclang.py)."""
    parts = [p.split("[")[0] for p in where.split(".")]
    head, last = parts[0], parts[-1]
    nested = {"values": speclang.VALUES, "after": speclang.AFTER, "fill": speclang.FILL}
    if head.startswith(("tensor ", "tensors")):
        section = nested.get(parts[1], speclang.TENSOR) if len(parts) > 2 else speclang.TENSOR
    elif head.startswith(("attribute ", "attrs")):
        section = speclang.ATTR
    elif head == "dims":
        section, last = speclang.DIM, (last if len(parts) > 2 else "doc")
    else:
        section = speclang.SPEC
    field = next((f for f in section.fields if f.name == last), None)
    if field is None:
        return "this value"
    choices = field.schema.get("enum") or next(
        (s["enum"] for s in field.schema.get("anyOf", ()) if "enum" in s), None
    )
    what = field.doc + (f" ({', '.join(choices)})" if choices else "")
    return f"this entry of '{last}' ({what})" if where.endswith("]") else what


Export = tuple[str, Loc, str]  # a name the Python module exports, where, what it is


def exported(op: Op) -> list[Export]:
    """The names `op` adds to the generated Python module: its function, its enum types."""
    return [(op.name, op.loc, "op")] + [
        (a.enum.name, a.loc, f"enum type of attribute {a.name}") for a in op.attrs if a.enum
    ]


def check_exports(ops: list[Op]) -> list[SpecError]:
    """Names the generated Python module exports (op functions, enum types) are
    unique across all specs: they share one module."""
    return check_exported([(op.name, exported(op)) for op in ops])


def check_exported(ops: list[tuple[str, list[Export]]]) -> list[SpecError]:
    """check_exports on each op's name and exports (what the generator's per-op
    cache keeps of an op it does not parse again), in spec order."""
    errors = []
    seen: dict[str, Loc] = {}
    for op_name, exports in ops:
        for name, loc, what in exports:
            if name in seen:
                errors.append(
                    SpecError(
                        loc,
                        f"{op_name}: {what}",
                        f"the Python module already exports '{name}' from {seen[name]}; rename one",
                    )
                )
            else:
                seen[name] = loc
    return errors


def spec_paths(spec_dir: Path) -> list[Path]:
    """The ``*.yaml`` files of a spec directory, sorted; none is an error: an
    empty op set would make the generator delete everything it generated."""
    paths = sorted(spec_dir.glob("*.yaml")) if spec_dir.is_dir() else []
    if not paths:
        shown = yamlsrc.shown_path(str(spec_dir))
        raise SpecErrors([SpecError(Loc(shown, 0), "", "no *.yaml spec files here")])
    return paths


def load_specs(spec_dir: Path, root: Path) -> list[Op]:
    """Parse every spec of a directory; raises SpecErrors with the problems of
    all files together."""
    errors: list[SpecError] = []
    ops: list[Op] = []
    for path in spec_paths(spec_dir):
        try:
            ops.append(load_spec(path, root))
        except SpecErrors as exc:
            errors.extend(exc.errors)
    errors.extend(check_exports(ops))
    if errors:
        raise SpecErrors(errors)
    return ops


__all__ = [
    "MAX_RANK",
    "SpecError",
    "SpecErrors",
    "check_exported",
    "check_exports",
    "exported",
    "load_spec",
    "load_specs",
    "spec_paths",
]


def _not_swept(key: str, dims: list[Dim], tensors: list[Tensor]) -> str:
    """Why a dim set elsewhere is not swept, and what to sweep instead."""
    dim = next((d for d in dims if d.name == key), None)
    if dim is not None and dim.from_attr is not None:
        return (
            f"'{key}' is set by the attribute '{dim.from_attr}', not swept: "
            f"sweep '{dim.from_attr}' instead"
        )
    if dim is not None and dim.value_of is not None:
        return (
            f"'{key}' is the value of the tensor '{dim.value_of}', not swept: the tests draw "
            f"that value within the dim's bounds; sweep the dims of its max instead"
        )
    totalling = next((t.name for t in tensors if t.values.total == key), None)
    if totalling is not None:
        return (
            f"'{key}' is the total of the tensor '{totalling}', not swept: the tests draw "
            f"its lengths and set '{key}' to their sum; sweep the dims of its shape instead"
        )
    return f"'{key}' is set by an attribute or a tensor's value, not swept"
