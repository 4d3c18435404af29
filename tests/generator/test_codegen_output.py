"""The generator's output: identical to the committed generated/, the same on
every run, stamped with its spec, and rewritten only when its content changes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

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
    for path in (ROOT / "generated").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            head = path.read_text().splitlines()[0]
            assert "Generated from opspec/" in head and "Do not edit" in head, f"{path}: {head}"


def test_output_does_not_depend_on_where_it_is_written(tmp_path: Path) -> None:
    out = tmp_path / "elsewhere"
    assert codegen("--out", str(out), "--cache", str(tmp_path / "cache")).returncode == 0
    for path in (ROOT / "generated").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            assert (out / path.relative_to(ROOT / "generated")).read_bytes() == path.read_bytes()
    shutil.rmtree(out)
