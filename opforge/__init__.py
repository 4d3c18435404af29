"""opforge: custom ops for LLM inference on PaddlePaddle.

Every op's glue (checks, Paddle op, bindings, this API) is generated from its
spec in opspec/; see the README.
"""

import contextlib
from collections.abc import Iterator

from opforge import _runtime
from opforge.errors import OpError, OpKernelError, OpTypeError, OpValueError

_runtime.check_paddle_version()
_override = _runtime.generated_override()
if _override is None:
    from opforge import _generated
    from opforge._generated import *  # noqa: F403 - the ops, listed in _generated.__all__
else:  # testing another build's ops
    _generated = _override
    globals().update({name: getattr(_override, name) for name in _override.__all__})


def set_cpu_tensor_backend(name: str) -> None:
    """Choose what runs ops whose tensors are on the CPU: ``"cpu"`` (the CPU
    kernels, default) or ``"xpu3-sim"`` (the XPU3 kernels under simulation)."""
    _runtime.extension().set_cpu_tensor_backend(name)


def cpu_tensor_backend() -> str:
    return str(_runtime.extension().cpu_tensor_backend())


def set_value_checks(on: bool) -> None:
    """The value-checked mode: every tensor's declared value domain (ranges,
    prefix sums, probability rows) is verified before the kernel runs, and a
    value outside it raises OpValueError. Off by default (it reads every
    element); the test suite turns it on."""
    _runtime.extension().set_value_checks(bool(on))


def value_checks() -> bool:
    return bool(_runtime.extension().value_checks())


def set_xpu3_launch(nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1) -> None:
    """How XPU3 kernels are launched: ``nclusters`` x ``ncores`` cores (XPU3
    launches use the context's cluster count x 64). Under simulation,
    ``schedule_seed`` fixes the order in which cores run; -1 (default) takes a
    new order for every launch."""
    _runtime.extension().set_xpu3_launch(nclusters, ncores, schedule_seed)


@contextlib.contextmanager
def xpu3_simulation(
    nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1
) -> Iterator[None]:
    """Within the block, ops on CPU tensors run their XPU3 kernel under the
    simulation (for correctness, not speed), launched on nclusters x ncores."""
    ext = _runtime.extension()
    saved_backend, saved_launch = ext.cpu_tensor_backend(), ext.xpu3_launch()
    ext.set_xpu3_launch(nclusters, ncores, schedule_seed)
    ext.set_cpu_tensor_backend("xpu3-sim")
    try:
        yield
    finally:
        ext.set_cpu_tensor_backend(saved_backend)
        ext.set_xpu3_launch(*saved_launch)


__all__ = [  # noqa: PLE0604
    *_generated.__all__,
    "OpError",
    "OpKernelError",
    "OpTypeError",
    "OpValueError",
    "cpu_tensor_backend",
    "set_cpu_tensor_backend",
    "set_value_checks",
    "set_xpu3_launch",
    "value_checks",
    "xpu3_simulation",
]
