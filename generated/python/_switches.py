# Generated from codegen/kinds.py by `python -m codegen`. Do not edit.
"""opforge's backend switches, from the registry of kernel kinds: which
backend runs ops on CPU tensors, and per kind with a launch, its setter and
the block that runs its kernels under its simulation. Per thread: each thread
starts from the defaults, and a setter or a `with` block changes only the
calling thread's value (docs/api-contract.md, "Threads")."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from opforge import _runtime

__all__ = [
    "CPU_TENSOR_BACKENDS",
    "cuda_simulation",
    "set_cpu_tensor_backend",
    "set_cuda_launch",
    "set_xpu3_launch",
    "xpu3_simulation",
]

# What set_cpu_tensor_backend accepts, the default first.
CPU_TENSOR_BACKENDS: tuple[str, ...] = ("cpu", "xpu3-sim", "cuda-sim")


def set_cpu_tensor_backend(name: str) -> None:
    """Choose what runs ops whose tensors are on the CPU, in the calling thread: ``'cpu'`` (the
    hand-written CPU kernel, on host memory; the default), ``'xpu3-sim'`` (the XPU3 kernel, run
    under the XPU3 simulation) or ``'cuda-sim'`` (the CUDA kernel, run under the CUDA
    simulation)."""
    _runtime.extension().set_cpu_tensor_backend(name)


def set_xpu3_launch(nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1) -> None:
    """How XPU3 kernels are launched from the calling thread: ``nclusters`` x ``ncores`` cores
    (XPU3 launches use the context's cluster count x 64). Under simulation, ``schedule_seed``
    fixes the order in which cores run; -1 (default) takes a new order for every launch."""
    _runtime.extension().set_launch("xpu3", [nclusters, ncores, schedule_seed])


@contextlib.contextmanager
def xpu3_simulation(
    nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1
) -> Iterator[None]:
    """Within the block, ops the calling thread runs on CPU tensors run their XPU3 kernel under
    the simulation (for correctness, not speed), launched on nclusters x ncores. Other threads
    are not affected; blocks nest."""
    ext = _runtime.extension()
    saved_backend, saved_launch = ext.cpu_tensor_backend(), ext.launch("xpu3")
    ext.set_launch("xpu3", [nclusters, ncores, schedule_seed])
    ext.set_cpu_tensor_backend("xpu3-sim")
    try:
        yield
    finally:
        ext.set_cpu_tensor_backend(saved_backend)
        ext.set_launch("xpu3", saved_launch)


def set_cuda_launch(nblocks: int = 4, schedule_seed: int = -1) -> None:
    """How CUDA kernels are launched from the calling thread: ``nblocks`` blocks of each op's
    ``cuda_block`` threads (fewer where its spec caps them). Under simulation, ``schedule_seed``
    fixes the order in which a block's threads run; -1 (default) takes a new order for every
    launch."""
    _runtime.extension().set_launch("cuda", [nblocks, schedule_seed])


@contextlib.contextmanager
def cuda_simulation(nblocks: int = 4, schedule_seed: int = -1) -> Iterator[None]:
    """Within the block, ops the calling thread runs on CPU tensors run their CUDA kernel under
    the simulation (for correctness, not speed), launched on ``nblocks`` blocks. Other threads
    are not affected; blocks nest."""
    ext = _runtime.extension()
    saved_backend, saved_launch = ext.cpu_tensor_backend(), ext.launch("cuda")
    ext.set_launch("cuda", [nblocks, schedule_seed])
    ext.set_cpu_tensor_backend("cuda-sim")
    try:
        yield
    finally:
        ext.set_cpu_tensor_backend(saved_backend)
        ext.set_launch("cuda", saved_launch)
