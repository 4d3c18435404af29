"""The kernel declaration is the contract: a hand-written kernel whose
signature drifts from the spec, or that writes a read-only input, does not
compile, and the compiler's message names the op."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tools import build

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "csrc" / "kernels" / "cpu" / "verify_draft_tokens.cc"


def compile_variant(tmp_path: Path, old: str, new: str) -> subprocess.CompletedProcess[str]:
    source = KERNEL.read_text()
    assert source.count(old) == 1, f"{old!r} must occur once in {KERNEL.name}"
    variant = tmp_path / KERNEL.name
    variant.write_text(source.replace(old, new))
    cmd = build.compile_command(build.Unit(variant, False, False), tmp_path / "kernel.o", opt="-O0")
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def test_unchanged_kernel_compiles(tmp_path: Path) -> None:
    result = compile_variant(tmp_path, "const float* topp,", "const float* topp,")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "old,new",
    [
        (
            "const int32_t* seq_lens_this_time",
            "const float* seq_lens_this_time",
        ),  # the seed's float-for-int
        ("const int32_t* cu_seqlens_q_output", "const bool* cu_seqlens_q_output"),  # bool-for-int
        ("const int64_t* step_idx", "const bool* step_idx"),  # bool-for-int64
        ("int32_t* step_output_len", "int64_t* step_output_len"),
        ("const int64_t* step_input_ids", "int64_t* step_input_ids"),  # dropping const on an input
    ],
)
def test_signature_drift_fails_to_compile_naming_the_op(tmp_path: Path, old: str, new: str) -> None:
    result = compile_variant(tmp_path, old, new)
    assert result.returncode != 0, "a kernel that disagrees with its declaration compiled"
    assert "no declaration matches" in result.stderr, result.stderr
    assert "opforge::verify_draft_tokens::Kernels::cpu" in result.stderr


def test_writing_a_read_only_input_fails_to_compile(tmp_path: Path) -> None:
    result = compile_variant(
        tmp_path,
        "    step_output_len[b] = 0;\n",
        "    step_output_len[b] = 0;\n    stop_flags[b] = false;\n",
    )
    assert result.returncode != 0
    assert "read-only" in result.stderr or "assignment of read-only location" in result.stderr, (
        result.stderr
    )
