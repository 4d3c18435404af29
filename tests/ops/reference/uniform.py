"""Per-slot uniform draws of the documented generator (SplitMix64), bit-identical to the C++ glue.

For slot ``b`` in ``0 .. n-1``, with all arithmetic in uint64 wrapping mod 2**64 and the seed
converted to uint64 by two's complement (``seed = -1`` -> ``2**64 - 1``)::

    z = seed_u64 + (b + 1) * 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    z = z ^ (z >> 31)
    u_b = float32((z >> 40) * 2**-24)        # exactly representable, in [0, 1)

i.e. draw ``b + 1`` of the SplitMix64 stream started at ``seed``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["GOLDEN_GAMMA", "MIX1", "MIX2", "slot_uniforms"]

GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
_MASK64 = (1 << 64) - 1


def slot_uniforms(seed: int, n: int) -> np.ndarray:
    """Return the ``n`` per-slot draws (float32, shape ``[n]``) for ``seed``.

    ``seed`` is any Python/NumPy integer; it is reduced mod 2**64 (two's complement for
    negative values), so ``-1`` and ``2**64 - 1`` give the same draws.
    """
    n = int(n)
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    seed_u64 = np.uint64(int(seed) & _MASK64)
    with np.errstate(over="ignore"):
        b1 = np.arange(1, n + 1, dtype=np.uint64)
        z = seed_u64 + b1 * np.uint64(GOLDEN_GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
        z = z ^ (z >> np.uint64(31))
    top24 = (z >> np.uint64(40)).astype(np.float32)  # < 2**24: exact in float32
    out = top24 * np.float32(2.0**-24)  # power-of-two scaling: exact
    assert out.dtype == np.float32
    return out
