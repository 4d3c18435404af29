"""The strict XPU3 dialect check (tools/xpu3_check.py): a kernel breaking each
rule is reported with the rule, the file and the line; a conforming kernel
has no finding; and our kernels have no finding beyond the known list."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import ROOT
from tools import xpu3_check

HEAD = """#include <cstring>

#include "xpu/kernel/cluster.h"
#include "xpu/kernel/xtdk.h"
#include "xpu3_portable.h"
"""

CONFORMING = """
namespace demo {
constexpr int kChunk = 64;

__device__ int add_one(int v) { return v + 1; }

__global__ void kernel(__global_ptr__ const float* x, __global_ptr__ float* y, int n) {
  XPU3_LM_ARRAY(float, buf, kChunk);
  for (int i = cluster_id() * core_num() + core_id(); i < n; i += cluster_num() * core_num()) {
    GM2LM(x + i, buf, sizeof(float));
    buf[0] = buf[0] + static_cast<float>(add_one(i));
    LM2GM(buf, y + i, sizeof(float));
  }
}
}  // namespace demo
"""

# rule -> (a kernel breaking it, the line the finding must name)
VIOLATIONS = {
    "global-ptr-in-struct": (
        """
struct Window {
  __global_ptr__ const float* gm;  // <
  int len;
};
__global__ void kernel(__global_ptr__ const float* x, int n) {
  Window w{x, n};
  (void)w;
}
""",
        "member 'gm'",
    ),
    "namespace-variable": (
        """
int calls = 0;  // <
__global__ void kernel(__global_ptr__ const float* x, int n) { calls += n; }
""",
        "'calls'",
    ),
    "variable-length-array": (
        """
__global__ void kernel(__global_ptr__ const float* x, int n) {
  float buf[n];  // <
  GM2LM(x, buf, n * sizeof(float));
}
""",
        "'buf'",
    ),
    "host-call": (
        """
__global__ void kernel(__global_ptr__ const float* x, __global_ptr__ float* y, int n) {
  XPU3_LM_ARRAY(float, buf, 16);
  std::memset(buf, 0, sizeof(float) * 16);  // <
  LM2GM(buf, y, sizeof(float));
}
""",
        "memset",
    ),
    "wide-loop": (
        """
__global__ void kernel(__global_ptr__ const float* x, __global_ptr__ float* y, int64_t n) {
  XPU3_LM_ARRAY(float, buf, 1);
  for (int64_t i = core_id(); i < n; i += core_num()) {  // <
    GM2LM(x + i, buf, sizeof(float));
    LM2GM(buf, y + i, sizeof(float));
  }
}
""",
        "'i' is int64_t",
    ),
    "parameter-names": (
        """
__global__ void kernel(__global_ptr__ float* y, int max_bsz, int real_bsz);
__global__ void kernel(__global_ptr__ float* y, int real_bsz, int max_bsz) {  // <
  (void)y;
  (void)real_bsz;
  (void)max_bsz;
}
""",
        "parameter 2 'real_bsz' where its declaration",
    ),
    "simulation-internal": (
        """
__global__ void kernel(__global_ptr__ const float* x, int n) {
  (void)xpu3sim::kernel_api::core_id();  // <
}
""",
        "xpu3sim",
    ),
}


def _kernel(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "kernel.xpu"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_a_conforming_kernel_has_no_finding(tmp_path: Path) -> None:
    assert xpu3_check.check(_kernel(tmp_path, CONFORMING)) == []


@pytest.mark.parametrize("rule", sorted(VIOLATIONS))
def test_each_rule_names_itself_the_file_and_the_line(rule: str, tmp_path: Path) -> None:
    body, words = VIOLATIONS[rule]
    path = _kernel(tmp_path, body)
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "// <" in text)
    findings = xpu3_check.check(path)
    assert [(f.rule, f.line) for f in findings if f.rule == rule] == [(rule, line)], findings
    finding = next(f for f in findings if f.rule == rule)
    assert words in finding.detail and str(path) in str(finding)
    assert {f.rule for f in findings} == {rule}, findings


@pytest.mark.parametrize(
    "kernel", sorted((ROOT / "csrc" / "kernels" / "xpu3").glob("*.xpu")), ids=lambda p: p.stem
)
def test_our_kernels_have_no_finding_beyond_the_known_list(
    kernel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One kernel per test (the launchers: the test below), as tools/xpu3_check.py checks it.
    assert xpu3_check.main([str(kernel)]) == 0, capsys.readouterr().out


LAUNCHERS = sorted((xpu3_check.ROOT / "generated" / "launch").glob("*.xpu"))


@pytest.mark.parametrize("launcher", LAUNCHERS, ids=lambda p: p.stem)
def test_each_generated_launcher_compiles(launcher: Path) -> None:
    """Each device launcher parses against the stand-in runtime."""
    assert xpu3_check.check_launcher(launcher) == [], launcher.name


def test_a_drifted_launcher_does_not_compile(tmp_path: Path) -> None:
    """A launcher calling its kernel with one argument missing is a finding."""
    assert LAUNCHERS
    source = LAUNCHERS[0].read_text(encoding="utf-8")
    drifted = source.replace(
        "      stream,\n", "      stream,\n      /* one argument short */\n", 1
    )
    drifted = drifted.replace("opforge::xpu3_arg(", "(void)(", 1)
    assert drifted != source
    broken = tmp_path / LAUNCHERS[0].name
    broken.write_text(drifted, encoding="utf-8")
    (finding,) = xpu3_check.check_launcher(broken)
    assert finding.rule == "does-not-parse", finding


def test_a_kernel_whose_spec_was_not_generated_is_told_to_generate(tmp_path: Path) -> None:
    # "'kernel_decls/<op>_xpu3.h' file not found" alone left a new author to
    # guess that the header is generated.
    path = tmp_path / "new_op.xpu"
    path.write_text('#include "kernel_decls/new_op_xpu3.h"\n', encoding="utf-8")
    (finding,) = xpu3_check.check(path)
    assert finding.rule == "does-not-parse" and finding.line == 1
    assert "file not found" in finding.detail
    assert finding.detail.endswith("(a generated header: run `opforge-dev generate` first)")
