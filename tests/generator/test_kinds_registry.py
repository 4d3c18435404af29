"""Kernel kinds are values of one registry (codegen/kinds.py): the runtime's
backends, opforge's backend switches, the scaffold and the tests' backend
lists all come from it, so a new kind is an entry there (with its templates,
its runtime backend and its kernels), not edits at every place that lists
the kinds.

Two checks. The repository outside codegen/ and generated/ names no backend
by hand: no opforge::Backend enumerator, no kind's launch function or struct,
no simulated backend's name, and no list of two or more kind or backend
names, in code (comments and docstrings are prose; a few places need one,
each allowed below with its reason). And a fourth kind added to the registry
reaches the runtime's enum, name table, launches and Context (which the
runtime's sources compile and run against), the Python switches, the
scaffold and the tests' backend lists."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from codegen import emit, kinds
from codegen.kinds import KINDS, KernelKind, LaunchContext, LaunchParam, RuntimeBackend
from codegen.model import Op
from codegen.parse import load_spec
from opforge_dev import scaffold
from tests import ROOT
from tests.harness import spec
from tools.build import ABI, WARNINGS

# ---------------------------------------------------------------- what names a backend


@dataclasses.dataclass(frozen=True)
class Vocabulary:
    """What, written outside the registry, names a kind or a backend by hand."""

    identifiers: frozenset[str]  # enumerators, launch structs and functions
    names: frozenset[str]  # backend names that are no kind's name ("xpu3-sim")
    listed: frozenset[str]  # kind and backend names: two in one statement are a list


def vocabulary(registry: tuple[KernelKind, ...] = KINDS) -> Vocabulary:
    backends = [b for k in registry for b in k.backends]
    launches = [k.launch for k in registry if k.launch is not None]
    kind_names = {k.name for k in registry}
    return Vocabulary(
        identifiers=frozenset(
            [b.enumerator for b in backends]
            + [
                name
                for la in launches
                for name in (la.struct, la.getter, la.setter, la.simulation, f"check_{la.getter}")
            ]
        ),
        names=frozenset(b.name for b in backends if b.name not in kind_names),
        listed=frozenset(kind_names | {b.name for b in backends}),
    )


# Where a backend or kind is named by hand because nothing else will do:
# (file, what it names) -> why. Each must still occur (a stale entry fails).
ALLOWED = {
    ("csrc/runtime/paddle_glue.cc", "kXpu3"): "a tensor on Paddle's XPU place runs on the XPU3 "
    "device, launched as Paddle's XPU context says: the device branch of context_for",
    ("csrc/runtime/paddle_glue.cc", "Xpu3Launch"): "the same branch: the launch of Paddle's XPU "
    "context",
    ("csrc/runtime/paddle_glue.cc", "kCuda"): "a tensor on Paddle's GPU place runs on the GPU, on "
    "Paddle's stream: the device branch of context_for",
    ("tools/plant_bugs.py", "xpu3-sim"): "a bug planted in an XPU3 kernel is caught by the tests "
    "of the XPU3 simulation",
    ("tools/plant_bugs.py", "cuda-sim"): "a bug planted in a CUDA kernel is caught by the tests "
    "of the CUDA simulation",
    ("tools/plant_bugs.py", "list"): "the plants, each naming the backend whose tests catch it",
    ("tests/generator/test_spec_errors.py", "list"): "the spec under test names these kinds",
}

# Never scanned: the registry and what is generated from it, prose, and what
# is not the project's.
SKIPPED_DIRS = {".git", ".venv", "build", "codegen", "generated", "docs", "__pycache__"}
SKIPPED_DIRS |= {".ruff_cache", ".mypy_cache", ".pytest_cache", "opforge.egg-info"}
CPP = {".h", ".cc", ".cu", ".cuh", ".xpu"}
TEXT = {".sh", ".tmpl"}


def scanned(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if not path.is_file() or SKIPPED_DIRS & set(parts[:-1]):
            continue
        if path.resolve() == Path(__file__).resolve():
            continue  # this test: its fixtures name backends on purpose
        if path.suffix in {".py", *CPP, *TEXT} or parts == (".ci", "run"):
            yield path


def _listed(literals: list[str], words: Vocabulary) -> bool:
    return len({s for s in literals if s in words.listed}) >= 2


def _python_sites(text: str, words: Vocabulary) -> Iterator[tuple[int, str]]:
    """(line, what) of each site in Python code: a name of `words`, a string
    that is a backend's name, an embedded C++ enumerator or call, or a
    statement listing kind or backend names; docstrings are prose."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    code = [t for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL)]
    statement: list[str] = []  # the string values of the statement so far
    start = 0  # its first line
    for i, tok in enumerate(code):
        start = start or tok.start[0]
        before = code[i - 1].type if i else tokenize.NEWLINE
        after = code[i + 1].type if i + 1 < len(code) else tokenize.NEWLINE
        if tok.type == tokenize.NAME and tok.string in words.identifiers:
            yield tok.start[0], tok.string
        elif tok.type == tokenize.STRING and not (
            before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
            and after == tokenize.NEWLINE  # a docstring
        ):
            value = _string_value(tok.string)
            if value in words.names:
                yield tok.start[0], value
            if value is not None:
                statement.append(value)
            for name in words.identifiers:
                # Embedded C++ (Backend::kXpu3) or a call (xpu3_simulation(...)).
                if re.search(rf"::{name}\b|\b{name}\(", tok.string):
                    yield tok.start[0], name
        if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            if _listed(statement, words):
                yield start, "list"
            statement, start = [], 0


