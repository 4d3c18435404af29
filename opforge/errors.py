"""Exceptions raised by opforge ops when a call is rejected (nothing is written).

Messages name the op, the argument, what was expected and what came, e.g.
``verify_draft_tokens(): argument 'cu_seqlens_q_output' dim 0 must be real_bsz + 1 = 5
(real_bsz = 4 from seq_lens_this_time.shape[0]), got 4``.

In a static graph (and when the registered Paddle op is called directly) the
same message reaches Python as Paddle's ``InvalidArgumentError``, a ``ValueError``,
raised by the executor.
"""


class OpError(Exception):
    """Base class of every rejected op call."""


class OpTypeError(OpError, TypeError):
    """A tensor has the wrong dtype, or a required tensor is None."""


class OpValueError(OpError, ValueError):
    """A shape, place, layout or attribute value is wrong."""


class OpKernelError(OpError, RuntimeError):
    """The kernel failed while running (e.g. the XPU3 simulation caught an
    out-of-bounds transfer or a local-memory overflow)."""
