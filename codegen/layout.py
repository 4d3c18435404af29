"""Line breaking for the generated C++, so that no formatter runs while generating.

Templates emit one statement per line; this pass breaks the lines longer than
the column limit the way the project's clang-format style would, and leaves
every other line alone. Formatting 1,000 ops with clang-format took ~40 s;
this pass takes well under a second. The generated style is the project's
``.clang-format`` with ``ColumnLimit: 0`` (clang-format then keeps our line
breaks and checks everything else: indentation, spacing, alignment), and
``tests/test_generated_format.py`` holds every generated file — of the real
specs and of drawn ones — to be a fixed point of clang-format in that style.

A long line is broken at its first argument list (call, declaration or
lambda), the first that fits of:

1. every argument on one continuation line (indented 4 more);
2. one argument per line, aligned after the opening parenthesis;
3. one argument per line on continuation lines.

A lone braced list (``f({a, b})``, ``return {a, b};``) is broken inside its
braces, its elements aligned after the '{' (2., however wide); so is a braced
list that is one argument of a broken list (``f(a,\n  {b, c});``).

``if (condition) statement;`` that does not fit puts the statement on its own
line. A line no rule makes fit (an argument longer than the limit) is left
long: correct, only wide.
"""

from __future__ import annotations

import re

LIMIT = 100
INDENT = 2  # a block's or an unbraced if's body
CONTINUATION = 4  # a statement's continuation lines

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}


def layout_cpp(text: str) -> str:
    lines = _align_trailing_comments(_broken(_single_blank_lines(text.split("\n"))))
    return "\n".join(lines)


def _single_blank_lines(lines: list[str]) -> list[str]:
    return [x for i, x in enumerate(lines) if x.strip() or i == 0 or lines[i - 1].strip()]


def _align_trailing_comments(lines: list[str]) -> list[str]:
    """Consecutive lines ending in a `//` comment get their comments in one
    column, two spaces after the longest code (clang-format's alignment)."""
    out: list[str] = []
    run: list[tuple[str, str]] = []
    for line in [*lines, ""]:
        split = _trailing_comment(line)
        if split is not None:
            run.append(split)
            continue
        if run:
            column = max(len(code) for code, _ in run) + 2
            out.extend(code.ljust(column) + comment for code, comment in run)
            run = []
        out.append(line)
    return out[:-1]


def _trailing_comment(line: str) -> tuple[str, str] | None:
    """(code, comment) of a line with code and then a `//` comment."""
    if "//" not in line or line.lstrip().startswith(("//", "#")):
        return None
    start = _LITERAL.sub(_blank, line).find("//")
    if start < 0 or not line[:start].strip():
        return None
    return line[:start].rstrip(), line[start:]


