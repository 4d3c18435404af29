"""Runs the size attacks of every op (attacks.size_attacks) in this process,
from the index given on the command line, and the issue's two calls; prints a
JSON line before each attack and one with its outcome, flushed, so that a
crash is attributed to the attack that caused it (the parent starts a new
process after it)."""

from __future__ import annotations

import json
import math
import sys
import warnings
from typing import Any

warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
import paddle  # noqa: E402

from tests.harness import spec  # noqa: E402
from tests.runtime.api_boundary.attacks import (  # noqa: E402
    SizeAttack,
    call,
    size_attacks,
    size_call,
    unchanged,
)

OPS = {op.name: op for op in spec.load_ops()}


def issue_calls() -> list[SizeAttack]:
    """The issue's two calls of rebuild_padding, as written there."""
    if "rebuild_padding" not in OPS:
        return []
    dims = {"max_bsz": 1, "real_bsz": 1, "token_num": 0}
    return [
        SizeAttack(
            "rebuild_padding",
            "size: the issue's calls",
            f"hidden [0, {hidden}], cpu_out_token_num={rows}",
            {**dims, "hidden_size": hidden, "out_token_num": rows},
            {"cpu_out_token_num": rows},
            ("past the limit",),
            "float32",
        )
        for hidden, rows in ((2**32, 2**30), (2**62, 1))
    ]


def all_attacks() -> list[SizeAttack]:
    return [a for op in OPS.values() for a in size_attacks(op)[0]] + issue_calls()


def _snapshot(tensors: dict[str, paddle.Tensor]) -> dict[str, np.ndarray]:
    """The tensors that hold elements (an empty one has nothing to change)."""
    return {k: v.numpy().copy() for k, v in tensors.items() if math.prod(v.shape) > 0}


def run(attack: SizeAttack) -> dict[str, Any]:
    op = OPS[attack.op]
    tensors, attrs = size_call(op, attack)
    before = _snapshot(tensors)
    try:
        outputs = call(op, tensors, attrs)
    except Exception as error:  # reported, judged by the parent
        after = _snapshot(tensors)
        changed = [k for k in before if not unchanged(before[k], after[k])]
        return {"error": type(error).__name__, "message": str(error), "changed": changed}
    shapes = [list(t.shape) for t in outputs]
    return {"error": None, "message": f"accepted, outputs of shape {shapes}", "changed": []}


def main() -> None:
    start = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    attacks = all_attacks()
    print(json.dumps({"total": len(attacks)}), flush=True)
    for i in range(start, len(attacks)):
        print(json.dumps({"begin": i}), flush=True)
        print(json.dumps({"done": i, **run(attacks[i])}), flush=True)


if __name__ == "__main__":
    main()
