"""The XPU3 kernels on a real XPU3 device. No machine this project runs on has
one (nor the XPU3 toolchain), so these tests skip there with the reason; on an
XPU build of Paddle with the extension built against the toolchain they compare
the device against the CPU kernel."""

from __future__ import annotations

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import attrs_of, by_name
from tests.ops.reference.verify_draft_tokens import TOPP
from tests.ops.reference.verify_draft_tokens_batches import random_batch

OP = spec.project_op("verify_draft_tokens")

pytestmark = pytest.mark.skipif(
    not paddle.is_compiled_with_xpu() or paddle.device.xpu.device_count() == 0,
    reason="needs a Kunlun XPU and an XPU build of Paddle; this machine has neither "
    "(the XPU3 kernels are tested under simulation in test_verify_draft_tokens_simulated.py)",
)


def test_device_matches_cpu_kernel() -> None:
    batch = random_batch(np.random.default_rng(0), strategy=TOPP)
    names = spec.passed_names(OP)
    on_cpu = [None if batch[n] is None else paddle.to_tensor(batch[n]) for n in names]
    on_xpu = [
        None if batch[n] is None else paddle.to_tensor(batch[n], place=paddle.XPUPlace(0))
        for n in names
    ]
    want = opforge.verify_draft_tokens(**by_name(OP, on_cpu), **attrs_of(OP, batch))
    got = opforge.verify_draft_tokens(**by_name(OP, on_xpu), **attrs_of(OP, batch))
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g.numpy(), w.numpy())
