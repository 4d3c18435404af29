"""What a test run recorded (pytest's JUnit XML, written by .ci/run): the
tests that passed, and the slowest ones.

    python tools/ci_report.py slowest build/ci/pytest.xml 15
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    slowest = sub.add_parser("slowest", help="the slowest tests of a run")
    slowest.add_argument("xml", type=Path)
    slowest.add_argument("count", type=int, nargs="?", default=15)
    args = parser.parse_args(argv)
    ranked = sorted(results(args.xml), key=lambda r: -r.seconds)
    for r in ranked[: args.count]:
        print(f"{r.seconds:7.1f} s  {r.node_id}")
    total = sum(r.seconds for r in ranked)
    print(f"{len(ranked)} tests, {total:.0f} s of test time (summed over workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
