"""Each op's CPU kernel alone, against the memcpy floor of its bytes, and the
whole Python call, at 8, 64, 256 and 1,024 slots.

    python bench/kernels.py [--ops NAME ...] [--rounds 2001] [--slots 8 64 256 1024]

Nothing here lists the ops: each spec of opspec/ gets a C++ harness written
from its model (the kernel's argument struct filled field by field from the
spec's tensors, dims and attributes), compiled with the kernel's own source
and the extension's flags (-O2) into one shared library per op, and called
through ctypes. The inputs are a valid call drawn from the spec's value
domains (tests/harness/cases.py) with every slot dim at the row's size.

One sample is one kernel call, then one memcpy, timed apart with the steady
clock (its own cost, calibrated on an empty interval, subtracted); before each
sample the in-place tensors are restored from a pristine copy, untimed, so
every call does the same work on warm caches. The ratio is the median over
the samples of kernel over memcpy, measured interleaved.

The memcpy floor: a memcpy of (bytes read + bytes written) / 2, where the
bytes read are every input tensor passed (in-place ones included) and the
bytes written every output and in-place tensor; a memcpy of n bytes reads n
and writes n. It is an upper bound on what the kernel must move (a gather
reads only the rows it keeps), so a ratio below 1 is possible.
"""

from __future__ import annotations

import ctypes
import hashlib
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen.model import AttrType, Op, Role  # noqa: E402
from tests.harness import cases, spec  # noqa: E402
from tests.harness.dtypes import NUMPY  # noqa: E402
from tools.build import ABI, BUILD, MAIN, RUNTIME_INCLUDES, WARNINGS, kernel_include  # noqa: E402

SLOTS = (8, 64, 256, 1024)
TIMES = "\u00d7"  # the multiplication sign of the ratios
# The dims that count slots: each takes the row's slot count.
SLOT_DIMS = ("max_bsz", "real_bsz")
# Widths of the decoding loop rather than the test sweep's small ones, by dim
# name (narrow rows for the gather, as the issue measured; the loop's vocabulary).
WIDTHS = {"hidden_size": 64, "vocab_size": 1000, "max_model_len": 256, "max_step_tokens": 5}


# ---------------------------------------------------------------- the harness


def harness_source(op: Op) -> str:
    """A C function timing the op's CPU kernel: its tensors by pointer (in the
    spec's order), its dims and integer attributes as int64, float attributes
    as double; each field is cast to its own declared type, so nothing here
    repeats the generated declaration."""
    args = f"CpuArgs<{'float' if op.dtype_vars else ''}>".replace("<>", "")
    ints = [d.name for d in op.dims] + [a.name for a in op.attrs if a.type is not AttrType.FLOAT]
    floats = [a.name for a in op.attrs if a.type is AttrType.FLOAT]
    fill = [
        f"  args.{t.name} = static_cast<decltype(args.{t.name})>(tensors[{i}]);"
        for i, t in enumerate(op.tensors)
    ]
    fill += [
        f"  args.{n} = static_cast<decltype(args.{n})>(ints[{i}]);" for i, n in enumerate(ints)
    ]
    fill += [
        f"  args.{n} = static_cast<decltype(args.{n})>(floats[{i}]);" for i, n in enumerate(floats)
    ]
    body = "\n".join(fill)
    return f"""// Written by bench/kernels.py from opspec/{op.name}.yaml.
#include <chrono>
#include <cstdint>
#include <cstring>

#include "kernel_decls/{op.name}.h"

namespace {{
using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {{
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}}
}}  // namespace

// One sample per round: restore (untimed), the kernel, then a memcpy of
// floor_bytes; ns of each into kernel_ns[i], memcpy_ns[i]; empty_ns[i] an
// empty interval (the clock's own cost).
extern "C" void opforge_bench(void* const* tensors, const int64_t* ints, const double* floats,
                              void* const* restore_to, void* const* restore_from,
                              const int64_t* restore_bytes, int64_t restores,
                              void* floor_dst, const void* floor_src, int64_t floor_bytes,
                              int64_t rounds, double* kernel_ns, double* memcpy_ns,
                              double* empty_ns) {{
  using namespace opforge::{op.name};
  {args} args{{}};
{body}
  for (int64_t i = 0; i < rounds; ++i) {{
    for (int64_t k = 0; k < restores; ++k)
      std::memcpy(restore_to[k], restore_from[k], static_cast<size_t>(restore_bytes[k]));
    Clock::time_point start = Clock::now();
    Kernels::cpu(args);
    kernel_ns[i] = since(start);
    start = Clock::now();
    std::memcpy(floor_dst, floor_src, static_cast<size_t>(floor_bytes));
    memcpy_ns[i] = since(start);
    start = Clock::now();
    empty_ns[i] = since(start);
  }}
}}
"""


