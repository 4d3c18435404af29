"""Layer 3 of `opforge-dev import` (inferring the model): one op registered
in several files, its GPU and XPU sources (``opforge-dev import gpu.cu
xpu.cc``), read as one. The registrations must declare the same arguments
(inputs, outputs, attributes, in order; an error names each side's file and
line where they differ); what each file tells is then united: the dtypes its
tensors are read as (so dtype sets unite), the inplace map, the writes, the
dims (named as the first file names them) and the shapes, the environment
variables. Each finding keeps its file and line (``gpu.cu:12``)."""

from __future__ import annotations

import re

from opforge_dev.importer.declaration import Item
from opforge_dev.importer.facts import AttrDraft, Draft
from opforge_dev.importer.reader import OpReader
from opforge_dev.importer.vocabulary import TODO, name_ok


def reconcile(readers: list[OpReader]) -> list[str]:
    """Where the registrations' arguments differ from the first's: one error
    each, naming the op, the argument and both sides' file:line."""
    errors: list[str] = []
    first = readers[0]
    for other in readers[1:]:
        for what, mine, theirs in (
            ("input", first.reg.inputs, other.reg.inputs),
            ("output", first.reg.outputs, other.reg.outputs),
        ):
            error = _compare_items(first, other, what, mine, theirs)
            if error:
                errors.append(error)
        error = _compare_attrs(first, other)
        if error:
            errors.append(error)
        errors += _compare_inplace(first, other)
    return errors


def merge(readers: list[OpReader]) -> OpReader:
    """The first reader, with what the others read united into it (their
    arguments reconciled first)."""
    into = readers[0]
    for other in readers[1:]:
        _merge(into, other)
    return into


# ---------------------------------------------------------------- the arguments


def _compare_items(
    a: OpReader, b: OpReader, what: str, mine: list[Item], theirs: list[Item]
) -> str:
    """The first difference between two lists of .Inputs or .Outputs (the
    ones after it follow from it)."""

    def shown(item: Item | None, reader: OpReader, items: list[Item]) -> str:
        if item is None:
            return f"absent at {reader.at(reader.reg.line)} ({len(items)} {what}s)"
        return f"{'optional ' if item.optional else ''}'{item.name}' at {reader.at(item.line)}"

    for k in range(max(len(mine), len(theirs))):
        x = mine[k] if k < len(mine) else None
        y = theirs[k] if k < len(theirs) else None
        if x is None or y is None or (x.name, x.optional) != (y.name, y.optional):
            return (
                f"op {a.reg.op}: {what} {k + 1} is {shown(x, a, mine)} but "
                f"{shown(y, b, theirs)}; the registrations must declare the same {what}s, "
                "in the same order"
            )
    return ""


def _compare_attrs(a: OpReader, b: OpReader) -> str:
    def shown(attr: AttrDraft | None, reader: OpReader) -> str:
        if attr is None:
            return f"absent at {reader.at(reader.reg.line)} ({len(reader.attrs)} attributes)"
        return f"'{attr.name}: {attr.type}' at {reader.at(attr.line)}"

    for k in range(max(len(a.attrs), len(b.attrs))):
        x = a.attrs[k] if k < len(a.attrs) else None
        y = b.attrs[k] if k < len(b.attrs) else None
        if x is None or y is None or (x.name, x.type) != (y.name, y.type):
            return (
                f"op {a.reg.op}: attribute {k + 1} is {shown(x, a)} but {shown(y, b)}; the "
                "registrations must declare the same attributes, in the same order"
            )
    return ""


def _compare_inplace(a: OpReader, b: OpReader) -> list[str]:
    """Pairs the two inplace maps give differently (one side pairing an input
    the other leaves unpaired is no difference: the maps unite)."""
    errors = []
    outputs_a = {out.name: name for name, out in a.reg.inplace.items()}
    for name, out in b.reg.inplace.items():
        mine = a.reg.inplace.get(name)
        if mine is not None and mine.name != out.name:
            errors.append(
                f"op {a.reg.op}: the inplace map pairs '{name}' with '{mine.name}' at "
                f"{a.at(mine.line)} but with '{out.name}' at {b.at(out.line)}"
            )
        elif mine is None and outputs_a.get(out.name, name) != name:
            errors.append(
                f"op {a.reg.op}: the inplace map pairs '{out.name}' with "
                f"'{outputs_a[out.name]}' at {a.at(a.reg.inplace[outputs_a[out.name]].line)} "
                f"but with '{name}' at {b.at(out.line)}"
            )
    return errors


