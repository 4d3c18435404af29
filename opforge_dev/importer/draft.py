"""Layer 4 of `opforge-dev import`: a reader's findings written as the
sections of a draft spec (opforge_dev/templates/op.yaml.tmpl): each field the
source states, with a comment saying where, and TODO, with a comment saying
what was read, where it does not."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from opforge_dev.importer.facts import AttrDraft, Draft, Fact, Made
from opforge_dev.importer.reader import OpReader
from opforge_dev.importer.vocabulary import TODO


@dataclass(frozen=True)
class Value:
    """A field of the draft: its YAML (TODO where the source does not say it)
    and the comment saying what was read."""

    yaml: str
    note: str = ""

    @property
    def todo(self) -> bool:
        return self.yaml == TODO


SET_NAME = "T"
_ORDER = ["bool", "int32", "int64", "float32", "float16", "bfloat16"]  # codegen.model.DType


class Drafter:
    """A reader's findings as the sections of a spec (opforge_dev/templates/op.yaml.tmpl)."""

    def __init__(self, reader: OpReader) -> None:
        self.r = reader
        self.dtypes: dict[str, Value] = {}
        self.dtype_set: tuple[list[str], str] | None = None  # members, where from
        self.checks: list[str] = []  # what the draft decided without seeing all it needs
        self.resolve_dtypes()

    # ---- dtypes

    def facts(self, key: str, seen: frozenset[str] = frozenset()) -> list[Fact]:
        """A tensor's dtype facts, with "like tensor x" replaced by x's own."""
        draft = self.r.drafts.get(key)
        if draft is None or key in seen:
            return []
        out: list[Fact] = []
        for f in draft.dtypes:
            if f.value.startswith("="):
                for g in self.facts(f.value[1:], seen | {key}):
                    how = f"{f.how} ({g.how}, {g.where})"
                    out.append(Fact(g.value, f.line, how, g.group, g.branch or f.branch, f.file))
            else:
                out.append(f)
        return out

    def resolve_dtypes(self) -> None:
        sets: dict[str, tuple[list[str], str, list[str]]] = {}  # tensor -> members, from, dropped
        for draft in self.r.tensors:
            facts = _by_branch([f for f in self.facts(draft.name) if not f.value.startswith("?")])
            unread = [f for f in self.facts(draft.name) if f.value.startswith("?")]
            varying = [f for f in facts if f.group]
            fixed = [f for f in facts if not f.group]
            if draft.problem:
                self.dtypes[draft.name] = Value(TODO, f"could not read: {draft.problem}")
            elif not facts:
                why = (
                    f"{unread[0].how} ({unread[0].where}) names a type import does not resolve"
                    if unread
                    else self.r.blind
                    or "the source reads no data<T>() of it and makes it with no dtype"
                )
                self.dtypes[draft.name] = Value(TODO, f"could not read: {why}")
            elif varying:
                members = list(dict.fromkeys(f.value for f in varying))
                groups = list(dict.fromkeys(f.group for f in varying))
                clash = [f for f in fixed if f.value not in members]
                if clash:
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {clash[0].how} ({clash[0].where}) is one type, "
                        f"{varying[0].how} ({varying[0].where}) varies with {groups[0]}",
                    )
                    continue
                supported = sorted((m for m in members if not m.startswith("!")), key=_ORDER.index)
                dropped = [m[1:] for m in members if m.startswith("!")]
                sets[draft.name] = (supported, "; ".join(groups), dropped)
            else:
                values = list(dict.fromkeys(f.value for f in fixed))
                first = fixed[0]
                if len(values) > 1:
                    other = next(f for f in fixed if f.value != first.value)
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {first.how} ({first.where}) and {other.how} "
                        f"({other.where}) disagree",
                    )
                elif values[0].startswith("!"):
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {values[0][1:]} ({first.how}, {first.where}) "
                        "has no spec dtype",
                    )
                else:
                    self.dtypes[draft.name] = Value(values[0], f"{first.how}, {first.where}")
        # The op's one dtype set: the one most tensors vary over.
        if not sets:
            return
        count: dict[tuple[str, ...], int] = {}
        for members, _, _ in sets.values():
            if members:  # a set of dtypes the spec has none of is no candidate
                count[tuple(members)] = count.get(tuple(members), 0) + 1
        chosen = max(count, key=lambda m: count[m]) if count else ()
        for name, (members, origin, dropped) in sets.items():
            if not members:
                self.dtypes[name] = Value(
                    TODO, f"could not read: {origin} ranges over {', '.join(dropped)} only"
                )
            elif tuple(members) != chosen:
                self.dtypes[name] = Value(
                    TODO,
                    f"could not read: it varies over {', '.join(members)} ({origin}), a second "
                    "dtype set (a spec has one)",
                )
            else:
                self.dtypes[name] = Value(SET_NAME, f"varies with {origin}")
                if self.dtype_set is None:
                    note = origin + (
                        f"; its {', '.join(dropped)} has no spec dtype" if dropped else ""
                    )
                    self.dtype_set = (list(chosen), note)

    # ---- shapes

    def shape(self, draft: Draft, seen: frozenset[str] = frozenset()) -> list[Value]:
        """One Value per axis (TODO where unread)."""
        if draft.problem:
            return [Value(TODO, f"could not read: {draft.problem}")]
        if not draft.output:
            if not draft.axes:
                why = self.r.blind or "the source reads no shape()/dims() of it"
                return [Value(TODO, f"could not read: {why}")]
            return [
                Value(draft.axes[k].value, f"{draft.axes[k].how}, {draft.axes[k].where}")
                if k in draft.axes
                else Value(
                    TODO,
                    f"could not read: axis {k} (the source reads "
                    f"{'axes' if len(draft.axes) > 1 else 'axis'} "
                    f"{', '.join(map(str, sorted(draft.axes)))})",
                )
                for k in range(max(draft.axes) + 1)
            ]
        made = self.made_shape(draft.made, seen | {draft.name}) if draft.made else None
        inferred: list[Value] | None = None
        if draft.shape_from is not None:
            inferred = [self.entry(f.value, f"{f.how}, {f.where}") for f in draft.shape_from]
        elif draft.like_from:
            like = self.r.drafts.get(draft.like_from)
            inferred = self.shape(like, seen | {draft.name}) if like else None
        options = [s for s in (made, inferred) if s]
        for option in options:
            if not any(v.todo for v in option):
                other = inferred if option is made else None
                yamls = [v.yaml for v in other or []]
                if other and TODO not in yamls and yamls != [v.yaml for v in option]:
                    said = ", ".join(v.yaml for v in other)
                    note = f"{option[0].note}; the infer-shape function says [{said}]"
                    return [Value(option[0].yaml, note), *option[1:]]
                return option
        if options:
            return options[0]
        why = self.r.blind or (
            "the kernel makes it with no shape import reads, and no infer-shape function says it"
        )
        return [Value(TODO, f"could not read: {why}")]

    def made_shape(self, made: Made, seen: frozenset[str]) -> list[Value] | None:
        how = f"{made.how}(...), {made.where}"
        if made.shape is not None:
            return [self.entry(e, how) for e in made.shape]
        like = self.r.drafts.get(made.like)
        if like is None or made.like in seen:
            return None
        return [
            Value(v.yaml, f"{how}: {v.note}" if not v.todo else v.note)
            for v in self.shape(like, seen)
        ]

    def entry(self, expr: str, how: str) -> Value:
        if expr.startswith(f"{TODO}:"):
            return Value(TODO, f"could not read: {expr[len(TODO) + 1 :]} ({how})")
        for ref in re.findall(r"[A-Za-z_]\w*", expr):
            if ref not in self.r.dims:
                value = self.r.value_sizes.get(ref)
                why = (
                    f"'{expr}': {ref} is the value of the tensor {value[0]}, which the kernel "
                    "also reads as a tensor"
                    if value
                    else f"'{expr}': {ref} is no dim"
                )
                return Value(TODO, f"could not read: {why} ({how})")
        return Value(expr, how)

    # ---- the sections

    def sections(self) -> dict[str, str]:
        r = self.r
        tensors = [(t, self.shape(t)) for t in r.tensors]
        used = {
            ref for _, shape in tensors for v in shape for ref in re.findall(r"[a-z_]\w*", v.yaml)
        }
        dims = [d for d in r.dims.values() if d.name in used]
        lines = ["dims:"] if dims else ["dims: {}  # none: the source reads no sizes"]
        for d in dims:
            doc = f"TODO, what it counts ({d.how})"
            if d.attr:
                lines.append(f"  {d.name}: {{doc: {_scalar(doc, flow=True)}, attr: {d.attr}}}")
            else:
                lines.append(f"  {d.name}: {_scalar(doc)}")
        dims_text = "\n".join(lines)

        if self.dtype_set is not None:
            members, origin = self.dtype_set
            dtype_sets = f"dtype_sets:\n  {SET_NAME}: [{', '.join(members)}]" + comment(origin)
        else:
            dtype_sets = "dtype_sets: {}  # none: each tensor has one element type in the source"

        lines = ["tensors:"]
        for t, shape in tensors:
            lines += self.tensor_lines(t, shape)
        tensors_text = "\n".join(lines)

        attrs = [*r.attrs, *r.env_attrs]
        lines = ["attrs:"] if attrs else ["attrs: []  # none in the source"]
        for a in attrs:
            lines += _attr_lines(a)
        attrs_text = "\n".join(lines)

        swept = [d.name for d in dims if not d.attr]
        sweep = "\n".join(f"#   {name}: [...]" for name in swept) or "#   (no dim to sweep)"
        return {
            "dims": dims_text,
            "dtype_sets": dtype_sets,
            "tensors": tensors_text,
            "attrs": attrs_text,
            "sweep": sweep,
        }

    def role(self, t: Draft) -> tuple[str, str]:
        """A tensor's role and the comment saying why. In place (inout) when the
        inplace map pairs it or the file writes through a pointer to it; a
        writable pointer alone (a const_cast, mutable_data) is no write: engines
        const_cast inputs they only read, to hand them to APIs taking non-const
        pointers, and the spec's inout promises the kernels may write it. A
        pointer handed to code outside the file (a plugin) may be written
        through where import cannot see: the role stays `in`, and the author
        is asked to check it (``checks``)."""
        cast = t.casts[0] if t.casts else None
        pointer = f"{cast.how}, {cast.where}, is a writable pointer to it" if cast else ""
        if t.output:
            return "out", f".Outputs, {t.where}"
        if t.inplace is not None:
            note = f"the inplace map pairs it with {t.inplace.value} ({t.inplace.where})"
            if not t.written and cast is None:
                # FastDeploy pairs inputs it never writes (to return them).
                note += (
                    "; import saw no write through it (no assignment through a pointer to "
                    "it, no const_cast or mutable_data): `role: in` if the kernels only read it"
                )
            return "inout", note
        if t.written:
            w = t.written[0]
            return "inout", (
                f"written: {w.how}, {w.where} (the source's inplace map does not list it)"
            )
        if cast is not None:
            self.checks.append(
                f"{t.name} kept `role: in`: {pointer}, but import saw no write through "
                "it in the file; make it `role: inout` if code outside the file (a plugin, "
                "a library call) writes through it"
            )
            return "in", (
                f"{pointer}, but import saw no write through it in the file: `role: "
                "inout` if code outside the file (a plugin, a library call) writes through it"
            )
        return "in", f".Inputs, {t.where}"

    def tensor_lines(self, t: Draft, shape: list[Value]) -> list[str]:
        name = t.name
        problem = name_problem(name)
        lines = [
            f"  - name: {name}"
            if problem is None
            else f"  - name: {TODO}" + comment(f"could not use {quoted(name)}: {problem}")
        ]
        dtype = self.dtypes.get(name, Value(TODO, "could not read"))
        lines.append(f"    dtype: {dtype.yaml}" + comment(dtype.note))
        yaml = "[" + ", ".join(v.yaml for v in shape) + "]"
        todo = [v.note for v in shape if v.todo]
        notes = todo or list(dict.fromkeys(v.note for v in shape))
        lines.append(f"    shape: {yaml}" + comment("; ".join(notes)))
        role, note = self.role(t)
        lines.append(f"    role: {role}" + comment(note))
        if t.optional:
            lines.append("    optional: true" + comment(t.optional_how))
        if t.host_hint:
            lines.append("    " + comment(t.host_hint).lstrip())
        lines.append(f"    doc: {_scalar('TODO, what it holds')}")
        return lines


