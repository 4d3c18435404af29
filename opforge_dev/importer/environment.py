"""Layer 3 of `opforge-dev import` (inferring the model): what an environment
variable read with ``getenv("NAME")`` becomes, an attribute: the variable its
value lands in, its type (from the conversion) and the default the source falls
back to."""

from __future__ import annotations

import re

from opforge_dev.importer.declaration import Source
from opforge_dev.importer.vocabulary import SCALAR_TYPES, base_type

NEAR = 2000  # how far (tokens) an environment variable's value is followed


def _literal(text: str) -> tuple[str, str] | None:
    """A C++ literal as YAML, with its kind (bool, int, float)."""
    text = text.replace(" ", "")
    if text in ("true", "false"):
        return text, "bool"
    m = re.fullmatch(r"(-?\d+)[uUlL]*", text)
    if m:
        return str(int(m.group(1))), "int"
    m = re.fullmatch(r"(-?(?:\d+\.\d*|\.\d+|\d+(?:\.\d*)?[eE][-+]?\d+))[fF]?", text)
    if m:
        return repr(float(m.group(1))), "float"
    return None


_TO_INT = {"stoi": "int", "atoi": "int", "stoul": "int64", "stol": "int64", "atol": "int64"}
_TO_INT |= {"stoll": "int64", "atoll": "int64", "strtol": "int64", "strtoll": "int64"}
_TO_FLOAT = ("stof", "atof", "stod", "strtof", "strtod")
_IS_ONE = re.compile(r"==\s*'1'|==\s*\"1\"|==\s*\"true\"|strcmp|\.compare\(")


def _conversion(text: str) -> str:
    """The spec type a getenv value is converted to, from the conversion's name."""
    for fn, kind in _TO_INT.items():
        if re.search(rf"\b{fn}\s*\(", text):
            return kind
    if any(re.search(rf"\b{fn}\s*\(", text) for fn in _TO_FLOAT):
        return "float"
    return "bool" if _IS_ONE.search(text) else ""


def env_value(src: Source, i: int, start: int, end: int) -> tuple[str, str, str, str]:
    """For ``getenv("N")`` at ``i`` in the body [start, end]: the variable its
    value ends in, that value's spec type, its default (YAML), and why any of
    them could not be read."""
    s = i
    while s > start + 1 and src.text(s - 1) not in (";", "{", "}"):
        s -= 1
    stop = src.statement_end(s, end)
    # `const char* env = getenv(...)`, alone or in `if (...)`: the pointer.
    inner = s + 2 if src.text(s) in ("if", "while") and src.text(s + 1) == "(" else s
    pointer = ""
    if src.text(i - 1) == "=" or (src.text(i - 1) == "::" and src.text(i - 3) == "="):
        eq = i - 1 if src.text(i - 1) == "=" else i - 3
        if src.kind(eq - 1) == "id" and "char" in src.span(inner, eq - 1):
            pointer = src.text(eq - 1)
    uses: list[tuple[int, int]] = []
    if pointer:
        k = stop if src.text(stop) != "{" else stop + 1
        limit = min(end, k + NEAR)
        while k < limit and len(uses) < 8:
            if src.text(k) == pointer and src.text(k - 1) not in (".", "->"):
                a = k
                while a > start + 1 and src.text(a - 1) not in (";", "{", "}"):
                    a -= 1
                uses.append((a, src.statement_end(a, end)))
                k = uses[-1][1]
            k += 1
    else:
        uses.append((s, stop))
    for a, b in uses:
        found = _env_assignment(src, a, b, start, end, pointer)
        if found is not None:
            return found
    return "", "", "", "import could not follow the variable's value"


def _env_assignment(
    src: Source, a: int, b: int, start: int, end: int, pointer: str
) -> tuple[str, str, str, str] | None:
    """``[T] V = E ? CONVERT(E) : DEFAULT;`` (or with the test reversed),
    ``V = CONVERT(E);`` / ``V = E[0] == '1';`` with V declared before with its
    default, ``if (E[0] == '1') { V = true; }``."""
    guard = ""
    if src.text(a) == "if" and src.text(a + 1) == "(":
        guard = src.span(a + 2, src.closes(a + 1))
        a = src.closes(a + 1) + 1
        if src.text(a) == "{":
            a += 1
        b = src.statement_end(a, end)
    eq = next((k for k in range(a, b) if src.text(k) == "=" and src.kind(k - 1) == "id"), -1)
    if eq < 0:
        return None
    name, decl, rhs = src.text(eq - 1), src.span(a, eq - 1), src.span(eq + 1, b)
    kind = SCALAR_TYPES.get(base_type(decl), "") if decl else ""
    if "?" in rhs:
        q = next(k for k in range(eq + 1, b) if src.text(k) == "?")
        c = next((k for k in range(q + 1, b) if src.text(k) == ":"), -1)
        if c < 0:
            return None
        cond = src.span(eq + 1, q).replace(" ", "")
        absent = cond.startswith("!") or "==nullptr" in cond or "==NULL" in cond
        value, fallback = ((c + 1, b), (q + 1, c)) if absent else ((q + 1, c), (c + 1, b))
        conversion = _conversion(src.span(*value))
        kind = kind or conversion
        lit = _literal(src.span(*src.unwrap(*fallback)))
        if lit is None:
            return name, kind, "", f"the default {src.span(*fallback)!r} is not a literal"
        return name, kind, _default(lit[0], kind), "" if kind else f"the type of {name}"
    conversion = _conversion(rhs) or (
        "bool" if rhs in ("true", "false") and (_IS_ONE.search(guard) or pointer in guard) else ""
    )
    if not conversion:
        return None
    for k in range(max(start + 1, a - NEAR), a):  # the declaration before, with the default
        if src.text(k) == name and src.text(k + 1) == "=" and src.kind(k - 1) == "id":
            stop = src.statement_end(k, end)
            kind = SCALAR_TYPES.get(base_type(src.span(k - 1, k)), "") or conversion
            lit = _literal(src.span(*src.unwrap(k + 2, stop)))
            if lit is None:
                return name, kind, "", f"the default {src.span(k + 2, stop)!r} is not a literal"
            return name, kind, _default(lit[0], kind), ""
    return name, kind or conversion, "", f"{name} has no literal default before the getenv"


def _default(value: str, kind: str) -> str:
    if kind == "bool" and value not in ("true", "false"):
        return "false" if value in ("0", "0.0") else "true"
    if kind in ("int", "int64") and "." in value:
        return str(int(float(value)))
    return value
