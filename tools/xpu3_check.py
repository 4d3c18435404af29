"""The strict check of XPU3 kernels: the dialect rules (csrc/xpu3sim/README.md,
"The XPU3 dialect") that g++ against the simulation does not enforce.

g++ accepts any C++ in a `.xpu` file, the real toolchain does not; with no
toolchain here, this reads each kernel with libclang (the kernel's own
includes, the simulation's stand-in headers) and walks what it defines:

- global-ptr-in-struct: a struct member declared `__global_ptr__` (the guide
  forbids it; pass global pointers as arguments);
- namespace-variable: a variable at namespace scope that is not a constant
  (the device has no global variables);
- variable-length-array: a local array whose size is not a constant;
- host-call: a call from kernel code to a function that is not device code:
  one declared outside the kernel file, its kernel declaration and the
  toolchain's (stand-in) headers, e.g. the C++ library or the host's 16-bit
  float types (the toolchain has its own, and builds with -fno-builtin);
- wide-loop: a loop counter of a 64-bit type (the core is 32-bit: 64-bit
  arithmetic is emulated; count in 32 bits, widen only where data is 64-bit);
- parameter-names: a definition whose parameters are not named as in its
  declaration, in order. The dialect forbids global pointers in structs, so an
  XPU3 kernel takes its arguments by position (a CPU kernel gets a struct of
  named fields instead): C++ would accept two same-typed parameters swapped
  (`int max_bsz, int real_bsz`), this check does not.

The generated device launchers (generated/launch/*.xpu, host code) are
parsed the same way, against the stand-ins of the toolchain's runtime: one
that does not compile is the finding 'does-not-parse'. (The hostile-values
suite also builds them with g++, links their instantiations and runs them.)

Each finding names the rule, the file and the line. A kernel's known
findings may be listed in tools/xpu3_check_known.txt (a ratchet: the check
fails on any finding not listed, and on a listed one that is gone).

    python tools/xpu3_check.py [FILE.xpu ...]    # default: csrc/kernels/xpu3/*.xpu
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.plant_bugs import planted_in_place_of  # noqa: E402

SIM = ROOT / "csrc" / "xpu3sim"
KNOWN = ROOT / "tools" / "xpu3_check_known.txt"
WIDE = {"int64_t", "uint64_t", "long", "unsigned long", "long long", "unsigned long long", "size_t"}


@dataclass(frozen=True, order=True)
class Finding:
    path: str  # relative to the repository root when inside it
    line: int
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.detail}"

    @property
    def key(self) -> str:
        """What the known-findings list matches: the rule and the detail, not the
        line (an edit above a finding must not make it new)."""
        return f"{self.path}: {self.rule}: {self.detail}"


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(path)


def _device_file(path: str, kernel: Path, generated: Path) -> bool:
    """Files whose functions are device code: the kernel, its generated
    declaration, and the toolchain's headers (here the simulation's stand-ins)."""
    resolved = Path(path).resolve()
    return (
        resolved == kernel.resolve()
        or resolved.is_relative_to((SIM / "include" / "xpu").resolve())
        # What the stand-in headers and the portable macros expand to here; a
        # kernel naming it itself is the rule 'simulation-internal'.
        or resolved.is_relative_to((SIM / "include" / "xpu3sim").resolve())
        or resolved.is_relative_to((SIM / "portable").resolve())
        or resolved.is_relative_to((generated / "kernel_decls").resolve())
    )


def _gcc_include() -> str:
    found = subprocess.run(
        ["g++", "-print-file-name=include"], capture_output=True, text=True, check=True
    )
    return found.stdout.strip()


def _parse_args(generated: Path) -> list[str]:
    return [
        "-x",
        "c++",
        "-std=c++17",
        # The libclang wheel ships no compiler headers (stddef.h...): use g++'s.
        "-isystem",
        _gcc_include(),
        f"-I{ROOT / 'csrc' / 'include'}",
        f"-I{generated}",
        f"-I{SIM / 'include'}",
        f"-I{SIM / 'portable'}",
    ]


def _with_hint(message: str) -> str:
    """A missing generated header means the spec was not generated yet: say so."""
    if "file not found" in message and any(
        part in message for part in ("kernel_decls/", "entry/", "launch/")
    ):
        return f"{message} (a generated header: run `opforge-dev generate` first)"
    return message


def check_launcher(launcher: Path, generated: Path = ROOT / "generated") -> list[Finding]:
    """A device launcher must compile (it is host code: no dialect rules)."""
    from clang import cindex

    args = [*_parse_args(generated), "-DOPFORGE_WITH_XPU3_TOOLCHAIN"]
    unit = cindex.Index.create().parse(str(launcher), args=args)
    errors = [d for d in unit.diagnostics if d.severity >= cindex.Diagnostic.Error]
    return [
        Finding(_shown(launcher), e.location.line, "does-not-parse", _with_hint(e.spelling))
        for e in errors[:1]
    ]


def check(
    kernel: Path, generated: Path = ROOT / "generated", shown_as: Path | None = None
) -> list[Finding]:
    from clang import cindex

    args = _parse_args(generated)
    unit = cindex.Index.create().parse(str(kernel), args=args)
    errors = [d for d in unit.diagnostics if d.severity >= cindex.Diagnostic.Error]
    shown = _shown(shown_as or kernel)
    if errors:
        first = errors[0]
        return [Finding(shown, first.location.line, "does-not-parse", _with_hint(first.spelling))]
    found: set[Finding] = set()
    kinds = cindex.CursorKind
    mine = kernel.resolve()

    def here(cursor: cindex.Cursor) -> bool:
        return (
            cursor.location.file is not None and Path(cursor.location.file.name).resolve() == mine
        )

    source = kernel.read_text(encoding="utf-8").splitlines()

    def visit(cursor: cindex.Cursor, in_function: bool, function: str) -> None:
        for child in cursor.get_children():
            if not here(child):
                continue
            line = child.location.line
            kind = child.kind
            # Qualifier macros expand to nothing here, so they are not in the
            # declaration's extent: read the source line up to the name.
            declared = source[line - 1][: child.location.column] if line <= len(source) else ""
            if kind == kinds.FIELD_DECL and "__global_ptr__" in declared:
                found.add(
                    Finding(
                        shown,
                        line,
                        "global-ptr-in-struct",
                        f"member '{child.spelling}' of '{cursor.spelling}'",
                    )
                )
            if kind == kinds.VAR_DECL:
                parent = child.semantic_parent.kind if child.semantic_parent else None
                if (
                    parent in (kinds.NAMESPACE, kinds.TRANSLATION_UNIT)
                    and not child.type.is_const_qualified()
                ):
                    found.add(
                        Finding(
                            shown,
                            line,
                            "namespace-variable",
                            f"'{child.spelling}' is not a constant",
                        )
                    )
                if child.type.kind == cindex.TypeKind.VARIABLEARRAY:
                    found.add(Finding(shown, line, "variable-length-array", f"'{child.spelling}'"))
            if kind == kinds.FOR_STMT:
                for part in child.get_children():
                    if part.kind == kinds.DECL_STMT:
                        for var in part.get_children():
                            spelled = var.type.get_canonical().spelling
                            declared = var.type.spelling
                            if var.kind == kinds.VAR_DECL and (declared in WIDE or spelled in WIDE):
                                found.add(
                                    Finding(
                                        shown,
                                        line,
                                        "wide-loop",
                                        f"loop counter '{var.spelling}' is {declared} (in {function})",
                                    )
                                )
                        break
            if in_function and kind in (kinds.CALL_EXPR,) and child.referenced is not None:
                target = child.referenced
                location = target.location.file
                if location is not None and not _device_file(location.name, kernel, generated):
                    name = (
                        target.semantic_parent.spelling + "::" + target.spelling
                        if target.semantic_parent
                        else target.spelling
                    )
                    found.add(
                        Finding(
                            shown,
                            line,
                            "host-call",
                            f"'{name}' is declared in {_shown(Path(location.name))}, not device code",
                        )
                    )
            if (
                kind in (kinds.FUNCTION_DECL, kinds.FUNCTION_TEMPLATE)
                and child.is_definition()
                and child.canonical != child
            ):
                swapped = _renamed_parameter(child, child.canonical)
                if swapped:
                    found.add(Finding(shown, line, "parameter-names", swapped))
            is_function = kind in (
                kinds.FUNCTION_DECL,
                kinds.FUNCTION_TEMPLATE,
                kinds.CXX_METHOD,
                kinds.CONSTRUCTOR,
                kinds.LAMBDA_EXPR,
            )
            visit(child, in_function or is_function, child.spelling if is_function else function)

    visit(unit.cursor, False, "")
    for token in unit.get_tokens(extent=unit.cursor.extent):
        if (
            token.spelling == "xpu3sim"
            and token.location.file
            and Path(token.location.file.name).resolve() == mine
        ):
            line = token.location.line
            found.add(
                Finding(
                    shown,
                    line,
                    "simulation-internal",
                    "names the simulation (xpu3sim::), which no device has",
                )
            )
    return sorted(found)


def _renamed_parameter(definition: Any, declaration: Any) -> str:
    """The first parameter a definition names otherwise than its declaration
    ("" if none: a name missing on either side says nothing)."""
    from clang import cindex

    def names(cursor: Any) -> list[str]:
        return [c.spelling for c in cursor.get_children() if c.kind == cindex.CursorKind.PARM_DECL]

    defined, declared = names(definition), names(declaration)
    for i, (got, want) in enumerate(zip(defined, declared, strict=False)):
        if want and got and got != want:  # an unnamed parameter is unused
            where = _shown(Path(declaration.location.file.name))
            return (
                f"'{definition.spelling}' names parameter {i + 1} '{got}' where its "
                f"declaration ({where}:{declaration.location.line}) names it '{want}'"
            )
    return ""


def known() -> set[str]:
    if not KNOWN.is_file():
        return set()
    lines = KNOWN.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line.strip() and not line.startswith("#")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--all", action="store_true", help="report known findings too")
    args = parser.parse_args(argv)
    files = args.files or sorted((ROOT / "csrc" / "kernels" / "xpu3").glob("*.xpu"))
    # A plant's mutated copy of a kernel is checked in its place.
    findings = [f for path in files for f in check(planted_in_place_of(path), shown_as=path)]
    launchers = [] if args.files else sorted((ROOT / "generated" / "launch").glob("*.xpu"))
    findings += [f for path in launchers for f in check_launcher(path)]
    listed = known()
    new = [f for f in findings if f.key not in listed]
    for finding in findings if args.all else new:
        print(finding)
    checked = {_shown(p) for p in files}
    gone = sorted(
        k for k in listed if k.split(": ")[0] in checked and k not in {f.key for f in findings}
    )
    for key in gone:
        print(f"{key}: listed in {_shown(KNOWN)} but no longer found; remove the line")
    print(
        f"{len(files)} kernel(s), {len(launchers)} launcher(s): {len(findings)} finding(s), "
        f"{len(new)} not listed, "
        f"{len(gone)} listed but gone",
        file=sys.stderr,
    )
    return 1 if new or gone else 0


if __name__ == "__main__":
    sys.exit(main())
