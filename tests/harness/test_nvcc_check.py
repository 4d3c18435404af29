"""tools/nvcc_check.py's choice of sources: every op's CUDA kernel and GPU
launcher, or only those of the ops named (an author's loop compiles one op's
kernel, not every op's, which take minutes on a first run); an op without a
CUDA kernel is named before any nvcc is looked for. Compiles nothing."""

from __future__ import annotations

import pytest

from tools import nvcc_check


def test_the_sources_of_the_ops_named_are_their_kernel_and_launcher() -> None:
    kernels, launchers = nvcc_check.sources()
    with_cuda = nvcc_check.ops_with_cuda()
    assert len(with_cuda) >= 2 and len(kernels) == len(launchers) == len(with_cuda)
    op = with_cuda[0]
    chosen_kernels, chosen_launchers = nvcc_check.sources(ops=[op])
    assert [p.name for p in chosen_kernels] == [f"{op}.cu"]
    assert [p.name for p in chosen_launchers] == [f"{op}_cuda.cu"]
    assert set(chosen_kernels) < set(kernels)


def test_an_op_without_a_cuda_kernel_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert nvcc_check.main(["no_such_op"]) == 2
    message = capsys.readouterr().err
    assert message.startswith("nvcc_check: no CUDA kernel for 'no_such_op' in ")
    assert nvcc_check.ops_with_cuda()[0] in message
