"""Emitters: views -> file contents, and the writing of generated/.

Output is deterministic (sorted specs, pinned formatters), stamped with its
source spec, and a file is rewritten only when its content changes, so build
tools see real changes only.
"""

from __future__ import annotations

import hashlib
import json
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

from codegen.escape import cpp_comment, cpp_string, py_comment, py_docstring
from codegen.model import Op
from codegen.views import op_view

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
    views = [op_view(op) for op in ops]
    files: dict[str, str] = {}
    for view in views:
        banner = _banner("//", [view.source])
        for template, path in (
            ("kernel_decl.h.j2", f"kernel_decls/{view.name}.h"),
            ("plugin.h.j2", f"plugin/{view.name}.h"),
            ("plugin.cc.j2", f"plugin/{view.name}.cc"),
            ("paddle_op.cc.j2", f"paddle/{view.name}.cc"),
        ):
            files[path] = _env.get_template(template).render(op=view, banner=banner)
        if "xpu3" in view.kernels:
            for template, path in (
                ("kernel_decl_xpu3.h.j2", f"kernel_decls/{view.name}_xpu3.h"),
                ("plugin_xpu3sim.cc.j2", f"plugin/{view.name}_xpu3sim.cc"),
                ("xpu3_device_launch.xpu.j2", f"xpu3_device/{view.name}_launch.xpu"),
            ):
                files[path] = _env.get_template(template).render(op=view, banner=banner)
    sources = [v.source for v in views]
    files["paddle/module.cc"] = _env.get_template("module.cc.j2").render(
        ops=views, banner=_banner("//", sources)
    )
    exports = sorted([v.name for v in views] + [e[0] for v in views for e in v.enums])
    for template, path in (
        ("ops.py.j2", "python/__init__.py"),
        ("ops.pyi.j2", "python/__init__.pyi"),
    ):
        files[path] = _env.get_template(template).render(
            ops=views, exports=exports, banner=_banner("#", sources)
        )
    return files


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
    """Format every C++ file with clang-format and every Python file with ruff:
    one process per language for all files that are not in ``cache`` (a
    directory of formatted texts keyed by the hash of what they depend on)."""
    tools = {
        _CPP: (_tool("clang-format"), root / ".clang-format"),
        _PY: (_tool("ruff"), root / "pyproject.toml"),
    }
    fingerprints = {kind: _fingerprint(*tool) for kind, tool in tools.items()}
    formatted: dict[str, str] = {}
    pending: dict[tuple[str, ...], dict[str, str]] = {_CPP: {}, _PY: {}}
    keys: dict[str, str] = {}
    for path, text in files.items():
        kind: tuple[str, ...] | None = (
            _CPP if path.endswith(_CPP) else _PY if path.endswith(_PY) else None
        )
        if kind is None:
            formatted[path] = text
            continue
        digest = hashlib.sha256(fingerprints[kind])
        digest.update(Path(path).suffix.encode() + b"\0" + text.encode())
        keys[path] = digest.hexdigest()
        hit = cache / keys[path] if cache is not None else None
        if hit is not None and hit.is_file():
            formatted[path] = hit.read_text(encoding="utf-8")
        else:
            pending[kind][path] = text
    for language, todo in pending.items():
        if not todo:
            continue
        tool, config = tools[language]
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for path, text in todo.items():
                target = Path(tmp) / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                paths.append(target)
            if language == _CPP:
                _run_formatter([tool, f"--style=file:{config}", "-i"], paths)
            else:
                _run_formatter([tool, "format", "--quiet", "--config", str(config)], paths)
            for path, target in zip(todo, paths, strict=True):
                formatted[path] = target.read_text(encoding="utf-8")
        if cache is not None:
            for path in todo:
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
    the libraries that parse and render, and the formatters with their configuration."""
    digest = hashlib.sha256(f"jinja2 {jinja2.__version__} pyyaml {yaml.__version__}\0".encode())
    shown = spec_dir.relative_to(root) if spec_dir.is_relative_to(root) else spec_dir
    digest.update(str(shown).encode() + b"\0")
    for path in sorted(spec_dir.glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for path in sorted(Path(__file__).parent.rglob("*")):
        if path.suffix in (".py", ".j2"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(_fingerprint(_tool("clang-format"), root / ".clang-format"))
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
    """Write what changed (atomically: a reader never sees half a file) and remove stale files."""
    for path in diff.changed:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(files[path], encoding="utf-8")
        tmp.replace(target)
    for path in diff.stale:
        (out / path).unlink()


__all__ = [
    "Diff",
    "FormatFailed",
    "ToolMissing",
    "cached_output",
    "compare",
    "format_files",
    "render",
    "store_output",
    "write",
]
