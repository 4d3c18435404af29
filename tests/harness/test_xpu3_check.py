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


def test_naming_the_simulations_core_is_simulation_internal(tmp_path: Path) -> None:
    # The core both simulations share (csrc/simcore) is as absent on a device
    # as the XPU3 simulation itself.
    body = """
__global__ void kernel(__global_ptr__ const float* x, int n) {
  (void)sizeof(simcore::Space);  // <
}
"""
    path = _kernel(tmp_path, body)
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "// <" in text)
    found = [(f.rule, f.line, f.detail) for f in xpu3_check.check(path)]
    assert (
        "simulation-internal",
        line,
        "names the simulation (simcore::), which no device has",
    ) in found, found


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


# ---------------------------------------------------------------- shared headers
# An op's per-slot functions, csrc/kernels/shared/<op>.h, which its three
# kernels include as "shared/<op>.h" (docs/authoring.md, "Per-slot logic
# shared by the kernels"): checked with the XPU3 kernel that includes them.

SHARED_HEAD = """#pragma once
#include <algorithm>
#include <cstdint>

#include "opforge/slot_fn.h"

namespace demo {
"""
SHARED = """
constexpr int32_t kIdle = 0;
OPFORGE_SLOT_FN int32_t rows(int32_t fed, int32_t encoder) {
  return fed <= 0 ? kIdle : (encoder != 0 ? 1 : fed);
}
template <typename T>
OPFORGE_SLOT_FN T twice(T v) {
  return v + v;
}
OPFORGE_SLOT_FN int32_t first(const int32_t* lm) { return opforge::slot_max(lm[0], 0); }
OPFORGE_SLOT_FN int32_t value(const int32_t& v) { return opforge::slot_clamp(v, 0, 7); }
"""
KERNEL_HEAD = HEAD + '#include "shared/demo.h"\n'
# Calls each shared function on locals: local memory, or values read from global memory.
CALLER = """
namespace demo {
__global__ void kernel(__global_ptr__ const int32_t* x, __global_ptr__ int32_t* y, int n) {
  XPU3_LM_ARRAY(int32_t, lm, 2);
  GM2LM(x, lm, 2 * sizeof(int32_t));
  int32_t local = lm[1];
  int32_t r = rows(lm[0], x[1]) + twice(x[0]) + twice(local) + first(lm) + value(local);
  LM2GM(&r, y, sizeof(int32_t));
}
}  // namespace demo
"""


def _shared(tmp_path: Path, header: str, kernel: str = CALLER) -> tuple[Path, Path]:
    """<tmp>/kernels/shared/demo.h and <tmp>/kernels/xpu3/demo.xpu, as an op's are laid out."""
    shared = tmp_path / "kernels" / "shared" / "demo.h"
    source = tmp_path / "kernels" / "xpu3" / "demo.xpu"
    texts = (
        (shared, SHARED_HEAD + header + "}  // namespace demo\n"),
        (source, KERNEL_HEAD + kernel),
    )
    for path, text in texts:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return shared, source


def test_a_kernel_calling_its_shared_functions_on_locals_has_no_finding(tmp_path: Path) -> None:
    """Found as "shared/<op>.h" beside the kernel's directory; marked
    functions, templates and opforge::slot_* are device code."""
    _, source = _shared(tmp_path, SHARED)
    headers: set[str] = set()
    assert xpu3_check.check(source, headers=headers) == []
    assert headers == {str(tmp_path / "kernels" / "shared" / "demo.h")}


# rule -> (the shared header's text, a kernel calling it, words of the finding); the
# line marked `// <` in either is the finding's, named in that file.
SHARED_VIOLATIONS = {
    "slot-fn-unmarked": (
        SHARED + "inline int32_t plain(int32_t v) { return v + 1; }  // <\n",
        CALLER.replace("value(local)", "plain(local)"),
        "'plain' is defined in a shared header without OPFORGE_SLOT_FN",
    ),
    "slot-fn-global-memory": (
        SHARED
        + "OPFORGE_SLOT_FN int32_t at(__global_ptr__ const int32_t* gm) { return gm[0]; }  // <\n",
        CALLER,
        "'at' names __global_ptr__",
    ),
    "slot-fn-global-memory-argument": (
        SHARED,
        CALLER.replace("first(lm)", "first(x + 1)").replace("value(local);", "value(local);  // <"),
        "'first' is passed global memory ('x') as argument 1",
    ),
    "slot-fn-global-memory-reference": (
        SHARED,
        CALLER.replace("value(local);", "value(x[1]);  // <"),
        "'value' is passed global memory ('x') as argument 1",
    ),
    "host-call": (
        SHARED
        + "OPFORGE_SLOT_FN int32_t least(int32_t a, int32_t b) { return std::min(a, b); }  // <\n",
        CALLER,
        "'std::min' is declared in",
    ),
    "wide-loop": (
        SHARED
        + "OPFORGE_SLOT_FN int32_t count(int32_t n) {\n  int32_t c = 0;\n"
        + "  for (int64_t i = 0; i < n; ++i) c += 1;  // <\n  return c;\n}\n",
        CALLER,
        "'i' is int64_t (in count)",
    ),
    "namespace-variable": (
        SHARED + "int32_t calls = 0;  // <\n",
        CALLER,
        "'calls' is not a constant",
    ),
}


@pytest.mark.parametrize("case", sorted(SHARED_VIOLATIONS))
def test_a_shared_header_is_held_to_the_dialect(case: str, tmp_path: Path) -> None:
    header, kernel, words = SHARED_VIOLATIONS[case]
    shared, source = _shared(tmp_path, header, kernel)
    where = shared if "// <" in shared.read_text() else source
    line = next(i for i, text in enumerate(where.read_text().splitlines(), 1) if "// <" in text)
    rule = case.removesuffix("-argument").removesuffix("-reference")
    findings = xpu3_check.check(source)
    assert [(f.rule, f.path, f.line) for f in findings] == [(rule, str(where), line)], findings
    assert words in findings[0].detail, findings[0]


def test_a_shared_finding_is_reported_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two kernels include one shared header: its finding is reported once."""
    shared, source = _shared(tmp_path, SHARED + "int32_t calls = 0;\n")
    other = source.with_name("other.xpu")
    other.write_text(source.read_text(), encoding="utf-8")
    assert xpu3_check.main([str(source), str(other)]) == 1
    out = capsys.readouterr().out
    assert out.count(f"{shared}:") == 1 and "namespace-variable" in out, out


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