def build(op: Op, kernel: Path | None = None) -> ctypes.CDLL:
    """The op's harness and CPU kernel (the tree's, or the source `kernel`: an
    older version, to compare) in one shared library (rebuilt when either
    changes), with the extension's compile flags."""
    source = harness_source(op)
    kernel = kernel or MAIN.kernels / "cpu" / f"{op.name}.cc"
    flags = [
        *ABI,
        "-O2",
        *WARNINGS,
        *("-I" + str(d) for d in RUNTIME_INCLUDES),
        "-I" + str(MAIN.generated),
        kernel_include(MAIN.kernels),  # the op's shared header, "shared/<op>.h"
    ]
    shared = MAIN.kernels / "shared" / f"{op.name}.h"
    key = hashlib.sha256(
        "\0".join(
            [
                source,
                kernel.read_text(),
                *flags,
                (MAIN.generated / "kernel_decls" / f"{op.name}.h").read_text(),
                shared.read_text() if shared.exists() else "",
                (ROOT / "csrc" / "include" / "opforge" / "slot_fn.h").read_text(),
            ]
        ).encode()
    ).hexdigest()[:16]
    where = BUILD / "bench" / op.name
    library = where / f"{key}.so"
    if not library.exists():
        where.mkdir(parents=True, exist_ok=True)
        (where / "harness.cc").write_text(source)
        subprocess.run(
            ["g++", *flags, "-shared", "-o", str(library), str(kernel), str(where / "harness.cc")],
            check=True,
        )
    return ctypes.CDLL(str(library))


# ---------------------------------------------------------------- the calls


def variants(op: Op) -> list[dict[str, Any]]:
    """The attribute settings each measured: every member of an enum attribute
    that decides which optional tensors are required (a strategy: each is a
    different kernel path), else the defaults alone."""
    deciding = {c.attr for t in op.tensors for c in t.required_when}
    for a in op.attrs:
        if a.enum is not None and a.name in deciding:
            return [{a.name: value} for _, value in a.enum.members]
    return [{}]


def label(op: Op, setting: dict[str, Any]) -> str:
    parts = []
    for name, value in setting.items():
        enum = op.attr(name).enum
        member = next(m for m, v in enum.members if v == value) if enum else value
        parts.append(str(member).upper())
    return f"{op.name} {' '.join(parts)}".strip()


def case_at(op: Op, slots: int, setting: dict[str, Any]) -> cases.Case:
    """A valid call with every slot dim at `slots` and the loop's widths."""
    dims, attrs = cases.middling(op)
    attrs.update(setting)
    for name in dims:
        if name in SLOT_DIMS:
            dims[name] = slots
        elif name in WIDTHS:
            dims[name] = WIDTHS[name]
    # Rows of packed tokens that no length sets (the sweep names them): one per slot.
    if "token_num" in dims:
        dims["token_num"] = slots
    for d in op.dims:  # an attribute that sets a swept dim follows it
        if d.from_attr is not None and d.name in dims:
            attrs[d.from_attr] = dims[d.name]
    for name in list(attrs):
        if name in dims:
            attrs[name] = dims[name]
    return shuffled_vocabulary(loop_layout(cases.build(op, dims, attrs, seed=slots)))


