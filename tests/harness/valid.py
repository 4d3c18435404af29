"""The valid cases of the spec-derived suite: Hypothesis draws a call, the op
runs on a backend with the value-checked mode on, and its outputs are compared
with the reference; read-only inputs must stay unchanged and in-place outputs
be the caller's tensors.

A failing case is reported in a few lines (the op, the backend, the drawn
sizes and attributes, the failing check, the kernel's or the simulation's
report) and written to build/repro/<op>-<backend>.json, which
``opforge-dev test <op> --repro FILE`` replays (``replay``). Each run also
times every call (a case far past its siblings is named in a ``SlowCase``
warning and the run goes on) and tallies, per written tensor, the share of
cases in which the call changed it, overall and per value of each swept name
and each enum or bool attribute (what drives an op's branches); a spec's
``coverage`` minimum fails the run naming the tensor."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import statistics
import time
import traceback
import warnings
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import opforge
from codegen.model import AttrType, DType, Op
from tests import ROOT
from tests.harness import draw, spec, timing
from tests.harness.calls import LAUNCHES, backend, call, to_tensors
from tests.harness.cases import Case, built
from tests.harness.counts import CASES_BY, CHANGED, CHANGED_BY, COUNTS, SECONDS
from tests.harness.domains import postcondition_violations
from tests.harness.dtypes import as_float32, is_bfloat16
from tests.harness.references import reference, tolerance

# OPFORGE_REPRO_DIR: elsewhere (a test of these reports, run in a subprocess).
REPRO_DIR = Path(os.environ.get("OPFORGE_REPRO_DIR") or ROOT / "build" / "repro")
# The environment that selects another tree (an example op's): a replay needs it too.
TREE_VARIABLES = ("OPFORGE_SPECS", "OPFORGE_EXTENSION", "OPFORGE_GENERATED", "OPFORGE_REFERENCES")


# ---------------------------------------------------------------- a short report


def _where(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, index)) + "]"


def differs(
    got: np.ndarray,
    want: np.ndarray,
    rtol: float,
    atol: float,
    labels: tuple[str, str] = ("kernel", "reference"),
) -> str | None:
    """None if equal (within rtol/atol when either is non-zero; NaN equals
    NaN), else how many elements differ and the first one, each side named
    by its label."""
    if got.shape != want.shape:
        return f"shape {got.shape}, expected {want.shape}"
    g, w = as_float32(got), as_float32(want)
    if (rtol, atol) != (0.0, 0.0):
        bad = ~np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
    elif g.dtype.kind == "f" or w.dtype.kind == "f":
        bad = (g != w) & ~(np.isnan(g) & np.isnan(w))
    else:
        bad = g != w
    if not bad.any():
        return None
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    return (
        f"{int(bad.sum())} of {bad.size} elements differ; first at {_where(first)}: "
        f"{labels[0]} {g[first].item()!r}, {labels[1]} {w[first].item()!r}"
    )


@dataclass(frozen=True)
class Replay:
    """What replays one valid case exactly: the drawn call and the launch."""

    op: str
    backend: str
    drawn: draw.Drawn
    launch: tuple[int, ...]  # the simulation's (calls.LAUNCHES); () on the CPU


def write_repro(replay: Replay, directory: Path | None = None) -> Path:
    directory = directory or REPRO_DIR
    return _write_record(replay, directory / f"{replay.op}-{replay.backend}.json")


def in_flight_path(nodeid: str) -> Path:
    """Where the valid case a test (by its pytest node id) is running waits
    while its call runs. A call that ends the process (a kernel's segfault,
    or one past timing.call_limit(), which the watchdog stops) leaves it
    behind: pytest-xdist's controller then names the case and the line that
    replays it (tests/conftest.py, pytest_handlecrashitem; ``died_in``)."""
    return REPRO_DIR / "in-flight" / f"{hashlib.sha256(nodeid.encode()).hexdigest()[:20]}.json"


def stacks_path(nodeid: str) -> Path:
    """Where, in a pytest-xdist worker, the watchdog of a test's calls writes
    (timing.stacks_to): the file holds stacks only if the watchdog ended the
    process."""
    return in_flight_path(nodeid).with_suffix(".stacks")


def died_in(nodeid: str) -> str | None:
    """The report of the valid case whose call ended test `nodeid`'s process,
    if one was in flight (its repro file written), else None: the watchdog
    stopped it (it wrote the stacks), or it died (a fatal signal)."""
    path, stacks = in_flight_path(nodeid), stacks_path(nodeid)
    try:
        replay = read_repro(path) if path.is_file() else None
        stopped = stacks.is_file() and stacks.stat().st_size > 0
    except (ReproError, OSError):
        return None
    finally:
        path.unlink(missing_ok=True)
        stacks.unlink(missing_ok=True)
    if replay is None:
        return None
    check = "the process died inside the call of this case"
    if stopped:
        check = (
            f"the call of this case ran past {timing.call_limit():g} s "
            f"({timing.CALL_LIMIT_VARIABLE}): the watchdog ended its process"
        )
    return case_report(replay, None, check)


def _current_nodeid() -> str | None:
    current = os.environ.get("PYTEST_CURRENT_TEST")  # "<node id> (call)"
    return current.rsplit(" (", 1)[0] if current else None


def _write_record(replay: Replay, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    d = replay.drawn
    record = {
        "op": replay.op,
        "backend": replay.backend,
        "dims": d.dims,
        "attrs": d.attrs,
        "seed": d.seed,
        "dtype": d.dtype.value if d.dtype else None,
        "launch": list(replay.launch),
    }
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


class ReproError(Exception):
    pass


def read_repro(path: Path) -> Replay:
    """A repro file, checked field by field (it may have been edited)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ReproError(f"{path}: not a readable repro file: {exc}") from None

    def need(name: str, kind: type | tuple[type, ...], what: str) -> Any:
        value = record.get(name) if isinstance(record, dict) else None
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ReproError(f"{path}: field '{name}' must be {what}, got {value!r}")
        return value

    dims, attrs = need("dims", dict, "a mapping"), need("attrs", dict, "a mapping")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in dims.values()):
        raise ReproError(f"{path}: field 'dims' must map names to integers, got {dims!r}")
    launch = need("launch", list, "a list of positive integers")
    if len(launch) > 3 or not all(type(n) is int and n > 0 for n in launch):
        raise ReproError(
            f"{path}: field 'launch' must be a list of positive integers, got {launch!r}"
        )
    dtype = need("dtype", (str, type(None)), "a dtype or null")
    try:
        chosen = None if dtype is None else DType(dtype)
    except ValueError:
        raise ReproError(f"{path}: field 'dtype': no dtype {dtype!r}") from None
    drawn = draw.Drawn(dims, attrs, need("seed", int, "an integer"), chosen)
    return Replay(
        need("op", str, "an op name"),
        need("backend", str, "a backend"),
        drawn,
        tuple(launch),
    )


