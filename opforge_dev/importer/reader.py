"""Layer 3 of `opforge-dev import` (inferring the model): one registration
read whole, from its kernel function and its infer-shape and infer-dtype
functions, into the tensors, dims and attributes of its op."""

from __future__ import annotations

import re
from dataclasses import replace

from opforge_dev.importer.declaration import Function
from opforge_dev.importer.facts import AttrDraft, DimDraft, Draft, Fact, Returned, Scope
from opforge_dev.importer.vocabulary import (
    ATTR_TYPES,
    PADDLE_DTYPES,
    SCALAR_TYPES,
    TODO,
    base_type,
    name_ok,
)
from opforge_dev.importer.walk import BodyReader


class OpReader(BodyReader):
    """What one registration, and the functions it names, say about its op."""

    # ---- the op

    def read(self) -> None:
        reg = self.reg
        paired = {item.name for item in reg.inplace.values()}
        for item in reg.inputs:
            if item.name in self.drafts:
                self.problems.append(
                    f"{item.name!r} is listed again in .Inputs ({self.at(item.line)})"
                )
                continue
            draft = Draft(item.name, item.line, optional=item.optional, problem=item.problem)
            draft.optional_how = f'paddle::Optional("{item.name}") in .Inputs, {self.at(item.line)}'
            pair = reg.inplace.get(item.name)
            draft.inplace = Fact(pair.name, pair.line, "the inplace map") if pair else None
            self.drafts.setdefault(item.name, draft)
        for item in reg.outputs:
            if item.name in self.drafts and item.name not in paired:
                self.problems.append(
                    f"{item.name!r} is listed again in .Outputs ({self.at(item.line)})"
                )
            elif item.name not in paired:
                self.drafts[item.name] = Draft(
                    item.name, item.line, output=True, problem=item.problem
                )
        for item in reg.attrs:
            kind = ATTR_TYPES.get(item.kind, TODO)
            why = "" if kind != TODO else f"'{item.kind}' (.Attrs) has no spec attribute type"
            self.attrs.append(
                AttrDraft(item.name, kind, item.line, f".Attrs, {self.at(item.line)}")
            )
            self.attrs[-1].why = why or item.problem
        kernel = self.src.function(reg.kernel, len(reg.inputs) + len(reg.attrs))
        if kernel is None:
            self.blind = f"its kernel function {reg.kernel or '(none)'} is not in the file"
        else:
            self.read_kernel(kernel)
        shape_fn = self.src.function(reg.infer_shape) if reg.infer_shape else None
        if shape_fn is not None:
            self.read_infer_shape(shape_fn)
        dtype_fn = self.src.function(reg.infer_dtype) if reg.infer_dtype else None
        if dtype_fn is not None:
            self.read_infer_dtype(dtype_fn)
        self.read_value_sizes()
        self.name_attr_dims()
        if self.label:
            self.stamp()

    def stamp(self) -> None:
        """Names this reader's file in each finding's place (an op read from
        several files: the draft says which file each line is in)."""
        file = self.label
        for d in self.drafts.values():
            d.file = file
            d.dtypes = [replace(f, file=file) for f in d.dtypes]
            d.written = [replace(f, file=file) for f in d.written]
            d.casts = [replace(f, file=file) for f in d.casts]
            d.axes = {k: replace(f, file=file) for k, f in d.axes.items()}
            if d.inplace is not None:
                d.inplace = replace(d.inplace, file=file)
            if d.shape_from is not None:
                d.shape_from = [replace(f, file=file) for f in d.shape_from]
            if d.made is not None:
                d.made.file = file
                if d.made.dtype is not None:
                    d.made.dtype = replace(d.made.dtype, file=file)

    def read_kernel(self, fn: Function) -> None:
        scope = Scope(fn)
        tensor_params = [p for p in fn.params if "Tensor" in p.type]
        scalar_params = [p for p in fn.params if "Tensor" not in p.type]
        inputs = [item.name for item in self.reg.inputs]
        if len(tensor_params) == len(inputs):
            for p, name in zip(tensor_params, inputs, strict=True):
                scope.tensors[p.name] = name
                if "optional" in p.type and not self.drafts[name].optional:
                    self.drafts[name].optional = True
                    self.drafts[name].optional_how = f"{p.type} {p.name}, {self.at(p.line)}"
        else:
            self.problems.append(
                f"{fn.name} takes {len(tensor_params)} tensors where .Inputs names {len(inputs)}"
            )
            self.blind = f"{fn.name}'s tensor parameters do not match .Inputs (see the header)"
        if not self.reg.attrs:  # the kernel's scalar parameters are the attributes
            for p in scalar_params:
                kind = SCALAR_TYPES.get(base_type(p.type), TODO)
                why = "" if kind != TODO else f"its C++ type '{p.type}'"
                how = f"a parameter of {fn.name}, {self.at(p.line)}"
                self.attrs.append(AttrDraft(p.name, kind, p.line, how, why=why))
        if len(scalar_params) == len(self.attrs):
            for p, attr in zip(scalar_params, self.attrs, strict=True):
                scope.attrs[p.name] = attr.name
        else:
            self.problems.append(
                f"{fn.name} takes {len(scalar_params)} attributes where .Attrs names "
                f"{len(self.attrs)}"
            )
        returned = self.visit(scope, 0)
        if returned is not None:
            self.bind_outputs(returned)

    def bind_outputs(self, returned: Returned) -> None:
        outputs = self.reg.outputs
        if len(returned) != len(outputs):
            if any(t.output for t in self.tensors):
                self.problems.append(
                    f"the kernel returns {len(returned)} tensors where .Outputs names "
                    f"{len(outputs)}"
                )
            return
        for item, (local, scope) in zip(outputs, returned, strict=True):
            draft = self.drafts.get(item.name)
            key = scope.tensors.get(local, "")
            made = self.drafts.get(key)
            if draft is None or not draft.output or made is None or "@" not in key:
                continue
            draft.made = made.made
            draft.dtypes.extend(made.dtypes)

    def name_attr_dims(self) -> None:
        renames: dict[str, str] = {}
        for old, dim in list(self.dims.items()):
            if not old.endswith("__dim"):
                continue
            taken = self.taken() | set(renames.values())
            options = [*self.attr_locals.get(dim.attr, []), f"{dim.attr}_dim"]
            renames[old] = next(
                (c for c in options if c != dim.attr and name_ok(c) and c not in taken),
                f"dim{len(self.dims)}",
            )
        self.rename_dims(renames)

    def rename_dims(self, renames: dict[str, str]) -> None:
        """Renames dims (old -> new, all at once) wherever the findings name them."""
        renames = {old: new for old, new in renames.items() if old != new}
        if not renames:
            return
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, renames)) + r")\b")

        def rename(text: str) -> str:
            return pattern.sub(lambda m: renames[m.group(1)], text)

        self.dims = {
            renames.get(k, k): DimDraft(renames.get(k, k), d.how, d.attr)
            for k, d in self.dims.items()
        }
        self.dim_of = {at: renames.get(d, d) for at, d in self.dim_of.items()}
        self.value_sizes = {renames.get(k, k): v for k, v in self.value_sizes.items()}
        for draft in self.drafts.values():
            if draft.made is not None and draft.made.shape is not None:
                draft.made.shape = [rename(e) for e in draft.made.shape]
            if draft.shape_from is not None:
                draft.shape_from = [replace(f, value=rename(f.value)) for f in draft.shape_from]
            draft.axes = {k: replace(f, value=rename(f.value)) for k, f in draft.axes.items()}

    def read_value_sizes(self) -> None:
        """An input whose value sizes an output becomes an int64 attribute that
        sets that dim (docs/spec-language.md, "A size the host knows"); it stays
        a tensor, and the dim a TODO, if the kernel also reads it otherwise."""
        shapes = [e for t in self.tensors if t.made and t.made.shape for e in t.made.shape] + [
            f.value for t in self.tensors for f in t.shape_from or []
        ]
        for local, (key, line) in self.value_sizes.items():
            if not any(re.search(rf"\b{local}\b", e) for e in shapes):
                continue
            draft = self.drafts[key]
            other = [f for f in draft.dtypes if f.line != line] + draft.written
            if other or draft.axes:
                continue
            attr = next(
                (c for c in (f"cpu_{key}", f"{key}_value") if name_ok(c) and c not in self.taken()),
                TODO,
            )
            self.dims[local] = DimDraft(local, f"the value of the tensor {key}", attr=attr)
            self.env_attrs.insert(
                0,
                AttrDraft(
                    attr,
                    "int64",
                    line,
                    f"the value of the tensor {key}, read on the host at {self.at(line)}",
                    doc=f"TODO, what it counts (it was the value of the tensor {key}, "
                    "read on the host to size the outputs)",
                    min="0",
                ),
            )
            del self.drafts[key]

    # ---- the infer-shape and infer-dtype functions

    def read_infer_shape(self, fn: Function) -> None:
        src = self.src
        scope = Scope(fn)
        inputs = [item.name for item in self.reg.inputs]
        for p, name in zip(fn.params, inputs, strict=False):
            if name in self.drafts:
                scope.shapes[p.name] = name
        for p, attr in zip(fn.params[len(inputs) :], self.attrs, strict=False):
            scope.attrs[p.name] = attr.name
        start, end = fn.body
        returned: list[tuple[int, int]] | None = None
        i = start + 1
        while i < end:
            if src.kind(i) == "id" and src.text(i - 1) in (";", "{", "}"):
                stop = src.statement_end(i, end)
                if src.text(i) == "return" and src.text(i + 1) == "{":
                    returned = src.items(i + 1) if src.closes(i + 1) == stop - 1 else None
                else:
                    self.statement(scope, i, stop)
                i = stop
            i += 1
        outputs = self.reg.outputs
        if returned is None or len(returned) != len(outputs):
            if returned is not None:
                self.problems.append(
                    f"{fn.name} returns {len(returned)} shapes where .Outputs names {len(outputs)}"
                )
            return
        for item, (a, b) in zip(outputs, returned, strict=True):
            draft = self.drafts.get(item.name)
            if draft is None or not draft.output:
                continue
            if src.text(a) == "{" and src.closes(a) == b - 1:
                facts = []
                for x, y in src.items(a):
                    got = self.dim_expr(scope, x, y)
                    value = got if isinstance(got, str) else f"{TODO}:{got[0]}"
                    facts.append(Fact(value, src.line(x), f"{fn.name} returns it"))
                draft.shape_from = facts
            elif b == a + 1 and src.text(a) in scope.shapes:
                draft.like_from = scope.shapes[src.text(a)]

    def read_infer_dtype(self, fn: Function) -> None:
        src = self.src
        inputs = [item.name for item in self.reg.inputs]
        of = {p.name: name for p, name in zip(fn.params, inputs, strict=False)}
        start, end = fn.body
        for i in range(start + 1, end):
            if not (src.text(i) == "return" and src.text(i + 1) == "{"):
                continue
            items = src.items(i + 1)
            if len(items) != len(self.reg.outputs):
                self.problems.append(
                    f"{fn.name} returns {len(items)} dtypes where .Outputs names "
                    f"{len(self.reg.outputs)}"
                )
                return
            for item, (a, b) in zip(self.reg.outputs, items, strict=True):
                draft = self.drafts.get(item.name)
                if draft is None or not draft.output:
                    continue
                spelled = src.span(a, b).replace(" ", "")
                member = spelled.rsplit("::", 1)[-1]
                how = f"{fn.name} returns {spelled}"
                if "DataType::" in spelled and member in PADDLE_DTYPES:
                    draft.dtypes.append(Fact(PADDLE_DTYPES[member], src.line(a), how))
                elif spelled in of and of[spelled] in self.drafts:
                    draft.dtypes.append(Fact(f"={of[spelled]}", src.line(a), how))
            return