def shuffled_vocabulary(case: cases.Case) -> cases.Case:
    """A distribution over a vocabulary in token order, not sorted: the
    domain's probability rows come best first (right for candidate lists),
    which would make a selection over the vocabulary meet its answer first."""
    rng = np.random.default_rng(1)
    for t in case.op.tensors:
        array = case.arrays.get(t.name)
        vocabulary = t.shape and str(t.shape[-1]) == "vocab_size"
        if array is not None and t.values.probability_rows and vocabulary:
            case.arrays[t.name] = rng.permuted(array, axis=-1)
    return case


def loop_layout(case: cases.Case) -> cases.Case:
    """The output layout of the decoding loop where the spec's value domain
    cannot say it (docs/ops/rebuild_padding.md: cu_seqlens_q_output is only
    bounded there): per slot 0 rows if idle, 1 if prefill, every fed token if
    decoding, and the output row count their sum."""
    a = case.arrays
    names = ("cu_seqlens_q_output", "seq_lens_this_time", "seq_lens_encoder")
    if any(a.get(n) is None for n in names):
        return case
    if case.op.tensor("cu_seqlens_q_output").values.prefix_sum_of is not None:
        return case  # its domain already makes the offsets a layout
    fed = a["seq_lens_this_time"].astype(np.int64)
    prefill = a["seq_lens_encoder"][: len(fed)] != 0
    rows = np.where(fed <= 0, 0, np.where(prefill, 1, fed))
    offsets = np.concatenate([[0], np.cumsum(rows)])
    a["cu_seqlens_q_output"] = offsets.astype(np.int32)
    for d in case.op.dims:
        if d.name == "out_token_num":
            case.dims[d.name] = int(offsets[-1])
            if d.from_attr is not None:
                case.attrs[d.from_attr] = int(offsets[-1])
    return case


@dataclass
class Arrays:
    """Every tensor of the kernel's struct, in spec order (None: absent)."""

    tensors: list[np.ndarray | None]
    inout: list[tuple[np.ndarray, np.ndarray]]  # (buffer, pristine copy)
    read_bytes: int
    written_bytes: int


def arrays_of(op: Op, case: cases.Case) -> Arrays:
    tensors: list[np.ndarray | None] = []
    inout = []
    read = written = 0
    rng = np.random.default_rng(0)
    for t in op.tensors:
        if t.role in (Role.INPUT, Role.INOUT):
            array = case.arrays[t.name]
            array = None if array is None else np.ascontiguousarray(array).copy()
        else:
            shape = spec.shape(t, case.dims)
            dtype = NUMPY[spec.dtype_of(t, case.dtype)]
            array = (
                rng.random(shape).astype(dtype)
                if t.role is Role.SCRATCH
                else np.zeros(shape, dtype)
            )
        tensors.append(array)
        if array is None:
            continue
        if t.role in (Role.INPUT, Role.INOUT):
            read += array.nbytes
        if t.role.kernel_writes:
            written += array.nbytes
        if t.role is Role.INOUT:
            inout.append((array, array.copy()))
    return Arrays(tensors, inout, read, written)


def ints_and_floats(op: Op, case: cases.Case) -> tuple[list[int], list[float]]:
    ints = [int(case.dims[d.name]) for d in op.dims]
    floats = []
    for a in op.attrs:
        value = case.attrs[a.name]
        if a.type is AttrType.FLOAT:
            floats.append(float(value))
        elif a.enum is not None and isinstance(value, str):
            ints.append(a.enum.value_of(value))
        else:
            ints.append(int(value))
    return ints, floats


@dataclass
class Row:
    op: str
    slots: int
    bytes_moved: int  # read + written
    kernel_ns: float  # medians
    memcpy_ns: float
    ratio: float  # median of the per-round ratios
    call_us: float  # the whole Python call, median


