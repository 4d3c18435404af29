"""Running a case through the generated op on a backend (its reference:
tests/harness/references.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import paddle

import opforge
from codegen.model import Op
from tests.harness.cases import Case

XPU3_LAUNCHES = [(1, 1), (2, 4), (8, 64)]


def to_tensor(array: np.ndarray) -> paddle.Tensor:
    # uint16 arrays are bfloat16 bit patterns (no spec dtype is uint16).
    return paddle.to_tensor(array, dtype="bfloat16" if array.dtype == np.uint16 else None)


def to_tensors(case: Case) -> list[paddle.Tensor | None]:
    passed = [case.passed(t) for t in case.op.arguments]
    return [None if a is None else to_tensor(a) for a in passed]


@contextlib.contextmanager
def backend(name: str, launch: tuple[int, int] = (2, 4)) -> Iterator[None]:
    if name == "cpu":
        yield
    else:
        with opforge.xpu3_simulation(*launch):
            yield


def call(op: Op, case: Case, tensors: list[paddle.Tensor | None]) -> tuple[Any, ...]:
    # By name: optional tensors and attributes are keyword-only.
    named = {t.name: x for t, x in zip(op.arguments, tensors, strict=True)}
    result = getattr(opforge, op.name)(**named, **case.attrs)
    return result if isinstance(result, tuple) else (result,)
