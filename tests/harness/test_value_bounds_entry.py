"""The framework-free entry of an op whose value domains name an attribute:
token ids below a vocabulary size the caller passes (an int32 attribute), and
limits at most one past it. run() with the value-checked mode on refuses a
value outside, naming the op, the tensor, the element, its value and the bound
as the spec writes it with its value in the call; it computes the bound in
int64 (vocab_size = 2**31 - 1 makes `vocab_size + 1` pass int32); with the
mode off it checks nothing. Compiled with kernels that only say they ran."""

from __future__ import annotations

import subprocess
from pathlib import Path

from codegen.emit import format_files, render
from codegen.parse import load_spec
from tests import ROOT
from tests.harness import cpp
from tools.build import BUILD, write_if_changed

SPEC = """\
op: bounded_ids
kernels: [cpu]
doc: token ids below a vocabulary size the caller passes
dims:
  n: ids
tensors:
  - name: ids
    dtype: int64
    shape: [n]
    role: inout
    doc: token ids
    values: {min: 0, max: vocab_size - 1}
  - name: limits
    dtype: int64
    shape: [n]
    doc: at most one past the vocabulary
    values: {max: vocab_size + 1}
attrs:
  - {name: vocab_size, type: int, min: 1, doc: the vocabulary size}
"""

MAIN = r"""
#include <cstdint>
#include <cstdio>

#include "entry/bounded_ids.h"

namespace {

// One call of 3 ids; `checked`: the value-checked mode.
void call(const char* what, bool checked, int32_t vocab_size, int64_t id, int64_t limit) {
  int64_t ids[3] = {0, id, 1};
  int64_t limits[3] = {0, 0, limit};
  opforge::set_value_checks(checked);
  std::printf("%s: ", what);
  try {
    opforge::bounded_ids::run(opforge::Context{}, {ids, 3}, {limits, 3}, 3, vocab_size);
  } catch (const opforge::OpError& error) {
    std::printf("refused: %s", error.what());
  }
  std::printf("\n");
}

}  // namespace

int main() {
  call("inside", true, 17, 16, 18);
  call("id at the vocabulary size", true, 17, 17, 0);
  call("negative id", true, 17, -1, 0);
  call("limit two past", true, 17, 0, 19);
  call("int32's largest vocabulary", true, 2147483647, 2147483646, 2147483648LL);
  call("unchecked", false, 17, 17, 19);
  return 0;
}
"""


def test_a_bound_naming_an_attribute_reaches_the_value_check(tmp_path: Path) -> None:
    (tmp_path / "bounded_ids.yaml").write_text(SPEC, encoding="utf-8")
    op = load_spec(tmp_path / "bounded_ids.yaml", tmp_path)
    generated = tmp_path / "generated"
    for path, text in format_files(render([op]), ROOT).items():
        (generated / path).parent.mkdir(parents=True, exist_ok=True)
        (generated / path).write_text(text, encoding="utf-8")
    # Built in build/ (not a temporary directory), so a rerun compiles only what changed.
    where = BUILD / "harness_value_bounds"
    main = where / "value_bounds_main.cc"
    write_if_changed(main, MAIN + "\n" + cpp.stub_kernels(op, 'std::printf("kernel ran");') + "\n")
    binary = cpp.build(
        [main, cpp.entry_source(op, generated)], where / "harness", "plain", generated
    )
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "inside: kernel ran",
        "id at the vocabulary size: refused: bounded_ids(): ids[1] = 17 is outside its domain: "
        ">= 0 and <= vocab_size - 1 = 16",
        "negative id: refused: bounded_ids(): ids[1] = -1 is outside its domain: "
        ">= 0 and <= vocab_size - 1 = 16",
        "limit two past: refused: bounded_ids(): limits[2] = 19 is outside its domain: "
        "<= vocab_size + 1 = 18",
        "int32's largest vocabulary: kernel ran",
        "unchecked: kernel ran",
    ], done.stdout
