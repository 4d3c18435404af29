"""How long regeneration takes, strategy by strategy, side by side in one run.

    python bench/bench_codegen.py [--ops 1000]

Every timing is the wall time of ``python -m codegen`` in a fresh process
(interpreter start included) except the per-file baseline, which times the
old strategy (one formatter process per generated file) in-process. Outputs of
all strategies are checked to be byte-identical.

- the three specs of opspec/: per-file formatting (the old strategy); batched
  formatting with no cache of formatted texts or outputs (compiled templates
  are kept apart); batched with the formatted-text
  cache warm (one spec edited); everything unchanged (whole-output cache);
- N synthetic ops (copies of verify_draft_tokens): cold; unchanged; one spec
  changed.
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

from codegen.emit import format_files, render  # noqa: E402
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


def per_file_baseline(specs: Path) -> tuple[float, dict[str, str]]:
    start = time.perf_counter()
    files = render(load_specs(specs, ROOT))
    formatted = {}
    for path, text in files.items():
        formatted |= format_files({path: text}, ROOT)  # one process per file, no cache
    return time.perf_counter() - start, formatted


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

        seconds, baseline = per_file_baseline(ROOT / "opspec")
        rows.append(("3 specs, one formatter process per file (before)", seconds))
        cache = work / "cache3"
        rows.append(
            (
                "3 specs, batched, no cache of texts or outputs",
                cli(ROOT / "opspec", work / "a", cache),
            )
        )
        shutil.rmtree(cache / "outputs")
        rows.append(
            ("3 specs, batched, formatted texts cached", cli(ROOT / "opspec", work / "b", cache))
        )
        rows.append(
            ("3 specs, unchanged (whole output cached)", cli(ROOT / "opspec", work / "c", cache))
        )
        outputs = [tree(work / d) for d in "abc"]
        assert all(o == outputs[0] for o in outputs), "strategies disagree"
        assert outputs[0] == {p: t.encode() for p, t in baseline.items()}, "differs from per-file"
        assert outputs[0] == tree(ROOT / "generated"), "differs from generated/"

        specs = work / "many" / "opspec"
        synthetic(args.ops, specs)
        cache = work / "cache_many"
        rows.append((f"{args.ops} ops, cold", cli(specs, work / "m1", cache)))
        rows.append((f"{args.ops} ops, unchanged", cli(specs, work / "m1", cache)))
        first = specs / "op0000.yaml"
        first.write_text(first.read_text().replace("doc: >-", "doc: >-\n  Edited.", 1))
        rows.append((f"{args.ops} ops, one spec edited", cli(specs, work / "m1", cache)))

    width = max(len(r[0]) for r in rows)
    for label, seconds in rows:
        print(f"{label:<{width}}  {seconds:7.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
