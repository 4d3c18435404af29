"""NumPy reference of ``build_sampling_params`` (contract: docs/ops/build_sampling_params.md),
written independently of the kernels, with Python's unbounded integers for the seeds.

Every output row r takes the slot b that owns it: the last b < real_bsz with
``cu_seqlens_q_output[b] <= r``, if ``r < cu_seqlens_q_output[b + 1]`` too (the rule
rebuild_padding uses); its index in the slot is ``k = r - cu_seqlens_q_output[b]``. A row
without a slot is zeros. Seeds are taken modulo M = 2^63 - 2 (FastDeploy's MAX_INFER_SEED),
Euclidean, so every seed written lies in [0, M).
"""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_INFER_SEED", "build_sampling_params"]

MAX_INFER_SEED = 9223372036854775806


def build_sampling_params(
    top_p: np.ndarray,
    top_k: np.ndarray,
    infer_seed: np.ndarray,
    seq_lens_this_time: np.ndarray,
    cu_seqlens_q_output: np.ndarray,
    *,
    token_num_output_cpu: int,
    increment_value: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(infer_seed, top_p_padding, top_k_padding, topp_seed)``: the advanced seeds,
    then the three ``[token_num_output_cpu, 1]`` outputs."""
    real_bsz = seq_lens_this_time.shape[0]
    rows = int(token_num_output_cpu)
    offsets = [int(x) for x in cu_seqlens_q_output]
    top_p_padding = np.zeros((rows, 1), np.float32)
    top_k_padding = np.zeros((rows, 1), np.int64)
    topp_seed = np.zeros((rows, 1), np.int64)
    for r in range(rows):
        owners = [b for b in range(real_bsz) if offsets[b] <= r]
        if not owners or r >= offsets[owners[-1] + 1]:
            continue  # no slot: zeros
        b = owners[-1]
        k = r - offsets[b]
        top_p_padding[r, 0] = top_p[b]
        top_k_padding[r, 0] = top_k[b]
        topp_seed[r, 0] = (int(infer_seed[b]) % MAX_INFER_SEED + 4 * k) % MAX_INFER_SEED
    seeds = infer_seed.copy()
    for b in range(real_bsz):
        seeds[b] = (int(infer_seed[b]) % MAX_INFER_SEED + int(increment_value)) % MAX_INFER_SEED
    return seeds, top_p_padding, top_k_padding, topp_seed
