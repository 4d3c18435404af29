"""The names `opforge-dev import` knows: C++ and Paddle spellings of element
types, attribute types and the calls that make tensors, as the spec's words;
and the small readers of a C++ type's text. Shared by every layer."""

from __future__ import annotations

import re

TODO = "TODO"  # the draft's value where the source does not say it

# C++ element types -> the spec's dtypes ("!" marks a type the spec has no dtype for).
CPP_DTYPES = {
    "bool": "bool",
    "int": "int32",
    "int32_t": "int32",
    "int64_t": "int64",
    "float": "float32",
    "float16": "float16",
    "paddle::float16": "float16",
    "phi::float16": "float16",
    "phi::dtype::float16": "float16",
    "half": "float16",
    "__half": "float16",
    "bfloat16": "bfloat16",
    "paddle::bfloat16": "bfloat16",
    "phi::bfloat16": "bfloat16",
    "phi::dtype::bfloat16": "bfloat16",
    "__nv_bfloat16": "bfloat16",
    "double": "!float64",
    "int8_t": "!int8",
    "uint8_t": "!uint8",
    "int16_t": "!int16",
}
# paddle::DataType members -> the spec's dtypes.
PADDLE_DTYPES = {
    "BOOL": "bool",
    "INT32": "int32",
    "INT64": "int64",
    "FLOAT32": "float32",
    "FLOAT16": "float16",
    "BFLOAT16": "bfloat16",
    "FLOAT64": "!float64",
    "INT8": "!int8",
    "UINT8": "!uint8",
    "INT16": "!int16",
    "COMPLEX64": "!complex64",
    "COMPLEX128": "!complex128",
}
# PD_DISPATCH_* (paddle/phi/core/visit_type.h): what data_t ranges over.
DISPATCH = {
    "PD_DISPATCH_FLOATING_TYPES": ("FLOAT32", "FLOAT64"),
    "PD_DISPATCH_FLOATING_AND_HALF_TYPES": ("FLOAT32", "FLOAT64", "FLOAT16", "BFLOAT16"),
    "PD_DISPATCH_INTEGRAL_TYPES": ("INT32", "INT64", "INT8", "UINT8", "INT16"),
    "PD_DISPATCH_FLOATING_AND_INTEGRAL_TYPES": (
        *("FLOAT32", "FLOAT64", "INT32", "INT64", "INT8", "UINT8", "INT16"),
    ),
}
# Paddle attribute types (.Attrs) -> the spec's attribute types.
ATTR_TYPES = {
    "int": "int",
    "int64_t": "int64",
    "float": "float",
    "bool": "bool",
    "std::vector<int>": "int_list",
    "std::vector<int64_t>": "int64_list",
}
# C++ scalar types -> the spec's attribute types.
SCALAR_TYPES = {
    "bool": "bool",
    "int": "int",
    "int32_t": "int",
    "unsigned": "int",
    "uint32_t": "int",
    "int64_t": "int64",
    "long": "int64",
    "size_t": "int64",
    "uint64_t": "int64",
    "float": "float",
    "double": "float",
}
CREATORS = ("full", "empty", "zeros", "ones", "full_like", "empty_like", "zeros_like", "ones_like")
WRITES = frozenset("= += -= *= /= %= &= |= ^= ++ --".split())


def is_tensor(cpp_type: str) -> bool:
    return "Tensor" in cpp_type and "vector" not in cpp_type


def writable_pointer(cpp_type: str) -> bool:
    """A pointer through which one may write (no const before its '*')."""
    return "*" in cpp_type and "const" not in cpp_type.split("*")[0].split()


def base_type(cpp_type: str) -> str:
    words = [
        w
        for w in re.findall(r"\w+", cpp_type)
        if w not in ("const", "static", "constexpr", "std", "unsigned")
    ]
    return words[-1] if words else ("unsigned" if "unsigned" in cpp_type else "")


def as_int(text: str) -> int | None:
    m = re.fullmatch(r"(\d+)[uUlL]*", text.replace(" ", "").replace("'", ""))
    return int(m.group(1)) if m else None


def name_ok(name: str) -> bool:
    from codegen import names

    return names.name_problem(name) is None
