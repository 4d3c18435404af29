"""Loading the extension and the two ways a generated op runs: the pybind11
binding in eager mode, the registered Paddle custom op in a static graph."""

from __future__ import annotations

import enum
import functools
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import paddle
from paddle.base.framework import global_var


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
    return _load_as(
        "opforge._generated", os.path.join(root, "python", "__init__.py"), "OPFORGE_GENERATED"
    )


def _load_as(name: str, path: str, variable: str) -> ModuleType:
    """Import the file at `path` as module `name` (a test build's stand-in)."""
    spec = importlib.util.spec_from_file_location(name, path)
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
def _register_custom_ops() -> None:
    """Register the module's PD_BUILD_OP ops with Paddle, once, on first static use."""
    from paddle.utils.cpp_extension.extension_utils import load_op_meta_info_and_register_op

    load_op_meta_info_and_register_op(extension().__file__)


def run_static(op_name: str, inputs: Sequence[Any], attrs: Sequence[Any]) -> Any:
    """Append the op to the current static program (PIR)."""
    if not global_var._use_pir_api_:
        raise RuntimeError(f"{op_name}: static graphs need Paddle's PIR mode (the default)")
    _register_custom_ops()
    values = [int(a) if isinstance(a, enum.IntEnum) else a for a in attrs]
    outs = paddle._C_ops._run_custom_op(op_name, *inputs, *values)
    return outs[0] if len(outs) == 1 else tuple(outs)


def custom_op(op_name: str, *args: Any) -> Any:
    """Run the registered Paddle custom op directly (eager too): the path a
    framework would take; slower than the binding, used to compare the two."""
    _register_custom_ops()
    values = [int(a) if isinstance(a, enum.IntEnum) else a for a in args]
    return paddle._C_ops._run_custom_op(op_name, *values)
