"""Views of the model, one per calling convention, each built from the model
alone: the kernel declarations (kernel.py, per kind), the framework-free entry
(entry.py), the launchers (launcher.py, per kind and backend), the Paddle op
with its binding (paddle.py) and the Python API (python.py); the op pages
have theirs in codegen/interface_pages.py. A template renders one view and only
substitutes; emit.py decides which templates an op gets from the kinds it
names (codegen/kinds.py)."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.api import Signature
from codegen.kinds import HOST, kinds_of
from codegen.model import Op
from codegen.views.entry import EntryView, entry_view
from codegen.views.fastdeploy import FastDeployFunction, fastdeploy_functions
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
class Unit:
    """A generated file the build compiles, and how (codegen/kinds.py, CompileRule)."""

    path: str  # under generated/
    rule: str
    paddle: bool  # includes Paddle's headers (and Python.h)
    guard: str = ""  # compiled only by a toolchain defining this macro (not by the default build)


@dataclass(frozen=True)
class OpViews:
    name: str
    source: str
    files: tuple[Rendering, ...]  # the op's own generated C++ files
    python: PythonView  # its part of the shared Python files
    kernels: tuple[
        tuple[str, str, str, str], ...
    ]  # (kind, source under csrc/kernels/, rule, declaration)
    units: tuple[Unit, ...]  # which of `files` the build compiles
    fastdeploy: tuple[FastDeployFunction, ...]  # its FastDeploy forms
    cpp_call: Signature  # the exported C++ call those forms' bindings make


ENTRY = (("entry.h.j2", "entry/{op}.h"), ("entry.cc.j2", "entry/{op}.cc"))
PADDLE = ("paddle_op.cc.j2", "paddle/{op}.cc")


def op_views(op: Op) -> OpViews:
    files = [Rendering(d.template, d.path, d) for d in decl_views(op)]
    entry = entry_view(op)
    files += [Rendering(t, p.format(op=op.name), entry) for t, p in ENTRY]
    files.append(Rendering(PADDLE[0], PADDLE[1].format(op=op.name), paddle_view(op)))
    units = [Unit(ENTRY[1][1].format(op=op.name), HOST.name, False)]
    units.append(Unit(PADDLE[1].format(op=op.name), HOST.name, True))
    for kind in kinds_of(op.kernels):
        for launcher in kind.launchers:
            path = launcher.path.format(op=op.name)
            files.append(Rendering(launcher.template, path, launcher_view(op, kind, launcher)))
            units.append(Unit(path, launcher.rule.name, False, launcher.guard))
    kernels = tuple(
        (k.name, k.source(op.name).removeprefix("csrc/kernels/"), k.rule.name, k.decl(op.name))
        for k in kinds_of(op.kernels)
    )
    return OpViews(
        op.name,
        op.source,
        tuple(files),
        python_view(op),
        kernels,
        tuple(units),
        fastdeploy_functions(op),
        api.cpp_call(op),
    )


__all__ = ["OpViews", "Rendering", "Unit", "op_views"]
