"""NumPy reference of ``draft_model_postprocess`` (contract: docs/ops/draft_model_postprocess.md).

For each slot ``b < real_bsz`` (the length of ``base_model_seq_lens_this_time``):

- stopped (``base_model_stop_flags[b]``, any non-zero byte): ``base_model_seq_lens_this_time[b] = 0``;
- else decoding (``base_model_seq_lens_encoder[b] == 0``): the number of entries of
  ``base_model_draft_tokens[b]`` other than -1;
- else (a slot in prefill): unchanged.

No value is out of domain for this rule: a negative encoder length is "not decoding", a token is
only compared with -1, and the count is at most the row's width.
"""

from __future__ import annotations

import numpy as np

__all__ = ["draft_model_postprocess"]


def draft_model_postprocess(
    base_model_draft_tokens: np.ndarray,
    base_model_seq_lens_this_time: np.ndarray,
    base_model_seq_lens_encoder: np.ndarray,
    base_model_stop_flags: np.ndarray,
) -> np.ndarray:
    """Return ``base_model_seq_lens_this_time`` after the op (the one in-place tensor)."""
    out = base_model_seq_lens_this_time.copy()
    real_bsz = int(out.shape[0])
    stopped = base_model_stop_flags.view(np.uint8)[:real_bsz] != 0
    decoding = base_model_seq_lens_encoder[:real_bsz] == 0
    counts = np.count_nonzero(base_model_draft_tokens[:real_bsz] != -1, axis=1).astype(np.int32)
    out[decoding] = counts[decoding]
    out[stopped] = 0
    return out
