"""How many cases each test draws, in one place, per tier.

- default (OPFORGE_TIER unset or "default"): what the README's test command and
  `.ci/run` run on every push. It still checks every op on every backend, every
  rejection class, every hostile-value attack kind, determinism, the static
  graph, the decoding loop on both proposers and backends, and every plant;
  it draws fewer cases of each.
- long (OPFORGE_TIER=long, `.ci/run --long`): the budgets of a nightly run (what
  every push ran before the tiers), plus the 10,000-case spec fuzz run in CI.

A test reads its budget from here (`budgets.CURRENT.<field>`); Hypothesis'
settings come from the profile of the tier, loaded by tests/conftest.py before
any test module is imported. Plant runs (tools/plant_bugs.py sets
OPFORGE_PLANTED) keep the tier's budget (a plant must be caught by the cases
every push draws) but skip shrinking: the failure is wanted, not its smallest
form.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, settings

SHARE_OF_OPS = "OPFORGE_SHARE_OF_OPS"  # each op's share as in a run of this many ops


@dataclass(frozen=True)
class Budget:
    valid_cases: int  # ops/test_spec_suite: valid calls per (op, backend) against the reference
    determinism_cases: int  # ops/test_spec_suite: same inputs and seed, same outputs
    static_graph_cases: int  # ops/test_spec_suite: static program vs inference and eager
    hostile_cases: int  # ops/test_hostile_values: out-of-domain calls per (op, simulated backend)
    # ... per (op, device backend: xpu3-device, cuda-device), whose kernel is
    # the simulated backend's, run through the device launcher instead; at
    # least every attack once, whatever this says.
    hostile_device_cases: int
    spec_space_built: int  # generator/test_drawn_specs: drawn specs generated, built, imported, run
    spec_space_parsed: int  # generator/test_drawn_specs: drawn specs parsed and generated (Python)
    schema_specs: (
        int  # generator/test_spec_schema: drawn specs validated by the parser and the schema
    )
    fuzz_examples: int  # generator/test_spec_fuzz: mutated specs through Hypothesis
    fuzz_run_cases: (
        int  # generator/test_spec_fuzz: the seeded run (python -m tests.generator.mutated_specs)
    )
    yaml_agreement_specs: int  # generator/test_spec_fuzz: libyaml vs pure-Python loading
    # The per-op budgets above (valid, determinism, static graph, hostile) are
    # for a run of this many ops; with more, each op gets its share of the same
    # total (op_share), so a push's test time stays flat as ops are added.
    # None: every op its full budget, however many there are (the long tier).
    ops_budgeted: int | None = None

    def op_share(self, cases: int, ops: int, floor: int) -> int:
        """Each op's share of ``cases`` per op for ``ops_budgeted`` ops, when
        the run holds ``ops`` ops: never below ``floor`` (what every op must
        still draw for its checks to mean something), never above ``cases``."""
        # A run that checks the harnesses, not the kernels (the every-feature
        # run over drawn specs), takes the share of a run this large.
        ops = max(ops, int(os.environ.get(SHARE_OF_OPS, "0") or 0))
        if self.ops_budgeted is None or ops <= self.ops_budgeted:
            return cases
        return min(cases, max(floor, cases * self.ops_budgeted // ops))


TIERS = {
    "default": Budget(
        valid_cases=100,
        determinism_cases=10,
        static_graph_cases=3,
        hostile_cases=600,
        hostile_device_cases=100,
        spec_space_built=40,
        spec_space_parsed=100,
        schema_specs=100,
        fuzz_examples=100,
        fuzz_run_cases=150,
        yaml_agreement_specs=150,
        ops_budgeted=10,
    ),
    "long": Budget(
        valid_cases=200,
        determinism_cases=25,
        static_graph_cases=5,
        hostile_cases=600,
        hostile_device_cases=600,
        spec_space_built=200,
        spec_space_parsed=300,
        schema_specs=300,
        fuzz_examples=200,
        fuzz_run_cases=300,
        yaml_agreement_specs=600,
    ),
}


def tier() -> str:
    name = os.environ.get("OPFORGE_TIER", "default") or "default"
    if name not in TIERS:
        raise SystemExit(f"OPFORGE_TIER={name!r}: the tiers are {', '.join(sorted(TIERS))}")
    return name


CURRENT = TIERS[tier()]


def load_profile() -> None:
    """Hypothesis' defaults for every test of the run (before tests import)."""
    planting = bool(os.environ.get("OPFORGE_PLANTED"))
    phases = [Phase.explicit, Phase.reuse, Phase.generate] + ([] if planting else [Phase.shrink])
    settings.register_profile(
        "opforge",
        deadline=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    settings.load_profile("opforge")