def _by_branch(facts: list[Fact]) -> list[Fact]:
    """A tensor's dtype facts, those read in branches over a dtype varying with
    those branches where they differ between them (``x.data<data_t>()`` in each
    case of a switch over ``x.dtype()``, with ``data_t`` the case's type), and
    fixed where they do not (``ids.data<int64_t>()`` in every case)."""
    values: dict[str, set[str]] = {}
    for f in facts:
        if f.branch and not f.group:
            values.setdefault(f.branch, set()).add(f.value)
    return [
        replace(f, group=f.branch) if f.branch and not f.group and len(values[f.branch]) > 1 else f
        for f in facts
    ]


def _attr_lines(a: AttrDraft) -> list[str]:
    problem = name_problem(a.name) if a.name != TODO else "the source gives no usable name"
    head = f"  - name: {a.name}" if problem is None else f"  - name: {TODO}"
    lines = [
        head
        + comment(
            a.how if problem is None else f"could not use {quoted(a.name)}: {problem}; {a.how}"
        )
    ]
    type_note = f"could not read: {a.why}" if a.type == TODO else ""
    lines.append(f"    type: {a.type}" + comment(type_note))
    if a.default:
        note = f"could not read: {a.why}" if a.default == TODO and a.why else ""
        lines.append(f"    default: {a.default}" + comment(note))
    if a.min:
        lines.append(f"    min: {a.min}" + comment("a size"))
    lines.append(f"    doc: {_scalar(a.doc)}")
    return lines


def name_problem(name: str) -> str | None:
    from codegen import names

    return names.name_problem(name)


def quoted(text: str) -> str:
    """A name from the source as a comment quotes it (printable, cut)."""
    shown = repr(text[:60])
    return shown if shown.isprintable() else ascii(text[:60])


def comment(text: str) -> str:
    """A YAML end-of-line comment: printable ASCII on one line, cut."""
    if not text:
        return ""
    clean = "".join(c if c.isprintable() and c.isascii() else "?" for c in text)
    return "  # " + (clean if len(clean) <= 300 else clean[:297] + "...")


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_ .,()'/-]*")


def _scalar(text: str, flow: bool = False) -> str:
    """Free text as a YAML scalar: plain where it safely reads so, else quoted."""
    if _PLAIN.fullmatch(text) and not (flow and "," in text) and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=True)
