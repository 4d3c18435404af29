"""The generator's output: identical to the committed generated/, the same on
every run, stamped with its spec, and rewritten only when its content changes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from codegen import emit
from tests import ROOT


def codegen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "codegen", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_committed_output_is_what_the_specs_generate(tmp_path: Path) -> None:
    result = codegen("--check", "--cache", str(tmp_path / "empty-cache"))
    assert result.returncode == 0, result.stderr


def test_the_cache_never_serves_stale_output(tmp_path: Path) -> None:
    """Cached runs give what an uncached run gives, and an edited spec misses the cache."""
    specs, cache = tmp_path / "opspec", tmp_path / "cache"
    shutil.copytree(ROOT / "opspec", specs)
    for run in ("cold", "warm"):
        assert (
            codegen(
                "--specs", str(specs), "--out", str(tmp_path / run), "--cache", str(cache)
            ).returncode
            == 0
        )
    uncached = tmp_path / "uncached"
    assert (
        codegen(
            "--specs", str(specs), "--out", str(uncached), "--cache", str(tmp_path / "c2")
        ).returncode
        == 0
    )
    trees = [
        {p.relative_to(d): p.read_bytes() for p in d.rglob("*") if p.is_file()}
        for d in (tmp_path / "cold", tmp_path / "warm", uncached)
    ]
    assert trees[0] == trees[1] == trees[2]
    spec = specs / "verify_draft_tokens.yaml"
    spec.write_text(spec.read_text().replace("doc: >-", "doc: >-\n  Edited here.", 1))
    assert (
        codegen(
            "--specs", str(specs), "--out", str(tmp_path / "warm"), "--cache", str(cache)
        ).returncode
        == 0
    )
    assert "Edited here." in (tmp_path / "warm" / "python" / "__init__.py").read_text()


def test_files_are_rewritten_only_when_they_change(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    first = codegen("--out", str(out))
    assert first.returncode == 0, first.stderr
    files = sorted(p for p in out.rglob("*") if p.is_file())
    stamps = {p: p.stat().st_mtime_ns for p in files}
    second = codegen("--out", str(out))
    assert second.stdout.startswith("0 file(s) written, 0 removed"), second.stdout
    assert {p: p.stat().st_mtime_ns for p in files} == stamps

    # One changed file is rewritten, a stale one removed, the rest left alone.
    changed = out / "entry" / "verify_draft_tokens.cc"
    changed.write_text("edited by hand\n")
    stale = out / "entry" / "removed_op.cc"
    stale.write_text("from a spec that no longer exists\n")
    third = codegen("--out", str(out))
    assert third.stdout.startswith("1 file(s) written, 1 removed"), third.stdout
    assert not stale.exists()
    assert (
        changed.read_text() == (ROOT / "generated" / "entry" / "verify_draft_tokens.cc").read_text()
    )


def test_every_file_names_its_source_spec() -> None:
    """...or, generated from the registry of kernel kinds alone, that registry."""
    for path in (ROOT / "generated").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            head = path.read_text().splitlines()[0]
            source = (
                emit.KINDS_SOURCE
                if path.relative_to(ROOT / "generated").as_posix() in emit.render_backends()
                else "opspec/"
            )
            assert f"Generated from {source}" in head and "Do not edit" in head, f"{path}: {head}"


def test_output_does_not_depend_on_where_it_is_written(tmp_path: Path) -> None:
    out = tmp_path / "elsewhere"
    assert codegen("--out", str(out), "--cache", str(tmp_path / "cache")).returncode == 0
    for path in (ROOT / "generated").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            assert (out / path.relative_to(ROOT / "generated")).read_bytes() == path.read_bytes()
    shutil.rmtree(out)


def _example_op(name: str) -> tuple[dict[str, str], str]:
    """A fixture op of tests/fixtures/example_op: its generated files and its
    interface page."""
    from codegen import interface_pages
    from codegen.emit import render
    from codegen.parse import load_specs

    example = ROOT / "tests" / "fixtures" / "example_op"
    ops = [o for o in load_specs(example / "opspec", ROOT) if o.name == name]
    return render(ops), interface_pages.render(ops, ROOT / "docs")[f"interface/{name}.md"]


def test_an_int_list_reaches_every_layer() -> None:
    """The fixture op pick_columns' int list, as each layer spells it: the
    kernels' pointer and length, the launchers' copy, the Paddle registration
    and the dim bound from its length, the Python check and stub, the page."""
    files, page = _example_op("pick_columns")
    cpu = files["kernel_decls/pick_columns.h"]
    assert "const int32_t* columns;" in cpu and "int64_t columns_len;" in cpu
    xpu3 = files["kernel_decls/pick_columns_xpu3.h"]
    assert "__global_ptr__ const int32_t* columns," in xpu3 and "int32_t columns_len);" in xpu3
    assert "cuda_global<const int32_t> columns;" in files["kernel_decls/pick_columns_cuda.h"]
    for launcher in ("xpu3sim.cc", "cudasim.cc", "xpu3.xpu", "cuda.cu"):
        text = files[f"launch/pick_columns_{launcher}"]
        assert "columns_device" in text and "columns.size" in text, launcher
    paddle = files["paddle/pick_columns.cc"]
    assert '.Attrs({"columns: std::vector<int>"})' in paddle
    assert "static_cast<int64_t>(columns.size())" in paddle
    assert 'opforge::narrow_int32_list(kOp, "columns", columns)' in paddle
    # The Python binding: the list's default, and its conversion from a Python sequence.
    assert "std::vector<int64_t> columns(std::vector<int64_t>{0});" in paddle
    assert "python_glue::int64_list_arg(py_given[1], columns)" in paddle
    entry = files["entry/pick_columns.cc"]
    assert 'opforge::check_list_length(kOp, "columns", columns.size, 1, 8);' in entry
    assert 'opforge::check_list_elements(kOp, "columns", columns, 0, 20);' in entry
    assert 'opforge::check_list_dim(kOp, "columns", columns.size, "k", k);' in entry
    python = files["python/__init__.py"]
    assert '("columns", "int32_list", None)' in python and "columns=(0,)" in python
    # The fast path: a plain list of ints inside int32 goes to the binding as it is.
    assert "if type(columns) is not list or not _runtime.plain_int32_list(columns):" in python
    assert "columns: list[int] | tuple[int, ...] = ..." in files["python/__init__.pyi"]
    assert "each element \\>= 0 and \\<= 20; length \\>= 1 and length \\<= 8" in page
    assert "the length of attribute columns" in page


def test_an_int64_list_reaches_every_layer() -> None:
    """The fixture op write_token_ids' int64 list, as each layer spells it: 64-bit
    elements from the binding to the kernels (no narrowing), the Paddle
    registration's std::vector<int64_t>, its static-graph inference through the
    raw-signature adapter, the Python check, the page."""
    files, page = _example_op("write_token_ids")
    cpu = files["kernel_decls/write_token_ids.h"]
    assert "const int64_t* token_ids;" in cpu and "int64_t token_ids_len;" in cpu
    xpu3 = files["kernel_decls/write_token_ids_xpu3.h"]
    assert "__global_ptr__ const long long* token_ids," in xpu3
    assert "int32_t token_ids_len," in xpu3
    cuda = files["kernel_decls/write_token_ids_cuda.h"]
    assert "cuda_global<const int64_t> token_ids;" in cuda
    for launcher in ("xpu3sim.cc", "cudasim.cc", "xpu3.xpu", "cuda.cu"):
        text = files[f"launch/write_token_ids_{launcher}"]
        assert "token_ids_device" in text and "token_ids.size" in text, launcher
        assert "Buffer<const int64_t> token_ids" in text, launcher
    paddle = files["paddle/write_token_ids.cc"]
    assert '.Attrs({"token_ids: std::vector<int64_t>", "row: int"})' in paddle
    assert "const std::vector<int64_t>& token_ids, int row) {" in paddle  # the kernel
    assert "narrow_int32_list" not in paddle
    assert "using Inference = paddle_glue::RawInference<1, " in paddle
    assert ".SetInferShapeFn(&opforge::write_token_ids::Inference::shape)" in paddle
    assert "PD_INFER_SHAPE(" not in paddle
    # The Python binding: the default, and the elements taken whole (no narrowing).
    assert "std::vector<int64_t> token_ids(std::vector<int64_t>{0});" in paddle
    assert "python_glue::int64_list_arg(py_given[1], token_ids)" in paddle
    assert "checked_call(*ids, token_ids, static_cast<int32_t>(row));" in paddle
    entry = files["entry/write_token_ids.cc"]
    assert "opforge::Buffer<const int64_t> token_ids" in entry
    assert (
        'opforge::check_list_elements(kOp, "token_ids", token_ids, 0, 4611686018427387904LL);'
        in entry
    )
    python = files["python/__init__.py"]
    assert '("token_ids", "int64_list", None)' in python
    assert "not _runtime.plain_int64_list(token_ids)" in python
    assert "token_ids: list[int] | tuple[int, ...] = ..." in files["python/__init__.pyi"]
    assert "| int64\\_list |" in page
    assert (
        "each element \\>= 0 and \\<= 4611686018427387904; length \\>= 1 and length \\<= 64" in page
    )


def test_an_environment_attribute_reaches_python_and_the_page_only() -> None:
    """The fixture op clamp_lengths' limit reads OPFORGE_EXAMPLE_CLAMP_LIMIT: the
    Python function resolves it (default None, the variable, the bounds), its
    stub and docstring and page say so, and the C++ is that of a plain attribute."""
    files, page = _example_op("clamp_lengths")
    python = files["python/__init__.py"]
    assert "mode=Mode.SHARED, limit=None):" in python
    assert '_runtime.EnvAttribute("limit", "OPFORGE_EXAMPLE_CLAMP_LIMIT", 8, 0, None)' in python
    assert (
        '    if limit is None:\n        limit = _clamp_lengths_arguments.from_environment("limit")\n'
        in python
    )
    assert "default $OPFORGE_EXAMPLE_CLAMP_LIMIT when set, else 8" in python
    assert "limit: int | None = ..." in files["python/__init__.pyi"]
    assert not [
        name for name, text in files.items() if "OPFORGE_EXAMPLE" in text and "python/" not in name
    ]
    assert (
        "| `limit` | int | from $OPFORGE\\_EXAMPLE\\_CLAMP\\_LIMIT when not passed "
        "(read at each call), else 8 | \\>= 0 |" in page
    )
