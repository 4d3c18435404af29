"""Emitters: views -> file contents, formatted.

Output is deterministic (an in-process C++ layout, a pinned Python formatter)
and stamped with its source spec; codegen/generate.py decides what to render
and writes it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import jinja2

from codegen.cache import FORMATTED, Cache
from codegen.escape import cpp_comment, cpp_string, py_comment, py_docstring
from codegen.kinds import HOST, KINDS, RULES, KernelKind
from codegen.layout import layout_cpp
from codegen.model import Op
from codegen.speclang import FASTDEPLOY_BACKENDS
from codegen.views import OpViews, op_views
from codegen.views.backends import backends_view

_TEMPLATES = Path(__file__).parent / "templates"
MODULE = "extension/module.cc"  # the extension module, binding every op (under generated/)
# FastDeploy's pybind11 bindings of every op that has a `fastdeploy:` section.
FASTDEPLOY_BINDINGS = "fastdeploy/bindings.cc"
# The runtime's backends and launches, from the kinds alone (under generated/):
# runtime.h includes the header (generated/runtime is on every include path),
# the opforge package exports the Python switches.
BACKENDS_HEADER = "runtime/opforge/backends.h"
SWITCHES = "python/_switches.py"
KINDS_SOURCE = "codegen/kinds.py"


def _pydoc(text: str, indent: int) -> str:
    """Wrap free spec text for a docstring line that is already indented; escaped
    after wrapping, so a line break never separates an escape from its character."""
    lines = textwrap.wrap(
        text, width=96 - indent, subsequent_indent=" " * indent, break_on_hyphens=False
    )
    return "\n".join(py_docstring(line) for line in lines)


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (jinja2 checks each template's
    mtime); none where the checkout cannot be written."""
    directory = _TEMPLATES.parent.parent / "build" / "codegen-cache" / "jinja"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(directory))


_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(_TEMPLATES),
    bytecode_cache=_bytecode_cache(),
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
    autoescape=False,
)
_env.filters["cpp_string"] = cpp_string
_env.filters["cpp_comment"] = cpp_comment
_env.filters["py_docstring"] = py_docstring
_env.filters["pydoc"] = _pydoc


def _banner(comment: str, sources: list[str]) -> str:
    what = sources[0] if len(sources) == 1 else "opspec/*.yaml"
    escaped = cpp_comment(what) if comment == "//" else py_comment(what)
    return f"{comment} Generated from {escaped} by `python -m codegen`. Do not edit."


def render(ops: list[Op]) -> dict[str, str]:
    """Every generated file, relative to generated/, unformatted."""
    views = [op_views(op) for op in ops]
    files: dict[str, str] = {}
    for view in views:
        files |= render_op(view)
    return files | render_shared([op_parts(view) for view in views])


def render_op(views: OpViews) -> dict[str, str]:
    """The C++ files of one op, unformatted: each rendering's template
    substituted from its view."""
    banner = _banner("//", [views.source])
    return {
        r.path: _env.get_template(r.template).render(op=r.view, banner=banner) for r in views.files
    }


@dataclass(frozen=True)
class OpParts:
    """One op's parts of the files all ops share (small: worker processes hand
    these back, not views)."""

    name: str
    source: str
    exports: tuple[str, ...]  # the names it adds to the Python module
    python: str
    stub: str
    manifest: str  # its entry in manifest.json: JSON, laid out as at its depth there
    # Its FastDeploy forms: (backend, Python function, C++ m.def), and the C++
    # declaration of the call they make ("" without a `fastdeploy:` section).
    fastdeploy: tuple[tuple[str, str, str], ...] = ()
    fastdeploy_decl: str = ""


def op_parts(views: OpViews) -> OpParts:
    python = views.python
    return OpParts(
        name=python.name,
        source=python.source,
        exports=(python.name, *(e[0] for e in python.enums)),
        python=_env.get_template("ops_op.py.j2").render(op=python),
        stub=_env.get_template("ops_op.pyi.j2").render(op=python),
        manifest=_json_at(
            {
                "spec": views.source,
                "kernels": [
                    {"kind": kind, "source": source, "rule": rule, "declared_in": decl}
                    for kind, source, rule, decl in views.kernels
                ],
                "units": [
                    {"path": u.path, "rule": u.rule, "paddle": u.paddle, "guard": u.guard}
                    for u in views.units
                ],
            },
            _OP_DEPTH,
        ),
        fastdeploy=tuple(
            (
                fn.backend,
                _env.get_template("fastdeploy_op.py.j2").render(fn=fn),
                _env.get_template("fastdeploy_bindings_op.cc.j2").render(fn=fn),
            )
            for fn in views.fastdeploy
        ),
        fastdeploy_decl=(
            f"namespace opforge::{python.name} {{\n{views.cpp_call.defn()};\n}}"
            if views.fastdeploy
            else ""
        ),
    )


