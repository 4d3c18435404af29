"""YAML loading that remembers where every value came from, and holds against any file.

Specs are small and hand-written, so every error must point at a line. A spec
also comes from people and programs we do not control, so the loader accepts a
deliberately small YAML:

- at most ``MAX_FILE_BYTES`` of UTF-8 and ``MAX_DEPTH`` levels of nesting
  (checked while composing, so no input recurses deeper);
- no anchors, aliases or explicit tags (``&a``, ``*a``, ``!!omap``): no spec
  needs them, and they are how a small file expands into a huge value;
- plain scalars resolved by the YAML 1.2 core schema (``yes`` is a string,
  ``010`` is ten); integers must fit int64, floats must be finite;
- strings free of control characters, surrogates, bidirectional overrides and
  unassigned code points, so no text a spec carries can hide from a reader;
- mapping keys are strings, each key once.

Mappings and lists carry the line of each entry. Every problem is a
``YamlProblem`` with its line and, where known, the field path; the loader
reports all of a file's problems together.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, CollectionStartEvent, NodeEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

MAX_FILE_BYTES = 64 * 1024  # ten times the largest real spec (~6 KB)
MAX_DEPTH = 12  # real specs nest 5 deep (spec, tensors, tensor, values, sample)
MAX_STRING_CHARS = 4096  # one scalar: a doc paragraph, never a file
SHOW_CHARS = 80  # how much of a bad value a message quotes


@dataclass(frozen=True)
class Loc:
    """A position in a spec file (1-based line)."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


class LocDict(dict[str, Any]):
    """A YAML mapping with the line of the mapping and of each key."""

    line: int
    key_lines: dict[str, int]


class LocList(list[Any]):
    """A YAML sequence with the line of the sequence and of each item."""

    line: int
    item_lines: list[int]


@dataclass(frozen=True)
class YamlProblem:
    line: int
    where: str  # field path such as "tensors[2].doc", or "" at the top
    message: str


class YamlErrors(Exception):
    def __init__(self, problems: list[YamlProblem]) -> None:
        super().__init__("; ".join(f"line {p.line}: {p.message}" for p in problems))
        self.problems = problems


def show(value: Any) -> str:
    """A value as a message quotes it: repr (control characters escaped),
    cut to ``SHOW_CHARS`` characters. Never formats more than it shows."""
    if isinstance(value, str):
        text = repr(value[: SHOW_CHARS + 1])
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return f"a {value.bit_length()}-bit integer"
    elif isinstance(value, (list, dict)):
        text = repr(value)  # bounded: the file is at most MAX_FILE_BYTES
    else:
        text = repr(value)
    return text if len(text) <= SHOW_CHARS else text[: SHOW_CHARS - 3] + "..."


def field_name(key: str) -> str:
    """A mapping key as part of a field path: itself when short and printable,
    else quoted and cut like any value."""
    return key if len(key) <= SHOW_CHARS and key.isprintable() else show(key)


# ---------------------------------------------------------------- characters

# Bidirectional controls reorder how text is displayed ("Trojan Source"); most
# are also format characters (Cf), named by this kind first.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Code points Unicode marks default-ignorable (drawn as nothing) that are not
# format characters: Hangul fillers, the combining grapheme joiner, Khmer
# inherent vowels, Mongolian and other variation selectors.
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)

_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

_KINDS = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Cn": "an unassigned code point",
    "Co": "a private-use character",
    "Cf": "an invisible format character",
    "Zl": "a line separator; a line ends at \\n",
    "Zp": "a paragraph separator; a line ends at \\n",
}


