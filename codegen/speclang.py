"""The fields of the spec language: which a section takes, which it requires,
and what each holds. parse.py checks a spec's keys against these tables (the
only list of them), and schema.py turns the same tables, with the model's
enumerations and names.py's name rules, into docs/opspec.schema.json; so
neither the schema nor the parser can accept a field the other does not.

The JSON Schema fragments describe a value's shape (its type, its spelling,
its members); what only the parser can know (references between sections,
reserved names, dim arithmetic, bounds that depend on other fields) stays in
parse.py. A spec the parser accepts therefore always validates, and an
editor flags unknown fields, misspelled members and wrong types as you type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codegen import names
from codegen.kinds import KINDS
from codegen.model import AttrType, DType, Role
from codegen.yamlsrc import MAX_STRING_CHARS

Schema = dict[str, Any]


@dataclass(frozen=True)
class Field:
    name: str
    required: bool
    schema: Schema  # the JSON Schema of its value, with a description
    doc: str


@dataclass(frozen=True)
class Section:
    """A YAML mapping of the spec language and the fields it takes."""

    name: str
    doc: str
    fields: tuple[Field, ...]

    @property
    def required(self) -> list[str]:
        return [f.name for f in self.fields if f.required]

    @property
    def optional(self) -> list[str]:
        return [f.name for f in self.fields if not f.required]


def _pattern(regex: str) -> str:
    """names.py's full-match regex (Python, ``\\Z``) as a JSON Schema pattern."""
    return "^" + regex.removesuffix(r"\Z") + "$"


# A name: lower_snake_case, no '__', length-limited (names.py; reserved names
# and collisions are the parser's to report).
NAME: Schema = {
    "type": "string",
    "pattern": "^(?!.*__)" + _pattern(names.NAME.pattern)[1:],
    "maxLength": names.MAX_NAME_CHARS,
}
TYPE_NAME: Schema = {
    "type": "string",
    "pattern": _pattern(names.TYPE_NAME.pattern),
    "maxLength": names.MAX_NAME_CHARS,
}
TEXT: Schema = {"type": "string", "maxLength": MAX_STRING_CHARS}
# A dim expression: an integer, or dims and integers with + - * and // by a literal.
DIM_EXPR: Schema = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "string"}]}
# A value bound: a number, or an expression over dims and int attributes.
BOUND: Schema = {"anyOf": [{"type": "number"}, {"type": "string"}]}
# A value (not a size): any integer, negative sentinels included, or an
# expression over dims and int attributes.
VALUE_END: Schema = {"anyOf": [{"type": "integer"}, {"type": "string"}]}
DTYPES = [d.value for d in DType]


def _f(name: str, required: bool, schema: Schema, doc: str) -> Field:
    return Field(name, required, {"description": doc, **schema}, doc)


def _ref(section: str) -> Schema:
    return {"$ref": f"#/$defs/{section}"}


_VALUE_FIELDS = (
    _f(
        "min",
        False,
        BOUND,
        "every element >= min (a number, negative sentinels such as -1 included, or an "
        "expression over dims and int or int64 attributes: vocab_size - 1)",
    ),
    _f(
        "max",
        False,
        BOUND,
        "every element <= max (a number, or an expression over dims and int or int64 attributes)",
    ),
    _f("above", False, {"type": "number"}, "every element > above (float tensors)"),
    _f(
        "prefix_sum_of",
        False,
        NAME,
        "the tensor holds [0, s0, s0+s1, ...] of this rank-1 tensor",
    ),
    _f(
        "total",
        False,
        NAME,
        "with prefix_sum_of: the dim its last element equals; alone (rank-1 int32 or "
        "int64 tensors of lengths): the dim its elements add up to",
    ),
    _f(
        "probability_rows",
        False,
        {"type": "boolean"},
        "last axis: elements in [0, 1], each row summing to at most 1 (float tensors)",
    ),
)

