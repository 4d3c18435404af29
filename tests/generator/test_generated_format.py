"""The generated C++ is formatted without a formatter: the generator lays it
out itself (codegen/layout.py), and clang-format in the generated style must
leave every file unchanged. Drawn specs get the same check in
test_drawn_specs.py."""

from __future__ import annotations

from pathlib import Path

from codegen.layout import LIMIT, layout_cpp
from tests import ROOT
from tests.generator.formatcheck import reformatted


def test_generated_files_are_clang_format_fixed_points(tmp_path: Path) -> None:
    diffs = reformatted(ROOT / "generated", tmp_path)
    assert not diffs, "\n\n".join(diffs)[:8000]


def test_a_long_call_is_broken_as_clang_format_would() -> None:
    args = ", ".join(f'"argument_{i}"' for i in range(6))
    call = f"  opforge::check_buffer_of_a_long_name(kOp, {args});"
    assert len(call) > LIMIT
    assert layout_cpp(call).split("\n") == [
        "  opforge::check_buffer_of_a_long_name(",
        f"      kOp, {args});",
    ]
    wide = "  f(" + ", ".join(f"argument_number_{i}" for i in range(6)) + ");"
    lines = layout_cpp(wide).split("\n")
    assert lines[0] == "  f(argument_number_0,"
    assert all(line.startswith("    argument_number_") for line in lines[1:])
    assert all(len(line) <= LIMIT for line in lines)


def test_a_long_string_literal_becomes_adjacent_literals() -> None:
    words = " ".join(f"word{i}" for i in range(40))
    lines = layout_cpp(f'      "{words}");').split("\n")
    assert len(lines) > 1 and all(len(line) <= LIMIT for line in lines)
    joined = "".join(line.strip().removesuffix(");").strip('"') for line in lines)
    assert joined == words


def test_lines_that_fit_are_left_alone() -> None:
    text = "int f(int a, int b);\n  if (x) return;\n// a comment\n"
    assert layout_cpp(text) == text
