"""Every suite works for every valid spec feature: the spec-derived suite
(tests/ops/test_spec_suite.py) and the hostile-value runs
(tests/ops/test_hostile_values.py), whole, over drawn ops that between them
use every feature the spec language has (``FEATURES``).

Seeded drawn specs (tests/generator/drawn_specs/draw.py) are taken in turn
while one adds a feature none taken has; each gets a sweep of its dims and a
reference (tests/generator/drawn_specs/reference.py: what its pattern kernels
write, placed inside its outputs' `after:` domains, each `rows:` count within
its rows). The tree is built and the suite runs over it in a fresh process,
as it runs over an example op (tests/integration/test_example_op.py): every
harness meets every feature, and none may fail or advise an edit of the
generator."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen.kinds import KINDS
from codegen.model import AttrType, DimBinOp, DTypeVar, Op, Role, Values
from codegen.parse import load_specs
from tests import ROOT
from tests.generator.drawn_specs.draw import draw_spec
from tests.generator.drawn_specs.kernels import write_kernels
from tests.generator.drawn_specs.reference import write_references
from tests.harness import spec
from tests.harness.draw import RandomChooser
from tools import build


def _attr(kind: AttrType) -> Callable[[Op], bool]:
    return lambda op: any(a.type is kind for a in op.attrs)


# Each feature of the spec language a drawn op may use, as a question about
# its model. A feature the draw stops drawing fails the test by name.
FEATURES: dict[str, Callable[[Op], bool]] = {
    "an in-place tensor": lambda op: any(spec.is_in_place(t) for t in op.tensors),
    "a new output": lambda op: any(spec.is_new_output(t) for t in op.tensors),
    "a scratch tensor": lambda op: any(t.role is Role.SCRATCH for t in op.tensors),
    "a filled scratch tensor": lambda op: any(t.fill is not None for t in op.tensors),
    "an optional input": lambda op: any(t.optional for t in op.tensors),
    "required_when": lambda op: any(t.required_when for t in op.tensors),
    "a host tensor": lambda op: any(t.host for t in op.tensors),
    "shape alternatives": lambda op: any(len(t.shapes) > 1 for t in op.tensors),
    "a trailing unit axis": lambda op: any(t.unit_axis for t in op.tensors),
    "a dim expression": lambda op: any(
        isinstance(e, DimBinOp) for t in op.tensors for e in t.shape
    ),
    "a dtype set": lambda op: any(isinstance(t.dtype, DTypeVar) for t in op.tensors),
    "an input value domain": lambda op: any(t.values != Values() for t in op.tensors),
    "an output value domain (after)": lambda op: any(t.after != Values() for t in op.tensors),
    "a probability-rows domain": lambda op: any(
        t.values.probability_rows or t.after.probability_rows for t in op.tensors
    ),
    "a rows: output": lambda op: any(t.rows is not None for t in op.tensors),
    "a dim set by a tensor's value": lambda op: any(d.value_of for d in op.dims),
    "a dim set by an attribute": lambda op: any(d.from_attr for d in op.dims),
    "an int attribute": _attr(AttrType.INT),
    "an int64 attribute": _attr(AttrType.INT64),
    "a float attribute": _attr(AttrType.FLOAT),
    "a bool attribute": _attr(AttrType.BOOL),
    "an enum attribute": _attr(AttrType.ENUM),
    "an int list attribute": _attr(AttrType.INT_LIST),
    "an int64 list attribute": _attr(AttrType.INT64_LIST),
    "a FastDeploy call": lambda op: bool(op.fastdeploy),
}
for _kind in KINDS:  # every kind of kernel the registry has
    FEATURES[f"a {_kind.name} kernel"] = lambda op, name=_kind.name: name in op.kernels
SEEDS = 400  # drawn specs to look through for a cover


def _covering_trees() -> tuple[list[dict[str, Any]], list[str]]:
    """Drawn specs, taken while each adds a feature; the features none has."""
    taken: list[dict[str, Any]] = []
    missing = set(FEATURES)
    for i in range(SEEDS):
        drawn = draw_spec(RandomChooser(i), f"f{i}")
        op = load_specs_text(drawn.text, drawn.name)
        new = {f for f in missing if FEATURES[f](op)}
        if new:
            taken.append(drawn.tree)
            missing -= new
        if not missing:
            break
    return taken, sorted(missing)


def load_specs_text(text: str, name: str) -> Op:
    """One spec's model, parsed as the build parses it."""
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        specs = Path(directory) / "opspec"
        specs.mkdir()
        (specs / f"{name}.yaml").write_text(text, encoding="utf-8")
        return load_specs(specs, Path(directory))[0]


def _with_sweep_and_reference(tree: dict[str, Any]) -> dict[str, Any]:
    """A drawn spec as an op of the suite: its free dims swept (empty, one,
    a few), its reference named."""
    free = [name for name, entry in tree["dims"].items() if isinstance(entry, str)]
    return {**tree, "sweep": {name: [0, 1, 3] for name in free}, "reference": tree["op"]}


# The kinds every op of the run must have run, on each backend it has.
PER_BACKEND = ("valid", "determinism", "hostile values")


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_every_suite_runs_over_every_drawn_feature(tmp_path: Path) -> None:
    trees, missing = _covering_trees()
    assert not missing, f"no drawn spec of {SEEDS} has: {', '.join(missing)}"
    specs, kernels = tmp_path / "opspec", tmp_path / "kernels"
    specs.mkdir()
    for tree in trees:
        text = yaml.safe_dump(_with_sweep_and_reference(tree), sort_keys=False, width=1000)
        (specs / f"{tree['op']}.yaml").write_text(text, encoding="utf-8")
    ops = load_specs(specs, tmp_path)
    write_kernels(ops, kernels, within_rows=True)
    write_references(ops, tmp_path / "reference")
    tree_built = build.build_tree(specs, kernels, ROOT / "build" / "drawn_suites", unity=2)
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(specs),
        OPFORGE_EXTENSION=str(tree_built.module),
        OPFORGE_GENERATED=str(tree_built.generated),
        OPFORGE_REFERENCES=str(tmp_path / "reference"),
        OPFORGE_KERNELS=str(kernels),
        OPFORGE_REPRO_DIR=str(tmp_path / "repro"),
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/ops/test_spec_suite.py",
            "tests/ops/test_hostile_values.py::"
            "test_hostile_values_stay_inside_buffers_and_match_the_reference",
            "-q",
            "-n",
            "0",  # inside a worker of the outer run: one process
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, out[-8000:] + result.stderr[-2000:]
    assert "codegen/names.py" not in out, out[-4000:]
    for op in ops:
        summary = next((line for line in out.splitlines() if line.startswith(f"{op.name}: ")), "")
        for kind in PER_BACKEND:
            for backend in spec.backends(op):
                assert f"{kind} ({backend}) " in summary, f"{kind} ({backend}): {summary}"
        assert "static graph " in summary, summary
        for t in op.tensors:  # every form of an input with shape alternatives
            for form in range(len(t.shapes) if len(t.shapes) > 1 else 0):
                assert re.search(rf"valid with {t.name} in form {form} \(", summary), (
                    f"{t.name} in form {form}: {summary}"
                )