def replay_line(op: str, path: Path) -> str:
    shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    tree = " ".join(f"{v}={os.environ[v]}" for v in TREE_VARIABLES if os.environ.get(v))
    return f"replay: {tree + ' ' if tree else ''}opforge-dev test {op} --repro {shown}"


def fail_case(replay: Replay, case: Case | None, check: str) -> NoReturn:
    """Stop the case with a short report: the check that failed, the call's
    sizes, attributes, dtype, seed and launch, and the line that replays it.
    (pytrace=False: the test's source and Hypothesis' arguments would bury it.)"""
    pytest.fail(case_report(replay, case, check), pytrace=False)


def case_report(replay: Replay, case: Case | None, check: str) -> str:
    """fail_case's report; the repro file it names is written."""
    lines = [f"{replay.op} on {replay.backend}: {check}"]
    dims = case.dims if case is not None else replay.drawn.dims
    attrs = case.attrs if case is not None else replay.drawn.attrs
    lines.append("  sizes: " + (" ".join(f"{k}={v}" for k, v in dims.items()) or "-"))
    lines.append("  attributes: " + (" ".join(f"{k}={v}" for k, v in attrs.items()) or "-"))
    d = replay.drawn
    extra = [f"dtype {d.dtype.value}"] if d.dtype else []
    if case is not None and case.unit_axes:
        extra.append("unit_axis tensors passed as [..., 1]")
    if case is not None and case.scalar_sizes:
        extra.append("tensors whose value sets a dim passed 0-D")
    if replay.launch:
        extra.append("launch " + "x".join(map(str, replay.launch)))
    lines.append("  " + ", ".join([f"values seed {d.seed}", *extra]))
    lines.append("  " + replay_line(replay.op, write_repro(replay)))
    return "\n".join(lines)


def _raised(exc: BaseException) -> str:
    """An exception in a line or a few: its type and message (the kernel's or
    the simulation's report), and where in Python it was raised when that is
    not the op's own entry."""
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    frames = traceback.extract_tb(exc.__traceback__)
    inner = frames[-1] if frames else None
    if inner is not None and "opforge" + os.sep not in inner.filename:
        text += f"\n  at {inner.filename}:{inner.lineno}"
    return text


# ---------------------------------------------------------------- what a run tallies