def manifest(ops: list[OpParts]) -> str:
    """What the build and the tests read instead of generated C++: per op, its
    kernels (kind, source under the kernels directory, compile rule) and the
    generated units to compile; the compile rules; each kind's runtime sources."""
    document = {
        "generated": _banner("//", [op.source for op in ops]).removeprefix("// "),
        "rules": {r.name: {"flags": list(r.flags), "includes": list(r.includes)} for r in RULES},
        # Each unit once, however many kinds need it (the simulations' core).
        "runtime": [
            {"source": unit.source, "rule": unit.rule.name}
            for unit in dict.fromkeys(unit for k in KINDS for unit in k.runtime)
        ],
        # A kind's sources keep its toolchain's suffix; the rule says how to compile one.
        "suffixes": {k.suffix: k.rule.name for k in KINDS},
        "shared_units": [{"path": MODULE, "rule": HOST.name, "paddle": True}],
        "ops": _SPLICED,
    }
    # Each op's entry comes laid out (op_parts): json.dumps with an indent runs
    # the pure-Python encoder, ~0.5 ms an op, so with 1,000 ops an edit paid
    # 0.5 s to lay out 999 unchanged entries again. The result is the same bytes.
    entries = [f"{json.dumps(op.name)}: {op.manifest}" for op in sorted(ops, key=lambda o: o.name)]
    pad = "\n" + " " * (_OP_DEPTH - 1)
    spliced = "{" + ",".join(pad + " " + e for e in entries) + pad + "}" if entries else "{}"
    text = json.dumps(document, indent=1).replace(json.dumps(_SPLICED), spliced, 1)
    # The banner's key on the first line, as every generated file's first line names its source.
    first, second, rest = text.split("\n", 2)
    return f"{first}{second.strip()}\n{rest}\n"


# Where an op's entry sits in manifest.json ({"ops": {name: entry}}: depth 2),
# and the placeholder its entries replace (a NUL is never in generated text).
_OP_DEPTH = 2
_SPLICED = "\0ops"


def _json_at(value: object, depth: int) -> str:
    """`value` as json.dumps(..., indent=1) lays it out nested `depth` levels deep
    (a JSON text holds no raw newline: every line break is layout)."""
    return json.dumps(value, indent=1).replace("\n", "\n" + " " * depth)


def render_backends(kinds: tuple[KernelKind, ...] = KINDS) -> dict[str, str]:
    """The files of the runtime's backends (the C++ header and the Python
    switches), unformatted: from the registry of kinds, whatever the specs."""
    view = backends_view(kinds)
    return {
        BACKENDS_HEADER: _env.get_template("backends.h.j2").render(
            view=view, banner=_banner("//", [KINDS_SOURCE])
        ),
        SWITCHES: _env.get_template("switches.py.j2").render(
            view=view, banner=_banner("#", [KINDS_SOURCE])
        ),
    }


def render_shared(ops: list[OpParts]) -> dict[str, str]:
    """The files all ops share (the extension module, the Python package, the
    runtime's backends), unformatted."""
    names = [op.name for op in ops]
    banner_cc = _banner("//", [op.source for op in ops])
    banner_py = _banner("#", [op.source for op in ops])
    exports = sorted(name for op in ops for name in op.exports)
    return (
        {
            MODULE: _env.get_template("module.cc.j2").render(names=names, banner=banner_cc),
            "python/__init__.py": _env.get_template("ops.py.j2").render(
                parts=[op.python for op in ops], exports=exports, banner=banner_py
            ),
            "python/__init__.pyi": _env.get_template("ops.pyi.j2").render(
                parts=[op.stub for op in ops], exports=exports, banner=banner_py
            ),
            "manifest.json": manifest(ops),
        }
        | _fastdeploy_files(ops)
        | render_backends()
    )


