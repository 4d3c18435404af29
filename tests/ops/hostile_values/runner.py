"""A sanitized runner per op: the framework-free entry (generated/entry/),
the op's CPU and XPU3 kernels, the runtime and the XPU3 simulation, compiled
with AddressSanitizer and UndefinedBehaviorSanitizer into one executable with
no Paddle in it, which runs a batch of cases read from stdin.

Without Paddle the sanitizers see every access the kernels make, and a batch
of hundreds of cases costs one process start. The runner is generated from
the op's model (its `run` signature, codegen/api.py), so it cannot drift from
the entry it drives; it is rebuilt when any source it is made of changes.

The XPU3 kernel runs two ways: through the simulation's launcher (backend
"xpu3-sim", what the extension does), and through the device launcher
written for the real toolchain (generated/launch/), built against the
stand-in runtime over the simulation (backend "xpu3-device"): there the
caller's device tensors live in simulated device memory and host-resident
ones are staged by the launcher, as on a device.

Protocol (little-endian). In: int64 case count; per case: int32 backend
(its index in BACKENDS), int32 index of the dtype in the op's set, int32
value-checked mode; per kind with a launch (codegen/kinds.py, registry
order) its values as int64 (field order, the schedule seed last); an int64
per dim (spec order); 8 bytes per attribute (double for float attributes,
int64 otherwise); per tensor of `run` (spec order, scratch excluded) an int64
element count (-1: absent) and the elements' bytes. Out, per case: int32
status (0 done, 1 refused with an OpError) and int32 length + text of the
error, or each in-place and output tensor's elements' bytes (spec order).
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from codegen import api
from codegen.kinds import HOST_ELEM, KINDS, kinds_of
from codegen.model import AttrType, Op
from tests import ROOT
from tests.harness import cpp, spec
from tools.build import manifest, write_if_changed
from tools.plant_bugs import planted_copy, planted_in_place_of, planting

# The entry dispatches a device backend (kXpu3) to its device launcher, here
# over the stand-in runtime: the launchers' toolchain macros are defined.
DEFINES = tuple(sorted({x.guard for k in KINDS for x in k.launchers if x.stand_in and x.guard}))
ENV = {
    "ASAN_OPTIONS": "detect_leaks=0:halt_on_error=1:abort_on_error=0",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}


def _backend_table() -> dict[str, tuple[str, int]]:
    """Every backend a runner can drive, by name: (the opforge::Backend
    enumerator, where the caller's device tensors live: 0 host memory, else
    1 + the index in MEMORIES of the simulation whose device memory holds
    them). A kind's direct backend is named as the kind, a simulation launcher
    "<kind>-sim", a device launcher over the stand-in runtime "<kind>-device"."""
    table = {}
    for k in KINDS:
        if k.direct_backend:
            table[k.name] = (k.direct_backend.enumerator, 0)
        for x in k.launchers:
            if x.built or x.stand_in:
                memory = (
                    1 + MEMORIES.index(k.simulated_memory)
                    if x.device_memory and k.simulated_memory is not None
                    else 0
                )
                table[f"{k.name}-{'device' if x.device_memory else 'sim'}"] = (
                    x.backend.enumerator,
                    memory,
                )
    return table


# The simulations' device memories (header, allocate, free).
MEMORIES = [k.simulated_memory for k in KINDS if k.simulated_memory is not None]


BACKENDS = _backend_table()
# The kinds with a launch, each set for every case (registry order).
LAUNCHED = [k for k in KINDS if k.launch is not None]


def launch_values(shape: int, seed: int) -> list[int]:
    """What a case sends for the launches: each kind's test launch `shape`
    (the first is a single core or block) and the schedule seed."""
    return [
        value
        for k in LAUNCHED
        if k.launch is not None
        for value in (*k.launch.test_launches[shape % len(k.launch.test_launches)], seed)
    ]


def backends(op: Op) -> list[str]:
    """The backends a runner drives: the spec suite's (spec.backends), and each
    device launcher over the stand-in runtime ("<kind>-device")."""
    device = [f"{k.name}-device" for k in kinds_of(op.kernels) if f"{k.name}-device" in BACKENDS]
    return [*spec.backends(op), *device]


def run_case_signature(op: Op) -> api.Signature:
    """The runner's function for one case: the context, whether the caller's
    device tensors live in (simulated) device memory, then the dims and the
    attributes as run() declares them; a template over the op's dtype set, as
    run() is."""
    entry = api.run(op)
    parameters = [
        cpp.param("ctx", "const opforge::Context&"),
        cpp.param("memory", "int"),
        *cpp.params(entry, api.Kind.DIM),
        *cpp.params(entry, api.Kind.FORM),
        *cpp.params(entry, api.Kind.ATTR),
    ]
    return cpp.signature("run_case", parameters, entry.tparam)


def source(op: Op) -> str:
    entry = api.run(op)
    run_case = run_case_signature(op)
    own = {p.name: p.name for p in run_case.params}  # run_case's parameters, by name
    scope = dict(own)
    reads = []
    for p in cpp.tensor_params(entry):
        assert p.tensor is not None
        on_device = "0" if p.tensor.host else "memory"
        reads.append(f"  Storage<{cpp.elem(p.tensor)}> {p.name}_data({on_device});")
        scope[p.name] = f"{p.name}_data.buffer()"
    call = entry.call(scope, entry.tparam)
    launch_reads = [
        f'    opforge::set_launch_values("{k.launch.name}", '
        + "{"
        + ", ".join("take<int64_t>()" for _ in k.launch.params)
        + "});"
        for k in LAUNCHED
    ]
    dim_reads = [
        f"    const {p.type.render()} {p.name} = take<int64_t>();"
        for p in cpp.params(run_case, api.Kind.DIM)
    ] + [
        f"    const int32_t {p.name} = static_cast<int32_t>(take<int64_t>());"
        for p in cpp.params(run_case, api.Kind.FORM)
    ]
    attr_reads = []
    for p in cpp.params(run_case, api.Kind.ATTR):
        if op.attr(p.name).is_list:
            element = HOST_ELEM[api.list_dtype(op.attr(p.name))]
            # Held for the call under a reserved suffix (no spec name ends so).
            attr_reads.append(
                f"    const std::vector<{element}> {p.name}_storage = "
                f"take_int_list<{element}>();\n"
                f"    const auto {p.name} = opforge::list_buffer({p.name}_storage);"
            )
            continue
        raw = "take<double>()" if op.attr(p.name).type is AttrType.FLOAT else "take<int64_t>()"
        attr_reads.append(f"    const auto {p.name} = static_cast<{p.type.render()}>({raw});")
    if run_case.tparam:
        dispatch = "\n".join(
            f"      case {i}: {run_case.call(own, cpp.template_args(d))}; break;"
            for i, d in enumerate(op.dtype_vars[0].choices)
        )
        dispatch = f"    switch (dtype) {{\n{dispatch}\n      default: std::abort();\n    }}"
    else:
        dispatch = f"    {run_case.call(own)};"
    gives = "\n".join(f"  {t.name}_data.give_back();" for t in spec.writes(op))
    backend_list = ", ".join(f"opforge::Backend::{b}" for b, _ in BACKENDS.values())
    device_list = ", ".join(str(m) for _, m in BACKENDS.values())
    memory_includes = "\n".join(f'#include "{m.header}"' for m in MEMORIES)
    allocate = "\n".join(
        f'      case {i + 1}: return {m.allocate}(bytes, "tensor");' for i, m in enumerate(MEMORIES)
    )
    copy_in = "\n".join(
        f"      case {i + 1}: {m.copy_in}(to, from, bytes); return;" for i, m in enumerate(MEMORIES)
    )
    release = "\n".join(
        f"      case {i + 1}: {m.free}(data); return;" for i, m in enumerate(MEMORIES)
    )
    return f"""// The sanitized hostile-values runner of {op.name} (tests/ops/hostile_values/runner.py).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "{cpp.entry_header(op)}"
{memory_includes}

