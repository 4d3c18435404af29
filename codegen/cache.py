"""The generator's cache: texts keyed by the hash of what they depend on, in one
SQLite file (`<cache>/cache.sqlite`).

One file rather than a file per entry: a cold run of 1,000 ops stores ~1,000
entries, and creating a file here cost 0.1-0.5 ms each (twice, written
atomically), where one transaction stores them all in milliseconds. SQLite
also gives what the files gave: a concurrent reader sees an entry whole or not
at all, and several generators may share the cache.

A cache that cannot be read or written is no cache, never an error: every
failure is a miss, and a file that is not a database is replaced.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

# What the entries are: one table each, so a kind can be dropped alone.
FORMATTED = "formatted"  # a Python file as ruff formats it, by the hash of its text
OP = "op"  # an op's cache entry (codegen/generate.py), by the hash of its spec
MANIFEST = "manifest"  # every generated file's hash, by the hash of all inputs
KINDS = (FORMATTED, OP, MANIFEST)

_FILE = "cache.sqlite"
_SIDE = ("-wal", "-shm")  # the write-ahead log beside it
_BUSY_SECONDS = 30  # how long a write waits for another generator's


class Cache:
    def __init__(self, directory: Path) -> None:
        self.path = directory / _FILE

    def get(self, kind: str, keys: Iterable[str]) -> dict[str, str]:
        """The entries of `kind` under these keys that are present."""
        wanted = list(keys)
        found: dict[str, str] = {}
        with self._connection(create=False) as db:
            if db is None:
                return found
            # A query per chunk: SQLite bounds a statement's parameters.
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(f"SELECT key, value FROM {kind} WHERE key IN ({marks})", chunk)
                found.update(rows)
        return found

    def put(self, kind: str, entries: Mapping[str, str]) -> None:
        """Store entries of `kind`, in one transaction."""
        if not entries:
            return
        with self._connection(create=True) as db:
            if db is not None:
                with db:
                    db.executemany(
                        f"INSERT OR REPLACE INTO {kind} (key, value) VALUES (?, ?)",
                        entries.items(),
                    )

    def drop(self, kind: str) -> None:
        """Forget every entry of `kind`."""
        with self._connection(create=False) as db:
            if db is not None:
                with db:
                    db.execute(f"DELETE FROM {kind}")

    @contextlib.contextmanager
    def _connection(self, create: bool) -> Iterator[sqlite3.Connection | None]:
        """A connection for one operation (never one kept across the
        generator's fork), or None if there is no usable cache; a failure
        inside the operation is a miss."""
        if not create and not self.path.is_file():
            yield None
            return
        db = self._open()
        if db is None:
            yield None
            return
        try:
            yield db
        except sqlite3.Error:
            pass
        finally:
            db.close()

    def _open(self) -> sqlite3.Connection | None:
        for attempt in range(2):
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path, timeout=_BUSY_SECONDS)
            except (OSError, sqlite3.Error):
                return None
            try:
                # WAL: readers never wait for a writer, and a commit needs no flush
                # to disk (losing the last entries to a power cut costs only time).
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                for kind in KINDS:
                    db.execute(
                        f"CREATE TABLE IF NOT EXISTS {kind} "
                        "(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID"
                    )
                return db
            except sqlite3.OperationalError:  # busy past the timeout, read-only, I/O
                db.close()
                return None
            except sqlite3.DatabaseError:  # not a database (truncated, overwritten)
                db.close()
                if attempt == 0:  # start anew
                    for stale in (self.path, *(Path(f"{self.path}{s}") for s in _SIDE)):
                        with contextlib.suppress(OSError):
                            stale.unlink()
            except sqlite3.Error:
                db.close()
                return None
        return None


__all__ = ["FORMATTED", "KINDS", "MANIFEST", "OP", "Cache"]
