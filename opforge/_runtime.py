"""Loading the extension and the two ways a generated op runs: the generated
CPython binding in eager mode, the registered Paddle custom op in a static graph."""

from __future__ import annotations

import enum
import functools
import importlib
import importlib.util
import math
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from types import FunctionType, ModuleType
from typing import Any

import paddle
from paddle.base.framework import global_var

from opforge.errors import OpError, OpTypeError, OpValueError


def check_paddle_version() -> None:
    """An installed wheel runs only with the Paddle it was compiled against
    (Paddle's C++ ABI changes between releases: a mismatch would crash or
    misbehave at the first call, not fail cleanly). A checkout has no record:
    tools/build.py builds against the Paddle it runs with."""
    try:
        from opforge import _build_info  # type: ignore[attr-defined]
    except ImportError:
        return
    built, found = _build_info.PADDLE_VERSION, paddle.__version__
    if built != found:
        raise ImportError(
            f"opforge was built against Paddle {built}, but Paddle {found} is installed: "
            f"install paddlepaddle=={built}, or rebuild opforge against Paddle {found} "
            "(`pip wheel --no-build-isolation .` in its source tree, with that Paddle installed)"
        )


@functools.cache
def extension() -> ModuleType:
    """opforge._C, built by ``python tools/build.py``; or, for testing a variant
    build (tools/build.py build_variant), the file named by OPFORGE_EXTENSION."""
    variant = os.environ.get("OPFORGE_EXTENSION")
    if variant:
        return _load_as("opforge._C", variant, "OPFORGE_EXTENSION")
    built = importlib.util.find_spec("opforge._C")
    if built is None:
        raise ImportError("opforge's extension module is not built; run `python tools/build.py`")
    try:
        return importlib.import_module("opforge._C")
    except ImportError as exc:
        # Built, but the loader refuses it: rebuilding the same sources would not help.
        raise ImportError(
            f"opforge's extension module {built.origin} is built but cannot be loaded: {exc}. "
            "An undefined symbol usually names a kernel that the build did not compile "
            "(see tools/build.py's output) or a Paddle other than the one it was built against."
        ) from exc


def generated_override() -> ModuleType | None:
    """For testing another build (tools/build.py --specs ...): the Python API
    generated into $OPFORGE_GENERATED/python, in place of opforge._generated."""
    root = os.environ.get("OPFORGE_GENERATED")
    if not root:
        return None
    package = os.path.join(root, "python")
    return _load_as(
        "opforge._generated", os.path.join(package, "__init__.py"), "OPFORGE_GENERATED", package
    )