namespace {{

// The backends by their index in the protocol (runner.BACKENDS' order).
const opforge::Backend kBackends[] = {{{backend_list}}};
const int kMemory[] = {{{device_list}}};

std::vector<char> input;
size_t position = 0;
std::string output;

template <typename V>
V take() {{
  if (position + sizeof(V) > input.size()) std::abort();
  V value;
  std::memcpy(&value, input.data() + position, sizeof(V));
  position += sizeof(V);
  return value;
}}

// An int list attribute: its length, then each element as int64 (unused by
// an op without one).
template <typename E>
[[maybe_unused]] std::vector<E> take_int_list() {{
  std::vector<E> list(static_cast<size_t>(take<int64_t>()));
  for (size_t i = 0; i < list.size(); ++i) list[i] = static_cast<E>(take<int64_t>());
  return list;
}}

template <typename V>
void give(const V& value) {{
  output.append(reinterpret_cast<const char*>(&value), sizeof(V));
}}

// One tensor's elements, in an allocation of exactly their size (so the
// sanitizer sees an access one past the end): host memory (memory 0), or the
// device memory of a simulation (1 + its index in runner.MEMORIES) for a
// device tensor of a device launcher, filled as a copy to the device.
void* allocate(int memory, size_t bytes) {{
  switch (memory) {{
{allocate}
  }}
  return std::malloc(bytes);
}}

void copy_in(int memory, void* to, const void* from, size_t bytes) {{
  switch (memory) {{
{copy_in}
  }}
  std::memcpy(to, from, bytes);
}}

void release(int memory, void* data) {{
  switch (memory) {{
{release}
  }}
  std::free(data);
}}

template <typename E>
struct Storage {{
  E* data = nullptr;
  int64_t count = -1;
  int memory = 0;

