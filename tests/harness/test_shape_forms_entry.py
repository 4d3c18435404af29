"""The framework-free entry of an op with shape alternatives (the example op
match_stop_sequences): run() takes the form after the dims, checks the element
count of that form, refuses an index of no form naming the shapes, and the
kernel reads the form it is given. Compiled with the op's CPU kernel, no Paddle
(the Paddle side is the spec suite's, over the example tree)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from codegen.parse import load_specs
from tests import ROOT
from tests.harness import cpp
from tools.build import BUILD, write_if_changed

EXAMPLE = ROOT / "tests" / "fixtures" / "example_op"

MAIN = r"""
#include <cstdio>

#include "entry/match_stop_sequences.h"

namespace {

// One call: n = 2 slots of 2 tokens, one stop sequence of 2 entries; `form`
// as given, stop_seqs holding `count` elements.
void call(int32_t form, int64_t count) {
  int64_t tokens[4] = {1, 2, 5, 2};
  int64_t seqs[4] = {1, 2, 5, 2};  // form 1: the shared [1, 2]; form 0: [[1, 2]], [[5, 2]]
  int32_t index[2] = {9, 9};
  int32_t hits[1] = {9};
  try {
    opforge::match_stop_sequences::run(opforge::Context{}, {tokens, 4}, {seqs, count},
                                       {index, 2}, {hits, 1}, 2, 2, 1, 2, form);
    std::printf("form %d: index %d %d hits %d\n", form, index[0], index[1], hits[0]);
  } catch (const opforge::OpError& error) {
    std::printf("form %d: refused: %s\n", form, error.what());
  }
}

}  // namespace

int main() {
  call(1, 2);   // shared [1, 2]: slot 0 ends with it, slot 1 does not
  call(0, 4);   // per slot: slot 0 ends with its [1, 2], slot 1 with its [5, 2]
  call(0, 2);   // form 0 with form 1's element count
  call(2, 2);   // no form 2
  call(-1, 2);
  return 0;
}
"""


def test_run_takes_the_form_checks_it_and_the_kernel_reads_it(tmp_path: Path) -> None:
    generated = tmp_path / "generated"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "codegen",
            "--specs",
            str(EXAMPLE / "opspec"),
            "--out",
            str(generated),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    op = next(o for o in load_specs(EXAMPLE / "opspec", ROOT) if o.name == "match_stop_sequences")
    where = BUILD / "harness_shape_forms"
    sources = cpp.link_check_sources(op, generated, where)
    main = where / "forms_main.cc"
    write_if_changed(main, MAIN)
    # The op's own CPU kernel instead of the stub that aborts; the other kinds' stubs stay.
    sources = [main] + [
        EXAMPLE / "kernels" / "cpu" / "match_stop_sequences.cc"
        if s.name == "match_stop_sequences_cpu_stub.cc"
        else s
        for s in sources
        if s.name != "main.cc"
    ]
    binary = cpp.build(sources, where / "harness", "plain", generated)
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "form 1: index 0 -1 hits 1", lines
    assert lines[1] == "form 0: index 0 0 hits 2", lines
    assert lines[2].startswith("form 0: refused: match_stop_sequences(): buffer 'stop_seqs'"), lines
    assert "n * stop_n * stop_len = 4 elements, got 2" in lines[2], lines
    for line, got in ((lines[3], 2), (lines[4], -1)):
        assert "the form of argument 'stop_seqs' must be 0 to 1" in line, line
        assert "[n, stop_n, stop_len] or [stop_n, stop_len]" in line, line
        assert line.endswith(f"got {got}"), line
