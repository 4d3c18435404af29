"""Named regression cases for hostile spec files: one per class of failure the
spec fuzzer found in the front end (tracebacks, hangs, injected code, specs
accepted and then mis-generated, non-determinism, errors held back, unreadable
messages). Each is the valid BASE spec of test_spec_errors.py with one edit.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codegen import names
from codegen.emit import render
from codegen.escape import cpp_comment, cpp_string, py_docstring
from codegen.parse import SpecError, SpecErrors, load_spec, load_specs
from tests import ROOT
from tests.generator.mutated_specs.lexer import cpp_tokens, python_tokens
from tests.generator.mutated_specs.mutate import Case
from tests.generator.mutated_specs.oracle import compile_cxx, run_case
from tests.generator.test_spec_errors import (
    BASE,
    MARK,
    _codegen,
    after,
    edit,
    extra_attr,
    marked_line,
    write,
)

# A hostile file may cost this many times the valid BASE spec's load, measured
# in the same run (a ratio, not seconds: the machine's speed and load vary).
# Loading BASE takes a few ms; the bound leaves room for a file of the size
# limit, and none for an expansion, a backtracking regex or a hang.
HOSTILE_LOAD_RATIO = 400


@functools.cache
def _base_load_seconds(directory: Path) -> float:
    """The fastest of five loads of the valid BASE spec."""
    directory = directory / "base"
    directory.mkdir(exist_ok=True)
    path = directory / "demo.yaml"  # BASE's op is `demo`
    path.write_text(BASE, encoding="utf-8")
    times = []
    for _ in range(5):
        start = time.perf_counter()
        load_spec(path, directory)
        times.append(time.perf_counter() - start)
    return min(times)


def errors(tmp_path: Path, text: str | bytes, name: str = "demo") -> list[SpecError]:
    path = tmp_path / f"{name}.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    base = _base_load_seconds(tmp_path.parent)
    start = time.perf_counter()
    with pytest.raises(SpecErrors) as info:
        load_spec(path, tmp_path)
    took = time.perf_counter() - start
    assert took < HOSTILE_LOAD_RATIO * base, (
        f"took {took:.3f} s, over {HOSTILE_LOAD_RATIO}x the valid spec's {base * 1e3:.1f} ms"
    )
    for error in info.value.errors:
        assert re.fullmatch(rf"{name}\.yaml:\d+: .+", str(error)), str(error)
        assert str(error).isprintable() and len(str(error)) < 400, str(error)
    return info.value.errors


def one_error(tmp_path: Path, text: str, *words: str, line: int | None = None) -> SpecError:
    found = errors(tmp_path, text)
    want = line if line is not None else marked_line(text)
    at = [e for e in found if e.loc.line == want]
    assert at, "\n".join(map(str, found))
    for word in words:
        assert word in str(at[0]), f"{word!r} not in {at[0]}"
    return at[0]


# ---------------------------------------------------------------- no traceback


def test_deep_nesting_is_an_error_at_its_line(tmp_path: Path) -> None:
    text = edit(BASE, ("    doc: read only", f"    doc: {'[' * 200}{']' * 200} {MARK}"))
    one_error(tmp_path, text, "nested more than 12 levels")
    text = edit(BASE, ("    doc: read only", f"    doc: {'{a: ' * 200}1{'}' * 200} {MARK}"))
    one_error(tmp_path, text, "nested more than 12 levels")


@pytest.mark.parametrize("where", ["    values: {above: %s} #<", "    default: %s #<"])
def test_huge_numbers_are_errors(tmp_path: Path, where: str) -> None:
    number = "9" * 400
    if "default" in where:
        text = extra_attr("scale", "float", where.replace("#<", MARK) % number + "\n", mark="")
    else:
        text = edit(BASE, after("    doc: read only", where.replace("#<", MARK) % number + "\n"))
    one_error(tmp_path, text, "does not fit int64")
    text = text.replace(number, "9" * 5000)
    one_error(tmp_path, text, "limited to 4096 characters")
    text = text.replace("9" * 5000, "1e400")
    one_error(tmp_path, text, "too large for a float64")


def test_lone_surrogate_is_an_error(tmp_path: Path) -> None:
    text = edit(BASE, ("    doc: read only", f'    doc: "bad \\ud800" {MARK}'))
    one_error(tmp_path, text, "tensor x.doc", "U+D800", "surrogate")


@pytest.mark.parametrize("field", ["shape", "tensors", "kernels", "values"])
def test_omap_where_a_list_or_mapping_is_expected(tmp_path: Path, field: str) -> None:
    anchor = {"shape": "    shape: [n]", "tensors": "tensors:", "kernels": "kernels: [cpu]"}
    if field == "values":
        text = edit(BASE, after("    doc: read only", f"    values: !!omap [] {MARK}\n"))
    else:
        old = anchor[field]
        text = edit(BASE, (old, f"{old.split(':')[0]}: !!omap [] {MARK}"))
        if field == "tensors":  # the block that followed is now a stray indentation
            text = text.split("tensors:")[0] + f"tensors: !!omap [] {MARK}\n"
    one_error(tmp_path, text, "explicit tags", "!!omap" if False else "omap")


# ---------------------------------------------------------------- no hang


def test_alias_bomb_is_refused_before_expanding(tmp_path: Path) -> None:
    bomb = "".join(
        f"  l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" if i else "  l0: &l0 [lol]\n"
        for i in range(10)
    )
    text = BASE.replace("doc: a small valid op", f"doc: *l9\nbomb:\n{bomb}")
    base = _base_load_seconds(tmp_path.parent)
    start = time.perf_counter()
    found = errors(tmp_path, text)
    # Refused before expanding: about one load's work (10**9 nodes otherwise).
    assert time.perf_counter() - start < 50 * base
    assert re.search(r"(aliases|anchors) \(\S+\) are not allowed", str(found[0])), found


def test_huge_names_and_files_are_refused_quickly(tmp_path: Path) -> None:
    one_error(
        tmp_path,
        edit(BASE, ("  - name: y", f"  - name: {'n' * 1000} {MARK}")),
        "is too long",
        "at most 48",
    )
    one_error(
        tmp_path,
        edit(BASE, ("  - name: y", f"  - name: {'n' * 40_000} {MARK}")),
        "limited to 4096",
    )
    big = edit(BASE, ("  - name: y", f"  - name: {'n' * 1_000_000}"))
    one_error(tmp_path, big, "a spec is at most 65536", line=1)


# ---------------------------------------------------------------- no raw spec text


HOSTILE_DOCS = [
    '""" + str(__import__("os").system("echo INJECTED")) + """',
    "\\N",
    "\\x",
    "\\u12",
    "ends in a backslash \\",
    "*/ int injected; /*",
    "a \"quoted\" word and a 'single' one",
    "??/",
]


def _render_with_docs(tmp_path: Path, doc: str) -> dict[str, str]:
    quoted = '"' + doc.replace("\\", "\\\\").replace('"', '\\"') + '"'
    text = edit(
        BASE,
        ("    doc: how", f"    doc: {quoted}"),
        ("doc: a small valid op", f"doc: {quoted}"),
        ("    doc: read only", f"    doc: {quoted}"),
    )
    tmp_path.mkdir()
    return render([load_spec(write(tmp_path, text), tmp_path)])


@pytest.mark.parametrize("doc", HOSTILE_DOCS, ids=range(len(HOSTILE_DOCS)))
def test_docs_never_reach_generated_code_raw(tmp_path: Path, doc: str) -> None:
    """The enum doc, the op doc and a tensor doc hold hostile text: every file still
    compiles (Python) and has exactly the code it has with plain docs."""
    files = _render_with_docs(tmp_path / "hostile", doc)
    plain = _render_with_docs(tmp_path / "plain", "plain words")
    assert sorted(files) == sorted(plain)
    for path, text in files.items():
        if path.endswith((".py", ".pyi")):
            compile(text, path, "exec")
            assert python_tokens(text) == python_tokens(plain[path]), path
        else:
            assert cpp_tokens(text) == cpp_tokens(plain[path]), path
            for line in text.splitlines():
                assert not (line.lstrip().startswith("//") and line.endswith("\\")), line


def test_nul_in_a_doc_is_an_error_at_its_line(tmp_path: Path) -> None:
    text = edit(BASE, ("    doc: read only", f"    doc: nul\x00here {MARK}"))
    one_error(tmp_path, text, "U+0000", "control character")
    text = edit(BASE, ("    doc: read only", f'    doc: "nul\\0here" {MARK}'))
    one_error(tmp_path, text, "tensor x.doc", "U+0000")


def test_escapers_cannot_be_closed_early() -> None:
    nasty = 'a"b\\c\nd??/e"""\\'
    assert cpp_tokens(f"x = {cpp_string(nasty)};") == ["x", "=", "<str>", ";"]
    comment = f"// {cpp_comment(nasty)}\nint y;"
    assert cpp_tokens(comment) == ["int", "y", ";"]
    doc = f'def f():\n    """{py_docstring(nasty)}"""\n'
    compile(doc, "doc", "exec")
    assert eval(compile(f'"""{py_docstring(nasty)}"""', "d", "eval")) == nasty


