"""The names a spec may not use cover every name the generated code uses.

Lexes all of generated/ (comments and string literals dropped) and collects the
identifiers that are not reached through ``::``, ``.`` or ``->`` and that no
spec declared: the generator's own parameters, locals, functions and the
library names it calls unqualified. A spec name equal to one of them would
collide in the same scope, so each must be refused by ``names.name_problem``
(or be spelled so no spec name can equal it: CamelCase, leading underscore).
"""

from __future__ import annotations

from codegen import names
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


def _generated_identifiers() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "generated").rglob("*")):
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if path.suffix in (".h", ".cc", ".xpu"):
            found |= unqualified_identifiers(cpp_tokens(text))
        elif path.suffix in (".py", ".pyi"):
            found |= unqualified_identifiers(python_tokens(text))
    return found


def test_every_generated_name_is_refused_as_a_spec_name() -> None:
    spec_names = _spec_names()
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
