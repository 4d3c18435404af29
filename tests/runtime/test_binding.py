"""The generated binding itself (opforge._C.<op>, a CPython METH_FASTCALL
function): it binds its arguments as a Python function with the spec's
parameters would (positionally or by name, the attributes' defaults), and
refuses what it cannot take with a TypeError (which the public function turns
into the named error: tests/runtime/test_api_boundary.py), never another
exception type, and never with a Python error left pending."""

from __future__ import annotations

from typing import Any

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import attrs_of, tensors_of
from tests.ops.reference.verify_draft_tokens import GREEDY
from tests.ops.reference.verify_draft_tokens_batches import random_batch

SEQ_LENS = "speculate_get_seq_lens_output"


def _binding(name: str) -> Any:
    return getattr(opforge._runtime.extension(), name)


def _seq_lens_inputs() -> tuple[paddle.Tensor, paddle.Tensor]:
    this_time = paddle.to_tensor(np.array([1, 4, 0, 3], np.int32))
    encoder = paddle.to_tensor(np.array([0, 0, 0, 5, 0, 0], np.int32))
    return this_time, encoder


def test_positional_and_keyword_calls_agree() -> None:
    this_time, encoder = _seq_lens_inputs()
    binding = _binding(SEQ_LENS)
    by_position = binding(this_time, encoder).numpy()
    by_name = binding(seq_lens_encoder=encoder, seq_lens_this_time=this_time).numpy()
    mixed = binding(this_time, seq_lens_encoder=encoder).numpy()
    np.testing.assert_array_equal(by_position, [1, 4, 0, 1])
    np.testing.assert_array_equal(by_name, by_position)
    np.testing.assert_array_equal(mixed, by_position)


@pytest.mark.parametrize(
    "how",
    ["too many", "missing", "unknown keyword", "given twice", "not a tensor", "a NumPy array"],
)
def test_arguments_it_cannot_bind_are_a_type_error(how: str) -> None:
    this_time, encoder = _seq_lens_inputs()
    binding = _binding(SEQ_LENS)
    calls = {
        "too many": lambda: binding(this_time, encoder, encoder),
        "missing": lambda: binding(this_time),
        "unknown keyword": lambda: binding(this_time, encoder, lens=encoder),
        "given twice": lambda: binding(this_time, encoder, seq_lens_this_time=this_time),
        "not a tensor": lambda: binding(this_time, 3),
        "a NumPy array": lambda: binding(this_time, encoder.numpy()),
    }
    with pytest.raises(TypeError) as raised:
        calls[how]()
    assert type(raised.value) is TypeError  # not an OpError: the public function names it
    assert str(raised.value).startswith(f"{SEQ_LENS}(): ")


def test_none_for_a_required_tensor_is_our_error() -> None:
    _, encoder = _seq_lens_inputs()
    with pytest.raises(opforge.OpTypeError, match="argument 'seq_lens_this_time' is required"):
        _binding(SEQ_LENS)(None, encoder)


def test_an_attribute_it_cannot_convert_is_a_type_error() -> None:
    this_time, encoder = _seq_lens_inputs()
    hidden = paddle.to_tensor(np.zeros((8, 3), np.float32))
    cu = paddle.to_tensor(np.array([0, 1, 5, 5, 8], np.int32))
    binding = _binding("rebuild_padding")
    for value in (2**63, -(2**63) - 1, 1.5, "3", None):
        with pytest.raises(TypeError) as raised:
            binding(hidden, cu, this_time, encoder, cu, value)
        assert type(raised.value) is TypeError, value  # an int past int64 too: no OverflowError
    out = binding(hidden, cu, this_time, encoder, cu, 8)  # the same call, converted
    assert out.shape == [8, 3]


def test_an_omitted_attribute_takes_the_specs_default() -> None:
    op = spec.project_op("verify_draft_tokens")
    batch = random_batch(np.random.default_rng(3), strategy=GREEDY)
    # Every defaulted attribute but the strategy (the batch is drawn for its own).
    omitted = {a.name: a.default for a in op.attrs if a.default is not None and a.enum is None}
    assert omitted, "verify_draft_tokens declares no defaulted attribute any more"
    attrs = attrs_of(op, batch) | omitted
    binding = _binding("verify_draft_tokens")
    explicit = tensors_of(op, batch)
    binding(*explicit, **attrs)
    implicit = tensors_of(op, batch)
    binding(*implicit, **{k: v for k, v in attrs.items() if k not in omitted})
    for left, right in zip(explicit[:2], implicit[:2], strict=True):
        assert left is not None and right is not None
        np.testing.assert_array_equal(left.numpy(), right.numpy())
