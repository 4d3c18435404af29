"""Every spec the parser accepts generates code that compiles, builds, imports
and runs: properties over drawn specs (tests/generator/drawn_specs/draw.py), not examples.

- Hypothesis draws specs from the whole language; each must be accepted and
  generate valid Python (fast: no build), and a failure shrinks to a small spec.
- Seeded drawn specs (tests/budgets.py: 40 per push, 200 in the long tier) and the named regression specs below are built
  together into one extension (unity translation units) with trivial kernels
  that write a known pattern, imported in a fresh process, and each op is called
  once with spec-valid inputs: outputs carry the pattern, inputs are unchanged.
  Their generated C++ is also held to be a clang-format fixed point.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.emit import render
from codegen.kinds import KINDS
from codegen.parse import SpecErrors, load_specs
from tests import ROOT, budgets
from tests.generator.drawn_specs.draw import draw_spec
from tests.generator.drawn_specs.kernels import write_kernels
from tests.generator.formatcheck import reformatted
from tests.harness import spec
from tests.harness.draw import HypothesisChooser, RandomChooser
from tools import build

DRAWN = budgets.CURRENT.spec_space_built

# Named regression specs: shapes of op the generator once got wrong, or might.
REGRESSIONS = {
    "no_attributes": """
op: no_attributes
kernels: [cpu, xpu3]
doc: three in-place tensors and no attribute at all (once left every parameter list open)
dims: {n: slots}
tensors:
  - {name: lengths, dtype: int32, shape: [n], role: inout, doc: lengths}
  - {name: flags, dtype: bool, shape: [n], role: inout, doc: flags}
  - {name: limits, dtype: int64, shape: [n], doc: limits}
""",
    "value_sized_outputs": """
