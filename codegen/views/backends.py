"""The view of the runtime's backends, built from the registry of kernel kinds
(codegen/kinds.py) alone: the ``opforge::Backend`` enum and its names, each
kind's launch switches and the ``Context`` of a call (backends.h.j2), and the
Python backend switches (switches.py.j2). Nothing here depends on a spec, so
every tree generates the same two files."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from codegen.escape import py_docstring
from codegen.kinds import KernelKind, LaunchContext, LaunchParam, RuntimeBackend

# The largest value of a launch parameter's C++ type (None: no bound to check:
# Python's values reach the runtime as int64).
_TYPE_MAX = {"int": 2**31 - 1, "int64_t": None}


@dataclass(frozen=True)
class LaunchView:
    """One kind's launch: its struct, its checked setter, its Python block."""

    name: str  # "xpu3"
    struct: str
    doc: tuple[str, ...]
    fields: tuple[tuple[str, str, int], ...]  # (C++ type, name, default)
    getter: str
    setter: str
    simulation: str
    check: str  # the C++ function checking int64 values of every field
    condition: str  # C++: every field within its bounds
    expected: str  # the error's text up to ", got ..."
    names: str  # the fields, comma-separated (the check's arguments)
    narrowed: str  # values[i] as each field's type, comma-separated
    count: int
    stream: str  # the comment of Context::<name>_stream ("" none)
    # Python
    py_params: str  # "nclusters: int = 8, ncores: int = 64, schedule_seed: int = -1"
    py_values: str  # "[nclusters, ncores, schedule_seed]"
    simulated: str  # the backend name its simulation sets
    setter_doc: str
    simulation_doc: str


@dataclass(frozen=True)
class BackendsView:
    backends: tuple[RuntimeBackend, ...]  # in enum order
    default: RuntimeBackend  # CPU tensors' backend until a thread sets another
    host_names: tuple[str, ...]  # what set_cpu_tensor_backend accepts
    host_list: str  # ...as its error message lists them: "'cpu', 'xpu3-sim' or 'cuda-sim'"
    host_doc: str  # its docstring, listing them
    launches: tuple[LaunchView, ...]
    launch_list: str  # the launches' names, for the error naming an unknown one
    exports: tuple[str, ...]  # the Python module's __all__


def _docstring(text: str, lead: int = 4) -> str:
    """A function's docstring, its lines wrapped at 96 columns (the first after
    the opening quotes, the rest indented `lead`) and escaped."""
    pad = " " * lead
    lines = textwrap.wrap(
        text, width=96, initial_indent=pad + '"""', subsequent_indent=pad, break_on_hyphens=False
    )
    lines[0] = lines[0].removeprefix(pad + '"""')
    return "\n".join(py_docstring(line) for line in lines)


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _bound(param: LaunchParam) -> tuple[str, str]:
    """(C++ condition, its text in the error) of one parameter's bounds."""
    high = param.high if param.high is not None else _TYPE_MAX[param.type]
    low = f"{param.name} >= {param.low}"
    if high is None:
        return low, low
    return f"{low} && {param.name} <= {high}", f"{param.low} <= {param.name} <= {high}"


def _launch_view(kind: KernelKind, launch: LaunchContext) -> LaunchView:
    bounds = [_bound(p) for p in launch.params]
    texts = [text for _, text in bounds]
    joined = texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]
    device = [b.enumerator for b in kind.backends if not b.host_tensors]
    simulated = kind.simulated_backend
    assert simulated is not None  # a kind with a launch context has a simulation
    return LaunchView(
        name=launch.name,
        struct=launch.struct,
        doc=launch.doc,
        fields=tuple((p.type, p.name, p.default) for p in launch.params),
        getter=launch.getter,
        setter=launch.setter,
        simulation=launch.simulation,
        check=f"check_{launch.getter}",
        condition=" && ".join(condition for condition, _ in bounds),
        expected=f"{launch.setter}(): expected {joined}",
        names=", ".join(p.name for p in launch.params),
        narrowed=", ".join(
            f"values[{i}]" if p.type == "int64_t" else f"static_cast<{p.type}>(values[{i}])"
            for i, p in enumerate(launch.params)
        ),
        count=len(launch.params),
        stream=f"{launch.stream} for {' and '.join(device)}" if launch.stream else "",
        py_params=", ".join(f"{p.name}: int = {p.default}" for p in launch.params),
        py_values="[" + ", ".join(p.name for p in launch.params) + "]",
        simulated=simulated.name,
        setter_doc=_docstring(launch.setter_doc),
        simulation_doc=_docstring(launch.simulation_doc),
    )


def backends_view(kinds: tuple[KernelKind, ...]) -> BackendsView:
    backends = tuple(b for k in kinds for b in k.backends)
    host = [b for b in backends if b.host_tensors]
    launches = tuple(_launch_view(k, k.launch) for k in kinds if k.launch is not None)
    docs = [f"``'{b.name}'`` ({b.doc})" for b in host]
    docs[0] = docs[0].removesuffix(")") + "; the default)"
    return BackendsView(
        backends=backends,
        default=host[0],
        host_names=tuple(b.name for b in host),
        host_list=_either([f"'{b.name}'" for b in host]),
        host_doc=_docstring(
            "Choose what runs ops whose tensors are on the CPU, in the calling thread: "
            + _either(docs)
            + "."
        ),
        launches=launches,
        launch_list=_either([f"'{la.name}'" for la in launches]) if launches else "none",
        exports=tuple(
            sorted(
                [
                    "CPU_TENSOR_BACKENDS",
                    "set_cpu_tensor_backend",
                    *(name for la in launches for name in (la.setter, la.simulation)),
                ]
            )
        ),
    )


__all__ = ["BackendsView", "LaunchView", "backends_view"]
