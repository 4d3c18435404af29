"""Layer 5 of `opforge-dev import`: the command. Reads each file given,
drafts a spec per op it registers, and reports: the drafts the generator
accepts (written with their kernels, reference and contract page, as
`opforge-dev new` writes them) and those it refuses, with each TODO to decide;
a file it cannot read is one line naming it, and nothing is written."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from opforge_dev.importer import merge
from opforge_dev.importer.declaration import Registration, Source
from opforge_dev.importer.draft import Drafter, comment, name_problem, quoted
from opforge_dev.importer.lexer import SourceError, read_text
from opforge_dev.importer.reader import OpReader


@dataclass
class Imported:
    op: str
    source: str  # file:line, as the draft names it
    registration: str
    spec: str  # the draft's text
    reader: OpReader
    checks: list[str] = field(default_factory=list)  # the draft's decisions to check


def load(path: Path, shown: str) -> Source:
    """One source file, with its registrations; SourceError for a file import
    cannot read or that registers nothing it can draft."""
    src = Source(read_text(path, shown), shown)
    if not src.registrations:
        raise SourceError(
            f"{shown}:1: no PD_BUILD_OP(name) or PD_BUILD_STATIC_OP(name) registration: "
            "nothing to import"
        )
    for reg in src.registrations:
        problem = name_problem(reg.op)
        if problem is not None:
            raise SourceError(f"{shown}:{reg.line}: op {quoted(reg.op)} {problem}")
    return src


def read_file(path: Path, shown: str, label: str) -> list[Imported]:
    """The drafts of one source file; SourceError for a file import cannot read."""
    src = load(path, shown)
    return [read_op([(src, reg, label)]) for reg in src.registrations]


def read_op(registrations: list[tuple[Source, Registration, str]]) -> Imported:
    """One op from its registrations (source, registration, the source's label),
    one per file; read as one when there are several (merge.py), or SourceError
    naming where their arguments differ."""
    several = len(registrations) > 1
    readers = []
    for src, reg, label in registrations:
        reader = OpReader(src, reg, label if several else "")
        reader.read()
        readers.append(reader)
    errors = merge.reconcile(readers)
    if errors:
        raise SourceError("\n".join(errors))
    op = registrations[0][1].op
    macros = dict.fromkeys(f"{reg.macro}({op})" for _, reg, _ in registrations)
    return Imported(
        op,
        " and ".join(f"{label}:{reg.line}" for _, reg, label in registrations),
        ", ".join(macros),
        "",
        merge.merge(readers),
    )


def _failed(where: str, exc: Exception) -> str:
    return (
        f"{where}: import failed on this file ({type(exc).__name__}: {exc}); "
        "please report it with the file"
    )


def _rewrap(text: str, prefix: str) -> str:
    """A comment paragraph filled again to 80 columns (after substitution)."""
    words = " ".join(line.removeprefix(prefix.rstrip()).strip() for line in text.splitlines())
    return textwrap.fill(
        words, 80, initial_indent=prefix, subsequent_indent=prefix, break_on_hyphens=False
    )


def _label(path: Path, out: Path) -> str:
    """How a draft names its source: relative to the working directory or the
    output, never an absolute path of this machine."""
    resolved = path.resolve()
    for base in (Path.cwd().resolve(), out):
        if resolved.is_relative_to(base):
            return resolved.relative_to(base).as_posix()
    return resolved.name


def main(root: Path, files: Sequence[Path], out: Path) -> int:
    from codegen.diagnostics import SpecErrors
    from opforge_dev import scaffold

    errors: list[str] = []
    ops: dict[str, list[tuple[Source, Registration, str]]] = {}  # op -> one per file
    loaded: dict[Path, Source] = {}  # a file given twice is read once
    for path in files:
        try:
            src = loaded.get(path.resolve()) or load(path, str(path))
            loaded[path.resolve()] = src
        except SourceError as exc:
            errors.append(str(exc))
            continue
        except Exception as exc:  # a reader bug is one line too, never a traceback
            errors.append(_failed(str(path), exc))
            continue
        label = _label(path, out)
        for reg in src.registrations:
            same = ops.setdefault(reg.op, [])
            first = next((f"{lb}:{r.line}" for s, r, lb in same if s is src), "")
            if first:
                errors.append(
                    f"{label}:{reg.line}: op {reg.op} is registered again (first at {first})"
                )
            else:
                same.append((src, reg, label))
    imported: list[Imported] = []
    if not errors:
        for registrations in ops.values():
            try:
                imported.append(read_op(registrations))
            except SourceError as exc:
                errors += str(exc).splitlines()
            except Exception as exc:
                errors.append(_failed(" and ".join(s.path for s, _, _ in registrations), exc))
    if errors:
        for message in errors:
            print(f"opforge-dev import: {message}", file=sys.stderr)
        return 2
    texts = scaffold.blocks("from_spec")
    plans = []
    for item in imported:
        paths = scaffold.paths(item.op, out)
        drafter = Drafter(item.reader)
        fields = {"op": item.op, "source": item.source, "registration": item.registration}
        drafted = drafter.sections()
        about = _rewrap(scaffold.fill(texts["about"], **fields), "# ")
        for heading, notes in (
            ("Not read from the source", item.reader.problems),
            ("To check (decided without seeing it all)", drafter.checks),
        ):
            if notes:
                about += f"\n#\n# {heading}:" + "".join(f"\n# - {comment(n)[4:]}" for n in notes)
        sections = {
            "about": about,
            "doc": textwrap.fill(
                scaffold.fill(texts["doc"], **fields),
                78,
                subsequent_indent="  ",
                break_on_hyphens=False,
            ),
            **drafted,
        }
        sections["sweep"] = scaffold.fill(texts["sweep"], sweep=sections["sweep"])
        item.spec = scaffold.spec_text(item.op, sections)
        item.checks = drafter.checks
        plans.append((item, paths))
    existing = [p for _, paths in plans for p in paths.values() if p.exists()]
    if existing:
        shown = ", ".join(scaffold.shown(p, out) for p in existing)
        print(f"opforge-dev import: not overwriting: {shown}", file=sys.stderr)
        return 2
    accepted = 0
    for item, paths in plans:
        files_: dict[Path, str] = {paths["spec"]: item.spec}
        try:
            model = scaffold.parse(item.op, item.spec, root)
        except SpecErrors as exc:
            todos = sum("TODO left by" in e.message for e in exc.errors)
            others = len(exc.errors) - todos
            what = f"{todos} TODO{'s' if todos != 1 else ''} to decide" + (
                f" and {others} other error{'s' if others != 1 else ''}" if others else ""
            )
            print(
                f"{item.op} ({item.source}): the generator refuses the draft ({what}); once "
                f"it accepts it, `opforge-dev new {item.op} --from-spec` writes its kernels, "
                "reference and contract page:"
            )
            for error in exc.errors:
                print(f"  {error}")
        else:
            accepted += 1
            files_.update(scaffold.kernels(model, root, paths, "import"))
            print(f"{item.op} ({item.source}): the generator accepts the draft as written")
        for note in item.checks:
            print(f"  to check: {note}")
        for written in scaffold.write(files_, out):
            print(f"  wrote {written}")
    print(
        f"{len(plans)} op{'s' if len(plans) != 1 else ''} drafted: {accepted} accepted by the "
        f"generator as written (spec, kernels, reference, contract page), "
        f"{len(plans) - accepted} refused until decided (spec only)"
    )
    return 0
