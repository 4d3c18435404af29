"""YAML loading that remembers where every value came from.

Specs are small and hand-written, so every error must point at a line. PyYAML's
plain loader forgets positions and silently keeps the last of two equal keys;
this loader returns mappings and lists that carry the line of each entry, and
reports duplicate keys as errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml


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


class YamlSyntaxError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class _Loader(yaml.SafeLoader):
    pass


def _construct(loader: _Loader, node: yaml.Node) -> Any:
    """One value; a tagged value that does not convert (`!!int abc`), or an
    integer past Python's digit limit, is reported at its line."""
    try:
        return loader.construct_object(node, deep=True)
    except YamlSyntaxError:
        raise
    except (yaml.YAMLError, ValueError, KeyError, AttributeError, TypeError) as exc:
        line = node.start_mark.line + 1
        raise YamlSyntaxError(line, f"cannot convert {node.tag} value: {exc}") from None


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocDict:
    result = LocDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = _construct(loader, key_node)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str):
            raise YamlSyntaxError(line, f"keys must be strings, got {key!r}")
        if key in result:
            raise YamlSyntaxError(
                line, f"duplicate key '{key}' (first at line {result.key_lines[key]})"
            )
        result[key] = _construct(loader, value_node)
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocList:
    result = LocList(_construct(loader, child) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load(text: str) -> Any:
    """Parse YAML text; raises YamlSyntaxError with a 1-based line."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise YamlSyntaxError(line, str(exc.problem or exc)) from None
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(1, str(exc)) from None
    except (ValueError, KeyError, AttributeError, TypeError) as exc:
        # An explicit tag whose value does not convert (`!!int abc`), or an
        # integer past Python's digit limit: PyYAML raises these unmarked.
        raise YamlSyntaxError(
            1, f"a value cannot be converted ({type(exc).__name__}: {exc})"
        ) from None
