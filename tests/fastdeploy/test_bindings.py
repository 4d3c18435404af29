"""FastDeploy's pybind11 bindings of the ops (generated/fastdeploy/bindings.cc),
compiled as FastDeploy compiles them into its module (`python tools/build.py
--fastdeploy`) and called: positionally as FastDeploy's Python calls them, by
their py::arg names, and refused with opforge's own errors."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import numpy as np
import paddle
import pytest

from codegen.model import FastDeployForm, Op
from opforge.errors import OpTypeError
from tests.fastdeploy import surface
from tools import build

FORMS = list(surface.forms())
pytestmark = pytest.mark.xdist_group("fastdeploy")  # one worker builds the module


@pytest.fixture(scope="module")
def fastdeploy_ops() -> ModuleType:
    assert build.build_fastdeploy() == 0, "building fastdeploy_ops failed (output above)"
    path = build.fastdeploy_module()
    loader = importlib.util.spec_from_file_location("fastdeploy_ops", path)
    assert loader is not None and loader.loader is not None
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module


def _bound(module: ModuleType, op: Op, form: FastDeployForm) -> object:
    return getattr(getattr(module, form.backend), op.name)


@pytest.mark.parametrize("pair", FORMS, ids=surface.form_id)
def test_positional_call_returns_as_fastdeploy(
    fastdeploy_ops: ModuleType, pair: tuple[Op, FastDeployForm]
) -> None:
    op, form = pair
    function = _bound(fastdeploy_ops, op, form)
    # pybind11 functions have no Python signature: their docstring lists the py::args.
    head = (function.__doc__ or "").splitlines()[0]
    names = [part.split(":")[0].strip() for part in head.split("(", 1)[1].split(")")[0].split(",")]
    assert names == [a.name for a in form.args], head
    for case in surface.cases(op, form, count=2):
        # A C++ binding returns new Python objects for the same tensors.
        surface.check_call(
            op, form, case, surface.as_fastdeploy_python(function, form), same_objects=False
        )


@pytest.mark.parametrize("pair", FORMS, ids=surface.form_id)
def test_keywords_are_fastdeploys_names(
    fastdeploy_ops: ModuleType, pair: tuple[Op, FastDeployForm]
) -> None:
    op, form = pair
    case = next(surface.cases(op, form, count=1))
    args, _ = surface.positional(op, form, case)
    by_name = dict(zip((a.name for a in form.args), args, strict=True))
    _bound(fastdeploy_ops, op, form)(**by_name)  # type: ignore[operator]


@pytest.mark.parametrize("pair", FORMS, ids=surface.form_id)
def test_a_refused_call_raises_opforges_error(
    fastdeploy_ops: ModuleType, pair: tuple[Op, FastDeployForm]
) -> None:
    """A tensor of a dtype no spec takes (float64), in the place of the first
    tensor FastDeploy passes: opforge's OpTypeError, naming the op."""
    op, form = pair
    case = next(surface.cases(op, form, count=1))
    args, tensors = surface.positional(op, form, case)
    first = next(i for i, a in enumerate(form.args) if a.source in tensors)
    args[first] = paddle.to_tensor(np.zeros(3, np.float64))
    with pytest.raises(OpTypeError, match=op.name):
        _bound(fastdeploy_ops, op, form)(*args)  # type: ignore[operator]