# ---------------------------------------------------------------- accepted, then mis-generated


@pytest.mark.parametrize(
    ("bound", "words"),
    [
        ("nowhere", ("undefined dim 'nowhere'",)),
        ("x", ("'x' is a tensor, not a dim",)),
        ("seed", ("'seed' is an attribute, not a dim",)),
        ("n - m", ("'n - m' can be negative",)),
    ],
)
def test_dim_bounds_are_resolved(tmp_path: Path, bound: str, words: tuple[str, ...]) -> None:
    text = edit(BASE, ("  m: columns", f"  m: {{doc: columns, max: {bound}}} {MARK}"))
    one_error(tmp_path, text, "dims.m.max", *words)


def test_non_finite_bounds_are_errors(tmp_path: Path) -> None:
    for value in (".nan", ".inf", "-.inf"):
        text = edit(BASE, after("    doc: read only", f"    values: {{above: {value}}} {MARK}\n"))
        one_error(tmp_path, text, "tensor x.values.above", "numbers in a spec are finite")


@pytest.mark.parametrize(
    ("attrs", "words"),
    [
        (("x1", "x_1"), ("enum type is named 'X1'", "attribute x1")),
        (("kernels",), ("'Kernels'", "reserved")),
        (("t",), ("enum type is named 'T'", "dtype set")),
    ],
)
def test_generated_type_names_do_not_collide(
    tmp_path: Path, attrs: tuple[str, ...], words: tuple[str, ...]
) -> None:
    text = BASE
    for i, name in enumerate(attrs):
        mark = f" {MARK}" if i == len(attrs) - 1 else ""
        text += (
            f"  - name: {name}{mark}\n    type: enum\n    values: {{a: 0}}\n"
            "    default: a\n    doc: an enum\n"
        )
    one_error(tmp_path, text, *words)


