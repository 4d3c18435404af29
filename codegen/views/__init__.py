"""Views of the model, one per calling convention, each built from the model
alone: the kernel declarations (kernel.py, per kind), the framework-free entry
(entry.py), the launchers (launcher.py, per kind and backend), the Paddle op
with its binding (paddle.py) and the Python API (python.py); the op pages
have theirs in codegen/reference.py. A template renders one view and only
substitutes; emit.py decides which templates an op gets from the kinds it
names (codegen/kinds.py)."""

from __future__ import annotations

from dataclasses import dataclass

from codegen.kinds import kinds_of
from codegen.model import Op
from codegen.views.entry import EntryView, entry_view
from codegen.views.kernel import KernelDeclView, decl_views
from codegen.views.launcher import LauncherView, launcher_view
from codegen.views.paddle import PaddleOpView, paddle_view
from codegen.views.python import PythonView, python_view


@dataclass(frozen=True)
class Rendering:
    """One generated file of an op: its template, its path under generated/
    and the view the template substitutes from."""

    template: str
    path: str
    view: KernelDeclView | EntryView | LauncherView | PaddleOpView


@dataclass(frozen=True)
class OpViews:
    name: str
    source: str
    files: tuple[Rendering, ...]  # the op's own generated C++ files
    python: PythonView  # its part of the shared Python files


ENTRY = (("plugin.h.j2", "plugin/{op}.h"), ("plugin.cc.j2", "plugin/{op}.cc"))
PADDLE = ("paddle_op.cc.j2", "paddle/{op}.cc")


def op_views(op: Op) -> OpViews:
    files = [Rendering(d.template, d.path, d) for d in decl_views(op)]
    entry = entry_view(op)
    files += [Rendering(t, p.format(op=op.name), entry) for t, p in ENTRY]
    files.append(Rendering(PADDLE[0], PADDLE[1].format(op=op.name), paddle_view(op)))
    for kind in kinds_of(op.kernels):
        for launcher in kind.launchers:
            files.append(
                Rendering(
                    launcher.template,
                    launcher.path.format(op=op.name),
                    launcher_view(op, kind, launcher),
                )
            )
    return OpViews(op.name, op.source, tuple(files), python_view(op))


__all__ = ["OpViews", "Rendering", "op_views"]