# ---------------------------------------------------------------- what each file tells


def _merge(a: OpReader, b: OpReader) -> None:
    b.rename_dims(_dim_names(a, b))
    paired = {d.inplace.value for d in (*a.tensors, *b.tensors) if d.inplace is not None}
    tensors: dict[str, Draft] = {}
    for name, mine in a.drafts.items():
        if "@" in name:
            continue
        theirs = b.drafts.get(name)
        if mine.output and name in paired:
            continue  # the other file's inplace map pairs it with an input
        if theirs is not None:
            _merge_tensor(a, mine, theirs)
        tensors[name] = mine
    locals_ = {k: d for r in (a, b) for k, d in r.drafts.items() if "@" in k}
    a.drafts = {**tensors, **locals_}
    for dim, d in b.dims.items():
        a.dims.setdefault(dim, d)
    for at, dim in b.dim_of.items():
        a.dim_of.setdefault(at, dim)
    a.value_sizes = {**b.value_sizes, **a.value_sizes}
    names = {attr.name for attr in a.env_attrs}
    a.env_attrs += [attr for attr in b.env_attrs if attr.name not in names]
    a.problems += b.problems
    a.blind = "; ".join(r.blind for r in (a, b)) if a.blind and b.blind else ""


def _merge_tensor(a: OpReader, mine: Draft, theirs: Draft) -> None:
    if theirs.optional and not mine.optional:
        mine.optional, mine.optional_how = True, theirs.optional_how
    mine.inplace = mine.inplace or theirs.inplace
    mine.written += theirs.written
    mine.casts += theirs.casts
    mine.dtypes += theirs.dtypes
    mine.problem = mine.problem or theirs.problem
    mine.host_hint = mine.host_hint or theirs.host_hint
    for axis, fact in theirs.axes.items():
        held = mine.axes.setdefault(axis, fact)
        if held.value != fact.value:
            a.problems.append(
                f"{mine.name}.shape[{axis}]: {held.where} reads it as {held.value}, "
                f"{fact.where} as {fact.value} (the draft says {held.value})"
            )
    # An output's shape: the first file's, unless only the other's is read whole.
    if mine.made is None or (_unread(mine.made.shape) and not _unread(_shape(theirs))):
        mine.made = theirs.made or mine.made
    if theirs.shape_from is not None and (
        mine.shape_from is None
        or (
            _unread([f.value for f in mine.shape_from])
            and not _unread([f.value for f in theirs.shape_from])
        )
    ):
        mine.shape_from = theirs.shape_from
    mine.like_from = mine.like_from or theirs.like_from


def _shape(draft: Draft) -> list[str] | None:
    return draft.made.shape if draft.made is not None else None


def _unread(shape: list[str] | None) -> bool:
    return shape is not None and any(e.startswith(TODO) for e in shape)


def _dim_names(a: OpReader, b: OpReader) -> dict[str, str]:
    """The second file's dims as the first names them: one read at the same
    axis of the same tensor, or set by the same attribute, is the same dim; the
    others keep their names unless the first file uses them otherwise."""
    renames: dict[str, str] = {}
    for at, dim in b.dim_of.items():
        if at in a.dim_of:
            renames.setdefault(dim, a.dim_of[at])
    by_attr = {d.attr: name for name, d in a.dims.items() if d.attr}
    for name, d in b.dims.items():
        if d.attr in by_attr:
            renames.setdefault(name, by_attr[d.attr])
    taken = a.taken() | set(renames.values())
    for name in b.dims:
        if name in renames:
            continue
        if name in taken:
            base = re.sub(r"_\d+$", "", name)
            renames[name] = next(
                c
                for c in (f"{base}_{k}" for k in range(2, 10_000))
                if c not in taken and name_ok(c)
            )
        taken.add(renames.get(name, name))
    return renames
