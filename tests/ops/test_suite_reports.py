"""What the spec-derived suite tells an author (tests/harness/valid.py): a
failing case in a few lines with a file that replays it, a case far past its
siblings named while the run goes on, and the share of valid cases that change
each written tensor, held to the spec's `coverage` minimums."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import opforge
from codegen.model import Op
from tests import ROOT
from tests.harness import spec, timing, valid
from tests.harness.calls import LAUNCHES, simulated
from tests.harness.cases import Case, built
from tools import build

OP = "rebuild_padding"  # a new output, swept dims and a dtype set; fast on every backend
# One of its simulations (whichever the registry lists first), and that simulation's default launch.
SIMULATION = simulated(spec.project_op(OP))[0]
SIMULATION_LAUNCH = LAUNCHES[SIMULATION][1]


@pytest.fixture(autouse=True)
def _own_counters(monkeypatch: pytest.MonkeyPatch) -> None:
    """These runs stay out of the session's tallies (its summary counts the suite's)."""
    from tests.ops import test_hostile_values as hostile

    for name in ("COUNTS", "SECONDS", "CHANGED", "CASES_BY", "CHANGED_BY"):
        monkeypatch.setattr(valid, name, Counter())
    for name in ("COUNTS", "SECONDS"):
        monkeypatch.setattr(hostile, name, Counter())


def _op() -> Op:
    return spec.op_named(OP)


def _wrong_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference, off by one in its first non-empty output: every case
    with a row fails, as a kernel bug would."""
    right = valid.reference

    def wrong(op: Op, case: Case) -> tuple[np.ndarray, ...]:
        want = right(op, case)
        return tuple((w + 1).astype(w.dtype) if i == 0 else w for i, w in enumerate(want))

    monkeypatch.setattr(valid, "reference", wrong)


