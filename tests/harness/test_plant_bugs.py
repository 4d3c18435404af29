"""The bug-planting script (tools/plant_bugs.py) stays runnable: every plant
still applies to the current sources. The full run (minutes: a compile, a link
and a test run per plant) is a CI step of its own, in .ci/run."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import ROOT
from tools import build, plant_bugs

SCRIPT = ROOT / "tools" / "plant_bugs.py"


def test_list_finds_every_plant_text_once() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--list"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    listed = {line.split()[0] for line in result.stdout.splitlines()[2:] if line.strip()}
    assert listed == {p.name for p in plant_bugs.PLANTS}


@pytest.mark.parametrize("plant", plant_bugs.PLANTS, ids=lambda p: p.name)
def test_plant_applies_to_a_unit_of_the_build(plant: plant_bugs.Plant) -> None:
    count = plant.path().read_text().count(plant.old)
    assert count == 1, (
        f"{plant.name}: its text occurs {count} times in {plant.source}; update the plant"
    )
    assert plant.new != plant.old
    assert plant.path().resolve() in {u.source for u in build.units()}, (
        f"{plant.source} is not compiled by tools/build.py"
    )
    # Its tests exist (whether they catch it is the plant run's question).
    assert plant.fails_to_compile or plant.caught_by, f"{plant.name}: no test named to catch it"
    for node in plant.caught_by:
        path, _, test = node.partition("::")
        assert (ROOT / path).is_file(), f"{plant.name}: no test file {path}"
        function = test.partition("[")[0]
        assert f"def {function}(" in (ROOT / path).read_text(), f"{plant.name}: no test {node}"


def test_plant_names_are_unique() -> None:
    names = [p.name for p in plant_bugs.PLANTS]
    assert len(names) == len(set(names))
