"""Layer 3 of `opforge-dev import` (inferring the model): what the source
says about an op, as facts with their lines (a dtype, a dim, a write), and the
state a reader gathers them in."""

from __future__ import annotations

from dataclasses import dataclass, field

from opforge_dev.importer.declaration import Function, Registration, Source

MAX_VISITS = 400  # calls followed per op (memoized); real ops need a few dozen
MAX_DEPTH = 8  # call depth followed from the kernel function
MAX_SCANNED = 1_000_000  # tokens of function bodies read per op (calls re-read a body)
MAX_ENV = 32  # environment variables read per op


def where(line: int, file: str) -> str:
    """A place in a source, as the draft names it: ``line N`` when the op has
    one source file, ``file:N`` when it is read from several."""
    return f"{file}:{line}" if file else f"line {line}"


@dataclass(frozen=True)
class Fact:
    """One thing the source says, and where: a dtype, a dim, a write."""

    value: str
    line: int
    how: str
    group: str = ""  # a dtype that varies with a template parameter or dispatch: which
    # The branches over a dtype it was read in (the cases of a switch over
    # x.dtype(), or if blocks testing it): a dtype that differs between them varies.
    branch: str = ""
    file: str = ""  # set when the op is read from several files

    @property
    def where(self) -> str:
        return where(self.line, self.file)


@dataclass
class Made:
    """How the kernel makes a tensor: its shape (dim expressions, or like another)."""

    shape: list[str] | None  # "TODO:<why>" for an entry it could not read
    like: str  # the tensor whose shape it has
    dtype: Fact | None
    line: int
    how: str
    file: str = ""

    @property
    def where(self) -> str:
        return where(self.line, self.file)


@dataclass
class Draft:
    """What the source says about one tensor."""

    name: str
    line: int
    optional: bool = False
    optional_how: str = ""
    output: bool = False  # a new output (not in place)
    inplace: Fact | None = None  # the output the inplace map pairs it with (its name)
    problem: str = ""  # why it cannot be a spec tensor as it stands
    written: list[Fact] = field(default_factory=list)
    # Writable pointers made to its data (const_cast of data<T>(), mutable_data<T>())
    # that import saw no write through: code outside the file may write through them.
    casts: list[Fact] = field(default_factory=list)
    dtypes: list[Fact] = field(default_factory=list)
    axes: dict[int, Fact] = field(default_factory=dict)
    made: Made | None = None
    host_hint: str = ""  # why it may live in host memory
    shape_from: list[Fact] | None = None  # an output's shape from the infer-shape function
    like_from: str = ""  # ... or as an input's (returned shape vector)
    file: str = ""

    @property
    def where(self) -> str:
        return where(self.line, self.file)


@dataclass
class DimDraft:
    name: str
    how: str  # where the source reads it
    attr: str = ""  # the attribute that sets it


@dataclass
class AttrDraft:
    name: str
    type: str  # the spec's type or TODO
    line: int
    how: str  # for the comment: where it comes from
    doc: str = "TODO, what it selects"
    default: str = ""  # YAML, TODO, or "" (required)
    why: str = ""  # what could not be read
    min: str = ""


@dataclass
class Scope:
    """What names mean inside one function, visited from the kernel."""

    fn: Function
    tensors: dict[str, str] = field(default_factory=dict)  # local -> tensor key
    pointers: dict[str, tuple[str, bool]] = field(default_factory=dict)  # -> key, writable
    attrs: dict[str, str] = field(default_factory=dict)  # local -> attribute
    dims: dict[str, str] = field(default_factory=dict)  # local -> dim expression
    shapes: dict[str, str] = field(default_factory=dict)  # shape vector -> tensor key
    types: dict[str, tuple[str, str]] = field(default_factory=dict)  # tparam -> dtype, group
    copies: dict[str, str] = field(default_factory=dict)  # host copy -> tensor key
    dispatch: list[tuple[int, int, tuple[str, ...], str]] = field(default_factory=list)
    # Function pointers set to an instance of the file's templates (`f = &K<T>;`):
    # local -> the function, its template arguments, where set.
    targets: dict[str, list[tuple[str, list[str], int]]] = field(default_factory=dict)
    branch: str = ""  # the dtype branches of the caller this function is called in

    def key(self) -> tuple[object, ...]:
        return (
            self.fn.name,
            self.fn.line,
            self.branch,
            *(
                tuple(sorted(d.items()))
                for d in (self.tensors, self.pointers, self.attrs, self.dims, self.types)
            ),
        )


Returned = list[tuple[str, Scope]]


class ReaderState:
    """What one registration, and the functions it names, say about its op: the
    findings each reading layer adds to."""

    def __init__(self, src: Source, reg: Registration, label: str = "") -> None:
        self.src = src
        self.reg = reg
        # The source's name in the draft when the op is read from several files.
        self.label = label
        self.drafts: dict[str, Draft] = {}  # tensor key -> draft (locals too)
        self.dims: dict[str, DimDraft] = {}
        self.dim_of: dict[tuple[str, int], str] = {}  # (tensor, axis) -> dim
        self.attrs: list[AttrDraft] = []
        self.env_attrs: list[AttrDraft] = []
        self.value_sizes: dict[str, tuple[str, int]] = {}  # local -> tensor, line
        self.problems: list[str] = [f"{label}: {p}" if label else p for p in reg.problems]
        self.memo: dict[tuple[object, ...], Returned | None] = {}
        self.attr_locals: dict[str, list[str]] = {}  # attribute -> the local names of its dim
        self.scanned = 0  # tokens of bodies read (MAX_SCANNED)
        self.stopped = False
        self.blind = ""  # why the kernel's body says nothing about the tensors

    @property
    def tensors(self) -> list[Draft]:
        """The op's tensors (not the kernel's locals), in registration order."""
        return [d for key, d in self.drafts.items() if "@" not in key]

    def at(self, line: int) -> str:
        return where(line, self.label)

    def taken(self) -> set[str]:
        attrs = {a.name for a in (*self.attrs, *self.env_attrs)}
        return {t.name for t in self.tensors} | attrs | set(self.dims)

    def tensor_at(self, scope: Scope, i: int) -> tuple[str, int] | None:
        """The tensor named at ``i`` (``x``, ``x->``, ``x.get()``,
        ``x.get_ptr()->``), and the index of the '.' or '->' after it."""
        src = self.src
        key = scope.tensors.get(src.text(i))
        if key is None or src.text(i - 1) in (".", "->", "::"):
            return None
        k = i + 1
        if src.is_(k, ".", "get", "(", ")"):
            k += 4
        elif src.is_(k, ".", "get_ptr", "(", ")", "->"):
            k += 4
        return key, k

    def write(self, key: str, fact: Fact) -> None:
        self.drafts[key].written.append(fact)
