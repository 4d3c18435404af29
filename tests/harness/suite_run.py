"""The spec-derived suite run over another tree (an example op's, drawn
specs'), in a fresh process whose environment selects the tree
(OPFORGE_SPECS, OPFORGE_EXTENSION, OPFORGE_GENERATED, OPFORGE_REFERENCES,
OPFORGE_KERNELS)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping

from tests import ROOT

# The spec-derived tests, and the kernels under the sanitizers with hostile
# values (runners of the tree's entries and kernels).
SUITE = (
    "tests/ops/test_spec_suite.py",
    "tests/ops/test_hostile_values.py::"
    "test_hostile_values_stay_inside_buffers_and_match_the_reference",
)


def run_suite(
    env: Mapping[str, str], *options: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    """The suite over the tree `env` selects, with pytest `options` (a `-k`),
    in one process: it runs inside a worker of the outer run."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", *SUITE, *options, "-q", "-n", "0"]
        + ["-p", "no:cacheprovider"],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
