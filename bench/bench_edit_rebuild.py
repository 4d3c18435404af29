"""What a spec edit costs until the op can be called again: generate, build,
import opforge, in CPU seconds (user + system of every process it ran) and
wall seconds, for four edits of one shipped op (rebuild_padding):

  value bound   an attribute's declared maximum (cpu_out_token_num's max)
  dtype set     a dtype dropped from the op's dtype set (T)
  new attribute a bool attribute added to the spec, and the XPU3 kernel's
                parameter for it (the kernel's declaration lists every
                attribute: an author adds both)
  kernel edit   a constant in the CPU kernel's code (no spec change)

Each edit is applied, timed, reverted, and the tree rebuilt untimed. Several
checkouts may be compared (--tree, repeated): the edits run interleaved across
them, so the machine's load hits each alike. With --clean, a clean build of
each tree's own objects (its build directory's objects and module removed;
the shared precompiled header and runtime objects too) is timed as well.

    .venv/bin/python bench/bench_edit_rebuild.py [--tree DIR ...] [--rounds 2] [--clean]

A benchmark script: it prints a table and never fails on the figures.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OP = "rebuild_padding"


@dataclass(frozen=True)
class Edit:
    name: str
    # (file relative to the tree, pattern, replacement): applied in order.
    changes: tuple[tuple[str, str, str], ...]


SPEC = f"opspec/{OP}.yaml"
EDITS = (
    Edit("value bound", ((SPEC, r"max: 2147483647\n", "max: 2147483646\n"),)),
    Edit("dtype set", ((SPEC, r"T: \[float32, float16, bfloat16\]", "T: [float32, float16]"),)),
    Edit(
        "new attribute",
        (
            (
                SPEC,  # the last attribute (one with a default follows the required ones)
                r"\n\Z",
                "\n  - name: bench_flag\n    type: bool\n    default: false\n"
                "    doc: an attribute added by the benchmark\n",
            ),
            (
                f"csrc/kernels/xpu3/{OP}.xpu",
                r"long long /\*cpu_out_token_num\*/\)",
                "long long /*cpu_out_token_num*/, bool /*bench_flag*/)",
            ),
        ),
    ),
    # The kernel's code only: a constant the compiler sees (no spec change, so
    # nothing is generated; one unit recompiled, the module relinked).
    Edit(
        "kernel edit",
        ((f"csrc/kernels/cpu/{OP}.cc", r"kNoRow = -1;", "kNoRow = -2;"),),
    ),
)


def children_cpu() -> float:
    usage = os.times()
    return usage.children_user + usage.children_system


def run(tree: Path, *argv: str) -> None:
    done = subprocess.run(
        [sys.executable, *argv], cwd=tree, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"{tree}: {' '.join(argv)} failed:\n{done.stdout}{done.stderr}")


def rebuild(tree: Path) -> tuple[float, float]:
    """Generate, build, import: (CPU seconds, wall seconds)."""
    cpu, wall = children_cpu(), time.perf_counter()
    run(tree, "-m", "codegen")
    run(tree, "tools/build.py")
    # The checkout's own package, not an installed one: the current directory
    # comes first on the path of `python -c`.
    run(tree, "-c", "import opforge, os; assert opforge.__file__.startswith(os.getcwd())")
    return children_cpu() - cpu, time.perf_counter() - wall


def apply(tree: Path, edit: Edit) -> dict[Path, str]:
    saved: dict[Path, str] = {}
    for name, pattern, replacement in edit.changes:
        path = tree / name
        saved.setdefault(path, path.read_text())
        changed, count = re.subn(pattern, replacement, path.read_text(), count=1)
        if count != 1:
            sys.exit(f"{path}: the {edit.name} edit found no {pattern!r}")
        path.write_text(changed)
    return saved


def clean(tree: Path) -> tuple[float, float]:
    """A clean build of the tree: objects, precompiled headers, module removed."""
    for sub in ("obj", "pch", "shared", "unity"):
        shutil.rmtree(tree / "build" / sub, ignore_errors=True)
    for name in (".ninja_log", ".ninja_deps"):
        (tree / "build" / name).unlink(missing_ok=True)
    for module in (tree / "opforge").glob("_C.*"):
        module.unlink()
    return rebuild(tree)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append", help="a checkout (default: this)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--clean", action="store_true", help="also time a clean build")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    for tree in trees:
        rebuild(tree)  # up to date before anything is timed
    rows: dict[tuple[str, Path], list[tuple[float, float]]] = {}
    for _ in range(args.rounds):
        for edit in EDITS:
            for tree in trees:
                saved = apply(tree, edit)
                try:
                    rows.setdefault((edit.name, tree), []).append(rebuild(tree))
                finally:
                    for path, text in saved.items():
                        path.write_text(text)
                rebuild(tree)
        if args.clean:
            for tree in trees:
                rows.setdefault(("clean build", tree), []).append(clean(tree))
    print(f"{'edit':<14} {'tree':<24} {'CPU s (each round)':<26} {'wall s (each round)':<26}")
    for (name, tree), measured in rows.items():
        cpu = ", ".join(f"{c:.1f}" for c, _ in measured)
        wall = ", ".join(f"{w:.1f}" for _, w in measured)
        print(f"{name:<14} {tree.name:<24} {cpu:<26} {wall:<26}")
        print(
            f"{'':<14} {'median':<24} {statistics.median(c for c, _ in measured):<26.1f} "
            f"{statistics.median(w for _, w in measured):<26.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
