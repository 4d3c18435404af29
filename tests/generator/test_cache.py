"""The generator's cache (codegen/cache.py): a miss, never an error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from codegen.cache import FORMATTED, MANIFEST, OP, Cache


def test_entries_round_trip_by_kind(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    assert cache.get(OP, ["a"]) == {}  # no file yet: a miss, and nothing created
    assert not (tmp_path / "cache").exists()
    keys = [f"k{i}" for i in range(1200)]  # past one query's bound on parameters
    cache.put(OP, {k: f"text of {k} ✓" for k in keys})
    cache.put(MANIFEST, {"k0": "a manifest"})
    found = cache.get(OP, [*keys, "absent"])
    assert found == {k: f"text of {k} ✓" for k in keys}
    assert cache.get(MANIFEST, ["k0", "k1"]) == {"k0": "a manifest"}
    cache.put(OP, {"k0": "replaced"})
    assert cache.get(OP, ["k0"]) == {"k0": "replaced"}
    cache.drop(OP)
    assert cache.get(OP, keys) == {}
    assert cache.get(MANIFEST, ["k0"]) == {"k0": "a manifest"}
    assert cache.get(FORMATTED, ["k0"]) == {}


def test_a_file_that_is_not_a_database_is_replaced(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.path.write_bytes(b"not a database, but text of the same length or more" * 20)
    assert cache.get(OP, ["k"]) == {}
    cache.put(OP, {"k": "v"})
    assert cache.get(OP, ["k"]) == {"k": "v"}


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_a_cache_that_cannot_be_written_is_no_cache(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        cache = Cache(tmp_path / "cache")
        cache.put(OP, {"k": "v"})
        assert cache.get(OP, ["k"]) == {}
    finally:
        tmp_path.chmod(0o700)


def test_a_cache_whose_place_is_a_file_is_no_cache(tmp_path: Path) -> None:
    (tmp_path / "cache").write_text("a file where the directory would be")
    cache = Cache(tmp_path / "cache")
    cache.put(OP, {"k": "v"})
    assert cache.get(OP, ["k"]) == {}