@pytest.mark.parametrize(
    "name", ["errno", "launch_xpu3_sim", "xpu3_kernel", "tuple", "stdin", "note", "run"]
)
def test_macros_builtins_and_generated_names_are_reserved(tmp_path: Path, name: str) -> None:
    one_error(tmp_path, edit(BASE, ("  - name: y", f"  - name: {name} {MARK}")), "reserved")


@pytest.mark.parametrize(
    ("name", "words"),
    [("EOF", ("reserved", "macros")), ("NULL", ("keys must be strings", "got None"))],
)
def test_macro_dtype_set_names_are_refused(
    tmp_path: Path, name: str, words: tuple[str, ...]
) -> None:
    text = edit(BASE, ("  T: [float32, float16]", f"  {name}: [float32, float16] {MARK}"))
    one_error(tmp_path, text, *words)


def test_op_named_after_a_builtin(tmp_path: Path) -> None:
    text = edit(BASE, ("op: demo", f"op: tuple {MARK}"))
    found = errors(tmp_path, text, "tuple")
    assert any("'tuple' is reserved: a Python builtin" in str(e) for e in found)


def test_exported_names_are_unique_across_specs(tmp_path: Path) -> None:
    write(tmp_path, BASE)
    write(tmp_path, edit(BASE, ("op: demo", "op: other")), "other")
    with pytest.raises(SpecErrors) as info:
        load_specs(tmp_path, tmp_path)
    assert [str(e) for e in info.value.errors] == [
        "other.yaml:32: other: enum type of attribute mode: the Python module already exports "
        "'Mode' from demo.yaml:32; rename one"
    ]


