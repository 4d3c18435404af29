"""Emitters: views -> file contents, and the writing of generated/.

Output is deterministic (sorted specs, pinned formatters), stamped with its
source spec, and a file is rewritten only when its content changes, so build
tools see real changes only.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import jinja2

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


_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(_TEMPLATES),
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


def format_files(files: dict[str, str], root: Path) -> dict[str, str]:
    formatted = {}
    clang_format = _tool("clang-format")
    ruff = _tool("ruff")
    for path, text in files.items():
        if path.endswith((".h", ".cc", ".xpu")):
            cmd = [
                clang_format,
                f"--style=file:{root / '.clang-format'}",
                f"--assume-filename={path}",
            ]
        elif path.endswith((".py", ".pyi")):
            cmd = [
                ruff,
                "format",
                "--config",
                str(root / "pyproject.toml"),
                "--stdin-filename",
                path,
                "-",
            ]
        else:
            formatted[path] = text
            continue
        result = subprocess.run(cmd, input=text, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise FormatFailed(f"formatting generated/{path} failed:\n{result.stderr}")
        formatted[path] = result.stdout
    return formatted


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


__all__ = ["Diff", "FormatFailed", "ToolMissing", "compare", "format_files", "render", "write"]
