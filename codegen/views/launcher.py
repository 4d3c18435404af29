"""A launcher's view (codegen/kinds.py, Launcher): the generated function
through which run() reaches a kind's kernel on one backend, copying buffers
to and from the memory the kernel runs in."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.cpp import COPY_IN, elem, tparam
from codegen.kinds import HOST_ELEM, KernelKind, Launcher
from codegen.model import Op, Role, Tensor
from codegen.views.common import form_names


@dataclass(frozen=True)
class LauncherTensor:
    name: str
    const: bool  # read-only to the kernel
    elem: str  # host C++ element type
    copied: bool  # gets a device copy in this launcher
    copy_in: str  # opforge::CopyIn: its values matter to the kernel (all but new outputs)
    written: bool  # the kernel writes it: copied back


@dataclass(frozen=True)
class LauncherView:
    name: str  # the op's
    source: str
    kind_decl: str  # the kernel's declaration header
    defn: str
    tensors: tuple[LauncherTensor, ...]
    clusters: str  # C++: the clusters a launch uses, from the context's count
    shape: str  # C++: a simulated launch's shape (the clusters, and a block's threads)
    summary: tuple[str, ...]  # a simulation's launcher: what it does, for its header comment
    glue: str  # ...its glue header
    sim: str  # ...and the namespace of that glue
    kernel: str  # the kernel as a function to launch (instantiated for the dtype set)
    setup: tuple[str, ...]  # statements before the launch: the kernel's argument struct, by name
    kernel_args: str
    instances: tuple[str, ...]


def _copied(launcher: Launcher, t: Tensor) -> bool:
    return launcher.copies == "all" or t.host or t.role is Role.SCRATCH


def launcher_view(op: Op, kind: KernelKind, launcher: Launcher) -> LauncherView:
    sig = api.launch(op, launcher)
    names = {d.name: d.name for d in op.dims} | form_names(op) | {a.name: a.name for a in op.attrs}
    dims = {d.name: kind.dim_arg.format(op=op.name, dim=d.name, value=d.name) for d in op.dims}
    pointers = {
        t.name: kind.pointer_arg.format(
            op=op.name,
            value=(launcher.copied if _copied(launcher, t) else launcher.direct).format(
                name=t.name
            ),
        )
        for t in op.tensors
    }
    # An int list is host memory on every backend: each launcher copies it to
    # the kernel's memory like a host-resident tensor (exactly sized under a
    # simulation, so a read past its length is caught), and passes its length.
    lists = [a for a in op.attrs if a.is_list]
    for a in lists:
        pointers[a.name] = kind.pointer_arg.format(
            op=op.name, value=launcher.copied.format(name=a.name)
        )
        dims[a.length_field] = kind.dim_arg.format(
            op=op.name, dim=a.length_field, value=f"{a.name}.size"
        )
    clusters = (
        kind.launch_width
        if op.launch_value(kind.width_cap) is None
        else kind.launch_width_capped.format(cap=op.launch_value(kind.width_cap))
    )
    kernel = kind.function
    targs = f"<{kind.template_arg.format(t=tparam(op))}>" if op.dtype_vars else ""
    kernel += targs
    fields = api.kernel_args(op, kind)
    scope = names | dims | pointers
    if kind.receives == "struct":
        # Field by field, by name, as run() fills the CPU kernel's struct.
        setup = (f"{kind.args}{targs} args;",) + tuple(
            f"args.{p.name} = {scope[p.name]};" for p in fields.params
        )
        kernel_args = "args"
    else:
        setup = ()
        kernel_args = fields.call_args(scope)
    return LauncherView(
        name=op.name,
        source=op.source,
        kind_decl=kind.decl(op.name),
        defn=sig.defn(),
        tensors=tuple(
            LauncherTensor(
                name=t.name,
                const=t.read_only,
                elem=elem(t),
                copied=_copied(launcher, t),
                copy_in=COPY_IN[t.role is not Role.OUTPUT],
                written=t.role.kernel_writes,
            )
            for t in op.tensors
        )
        + tuple(
            LauncherTensor(
                name=a.name,
                const=True,
                elem=HOST_ELEM[api.list_dtype(a)],
                copied=True,
                copy_in=COPY_IN[True],
                written=False,
            )
            for a in lists
        ),
        clusters=clusters,
        shape=launcher.shape.format(width=clusters),
        summary=tuple(line.format(op=op.name) for line in launcher.summary),
        glue=launcher.glue,
        sim=launcher.glue_namespace,
        kernel=kernel,
        setup=setup,
        kernel_args=kernel_args,
        instances=sig.instantiations(op, qualified=False),
    )
