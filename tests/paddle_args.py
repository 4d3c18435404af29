"""Turning a batch of NumPy arrays into op arguments, in the op's positional order."""

from __future__ import annotations

from typing import Any

import numpy as np
import paddle

from codegen.model import Op


def tensors_of(op: Op, batch: dict[str, Any]) -> list[paddle.Tensor | None]:
    return [
        None if batch[t.name] is None else paddle.to_tensor(batch[t.name]) for t in op.arguments
    ]


def attrs_of(op: Op, batch: dict[str, Any]) -> dict[str, Any]:
    return {a.name: batch[a.name] for a in op.attrs}


def snapshot(args: list[paddle.Tensor | None]) -> list[np.ndarray | None]:
    return [None if a is None else a.numpy().copy() for a in args]
