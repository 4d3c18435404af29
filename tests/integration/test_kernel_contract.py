"""The kernel declaration is the contract: a hand-written kernel whose
signature drifts from the spec, or that writes a read-only input, does not
compile, and the compiler's message names the op."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests import ROOT
from tools import build

KERNEL = ROOT / "csrc" / "kernels" / "cpu" / "verify_draft_tokens.cc"


def compile_variant(tmp_path: Path, old: str, new: str) -> subprocess.CompletedProcess[str]:
    source = KERNEL.read_text()
    assert source.count(old) == 1, f"{old!r} must occur once in {KERNEL.name}"
    variant = tmp_path / KERNEL.name
    variant.write_text(source.replace(old, new))
    unit = build.Unit(variant, False, False, kernel=True)  # its shared header on the path
    cmd = build.compile_command(unit, tmp_path / "kernel.o", opt="-O0")
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


HEAD = "void opforge::verify_draft_tokens::Kernels::cpu(const CpuArgs& args) {\n"


def test_unchanged_kernel_compiles(tmp_path: Path) -> None:
    result = compile_variant(tmp_path, HEAD, HEAD)
    assert result.returncode == 0, result.stderr


def test_a_definition_that_drifts_from_the_declaration_fails_naming_the_op(
    tmp_path: Path,
) -> None:
    """The old positional form (or any other parameter list) is not the declared kernel."""
    drifted = "void opforge::verify_draft_tokens::Kernels::cpu(const int64_t* step_idx) {\n"
    result = compile_variant(tmp_path, HEAD, drifted)
    assert result.returncode != 0, "a kernel that disagrees with its declaration compiled"
    assert "no declaration matches" in result.stderr, result.stderr
    assert "opforge::verify_draft_tokens::Kernels::cpu" in result.stderr


@pytest.mark.parametrize(
    "taken",
    [
        "const float* lens = args.seq_lens_this_time;",  # the seed's float-for-int
        "const bool* offsets = args.cu_seqlens_q_output;",  # bool-for-int
        "const bool* steps = args.step_idx;",  # bool-for-int64
        "int64_t* lens = args.step_output_len;",  # int64 for an int32 output
        "int64_t* ids = args.step_input_ids;",  # dropping const on an input
    ],
)
def test_reading_a_field_as_another_type_fails_to_compile_naming_the_op(
    tmp_path: Path, taken: str
) -> None:
    """The seed review's mistakes, as a kernel would make them now: every field
    has the spec's exact pointer type, so a wrong one does not convert."""
    result = compile_variant(tmp_path, HEAD, f"{HEAD}  {taken}\n  (void)0;\n")
    assert result.returncode != 0, f"{taken!r} compiled"
    assert "cannot convert" in result.stderr or "invalid conversion" in result.stderr, result.stderr
    assert "opforge::verify_draft_tokens::Kernels::cpu" in result.stderr, result.stderr


def test_writing_a_read_only_input_fails_to_compile(tmp_path: Path) -> None:
    result = compile_variant(
        tmp_path,
        "    args.step_output_len[b] = e.len;\n",
        "    args.step_output_len[b] = e.len;\n    args.stop_flags[b] = false;\n",
    )
    assert result.returncode != 0
    assert "read-only" in result.stderr or "assignment of read-only location" in result.stderr, (
        result.stderr
    )
