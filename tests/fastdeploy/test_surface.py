"""opforge.fastdeploy.gpu / .xpu (generated from the specs' `fastdeploy:`
sections): each function has FastDeploy's parameters in FastDeploy's order,
and FastDeploy's positional call returns what FastDeploy returns, holding
what the op's own call gives on the same inputs."""

from __future__ import annotations

import importlib
import inspect

import pytest

from codegen.model import FastDeployForm, Op
from tests.fastdeploy import surface

FORMS = list(surface.forms())


def _function(op: Op, form: FastDeployForm) -> object:
    return getattr(importlib.import_module(f"opforge.fastdeploy.{form.backend}"), op.name)


def test_some_op_declares_a_fastdeploy_form() -> None:
    assert FORMS, "no spec has a fastdeploy: section"


@pytest.mark.parametrize("pair", FORMS, ids=surface.form_id)
def test_parameters_are_fastdeploys_in_its_order(pair: tuple[Op, FastDeployForm]) -> None:
    op, form = pair
    parameters = inspect.signature(_function(op, form)).parameters  # type: ignore[arg-type]
    assert list(parameters) == [a.name for a in form.args]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters.values())


@pytest.mark.parametrize("pair", FORMS, ids=surface.form_id)
def test_positional_call_returns_as_fastdeploy(pair: tuple[Op, FastDeployForm]) -> None:
    op, form = pair
    for case in surface.cases(op, form, count=3):
        surface.check_call(op, form, case, _function(op, form), same_objects=True)  # type: ignore[arg-type]


def test_modules_list_exactly_the_declared_ops() -> None:
    for backend in ("gpu", "xpu"):
        module = importlib.import_module(f"opforge.fastdeploy.{backend}")
        declared = sorted(op.name for op, form in FORMS if form.backend == backend)
        assert sorted(module.__all__) == declared
