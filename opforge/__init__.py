"""opforge: custom ops for LLM inference on PaddlePaddle.

Every op's glue (checks, Paddle op, bindings, this API) is generated from its
spec in opspec/; see the README.
"""

from opforge import _generated, _runtime
from opforge._generated import *  # noqa: F403 - the ops, listed in _generated.__all__
from opforge.errors import OpError, OpTypeError, OpValueError


def set_cpu_tensor_backend(name: str) -> None:
    """Choose what runs ops whose tensors are on the CPU: ``"cpu"`` (the CPU
    kernels, default) or ``"xpu3-sim"`` (the XPU3 kernels under simulation)."""
    _runtime.extension().set_cpu_tensor_backend(name)


def cpu_tensor_backend() -> str:
    return str(_runtime.extension().cpu_tensor_backend())


__all__ = [  # noqa: PLE0604
    *_generated.__all__,
    "OpError",
    "OpTypeError",
    "OpValueError",
    "cpu_tensor_backend",
    "set_cpu_tensor_backend",
]
