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
  (`int max_bsz, int real_bsz`), this check does not;
- slot-fn-unmarked: a function defined in a shared header of the kernels
  (<kernels>/shared/*.h, which the CPU, XPU3 and CUDA kernels of an op all
  include: docs/authoring.md, "Per-slot logic shared by the kernels") without
  OPFORGE_SLOT_FN (opforge/slot_fn.h), so not device code on the device;
- slot-fn-global-memory: an OPFORGE_SLOT_FN function naming `__global_ptr__`,
  or a call passing global memory (a kernel's pointer parameter, or a
  variable declared `__global_ptr__`, or an element of one bound to a
  reference) to one: on XPU3 a device function's pointers and references are
  local memory, so a shared function works on values and locals; GM2LM first.

A shared header an XPU3 kernel includes is checked with it, under every rule,
its findings naming the header; a function marked OPFORGE_SLOT_FN (wherever
it is defined, opforge::slot_min among them) is device code.

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
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from codegen.kinds import XPU3SIM  # noqa: E402
from tools.build import RUNTIME_INCLUDES, kernel_include  # noqa: E402
from tools.plant_bugs import planted_in_place_of  # noqa: E402

SIM = ROOT / "csrc" / "xpu3sim"
# What a kernel naming is the rule 'simulation-internal': the simulation's
# namespace, and its shared core's (csrc/simcore).
SIMULATION_NAMESPACES = ("xpu3sim", "simcore")
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


# What OPFORGE_SLOT_FN adds to a function in this check's parse
# (-DOPFORGE_XPU3_CHECK: csrc/include/opforge/slot_fn.h).
SLOT_FN_MARK = "opforge_slot_fn"


def _device_file(path: str, kernel: Path, generated: Path, shared: Path | None = None) -> bool:
    """Files whose functions are device code: the kernel, its generated
    declaration, the toolchain's headers (here the simulation's stand-ins),
    and the kernels' shared headers (each function there is held to carry
    OPFORGE_SLOT_FN: the rule slot-fn-unmarked)."""
    resolved = Path(path).resolve()
    return (
        resolved == kernel.resolve()
        or (shared is not None and resolved.is_relative_to(shared))
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
        *(f"-I{d}" for d in RUNTIME_INCLUDES),
        f"-I{generated}",
        # The simulation build's: the stand-ins, the portable header, the
        # simulations' shared core (codegen/kinds.py).
        *(f"-I{ROOT / d}" for d in XPU3SIM.includes),
    ]


def _with_hint(message: str) -> str:
    """A missing generated header means the spec was not generated yet: say so."""
    if "file not found" in message and any(
        part in message for part in ("kernel_decls/", "entry/", "launch/", "opforge/backends.h")
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


def _is_slot_fn(function: Any) -> bool:
    """Whether a function (any of its declarations) carries OPFORGE_SLOT_FN."""
    from clang import cindex

    seen = [function, function.canonical, function.get_definition()]
    # A call of a template's instance refers to the instance: its template has the mark.
    seen.append(cindex.conf.lib.clang_getSpecializedCursorTemplate(function))
    return any(
        c is not None
        and any(
            a.kind == cindex.CursorKind.ANNOTATE_ATTR and a.spelling == SLOT_FN_MARK
            for a in c.get_children()
        )
        for c in seen
    )


def check(
    kernel: Path,
    generated: Path = ROOT / "generated",
    shown_as: Path | None = None,
    kernels: Path | None = None,
    headers: set[str] | None = None,
) -> list[Finding]:
    """The findings of one XPU3 kernel and of the shared headers it includes
    (<kernels>/shared/, `kernels` by default the directory above the kernel's
    own, as in csrc/kernels/xpu3/<op>.xpu); the shared headers read are added
    to `headers`, as shown."""
    from clang import cindex

    kernels = kernels or (shown_as or kernel).resolve().parent.parent
    shared = (kernels / "shared").resolve()
    args = [*_parse_args(generated), kernel_include(kernels), "-DOPFORGE_XPU3_CHECK"]
    unit = cindex.Index.create().parse(str(kernel), args=args)
    errors = [d for d in unit.diagnostics if d.severity >= cindex.Diagnostic.Error]
    shown_kernel = _shown(shown_as or kernel)
    if errors:
        first = errors[0]
        where = first.location.file
        at = Path(where.name) if where is not None else kernel
        shown = shown_kernel if at.resolve() == kernel.resolve() else _shown(at)
        detail = _with_hint(first.spelling)
        return [Finding(shown, first.location.line, "does-not-parse", detail)]
    found: set[Finding] = set()
    kinds = cindex.CursorKind
    mine = kernel.resolve()
    sources: dict[Path, list[str]] = {}

    def checked_file(cursor: cindex.Cursor) -> Path | None:
        """The file of a cursor this check reads (the kernel, a shared header), or None."""
        if cursor.location.file is None:
            return None
        path = Path(cursor.location.file.name).resolve()
        return path if path == mine or path.is_relative_to(shared) else None

    def lines_of(path: Path) -> list[str]:
        if path not in sources:
            sources[path] = path.read_text(encoding="utf-8").splitlines()
            if path != mine and headers is not None:
                headers.add(_shown(path))
        return sources[path]

    def declared_text(cursor: cindex.Cursor) -> str:
        """A declaration's source line up to its name: qualifier macros expand
        to nothing here, so they are not in the declaration's extent."""
        if cursor.location.file is None:
            return ""
        path = Path(cursor.location.file.name).resolve()
        lines = sources.get(path) or path.read_text(encoding="utf-8").splitlines()
        line = cursor.location.line
        return lines[line - 1][: cursor.location.column] if 0 < line <= len(lines) else ""

    def global_memory(expr: cindex.Cursor) -> str:
        """The global memory an expression names: a kernel's pointer parameter
        (its declaration is generated: kernel_decls/) or a variable declared
        `__global_ptr__`; "" if none."""
        for node in expr.walk_preorder():
            target = node.referenced if node.kind == kinds.DECL_REF_EXPR else None
            if target is None or target.kind not in (kinds.PARM_DECL, kinds.VAR_DECL):
                continue
            if "__global_ptr__" in declared_text(target):
                return str(target.spelling)
            owner = target.semantic_parent
            pointer = target.type.get_canonical().kind == cindex.TypeKind.POINTER
            if pointer and target.kind == kinds.PARM_DECL and owner is not None:
                declared = owner.canonical.location.file
                if declared is not None and Path(declared.name).resolve().is_relative_to(
                    (generated / "kernel_decls").resolve()
                ):
                    return str(target.spelling)
        return ""

    def visit(cursor: cindex.Cursor, in_function: bool, function: str) -> None:
        for child in cursor.get_children():
            path = checked_file(child)
            if path is None:
                continue
            shown = shown_kernel if path == mine else _shown(path)
            source = lines_of(path)
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
                slot_fn = _is_slot_fn(target)
                if slot_fn:
                    parameters = list(target.type.argument_types())
                    for i, argument in enumerate(child.get_arguments()):
                        by_reference = i < len(parameters) and parameters[i].kind in (
                            cindex.TypeKind.LVALUEREFERENCE,
                            cindex.TypeKind.RVALUEREFERENCE,
                        )
                        pointer = argument.type.get_canonical().kind in (
                            cindex.TypeKind.POINTER,
                            cindex.TypeKind.CONSTANTARRAY,
                        )
                        named = global_memory(argument) if by_reference or pointer else ""
                        if named:
                            found.add(
                                Finding(
                                    shown,
                                    line,
                                    "slot-fn-global-memory",
                                    f"'{target.spelling}' is passed global memory ('{named}') "
                                    f"as argument {i + 1} (in {function}): a shared function "
                                    "works on values and locals; GM2LM into a local first",
                                )
                            )
                if (
                    location is not None
                    and not slot_fn
                    and not _device_file(location.name, kernel, generated, shared)
                ):
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
            if is_function and kind != kinds.LAMBDA_EXPR and child.is_definition():
                marked = _is_slot_fn(child)
                if path != mine and not marked:
                    found.add(
                        Finding(
                            shown,
                            line,
                            "slot-fn-unmarked",
                            f"'{child.spelling}' is defined in a shared header without "
                            "OPFORGE_SLOT_FN (opforge/slot_fn.h): not device code on XPU3 "
                            "or CUDA",
                        )
                    )
                extent = source[child.extent.start.line - 1 : child.extent.end.line]
                if marked and re.search(r"\b__global_ptr__\b", "\n".join(extent)):
                    found.add(
                        Finding(
                            shown,
                            line,
                            "slot-fn-global-memory",
                            f"'{child.spelling}' names __global_ptr__: a shared function "
                            "works on values and locals, the kernel moves global memory",
                        )
                    )
            visit(child, in_function or is_function, child.spelling if is_function else function)

    visit(unit.cursor, False, "")
    for token in unit.get_tokens(extent=unit.cursor.extent):
        if (
            token.spelling in SIMULATION_NAMESPACES
            and token.location.file
            and Path(token.location.file.name).resolve() == mine
        ):
            line = token.location.line
            found.add(
                Finding(
                    shown_kernel,
                    line,
                    "simulation-internal",
                    f"names the simulation ({token.spelling}::), which no device has",
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
    # A plant's mutated copy of a kernel is checked in its place. A shared
    # header is checked with each kernel that includes it: its findings once.
    headers: set[str] = set()
    findings = sorted(
        {
            f
            for path in files
            for f in check(planted_in_place_of(path), shown_as=path, headers=headers)
        }
    )
    launchers = [] if args.files else sorted((ROOT / "generated" / "launch").glob("*.xpu"))
    findings += [f for path in launchers for f in check_launcher(path)]
    listed = known()
    new = [f for f in findings if f.key not in listed]
    for finding in findings if args.all else new:
        print(finding)
    checked = {_shown(p) for p in files} | headers
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