# What test inputs are drawn from (not a precondition; 'values' only).
_GENERATION_FIELDS = (
    _f(
        "density",
        False,
        {"type": "number", "minimum": 0, "maximum": 1},
        "generation: bool tensors, the fraction of elements drawn true (default 0.5); "
        "integer tensors, the fraction kept as drawn, the others set to 0 (even where 0 "
        "is outside the domain)",
    ),
    _f(
        "sample",
        False,
        {"type": "array", "items": VALUE_END, "minItems": 2, "maxItems": 2},
        "generation, integer tensors: draw uniformly from [low, high] (integers, negative "
        "ones included, or expressions over dims and int or int64 attributes) "
        "within [min, max]; without it from [min, max], min defaulting to -5 and max to "
        "min + 50",
    ),
)

VALUES = Section(
    "values",
    "A tensor's value domain: checked in the value-checked mode, and how test inputs are drawn.",
    _VALUE_FIELDS + _GENERATION_FIELDS,
)
AFTER = Section(
    "after",
    "What an in-place or output tensor holds after the call, whatever the inputs.",
    _VALUE_FIELDS,
)
FILL = Section(
    "fill",
    "How the glue fills a scratch tensor before the kernel runs.",
    (
        _f(
            "uniform",
            True,
            NAME,
            "one uniform draw in [0, 1) per element, from the SplitMix64 stream seeded "
            "by this int64 attribute",
        ),
    ),
)
DIM = Section(
    "dim",
    "A symbolic size, with a doc, and optionally the attribute or tensor value that sets "
    "it and bounds.",
    (
        _f("doc", True, TEXT, "what the size counts"),
        _f("attr", False, NAME, "the int attribute that sets this dim"),
        _f(
            "value_of",
            False,
            NAME,
            "the [1] int32 or int64 input whose value sets this dim (read on the host "
            "when the op is called; needs max, checked before anything is allocated)",
        ),
        _f("min", False, DIM_EXPR, "checked whenever a call binds the dim"),
        _f("max", False, DIM_EXPR, "checked whenever a call binds the dim"),
    ),
)
SHAPE = {"type": "array", "items": DIM_EXPR, "minItems": 1}
# An attribute's environment variable (``env:``): a POSIX-style name, upper case.
MAX_ENV_LENGTH = 64
ENV_NAME_PATTERN = f"[A-Z_][A-Z0-9_]{{0,{MAX_ENV_LENGTH - 1}}}"
MAX_FORMS = 4  # shape alternatives of one tensor (codegen/parse.py)
TENSOR = Section(
    "tensor",
    "A tensor of the op, in the order of the Python and kernel parameters.",
    (
        _f("name", True, NAME, "the parameter name in Python and C++"),
        _f(
            "dtype",
            True,
            {"anyOf": [{"enum": DTYPES}, TYPE_NAME]},
            "an element type, or the name of the op's dtype set",
        ),
        _f(
            "shape",
            True,
            {
                "anyOf": [
                    SHAPE,
                    {
                        "type": "object",
                        "properties": {
                            "one_of": {
                                "type": "array",
                                "items": SHAPE,
                                "minItems": 2,
                                "maxItems": MAX_FORMS,
                            }
                        },
                        "required": ["one_of"],
                        "additionalProperties": False,
                    },
                ]
            },
            "one dim expression per axis; [1] for a single value. Or shape alternatives, "
            "{one_of: [[...], [...]]}: an input passed in any one of 2 to 4 forms of "
            "different ranks; the kernels get the form's index as <name>_form",
        ),
        _f("doc", True, TEXT, "what the tensor holds"),
        _f(
            "role",
            False,
            {"enum": [r.value for r in Role], "default": Role.INPUT.value},
            "in (read only), inout (updated in place), out (new, returned), "
            "scratch (made by the glue, lives until the kernel returns)",
        ),
        _f(
            "optional",
            False,
            {"type": "boolean", "default": False},
            "an input that may be None (null in the kernels)",
        ),
        _f(
            "required_when",
            False,
            {
                "type": "object",
                "propertyNames": NAME,
                "additionalProperties": {
                    "type": "array",
                    "items": {"type": ["string", "boolean"]},
                    "minItems": 1,
                },
            },
            "an optional tensor is required when any of these enum or bool attributes "
            "takes one of the listed members or values",
        ),
        _f(
            "host",
            False,
            {"type": "boolean", "default": False},
            "in host memory even when the op runs on a device",
        ),
        _f(
            "unit_axis",
            False,
            {"type": "boolean", "default": False},
            "the caller may pass it with one more trailing axis of size 1 "
            "(FastDeploy's [max_bsz, 1] per-slot buffers for a [max_bsz] tensor)",
        ),
        _f(
            "rows",
            False,
            NAME,
            "new outputs whose kernel decides how many rows (axis-0 entries) it writes: "
            "the [1] int32 or int64 output it writes that count into; the shape declares "
            "the maximum, the op returns the first count rows",
        ),
        _f("fill", False, _ref(FILL.name), FILL.doc),
        _f("values", False, _ref(VALUES.name), VALUES.doc),
        _f("after", False, _ref(AFTER.name), AFTER.doc),
    ),
)
ATTR = Section(
    "attr",
    "An attribute: a scalar or a list of integers, a parameter of the op after the tensors.",
    (
        _f("name", True, NAME, "the parameter name in Python and C++"),
        _f("type", True, {"enum": [t.value for t in AttrType]}, "the attribute's type"),
        _f("doc", True, TEXT, "what the attribute selects"),
        _f(
            "default",
            False,
            {
                "oneOf": [
                    {"type": ["number", "boolean", "string"]},
                    {"type": "array", "items": {"type": "integer"}},
                ]
            },
            "the default: a number, true/false, an enum member, or a list of integers; "
            "none: required",
        ),
        _f(
            "min",
            False,
            {"type": "number"},
            "smallest value accepted (int and float; each element of an int list)",
        ),
        _f(
            "max",
            False,
            {"type": "number"},
            "largest value accepted (int and float; each element of an int list)",
        ),
        _f(
            "min_length",
            False,
            {"type": "integer", "minimum": 0},
            "int lists: the fewest elements accepted",
        ),
        _f(
            "max_length",
            False,
            {"type": "integer", "minimum": 0},
            "int lists: the most elements accepted",
        ),
        _f(
            "values",
            False,
            {"type": "object", "propertyNames": NAME, "additionalProperties": {"type": "integer"}},
            "enum attributes: member name -> integer code",
        ),
        _f(
            "at_most",
            False,
            DIM_EXPR,
            "int attributes: an upper bound from the call's dims, checked on every call",
        ),
        _f(
            "env",
            False,
            {"type": "string", "pattern": f"^{ENV_NAME_PATTERN}$"},
            "scalar attributes with a default: the environment variable whose value the "
            "Python function takes, read at call time, when the caller does not pass the "
            "attribute (unset: the default)",
        ),
    ),
)
# FastDeploy's op families, as its packages name them (fastdeploy.model_executor.ops.<backend>).
FASTDEPLOY_BACKENDS = ("gpu", "xpu")
FASTDEPLOY_FORM = Section(
    "fastdeploy_form",
    "How FastDeploy calls the op on one backend: its arguments in its Python call's order "
    "(its C++ function's, which may differ from its PD_BUILD_OP registration) and its return.",
    (
        _f(
            "args",
            True,
            {
                "type": "array",
                "items": {
                    "anyOf": [
                        NAME,
                        {
                            "type": "object",
                            "propertyNames": NAME,
                            "additionalProperties": {
                                "anyOf": [
                                    NAME,
                                    {
                                        "type": "object",
                                        "properties": {"value_of": NAME},
                                        "required": ["value_of"],
                                        "additionalProperties": False,
                                    },
                                ]
                            },
                            "minProperties": 1,
                            "maxProperties": 1,
                        },
                    ]
                },
            },
            "FastDeploy's arguments in order: a spec tensor or attribute, {fastdeploy_name: "
            "spec_name} where FastDeploy names it otherwise, {fastdeploy_name: {value_of: "
            "attribute}} where FastDeploy passes an attribute's value in a one-element "
            "tensor, or a name listed under unused",
        ),
        _f(
            "unused",
            False,
            {"type": "object", "propertyNames": NAME, "additionalProperties": TEXT},
            "arguments FastDeploy passes that opforge does not need: name -> why",
        ),
        _f(
            "returns",
            False,
            {"anyOf": [NAME, {"type": "array", "items": NAME, "uniqueItems": True}]},
            "what FastDeploy returns: one tensor's name (the tensor), a list of names (a list, "
            "even of one), or none (None; also when left out)",
        ),
    ),
)
FASTDEPLOY = Section(
    "fastdeploy",
    "FastDeploy's calls of the op (opforge.fastdeploy.<backend> and the pybind11 bindings "
    "FastDeploy links), per FastDeploy backend.",
    (
        _f("gpu", False, _ref(FASTDEPLOY_FORM.name), "FastDeploy's GPU op (custom_ops/gpu_ops)"),
        _f(
            "xpu",
            False,
            {"anyOf": [_ref(FASTDEPLOY_FORM.name), {"const": "gpu"}]},
            "FastDeploy's XPU op (custom_ops/xpu_ops); 'gpu': called as on GPU",
        ),
    ),
)
SPEC = Section(
    "spec",
    "One op: the single source of truth of its glue (opforge).",
    (
        _f("op", True, NAME, "the op's name; the file is <op>.yaml"),
        _f("doc", True, TEXT, "what the op does (the Python docstring)"),
        _f(
            "kernels",
            True,
            {
                "type": "array",
                "items": {"enum": [k.name for k in KINDS]},
                "minItems": 1,
                "uniqueItems": True,
            },
            "the hand-written kernels: "
            + ", ".join(f"{k.name} (csrc/kernels/{k.name}/<op>{k.suffix})" for k in KINDS),
        ),
        _f(
            "tensors",
            True,
            {"type": "array", "items": _ref(TENSOR.name)},
            "the op's tensors, in parameter order",
        ),
        _f(
            "dims",
            False,
            {
                "type": "object",
                "propertyNames": NAME,
                "additionalProperties": {"anyOf": [TEXT, _ref(DIM.name)]},
                "minProperties": 1,
            },
            "symbolic sizes: name -> doc, or name -> {doc, attr, min, max}",
        ),
        _f(
            "dtype_sets",
            False,
            {
                "type": "object",
                "propertyNames": TYPE_NAME,
                "additionalProperties": {
                    "type": "array",
                    "items": {"enum": DTYPES},
                    "minItems": 1,
                    "uniqueItems": True,
                },
                "maxProperties": 1,
            },
            "a dtype chosen per call and shared by the tensors that name it",
        ),
        _f(
            "attrs",
            False,
            {"type": "array", "items": _ref(ATTR.name)},
            "the op's attributes, in parameter order",
        ),
        _f(
            "sweep",
            False,
            {
                "type": "object",
                "propertyNames": NAME,
                "additionalProperties": {"type": "array", "items": DIM_EXPR, "minItems": 1},
            },
            "the sizes the spec-derived tests sweep, per dim or int attribute",
        ),
        _f(
            "coverage",
            False,
            {
                "type": "object",
                "propertyNames": NAME,
                "additionalProperties": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
            },
            "tests: the least share of valid drawn cases in which the kernel changes each named "
            "output or in-place tensor",
        ),
        _f("reference", False, NAME, "the module of tests/ops/reference/ with the NumPy reference"),
        _f("fastdeploy", False, _ref(FASTDEPLOY.name), FASTDEPLOY.doc),
        *(
            _f(
                launch_field.key,
                False,
                {
                    "type": "integer",
                    "minimum": launch_field.low,
                    "maximum": launch_field.high,
                    **(
                        {"multipleOf": launch_field.multiple_of}
                        if launch_field.multiple_of > 1
                        else {}
                    ),
                },
                launch_field.doc,
            )
            for kind in KINDS
            for launch_field in kind.launch_fields
        ),
    ),
)

SECTIONS = (SPEC, DIM, TENSOR, FILL, VALUES, AFTER, ATTR, FASTDEPLOY, FASTDEPLOY_FORM)

__all__ = [
    "AFTER",
    "ATTR",
    "DIM",
    "FASTDEPLOY",
    "FASTDEPLOY_BACKENDS",
    "FASTDEPLOY_FORM",
    "FILL",
    "SECTIONS",
    "SPEC",
    "TENSOR",
    "VALUES",
    "Field",
    "Section",
]
