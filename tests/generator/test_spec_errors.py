"""The spec parser: every malformed spec is a SpecErrors that names file, line and field.

Each malformed spec is the valid ``BASE`` below with one textual edit, so the line
numbers are under our control: the line an error must be reported at is marked in
the edited text with a trailing ``#<`` YAML comment (or given explicitly), and the
test asserts that exact line, that the field is named, and the message's key words.

Every real spec (opspec/) must parse.
"""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen.emit import render
from codegen.model import (
    AttrType,
    Condition,
    DimBinOp,
    DimConst,
    DimRef,
    DType,
    DTypeVar,
    Role,
    UniformFill,
)
from codegen.parse import SpecError, SpecErrors, load_spec, load_specs
from tests import ROOT

SPECS = ROOT / "opspec"
MARK = "#<"

# A small valid spec using every construct. Line numbers (referred to below):
BASE = """\
op: demo
kernels: [cpu]
doc: a small valid op
dims:
  n: rows
  m: columns
dtype_sets:
  T: [float32, float16]
tensors:
  - name: x
    dtype: T
    shape: [n, m]
    doc: read only
  - name: y
    dtype: int32
    shape: [n]
    role: inout
    doc: updated in place
  - name: mask
    dtype: bool
    shape: [m]
    optional: true
    required_when: {mode: [exact]}
    doc: optional, needed when mode is exact
  - name: noise
    dtype: float32
    shape: [2 * n + 1]
    role: scratch
    fill: {uniform: seed}
    doc: uniform draws
attrs:
  - name: mode
    type: enum
    values: {fast: 0, exact: 1}
    default: fast
    doc: how
  - name: seed
    type: int64
    default: -1
    min: -1
    doc: seed of the draws
"""
# 1 op, 2 kernels, 5-6 dims n/m, 8 dtype set T, 10/14/19/25 tensors x/y/mask/noise
# (12 x.shape, 15 y.dtype, 16 y.shape, 17 y.role, 22 mask.optional, 23 mask.required_when,
# 29 noise.fill), 32/37 attrs mode/seed (34 values, 35 mode.default, 39 seed.default).
BASE_LINES = BASE.splitlines()
assert BASE_LINES[15] == "    shape: [n]" and BASE_LINES[36] == "  - name: seed"


def edit(text: str, *changes: tuple[str, str]) -> str:
    """Replace each ``old`` (which must occur exactly once) by ``new``."""
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in the base"
        text = text.replace(old, new)
    return text


def after(anchor: str, added: str) -> tuple[str, str]:
    """A change inserting ``added`` lines right after the (unique) line ``anchor``."""
    return (anchor + "\n", anchor + "\n" + added)


def marked_line(text: str) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith(MARK)]
    assert len(lines) == 1, f"expected one {MARK} marker, found lines {lines}"
    return lines[0]


def write(directory: Path, text: str, name: str = "demo") -> Path:
    path = directory / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(path: Path, root: Path) -> list[SpecError]:
    with pytest.raises(SpecErrors) as info:
        load_spec(path, root)
    assert info.value.errors, "SpecErrors with no errors"
    assert all(isinstance(e, SpecError) for e in info.value.errors)
    return info.value.errors


def listing(errors: list[SpecError]) -> str:
    return "\n".join(str(e) for e in errors)


# ---------------------------------------------------------------- the malformed specs


@dataclass(frozen=True)
class Bad:
    id: str
    text: str
    where: tuple[str, ...]  # words the error's field must contain (() for file-level errors)
    words: tuple[str, ...]  # key words of the message
    line: int | None = None  # the line to report; default: the line marked #<
    alone: bool = True  # the file's only error (no cascade)

    @property
    def expected_line(self) -> int:
        return self.line if self.line is not None else marked_line(self.text)


ATTR = "  - name: {name}{mark}\n    type: {type}\n{extra}    doc: an extra attribute\n"


def extra_attr(
    name: str, type_: str = "bool", extra: str = "    default: false\n", mark: str = f" {MARK}"
) -> str:
    return BASE + ATTR.format(name=name, mark=mark, type=type_, extra=extra)


def y_values(domain: str, scale: str | None = None, type_: str = "int32") -> str:
    """BASE with y's value domain ``domain`` (its line), y of ``type_``, and,
    given its fields, an attribute ``scale``."""
    text = edit(
        BASE,
        ("    dtype: int32\n    shape: [n]\n", f"    dtype: {type_}\n    shape: [n]\n"),
        ("    role: inout\n", f"    role: inout\n    values: {domain}\n"),
    )
    if scale is not None:
        text += f"  - name: scale\n{scale}    doc: an extra attribute\n"
    return text


# BASE with new outputs: y is cut to the rows its kernel counts into `count`.
ROWS = edit(
    BASE,
    (
        "    role: inout\n    doc: updated in place\n",
        "    role: out\n    rows: count\n    doc: the first count[0] rows written\n"
        "  - name: count\n    dtype: int32\n    shape: [1]\n    role: out\n"
        "    doc: how many rows of y the kernel wrote\n",
    ),
)


def rows_of_y(value: str) -> str:
    """ROWS with y's count named ``value`` (its line marked)."""
    return edit(ROWS, ("    rows: count\n", f"    rows: {value} {MARK}\n"))


COUNT = "  - name: count\n    dtype: int32\n    shape: [1]\n    role: out\n"


def count_with(old: str, new: str) -> str:
    """ROWS with one line of the count tensor changed (y's rows line marked)."""
    return edit(rows_of_y("count"), (COUNT, COUNT.replace(old, new)))


# BASE with a dim read from a tensor's value: k is the value cnt holds, at
# most n * m; the new output z has k elements.
VALUE = edit(
    BASE,
    ("  m: columns\n", "  m: columns\n  k:\n    doc: tokens\n    value_of: cnt\n    max: n * m\n"),
    (
        "    doc: uniform draws\n",
        "    doc: uniform draws\n  - name: cnt\n    dtype: int64\n    shape: [1]\n"
        "    doc: the token count\n  - name: z\n    dtype: int32\n    shape: [k]\n"
        "    role: out\n    doc: one per token\n",
    ),
)
CNT = "  - name: cnt\n    dtype: int64\n    shape: [1]\n"


def value_of(name: str) -> str:
    """VALUE with k read from ``name`` (its line marked)."""
    return edit(VALUE, ("    value_of: cnt\n", f"    value_of: {name} {MARK}\n"))


def cnt_with(old: str, new: str) -> str:
    """VALUE with one line of the tensor cnt changed (k's value_of line marked)."""
    return edit(value_of("cnt"), (CNT, CNT.replace(old, new)))


def fastdeploy(form: str) -> str:
    """BASE with a `fastdeploy:` section whose GPU form is ``form``."""
    return BASE + "fastdeploy:\n  gpu:\n" + form


