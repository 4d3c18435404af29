"""``python -m tests.generator.mutated_specs`` (from the repository root): the
spec fuzzer's seeded run; ``--long`` runs 10,000 cases, ``--help`` says more."""

from __future__ import annotations

import sys

from tests.generator.mutated_specs.run import main

sys.exit(main())
