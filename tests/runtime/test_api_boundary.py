"""The public API, called as a careless or hostile caller would, from the specs
alone (tests/runtime/api_boundary/attacks.py; no per-op code). For every op:

- attributes of the wrong type or out of range, and objects that are not
  tensors, each refused with OpTypeError/OpValueError naming the op and the
  argument, never pybind11's "incompatible function arguments"; the other
  spellings the contract accepts (NumPy scalars, an enum's int) give the
  plain call's results;
- every pair of tensor arguments of which the kernel writes one, passed as
  one tensor twice and as overlapping views of one buffer, refused naming
  both; views of one buffer that do not overlap are accepted;
- dims past the limit and allocations past the limit, in a subprocess (the
  code before this contract aborted the process on one), restarted after a
  crash so that every attack is reported; and every dim of every op past the
  limit through the framework-free run() (a harness without Paddle);
- the switches (backend, XPU3 launch, value checks) per thread in every
  interleaving of two threads' blocks, with a third thread's plain calls;
- a program saved with every op, loaded in a fresh process (paddle.jit.load
  and Paddle Inference) with eager's results.

A refused call must change nothing. Attacks per class, and how each ended,
are added to the session's per-op counts (tests.harness.counts) and to
tests.runtime.api_boundary.tally, printed after this module.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import paddle
import pytest

import opforge
from codegen.kinds import KINDS, KernelKind
from codegen.model import Op, Tensor
from codegen.parse import load_spec
from tests import ROOT
from tests.harness import cpp, spec
from tests.harness.counts import COUNTS
from tests.harness.dtypes import paddle_dtype
from tests.runtime.api_boundary import attacks as A
from tests.runtime.api_boundary.tally import TALLY

OPS = spec.load_ops()


def _subprocess_env() -> dict[str, str]:
    paths = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


# ---------------------------------------------------------------- judging one call


def _snapshot(attack: A.Attack) -> list[np.ndarray]:
    held = [t for t in attack.tensors.values() if isinstance(t, paddle.Tensor)] + attack.backing
    return [t.numpy().copy() for t in held]


def judge(attack: A.Attack) -> str | None:
    """Run one attack; None if it ended as required, else what went wrong."""
    op = next(o for o in OPS if o.name == attack.op)
    before = _snapshot(attack)
    TALLY[(attack.kind, "tried")] += 1
    COUNTS[(attack.op, f"API attack: {attack.kind}")] += 1
    try:
        outputs = A.call(op, attack.tensors, attack.attrs)
    except Exception as error:
        message = str(error)
        problem = None
        if attack.error is None:
            problem = f"raised {type(error).__name__}: {message}"
        elif type(error).__name__ != attack.error:
            problem = f"raised {type(error).__name__}, not {attack.error}: {message}"
        elif (
            not message.startswith(f"{attack.op}(): ")
            or "incompatible function arguments" in message
        ):
            problem = f"message does not name the op: {message}"
        else:
            missing = [w for w in attack.words if w not in message]
            if missing:
                problem = f"message lacks {missing}: {message}"
        after = _snapshot(attack)
        if problem is None and not all(
            A.unchanged(x, y) for x, y in zip(before, after, strict=True)
        ):
            problem = "the refused call changed an input"
        TALLY[(attack.kind, "failed" if problem else "refused")] += 1
        return problem
    if attack.error is not None:
        TALLY[(attack.kind, "failed")] += 1
        return f"accepted, expected {attack.error} ({', '.join(attack.words)})"
    if attack.same_as is not None:
        want = attack.same_as()
        got = [t.numpy() for t in outputs]
        if len(got) != len(want) or any(
            not np.array_equal(g, w) for g, w in zip(got, want, strict=True)
        ):
            TALLY[(attack.kind, "failed")] += 1
            return "accepted, but the outputs differ from the plain call's"
    TALLY[(attack.kind, "accepted")] += 1
    return None


def _judge_all(attacks: list[A.Attack]) -> None:
    problems = [f"{a.kind}: {a.label}: {p}" for a in attacks if (p := judge(a)) is not None]
    assert not problems, f"{len(problems)} of {len(attacks)} attacks:\n" + "\n".join(problems[:40])


# ---------------------------------------------------------------- attributes and argument types


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
def test_attributes_and_arguments_are_strict(op: Op) -> None:
    _judge_all([*A.attribute_attacks(op), *A.argument_attacks(op)])


def test_float_attributes_take_ints_and_floats_only() -> None:
    """No real spec has a float attribute yet: the Python layer's rule, directly."""
    from opforge._runtime import Arguments

    checked = Arguments("op", (), (("ratio", "float", None),))
    for value in (1, 0.5, np.float32(0.5), np.int64(2), np.float64(-1.5)):
        (got,) = checked.attributes(value)
        assert type(got) is float and got == float(value)
    for value in (True, np.bool_(False), "0.5", None, paddle.to_tensor(0.5), 1 + 0j):
        with pytest.raises(opforge.OpTypeError, match=r"op\(\): attribute 'ratio' must be a float"):
            checked.attributes(value)
    with pytest.raises(opforge.OpValueError, match="past the float range"):
        checked.attributes(10**400)