@pytest.mark.parametrize("backend", spec.backends(spec.op_named(OP)))
def test_a_failing_case_is_reported_in_a_few_lines_and_replays(
    backend: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(valid, "REPRO_DIR", tmp_path)
    right_reference = valid.reference
    _wrong_reference(monkeypatch)
    with pytest.raises(pytest.fail.Exception) as failed:
        valid.run(_op(), backend, 30)
    report = str(failed.value)
    lines = report.splitlines()
    # What pytest prints for it (pytrace=False): this text, not the test's
    # source nor Hypothesis' arguments (the Op model ran to ~2,200 lines).
    assert len(lines) <= 8, report
    assert lines[0].startswith(f"{OP} on {backend}: out differs from the reference: "), report
    assert "elements differ; first at [" in lines[0], report
    assert lines[1].startswith("  sizes: max_bsz="), report
    assert lines[2].startswith("  attributes: cpu_out_token_num="), report
    assert "values seed" in lines[3] and "dtype " in lines[3], report
    assert ("launch " in lines[3]) == (backend != "cpu"), report
    path = tmp_path / f"{OP}-{backend}.json"
    assert lines[4] == f"  replay: opforge-dev test {OP} --repro {path}", report
    assert "Op(" not in report and "Dim(" not in report
    # The file replays exactly that case: the same report, but for the line
    # that writes it again.
    with pytest.raises(pytest.fail.Exception) as replayed:
        valid.replay(path)
    assert str(replayed.value) == report
    # ... and with the reference right again, the case passes.
    monkeypatch.setattr(valid, "reference", right_reference)
    valid.replay(path)


def test_a_failing_hostile_case_is_reported_in_lines_not_the_tests_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # It printed the test's 40-line source and the failure list twice (its
    # repr in the assertion) before the cases.
    from tests.ops import test_hostile_values as hostile

    right = hostile.reference

    def wrong(op: Op, case: Case) -> tuple[np.ndarray, ...]:
        want = right(op, case)
        return tuple((w + 1).astype(w.dtype) if i == 0 else w for i, w in enumerate(want))

    monkeypatch.setattr(hostile, "reference", wrong)
    with pytest.raises(pytest.fail.Exception) as failed:
        hostile.test_hostile_values_stay_inside_buffers_and_match_the_reference(_op(), "cpu")
    assert failed.value.pytrace is False  # pytest prints the text alone
    report = str(failed.value)
    lines = report.splitlines()
    assert re.match(
        rf"{OP} on cpu: \d+ of \d+ hostile-value cases fail \(value checks off", lines[0]
    ), report
    assert 2 <= len(lines) <= 13, report
    # Each line a case: its sizes, attributes and attack, then what differs.
    assert all(line.startswith(f"  {OP}[") and ": out: element " in line for line in lines[1:])


def test_a_sanitizer_stop_names_the_case_it_stopped_in(monkeypatch: pytest.MonkeyPatch) -> None:
    # It said "the runner stopped (exit 1) at case 38:" and the sanitizer's
    # trace; now the case's sizes, attributes and attack, as other failures.
    from tests.ops import test_hostile_values as hostile
    from tests.ops.hostile_values import runner

    log = "ERROR: AddressSanitizer: heap-buffer-overflow\n    #0 in run csrc/kernels/cpu/x.cc:47"

    def stop(op: Op, binary: Path, calls: list[runner.Call]) -> list[runner.Outcome]:
        raise runner.SanitizerReport("stopped", 3, log)

    monkeypatch.setattr(runner, "build", lambda op: Path("not built"))
    monkeypatch.setattr(runner, "run", stop)
    with pytest.raises(pytest.fail.Exception) as failed:
        hostile.test_hostile_values_stay_inside_buffers_and_match_the_reference(_op(), "cpu")
    assert failed.value.pytrace is False
    lines = str(failed.value).splitlines()
    assert lines[0].startswith(f"{OP} on cpu: the runner stopped "), lines
    assert "hostile-value case 3 of " in lines[0], lines
    assert lines[1].startswith(f"  {OP}[") and lines[1].endswith("]"), lines  # sizes [attack]
    assert lines[2:] == log.splitlines(), lines


def test_a_rejection_that_does_not_happen_is_reported_in_two_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A failing rejection test printed the helper's traceback (a trial's 40
    # failures: about 4,700 lines); now what was expected and what came.
    from tests.ops import test_spec_suite as suite

    op = _op()
    t = spec.passed(op)[0]
    monkeypatch.setattr(suite, "call", lambda op, case, tensors: None)  # accepts anything
    with pytest.raises(pytest.fail.Exception) as failed:
        suite.test_bad_tensor_is_rejected(op, t, "dtype", 0, 0, 0)
    assert failed.value.pytrace is False
    lines = str(failed.value).splitlines()
    assert lines[0].startswith(f"{OP}: expected OpTypeError naming "), lines
    assert f"'{t.name}'" in lines[0], lines
    assert lines[1:] == ["  got no error: the call was accepted"], lines

    def wrong_words(op: Op, case: Case, tensors: list[Any]) -> None:
        raise opforge.OpTypeError(f"{OP}(): something else")

    monkeypatch.setattr(suite, "call", wrong_words)
    with pytest.raises(pytest.fail.Exception) as failed:
        suite.test_bad_tensor_is_rejected(op, t, "dtype", 0, 0, 0)
    assert str(failed.value).splitlines()[1] == f"  got OpTypeError: {OP}(): something else"


def test_a_replay_shows_the_cases_inputs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The report names sizes, attributes and a seed; what the kernel was given
    # was found only by reading the harness.
    monkeypatch.setattr(valid, "REPRO_DIR", tmp_path)
    _wrong_reference(monkeypatch)
    with pytest.raises(pytest.fail.Exception):
        valid.run(_op(), "cpu", 30)
    capsys.readouterr()
    path = tmp_path / f"{OP}-cpu.json"
    with pytest.raises(pytest.fail.Exception):
        valid.replay(path)
    shown = capsys.readouterr().out
    case = built(_op(), valid.read_repro(path).drawn)
    assert shown.startswith(f"inputs of the case ({OP}, {case.describe()}):"), shown
    for t in spec.passed(_op()):
        array = case.arrays[t.name]
        if array is None:
            assert f"  {t.name}: None (absent)" in shown
        else:
            head = f"  {t.name} {list(array.shape)} {array.dtype}:\n"
            assert head in shown
            if array.dtype.kind in "iu" and array.size:  # its first value, on its first line
                assert str(array.reshape(-1)[0]) in shown.split(head, 1)[1].splitlines()[0]


def test_a_kernel_error_is_reported_with_its_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(valid, "REPRO_DIR", tmp_path)

    def refused(*args: Any) -> Any:
        raise RuntimeError("simulated transfer refused: GM2LM reads 4 bytes past 'out'")

    monkeypatch.setattr(valid, "call", refused)
    with pytest.raises(pytest.fail.Exception) as failed:
        valid.run(_op(), SIMULATION, 5)
    first = str(failed.value).splitlines()[0]
    assert first.startswith(f"{OP} on {SIMULATION}: the call raised RuntimeError: simulated "), (
        first
    )
    assert "4 bytes past 'out'" in first


@pytest.mark.parametrize(
    "text, problem",
    [
        ("{", "not a readable repro file"),
        ('{"op": "x"}', "field 'dims' must be a mapping"),
        (
            '{"op": "x", "backend": "cpu", "dims": {"n": "2"}, "attrs": {}, "seed": 1, '
            '"dtype": null, "launch": [1, 1]}',
            "field 'dims' must map names to integers",
        ),
        (
            '{"op": "x", "backend": "cpu", "dims": {}, "attrs": {}, "seed": 1, '
            '"dtype": "float128", "launch": [1, 1]}',
            "no dtype 'float128'",
        ),
        (
            '{"op": "x", "backend": "cpu", "dims": {}, "attrs": {}, "seed": 1, '
            '"dtype": null, "launch": [0, 1]}',
            "field 'launch' must be a list of positive integers",
        ),
    ],
)
def test_a_bad_repro_file_is_named(text: str, problem: str, tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_text(text)
    with pytest.raises(valid.ReproError, match="case.json: .*" + problem.replace("[", r"\[")):
        valid.read_repro(path)


def test_a_repro_of_an_unknown_op_or_backend_is_named(tmp_path: Path) -> None:
    drawn = valid.draw.Drawn({}, {}, 1, None)
    path = valid.write_repro(valid.Replay("no_such_op", "cpu", drawn, ()), tmp_path)
    with pytest.raises(pytest.fail.Exception, match="no op 'no_such_op'"):
        valid.replay(path)
    path = valid.write_repro(valid.Replay(OP, "tpu-sim", drawn, ()), tmp_path)
    with pytest.raises(pytest.fail.Exception, match=f"{OP} runs on cpu, .*not 'tpu-sim'"):
        valid.replay(path)


def test_a_case_far_past_its_siblings_is_named_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A missing clamp once made one case loop ~2^31 times: 460 s of a 50 s run
    # and nothing named the case. Here one call sleeps (a floor of 50 ms
    # instead of 1 s keeps the test short).
    monkeypatch.setattr(timing, "FLOOR", 0.05)
    calls = []
    real_call = valid.call

    def one_slow(op: Op, case: Case, tensors: list[Any]) -> Any:
        calls.append(case.describe())
        if len(calls) == 7:
            time.sleep(0.3)
        return real_call(op, case, tensors)

    monkeypatch.setattr(valid, "call", one_slow)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tally = valid.run(_op(), "cpu", 25)
    slow = [w for w in caught if issubclass(w.category, timing.SlowCase)]
    assert len(slow) == 1, [str(w.message) for w in caught]
    message = str(slow[0].message)
    assert message.startswith(f"{OP} on cpu: a valid case took 0.3 s, over 50x the median"), message
    assert message.endswith(calls[6]), (message, calls[6])  # its sizes and attributes
    assert tally.cases == 25 == len(calls)  # every case ran
    assert valid.SECONDS[(OP, "valid (cpu)")] >= 0.3  # the op's total, printed at the end


def test_the_changed_share_is_tallied_per_branch_value() -> None:
    op = _op()
    tally = valid.run(op, "cpu", 40)
    assert tally.cases == 40
    swept = [name for name, _ in op.sweep]
    assert swept and {name for name, _ in tally.cases_by} == set(swept)
    for name in swept:  # each case counted once per swept name
        assert sum(n for (b, _), n in tally.cases_by.items() if b == name) == 40
        changed = sum(n for (t, b, _), n in tally.changed_by.items() if b == name and t == "out")
        assert changed == tally.changed["out"]
    # An empty step (real_bsz 0) never writes a row; the tally must see that.
    assert tally.changed_by[("out", "real_bsz", "0")] == 0 < tally.cases_by[("real_bsz", "0")]
    assert 0 < tally.changed["out"] < 40


def test_a_coverage_minimum_the_drawn_cases_miss_fails_naming_the_tensor() -> None:
    op = _op()
    reached = valid.run(op, "cpu", 30).changed["out"]
    share = reached / 30
    assert 0 < share < 1
    # The same 30 cases (derandomized): a minimum at their share passes, one above fails.
    valid.run(dataclasses.replace(op, coverage=(("out", share, 70),)), "cpu", 30)
    above = dataclasses.replace(op, coverage=(("out", min(1.0, share + 0.1), 70),))
    with pytest.raises(pytest.fail.Exception) as failed:
        valid.run(above, "cpu", 30)
    message = str(failed.value)
    assert message.startswith(
        f"{OP} on cpu: the call changed out in {reached} of 30 valid cases ({share:.0%}), "
        f"below the spec's coverage minimum"
    ), message
    assert f"({op.source}:70)" in message and "tune values, density, sample or sweep" in message


def test_the_repro_file_is_json_of_the_drawn_call(tmp_path: Path) -> None:
    drawn = valid.draw.Drawn({"n": 3}, {"flag": True}, 7, None)
    replay = valid.Replay(OP, SIMULATION, drawn, SIMULATION_LAUNCH)
    path = valid.write_repro(replay, tmp_path)
    assert json.loads(path.read_text())["launch"] == list(SIMULATION_LAUNCH)
    assert valid.read_repro(path) == replay


def test_opforge_dev_test_replays_a_repro_file(tmp_path: Path) -> None:
    """`opforge-dev test OP --repro FILE` runs that one case (here a passing
    one, then one whose file names no op), in a fresh process."""
    drawn = valid.draw.call(valid.draw.RandomChooser(5), _op())
    good = valid.write_repro(valid.Replay(OP, "cpu", drawn, ()), tmp_path / "good")
    bad = valid.write_repro(valid.Replay("no_such_op", "cpu", drawn, ()), tmp_path / "bad")
    env = dict(os.environ, OPFORGE_EXTENSION=str(build.MODULE))  # built by this session
    runs = {}
    for name, path in (("good", good), ("bad", bad)):
        runs[name] = subprocess.run(
            [sys.executable, "-m", "opforge_dev", "test", OP, "--repro", str(path)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    assert runs["good"].returncode == 0, runs["good"].stdout[-3000:]
    assert "1 passed" in runs["good"].stdout
    assert runs["bad"].returncode == 1, runs["bad"].stdout[-3000:]
    assert "no op 'no_such_op'" in runs["bad"].stdout


# Run by the test below in a subprocess under pytest-xdist: the op's call
# dies as a kernel's segfault would.
_CRASHING = """
import ctypes

from tests.harness import spec, valid


def test_a_call_that_kills_the_process(monkeypatch):
    monkeypatch.setattr(valid, "call", lambda *args: ctypes.string_at(0))
    valid.run(spec.op_named("%s"), "cpu", 5)
"""


def test_a_call_that_kills_the_worker_is_named_with_its_case_and_replay(tmp_path: Path) -> None:
    (tmp_path / "test_crashing.py").write_text(_CRASHING % OP, encoding="utf-8")
    repro = tmp_path / "repro"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(tmp_path / "test_crashing.py"),
            "-p",
            "tests.conftest",  # the controller's crash hook (the file is outside tests/)
            "-p",
            "no:cacheprovider",
            "-n",
            "1",
            "-q",
            f"--rootdir={ROOT}",
        ],
        cwd=ROOT,
        env=dict(os.environ, OPFORGE_REPRO_DIR=str(repro)),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out[-3000:]
    assert "crashed while running" in out, out[-3000:]
    assert f"{OP} on cpu: the process died inside the call of this case" in out, out[-3000:]
    assert "  sizes: max_bsz=" in out and "  attributes: cpu_out_token_num=" in out, out[-3000:]
    kept = repro / f"{OP}-cpu.json"
    assert f"opforge-dev test {OP} --repro {kept}\n" in out, out[-3000:]
    # The file is the case that died (the run's first: the crash stops it), and
    # nothing is left in flight.
    replay = valid.read_repro(kept)
    assert (replay.op, replay.backend) == (OP, "cpu")
    assert not list((repro / "in-flight").iterdir())


# Two ops whose CPU kernels fail on one valid case, n = 3 (a value of the
# sweep): one writes through a null pointer, one loops without end.
_PLANTED_SPEC = """\
op: {op}
kernels: [cpu]
doc: adds one to each element; its CPU kernel has a planted fault when n is 3
dims: {{n: elements}}
tensors:
  - {{name: x, dtype: int32, shape: [n], role: inout, doc: "the values: each one more after the call"}}
sweep: {{n: [0, 1, 3, 8]}}
reference: add_one
"""
_PLANTED_KERNELS = {
    "crash_at_three": """\
#include "kernel_decls/crash_at_three.h"

void opforge::crash_at_three::Kernels::cpu(const CpuArgs& args) {
  int32_t* volatile x = args.n == 3 ? nullptr : args.x;
  for (int64_t i = 0; i < args.n; ++i) x[i] += 1;
}
""",
    "hang_at_three": """\
#include "kernel_decls/hang_at_three.h"

void opforge::hang_at_three::Kernels::cpu(const CpuArgs& args) {
  volatile int64_t step = args.n == 3 ? 0 : 1;
  for (int64_t i = 0; i < args.n; i += step) args.x[i] += 1;
}
""",
}
_ADD_ONE = """\
import numpy as np


def add_one(x):
    return ((x.astype(np.int64) + 1).astype(np.int32),)
"""


@pytest.mark.xdist_group("trees")
def test_a_kernel_that_crashes_or_hangs_names_its_case_and_the_run_ends(tmp_path: Path) -> None:
    # A CPU kernel runs in the pytest-xdist worker: its segfault killed the
    # worker, and a replaced worker ran the test again, crashed again, and
    # then the run waited forever; one that loops never returned, and nothing
    # named its case. Now both are named with their case and replay line, in
    # a run that ends in seconds.
    specs, kernels, references = tmp_path / "opspec", tmp_path / "kernels", tmp_path / "reference"
    for directory in (specs, kernels / "cpu", references):
        directory.mkdir(parents=True)
    for op, kernel in _PLANTED_KERNELS.items():
        (specs / f"{op}.yaml").write_text(_PLANTED_SPEC.format(op=op), encoding="utf-8")
        (kernels / "cpu" / f"{op}.cc").write_text(kernel, encoding="utf-8")
    (references / "add_one.py").write_text(_ADD_ONE, encoding="utf-8")
    tree = build.build_tree(specs, kernels, tmp_path / "out")
    repro = tmp_path / "repro"
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(specs),
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_REFERENCES=str(references),
        OPFORGE_REPRO_DIR=str(repro),
        OPFORGE_CALL_TIME_LIMIT="3",
    )
    suite = [
        sys.executable,
        "-m",
        "pytest",
        "tests/ops/test_spec_suite.py",
        "-p",
        "no:cacheprovider",
    ]
    result = subprocess.run(
        [*suite, "-n", "2", "-q", "-k", "valid_inputs"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out[-4000:]
    assert "INTERNALERROR" not in out and "2 failed" in out, out[-4000:]
    checks = {
        "crash_at_three": "the process died inside the call of this case",
        "hang_at_three": "the call of this case ran past 3 s (OPFORGE_CALL_TIME_LIMIT): "
        "the watchdog ended its process",
    }
    for op, check in checks.items():
        assert f"{op} on cpu: {check}\n  sizes: n=3\n" in out, out[-4000:]
        kept = repro / f"{op}-cpu.json"
        assert f"opforge-dev test {op} --repro {kept}\n" in out, out[-4000:]
        assert valid.read_repro(kept).drawn.dims == {"n": 3}
    assert not list((repro / "in-flight").iterdir())
    # Each file replays its case, alone in one process: the crash again, with
    # the Python stack it happened in, and the hang, stopped by the watchdog.
    replays = {
        op: subprocess.Popen(
            [*suite, "--repro", str(repro / f"{op}-cpu.json"), "-n", "0"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for op in checks
    }
    crashed, _ = replays["crash_at_three"].communicate(timeout=300)
    assert replays["crash_at_three"].returncode == -signal.SIGSEGV, crashed[-4000:]
    assert "Fatal Python error: Segmentation fault" in crashed, crashed[-4000:]
    assert "in crash_at_three\n" in crashed and "in call_op\n" in crashed, crashed[-4000:]
    hung, _ = replays["hang_at_three"].communicate(timeout=300)
    assert replays["hang_at_three"].returncode == -signal.SIGALRM, hung[-4000:]
    assert "in hang_at_three\n" in hung and "in call_op\n" in hung, hung[-4000:]
