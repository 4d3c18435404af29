"""The JSON Schema of the spec language (docs/opspec.schema.json): every spec
in opspec/ and in the test fixtures names it on its first line and validates
against it; every valid spec the spec-space generator draws validates too
(the schema never rejects what the parser accepts); and it rejects what the
parser rejects for the same reason: an unknown field, a misspelled member, a
wrong type. That the committed file is what the model generates is the drift
check's (tests/generator/test_codegen_output.py, `python -m codegen --check`)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from codegen import speclang
from codegen.diagnostics import SpecErrors
from codegen.parse import load_spec
from tests import ROOT, budgets
from tests.generator.drawn_specs.draw import draw_spec
from tests.harness.draw import RandomChooser

SCHEMA_PATH = ROOT / "docs" / "opspec.schema.json"
SPECS = sorted(ROOT.glob("opspec/*.yaml")) + sorted(ROOT.glob("tests/fixtures/*/opspec/*.yaml"))


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _errors(validator: jsonschema.protocols.Validator, tree: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(tree)
    ]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: str(p.relative_to(ROOT)))
def test_spec_names_the_schema_and_validates(
    path: Path, validator: jsonschema.protocols.Validator
) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    schema = Path(os.path.relpath(SCHEMA_PATH, path.parent)).as_posix()
    assert first == f"# yaml-language-server: $schema={schema}", (
        f"{path.relative_to(ROOT)}: the first line must name the schema for editors: "
        f"'# yaml-language-server: $schema={schema}'"
    )
    assert _errors(validator, yaml.safe_load(path.read_text(encoding="utf-8"))) == []


def test_every_drawn_valid_spec_validates(
    validator: jsonschema.protocols.Validator, tmp_path: Path
) -> None:
    """Specs from the whole language (tests/generator/drawn_specs; tests/budgets.py says how
    many): each is accepted by the parser and by the schema."""
    for seed in range(budgets.CURRENT.schema_specs):
        drawn = draw_spec(RandomChooser(seed), f"s{seed}")
        path = tmp_path / f"{drawn.name}.yaml"
        path.write_text(drawn.text, encoding="utf-8")
        load_spec(path, tmp_path)  # raises if the parser rejects it
        assert _errors(validator, yaml.safe_load(drawn.text)) == [], drawn.text


def _base() -> dict[str, Any]:
    return yaml.safe_load(
        (ROOT / "tests/fixtures/example_op/opspec/clamp_lengths.yaml").read_text()
    )


@pytest.mark.parametrize(
    "where,change",
    [
        ("spec", lambda s: s.update(extra=1)),
        ("tensor", lambda s: s["tensors"][0].update(layout="nchw")),
        ("tensor", lambda s: s["tensors"][0].update(dtype="float64")),
        ("tensor", lambda s: s["tensors"][0].update(role="output")),
        ("tensor", lambda s: s["tensors"][0].update(shape=[])),
        ("values", lambda s: s["tensors"][0]["values"].update(median=3)),
        ("attr", lambda s: s["attrs"][1].update(type="long")),
        ("attr", lambda s: s["attrs"][1].update(step=2)),
        ("kernels", lambda s: s.update(kernels=["gpu"])),
        ("name", lambda s: s["tensors"][0].update(name="Lengths")),
        ("name", lambda s: s["tensors"][0].update(name="a__b")),
        ("required", lambda s: s.pop("doc")),
    ],
)
def test_schema_rejects_what_the_parser_rejects(
    where: str, change: Any, validator: jsonschema.protocols.Validator, tmp_path: Path
) -> None:
    spec = _base()
    change(spec)
    assert _errors(validator, spec), f"the schema accepts a bad {where}"
    path = tmp_path / "clamp_lengths.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    with pytest.raises(SpecErrors):
        load_spec(path, tmp_path)


def _with_unknown_field(section: speclang.Section) -> dict[str, Any]:
    spec = _base()
    lengths = spec["tensors"][0]
    spec["attrs"].append({"name": "seed", "type": "int64", "default": 1, "doc": "seed"})
    spec["tensors"].append(
        {"name": "u", "dtype": "float32", "shape": ["n"], "role": "scratch", "doc": "draws"}
    )
    spec["tensors"][-1]["fill"] = {"uniform": "seed"}
    lengths["after"] = {"min": 0}
    spec["dims"]["n"] = {"doc": "slots"}
    spec["fastdeploy"] = {"gpu": {"args": ["lengths", "clamped"]}}
    node = {
        "spec": spec,
        "dim": spec["dims"]["n"],
        "tensor": lengths,
        "fill": spec["tensors"][-1]["fill"],
        "values": lengths["values"],
        "after": lengths["after"],
        "attr": spec["attrs"][0],
        "fastdeploy": spec["fastdeploy"],
        "fastdeploy_form": spec["fastdeploy"]["gpu"],
    }[section.name]
    node["zz_unknown"] = 1
    return spec


@pytest.mark.parametrize("section", speclang.SECTIONS, ids=lambda s: s.name)
def test_the_parser_takes_exactly_the_schema_fields(
    section: speclang.Section, tmp_path: Path
) -> None:
    """The parser checks keys against the tables the schema is made from
    (codegen/speclang.py): for an unknown field in each section, its message
    lists exactly that section's properties in the committed schema."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    node = schema if section is speclang.SPEC else schema["$defs"][section.name]
    assert node["required"] == section.required
    assert node["additionalProperties"] is False
    path = tmp_path / "clamp_lengths.yaml"
    path.write_text(yaml.safe_dump(_with_unknown_field(section), sort_keys=False))
    with pytest.raises(SpecErrors) as info:
        load_spec(path, tmp_path)
    listed = re.findall(
        r"zz_unknown: unknown field; expected one of: ([a-z0-9_, ]+)", str(info.value)
    )
    assert len(listed) == 1, str(info.value)
    assert listed[0].split(", ") == sorted(node["properties"])
