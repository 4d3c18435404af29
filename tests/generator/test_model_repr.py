"""A failing test names the op it ran, not the whole model: pytest prints a
test's arguments and Hypothesis its falsifying example, and an op's model
printed in full ran to thousands of characters (~2,200 lines of a failure
report, the one useful line buried in them)."""

from __future__ import annotations

from codegen.parse import load_specs
from tests import ROOT


def test_an_op_prints_as_its_name_and_spec() -> None:
    for op in load_specs(ROOT / "opspec", ROOT):
        assert repr(op) == f"Op({op.name!r} from opspec/{op.name}.yaml)"
