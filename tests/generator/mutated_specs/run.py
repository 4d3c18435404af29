"""Run the spec fuzzer: ``python -m tests.generator.mutated_specs [--cases N] [--seed S] [--long]``.

Each case is one mutated spec through both YAML paths, the parser and the
generator in this process, under a time bound per case and a memory bound for
the run (the address space is capped, so a blow-up is a MemoryError, not a
stuck machine); then g++ compiles the C++ of every accepted case, many to a
unit. Prints the count of every outcome; exits 1 if any case broke the
contract, after writing each failing spec to --save (default: fuzz-failures/).
"""

from __future__ import annotations

import argparse
import collections
import resource
import sys
import tempfile
import time
from pathlib import Path

from codegen.model import Op
from tests.generator.mutated_specs.mutate import Case, draw_case
from tests.generator.mutated_specs.oracle import Outcome, compile_all, own_files, run_case
from tests.harness.draw import RandomChooser

MEMORY_BYTES = 3 * 1024**3  # address space for the whole run: far above a healthy case
LONG_CASES = 10_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--long", action="store_true", help=f"{LONG_CASES} cases")
    parser.add_argument("--seed", type=int, default=0, help="first case's seed")
    parser.add_argument(
        "--compile",
        type=int,
        default=None,
        help="compile the C++ of only the first N accepted cases (default: all of them)",
    )
    parser.add_argument("--save", type=Path, default=Path("fuzz-failures"))
    args = parser.parse_args(argv)
    cases = LONG_CASES if args.long else args.cases

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = MEMORY_BYTES if hard == resource.RLIM_INFINITY else min(MEMORY_BYTES, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    counts: collections.Counter[str] = collections.Counter()
    failures: list[tuple[int, Outcome, Case | None]] = []
    accepted: list[tuple[int, Case, Op, dict[str, str]]] = []
    slowest = 0.0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(cases):
            seed = args.seed + index
            case = draw_case(RandomChooser(seed))
            outcome = run_case(case, Path(tmp))
            counts[outcome.kind] += 1
            slowest = max(slowest, outcome.seconds)
            if outcome.failed:
                failures.append((seed, outcome, case))
            elif outcome.kind == "accepted" and (
                args.compile is None or len(accepted) < args.compile
            ):
                # Only the op's own C++ is kept: a long run holds a thousand.
                accepted += [(seed, case, op, own_files(op, outcome.files)) for op in outcome.ops]
    compiling = time.perf_counter()
    n_units, broken = compile_all([(op, files) for _, _, op, files in accepted])
    counts["c++ compiled"] = len(accepted)
    counts["c++ units"] = n_units
    for index, problem in broken:
        counts["cxx-compile"] += 1
        seed, case, _, _ = accepted[index]
        failures.append((seed, Outcome("cxx-compile", problem), case))
    elapsed = time.perf_counter() - start
    for kind in ("yaml-paths", "cxx-compile"):  # the promises a run states: printed when 0
        counts[kind] += 0

    print(
        f"spec fuzzer: {cases} cases from seed {args.seed} in {elapsed:.1f} s "
        f"(slowest case {slowest:.2f} s; g++ {elapsed - (compiling - start):.1f} s)"
    )
    for kind, n in sorted(counts.items()):
        print(f"  {kind}: {n}")
    if failures:
        args.save.mkdir(parents=True, exist_ok=True)
        for seed, outcome, case in failures:
            print(f"FAIL seed {seed}: {outcome.kind}: {outcome.detail[:300]}")
            if case is not None:
                text = case.text
                data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
                (args.save / f"seed{seed}-{case.stem[:60]}.yaml").write_bytes(data)
                print(f"  mutations: {'; '.join(case.mutations)[:500]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
