"""Emitters: views -> file contents, and the writing of generated/.

Output is deterministic (sorted specs, an in-process C++ layout, a pinned
Python formatter), stamped with its source spec, and a file is rewritten only
when its content changes, so build tools see real changes only.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import jinja2
import yaml

from codegen.diagnostics import SpecError, SpecErrors
from codegen.escape import cpp_comment, cpp_string, py_comment, py_docstring
from codegen.layout import layout_cpp
from codegen.model import Op
from codegen.parse import check_exports, load_spec, spec_paths
from codegen.views import OpView, op_view

_TEMPLATES = Path(__file__).parent / "templates"


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
    rendered = [render_op(op_view(op)) for op in ops]
    files: dict[str, str] = {}
    for one in rendered:
        files |= one.files
    return files | render_shared(rendered)


@dataclass(frozen=True)
class OpFiles:
    """What one op contributes to generated/: its own files and its parts of
    the files all ops share (small, so workers hand back these, not views)."""

    name: str
    source: str
    exports: tuple[str, ...]  # the names it adds to the Python module
    files: dict[str, str]
    python_part: str
    stub_part: str


def render_op(view: OpView) -> OpFiles:
    """The files of one op and its parts of the shared ones, unformatted."""
    banner = _banner("//", [view.source])
    templates = [
        ("kernel_decl.h.j2", f"kernel_decls/{view.name}.h"),
        ("plugin.h.j2", f"plugin/{view.name}.h"),
        ("plugin.cc.j2", f"plugin/{view.name}.cc"),
        ("paddle_op.cc.j2", f"paddle/{view.name}.cc"),
    ]
    if "xpu3" in view.kernels:
        templates += [
            ("kernel_decl_xpu3.h.j2", f"kernel_decls/{view.name}_xpu3.h"),
            ("plugin_xpu3sim.cc.j2", f"plugin/{view.name}_xpu3sim.cc"),
            ("xpu3_device_launch.xpu.j2", f"xpu3_device/{view.name}_launch.xpu"),
        ]
    return OpFiles(
        name=view.name,
        source=view.source,
        exports=(view.name, *(e[0] for e in view.enums)),
        files={
            path: _env.get_template(template).render(op=view, banner=banner)
            for template, path in templates
        },
        python_part=_env.get_template("ops_op.py.j2").render(op=view),
        stub_part=_env.get_template("ops_op.pyi.j2").render(op=view),
    )


def render_shared(ops: list[OpFiles]) -> dict[str, str]:
    """The files all ops share (the extension module, the Python package), unformatted."""
    names = [op.name for op in ops]
    banner_cc, banner_py = (
        _banner("//", [o.source for o in ops]),
        _banner("#", [o.source for o in ops]),
    )
    exports = sorted(name for op in ops for name in op.exports)
    return {
        "paddle/module.cc": _env.get_template("module.cc.j2").render(names=names, banner=banner_cc),
        "python/__init__.py": _env.get_template("ops.py.j2").render(
            parts=[op.python_part for op in ops], exports=exports, banner=banner_py
        ),
        "python/__init__.pyi": _env.get_template("ops.pyi.j2").render(
            parts=[op.stub_part for op in ops], exports=exports, banner=banner_py
        ),
    }


# Below this many specs one process is quicker than starting workers.
PARALLEL_MIN_SPECS = 64


def generate(spec_dir: Path, root: Path, cache: Path | None = None) -> dict[str, str]:
    """Every generated file, formatted: specs parsed and their files rendered
    and laid out in worker processes (one per core) when there are many,
    in spec order either way; raises SpecErrors with every spec's problems."""
    paths = spec_paths(spec_dir)
    jobs = min(os.cpu_count() or 1, len(paths) // PARALLEL_MIN_SPECS)
    tasks = [(path, root) for path in paths]
    if jobs > 1:
        context = multiprocessing.get_context("fork")
        with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
            results = list(pool.map(_op_files, tasks, chunksize=max(1, len(tasks) // (4 * jobs))))
    else:
        results = [_op_files(task) for task in tasks]
    errors = [e for _, _, errs in results for e in errs]
    ops = [op for op, _, _ in results if op is not None]
    errors += check_exports(ops)
    if errors:
        raise SpecErrors(errors)
    rendered = [one for _, one, _ in results if one is not None]
    files: dict[str, str] = {}
    for one in rendered:
        files |= one.files
    return files | format_files(render_shared(rendered), root, cache)


def _op_files(task: tuple[Path, Path]) -> tuple[Op | None, OpFiles | None, list[SpecError]]:
    """One spec: its op and its files, C++ laid out, or its errors."""
    path, root = task
    try:
        op = load_spec(path, root)
    except SpecErrors as exc:
        return None, None, exc.errors
    one = render_op(op_view(op))
    return op, dataclasses.replace(one, files=format_files(one.files, root)), []


class ToolMissing(RuntimeError):
    """A pinned formatter is not installed (the environment's fault)."""


class FormatFailed(RuntimeError):
    """A formatter rejected generated output: it is not valid code (the generator's fault)."""


def _tool(name: str) -> str:
    """The formatter next to this interpreter (the pinned one), else on PATH."""
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if found is None:
        raise ToolMissing(f"'{name}' is not installed; run the setup command in the README")
    return found


_CPP = (".h", ".cc", ".xpu")
_PY = (".py", ".pyi")


def _fingerprint(tool: str, config: Path) -> bytes:
    """What a formatted text depends on besides its input: the formatter binary
    (path, size, mtime: a reinstall changes it) and its configuration file."""
    stat = Path(tool).stat()
    return f"{tool}:{stat.st_size}:{stat.st_mtime_ns}:".encode() + config.read_bytes()


def _run_formatter(cmd: list[str], paths: list[Path]) -> None:
    """Format files in place: a few processes over all of them, one per core."""
    jobs = max(1, min(os.cpu_count() or 1, len(paths) // 50 or 1))
    chunks = [paths[i::jobs] for i in range(jobs)]
    running = [
        subprocess.Popen(
            [*cmd, *map(str, chunk)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for chunk in chunks
    ]
    outputs = [p.communicate() for p in running]
    errors = [err for p, (_, err) in zip(running, outputs, strict=True) if p.returncode != 0]
    if errors:
        raise FormatFailed("formatting generated files failed:\n" + "\n".join(errors))


def format_files(files: dict[str, str], root: Path, cache: Path | None = None) -> dict[str, str]:
    """Lay out every C++ file in-process (codegen/layout.py: templates emit one
    statement per line, long lines are broken as clang-format would) and format
    the Python files with ruff, one process for all that are not in ``cache`` (a
    directory of formatted texts keyed by the hash of what they depend on)."""
    formatted = {path: layout_cpp(text) for path, text in files.items() if path.endswith(_CPP)}
    if not any(path.endswith(_PY) for path in files):
        return {path: formatted.get(path, text) for path, text in files.items()}
    tool, config = _tool("ruff"), root / "pyproject.toml"
    fingerprint = _fingerprint(tool, config)
    pending: dict[str, str] = {}
    keys: dict[str, str] = {}
    for path, text in files.items():
        if path in formatted:
            continue
        if not path.endswith(_PY):
            formatted[path] = text
            continue
        digest = hashlib.sha256(fingerprint)
        digest.update(Path(path).suffix.encode() + b"\0" + text.encode())
        keys[path] = digest.hexdigest()
        hit = cache / keys[path] if cache is not None else None
        if hit is not None and hit.is_file():
            formatted[path] = hit.read_text(encoding="utf-8")
        else:
            pending[path] = text
    if pending:
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for path, text in pending.items():
                target = Path(tmp) / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                paths.append(target)
            _run_formatter([tool, "format", "--quiet", "--config", str(config)], paths)
            for path, target in zip(pending, paths, strict=True):
                formatted[path] = target.read_text(encoding="utf-8")
        if cache is not None:
            for path in pending:
                _cache_write(cache / keys[path], formatted[path])
    return {path: formatted[path] for path in files}


def _cache_write(entry: Path, text: str) -> None:
    """Atomically (a concurrent reader sees all or nothing); a cache that cannot
    be written is no cache, not an error."""
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(entry)
    except OSError:
        pass


def _inputs_key(spec_dir: Path, root: Path) -> str:
    """What the whole output depends on: every spec (name and bytes, and where the
    directory is, which stamps name), the generator's own sources and templates,
    the libraries that parse and render, and the Python formatter with its configuration."""
    digest = hashlib.sha256(f"jinja2 {jinja2.__version__} pyyaml {yaml.__version__}\0".encode())
    shown = spec_dir.relative_to(root) if spec_dir.is_relative_to(root) else spec_dir
    digest.update(str(shown).encode() + b"\0")
    for path in sorted(spec_dir.glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for path in sorted(Path(__file__).parent.rglob("*")):
        if path.suffix in (".py", ".j2"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(_fingerprint(_tool("ruff"), root / "pyproject.toml"))
    return digest.hexdigest()


def cached_output(spec_dir: Path, root: Path, cache: Path) -> tuple[str, dict[str, str] | None]:
    """(key, every generated file) when these exact inputs were generated before."""
    key = _inputs_key(spec_dir, root)
    entry = cache / "outputs" / f"{key}.json"
    try:
        return key, dict(json.loads(entry.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):  # absent, or not ours to trust: generate
        return key, None


def store_output(key: str, files: dict[str, str], cache: Path) -> None:
    _cache_write(cache / "outputs" / f"{key}.json", json.dumps(files))


@dataclass(frozen=True)
class Diff:
    changed: list[str]  # differs or missing on disk
    stale: list[str]  # on disk, not generated any more


def compare(files: dict[str, str], out: Path) -> Diff:
    on_disk = {
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    changed = sorted(
        p
        for p, text in files.items()
        if not (out / p).is_file() or (out / p).read_text(encoding="utf-8") != text
    )
    return Diff(changed, sorted(on_disk - set(files)))


def write(files: dict[str, str], out: Path, diff: Diff) -> None:
    """Write what changed and remove stale files. A file that exists is replaced
    atomically (a build reading it sees the old or the new text, never half);
    a new one is written in place, which is 10x quicker here: nothing has read
    it yet, and if the run is cut short its text differs from what the specs
    generate, so the next run rewrites it."""
    for directory in sorted({(out / path).parent for path in diff.changed}):
        directory.mkdir(parents=True, exist_ok=True)
    for path in diff.changed:
        target = out / path
        if not target.exists():
            target.write_text(files[path], encoding="utf-8")
            continue
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(files[path], encoding="utf-8")
        tmp.replace(target)
    for path in diff.stale:
        (out / path).unlink()


__all__ = [
    "Diff",
    "FormatFailed",
    "OpFiles",
    "ToolMissing",
    "cached_output",
    "compare",
    "format_files",
    "generate",
    "render",
    "render_op",
    "render_shared",
    "store_output",
    "write",
]
