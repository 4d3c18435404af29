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


def by_name(op: Op, args: list[paddle.Tensor | None]) -> dict[str, paddle.Tensor | None]:
    """The op's tensor arguments as keywords (optional tensors are keyword-only)."""
    return {t.name: a for t, a in zip(op.arguments, args, strict=True)}


def attrs_of(op: Op, batch: dict[str, Any]) -> dict[str, Any]:
    return {a.name: batch[a.name] for a in op.attrs}


def snapshot(args: list[paddle.Tensor | None]) -> list[np.ndarray | None]:
    return [None if a is None else a.numpy().copy() for a in args]


def static_inputs(op: Op, arrays: dict[str, Any]) -> tuple[list[Any], dict[str, np.ndarray]]:
    """Inside a static program: a placeholder per present argument (None for
    absent ones), and the feed that fills them. uint16 arrays are bfloat16."""
    args: list[Any] = []
    feeds: dict[str, np.ndarray] = {}
    for t in op.arguments:
        array = arrays[t.name]
        if array is None:
            args.append(None)
            continue
        dtype = "bfloat16" if array.dtype == np.uint16 else str(array.dtype)
        args.append(paddle.static.data(t.name, list(array.shape), dtype))
        feeds[t.name] = array
    return args, feeds
