"""An attribute read from an environment variable (the spec's ``env:``), through
the generated Python function of the example op clamp_lengths, whose ``limit``
reads OPFORGE_EXAMPLE_CLAMP_LIMIT: not passed and unset gives the default, set
gives the variable's value, passed wins over the variable, and a variable that
does not parse or lies outside the bounds is an error naming it. The extension
is replaced by a recorder: the Python layer resolves the value before any call
(nothing of it is in C++), so no build is needed. Then each kind's parsing."""

from __future__ import annotations

import enum
import subprocess
import sys
from typing import Any

import pytest

from opforge import _runtime
from opforge.errors import OpValueError
from tests import ROOT

VARIABLE = "OPFORGE_EXAMPLE_CLAMP_LIMIT"
SPECS = ROOT / "tests" / "fixtures" / "example_op" / "opspec"


class _Recorder:
    """Stands in for the extension: records each op call's arguments."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def clamp_lengths(self, *args: Any) -> None:
        self.calls.append(args)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("generated")
    subprocess.run(
        [sys.executable, "-m", "codegen", "--specs", str(SPECS), "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return (out / "python" / "__init__.py").read_text()


@pytest.fixture
def ops(generated: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], _Recorder]:
    recorder = _Recorder()
    monkeypatch.setattr(_runtime, "extension", lambda: recorder)
    monkeypatch.setattr(_runtime, "in_dynamic_mode", lambda: True)
    monkeypatch.delenv(VARIABLE, raising=False)
    namespace: dict[str, Any] = {"__name__": "generated_ops"}
    exec(compile(generated, "generated/python/__init__.py", "exec"), namespace)
    return namespace, recorder


def _limit_passed(ops: tuple[dict[str, Any], _Recorder], **kwargs: Any) -> Any:
    namespace, recorder = ops
    namespace["clamp_lengths"]("lengths", "clamped", **kwargs)
    # The binding's order: lengths, limits, clamped, mode, limit.
    return recorder.calls[-1][4]


def test_unset_gives_the_default(ops: tuple[dict[str, Any], _Recorder]) -> None:
    assert _limit_passed(ops) == 8
    assert _limit_passed(ops, limit=None) == 8


def test_set_gives_the_variable(
    ops: tuple[dict[str, Any], _Recorder], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VARIABLE, "5")
    assert _limit_passed(ops) == 5
    monkeypatch.setenv(VARIABLE, " 12 ")  # read at each call, blanks ignored
    assert _limit_passed(ops) == 12
    monkeypatch.setenv(VARIABLE, "0")  # the bound itself is inside
    assert _limit_passed(ops) == 0


def test_passed_wins_over_the_variable(
    ops: tuple[dict[str, Any], _Recorder], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VARIABLE, "5")
    assert _limit_passed(ops, limit=3) == 3
    monkeypatch.setenv(VARIABLE, "not a number")  # not read when passed
    assert _limit_passed(ops, limit=3) == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("abc", "which is not a decimal integer"),
        ("", "which is not a decimal integer"),
        ("1.5", "which is not a decimal integer"),
        ("1_0", "which is not a decimal integer"),
        ("-1", "outside the attribute's range [0, 2147483647]"),
        ("2147483648", "outside the attribute's range [0, 2147483647]"),
    ],
)
def test_bad_variable_is_an_error_naming_it(
    ops: tuple[dict[str, Any], _Recorder],
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    expected: str,
) -> None:
    monkeypatch.setenv(VARIABLE, text)
    with pytest.raises(OpValueError) as raised:
        _limit_passed(ops)
    message = str(raised.value)
    assert message.startswith("clamp_lengths(): attribute 'limit' was not passed"), message
    assert f"environment variable {VARIABLE} is set to {text!r}" in message, message
    assert expected in message, message
    assert not ops[1].calls  # refused before the op ran


class _Mode(enum.IntEnum):
    SHARED = 0
    PER_SLOT = 1


def _arguments(kind: str, default: Any, low: Any = None, high: Any = None) -> _runtime.Arguments:
    members = _Mode if kind == "enum" else None
    return _runtime.Arguments(
        "demo",
        (),
        (("a", kind, members),),
        (_runtime.EnvAttribute("a", "OPFORGE_TEST_A", default, low, high),),
    )


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("bool", "1", True),
        ("bool", "TRUE", True),
        ("bool", "on", True),
        ("bool", "0", False),
        ("bool", "False", False),
        ("bool", "off", False),
        ("int64", "-9223372036854775808", -(2**63)),
        ("int64", "+7", 7),
        ("float", "1e3", 1000.0),
        ("float", "-.5", -0.5),
        ("enum", "per_slot", _Mode.PER_SLOT),
        ("enum", "SHARED", _Mode.SHARED),
    ],
)
def test_each_kind_parses(
    monkeypatch: pytest.MonkeyPatch, kind: str, text: str, value: Any
) -> None:
    monkeypatch.setenv("OPFORGE_TEST_A", text)
    got = _arguments(kind, None).from_environment("a")
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("bool", "2", "a bool (one of 1, 0, true, false, yes, no, on, off; any case)"),
        ("bool", "", "a bool"),
        ("int64", "9223372036854775808", "outside the attribute's range"),
        ("float", "nan", "a finite decimal number"),
        ("float", "inf", "a finite decimal number"),
        ("float", "1e999", "a finite decimal number"),
        ("float", "0x10", "a finite decimal number"),
        ("float", "2.5", "outside the attribute's range [0.0, 2.0]"),
        ("enum", "both", "a _Mode member name (shared, per_slot)"),
        ("enum", "1", "a _Mode member name (shared, per_slot)"),
    ],
)
def test_each_kind_refuses(
    monkeypatch: pytest.MonkeyPatch, kind: str, text: str, expected: str
) -> None:
    monkeypatch.setenv("OPFORGE_TEST_A", text)
    bounds = (0.0, 2.0) if kind == "float" else (None, None)
    with pytest.raises(OpValueError, match="OPFORGE_TEST_A") as raised:
        _arguments(kind, None, *bounds).from_environment("a")
    assert expected in str(raised.value)


def test_unset_returns_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPFORGE_TEST_A", raising=False)
    assert _arguments("enum", _Mode.PER_SLOT).from_environment("a") is _Mode.PER_SLOT


def test_read_at_call_time_not_import_time(
    generated: str, ops: tuple[dict[str, Any], _Recorder], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generated function resolves the variable in its body (so a static
    graph takes the value of the moment the op is added), before any check."""
    body = generated[generated.index("def clamp_lengths(") :]
    resolve = body.index('limit = _clamp_lengths_arguments.from_environment("limit")')
    assert resolve < body.index("_in_dynamic_mode()")
    monkeypatch.setenv(VARIABLE, "9")
    assert _limit_passed(ops) == 9


def test_hostile_text_is_cut_short_and_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long or control-character value is named, escaped and cut to 40
    characters: the message stays one line of bounded length."""
    for text in ("9" * 100, "1\n2", "\x1b[31m1"):
        monkeypatch.setenv("OPFORGE_TEST_A", text)
        with pytest.raises(OpValueError) as raised:
            _arguments("int64", 0).from_environment("a")
        message = str(raised.value)
        assert "\n" not in message and "\x1b" not in message, message
        assert f"is set to {text[:40]!r}, which is not a decimal integer" in message
        assert len(message) < 200