def bad_char(text: str) -> str | None:
    """Why ``text`` may not appear in a spec, naming its first bad character:
    control characters (but tab and line ends), surrogates, unassigned and
    private-use code points, and everything drawn as nothing or as a line end
    an editor may not show (format characters such as zero-width spaces, soft
    hyphens, tag characters and bidirectional controls; U+2028, U+2029)."""
    if text.isascii() and not _ASCII_CONTROL.search(text):
        return None  # the common case, without a look at each character
    for ch in text:
        if ch in "\t\n\r":
            continue
        category = unicodedata.category(ch)
        if category in _KINDS or ch in _BIDI:
            kind = "a bidirectional control" if ch in _BIDI else _KINDS[category]
            return f"U+{ord(ch):04X} ({kind})"
        if _IGNORABLE.match(ch):
            return f"U+{ord(ch):04X} (an invisible character)"
    return None


def shown_path(path: str) -> str:
    """A file or directory path as a message prints it: itself when printable,
    else with every unprintable character escaped (a newline in a directory
    name must not split the message), never cut."""
    return path if path.isprintable() else repr(path)[1:-1]


# ---------------------------------------------------------------- composing


class _ComposeError(yaml.MarkedYAMLError):
    pass


class _Restricted:
    """Composition with the restrictions above, over any source of events."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]
        start = event.start_mark
        # libyaml's marks are another class; errors want PyYAML's.
        mark = yaml.Mark(start.name, start.index, start.line, start.column, None, 0)
        if isinstance(event, AliasEvent):
            raise _ComposeError(
                None, None, "aliases (*name) are not allowed; write the value out", mark
            )
        assert isinstance(event, NodeEvent)
        if event.anchor is not None:
            raise _ComposeError(
                None, None, "anchors (&name) are not allowed; write the value out", mark
            )
        if isinstance(event, (ScalarEvent, CollectionStartEvent)) and event.tag is not None:
            raise _ComposeError(
                None,
                None,
                f"explicit tags ({show(event.tag)}) are not allowed; write plain values",
                mark,
            )
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _ComposeError(None, None, f"nested more than {MAX_DEPTH} levels deep", mark)
        try:
            return Composer.compose_node(self, parent, index)  # type: ignore[arg-type]
        finally:
            self._depth -= 1


class _PyComposer(_Restricted, Reader, Scanner, Parser, Composer, BaseResolver):
    """PyYAML's pure-Python reader, scanner and parser."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        BaseResolver.__init__(self)


class _Refused(yaml.YAMLError):
    """The fast composer met something the restrictions refuse (or YAML it does
    not handle): the Python composer decides again, and words the error."""


