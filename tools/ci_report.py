"""What a test run recorded (pytest's JUnit XML, written by .ci/run): the
tests that passed, and the slowest ones.

    python tools/ci_report.py slowest build/ci/*.xml --count 15
    python tools/ci_report.py per-op build/ci/pytest.xml     # test seconds each op costs
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Result:
    node_id: str  # tests/test_x.py::test_y[param]
    outcome: str  # passed, failed, error, skipped
    seconds: float


def node_id(classname: str, name: str) -> str:
    """pytest's node id from JUnit's classname (tests.test_x) and name."""
    return classname.replace(".", "/") + ".py::" + name


def results(path: Path) -> list[Result]:
    found = []
    for case in ElementTree.parse(path).iter("testcase"):
        outcome = "passed"
        for kind in ("failure", "error", "skipped"):
            if case.find(kind) is not None:
                outcome = {"failure": "failed"}.get(kind, kind)
        found.append(
            Result(
                node_id(case.get("classname", ""), case.get("name", "")),
                outcome,
                float(case.get("time", "0")),
            )
        )
    return found


def passed(path: Path) -> set[str]:
    return {r.node_id for r in results(path) if r.outcome == "passed"}


def print_per_op(found: list[Result]) -> int:
    """Seconds of the tests whose id names an op ([op-...] or [op]), per op:
    what the next op will cost, as the suite is parametrized over opspec/."""
    ops = sorted(p.stem for p in (ROOT / "opspec").glob("*.yaml"))
    per = {op: 0.0 for op in ops}
    for r in found:
        params = r.node_id.partition("[")[2]
        op = next((o for o in ops if params == f"{o}]" or params.startswith(f"{o}-")), None)
        if op is not None:
            per[op] += r.seconds
    for op, seconds in sorted(per.items(), key=lambda x: -x[1]):
        print(f"{seconds:7.1f} s  {op}")
    mean = sum(per.values()) / max(1, len(per))
    print(f"mean {mean:.1f} s of test time per op (summed over workers)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    slowest = sub.add_parser("slowest", help="the slowest tests of a run")
    slowest.add_argument("xml", type=Path, nargs="+")
    slowest.add_argument("--count", type=int, default=15)
    per_op = sub.add_parser(
        "per-op", help="test seconds per op in opspec/ (its parametrized tests)"
    )
    per_op.add_argument("xml", type=Path)
    args = parser.parse_args(argv)
    if args.command == "per-op":
        return print_per_op(results(args.xml))
    ranked = sorted((r for xml in args.xml for r in results(xml)), key=lambda r: -r.seconds)
    for r in ranked[: args.count]:
        print(f"{r.seconds:7.1f} s  {r.node_id}")
    total = sum(r.seconds for r in ranked)
    print(f"{len(ranked)} tests, {total:.0f} s of test time (summed over workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
