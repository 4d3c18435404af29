"""Layer 3 of `opforge-dev import` (inferring the model): the element types
the source gives its tensors, fixed (``x.data<float>()``) or varying with a
template parameter or a ``PD_DISPATCH_*`` macro (a dtype set)."""

from __future__ import annotations

from opforge_dev.importer.facts import Fact, ReaderState, Scope
from opforge_dev.importer.vocabulary import CPP_DTYPES, DISPATCH, PADDLE_DTYPES


class TypeReader(ReaderState):
    """The dtypes of the tensors a reader meets."""

    def dtype_fact(self, scope: Scope, key: str, cpp: str, at: int, how: str) -> None:
        made = self.drafts[key].made
        if made is not None and made.how == "copy_to" and made.like in self.drafts:
            key = made.like  # a copy has its source's dtype
        draft = self.drafts[key]
        line = self.src.line(at)
        spelled = cpp.replace(" ", "").removeprefix("const")
        if spelled in CPP_DTYPES:
            draft.dtypes.append(Fact(CPP_DTYPES[spelled], line, how))
        elif spelled in scope.types:
            dtype, group = scope.types[spelled]
            draft.dtypes.append(Fact(dtype, line, how, group))
        elif spelled == "data_t" and any(a <= at <= b for a, b, _, _ in scope.dispatch):
            _, _, dtypes, group = next(d for d in scope.dispatch if d[0] <= at <= d[1])
            draft.dtypes.extend(Fact(d, line, how, group) for d in dtypes)
        elif len(scope.types) == 1 and len(scope.fn.tparams) == 1:
            # In a template over one dtype, another spelling of it (PDTraits<D>::data_t).
            dtype, group = next(iter(scope.types.values()))
            draft.dtypes.append(Fact(dtype, line, f"{how}, {spelled} of the template's", group))
        else:
            draft.dtypes.append(Fact(f"?{spelled}", line, how))

    def dispatch(self, scope: Scope, i: int) -> None:
        """``PD_DISPATCH_*(x.dtype(), "name", ([&] {...}))``: its data_t ranges over a set."""
        src = self.src
        members = DISPATCH[src.text(i)]
        dtypes = tuple(PADDLE_DTYPES[m] for m in members)
        group = f"{src.text(i)} at line {src.line(i)}"
        scope.dispatch.append((i, src.closes(i + 1), dtypes, group))

    def type_arg(
        self, scope: Scope, targ: str, fn: str, tparam: str, at: int
    ) -> list[tuple[str, str]]:
        """A template argument as the dtypes it binds (several inside a dispatch)."""
        spelled = targ.replace(" ", "")
        member = spelled.rsplit("::", 1)[-1]
        group = f"the template parameter {tparam} of {fn}"
        if "DataType::" in spelled and member in PADDLE_DTYPES:
            return [(PADDLE_DTYPES[member], group)]
        if spelled in CPP_DTYPES:
            return [(CPP_DTYPES[spelled], group)]
        if spelled in scope.types:
            return [scope.types[spelled]]
        if spelled == "data_t":
            for a, b, dtypes, dispatch in scope.dispatch:
                if a <= at <= b:
                    return [(d, dispatch) for d in dtypes]
        return []

    def dtype_arg(self, scope: Scope, arg: tuple[int, int], line: int) -> Fact | None:
        src = self.src
        a, b = arg
        if a >= b:
            return None
        spelled = src.span(a, b).replace(" ", "")
        member = spelled.rsplit("::", 1)[-1]
        if "DataType::" in spelled and member in PADDLE_DTYPES:
            return Fact(PADDLE_DTYPES[member], line, f"made as {spelled}")
        ref = self.tensor_at(scope, a)
        if ref is not None and src.text(ref[1] + 1) in ("dtype", "type"):
            return Fact(f"={ref[0]}", line, f"made with {src.span(a, b)}")
        if spelled in scope.types:
            dtype, group = scope.types[spelled]
            return Fact(dtype, line, f"made as {spelled}", group)
        return None