def _string_value(literal: str) -> str | None:
    prefix = re.match(r"[A-Za-z]*", literal)
    if prefix is None or set(prefix.group().lower()) & {"f", "b"}:
        return None
    body = literal[len(prefix.group()) :]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[:1]
    return body[len(quote) : -len(quote)]


_CPP_LEX = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|[A-Za-z_]\w*|;', re.DOTALL)


def _cpp_sites(text: str, words: Vocabulary) -> Iterator[tuple[int, str]]:
    statement: list[str] = []  # the string values since the last ';'
    for m in _CPP_LEX.finditer(text):
        token, line = m.group(), text.count("\n", 0, m.start()) + 1
        if token.startswith(("//", "/*")):
            continue
        if token == ";":
            if _listed(statement, words):
                yield line, "list"
            statement = []
        elif token.startswith('"'):
            value = token[1:-1]
            if value in words.names:
                yield line, value
            statement.append(value)
        elif token in words.identifiers:
            yield line, token


def _text_sites(text: str, words: Vocabulary) -> Iterator[tuple[int, str]]:
    """A shell script or a scaffold template: its comment lines are prose."""
    for line_number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith(("#", "//")):
            continue
        for word in re.findall(r"[A-Za-z_][\w-]*", line):
            if word in words.identifiers or word in words.names:
                yield line_number, word
        listed = re.match(r"\s*kernels:\s*\[([^\]$]*)\]", line)
        if listed and _listed([w.strip() for w in listed.group(1).split(",")], words):
            yield line_number, "list"