def test_an_op_without_outputs_is_an_error(tmp_path: Path) -> None:
    text = edit(BASE, ("    role: inout", "    role: in"))
    one_error(tmp_path, text, "tensors", "at least one output", line=9)


def test_probability_rows_takes_true_or_false(tmp_path: Path) -> None:
    text = edit(
        BASE, after("    doc: read only", f"    values: {{probability_rows: 'no'}} {MARK}\n")
    )
    one_error(tmp_path, text, "probability_rows", "expected true/false", "'no'")


@pytest.mark.parametrize(
    ("shape", "words"),
    [
        ("[]", ("at least one axis", "[1]")),
        ("[" + ", ".join(["n"] * 100) + "]", ("at most 8 axes",)),
        ("[n - n]", ("'n - n' can be negative",)),
        ("[n * 2 - 1]", ("can be negative",)),
        # Dims are at most 2**31 - 1 at run time: a product of three may leave int64.
        ("[n * n * n]", ("'n * n * n' can exceed int64", "2**31 - 1")),
        ("[4 * n * n]", ("can exceed int64",)),
    ],
)
def test_impossible_shapes_are_errors(tmp_path: Path, shape: str, words: tuple[str, ...]) -> None:
    one_error(tmp_path, edit(BASE, ("    shape: [n]", f"    shape: {shape} {MARK}")), *words)


def test_a_provably_non_negative_difference_is_accepted(tmp_path: Path) -> None:
    text = edit(
        BASE,
        ("  m: columns", "  m: {doc: columns, min: 2}"),
        ("    shape: [2 * n + 1]", "    shape: [m - 1]"),
    )
    load_spec(write(tmp_path, text), tmp_path)


# ---------------------------------------------------------------- byte-deterministic


