"""`opforge-dev import` (opforge_dev/importer/) and the generator's refusal of
a TODO it leaves. Paddle-free and build-free: each fixture of
tests/fixtures/import/ (one per style engines write ops in) is imported, and
its draft must hold what the source states, be accepted by the generator or
refused only for its TODOs, at their lines; a file import cannot read is one
line naming it.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen.kinds import KINDS
from codegen.parse import SpecErrors, load_spec
from opforge_dev import importer
from opforge_dev.importer.lexer import MAX_EXPANDED
from tests import ROOT

# ---------------------------------------------------------------- the parser and TODO

TODO_SPEC = """\
op: demo
kernels: [cpu]
doc: a demo
dims:
  n: rows
tensors:
  - name: x
    dtype: TODO  # could not read: data<T>() with T unbound
    shape: [n]
    doc: read
  - name: y
    dtype: int32
    shape: [n, TODO]  # could not read: axis 1
    role: inout
    doc: updated
  - name: TODO
    dtype: int32
    shape: [n]
    doc: read
attrs:
  - name: k
    type: TODO
    doc: k
  - name: j
    type: int
    default: TODO
    doc: j
"""


def test_a_todo_is_refused_at_its_line_naming_the_field_and_what_to_decide(
    tmp_path: Path,
) -> None:
    spec = tmp_path / "opspec" / "demo.yaml"
    spec.parent.mkdir()
    spec.write_text(TODO_SPEC)
    with pytest.raises(SpecErrors) as caught:
        load_spec(spec, tmp_path)
    lines = str(caught.value).splitlines()
    assert [line.split(": TODO left by")[0] for line in lines] == [
        "opspec/demo.yaml:8: tensor x.dtype",
        "opspec/demo.yaml:13: tensor y.shape[1]",
        "opspec/demo.yaml:16: tensors[2].name",
        "opspec/demo.yaml:22: attribute k.type",
        "opspec/demo.yaml:26: attribute j.default",
    ]
    assert all("TODO left by `opforge-dev import`" in line for line in lines)
    # What to decide, from the language's own description of the field.
    assert "decide an element type" in lines[0] and "bfloat16" in lines[0]
    assert "decide this entry of 'shape'" in lines[1]
    assert "(int, int64, float, bool, enum, int_list, int64_list)" in lines[3]
    # Only the TODO errors: no "unknown dtype 'TODO'" or "undefined dim 'TODO'" after them.
    assert "unknown" not in str(caught.value) and "undefined" not in str(caught.value)


def test_other_errors_are_still_reported_with_the_todos(tmp_path: Path) -> None:
    spec = tmp_path / "demo.yaml"
    spec.write_text(TODO_SPEC.replace("shape: [n, TODO]", "shape: [m, TODO]"))
    with pytest.raises(SpecErrors) as caught:
        load_spec(spec, tmp_path)
    assert "undefined dim 'm'" in str(caught.value)
    assert str(caught.value).count("TODO left by") == 5


# ---------------------------------------------------------------- import, per fixture

FIXTURES = ROOT / "tests" / "fixtures" / "import"


def dev(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "opforge_dev", *args],
        cwd=cwd,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@dataclass(frozen=True)
class Expected:
    """What a fixture states: its op's tensors (name, dtype, shape, role,
    optional), dims (name -> the attribute that sets it, or None), dtype set,
    attributes (name, type, default), and the fields left TODO."""

    op: str
    tensors: list[tuple[str, str, list[Any], str, bool]]
    dims: dict[str, str | None]
    attrs: list[tuple[str, str, Any]]
    todos: list[str] = field(default_factory=list)  # the fields the generator refuses
    dtype_set: list[str] | None = None


EXPECTED = {
    # (a) an XPU wrapper calling a plugin: the buffers only the plugin sizes are TODO.
    "xpu_plugin_wrapper.cc": Expected(
        "clamp_draft_lens",
        [
            ("draft_lens", "int32", ["TODO"], "inout", False),
            # const_cast, not in the map, handed to a plugin: no write seen, to check
            ("accept_lens", "int32", ["TODO"], "in", False),
            ("seq_lens_this_time", "int32", ["real_bsz"], "in", False),
            ("stop_flags", "bool", ["max_bsz"], "in", False),
            ("draft_limits", "int64", ["TODO"], "in", True),
        ],
        {"real_bsz": None, "max_bsz": None},
        [("max_draft_tokens", "int", None), ("keep_stopped", "bool", None)],
        todos=[
            "tensor draft_lens.shape[0]",
            "tensor accept_lens.shape[0]",
            "tensor draft_limits.shape[0]",
        ],
    ),
    # (b) a CUDA kernel and its host function: a dtype set from PD_DISPATCH.
    "cuda_kernel_and_host.cu": Expected(
        "scale_rows",
        [
            ("x", "T", ["token_num", "hidden_size"], "in", False),
            ("row_scales", "float32", ["token_num"], "in", False),
            ("row_lens", "int32", ["token_num"], "in", False),
            ("out", "T", ["token_num", "hidden_size"], "out", False),
        ],
        {"token_num": None, "hidden_size": None},
        [("eps", "float", None)],
        dtype_set=["float32", "float16", "bfloat16"],
    ),
    # (c) a static op: output shapes and dtypes from the infer functions and paddle::full.
    "static_op_infer_fns.cu": Expected(
        "count_output_rows",
        [
            ("seq_lens_this_time", "int32", ["real_bsz"], "in", False),
            ("seq_lens_encoder", "int32", ["max_bsz"], "in", False),
            ("rows", "int32", ["real_bsz"], "out", False),
            ("cu_rows", "int32", ["real_bsz + 1"], "out", False),
        ],
        {"real_bsz": None, "max_bsz": None},
        [],
    ),
    # (d) a tensor whose value is a size: an int64 attribute setting the dim.
    "tensor_token_count.cu": Expected(
        "pack_tokens",
        [
            ("input_ids", "int64", ["max_bsz", "max_seq_len"], "in", False),
            ("seq_lens_this_time", "int32", ["real_bsz"], "in", False),
            ("ids_packed", "int64", ["token_num_data"], "out", False),
            ("cu_seqlens", "int32", ["real_bsz + 1"], "out", False),
        ],
        {"max_bsz": None, "max_seq_len": None, "real_bsz": None, "token_num_data": "cpu_token_num"},
        [("cpu_token_num", "int64", None)],
    ),
    # (f) an XPU op switching over a dtype, each case naming its type in a local
    # typedef or using: a dtype set; the ids and lengths fixed (one type in each case).
    "xpu_dtype_switch.cc": Expected(
        "mask_bad_tokens",
        [
            ("logits", "T", ["bsz", "vocab"], "inout", False),
            ("bad_ids", "int64", ["num_bad"], "in", False),
            ("seq_lens", "int32", ["bsz"], "in", False),
        ],
        {"bsz": None, "vocab": None, "num_bad": None},
        [("fill_value", "float", None)],
        dtype_set=["float32", "float16", "bfloat16"],
    ),
    # (e) environment variables: attributes with their defaults, after .Attrs.
    "env_parameter.cc": Expected(
        "update_stop_flags",
        [
            ("stop_flags", "bool", ["max_bsz"], "inout", False),
            ("step_idx", "int64", ["max_bsz"], "inout", False),  # mutable_data, not in the map
            ("max_dec_len", "int64", ["TODO"], "in", False),
            ("end_ids", "int64", ["end_length"], "in", False),
        ],
        {"max_bsz": None, "end_length": None},
        [
            ("step_limit", "int64", None),
            ("stop_on_limit", "bool", False),
            ("stop_window", "int", 4),
        ],
        todos=["tensor max_dec_len.shape[0]"],
    ),
}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """All fixtures imported in one run (paths relative to the checkout)."""
    out = tmp_path_factory.mktemp("imported")
    files = [str((FIXTURES / name).relative_to(ROOT)) for name in EXPECTED]
    result = dev("import", *files, "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, result.stdout


@pytest.mark.parametrize("fixture", list(EXPECTED))
def test_a_draft_holds_what_the_source_states_and_todo_elsewhere(
    fixture: str, imported: tuple[Path, str]
) -> None:
    out, _ = imported
    want = EXPECTED[fixture]
    spec = out / "opspec" / f"{want.op}.yaml"
    text = spec.read_text()
    lines = text.splitlines()
    # The layout `new` writes: the schema line, its comments, every section.
    # The schema as a spec in a checkout's opspec/ names it, wherever --out is
    # (a path back into this checkout would be wrong once the draft is moved).
    assert lines[0] == "# yaml-language-server: $schema=../docs/opspec.schema.json"
    for comment in (
        "# The tensors, in the order of",
        "# Attributes, after the tensors",
        "# Symbolic sizes",
    ):
        assert comment in text
    # The draft names its source, relative to the checkout, with the line of the
    # registration (the schema line is relative to where the draft is written).
    header = " ".join(line.removeprefix("# ") for line in lines if line.startswith("#"))
    assert re.search(rf"from tests/fixtures/import/{fixture}:\d+ \(PD_BUILD", header)
    assert str(ROOT) not in "\n".join(lines[1:])
    data = yaml.safe_load(text)
    assert data["op"] == want.op
    got = [
        (t["name"], t["dtype"], t["shape"], t["role"], t.get("optional", False))
        for t in data["tensors"]
    ]
    assert got == want.tensors
    dims = {
        name: (d.get("attr") if isinstance(d, dict) else None)
        for name, d in (data["dims"] or {}).items()
    }
    assert dims == want.dims
    assert [(a["name"], a["type"], a.get("default")) for a in data["attrs"] or []] == want.attrs
    assert (data["dtype_sets"] or {}).get("T") == want.dtype_set
    # Every TODO carries a comment saying what was read.
    for line in lines:
        if re.match(r"\s*(?:- )?\w+: (?:TODO|\[[^]]*\bTODO\b[^]]*\])(?:\s|$)", line):
            assert "# could not read: " in line or "# could not use " in line, line

    kernels = [
        out / "csrc/kernels/cpu" / f"{want.op}.cc",
        out / "tests/ops/reference" / f"{want.op}.py",
    ]
    if not want.todos:
        # Accepted as written: its tensors, dims, dtypes and attributes are the model's.
        op = load_spec(spec, out)
        assert [t.name for t in op.tensors] == [t[0] for t in want.tensors]
        assert [d.name for d in op.dims] == list(want.dims)
        assert all(p.is_file() for p in kernels)  # as `new` writes them
        assert re.search(
            rf"^{want.op} \(.*\): the generator accepts the draft as written", imported[1], re.M
        )
    else:
        # Refused only with the TODO errors, each at the line holding the TODO.
        with pytest.raises(SpecErrors) as caught:
            load_spec(spec, out)
        errors = caught.value.errors
        assert [e.where for e in errors] == want.todos
        for error in errors:
            assert "TODO left by `opforge-dev import`" in error.message
            assert "TODO" in lines[error.loc.line - 1].split("#")[0]
        assert not any(p.exists() for p in kernels)  # no kernels for a spec that does not generate


def test_the_generator_accepts_each_draft_it_does_not_refuse(imported: tuple[Path, str]) -> None:
    """`python -m codegen` over the accepted drafts, as `opforge-dev generate` runs it."""
    out, stdout = imported
    accepted = [w.op for w in EXPECTED.values() if not w.todos]
    specs = out / "accepted"
    specs.mkdir()
    for op in accepted:
        shutil.copy(out / "opspec" / f"{op}.yaml", specs)
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "--specs", str(specs), "--out", str(out / "gen")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for op in accepted:
        assert (out / "gen" / "kernel_decls" / f"{op}.h").is_file()
    # The tally the command prints.
    assert f"{len(EXPECTED)} ops drafted: {len(accepted)} accepted by the generator as written" in (
        stdout
    )


def test_deciding_the_todos_then_new_from_spec_writes_the_kernels(tmp_path: Path) -> None:
    result = dev("import", str(FIXTURES / "env_parameter.cc"), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    spec = tmp_path / "opspec" / "update_stop_flags.yaml"
    assert "refuses the draft (1 TODO to decide)" in result.stdout
    assert re.search(
        r"opspec/update_stop_flags.yaml:\d+: tensor max_dec_len.shape\[0\]: TODO", result.stdout
    )
    # The author decides: max_dec_len has a slot per batch slot.
    spec.write_text(re.sub(r"shape: \[TODO\].*", "shape: [max_bsz]", spec.read_text()))
    load_spec(spec, tmp_path)
    made = dev("new", "update_stop_flags", "--into", str(tmp_path), "--from-spec")
    assert made.returncode == 0, made.stderr
    cpu = (tmp_path / "csrc/kernels/cpu/update_stop_flags.cc").read_text()
    assert "void opforge::update_stop_flags::Kernels::cpu(" in cpu
    assert "Written by `opforge-dev new`" in cpu
    xpu3 = (tmp_path / "csrc/kernels/xpu3/update_stop_flags.xpu").read_text()
    assert "step_limit," in xpu3 and "bool stop_on_limit," in xpu3
    # The CUDA kernel is defined too (it was only its includes: a module that
    # would not load), by its qualified name.
    cuda = (tmp_path / "csrc/kernels/cuda/update_stop_flags.cu").read_text()
    assert "__global__ void opforge::update_stop_flags::cuda_kernel(" in cuda
    # Their bodies show the per-slot pattern (the placeholder op of `new`
    # shows chunks): the XPU3 scalar and bool-byte loads before one mfence, the
    # write back from a local; the CUDA bool read through its bytes.
    for pattern in ("GM2LM_ASYNC(", "uint8_t ", "mfence();", "LM2GM(&"):
        assert pattern in xpu3, pattern
    assert "opforge::cuda_bytes(" in cuda
    # And the contract page's frame, with the spec's tensors.
    page = (tmp_path / "docs/ops/update_stop_flags.md").read_text()
    assert page.startswith("# update_stop_flags\n")
    assert "| max_dec_len | int64 | [max_bsz] | input: " in page


def test_import_does_not_overwrite(tmp_path: Path) -> None:
    first = dev("import", str(FIXTURES / "static_op_infer_fns.cu"), "--out", str(tmp_path))
    assert first.returncode == 0, first.stderr
    again = dev("import", str(FIXTURES / "static_op_infer_fns.cu"), "--out", str(tmp_path))
    assert (
        again.returncode == 2 and "not overwriting: opspec/count_output_rows.yaml" in again.stderr
    )


def test_a_source_outside_the_checkout_is_named_by_its_file_name(tmp_path: Path) -> None:
    source = tmp_path / "elsewhere" / "op.cu"
    source.parent.mkdir()
    shutil.copy(FIXTURES / "static_op_infer_fns.cu", source)
    out = tmp_path / "out"
    result = dev("import", str(source), "--out", str(out))
    assert result.returncode == 0, result.stderr
    lines = (out / "opspec" / "count_output_rows.yaml").read_text().splitlines()
    header = " ".join(line.removeprefix("# ") for line in lines if line.startswith("#"))
    assert "from op.cu:59 (" in header and str(tmp_path) not in "\n".join(lines[1:])


# ---------------------------------------------------------------- hostile input

HOSTILE: dict[str, tuple[bytes, str]] = {
    "binary.cu": (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", ":3: a NUL byte: a binary file"),
    "script.cc": (
        b'import os\nprint("x")\n@decorator\ndef f(): pass\n',
        ":3: not C++: unexpected character '@'",
    ),
    "notes.cc": (
        b"# Notes\n\nNothing to see.\n",
        ":1: no PD_BUILD_OP(name) or PD_BUILD_STATIC_OP(name)",
    ),
    "plain.cc": (b"int main() { return 0; }\n", ":1: no PD_BUILD_OP"),
    "empty.cc": (b"", ":1: no PD_BUILD_OP"),
    "unbalanced.cc": (
        b'void F(const paddle::Tensor& x) {\n  if (x.numel()) {\n}\nPD_BUILD_OP(f).Inputs({"x"});\n',
        ":1: unbalanced: '{' is never closed",
    ),
    "mismatched.cc": (
        b"void F() {\n  g(1];\n}\n",
        ":2: unbalanced: ']' closes '(' opened at line 2",
    ),
    "string.cc": (b'const char* s = "abc;\nint x;\n', ":1: unterminated string literal"),
    "comment.cc": (b"int x;\n/* never closed\n", ":2: unterminated /* comment"),
    "latin1.cc": (b"// caf\xe9\nint x = \xe9;\n", ":2: not C++: a byte that is not UTF-8"),
    "huge.cu": (b"// a line\n" * 120_000, ": 1200000 bytes; import reads sources of at most"),
    "bad_op_name.cc": (
        b'void F(const paddle::Tensor& x) {}\nPD_BUILD_OP(MyOp).Inputs({"x"}).SetKernelFn(PD_KERNEL(F));\n',
        ":2: op 'MyOp' is not a valid lower_snake_case identifier",
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_file_import_cannot_read_is_one_line_naming_it(name: str, tmp_path: Path) -> None:
    content, message = HOSTILE[name]
    path = tmp_path / name
    path.write_bytes(content)
    result = dev("import", str(path), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith(f"opforge-dev import: {path}") and message in lines[0], lines[0]
    assert not (tmp_path / "out").exists()  # nothing written


def test_a_missing_file_and_a_directory_are_named(tmp_path: Path) -> None:
    result = dev("import", str(tmp_path / "nope.cu"), str(tmp_path), "--out", str(tmp_path / "o"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert [line.split(": ")[1] for line in result.stderr.splitlines()] == [
        str(tmp_path / "nope.cu"),
        str(tmp_path),
    ]


def _seconds_to_read(text: str) -> float:
    """One read of a source (a SourceError is a read too)."""
    started = time.perf_counter()
    try:
        importer.Source(text, "parens.cu")
    except importer.SourceError:
        pass
    return time.perf_counter() - started


def _fastest_reads(*texts: str, rounds: int = 5) -> list[float]:
    """The fastest of ``rounds`` reads of each text, the texts read in turn
    (so that another process's load falls on both sizes alike)."""
    best = [float("inf")] * len(texts)
    for _ in range(rounds):
        for i, text in enumerate(texts):
            best[i] = min(best[i], _seconds_to_read(text))
    return best


def test_the_largest_file_is_read_in_linear_time(tmp_path: Path) -> None:
    """The worst case for the lexer: one token per byte, nested as deep as the
    size limit allows. Four times the bytes cost at most about four times
    the time (a ratio measured in this run: 16x would be quadratic)."""
    half = importer.MAX_SOURCE_BYTES // 2
    largest = "(" * half + ")" * half
    quarter = "(" * (half // 4) + ")" * (half // 4)
    large, small = _fastest_reads(largest, quarter)
    ratio = large / small
    assert ratio < 8, f"4x the bytes took {ratio:.1f}x the time"
    path = tmp_path / "parens.cu"
    path.write_text(largest, encoding="ascii")
    result = dev("import", str(path), "--out", str(tmp_path / "o"))
    assert result.returncode == 2 and "no PD_BUILD_OP" in result.stderr


def test_mutated_sources_read_or_fail_with_one_line() -> None:
    """Fixtures cut, spliced and shuffled: import reads each or raises its
    SourceError, and drafts whatever it reads; nothing else escapes."""
    rng = random.Random(20251)
    sources = [p.read_text() for p in sorted(FIXTURES.glob("*.c*"))]
    for case in range(300):
        text = rng.choice(sources)
        cut = rng.randrange(len(text))
        if case % 3 == 0:
            text = text[:cut]
        elif case % 3 == 1:
            other = rng.choice(sources)
            text = text[:cut] + other[rng.randrange(len(other)) :]
        else:
            words = re.split(r"(\W)", text)
            for _ in range(5):
                i, j = rng.randrange(len(words)), rng.randrange(len(words))
                words[i], words[j] = words[j], words[i]
            text = "".join(words)
        try:
            src = importer.Source(text, "case.cu")
        except importer.SourceError as exc:
            assert str(exc).startswith("case.cu:") and "\n" not in str(exc)
            continue
        for reg in src.registrations:
            reader = importer.OpReader(src, reg)
            reader.read()
            importer.Drafter(reader).sections()


def test_macro_expansion_is_bounded() -> None:
    """A file's macros are expanded (a kernel instantiated per dtype through
    one), but one that uses itself stays as written and one that multiplies
    its argument stops at MAX_EXPANDED tokens: the file is read, never hung."""
    recursive = "#define F(x) F(x) + G(x)\n#define G(x) F(x)\nint a = F(1);\n"
    src = importer.Source(recursive, "m.cc")
    assert [t.text for t in src.toks] == "int a = F ( 1 ) + F ( 1 ) ;".split()
    tenfold = "#define TEN(x) x x x x x x x x x x\n"
    text = tenfold + "int a = TEN(TEN(TEN(TEN(TEN(1)))));\n" * 1000
    src = importer.Source(text, "m.cc")
    raw = 10 * 1000  # int a = TEN ( ... ) ; without the macro's expansion
    assert len(src.toks) <= raw + MAX_EXPANDED
    # The first use is expanded (10**5 ones, and its inner uses on the way);
    # the budget then cannot hold another, and the rest stay as written.
    assert sum(t.text == "1" for t in src.toks) == 10**5 + 999
    assert sum(t.text == "TEN" for t in src.toks) == 5 * 999


def test_import_has_help() -> None:
    result = dev("import", "--help")
    assert result.returncode == 0 and "usage: opforge-dev import" in result.stdout


def test_what_import_follows_is_bounded(tmp_path: Path) -> None:
    """Thousands of environment variables, and a large helper called with many
    template arguments: bounded work, and the draft says what it left out."""
    envs = "".join(
        f'const char* e{i} = std::getenv("FLAGS_v{i}"); int v{i} = e{i} ? std::atoi(e{i}) : {i};\n'
        for i in range(3000)
    )
    helper = (
        "template <typename T> void H(const paddle::Tensor& x) {" + "x.data<T>(); a = b;\n" * 30000
    )
    calls = "H<float>(x); H<int>(x); H<bool>(x); H<int64_t>(x); H<float16>(x);\n" * 40
    path = tmp_path / "big.cc"
    path.write_text(
        helper
        + "}\nvoid F(const paddle::Tensor& x) {\n"
        + envs
        + calls
        + '}\nPD_BUILD_OP(big).Inputs({"x"}).Outputs({"x_out"})'
        '.SetInplaceMap({{"x", "x_out"}}).SetKernelFn(PD_KERNEL(F));\n'
    )
    result = dev("import", str(path), "--out", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "o/opspec/big.yaml").read_text()
    assert f"environment variables after the first {importer.MAX_ENV}" in text
    assert text.count("it was the environment variable") == importer.MAX_ENV


EDGES = """\
#include "paddle/extension.h"
std::vector<paddle::Tensor> Edge(const paddle::Tensor& x,
                                 const std::vector<paddle::Tensor>& ys,
                                 const paddle::Tensor& len,
                                 const std::string& mode,
                                 float scale) {
  const int n = x.shape()[0];
  auto x_out = paddle::empty({n}, paddle::DataType::FLOAT32, x.place());
  auto mask = paddle::full({n, -1}, 0, paddle::DataType::BOOL, x.place());
  return {x_out, mask};
}
PD_BUILD_OP(edge_op)
    .Inputs({"x", paddle::Vec("ys"), "len"})
    .Outputs({"x_out", "mask"})
    .Attrs({"mode: std::string", "scale: float"})
    .SetKernelFn(PD_KERNEL(Edge));
"""


def test_what_a_spec_cannot_hold_is_todo_with_its_reason(tmp_path: Path) -> None:
    """A list of tensors, names the spec reserves, a string attribute, a size
    known only when the kernel runs: each a TODO saying why; the rest is read."""
    source = tmp_path / "edge.cc"
    source.write_text(EDGES)
    out = tmp_path / "out"
    result = dev("import", str(source), "--out", str(out))
    assert result.returncode == 0, result.stderr
    spec = out / "opspec" / "edge_op.yaml"
    text = spec.read_text()
    data = yaml.safe_load(text)
    assert [(t["name"], t["dtype"], t["shape"]) for t in data["tensors"]] == [
        ("x", "TODO", ["n"]),  # its dtype: the source reads no data<T>() of it
        ("ys", "TODO", ["TODO"]),
        ("TODO", "TODO", ["TODO"]),  # 'len' is a Python builtin
        ("TODO", "float32", ["n"]),  # 'x_out': the suffix _out is reserved
        ("mask", "bool", ["n", "TODO"]),
    ]
    assert "could not read: paddle::Vec(...) in .Inputs (a spec tensor is one tensor)" in text
    assert "could not use 'len': is reserved: a Python builtin" in text
    assert "could not use 'x_out': is reserved" in text
    assert "could not read: '-1' is not known before the kernel runs" in text
    assert [(a["name"], a["type"]) for a in data["attrs"]] == [("mode", "TODO"), ("scale", "float")]
    assert "'std::string' (.Attrs) has no spec attribute type" in text
    with pytest.raises(SpecErrors) as caught:
        load_spec(spec, out)
    assert all("TODO left by `opforge-dev import`" in e.message for e in caught.value.errors)


def test_a_vector_int_attribute_is_drafted_as_an_int_list(tmp_path: Path) -> None:
    """`.Attrs({"name: std::vector<int>"})` is an int list, a std::vector<int64_t>
    an int64 list, and a std::vector<float> has no spec type: left to decide,
    saying why."""
    path = tmp_path / "lists.cc"
    path.write_text(
        '#include "paddle/extension.h"\n'
        "void Pick(const paddle::Tensor& x, const std::vector<int>& columns,\n"
        "          const std::vector<int64_t>& wide, const std::vector<float>& weights) {}\n"
        "PD_BUILD_STATIC_OP(pick)\n"
        '    .Inputs({"x"})\n'
        '    .Outputs({"x_out"})\n'
        '    .Attrs({"columns: std::vector<int>", "wide: std::vector<int64_t>",\n'
        '            "weights: std::vector<float>"})\n'
        '    .SetInplaceMap({{"x", "x_out"}})\n'
        "    .SetKernelFn(PD_KERNEL(Pick));\n"
    )
    (drafted,) = importer.read_file(path, "lists.cc", "lists.cc")
    kinds = {a.name: (a.type, a.why) for a in drafted.reader.attrs}
    assert kinds["columns"] == ("int_list", "")
    assert kinds["wide"] == ("int64_list", "")
    assert kinds["weights"][0] == importer.TODO and "std::vector<float>" in kinds["weights"][1]


def test_an_axis_left_todo_names_the_axes_the_source_reads(tmp_path: Path) -> None:
    # FastDeploy's draft_model_postprocess reads only the row width of its
    # draft tokens; the comment read "the source reads axes 1".
    text = _import_rows(tmp_path)
    assert "shape: [TODO, width]  # could not read: axis 0 (the source reads axis 1)" in text


def test_an_inplace_pair_the_source_never_writes_is_flagged(tmp_path: Path) -> None:
    # FastDeploy's draft_model_postprocess pairs its draft tokens and stop
    # flags with outputs, and its kernel only reads them: the draft said inout
    # with nothing to tell it from the length it does write.
    lines = _import_rows(tmp_path).splitlines()
    rows = next(line for line in lines if "pairs it with rows_out" in line)
    lens = next(line for line in lines if "pairs it with lens_out" in line)
    assert rows.startswith("    role: inout  # ") and "import saw no write through it" in rows
    assert "`role: in` if the kernels only read it" in rows
    assert lens.startswith("    role: inout  # ") and "no write" not in lens


CASTS = """\
#include "paddle/extension.h"
__global__ void Bump(int* lens, const int* limits, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) lens[i] = min(lens[i] + 1, limits[i]);
}
__global__ void Peek(int* lens, int* limits, int* out, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = lens[i] + limits[i];
}
std::vector<paddle::Tensor> Casts(const paddle::Tensor& to_plugin,
                                  const paddle::Tensor& to_local,
                                  const paddle::Tensor& to_writer,
                                  const paddle::Tensor& to_reader,
                                  const paddle::Tensor& mutable_read,
                                  const paddle::Tensor& direct,
                                  const paddle::Tensor& paired) {
  const int n = to_plugin.shape()[0];
  int r = baidu::xpu::api::plugin::clamp(ctx, const_cast<int*>(to_plugin.data<int>()), n);
  int* local = const_cast<int*>(to_local.data<int>());
  local[0] = n;
  Bump<<<1, 64>>>(const_cast<int*>(to_writer.data<int>()), to_reader.data<int>(), n);
  auto out = paddle::empty({n}, paddle::DataType::INT32, to_plugin.place());
  Peek<<<1, 64>>>(const_cast<int*>(to_reader.data<int>()),
                  mutable_read.mutable_data<int>(mutable_read.place()), out.data<int>(), n);
  const_cast<int*>(direct.data<int>())[0] = n;
  int r2 = baidu::xpu::api::plugin::fill(ctx, const_cast<int*>(paired.data<int>()), n);
  return {out};
}
PD_BUILD_OP(casts)
    .Inputs({"to_plugin", "to_local", "to_writer", "to_reader", "mutable_read", "direct",
             "paired"})
    .Outputs({"out", "paired_out"})
    .SetInplaceMap({{"paired", "paired_out"}})
    .SetKernelFn(PD_KERNEL(Casts));
"""


def test_a_writable_pointer_alone_does_not_make_an_input_inout(tmp_path: Path) -> None:
    """An input is in place when the inplace map pairs it or the file assigns
    through a pointer to it, not for a const_cast or mutable_data alone:
    FastDeploy's XPU ops const_cast inputs they only read (to hand them to
    APIs taking non-const pointers), and `inout` promises the kernels may
    write them. One handed to code outside the file stays `in`, and the report
    asks the author to check it. The draft said inout for every cast."""
    source = tmp_path / "casts.cu"
    source.write_text(CASTS)
    out = tmp_path / "out"
    result = dev("import", str(source), "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = (out / "opspec" / "casts.yaml").read_text()
    roles = {t["name"]: t["role"] for t in yaml.safe_load(text)["tensors"]}
    assert roles == {
        "to_plugin": "in",  # handed to a plugin: no write import can see
        "to_local": "inout",  # assigned through a local pointer
        "to_writer": "inout",  # Bump assigns through its parameter
        "to_reader": "in",  # Peek only reads through its non-const parameter
        "mutable_read": "in",  # mutable_data, only read by Peek
        "direct": "inout",  # const_cast<int*>(direct.data<int>())[0] = n
        "paired": "inout",  # the inplace map
        "out": "out",
    }
    role_of = {
        name: next(line for line in text.splitlines()[i:] if line.startswith("    role: "))
        for i, line in enumerate(text.splitlines())
        for name in [line.removeprefix("  - name: ")]
        if line.startswith("  - name: ")
    }
    assert (
        "const_cast<...>(to_plugin.data<...>()), line 16, is a writable pointer"
        in (role_of["to_plugin"])
    )
    assert "`role: inout` if code outside the file" in role_of["to_plugin"]
    assert "written: local[...] assigned in Casts, line 18" in role_of["to_local"]
    assert "written: lens[...] assigned in Bump" in role_of["to_writer"]
    assert "written: const_cast<...>(direct.data<...>())[...] assigned" in role_of["direct"]
    assert (
        "mutable_read.mutable_data<...>(), line 22, is a writable pointer"
        in (role_of["mutable_read"])
    )
    # A pair the source hands to a plugin is the ordinary in-place pattern: no flag.
    assert "no write" not in role_of["paired"]
    # The report, on the command's output and in the draft's header, names each
    # input kept `in` with a writable pointer, and only those.
    checks = [line for line in result.stdout.splitlines() if line.startswith("  to check: ")]
    assert [c.split()[2] for c in checks] == ["to_plugin", "to_reader", "mutable_read"]
    assert all("kept `role: in`" in c for c in checks)
    header = text[: text.index("\nop: casts")]
    assert "# To check (decided without seeing it all):" in header
    assert "# - to_plugin kept `role: in`: const_cast<...>(to_plugin.data<...>())" in header


# The other ways FastDeploy's XPU ops instantiate a kernel per dtype.
XPU_DTYPE_FORMS = {
    # A macro calling the kernel template, used in each branch of an if chain.
    "macro": """\
#include "paddle/extension.h"
template <typename T>
std::vector<paddle::Tensor> GateKernel(const paddle::Tensor& x, const paddle::Tensor& ids) {
  using XPU_T = typename XPUTypeTrait<T>::Type;
  const int n = x.shape()[0];
  auto out = paddle::empty({n}, x.dtype(), x.place());
  int r = baidu::xpu::api::plugin::gate<XPU_T>(
      ctx, reinterpret_cast<const XPU_T*>(x.data<T>()), ids.data<int>(),
      reinterpret_cast<XPU_T*>(out.data<T>()), n);
  return {out};
}
std::vector<paddle::Tensor> Gate(const paddle::Tensor& x, const paddle::Tensor& ids) {
  const auto x_type = x.dtype();
#define APPLY_GATE_KERNEL(TX) \\
  return GateKernel<TX>(x, ids);
  if (x_type == paddle::DataType::BFLOAT16) {
    APPLY_GATE_KERNEL(paddle::bfloat16);
  } else if (x_type == paddle::DataType::FLOAT16) {
    APPLY_GATE_KERNEL(paddle::float16);
  } else {
    PD_THROW("gate: bfloat16 and float16 only");
  }
#undef APPLY_GATE_KERNEL
}
PD_BUILD_OP(gate).Inputs({"x", "ids"}).Outputs({"out"}).SetKernelFn(PD_KERNEL(Gate));
""",
    # A function pointer set to an instance per case, called after the switch.
    "pointer": """\
#include "paddle/extension.h"
template <paddle::DataType D>
std::vector<paddle::Tensor> GateKernel(const paddle::Tensor& x, const paddle::Tensor& ids) {
  using data_t = typename PDTraits<D>::data_t;
  const int n = x.shape()[0];
  auto out = paddle::empty({n}, x.type(), x.place());
  int r = baidu::xpu::api::plugin::gate(ctx, x.data<data_t>(), ids.data<int>(),
                                        out.data<data_t>(), n);
  return {out};
}
using GateFn = std::vector<paddle::Tensor> (*)(const paddle::Tensor&, const paddle::Tensor&);
std::vector<paddle::Tensor> Gate(const paddle::Tensor& x, const paddle::Tensor& ids) {
  GateFn fn = nullptr;
  switch (x.dtype()) {
    case paddle::DataType::BFLOAT16:
      fn = &GateKernel<paddle::DataType::BFLOAT16>;
      break;
    case paddle::DataType::FLOAT16:
      fn = &GateKernel<paddle::DataType::FLOAT16>;
      break;
    default:
      PD_THROW("gate: bfloat16 and float16 only");
  }
  return fn(x, ids);
}
PD_BUILD_OP(gate).Inputs({"x", "ids"}).Outputs({"out"}).SetKernelFn(PD_KERNEL(Gate));
""",
    # Branches over the dtype without a template: a local type per if block.
    "if_blocks": """\
#include "paddle/extension.h"
std::vector<paddle::Tensor> Gate(const paddle::Tensor& x, const paddle::Tensor& ids) {
  const int n = x.shape()[0];
  auto out = paddle::empty({n}, x.dtype(), x.place());
  if (x.dtype() == paddle::DataType::BFLOAT16) {
    typedef paddle::bfloat16 data_t;
    int r = baidu::xpu::api::plugin::gate(ctx, x.data<data_t>(), ids.data<int>(),
                                          out.data<data_t>(), n);
  } else if (paddle::DataType::FLOAT16 == x.dtype()) {
    int r = baidu::xpu::api::plugin::gate(ctx, x.data<paddle::float16>(), ids.data<int>(),
                                          out.data<paddle::float16>(), n);
  }
  return {out};
}
PD_BUILD_OP(gate).Inputs({"x", "ids"}).Outputs({"out"}).SetKernelFn(PD_KERNEL(Gate));
""",
}


@pytest.mark.parametrize("form", list(XPU_DTYPE_FORMS))
def test_an_xpu_ops_dtype_branches_make_a_dtype_set(form: str, tmp_path: Path) -> None:
    """FastDeploy's XPU ops name a kernel's element type per dtype through a
    macro, a function pointer, or a type in each branch over the dtype: each
    is the dtype set the GPU path reads from PD_DISPATCH (the draft said
    `dtype_sets: {}` and left the tensors TODO)."""
    (drafted,) = importer.read_file(_written(tmp_path, XPU_DTYPE_FORMS[form]), "g.cc", "g.cc")
    drafter = importer.Drafter(drafted.reader)
    text = drafter.sections()
    assert drafter.dtype_set is not None, text["dtype_sets"]
    assert drafter.dtype_set[0] == ["float16", "bfloat16"]
    got = {name: value.yaml for name, value in drafter.dtypes.items()}
    assert got == {"x": "T", "ids": "int32", "out": "T"}


def test_a_set_of_dtypes_the_spec_lacks_leaves_the_ops_set_alone(tmp_path: Path) -> None:
    """A tensor read as int16 in one case and uint8 in another varies over
    dtypes the spec has none of: a TODO saying so, and no rival to the set the
    other tensors vary over (a tie with it took the op's set away)."""
    source = """\
#include "paddle/extension.h"
template <typename T>
void Unzip(const paddle::Tensor& w, const paddle::Tensor& out) {
  switch (w.dtype()) {
    case paddle::DataType::INT16: Expand(w.data<int16_t>(), out.data<T>()); break;
    case paddle::DataType::UINT8: Expand(w.data<uint8_t>(), out.data<T>()); break;
    default: PD_THROW("int16 or uint8");
  }
}
void Op(const paddle::Tensor& w, const paddle::Tensor& out) {
  if (out.dtype() == paddle::DataType::FLOAT16) Unzip<paddle::float16>(w, out);
  else Unzip<paddle::bfloat16>(w, out);
}
PD_BUILD_OP(unzip).Inputs({"w", "out"}).Outputs({"out_out"})
    .SetInplaceMap({{"out", "out_out"}}).SetKernelFn(PD_KERNEL(Op));
"""
    (drafted,) = importer.read_file(_written(tmp_path, source), "u.cc", "u.cc")
    drafter = importer.Drafter(drafted.reader)
    assert drafter.dtype_set is not None and drafter.dtype_set[0] == ["float16", "bfloat16"]
    assert drafter.dtypes["out"].yaml == "T"
    w = drafter.dtypes["w"]
    assert w.todo and "the switch over w.dtype() at line 4 ranges over int16, uint8 only" in w.note


def _written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "gate.cc"
    path.write_text(text)
    return path


# ---------------------------------------------------------------- one op, a GPU and an XPU file

MERGED = ["merge_gpu.cu", "merge_xpu.cc"]


def test_the_gpu_and_xpu_files_of_one_op_are_one_draft(tmp_path: Path) -> None:
    """`import gpu.cu xpu.cc` of one op: one draft, with the kernels every
    draft lists, uniting what each file tells: the dtype sets (float32 from
    the GPU's dispatch, float16 and bfloat16 from both), the inplace map (only
    the XPU's pairs the counts), the sizes (the counts' only on the XPU side,
    the ids' rows only on the GPU side), dims named as the first file names
    them, and each comment naming its file. It was refused: "registered again"."""
    files = [str((FIXTURES / name).relative_to(ROOT)) for name in MERGED]
    result = dev("import", *files, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert re.search(
        r"^penalize_ids \(tests/fixtures/import/merge_gpu.cu:\d+ and "
        r"tests/fixtures/import/merge_xpu.cc:\d+\): the generator accepts the draft as written",
        result.stdout,
        re.M,
    )
    spec = tmp_path / "opspec" / "penalize_ids.yaml"
    text = spec.read_text()
    data = yaml.safe_load(text)
    assert data["kernels"] == [k.name for k in KINDS]  # a GPU and an XPU file: every kind
    assert data["dtype_sets"] == {"T": ["float32", "float16", "bfloat16"]}
    assert [(t["name"], t["dtype"], t["shape"], t["role"]) for t in data["tensors"]] == [
        ("logits", "T", ["bsz", "vocab"], "inout"),
        ("counts", "int32", ["bsz"], "inout"),
        ("penalty_ids", "int64", ["bsz", "num_ids"], "in"),
    ]
    assert list(data["dims"]) == ["bsz", "vocab", "num_ids"]
    assert [(a["name"], a["type"]) for a in data["attrs"]] == [("penalty", "float")]
    load_spec(spec, tmp_path)  # accepted as written
    assert (tmp_path / "csrc/kernels/xpu3/penalize_ids.xpu").is_file()
    lines = text.splitlines()
    header = " ".join(line.removeprefix("# ") for line in lines if line.startswith("# "))
    assert (
        "from tests/fixtures/import/merge_gpu.cu:44 and tests/fixtures/import/merge_xpu.cc:54"
        in (header)
    )
    set_line = next(line for line in lines if line.startswith("  T: "))
    assert "PD_DISPATCH_FLOATING_AND_HALF_TYPES at tests/fixtures/import/merge_gpu.cu:33" in (
        set_line
    )
    assert "the template parameter T of PenalizeKernel (tests/fixtures/import/merge_xpu.cc)" in (
        set_line
    )
    assert (
        "role: inout  # the inplace map pairs it with counts_out "
        "(tests/fixtures/import/merge_xpu.cc:58)" in text
    )
    assert (
        "shape: [bsz]  # counts.dims()[0] == batch, tests/fixtures/import/merge_xpu.cc:23" in text
    )


def test_the_first_file_given_names_the_dims(tmp_path: Path) -> None:
    files = [str(FIXTURES / name) for name in reversed(MERGED)]
    result = dev("import", *files, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    data = yaml.safe_load((tmp_path / "opspec" / "penalize_ids.yaml").read_text())
    assert list(data["dims"]) == ["batch", "vocab_size", "ids_per_row"]
    assert data["tensors"][2]["shape"] == ["batch", "ids_per_row"]


# The XPU file changed where its registration's arguments differ from the GPU
# file's: each an error naming the op, the argument and both sides' file:line.
DIFFERENCES = {
    "an input renamed": (
        ('"counts", "penalty_ids"})', '"counts", "banned_ids"})'),
        "op penalize_ids: input 3 is 'penalty_ids' at {gpu}:45 but 'banned_ids' at {xpu}:55",
    ),
    "inputs reordered": (
        (
            '.Inputs({"logits", "counts", "penalty_ids"})',
            '.Inputs({"counts", "logits", "penalty_ids"})',
        ),
        "op penalize_ids: input 1 is 'logits' at {gpu}:45 but 'counts' at {xpu}:55",
    ),
    "an input more": (
        ('"counts", "penalty_ids"})', '"counts", "penalty_ids", "mask"})'),
        "op penalize_ids: input 4 is absent at {gpu}:44 (3 inputs) but 'mask' at {xpu}:55",
    ),
    "an optional input": (
        ('"counts", "penalty_ids"})', '"counts", paddle::Optional("penalty_ids")})'),
        "op penalize_ids: input 3 is 'penalty_ids' at {gpu}:45 but optional 'penalty_ids' at "
        "{xpu}:55",
    ),
    "an output renamed": (
        ('.Outputs({"logits_out", "counts_out"})', '.Outputs({"logits_out", "hits_out"})'),
        "op penalize_ids: output 2 is 'counts_out' at {gpu}:46 but 'hits_out' at {xpu}:56",
    ),
    "an attribute's type": (
        ('.Attrs({"penalty: float"})', '.Attrs({"penalty: int"})'),
        "op penalize_ids: attribute 1 is 'penalty: float' at {gpu}:47 but 'penalty: int' at "
        "{xpu}:57",
    ),
    "an input paired with another output": (
        (
            '.SetInplaceMap({{"logits", "logits_out"}, {"counts", "counts_out"}})',
            '.SetInplaceMap({{"logits", "counts_out"}})',
        ),
        "op penalize_ids: the inplace map pairs 'logits' with 'logits_out' at {gpu}:48 but "
        "with 'counts_out' at {xpu}:58",
    ),
    "an output paired with another input": (
        (
            '.SetInplaceMap({{"logits", "logits_out"}, {"counts", "counts_out"}})',
            '.SetInplaceMap({{"counts", "logits_out"}})',
        ),
        "op penalize_ids: the inplace map pairs 'logits_out' with 'logits' at {gpu}:48 but "
        "with 'counts' at {xpu}:58",
    ),
}


@pytest.mark.parametrize("difference", list(DIFFERENCES))
def test_registrations_that_differ_are_errors_naming_both_sides(
    difference: str, tmp_path: Path
) -> None:
    (old, new), message = DIFFERENCES[difference]
    xpu = tmp_path / "xpu.cc"
    source = (FIXTURES / "merge_xpu.cc").read_text()
    assert old in source
    xpu.write_text(source.replace(old, new))
    gpu = FIXTURES / "merge_gpu.cu"
    result = dev("import", str(gpu), str(xpu), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    expected = message.format(gpu=gpu.relative_to(ROOT).as_posix(), xpu="xpu.cc")
    assert any(expected in line for line in result.stderr.splitlines()), result.stderr
    assert all(
        line.startswith("opforge-dev import: op penalize_ids: ")
        for line in result.stderr.splitlines()
    )
    assert not (tmp_path / "out").exists()  # nothing written


def _import_rows(tmp_path: Path) -> str:
    """A draft of an op that reads its rows' width, only reads the rows, and
    writes its lengths; both paired by the inplace map."""
    source = tmp_path / "rows.cu"
    source.write_text(
        '#include "paddle/extension.h"\n'
        "void Rows(const paddle::Tensor& rows, const paddle::Tensor& lens) {\n"
        "  const int width = rows.shape()[1];\n"
        "  const int64_t* r = rows.data<int64_t>();\n"
        "  int* l = const_cast<int*>(lens.data<int>());\n"
        "  l[0] = static_cast<int>(r[0]) + width;\n"
        "}\n"
        'PD_BUILD_OP(rows_op).Inputs({"rows", "lens"}).Outputs({"rows_out", "lens_out"})\n'
        '    .SetInplaceMap({{"rows", "rows_out"}, {"lens", "lens_out"}})\n'
        "    .SetKernelFn(PD_KERNEL(Rows));\n"
    )
    out = tmp_path / "out"
    result = dev("import", str(source), "--out", str(out))
    assert result.returncode == 0, result.stderr
    return (out / "opspec" / "rows_op.yaml").read_text()


def test_an_authors_own_k_narrows_the_ops_tests() -> None:
    """`opforge-dev test OP -k EXPR` ran every op's tests matching EXPR: the
    author's -k replaced the op's."""
    from opforge_dev.cli import op_selection

    assert op_selection("top_p_candidates", []) == ["-k", "top_p_candidates"]
    assert op_selection("top_p_candidates", ["-k", "cpu or xpu3", "-x"]) == [
        "-k",
        "top_p_candidates and (cpu or xpu3)",
        "-x",
    ]
    assert op_selection("op", ["-kstatic", "-q"]) == ["-k", "op and (static)", "-q"]
