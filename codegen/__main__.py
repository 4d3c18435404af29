"""python -m codegen [--check]: regenerate generated/ from opspec/."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from codegen import interface_pages
from codegen.emit import FormatFailed, ToolMissing
from codegen.generate import generate
from codegen.parse import SpecErrors, load_specs

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codegen", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if generated/ differs"
    )
    parser.add_argument("--specs", type=Path, default=ROOT / "opspec", help="spec directory")
    parser.add_argument("--out", type=Path, default=ROOT / "generated", help="output directory")
    parser.add_argument(
        "--cache",
        type=Path,
        default=ROOT / "build" / "codegen-cache",
        help="formatted texts and output manifests by content hash (delete it at will)",
    )
    parser.add_argument(
        "--docs",
        type=Path,
        help="where the op interface pages (interface/<op>.md) and the spec schema go "
        "(default: docs/ when generating opspec/ into generated/; else none)",
    )
    args = parser.parse_args(argv)
    docs = args.docs
    if docs is None and args.specs == ROOT / "opspec" and args.out == ROOT / "generated":
        docs = ROOT / "docs"

    try:
        outcome = generate(args.specs.resolve(), ROOT, args.out, args.cache, write=not args.check)
        # The specs passed: generate() raised otherwise, having written nothing.
        doc_files = (
            interface_pages.render(load_specs(args.specs.resolve(), ROOT), docs) if docs else {}
        )
    except SpecErrors as exc:
        print(exc, file=sys.stderr)
        print(f"{len(exc.errors)} spec error(s); nothing was generated", file=sys.stderr)
        return 2
    except ToolMissing as exc:
        print(f"{exc}; nothing was generated", file=sys.stderr)
        return 3
    except FormatFailed as exc:
        # The parser accepted the specs, so invalid output is the generator's fault.
        print(f"internal error, nothing was generated: {exc}", file=sys.stderr)
        print("the specs passed validation, so this is a generator bug", file=sys.stderr)
        return 3
    except OSError as exc:
        return _unwritable(exc)
    try:
        docs_changed, docs_stale = (
            interface_pages.sync(docs, doc_files, write=not args.check) if docs else ([], [])
        )
    except OSError as exc:
        return _unwritable(exc)
    if args.check:
        if outcome.changed or outcome.stale or docs_changed or docs_stale:
            for path in outcome.changed:
                print(f"generated/{path}: differs from what opspec/ generates", file=sys.stderr)
            for path in outcome.stale:
                print(f"generated/{path}: not generated from any spec", file=sys.stderr)
            for path in docs_changed:
                print(f"docs/{path}: differs from what the specs generate", file=sys.stderr)
            for path in docs_stale:
                print(f"docs/{path}: not generated from any spec", file=sys.stderr)
            print(
                "run `python -m codegen` and commit generated/ and docs/ with the spec change",
                file=sys.stderr,
            )
            return 1
        n_specs = len(list(args.specs.glob("*.yaml")))
        also = f"; docs/: {len(doc_files)} files" if docs else ""
        print(f"generated/ is up to date ({outcome.files} files from {n_specs} spec(s){also})")
        return 0
    unchanged = outcome.files - len(outcome.changed)
    print(
        f"{len(outcome.changed)} file(s) written, {len(outcome.stale)} removed, {unchanged} unchanged"
        + (f"; docs/: {len(docs_changed)} written, {len(docs_stale)} removed" if docs else "")
    )
    return 0


def _unwritable(exc: OSError) -> int:
    """A file the generator could not read or write (the disk, a permission, a
    file where a directory must be): named, not a traceback. Files written
    before it are whole; a run after the cause is fixed completes the tree."""
    where = f"{exc.filename}: " if exc.filename else ""
    print(f"{where}{exc.strerror or exc}; fix that and run again", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
