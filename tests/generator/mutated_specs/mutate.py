"""Hostile spec files made by mutating the real ones.

A case starts from a real spec (every file in opspec/ and the example op), then
applies one to four mutations, each chosen by a ``Chooser`` (the test harness's
drawer, tests/harness/draw.py) so the same code runs under Hypothesis (which
shrinks a failure to its smallest form) and under a seeded ``random.Random``
(the long run, which counts outcomes over thousands of cases). Mutations work on the parsed tree (structural and semantic: any field
deleted, duplicated, retyped, renamed, reordered, a shape rewritten) and on
the YAML text (YAML features no spec needs, broken bytes, sizes past the limits).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from tests import ROOT
from tests.harness.draw import Chooser, choice

SPEC_FILES = sorted((ROOT / "opspec").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "fixtures").glob("*/opspec/*.yaml")
)


@dataclass(frozen=True)
class Case:
    stem: str  # the file is <stem>.yaml
    text: str | bytes
    mutations: tuple[str, ...]  # what was done, for the report


# ---------------------------------------------------------------- catalogs

# Text a hostile author puts where a spec takes free text or names.
HOSTILE_TEXT = [
    '""" + str(__import__("os").system("echo INJECTED")) + """',
    '"""',
    "'''",
    'a"',
    "ends in a backslash \\",
    "\\",
    "\\N",
    "\\x",
    "\\u12",
    "\\N{BULLET}",
    "*/ int injected; /*",
    "// comment",
    "\\\nint injected;",
    "line\nbreak",
    "tab\there",
    "nul\x00byte",
    "lone \ud800 surrogate",
    "bidi \u202e override",
    "zero\u200bwidth",
    "??/",
    "{{ jinja }} {% if %}",
    "${shell}",
    "émoji 🚀 ünïcode",
    "x" * 5000,
    "",
    " ",
    "%s%n%x",
    "</script>",
    '"); system("rm -rf /"); ("',
]

HOSTILE_NAMES = [
    "tuple",
    "list",
    "len",
    "print",
    "errno",
    "assert",
    "stdin",
    "linux",
    "NULL",
    "EOF",
    "launch_xpu3_sim",
    "xpu3_kernel",
    "ctx",
    "run",
    "kernels",
    "class",
    "lambda",
    "x1",
    "x_1",
    "t",
    "k_x_min",
    "a_tensor",
    "opforge_x",
    "y__z",
    "_private",
    "CamelCase",
    "with space",
    "a" * 48,
    "a" * 49,
    "a" * 1000,
    "1x",
    "",
    "é",
    "module",
    "note",
    "error",
    "m",
    "n",
    "shape",
    "enum",
    # what the runtime declares in namespace opforge, which an op's namespace would hide
    "numel",
    "span",
    "xpu3_sim",
    "check_required",
    "value_checks",
    # what another op's generated files add to its name (kernel_decls/<op>_xpu3.h)
    "rebuild_padding_xpu3",
]

HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2**31,
    2**63 - 1,
    2**63,
    -(2**63) - 1,
    10**400,
    1.5,
    -0.0,
    1e300,
    float("inf"),
    float("-inf"),
    float("nan"),
    [],
    {},
    [[]],
    {"a": 1},
    "yes",
    "no",
    "on",
    "null",
    "1e3",
    "0x10",
    *HOSTILE_TEXT[:8],
]

HOSTILE_SHAPES: list[Any] = [
    [],
    ["n"] * 9,
    ["token_num - token_num"],
    ["max_bsz - 1"],
    ["real_bsz + 1 - max_bsz"],
    ["undefined_dim"],
    ["seed"],
    ["max_bsz ** 2"],
    ["max_bsz // 0"],
    ["max_bsz // max_bsz"],
    ["-1"],
    [-1],
    [2**31],
    [2**62],
    ["n" + " + n" * 60],
    ["(" * 60 + "n" + ")" * 60],
    ["__import__('os')"],
    ["lambda: 0"],
    ["1 if True else 2"],
    ["max_bsz\\"],
    [1.5],
    [True],
    [None],
    ["3"],
    [0],
    # literals alone: C++ would evaluate them in int, where they overflow
    ["65536 * 65536"],
    ["2147483647 * 2147483647 + 5"],
    ["3 * 1000000000 // 7"],
    ["max_bsz * (65536 * 65536)"],
]

