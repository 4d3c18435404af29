"""How long regeneration takes, strategy by strategy, side by side in one run.

    python bench/bench_codegen.py [--ops 1000] [--repeat 3]

Every timing is the wall time of ``python -m codegen`` in a fresh process
(interpreter start included) except the clang-format rows, which time the
previous strategy in-process for comparison: rendering, then clang-format over
every C++ file (one process per file, or one per core over all of them). That
strategy's line breaks differ from the generator's own layout, so only its
time is compared; the outputs of all ``python -m codegen`` runs are checked to
be byte-identical and identical to generated/.

- the specs of opspec/ (however many there are): clang-format per file and batched (before); no
  cache; into an empty directory with the caches warm (the formatted Python
  and the per-op entries: every op is generated again, its files being
  absent); everything unchanged (the output manifest checked against the files);
- N synthetic ops (copies of verify_draft_tokens): clang-format batched
  (before); cold; unchanged; one spec changed (the per-op cache: that op
  alone is generated again, the shared files rendered from every op's parts).

--no-before skips the clang-format rows (a minute per run with 1,000 ops).

Run it on a machine that has not deleted many files in the last five minutes
(this script's own clean-up included): ext4 then skips the inode slots of the
deleted files when it creates one (its ``recently_deleted`` check, 60-300 s),
and each of the cold runs' 10,000 creations scans for a free slot; cold runs
here took 12-14 s in that window and 8-9 s outside it (docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen.cache import MANIFEST, Cache  # noqa: E402
from codegen.emit import render  # noqa: E402
from codegen.parse import load_specs  # noqa: E402


def cli(specs: Path, out: Path, cache: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "codegen",
            "--specs",
            str(specs),
            "--out",
            str(out),
            "--cache",
            str(cache),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in path.rglob("*") if p.is_file()}


def clang_format_before(specs: Path, per_file: bool) -> float:
    """Render and run clang-format (the project's style) over every C++ file,
    as the generator did before it laid out C++ itself."""
    start = time.perf_counter()
    files = render(load_specs(specs, ROOT))
    tool = shutil.which("clang-format", path=str(Path(sys.executable).parent)) or "clang-format"
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for path, text in files.items():
            if path.endswith((".h", ".cc", ".xpu")):
                target = Path(tmp) / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                paths.append(str(target))
        command = [tool, f"--style=file:{ROOT / '.clang-format'}", "-i"]
        jobs = [[p] for p in paths] if per_file else [paths[i::2] for i in range(2)]
        for batch in range(0, len(jobs), 2):
            running = [subprocess.Popen([*command, *job]) for job in jobs[batch : batch + 2]]
            assert all(p.wait() == 0 for p in running)
    return time.perf_counter() - start


def synthetic(n: int, directory: Path) -> None:
    text = (ROOT / "opspec" / "verify_draft_tokens.yaml").read_text(encoding="utf-8")
    directory.mkdir(parents=True)
    for i in range(n):
        name = f"op{i:04d}"
        spec = text.replace("op: verify_draft_tokens", f"op: {name}")
        # Enum types are exported by one Python module: one name per op.
        spec = spec.replace("verify_strategy", f"{name}_strategy")
        (directory / f"{name}.yaml").write_text(spec, encoding="utf-8")


def settled(measure: Callable[[int], float], run: int) -> float:
    """A measurement started on a quiet disk: here the previous run's writes,
    still being flushed, slowed the next run's by up to 5x."""
    os.sync()
    time.sleep(2)
    return measure(run)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (min and max shown)")
    parser.add_argument(
        "--no-before", action="store_true", help="skip the clang-format rows (the old strategy)"
    )
    args = parser.parse_args()
    rows: list[tuple[str, list[float]]] = []

    def row(label: str, measure: Callable[[int], float]) -> None:
        rows.append((label, [settled(measure, i) for i in range(args.repeat)]))

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        opspec = ROOT / "opspec"
        real = f"{len(list(opspec.glob('*.yaml')))} specs"  # the tree's own count
        if not args.no_before:
            row(
                f"{real}, clang-format, one process per file (before)",
                lambda i: clang_format_before(opspec, True),
            )
            row(
                f"{real}, clang-format, one process per core (before)",
                lambda i: clang_format_before(opspec, False),
            )
        row(f"{real}, no cache", lambda i: cli(opspec, work / f"a{i}", work / f"ca{i}"))
        for i in range(args.repeat):
            Cache(work / f"ca{i}").drop(MANIFEST)
        row(
            f"{real}, into an empty directory, caches warm (formatted Python, per-op entries)",
            lambda i: cli(opspec, work / f"b{i}", work / f"ca{i}"),
        )
        row(f"{real}, unchanged", lambda i: cli(opspec, work / f"b{i}", work / f"ca{i}"))
        outputs = [tree(work / d) for d in ("a0", "b0", f"a{args.repeat - 1}")]
        assert all(o == outputs[0] for o in outputs), "runs disagree"
        assert outputs[0] == tree(ROOT / "generated"), "differs from generated/"

        specs = work / "many" / "opspec"
        synthetic(args.ops, specs)
        if not args.no_before:
            row(
                f"{args.ops} ops, clang-format, one process per core (before)",
                lambda i: clang_format_before(specs, False),
            )
        row(f"{args.ops} ops, cold", lambda i: cli(specs, work / f"m{i}", work / f"cm{i}"))
        row(f"{args.ops} ops, unchanged", lambda i: cli(specs, work / f"m{i}", work / f"cm{i}"))
        first = specs / "op0000.yaml"
        first.write_text(first.read_text().replace("doc: >-", "doc: >-\n  Edited.", 1))
        # A doc edit: the op is parsed and rendered again; its doc lands in the Python module.
        before = (work / "m0" / "python" / "__init__.py").read_text()
        row(
            f"{args.ops} ops, one spec edited",
            lambda i: cli(specs, work / f"m{i}", work / f"cm{i}"),
        )
        assert (work / "m0" / "python" / "__init__.py").read_text() != before
        assert tree(work / "m0") == tree(work / f"m{args.repeat - 1}"), "runs disagree"

    width = max(len(r[0]) for r in rows)
    print(f"{'':<{width}}  {'min':>7}    {'max':>7}    every run")
    for label, seconds in rows:
        runs = ", ".join(f"{s:.2f}" for s in seconds)
        print(f"{label:<{width}}  {min(seconds):7.2f} s  {max(seconds):7.2f} s  {runs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