def test_generation_is_identical_under_different_hash_seeds(tmp_path: Path) -> None:
    outputs = []
    for seed in ("0", "1", "12345"):
        out = tmp_path / f"out{seed}"
        result = subprocess.run(
            # A fresh cache each: generation itself runs under each seed.
            [sys.executable, "-m", "codegen", "--out", str(out), "--cache", str(out) + "-cache"],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        outputs.append(
            {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
        )
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0], "nothing was generated"


# ---------------------------------------------------------------- all errors together


def test_a_tensor_with_a_bad_name_still_has_its_fields_checked(tmp_path: Path) -> None:
    text = edit(
        BASE,
        ("  - name: y", "  - name: Bad-Name"),
        ("    dtype: int32", "    dtype: float64"),
        ("    role: inout", "    role: sideways"),
    )
    found = [(e.loc.line, e.where) for e in errors(tmp_path, text)]
    assert (14, "tensors[1].name") in found
    assert (15, "tensors[1].dtype") in found
    assert (17, "tensors[1].role") in found


def test_an_attribute_with_an_unknown_type_still_has_its_fields_checked(tmp_path: Path) -> None:
    text = extra_attr("2bad", "string", "    default: [1]\n    at_most: n -\n", mark="")
    found = [(e.loc.line, e.where, e.message) for e in errors(tmp_path, text)]
    wheres = [w for _, w, _ in found]
    assert "attrs[2].name" in wheres and "attrs[2].type" in wheres, found


# ---------------------------------------------------------------- messages


def test_nul_byte_is_reported_at_its_line(tmp_path: Path) -> None:
    text = BASE.replace("    doc: read only", "    doc: read\x00only")
    assert [e.loc.line for e in errors(tmp_path, text)] == [13]


def test_at_most_errors_point_at_at_most(tmp_path: Path) -> None:
    text = extra_attr("width", "int", f"    default: 1\n    at_most: k + 1 {MARK}\n", mark="")
    one_error(tmp_path, text, "attribute width.at_most", "undefined dim 'k'")


def test_bad_values_are_quoted_short_and_escaped(tmp_path: Path) -> None:
    text = edit(BASE, ("    role: inout", f'    role: "{"r" * 5000}\\t" {MARK}'))
    error = one_error(tmp_path, text)
    assert "limited to 4096" in error.message
    text = edit(BASE, ("    role: inout", f'    role: "{"r" * 3000}\\t" {MARK}'))
    error = one_error(tmp_path, text, "unknown role 'rrrr")
    assert "..." in error.message and "\t" not in error.message and len(error.message) < 200


def test_fuzzer_finds_a_planted_injection(tmp_path: Path) -> None:
    """The fuzz oracle is not vacuous: raw text in generated code is caught."""
    import codegen.emit as emit

    text = edit(BASE, ("    doc: how", '    doc: "x\\"\\"\\" + str(1) + \\"\\"\\""'))
    original = emit._env.filters["py_docstring"]
    emit._env.filters["py_docstring"] = lambda s: s  # plant: no escaping
    try:
        outcome = run_case(Case("demo", text, ()), tmp_path)
    finally:
        emit._env.filters["py_docstring"] = original
    assert outcome.kind in ("raw-text", "invalid-python"), outcome
    assert run_case(Case("demo", text, ()), tmp_path).kind == "accepted"


# ---------------------------------------------------------------- found by the fuzzer


def test_a_16_bit_tensor_outside_a_dtype_set_compiles(tmp_path: Path) -> None:
    """kernel_decls included opforge/dtypes.h only for dtype sets (fuzz seed 1117)."""
    text = edit(BASE, ("    dtype: bool", "    dtype: bfloat16"))
    op = load_spec(write(tmp_path, text), tmp_path)
    assert compile_cxx(render([op]), op) is None


def test_size_arithmetic_on_literals_alone_is_64_bit(tmp_path: Path) -> None:
    """`65536 * 65536` was emitted as is: C++ evaluates it in int, where it
    overflows (-Werror=overflow; 0 without it). Generated size arithmetic is
    int64, each operation on literals alone made so by an int64_t operand."""
    text = edit(
        BASE,
        ("    shape: [2 * n + 1]", "    shape: [65536 * 65536 // 4096 * n + 2147483647 * 3]"),
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    files = render([op])
    assert "int64_t{65536} * 65536" in files["entry/demo.cc"]
    assert compile_cxx(files, op) is None


def test_constant_size_arithmetic_past_int64_is_an_error_at_its_line(tmp_path: Path) -> None:
    text = edit(
        BASE,
        ("    shape: [2 * n + 1]", f"    shape: [2147483647 * 2147483647 * 3] {MARK}"),
    )
    one_error(tmp_path, text, "noise.shape[0]", "can exceed int64")


def test_a_prefix_sum_has_its_sources_dtype(tmp_path: Path) -> None:
    """An int32 prefix sum over an int64 source was accepted, and its check did
    not compile (one element type for both buffers)."""
    text = edit(
        BASE,
        ("    dtype: int32", "    dtype: int64"),
        after("  m: columns", "  k: {doc: total}\n"),
        (
            "  - name: mask\n",
            "  - name: offsets\n    dtype: int32\n    shape: [n + 1]\n    doc: offsets\n"
            f"    values: {{prefix_sum_of: y, total: k}} {MARK}\n  - name: mask\n",
        ),
    )
    one_error(tmp_path, text, "prefix_sum_of", "source's dtype", "int64")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("    dtype: int32", "    dtype: bool"), ("int32 or int64",)),
        (("    dtype: int32", "    dtype: float32"), ("int32 or int64",)),
    ],
)
def test_prefix_sums_are_over_integers(
    tmp_path: Path, change: tuple[str, str], words: tuple[str, ...]
) -> None:
    """A prefix sum over a bool tensor generated C++ that did not compile (fuzz seed 1091)."""
    text = edit(
        BASE,
        change,
        after("  m: columns", "  k: {doc: total}\n"),
        (
            "  - name: mask\n",
            "  - name: offsets\n    dtype: int32\n    shape: [n + 1]\n    doc: offsets\n"
            f"    values: {{prefix_sum_of: y, total: k}} {MARK}\n  - name: mask\n",
        ),
    )
    one_error(tmp_path, text, "prefix_sum_of", *words)