FIELD_NAMES = [
    "op",
    "doc",
    "kernels",
    "dims",
    "dtype_sets",
    "tensors",
    "attrs",
    "sweep",
    "reference",
    "name",
    "dtype",
    "shape",
    "role",
    "optional",
    "required_when",
    "host",
    "fill",
    "rows",
    "value_of",
    "values",
    "type",
    "default",
    "min",
    "max",
    "at_most",
    "env",
    "attr",
    "above",
    "prefix_sum_of",
    "total",
    "probability_rows",
    "density",
    "sample",
    "uniform",
    "nonsense",
]

# Whole lines inserted into the YAML text.
YAML_SNIPPETS = [
    "lol: &a [x, x, x, x, x, x, x, x, x]\nlol2: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n",
    "anchor: &x 1\nalias: *x\n",
    "tagged: !!omap [a: 1]\n",
    "obj: !!python/object/apply:os.system [echo INJECTED]\n",
    "when: 2020-01-01\n",
    "<<: {op: merged}\n",
    "---\nop: second_document\n",
    "%YAML 1.1\n---\n",
    "\tindented: with a tab\n",
    "deep: " + "[" * 300 + "]" * 300 + "\n",
    "deep_map: " + "{a: " * 200 + "1" + "}" * 200 + "\n",
    "? [complex, key]\n: value\n",
    "1: integer key\n",
    "null: null key\n",
    "big: " + "9" * 5000 + "\n",
    "float: 1e400\n",
    "nan: .nan\n",
    'surrogate: "\\ud800"\n',
    'nul: "\\0"\n',
    "doc: |\n  block\n  scalar\n",
    "'quoted key': 1\n",
    "unterminated: [1, 2\n",
    'unterminated: "abc\n',
    "emoji: 🚀\n",
]


# ---------------------------------------------------------------- the tree


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _strings(root: Any, key: str | None = None) -> list[tuple[Any, ...]]:
    """Paths of string values (of one key, if given)."""
    return [
        p
        for p in _paths(root)
        if p and isinstance(_get(root, p), str) and (key is None or p[-1] == key)
    ]


def _hostile_value(ch: Chooser) -> Any:
    # A copy: the tree is mutated in place later, and an empty list or dict
    # shared with HOSTILE_VALUES grew across cases (a run's cases depended on
    # those before them) until one contained itself (RecursionError in _paths,
    # seeds 0-9,999 of the long run).
    value = copy.deepcopy(choice(ch, HOSTILE_VALUES))
    if ch.integer(0, 5) == 0:  # nest it
        for _ in range(ch.integer(1, 40)):
            value = [value] if ch.integer(0, 1) else {"k": value}
    return value


def m_replace_value(ch: Chooser, root: Any) -> tuple[Any, str]:
    path = choice(ch, _paths(root))
    value = _hostile_value(ch)
    return _set(root, path, value), f"replace {path} by {value!r:.60}"


def m_delete(ch: Chooser, root: Any) -> tuple[Any, str]:
    paths = [p for p in _paths(root) if p]
    path = choice(ch, paths)
    parent = _get(root, path[:-1])
    del parent[path[-1]]
    return root, f"delete {path}"


def m_duplicate_item(ch: Chooser, root: Any) -> tuple[Any, str]:
    lists = [p for p in _paths(root) if isinstance(_get(root, p), list) and _get(root, p)]
    if not lists:
        return root, "no list to duplicate from"
    path = choice(ch, lists)
    items = _get(root, path)
    items.insert(ch.integer(0, len(items)), copy.deepcopy(choice(ch, items)))
    return root, f"duplicate an item of {path}"


