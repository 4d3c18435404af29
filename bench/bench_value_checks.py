"""What the value-checked mode costs per call, at 8, 128 and 1,024 slots.

    .venv/bin/python bench/bench_value_checks.py [--repeats 25 --number 2000]

The generated binding opforge._C.verify_draft_tokens on the same CPU tensors,
value checks off and on, timed side by side (repeats interleaved, best of each),
on TOPP batches from the reference's batch generator. A benchmark, not a test:
it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import bench_verify_draft_tokens as bench  # noqa: E402

SIZES = [8, 128, 1024]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=25)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args()

    import opforge

    binding = opforge._runtime.extension().verify_draft_tokens
    print("| slots | checks off | checks on | on / off |")
    print("|---:|---:|---:|---:|")
    for slots in SIZES:
        shape = bench.Shape(f"topp-{slots}", "TOPP", slots, slots * 3 // 4, 6)
        batch = bench.make_batch(shape)
        tensors, attrs = bench.to_tensors(batch), bench.attr_values(batch)
        timer = bench.make_timer(binding, [*tensors, *attrs])
        timer.timeit(args.number // 10)  # warm-up
        best = {False: float("inf"), True: float("inf")}
        for _ in range(args.repeats):
            for on in (False, True):
                opforge.set_value_checks(on)
                best[on] = min(best[on], timer.timeit(args.number) / args.number)
        opforge.set_value_checks(False)
        off, on = best[False] * 1e6, best[True] * 1e6
        print(f"| {slots} | {off:.2f} µs | {on:.2f} µs | {on / off:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