  explicit Storage(int where) : memory(where) {{
    count = take<int64_t>();
    if (count <= 0) return;
    const size_t bytes = static_cast<size_t>(count) * sizeof(E);
    if (position + bytes > input.size()) std::abort();
    data = static_cast<E*>(allocate(memory, bytes));
    copy_in(memory, data, input.data() + position, bytes);
    position += bytes;
  }}
  ~Storage() {{ release(memory, data); }}
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  opforge::Buffer<E> buffer() {{
    return count < 0 ? opforge::Buffer<E>::absent() : opforge::Buffer<E>{{data, count}};
  }}
  void give_back() const {{
    if (count > 0) output.append(reinterpret_cast<const char*>(data), count * sizeof(E));
  }}
}};

{run_case.defn()} {{
{chr(10).join(reads)}
  try {{
    opforge::{op.name}::{call};
  }} catch (const opforge::OpError& error) {{
    const std::string text = error.what();
    give<int32_t>(1);
    give<int32_t>(static_cast<int32_t>(text.size()));
    output += text;
    return;
  }}
  give<int32_t>(0);
{gives}
}}

}}  // namespace

int main() {{
  // In blocks: through std::cin (synced with stdio, a getc per byte) reading
  // one op's 124 MB of cases took 5 s of the runner's 5.2.
  static char block[1 << 16];
  for (size_t got; (got = std::fread(block, 1, sizeof block, stdin)) > 0;) {{
    input.insert(input.end(), block, block + got);
  }}
  const int64_t cases = take<int64_t>();
  for (int64_t i = 0; i < cases; ++i) {{
    const int32_t backend = take<int32_t>();
    if (backend < 0 || backend >= {len(BACKENDS)}) std::abort();
    const int memory = kMemory[backend];
    const int32_t dtype = take<int32_t>();
    (void)dtype;
    opforge::set_value_checks(take<int32_t>() != 0);
    // Every kind's launch (checked as a thread's), then the call's context from them.
{chr(10).join(launch_reads)}
    const opforge::Context ctx = opforge::host_context(kBackends[backend]);
{chr(10).join(dim_reads)}
{chr(10).join(attr_reads)}
    std::fprintf(stderr, "case %lld\\n", static_cast<long long>(i));
    const auto started = std::chrono::steady_clock::now();
{dispatch}
    const auto took = std::chrono::steady_clock::now() - started;
    std::fprintf(stderr, "took %lld ns\\n",
                 static_cast<long long>(std::chrono::duration_cast<std::chrono::nanoseconds>(took).count()));
  }}
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}}
"""


def _sources(op: Op, generated: Path, kernels: Path) -> list[Path]:
    """The op's units as the generator's manifest lists them, the device
    launchers that have a stand-in runtime included (the runner defines their
    toolchain's macro), but not the Paddle op; a planted copy in place of its
    source. Beside them, the runtime and the simulation every harness links."""
    entry = manifest(generated)["ops"][op.name]
    found = [
        generated / u["path"]
        for u in entry["units"]
        if not u["paddle"] and u.get("guard", "") in ("", *DEFINES)
    ]
    found += [kernels / k["source"] for k in entry["kernels"]]
    return [planted_in_place_of(path) for path in found]


def build(
    op: Op,
    generated: Path | None = None,
    kernels: Path | None = None,
    directory: Path | None = None,
) -> Path:
    """The op's sanitized runner, built incrementally: only what changed is
    compiled. Under a plant, a runner of its own beside the planted copy (plants
    run side by side), which compiles only that copy. The generated code and
    the kernels are the project's unless OPFORGE_GENERATED and OPFORGE_KERNELS
    name another tree's (an example op's)."""
    generated = (
        generated or Path(os.environ.get("OPFORGE_GENERATED") or ROOT / "generated")
    ).resolve()
    kernels = (
        kernels or Path(os.environ.get("OPFORGE_KERNELS") or ROOT / "csrc" / "kernels")
    ).resolve()
    tree = "" if generated == (ROOT / "generated").resolve() else "tree-"
    built = directory or ROOT / "build" / "hostile" / f"{tree}{op.name}"
    runner = built / "runner.cc"  # the same for every runner of the op: compiled once
    write_if_changed(runner, source(op))
    binary = built / "runner"
    if planting():
        binary = planted_copy().parent / f"runner-{op.name}"
    return cpp.build(
        [runner, *_sources(op, generated, kernels)],
        binary,
        "sanitized",
        generated,
        DEFINES,
        kernels,
    )


@dataclass
class Call:
    """One case for the runner: the caller's arrays (None: absent) for every
    tensor of `run`, including the new outputs' initial contents."""

    backend: str  # a name of BACKENDS: "cpu", "xpu3-sim", "xpu3-device", "cuda-sim"
    dims: dict[str, int]
    attrs: dict[str, object]
    arrays: dict[str, np.ndarray | None]
    dtype_index: int = 0
    value_checks: bool = False
    # Each kind's launch: its test launch of this index (codegen/kinds.py), this schedule seed.
    launch_shape: int = 1
    schedule_seed: int = 7
    # The form of each tensor with shape alternatives (absent: form 0).
    forms: dict[str, int] = field(default_factory=dict)


