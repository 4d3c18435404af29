"""opforge: custom ops for LLM inference on PaddlePaddle.

Every op's glue (checks, Paddle op, bindings, this API) is generated from its
spec in opspec/; see the README.
"""

from opforge.errors import OpError, OpTypeError, OpValueError  # before _C: it imports them
from opforge._generated import *  # noqa: F403
from opforge._generated import __all__ as _ops
from opforge import _runtime


def set_cpu_tensor_backend(name: str) -> None:
    """Choose what runs ops whose tensors are on the CPU: ``"cpu"`` (the CPU
    kernels, default) or ``"xpu3-sim"`` (the XPU3 kernels under simulation)."""
    _runtime.extension().set_cpu_tensor_backend(name)


def cpu_tensor_backend() -> str:
    return str(_runtime.extension().cpu_tensor_backend())


__all__ = [*_ops, "OpError", "OpTypeError", "OpValueError", "set_cpu_tensor_backend", "cpu_tensor_backend"]
