"""Which parameter a hand-written kernel got wrong, when it does not compile
against its generated declaration (generated/kernel_decls/).

g++ answers a definition whose parameters drifted from the spec with "no
declaration matches" and two long parameter lists to diff by eye, often after
secondary errors of the same cause (a helper the broken definition no longer
calls: -Werror=unused-function). tools/build.py, when a kernel fails to
compile, prints these lines first, then the compiler's text:

- a kernel that takes its arguments by position (XPU3): its definition's
  parameter list read from the source and compared with the declaration's,
  position by position: a parameter missing, one too many, two in another
  order, one renamed, one of another type; named as the spec names it, with
  what the spec declares (and where) and what the kernel has;
- a kernel that takes a struct of named fields (the CPU kernel's `const
  CpuArgs<T>& args`): every `args.<name>` the struct has no field for, with
  the field it most likely means.

Both sides are read as text (comments and string literals dropped): the
declaration is generated, so regular; the definition is whatever the author
wrote, so a list that cannot be read says nothing rather than guessing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Words that make up a type, never a parameter's name.
TYPE_WORDS = {
    "const", "volatile", "unsigned", "signed", "short", "long", "int", "char",
    "bool", "float", "double", "void", "auto", "struct",
}  # fmt: skip


@dataclass(frozen=True)
class Param:
    type: str  # normalized: single spaces, none around * & < > , ::
    name: str  # "" when unnamed

    def render(self) -> str:
        return f"{self.type} {self.name}".strip()


def strip_comments(text: str) -> str:
    """Comments and string/char literals blanked out (newlines kept, so
    offsets map to the same lines)."""

    def blank(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith("/"):
            return re.sub(r"[^\n]", " ", token)
        return token[0] + re.sub(r"[^\n]", " ", token[1:-1]) + token[-1]

    pattern = r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'"
    return re.sub(pattern, blank, text, flags=re.DOTALL)


def _normalize(text: str) -> str:
    text = " ".join(text.split())
    return re.sub(r"\s*([*&<>,]|::)\s*", r"\1", text)


def parse_param(text: str) -> Param:
    words = _normalize(text)
    match = re.fullmatch(r"(.*?)\b([A-Za-z_]\w*)", words)
    if match is None or match.group(2) in TYPE_WORDS:
        return Param(words, "")
    kind = match.group(1).strip()
    if not kind or kind == "const":
        return Param(words, "")  # a lone type (`int32_t`, `const T`): unnamed
    return Param(_normalize(kind), match.group(2))


def split_params(text: str) -> list[tuple[str, int]]:
    """A parameter list's parameters (commas inside <> () [] {} kept), each
    with its offset in `text`."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text + ","):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            part = text[start:i]
            if part.strip() and part.strip() != "void":
                parts.append((part.strip(), start + len(part) - len(part.lstrip())))
            start = i + 1
    return parts


def param_list(text: str, head: str) -> tuple[list[Param], list[int]] | None:
    """The parameters of the first `head(` in `text` (comments stripped) and
    the line of each (of the head, for a list without parameters: last);
    None if there is none or it does not close."""
    clean = strip_comments(text)
    match = re.search(head, clean)
    if match is None:
        return None
    start = match.end()
    depth = 1
    for i in range(start, len(clean)):
        if clean[i] == "(":
            depth += 1
        elif clean[i] == ")":
            depth -= 1
            if depth == 0:
                parts = split_params(clean[start:i])
                lines = [clean.count("\n", 0, start + at) + 1 for _, at in parts]
                head_line = clean.count("\n", 0, match.start()) + 1
                return [parse_param(p) for p, _ in parts], [*lines, head_line]
    return None


@dataclass(frozen=True)
class Kernel:
    """A hand-written kernel and what it must match."""

    op: str
    kind: str
    source: Path
    declaration: Path  # its generated header
    spec: Path


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _declared_functions(header: str) -> list[str]:
    """The kernel functions a generated header declares (`void cpu(`,
    `void xpu3_kernel(`), in order."""
    return re.findall(r"\bvoid\s+(\w+)\s*\(", strip_comments(header))


def _spec_lines(spec: Path) -> dict[str, str]:
    """name -> "what it is, file:line" for the spec's tensors, dims and
    attributes (empty if the spec does not parse: the build says why)."""
    try:
        from codegen.parse import load_spec

        op = load_spec(spec, ROOT)
    except Exception:  # the generator reports a broken spec itself
        return {}
    found: dict[str, str] = {}
    where = op.source
    for t in op.tensors:
        found.setdefault(t.name, f"tensor {t.name}, {where}:{t.loc.line}")
    for d in op.dims:
        found.setdefault(d.name, f"dim {d.name}, {where}:{d.loc.line}")
    for a in op.attrs:
        found.setdefault(a.name, f"attribute {a.name}, {where}:{a.loc.line}")
    for t in op.tensors:
        if t.forms:
            line = t.line_of("shape")
            found.setdefault(t.form_field, f"the form of tensor {t.name}, {where}:{line}")
    return found


