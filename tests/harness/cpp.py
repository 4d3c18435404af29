"""C++ harnesses of the generated code, built from the op's calling
conventions (codegen.api): a harness declares its functions and calls the
entry, the launchers and its own helpers through ``Signature`` objects, so
declaration and call come from the same parameters and nothing joins a
parameter list by hand. Every harness compiles through tools/build.py's
``build_harness`` (one compile command per flag set; no test has its own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from codegen import api
from codegen.cpp import number
from codegen.kinds import HOST_ELEM, KernelKind, kinds_of
from codegen.model import AttrType, DType, Op, Tensor
from codegen.views import ENTRY
from tests.harness import draw, spec
from tools.build import MAIN, build_harness, write_if_changed

GENERATED = MAIN.generated
# Where the generator writes an op's framework-free entry (header, source).
ENTRY_HEADER, ENTRY_SOURCE = (path for _, path in ENTRY)


def entry_header(op: Op) -> str:
    """The entry's header, as a harness includes it."""
    return ENTRY_HEADER.format(op=op.name)


def entry_source(op: Op, generated: Path = GENERATED) -> Path:
    return generated / ENTRY_SOURCE.format(op=op.name)


# ---------------------------------------------------------------- parameters


def params(sig: api.Signature, kind: api.Kind) -> tuple[api.Param, ...]:
    return tuple(p for p in sig.params if p.kind is kind)


def tensor_params(sig: api.Signature) -> tuple[api.Param, ...]:
    return params(sig, api.Kind.TENSOR)


def elem(t: Tensor, dtype: DType | None = None) -> str:
    """`t`'s C++ element type in a call whose dtype set took `dtype` (None: the
    set's template parameter)."""
    return api.elem_of(t).render(dtype)


def buffer(p: api.Param, dtype: DType | None, data: str, count: int | str) -> str:
    """The argument of a buffer parameter: `count` elements at `data` (any
    pointer expression), in the parameter's own type."""
    assert p.tensor is not None, f"{p.name} is no tensor parameter"
    pointer = f"reinterpret_cast<{elem(p.tensor, dtype)}*>({data})"
    return f"{p.type.render(dtype)}{{{pointer}, {count}}}"


def first_dtype(op: Op) -> DType | None:
    """The dtype a harness instantiates a dtype-set op with: the set's first."""
    return op.dtype_vars[0].choices[0] if op.dtype_vars else None


def template_args(dtype: DType | None) -> str:
    """The template argument of a host call of a dtype-set function ("" without one)."""
    return HOST_ELEM[dtype] if dtype is not None else ""


def attr_values(op: Op, dims: Mapping[str, int]) -> dict[str, str]:
    """A valid C++ value of every attribute: one that sets a dim, that dim's
    value (an int list, that many elements); an enum its first member; a bool
    false; an int list its shortest, each element nearest 0 in its bounds; any other its default, or its minimum (1 without
    one)."""
    values = {}
    for a in op.attrs:
        set_dim = spec.dim_of_attr(op, a.name)
        if a.enum is not None:
            values[a.name] = f"opforge::{op.name}::{a.enum.name}::{a.enum.members[0][0]}"
        elif a.type is AttrType.BOOL:
            values[a.name] = "false"
        elif a.is_list:
            # A temporary vector outlives the call it is an argument of.
            length = dims[set_dim] if set_dim is not None else None
            elements = ", ".join(number(v, "int64_t") for v in draw.least_list(a, length))
            element = HOST_ELEM[api.list_dtype(a)]
            values[a.name] = f"opforge::list_buffer(std::vector<{element}>{{{elements}}})"
        elif set_dim is not None:
            values[a.name] = str(dims[set_dim])
        elif a.default is not None:
            values[a.name] = repr(a.default)
        elif a.type is AttrType.FLOAT:
            values[a.name] = repr(float(a.min if a.min is not None else 1.0))
        else:
            values[a.name] = str(int(a.min) if a.min is not None else 1)
    return values


def form_values(op: Op) -> dict[str, str]:
    """The form argument of every tensor with shape alternatives: 0, the first
    shape the spec lists (what spec.shape and spec.numel size by default)."""
    return {t.form_field: "0" for t in op.tensors if t.forms}


def signature(name: str, parameters: Sequence[api.Param], tparam: str = "") -> api.Signature:
    """A harness's own function (declared with ``defn()``, called with ``call``)."""
    return api.Signature(name, name, tuple(parameters), tparam=tparam)