op: value_sized_outputs
kernels: [cpu, xpu3]
doc: outputs sized by the value a [1] tensor holds (FastDeploy's token_num)
dims:
  n: slots
  k: {doc: tokens, value_of: token_num, max: 4 * n}
tensors:
  - {name: lens, dtype: int32, shape: [n], doc: lengths}
  - {name: token_num, dtype: int32, shape: [1], host: true, doc: the token count}
  - {name: ids, dtype: int64, shape: [k], role: out, doc: one per token}
  - {name: offsets, dtype: int32, shape: [k + 1], role: out, doc: one more}
""",
    "only_new_outputs": """
op: only_new_outputs
kernels: [cpu]
doc: returns two new tensors
dims: {n: rows}
tensors:
  - {name: src, dtype: float32, shape: [n], doc: source}
  - {name: twice, dtype: float32, shape: [2 * n], role: out, doc: doubled}
  - {name: counts, dtype: int64, shape: [n + 1], role: out, doc: counts}
attrs:
  - {name: scale, type: float, default: 1.0, doc: a scale}
""",
    "in_place_and_new_outputs": """
op: in_place_and_new_outputs
kernels: [cpu, xpu3]
doc: new outputs listed before and after the in-place tensors, one of a dtype set
dims: {n: n}
dtype_sets: {T: [float32, float16]}
tensors:
  - {name: drawn, dtype: T, shape: [n], role: out, doc: new and of the set}
  - {name: seed, dtype: int64, shape: [n], role: inout, doc: in place}
  - {name: probs, dtype: T, shape: [n], doc: in}
  - {name: flags, dtype: bool, shape: [n, 2], role: inout, doc: in place}
  - {name: counts, dtype: int32, shape: [n + 1], role: out, doc: new}
""",
    "shape_alternatives": """
op: shape_alternatives
kernels: [cpu, xpu3, cuda]
doc: inputs that come in one of several forms, one of them of a dtype set
dims: {n: n, k: k, w: w}
dtype_sets: {T: [float32, bfloat16]}
tensors:
  - {name: rows, dtype: T, shape: [n, w], doc: binds n and w}
  - {name: table, dtype: int64, shape: {one_of: [[n, k, w], [k, w], [w]]}, doc: three forms}
  - {name: scale, dtype: T, shape: {one_of: [[k], [n, k]]}, doc: two forms and binds k}
  - {name: picked, dtype: int32, shape: [n, k + 1], role: out, doc: new}
""",
    "a_forty_character_op_name_for_the_stamp": """
op: a_forty_character_op_name_for_the_stamp
kernels: [cpu]
doc: the stamp line of every file stays on one line
dims: {n: n}
tensors:
  - {name: x, dtype: int32, shape: [n], role: inout, doc: x}
""",
    "dtype_set_outputs_first": """
op: dtype_set_outputs_first
kernels: [cpu, xpu3]
doc: a dtype set whose outputs are listed before its inputs
dims: {n: n, m: m}
dtype_sets: {T: [float32, float16, bfloat16]}
tensors:
  - {name: out_values, dtype: T, shape: [n, m], role: out, doc: out}
  - {name: out_index, dtype: int64, shape: [n], role: out, doc: index}
  - {name: work, dtype: float32, shape: [m], role: scratch, doc: workspace}
  - {name: values, dtype: T, shape: [n, m], doc: in}
attrs:
  - {name: mode, type: enum, values: {first: 0, last: 1}, doc: which}
""",
    "host_inout": """
op: host_inout
kernels: [cpu, xpu3]
doc: an in-place flag in host memory
dims: {n: n}
tensors:
  - {name: flag, dtype: bool, shape: [1], role: inout, host: true, doc: flag}
  - {name: x, dtype: int64, shape: [n], doc: x}
""",
    "value_bounds_over_attributes": """
op: value_bounds_over_attributes
kernels: [cpu, xpu3]
doc: value domains bounded by int attributes, alone and with a dim
dims: {n: n}
tensors:
  - {name: ids, dtype: int32, shape: [n], role: inout, values: {min: 0, max: vocab - 1}, doc: ids}
  - name: offsets
    dtype: int64
    shape: [n]
    values: {min: 0, max: n * width, sample: [0, width + 1]}
    doc: offsets
  - {name: scores, dtype: float16, shape: [n], role: inout, after: {max: vocab}, doc: scores}
attrs:
  - {name: vocab, type: int, min: 1, doc: the vocabulary}
  - {name: width, type: int64, min: 0, max: 64, default: 4, doc: a width}
""",
    "one_tensor_only": """
op: one_tensor_only
kernels: [cpu]
doc: one tensor, nothing else
tensors:
  - {name: x, dtype: float16, shape: [4], role: inout, doc: x}
""",
}


@settings(
    max_examples=budgets.CURRENT.spec_space_parsed,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_drawn_spec_is_accepted_and_generates_python(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    drawn = draw_spec(HypothesisChooser(data), "drawn")
    specs = tmp_path_factory.mktemp("space") / "opspec"
    specs.mkdir()
    (specs / "drawn.yaml").write_text(drawn.text, encoding="utf-8")
    try:
        ops = load_specs(specs, specs.parent)
    except SpecErrors as exc:
        pytest.fail(f"a valid drawn spec was rejected:\n{exc}\n---\n{drawn.text}")
    for path, text in render(ops).items():
        if path.endswith((".py", ".pyi")):
            compile(text, path, "exec")


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_drawn_specs_build_import_and_run(tmp_path: Path) -> None:
    specs, kernels = tmp_path / "opspec", tmp_path / "kernels"
    specs.mkdir()
    for i in range(DRAWN):
        drawn = draw_spec(RandomChooser(i), f"s{i}")
        (specs / f"s{i}.yaml").write_text(drawn.text, encoding="utf-8")
    for name, text in REGRESSIONS.items():
        (specs / f"{name}.yaml").write_text(text.lstrip(), encoding="utf-8")
    ops = load_specs(specs, tmp_path)
    write_kernels(ops, kernels)
    tree = build.build_tree(specs, kernels, ROOT / "build" / "spec_space", unity=2)
    for path in tree.generated.rglob("*"):
        if path.is_file():
            first = path.read_text(encoding="utf-8").splitlines()[0]
            assert "Generated from" in first and "Do not edit." in first, (path, first)
    diffs = reformatted(tree.generated, tmp_path / "format")
    assert not diffs, "\n\n".join(diffs)[:8000]
    assert build.build_fastdeploy(tree) == 0, "FastDeploy's bindings of the drawn ops"
    env = dict(
        os.environ,
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_FASTDEPLOY_OPS=str(build.fastdeploy_module(tree)),
    )
    result = subprocess.run(
        [sys.executable, "-m", "tests.generator.drawn_specs.call_all", str(specs)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    calls = sum(len(spec.backends(op)) for op in ops)
    calls += 2 * sum(len(op.fastdeploy) for op in ops)  # its Python module, its bindings
    assert sum(bool(op.fastdeploy) for op in ops) > DRAWN // 4
    assert result.stdout.count(": ok") == calls, result.stdout[-3000:]
    for kind in KINDS:  # every kind drawn, for half the ops each (the CPU one for all)
        assert sum(kind.name in op.kernels for op in ops) > DRAWN // 4, kind.name
