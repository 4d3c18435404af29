"""What a clean build costs per op as the op count grows: trees of N drawn specs
(tests/generator/drawn_specs: every feature of the spec language, kernels that
only fill their outputs), each generated and built from nothing into its own
directory, as the project builds itself (one unit per op and kind, no unity
files). The precompiled header and the shared runtime objects are built first,
untimed: every tree shares them.

    .venv/bin/python bench/bench_build_scaling.py [--ops 10 100] [--keep]

Prints wall and CPU seconds (user + system of every process the build ran)
per tree and per op. The drawn kernels are trivial, so the figures are the
glue's cost; the shipped ops' kernels add their own (docs/build.md). A
benchmark script: it prints a table and never fails on the figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen.parse import load_specs  # noqa: E402
from tests.generator.drawn_specs.draw import draw_spec  # noqa: E402
from tests.generator.drawn_specs.kernels import write_kernels  # noqa: E402
from tests.harness.draw import RandomChooser  # noqa: E402
from tools import build  # noqa: E402


def children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def clean_build(n: int, where: Path) -> tuple[float, float, int]:
    """Draw n specs (seeds 0..n-1), generate and build them; (wall s, CPU s, units)."""
    specs, kernels = where / "opspec", where / "kernels"
    specs.mkdir(parents=True)
    for i in range(n):
        (specs / f"s{i}.yaml").write_text(draw_spec(RandomChooser(i), f"s{i}").text)
    write_kernels(load_specs(specs, where), kernels)
    os.sync()
    start, cpu = time.perf_counter(), children_cpu()
    tree = build.build_tree(specs, kernels, where / "tree")
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    units = sum(1 for _ in (tree.build).rglob("*.o"))
    return wall, cpu, units


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--keep", action="store_true", help="keep the trees (build/bench-scaling)")
    args = parser.parse_args()
    if build.build() != 0:  # the shared header and objects, and the project itself
        return 1
    work = ROOT / "build" / "bench-scaling"
    shutil.rmtree(work, ignore_errors=True)
    rows = []
    for n in args.ops:
        wall, cpu, units = clean_build(n, work / f"ops{n}")
        rows.append((n, units, wall, cpu))
        print(f"{n} ops built: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    print("| drawn ops | objects | wall | CPU | wall per op | CPU per op |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n, units, wall, cpu in rows:
        print(
            f"| {n} | {units} | {wall:.1f} s | {cpu:.1f} s | {wall / n:.2f} s | {cpu / n:.2f} s |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