def m_reorder(ch: Chooser, root: Any) -> tuple[Any, str]:
    """Benign on its own: tensors and attributes in another order."""
    lists = [p for p in _paths(root) if isinstance(_get(root, p), list) and len(_get(root, p)) > 1]
    if not lists:
        return root, "nothing to reorder"
    path = choice(ch, lists)
    items = _get(root, path)
    i, j = ch.integer(0, len(items) - 1), ch.integer(0, len(items) - 1)
    items[i], items[j] = items[j], items[i]
    return root, f"swap items {i} and {j} of {path}"


def m_add_field(ch: Chooser, root: Any) -> tuple[Any, str]:
    maps = [p for p in _paths(root) if isinstance(_get(root, p), dict)]
    path = choice(ch, maps)
    key = choice(ch, FIELD_NAMES)
    _get(root, path)[key] = _hostile_value(ch)
    return root, f"set {path}.{key}"


def m_hostile_text(ch: Chooser, root: Any) -> tuple[Any, str]:
    """Free text: where spec text must be escaped, never emitted raw."""
    paths = _strings(root, "doc") or _strings(root)
    path = choice(ch, paths)
    text = choice(ch, HOSTILE_TEXT)
    if ch.integer(0, 1):
        text = _get(root, path) + " " + text
    return _set(root, path, text), f"text {path} = {text!r:.60}"


def m_rename(ch: Chooser, root: Any) -> tuple[Any, str]:
    paths = _strings(root, "name") + [p for p in _strings(root) if p[-1] in ("op", "attr")]
    if not paths:
        return root, "nothing to rename"
    path = choice(ch, paths)
    name = choice(ch, HOSTILE_NAMES)
    return _set(root, path, name), f"rename {path} to {name!r:.60}"


def m_rename_key(ch: Chooser, root: Any) -> tuple[Any, str]:
    """Dims, dtype sets, enum members and conditions are named by mapping keys."""
    maps = [
        p
        for p in _paths(root)
        if p
        and p[-1] in ("dims", "dtype_sets", "values", "required_when", "sweep")
        and isinstance(_get(root, p), dict)
        and _get(root, p)
    ]
    if not maps:
        return root, "no key to rename"
    path = choice(ch, maps)
    mapping = _get(root, path)
    old = choice(ch, list(mapping))
    new = choice(ch, HOSTILE_NAMES)
    renamed = {(new if k == old else k): v for k, v in mapping.items()}
    return _set(root, path, renamed), f"rename key {old!r} of {path} to {new!r:.60}"


def m_shape(ch: Chooser, root: Any) -> tuple[Any, str]:
    paths = [p for p in _paths(root) if p and p[-1] == "shape"]
    if not paths:
        return root, "no shape"
    path = choice(ch, paths)
    if ch.integer(0, 2) == 0:
        # a reference to some other name of the spec: a tensor, an attribute, a dim
        others = [_get(root, p) for p in _strings(root, "name")]
        shape = [choice(ch, others)] if others else []
    else:
        shape = copy.deepcopy(choice(ch, HOSTILE_SHAPES))
    return _set(root, path, shape), f"shape {path} = {shape!r:.60}"


def m_flip_enum(ch: Chooser, root: Any) -> tuple[Any, str]:
    """Roles, dtypes, kinds, flags: another legal or illegal spelling."""
    fields = {
        "role": ["in", "inout", "out", "scratch", "output", ""],
        "dtype": ["bool", "int32", "int64", "float32", "float16", "bfloat16", "T", "float64"],
        "type": ["int", "int64", "float", "bool", "enum", "string"],
        "optional": [True, False, "no", 0],
        "host": [True, False, "yes"],
        "probability_rows": [True, False, "no"],
    }
    paths = [p for p in _paths(root) if p and p[-1] in fields]
    if not paths:
        return root, "no field to flip"
    path = choice(ch, paths)
    value = choice(ch, fields[path[-1]])
    return _set(root, path, value), f"{path} = {value!r}"