@dataclass
class Outcome:
    refused: str | None  # the OpError's text, if the entry refused the call
    outputs: dict[str, np.ndarray]
    seconds: float = 0.0  # the call's time inside the runner (checks and kernel)


class SanitizerReport(AssertionError):
    """The runner stopped: `index` is the case it was in (-1: none had
    started), `log` what the sanitizer or the simulation printed."""

    def __init__(self, message: str, index: int, log: str) -> None:
        super().__init__(message)
        self.index, self.log = index, log


def run(op: Op, binary: Path, calls: list[Call]) -> list[Outcome]:
    """Runs a batch; raises SanitizerReport naming the case a sanitizer (or the
    simulation) stopped at."""
    parts = [np.int64(len(calls)).tobytes()]
    for c in calls:
        parts.append(
            np.array(
                [list(BACKENDS).index(c.backend), c.dtype_index, int(c.value_checks)], np.int32
            ).tobytes()
        )
        parts.append(np.array(launch_values(c.launch_shape, c.schedule_seed), np.int64).tobytes())
        parts.append(np.array([c.dims[d.name] for d in op.dims], np.int64).tobytes())
        formed = [t for t in op.tensors if t.forms]
        parts.append(np.array([c.forms.get(t.name, 0) for t in formed], np.int64).tobytes())
        for a in op.attrs:
            value = c.attrs[a.name]
            if a.is_list:
                parts.append(np.array([len(value), *value], np.int64).tobytes())
                continue
            parts.append(
                np.float64(value).tobytes()
                if a.type is AttrType.FLOAT
                else np.int64(value).tobytes()
            )
        for t in spec.run_tensors(op):
            array = c.arrays[t.name]
            if array is None:
                parts.append(np.int64(-1).tobytes())
            else:
                parts.append(np.int64(array.size).tobytes())
                parts.append(np.ascontiguousarray(array).tobytes())
    done = subprocess.run(
        [str(binary)],
        input=b"".join(parts),
        capture_output=True,
        env=dict(os.environ, **ENV),
        timeout=1800,
        check=False,
    )
    if done.returncode != 0:
        log = done.stderr.decode(errors="replace")
        started = [line for line in log.splitlines() if line.startswith("case ")]
        index = int(started[-1].split()[1]) if started else -1
        report = "\n".join(
            line for line in log.splitlines() if not line.startswith(("case ", "took "))
        )[-6000:]
        raise SanitizerReport(
            f"{op.name}: the runner stopped (exit {done.returncode}) at case {index}:\n{report}",
            index,
            report,
        )
    outcomes = _parse(op, calls, done.stdout)
    took = re.findall(r"^took (\d+) ns$", done.stderr.decode(errors="replace"), re.MULTILINE)
    assert len(took) == len(outcomes), f"{op.name}: {len(took)} times for {len(outcomes)} cases"
    return [
        dataclasses.replace(o, seconds=int(ns) / 1e9) for o, ns in zip(outcomes, took, strict=True)
    ]


def _parse(op: Op, calls: list[Call], data: bytes) -> list[Outcome]:
    position = 0
    outcomes = []
    written = spec.writes(op)
    for c in calls:
        status = int(np.frombuffer(data, np.int32, 1, position)[0])
        position += 4
        if status == 1:
            length = int(np.frombuffer(data, np.int32, 1, position)[0])
            position += 4
            outcomes.append(Outcome(data[position : position + length].decode(), {}))
            position += length
            continue
        outputs = {}
        for t in written:
            like = c.arrays[t.name]
            assert like is not None
            size = like.size * like.itemsize
            outputs[t.name] = (
                np.frombuffer(data, like.dtype, like.size, position).reshape(like.shape).copy()
            )
            position += size
        outcomes.append(Outcome(None, outputs))
    assert position == len(data), f"{op.name}: {len(data) - position} bytes left over"
    return outcomes
