"""Layer 3 of `opforge-dev import` (inferring the model): the element types
the source gives its tensors, fixed (``x.data<float>()``) or varying (a dtype
set) with a template parameter bound at the calls (``F<float>``,
``F<paddle::DataType::BFLOAT16>``, through a function pointer or a macro), a
``PD_DISPATCH_*`` macro, or the branches over a tensor's dtype that XPU ops
write (``switch (x.dtype()) { case paddle::DataType::FLOAT16: { typedef
paddle::float16 data_t; ... x.data<data_t>() ...`` per case)."""

from __future__ import annotations

import re
from typing import NamedTuple

from opforge_dev.importer.declaration import Function, Registration, Source
from opforge_dev.importer.facts import Fact, ReaderState, Scope
from opforge_dev.importer.vocabulary import CPP_DTYPES, DISPATCH, PADDLE_DTYPES

MAX_REGIONS = 256  # type aliases and dtype branches read per function
_TRAIT = re.compile(r"[\w:]+<([^<>,]+)>::\w+")  # PDTraits<D>::data_t, XPUTypeTrait<T>::Type


class TypeRegions(NamedTuple):
    """What a function's body says about its type names, by token span."""

    aliases: list[tuple[int, int, str, str]]  # start, end, name, what it names
    branches: list[tuple[int, int, str]]  # start, end, the branches' group
    labels: set[int]  # the ':' ending each `case ...:` / `default:` label


