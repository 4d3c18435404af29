"""Compile every CUDA kernel and generated GPU launcher with the real nvcc.

No machine this repository is tested on has a GPU, so the CUDA kernels run
under the simulation (csrc/cudasim) on every CI run; this checks the other
half: that the same sources are valid CUDA for the device. Each op's
csrc/kernels/cuda/<op>.cu and generated/launch/<op>_cuda.cu (the launchers
in one unit), the same for the fixture ops of tests/fixtures/ (their glue
generated into build/nvcc/<fixture>/), and the
simulation's correct self-test kernels (tests/runtime/cudasim/kernels/
correct.cu, the deliberately broken ones left out), compile for sm_80 and
sm_90 with every warning an error (nvcc's and the host compiler's),
incrementally (ninja, nvcc's depfiles). Objects are only compiled, never
linked or run: linking needs a GPU build of Paddle, running needs a GPU.

    python tools/nvcc_check.py            exit 0: all compiled; 1: a source failed; 2: no nvcc
    python tools/nvcc_check.py OP...      only these ops' kernels and the library's launcher unit
                                          (an author's loop: a first run of everything takes minutes)
    python tools/nvcc_check.py --install  without an nvcc, first install the registry's CUDA 13
                                          compiler wheels into this environment (what CI does)
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codegen.diagnostics import SpecErrors
from codegen.generate import generate
from tools.build import (
    BUILD,
    MAIN,
    ROOT,
    RUNTIME_INCLUDES,
    Tree,
    _run_ninja,
    kernel_include,
    manifest,
    rules,
    write_if_changed,
)

ARCHS = ("80", "90")
# The launcher's guard: only a CUDA build compiles it.
DEFINE = "OPFORGE_WITH_CUDA"
FLAGS = [
    "-std=c++17",
    *(f"-gencode=arch=compute_{a},code=sm_{a}" for a in ARCHS),
    "-Werror=all-warnings",
    "-Xcompiler=-Wall,-Wextra,-Wno-unused-parameter,-Werror",
    f"-D{DEFINE}",
]


def find_nvcc() -> tuple[Path | None, list[str]]:
    """nvcc from $NVCC, PATH, $CUDA_HOME, or the registry's CUDA 13 wheels in
    this environment (nvidia-cuda-nvcc: site-packages/nvidia/cu13/bin); with
    the places looked at, for the message when there is none."""
    looked = []
    candidates: list[Path] = []
    if os.environ.get("NVCC"):
        candidates.append(Path(os.environ["NVCC"]))
        looked.append("$NVCC")
    on_path = shutil.which("nvcc")
    looked.append("PATH")
    if on_path:
        candidates.append(Path(on_path))
    if os.environ.get("CUDA_HOME"):
        candidates.append(Path(os.environ["CUDA_HOME"]) / "bin" / "nvcc")
        looked.append("$CUDA_HOME/bin")
    site = Path(sys.executable).resolve().parent.parent / "lib"
    candidates += sorted(site.glob("python3*/site-packages/nvidia/cu13/bin/nvcc"))
    looked.append("site-packages/nvidia/cu13/bin")
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate, looked
    return None, looked


def sources(tree: Tree = MAIN, ops: list[str] | None = None) -> tuple[list[Path], list[Path]]:
    """Each op's CUDA kernel, and its GPU launcher, as the manifest lists them
    (only those of ``ops`` when given)."""
    kernels, launchers = [], []
    for name, entry in manifest(tree.generated)["ops"].items():
        if ops is not None and name not in ops:
            continue
        for kernel in entry["kernels"]:
            if kernel["kind"] == "cuda":
                kernels.append(tree.kernels / kernel["source"])
        for unit in entry["units"]:
            if unit.get("guard") == DEFINE:
                launchers.append(tree.generated / unit["path"])
    return kernels, launchers


def launcher_unity(launchers: list[Path]) -> str:
    """One unit including every GPU launcher. They are instances of one
    template, each in its op's namespace, so they cannot collide; the first
    one included still proves the template's includes self-sufficient; and
    the CUDA headers, most of each unit's time, are parsed once instead of once
    per op. Kernels stay one unit each: they are hand-written, and a helper
    of the same name in two of them is legal."""
    lines = ["// Written by tools/nvcc_check.py; do not edit."]
    lines += [f'#include "{path.as_posix()}"' for path in launchers]
    return "\n".join(lines) + "\n"


# The simulation's self-test kernels that must also build for the device.
# Only the portable header is on their include path: the simulation's
# stand-ins (csrc/cudasim/include) would hide the real toolchain headers.
SELF_TESTS = ROOT / "tests" / "runtime" / "cudasim" / "kernels" / "correct.cu"
SELF_TEST_FLAGS = [*FLAGS, f"-I{ROOT / 'csrc' / 'cudasim' / 'portable'}"]
# The fixture ops (one spec per feature of the spec language, run by the suite
# under the simulation): their glue is generated here, into BUILD/nvcc/<name>.
FIXTURES = (ROOT / "tests" / "fixtures" / "example_op",)


def tree_flags(tree: Tree, kernel: bool = False) -> list[str]:
    """What an op's CUDA kernel and GPU launcher compile with: the tree's
    generated headers on the include path; a kernel's, also its tree's
    kernel directory (`#include "shared/<op>.h"`)."""
    includes = [*RUNTIME_INCLUDES, tree.generated]
    includes += [ROOT / d for d in rules()["nvcc"]["includes"]]
    own = [kernel_include(tree.kernels)] if kernel else []
    return [*FLAGS, *rules()["nvcc"]["flags"], *(f"-I{d}" for d in includes), *own]


def ninja_file(nvcc: Path, units: list[tuple[Path, list[str]]], directory: Path) -> str:
    """Each unit with its own flags: one build statement per source."""
    q = shlex.quote
    lines = [
        "# Written by tools/nvcc_check.py; do not edit.",
        "ninja_required_version = 1.10",
        f"nvcc = {q(str(nvcc))}",
        "rule nvcc",
        "  command = $nvcc -MD -MF $out.d $flags -c $in -o $out",
        "  depfile = $out.d",
        "  deps = gcc",
        "  description = NVCC $in",
    ]
    objects = []
    for source, flags in units:
        obj = object_of(source, directory)
        objects.append(obj)
        lines.append(f"build {q(str(obj))}: nvcc {q(str(source))}")
        lines.append(f"  flags = {' '.join(q(f) for f in flags)}")
    lines.append(f"build all: phony {' '.join(q(str(o)) for o in objects)}")
    return "\n".join(lines) + "\n"


def object_of(source: Path, directory: Path) -> Path:
    return directory / "obj" / (source.relative_to(ROOT).as_posix().replace("/", "__") + ".o")


# The registry's CUDA 13 compiler (nvcc, under site-packages/nvidia/cu13/bin),
# its runtime headers and CCCL (CUB); the older -cu12 nvcc wheel has no driver.
WHEELS = ("nvidia-cuda-nvcc", "nvidia-cuda-runtime", "nvidia-cuda-cccl")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--install", action="store_true", help="install nvcc from the registry if none is found"
    )
    parser.add_argument(
        "ops", nargs="*", metavar="OP", help="only these ops' CUDA kernels (and the launcher unit)"
    )
    args = parser.parse_args(argv)
    if args.ops:
        with_cuda = ops_with_cuda()
        unknown = [op for op in args.ops if op not in with_cuda]
        if unknown:
            print(
                f"nvcc_check: no CUDA kernel for {', '.join(map(repr, unknown))} in "
                f"generated/manifest.json (ops with one: {', '.join(with_cuda)}); "
                "run `opforge-dev generate` after adding cuda to a spec's kernels",
                file=sys.stderr,
            )
            return 2
    nvcc, looked = find_nvcc()
    if nvcc is None and args.install:
        print("nvcc not found; installing " + " ".join(WHEELS), file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *WHEELS], check=True)
        nvcc, looked = find_nvcc()
    if nvcc is None:
        print(
            "nvcc not found (looked in " + ", ".join(looked) + "); install it with "
            f"`pip install {' '.join(WHEELS)}` (or run with --install) "
            "or set NVCC. Nothing was compiled.",
            file=sys.stderr,
        )
        return 2
    directory = BUILD / "nvcc"
    trees = [MAIN]
    for fixture in FIXTURES:
        tree = Tree(
            directory / fixture.name / "generated",
            fixture / "kernels",
            directory / fixture.name,
            directory / fixture.name / "unused",
            specs=fixture / "opspec",
        )
        try:
            generate(tree.specs, ROOT, tree.generated, tree.build / "cache", write=True)
        except SpecErrors as errors:
            print(f"nvcc: the specs of {tree.specs} do not generate:\n{errors}", file=sys.stderr)
            return 1
        trees.append(tree)
    units: list[tuple[Path, list[str]]] = []
    kernel_count = launcher_count = 0
    for tree in trees:
        kernels, launchers = sources(tree)
        unity = (directory if tree is MAIN else tree.build) / "launchers.cu"
        write_if_changed(unity, launcher_unity(launchers))
        units += [(source, tree_flags(tree, kernel=True)) for source in kernels]
        units.append((unity, tree_flags(tree)))
        kernel_count, launcher_count = kernel_count + len(kernels), launcher_count + len(launchers)
    units.append((SELF_TESTS, SELF_TEST_FLAGS))
    write_if_changed(directory / "build.ninja", ninja_file(nvcc, units, directory))
    if args.ops:
        # The one ninja file lists every unit; a run for some ops builds only
        # their kernels and the library's launcher unit (which holds theirs).
        kernels, _ = sources(ops=args.ops)
        targets = [object_of(k, directory) for k in [*kernels, directory / "launchers.cu"]]
        done = _run_ninja(directory, *targets)
        if done.returncode == 0:
            print(
                f"nvcc: {len(kernels)} CUDA kernel(s) of {', '.join(args.ops)} and the library's "
                f"GPU launchers compiled for sm_{', sm_'.join(ARCHS)}"
            )
        return done.returncode
    done = _run_ninja(directory, Path("all"))
    if done.returncode == 0:
        print(
            f"nvcc: {kernel_count} CUDA kernels, {launcher_count} GPU launchers (one unit per "
            f"tree: the library's and the fixture ops') and the simulation's self-test kernels "
            f"compiled for sm_{', sm_'.join(ARCHS)}"
        )
    return done.returncode


def ops_with_cuda(tree: Tree = MAIN) -> list[str]:
    """The ops the manifest gives a CUDA kernel, sorted."""
    return sorted(
        name
        for name, entry in manifest(tree.generated)["ops"].items()
        if any(k["kind"] == "cuda" for k in entry["kernels"])
    )


if __name__ == "__main__":
    sys.exit(main())