def test_a_total_alone_sums_a_tensor_of_lengths(tmp_path: Path) -> None:
    """`total` without `prefix_sum_of`: the elements of a rank-1 integer tensor add
    up to the dim (which an attribute may set); the value-checked mode sums them."""
    text = edit(
        BASE,
        after("  m: columns", "  k: {doc: total, attr: count}\n"),
        after("    role: inout", "    values: {min: 0, total: k}\n"),
        (
            "  - name: mask\n",
            "  - name: packed\n    dtype: int64\n    shape: [k]\n    role: inout\n"
            "    doc: packed\n  - name: mask\n",
        ),
        after(
            "attrs:",
            "  - name: count\n    type: int64\n    min: 0\n    doc: the total\n",
        ),
    )
    op = load_spec(write(tmp_path, text), tmp_path)
    assert op.tensor("y").values.total == "k"
    files = render([op])
    assert compile_cxx(files, op) is None
    plugin = files["entry/demo.cc"]
    assert 'opforge::check_total(kOp, "y", opforge::Buffer<const int32_t>(y), k, "k");' in plugin


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("    dtype: int32", "    dtype: float32"), ("rank-1 int32 or int64",)),
        (("    shape: [n]\n    role: inout", "    shape: [n, m]\n    role: inout"), ("rank-1",)),
    ],
)
def test_a_total_alone_needs_integer_lengths(
    tmp_path: Path, change: tuple[str, str], words: tuple[str, ...]
) -> None:
    text = edit(BASE, change, after("    role: inout", f"    values: {{total: n}} {MARK}\n"))
    one_error(tmp_path, text, "total", *words)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ("{min: 0.5}", ("integer tensor's bound", "0.5")),
        ("{above: 0}", ("'above' is for float tensors",)),
    ],
)
def test_integer_tensors_take_integer_bounds(
    tmp_path: Path, values: str, words: tuple[str, ...]
) -> None:
    text = edit(BASE, after("    role: inout", f"    values: {values} {MARK}\n"))
    one_error(tmp_path, text, *words)


def test_invisible_characters_in_keys_are_quoted(tmp_path: Path) -> None:
    """A BOM inside a key reached a field path unquoted (fuzz seed 1094); a BOM
    is now refused as an invisible character, and a key holding a character
    a spec may hold but that does not print (a no-break space) is quoted."""
    text = edit(BASE, ("    doc: read only", f"    do\ufeffc: read only {MARK}"))
    one_error(tmp_path, text, "U+FEFF", "invisible")
    text = edit(BASE, ("    doc: read only", f"    do\u00a0c: read only {MARK}"))
    error = one_error(tmp_path, text, "unknown field", "\\xa0")
    assert error.where.isprintable()


