"""The files of an op's scaffold: its spec, one kernel per kind and its NumPy
reference. `opforge-dev new` fills them with a placeholder op, `opforge-dev
import` with what it read from an engine's source; both go through here.

The texts live in templates/: frames every op shares (op.yaml.tmpl, the
kernels' <kind><suffix>.tmpl, reference.py.tmpl), and the parts that differ
as blocks (one per ``@@ name`` line): placeholder.tmpl, `new`'s placeholder
op; from_spec.tmpl, an op scaffolded from its spec (`import`, `new
--from-spec`).
The kernels' signatures come from the spec, through the generator's own
parameter lists (codegen/api.py), so they are exactly what
generated/kernel_decls/ will declare; a spec the generator refuses has no
kernels yet.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from codegen.model import Op

TEMPLATES = Path(__file__).resolve().parent / "templates"

# The spec's parts that differ between ops (blocks of these names).
SECTIONS = ("about", "doc", "dims", "dtype_sets", "tensors", "attrs", "sweep")


class ScaffoldError(Exception):
    pass


def template(name: str, **fields: str) -> str:
    return Template((TEMPLATES / f"{name}.tmpl").read_text(encoding="utf-8")).substitute(fields)


def blocks(name: str) -> dict[str, str]:
    """The blocks of templates/<name>.tmpl, unfilled (``fill`` fills one)."""
    result: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in (TEMPLATES / f"{name}.tmpl").read_text(encoding="utf-8").splitlines():
        if line.startswith("@@ "):
            current = result.setdefault(line[3:].strip(), [])
        elif current is not None:
            current.append(line)
    return {key: "\n".join(lines) for key, lines in result.items()}


def fill(text: str, **fields: str) -> str:
    return Template(text).substitute(fields)


def paths(op: str, into: Path) -> dict[str, Path]:
    """Where an op's files go under ``into``: the spec, each kind's kernel, the reference."""
    from codegen import kinds

    return {
        "spec": into / "opspec" / f"{op}.yaml",
        **{kind.name: into / kind.source(op) for kind in kinds.KINDS},
        "reference": into / "tests" / "ops" / "reference" / f"{op}.py",
        "page": into / "docs" / "ops" / f"{op}.md",
    }


# What every spec's first line names: the schema of the tree the spec lives
# in (<tree>/opspec/<op>.yaml; `generate` writes <tree>/docs/opspec.schema.json),
# also when `new --into` or `import --out` writes into another tree. A path
# from there back into this checkout would be wrong once the spec is moved
# into a checkout, and would name this machine's directories.
SCHEMA_LINK = "../docs/opspec.schema.json"


def spec_text(op: str, sections: Mapping[str, str]) -> str:
    """The spec: the frame's comments and layout, with ``sections`` (SECTIONS),
    naming every kernel kind of the registry and where its kernel goes."""
    from codegen import kinds

    return template(
        "op.yaml",
        op=op,
        schema=SCHEMA_LINK,
        kernels=", ".join(k.name for k in kinds.KINDS),
        kernel_paths="\n".join(f"#   {k.name} -> {k.source(op)}" for k in kinds.KINDS),
        **sections,
    )


def parse(op: str, spec: str, root: Path) -> Op:
    """The model of a spec's text, as the generator reads it (SpecErrors if it refuses)."""
    from codegen.parse import load_spec

    with tempfile.TemporaryDirectory() as tmp:
        written = Path(tmp) / "opspec" / f"{op}.yaml"
        written.parent.mkdir()
        written.write_text(spec, encoding="utf-8")
        return load_spec(written, Path(tmp))


def scaffold(op: str, root: Path, paths: dict[str, Path]) -> dict[Path, str]:
    """The files of `opforge-dev new`: the placeholder op's spec, and its
    kernels and reference from it."""
    from codegen.diagnostics import SpecErrors

    texts = blocks("placeholder")
    spec = spec_text(op, {k: fill(texts[k], op=op) for k in SECTIONS})
    try:
        model = parse(op, spec, root)
    except SpecErrors as exc:  # the template and the language drifted apart
        raise ScaffoldError(f"the spec template no longer parses:\n{exc}") from None
    return {paths["spec"]: spec, **kernels(model, root, paths, "new", "placeholder")}


