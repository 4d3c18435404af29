"""The generator's driver (codegen/generate.py): worker processes give exactly
what one process gives, and nothing is written unless every step succeeded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codegen import generate as driver
from codegen.cache import MANIFEST, Cache
from codegen.parse import SpecErrors
from tests import ROOT


def _specs(tmp_path: Path, copies: int) -> Path:
    """`copies` renamed copies of every real spec."""
    specs = tmp_path / "opspec"
    specs.mkdir()
    for source in sorted((ROOT / "opspec").glob("*.yaml")):
        text = source.read_text(encoding="utf-8")
        for i in range(copies):
            name = f"{source.stem}_{i}"
            renamed = text.replace(f"op: {source.stem}", f"op: {name}")
            # Enum types are exported by one Python module: one name per op.
            renamed = renamed.replace("verify_strategy", f"verify_strategy_{i}")
            (specs / f"{name}.yaml").write_text(renamed, encoding="utf-8")
    return specs


def _tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in path.rglob("*") if p.is_file()}


def test_workers_write_what_one_process_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = _specs(tmp_path, 3)  # 9 specs
    monkeypatch.setattr(driver.os, "cpu_count", lambda: 3)
    monkeypatch.setattr(driver, "SPECS_PER_WORKER", 1)  # 3 workers of 3 specs
    parallel = driver.generate(specs, ROOT, tmp_path / "a", tmp_path / "c1", write=True)
    monkeypatch.setattr(driver, "SPECS_PER_WORKER", 10**6)  # one process
    serial = driver.generate(specs, ROOT, tmp_path / "b", tmp_path / "c2", write=True)
    assert parallel.files == serial.files == len(_tree(tmp_path / "a")) > 0
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_spec_errors_from_workers_come_in_spec_order_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = _specs(tmp_path, 2)
    broken = sorted(specs.glob("*.yaml"))
    for path in (broken[0], broken[-1]):
        path.write_text(path.read_text(encoding="utf-8").replace("dims:", "dimz:", 1))
    monkeypatch.setattr(driver.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(driver, "SPECS_PER_WORKER", 1)
    out = tmp_path / "out"
    with pytest.raises(SpecErrors) as caught:
        driver.generate(specs, ROOT, out, tmp_path / "cache", write=True)
    files = [error.loc.path for error in caught.value.errors]
    assert files == sorted(files) and broken[0].name in files[0] and broken[-1].name in files[-1]
    assert not out.exists()


def test_a_failing_worker_is_reported_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = _specs(tmp_path, 2)
    monkeypatch.setattr(driver.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(driver, "SPECS_PER_WORKER", 1)

    def broken_render(view: object) -> dict[str, str]:
        raise ValueError("a generator bug")

    monkeypatch.setattr(driver, "render_op", broken_render)  # the forked workers inherit it
    out = tmp_path / "out"
    with pytest.raises(RuntimeError, match="a generator bug"):
        driver.generate(specs, ROOT, out, tmp_path / "cache", write=True)
    assert not out.exists()


def test_an_unchanged_tree_is_checked_by_its_manifest(tmp_path: Path) -> None:
    specs = tmp_path / "opspec"
    shutil.copytree(ROOT / "opspec", specs)
    out, cache = tmp_path / "out", tmp_path / "cache"
    first = driver.generate(specs, ROOT, out, cache, write=True)
    assert len(first.changed) == first.files
    assert Cache(cache).get(
        MANIFEST, [driver._inputs_key(specs, ROOT, driver._generator_key(ROOT))]
    )
    again = driver.generate(specs, ROOT, out, cache, write=True)
    assert (again.changed, again.stale) == ([], [])
    # A file edited by hand does not match the manifest: the tree is regenerated.
    edited = out / "entry" / "top_p_candidates.cc"
    original = edited.read_bytes()
    edited.write_text("edited by hand\n")
    repaired = driver.generate(specs, ROOT, out, cache, write=True)
    assert repaired.changed == ["entry/top_p_candidates.cc"]
    assert edited.read_bytes() == original


def test_an_edited_spec_regenerates_its_op_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = _specs(tmp_path, 2)
    out, cache = tmp_path / "out", tmp_path / "cache"
    driver.generate(specs, ROOT, out, cache, write=True)
    edited = specs / "rebuild_padding_1.yaml"
    # An attribute's bound: the op's C++ (its checks) and the shared Python change.
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("max: 2147483647", "max: 2147483646", 1), encoding="utf-8")
    rendered: list[str] = []
    render_op = driver.render_op

    def counting(view: driver.OpViews) -> dict[str, str]:
        rendered.append(view.python.name)
        return render_op(view)

    monkeypatch.setattr(driver, "render_op", counting)
    outcome = driver.generate(specs, ROOT, out, cache, write=True)
    assert rendered == ["rebuild_padding_1"]
    # Only the edited op's files and the shared ones change.
    shared = {"python/__init__.py", "python/__init__.pyi", "extension/module.cc", "manifest.json"}
    assert any("rebuild_padding_1" in path for path in outcome.changed)
    assert all("rebuild_padding_1" in path or path in shared for path in outcome.changed)
    # What the cache gave is what a run without it gives.
    monkeypatch.setattr(driver, "render_op", render_op)
    driver.generate(specs, ROOT, tmp_path / "fresh", tmp_path / "fresh_cache", write=True)
    assert _tree(out) == _tree(tmp_path / "fresh")


def test_a_cached_op_whose_file_was_edited_by_hand_is_regenerated_and_reported(
    tmp_path: Path,
) -> None:
    specs = tmp_path / "opspec"
    shutil.copytree(ROOT / "opspec", specs)
    out, cache = tmp_path / "out", tmp_path / "cache"
    driver.generate(specs, ROOT, out, cache, write=True)
    Cache(cache).drop(MANIFEST)  # only the per-op entries remain
    edited = out / "entry" / "ngram_match.cc"
    original = edited.read_bytes()
    edited.write_text("edited by hand\n")
    checked = driver.generate(specs, ROOT, out, cache, write=False)
    assert checked.changed == ["entry/ngram_match.cc"]
    assert edited.read_text() == "edited by hand\n"
    repaired = driver.generate(specs, ROOT, out, cache, write=True)
    assert repaired.changed == ["entry/ngram_match.cc"]
    assert edited.read_bytes() == original


def test_with_cached_ops_a_broken_or_clashing_edit_is_refused_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    specs = _specs(tmp_path, 2)
    out, cache = tmp_path / "out", tmp_path / "cache"
    driver.generate(specs, ROOT, out, cache, write=True)
    before = _tree(out)
    edited = specs / "verify_draft_tokens_1.yaml"
    original = edited.read_text(encoding="utf-8")
    edited.write_text(original.replace("dims:", "dimz:", 1), encoding="utf-8")
    with pytest.raises(SpecErrors) as broken:
        driver.generate(specs, ROOT, out, cache, write=True)
    assert all("verify_draft_tokens_1.yaml" in e.loc.path for e in broken.value.errors)
    # An edit whose enum type takes the name a cached op exports: the clash is
    # found against the cached op's recorded exports.
    edited.write_text(original.replace("verify_strategy_1", "verify_strategy_0"))
    with pytest.raises(SpecErrors, match="already exports"):
        driver.generate(specs, ROOT, out, cache, write=True)
    assert _tree(out) == before
