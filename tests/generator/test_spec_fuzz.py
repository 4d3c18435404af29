"""The spec fuzzer in the test suite (tests/generator/mutated_specs/): mutated real specs must be
rejected with ``file:line`` errors or generate valid, deterministic code whose
code no spec text can change.

Two drivers of the same mutations: Hypothesis (shrinks a failure to the
smallest mutation list, and remembers it in its database) and the seeded run
(``python -m tests.generator.mutated_specs``) in a subprocess with its
address-space cap, which also compiles the C++ of every accepted case, many
to a unit. Each case is loaded by both YAML paths, which must agree.
``python -m tests.generator.mutated_specs --long`` runs 10,000 cases
(docs/spec-language.md, "The spec fuzzer").
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen import yamlsrc
from tests import ROOT, budgets
from tests.generator.mutated_specs import mutate
from tests.generator.mutated_specs.mutate import draw_case
from tests.generator.mutated_specs.oracle import load_with, run_case, yaml_paths_disagree
from tests.harness.draw import HypothesisChooser, RandomChooser


@settings(
    max_examples=budgets.CURRENT.fuzz_examples,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_any_mutated_spec_is_rejected_cleanly_or_generates_valid_code(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    case = draw_case(HypothesisChooser(data))
    outcome = run_case(case, tmp_path_factory.mktemp("fuzz"))
    assert not outcome.failed, (
        f"{outcome.kind}: {outcome.detail}\nmutations: {'; '.join(case.mutations)}"
    )


def test_seeded_fuzz_run_with_memory_cap_compiling_every_accepted_case(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.generator.mutated_specs",
            "--cases",
            str(budgets.CURRENT.fuzz_run_cases),
            "--seed",
            "7",
            "--save",
            str(tmp_path / "failures"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    counts = dict(
        line.strip().split(": ") for line in result.stdout.splitlines() if line.startswith("  ")
    )
    # The run exercised both sides of the contract, and g++ compiled every accepted case.
    accepted = int(counts.get("accepted", 0))
    assert int(counts.get("rejected", 0)) > 0 and accepted > 0, result.stdout
    assert int(counts.get("c++ compiled", 0)) == accepted, result.stdout
    assert 0 < int(counts["c++ units"]) < accepted, result.stdout  # many cases to a unit


@pytest.mark.skipif(len(yamlsrc.COMPOSERS) < 2, reason="PyYAML was built without libyaml")
def test_libyaml_and_pure_python_loading_agree() -> None:
    """The loader reads events from libyaml when it can (40 times faster); on
    mutated specs (tests/budgets.py) it must give exactly what the pure-Python
    path gives: the same values with the same lines, or the same errors."""
    compared = 0
    specs = budgets.CURRENT.yaml_agreement_specs
    for seed in range(specs):
        case = draw_case(RandomChooser(seed))
        if isinstance(case.text, str):
            data = case.text.encode("utf-8", "surrogatepass")
            assert load_with(data, "libyaml") == load_with(data, "python"), case.mutations
            compared += 1
    assert compared > specs * 2 // 3


def test_a_hostile_value_is_never_the_tables_own_object() -> None:
    """Each case must be a function of its seed alone: a hostile value put into
    a case's tree must not be the table's own list or dict, which later
    mutations of that tree change in place (the tables then grew from case to
    case, from seed 1,018 on, until a value contained itself and the long run
    died in a RecursionError)."""
    shared = {id(v) for v in mutate.HOSTILE_VALUES if isinstance(v, list | dict)}
    assert shared
    for seed in range(300):
        value = mutate._hostile_value(RandomChooser(seed))
        assert id(value) not in shared, (seed, value)


# What libyaml's events accept and PyYAML refuses (found by the fuzzer's
# comparison of the two paths, before the loader routed such files).
LENIENT_LIBYAML = [
    "op: x\ndoc:\tread\n",  # a tab taken for a space
    "op: x\nshape: [a, b\t]\n",
    "op: x\nshape: [real_b?sz]\n",  # '?' inside a plain scalar in a flow collection
    "op: x\nvalues: {max: ma?x}\n",
    "op: x\ndoc: >-#\n  text\n",  # a comment glued to a block scalar's header
]


@pytest.mark.skipif(len(yamlsrc.COMPOSERS) < 2, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize("text", LENIENT_LIBYAML)
def test_both_yaml_paths_decide_what_libyaml_alone_would_accept(text: str) -> None:
    yamlsrc.COMPOSERS["libyaml"](text).get_single_node()  # libyaml alone: accepted
    with pytest.raises(yaml.YAMLError):
        yamlsrc.COMPOSERS["python"](text).get_single_node()
    data = text.encode()
    assert yaml_paths_disagree(data) is None
    assert load_with(data, "libyaml")[0] == "rejected"