def param(name: str, ctype: str, kind: api.Kind = api.Kind.CONTEXT) -> api.Param:
    return api.Param(name, api.CType(ctype), kind)


# ---------------------------------------------------------------- stub kernels


ABORT = "std::abort();"


def _stub(op: Op, kind: KernelKind, body: str = ABORT) -> list[str]:
    """A definition of the op's kernel of `kind` doing `body` (by default:
    abort), by its qualified name (so it must match the generated
    declaration), and its explicit instantiations."""
    sig = api.kernel(op, kind)
    head = sig.out_of_class(kind.define_prefix)
    return [f"{head} {{ {body} }}", *sig.instantiations(op, True)]


def _launcher_stub(op: Op, kind: KernelKind, body: str = ABORT) -> list[str]:
    parts = []
    for launcher in kind.launchers:
        if launcher.built:  # the others are only compiled by the kind's own toolchain
            sig = api.launch(op, launcher)
            parts.append(
                f"namespace opforge::{op.name} {{\n{sig.defn()} {{ {body} }}\n"
                + "\n".join(sig.instantiations(op, qualified=False))
                + "\n}"
            )
    return parts


def stub_kernels(op: Op, body: str) -> str:
    """Definitions doing `body` of everything run() reaches past its checks:
    each kernel it calls directly, each launcher it calls."""
    parts = []
    for kind in kinds_of(op.kernels):
        if kind.direct_backend:
            parts += _stub(op, kind, body)
        parts += _launcher_stub(op, kind, body)
    return "\n".join(parts)


def aborting_kernels(op: Op) -> str:
    """Definitions that abort of everything run() reaches past its checks; a
    harness of the entry links them where a call must never reach a kernel."""
    return stub_kernels(op, ABORT)


def link_check_sources(op: Op, generated: Path, where: Path) -> list[Path]:
    """The units of a harness that links the op's framework-free C++ (the
    entry, and every launcher the default build compiles) against kernels
    that abort, with a main that calls nothing: compiling and linking it checks
    the generated code against its own declarations."""
    main = where / "main.cc"
    write_if_changed(main, "int main() { return 0; }\n")
    sources = [main, entry_source(op, generated)]
    for kind in kinds_of(op.kernels):
        stub = where / f"{op.name}_{kind.name}_stub.cc"
        text = "\n".join(_stub(op, kind))
        write_if_changed(stub, f'#include <cstdlib>\n#include "{kind.decl(op.name)}"\n\n{text}\n')
        sources.append(stub)
        sources += [generated / x.path.format(op=op.name) for x in kind.launchers if x.built]
    return sources


def link_check_unity(ops: Sequence[Op], where: Path) -> Path:
    """One unit holding what ``link_check_sources`` compiles, for several ops
    at once (each in its own namespace, opforge::<op>, so their names must
    differ): the runtime's headers are parsed once for all of them, which is
    what makes compiling every accepted spec of a fuzz run affordable."""
    assert len({op.name for op in ops}) == len(ops), "ops of one unit need distinct names"
    lines = ["#include <cstdlib>"]
    for op in ops:
        lines.append(f'#include "{ENTRY_SOURCE.format(op=op.name)}"')
        for kind in kinds_of(op.kernels):
            lines.append(f'#include "{kind.decl(op.name)}"')
            lines += _stub(op, kind)
            lines += [f'#include "{x.path.format(op=op.name)}"' for x in kind.launchers if x.built]
    lines.append("int main() { return 0; }")
    unit = where / "unity.cc"
    write_if_changed(unit, "\n".join(lines) + "\n")
    return unit


# ---------------------------------------------------------------- building


class HarnessBuildFailed(AssertionError):
    pass


def build(
    sources: list[Path],
    binary: Path,
    flavor: str = "plain",
    generated: Path | None = GENERATED,
    defines: tuple[str, ...] = (),
    kernels: Path = MAIN.kernels,
) -> Path:
    """`sources` compiled and linked into `binary` by tools/build.py's
    build_harness (incrementally; `kernels`: where the kernels among them
    come from, for their shared headers); raises HarnessBuildFailed with the
    compiler's output if it fails."""
    done = build_harness(sources, binary, flavor, generated, defines, kernels)
    if done.returncode != 0:
        raise HarnessBuildFailed(f"building {binary.name} failed:\n{done.stdout[-6000:]}")
    return binary