def _load_as(name: str, path: str, variable: str, package: str | None = None) -> ModuleType:
    """Import the file at `path` as module `name` (a test build's stand-in);
    `package`: its directory, where its submodules are found (opforge._generated._switches)."""
    locations = [package] if package is not None else None
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=locations)
    if spec is None or spec.loader is None:
        raise ImportError(f"{variable}: {path} is not a module opforge can load as {name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def in_dynamic_mode() -> bool:
    # What paddle.in_dynamic_mode() tests, without its call overhead on every op call.
    return global_var._dygraph_tracer_ is not None


@functools.cache
def register_custom_ops() -> list[str]:
    """Register the extension's ops with Paddle (each PD_BUILD_OP as the custom op
    ``opforge_<op>``), once per process; ``import opforge`` does it, so a program
    saved with opforge's ops loads and runs after the import (paddle.jit.load,
    Paddle Inference). Returns the names registered."""
    from paddle.base import core

    return list(core.load_op_meta_info_and_register_op(extension().__file__))


def keep_as_written(module: ModuleType) -> None:
    """Mark the module's op functions as working in both modes already, so that
    paddle.jit.to_static calls them as they are instead of rewriting their code
    (each checks the mode itself and appends its registered op in a static
    graph). Attaches a flag to each function: no wrapper, no cost per call."""
    from paddle.jit.marker import unified

    for name in module.__all__:
        value = getattr(module, name)
        if isinstance(value, FunctionType):
            unified(value)


def run_static(op_name: str, inputs: Sequence[Any], attrs: Sequence[Any]) -> Any:
    """Append the op to the current static program (PIR)."""
    if not global_var._use_pir_api_:
        raise RuntimeError(f"{op_name}: static graphs need Paddle's PIR mode (the default)")
    values = [int(a) if isinstance(a, enum.IntEnum) else a for a in attrs]
    outs = paddle._C_ops._run_custom_op(op_name, *inputs, *values)
    return outs[0] if len(outs) == 1 else tuple(outs)


def custom_op(op_name: str, *args: Any) -> Any:
    """Run the registered Paddle custom op directly (eager too): the path a
    framework would take; slower than the binding, used to compare the two."""
    values = [int(a) if isinstance(a, enum.IntEnum) else a for a in args]
    return paddle._C_ops._run_custom_op(op_name, *values)


# ---------------------------------------------------------------- the argument contract

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

_EXPECTED = {
    "bool": "a bool (True or False, or a NumPy bool)",
    "int32": "an int (or a NumPy integer)",
    "int64": "an int (or a NumPy integer)",
    "float": "a float or an int (or a NumPy number)",
    "int32_list": "a list or tuple of ints (or NumPy integers)",
    "int64_list": "a list or tuple of ints (or NumPy integers)",
}

# An int list's element range by kind.
_LIST_RANGES = {"int32_list": (INT32_MIN, INT32_MAX), "int64_list": (INT64_MIN, INT64_MAX)}


# What an attribute's environment variable may hold, by kind (case-insensitive
# for bool and enum member names; surrounding blanks ignored).
_ENV_EXPECTED = {
    "bool": "a bool (one of 1, 0, true, false, yes, no, on, off; any case)",
    "int32": "a decimal integer",
    "int64": "a decimal integer",
    "float": "a finite decimal number",
}
_ENV_TRUE = ("1", "true", "yes", "on")
_ENV_FALSE = ("0", "false", "no", "off")
_DECIMAL = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class EnvAttribute:
    """An attribute whose value, when the caller does not pass it, comes from
    an environment variable (the spec's ``env:``), within the spec's bounds."""

    name: str
    variable: str
    default: Any
    min: int | float | None = None
    max: int | float | None = None

    def bounds(self, kind: str) -> tuple[int | float | None, int | float | None]:
        """The spec's bounds, narrowed to what the attribute's C++ type holds."""
        if kind not in ("int32", "int64"):
            return self.min, self.max
        low, high = (INT32_MIN, INT32_MAX) if kind == "int32" else (INT64_MIN, INT64_MAX)
        return (
            low if self.min is None else max(low, int(self.min)),
            high if self.max is None else min(high, int(self.max)),
        )


def _parse_environment(kind: str, members: type[enum.IntEnum] | None, text: str) -> Any:
    """An environment variable's text as an attribute of this kind, or None."""
    if members is not None:
        return next((m for m in members if m.name == text.upper()), None)
    if kind == "bool":
        lowered = text.lower()
        return True if lowered in _ENV_TRUE else False if lowered in _ENV_FALSE else None
    if kind in ("int32", "int64"):
        return int(text) if _DECIMAL.fullmatch(text) and len(text) <= 40 else None
    if not _FLOAT.fullmatch(text) or len(text) > 40:
        return None
    number = float(text)
    return number if math.isfinite(number) else None


def _enum_text(members: type[enum.IntEnum]) -> str:
    return f"a {members.__name__} member name ({', '.join(m.name.lower() for m in members)})"


def _bound_text(bound: int | float | None) -> str:
    return "..." if bound is None else str(bound)


def _describe(value: Any) -> str:
    """A value's type as a caller would write it, and the value, cut short."""
    kind = type(value)
    name = (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    if isinstance(value, paddle.Tensor):
        return f"a paddle.Tensor of shape {list(value.shape)}"
    text = repr(value)
    return f"{text if len(text) <= 40 else text[:37] + '...'} ({name})"


def tensor_value(op: str, name: str, tensor: Any) -> int:
    """The value of a one-element int32 or int64 tensor, for the attribute it
    carries in FastDeploy's call (its token counts; read on the host, as
    FastDeploy's ops copy them there)."""
    if not isinstance(tensor, paddle.Tensor) or tensor.dtype not in (paddle.int32, paddle.int64):
        raise OpTypeError(
            f"{op}(): argument '{name}' must be a one-element int32 or int64 tensor, "
            f"got {_describe(tensor) if not isinstance(tensor, paddle.Tensor) else tensor.dtype}"
        )
    if math.prod(tensor.shape) != 1:
        raise OpValueError(
            f"{op}(): argument '{name}' must hold one element, got shape {list(tensor.shape)}"
        )
    return int(tensor.numpy().reshape(-1)[0])


def _plain_int_list(value: list[Any], low: int, high: int) -> bool:
    """An int list that needs no conversion: plain ints (a bool or an IntEnum
    is a subclass, not plain) inside [low, high]."""
    return all(type(e) is int for e in value) and (
        not value or (low <= min(value) and max(value) <= high)
    )


# The generated functions' fast path, by element type.
def plain_int32_list(value: list[Any]) -> bool:
    return _plain_int_list(value, INT32_MIN, INT32_MAX)


def plain_int64_list(value: list[Any]) -> bool:
    return _plain_int_list(value, INT64_MIN, INT64_MAX)


class Arguments:
    """What the Python layer checks of one op's arguments, before the binding:
    the attributes' types (strict: ``True`` is no int, ``None`` no bool, a
    string no enum member) and int64 range; and, when the binding refuses a call
    (an object that is not a tensor, an int past int64), which argument it was.
    Ranges the spec declares, enum membership, and every tensor property are
    checked in C++ (on every path: eager, static, the framework-free entry)."""

    __slots__ = ("attrs", "environment", "op", "tensors")

    def __init__(
        self,
        op: str,
        tensors: tuple[tuple[str, bool], ...],
        attrs: tuple[tuple[str, str, type[enum.IntEnum] | None], ...],
        environment: tuple[EnvAttribute, ...] = (),
    ) -> None:
        self.op = op
        self.tensors = tensors  # (name, optional), spec order
        self.attrs = attrs  # (name, kind, enum type), spec order
        self.environment = {e.name: e for e in environment}  # attributes with `env:`

    def from_environment(self, name: str) -> Any:
        """The value of attribute ``name`` when the caller did not pass it: its
        environment variable's text, read now (a static graph keeps the value
        of the moment the op is added), else the spec's default."""
        declared = self.environment[name]
        text = os.environ.get(declared.variable)
        if text is None:
            return declared.default
        kind, members = next((k, m) for n, k, m in self.attrs if n == name)
        value = _parse_environment(kind, members, text.strip())
        if value is None:
            raise OpValueError(
                f"{self.op}(): attribute '{name}' was not passed and environment variable "
                f"{declared.variable} is set to {text[:40]!r}, which is not "
                f"{_ENV_EXPECTED[kind] if members is None else _enum_text(members)}"
            )
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            low, high = declared.bounds(kind)
            if (low is not None and value < low) or (high is not None and value > high):
                raise OpValueError(
                    f"{self.op}(): attribute '{name}' was not passed and environment variable "
                    f"{declared.variable} is set to {text[:40]!r}, outside the attribute's "
                    f"range [{_bound_text(low)}, {_bound_text(high)}]"
                )
        return value

    def attributes(self, *values: Any) -> tuple[Any, ...]:
        """Every attribute checked and converted to the type the binding takes
        (NumPy scalars to Python ones, an int for a float to float)."""
        return tuple(self._attribute(spec, v) for spec, v in zip(self.attrs, values, strict=True))

    def _attribute(self, spec: tuple[str, str, type[enum.IntEnum] | None], value: Any) -> Any:
        name, kind, members = spec
        if kind in _LIST_RANGES:
            return self._int_list(name, kind, value)
        import numpy as np

        is_bool = isinstance(value, (bool, np.bool_))
        if kind == "bool":
            if is_bool:
                return bool(value)
            raise self._wrong_type(name, _EXPECTED[kind], value)
        if kind == "float":
            if not is_bool and isinstance(value, (int, float, np.integer, np.floating)):
                if isinstance(value, enum.Enum):
                    raise self._wrong_type(name, _EXPECTED[kind], value)
                try:
                    return float(value)
                except OverflowError:
                    raise OpValueError(
                        f"{self.op}(): attribute '{name}' must be a float, got {_describe(value)} "
                        "(past the float range)"
                    ) from None
            raise self._wrong_type(name, _EXPECTED[kind], value)
        if kind == "enum":
            assert members is not None
            if isinstance(value, members):
                return value
            if is_bool or isinstance(value, enum.Enum) or not isinstance(value, (int, np.integer)):
                listed = ", ".join(f"{m.name}={int(m)}" for m in members)
                named = next((m for m in members if str(value).upper() == m.name), None)
                hint = (
                    f"; names are not accepted: pass {members.__name__}.{named.name}"
                    if named
                    else ""
                )
                expected = f"a {members.__name__} member or its int value ({listed})"
                raise self._wrong_type(name, expected, value, hint)
        elif is_bool or isinstance(value, enum.Enum) or not isinstance(value, (int, np.integer)):
            raise self._wrong_type(name, _EXPECTED[kind], value)
        number = int(value)
        if not INT64_MIN <= number <= INT64_MAX:
            raise OpValueError(
                f"{self.op}(): attribute '{name}' must fit int64 "
                f"[{INT64_MIN}, {INT64_MAX}], got {_describe(value)}"
            )
        return number

    def _int_list(self, name: str, list_kind: str, value: Any) -> list[int]:
        """An int list: a list or tuple (no other sequence: a string, a dict or
        an array would be read element by element) of ints that fit its element
        type (int32 or int64), as a list of Python ints. Each element as strict
        as an int attribute."""
        low, high = _LIST_RANGES[list_kind]
        kind = type(value)
        if (kind is list or kind is tuple) and _plain_int_list(value, low, high):
            return list(value)
        import numpy as np

        if not isinstance(value, (list, tuple)):
            raise self._wrong_type(name, _EXPECTED[list_kind], value)
        elements = []
        for index, element in enumerate(value):
            number = element
            # A plain int passes on one test (bool and IntEnum are subclasses: not plain).
            if type(element) is not int:
                if isinstance(element, (bool, np.bool_, enum.Enum)) or not isinstance(
                    element, (int, np.integer)
                ):
                    raise OpTypeError(
                        f"{self.op}(): attribute '{name}' element {index} must be an int "
                        f"(or a NumPy integer), got {_describe(element)}"
                    )
                number = int(element)
            if not low <= number <= high:
                raise OpValueError(
                    f"{self.op}(): attribute '{name}' element {index} must be >= {low} "
                    f"and <= {high}, got {number}"
                )
            elements.append(number)
        return elements

    def _wrong_type(self, name: str, expected: str, value: Any, hint: str = "") -> OpTypeError:
        if isinstance(value, paddle.Tensor) and expected == _EXPECTED["int64"]:
            # FastDeploy passes counts such as token_num as tensors.
            hint = "; a count held in a tensor must be read on the host first (int(t))"
        return OpTypeError(
            f"{self.op}(): attribute '{name}' must be {expected}, got {_describe(value)}{hint}"
        )

    def refused(
        self, error: TypeError, tensors: tuple[Any, ...], attrs: tuple[Any, ...]
    ) -> OpError:
        """The named error for a call the binding refused with its generic
        TypeError (an argument it cannot convert): the first argument of the
        wrong type, or an attribute past int64."""
        for (name, optional), value in zip(self.tensors, tensors, strict=True):
            if value is not None and not isinstance(value, paddle.Tensor):
                expected = "a paddle.Tensor or None" if optional else "a paddle.Tensor"
                return OpTypeError(
                    f"{self.op}(): argument '{name}' must be {expected}, got {_describe(value)}"
                )
        try:
            self.attributes(*attrs)
        except OpError as found:
            return found
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return OpTypeError(f"{self.op}(): the binding did not accept the arguments ({first})")
