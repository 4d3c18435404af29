"""The test suite (README, "Tests"), grouped by what it tests:

- ``generator/``: the spec front end and the generator (parsing, errors, the
  schema, names, the generated output and its format, drawn valid specs,
  mutated spec text, specs that inject text);
- ``ops/``: the ops themselves (the spec-derived suite, hostile tensor values
  under sanitizers, per-op tests, the NumPy references and their self-tests);
- ``runtime/``: the XPU3 simulation, device memory, the launchers, the public
  API's boundary;
- ``integration/``: ops composed (the decoding loops), new ops from a fresh
  tree, kernel builds, the installed wheel;
- ``harness/``: the library every group builds its cases and harnesses with
  (asking the model, never re-reading the spec), and the tool tests.

Modules import each other as ``tests.<group>.<module>`` (the repository root
on the path: pytest's, or ``python -m`` from the root)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository
