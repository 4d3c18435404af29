"""opforge: custom ops for LLM inference on PaddlePaddle.

Every op's glue (checks, Paddle op, bindings, this API) is generated from its
spec in opspec/; see docs/api-contract.md (the API contract: argument types,
aliasing, threads, size limits, deployment).

Importing the package registers every op with Paddle (as ``opforge_<op>``), so
a program saved with them runs in a process that imported opforge
(``paddle.jit.load``, Paddle Inference).
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
_runtime.register_custom_ops()
_runtime.keep_as_written(_generated)


# The switches below are per thread: each thread starts from the defaults (the
# CPU kernels, 8 x 64 cores, a new schedule per launch, value checks off), and
# a setter or a `with` block changes only the calling thread's value.


def set_cpu_tensor_backend(name: str) -> None:
    """Choose what runs ops whose tensors are on the CPU, in the calling thread:
    ``"cpu"`` (the CPU kernels, default), ``"xpu3-sim"`` (the XPU3 kernels
    under simulation) or ``"cuda-sim"`` (the CUDA kernels under simulation)."""
    _runtime.extension().set_cpu_tensor_backend(name)


def cpu_tensor_backend() -> str:
    """The calling thread's backend for CPU tensors."""
    return str(_runtime.extension().cpu_tensor_backend())


def set_value_checks(on: bool) -> None:
    """The value-checked mode, in the calling thread: every tensor's declared
    value domain (ranges, prefix sums, probability rows) is verified before the
    kernel runs, and a value outside it raises OpValueError. Off by default (it
    reads every element); the test suite turns it on."""
    if type(on) is not bool:
        raise OpTypeError(f"set_value_checks(): 'on' must be a bool, got {type(on).__name__}")
    _runtime.extension().set_value_checks(on)


def value_checks() -> bool:
    """Whether the calling thread runs in the value-checked mode."""
    return bool(_runtime.extension().value_checks())


@contextlib.contextmanager
def value_checked(on: bool = True) -> Iterator[None]:
    """Within the block, the calling thread's value-checked mode is ``on``;
    restored on leaving, so blocks nest."""
    saved = value_checks()
    set_value_checks(on)
    try:
        yield
    finally:
        set_value_checks(saved)


def set_xpu3_launch(nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1) -> None:
    """How XPU3 kernels are launched from the calling thread: ``nclusters`` x
    ``ncores`` cores (XPU3 launches use the context's cluster count x 64).
    Under simulation, ``schedule_seed`` fixes the order in which cores run; -1
    (default) takes a new order for every launch."""
    _runtime.extension().set_xpu3_launch(nclusters, ncores, schedule_seed)


@contextlib.contextmanager
def xpu3_simulation(
    nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1
) -> Iterator[None]:
    """Within the block, ops the calling thread runs on CPU tensors run their
    XPU3 kernel under the simulation (for correctness, not speed), launched on
    nclusters x ncores. Other threads are not affected; blocks nest."""
    ext = _runtime.extension()
    saved_backend, saved_launch = ext.cpu_tensor_backend(), ext.xpu3_launch()
    ext.set_xpu3_launch(nclusters, ncores, schedule_seed)
    ext.set_cpu_tensor_backend("xpu3-sim")
    try:
        yield
    finally:
        ext.set_cpu_tensor_backend(saved_backend)
        ext.set_xpu3_launch(*saved_launch)


def set_cuda_launch(nblocks: int = 4, schedule_seed: int = -1) -> None:
    """How CUDA kernels are launched from the calling thread: ``nblocks``
    blocks of each op's ``cuda_block`` threads (fewer where its spec caps
    them). Under simulation, ``schedule_seed`` fixes the order in which a
    block's threads run; -1 (default) takes a new order for every launch."""
    _runtime.extension().set_cuda_launch(nblocks, schedule_seed)


@contextlib.contextmanager
def cuda_simulation(nblocks: int = 4, schedule_seed: int = -1) -> Iterator[None]:
    """Within the block, ops the calling thread runs on CPU tensors run their
    CUDA kernel under the simulation (for correctness, not speed), launched on
    ``nblocks`` blocks. Other threads are not affected; blocks nest."""
    ext = _runtime.extension()
    saved_backend, saved_launch = ext.cpu_tensor_backend(), ext.cuda_launch()
    ext.set_cuda_launch(nblocks, schedule_seed)
    ext.set_cpu_tensor_backend("cuda-sim")
    try:
        yield
    finally:
        ext.set_cpu_tensor_backend(saved_backend)
        ext.set_cuda_launch(*saved_launch)


__all__ = [  # noqa: PLE0604
    *_generated.__all__,
    "OpError",
    "OpKernelError",
    "OpTypeError",
    "OpValueError",
    "cpu_tensor_backend",
    "cuda_simulation",
    "set_cpu_tensor_backend",
    "set_cuda_launch",
    "set_value_checks",
    "set_xpu3_launch",
    "value_checked",
    "value_checks",
    "xpu3_simulation",
]
