"""Every suite works for every valid spec feature: the spec-derived suite
(tests/ops/test_spec_suite.py) and the hostile-value runs
(tests/ops/test_hostile_values.py), whole, over drawn ops that between them
use every feature the spec language has (``FEATURES``).

Seeded drawn specs (tests/generator/drawn_specs/draw.py) are taken in turn
while one adds a feature, or a field of the spec language (codegen/speclang.py),
none taken has; a feature or field none of 400 uses fails the test by name (a
new field of the language must be drawn, or listed in NOT_DRAWN with why).
Each gets a sweep of its dims, a `coverage:` minimum and a reference (tests/generator/drawn_specs/reference.py: what its pattern kernels
write, placed inside its outputs' `after:` domains, each `rows:` count within
its rows). The tree is built and the suite runs over it in a fresh process,
as it runs over an example op (tests/integration/test_example_op.py): every
harness meets every feature, and none may fail or advise an edit of the
generator."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from codegen import speclang
from codegen.kinds import KINDS
from codegen.model import AttrType, DimBinOp, DimExpr, DType, DTypeVar, Op, Role, Values
from codegen.parse import load_specs
from tests import ROOT, budgets
from tests.generator.drawn_specs.draw import draw_spec
from tests.generator.drawn_specs.kernels import write_kernels
from tests.generator.drawn_specs.reference import write_references
from tests.harness import spec
from tests.harness.draw import RandomChooser
from tests.harness.suite_run import run_suite
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
    "a value bound over an attribute": lambda op: any(
        set(bound.refs()) & {a.name for a in op.attrs}
        for t in op.tensors
        for bound in (t.values.min, t.values.max, t.after.min, t.after.max)
        if isinstance(bound, DimExpr)
    ),
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


# Fields of the spec language (codegen/speclang.py) no drawn spec uses, each
# with why; every other field must be used by an op of the run.
NOT_DRAWN = {
    ("after", "prefix_sum_of"): "an output's prefix sums, for any inputs: no op declares one",
    ("after", "total"): "an output's total, for any inputs: no op declares one",
}


def fields_used(tree: dict[str, Any]) -> set[tuple[str, str]]:
    """(section, field) of every field a spec's YAML tree uses."""
    used = {(speclang.SPEC.name, key) for key in tree}
    for entry in tree.get("dims", {}).values():
        used |= {(speclang.DIM.name, key) for key in entry} if isinstance(entry, dict) else set()
    for t in tree["tensors"]:
        used |= {(speclang.TENSOR.name, key) for key in t}
        for section in (speclang.VALUES, speclang.AFTER, speclang.FILL):
            used |= {(section.name, key) for key in t.get(section.name, {})}
    used |= {(speclang.ATTR.name, key) for a in tree.get("attrs", []) for key in a}
    for form in tree.get("fastdeploy", {}).values():
        used |= {(speclang.FASTDEPLOY_FORM.name, key) for key in form or {} if form != "gpu"}
    used |= {(speclang.FASTDEPLOY.name, key) for key in tree.get("fastdeploy", {})}
    return used


def _covering_trees() -> tuple[list[dict[str, Any]], list[str]]:
    """Drawn specs (each with its sweep, reference and coverage), taken while
    each adds a feature or a field; what none has."""
    taken: list[dict[str, Any]] = []
    missing = set(FEATURES) | {
        f"{section.name}.{f.name}"
        for section in speclang.SECTIONS
        for f in section.fields
        if (section.name, f.name) not in NOT_DRAWN
    }
    for i in range(SEEDS):
        drawn = draw_spec(RandomChooser(i), f"f{i}")
        op = load_specs_text(drawn.text, drawn.name)
        tree = _as_suite_op(drawn.tree, op)
        has = {f for f in FEATURES if FEATURES[f](op)}
        has |= {f"{section}.{field}" for section, field in fields_used(tree)}
        if has & missing:
            taken.append(tree)
            missing -= has
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


def _as_suite_op(tree: dict[str, Any], op: Op) -> dict[str, Any]:
    """A drawn spec as an op of the suite: its dims set by shapes swept
    (empty, one, a few, inside a `min`), its reference named, and the least
    share of valid cases in which its kernels change a written tensor whose
    pattern is not all zeros (`coverage:`, met by far)."""
    sweep = {
        d.name: [v for v in (0, 1, 3) if d.min is None or v >= d.min.evaluate({})]
        for d in op.dims
        if not d.set_elsewhere
    }
    suite = {**tree, "sweep": sweep, "reference": tree["op"]}
    changed = [
        t.name
        for t in spec.writes(op)
        if not t.after.probability_rows and t.rows is None and t.dtype is not DType.BOOL
    ]
    if changed:
        suite["coverage"] = {changed[0]: 0.01}
    return suite


# The kinds every op of the run must have run, on each backend it has.
PER_BACKEND = ("valid", "determinism", "hostile values")


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_every_suite_runs_over_every_drawn_feature() -> None:
    trees, missing = _covering_trees()
    assert not missing, f"no drawn spec of {SEEDS} uses: {', '.join(missing)}"
    # Under build/, not a temporary directory: kept for a look after a failure.
    build_dir = ROOT / "build" / "drawn_suites"
    tree_dir = build_dir / "tree"
    shutil.rmtree(tree_dir, ignore_errors=True)
    specs, kernels = tree_dir / "opspec", tree_dir / "kernels"
    specs.mkdir(parents=True)
    for tree in trees:
        text = yaml.safe_dump(tree, sort_keys=False, width=1000)
        (specs / f"{tree['op']}.yaml").write_text(text, encoding="utf-8")
    ops = load_specs(specs, tree_dir)
    write_kernels(ops, kernels, within_rows=True)
    write_references(ops, tree_dir / "reference")
    tree_built = build.build_tree(specs, kernels, build_dir, unity=2)
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(specs),
        OPFORGE_EXTENSION=str(tree_built.module),
        OPFORGE_GENERATED=str(tree_built.generated),
        OPFORGE_REFERENCES=str(tree_dir / "reference"),
        OPFORGE_KERNELS=str(kernels),
        OPFORGE_REPRO_DIR=str(tree_dir / "repro"),
        # The harnesses are under test, not the pattern kernels: each op's
        # least share of cases (tests/budgets.py floors) is enough.
        **{budgets.SHARE_OF_OPS: "1000"},
    )
    result = run_suite(env, timeout=1200)
    out = result.stdout
    # The failures first (the per-op summaries after them run long).
    failures = out.partition("= FAILURES =")[2].partition(" short test summary info ")[0]
    assert result.returncode == 0, (
        failures[:8000] + out[-3000:] + result.stderr[-2000:] + f"\n(the tree: {tree_dir})"
    )
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