# Drawn as nothing: format characters (Cf) and the other default-ignorable code points.
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u00ad",  # soft hyphen
    "\u200d",  # zero-width joiner
    "\u2060",  # word joiner
    "\U000e0041",  # tag latin capital letter a
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\ufeff",  # a BOM past the start of the file
    "\u3164",  # Hangul filler
    "\ufe0f",  # variation selector 16
    "\u034f",  # combining grapheme joiner
]


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("where", ["doc", "quoted-doc", "escaped-doc", "comment", "key"])
def test_invisible_characters_are_refused_naming_the_code_point(
    char: str, where: str, tmp_path: Path
) -> None:
    """Wherever a spec holds text: in a doc (plain, quoted, or written as an
    escape the YAML reader turns into the character), a comment, a key."""
    line = {
        "doc": f"    doc: read{char}only {MARK}",
        "quoted-doc": f'    doc: "read{char}only" {MARK}',
        "escaped-doc": f'    doc: "read\\U{ord(char):08x}only" {MARK}',
        "comment": f"    doc: read only # a{char}b {MARK}",
        "key": f"    do{char}c: read only {MARK}",
    }[where]
    text = edit(BASE, ("    doc: read only", line))
    one_error(tmp_path, text, f"U+{ord(char):04X}")


@pytest.mark.parametrize(
    ("brk", "name"),
    [
        ("\u2028", "line separator"),
        ("\u2029", "paragraph separator"),
        ("\x85", "control"),
        ("\r", "carriage return"),
    ],
)
def test_line_breaks_other_than_newline_are_refused_at_their_line(
    brk: str, name: str, tmp_path: Path
) -> None:
    """A line ends at \\n (or \\r\\n) only: a break an editor may not show would
    make every later line number drift, so it is refused where it stands."""
    text = edit(BASE, ("    doc: read only", f"    doc: read{brk}only {MARK}"))
    # (Counted here as the spec language counts: str.splitlines() would count the break.)
    line = next(n for n, part in enumerate(text.split("\n"), 1) if MARK in part)
    one_error(tmp_path, text, f"U+{ord(brk):04X}", name, line=line)
    # Where it is no character of the text but a value's escape, the value is refused.
    if brk != "\r":
        escaped = edit(BASE, ("    doc: read only", f'    doc: "read\\u{ord(brk):04x}only" {MARK}'))
        one_error(tmp_path, escaped, f"U+{ord(brk):04X}", line=line)


def test_crlf_line_ends_keep_the_line_numbers(tmp_path: Path) -> None:
    text = edit(BASE, ("    doc: read only", f"    doc: read\x00only {MARK}"))
    one_error(tmp_path, text.replace("\n", "\r\n"), "U+0000", line=marked_line(text))


def test_a_long_dim_name_is_cut_in_the_field_path(tmp_path: Path) -> None:
    """A 1,000-character dim name was echoed in full (fuzz seed 1929)."""
    text = edit(BASE, ("  m: columns", f"  {'m' * 1000}: columns {MARK}"))
    found = errors(tmp_path, text)
    assert all(len(str(e)) < 400 for e in found)


# ---------------------------------------------------------------- the command line


