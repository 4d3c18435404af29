"""Each kernel kind's check with its real toolchain (codegen/kinds.py,
``toolchain_check``), which the suite cannot run (it runs the kernels under
their simulations): one line per check, its CI step's title, a tab, and its
command, run from the repository root with the project's Python. .ci/run runs
each as a step of its own.

    python tools/toolchain_checks.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from codegen.kinds import KINDS  # noqa: E402


def lines() -> list[str]:
    return [f"{k.toolchain_check[0]}\t{k.toolchain_check[1]}" for k in KINDS if k.toolchain_check]


if __name__ == "__main__":
    print("\n".join(lines()))