@dataclass
class Tally:
    """What one run of an op's valid cases on a backend saw."""

    op: Op
    backend: str
    cases: int = 0
    changed: Counter[str] = field(default_factory=Counter)
    cases_by: Counter[tuple[str, str]] = field(default_factory=Counter)
    changed_by: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    timed: list[str] = field(default_factory=list)  # the case of each entry of seconds

    def branches(self, case: Case) -> list[tuple[str, str]]:
        """(name, value) of what may drive the op's branches in this case: each
        swept dim or attribute, each enum (by member name) and bool attribute."""
        found = [
            (name, str(case.dims.get(name, case.attrs.get(name)))) for name, _ in self.op.sweep
        ]
        for a in self.op.attrs:
            if a.enum is not None:
                names = {v: n for n, v in a.enum.members}
                found.append((a.name, names.get(case.attrs[a.name], str(case.attrs[a.name]))))
            elif a.type is AttrType.BOOL:
                found.append((a.name, str(bool(case.attrs[a.name]))))
        return found

    def count(self, case: Case, changed: list[str]) -> None:
        self.cases += 1
        branches = self.branches(case)
        self.cases_by.update(branches)
        for name in changed:
            self.changed[name] += 1
            self.changed_by.update((name, b, v) for b, v in branches)

    def publish(self) -> None:
        """Into the session's counters (printed at its end, summed over workers)."""
        op, b = self.op.name, self.backend
        COUNTS[(op, f"valid ({b})")] += self.cases
        SECONDS[(op, f"valid ({b})")] += sum(self.seconds)
        for t in spec.writes(self.op):  # listed even when no case changes it
            CHANGED[(op, b, t.name)] += self.changed[t.name]
        for (name, value), n in self.cases_by.items():
            CASES_BY[(op, b, name, value)] += n
        for (tensor, name, value), n in self.changed_by.items():
            CHANGED_BY[(op, b, tensor, name, value)] += n

    def warn_slow(self) -> None:
        for i in timing.slow_cases(self.seconds, timing.FACTOR, timing.FLOOR):
            warnings.warn(
                f"{self.op.name} on {self.backend}: a valid case took {self.seconds[i]:.1f} s, over "
                f"{timing.FACTOR:.0f}x the median of its {len(self.seconds)} siblings "
                f"({statistics.median(self.seconds) * 1e6:.0f} us): {self.timed[i]}",
                timing.SlowCase,
                stacklevel=2,
            )

    def below_minimum(self) -> list[str]:
        """Each tensor the spec's `coverage` asks more of than the run reached."""
        found = []
        for name, least, line in self.op.coverage:
            n = self.changed[name]
            if self.cases and n < least * self.cases:
                found.append(
                    f"{self.op.name} on {self.backend}: the call changed {name} in {n} of "
                    f"{self.cases} valid cases ({n / self.cases:.0%}), below the spec's coverage "
                    f"minimum {least:g} ({self.op.source}:{line}); the drawn values rarely reach "
                    f"the path that writes {name}: tune values, density, sample or sweep"
                )
        return found


# ---------------------------------------------------------------- one case, a run


def check_case(replay: Replay, tally: Tally | None = None) -> None:
    """Run one valid case and check it; a failure stops it with ``fail_case``."""
    op = spec.op_named(replay.op)
    case = built(op, replay.drawn)
    tensors = to_tensors(case)
    before = [None if t is None else t.numpy().copy() for t in tensors]
    nodeid = _current_nodeid()
    in_flight = _write_record(replay, in_flight_path(nodeid)) if nodeid else None
    start = time.perf_counter()
    try:
        with opforge.value_checked(), backend(replay.backend, replay.launch):
            got = call(op, case, tensors)
    except Exception as exc:  # the kernel's, the simulation's or the entry's report
        fail_case(replay, case, f"the call raised {_raised(exc)}")
    finally:
        if in_flight is not None:
            in_flight.unlink(missing_ok=True)
        if tally is not None:
            tally.seconds.append(time.perf_counter() - start)
            tally.timed.append(case.describe())
    try:
        want = reference(op, case)
    except Exception as exc:
        fail_case(replay, case, f"the reference raised {_raised(exc)}")
    written = spec.writes(op)
    if len(got) != len(written):
        fail_case(replay, case, f"the call returned {len(got)} outputs, the spec {len(written)}")
    arrays: dict[str, np.ndarray] = {}
    for t, tensor in zip(written, got, strict=True):
        g = tensor.numpy()
        if case.unit_axes and t.unit_axis:  # an in-place tensor keeps the caller's [..., 1]
            if g.shape[-1:] != (1,):
                fail_case(replay, case, f"{t.name}: shape {g.shape}, the caller's ends in 1")
            g = g[..., 0]
        arrays[t.name] = g
    broken = postcondition_violations(op, case.env, arrays)
    if broken:
        fail_case(replay, case, "postconditions (`after`): " + "; ".join(broken[:4]))
    rtol, atol = tolerance(op, case)
    for t, w in zip(written, want, strict=True):
        g = arrays[t.name]
        close = (rtol, atol) != (0.0, 0.0) and t.dtype == case.dtype and not is_bfloat16(g)
        problem = differs(g, w, *((rtol, atol) if close else (0.0, 0.0)))
        if problem is not None:
            fail_case(
                replay,
                case,
                f"{t.name} differs from the reference: {problem}",
            )
    # Read-only inputs are bit-for-bit unchanged; in-place outputs are the
    # caller's own tensors.
    changed: list[str] = []
    outputs = iter(got)
    for t, tensor, old in zip(spec.passed(op), tensors, before, strict=True):
        if tensor is None or old is None:
            continue
        if spec.is_in_place(t):
            if next(outputs) is not tensor:
                fail_case(
                    replay, case, f"{t.name}: the in-place output is not the tensor passed in"
                )
            if not np.array_equal(tensor.numpy(), old):
                changed.append(t.name)
        else:
            problem = differs(tensor.numpy(), old, 0.0, 0.0, ("after the call", "before"))
            if problem is not None:
                fail_case(replay, case, f"input {t.name} was modified: {problem}")
    for t, tensor in zip(spec.new_outputs(op), outputs, strict=True):
        if np.any(tensor.numpy() != 0):
            changed.append(t.name)
    if tally is not None:
        tally.count(case, changed)
        if case.unit_axes:
            COUNTS[(op.name, f"valid with [..., 1] tensors ({replay.backend})")] += 1
        if case.scalar_sizes:  # a size's tensor as paddle.sum gives it
            COUNTS[(op.name, f"valid with 0-D sizes ({replay.backend})")] += 1
        for name, form in case.forms.items():  # shape alternatives: each form is drawn
            COUNTS[(op.name, f"valid with {name} in form {form} ({replay.backend})")] += 1