def kernels(
    model: Op, root: Path, paths: dict[str, Path], tool: str, texts: str = "from_spec"
) -> dict[Path, str]:
    """One kernel per kind (templates/<kind><suffix>.tmpl, with the comment
    and body of the blocks ``texts`` where the kind has them) and the NumPy
    reference of the op ``model``, written by `opforge-dev <tool>`; the
    kernels' heads from the kinds' own signatures."""
    from codegen import api, kinds
    from codegen.model import Role
    from codegen.views.kernel import decl_views

    op = model.name
    by = f"`opforge-dev {tool}`"
    macros = {d.kind: d.instances_macro for v in decl_views(model) for d in (*v.members, *v.free)}
    parts = blocks(texts)
    files: dict[Path, str] = {}
    for kind in kinds.kinds_of(model.kernels):
        sig = api.kernel(model, kind)
        head = sig.out_of_class(kind.define_prefix)
        # A kernel over the dtype set ends with the generated instantiations.
        fields = dict(
            op=op, by=by, signature=head, tail=f"\n\n{macros[kind.name]}" if sig.tparam else ""
        )
        for part in ("about", "body"):
            fields[part] = fill(parts.get(f"{kind.name}_{part}", ""), **fields)
        files[paths[kind.name]] = _clang_format(
            template(f"{kind.name}{kind.suffix}", **fields), root
        )
    params = [f"{t.name}: np.ndarray" + (" | None" if t.optional else "") for t in model.arguments]
    keywords = [f"{a.name}: {_py_type(a.type.value)}" for a in model.attrs] + [
        f"{t.name}: np.ndarray"
        for t in model.tensors
        if t.role is Role.SCRATCH and t.fill is not None
    ]
    outputs = model.outputs
    returns = (
        "np.ndarray"
        if len(outputs) == 1
        else "tuple[" + ", ".join("np.ndarray" for _ in outputs) + "]"
    )
    files[paths["reference"]] = _ruff_format(
        template(
            "reference.py",
            op=op,
            by=by,
            params=", ".join(params + (["*", *keywords] if keywords else [])),
            returns=returns,
        ),
        root,
    )
    files[paths["page"]] = page(model, by)
    return files


ROLE_WORDS = {"in": "input", "inout": "in-place", "out": "output", "scratch": "scratch"}


def page(model: Op, by: str) -> str:
    """The contract page's frame (docs/authoring.md, "The contract page"): the
    title, the line linking the spec and the interface page, the tensors as
    the spec has them, and each section's heading with what to write in it."""
    from codegen.cpp import shape_text
    from codegen.model import DTypeVar

    rows = []
    for t in model.tensors:
        dtype = t.dtype.name if isinstance(t.dtype, DTypeVar) else t.dtype.value
        shape = shape_text(t.shape) + (" (or with a trailing 1)" if t.unit_axis else "")
        role = ROLE_WORDS[t.role.value] + (", host memory" if t.host else "")
        doc = " ".join(t.doc.split()).replace("|", "\\|")  # one table cell
        rows.append(f"| {t.name} | {dtype} | {shape} | {role}: {doc} |")
    attrs = ", ".join(
        f"`{a.name}: {a.type.value}"
        + ("" if a.default is None else f" = {_literal(a.default)}")
        + "`"
        for a in model.attrs
    )
    return template(
        "page.md",
        op=model.name,
        by=by,
        tensors="\n".join(rows),
        attrs=f"Attributes: {attrs}." if attrs else "No attributes.",
    )


def _literal(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _py_type(attr_type: str) -> str:
    return {
        "int": "int",
        "int64": "int",
        "float": "float",
        "bool": "bool",
        "enum": "int",
        "int_list": "list[int]",
        "int64_list": "list[int]",
    }[attr_type]


def _clang_format(text: str, root: Path) -> str:
    """Laid out in the project's style (.clang-format), as a kernel author's
    editor would; unchanged where clang-format is not installed."""
    local = Path(sys.executable).parent / "clang-format"
    binary = str(local) if local.exists() else "clang-format"
    try:
        done = subprocess.run(
            [binary, f"--style=file:{root / '.clang-format'}", "--assume-filename=kernel.cc"],
            input=text,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return text
    return done.stdout if done.returncode == 0 else text


def _ruff_format(text: str, root: Path) -> str:
    """The reference laid out as ruff formats the project's Python (a signature
    of twenty tensors on one line is unreadable); unchanged without ruff."""
    local = Path(sys.executable).parent / "ruff"
    binary = str(local) if local.exists() else "ruff"
    try:
        done = subprocess.run(
            [binary, "format", "--config", str(root / "pyproject.toml"), "-"],
            input=text,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return text
    return done.stdout if done.returncode == 0 else text


def shown(path: Path, base: Path) -> str:
    return path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)


def write(files: Mapping[Path, str], into: Path) -> list[str]:
    """Write ``files``; the paths written, relative to ``into``."""
    written = []
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(shown(path, into))
    return written


__all__ = [
    "SCHEMA_LINK",
    "SECTIONS",
    "ScaffoldError",
    "blocks",
    "fill",
    "kernels",
    "parse",
    "paths",
    "scaffold",
    "shown",
    "spec_text",
    "template",
    "write",
]