def m_bound(ch: Chooser, root: Any) -> tuple[Any, str]:
    """A dim or value bound naming something else (a value bound may name int
    attributes: alone, or in an expression with a dim or another name), or nothing."""
    maps = [
        p
        for p in _paths(root)
        if p and isinstance(_get(root, p), dict) and p[0] in ("dims", "tensors")
    ]
    if not maps:
        return root, "no bound"
    path = choice(ch, maps)
    names = [_get(root, p) for p in _strings(root, "name")] + ["nowhere", "max_bsz - 1"]
    key = choice(ch, ["min", "max", "above", "at_most", "total", "prefix_sum_of", "sample"])
    value: Any = choice(ch, names) if ch.integer(0, 1) else _hostile_value(ch)
    if isinstance(value, str) and ch.integer(0, 2) == 0:
        value = choice(ch, [f"{value} - 1", f"{value} + {choice(ch, names)}", f"2 * {value}"])
    if key == "sample" and ch.integer(0, 1):
        value = [0, value]
    _get(root, path)[key] = value
    return root, f"{path}.{key} = {value!r:.60}"


def m_rows(ch: Chooser, root: Any) -> tuple[Any, str]:
    """A tensor's rows counted by another of the spec's names (a tensor of any
    role, dtype and shape, an attribute, a dim, itself), or its `rows` moved."""
    tensors = [p for p in _paths(root) if len(p) == 2 and p[0] == "tensors"]
    tensors = [p for p in tensors if isinstance(_get(root, p), dict)]
    if not tensors:
        return root, "no tensor"
    path = choice(ch, tensors)
    others = [_get(root, p) for p in _strings(root, "name")]
    if not others:
        return root, "no name"
    count = choice(ch, others)
    _get(root, path)["rows"] = count
    return root, f"rows of {path} = {count!r:.60}"


def m_value_of(ch: Chooser, root: Any) -> tuple[Any, str]:
    """A dim read from the value of another of the spec's names (a tensor of any
    role, dtype and shape, an attribute, a dim, itself), with or without a
    bound, sometimes one over itself or the value's own source."""
    dims = root.get("dims") if isinstance(root, dict) else None
    if not isinstance(dims, dict) or not dims:
        return root, "no dims"
    name = choice(ch, list(dims))
    others = [_get(root, p) for p in _strings(root, "name")] + list(dims)
    source = choice(ch, others)
    entry = dims[name] if isinstance(dims[name], dict) else {"doc": str(dims[name])}
    entry["value_of"] = source
    bound = choice(ch, [None, "keep", 8, name, f"{choice(ch, list(dims))} * 2", str(source)])
    if bound is None:
        entry.pop("max", None)
    elif bound != "keep":
        entry["max"] = bound
    dims[name] = entry
    return root, f"dims.{name}.value_of = {source!r:.60}, max {bound!r:.40}"


TREE_MUTATIONS: list[Callable[[Chooser, Any], tuple[Any, str]]] = [
    m_replace_value,
    m_delete,
    m_duplicate_item,
    m_reorder,
    m_add_field,
    m_hostile_text,
    m_hostile_text,
    m_rename,
    m_rename_key,
    m_shape,
    m_flip_enum,
    m_bound,
    m_rows,
    m_value_of,
]


# ---------------------------------------------------------------- the text


def t_insert_snippet(ch: Chooser, text: str) -> tuple[str, str]:
    lines = text.splitlines(keepends=True)
    at = ch.integer(0, len(lines))
    snippet = choice(ch, YAML_SNIPPETS)
    return "".join(lines[:at]) + snippet + "".join(lines[at:]), f"insert {snippet!r:.40} at {at}"