if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _CComposer(CParser):
        """libyaml's scanner and parser (40 times faster) with a lean composer
        for what the restrictions accept; anything else raises _Refused, and
        the Python composer, which refuses the same things (tested), reports it."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)

        def get_single_node(self) -> Node | None:
            self.get_event()  # stream start
            node = None
            if not self.check_event(yaml.StreamEndEvent):
                self.get_event()  # document start
                node = self._node(1)
                self.get_event()  # document end
            if not self.check_event(yaml.StreamEndEvent):
                raise _Refused("more than one document")
            return node

        def _node(self, depth: int) -> Node:
            event: Any = self.get_event()  # libyaml's events, typed loosely by the stubs
            kind = type(event)
            if depth > MAX_DEPTH or kind is AliasEvent:
                raise _Refused("nested too deep, or an alias")
            if event.anchor is not None or event.tag is not None:
                raise _Refused("an anchor or a tag")
            if kind is ScalarEvent:
                return ScalarNode(
                    "", event.value, event.start_mark, event.end_mark, style=event.style
                )
            if kind is yaml.SequenceStartEvent:
                items = []
                while not self.check_event(yaml.SequenceEndEvent):
                    items.append(self._node(depth + 1))
                end: Any = self.get_event()
                return SequenceNode("", items, event.start_mark, end.end_mark)
            pairs = []
            while not self.check_event(yaml.MappingEndEvent):
                key = self._node(depth + 1)
                pairs.append((key, self._node(depth + 1)))
            end_event: Any = self.get_event()
            return MappingNode("", pairs, event.start_mark, end_event.end_mark)

    COMPOSERS: dict[str, type] = {"libyaml": _CComposer, "python": _PyComposer}
else:  # PyYAML built without libyaml: the same language, slower
    COMPOSERS = {"python": _PyComposer}
COMPOSER = next(iter(COMPOSERS))


# ---------------------------------------------------------------- resolving

# The YAML 1.2 core schema, for plain (unquoted) scalars only.
_NULL = re.compile(r"(?:~|null|Null|NULL|)\Z")
_TRUE = re.compile(r"(?:true|True|TRUE)\Z")
_FALSE = re.compile(r"(?:false|False|FALSE)\Z")
_INT10 = re.compile(r"[-+]?[0-9]+\Z")
_INT8 = re.compile(r"0o[0-7]+\Z")
_INT16 = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_NONFINITE = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z|\.(?:nan|NaN|NAN)\Z")

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
_MAX_INT_DIGITS = 24  # any int64 in any base fits; int() never sees a huge string


# Names a list item in field paths: (path of the list, index, the item's `name`
# if it is a mapping with a plain string one) -> path of the item.
ItemLabel = Callable[[str, int, "str | None"], str]


def _index_label(parent: str, index: int, name: str | None) -> str:
    return f"{parent}[{index}]"


def _item_name(node: Node) -> str | None:
    if not isinstance(node, MappingNode):
        return None
    for key, value in node.value:
        if isinstance(key, ScalarNode) and key.value == "name" and isinstance(value, ScalarNode):
            return str(value.value)
    return None


class _Converter:
    def __init__(self, item_label: ItemLabel) -> None:
        self.problems: list[YamlProblem] = []
        self.item_label = item_label

    def problem(self, node: Node, where: str, message: str) -> None:
        self.problems.append(YamlProblem(node.start_mark.line + 1, where, message))

    def convert(self, node: Node, where: str) -> Any:
        if isinstance(node, MappingNode):
            return self.mapping(node, where)
        if isinstance(node, SequenceNode):
            result = LocList(
                self.convert(child, self.item_label(where, i, _item_name(child)))
                for i, child in enumerate(node.value)
            )
            result.line = node.start_mark.line + 1
            result.item_lines = [child.start_mark.line + 1 for child in node.value]
            return result
        assert isinstance(node, ScalarNode)
        return self.scalar(node, where)

    def mapping(self, node: MappingNode, where: str) -> LocDict:
        result = LocDict()
        result.line = node.start_mark.line + 1
        result.key_lines = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key = self.scalar(key_node, where) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, str):
                got = show(key) if isinstance(key_node, ScalarNode) else "a collection"
                self.problem(key_node, where, f"keys must be strings, got {got}")
                continue
            field = f"{where}.{field_name(key)}" if where else field_name(key)
            if key in result:
                self.problem(
                    key_node,
                    field,
                    f"duplicate key {show(key)} (first at line {result.key_lines[key]})",
                )
                continue
            result[key] = self.convert(value_node, field)
            result.key_lines[key] = line
        return result

    def scalar(self, node: ScalarNode, where: str) -> Any:
        text: str = node.value
        if len(text) > MAX_STRING_CHARS:
            self.problem(node, where, f"a value is limited to {MAX_STRING_CHARS} characters")
            return None
        bad = bad_char(text)
        if bad is not None:
            self.problem(node, where, f"contains {bad}, which a spec may not contain")
            return None
        if node.style:  # quoted or block: always a string (plain: None or "")
            return text
        if _NULL.match(text):
            return None
        if _TRUE.match(text):
            return True
        if _FALSE.match(text):
            return False
        if _INT10.match(text) or _INT8.match(text) or _INT16.match(text):
            if len(text) > _MAX_INT_DIGITS:
                self.problem(node, where, f"integer {show(text)} does not fit int64")
                return None
            value = (
                int(text[2:], 8)
                if text.startswith("0o")
                else int(text, 0 if text.startswith("0x") else 10)
            )
            if not INT_MIN <= value <= INT_MAX:
                self.problem(node, where, f"integer {show(text)} does not fit int64")
                return None
            return value
        if _NONFINITE.match(text):
            self.problem(node, where, f"{text} is not allowed; numbers in a spec are finite")
            return None
        if _FLOAT.match(text):
            value_f = float(text)
            if value_f in (float("inf"), float("-inf")):
                self.problem(node, where, f"{show(text)} is too large for a float64")
                return None
            return value_f
        return text


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def load_bytes(data: bytes, item_label: ItemLabel = _index_label, composer: str = COMPOSER) -> Any:
    """Parse a spec file's bytes; raises YamlErrors listing every problem found.
    ``item_label`` spells the field path of a list item in messages; ``composer``
    as for ``load``."""
    if len(data) > MAX_FILE_BYTES:
        raise YamlErrors(
            [
                YamlProblem(
                    1, "", f"the file has {len(data)} bytes; a spec is at most {MAX_FILE_BYTES}"
                )
            ]
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise YamlErrors(
            [YamlProblem(line, "", "not UTF-8 text; save the spec as UTF-8")]
        ) from None
    return load(text, item_label, composer)


# What libyaml reads where PyYAML refuses it (found by the spec fuzzer, which
# loads every case both ways): a tab taken for a space ("a:\tb"), a '?' inside
# a plain scalar in a flow collection ("[a?b]"), a comment right after a block
# scalar's header (">-#"). A spec holding one (none of the real ones does) is
# read by the Python path alone, so both paths decide every file alike.
_PYTHON_ONLY = re.compile(r"\t|\?|[|>][-+0-9]{0,2}#")


def load(text: str, item_label: ItemLabel = _index_label, composer: str = COMPOSER) -> Any:
    """Parse YAML text; raises YamlErrors listing every problem found. ``composer``
    picks the event source (libyaml where PyYAML has it; the tests compare both)."""
    if len(text) > MAX_FILE_BYTES:
        raise YamlErrors([YamlProblem(1, "", f"a spec is at most {MAX_FILE_BYTES} characters")])
    text = text.removeprefix("\ufeff")
    # PyYAML's reader rejects these too, but reports a character offset; name the line.
    # A line ends at \n (or \r\n): the other breaks YAML counts (a lone \r,
    # U+0085, U+2028, U+2029) are refused, so YAML's line numbers and an
    # editor's are the same.
    problems = []
    for number, line_text in enumerate(text.split("\n"), 1):
        bad = bad_char(line_text)
        if bad is None and "\r" in line_text.removesuffix("\r"):
            bad = "U+000D (a carriage return not followed by \\n; a line ends at \\n)"
        if bad is not None:
            problems.append(
                YamlProblem(number, "", f"contains {bad}, which a spec may not contain")
            )
    if problems:
        raise YamlErrors(problems)
    if _PYTHON_ONLY.search(text):
        composer = "python"
    try:
        try:
            node = COMPOSERS[composer](text).get_single_node()
        except yaml.YAMLError:
            if composer == "python":
                raise
            # The same decision either way (tested); PyYAML words and places the
            # error the way the rest of our messages are, so it reports it.
            node = COMPOSERS["python"](text).get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        message = str(exc.problem or exc.context or "invalid YAML")
        raise YamlErrors([YamlProblem(line, "", message)]) from None
    except yaml.YAMLError as exc:  # unmarked: name the first line
        raise YamlErrors([YamlProblem(1, "", show(str(exc)))]) from None
    if node is None:
        return None
    converter = _Converter(item_label)
    value = converter.convert(node, "")
    if converter.problems:
        raise YamlErrors(converter.problems)
    return value


__all__ = [
    "Loc",
    "LocDict",
    "LocList",
    "YamlErrors",
    "YamlProblem",
    "bad_char",
    "field_name",
    "load",
    "load_bytes",
    "show",
]