def _broken(lines: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#define") and line.endswith("\\"):
            block = [line]
            while block[-1].endswith("\\") and i + 1 < len(lines):
                i += 1
                block.append(lines[i])
            out.extend(_macro(block))
        else:
            out.extend(break_line(line))
        i += 1
    return out


def _macro(block: list[str]) -> list[str]:
    """A multi-line macro: its body lines broken like code, leaving room for
    the escaped newlines, aligned one space after the longest line (clang-format's Left)."""
    body: list[str] = []
    for line in block:
        body.extend(break_line(line.removesuffix("\\").rstrip(), LIMIT - 2))
    width = max(len(line) for line in body[:-1]) + 1
    return [line.ljust(width) + "\\" for line in body[:-1]] + [body[-1]]


def break_line(line: str, limit: int = LIMIT) -> list[str]:
    if len(line) <= limit:
        return [line]
    stripped = line.lstrip(" ")
    indent = len(line) - len(stripped)
    if stripped.startswith(("//", "#")):
        return [line]
    if stripped.startswith('"'):
        return _split_string(line, indent, limit)
    if stripped.startswith("{"):
        return _break_braced(line, indent)
    if stripped.startswith("if ("):
        close = _matching(_masked(stripped), 3)
        if close is not None and close + 1 < len(stripped) and stripped[close + 1] == " ":
            rest = stripped[close + 2 :]
            if not rest.startswith("{"):
                head = " " * indent + stripped[: close + 1]
                return [head, *break_line(" " * (indent + INDENT) + rest, limit)]
    return _break_arguments(line, indent, limit)


def _break_arguments(line: str, indent: int, limit: int) -> list[str]:
    if line.startswith("return {", indent) and line.endswith("};"):
        open_at, close, braced = indent + len("return "), len(line) - 2, True
    else:
        found = _argument_list(line)
        if found is None:
            return [line]
        open_at, close = found
        braced = line.startswith("{", open_at + 1) and line.startswith("}", close - 1)
        if braced:  # a lone braced list: break inside it
            open_at, close = open_at + 1, close - 1
    args = _split_arguments(line[open_at + 1 : close])
    if not args:
        return [line]
    head, tail = line[: open_at + 1], line[close:]
    pad = " " * (indent + CONTINUATION)
    one_line = pad + ", ".join(args) + tail
    if len(one_line) <= limit and not braced:
        return [head, one_line]
    aligned = [head + args[0]] + [" " * len(head) + a for a in args[1:]]
    fits = all(len(x) + 1 <= limit for x in aligned[:-1]) and len(aligned[-1] + tail) <= limit
    if fits or braced:  # clang-format keeps a braced list's elements after its '{'
        return [x + "," for x in aligned[:-1]] + [aligned[-1] + tail]
    lines = [pad + a + "," for a in args[:-1]] + [pad + args[-1] + tail]
    return [head] + [part for x in lines for part in break_line(x, limit)]


def _braced_tail(line: str, indent: int) -> int | None:
    """Index of the '}' closing a braced list that starts the line at `indent`
    and is followed by nothing but ',' or ')' and ';' (an argument of a list)."""
    close = _matching(_masked(line), indent)
    if close is None or line[close + 1 :] not in ("", ",", ")", ");"):
        return None
    return close


def _break_braced(line: str, indent: int) -> list[str]:
    """A braced list that is an argument on its own line: its elements one per
    line, aligned after the '{' (as clang-format keeps them)."""
    close = _braced_tail(line, indent)
    if close is None:
        return [line]
    args = _split_arguments(line[indent + 1 : close])
    if len(args) < 2:
        return [line]
    head, tail = line[: indent + 1], line[close:]
    aligned = [head + args[0]] + [" " * len(head) + a for a in args[1:]]
    return [x + "," for x in aligned[:-1]] + [aligned[-1] + tail]


def _split_string(line: str, indent: int, limit: int) -> list[str]:
    """A string literal (and what ends its line) too long for one line: adjacent
    literals, split after spaces, one per line; C++ joins them back."""
    close = _literal_end(line, indent)
    if close is None:
        return [line]
    text, tail = line[indent + 1 : close], line[close + 1 :]
    pad = " " * indent
    pieces: list[str] = []
    while len(pad) + len(text) + 2 + len(tail) > limit:
        room = limit - len(pad) - 2
        cut = text.rfind(" ", 0, room) + 1
        if cut <= 0:
            break
        pieces.append(text[:cut])
        text = text[cut:]
    return [f'{pad}"{p}"' for p in pieces] + [f'{pad}"{text}"{tail}']


def _literal_end(line: str, start: int) -> int | None:
    i = start + 1
    while i < len(line):
        if line[i] == "\\":
            i += 2
        elif line[i] == '"':
            return i
        else:
            i += 1
    return None


_TAILS = re.compile(r"\)[;,]?( \{)?$")


def _argument_list(line: str) -> tuple[int, int] | None:
    """(open, close) of the argument list that ends the statement on this line —
    a call's, declaration's or lambda's: a '(' outside literals after a name,
    a template argument list or a lambda's '[]', whose ')' is followed by
    nothing but ';', ',' or ' {'."""
    code = _masked(line)
    i = code.find("(")
    while i > 0:
        if code[i - 1].isalnum() or code[i - 1] in "_>]":
            close = _matching(code, i)
            if close is not None and _TAILS.match(line, close):
                return i, close
        i = code.find("(", i + 1)
    return None


_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')


def _masked(line: str) -> str:
    """The line with every string and character literal's contents blanked
    (same length, so indices carry over) and any `//` comment cut off; what
    remains is code, safe to scan for brackets and commas."""
    code = _LITERAL.sub(_blank, line) if ('"' in line or "'" in line) else line
    comment = code.find("//")
    return code if comment < 0 else code[:comment]


def _blank(literal: re.Match[str]) -> str:
    quote = literal[0][0]
    return quote + "_" * (len(literal[0]) - 2) + quote


_BRACKET = re.compile(r"[()\[\]{}]")
_SEPARATOR = re.compile(r"[()\[\]{}<>,]")


def _matching(code: str, open_at: int) -> int | None:
    """Index of the bracket closing the one at `open_at`, in masked code."""
    depth = 0
    for m in _BRACKET.finditer(code, open_at):
        if m[0] in _OPEN:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return m.start()
    return None


def _split_arguments(inner: str) -> list[str]:
    """Top-level comma-separated arguments; a comma inside (), [], {} or a
    template argument list (a '<' right after a name) does not split."""
    code = _masked(inner)
    parts, depth, angle, start = [], 0, 0, 0
    for m in _SEPARATOR.finditer(code):
        i, c = m.start(), m[0]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif c == "<" and i > 0 and (code[i - 1].isalnum() or code[i - 1] == "_"):
            angle += 1
        elif c == ">" and angle > 0 and code[i - 1] != "-":
            angle -= 1
        elif c == "," and depth == 0 and angle == 0:
            parts.append(inner[start:i].strip())
            start = i + 1
    last = inner[start:].strip()
    if last or parts:
        parts.append(last)
    return parts
