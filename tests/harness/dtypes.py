"""The one map from the spec's dtypes to NumPy, and the conversions around it.

NumPy has no bfloat16: a bfloat16 array is held as its bit patterns in uint16
(what Paddle's ``.numpy()`` gives, what the references take and return, what
the hostile-values runner reads and writes). No spec dtype is uint16, so a
uint16 array is always bfloat16. A caller that needs the values (a float
comparison, a value domain) converts with ``as_float32`` or ``as_numbers``."""

from __future__ import annotations

from typing import Any

import numpy as np

from codegen.model import DType

NUMPY: dict[DType, type[np.generic]] = {
    DType.BOOL: np.bool_,
    DType.INT32: np.int32,
    DType.INT64: np.int64,
    DType.FLOAT32: np.float32,
    DType.FLOAT16: np.float16,
    DType.BFLOAT16: np.uint16,  # bit patterns
}


def numpy_dtype(dtype: DType) -> np.dtype[Any]:
    return np.dtype(NUMPY[dtype])


def element_bytes(dtype: DType) -> int:
    return numpy_dtype(dtype).itemsize


def is_bfloat16(array: np.ndarray) -> bool:
    return array.dtype == np.uint16


def paddle_dtype(array: np.ndarray) -> str:
    """The Paddle dtype of a tensor made from `array` (a placeholder's dtype)."""
    return "bfloat16" if is_bfloat16(array) else str(array.dtype)


def to_bfloat16_bits(values: Any) -> np.ndarray:
    """float32 values -> bfloat16 bit patterns, rounding to nearest even."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bfloat16_bits(bits: Any) -> np.ndarray:
    """bfloat16 bit patterns -> the float32 values they hold (exactly)."""
    return (np.asarray(bits).astype(np.uint32) << 16).view(np.float32)


def as_float32(array: np.ndarray) -> np.ndarray:
    """The values of a float array of any dtype of the map, as float32 (a
    bfloat16 array's bits decoded; others unchanged)."""
    return from_bfloat16_bits(array) if is_bfloat16(array) else array


def as_numbers(array: np.ndarray) -> np.ndarray:
    """The values as float64 (floats) or int64 (integers, bools): what a value
    domain is compared with."""
    if is_bfloat16(array):
        return from_bfloat16_bits(array).astype(np.float64)
    return array.astype(np.float64) if array.dtype.kind == "f" else array.astype(np.int64)


def encode(values: Any, dtype: DType) -> np.ndarray:
    """Numbers as an array of `dtype` in the map's representation (bfloat16:
    rounded to its bit patterns)."""
    if dtype is DType.BFLOAT16:
        return to_bfloat16_bits(np.asarray(values, np.float64).astype(np.float32))
    return np.asarray(values).astype(NUMPY[dtype])


def stored(value: float, array: np.ndarray) -> Any:
    """`value` as one element of `array` (bfloat16 bits rounded, floats cast, so
    a huge value becomes inf in float16; integers clamped to the dtype's range)."""
    if is_bfloat16(array):
        return to_bfloat16_bits(np.array([value], np.float32))[0]
    if array.dtype.kind == "f":
        with np.errstate(over="ignore"):
            return np.array([value]).astype(array.dtype)[0]
    if array.dtype.kind == "b":
        return np.bool_(value)
    info = np.iinfo(array.dtype)
    return array.dtype.type(int(min(max(value, info.min), info.max)))
