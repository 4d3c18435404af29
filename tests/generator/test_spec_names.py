"""The names a spec may not use cover every name the generated code uses.

Lexes all of generated/ (comments and string literals dropped) and collects the
identifiers that are not reached through ``::``, ``.`` or ``->`` and that no
spec declared: the generator's own parameters, locals, functions and the
library names it calls unqualified. A spec name equal to one of them would
collide in the same scope, so each must be refused by ``names.name_problem``
(or be spelled so no spec name can equal it: CamelCase, leading underscore).
"""

from __future__ import annotations

from codegen import emit, names
from codegen.parse import load_specs
from tests import ROOT
from tests.generator.mutated_specs.lexer import cpp_tokens, python_tokens, unqualified_identifiers


def _spec_names() -> set[str]:
    found: set[str] = set()
    for op in load_specs(ROOT / "opspec", ROOT):
        found |= {op.name} | {d.name for d in op.dims} | {t.name for t in op.tensors}
        found |= {a.name for a in op.attrs}
        for a in op.attrs:
            if a.enum is not None:
                found |= {m for m, _ in a.enum.members}
    return found


def _fastdeploy_names() -> set[str]:
    """FastDeploy's parameter names (`fastdeploy:` sections): also declared by specs."""
    return {
        a.name
        for op in load_specs(ROOT / "opspec", ROOT)
        for form in op.fastdeploy
        for a in form.args
    }


# Generated from the kinds alone, into no op's scope (the runtime's header and
# the package's switches, as csrc/include/opforge/ is): an op's name meets
# theirs only as the op's namespace or function, which op_name_problem checks
# (runtime_names, package_names read them).
KINDS_ONLY = {emit.BACKENDS_HEADER, emit.SWITCHES}


def _generated_identifiers() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "generated").rglob("*")):
        if path.relative_to(ROOT / "generated").as_posix() in KINDS_ONLY:
            continue
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if path.suffix in (".h", ".cc", ".xpu"):
            found |= unqualified_identifiers(cpp_tokens(text))
        elif path.suffix in (".py", ".pyi"):
            found |= unqualified_identifiers(python_tokens(text))
    return found


def test_every_generated_name_is_refused_as_a_spec_name() -> None:
    spec_names = _spec_names() | _fastdeploy_names()
    could_collide = sorted(
        n
        for n in _generated_identifiers() - spec_names
        if names.NAME.match(n) and "__" not in n and len(n) <= names.MAX_NAME_CHARS
    )
    assert could_collide, "the lexer found no generated names at all"
    free = [n for n in could_collide if names.name_problem(n) is None]
    assert not free, (
        "generated code uses these names unqualified, yet a spec may declare them; "
        f"add them to codegen/names.py: {free}"
    )


def test_spec_names_are_not_refused() -> None:
    """The real specs' names pass (the reserved list is not so wide it bites them)."""
    assert all(names.name_problem(n) is None for n in _spec_names())
    assert all(names.parameter_name_problem(n) is None for n in _fastdeploy_names())


def _reached_through_opforge() -> set[str]:
    """Every name the generated C++ reaches as ``opforge::<name>`` (the
    runtime's functions and namespaces, and the ops themselves)."""
    found: set[str] = set()
    for path in sorted((ROOT / "generated").rglob("*")):
        if path.is_file() and path.suffix in (".h", ".cc", ".xpu"):
            tokens = cpp_tokens(path.read_text(encoding="utf-8"))
            for i in range(len(tokens) - 2):
                if tokens[i] == "opforge" and tokens[i + 1] == "::":
                    found.add(tokens[i + 2])
    return found


def test_every_runtime_name_the_generated_code_reaches_is_refused_as_an_op_name() -> None:
    """An op is the namespace opforge::<op>: named like anything the generated
    code reaches through ``opforge::`` (a runtime function, the runtime's
    nested namespaces opforge::xpu3_sim and opforge::xpu3_device), the op
    would hide it. names.runtime_names() reads the headers; this checks it
    against what the generated code actually uses."""
    ops = {op.name for op in load_specs(ROOT / "opspec", ROOT)}
    reached = sorted(n for n in _reached_through_opforge() - ops if names.NAME.match(n))
    assert "numel" in reached and "xpu3_sim" in reached, reached
    free = [n for n in reached if names.op_name_problem(n) is None]
    assert not free, f"an op could be named like these, which generated code calls: {free}"


def test_an_op_name_may_not_end_like_another_ops_generated_files() -> None:
    """Op `x` with an XPU3 kernel has kernel_decls/x_xpu3.h, the path of the CPU
    declarations of an op `x_xpu3`: such a name is refused, whatever the kinds."""
    for suffix in names.FILE_SUFFIXES:
        assert names.op_name_problem(f"top_p{suffix}") is not None
        assert names.name_problem(f"top_p{suffix}") is None  # a tensor may be named so
    assert "_xpu3" in names.FILE_SUFFIXES