def pointer_array(values: Sequence[Any]) -> Any:
    return (ctypes.c_void_p * max(len(values), 1))(*values)


def measure(
    op: Op,
    library: ctypes.CDLL,
    slots: int,
    setting: dict[str, Any],
    rounds: int,
    python: bool = True,
) -> Row:
    """One row; `python` False leaves the Python call out (nan)."""
    case = case_at(op, slots, setting)
    arrays = arrays_of(op, case)
    ints, floats = ints_and_floats(op, case)
    floor = (arrays.read_bytes + arrays.written_bytes) // 2
    source, target = np.ones(max(floor, 1), np.uint8), np.zeros(max(floor, 1), np.uint8)
    times = [np.zeros(rounds) for _ in range(3)]
    c_double_p = ctypes.POINTER(ctypes.c_double)
    library.opforge_bench(
        pointer_array([None if a is None else a.ctypes.data for a in arrays.tensors]),
        (ctypes.c_int64 * max(len(ints), 1))(*ints),
        (ctypes.c_double * max(len(floats), 1))(*floats),
        pointer_array([b.ctypes.data for b, _ in arrays.inout]),
        pointer_array([p.ctypes.data for _, p in arrays.inout]),
        (ctypes.c_int64 * max(len(arrays.inout), 1))(*[b.nbytes for b, _ in arrays.inout]),
        ctypes.c_int64(len(arrays.inout)),
        ctypes.c_void_p(target.ctypes.data),
        ctypes.c_void_p(source.ctypes.data),
        ctypes.c_int64(floor),
        ctypes.c_int64(rounds),
        *(t.ctypes.data_as(c_double_p) for t in times),
    )
    kernel, copy, empty = times
    clock = float(np.median(empty))
    kernel, copy = np.maximum(kernel - clock, 1.0), np.maximum(copy - clock, 1.0)
    return Row(
        label(op, setting),
        slots,
        arrays.read_bytes + arrays.written_bytes,
        float(np.median(kernel)),
        float(np.median(copy)),
        float(np.median(kernel / copy)),
        python_call_us(op, case, rounds) if python else float("nan"),
    )


def python_call_us(op: Op, case: cases.Case, rounds: int) -> float:
    """The public function's median time on Paddle tensors of the same call."""
    import opforge
    from tests.harness import calls

    tensors = calls.to_tensors(case)
    function = getattr(opforge, op.name)
    named = calls.by_name(op, tensors)
    attrs = {k: v for k, v in case.attrs.items()}
    required = [t.name for t in spec.passed(op) if not t.optional]
    positional = [named[n] for n in required]
    keywords = {n: v for n, v in named.items() if n not in required and v is not None}
    keywords.update(attrs)
    function(*positional, **keywords)
    samples = []
    for _ in range(min(rounds, 501)):
        start = time.perf_counter()
        function(*positional, **keywords)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def run(names: Sequence[str] | None, slots: Sequence[int], rounds: int) -> list[Row]:
    ops = [op for op in spec.project_ops() if not names or op.name in names]
    rows = []
    for op in ops:
        library = build(op)
        for setting in variants(op):
            for n in slots:
                rows.append(measure(op, library, n, setting, rounds))
    return rows


def table(rows: Sequence[Row]) -> str:
    lines = [
        "| op | slots | bytes read + written | kernel | memcpy floor | kernel / floor "
        "| Python call |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.op} | {r.slots:,} | {r.bytes_moved:,} | {r.kernel_ns / 1e3:.2f} µs "
            f"| {r.memcpy_ns / 1e3:.2f} µs | {r.ratio:.2f}{TIMES} | {r.call_us:.1f} µs |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", nargs="*", help="only these ops (default: every spec)")
    parser.add_argument("--slots", nargs="*", type=int, default=list(SLOTS))
    parser.add_argument("--rounds", type=int, default=2001, help="samples per row (2001)")
    args = parser.parse_args(argv)
    print(table(run(args.ops, args.slots, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