# ---------------------------------------------------------------- aliasing


ALIASED = [op for op in OPS if A.written_pairs(op)]


@pytest.mark.parametrize("op", ALIASED, ids=lambda op: op.name)
def test_aliased_arguments_are_refused(op: Op) -> None:
    attacks = list(A.alias_attacks(op))
    assert any(a.error for a in attacks), f"{op.name}: no pair could be aliased"
    _judge_all(attacks)


def test_a_refused_call_leaving_a_nan_unchanged_is_not_called_a_change() -> None:
    """A float input holding NaN, untouched by a refused call, is unchanged:
    the judge compares bytes (NaN != NaN as a float)."""
    op = next(o for o in OPS if any(a.type.value == "int" for a in o.attrs) and _float_input(o))
    case = A.base_case(op)
    tensors = A.tensors_of(case)
    floating = _float_input(op)
    assert floating is not None
    array = tensors[floating.name].numpy()
    array.reshape(-1)[0] = np.nan
    tensors[floating.name] = paddle.to_tensor(array)
    attr = next(a for a in op.attrs if a.type.value == "int")
    attack = A.Attack(
        op.name,
        "attribute type",
        f"{attr.name}='x' beside a NaN",
        "OpTypeError",
        (f"attribute '{attr.name}'",),
        tensors,
        {**case.attrs, attr.name: "x"},
    )
    assert judge(attack) is None


def _float_input(op: Op) -> Tensor | None:
    return next(
        (
            t
            for t in spec.passed(op)
            if not t.optional and spec.dtype_of(t, A.base_case(op).dtype).value == "float32"
        ),
        None,
    )


def same_tensor_pair(ops: list[Op]) -> tuple[Op, Tensor, Tensor]:
    """The first op with a written pair of one declared shape and dtype (one
    tensor can be passed as both), and that pair. Not simply the first op with
    a written pair: a valid op whose written tensor shares its shape with no
    other (a new op sorted first) made the test below stop on a bare
    StopIteration."""
    for op in ops:
        for a, b in A.written_pairs(op):
            if a.shape == b.shape and a.dtype == b.dtype:
                return op, a, b
    raise LookupError(
        "no op in opspec/ has a written tensor of the same declared shape and dtype as another "
        "argument, which the static-graph aliasing test passes as both"
    )


def test_the_static_graph_case_takes_an_op_whose_pair_can_be_one_tensor(tmp_path: Path) -> None:
    spec_file = tmp_path / "opspec" / "lone_write.yaml"
    spec_file.parent.mkdir()
    spec_file.write_text(
        "op: lone_write\nkernels: [cpu]\ndoc: d\n"
        "dims:\n  n: slots\n  m: {doc: rows, max: n}\n"
        "tensors:\n"
        "  - {name: rows, dtype: int32, shape: [n], doc: d}\n"
        "  - {name: lens, dtype: int32, shape: [m], role: inout, doc: d}\n"
        "reference: lone_write\n"
    )
    lone = load_spec(spec_file, tmp_path)
    assert A.written_pairs(lone)  # aliased, but no pair of one shape
    op, a, b = same_tensor_pair([lone, *ALIASED])
    assert op is not lone and op in ALIASED
    assert (a.shape, a.dtype) == (b.shape, b.dtype) and (a, b) in A.written_pairs(op)
    with pytest.raises(LookupError, match="no op in opspec/ has a written tensor"):
        same_tensor_pair([lone])


