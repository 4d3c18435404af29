"""Valid specs drawn from the whole spec language, with trivial kernels for them.

``draw_spec`` builds a spec the parser must accept: zero to four attributes of
every type (none included; an int one sometimes bounded by the dims,
`at_most`, an int or int64 one's default sometimes read from the environment,
`env`), dims bound by tensors (sometimes with a `min`), by an int attribute or
by an int list's length, a tensor of lengths totalling a dim an attribute sets
(`total`, sometimes with its `prefix_sum_of`), the kinds' launch fields, value
domains bounded by numbers, dims and int attributes, with generation hints
(`sample`, `density`), and one to six tensors of every role, dtype, dtype set,
optional/required_when, host and scratch-fill combination the language
allows (in-place tensors, new outputs, or both in one op; inputs with shape
alternatives; a new output whose rows its kernel counts, `rows:`; a dim read
from a [1] input's value, `value_of:`), in any
order (outputs first, scratch first), with dim expressions and names up to the
length limit; sometimes FastDeploy's call of it (`fastdeploy:`).
It is driven by a ``Chooser`` (tests/harness/draw.py), so Hypothesis can
shrink a failing spec and a seeded run can draw hundreds for one build.

``kernels.py`` writes the C++ of kernels (one per kind) that fill every
buffer the kernel may write with ``pattern``; the test checks exactly that.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import yaml

from codegen import names
from codegen.kinds import CPU, KINDS
from codegen.model import DType
from codegen.parse import MAX_RANK
from tests.harness.draw import Chooser, choice

DTYPES = [d.value for d in DType]  # every dtype a spec may name
# Every set of the registry's kernel kinds an op may name: a CPU kernel and
# any of the others (each kind drawn as often as the rest).
_OTHER_KINDS = [k.name for k in KINDS if k is not CPU]
KERNEL_SETS = [
    (CPU.name, *(k for k, bit in zip(_OTHER_KINDS, bits, strict=True) if bit))
    for bits in itertools.product((0, 1), repeat=len(_OTHER_KINDS))
]
SETS = [["float32", "float16", "bfloat16"], ["float32"], ["int32", "int64"], ["float16", "float32"]]


def _name(ch: Chooser, stem: str, index: int) -> str:
    """A fresh valid name; sometimes at the length limit."""
    base = f"{stem}{index}"
    if ch.integer(0, 7) == 0:
        base = (base + "_" + "x" * names.MAX_NAME_CHARS)[: names.MAX_NAME_CHARS].rstrip("_")
    return base


@dataclass
class Drawn:
    name: str
    tree: dict[str, Any]

    @property
    def text(self) -> str:
        return yaml.safe_dump(self.tree, sort_keys=False, width=1000)


def draw_spec(ch: Chooser, op_name: str) -> Drawn:
    kernels = choice(ch, KERNEL_SETS)
    dims = [_name(ch, "d", i) for i in range(ch.integer(1, 3))]
    attrs: list[dict[str, Any]] = []
    enum_attr = bool_attr = seed_attr = None
    for i in range(ch.integer(0, 4)):
        kind = choice(ch, ["int", "int64", "float", "bool", "enum", "int_list", "int64_list"])
        # Enum types are exported by the one Python module: unique per op.
        stem = f"{op_name}_e" if kind == "enum" else "a"
        attr: dict[str, Any] = {"name": _name(ch, stem, i), "type": kind, "doc": f"attribute {i}"}
        has_default = ch.integer(0, 1) == 1
        if kind == "enum":
            members = {f"m{j}": j * choice(ch, [1, 3, -1]) for j in range(ch.integer(1, 3))}
            attr["values"] = members
            if has_default:
                attr["default"] = choice(ch, list(members))
            enum_attr = attr
        elif kind == "bool":
            if has_default:
                attr["default"] = ch.integer(0, 1) == 1
            bool_attr = attr
        elif kind == "float":
            attr["min"] = -1.5
            if has_default:
                attr["default"] = 0.25
        elif kind in ("int_list", "int64_list"):
            _int_list(ch, attr, has_default)
        elif kind == "int" and not has_default and ch.integer(0, 2) == 0:
            # Bounded by the call's dims too (`at_most`): drawn per call.
            attr.update(min=0, max=16, at_most=_dim_expression(ch, dims))
        else:
            attr["min"] = -(2**31) if kind == "int" else -1
            attr["max"] = 2**31 - 1 if kind == "int" else 2**40
            if has_default:
                attr["default"] = -1 if kind == "int64" else 3
                if ch.integer(0, 3) == 0:  # the default read from the environment
                    attr["env"] = f"OPFORGE_DRAWN_{attr['name'].upper()}"
            if kind == "int64":
                seed_attr = attr
        attrs.append(attr)
    # No attribute without a default may follow one with a default.
    attrs.sort(key=lambda a: "default" in a)

    dim_entries: dict[str, Any] = {d: f"dim {d}" for d in dims}
    for d in dims:  # a lower bound, checked whenever a call binds the dim
        if ch.integer(0, 4) == 0:
            dim_entries[d] = {"doc": f"dim {d}", "min": 1}
    int_attrs = [
        a for a in attrs if a["type"] in ("int", "int_list", "int64_list") and "default" in a
    ]
    attr_dim = None
    if int_attrs and ch.integer(0, 3) == 0:
        source = choice(ch, int_attrs)
        if source["type"] == "int":
            source.update(min=0, max=4)
        else:  # the dim is the list's length: as small
            source["max_length"] = 4
            source.pop("min_length", None)
            source["default"] = source["default"][:4]
        attr_dim = _name(ch, "w", 0)
        dim_entries[attr_dim] = {"doc": "set by an attribute", "attr": source["name"]}

    # What the op writes: tensors in place, new outputs, or both in one op.
    writes = choice(ch, [("inout",), ("out",), ("inout", "out")])
    dtype_set = choice(ch, SETS) if ch.integer(0, 2) == 0 else None

    def shape_for(must_bind: list[str], plain_only: bool) -> list[Any]:
        axes: list[Any] = list(must_bind)
        for _ in range(ch.integer(0 if axes else 1, 2)):
            d = choice(ch, dims)
            form = ch.integer(0, 5)
            if plain_only or form == 0:
                axes.append(d)
            elif form == 1:
                axes.append(f"{d} + 1")
            elif form == 2:
                axes.append(f"2 * {d}")
            elif form == 3:
                axes.append(f"{d} // 2")
            elif form == 4 and attr_dim is not None:
                axes.append(attr_dim)
            else:
                axes.append(ch.integer(1, 3))
        order = list(range(len(axes)))
        for i in range(len(order) - 1, 0, -1):  # shuffle
            j = ch.integer(0, i)
            order[i], order[j] = order[j], order[i]
        return [axes[i] for i in order][:MAX_RANK]

    tensors: list[dict[str, Any]] = []
    # The binder: a required caller tensor naming every dim alone (binds them all).
    binder_role = choice(ch, ["in", "inout"]) if "inout" in writes else "in"
    tensors.append(_tensor(ch, 0, binder_role, shape_for(dims, True), dtype_set))
    if dtype_set is not None:
        tensors[0]["dtype"] = "T"
    for i in range(1, ch.integer(1, 6)):
        role = choice(ch, ["in", "in", writes[0], writes[-1], "scratch"])
        t = _tensor(ch, i, role, shape_for([], False), dtype_set)
        if role == "in" and ch.integer(0, 2) == 0:
            t["optional"] = True
            cond_attr = choice(ch, [a for a in (enum_attr, bool_attr) if a] or [None])
            if cond_attr is not None and ch.integer(0, 1):
                if cond_attr["type"] == "enum":
                    t["required_when"] = {cond_attr["name"]: [next(iter(cond_attr["values"]))]}
                else:
                    t["required_when"] = {cond_attr["name"]: [True]}
        if role == "scratch" and seed_attr is not None and ch.integer(0, 1):
            t["dtype"] = "float32"
            t["fill"] = {"uniform": seed_attr["name"]}
        tensors.append(t)
    for role in writes:  # every kind of output the op was drawn to write
        if not any(t["role"] == role for t in tensors):
            tensors.append(_tensor(ch, len(tensors), role, shape_for([], False), dtype_set))
    if attr_dim is not None and not any(attr_dim in t["shape"] for t in tensors):
        tensors[-1]["shape"] = [*tensors[-1]["shape"], attr_dim][-MAX_RANK:]
    outs = [t for t in tensors if t["role"] == "out"]
    # An output whose rows the kernel decides (its count added last: a [1]).
    if outs and ch.integer(0, 2) == 0:
        sized = choice(ch, outs)
        sized["rows"] = _name(ch, "c", len(tensors))
        count = _tensor(ch, len(tensors), "out", [1], None)
        count.update(name=sized["rows"], dtype=choice(ch, ["int32", "int64"]))
        tensors.append(count)
    if ch.integer(0, 3) == 0:
        _lengths_and_total(ch, dims, dim_entries, attrs, tensors)
    if "inout" in writes and ch.integer(0, 2) == 0:
        host = next(t for t in tensors if t["role"] == "inout")
        host["host"] = True
    for t in tensors:  # FastDeploy's [..., 1] layout accepted for some caller tensors
        if t["role"] in ("in", "inout") and len(t["shape"]) < MAX_RANK and ch.integer(0, 3) == 0:
            t["unit_axis"] = True
    # Int attributes a domain may be bounded by (not a scratch fill's seed,
    # whose draws ignore its range); one that does is at least 1, so that
    # `a - 1` bounds ids below it and no domain over it is empty.
    # Nor one that sets a dim (a total's is the lengths' sum, which may be 0).
    seeds = {t["fill"]["uniform"] for t in tensors if "fill" in t}
    seeds |= {e["attr"] for e in dim_entries.values() if isinstance(e, dict) and "attr" in e}
    bounders = [a for a in attrs if a["type"] in ("int", "int64") and a["name"] not in seeds]
    for t in tensors:  # value domains: inputs' preconditions, outputs' postconditions
        members = dtype_set if t["dtype"] == "T" else [t["dtype"]]
        if "values" in t or t["role"] == "scratch" or ch.integer(0, 2) != 0:
            continue
        if "bool" in members:
            if members == ["bool"] and t["role"] in ("in", "inout"):
                t["values"] = {"density": choice(ch, [0.1, 0.5, 0.9])}  # share of true
            continue
        floats = all(m.startswith(("float", "bfloat")) for m in members)
        domains: list[dict[str, Any]] = [
            {"min": 0},
            {"min": 0, "max": 4},
            {"max": choice(ch, dims)},
            {"min": -1},  # a sentinel: values, unlike sizes, may be negative
        ]
        if not floats:
            domains.append({"min": -3, "max": 4, "sample": [-3, 2]})
            domains.append({"min": 0, "sample": [0, 3], "density": 0.3})
        if bounders and ch.integer(0, 1) == 0:  # half: bounded by an attribute
            a = _at_least_one(choice(ch, bounders))
            domains = [
                {"min": 0, "max": f"{a} - 1"},  # ids below an attribute
                {"min": -1, "max": f"{choice(ch, dims)} + {a}"},  # with a dim
            ]
            if not floats:
                domains.append({"min": 0, "sample": [0, f"2 * {a} + 1"]})
        if floats:
            domains += [{"above": 0, "max": 1}, {"probability_rows": True}]
        key = "values" if t["role"] in ("in", "inout") and ch.integer(0, 1) else "after"
        if key == "after" and t["role"] == "in":
            key = "values"
        domain = dict(choice(ch, domains))
        if key == "after":  # generation hints: inputs only
            domain.pop("sample", None)
            domain.pop("density", None)
        t[key] = domain
    for t in tensors[1:]:  # shape alternatives: a required input in one of two forms
        plain = t["role"] == "in" and not t.get("optional") and not t.get("unit_axis")
        one_shape = {"probability_rows", "total", "prefix_sum_of"}  # need one shape
        if not plain or one_shape & set(t.get("values", {})) or ch.integer(0, 3) != 0:
            continue
        shape = t["shape"]
        # A form of another rank (the binder, tensors[0], binds every dim alone).
        other = [choice(ch, dims), *shape] if len(shape) < MAX_RANK else shape[1:]
        t["shape"] = {"one_of": [shape, other] if ch.integer(0, 1) else [other, shape]}
    for i in range(len(tensors) - 1, 0, -1):  # any order: outputs or scratch first
        j = ch.integer(0, i)
        tensors[i], tensors[j] = tensors[j], tensors[i]
    _value_dim(ch, dims, dim_entries, tensors)
    tree: dict[str, Any] = {
        "op": op_name,
        "kernels": list(kernels),
        "doc": f"a drawn op, {len(tensors)} tensors and {len(attrs)} attributes",
        "dims": dim_entries,
    }
    if dtype_set is not None:
        tree["dtype_sets"] = {"T": dtype_set}
    tree["tensors"] = tensors
    if attrs:
        tree["attrs"] = attrs
    for kind in KINDS:  # sometimes a kind's launch fields (small values: a quick simulation)
        for launch in kind.launch_fields if kind.name in kernels else ():
            if ch.integer(0, 2) == 0:
                top = min(launch.high, launch.low + 2 * launch.multiple_of)
                tree[launch.key] = launch.low + launch.multiple_of * ch.integer(
                    0, (top - launch.low) // launch.multiple_of
                )
    _fastdeploy(ch, tree)
    return Drawn(op_name, tree)


def _dim_expression(ch: Chooser, dims: list[str]) -> str:
    d = choice(ch, dims)
    return choice(ch, [d, f"{d} + 1", f"2 * {d}"])


def _lengths_and_total(
    ch: Chooser,
    dims: list[str],
    dim_entries: dict[str, Any],
    attrs: list[dict[str, Any]],
    tensors: list[dict[str, Any]],
) -> None:
    """A tensor of lengths whose elements add up to a dim an int64 attribute
    sets (`total:`, FastDeploy's token count known on the host), sometimes
    with its prefix sums (`prefix_sum_of:`), and a new output that dim sizes."""
    index = len(tensors)
    total = _name(ch, "k", index)
    source = {"name": _name(ch, "a", 10 + index), "type": "int64", "doc": "the lengths' total"}
    source.update(min=0, max=2**31 - 1)
    attrs.insert(0, source)  # no default: before every attribute with one
    dim_entries[total] = {"doc": "the lengths' total", "attr": source["name"]}
    dtype = choice(ch, ["int32", "int64"])
    n = choice(ch, dims)
    lengths = _tensor(ch, index, "in", [n], None)
    lengths.update(dtype=dtype, values={"min": 0, "sample": [0, 3], "total": total})
    tensors.append(lengths)
    if ch.integer(0, 1):
        offsets = _tensor(ch, index + 1, "in", [f"{n} + 1"], None)
        offsets.update(dtype=dtype, values={"prefix_sum_of": lengths["name"], "total": total})
        tensors.append(offsets)
    tensors.append(_tensor(ch, len(tensors), "out", [total], None))


def _fastdeploy(ch: Chooser, tree: dict[str, Any]) -> None:
    """Sometimes FastDeploy's call of the op (`fastdeploy:`): a GPU form, and an
    XPU one that is the GPU's ('gpu') or drawn on its own."""
    if ch.integer(0, 1) == 0:
        return
    section: dict[str, Any] = {"gpu": _fastdeploy_form(ch, tree)}
    xpu = ch.integer(0, 2)
    if xpu == 1:
        section["xpu"] = "gpu"
    elif xpu == 2:
        section["xpu"] = _fastdeploy_form(ch, tree)
    tree["fastdeploy"] = section


def _fastdeploy_form(ch: Chooser, tree: dict[str, Any]) -> dict[str, Any]:
    """Every tensor the caller must pass and every attribute without a default,
    some optional tensors and defaulted attributes, in any order; some under
    another name, some arguments FastDeploy passes that the op does not use;
    a return of nothing, one written tensor or a list of them."""
    tensors, attrs = tree["tensors"], tree.get("attrs", [])
    required = [
        t["name"] for t in tensors if t["role"] in ("in", "inout") and not t.get("optional")
    ]
    required += [a["name"] for a in attrs if "default" not in a]
    extra = [t["name"] for t in tensors if t.get("optional")]
    extra += [a["name"] for a in attrs if "default" in a]
    passed = required + [name for name in extra if ch.integer(0, 1)]
    # An optional tensor a passed attribute (or a default) can make required.
    defaults = {a["name"]: a.get("default") for a in attrs}
    for t in tensors:
        for attr, values in t.get("required_when", {}).items():
            if t["name"] not in passed and (attr in passed or defaults[attr] in values):
                passed.append(t["name"])
    ints = {a["name"] for a in attrs if a["type"] in ("int", "int64")}

    def arg(i: int, name: str) -> Any:
        renamed = f"fd{i}_{name}"[: names.MAX_NAME_CHARS]
        how = ch.integer(0, 3)
        if how == 0:
            return {renamed: name}
        if how == 1 and name in ints:  # the value in a one-element tensor
            return {renamed: {"value_of": name}}
        return name

    args: list[Any] = [arg(i, name) for i, name in enumerate(passed)]
    unused = {f"unused{i}": f"drawn unused argument {i}" for i in range(ch.integer(0, 2))}
    args += list(unused)
    for i in range(len(args) - 1, 0, -1):  # shuffle
        j = ch.integer(0, i)
        args[i], args[j] = args[j], args[i]
    form: dict[str, Any] = {"args": args}
    if unused:
        form["unused"] = unused
    written = [
        t["name"]
        for t in tensors
        if t["role"] == "out" or (t["role"] == "inout" and t["name"] in passed)
    ]
    how = ch.integer(0, 2)
    if how == 1 and written:
        form["returns"] = choice(ch, written)
    elif how == 2 and written:
        form["returns"] = [name for name in written if ch.integer(0, 1)] or written[:1]
    return form


def _value_dim(
    ch: Chooser, dims: list[str], dim_entries: dict[str, Any], tensors: list[dict[str, Any]]
) -> None:
    """Sometimes a dim read from a [1] input's value (`value_of:`), bounded by
    an expression over the shape-bound dims, sizing one axis of a new output
    or scratch tensor (drawn last: the rest of the spec is as without it)."""
    counts = {t.get("rows") for t in tensors}
    made = [
        t
        for t in tensors
        if t["role"] in ("out", "scratch")
        and t["name"] not in counts
        and len(t["shape"]) < MAX_RANK
    ]
    if not made or ch.integer(0, 2) != 0:
        return
    name = _name(ch, "v", len(dim_entries))
    source = _tensor(ch, len(tensors), "in", [1], None)
    source["dtype"] = choice(ch, ["int32", "int64"])
    if ch.integer(0, 2) == 0:
        source["host"] = True
    d = choice(ch, dims)
    bound = choice(ch, [d, f"2 * {d} + 1", f"{d} * {choice(ch, dims)}", 5])
    dim_entries[name] = {"doc": "the value of a tensor", "value_of": source["name"], "max": bound}
    sized = choice(ch, made)
    shape = sized["shape"]
    # Inserted (no other dim loses a use), after axis 0 of a `rows:` output.
    axis = ch.integer(1 if sized.get("rows") else 0, len(shape))
    sized["shape"] = [*shape[:axis], choice(ch, [name, f"{name} + 1"]), *shape[axis:]]
    tensors.insert(ch.integer(0, len(tensors)), source)


def _at_least_one(attr: dict[str, Any]) -> str:
    """An int attribute raised to at least 1 (its default with it); its name."""
    attr["min"] = max(attr.get("min", 1), 1)
    if "default" in attr:
        attr["default"] = max(attr["default"], 1)
    return str(attr["name"])


def _int_list(ch: Chooser, attr: dict[str, Any], has_default: bool) -> None:
    """An int list's bounds (an int64 list's past int32), each present or not,
    and a default inside them."""
    wide = attr["type"] == "int64_list"
    low = choice(ch, [None, 0, -3, -(2**63) if wide else -(2**31)])
    high = choice(ch, [None, 5, 2**62 if wide else 2**31 - 1])
    shortest = choice(ch, [None, 0, 1, 2])
    longest = choice(ch, [None, 2, 6])
    if low is not None:
        attr["min"] = low
    if high is not None:
        attr["max"] = high
    if shortest is not None:
        attr["min_length"] = shortest
    if longest is not None:
        attr["max_length"] = longest
    if has_default:
        element = min(max(0, low if low is not None else 0), high if high is not None else 0)
        attr["default"] = [element] * (shortest or 0)


def _tensor(
    ch: Chooser, index: int, role: str, shape: list[Any], dtype_set: list[str] | None
) -> dict[str, Any]:
    dtype = "T" if dtype_set is not None and ch.integer(0, 2) == 0 else choice(ch, DTYPES)
    return {
        "name": _name(ch, "t", index),
        "dtype": dtype,
        "shape": shape or [1],
        "role": role,
        "doc": f"tensor {index}",
    }
