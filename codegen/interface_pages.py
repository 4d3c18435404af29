"""The op interface pages: one Markdown page per spec (docs/interface/<op>.md) and an
index, generated beside the hand-written contract pages (docs/ops/<op>.md),
and the JSON Schema of the spec language (docs/opspec.schema.json).

The pages say what the spec says, in the terms a caller and a kernel author
need: each tensor's dtype, shape, role, memory, presence and value domain,
each attribute's type, default and bounds, each dim and what binds it at call
time, and the Python signature. The views below build every spelling; the
templates (interface*.md.j2) only substitute, and every free text a spec wrote
goes through escape.markdown.

`python -m codegen` writes them with generated/ for the repository's own
specs, and `--check` compares them, so CI holds them current.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jinja2

from codegen import api, schema
from codegen.cpp import shape_text
from codegen.escape import markdown
from codegen.model import (
    Attr,
    AttrType,
    Bound,
    Dim,
    DimExpr,
    DTypeVar,
    Op,
    Role,
    Tensor,
    Values,
)

_TEMPLATES = Path(__file__).parent / "templates"
_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(_TEMPLATES),
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
    autoescape=False,
)
_env.filters["md"] = markdown

INTERFACE_DIR = "interface"  # under docs/
CONTRACT_DIR = "ops"  # the hand-written pages, under docs/
SCHEMA_FILE = "opspec.schema.json"  # under docs/

_ROLE_TEXT = {
    Role.INPUT: "in",
    Role.INOUT: "in place",
    Role.OUTPUT: "out (new)",
    Role.SCRATCH: "scratch",
}


@dataclass(frozen=True)
class TensorRow:
    name: str
    role: str
    dtype: str
    shape: str
    memory: str
    presence: str
    values: str  # the value domain of an argument, in words ("" if none)
    after: str  # what it holds after the call ("" if not declared)
    doc: str


@dataclass(frozen=True)
class AttrRow:
    name: str
    type: str
    default: str
    bounds: str
    doc: str


@dataclass(frozen=True)
class DimRow:
    name: str
    bound_by: str
    bounds: str
    sweep: str
    doc: str


@dataclass(frozen=True)
class PageView:
    name: str
    doc: str
    summary: str  # the doc's first sentence
    source: str
    kernels: str
    contract: str  # relative link to the hand-written page ("" if there is none yet)
    signature: str  # the Python function, one parameter per line
    returns: str
    dtype_set: str  # "T: float32, float16 or bfloat16" ("" if none)
    tensors: tuple[TensorRow, ...]
    attrs: tuple[AttrRow, ...]
    dims: tuple[DimRow, ...]
    reference: str
    forms: tuple[
        str, ...
    ] = ()  # per tensor with shape alternatives: how the kernels learn its form
    # Per FastDeploy backend: its call (opforge.fastdeploy.<backend>), a note
    # on each parameter named otherwise or not used, and the return.
    fastdeploy: tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...] = ()


def _expr(e: DimExpr | Bound) -> str:
    return e.render() if not isinstance(e, (int, float)) else repr(e)


def _words(items: list[str], last: str = "or") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def values_text(v: Values) -> str:
    """A value domain in words: `>= 0`, `<= max_step_tokens`, ..."""
    parts = []
    if v.min is not None:
        parts.append(f">= {_expr(v.min)}")
    if v.above is not None:
        parts.append(f"> {v.above!r}")
    if v.max is not None:
        parts.append(f"<= {_expr(v.max)}")
    if v.prefix_sum_of is not None:
        ends = f", ending at {v.total}" if v.total else ""
        parts.append(f"prefix sums of {v.prefix_sum_of} ([0, s0, s0+s1, ...]{ends})")
    elif v.total is not None:
        parts.append(f"summing to {v.total}")
    if v.probability_rows:
        parts.append("rows of probabilities (each in [0, 1], summing to <= 1)")
    hints = []
    if v.sample is not None:
        hints.append(f"drawn from [{_expr(v.sample[0])}, {_expr(v.sample[1])}]")
    if v.density is not None:
        hints.append(f"density {v.density!r}")
    text = " and ".join(parts)
    if hints:
        text += ("; " if text else "") + "tests: " + ", ".join(hints)
    return text


def _presence(op: Op, t: Tensor) -> str:
    if t.role is Role.SCRATCH:
        return "made by the glue" + (
            f", uniform draws seeded by {t.fill.seed_attr}" if t.fill else ""
        )
    if t.role is Role.OUTPUT and t.rows is not None:
        return (
            f"made by the glue at the declared shape; returned cut to the first "
            f"{t.rows}[0] rows, which the kernel writes (a view)"
        )
    if t.role is Role.OUTPUT:
        return "made by the glue, returned"
    sizes = [d.name for d in op.dims if d.value_of == t.name]
    if sizes:
        return (
            f"required, [1] or 0-D; its value is dim {_words(sizes)}, read on the host before anything "
            "is allocated (refused outside the dim's bounds)"
        )
    if not t.optional:
        return "required"
    if not t.required_when:
        return "optional (None)"
    conditions = []
    for c in t.required_when:
        spelled = [str(v).lower() if isinstance(v, bool) else str(v) for v in c.values]
        conditions.append(f"{c.attr} is {_words(spelled)}")
    return "optional (None); required when " + " or ".join(conditions)


def _dtype(t: Tensor) -> str:
    return t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.value


def tensor_row(op: Op, t: Tensor) -> TensorRow:
    return TensorRow(
        name=t.name,
        role=_ROLE_TEXT[t.role],
        dtype=_dtype(t),
        shape=(
            " or ".join(f"{shape_text(shape)} (form {k})" for k, shape in enumerate(t.forms))
            if t.forms
            else shape_text(t.shape)
            + (f" or {shape_text(t.shape)[:-1]}, 1]" if t.unit_axis else "")
        ),
        memory="host, always" if t.host else "the op's place",
        presence=_presence(op, t),
        values=values_text(t.values),
        after=values_text(t.after),
        doc=t.doc,
    )


def _number(value: int | float | bool | str | tuple[int, ...]) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def attr_row(a: Attr) -> AttrRow:
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        members = ", ".join(f"{m} = {v}" for m, v in a.enum.members)
        type_text = f"enum {a.enum.name} ({members})"
    else:
        type_text = a.type.value
    bounds = []
    if a.min is not None:
        bounds.append(f">= {a.min!r}")
    if a.max is not None:
        bounds.append(f"<= {a.max!r}")
    if a.at_most is not None:
        bounds.append(f"<= {a.at_most.render()} (checked per call)")
    text = " and ".join(bounds)
    if a.is_list:
        text = f"each element {text}" if text else ""
        lengths = [
            f"{label} {value}"
            for label, value in (("length >=", a.min_length), ("length <=", a.max_length))
            if value is not None
        ]
        text = "; ".join(part for part in (text, " and ".join(lengths)) if part)
    default = _number(a.default) if a.default is not None else "required"
    if a.env is not None:
        default = f"from ${a.env} when not passed (read at each call), else {default}"
    return AttrRow(
        name=a.name,
        type=type_text,
        default=default,
        bounds=text,
        doc=a.doc,
    )


def dim_row(op: Op, d: Dim) -> DimRow:
    if d.from_attr is not None:
        listed = op.attr(d.from_attr).is_list
        bound_by = f"{'the length of ' if listed else ''}attribute {d.from_attr}"
    elif d.value_of is not None:
        # Read by the glue on the host, checked against max before any allocation.
        bound_by = f"the value of {d.value_of} (read when called; -1 in a static graph)"
    else:
        # Tensors that may bind it, up to the first that is always present.
        binders = []
        for t in op.arguments:
            if t.binds_at(d.name) is not None:
                binders.append(f"{t.name}.shape[{t.binds_at(d.name)}]")
            elif t.forms and t.binds(d.name):
                axes = ", ".join(
                    f"[{t.form_axis(k, d.name)}] in form {k}" for k in range(len(t.forms))
                )
                binders.append(f"{t.name}.shape{axes}")
            else:
                continue
            if not t.optional:
                break
        bound_by = (
            ""
            if not binders
            else binders[0]
            if len(binders) == 1
            else "the first present of " + ", ".join(binders)
        )
    totals = [
        (f"the last element of {t.name}" if t.values.prefix_sum_of else f"the sum of {t.name}")
        for t in op.tensors
        if t.values.total == d.name
    ]
    if totals:
        bound_by += ("; " if bound_by else "") + f"equals {totals[0]}"
    bounds = []
    if d.min is not None:
        bounds.append(f">= {d.min.render()}")
    if d.max is not None:
        bounds.append(f"<= {d.max.render()}")
    sweep = dict(op.sweep).get(d.name, ())
    return DimRow(
        name=d.name,
        bound_by=bound_by,
        bounds=" and ".join(bounds),
        sweep=", ".join(e.render() for e in sweep),
        doc=d.doc,
    )


def _signature(op: Op) -> str:
    sig = api.python(op)
    params = []
    for p in sig.params:
        if p.keyword_only and "    *" not in params:
            params.append("    *")
        params.append(f"    {p.name}: {p.type.spelling}" + (f" = {p.default}" if p.default else ""))
    outputs = op.outputs
    returns = (
        "paddle.Tensor"
        if len(outputs) == 1
        else "tuple[" + ", ".join("paddle.Tensor" for _ in outputs) + "]"
    )
    body = ",\n".join(params)
    return (
        f"opforge.{op.name}(\n{body},\n) -> {returns}"
        if params
        else f"opforge.{op.name}() -> {returns}"
    )


def _returns(op: Op) -> str:
    parts = []
    for t in op.outputs:
        how = "the tensor passed in, updated in place" if t.role is Role.INOUT else "a new tensor"
        if t.rows is not None:
            how += (
                f": the first {t.rows}[0] of its {t.shape[0].render()} rows, those the kernel wrote"
            )
        parts.append(f"{t.name} ({how})")
    return _words(parts, "and") if parts else "nothing"


def _fastdeploy(op: Op) -> tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...]:
    rows = []
    for form in op.fastdeploy:
        params = ", ".join(a.name for a in form.args)
        call = f"opforge.fastdeploy.{form.backend}.{op.name}({params})"
        if not form.returns:
            returns = "None"
        elif form.returns_list:
            returns = "[" + ", ".join(form.returns) + "] (a list)"
        else:
            returns = f"{form.returns[0]} (the tensor)"
        notes = tuple(
            (a.name, f"passed by FastDeploy and not used: {a.unused}")
            if a.source is None
            else (a.name, f"a one-element int32 or int64 tensor holding the attribute {a.source}")
            if a.value_of_tensor
            else (a.name, f"the spec's {a.source}")
            for a in form.args
            if a.source != a.name or a.value_of_tensor
        )
        rows.append((form.backend, call, notes, returns))
    return tuple(rows)


def page_view(op: Op, contract_exists: bool) -> PageView:
    var = op.dtype_vars[0] if op.dtype_vars else None
    return PageView(
        name=op.name,
        doc=op.doc,
        summary=op.doc.split(". ")[0].rstrip(".") + "." if op.doc else "",
        source=op.source,
        kernels=", ".join(op.kernels),
        contract=f"../{CONTRACT_DIR}/{op.name}.md" if contract_exists else "",
        signature=_signature(op),
        returns=_returns(op),
        dtype_set=f"{var.name}: {_words([d.value for d in var.choices])}" if var else "",
        tensors=tuple(tensor_row(op, t) for t in op.tensors),
        forms=tuple(
            f"{t.name} comes in one of its shapes, told apart by rank; the kernels get "
            f"{t.form_field} (int32, after the dims): "
            + _words([f"{k} for {shape_text(shape)}" for k, shape in enumerate(t.forms)], "and")
            + "."
            for t in op.tensors
            if t.forms
        ),
        attrs=tuple(attr_row(a) for a in op.attrs),
        dims=tuple(dim_row(op, d) for d in op.dims),
        reference=op.reference or "",
        fastdeploy=_fastdeploy(op),
    )


def render(ops: list[Op], docs: Path) -> dict[str, str]:
    """Every generated documentation file, relative to ``docs`` (docs/): the
    pages, their index and the schema."""
    pages = [page_view(op, (docs / CONTRACT_DIR / f"{op.name}.md").is_file()) for op in ops]
    files = {
        f"{INTERFACE_DIR}/{page.name}.md": _env.get_template("interface.md.j2").render(op=page)
        for page in pages
    }
    files[f"{INTERFACE_DIR}/README.md"] = _env.get_template("interface_index.md.j2").render(
        pages=pages, schema=SCHEMA_FILE
    )
    files[SCHEMA_FILE] = json.dumps(schema.spec_schema(), indent=2, ensure_ascii=False) + "\n"
    return files


def sync(docs: Path, files: dict[str, str], write: bool) -> tuple[list[str], list[str]]:
    """Bring ``docs`` up to date with ``files`` (or, with write=False, only
    compare): (changed, stale) paths relative to it. Stale: a page under
    interface/ that no spec generates any more."""
    changed = []
    for path, text in sorted(files.items()):
        target = docs / path
        try:
            if target.read_text(encoding="utf-8") == text:
                continue
        except (FileNotFoundError, UnicodeDecodeError):
            pass
        changed.append(path)
        if write:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(target)
    on_disk = (
        {p.relative_to(docs).as_posix() for p in (docs / INTERFACE_DIR).glob("*.md")}
        if (docs / INTERFACE_DIR).is_dir()
        else set()
    )
    stale = sorted(on_disk - files.keys())
    if write:
        for path in stale:
            (docs / path).unlink()
    return changed, stale


__all__ = ["page_view", "render", "sync", "values_text"]