def hand_written_sites(root: Path, words: Vocabulary) -> list[tuple[str, int, str]]:
    """(file, line, what) of every place under `root` that names a backend or
    a kind by hand (ALLOWED included)."""
    found = []
    for path in scanned(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".py":
            sites = _python_sites(text, words)
        elif path.suffix in CPP:
            sites = _cpp_sites(text, words)
        else:
            sites = _text_sites(text, words)
        relative = path.relative_to(root).as_posix()
        found += [(relative, line, what) for line, what in sites]
    return found


def test_no_backend_is_named_by_hand_outside_the_registry() -> None:
    sites = hand_written_sites(ROOT, vocabulary())
    unexplained = [f"{f}:{line}: {what}" for f, line, what in sites if (f, what) not in ALLOWED]
    assert not unexplained, (
        "a backend or kernel kind named by hand (take it from codegen/kinds.py, or, where a "
        "literal is truly needed, add it to ALLOWED with the reason):\n" + "\n".join(unexplained)
    )
    stale = sorted(set(ALLOWED) - {(f, what) for f, _, what in sites})
    assert not stale, f"ALLOWED entries that no longer occur: {stale}"


def test_the_scan_sees_each_way_of_naming_a_backend(tmp_path: Path) -> None:
    """The scan is not vacuous: each way of naming by hand is found, prose is not."""
    (tmp_path / "t.py").write_text(
        '"""Runs under xpu3_simulation() on "xpu3-sim"."""\n'
        'BACKENDS = ("cpu", "xpu3-sim")  # a list\n'
        "with opforge.cuda_simulation(nblocks=2):\n"
        "    pass\n"
        'HARNESS = """ctx.backend = opforge::Backend::kXpu3;"""\n'
        'RULE = {"cpu": "host",\n        "xpu3": "xpu3sim"}\n'
    )
    (tmp_path / "t.cc").write_text(
        "// kXpu3Sim in a comment\n"
        "for (Backend b : {Backend::kCpu, Backend::kXpu3Sim}) {}\n"
        'const char* n = "cuda-sim";\n'
    )
    (tmp_path / "op.yaml.tmpl").write_text("# cpu, xpu3\nkernels: [cpu, xpu3, cuda]\n")
    found = {(f, line, what) for f, line, what in hand_written_sites(tmp_path, vocabulary())}
    assert found == {
        ("t.py", 2, "xpu3-sim"),
        ("t.py", 2, "list"),
        ("t.py", 3, "cuda_simulation"),
        ("t.py", 5, "kXpu3"),
        ("t.py", 6, "list"),
        ("t.cc", 2, "kCpu"),
        ("t.cc", 2, "kXpu3Sim"),
        ("t.cc", 3, "cuda-sim"),
        ("op.yaml.tmpl", 2, "list"),
    }, sorted(found)


# ---------------------------------------------------------------- a fourth kind


def _fourth_kind() -> KernelKind:
    """An "npu" kind: the XPU3 kind's signatures and templates, its own
    backends (a simulation and a device), launch and sources."""
    sim, device = (
        RuntimeBackend("kNpuSim", "npu-sim", "the NPU kernel, run under the NPU simulation", True),
        RuntimeBackend("kNpu", "npu", "the NPU kernel on an NPU", False),
    )
    launchers = tuple(
        dataclasses.replace(
            la,
            backend=backend,
            function=la.function.replace("xpu3", "npu"),
            path=la.path.replace("xpu3", "npu"),
        )
        for la, backend in zip(kinds.XPU3.launchers, (sim, device), strict=True)
    )
    launch = LaunchContext(
        name="npu",
        struct="NpuLaunch",
        doc=("How the NPU kernel is launched: ncores cores.",),
        params=(
            LaunchParam("ncores", "int", 16, 1, 32),
            LaunchParam("schedule_seed", "int64_t", -1, -1),
        ),
        setter_doc="How NPU kernels are launched from the calling thread.",
        simulation_doc="Within the block, ops on CPU tensors run their NPU kernel simulated.",
        test_launches=((1,), (4,), (32,)),
        stream="the NPU's stream",
    )
    return dataclasses.replace(
        kinds.XPU3,
        name="npu",
        decl_path="kernel_decls/{op}_npu.h",
        suffix=".npu",
        launchers=launchers,
        launch=launch,
        dialect_tests=(),
    )


def test_a_fourth_kind_reaches_the_runtime_the_package_the_scaffold_and_the_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    npu = _fourth_kind()
    registry = (*KINDS, npu)
    files = emit.format_files(emit.render_backends(registry), ROOT)
    header, switches = files[emit.BACKENDS_HEADER], files[emit.SWITCHES]

    # The runtime: the enum, the name table, the launch and the Context.
    for line in ("kNpuSim,", "kNpu,", '{Backend::kNpuSim, "npu-sim", true}', "struct NpuLaunch {"):
        assert line in header, line
    assert "'cpu', 'xpu3-sim', 'cuda-sim' or 'npu-sim'" in header
    assert "  NpuLaunch npu = {};\n  void* npu_stream = nullptr;" in header
    # ...which the runtime's own sources compile against and run: the names
    # and launches are table lookups, whatever the kinds.
    include = tmp_path / "include"
    (include / "opforge").mkdir(parents=True)
    (include / "opforge" / "backends.h").write_text(header)
    program = tmp_path / "main.cc"
    program.write_text(NPU_PROGRAM)
    binary = tmp_path / "npu"
    compile_ = ["g++", *ABI, "-O0", *WARNINGS, f"-I{ROOT / 'csrc' / 'include'}", f"-I{include}"]
    compile_ += [str(ROOT / "csrc" / "runtime" / "runtime.cc"), str(program), "-o", str(binary)]
    built = subprocess.run(compile_, capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stderr[-4000:]
    ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.splitlines() == [
        "npu-sim npu-sim",
        "4 -1",
        "set_npu_launch(): expected 1 <= ncores <= 32 and schedule_seed >= -1, got 33, -1",
        "set_cpu_tensor_backend(): expected 'cpu', 'xpu3-sim', 'cuda-sim' or 'npu-sim', got 'npu'",
    ], ran.stdout

    # The package's switches.
    assert 'CPU_TENSOR_BACKENDS: tuple[str, ...] = ("cpu", "xpu3-sim", "cuda-sim", "npu-sim")' in (
        switches
    )
    assert "def set_npu_launch(ncores: int = 16, schedule_seed: int = -1) -> None:" in switches
    assert "def npu_simulation(ncores: int = 16, schedule_seed: int = -1)" in switches
    assert 'ext.set_cpu_tensor_backend("npu-sim")' in switches

    # The scaffold and the tests' backend lists, with the kind registered.
    monkeypatch.setattr(kinds, "KINDS", registry)
    text = scaffold.spec_text("demo", dict.fromkeys(scaffold.SECTIONS, ""))
    assert "kernels: [cpu, xpu3, cuda, npu]" in text and "npu -> csrc/kernels/npu/demo.npu" in text
    op = dataclasses.replace(_any_op(), kernels=("cpu", "xpu3", "cuda", "npu"))
    assert spec.backends(op) == ["cpu", "xpu3-sim", "cuda-sim", "npu-sim"]
    # ...and the scan of hand-written names knows its names.
    words = vocabulary(registry)
    assert {"kNpuSim", "kNpu", "NpuLaunch", "npu_simulation"} <= words.identifiers
    assert "npu-sim" in words.names


def _any_op() -> Op:
    return load_spec(ROOT / "opspec" / "rebuild_padding.yaml", ROOT)


# Reads and sets the fourth kind's names and launch through the runtime.
NPU_PROGRAM = r"""
#include <cstdio>
#include "opforge/runtime.h"

int main() {
  using namespace opforge;
  std::printf("%s %s\n", backend_name(Backend::kNpuSim),
              backend_name(cpu_tensor_backend_named("npu-sim")));
  set_launch_values("npu", {4, -1});
  const Context ctx = host_context(Backend::kNpuSim);
  std::printf("%d %lld\n", ctx.npu.ncores, static_cast<long long>(ctx.npu.schedule_seed));
  try {
    set_npu_launch(NpuLaunch{33, -1});
  } catch (const OpError& error) {
    std::printf("%s\n", error.what());
  }
  try {
    cpu_tensor_backend_named("npu");
  } catch (const OpError& error) {
    std::printf("%s\n", error.what());
  }
  return ctx.backend == Backend::kNpuSim ? 0 : 1;
}
"""
