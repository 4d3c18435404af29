"""Layer 3 of `opforge-dev import` (inferring the model): a function's body,
and the calls it makes into the file, read for what they do with the op's
tensors: the dims they read, the dtypes they read them as, the writes through
them, the tensors they make and return, the environment they read."""

from __future__ import annotations

import re

from opforge_dev.importer.dtypes import TypeReader
from opforge_dev.importer.environment import env_value
from opforge_dev.importer.facts import (
    MAX_DEPTH,
    MAX_ENV,
    MAX_SCANNED,
    MAX_VISITS,
    AttrDraft,
    DimDraft,
    Draft,
    Fact,
    Made,
    Returned,
    Scope,
)
from opforge_dev.importer.vocabulary import (
    CREATORS,
    DISPATCH,
    SCALAR_TYPES,
    TODO,
    WRITES,
    as_int,
    base_type,
    is_tensor,
    name_ok,
    writable_pointer,
)


class BodyReader(TypeReader):
    """Reads the bodies of the kernel function and the file's functions it calls."""

    # ---- a function's body, and the calls it makes into the file

    def visit(self, scope: Scope, depth: int) -> Returned | None:
        """Read ``scope.fn``'s body, following calls into the file's functions;
        what its return statement returns (locals, in their scope)."""
        key = scope.key()
        if key in self.memo or len(self.memo) >= MAX_VISITS or depth > MAX_DEPTH:
            return self.memo.get(key)
        start, end = scope.fn.body
        self.scanned += end - start
        if self.scanned > MAX_SCANNED:
            if not self.stopped:
                self.stopped = True
                self.problems.append(
                    f"stopped following calls at {scope.fn.name} ({self.at(scope.fn.line)}): "
                    f"{MAX_SCANNED} tokens of function bodies read"
                )
            return None
        self.memo[key] = None
        src = self.src
        returned: Returned | None = None
        labels = self.regions(scope.fn).labels  # a statement may follow `case X:`
        i = start + 1
        while i < end:
            tok = src.toks[i]
            if tok.kind == "id" and (
                src.text(i - 1) in (";", "{", "}") or tok.text == "return" or i - 1 in labels
            ):
                stop = src.statement_end(i, end)
                if tok.text == "return":
                    for k in range(i + 1, stop):
                        if src.kind(k) == "id":
                            self.access(scope, k)
                    got = self.returns(scope, i + 1, stop, depth)
                    returned = got if got is not None else returned
                    i = stop
                    continue
                self.statement(scope, i, stop)
            if tok.kind == "id":
                if tok.text in DISPATCH and src.text(i + 1) == "(":
                    self.dispatch(scope, i)
                elif tok.text == "getenv" and src.text(i + 1) == "(":
                    self.env(scope, i)
                else:
                    self.access(scope, i)
                    self.call(scope, i, depth)
            i += 1
        self.memo[key] = returned
        return returned

    def statement(self, scope: Scope, a: int, b: int) -> None:
        """``[type] NAME = EXPR;`` at the statement's top level."""
        src = self.src
        k = a
        while k < b:
            if src.closes(k) > k:
                k = src.closes(k) + 1
                continue
            if src.text(k) == "=":
                break
            k += 1
        if k >= b or k == a or src.kind(k - 1) != "id":
            return
        self.assign(scope, src.text(k - 1), src.span(a, k - 1), k + 1, b)

    def assign(self, scope: Scope, name: str, decl: str, a: int, b: int) -> None:
        src = self.src
        line = src.line(a)
        a, b = src.unwrap(a, b)
        ref = self.tensor_at(scope, a)
        if ref is not None:
            key, k = ref
            if src.is_(k, ".", "shape", "(", ")") or src.is_(k, ".", "dims", "(", ")"):
                if k + 4 == b:
                    scope.shapes[name] = key
                elif src.text(k + 4) == "[" and src.closes(k + 4) + 1 == b:
                    axis = as_int(src.span(k + 5, b - 1))
                    if axis is not None:
                        self.read_dim(scope, name, key, axis, line, src.span(a, b))
                return
            if src.is_(k, ".", "copy_to", "(") and src.closes(k + 2) + 1 == b:
                self.make(
                    scope, name, Made(None, key, Fact(f"={key}", line, "copy_to"), line, "copy_to")
                )
                scope.copies[name] = key
                place = src.span(k + 3, b - 1).split(",")[0]
                if "CPUPlace" not in place and "@" not in key and not self.drafts[key].host_hint:
                    # Copied to a device place to be used there: it may live in host memory.
                    self.drafts[key].host_hint = (
                        f"the source copies it to {place} ({self.at(line)}): if it lives in host "
                        "memory, add host: true"
                    )
                return
            if src.text(k + 1) in ("data", "mutable_data") and "*" in decl:
                scope.pointers[name] = (key, writable_pointer(decl))
                return
        if src.text(a) in scope.shapes and src.text(a + 1) == "[" and src.closes(a + 1) + 1 == b:
            axis = as_int(src.span(a + 2, b - 1))
            if axis is not None:
                self.read_dim(scope, name, scope.shapes[src.text(a)], axis, line, src.span(a, b))
            return
        target = a + 1 if src.text(a) == "&" else a
        if src.text(target) in src.functions and src.text(target + 1) == "<":
            # `f = &Kernel<paddle::DataType::FLOAT16>;`, called later as `f(...)`.
            targs, after = src.template_args(target + 1)
            if after == b and len(scope.targets.get(name, [])) < 8:
                scope.targets.setdefault(name, []).append((src.text(target), targs, a))
            return
        if src.is_(a, "const_cast", "<") and "*" in decl:
            close = src.angle_close(a + 1)
            inner = self.tensor_at(scope, close + 2) if close > 0 else None
            if inner is not None:
                scope.pointers[name] = (inner[0], True)
            return
        if self.creation(scope, name, a, b, line):
            return
        value = self.value_read(scope, a, b)
        if value is not None:
            self.value_sizes[name] = (value, line)
            scope.dims[name] = name
            return
        if base_type(decl) in SCALAR_TYPES or decl.split()[-1:] == ["auto"]:
            expr = self.dim_expr(scope, a, b)
            if isinstance(expr, str) and not expr.isdigit():
                scope.dims[name] = expr  # a local holding dims: `int n = bsz * len;`

    def read_dim(self, scope: Scope, local: str, key: str, axis: int, line: int, how: str) -> None:
        dim = self.dim_of.get((key, axis))
        if dim is None:
            fallback = f"{self.drafts[key].name}_dim{axis}"
            dim = next(
                (c for c in (local, fallback) if name_ok(c) and c not in self.taken()),
                f"dim{len(self.dims)}",
            )
            self.dims[dim] = DimDraft(dim, f"{how}, {self.at(line)}")
            self.dim_of[(key, axis)] = dim
        scope.dims[local] = dim
        self.drafts[key].axes.setdefault(axis, Fact(dim, line, how))

    def access(self, scope: Scope, i: int) -> None:
        """``x.data<T>()``, ``x.mutable_data<T>()``, ``const_cast<T*>(x.data<T>())``,
        ``x.shape()[k] == dim``, and writes through a pointer to a tensor."""
        src = self.src
        ref = self.tensor_at(scope, i)
        if ref is not None:
            key, k = ref
            name, member = src.text(i), src.text(k + 1)
            if src.text(k) not in (".", "->"):
                return
            if member in ("data", "mutable_data") and src.text(k + 2) == "<":
                close = src.angle_close(k + 2)
                if close > 0:
                    cpp = src.span(k + 3, close)
                    self.dtype_fact(scope, key, cpp, k, f"{name}.{member}<{cpp}>()")
                # A writable pointer to it is no write: FastDeploy const_casts inputs
                # it only reads, to pass them to APIs taking non-const pointers.
                # A write is an assignment through the pointer (here, or through
                # a local or a parameter it is handed to, in access below).
                if member == "mutable_data" and close > 0 and src.text(close + 1) == "(":
                    how = f"{name}.mutable_data<...>()"
                    self.cast(key, how, i, src.closes(close + 1), src.line(i))
                elif src.text(i - 1) == "(" and src.text(src.angle_open(i - 2) - 1) == "const_cast":
                    how = f"const_cast<...>({name}.data<...>())"
                    self.cast(key, how, src.angle_open(i - 2) - 1, src.closes(i - 1), src.line(i))
            elif member in ("shape", "dims") and src.is_(k + 2, "(", ")", "["):
                self.compared(scope, key, k + 4, i)
            return
        if src.text(i) in scope.shapes and src.text(i + 1) == "[":
            self.compared(scope, scope.shapes[src.text(i)], i + 1, i)
            return
        pointer = scope.pointers.get(src.text(i))
        if pointer is not None and pointer[1] and src.text(i - 1) not in (".", "->", "::"):
            if self.writes_through(i, i):
                how = f"{src.text(i)}[...] assigned in {scope.fn.name}"
                self.write(pointer[0], Fact("", src.line(i), how))

    def cast(self, key: str, how: str, first: int, last: int, line: int) -> None:
        """A writable pointer made to a tensor's data, tokens [first, last]:
        a write if assigned through right there, else only a pointer."""
        if self.writes_through(first, last):
            self.write(key, Fact("", line, f"{how}[...] assigned"))
        else:
            self.drafts[key].casts.append(Fact("", line, how))

    def writes_through(self, first: int, last: int) -> bool:
        """Whether the pointer expression [first, last] is assigned through:
        ``p[...] = v`` (or ``+=``, ``++p[...]``...), ``*p = v``."""
        src = self.src
        if src.text(last + 1) == "[":
            after = src.closes(last + 1) + 1
            return src.text(after) in WRITES or src.text(first - 1) in ("++", "--")
        deref = src.text(first - 1) == "*" and src.text(first - 2) in (";", "{", "}", "(")
        return deref and src.text(last + 1) in WRITES

    def compared(self, scope: Scope, key: str, bracket: int, start: int) -> None:
        """``x.shape()[k] == dim`` or ``dim == x.shape()[k]``: the axis is that dim."""
        src = self.src
        close = src.closes(bracket)
        axis = as_int(src.span(bracket + 1, close))
        if axis is None:
            return
        other = ""
        if src.text(close + 1) == "==" and src.text(close + 3) in (",", ")", "&&", ";"):
            other = src.text(close + 2)
        elif src.text(start - 1) == "==" and src.text(start - 3) in ("(", "&&", ","):
            other = src.text(start - 2)
        dim = scope.dims.get(other, "")
        if dim in self.dims and (key, axis) not in self.dim_of and "@" not in key:
            self.dim_of[(key, axis)] = dim
            how = f"{src.span(start, close + 1)} == {other}"
            self.drafts[key].axes.setdefault(axis, Fact(dim, src.line(start), how))

    def call(self, scope: Scope, i: int, depth: int) -> Returned | None:
        """A call of a function of the file: ``F(...)``, ``F<T>(...)``,
        ``K<<<grid, block>>>(...)``; visits it with what its parameters receive."""
        src = self.src
        name = src.text(i)
        if src.text(i - 1) in (".", "->") or (
            name not in src.functions and name not in scope.targets
        ):
            return None
        k = i + 1
        targs: list[str] = []
        if src.text(k) == "<" and not src.is_(k, "<", "<", "<"):
            targs, k = src.template_args(k)
        if src.is_(k, "<", "<", "<"):  # a CUDA launch configuration
            k = src.angle_close(k + 2) + 2 if src.angle_close(k + 2) > 0 else k
            while src.text(k) == ">":
                k += 1
        if src.text(k) != "(":
            return None
        args = src.items(k)
        if name in src.functions:
            return self.enter(scope, name, targs, i, args, depth)
        returned = None
        for target, target_args, at in scope.targets[name]:  # a function pointer
            returned = self.enter(scope, target, target_args, at, args, depth) or returned
        return returned

    def enter(
        self,
        scope: Scope,
        name: str,
        targs: list[str],
        i: int,
        args: list[tuple[int, int]],
        depth: int,
    ) -> Returned | None:
        """Visits the function ``name`` of the file, instantiated with ``targs``
        at token ``i``, with the arguments [a, b) of ``scope``."""
        src = self.src
        fn = src.function(name, len(args))
        if fn is None or fn.body[0] <= i <= fn.body[1]:
            return None
        base = Scope(fn)
        for param, (start, stop) in zip(fn.params, args, strict=False):
            a, b = src.unwrap(start, stop)
            arg = src.text(a)
            if b == a + 1 and src.kind(a) == "id":
                if arg in scope.tensors and is_tensor(param.type):
                    base.tensors[param.name] = scope.tensors[arg]
                elif arg in scope.pointers and "*" in param.type:
                    key, writable = scope.pointers[arg]
                    base.pointers[param.name] = (key, writable and writable_pointer(param.type))
                elif arg in scope.attrs:
                    base.attrs[param.name] = scope.attrs[arg]
                elif arg in scope.dims:
                    base.dims[param.name] = scope.dims[arg]
                elif arg in scope.shapes:
                    base.shapes[param.name] = scope.shapes[arg]
                continue
            if src.is_(a, "const_cast", "<"):
                close = src.angle_close(a + 1)
                a = close + 2 if close > 0 else a
            ref = self.tensor_at(scope, a)
            if ref is not None and src.text(ref[1] + 1) in ("data", "mutable_data"):
                if "*" in param.type:
                    base.pointers[param.name] = (ref[0], writable_pointer(param.type))
        # Each binding of the template parameters is a visit of its own.
        bindings: list[dict[str, tuple[str, str]]] = [{}]
        for tparam, targ in zip(fn.tparams, targs, strict=False):
            options = self.type_arg(scope, targ, name, tparam, i)
            bindings = [{**b, tparam: o} for b in bindings for o in options] or bindings
        returned = None
        branch = self.branch_at(scope, i)
        for binding in bindings[:8]:
            inner = Scope(fn, dict(base.tensors), dict(base.pointers), dict(base.attrs))
            inner.dims, inner.shapes, inner.types = dict(base.dims), dict(base.shapes), binding
            inner.branch = branch
            returned = self.visit(inner, depth + 1) or returned
        return returned

    # ---- what the kernel makes and returns

    def make(self, scope: Scope, local: str, made: Made) -> None:
        key = f"{scope.fn.name}@{self.src.path}:{scope.fn.line}:{local}"  # unique across files
        self.drafts[key] = Draft(local, made.line, made=made)
        if made.dtype is not None:
            self.drafts[key].dtypes.append(made.dtype)
        scope.tensors[local] = key

    def creation(self, scope: Scope, local: str, a: int, b: int, line: int) -> bool:
        """``paddle::full({...}, value, dtype, place)``, ``empty``, ``*_like``, ``GetEmptyTensor``."""
        src = self.src
        k = a + 2 if src.is_(a, "paddle", "::") else a
        k = k + 2 if src.is_(k, "experimental", "::") else k
        fn = src.text(k)
        if fn not in (*CREATORS, "GetEmptyTensor") or src.text(k + 1) != "(":
            return False
        if src.closes(k + 1) + 1 != b:
            return False
        args = src.items(k + 1)
        how = fn if fn == "GetEmptyTensor" else f"paddle::{fn}"
        if not args:
            return False
        if fn.endswith("_like"):
            ref = self.tensor_at(scope, args[0][0])
            like = ref[0] if ref is not None and ref[1] == args[0][1] else ""
            has_dtype = len(args) >= (3 if fn.startswith(("full", "ones", "zeros")) else 2)
            dtype = self.dtype_arg(scope, args[-1] if has_dtype else (0, 0), line)
            if dtype is None and like:
                dtype = Fact(f"={like}", line, f"{how}({src.text(args[0][0])})")
            self.make(scope, local, Made(None, like, dtype, line, how))
            return True
        dtype_at = 2 if fn in ("full",) else 1
        dtype = self.dtype_arg(scope, args[dtype_at], line) if len(args) > dtype_at else None
        a0, b0 = args[0]
        if src.text(a0) == "{" and src.closes(a0) == b0 - 1:
            exprs = []
            for x, y in src.items(a0):
                got = self.dim_expr(scope, x, y)
                exprs.append(got if isinstance(got, str) else f"{TODO}:{got[0]}")
            self.make(scope, local, Made(exprs, "", dtype, line, how))
            return True
        ref = self.tensor_at(scope, a0)
        like = ""
        if ref is not None and src.is_(ref[1], ".", "shape", "(", ")"):
            like = ref[0]
        elif src.text(a0) in scope.shapes and b0 == a0 + 1:
            like = scope.shapes[src.text(a0)]
        self.make(
            scope,
            local,
            Made(None if like else [f"{TODO}:'{src.span(a0, b0)}'"], like, dtype, line, how),
        )
        return True

    def returns(self, scope: Scope, a: int, b: int, depth: int) -> Returned | None:
        """``return {a, b};`` (locals), or ``return F(...);`` (what F returns)."""
        src = self.src
        if src.is_(a, "std", "::", "vector") and src.text(a + 3) == "<":
            a = src.angle_close(a + 3) + 1
        if src.text(a) == "{" and src.closes(a) == b - 1:
            return [
                (src.text(x) if y == x + 1 and src.kind(x) == "id" else "", scope)
                for x, y in src.items(a)
            ]
        if src.kind(a) == "id" and (src.text(a) in src.functions or src.text(a) in scope.targets):
            return self.call(scope, a, depth)
        return None

    # ---- dim expressions

    def dim_expr(self, scope: Scope, a: int, b: int) -> str | tuple[str]:
        """Tokens [a, b) as a dim expression over dims and attribute-set dims,
        or (why not,)."""
        src = self.src
        a, b = src.unwrap(a, b)
        shown = f"'{src.span(a, b)}'"
        out: list[str] = []
        for k in range(a, b):
            tok = src.toks[k]
            if tok.kind == "num":
                value = as_int(tok.text)
                if value is None:
                    return (f"{shown} is not an integer size",)
                out.append(str(value))
            elif tok.kind == "id" and tok.text in scope.dims:
                expr = scope.dims[tok.text]
                out.append(expr if re.fullmatch(r"\w+", expr) else f"({expr})")
            elif tok.kind == "id" and tok.text in scope.attrs:
                out.append(self.attr_dim(scope.attrs[tok.text], tok.text))
            elif tok.kind == "id":
                return (f"{shown}: '{tok.text}' is no dim or attribute the source reads",)
            elif tok.text in ("+", "-", "*", "(", ")"):
                out.append(tok.text)
            elif tok.text == "/":
                out.append("//")
            else:
                return (f"{shown} is not a size expression",)
        text = " ".join(out).replace("( ", "(").replace(" )", ")")
        if not text or text.startswith("-"):
            return (f"{shown} is not known before the kernel runs",)
        return text

    def attr_dim(self, attr: str, local: str) -> str:
        """The dim an attribute sets, one per attribute. Named once every function
        is read (name_attr_dims): after a local name the source gives it other
        than the attribute's own, which a dim cannot share."""
        self.attr_locals.setdefault(attr, []).append(local)
        placeholder = f"{attr}__dim"  # '__' is in no valid name
        self.dims.setdefault(
            placeholder, DimDraft(placeholder, f"set by the attribute {attr}", attr)
        )
        return placeholder

    # ---- a tensor holding a size

    def value_read(self, scope: Scope, a: int, b: int) -> str | None:
        """``x.data<T>()[0]`` (or ``*x.data<T>()``) of an input or its host copy:
        the input whose value is read."""
        src = self.src
        k = a + 1 if src.text(a) == "*" else a
        key = scope.copies.get(src.text(k)) or scope.tensors.get(src.text(k))
        if key is None or "@" in key or not src.is_(k + 1, ".", "data", "<"):
            return None
        close = src.angle_close(k + 3)
        if close < 0 or not src.is_(close + 1, "(", ")"):
            return None
        end = close + 3
        if (src.text(a) == "*" and end == b) or (src.is_(end, "[", "0", "]") and end + 3 == b):
            return key
        return None

    # ---- environment variables

    def env(self, scope: Scope, i: int) -> None:
        src = self.src
        if src.text(i - 1) == "::" and src.text(i - 2) != "std":
            return
        if not (src.kind(i + 2) == "str" and src.text(i + 3) == ")"):
            return
        var = src.text(i + 2)
        if any(a.how.startswith(f'getenv("{var}")') for a in self.env_attrs):
            return
        if len(self.env_attrs) >= MAX_ENV:
            note = f"environment variables after the first {MAX_ENV} ({self.at(src.line(i))} on)"
            if note.split(" (")[0] not in " ".join(self.problems):
                self.problems.append(note)
            return
        name, kind, default, why = env_value(src, i, *scope.fn.body)
        base = var.lower().removeprefix("flags_")
        taken = self.taken()
        chosen = next((c for c in (name, base) if c and name_ok(c) and c not in taken), TODO)
        self.env_attrs.append(
            AttrDraft(
                chosen,
                kind or TODO,
                src.line(i),
                f'getenv("{var}") in {scope.fn.name}, {self.at(src.line(i))}',
                doc=f"TODO, what it selects (it was the environment variable {var})",
                default=default or TODO,
                why=why,
            )
        )
