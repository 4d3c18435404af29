"""Spec text in generated code: one escaping function per target context.

Names reach generated code only after ``names`` has checked them; everything
else a spec writes freely (docs, and the spec's path in stamps) goes through
exactly one of these, chosen by where the text lands. Each returns text that
cannot end its context early, whatever it is given: the tests feed them
hostile strings and lex the result.
"""

from __future__ import annotations

import re

# Characters that end a line or are invisible in a file; a spec cannot contain
# them (yamlsrc), but a path can.
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _visible(text: str) -> str:
    return _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], text)


def cpp_string(text: str) -> str:
    """A C++ string literal holding ``text``."""
    escaped = _UNPRINTABLE.sub(
        lambda m: f"\\{ord(m.group()):03o}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}",
        text.replace("\\", "\\\\").replace('"', '\\"'),
    )
    return f'"{escaped}"'  # C++17 has no trigraphs, so "??/" needs no care


def cpp_comment(text: str) -> str:
    """The text of a ``//`` comment: one line, and no backslash that could end a
    line (a backslash-newline splices the next line, code included, into the
    comment). The formatter reflows comments only at spaces, so a backslash
    followed by a non-space character never ends a line."""
    return re.sub(r"\\(?=\s|$)", '\\\\"', _visible(text))


def py_comment(text: str) -> str:
    """The text of a ``#`` comment: one line."""
    return _visible(text)


def py_docstring(text: str) -> str:
    """Text inside a triple-quoted (non-raw) docstring: backslashes and quotes
    escaped, so no escape sequence or closing quote can form."""
    return _visible(text.replace("\\", "\\\\")).replace('"', '\\"')


# Characters that give Markdown (and the HTML it may hold) structure inside a
# line: code spans, emphasis, strikethrough, links and images (which need a
# '['), tags, entities, table cells. Text lands only after a line's start
# ("| ", "- ", a label) and a doc is one line (the parser collapses
# whitespace), so line-start syntax (#, +, 1.) cannot form.
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|&~])")


def markdown(text: str) -> str:
    """Inline Markdown text (in a paragraph or a table cell) showing ``text``
    literally: every character that could start Markdown or HTML structure is
    backslash-escaped."""
    return _MARKDOWN.sub(r"\\\1", _visible(text))
