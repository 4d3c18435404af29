"""The spec fuzzer (tests/specfuzz/): hostile spec files through the parser and
the generator. ``python tools/fuzz_specs.py --long`` runs 10,000 cases."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from specfuzz.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