class TypeReader(ReaderState):
    """The dtypes of the tensors a reader meets."""

    def __init__(self, src: Source, reg: Registration, label: str = "") -> None:
        super().__init__(src, reg, label)
        self.type_regions: dict[tuple[int, int], TypeRegions] = {}

    def dtype_fact(self, scope: Scope, key: str, cpp: str, at: int, how: str) -> None:
        made = self.drafts[key].made
        if made is not None and made.how == "copy_to" and made.like in self.drafts:
            key = made.like  # a copy has its source's dtype
        draft = self.drafts[key]
        line = self.src.line(at)
        spelled = cpp.replace(" ", "").removeprefix("const")
        resolved = self.resolve(scope, spelled, at)
        if resolved is not None:
            dtype, group = resolved
            branch = "" if group else self.branch_at(scope, at)
            draft.dtypes.append(Fact(dtype, line, how, group, branch))
        elif spelled == "data_t" and any(a <= at <= b for a, b, _, _ in scope.dispatch):
            _, _, dtypes, group = next(d for d in scope.dispatch if d[0] <= at <= d[1])
            draft.dtypes.extend(Fact(d, line, how, group) for d in dtypes)
        elif len(scope.types) == 1 and len(scope.fn.tparams) == 1:
            # In a template over one dtype, another spelling of it (PDTraits<D>::data_t).
            dtype, group = next(iter(scope.types.values()))
            draft.dtypes.append(Fact(dtype, line, f"{how}, {spelled} of the template's", group))
        else:
            draft.dtypes.append(Fact(f"?{spelled}", line, how))

    def resolve(self, scope: Scope, spelled: str, at: int) -> tuple[str, str] | None:
        """A type's spelling (spaces removed) at token ``at`` as a dtype, and the
        group it varies with ("" if fixed): a C++ element type, a DataType
        member, a bound template parameter, a local alias of one, or a trait
        over one (``PDTraits<D>::data_t``)."""
        for _ in range(4):  # an alias of an alias
            spelled = spelled.removeprefix("typename")
            member = spelled.rsplit("::", 1)[-1]
            if spelled in CPP_DTYPES:
                return CPP_DTYPES[spelled], ""
            if "DataType::" in spelled and member in PADDLE_DTYPES:
                return PADDLE_DTYPES[member], ""
            if spelled in scope.types:
                return scope.types[spelled]
            alias = self.alias_at(scope, spelled, at)
            trait = _TRAIT.fullmatch(spelled)
            if alias:
                spelled = alias
            elif trait:
                spelled = trait.group(1)
            else:
                return None
        return None

    def dispatch(self, scope: Scope, i: int) -> None:
        """``PD_DISPATCH_*(x.dtype(), "name", ([&] {...}))``: its data_t ranges over a set."""
        src = self.src
        members = DISPATCH[src.text(i)]
        dtypes = tuple(PADDLE_DTYPES[m] for m in members)
        group = f"{src.text(i)} at {self.at(src.line(i))}"
        scope.dispatch.append((i, src.closes(i + 1), dtypes, group))

    def type_arg(
        self, scope: Scope, targ: str, fn: str, tparam: str, at: int
    ) -> list[tuple[str, str]]:
        """A template argument as the dtypes it binds (several inside a dispatch)."""
        spelled = targ.replace(" ", "")
        resolved = self.resolve(scope, spelled, at)
        if resolved is not None:
            dtype, group = resolved
            of = f"{fn} ({self.label})" if self.label else fn  # which file's, of several
            return [(dtype, group or f"the template parameter {tparam} of {of}")]
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
            how = f"made as {spelled}"
            return Fact(PADDLE_DTYPES[member], line, how, branch=self.branch_at(scope, a))
        ref = self.tensor_at(scope, a)
        if ref is not None and src.text(ref[1] + 1) in ("dtype", "type"):
            return Fact(f"={ref[0]}", line, f"made with {src.span(a, b)}")
        if spelled in scope.types:
            dtype, group = scope.types[spelled]
            return Fact(dtype, line, f"made as {spelled}", group)
        return None

    # ---- type aliases and branches over a dtype, by span of a function's body

    def alias_at(self, scope: Scope, name: str, at: int) -> str:
        """What the innermost local alias ``name`` in force at ``at`` names."""
        found = [
            (start, target)
            for start, end, alias, target in self.regions(scope.fn).aliases
            if alias == name and start <= at <= end
        ]
        return max(found)[1] if found else ""

    def branch_at(self, scope: Scope, at: int) -> str:
        """The branches over a dtype that ``at`` lies in (the innermost), or
        those its function was called in."""
        found = [(a, g) for a, b, g in self.regions(scope.fn).branches if a <= at <= b]
        return max(found)[1] if found else scope.branch

    def regions(self, fn: Function) -> TypeRegions:
        cached = self.type_regions.get(fn.body)
        if cached is None:
            cached = self.type_regions[fn.body] = self._regions(fn)
        return cached

    def _regions(self, fn: Function) -> TypeRegions:
        """One pass over the body: ``typedef T N;`` / ``using N = T;`` (in force
        to the end of their block), the cases of a ``switch`` labelled with
        ``DataType`` members, and the blocks of an ``if`` testing ``== DataType::M``."""
        src = self.src
        start, end = fn.body
        found = TypeRegions([], [], set())
        blocks: list[int] = [start]  # the braces open at i
        switches: dict[int, str] = {}  # a switch's brace -> its group
        case_from: dict[int, int] = {}  # a switch's brace -> where its dtype case began
        tested: dict[str, str] = {}  # what an if chain tests -> its group
        for i in range(start + 1, end):
            t = src.text(i)
            if t == "{":
                blocks.append(i)
            elif t == "}" and len(blocks) > 1:
                brace = blocks.pop()
                if case_from.get(brace, -1) >= 0:
                    found.branches.append((case_from.pop(brace), i, switches[brace]))
            elif len(found.aliases) + len(found.branches) >= MAX_REGIONS:
                continue
            elif t == "switch" and src.text(i + 1) == "(":
                close = src.closes(i + 1)
                if src.text(close + 1) == "{":
                    subject = src.span(i + 2, close)
                    switches[close + 1] = f"the switch over {subject} at {self.at(src.line(i))}"
            elif t in ("case", "default") and blocks[-1] in switches:
                brace = blocks[-1]
                colon = next((k for k in range(i + 1, min(i + 16, end)) if src.text(k) == ":"), -1)
                if colon < 0:
                    continue
                began = case_from.pop(brace, -1)
                if began >= 0 and src.text(i - 1) == ":" and i - 1 in found.labels:
                    case_from[brace] = began  # `case A: case B:` share their statements
                else:
                    if began >= 0:
                        found.branches.append((began, i, switches[brace]))
                    if t == "case" and "DataType" in src.span(i + 1, colon):
                        case_from[brace] = i
                found.labels.add(colon)
            elif t == "if" and src.text(i + 1) == "(":
                close = src.closes(i + 1)
                subject = _tested(src.span(i + 2, close)) if close - i < 64 else ""
                if subject:
                    group = tested.setdefault(
                        subject, f"the branches on {subject} at {self.at(src.line(i))}"
                    )
                    block = close + 1
                    stop = (
                        src.closes(block)
                        if src.text(block) == "{"
                        else src.statement_end(block, end)
                    )
                    found.branches.append((block, stop, group))
            elif t == "typedef" and src.text(i - 1) in (";", "{", "}", ":"):
                stop = src.statement_end(i, min(end, i + 64))
                if src.kind(stop - 1) == "id" and stop - 1 > i + 1:
                    target = src.span(i + 1, stop - 1).replace(" ", "")
                    found.aliases.append((i, src.closes(blocks[-1]), src.text(stop - 1), target))
            elif t == "using" and src.kind(i + 1) == "id" and src.text(i + 2) == "=":
                stop = src.statement_end(i, min(end, i + 64))
                target = src.span(i + 3, stop).replace(" ", "")
                found.aliases.append((i, src.closes(blocks[-1]), src.text(i + 1), target))
        return found


_TESTED = re.compile(
    r"(?P<subject>.+?)==(?:paddle::|phi::)?DataType::(?P<member>\w+)"
    r"|(?:paddle::|phi::)?DataType::(?P<member2>\w+)==(?P<subject2>.+)"
)


def _tested(condition: str) -> str:
    """What an ``if`` condition compares with a DataType member (``x.dtype() ==
    paddle::DataType::FLOAT16``): the other side, or ""."""
    m = _TESTED.fullmatch(condition.replace(" ", ""))
    if m is None:
        return ""
    subject = m.group("subject") or m.group("subject2")
    member = m.group("member") or m.group("member2")
    if member not in PADDLE_DTYPES or any(op in subject for op in ("&&", "||", "==")):
        return ""
    return str(subject)
