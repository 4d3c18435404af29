"""How long regeneration takes, strategy by strategy, side by side in one run.

    python bench/bench_codegen.py [--ops 1000]

Every timing is the wall time of ``python -m codegen`` in a fresh process
(interpreter start included) except the clang-format rows, which time the
previous strategy in-process for comparison: rendering, then clang-format over
every C++ file (one process per file, or one per core over all of them). That
strategy's line breaks differ from the generator's own layout, so only its
time is compared; the outputs of all ``python -m codegen`` runs are checked to
be byte-identical and identical to generated/.

- the three specs of opspec/: clang-format per file and batched (before); no
  cache; the Python formatter's cache warm (one spec edited); everything
  unchanged (whole-output cache);
- N synthetic ops (copies of verify_draft_tokens): clang-format batched
  (before); cold; unchanged; one spec changed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = []

        rows.append(
            (
                "3 specs, clang-format, one process per file (before)",
                clang_format_before(ROOT / "opspec", True),
            )
        )
        rows.append(
            (
                "3 specs, clang-format, one process per core (before)",
                clang_format_before(ROOT / "opspec", False),
            )
        )
        cache = work / "cache3"
        rows.append(("3 specs, no cache", cli(ROOT / "opspec", work / "a", cache)))
        shutil.rmtree(cache / "outputs")
        rows.append(
            (
                "3 specs, formatted Python cached (a spec edited)",
                cli(ROOT / "opspec", work / "b", cache),
            )
        )
        rows.append(
            ("3 specs, unchanged (whole output cached)", cli(ROOT / "opspec", work / "c", cache))
        )
        outputs = [tree(work / d) for d in "abc"]
        assert all(o == outputs[0] for o in outputs), "runs disagree"
        assert outputs[0] == tree(ROOT / "generated"), "differs from generated/"

        specs = work / "many" / "opspec"
        synthetic(args.ops, specs)
        rows.append(
            (
                f"{args.ops} ops, clang-format, one process per core (before)",
                clang_format_before(specs, False),
            )
        )
        cache = work / "cache_many"
        rows.append((f"{args.ops} ops, cold", cli(specs, work / "m1", cache)))
        rows.append((f"{args.ops} ops, unchanged", cli(specs, work / "m1", cache)))
        first = specs / "op0000.yaml"
        first.write_text(first.read_text().replace("doc: >-", "doc: >-\n  Edited.", 1))
        before = (work / "m1" / "paddle" / "op0000.cc").read_text()
        rows.append((f"{args.ops} ops, one spec edited", cli(specs, work / "m1", cache)))
        assert (work / "m1" / "paddle" / "op0000.cc").read_text() != before

    width = max(len(r[0]) for r in rows)
    for label, seconds in rows:
        print(f"{label:<{width}}  {seconds:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
