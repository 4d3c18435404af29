"""`opforge-dev import` (opforge_dev/importer.py) and the generator's refusal of
a TODO it leaves. Paddle-free and build-free.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.parse import SpecErrors, load_spec

# ---------------------------------------------------------------- the parser and TODO

TODO_SPEC = """\
op: demo
kernels: [cpu]
doc: a demo
dims:
  n: rows
tensors:
  - name: x
    dtype: TODO  # could not read: data<T>() with T unbound
    shape: [n]
    doc: read
  - name: y
    dtype: int32
    shape: [n, TODO]  # could not read: axis 1
    role: inout
    doc: updated
  - name: TODO
    dtype: int32
    shape: [n]
    doc: read
attrs:
  - name: k
    type: TODO
    doc: k
  - name: j
    type: int
    default: TODO
    doc: j
"""


def test_a_todo_is_refused_at_its_line_naming_the_field_and_what_to_decide(
    tmp_path: Path,
) -> None:
    spec = tmp_path / "opspec" / "demo.yaml"
    spec.parent.mkdir()
    spec.write_text(TODO_SPEC)
    with pytest.raises(SpecErrors) as caught:
        load_spec(spec, tmp_path)
    lines = str(caught.value).splitlines()
    assert [line.split(": TODO left by")[0] for line in lines] == [
        "opspec/demo.yaml:8: tensor x.dtype",
        "opspec/demo.yaml:13: tensor y.shape[1]",
        "opspec/demo.yaml:16: tensors[2].name",
        "opspec/demo.yaml:22: attribute k.type",
        "opspec/demo.yaml:26: attribute j.default",
    ]
    assert all("TODO left by `opforge-dev import`" in line for line in lines)
    # What to decide, from the language's own description of the field.
    assert "decide an element type" in lines[0] and "bfloat16" in lines[0]
    assert "decide this entry of 'shape'" in lines[1]
    assert "(int, int64, float, bool, enum)" in lines[3]
    # Only the TODO errors: no "unknown dtype 'TODO'" or "undefined dim 'TODO'" after them.
    assert "unknown" not in str(caught.value) and "undefined" not in str(caught.value)


def test_other_errors_are_still_reported_with_the_todos(tmp_path: Path) -> None:
    spec = tmp_path / "demo.yaml"
    spec.write_text(TODO_SPEC.replace("shape: [n, TODO]", "shape: [m, TODO]"))
    with pytest.raises(SpecErrors) as caught:
        load_spec(spec, tmp_path)
    assert "undefined dim 'm'" in str(caught.value)
    assert str(caught.value).count("TODO left by") == 5