def test_aliasing_is_refused_in_a_static_graph_too() -> None:
    """The check is in the entry, so the registered op (static graphs, saved
    programs) refuses it as well, with the same message."""
    op, a, b = same_tensor_pair(ALIASED)
    case = A.base_case(op)
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            feeds = {t.name: case.passed(t) for t in spec.passed(op) if t.name != b.name}
            args = {
                name: paddle.static.data(name, list(array.shape), paddle_dtype(array))  # type: ignore[arg-type]
                for name, array in feeds.items()
            }
            args[b.name] = args[a.name]
            outputs = A.call(op, args, case.attrs)
        # Both names, in either order: the message names the written one first.
        names = f"('{a.name}' and '{b.name}'|'{b.name}' and '{a.name}') share memory"
        with pytest.raises(ValueError, match=names):
            paddle.static.Executor(paddle.CPUPlace()).run(
                program, feed=feeds, fetch_list=list(outputs)
            )
    finally:
        paddle.disable_static()


# ---------------------------------------------------------------- sizes


STALL_SECONDS = 120  # no output for this long: the attack hangs (a crash that did not exit)


def _size_worker(start: int) -> tuple[list[dict[str, Any]], str]:
    """One worker process from attack `start` on: its JSON records, and how it
    ended ("" if it went through every attack)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.runtime.api_boundary.size_worker", str(start)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_subprocess_env(),
    )
    assert process.stdout is not None and process.stderr is not None
    records: list[dict[str, Any]] = []
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    while True:
        try:
            line = lines.get(timeout=STALL_SECONDS)
        except queue.Empty:
            process.kill()
            process.wait()
            return records, f"no progress for {STALL_SECONDS} s (hung), killed"
        if line is None:
            break
        if line.startswith("{"):
            records.append(json.loads(line))
    code = process.wait()
    if code == 0:
        return records, ""
    tail = process.stderr.read().strip().splitlines()[-3:]
    return records, f"exit {code}: {' | '.join(tail)}"


def _run_size_worker() -> tuple[list[Any], dict[int, dict[str, Any]], dict[int, str]]:
    """Every size attack through tests/runtime/api_boundary/size_worker.py; a crash (or a
    hang) ends that process, which is recorded against the attack it was
    running, and a new process goes on from the next one."""
    from tests.runtime.api_boundary.size_worker import all_attacks

    attacks = all_attacks()
    done: dict[int, dict[str, Any]] = {}
    crashed: dict[int, str] = {}
    start = 0
    while start < len(attacks):
        records, ended = _size_worker(start)
        begun = None
        for record in records:
            if "begin" in record:
                begun = record["begin"]
            if "done" in record:
                done[record["done"]] = record
                begun = None
        if not ended:
            break
        if begun is None:
            pytest.fail(f"the size worker failed outside an attack ({ended})")
        crashed[begun] = ended
        start = begun + 1
    return attacks, done, crashed


def test_sizes_past_the_limits_are_refused() -> None:
    attacks, done, crashed = _run_size_worker()
    problems = []
    for i, attack in enumerate(attacks):
        TALLY[(attack.kind, "tried")] += 1
        COUNTS[(attack.op, f"API attack: {attack.kind}")] += 1
        what = f"{attack.op}: {attack.label}"
        if i in crashed:
            TALLY[(attack.kind, "crashed")] += 1
            problems.append(f"{what}: the process crashed ({crashed[i]})")
            continue
        record = done.get(i)
        if record is None:
            TALLY[(attack.kind, "failed")] += 1
            problems.append(f"{what}: not run")
            continue
        message = record["message"]
        if record["error"] != "OpValueError":
            problem = f"{record['error'] or 'accepted'}: {message}"
        elif not message.startswith(f"{attack.op}(): "):
            problem = f"message does not name the op: {message}"
        elif missing := [w for w in attack.words if w not in message]:
            problem = f"message lacks {missing}: {message}"
        elif record["changed"]:
            problem = f"the refused call changed {record['changed']}"
        else:
            TALLY[(attack.kind, "refused")] += 1
            continue
        TALLY[(attack.kind, "failed")] += 1
        problems.append(f"{what}: {problem}")
    assert not problems, f"{len(problems)} of {len(attacks)} size attacks:\n" + "\n".join(
        problems[:40]
    )


def test_every_allocation_is_attacked_or_out_of_a_callers_reach() -> None:
    """Each new output and scratch tensor of every op is either pushed past the
    byte limit by some attack, or its size is bounded without one: a dim of
    its shape sizes a tensor argument (which holds that many elements), or it
    stays within the limit with every dim at the dim limit."""
    attacked = {
        (a.op, a.label.split(" ")[0])
        for op in OPS
        for a in A.size_attacks(op)[0]
        if "allocation" in a.kind
    }
    for op in OPS:
        _, unreachable = A.size_attacks(op)
        for t in spec.allocated(op):
            reachable = (op.name, t.name) in attacked
            explained = any(u.startswith(f"{op.name}.{t.name} ") for u in unreachable)
            assert reachable or explained, f"{op.name}.{t.name}: neither attacked nor bounded"


def test_the_plugin_refuses_dims_past_the_limit() -> None:
    """The framework-free entry `run()`, which the Paddle op (eager and static)
    calls too: each dim of each op past the limit, or negative, is refused
    before any scratch is made or a kernel runs (here the kernels are stubs
    that abort). Built as one harness without Paddle."""
    from tests.runtime.api_boundary.plugin_harness import PAST, source
    from tools.build import BUILD, write_if_changed

    where = BUILD / "api_boundary"
    where.mkdir(parents=True, exist_ok=True)
    harness = where / "plugin_harness.cc"
    write_if_changed(harness, source(OPS))
    binary = where / "plugin_harness"
    plugins = [cpp.entry_source(op) for op in OPS]
    cpp.build([harness, *plugins], binary, "plain")
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stdout[-2000:]}{run.stderr[-2000:]}"
    kind = "size: dim past the limit (framework-free run())"
    results = dict(line.split(": ", 1) for line in run.stdout.splitlines())
    problems = []
    for op in OPS:
        for d in op.dims:
            for value in PAST:
                TALLY[(kind, "tried")] += 1
                COUNTS[(op.name, f"API attack: {kind}")] += 1
                got = results.get(f"{op.name} {d.name} {value}", "not run")
                want = (
                    "must be >= 0" if value < 0 else "past the limit of 2147483647 elements per dim"
                )
                if got.startswith(f"{op.name}(): dim '{d.name}'") and want in got:
                    TALLY[(kind, "refused")] += 1
                else:
                    TALLY[(kind, "failed")] += 1
                    problems.append(f"{op.name}: {d.name}={value}: {got}")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- threads


# Every kind with a simulation (codegen/kinds.py): each has a launch per thread.
SIMULATED = [k for k in KINDS if k.launch is not None]
Launches = tuple[tuple[int, ...], ...]  # each simulated kind's launch values, in that order
Switches = tuple[str, Launches, bool]  # the backend of CPU tensors, the launches, value checks


def _launch(kind: KernelKind) -> tuple[int, ...]:
    assert kind.launch is not None
    return tuple(opforge._runtime.extension().launch(kind.launch.name))


def _switches() -> Switches:
    ext = opforge._runtime.extension()
    launches = tuple(_launch(k) for k in SIMULATED)
    return str(ext.cpu_tensor_backend()), launches, bool(ext.value_checks())


DEFAULTS: Switches = (
    opforge.CPU_TENSOR_BACKENDS[0],
    tuple(tuple(p.default for p in k.launch.params) for k in SIMULATED if k.launch is not None),
    False,
)


def _simulation(kind: KernelKind, launch: tuple[int, ...]) -> Any:
    """The block running `kind`'s kernels under its simulation with `launch` (all its values)."""
    assert kind.launch is not None
    return getattr(opforge, kind.launch.simulation)(*launch)