CASES: list[Bad] = [
    # ---- dims read from a tensor's value (`value_of:`)
    Bad("value-of-undefined", value_of("cnx"), ("k", "value_of"), ("no tensor named 'cnx'",)),
    Bad(
        "value-of-an-attribute",
        value_of("seed"),
        ("k", "value_of"),
        ("'seed' is an attribute", "[1] int32 or int64 input"),
    ),
    Bad(
        "value-of-an-output",
        value_of("z"),
        ("k", "value_of"),
        ("'z' must be an input (role in)", "not an 'out' tensor"),
    ),
    Bad(
        "value-of-in-place",
        value_of("y"),
        ("k", "value_of"),
        ("must be an input (role in) that the op does not write", "'inout'"),
    ),
    Bad(
        "value-of-scratch",
        value_of("noise"),
        ("k", "value_of"),
        ("must be an input (role in)", "'scratch'"),
    ),
    Bad(
        "value-of-optional",
        cnt_with("    shape: [1]\n", "    shape: [1]\n    optional: true\n"),
        ("k", "value_of"),
        ("'cnt' is optional", "in every call"),
    ),
    Bad(
        "value-of-float",
        cnt_with("int64", "float32"),
        ("k", "value_of"),
        ("'cnt' must be int32 or int64", "not float32"),
    ),
    Bad(
        "value-of-bool",
        cnt_with("int64", "bool"),
        ("k", "value_of"),
        ("must be int32 or int64", "not bool"),
    ),
    Bad(
        "value-of-dtype-set",
        cnt_with("int64", "T"),
        ("k", "value_of"),
        ("must be int32 or int64", "not T"),
    ),
    Bad(
        "value-of-two-values",
        cnt_with("[1]", "[2]"),
        ("k", "value_of"),
        ("'cnt' must have shape [1]", "not [2]"),
    ),
    Bad(
        "value-of-per-row",
        cnt_with("[1]", "[n]"),
        ("k", "value_of"),
        ("must have shape [1]", "not [n]"),
    ),
    Bad(
        "value-of-shape-alternatives",
        cnt_with("[1]", "{one_of: [[1], [1, 1]]}"),
        ("k", "value_of"),
        ("must have shape [1]", "not shape alternatives"),
    ),
    Bad(
        "value-of-without-max",
        edit(value_of("cnt"), ("    max: n * m\n", "")),
        ("k", "value_of"),
        ("needs 'max'", "upper bound", "before anything is allocated"),
    ),
    Bad(
        "value-of-and-attr",
        edit(value_of("cnt"), ("    max: n * m\n", "    max: n * m\n    attr: seed\n")),
        ("k", "value_of"),
        ("by an attribute (attr) or by a tensor's value (value_of), not both",),
    ),
    Bad(
        "value-of-max-over-itself",
        edit(VALUE, ("    max: n * m\n", f"    max: n * k {MARK}\n")),
        ("k", "max"),
        ("'k' is itself read from a tensor's value",),
    ),
    Bad(
        "value-of-max-over-an-optional-dim",
        edit(
            VALUE,
            ("  m: columns\n", "  m: columns\n  p: mask positions\n"),
            ("    shape: [m]\n    optional: true\n", "    shape: [p]\n    optional: true\n"),
            ("    max: n * m\n", f"    max: n * p {MARK}\n"),
        ),
        ("k", "max"),
        ("the bound uses 'p', which no attribute or required input binds",),
    ),
    Bad(
        "value-of-in-a-caller-shape",
        edit(
            VALUE,
            ("    shape: [n]\n    role: inout\n", f"    shape: [k] {MARK}\n    role: inout\n"),
        ),
        ("y", "shape[0]"),
        ("dim 'k' is read from the value of 'cnt'", "only new outputs and scratch"),
    ),
    Bad(
        "value-of-in-an-input-expression",
        edit(VALUE, ("    shape: [n, m]\n", f"    shape: [n, k + 1] {MARK}\n")),
        ("x", "shape[1]"),
        ("dim 'k' is read from the value of 'cnt'",),
        alone=False,  # and m, now unused
    ),
    Bad(
        "value-of-swept",
        VALUE + f"sweep:\n  n: [1]\n  m: [1]\n  k: [2] {MARK}\n",
        ("sweep", "k"),
        ("'k' is the value of the tensor 'cnt', not swept", "sweep the dims of its max instead"),
    ),
    Bad(
        "attr-dim-swept",
        edit(
            BASE,
            after("  m: columns", "  k: {doc: extra, attr: width}\n"),
            ("    shape: [2 * n + 1]", "    shape: [k]"),
            (
                "    doc: seed of the draws\n",
                "    doc: seed of the draws\n"
                "  - name: width\n    type: int\n    default: 2\n    min: 0\n    doc: w\n",
            ),
        )
        + f"sweep:\n  n: [1]\n  m: [1]\n  k: [2] {MARK}\n",
        ("sweep", "k"),
        ("'k' is set by the attribute 'width', not swept: sweep 'width' instead",),
    ),
    Bad("value-of-a-number", value_of("3"), ("k", "value_of"), ("expected a string", "3")),
    Bad("value-of-a-list", value_of("[cnt]"), ("k", "value_of"), ("expected a string", "list")),
    # ---- rows the kernel decides (`rows:`)
    Bad(
        "rows-on-an-input",
        edit(ROWS, ("    shape: [n, m]\n", f"    shape: [n, m]\n    rows: count {MARK}\n")),
        ("x", "rows"),
        ("only a new output (role out)", "'in' tensor keeps its whole shape"),
    ),
    Bad(
        "rows-on-scratch",
        edit(
            ROWS,
            (
                "    fill: {uniform: seed}\n",
                f"    fill: {{uniform: seed}}\n    rows: count {MARK}\n",
            ),
        ),
        ("noise", "rows"),
        ("only a new output (role out)", "'scratch'"),
    ),
    Bad("rows-undefined-count", rows_of_y("cnt"), ("y", "rows"), ("no tensor named 'cnt'",)),
    Bad("rows-its-own-count", rows_of_y("y"), ("y", "rows"), ("cannot hold its own row count",)),
    Bad(
        "rows-count-an-input",
        rows_of_y("x"),
        ("y", "rows"),
        ("must be a new output (role out)", "not an 'in' tensor"),
    ),
    Bad(
        "rows-count-scratch",
        rows_of_y("noise"),
        ("y", "rows"),
        ("must be a new output (role out)", "'scratch'"),
    ),
    Bad(
        "rows-count-float",
        count_with("int32", "float32"),
        ("y", "rows"),
        ("'count' must be int32 or int64", "not float32"),
    ),
    Bad(
        "rows-count-bool",
        count_with("int32", "bool"),
        ("y", "rows"),
        ("must be int32 or int64", "not bool"),
    ),
    Bad(
        "rows-count-dtype-set",
        count_with("int32", "T"),
        ("y", "rows"),
        ("must be int32 or int64", "not T"),
    ),
    Bad(
        "rows-count-not-one-value",
        count_with("[1]", "[2]"),
        ("y", "rows"),
        ("'count' must have shape [1]", "not [2]"),
    ),
    Bad(
        "rows-count-per-row",
        count_with("[1]", "[n]"),
        ("y", "rows"),
        ("must have shape [1]", "not [n]"),
    ),
    Bad(
        "rows-count-with-rows",
        count_with("    role: out\n", "    role: out\n    rows: y\n"),
        ("y", "rows"),
        ("returned whole",),
        alone=False,  # and count's own rows: y is no [1] count
    ),
    Bad("rows-a-number", rows_of_y("3"), ("y", "rows"), ("expected a string", "3")),
    Bad("rows-a-list", rows_of_y("[count]"), ("y", "rows"), ("expected a string", "list")),
    # ---- the trailing unit axis
    Bad(
        "unit-axis-on-scratch",
        edit(
            BASE,
            (
                "    fill: {uniform: seed}\n",
                f"    fill: {{uniform: seed}}\n    unit_axis: true {MARK}\n",
            ),
        ),
        ("noise", "unit_axis"),
        ("only tensors the caller passes", "declared shape"),
    ),
    Bad(
        "unit-axis-not-a-flag",
        edit(BASE, ("    role: inout\n", f"    role: inout\n    unit_axis: yes {MARK}\n")),
        ("y", "unit_axis"),
        ("expected true/false", "'yes'"),
    ),
    # ---- the XPU3 launch
    Bad(
        "xpu3-max-clusters-without-xpu3",
        edit(BASE, after("kernels: [cpu]", f"xpu3_max_clusters: 1 {MARK}\n")),
        ("xpu3_max_clusters",),
        ("only an op whose kernels include xpu3", "add xpu3 to kernels"),
    ),
    Bad(
        "xpu3-max-clusters-zero",
        edit(
            BASE,
            ("kernels: [cpu]", f"kernels: [cpu, xpu3]\nxpu3_max_clusters: 0 {MARK}"),
        ),
        ("xpu3_max_clusters",),
        ("must be in [1, 255]", "not 0"),
    ),
    Bad(
        "xpu3-max-clusters-text",
        edit(
            BASE,
            ("kernels: [cpu]", f"kernels: [cpu, xpu3]\nxpu3_max_clusters: one {MARK}"),
        ),
        ("xpu3_max_clusters",),
        ("expected", "'one'"),
    ),
    # ---- the CUDA launch (the same rules, from the kind's own launch fields)
    Bad(
        "cuda-block-without-cuda",
        edit(BASE, after("kernels: [cpu]", f"cuda_block: 128 {MARK}\n")),
        ("cuda_block",),
        ("only an op whose kernels include cuda", "add cuda to kernels"),
    ),
    Bad(
        "cuda-block-not-whole-warps",
        edit(BASE, ("kernels: [cpu]", f"kernels: [cpu, cuda]\ncuda_block: 100 {MARK}")),
        ("cuda_block",),
        ("must be a multiple of 32", "not 100"),
    ),
    Bad(
        "cuda-block-too-large",
        edit(BASE, ("kernels: [cpu]", f"kernels: [cpu, cuda]\ncuda_block: 2048 {MARK}")),
        ("cuda_block",),
        ("must be in [32, 1024]", "not 2048"),
    ),
    Bad(
        "cuda-max-blocks-negative",
        edit(BASE, ("kernels: [cpu]", f"kernels: [cpu, cuda]\ncuda_max_blocks: -1 {MARK}")),
        ("cuda_max_blocks",),
        ("must be in [1, 2147483647]", "not -1"),
    ),
    # ---- dtypes
    Bad(
        "unknown-dtype",
        edit(BASE, ("dtype: int32", f"dtype: float64 {MARK}")),
        ("y", "dtype"),
        ("unknown dtype", "'float64'", "int32", "T"),
    ),
    Bad(
        "unknown-dtype-in-set",
        edit(BASE, ("T: [float32, float16]", f"T: [float32, half] {MARK}")),
        ("dtype_sets.T",),
        ("unknown dtype", "'half'"),
        alone=False,
    ),
    Bad(
        "dtype-set-second",
        edit(BASE, after("  T: [float32, float16]", f"  U: [int32, int64] {MARK}\n")),
        ("dtype_sets.U",),
        ("at most one dtype set",),
    ),
    Bad(
        "dtype-set-unused",
        edit(
            BASE,
            ("  T: [float32, float16]", f"  T: [float32, float16] {MARK}"),
            ("dtype: T", "dtype: float32"),
        ),
        ("dtype_sets.T",),
        ("declared", "no tensor uses it"),
    ),
    Bad(
        "dtype-set-only-optional",
        edit(
            BASE,
            ("  T: [float32, float16]", f"  T: [float32, float16] {MARK}"),
            ("    dtype: T", "    dtype: float32"),
            ("    dtype: bool", "    dtype: T"),
        ),
        ("dtype_sets.T",),
        ("no required input",),
    ),
    Bad(
        "dtype-as-set-name",
        edit(BASE, after("  T: [float32, float16]", f"  t: [int32] {MARK}\n")),
        ("dtype_sets.t",),
        ("'t'", "CamelCase"),
    ),
    # ---- dims
    Bad(
        "undefined-dim",
        edit(BASE, ("    shape: [n]", f"    shape: [k] {MARK}")),
        ("y", "shape[0]"),
        ("undefined dim 'k'", "dims"),
    ),
    Bad(
        "unbindable-dim",
        edit(
            BASE,
            after("  m: columns", f"  k: extra {MARK}\n"),
            ("    shape: [n]", "    shape: [n, k + 1]"),
        ),
        ("dims.k",),
        ("nothing binds dim 'k'",),
    ),
    Bad(
        "dim-bound-only-by-optional",
        edit(
            BASE,
            after("  m: columns", f"  k: extra {MARK}\n"),
            ("    shape: [m]", "    shape: [k]"),
            ("    shape: [n]", "    shape: [n, k + 1]"),
        ),
        ("dims.k",),
        ("only optional tensors", "(mask)", "'k'", "y always needs it"),
    ),
    Bad(
        "dim-bound-only-by-optional-scratch",
        edit(
            BASE,
            after("  m: columns", f"  k: extra {MARK}\n"),
            ("    shape: [m]", "    shape: [k]"),
            ("    shape: [2 * n + 1]", "    shape: [k]"),
        ),
        ("dims.k",),
        ("only optional tensors", "noise always needs it"),
    ),
    Bad(
        "dim-unused",
        edit(BASE, after("  m: columns", f"  k: extra {MARK}\n")),
        ("dims.k",),
        ("declared but no tensor's shape uses it",),
    ),
    Bad(
        "dim-attr-absent",
        edit(
            BASE,
            after("  m: columns", f"  k: {{doc: extra, attr: width}} {MARK}\n"),
            ("    shape: [2 * n + 1]", "    shape: [k]"),
        ),
        ("dims.k.attr",),
        ("'width'", "int or int64 attribute"),
    ),
    Bad(
        "dim-attr-not-int",
        edit(
            BASE,
            after("  m: columns", f"  k: {{doc: extra, attr: mode}} {MARK}\n"),
            ("    shape: [2 * n + 1]", "    shape: [k]"),
        ),
        ("dims.k.attr",),
        ("'mode'", "int or int64 attribute"),
    ),
    # ---- names shared by dims, tensors and attributes
    Bad(
        "duplicate-tensor",
        edit(BASE, ("  - name: y", f"  - name: x {MARK}")),
        ("tensor", "x"),
        ("duplicate name", "'x'", "already a tensor", "line 10"),
    ),
    Bad(
        "tensor-and-attribute",
        extra_attr("x"),
        ("attribute", "x"),
        ("duplicate name", "'x'", "already a tensor", "line 10"),
    ),
    Bad(
        "dim-and-attribute",
        extra_attr("n", "int", "    default: 1\n"),
        ("attribute", "n"),
        ("duplicate name", "'n'", "already a dim", "line 5"),
    ),
    Bad(
        "dim-and-tensor",
        edit(BASE, ("  - name: noise", f"  - name: m {MARK}")),
        ("tensor", "m"),
        ("duplicate name", "'m'", "already a dim", "line 6"),
    ),
    Bad(
        "duplicate-yaml-key",
        edit(BASE, after("    doc: read only", f"    doc: again {MARK}\n")),
        ("tensor x.doc",),
        ("duplicate key 'doc'", "first at line 13"),
    ),
    Bad(
        "duplicate-yaml-key-top",
        edit(BASE, after("doc: a small valid op", f"op: demo {MARK}\n")),
        ("op",),
        ("duplicate key 'op'", "first at line 1"),
    ),
    # ---- roles, optional, required_when, fill
    Bad(
        "inout-optional",
        edit(BASE, after("    role: inout", f"    optional: true {MARK}\n")),
        ("y", "optional"),
        ("only inputs can be optional", "'inout'"),
    ),
    Bad(
        "after-on-an-input",
        edit(BASE, after("    doc: read only", f"    after: {{min: 0}} {MARK}\n")),
        ("tensor x.after",),
        ("'after' is what an in-place or output tensor holds", "'in' tensor"),
    ),
    Bad(
        "after-with-a-generation-hint",
        edit(BASE, after("    role: inout", f"    after: {{min: 0, density: 0.5}} {MARK}\n")),
        ("tensor y.after",),
        ("unknown field",),
    ),
    Bad(
        "after-naming-an-unknown-dim",
        edit(BASE, after("    role: inout", f"    after: {{max: rows}} {MARK}\n")),
        ("tensor y.after.max",),
        ("rows",),
    ),
    Bad(
        "unknown-role",
        edit(BASE, ("    role: inout", f"    role: inplace {MARK}")),
        ("y", "role"),
        ("unknown role 'inplace'", "inout"),
    ),
    Bad(
        "required-when-absent-attr",
        edit(BASE, ("{mode: [exact]}", f"{{mod: [exact]}} {MARK}")),
        ("mask", "required_when", "mod"),
        ("no attribute named 'mod'",),
    ),
    Bad(
        "required-when-non-member",
        edit(BASE, ("{mode: [exact]}", f"{{mode: [slow]}} {MARK}")),
        ("mask", "required_when", "mode"),
        ("'slow'", "not a member", "fast, exact"),
    ),
    Bad(
        "required-when-int-attr",
        edit(BASE, ("{mode: [exact]}", f"{{seed: [1]}} {MARK}")),
        ("mask", "required_when", "seed"),
        ("enum or bool",),
    ),
    Bad(
        "required-when-not-optional",
        edit(BASE, after("    role: inout", f"    required_when: {{mode: [exact]}} {MARK}\n")),
        ("y", "required_when"),
        ("only an optional tensor",),
    ),
    Bad(
        "required-when-empty",
        edit(BASE, ("{mode: [exact]}", f"{{mode: []}} {MARK}")),
        ("mask", "required_when", "mode"),
        ("at least one value",),
    ),
    Bad(
        "fill-absent-seed",
        edit(BASE, ("{uniform: seed}", f"{{uniform: sed}} {MARK}")),
        ("noise", "fill"),
        ("'sed'", "int64 attribute"),
    ),
    Bad(
        "fill-seed-not-int64",
        edit(BASE, ("{uniform: seed}", f"{{uniform: mode}} {MARK}")),
        ("noise", "fill"),
        ("'mode'", "int64 attribute"),
    ),
    Bad(
        "fill-not-scratch",
        edit(BASE, after("    role: inout", f"    fill: {{uniform: seed}} {MARK}\n")),
        ("y", "fill"),
        ("only scratch",),
    ),
    Bad(
        "fill-not-float32",
        edit(
            BASE,
            ("    dtype: float32\n", "    dtype: int32\n"),
            ("{uniform: seed}", f"{{uniform: seed}} {MARK}"),
        ),
        ("noise", "fill"),
        ("float32",),
    ),
    # ---- identifiers
    *[
        Bad(
            f"tensor-name-{tag}",
            edit(BASE, ("  - name: y", f"  - name: {name} {MARK}")),
            ("name",),
            words,
        )
        for tag, name, words in [
            (
                "injection",
                "'x; system(\"rm\")'",
                ("'x; system(\"rm\")'", "not a valid lower_snake_case"),
            ),
            ("space", "my tensor", ("'my tensor'", "not a valid lower_snake_case")),
            ("cpp-keyword", "class", ("'class'", "reserved")),
            ("python-keyword", "lambda", ("'lambda'", "reserved")),
            ("leading-digit", "2x", ("'2x'", "not a valid lower_snake_case")),
            ("camel-case", "MyTensor", ("'MyTensor'", "not a valid lower_snake_case")),
            ("generated-ctx", "ctx", ("'ctx'", "reserved")),
            ("leading-underscore", "_y", ("'_y'", "not a valid lower_snake_case")),
            ("hyphen", "y-z", ("'y-z'", "not a valid lower_snake_case")),
            ("cpp-type", "int64_t", ("'int64_t'", "reserved")),
            ("integer", "123", ("expected a string", "integer")),
            ("null", "null", ("has no value",)),
        ]
    ],
    Bad(
        "op-name-camel",
        edit(BASE, ("op: demo", f"op: Demo {MARK}")),
        ("op",),
        ("'Demo'", "lower_snake_case"),
    ),
    Bad(
        "op-name-keyword",
        edit(BASE, ("op: demo", f"op: class {MARK}")),
        ("op",),
        ("'class'", "reserved"),
    ),
    Bad(
        "dim-name-keyword",
        edit(BASE, after("  m: columns", f"  lambda: extra {MARK}\n")),
        ("dims.lambda",),
        ("'lambda'", "reserved"),
    ),
    Bad("attr-name-reserved", extra_attr("ctx"), ("name",), ("'ctx'", "reserved")),
    Bad("attr-name-camel", extra_attr("MaxLen"), ("name",), ("'MaxLen'", "lower_snake_case")),
    Bad(
        "enum-member-camel",
        edit(BASE, ("{fast: 0, exact: 1}", f"{{fast: 0, exact: 1, Slow: 2}} {MARK}")),
        ("values.Slow",),
        ("'Slow'", "lower_snake_case"),
    ),
    Bad(
        "enum-member-keyword",
        edit(BASE, ("{fast: 0, exact: 1}", f"{{fast: 0, exact: 1, class: 2}} {MARK}")),
        ("values.class",),
        ("'class'", "reserved"),
    ),
    # ---- dim expressions (all on y's shape, line 16)
    *[
        Bad(
            f"expr-{tag}",
            edit(BASE, ("    shape: [n]", f"    shape: [{expr}] {MARK}")),
            ("y", "shape[0]"),
            words,
        )
        for tag, expr, words in [
            ("power", "n ** 2", ("'n ** 2'", "only integers, dim names, + - * and //")),
            ("floordiv-by-dim", "n // m", ("'n // m'", "positive integer literal")),
            ("floordiv-by-zero", "n // 0", ("'n // 0'", "positive integer literal")),
            ("true-division", "n / 2", ("'n / 2'", "only integers")),
            ("call", "f(n)", ("'f(n)'", "only integers")),
            ("attribute", "n.real", ("'n.real'", "only integers")),
            ("negative-literal", "-1", ("negative", "-1")),
            ("negative-in-text", "n - -1", ("'n - -1'", "only integers")),
            ("modulo", "n % 2", ("'n % 2'", "only integers")),
            ("float", "1.5", ("expected a dim expression", "1.5")),
            ("bool", "true", ("expected a dim expression", "True")),
            ("null", "null", ("expected a dim expression", "None")),
            ("empty", "''", ("is not a dim expression",)),
            ("syntax", "'n +'", ("'n +'", "is not a dim expression")),
            ("list", "[n]", ("expected a dim expression",)),
        ]
    ],
    # ---- fields and YAML types
    Bad(
        "unknown-field-typo",
        edit(BASE, after("    role: inout", f"    optinal: true {MARK}\n")),
        ("optinal",),
        ("unknown field", "optional", "required_when"),
    ),
    Bad(
        "unknown-top-level-field",
        edit(BASE, after("doc: a small valid op", f"version: 2 {MARK}\n")),
        ("version",),
        ("unknown field", "dtype_sets"),
    ),
    Bad(
        "missing-field",
        edit(BASE, ("  - name: y\n", f"  - name: y {MARK}\n"), ("    doc: updated in place\n", "")),
        ("tensor y",),
        ("missing required field 'doc'",),
    ),
    Bad(
        "shape-int",
        edit(BASE, ("    shape: [n]", f"    shape: 3 {MARK}")),
        ("y", "shape"),
        ("expected a list", "integer 3"),
    ),
    Bad(
        "shape-bool",
        edit(BASE, ("    shape: [n]", f"    shape: true {MARK}")),
        ("y", "shape"),
        ("expected a list",),
    ),
    Bad(
        "shape-string",
        edit(BASE, ("    shape: [n]", f"    shape: n {MARK}")),
        ("y", "shape"),
        ("expected a list", "string 'n'"),
    ),
    Bad(
        "optional-string",
        edit(BASE, ("    optional: true", f"    optional: 'yes' {MARK}")),
        ("mask", "optional"),
        ("expected true/false",),
        alone=False,
    ),
    Bad(
        "doc-list",
        edit(BASE, ("    doc: read only", f"    doc: [read, only] {MARK}")),
        ("x", "doc"),
        ("expected a string", "list"),
    ),
    Bad(
        "dims-list",
        edit(BASE, ("dims:\n  n: rows\n  m: columns\n", f"dims: [n, m] {MARK}\n")),
        ("dims",),
        ("expected a mapping", "list"),
        alone=False,
    ),
    Bad(
        "tensor-item-string",
        edit(BASE, after("tensors:", f"  - just a string {MARK}\n")),
        ("tensors[0]",),
        ("expected a mapping",),
    ),
    # ---- attributes
    Bad(
        "default-below-min",
        edit(BASE, ("    default: -1", f"    default: -2 {MARK}")),
        ("seed", "default"),
        ("-2 is outside >= -1",),
    ),
    Bad(
        "default-above-max",
        extra_attr("width", "int", f"    min: 1\n    max: 16\n    default: 17 {MARK}\n", mark=""),
        ("width", "default"),
        ("17", "outside [1, 16]"),
    ),
    Bad(
        "min-above-max",
        extra_attr("width", "int", f"    min: 16\n    max: 1 {MARK}\n", mark=""),
        ("width", "max"),
        ("max 1 is below min 16",),
        alone=False,
    ),
    Bad(
        "int-out-of-range",
        extra_attr("width", "int", f"    default: 4294967296 {MARK}\n", mark=""),
        ("width", "default"),
        ("does not fit", "int"),
        alone=False,
    ),
    Bad(
        "int-default-float",
        extra_attr("width", "int", f"    default: 1.5 {MARK}\n", mark=""),
        ("width", "default"),
        ("expected an integer", "1.5"),
        alone=False,
    ),
    Bad(
        "enum-default-not-member",
        edit(BASE, ("default: fast", f"default: slow {MARK}")),
        ("mode", "default"),
        ("'slow'", "not a member", "fast, exact"),
    ),
    Bad(
        "enum-shared-value",
        edit(
            BASE, ("    values: {fast: 0, exact: 1}", f"    values: {{fast: 0, exact: 0}} {MARK}")
        ),
        ("mode", "values"),
        ("share a value",),
    ),
    Bad(
        "enum-without-values",
        edit(
            BASE,
            ("  - name: mode\n", f"  - name: mode {MARK}\n"),
            ("    values: {fast: 0, exact: 1}\n", ""),
            ("    default: fast\n", ""),
        ),
        ("mode",),
        ("needs 'values",),
        alone=False,
    ),
    Bad(
        "bool-with-min",
        extra_attr("flag", "bool", f"    default: false\n    min: 0 {MARK}\n", mark=""),
        ("flag", "min"),
        ("bool attribute has no min",),
    ),
    Bad(
        "bool-default-string",
        extra_attr("flag", "bool", f"    default: 'no' {MARK}\n", mark=""),
        ("flag", "default"),
        ("expected true/false",),
    ),
    Bad(
        "unknown-attr-type",
        extra_attr("width", "long", "    default: 1\n", mark=""),
        ("width", "type"),
        ("unknown attribute type 'long'",),
        line=len(BASE_LINES) + 2,
    ),
    Bad(
        "no-default-after-default",
        extra_attr("late", "int", ""),
        ("late",),
        ("has no default", "follows 'seed'"),
    ),
    # ---- int list attributes
    Bad(
        "length-bound-on-int",
        extra_attr("width", "int", "    default: 1\n    min_length: 1 #<\n", mark=""),
        ("width", "min_length"),
        ("only int list attributes have a min_length",),
    ),
    Bad(
        "list-max-length-below-min-length",
        extra_attr(
            "cols",
            "int_list",
            "    default: [1, 2, 3]\n    min_length: 3\n    max_length: 2 #<\n",
            mark="",
        ),
        ("cols", "max_length"),
        ("max_length 2 is below min_length 3",),
        alone=False,
    ),
    Bad(
        "list-length-negative",
        extra_attr("cols", "int_list", "    default: [1]\n    max_length: -1 #<\n", mark=""),
        ("cols", "max_length"),
        ("a length is in [0, 2147483647]", "-1"),
    ),
    Bad(
        "list-length-text",
        extra_attr("cols", "int_list", "    default: [1]\n    min_length: two #<\n", mark=""),
        ("cols", "min_length"),
        ("expected", "'two'"),
    ),
    Bad(
        "list-default-not-a-list",
        extra_attr("cols", "int_list", "    default: 3 #<\n", mark=""),
        ("cols", "default"),
        ("expected", "3"),
    ),
    Bad(
        "list-default-float-element",
        extra_attr("cols", "int_list", "    default: [1, 2.5] #<\n", mark=""),
        ("cols", "default[1]"),
        ("expected", "2.5"),
    ),
    Bad(
        "list-default-bool-element",
        extra_attr("cols", "int_list", "    default: [true] #<\n", mark=""),
        ("cols", "default[0]"),
        ("expected",),
    ),
    Bad(
        "list-default-element-outside-bounds",
        extra_attr("cols", "int_list", "    min: 0\n    max: 5\n    default: [1, 9] #<\n", mark=""),
        ("cols", "default[1]"),
        ("9 is outside [0, 5]",),
    ),
    Bad(
        "list-default-too-short",
        extra_attr("cols", "int_list", "    min_length: 2\n    default: [1] #<\n", mark=""),
        ("cols", "default"),
        ("1 elements, fewer than min_length 2",),
    ),
    Bad(
        "list-default-too-long",
        extra_attr("cols", "int_list", "    max_length: 1\n    default: [1, 2] #<\n", mark=""),
        ("cols", "default"),
        ("2 elements, more than max_length 1",),
    ),
    Bad(
        "list-element-bound-past-int32",
        extra_attr("cols", "int_list", "    default: [1]\n    max: 2147483648 #<\n", mark=""),
        ("cols", "max"),
        ("2147483648", "does not fit an int"),
    ),
    Bad(
        "int64-list-element-bound-past-int64",
        extra_attr(
            "ids", "int64_list", "    default: [1]\n    max: 9223372036854775808 #<\n", mark=""
        ),
        ("ids", "max"),
        ("9223372036854775808", "does not fit int64"),
    ),
    Bad(
        "int64-list-default-past-int64",
        extra_attr("ids", "int64_list", "    default: [1, -9223372036854775809] #<\n", mark=""),
        ("ids", "default[1]"),
        ("-9223372036854775809",),
    ),
    Bad(
        "int64-list-default-float-element",
        extra_attr("ids", "int64_list", "    default: [2.0] #<\n", mark=""),
        ("ids", "default[0]"),
        ("expected", "2.0"),
    ),
    Bad(
        "int64-list-default-too-long",
        extra_attr("ids", "int64_list", "    max_length: 1\n    default: [1, 2] #<\n", mark=""),
        ("ids", "default"),
        ("2 elements, more than max_length 1",),
    ),
    Bad(
        "int64-list-with-dim-bound",
        extra_attr("ids", "int64_list", "    default: [1]\n    at_most: n #<\n", mark=""),
        ("ids", "at_most"),
        ("only int attributes have a dim bound",),
    ),
    Bad(
        "env-on-int64-list",
        extra_attr("ids", "int64_list", "    default: [1]\n    env: OPFORGE_IDS #<\n", mark=""),
        ("ids", "env"),
        ("only scalar attributes", "read an environment variable"),
    ),
    Bad(
        "list-with-dim-bound",
        extra_attr("cols", "int_list", "    default: [1]\n    at_most: n #<\n", mark=""),
        ("cols", "at_most"),
        ("only int attributes have a dim bound",),
    ),
    Bad(
        "list-length-name-taken",
        BASE
        + ATTR.format(name="cols_len", mark="", type="int", extra="    default: 1\n")
        + ATTR.format(name="cols", mark=" #<", type="int_list", extra="    default: [1]\n"),
        ("cols",),
        ("its length reaches the kernels as 'cols_len'", "the attribute at line"),
    ),
    # ---- attributes read from an environment variable
    Bad(
        "env-lower-case",
        extra_attr("width", "int", "    default: 1\n    env: opforge_width #<\n", mark=""),
        ("width", "env"),
        ("upper-case letters, digits and '_'", "'opforge_width'"),
    ),
    Bad(
        "env-starts-with-digit",
        extra_attr("width", "int", "    default: 1\n    env: 9WIDTH #<\n", mark=""),
        ("width", "env"),
        ("not starting with a digit", "'9WIDTH'"),
    ),
    Bad(
        "env-with-punctuation",
        extra_attr("width", "int", "    default: 1\n    env: WIDTH-MAX #<\n", mark=""),
        ("width", "env"),
        ("upper-case letters", "'WIDTH-MAX'"),
    ),
    Bad(
        "env-empty",
        extra_attr("width", "int", "    default: 1\n    env: '' #<\n", mark=""),
        ("width", "env"),
        ("upper-case letters",),
    ),
    Bad(
        "env-too-long",
        extra_attr("width", "int", f"    default: 1\n    env: {'W' * 65} #<\n", mark=""),
        ("width", "env"),
        ("at most 64 characters",),
    ),
    Bad(
        "env-not-text",
        extra_attr("width", "int", "    default: 1\n    env: 12 #<\n", mark=""),
        ("width", "env"),
        ("expected", "12"),
    ),
    Bad(
        "env-on-int-list",
        extra_attr("cols", "int_list", "    default: [1]\n    env: OPFORGE_COLS #<\n", mark=""),
        ("cols", "env"),
        ("only scalar attributes", "read an environment variable"),
    ),
    Bad(
        "env-without-default",
        extra_attr("width", "int", "    env: OPFORGE_WIDTH #<\n", mark=""),
        ("width", "env"),
        ("needs a default", "when the variable is not set"),
        alone=False,  # also: no default after seed's
    ),
    Bad(
        "env-read-twice",
        BASE
        + ATTR.format(name="low", mark="", type="int", extra="    default: 1\n    env: OPFORGE_W\n")
        + ATTR.format(
            name="high", mark="", type="int", extra="    default: 2\n    env: OPFORGE_W #<\n"
        ),
        ("high", "env"),
        ("OPFORGE_W is already read by attribute 'low'",),
    ),
    Bad(
        "list-in-condition",
        edit(
            extra_attr("cols", "int_list", "    default: [1]\n", mark=""),
            ("    required_when: {mode: [exact]}\n", "    required_when: {cols: [1]} #<\n"),
        ),
        ("mask", "required_when"),
        ("conditions can only test enum or bool attributes",),
    ),
    # ---- a dim an attribute sets, against the attribute's range
    Bad(
        "dim-max-below-its-attributes-min",
        edit(
            extra_attr("width", "int", "    min: 5\n    default: 6\n", mark=""),
            (
                "  m: columns\n",
                "  m: columns\n  w:\n    doc: width\n    attr: width\n    max: 2 #<\n",
            ),
            ("    shape: [n]\n", "    shape: [n, w]\n"),
        ),
        ("dims.w.max",),
        ("is 2, below the least value of attribute 'width' (5)", "no call could satisfy both"),
    ),
    Bad(
        "dim-max-below-its-lists-min-length",
        edit(
            extra_attr(
                "cols", "int_list", "    min_length: 5\n    default: [0, 0, 0, 0, 0]\n", mark=""
            ),
            (
                "  m: columns\n",
                "  m: columns\n  w:\n    doc: width\n    attr: cols\n    max: 2 #<\n",
            ),
            ("    shape: [n]\n", "    shape: [n, w]\n"),
        ),
        ("dims.w.max",),
        ("below the least length of attribute 'cols' (5)",),
    ),
    Bad(
        "enum-type-named-like-the-packages-error",
        extra_attr("op_kernel_error", "enum", "    values: {a: 0}\n    default: a\n"),
        ("op_kernel_error",),
        ("'OpKernelError'", "the opforge package binds it"),
    ),
    Bad(
        "default-below-a-lone-min",
        extra_attr("width", "int", "    min: 0\n    default: -1 #<\n", mark=""),
        ("width", "default"),
        ("-1 is outside >= 0",),
    ),
    # ---- FastDeploy's call (`fastdeploy:`)
    Bad(
        "fastdeploy-unknown-argument",
        fastdeploy("    args: [x, y, cum_offsets] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("'cum_offsets' is not a tensor the caller passes nor an attribute", "unused"),
    ),
    Bad(
        "fastdeploy-scratch-argument",
        fastdeploy("    args: [x, y, noise] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("'noise' is not a tensor the caller passes",),
    ),
    Bad(
        "fastdeploy-required-missing",
        fastdeploy("    args: [x, mask] #<\n"),
        ("fastdeploy.gpu.args",),
        ("must pass y", "FastDeploy's order"),
    ),
    Bad(
        "fastdeploy-leaves-out-a-tensor-its-attribute-requires",
        fastdeploy("    args: [x, y, mode] #<\n"),
        ("fastdeploy.gpu.args",),
        ("must pass mask too", "required when mode is 'exact', and mode is passed"),
    ),
    Bad(
        "fastdeploy-passed-twice",
        fastdeploy("    args: [x, y, {y_again: y}] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("'y' is passed twice",),
    ),
    Bad(
        "fastdeploy-name-twice",
        fastdeploy("    args: [x, y, {x: seed}] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("argument 'x' is listed twice",),
    ),
    Bad(
        "fastdeploy-bad-name",
        fastdeploy("    args: [x, y, {SeqLen: seed}] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("'SeqLen'",),
    ),
    Bad(
        "fastdeploy-unused-not-passed",
        fastdeploy("    args: [x, y]\n    unused:\n      seq_len: never read #<\n"),
        ("fastdeploy.gpu.unused.seq_len",),
        ("not among args",),
    ),
    Bad(
        "fastdeploy-returns-an-input",
        fastdeploy("    args: [x, y]\n    returns: x #<\n"),
        ("fastdeploy.gpu.returns",),
        ("'x' is not an in-place or output tensor",),
    ),
    Bad(
        "fastdeploy-returns-empty-list",
        fastdeploy("    args: [x, y]\n    returns: [] #<\n"),
        ("fastdeploy.gpu.returns",),
        ("empty list", "returns: none"),
    ),
    Bad(
        "fastdeploy-returns-twice",
        fastdeploy("    args: [x, y]\n    returns: [y, y] #<\n"),
        ("fastdeploy.gpu.returns",),
        ("'y' is returned twice",),
    ),
    Bad(
        "fastdeploy-value-of-an-enum",
        fastdeploy("    args: [x, y, {mode_t: {value_of: mode}}] #<\n"),
        ("fastdeploy.gpu.args[2].value_of",),
        ("'mode' is not an int or int64 attribute",),
    ),
    Bad(
        "fastdeploy-value-of-a-tensor",
        fastdeploy("    args: [x, {y_t: {value_of: y}}] #<\n"),
        ("fastdeploy.gpu.args[1].value_of",),
        ("'y' is not an int or int64 attribute",),
        alone=False,  # y is then not passed either
    ),
    Bad(
        "fastdeploy-value-of-with-more",
        fastdeploy("    args: [x, y, {seed_t: {value_of: seed, dtype: int64}}] #<\n"),
        ("fastdeploy.gpu.args[2]",),
        ("{fastdeploy_name: {value_of: attribute}}",),
    ),
    Bad(
        "fastdeploy-unknown-backend",
        BASE + "fastdeploy:\n  cuda: gpu #<\n",
        ("fastdeploy.cuda",),
        ("unknown field", "gpu, xpu"),
    ),
    Bad(
        "fastdeploy-xpu-as-missing-gpu",
        BASE + "fastdeploy:\n  xpu: gpu #<\n",
        ("fastdeploy.xpu",),
        ("fastdeploy.gpu is missing",),
    ),
    Bad(
        "fastdeploy-form-not-a-mapping",
        BASE + "fastdeploy:\n  gpu: [x, y] #<\n",
        ("fastdeploy.gpu",),
        ("expected a mapping",),
    ),
    Bad(
        "fastdeploy-xpu-names-another-form",
        BASE + "fastdeploy:\n  xpu: cuda #<\n",
        ("fastdeploy.xpu",),
        ("a form (a mapping) or 'gpu'", "'cuda'"),
    ),
    # ---- op level
    Bad(
        "unknown-kernel",
        edit(BASE, ("kernels: [cpu]", f"kernels: [cpu, gpu] {MARK}")),
        ("kernels",),
        ("unknown kernel kind 'gpu'", "cpu, xpu3"),
    ),
    Bad(
        "unknown-kernel-block",
        edit(BASE, ("kernels: [cpu]", f"kernels:\n  - cpu\n  - rocm {MARK}")),
        ("kernels",),
        ("unknown kernel kind 'rocm'", "cpu, xpu3, cuda"),
    ),
    Bad(
        "kernel-twice",
        edit(BASE, ("kernels: [cpu]", f"kernels: [cpu, cpu] {MARK}")),
        ("kernels",),
        ("listed twice",),
    ),
    Bad(
        "no-kernel",
        edit(BASE, ("kernels: [cpu]", f"kernels: [] {MARK}")),
        ("kernels",),
        ("at least one kernel",),
    ),
    Bad(
        "op-name-not-file-name",
        edit(BASE, ("op: demo", f"op: other {MARK}")),
        ("op",),
        ("'other'", "other.yaml", "demo.yaml"),
    ),
    Bad(
        "missing-op",
        edit(BASE, ("op: demo\n", "")),
        ("spec",),
        ("missing required field 'op'",),
        line=1,
        alone=False,
    ),
    # ---- whole-file problems
    Bad(
        "yaml-syntax",
        edit(BASE, ("    doc: read only", f"    doc: read: only {MARK}")),
        (),
        ("YAML", "mapping values are not allowed"),
    ),
    Bad(
        "yaml-tab",
        edit(BASE, ("    doc: read only", f"\tdoc: read only {MARK}")),
        (),
        ("YAML", "'\\t'"),
    ),
    Bad(
        "yaml-non-string-key",
        edit(BASE, ("  n: rows", f"  1: rows {MARK}")),
        ("dims",),
        ("YAML", "keys must be strings", "got 1"),
    ),
    Bad(
        "yaml-undefined-alias",
        edit(BASE, ("    doc: read only", f"    doc: *nothing {MARK}")),
        (),
        ("YAML", "aliases (*name) are not allowed"),
    ),
    Bad(
        "yaml-python-tag",
        edit(BASE, ("    doc: read only", f"    doc: !!python/name:os.system {MARK}")),
        (),
        ("YAML", "explicit tags", "python/name:os.system", "not allowed"),
    ),
    Bad("empty-file", "", (), ("a spec is a YAML mapping",), line=1),
    Bad("comment-only", "# nothing here\n", (), ("a spec is a YAML mapping",), line=1),
    Bad("top-level-list", "- op: demo\n", (), ("a spec is a YAML mapping",), line=1),
    # ---- values PyYAML once turned into exceptions, or let through
    Bad(
        "kernels-unhashable",
        edit(BASE, ("kernels: [cpu]", f"kernels: [[cpu]] {MARK}")),
        ("kernels",),
        ("unknown kernel kind",),
    ),
    Bad(
        "yaml-bad-int-tag",
        edit(BASE, ("    doc: read only", f"    doc: !!int abc {MARK}")),
        (),
        ("YAML", "explicit tags"),
    ),
    Bad(
        "yaml-bad-bool-tag",
        edit(BASE, ("    doc: read only", f"    doc: !!bool maybe {MARK}")),
        (),
        ("YAML", "explicit tags"),
    ),
    Bad(
        "yaml-bad-timestamp-tag",
        edit(BASE, ("    doc: read only", f"    doc: !!timestamp soon {MARK}")),
        (),
        ("YAML", "explicit tags"),
    ),
    Bad(
        "yaml-huge-int",
        edit(BASE, ("    shape: [n]", f"    shape: [{'9' * 5000}] {MARK}")),
        ("tensor y", "shape[0]"),
        ("YAML", "limited to 4096 characters"),
    ),
    Bad(
        "expr-too-deep",
        edit(BASE, ("    shape: [n]", f"    shape: ['{'n + ' * 3000}n'] {MARK}")),
        ("y", "shape[0]"),
        ("YAML", "limited to 4096 characters"),
    ),
    Bad(
        "kernels-null",
        edit(BASE, ("kernels: [cpu]", f"kernels: {MARK}")),
        ("kernels",),
        (),
    ),
    Bad(
        "tensor-dtype-null",
        edit(BASE, ("    dtype: int32", f"    dtype: {MARK}")),
        ("y", "dtype"),
        (),
    ),
    Bad(
        "tensor-shape-null",
        edit(BASE, ("    shape: [n]", f"    shape: {MARK}")),
        ("y", "shape"),
        (),
    ),
    Bad(
        "op-doc-null",
        edit(BASE, ("doc: a small valid op", f"doc: {MARK}")),
        ("doc",),
        (),
    ),
    Bad(
        "float-default-nan",
        extra_attr("scale", "float", f"    default: .nan {MARK}\n", mark=""),
        ("scale", "default"),
        (),
    ),
    Bad(
        "float-max-inf",
        extra_attr("scale", "float", f"    default: 1.0\n    max: .inf {MARK}\n", mark=""),
        ("scale", "max"),
        (),
    ),
    Bad(
        "enum-value-beyond-int32",
        edit(BASE, ("{fast: 0, exact: 1}", f"{{fast: 0, exact: 4294967296}} {MARK}")),
        ("mode", "exact"),
        (),
    ),
    Bad(
        "expr-literal-beyond-int64",
        edit(BASE, ("    shape: [n]", f"    shape: [n * {2**70}] {MARK}")),
        ("y", "shape[0]"),
        (),
    ),
    Bad(
        "name-double-underscore",
        edit(BASE, ("  - name: y", f"  - name: y__z {MARK}")),
        ("name",),
        ("'y__z'",),
    ),
    # ---- value domains: values, not sizes (negative sentinels are fine), but consistent
    Bad(
        "values-min-above-max",
        edit(
            BASE, ("    role: inout\n", f"    role: inout\n    values: {{min: 5, max: 2}} {MARK}\n")
        ),
        ("y", "values.min"),
        ("min 5 is above max 2",),
    ),
    Bad(
        "values-sample-float",
        edit(
            BASE,
            ("    role: inout\n", f"    role: inout\n    values: {{sample: [-1.5, 2]}} {MARK}\n"),
        ),
        ("y", "values.sample"),
        ("integers or expressions",),
    ),
    Bad(
        "values-bound-past-int64",
        edit(
            BASE,
            ("    role: inout\n", f"    role: inout\n    values: {{min: -{2**63 + 1}}} {MARK}\n"),
        ),
        ("y", "values.min"),
        ("does not fit int64",),
    ),
    Bad(
        "dim-min-above-max",
        edit(BASE, ("  n: rows\n", f"  n: {{doc: rows, min: 5, max: 2}} {MARK}\n")),
        ("n", "min"),
        ("min 5 is above max 2",),
    ),
    Bad(
        "required-when-no-condition",
        edit(BASE, ("    required_when: {mode: [exact]}\n", f"    required_when: {{}} {MARK}\n")),
        ("mask", "required_when"),
        ("at least one attribute",),
    ),
    Bad(
        "probability-rows-on-a-set-with-integers",
        edit(
            BASE,
            ("  T: [float32, float16]\n", "  T: [float32, int32]\n"),
            (
                "    shape: [n, m]\n",
                f"    shape: [n, m]\n    values: {{probability_rows: true}} {MARK}\n",
            ),
        ),
        ("x", "probability_rows"),
        ("only float tensors",),
    ),
    # ---- contradictions: a domain no value meets, hints that do not fit the dtype
    Bad(
        "values-max-past-int32",
        edit(
            BASE,
            ("    role: inout\n", f"    role: inout\n    values: {{max: 3000000000}} {MARK}\n"),
        ),
        ("y", "values.max"),
        ("3000000000 is outside what int32 holds", "2147483647"),
    ),
    Bad(
        "after-min-past-int32",
        edit(
            BASE,
            ("    role: inout\n", f"    role: inout\n    after: {{min: -2147483649}} {MARK}\n"),
        ),
        ("y", "after.min"),
        ("outside what int32 holds",),
    ),
    Bad(
        "values-max-past-float16-of-a-set",
        edit(
            BASE,
            (
                "    shape: [n, m]\n",
                f"    shape: [n, m]\n    values: {{min: 0, max: 100000.0}} {MARK}\n",
            ),
        ),
        ("x", "values.max"),
        ("outside what float16 holds", "65504"),
    ),
    Bad(
        "values-above-at-max",
        edit(
            BASE,
            (
                "    shape: [n, m]\n",
                f"    shape: [n, m]\n    values: {{above: 1.0, max: 1.0}} {MARK}\n",
            ),
        ),
        ("x", "values.above"),
        ("leave no value",),
    ),
    Bad(
        "values-sample-outside-the-domain",
        edit(
            BASE,
            (
                "    role: inout\n",
                f"    role: inout\n    values: {{min: 0, max: 5, sample: [7, 9]}} {MARK}\n",
            ),
        ),
        ("y", "values.sample"),
        ("outside the domain", "min 0, max 5"),
    ),
    Bad(
        "values-sample-on-floats",
        edit(
            BASE,
            ("    shape: [n, m]\n", f"    shape: [n, m]\n    values: {{sample: [0, 4]}} {MARK}\n"),
        ),
        ("x", "values.sample"),
        ("only integer tensors", "float32/float16"),
    ),
    Bad(
        "values-density-on-floats",
        edit(
            BASE,
            ("    shape: [n, m]\n", f"    shape: [n, m]\n    values: {{density: 0.5}} {MARK}\n"),
        ),
        ("x", "values.density"),
        ("only integer and bool tensors",),
    ),
    Bad(
        "values-density-without-zero",
        edit(
            BASE,
            (
                "    role: inout\n",
                f"    role: inout\n    values: {{min: 1, density: 0.5}} {MARK}\n",
            ),
        ),
        ("y", "values.density"),
        ("draws zeros", "min 1"),
    ),
    Bad(
        "values-empty",
        edit(BASE, ("    role: inout\n", f"    role: inout\n    values: {{}} {MARK}\n")),
        ("y", "values"),
        ("is empty",),
    ),
    Bad(
        "after-empty",
        edit(BASE, ("    role: inout\n", f"    role: inout\n    after: {{}} {MARK}\n")),
        ("y", "after"),
        ("is empty",),
    ),
    # ---- value bounds naming int attributes (seed: int64, in [-1, 2**63 - 1])
    Bad(
        "values-bound-undefined-name",
        y_values(f"{{min: 0, max: vocab - 1}} {MARK}"),
        ("y", "values.max"),
        ("undefined name 'vocab'", "dims and int or int64 attributes"),
    ),
    Bad(
        "values-bound-names-a-tensor",
        y_values(f"{{max: x}} {MARK}"),
        ("y", "values.max"),
        ("'x' is a tensor", "dims and int or int64 attributes"),
    ),
    Bad(
        "values-bound-names-an-enum-attribute",
        y_values(f"{{min: mode}} {MARK}"),
        ("y", "values.min"),
        ("'mode' is an enum attribute", "int or int64 attributes"),
    ),
    Bad(
        "values-bound-names-a-float-attribute",
        y_values(f"{{max: scale + 1}} {MARK}", "    type: float\n    default: 1.0\n"),
        ("y", "values.max"),
        ("'scale' is a float attribute",),
    ),
    Bad(
        "values-bound-names-a-bool-attribute",
        y_values(f"{{max: scale}} {MARK}", "    type: bool\n    default: false\n"),
        ("y", "values.max"),
        ("'scale' is a bool attribute",),
    ),
    Bad(
        "sample-names-a-list-attribute",
        y_values(f"{{sample: [0, scale]}} {MARK}", "    type: int_list\n    default: [1]\n"),
        ("y", "values.sample"),
        ("'scale' is an int_list attribute",),
    ),
    Bad(
        "values-bound-empty-given-the-attribute-min",
        y_values(f"{{min: 0, max: seed}} {MARK}"),
        ("y", "values.max"),
        ("max 'seed' can be below min 0", "seed in [-1, 9223372036854775807]", "no value"),
    ),
    Bad(
        "values-bound-empty-given-a-declared-attribute-min",
        y_values(
            f"{{min: 0, max: scale - 1}} {MARK}", "    type: int\n    min: 0\n    default: 4\n"
        ),
        ("y", "values.max"),
        ("max 'scale - 1' can be below min 0", "scale in [0, 2147483647]"),
    ),
    Bad(
        "values-bound-empty-given-an-int-attribute-type",
        y_values(f"{{min: 0, max: scale}} {MARK}", "    type: int\n    default: 4\n"),
        ("y", "values.max"),
        ("scale in [-2147483648, 2147483647]", "no value"),
    ),
    Bad(
        "values-bound-empty-given-attribute-and-dim",
        y_values(
            f"{{min: 1, max: n * scale}} {MARK}", "    type: int\n    min: 1\n    default: 4\n"
        ),
        ("y", "values.max"),
        ("max 'n * scale' can be below min 1", "n in [0, 2147483647], scale in [1, 2147483647]"),
    ),
    Bad(
        "values-bound-min-past-the-dtype",
        y_values(f"{{min: seed}} {MARK}"),
        ("y", "values.min"),
        ("min 'seed' can be above what int32 holds",),
    ),
    Bad(
        "after-bound-empty-given-the-attribute",
        edit(
            BASE,
            ("    role: inout\n", f"    role: inout\n    after: {{min: 0, max: seed}} {MARK}\n"),
        ),
        ("y", "after.max"),
        ("max 'seed' can be below min 0",),
    ),
    Bad(
        "values-bound-leaves-int64",
        y_values(f"{{max: seed + 1}} {MARK}", type_="int64"),
        ("y", "values.max"),
        ("'seed + 1' can leave int64", "seed in [-1, 9223372036854775807]"),
    ),
    Bad(
        "values-bound-divides-a-negative-value",
        y_values(f"{{max: (seed - 1) // 2}} {MARK}", type_="int64"),
        ("y", "values.max"),
        ("'(seed - 1) // 2' can divide a negative value", "rounds toward zero"),
    ),
    Bad(
        "sample-empty-given-the-attribute",
        y_values(f"{{sample: [0, seed]}} {MARK}"),
        ("y", "values.sample"),
        ("sample [0, 'seed'] can end below its start",),
    ),
    Bad(
        "dims-empty",
        edit(BASE, ("dims:\n  n: rows\n  m: columns\n", f"dims: {{}} {MARK}\n")),
        ("dims",),
        ("is empty",),
        alone=False,  # the shapes then name undefined dims
    ),
    Bad(
        "shape-negative-literal",
        edit(BASE, ("    shape: [n]\n", f"    shape: [-1] {MARK}\n")),
        ("y", "shape"),
        ("a size cannot be negative",),
        alone=False,
    ),
    # ---- coverage: the least share of valid cases that change a written tensor
    Bad(
        "coverage-of-an-input",
        BASE + f"coverage:\n  x: 0.5 {MARK}\n",
        ("coverage.x",),
        ("'x'", "not an output or in-place tensor"),
    ),
    Bad("coverage-of-no-tensor", BASE + f"coverage:\n  z: 0.5 {MARK}\n", ("coverage.z",), ("'z'",)),
    Bad(
        "coverage-zero", BASE + f"coverage:\n  y: 0 {MARK}\n", ("coverage.y",), ("(0, 1]", "not 0")
    ),
    Bad(
        "coverage-above-one",
        BASE + f"coverage:\n  y: 1.5 {MARK}\n",
        ("coverage.y",),
        ("(0, 1]", "not 1.5"),
    ),
    Bad(
        "coverage-a-word",
        BASE + f"coverage:\n  y: half {MARK}\n",
        ("coverage.y",),
        ("(0, 1]", "'half'"),
    ),
    Bad("coverage-a-bool", BASE + f"coverage:\n  y: true {MARK}\n", ("coverage.y",), ("(0, 1]",)),
    Bad("coverage-a-list", BASE + f"coverage: [y] {MARK}\n", ("coverage",), ()),
]


# BASE with an input of shape alternatives: s is [n, k] or [k] (k bound by s alone).
FORMS = edit(
    BASE,
    ("  m: columns\n", "  m: columns\n  k: entries\n"),
    (
        "  - name: y\n",
        "  - name: s\n    dtype: int64\n    shape: {one_of: [[n, k], [k]]}\n"
        "    doc: in either form\n  - name: y\n",
    ),
)
FORMS_SHAPE = "    shape: {one_of: [[n, k], [k]]}\n"


def forms_with(shape: str = "", extra: str = "") -> str:
    """FORMS with s's shape line replaced (marked) or a field added after it (marked)."""
    line = f"    shape: {shape} {MARK}\n" if shape else FORMS_SHAPE
    return edit(FORMS, (FORMS_SHAPE, line + (f"    {extra} {MARK}\n" if extra else "")))


# The kernels get a tensor with shape alternatives' form as '<tensor>_form': a
# spec name of that spelling is refused at its own line.
FORM_FIELD_ATTR = "  - {name: s_form, type: int, default: 0, doc: taken}"
FORM_FIELD_TAKEN = edit(
    forms_with("{one_of: [[n, k], [k]]}"), ("attrs:\n", f"attrs:\n{FORM_FIELD_ATTR}\n")
)

CASES += [
    Bad(
        "forms-of-one-rank",
        forms_with("{one_of: [[n, k], [k, n]]}"),
        ("tensor s.shape.one_of[1]",),
        ("rank 2", "form 0", "differ in rank"),
    ),
    Bad(
        "forms-only-one",
        forms_with("{one_of: [[n, k]]}"),
        ("tensor s.shape.one_of",),
        ("2 to 4 shapes", "got 1"),
    ),
    Bad(
        "forms-too-many",
        forms_with("{one_of: [[k], [n, k], [n, n, k], [n, n, n, k], [n, n, n, n, k]]}"),
        ("tensor s.shape.one_of",),
        ("2 to 4 shapes", "got 5"),
    ),
    Bad(
        "forms-misspelled",
        forms_with("{oneof: [[n, k], [k]]}"),
        ("tensor s.shape.oneof",),
        ("unknown field", "one_of"),
        alone=False,
    ),
    Bad(
        "forms-a-form-not-a-list",
        forms_with("{one_of: [[n, k], k]}"),
        ("tensor s.shape.one_of[1]",),
        ("expected a list",),
        alone=False,
    ),
    Bad(
        "forms-an-undefined-dim",
        forms_with("{one_of: [[n, k, q], [k]]}"),
        ("tensor s.shape.one_of[0][2]",),
        ("'q'",),
        alone=False,
    ),
    Bad(
        "forms-bound-in-one-form-only",
        forms_with("{one_of: [[n, k], [n]]}"),
        ("tensor s.shape.one_of[1]",),
        ("dim 'k' alone", "every form"),
    ),
    Bad(
        "forms-in-place",
        forms_with(extra="role: inout"),
        ("tensor s.role",),
        ("only inputs may have shape alternatives", "'inout'"),
    ),
    Bad(
        "forms-optional",
        forms_with(extra="optional: true"),
        ("tensor s.optional",),
        ("is required", "no form"),
    ),
    Bad(
        "forms-unit-axis",
        forms_with(extra="unit_axis: true"),
        ("tensor s.unit_axis",),
        ("no unit axis", "rank"),
    ),
    Bad(
        "forms-probability-rows",
        edit(
            forms_with(extra="values: {probability_rows: true}"),
            ("    dtype: int64\n    shape: {one_of", "    dtype: float32\n    shape: {one_of"),
        ),
        ("tensor s.values.probability_rows",),
        ("value bounds only", "one shape"),
    ),
    Bad(
        "forms-field-taken",
        FORM_FIELD_TAKEN,
        ("attrs[0].name",),
        ("'s_form'", "derives names with the suffixes", "_form"),
        line=FORM_FIELD_TAKEN.splitlines().index(FORM_FIELD_ATTR) + 1,
        alone=False,
    ),
]


def test_shape_alternatives_are_accepted(tmp_path: Path) -> None:
    """An input in one of several forms: each form kept in order, the kernels
    told which came (``s_form``), each form binding what it names alone."""
    op = load_spec(write(tmp_path, FORMS), tmp_path)
    s = op.tensor("s")
    assert s.forms == ((DimRef("n"), DimRef("k")), (DimRef("k"),))
    assert s.shape == s.forms[0] and s.form_field == "s_form"
    assert s.binds("k") and not s.binds("n") and s.binds_at("k") is None
    files = render([op])
    assert "int32_t s_form;  // 0: [n, k], 1: [k]" in files["kernel_decls/demo.h"]
    assert 'check_form(kOp, "s", s_form, 2, "[n, k] or [k]")' in files["entry/demo.cc"]
    paddle = files["paddle/demo.cc"]
    assert "check_tensor_form(" in paddle and "{2, 1}" in paddle


def _param(case: Bad) -> Any:
    return pytest.param(case, id=case.id)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_malformed_spec_is_reported_at_its_line(case: Bad, tmp_path: Path) -> None:
    errors = errors_of(write(tmp_path, case.text), tmp_path)
    line = case.expected_line
    at_line = [e for e in errors if e.loc.line == line]
    assert at_line, f"no error at line {line}:\n{listing(errors)}"
    err = at_line[0]
    assert err.loc.path == "demo.yaml"
    for word in case.where:
        assert word in err.where, f"field {err.where!r} does not name {word!r}"
    if not case.where:
        assert err.where == ""
    for word in case.words:
        assert word in err.message, f"{word!r} not in the message: {err}"
    if case.alone:
        assert len(errors) == 1, f"expected one error, got:\n{listing(errors)}"
    assert str(err) == (
        f"demo.yaml:{line}: {err.where}: {err.message}"
        if err.where
        else f"demo.yaml:{line}: {err.message}"
    )


@pytest.mark.parametrize(
    "case",
    [_param(c) for c in CASES],
)
def test_malformed_spec_raises_only_spec_errors(case: Bad, tmp_path: Path) -> None:
    """Whatever is wrong, the parser raises SpecErrors, never a raw traceback."""
    path = write(tmp_path, case.text)
    with pytest.raises(SpecErrors) as info:
        load_spec(path, tmp_path)
    assert all(isinstance(e, SpecError) for e in info.value.errors)
    with pytest.raises(SpecErrors):
        load_specs(tmp_path, tmp_path)


def test_base_spec_is_valid(tmp_path: Path) -> None:
    op = load_spec(write(tmp_path, BASE), tmp_path)
    assert op.name == "demo" and op.source == "demo.yaml"
    assert [t.name for t in op.tensors] == ["x", "y", "mask", "noise"]
    assert op.tensor("noise").shape == (
        DimBinOp("+", DimBinOp("*", DimConst(2), DimRef("n")), DimConst(1)),
    )
    assert op.tensor("noise").fill == UniformFill("seed")
    assert op.tensor("mask").required_when == (Condition("mode", ("exact",)),)
    assert [(t.name, t.loc.line) for t in op.tensors] == [
        ("x", 10),
        ("y", 14),
        ("mask", 19),
        ("noise", 25),
    ]
    assert [(a.name, a.loc.line) for a in op.attrs] == [("mode", 32), ("seed", 37)]


def test_a_dim_read_from_a_tensors_value(tmp_path: Path) -> None:
    op = load_spec(write(tmp_path, VALUE), tmp_path)
    k = next(d for d in op.dims if d.name == "k")
    assert k.value_of == "cnt" and k.from_attr is None and k.set_elsewhere
    assert k.max == DimBinOp("*", DimRef("n"), DimRef("m"))
    assert k.line_of("value_of") == VALUE.splitlines().index("    value_of: cnt") + 1
    # int32 too, in host memory, with FastDeploy's trailing unit axis.
    for old, new in (("int64", "int32"), ("[1]\n", "[1]\n    host: true\n    unit_axis: true\n")):
        other = load_spec(write(tmp_path, edit(VALUE, (CNT, CNT.replace(old, new)))), tmp_path)
        assert next(d for d in other.dims if d.name == "k").value_of == "cnt"


def test_rows_name_their_count(tmp_path: Path) -> None:
    op = load_spec(write(tmp_path, ROWS), tmp_path)
    assert op.tensor("y").rows == "count" and op.tensor("count").rows is None
    assert op.tensor("y").line_of("rows") == 18
    int64 = edit(ROWS, ("    dtype: int32\n    shape: [1]\n", "    dtype: int64\n    shape: [1]\n"))
    assert load_spec(write(tmp_path, int64), tmp_path).tensor("y").rows == "count"


def test_coverage_minimums_are_kept_with_their_lines(tmp_path: Path) -> None:
    op = load_spec(write(tmp_path, BASE + "coverage:\n  y: 0.25\n"), tmp_path)
    assert op.coverage == (("y", 0.25, len(BASE_LINES) + 2),)
    assert load_spec(write(tmp_path, BASE), tmp_path).coverage == ()


def _list_bounding_k(name: str, kind: str, extra: str) -> str:
    """BASE with a list attribute `name` of type `kind` (its fields `extra`)
    whose length binds a new dim k, the shape of y."""
    return edit(
        BASE,
        ("  m: columns\n", f"  m: columns\n  k: {{doc: from {name}, attr: {name}}}\n"),
        ("    shape: [n]\n    role: inout", "    shape: [k]\n    role: inout"),
    ) + ATTR.format(name=name, mark="", type=kind, extra=extra)


def test_an_int_list_and_a_dim_bound_from_its_length(tmp_path: Path) -> None:
    text = _list_bounding_k(
        "cols",
        "int_list",
        "    default: [0, 2]\n    min: 0\n    max: 9\n    min_length: 1\n    max_length: 4\n",
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    cols = op.attr("cols")
    assert (cols.type, cols.default, cols.min, cols.max) == (AttrType.INT_LIST, (0, 2), 0, 9)
    assert (cols.min_length, cols.max_length, cols.length_field) == (1, 4, "cols_len")
    assert next(d for d in op.dims if d.name == "k").from_attr == "cols"


def test_an_int64_list_keeps_elements_past_int32(tmp_path: Path) -> None:
    text = _list_bounding_k(
        "ids",
        "int64_list",
        "    default: [2147483648, -9223372036854775808]\n"
        "    max: 9223372036854775807\n    max_length: 3\n",
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    ids = op.attr("ids")
    assert (ids.type, ids.type.element, ids.is_list) == (AttrType.INT64_LIST, AttrType.INT64, True)
    assert ids.default == (2**31, -(2**63)) and ids.max == 2**63 - 1
    assert (ids.max_length, ids.length_field) == (3, "ids_len")
    assert next(d for d in op.dims if d.name == "k").from_attr == "ids"


def test_an_attribute_read_from_an_environment_variable(tmp_path: Path) -> None:
    text = BASE + ATTR.format(
        name="budget", mark="", type="int", extra="    default: 128\n    min: 1\n    env: _B_2\n"
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    assert (op.attr("budget").env, op.attr("budget").default) == ("_B_2", 128)
    assert op.attr("seed").env is None
    for kind, default in (("bool", "true"), ("float", "0.5"), ("int64", "-1")):
        attr = load_spec(
            write(
                tmp_path,
                BASE
                + ATTR.format(
                    name="flag", mark="", type=kind, extra=f"    default: {default}\n    env: F\n"
                ),
            ),
            tmp_path,
        ).attr("flag")
        assert attr.env == "F"
    mode = load_spec(
        write(tmp_path, edit(BASE, ("    default: fast\n", "    default: fast\n    env: MODE\n"))),
        tmp_path,
    ).attr("mode")
    assert mode.env == "MODE"


def test_a_dim_is_bound_only_from_an_int_or_an_int_list(tmp_path: Path) -> None:
    text = edit(
        BASE, ("  m: columns\n", f"  m: columns\n  k: {{doc: picked, attr: mode}} {MARK}\n")
    )
    errors = errors_of(
        write(tmp_path, text.replace("shape: [n]\n    role: inout", "shape: [k]\n    role: inout")),
        tmp_path,
    )
    assert any(
        e.loc.line == marked_line(text) and "an int list (the dim is its length)" in e.message
        for e in errors
    ), listing(errors)


@pytest.mark.parametrize("name", ["numel", "span", "check_total", "fill_uniform"])
def test_an_op_named_like_a_runtime_name_is_refused(name: str, tmp_path: Path) -> None:
    """An op is namespace opforge::<op>: named like a runtime function it would hide
    that function from the generated code (which would not compile). The names
    are read from the runtime's headers, not listed by hand."""
    errors = errors_of(write(tmp_path, BASE.replace("op: demo", f"op: {name}"), name), tmp_path)
    assert [(e.loc.line, e.where) for e in errors] == [(1, "op")], listing(errors)
    assert "the runtime" in errors[0].message and f"opforge::{name}" in errors[0].message


@pytest.mark.parametrize("name", ["contextlib", "errors", "cuda_simulation", "value_checked"])
def test_an_op_named_like_a_name_of_the_package_is_refused(name: str, tmp_path: Path) -> None:
    """Every op joins the opforge package's namespace: one named like what
    opforge/__init__.py binds (read from it) would replace it there and break
    `import opforge`."""
    errors = errors_of(write(tmp_path, BASE.replace("op: demo", f"op: {name}"), name), tmp_path)
    assert [(e.loc.line, e.where) for e in errors] == [(1, "op")], listing(errors)
    assert "the opforge package" in errors[0].message


@pytest.mark.parametrize("name", ["core_id", "cluster_num", "mfence", "sync_all", "xpu3_stride"])
def test_a_name_a_kernel_calls_unqualified_is_refused(name: str, tmp_path: Path) -> None:
    """A tensor named like a function of the kernel toolchain's headers (read
    from the kinds' include paths) would hide it inside the kernel."""
    text = edit(BASE, ("  - name: y\n", f"  - name: {name}\n"))
    errors = errors_of(write(tmp_path, text), tmp_path)
    assert [e.where for e in errors] == ["tensors[1].name"], listing(errors)
    assert "a kernel calls it unqualified" in errors[0].message


def test_value_domains_take_negative_sentinels(tmp_path: Path) -> None:
    """A value bound or sample is a value, not a size: FastDeploy's -1 sentinels
    (and a position that may be negative) are accepted and checked as written."""
    text = edit(
        BASE, ("    role: inout\n", "    role: inout\n    values: {min: -1, sample: [-3, 24]}\n")
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    assert op.tensor("y").values.min == -1
    assert op.tensor("y").values.sample == (-3, 24)
    files = render([op])
    assert 'opforge::at_least<int64_t>(-1, "-1")' in files["entry/demo.cc"]


def test_value_bounds_name_int_attributes(tmp_path: Path) -> None:
    """A value bound may name int and int64 attributes, alone or with dims
    (token ids below a vocabulary size the caller passes): the model keeps the
    expression, and the entry's value check computes it in int64 (an int32
    attribute widened, so that `scale - 1` cannot overflow) with no condition
    on the dims a call binds, the message spelling it as the spec does."""
    text = y_values(
        "{min: 0, max: scale - 1, sample: [0, scale // 2]}",
        "    type: int\n    min: 1\n    default: 4\n",
    )
    text = edit(
        text,
        ("    shape: [n, m]\n", "    shape: [n, m]\n    values: {min: -1.5, max: n * seed + 2}\n"),
        ("    min: -1\n", "    min: 0\n    max: 1000\n"),
        ("    default: -1\n", "    default: 1\n"),
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    y, x = op.tensor("y").values, op.tensor("x").values
    assert y.max == DimBinOp("-", DimRef("scale"), DimConst(1))
    assert y.sample == (0, DimBinOp("//", DimRef("scale"), DimConst(2)))
    assert x.max == DimBinOp("+", DimBinOp("*", DimRef("n"), DimRef("seed")), DimConst(2))
    lines = [line.strip() for line in render([op])["entry/demo.cc"].splitlines()]
    assert (
        'opforge::check_value_range(kOp, "y", opforge::Buffer<const int32_t>(y), '
        'opforge::at_least<int64_t>(0, "0"), '
        'opforge::at_most<int64_t>(int64_t{scale} - 1, "scale - 1"));'
    ) in lines
    assert (
        'opforge::check_value_range(kOp, "x", opforge::Buffer<const T>(x), '
        'opforge::at_least<double>(-1.5, "-1.5"), '
        'opforge::at_most<double>((n * int64_t{seed}) + 2, "(n * seed) + 2"));'
    ) in lines


def test_in_place_tensors_and_new_outputs_mix(tmp_path: Path) -> None:
    """An op may update tensors in place and return new ones (FastDeploy's
    build_sampling_params): it returns the in-place tensors first, then the new
    outputs, each in spec order, and every layer follows that order."""
    text = edit(
        BASE,
        (
            "  - name: y\n",
            "  - name: z\n    dtype: int64\n    shape: [m]\n    role: out\n    doc: new\n"
            "  - name: y\n",
        ),
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    assert [t.name for t in op.outputs] == ["y", "z"]
    assert [t.name for t in op.new_outputs] == ["z"]
    files = render([op])
    paddle = files["paddle/demo.cc"]
    assert '.Outputs({"y_out", "z"})' in paddle
    assert '.SetInplaceMap({{"y", "y_out"}})' in paddle
    # Paddle infers the in-place outputs itself: the functions give the new ones only.
    assert "return {paddle::DataType::INT64};" in paddle
    assert "return {{m}};" in paddle
    python = files["python/__init__.py"]
    assert "return y, _C.demo(" in python
    assert "-> tuple[paddle.Tensor, paddle.Tensor]: ..." in files["python/__init__.pyi"]


def test_every_case_changes_the_base() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
    assert all(c.text != BASE for c in CASES)


# ---------------------------------------------------------------- all errors together


def test_all_errors_of_a_file_are_reported_together(tmp_path: Path) -> None:
    text = edit(
        BASE,
        ("kernels: [cpu]", "kernels: [cpu, gpu]"),  # line 2
        ("dtype: int32", "dtype: float64"),  # line 15
        ("default: fast", "default: slow"),  # line 35
    )
    errors = errors_of(write(tmp_path, text), tmp_path)
    assert sorted((e.loc.line, e.where) for e in errors) == [
        (2, "kernels"),
        (15, "tensor y.dtype"),
        (35, "attribute mode.default"),
    ], listing(errors)
    assert str(SpecErrors(errors)).splitlines() == [str(e) for e in errors]
    for line in str(SpecErrors(errors)).splitlines():
        assert re.match(r"demo\.yaml:\d+: \S+.*: .+", line), line


def test_empty_kernels_reported_next_to_other_errors(tmp_path: Path) -> None:
    text = edit(BASE, ("op: demo", "op: other"), ("kernels: [cpu]", "kernels: []"))
    errors = errors_of(write(tmp_path, text), tmp_path)
    assert sorted(e.loc.line for e in errors) == [1, 2], listing(errors)


def test_a_broken_tensor_causes_no_false_unused_errors(tmp_path: Path) -> None:
    text = edit(BASE, ("    shape: [n, m]", "    shape: [n, m ** 2]"))
    errors = errors_of(write(tmp_path, text), tmp_path)
    assert [(e.loc.line, e.where) for e in errors] == [(12, "tensor x.shape[1]")], listing(errors)


def test_an_invalid_default_is_not_reported_as_missing(tmp_path: Path) -> None:
    text = extra_attr("width", "int", f"    default: 1.5 {MARK}\n", mark="")
    errors = errors_of(write(tmp_path, text), tmp_path)
    assert [(e.loc.line, e.where) for e in errors] == [
        (marked_line(text), "attribute width.default")
    ], listing(errors)


def test_load_specs_reports_the_errors_of_every_file(tmp_path: Path) -> None:
    write(tmp_path, edit(BASE, ("op: demo", "op: alpha")), "alpha")
    write(
        tmp_path, edit(BASE, ("op: demo", "op: beta"), ("dtype: int32", "dtype: float64")), "beta"
    )
    write(
        tmp_path, edit(BASE, ("op: demo", "op: gamma"), ("default: fast", "default: slow")), "gamma"
    )
    (tmp_path / "notes.txt").write_text("not a spec: ignored\n")
    with pytest.raises(SpecErrors) as info:
        load_specs(tmp_path, tmp_path)
    got = [(e.loc.path, e.loc.line) for e in info.value.errors]
    assert got == [("beta.yaml", 15), ("gamma.yaml", 35)], listing(info.value.errors)
    assert str(info.value).splitlines() == [
        "beta.yaml:15: tensor y.dtype: unknown dtype 'float64'; expected one of: "
        "bool, int32, int64, float32, float16, bfloat16, T",
        "gamma.yaml:35: attribute mode.default: 'slow' is not a member; expected one of: fast, exact",
    ]


def test_error_paths_are_relative_to_the_root(tmp_path: Path) -> None:
    spec_dir = tmp_path / "opspec"
    spec_dir.mkdir()
    write(spec_dir, edit(BASE, ("dtype: int32", "dtype: float64")))
    with pytest.raises(SpecErrors) as info:
        load_specs(spec_dir, tmp_path)
    assert str(info.value).startswith("opspec/demo.yaml:15: ")


def test_unreadable_spec_is_a_spec_error(tmp_path: Path) -> None:
    path = tmp_path / "demo.yaml"
    path.write_bytes(b"op: demo\ndoc: caf\xe9\n")
    errors = errors_of(path, tmp_path)
    assert [(e.loc.line, e.where) for e in errors] == [(2, "")]
    assert "not UTF-8" in errors[0].message


def test_malformed_values_anywhere_raise_only_spec_errors(tmp_path: Path) -> None:
    """Replace every value of a valid spec, one at a time, by values of every YAML type
    (and delete every key): the parser returns an op or raises SpecErrors, nothing else."""
    data = yaml.safe_load(BASE)
    replacements: list[Any] = [3, True, None, [], {}, "x", [[1]], {"a": [1]}, 1.5]

    def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        found = [prefix]
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else []
        )
        for key, value in items:
            found += paths(value, (*prefix, key))
        return found

    def mutated(path: tuple[Any, ...], value: Any, delete: bool) -> Any:
        root = copy.deepcopy(data)
        if not path:
            return value
        node = root
        for key in path[:-1]:
            node = node[key]
        if delete:
            del node[path[-1]]
        else:
            node[path[-1]] = value
        return root

    spec = tmp_path / "demo.yaml"
    crashes = []
    for path in paths(data):
        for value, delete in [(v, False) for v in replacements] + ([(None, True)] if path else []):
            spec.write_text(yaml.safe_dump(mutated(path, value, delete), sort_keys=False))
            try:
                load_spec(spec, tmp_path)
            except SpecErrors:
                pass
            except Exception as exc:  # collecting every crash is the point
                crashes.append(
                    f"{'.'.join(map(str, path))} = {'<deleted>' if delete else repr(value)}: {exc!r}"
                )
    assert not crashes, f"{len(crashes)} raw exception(s):\n" + "\n".join(crashes[:20])


# ---------------------------------------------------------------- the real specs


def test_real_specs_parse_together() -> None:
    ops = load_specs(SPECS, ROOT)
    files = sorted(SPECS.glob("*.yaml"))
    assert [op.name for op in ops] == [p.stem for p in files]
    assert [op.source for op in ops] == [f"opspec/{p.name}" for p in files]


def test_verify_draft_tokens_spec() -> None:
    op = load_spec(ROOT / "opspec" / "verify_draft_tokens.yaml", ROOT)
    assert op.source == "opspec/verify_draft_tokens.yaml"
    assert op.kernels == ("cpu", "xpu3", "cuda")
    assert op.dtype_vars == ()
    assert [d.name for d in op.dims] == [
        "max_bsz",
        "max_step_tokens",
        "real_bsz",
        "token_num",
        "max_candidate_len",
        "end_length",
    ]
    assert all(d.from_attr is None for d in op.dims)
    assert op.tensor("cu_seqlens_q_output").shape == (
        DimBinOp("+", DimRef("real_bsz"), DimConst(1)),
    )
    target = op.tensor("target_tokens")
    assert target.optional and target.role is Role.INPUT
    assert target.required_when == (Condition("verify_strategy", ("greedy", "target_match")),)
    assert op.tensor("candidate_ids").required_when == (Condition("verify_strategy", ("topp",)),)
    uniforms = op.tensor("topp_uniforms")
    assert uniforms.role is Role.SCRATCH and uniforms.fill == UniformFill("seed")
    assert uniforms.dtype is DType.FLOAT32
    assert [t.name for t in op.outputs] == ["step_output_ids", "step_output_len"]
    strategy = op.attr("verify_strategy")
    assert strategy.type is AttrType.ENUM and strategy.default == "topp"
    assert strategy.enum is not None and strategy.enum.name == "VerifyStrategy"
    assert strategy.enum.members == (("topp", 0), ("greedy", 1), ("target_match", 2))
    seed = op.attr("seed")
    assert (seed.type, seed.default, seed.min, seed.max) == (AttrType.INT64, -1, -1, None)
    assert op.attr("verify_window").min == 1
    lines = (ROOT / op.source).read_text().splitlines()
    assert lines[op.tensor("step_output_ids").loc.line - 1] == "  - name: step_output_ids"


# name, dtype (a DType value or the set's name), shape, role: the tables of the op pages
# (docs/ops/*.md). The page's `candidates_len` axis is the dim max_candidate_len,
# set by the attribute candidates_len (a dim cannot share its attribute's name).
TOP_P_CANDIDATES = [
    ("probs", "T", "[token_num, vocab_size]", "in"),
    ("top_p", "T", "[max_bsz]", "in"),
    ("batch_id_per_token", "int32", "[token_num]", "in"),
    ("verify_scores", "T", "[token_num, max_candidate_len]", "out"),
    ("verify_tokens", "int64", "[token_num, max_candidate_len]", "out"),
    ("actual_candidate_lens", "int32", "[token_num]", "out"),
]
UNIFIED_UPDATE_MODEL_STATUS = [
    ("seq_lens_encoder", "int32", "[max_bsz]", "inout"),
    ("seq_lens_decoder", "int32", "[max_bsz]", "inout"),
    ("has_running_seqs", "bool", "[1]", "inout"),
    ("step_input_ids", "int64", "[max_bsz, max_step_tokens]", "inout"),
    ("step_output_ids", "int64", "[max_bsz, max_step_tokens]", "inout"),
    ("step_output_len", "int32", "[max_bsz]", "inout"),
    ("stop_flags", "bool", "[max_bsz]", "inout"),
    ("seq_lens_this_time", "int32", "[real_bsz]", "inout"),
    ("is_paused", "bool", "[max_bsz]", "in"),
    ("mask_rollback", "int32", "[max_bsz]", "inout"),
    ("token_ids_all", "int64", "[max_bsz, max_model_len]", "inout"),
    ("prompt_lens", "int64", "[max_bsz]", "in"),
    ("step_idx", "int64", "[max_bsz]", "inout"),
    ("end_tokens", "int64", "[end_length]", "in"),
    ("max_dec_len", "int64", "[max_bsz]", "in"),
]


def _table(op: Any) -> list[tuple[str, str, str, str]]:
    def dtype(t: Any) -> str:
        return t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.value

    return [
        (t.name, dtype(t), "[" + ", ".join(e.render() for e in t.shape) + "]", t.role.value)
        for t in op.tensors
    ]


def test_top_p_candidates_spec() -> None:
    op = load_spec(SPECS / "top_p_candidates.yaml", ROOT)
    assert _table(op) == TOP_P_CANDIDATES
    (t_var,) = op.dtype_vars
    assert t_var.name == "T" and t_var.choices == (DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16)
    # One dtype variable, shared by identity: a call chooses T once for all of them.
    assert op.tensor("probs").dtype is t_var
    assert op.tensor("verify_scores").dtype is op.tensor("probs").dtype
    assert op.tensor("top_p").dtype is t_var
    dim = next(d for d in op.dims if d.name == "max_candidate_len")
    assert dim.from_attr == "candidates_len"
    assert all(d.from_attr is None for d in op.dims if d is not dim)
    attr = op.attr("candidates_len")
    assert (attr.type, attr.min, attr.max, attr.default) == (AttrType.INT, 1, 16, None)
    assert [t.name for t in op.outputs] == [
        "verify_scores",
        "verify_tokens",
        "actual_candidate_lens",
    ]
    assert [t.name for t in op.arguments] == ["probs", "top_p", "batch_id_per_token"]
    assert not any(t.optional or t.host for t in op.tensors)


def test_unified_update_model_status_spec() -> None:
    op = load_spec(SPECS / "unified_update_model_status.yaml", ROOT)
    assert _table(op) == UNIFIED_UPDATE_MODEL_STATUS
    flag = op.tensor("has_running_seqs")
    assert flag.host is True and flag.role is Role.INOUT and flag.shape == (DimConst(1),)
    assert [t.name for t in op.tensors if t.host] == ["has_running_seqs"]
    assert op.dtype_vars == () and not any(t.optional for t in op.tensors)
    assert all(t.role in (Role.INPUT, Role.INOUT) for t in op.tensors)
    assert [(a.name, a.type, a.default) for a in op.attrs] == [
        ("is_naive_mode", AttrType.BOOL, False),
        ("prefill_one_step_stop", AttrType.BOOL, False),
    ]
    assert [d.name for d in op.dims] == [
        "max_bsz",
        "max_step_tokens",
        "real_bsz",
        "max_model_len",
        "end_length",
    ]


def test_spec_renamed_is_caught(tmp_path: Path) -> None:
    """A real spec copied under another file name fails only on its op name."""
    text = (SPECS / "top_p_candidates.yaml").read_text()
    errors = errors_of(write(tmp_path, text, "top_p"), tmp_path)
    op_line = text.splitlines().index("op: top_p_candidates") + 1
    assert [(e.loc.line, e.where) for e in errors] == [(op_line, "op")]
    assert "top_p_candidates.yaml" in errors[0].message


# ---------------------------------------------------------------- the command line


def _codegen(specs: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "codegen", "--specs", str(specs), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _tree(directory: Path) -> dict[str, bytes]:
    return {
        p.relative_to(directory).as_posix(): p.read_bytes()
        for p in directory.rglob("*")
        if p.is_file()
    }


def test_cli_reports_spec_errors_and_writes_nothing(tmp_path: Path) -> None:
    specs, out = tmp_path / "specs", tmp_path / "out"
    specs.mkdir()
    out.mkdir()
    spec = write(
        specs, edit(BASE, ("dtype: int32", "dtype: float64"), ("default: fast", "default: slow"))
    )
    spec = spec.resolve()  # the CLI resolves --specs; outside the repository, paths stay absolute
    result = _codegen(specs, out)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines == [
        f"{spec}:35: attribute mode.default: 'slow' is not a member; expected one of: fast, exact",
        f"{spec}:15: tensor y.dtype: unknown dtype 'float64'; expected one of: "
        "bool, int32, int64, float32, float16, bfloat16, T",
        "2 spec error(s); nothing was generated",
    ]
    assert list(out.iterdir()) == []


def test_cli_leaves_existing_output_alone_on_errors(tmp_path: Path) -> None:
    specs, out = tmp_path / "specs", tmp_path / "out"
    specs.mkdir()
    (out / "kernel_decls").mkdir(parents=True)
    (out / "kernel_decls" / "demo.h").write_text("// an earlier generation\n")
    write(specs, BASE)  # valid
    write(specs, "", "broken")  # empty
    before = _tree(out)
    result = _codegen(specs, out)
    assert result.returncode == 2
    assert re.search(r"broken\.yaml:1: a spec is a YAML mapping", result.stderr), result.stderr
    assert _tree(out) == before


def test_cli_refuses_a_spec_directory_without_specs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "kernel_decls").mkdir(parents=True)
    (out / "kernel_decls" / "demo.h").write_text("// an earlier generation\n")
    before = _tree(out)
    result = _codegen(tmp_path / "no_such_dir", out)
    assert result.returncode != 0
    assert _tree(out) == before


@pytest.mark.parametrize("workers", [False, True])
def test_cli_names_a_file_it_cannot_write(
    tmp_path: Path,
    workers: bool,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file where the output directory must be: the path and the reason,
    no traceback, with and without worker processes."""
    specs = tmp_path / "specs"
    specs.mkdir()
    write(specs, BASE)
    second = BASE.replace("op: demo", "op: demo_two", 1).replace("mode", "way")
    write(specs, second, "demo_two")
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory\n")
    if workers:
        from codegen import generate as driver

        monkeypatch.setattr(driver.os, "cpu_count", lambda: 2)
        monkeypatch.setattr(driver, "SPECS_PER_WORKER", 1)
    from codegen.__main__ import main

    out = blocker / "out"
    code = main(["--specs", str(specs), "--out", str(out), "--cache", str(tmp_path / "c")])
    err = capsys.readouterr().err
    assert code == 3, err
    assert err.startswith(f"{out}/") and ": Not a directory; fix that and run again" in err, err
    assert "Traceback" not in err