def test_cli_formats_hostile_docs_into_valid_code(tmp_path: Path) -> None:
    """Through the formatters too (the fuzzer renders in-process, unformatted)."""
    specs = tmp_path / "specs"
    specs.mkdir()
    quoted = '"' + HOSTILE_DOCS[0].replace('"', '\\"') + ' \\\\"'
    write(specs, edit(BASE, ("    doc: how", f"    doc: {quoted}")))
    result = _codegen(specs, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    for path in (tmp_path / "out").rglob("*.py*"):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    header = (tmp_path / "out" / "kernel_decls" / "demo.h").read_text(encoding="utf-8")
    comments = [line for line in header.splitlines() if line.lstrip().startswith("//")]
    assert any("INJECTED" in line for line in comments)
    assert not any(line.endswith("\\") for line in comments)


@pytest.mark.parametrize(
    "text",
    [
        "a: &x [1]\nb: *x\n",
        "op: " + "[" * 5000 + "]" * 5000,
        b"op: demo\x00\n",
        b"\xff\xfe",
        "op: 99999999999999999999999999999\n",
    ],
    ids=["alias", "deep", "nul", "utf16", "bigint"],
)
def test_cli_never_prints_a_traceback(tmp_path: Path, text: str | bytes) -> None:
    specs = tmp_path / "specs"
    specs.mkdir()
    path = specs / "demo.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = _codegen(specs, tmp_path / "out")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert re.match(r".*demo\.yaml:\d+: ", result.stderr), result.stderr
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- value sampling


def test_sample_takes_dim_expressions(tmp_path: Path) -> None:
    text = edit(BASE, after("    role: inout", "    values: {min: 0, sample: [1, m + 3]}\n"))
    op = load_spec(write(tmp_path, text), tmp_path)
    low, high = op.tensor("y").values.sample or (None, None)
    assert low == 1 and high is not None and high.render() == "m + 3"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("sample", "words"),
    [("[1, k + 3]", ("undefined name 'k'",)), ("[5, 2]", ("low 5 is above high 2",))],
)
def test_sample_ends_are_checked(tmp_path: Path, sample: str, words: tuple[str, ...]) -> None:
    text = edit(BASE, after("    role: inout", f"    values: {{sample: {sample}}} {MARK}\n"))
    one_error(tmp_path, text, "values.sample", *words)


@pytest.mark.parametrize("odd", ["new\nline", "esc\x1b[31m", "cr\rhere", "sep\u2028here"])
def test_a_spec_path_is_printed_escaped_and_whole(odd: str, tmp_path: Path) -> None:
    """A directory or file name holding a line break or a control character
    must not split or recolour an error message, nor be cut short."""
    specs = tmp_path / (odd + "x" * 100)
    specs.mkdir()
    write(specs, edit(BASE, ("    doc: read only", "    doc: [unclosed")))
    with pytest.raises(SpecErrors) as info:
        load_specs(specs, tmp_path)
    (message,) = str(info.value).splitlines()
    assert message.isprintable() and repr(odd)[1:-1] + "x" * 100 in message, message
    empty = tmp_path / ("empty " + odd)
    empty.mkdir()
    with pytest.raises(SpecErrors) as info:
        load_specs(empty, tmp_path)
    (message,) = str(info.value).splitlines()
    assert message.isprintable() and repr(odd)[1:-1] in message, message


def test_arguments_named_like_runtime_names_compile(tmp_path: Path) -> None:
    """Every name the runtime declares (names.runtime_names()) that a tensor or
    attribute may take is one here, half as tensors, half as attributes, on
    every kind: the generated code reaches the runtime through ``opforge::``,
    so none of them hides anything, and the op's C++ compiles."""
    free = sorted(n for n in names.runtime_names() if names.name_problem(n) is None)
    assert len(free) > 50, free
    tensors = "".join(
        f"  - {{name: {n}, dtype: int32, shape: [n], doc: a runtime name}}\n" for n in free[::2]
    )
    attrs = "".join(f"  - {{name: {n}, type: int64, doc: a runtime name}}\n" for n in free[1::2])
    text = (
        "op: runtime_names_as_arguments\nkernels: [cpu, xpu3]\ndoc: arguments named by the runtime\n"
        "dims: {n: rows}\ntensors:\n"
        "  - {name: y, dtype: int32, shape: [n], role: inout, doc: written}\n"
        f"{tensors}attrs:\n{attrs}"
    )
    write(tmp_path, text, "runtime_names_as_arguments")
    (op,) = load_specs(tmp_path, tmp_path)
    assert compile_cxx(render([op]), op) is None