def _inside(kind: KernelKind, launch: tuple[int, ...], checks: bool) -> Switches:
    """The switches inside _simulation(kind, launch) with value checks `checks`."""
    assert kind.simulated_backend is not None
    launches = tuple(
        launch if k is kind else d for k, d in zip(SIMULATED, DEFAULTS[1], strict=True)
    )
    return kind.simulated_backend.name, launches, checks


def _launch_of(kind: KernelKind, shape: int, seed: int) -> tuple[int, ...]:
    """One of the tests' launch shapes of `kind` with a schedule seed."""
    assert kind.launch is not None
    return (*kind.launch.test_launches[shape], seed)


def _probes() -> list[tuple[Op, dict[str, np.ndarray], dict[str, Any]]]:
    """Per op, a call with one value outside its declared domain: refused in
    the value-checked mode, run otherwise (kernels are total)."""
    found = []
    for op in OPS:
        case = A.base_case(op)
        for t in spec.passed(op):
            array = case.passed(t)
            if (
                isinstance(t.values.min, int)
                and array is not None
                and array.dtype.kind == "i"
                and array.size
            ):
                arrays = {u.name: case.passed(u) for u in spec.passed(op)}
                arrays[t.name] = array.copy()
                arrays[t.name].reshape(-1)[0] = t.values.min - 1  # type: ignore[union-attr]
                found.append((op, arrays, case.attrs))
                break
    return found


