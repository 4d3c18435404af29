"""`opforge-dev new` end to end, in a scratch tree (never opspec/): the four
files it writes generate, build at once (the kernels' signatures are exactly
the generated declarations, or they would not compile), pass the XPU3
dialect check and the spec schema, and the op's spec-derived tests then fail
with messages naming what to write, not with a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from codegen.kinds import KINDS
from tests import ROOT
from tools import build, xpu3_check

OP = "scaffolded_op"


def dev(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "opforge_dev", *args],
        cwd=cwd,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_subcommand_has_help() -> None:
    for command in ("generate", "check", "build", "new", "docs", "test"):
        result = dev(command, "--help")
        assert result.returncode == 0 and "usage: opforge-dev " + command in result.stdout


def test_outside_a_checkout_it_says_so(tmp_path: Path) -> None:
    result = dev("check", cwd=tmp_path)
    assert result.returncode == 2 and "not inside an opforge checkout" in result.stderr


def test_new_refuses_a_bad_name_and_an_existing_op(tmp_path: Path) -> None:
    assert "lower_snake_case" in dev("new", "Bad", "--into", str(tmp_path)).stderr
    existing = dev("new", "verify_draft_tokens")
    assert existing.returncode == 2 and "not overwriting: opspec/verify_draft_tokens.yaml" in (
        existing.stderr
    )


def test_test_runs_the_ops_suites_and_its_xpu3_dialect_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The dialect check ran only in the whole suite: an op's kernel could pass
    # `opforge-dev test` and fail CI.
    from opforge_dev import cli

    ran: list[tuple[str, ...]] = []
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(cli, "_run", lambda root, *args: ran.append(args) or 0)
    assert cli.main(["test", "draft_model_update"]) == 0
    (args,) = ran
    assert args[:2] == ("-m", "pytest")
    assert {
        "tests/ops/test_spec_suite.py",
        "tests/ops/test_hostile_values.py",
        "tests/harness/test_xpu3_check.py",
    } <= set(args)
    assert args[args.index("-k") + 1] == "draft_model_update"


def test_a_spec_written_into_another_tree_names_the_schema_as_opspec_does(
    tmp_path: Path,
) -> None:
    # The path from the spec to its tree's schema, the one the spec test
    # requires once the file is in a checkout's opspec/; not a path climbing
    # from tmp_path back into this checkout.
    into = tmp_path / "elsewhere"
    assert dev("new", OP, "--into", str(into)).returncode == 0
    first = (into / "opspec" / f"{OP}.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../docs/opspec.schema.json"


def test_new_writes_the_contract_pages_frame(tmp_path: Path) -> None:
    # The page's sections were listed only in docs/authoring.md; `new` wrote
    # no page, and the author started from another op's.
    assert dev("new", OP, "--into", str(tmp_path)).returncode == 0
    page = (tmp_path / "docs" / "ops" / f"{OP}.md").read_text()
    lines = page.splitlines()
    assert lines[0] == f"# {OP}"
    assert f"[`opspec/{OP}.yaml`](../../opspec/{OP}.yaml)" in lines[2]
    assert f"[`docs/interface/{OP}.md`](../interface/{OP}.md)" in lines[2]
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == [
        "## Tensors",
        "## Semantics",
        "## Output invariants",
        "## Out-of-domain values",
        "## Differences from FastDeploy",
    ]
    # The spec's tensors (the placeholder's x and y), and a TODO per section
    # to write.
    fields = yaml.safe_load((tmp_path / "opspec" / f"{OP}.yaml").read_text())
    for tensor in fields["tensors"]:
        assert f"| {tensor['name']} | {tensor['dtype']} | " in page
    assert page.count("TODO") >= 5
    # It is the last file `new` refuses to overwrite, like the others.
    again = dev("new", OP, "--into", str(tmp_path))
    assert again.returncode == 2 and f"docs/ops/{OP}.md" in again.stderr


def test_from_spec_instantiates_a_dtype_set_kernel_once_per_kind(tmp_path: Path) -> None:
    """A kernel over a dtype set ends with its kind's instantiation macro, once:
    `new --from-spec` wrote the CUDA kernel's twice, which does not build."""
    spec = (ROOT / "opspec" / "top_p_candidates.yaml").read_text(encoding="utf-8")
    spec = spec.split("\nfastdeploy:")[0].replace("top_p_candidates", "typed_op") + "\n"
    (tmp_path / "opspec").mkdir()
    (tmp_path / "opspec" / "typed_op.yaml").write_text(spec, encoding="utf-8")
    done = dev("new", "typed_op", "--from-spec", "--into", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for kind in KINDS:
        text = (tmp_path / kind.source("typed_op")).read_text()
        macro = f"OPFORGE_TYPED_OP_{kind.name.upper()}_INSTANCES"
        assert text.count(macro) == 1, f"{kind.name}: {text.count(macro)} x {macro}"


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_a_new_op_builds_and_its_tests_name_what_to_write(tmp_path: Path) -> None:
    made = dev("new", OP, "--into", str(tmp_path))
    assert made.returncode == 0, made.stderr
    spec = tmp_path / "opspec" / f"{OP}.yaml"
    kernels = [tmp_path / kind.source(OP) for kind in KINDS]  # one per kind of the registry
    xpu3 = tmp_path / "csrc" / "kernels" / "xpu3" / f"{OP}.xpu"
    reference = tmp_path / "tests" / "ops" / "reference" / f"{OP}.py"
    page = tmp_path / "docs" / "ops" / f"{OP}.md"
    assert all(p.is_file() for p in (spec, *kernels, reference, page))
    # The spec names every kind.
    assert yaml.safe_load(spec.read_text())["kernels"] == [kind.name for kind in KINDS]

    # Every section of the language (each mapping or list of the spec) is
    # present, and the reference is named; the spec validates against the schema.
    fields = yaml.safe_load(spec.read_text())
    schema = json.loads((ROOT / "docs" / "opspec.schema.json").read_text())
    sections = [k for k, v in schema["properties"].items() if v.get("type") in ("object", "array")]
    assert set(sections) | {"op", "doc", "reference"} <= set(fields)
    jsonschema.validate(fields, schema)
    assert spec.read_text().splitlines()[0].startswith("# yaml-language-server: $schema=")

    # Generates and builds at once: the kernels define the declared functions.
    tree = build.build_tree(
        tmp_path / "opspec", tmp_path / "csrc" / "kernels", ROOT / "build" / "new_op"
    )
    # The XPU3 skeleton keeps the dialect rules (tools/xpu3_check.py).
    assert xpu3_check.check(xpu3, generated=tree.generated) == []

    env = dict(
        os.environ,
        OPFORGE_SPECS=str(tmp_path / "opspec"),
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_REFERENCES=str(tmp_path / "tests" / "ops" / "reference"),
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/ops/test_spec_suite.py",
            "-q",
            "-n",
            "0",  # inside a worker of the outer run: one process
            "-p",
            "no:cacheprovider",
            "-k",
            "valid_inputs or static_graph or bad_tensor",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out[-4000:]  # tests failed; not a crash, not an error
    # The CPU kernel and the reference each say what to implement, and where.
    assert f"implement opforge::{OP}::Kernels::cpu in csrc/kernels/cpu/{OP}.cc" in out
    assert f"implement {OP}() in tests/ops/reference/{OP}.py" in out
    # What needs no kernel already holds: the glue rejects bad tensors.
    assert "test_bad_tensor_is_rejected" not in " ".join(
        line for line in out.splitlines() if line.startswith("FAILED")
    )