def run(op: Op, backend_name: str, examples: int) -> Tally:
    """`examples` valid cases drawn by Hypothesis (derandomized: the same ones
    each run; a failure is shrunk to a small case), then the run's checks:
    slow cases warned about, the spec's coverage minimums."""
    tally = Tally(op, backend_name)

    # Each op and backend its own cases, the same every run, whatever this
    # module's text (Hypothesis would otherwise seed from the source).
    @seed(zlib.crc32(f"{op.name}/{backend_name}".encode()))
    @settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def valid_case(data: st.DataObject) -> None:
        drawn = draw.call(draw.HypothesisChooser(data), op)
        launch = data.draw(st.sampled_from(LAUNCHES[backend_name]), label="launch")
        check_case(Replay(op.name, backend_name, drawn, launch), tally)

    # In a pytest-xdist worker the watchdog writes where the controller looks
    # (died_in); alone, to the terminal.
    nodeid = _current_nodeid()
    stacks: contextlib.AbstractContextManager[None] = (
        timing.stacks_to(stacks_path(nodeid))
        if nodeid and timing.controlled()
        else contextlib.nullcontext()
    )
    try:
        with stacks:
            valid_case()
    finally:
        tally.publish()
        tally.warn_slow()
    below = tally.below_minimum()
    if below:
        pytest.fail("\n".join(below), pytrace=False)
    return tally


def replay(path: Path) -> None:
    """Run the case a repro file names, as the suite ran it."""
    try:
        case = read_repro(path)
    except ReproError as exc:
        pytest.fail(str(exc), pytrace=False)
    if case.op not in {op.name for op in spec.load_ops()}:
        pytest.fail(f"{path}: no op '{case.op}' in {spec.SPEC_DIR}", pytrace=False)
    backends = spec.backends(spec.op_named(case.op))
    if case.backend not in backends:
        pytest.fail(
            f"{path}: {case.op} runs on {', '.join(backends)}, not '{case.backend}'", pytrace=False
        )
    # The case's inputs, which the five-line report leaves out: pytest shows
    # them under "Captured stdout" when the replay fails.
    print(inputs_text(spec.op_named(case.op), built(spec.op_named(case.op), case.drawn)))
    check_case(case)


def inputs_text(op: Op, case: Case) -> str:
    """The caller's tensors of a case, in spec order, as the reference receives
    them (declared shapes; bools as bytes, which may be 2..255)."""
    lines = [f"inputs of the case ({op.name}, {case.describe()}):"]
    for t in spec.passed(op):
        array = case.arrays[t.name]
        if array is None:
            lines.append(f"  {t.name}: None (absent)")
            continue
        shown = array.view(np.uint8) if array.dtype == np.bool_ else array
        text = np.array2string(shown, threshold=256, max_line_width=100, separator=", ")
        lines.append(f"  {t.name} {list(array.shape)} {array.dtype}:")
        lines += [f"    {line}" for line in text.splitlines()]
    return "\n".join(lines)