def _probe() -> list[bool]:
    """Each probe call on fresh tensors (in-place outputs are written): refused?"""
    refused = []
    for op, arrays, attrs in PROBES:
        try:
            A.call(op, {k: A.to_tensor(v) for k, v in arrays.items()}, attrs)
            refused.append(False)
        except opforge.OpValueError as error:
            assert "outside its domain" in str(error), str(error)
            refused.append(True)
    return refused


class _Actor(threading.Thread):
    """A thread that performs the steps it is sent, one at a time: "enter" and
    "exit" its block, or "probe" (report its switches and whether each probe
    call was refused)."""

    def __init__(self, block: Any) -> None:
        super().__init__(daemon=True)
        self.block, self.stack = block, contextlib.ExitStack()
        self.inbox: list[str] = []
        self.ready = threading.Semaphore(0)
        self.done = threading.Semaphore(0)
        self.reply: Any = None

    def send(self, step: str) -> Any:
        self.inbox.append(step)
        self.ready.release()
        assert self.done.acquire(timeout=300), f"the thread did not finish {step!r}"
        if isinstance(self.reply, BaseException):
            raise self.reply
        return self.reply

    def run(self) -> None:
        while True:
            self.ready.acquire()
            step = self.inbox.pop(0)
            try:
                self.reply = self._step(step)
            except BaseException as error:  # handed to the conductor
                self.reply = error
            self.done.release()
            if step == "stop":
                return

    def _step(self, step: str) -> Any:
        if step == "enter":
            self.stack.enter_context(self.block())
        elif step == "exit":
            self.stack.close()
        elif step == "probe":
            return _switches(), _probe()
        return None


PROBES: list[tuple[Op, dict[str, np.ndarray], dict[str, Any]]] = []


# Thread a runs the first simulated kind, thread b the last (one kind's block
# must not reach another's launch either).
A_KIND, A_LAUNCH = SIMULATED[0], _launch_of(SIMULATED[0], 1, 7)
B_KIND, B_LAUNCH = SIMULATED[-1], _launch_of(SIMULATED[-1], 0, 3)


def _block_a() -> Any:
    stack = contextlib.ExitStack()
    stack.enter_context(_simulation(A_KIND, A_LAUNCH))
    stack.enter_context(opforge.value_checked(True))
    return stack


def _block_b() -> Any:
    return _simulation(B_KIND, B_LAUNCH)


INSIDE = {"a": _inside(A_KIND, A_LAUNCH, True), "b": _inside(B_KIND, B_LAUNCH, False)}
# Every order of a's and b's entering (e) and leaving (x) their blocks.
ORDERS = ["ae ax be bx", "ae be ax bx", "ae be bx ax", "be bx ae ax", "be ae bx ax", "be ae ax bx"]
THREADS = "threads: each thread's switches and calls"


@pytest.mark.parametrize("order", ORDERS)
def test_switches_are_per_thread_in_any_interleaving(order: str) -> None:
    """Threads a and b enter and leave their blocks in `order` (a: the first
    simulated kind's simulation and the value-checked mode; b: the last
    kind's simulation); thread c never enters one. After every step each thread reports its
    own switches and runs one out-of-domain call per op: only a thread inside
    a checked block is refused. The main thread stays on the defaults."""
    if not PROBES:
        PROBES.extend(_probes())
    actors = {"a": _Actor(_block_a), "b": _Actor(_block_b), "c": _Actor(contextlib.nullcontext)}
    for actor in actors.values():
        actor.start()
    inside: set[str] = set()
    problems = []
    try:
        for step in order.split():
            who, what = step[0], {"e": "enter", "x": "exit"}[step[1]]
            actors[who].send(what)
            inside ^= {who}
            for name, actor in actors.items():
                want = INSIDE[name] if name in inside else DEFAULTS
                switches, refused = actor.send("probe")
                wrong = []
                if switches != want:
                    wrong.append(f"sees {switches}, its own are {want}")
                if refused != [want[2]] * len(PROBES):
                    wrong.append(
                        f"calls refused {refused} with checks {'on' if want[2] else 'off'}"
                    )
                TALLY[(THREADS, "tried")] += len(PROBES)
                TALLY[(THREADS, "failed" if wrong else "refused" if want[2] else "accepted")] += (
                    len(PROBES)
                )
                problems += [f"after {step}: thread {name} {w}" for w in wrong]
    finally:
        for actor in actors.values():
            actor.send("stop")
    if _switches() != DEFAULTS:
        problems.append(f"the main thread is left on {_switches()}")
    assert not problems, "\n".join(problems)


