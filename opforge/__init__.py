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
# The backend switches (set_cpu_tensor_backend, and per kernel kind its launch
# setter and simulation block), generated from the registry of kernel kinds.
from opforge._generated import _switches  # noqa: E402
from opforge._generated._switches import *  # noqa: E402, F403 - listed in _switches.__all__

# The switches below (and _switches') are per thread: each thread starts from
# the defaults (the CPU kernels, each kind's default launch, value checks off),
# and a setter or a `with` block changes only the calling thread's value.


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


@contextlib.contextmanager
def cpu_tensors_on(name: str) -> Iterator[None]:
    """Within the block, ops the calling thread runs on CPU tensors run on the
    backend ``name`` (one of CPU_TENSOR_BACKENDS), under the thread's launch
    settings; restored on leaving, so blocks nest. Other threads are not
    affected."""
    saved = cpu_tensor_backend()
    _switches.set_cpu_tensor_backend(name)
    try:
        yield
    finally:
        _switches.set_cpu_tensor_backend(saved)


__all__ = [  # noqa: PLE0604
    *_generated.__all__,
    *_switches.__all__,
    "OpError",
    "OpKernelError",
    "OpTypeError",
    "OpValueError",
    "cpu_tensor_backend",
    "cpu_tensors_on",
    "set_value_checks",
    "value_checked",
    "value_checks",
]