def t_truncate(ch: Chooser, text: str) -> tuple[str, str]:
    at = ch.integer(0, len(text))
    return text[:at], f"truncate at {at}"


def t_huge(ch: Chooser, text: str) -> tuple[str, str]:
    what = choice(ch, ["doc", "name", "nesting", "lines"])
    if what == "doc":
        return text + "doc2: " + "y" * 1_000_000 + "\n", "a 1 MB doc"
    if what == "name":
        return text.replace("- name: ", "- name: " + "n" * 1_000_000, 1), "a 1 MB name"
    if what == "nesting":
        return text + "deep: " + "[" * 100_000 + "]" * 100_000 + "\n", "nesting 100,000 deep"
    return text + "k: v\n" * 20_000, "20,000 more lines"


# Characters with a meaning somewhere in YAML, and breaks and spaces of every
# kind: where the two YAML paths could read a file differently.
YAML_PUNCTUATION = [
    *"-?:,[]{}#&*!|>'\"%@`\\.",
    " ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\u2028",
    "\u00a0",
    "\ufeff",
    ": ",
    "- ",
    "? ",
    "...",
    "---",
]


def t_punctuation(ch: Chooser, text: str) -> tuple[str, str]:
    inserted = []
    for _ in range(ch.integer(1, 3)):
        at = ch.integer(0, len(text))
        what = choice(ch, YAML_PUNCTUATION)
        text = text[:at] + what + text[at:]
        inserted.append(f"{what!r} at {at}")
    return text, "insert " + ", ".join(inserted)


TEXT_MUTATIONS: list[Callable[[Chooser, str], tuple[str, str]]] = [
    t_insert_snippet,
    t_insert_snippet,
    t_truncate,
    t_huge,
    t_punctuation,
    t_punctuation,
]


def b_corrupt(ch: Chooser, data: bytes) -> tuple[bytes, str]:
    """Bytes: invalid UTF-8, NUL, a BOM, a flipped byte."""
    at = ch.integer(0, len(data))
    junk = choice(
        ch, [b"\xff", b"\x00", b"\xef\xbb\xbf", b"\xc3", b"\r", b"\x1b[31m", b"\xed\xa0\x80"]
    )
    if ch.integer(0, 1) and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << ch.integer(0, 7))]) + data[
            at + 1 :
        ], f"flip a bit at {at}"
    return data[:at] + junk + data[at:], f"insert {junk!r} at {at}"


# ---------------------------------------------------------------- a case


def _dump(tree: Any) -> str:
    return yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=1_000_000)


_BASES = [(p.stem, yaml.safe_load(p.read_text(encoding="utf-8"))) for p in SPEC_FILES]


def _stem(tree: Any, default: str) -> str:
    """Name the file after the spec's op when that can be a file name (else the
    mismatch alone would reject every case)."""
    op = tree.get("op") if isinstance(tree, dict) else None
    if (
        isinstance(op, str)
        and op
        and len(op) <= 100
        and op.replace("_", "").isalnum()
        and op.isascii()
    ):
        return op
    return default


def draw_case(ch: Chooser) -> Case:
    stem, base = choice(ch, _BASES)
    tree = copy.deepcopy(base)
    done = []
    for _ in range(ch.integer(1, 4)):
        mutate = choice(ch, TREE_MUTATIONS)
        try:
            tree, what = mutate(ch, tree)
        except (KeyError, IndexError, TypeError, AttributeError):  # an earlier mutation moved it
            what = f"{mutate.__name__} skipped"
        done.append(what)
    stem = _stem(tree, stem)
    text = _dump(tree)
    kind = ch.integer(0, 9)
    if kind < 2:
        text, what = choice(ch, TEXT_MUTATIONS)(ch, text)
        done.append(what)
    elif kind == 2:
        data, what = b_corrupt(ch, text.encode("utf-8", "surrogatepass"))
        return Case(stem, data, (*done, what))
    return Case(stem, text, tuple(done))