def test_switches_hold_under_free_running_threads() -> None:
    """Four threads, each entering and leaving its own blocks in a loop and
    calling the ops inside and outside them, interleaved however the
    interpreter switches: each sees only its own switches, every time."""
    if not PROBES:
        PROBES.extend(_probes())
    problems: list[str] = []

    def worker(index: int) -> None:
        kind = SIMULATED[index % len(SIMULATED)]
        launch = _launch_of(kind, index % 3, index)
        for round_ in range(6):
            with _simulation(kind, launch), opforge.value_checked(index % 2 == 0):
                want = _inside(kind, launch, index % 2 == 0)
                if _switches() != want or _probe() != [want[2]] * len(PROBES):
                    problems.append(
                        f"thread {index}, round {round_}: inside, {_switches()} != {want}"
                    )
            if _switches() != DEFAULTS or any(_probe()):
                problems.append(f"thread {index}, round {round_}: outside, {_switches()}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    TALLY[(THREADS, "tried")] += 4 * 6 * 2 * len(PROBES)
    TALLY[(THREADS, "failed" if problems else "accepted")] += 4 * 6 * 2 * len(PROBES)
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("kind", SIMULATED, ids=lambda k: k.name)
def test_blocks_nest_within_a_thread(kind: KernelKind) -> None:
    outer, inner = _launch_of(kind, 1, 1), _launch_of(kind, 0, 2)
    with _simulation(kind, outer), opforge.value_checked():
        with _simulation(kind, inner), opforge.value_checked(False):
            assert _switches() == _inside(kind, inner, False)
        assert _switches() == _inside(kind, outer, True)
    assert _switches() == DEFAULTS


def _out_of_bounds() -> list[tuple[KernelKind, str, int]]:
    """(kind, parameter, value) just outside each bound of each simulated kind's launch."""
    found = []
    for kind in SIMULATED:
        assert kind.launch is not None
        for param in kind.launch.params:
            found.append((kind, param.name, param.low - 1))
            if param.high is not None:
                found.append((kind, param.name, param.high + 1))
    return found


@pytest.mark.parametrize(
    ("kind", "param", "value"), _out_of_bounds(), ids=lambda x: getattr(x, "name", str(x))
)
def test_a_launch_outside_its_bounds_is_refused(kind: KernelKind, param: str, value: int) -> None:
    """Each kind's setter refuses a value just past a bound the registry gives,
    naming the setter and the bounds; the thread's launch is unchanged."""
    assert kind.launch is not None
    before = _launch(kind)
    with pytest.raises(
        opforge.OpValueError, match=f"^{kind.launch.setter}\\(\\): expected .*{param}"
    ):
        getattr(opforge, kind.launch.setter)(**{param: value})
    assert _launch(kind) == before


# ---------------------------------------------------------------- deployment


def test_a_saved_program_runs_in_a_fresh_process(tmp_path: Path) -> None:
    """paddle.jit.save of every op (here), then, in a process that imports
    opforge and nothing else of ours: paddle.jit.load and Paddle Inference give
    eager's outputs, and the predictor honours the calling thread's value checks."""
    from tests.runtime.api_boundary.deploy import save

    save(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "tests.runtime.api_boundary.deploy", "load", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_subprocess_env(),
        timeout=600,
        check=False,
    )
    TALLY[(DEPLOY, "tried")] += 1
    held = run.returncode == 0 and run.stdout.strip().endswith("ok")
    TALLY[(DEPLOY, "accepted" if held else "crashed" if run.returncode < 0 else "failed")] += 1
    assert held, f"load: exit {run.returncode}\n{run.stdout[-2000:]}\n{run.stderr[-3000:]}"


DEPLOY = "deployment: saved program, fresh process"
