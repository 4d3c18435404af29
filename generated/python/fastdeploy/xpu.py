# Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
"""FastDeploy's XPU ops (``fastdeploy.model_executor.ops.xpu``) on opforge.

Each function takes FastDeploy's arguments in FastDeploy's positional order
(its Python call's, as declared in the op's spec) and returns what FastDeploy
returns: None for an op that updates its tensors in place, else the tensor or
the list FastDeploy gives. It calls the opforge op of the same name, so every
check of opforge's API holds; its page in docs/ops/ states each difference
from FastDeploy's op.
"""

import opforge as _ops

__all__ = [
    "speculate_get_seq_lens_output",
]


def speculate_get_seq_lens_output(seq_lens_this_time, seq_lens_encoder, seq_lens_decoder):
    """FastDeploy's XPU ``speculate_get_seq_lens_output``, called as FastDeploy calls it: opforge.speculate_get_seq_lens_output.

    Generated from opspec/speculate_get_seq_lens_output.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_decoder: FastDeploy's kernel takes it and never reads it.

    Returns:
        [seq_lens_output] (a list).
    """
    _out = _ops.speculate_get_seq_lens_output(
        seq_lens_this_time=seq_lens_this_time, seq_lens_encoder=seq_lens_encoder
    )
    return [_out]
