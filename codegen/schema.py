"""The JSON Schema of the spec language (docs/opspec.schema.json), built from
the tables parse.py checks keys against (speclang.py) and the model's
enumerations, so it cannot list a field, dtype, role, attribute type or kernel
kind the generator does not know, nor miss one it does.

Each spec names it on its first line, so editors with a YAML language server
validate and complete specs as they are typed:

    # yaml-language-server: $schema=../docs/opspec.schema.json
"""

from __future__ import annotations

from typing import Any

from codegen import speclang
from codegen.speclang import Section

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _object(section: Section) -> dict[str, Any]:
    return {
        "type": "object",
        "description": section.doc,
        "properties": {f.name: f.schema for f in section.fields},
        "required": section.required,
        "additionalProperties": False,
        # A section of optional fields only (values, after) is never empty (parse.py).
        **({} if section.required else {"minProperties": 1}),
    }


def spec_schema() -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "$comment": "Generated from codegen/speclang.py by `python -m codegen`. Do not edit.",
        "title": "opforge op spec (opspec/<op>.yaml)",
        **_object(speclang.SPEC),
        "$defs": {s.name: _object(s) for s in speclang.SECTIONS if s is not speclang.SPEC},
    }


__all__ = ["DRAFT", "spec_schema"]
