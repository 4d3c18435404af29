"""Kernel declarations' views: the op's shared header (its enums and the
struct of host kernels) and each kind's declaration, from the kind's
signature convention (codegen/kinds.py)."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.api import Signature
from codegen.kinds import KernelKind, kinds_of
from codegen.model import DType, DTypeVar, Op
from codegen.views.common import DTypeVarView, dtype_var_of, enums

SHARED_DECL = "kernel_decls/{op}.h"
SHARED_TEMPLATE = "kernel_decl.h.j2"


@dataclass(frozen=True)
class KernelDecl:
    kind: str
    signature: Signature
    args: str  # its argument struct ("" where it takes its arguments as parameters)
    fields: Signature  # what it receives: the struct's fields, or its parameters
    instances: tuple[str, ...]  # explicit instantiations for the dtype set, one per dtype
    instances_macro: str  # the macro a kernel file ends with to instantiate them


@dataclass(frozen=True)
class KernelDeclView:
    name: str
    source: str
    path: str  # generated/<path>
    template: str
    shared: str  # the op's shared header, which a kind's own header includes
    uses_16bit_floats: bool  # the declarations need opforge/dtypes.h
    enums: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]
    dtype_var: DTypeVarView | None
    members: tuple[KernelDecl, ...]  # kernels declared as static members of struct Kernels
    free: tuple[KernelDecl, ...]  # kernels declared as free functions in this header
    # Launch fields its kernel reads as constants: (name, doc, value).
    constants: tuple[tuple[str, str, int], ...] = ()


def _decl(op: Op, kind: KernelKind) -> KernelDecl:
    sig = api.kernel(op, kind)
    return KernelDecl(
        kind=kind.name,
        signature=sig,
        args=kind.args if kind.receives == "struct" else "",
        fields=api.kernel_args(op, kind),
        instances=sig.instantiations(op, qualified=True),
        instances_macro=f"OPFORGE_{op.name.upper()}_{kind.name.upper()}_INSTANCES",
    )


def decl_views(op: Op) -> tuple[KernelDeclView, ...]:
    """One view per header: the shared one, then each kind's that has its own."""
    shared = SHARED_DECL.format(op=op.name)
    kinds = kinds_of(op.kernels)
    common = dict(
        name=op.name,
        source=op.source,
        shared=shared,
        uses_16bit_floats=any(
            d in (DType.FLOAT16, DType.BFLOAT16)
            for t in op.tensors
            for d in (t.dtype.choices if isinstance(t.dtype, DTypeVar) else (t.dtype,))
        ),
        enums=enums(op),
        dtype_var=dtype_var_of(op),
    )
    views = [
        KernelDeclView(
            path=shared,
            template=SHARED_TEMPLATE,
            members=tuple(_decl(op, k) for k in kinds if k.owner and k.decl(op.name) == shared),
            free=(),
            **common,  # type: ignore[arg-type]
        )
    ]
    for kind in kinds:
        if kind.decl(op.name) != shared:
            views.append(
                KernelDeclView(
                    path=kind.decl(op.name),
                    template=kind.decl_template,
                    members=(),
                    free=(_decl(op, kind),),
                    constants=tuple(
                        (f.constant, f.doc, value)
                        for f in kind.launch_fields
                        if f.constant and (value := op.launch_value(f.key)) is not None
                    ),
                    **common,  # type: ignore[arg-type]
                )
            )
    return tuple(views)
