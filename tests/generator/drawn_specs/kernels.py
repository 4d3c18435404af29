"""Trivial kernels for drawn specs: each fills every buffer it may write with a
pattern the test knows, so a call checks the whole path (binding, checks,
plugin, kernel signature, outputs) without any op semantics.

Element ``i`` (row-major) of the tensor at spec position ``k`` holds
``p = (3 * i + k) % 5``, placed inside the tensor's `after:` domain (``Fill``:
``offset + scale * (base + p % modulus)``; the raw ``p`` for a tensor with
none), in the tensor's type (``true`` where that is non-zero). So the
spec-derived suite's postcondition checks hold for these kernels, and
``expected`` is their NumPy reference. With ``within_rows`` a `rows:` count
never exceeds its output's declared rows (what the suite's valid cases need);
without it, a count may, and the glue must refuse it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen import api
from codegen.cpp import dim_cpp, numel_cpp
from codegen.kinds import CPU, CUDA, KINDS, XPU3, KernelKind, kinds_of
from codegen.model import AttrType, Bound, DimExpr, DType, Op, Tensor, Values
from tests.harness import spec
from tests.harness.dtypes import encode

# A raw element: what the fill places in a domain.
RAW_MODULUS = 5


def pattern(numel: int, position: int) -> np.ndarray:
    return (np.arange(numel, dtype=np.int64) * 3 + position) % RAW_MODULUS


@dataclass(frozen=True)
class Fill:
    """Where a written tensor's raw pattern lands: ``offset + scale * (base +
    p % modulus)``, ``modulus`` a bound (a number or a dim expression) that
    caps ``base + p`` at the domain's max (and, for a `rows:` count, at the
    rows), at most 5. The drawn `after:` domains are `min` (any sign), `max`
    (a number or a dim), `above: 0, max: 1` and probability rows."""

    base: int = 0
    caps: tuple[Bound, ...] = ()  # each: base + p % modulus <= cap
    scale: float = 1.0
    offset: float = 0.0


def fill_of(op: Op, t: Tensor, within_rows: bool) -> Fill:
    after = t.after
    if after == Values():
        fill = Fill()
    elif after.probability_rows:
        fill = Fill(scale=0.0)  # rows of zeros: inside [0, 1], summing to 0
    elif after.above is not None:
        assert after.above == 0 and after.max == 1, f"{op.name}.{t.name}: undrawn {after}"
        fill = Fill(scale=0.125, offset=0.125)  # (0, 0.625], exact in every float type
    else:
        low = after.min
        assert low is None or isinstance(low, int), f"{op.name}.{t.name}: undrawn {after}"
        fill = Fill(base=max(low or 0, 0), caps=() if after.max is None else (after.max,))
    counted = [w for w in spec.writes(op) if w.rows == t.name]
    if within_rows and counted:
        fill = Fill(fill.base, (*fill.caps, counted[0].shape[0]), fill.scale, fill.offset)
    return fill


def _modulus(fill: Fill, env: Mapping[str, int]) -> int:
    room = [int(spec.evaluate(cap, env)) - fill.base + 1 for cap in fill.caps]
    return max(1, min([RAW_MODULUS, *room]))


def expected(op: Op, t: Tensor, env: Mapping[str, int], within_rows: bool) -> np.ndarray:
    """What the kernels write into `t` (its whole buffer, row-major), as
    numbers (``encode`` makes them `t`'s dtype), in a call whose dims and int
    attributes are `env` (``Case.env``: what a bound may name)."""
    fill = fill_of(op, t, within_rows)
    raw = pattern(spec.numel(t, env), op.tensors.index(t))
    return fill.offset + fill.scale * (fill.base + raw % _modulus(fill, env))


def expected_outputs(
    op: Op, env: Mapping[str, int], dtypes: Mapping[str, DType], within_rows: bool
) -> dict[str, np.ndarray]:
    """What a call returns, by name: every written tensor's `expected`, in its
    shape and dtype, each `rows:` output cut to its count."""
    out: dict[str, np.ndarray] = {}
    for t in spec.writes(op):
        values = expected(op, t, env, within_rows).reshape(spec.shape(t, env))
        out[t.name] = encode(values, dtypes[t.name])
    for t in spec.writes(op):
        if t.rows is not None:
            out[t.name] = out[t.name][: int(out[t.rows].reshape(-1)[0])]
    return out


def _fill_args(fill: Fill, names: Mapping[str, str]) -> str:
    modulus = str(RAW_MODULUS)
    for cap in fill.caps:
        room = f"({_bound_cpp(cap, names)}) - {fill.base} + 1"
        modulus = f"least({modulus}, {room})"
    return f"{fill.base}, {modulus}, {fill.scale!r}f, {fill.offset!r}f"


def _bound_cpp(bound: Bound, names: Mapping[str, str]) -> str:
    if isinstance(bound, DimExpr):
        return dim_cpp(bound, names)
    return f"int64_t{{{int(bound)}}}"


def _parts(
    op: Op, sig: api.Signature, backend: str, within_rows: bool, scope: str = ""
) -> tuple[str, str]:
    """(the fill calls, the instantiation macro) of a kernel whose
    arguments are named `scope` + name (``args.`` in a kernel given a struct)."""
    names = {d.name: scope + d.name for d in op.dims}
    # A bound may name an int attribute too (widened: `a + d` must not overflow int32).
    names |= {
        a.name: f"static_cast<int64_t>({scope}{a.name})"
        for a in op.attrs
        if a.type in (AttrType.INT, AttrType.INT64)
    }
    fills = "".join(
        f"  fill_pattern({scope}{t.name}, {numel_cpp(t.shape, names)}, {k}, "
        f"{_fill_args(fill_of(op, t, within_rows), names)});\n"
        for k, t in enumerate(op.tensors)
        if spec.kernel_may_write(t)
    )
    instances = f"OPFORGE_{op.name.upper()}_{backend}_INSTANCES\n" if sig.tparam else ""
    return fills, instances


def _place(qualifier: str) -> str:
    """Where a raw element lands, for both kernels (int64 arithmetic, then one
    conversion through float, as ``expected`` computes it)."""
    return (
        f"{qualifier}inline int64_t least(int64_t a, int64_t b) {{ return a < b ? a : b; }}\n"
        f"{qualifier}inline float place(int64_t i, int64_t position, int64_t base,\n"
        "                   int64_t modulus, float scale, float offset) {\n"
        "  const int64_t raw = (3 * i + position) % 5;\n"
        "  const int64_t room = modulus < 1 ? 1 : modulus;\n"
        "  return offset + scale * static_cast<float>(base + raw % room);\n"
        "}\n"
    )


def _kernel(op: Op, kind: KernelKind, within_rows: bool, fill: str, guard: str = "") -> str:
    """A pattern kernel of `kind`: `fill` defines ``fill_pattern`` (how the
    kind writes its memory), `guard` the body's first line (which of the
    launch's workers writes)."""
    sig = api.kernel(op, kind)
    scope = "args." if kind.receives == "struct" else ""
    fills, instances = _parts(op, sig, kind.name.upper(), within_rows, scope)
    qualifier = "__device__ " if kind.define_prefix else ""  # a __global__ kernel's helpers
    return (
        f"// A drawn op's {kind.name} kernel: fills what it may write with a known pattern.\n"
        f'#include "{kind.decl_path.format(op=op.name)}"\n\n'
        f"namespace opforge::{op.name} {{\n"
        "namespace {\n"
        f"{_place(qualifier)}{fill}"
        "}  // namespace\n"
        f"}}  // namespace opforge::{op.name}\n\n"
        f"{sig.out_of_class(kind.define_prefix)} {{\n{guard}{fills}}}\n{instances}"
    )


# Each writes element by element; XPU3's cluster 0, core 0 stages chunks in
# local memory and copies them out (the simulation checks every transfer).
# E is the kind's element type (XPU3's float16 / bfloat16 are trivial, so
# local memory holds them; every E converts from float explicitly).
_FILL_ARGS = "int64_t n, int64_t position, int64_t base, int64_t modulus, float scale, float offset"
_ELEMENTWISE = (
    "  for (int64_t i = 0; i < n; ++i) {\n"
    "    data[i] = E(place(i, position, base, modulus, scale, offset));\n"
    "  }\n"
    "}\n"
)


def cpu_kernel(op: Op, within_rows: bool = False) -> str:
    fill = f"template <typename E>\nvoid fill_pattern(E* data, {_FILL_ARGS}) {{\n{_ELEMENTWISE}"
    return _kernel(op, CPU, within_rows, fill)


def xpu3_kernel(op: Op, within_rows: bool = False) -> str:
    fill = (
        "template <typename E>\n"
        f"__device__ void fill_pattern(__global_ptr__ E* data, {_FILL_ARGS}) {{\n"
        "  XPU3_LM_ARRAY(E, chunk, 64);\n"
        "  for (int64_t start = 0; start < n; start += 64) {\n"
        "    const int count = n - start < 64 ? static_cast<int>(n - start) : 64;\n"
        "    for (int i = 0; i < count; ++i) {\n"
        "      chunk[i] = E(place(start + i, position, base, modulus, scale, offset));\n"
        "    }\n"
        "    LM2GM(chunk, data + start, count * sizeof(E));\n"
        "  }\n"
        "}\n"
    )
    guard = "  if (cluster_id() != 0 || core_id() != 0) return;\n"
    return _kernel(op, XPU3, within_rows, fill, guard)


def cuda_kernel(op: Op, within_rows: bool = False) -> str:
    fill = (
        "template <typename E>\n"
        f"__device__ void fill_pattern(cuda_global<E> data, {_FILL_ARGS}) {{\n{_ELEMENTWISE}"
    )
    guard = "  if (blockIdx.x != 0 || threadIdx.x != 0) return;\n"
    return _kernel(op, CUDA, within_rows, fill, guard)


# Every kind of the registry has its pattern kernel (a kind without one fails here).
WRITERS = {CPU.name: cpu_kernel, XPU3.name: xpu3_kernel, CUDA.name: cuda_kernel}
assert set(WRITERS) == {k.name for k in KINDS}, "a kernel kind without a drawn pattern kernel"


def write_kernels(ops: list[Op], kernels: Path, within_rows: bool = False) -> None:
    """Each op's kernel of every kind it names, where the build looks for it."""
    for op in ops:
        for kind in kinds_of(op.kernels):
            path = kernels / kind.name / f"{op.name}{kind.suffix}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(WRITERS[kind.name](op, within_rows), encoding="utf-8")