def _compare(declared: list[Param], defined: list[Param]) -> tuple[int, str] | None:
    """(0-based position, what differs) of the first parameter the
    definition gets wrong, or None."""

    def same(d: Param, f: Param) -> bool:
        return d.type == f.type and (not d.name or not f.name or d.name == f.name)

    names = [d.name for d in declared]
    for i in range(max(len(declared), len(defined))):
        if i < len(declared) and i < len(defined) and same(declared[i], defined[i]):
            continue
        if i >= len(defined) or (
            len(defined) < len(declared)
            and all(same(d, f) for d, f in zip(declared[i + 1 :], defined[i:], strict=False))
        ):
            d = declared[i]
            return i, f"missing; the spec declares `{d.render()}` as parameter {i + 1}"
        if i >= len(declared) or (
            len(defined) > len(declared)
            and all(same(d, f) for d, f in zip(declared[i:], defined[i + 1 :], strict=False))
        ):
            return (
                i,
                f"the kernel has `{defined[i].render()}` as parameter {i + 1}, which the spec does not declare",
            )
        d, f = declared[i], defined[i]
        if f.name and f.name != d.name and f.name in names:
            other = names.index(f.name) + 1
            return i, (
                f"the spec declares `{d.render()}` here; the kernel has `{f.render()}`, "
                f"which the spec declares as parameter {other} (two parameters in another order)"
            )
        if f.name and f.name != d.name:
            extra = "" if f.type == d.type else f" (and of type `{f.type}`)"
            return i, f"the spec names it `{d.render()}`; the kernel names it `{f.render()}`{extra}"
        return i, f"the spec declares `{d.render()}`; the kernel has `{f.render()}`"
    return None


def _unqualified(op: str, params: list[Param]) -> list[Param]:
    """Types as either side may spell them: the header qualifies its own
    namespace (opforge::<op>::CpuArgs) and the global one (::float16)."""
    own = f"opforge::{op}::"
    return [Param(re.sub(r"(^|[<,*& ])::", r"\1", p.type.replace(own, "")), p.name) for p in params]


def diagnose(kernel: Kernel) -> list[str]:
    """What the kernel's definition gets wrong against its declaration, one
    line each, worst first; [] if nothing is found (the compiler's text says
    the rest)."""
    try:
        source = kernel.source.read_text(encoding="utf-8", errors="replace")
        header = kernel.declaration.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    shown = _shown(kernel.source)
    spec = None
    lines = []
    for function in _declared_functions(header):
        declared = param_list(header, rf"\b{function}\s*\(")
        qualified = (
            rf"\bopforge::{re.escape(kernel.op)}::(?:\w+::)?{function}\s*(?:<[^;{{()]*>)?\s*\("
        )
        defined = param_list(source, qualified)
        if declared is None or defined is None:
            continue
        found = _compare(_unqualified(kernel.op, declared[0]), _unqualified(kernel.op, defined[0]))
        if found is not None:
            position, what = found
            params = declared[0] if position < len(declared[0]) else defined[0]
            name = params[position].name
            at = defined[1][min(position, max(len(defined[0]) - 1, 0))]
            spec = spec if spec is not None else _spec_lines(kernel.spec)
            origin = f" ({spec[name]})" if name in spec else ""
            lines.append(
                f"{shown}:{at}: {kernel.op}'s {kernel.kind} kernel does not match its "
                f"declaration: parameter {position + 1} '{name}'{origin}: {what}; declared in "
                f"{_shown(kernel.declaration)}:{declared[1][min(position, len(declared[1]) - 1)]}"
            )
        # A struct of named fields: every field the kernel reads must exist.
        struct = re.search(r"struct\s+(\w+)\s*\{(.*?)\};", strip_comments(header), re.DOTALL)
        if struct is None or not defined[0]:
            continue
        argument = defined[0][0]
        if struct.group(1) not in argument.type or not argument.name:
            continue
        fields = re.findall(r"(\w+)\s*;", struct.group(2))
        clean = strip_comments(source)
        for match in re.finditer(rf"\b{argument.name}\s*(?:\.|->)\s*(\w+)", clean):
            field = match.group(1)
            if field in fields:
                continue
            spec = spec if spec is not None else _spec_lines(kernel.spec)
            guess = difflib.get_close_matches(field, fields, n=1, cutoff=0.6)
            hint = (
                f"; did you mean '{guess[0]}'"
                + (f" ({spec[guess[0]]})" if guess[0] in spec else "")
                if guess
                else ""
            )
            line = clean.count("\n", 0, match.start()) + 1
            lines.append(
                f"{shown}:{line}: {kernel.op}'s {kernel.kind} kernel reads {argument.name}.{field}, "
                f"but {struct.group(1)} (the spec's tensors, dims and attributes) has no field "
                f"'{field}'{hint}; declared in {_shown(kernel.declaration)}"
            )
    return list(dict.fromkeys(lines))


def explain(kernels: list[Kernel], compiler_output: str) -> list[str]:
    """The lines of `diagnose` for each kernel the compiler's text names (not
    one merely listed by ninja's progress, `[3/7] CXX <source>`)."""
    progress = re.compile(r"\[\d+/\d+\] ")
    errors = [line for line in compiler_output.splitlines() if not progress.match(line)]
    found = []
    for kernel in kernels:
        names = (str(kernel.source), _shown(kernel.source))
        if any(name in line for line in errors for name in names):
            found += diagnose(kernel)
    return found