def _fastdeploy_files(ops: list[OpParts]) -> dict[str, str]:
    """opforge.fastdeploy.<backend> per FastDeploy backend, and the pybind11
    bindings FastDeploy links (generated for every backend, empty or not)."""
    with_forms = [op for op in ops if op.fastdeploy]
    banner_py = _banner("#", [op.source for op in with_forms])
    banner_cc = _banner("//", [op.source for op in with_forms])
    files = {
        "python/fastdeploy/__init__.py": _env.get_template("fastdeploy_init.py.j2").render(
            banner=banner_py, backends=FASTDEPLOY_BACKENDS
        )
    }
    backends = []
    for backend in FASTDEPLOY_BACKENDS:
        forms = [
            (op.name, py, cc) for op in with_forms for b, py, cc in op.fastdeploy if b == backend
        ]
        files[f"python/fastdeploy/{backend}.py"] = _env.get_template("fastdeploy.py.j2").render(
            banner=banner_py,
            backend=backend,
            names=sorted(name for name, _, _ in forms),
            parts=[py for _, py, _ in forms],
        )
        backends.append((backend, [cc for _, _, cc in forms]))
    files[FASTDEPLOY_BINDINGS] = _env.get_template("fastdeploy_bindings.cc.j2").render(
        banner=banner_cc, decls=[op.fastdeploy_decl for op in with_forms], backends=backends
    )
    return files


class ToolMissing(RuntimeError):
    """A pinned formatter is not installed (the environment's fault)."""


class FormatFailed(RuntimeError):
    """A formatter rejected generated output: it is not valid code (the generator's fault)."""


def tool(name: str) -> str:
    """The formatter next to this interpreter (the pinned one), else on PATH."""
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if found is None:
        raise ToolMissing(f"'{name}' is not installed; run the setup command in the README")
    return found


# C++ in every kind's own suffix too (.xpu, .cu).
_CPP = tuple(dict.fromkeys((".h", ".cc", *(k.suffix for k in KINDS))))
_PY = (".py", ".pyi")


def fingerprint(binary: str, config: Path) -> bytes:
    """What a formatted text depends on besides its input: the formatter binary
    (path, size, mtime: a reinstall changes it) and its configuration file."""
    stat = Path(binary).stat()
    return f"{binary}:{stat.st_size}:{stat.st_mtime_ns}:".encode() + config.read_bytes()


def _run_formatter(cmd: list[str], paths: list[Path]) -> None:
    """Format files in place, one process for all of them (only the two Python
    files are formatted: C++ is laid out in-process)."""
    done = subprocess.run([*cmd, *map(str, paths)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise FormatFailed("formatting generated files failed:\n" + done.stderr)


def format_files(files: dict[str, str], root: Path, cache: Cache | None = None) -> dict[str, str]:
    """Lay out every C++ file in-process (codegen/layout.py: templates emit one
    statement per line, long lines are broken as clang-format would) and format
    the Python files with ruff, one process for all that are not in ``cache``
    (formatted texts keyed by the hash of what they depend on)."""
    formatted = {path: layout_cpp(text) for path, text in files.items() if path.endswith(_CPP)}
    if not any(path.endswith(_PY) for path in files):
        return {path: formatted.get(path, text) for path, text in files.items()}
    ruff, config = tool("ruff"), root / "pyproject.toml"
    ruff_fingerprint = fingerprint(ruff, config)
    keys: dict[str, str] = {}
    for path, text in files.items():
        if path in formatted:
            continue
        if not path.endswith(_PY):
            formatted[path] = text
            continue
        digest = hashlib.sha256(ruff_fingerprint)
        digest.update(Path(path).suffix.encode() + b"\0" + text.encode())
        keys[path] = digest.hexdigest()
    hits = cache.get(FORMATTED, keys.values()) if cache is not None else {}
    pending = {path: files[path] for path, key in keys.items() if key not in hits}
    formatted |= {path: hits[key] for path, key in keys.items() if key in hits}
    if pending:
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for path, text in pending.items():
                target = Path(tmp) / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                paths.append(target)
            _run_formatter([ruff, "format", "--quiet", "--config", str(config)], paths)
            for path, target in zip(pending, paths, strict=True):
                formatted[path] = target.read_text(encoding="utf-8")
        if cache is not None:
            cache.put(FORMATTED, {keys[path]: formatted[path] for path in pending})
    return {path: formatted[path] for path in files}


__all__ = [
    "FormatFailed",
    "OpParts",
    "ToolMissing",
    "fingerprint",
    "format_files",
    "op_parts",
    "render",
    "render_backends",
    "render_op",
    "render_shared",
    "tool",
]
