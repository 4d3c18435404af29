"""Build the extension module opforge/_C from generated/ and csrc/ with ninja.

Only the generated Paddle units and three runtime units include Paddle's
headers. A generated Paddle unit includes the light ones alone (the tensor,
its dense storage, the custom-op registration) and Python.h, never pybind11
or paddle/extension.h: they share a precompiled header of those (~1 s of CPU
per unit with it, ~3 s without). The runtime units that need the heavy
headers (Paddle's pybind11 caster, its whole C++ API) are compiled once per
flag set, shared by every tree. ninja rebuilds only units whose sources or
included headers changed (depfiles). Kernels, entry glue and the runtime
include no Paddle header and compile in well under a second each.

    python tools/build.py            # build (incremental)
    python tools/build.py --print    # show the compile command of each unit
"""

from __future__ import annotations

import argparse
import dataclasses
import fcntl
import functools
import hashlib
import importlib.util
import json
import shlex
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import kernel_drift  # noqa: E402

EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


@dataclass(frozen=True)
class Tree:
    """What one build compiles: generated glue, hand-written kernels (cpu/*.cc,
    xpu3/*.xpu), where objects go, and the module it links."""

    generated: Path
    kernels: Path
    build: Path
    module: Path
    # Compile each kind of unit (Paddle glue, entries, kernels) as a few unity
    # translation units instead of one per op: for trees of hundreds of ops,
    # where one Paddle unit per op would cost ~10 s each.
    unity: int = 0
    # Its specs: a kernel that does not match its declaration is reported with
    # the spec's line of the parameter (tools/kernel_drift.py).
    specs: Path = ROOT / "opspec"

    @property
    def wheel_module(self) -> Path:
        """The same objects linked for a wheel: Paddle's libraries found relative
        to the module ($ORIGIN/../paddle/...), as installed side by side in
        site-packages, not where this build found them (a wheel may be built
        against a Paddle in a build environment that is gone once the wheel is
        made; tools/pep517/opforge_backend.py). Built only when asked for."""
        return self.build / "wheel" / self.module.name


# The project itself. Other trees (an example op's, say) share csrc/ runtime.
MAIN = Tree(
    ROOT / "generated",
    ROOT / "csrc" / "kernels",
    ROOT / "build",
    ROOT / "opforge" / f"_C{EXT_SUFFIX}",
)
BUILD = MAIN.build
MODULE = MAIN.module


def paddle_dir() -> Path:
    # Found without importing paddle, which takes seconds.
    spec = importlib.util.find_spec("paddle")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("paddlepaddle is not installed; run the setup command in the README")
    return Path(next(iter(spec.submodule_search_locations)))


@dataclass(frozen=True)
class Unit:
    source: Path
    # Includes Paddle's headers (a generated one: with the precompiled header
    # of the light ones, opforge/python_glue.h and opforge/paddle_glue.h).
    needs_paddle: bool
    needs_python: bool  # includes Python.h (or pybind11)
    rule: str = "host"  # the compile rule (generated/manifest.json "rules": codegen/kinds.py)
    # A hand-written kernel (or a unity file holding one): its tree's kernel
    # directory is on its include path, for `#include "shared/<op>.h"`.
    kernel: bool = False


WARNINGS = ["-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror"]
# The runtime's headers: the hand-written ones, and the one generated from the
# registry of kernel kinds (opforge/backends.h, which opforge/runtime.h
# includes: the same for every tree, so the checkout's).
RUNTIME_INCLUDES = (ROOT / "csrc" / "include", ROOT / "generated" / "runtime")
# Paddle's cpp_extension flags that matter for ABI compatibility with libpaddle.
ABI = ["-std=c++17", "-fPIC", "-D_GLIBCXX_USE_CXX11_ABI=1", "-DPADDLE_WITH_CUSTOM_KERNEL"]


def include_flags(unit: Unit, tree: Tree | None = MAIN) -> list[str]:
    """-I flags of a unit; tree None: no generated/ (the shared precompiled header)."""
    flags = ["-I" + str(d) for d in RUNTIME_INCLUDES]
    if tree is not None:
        flags.append("-I" + str(tree.generated))
        if unit.kernel:
            flags.append(kernel_include(tree.kernels))
    flags += ["-I" + str(ROOT / d) for d in rules()[unit.rule]["includes"]]
    if unit.needs_paddle or unit.needs_python:
        paddle = paddle_dir()
        # Paddle's own pybind11 copy: its tensor caster is compiled against it.
        flags += [
            "-isystem",
            str(paddle / "include"),
            "-isystem",
            str(paddle / "include" / "third_party"),
            "-isystem",
            sysconfig.get_paths()["include"],
        ]
    return flags


def kernel_include(kernels: Path) -> str:
    """The -I flag that lets a kernel include its op's shared per-slot
    functions as `#include "shared/<op>.h"` (<kernels>/shared/<op>.h, beside
    <kernels>/cpu, xpu3 and cuda; opforge/slot_fn.h). Every place a kernel is
    compiled or parsed passes it: the tree builds, the harnesses,
    tools/nvcc_check.py, tools/xpu3_check.py."""
    return "-I" + str(kernels)


def manifest(generated: Path = MAIN.generated) -> dict[str, Any]:
    """What the generator says the build needs (generated/manifest.json): per op
    its kernels and generated units, the compile rules, each kind's runtime.
    Nothing here learns a fact about a spec from generated C++ or file names."""
    path = generated / "manifest.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]
    except FileNotFoundError:
        sys.exit(f"{_shown(path)} does not exist: run `python -m codegen` first")


@functools.cache
def _registry() -> dict[str, Any]:
    """The checkout's manifest, read once, for what comes from the kind registry
    and so is the same in every tree: the compile rules, the suffixes, each
    kind's runtime sources."""
    return manifest()


def rules() -> dict[str, dict[str, list[str]]]:
    """The compile rules by name."""
    return _registry()["rules"]  # type: ignore[no-any-return]


def kind_runtime_units() -> list[Unit]:
    """Each kernel kind's runtime (the simulations and their shared core,
    csrc/simcore, each unit once), linked by every tree and harness."""
    return [Unit(ROOT / r["source"], False, False, r["rule"]) for r in _registry()["runtime"]]


def _unity(tree: Tree, found: list[Unit]) -> list[Unit]:
    """Group units of one kind into tree.unity files that #include them."""
    grouped: dict[tuple[bool, bool, str, str, bool], list[Unit]] = {}
    kept = []
    for unit in found:
        if unit.source.name == "module.cc":
            kept.append(unit)  # the module: once
            continue
        key = (unit.needs_paddle, unit.needs_python, unit.rule, unit.source.suffix, unit.kernel)
        grouped.setdefault(key, []).append(unit)
    for (paddle, python, rule, suffix, kernel), members in sorted(grouped.items()):
        for part in range(tree.unity):
            chunk = members[part :: tree.unity]
            if not chunk:
                continue
            kind = f"{'paddle' if paddle else 'plain'}_{rule}{suffix.replace('.', '_')}"
            kind += "_kernels" if kernel else ""
            path = tree.build / "unity" / f"{kind}_{part}.cc"
            write_if_changed(path, "".join(f'#include "{u.source}"\n' for u in chunk))
            kept.append(Unit(path, paddle, python, rule, kernel))
    return kept


class MissingKernel(Exception):
    pass


def named_kernels(tree: Tree) -> list[tuple[str, str, str]]:
    """(op, kind, compile rule) of every kernel a spec names, as the generator's
    manifest lists them. Raises MissingKernel naming each kernel source that
    does not exist, and the header declaring it."""
    found, missing = [], []
    for op, entry in manifest(tree.generated)["ops"].items():
        for kernel in entry["kernels"]:
            source = tree.kernels / kernel["source"]
            item = (op, kernel["kind"], kernel["rule"], source, kernel["declared_in"])
            (found if source.exists() else missing).append(item)
    if missing:
        raise MissingKernel(
            "\n".join(
                f"op {op}: its spec names the {kind} kernel, but {_shown(source)} does not "
                f"exist; write it (declared in {_shown(tree.generated)}/{declared})"
                for op, kind, _, source, declared in missing
            )
        )
    return [(op, kind, rule) for op, kind, rule, _, _ in found]


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def shared_units() -> list[Unit]:
    """The runtime and each kind's runtime (the simulation): no generated header,
    so one object per flag set serves every tree (build/shared/<digest>/)."""
    found = [
        Unit(path, path.name != "runtime.cc", path.name in ("pybind_module.cc", "python_glue.cc"))
        for path in sorted((ROOT / "csrc" / "runtime").glob("*.cc"))
    ]
    return found + kind_runtime_units()


def units(tree: Tree = MAIN) -> list[Unit]:
    """What the tree compiles for itself (the shared units apart): the kernels
    each spec names, and only those (a kernel file without a spec is not built;
    a spec's kernel without a file stops the build), and the generated units
    the default build compiles (a unit under a toolchain's guard is not)."""
    found: list[Unit] = []
    described = manifest(tree.generated)
    kernels = {(op, kind): rule for op, kind, rule in named_kernels(tree)}
    for op, entry in described["ops"].items():
        for kernel in entry["kernels"]:
            if (op, kernel["kind"]) in kernels:
                source = tree.kernels / kernel["source"]
                found.append(Unit(source, False, False, kernel["rule"], kernel=True))
    for entry in [*described["ops"].values(), {"units": described["shared_units"]}]:
        for unit in entry["units"]:
            if unit.get("guard"):
                continue
            paddle = unit["paddle"]
            found.append(Unit(tree.generated / unit["path"], paddle, paddle, unit["rule"]))
    return _unity(tree, found) if tree.unity else found


def compile_command(unit: Unit, output: Path, opt: str = "-O2", tree: Tree = MAIN) -> list[str]:
    """The g++ command for one unit (also used by tests that compile a unit alone)."""
    cmd = ["g++", *ABI, opt, "-fvisibility=hidden", *WARNINGS, *include_flags(unit, tree)]
    return [*cmd, *rule_flags(unit), "-c", str(unit.source), "-o", str(output)]


def rule_flags(unit: Unit) -> list[str]:
    # A kind's sources may keep its toolchain's suffix (.xpu); its rule tells g++
    # the language, and what else its kind needs (-g: the CUDA simulation's file:line).
    return list(rules()[unit.rule]["flags"])


def object_path(unit: Unit, where: Tree | Path = MAIN) -> Path:
    """The unit's object in a tree's build directory (or in `where`)."""
    name = unit.source.resolve().as_posix().lstrip("/").replace("/", "__")
    return (where.build if isinstance(where, Tree) else where) / "obj" / (name + ".o")


NINJA_RULES = [
    "# Written by tools/build.py; do not edit.",
    "ninja_required_version = 1.10",
    "cxx = g++",
    "rule cxx",
    "  command = $cxx -MMD -MF $out.d $flags -c $in -o $out",
    "  depfile = $out.d",
    "  deps = gcc",
    "  description = CXX $in",
    "rule pch",
    "  command = $cxx -MMD -MF $out.d $flags -x c++-header $in -o $out",
    "  depfile = $out.d",
    "  deps = gcc",
    "  description = PCH $in",
    "rule link",
    "  command = $cxx -shared -o $out $in $ldflags",
    "  description = LINK $out",
    "rule exe",
    "  command = $cxx -o $out $in $ldflags",
    "  description = LINK $out",
    "",
]
# Flags of every unit of the extension; a generated Paddle unit adds -include
# of the precompiled header, and -Winvalid-pch makes a header g++ would not use
# an error instead of a silent parse. The header holds what those units
# include: Python.h first (python_glue.h), then Paddle's light headers; no
# pybind11, no paddle/extension.h (csrc/runtime/*.cc alone include them).
MODULE_FLAGS = [*ABI, "-O2", "-fvisibility=hidden", *WARNINGS]
PCH_TEXT = '#include "opforge/python_glue.h"\n#include "opforge/paddle_glue.h"\n'


def _pch_flags() -> list[str]:
    return [*MODULE_FLAGS, *include_flags(Unit(Path("pch"), True, True), None)]


def pch_header() -> Path:
    """The generated Paddle units' precompiled header: one per flag set (the
    Paddle it includes among them), shared by every tree that is built (the
    checkout's, a wheel's, the test trees'), in build/pch/<digest of the
    flags and the header's text>/."""
    digest = hashlib.sha256(" ".join([*_pch_flags(), PCH_TEXT]).encode()).hexdigest()[:12]
    return BUILD / "pch" / digest / "paddle_pch.h"


def _ensure_pch() -> subprocess.CompletedProcess[str]:
    header = pch_header()
    header.parent.mkdir(parents=True, exist_ok=True)
    with open(header.parent / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        write_if_changed(header, PCH_TEXT)
        flags = " ".join(shlex.quote(f) for f in _pch_flags())
        write_if_changed(
            header.parent / "build.ninja",
            "\n".join([*NINJA_RULES, f"build {header}.gch: pch {header}", f"  flags = {flags}"])
            + "\n",
        )
        return _run_ninja(header.parent, capture=True)


def link_flags(relocatable: bool = False) -> list[str]:
    libs = [paddle_dir() / "libs", paddle_dir() / "base"]
    found = [f"$ORIGIN/../paddle/{d.name}" for d in libs] if relocatable else libs
    return [f"-L{d}" for d in libs] + [f"-Wl,-rpath,{d}" for d in found] + ["-l:libpaddle.so"]


def _compile_edges(units: list[Unit], tree: Tree | None, objects: list[Path]) -> list[str]:
    """ninja edges compiling each unit to its object."""
    q = shlex.quote
    pch = pch_header()
    lines = []
    for unit, obj in zip(units, objects, strict=True):
        flags = [*MODULE_FLAGS, *include_flags(unit, tree), *rule_flags(unit)]
        pch_dep = ""
        if unit.needs_paddle and tree is not None:  # a generated unit (the runtime's: no PCH)
            # g++ uses paddle_pch.h.gch in place of the header when flags match.
            flags += ["-Winvalid-pch", "-include", str(pch)]
            pch_dep = f" | {pch}.gch"  # a new PCH means its headers changed
        lines.append(f"build {obj}: cxx {unit.source}{pch_dep}")
        lines.append(f"  flags = {' '.join(q(f) for f in flags)}")
    return lines


def shared_dir() -> Path:
    flags = [f for u in shared_units() for f in include_flags(u, None)]
    digest = hashlib.sha256(" ".join([*MODULE_FLAGS, *flags]).encode()).hexdigest()[:12]
    return BUILD / "shared" / digest


def shared_objects() -> list[Path]:
    return [object_path(u, shared_dir()) for u in shared_units()]


def _ensure_shared() -> subprocess.CompletedProcess[str]:
    directory = shared_dir()
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        edges = _compile_edges(shared_units(), None, shared_objects())
        write_if_changed(directory / "build.ninja", "\n".join([*NINJA_RULES, *edges]) + "\n")
        return _run_ninja(directory, capture=True)


def ninja_file(tree: Tree = MAIN) -> str:
    q = shlex.quote
    own = units(tree)
    lines = [*NINJA_RULES, *_compile_edges(own, tree, [object_path(u, tree) for u in own])]
    objects = [str(o) for o in [*shared_objects(), *(object_path(u, tree) for u in own)]]
    # `$$` is ninja's `$`; the shell sees $ORIGIN inside single quotes.
    for module, relocatable in ((tree.module, False), (tree.wheel_module, True)):
        lines.append(f"build {module}: link {' '.join(objects)}")
        lines.append(
            f"  ldflags = {' '.join(q(f) for f in link_flags(relocatable))}".replace("$", "$$")
        )
    lines.append(f"default {tree.module}")
    return "\n".join(lines) + "\n"


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _run_ninja(
    directory: Path, *targets: Path, capture: bool = False
) -> subprocess.CompletedProcess[str]:
    ninja = Path(sys.executable).parent / "ninja"
    command = [str(ninja) if ninja.exists() else "ninja", "-C", str(directory)]
    return subprocess.run(
        [*command, *map(str, targets)], capture_output=capture, text=True, check=False
    )


def build(tree: Tree = MAIN, wheel: bool = False) -> int:
    """Build the tree's module (or, with `wheel`, the module a wheel ships,
    from the same objects)."""
    named_kernels(tree)  # a missing kernel stops the build before anything compiles
    # ninja's output is held until the end, so that a kernel that drifted from
    # its declaration is named on the first line: which parameter; the
    # compiler's text (with its secondary errors) after.
    steps = [_ensure_pch()]
    if steps[-1].returncode == 0:
        steps.append(_ensure_shared())
    if steps[-1].returncode == 0:
        tree.build.mkdir(parents=True, exist_ok=True)
        # One build of a tree at a time: two ninjas in one directory corrupt its
        # dependency log (and then rebuild everything, every time).
        with open(tree.build / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            write_if_changed(tree.build / "build.ninja", ninja_file(tree))
            target = tree.wheel_module if wheel else tree.module
            steps.append(_run_ninja(tree.build, target, capture=True))
        if steps[-1].returncode != 0:
            output = steps[-1].stdout + steps[-1].stderr
            for line in kernel_drift.explain(_kernels(tree), output):
                print(line)
    for step in steps:
        sys.stdout.write(step.stdout)
        sys.stdout.flush()
        sys.stderr.write(step.stderr)
    return 0 if steps[-1].returncode == 0 else 1


# FastDeploy's pybind11 bindings (generated/fastdeploy/bindings.cc) in a Python
# module of their own, fastdeploy_ops, linked against the extension whose ops
# they call, as FastDeploy links them into its own module. Not in the default
# build: its one unit compiles pybind11 and paddle/extension.h (~20 s of CPU),
# and only FastDeploy's build and the bindings' tests need it.
FASTDEPLOY_SOURCE = ROOT / "csrc" / "fastdeploy" / "module.cc"


def fastdeploy_module(tree: Tree = MAIN) -> Path:
    return tree.build / "fastdeploy" / f"fastdeploy_ops{EXT_SUFFIX}"


def build_fastdeploy(tree: Tree = MAIN) -> int:
    """Build the tree's extension, then fastdeploy_ops against it."""
    status = build(tree)
    if status != 0:
        return status
    module = fastdeploy_module(tree)
    module.parent.mkdir(parents=True, exist_ok=True)
    q = shlex.quote
    unit = Unit(FASTDEPLOY_SOURCE, True, True)
    obj = module.parent / "module.o"
    # The extension by its file name, found at run time where it was linked.
    ldflags = [
        f"-L{tree.module.parent}",
        f"-l:{tree.module.name}",
        f"-Wl,-rpath,{tree.module.parent}",
        *link_flags(),
    ]
    text = "\n".join(
        [
            *NINJA_RULES,
            f"build {obj}: cxx {unit.source}",
            f"  flags = {' '.join(q(f) for f in [*MODULE_FLAGS, *include_flags(unit, tree)])}",
            f"build {module}: link {obj} | {tree.module}",
            f"  ldflags = {' '.join(q(f) for f in ldflags)}",
        ]
    )
    with open(module.parent / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        write_if_changed(module.parent / "build.ninja", text + "\n")
        done = _run_ninja(module.parent, capture=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


def _kernels(tree: Tree) -> list[kernel_drift.Kernel]:
    """The tree's hand-written kernels with their declarations and specs."""
    return [
        kernel_drift.Kernel(
            op,
            kernel["kind"],
            tree.kernels / kernel["source"],
            tree.generated / kernel["declared_in"],
            tree.specs / f"{op}.yaml",
        )
        for op, entry in manifest(tree.generated)["ops"].items()
        for kernel in entry["kernels"]
    ]


def build_tree(specs: Path, kernels: Path, out: Path, unity: int = 0) -> Tree:
    """Generate and build another set of ops (specs + kernels) into `out`:
    out/generated, out/build, out/_C<ext>. Load it with OPFORGE_EXTENSION and
    OPFORGE_GENERATED (see opforge/_runtime.py) in a fresh process."""
    out = out.resolve()
    tree = Tree(
        out / "generated",
        kernels.resolve(),
        out / "build",
        out / f"_C{EXT_SUFFIX}",
        unity,
        specs.resolve(),
    )
    generate = [
        sys.executable,
        "-m",
        "codegen",
        "--specs",
        str(specs),
        "--out",
        str(tree.generated),
    ]
    generated = subprocess.run(generate, cwd=ROOT, capture_output=True, text=True, check=False)
    if generated.returncode != 0:
        sys.stdout.write(generated.stdout)
        sys.stderr.write(generated.stderr)
        raise RuntimeError(f"generating {specs} failed")
    built = build(tree)  # its first line may name a drifted kernel: the generator's come after
    sys.stdout.write(generated.stdout)
    sys.stderr.write(generated.stderr)
    if built != 0:
        raise RuntimeError(f"building {specs} failed")
    return tree


def build_variant(
    source: Path, replacement: Path, output: Path
) -> subprocess.CompletedProcess[str]:
    """Link a copy of the module in which one unit's source is replaced (for
    planting bugs in a scratch copy of a kernel). Reuses the main build's other
    objects, so it costs one compile and one link. Load it with the environment
    variable OPFORGE_EXTENSION=<output>, in a fresh process. The main build
    must be up to date (the caller builds it once, not once per variant)."""
    target = next((u for u in units() if u.source == source.resolve()), None)
    if target is None:
        raise ValueError(f"{source} is not a unit of the build")
    output.parent.mkdir(parents=True, exist_ok=True)
    obj = output.with_suffix(".variant.o")
    unit = dataclasses.replace(target, source=replacement.resolve())
    result = subprocess.run(compile_command(unit, obj), capture_output=True, text=True, check=False)
    if result.returncode != 0:
        return result
    objects = [str(obj if u == target else object_path(u)) for u in units()]
    objects += map(str, shared_objects())
    return subprocess.run(
        ["g++", "-shared", "-o", str(output), *objects, *link_flags()],
        capture_output=True,
        text=True,
        check=False,
    )


# ---------------------------------------------------------------- harnesses
# Test executables without Paddle (the hostile-values runners, the device-memory
# and launcher harnesses, the simulation's self-tests) are built here, one
# compile command for all of them. Each flag set ("flavor") has one build
# directory: the runtime and the simulation are compiled there once and linked
# by every harness of the flavor, and an object is kept per source and flags, so
# a unit another harness compiled (an entry, a kernel) is not compiled again.

SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
HARNESS_FLAVORS = {
    "plain": ["-std=c++17", "-O1", "-g", *WARNINGS],
    "sanitized": ["-std=c++17", "-O1", "-g", *WARNINGS, *SANITIZE],
}


def harness_runtime() -> list[Unit]:
    """The runtime and each kind's runtime, as every harness links them."""
    return [Unit(ROOT / "csrc" / "runtime" / "runtime.cc", False, False), *kind_runtime_units()]


def harness_flags(
    flavor: str,
    generated: Path | None = MAIN.generated,
    defines: tuple[str, ...] = (),
    kernels: Path | None = None,
) -> list[str]:
    """The compile flags of a harness unit (without -c/-o); `kernels`: the
    kernel directory of the kernels it compiles (their shared headers)."""
    # Every rule's include directories: a harness compiles units of every kind.
    extra = dict.fromkeys(d for rule in rules().values() for d in rule["includes"])
    includes = [*("-I" + str(d) for d in RUNTIME_INCLUDES), *("-I" + str(ROOT / d) for d in extra)]
    if generated is not None:
        includes.append("-I" + str(generated))
    if kernels is not None:
        includes.append(kernel_include(kernels))
    return [*HARNESS_FLAVORS[flavor], *(f"-D{d}" for d in defines), *includes]


def _harness_object(directory: Path, source: Path, flags: list[str]) -> Path:
    digest = hashlib.sha256(" ".join(flags).encode()).hexdigest()[:10]
    name = source.resolve().as_posix().lstrip("/").replace("/", "__")
    return directory / "obj" / digest / (name + ".o")


def build_harness(
    sources: list[Path],
    output: Path,
    flavor: str = "plain",
    generated: Path | None = MAIN.generated,
    defines: tuple[str, ...] = (),
    kernels: Path = MAIN.kernels,
) -> subprocess.CompletedProcess[str]:
    """Compile `sources` and link them with the flavor's runtime and simulation
    into the executable `output` (incrementally: ninja, depfiles; a kernel's
    shared header among its dependencies). `kernels`: the directory the
    kernels among `sources` come from (a planted copy: its original's). The
    result's stdout holds the compiler's errors when it fails."""
    directory = BUILD / "harness" / flavor
    directory.mkdir(parents=True, exist_ok=True)
    q = shlex.quote
    lines = list(NINJA_RULES)
    objects = []
    runtime_flags = harness_flags(flavor, None)
    unit_flags = harness_flags(flavor, generated, defines, kernels)
    compiled = [(u, runtime_flags) for u in harness_runtime()] + [
        (Unit(s, False, False, _rule_of(s)), unit_flags) for s in sources
    ]
    for unit, base in compiled:
        source = unit.source
        flags = [*base, *rule_flags(unit)]
        obj = _harness_object(directory, source, flags)
        objects.append(str(obj))
        lines += [f"build {obj}: cxx {source}", f"  flags = {' '.join(q(f) for f in flags)}"]
    ldflags = " ".join(q(f) for f in HARNESS_FLAVORS[flavor] if f.startswith("-fsanitize"))
    lines += [f"build {output}: exe {' '.join(objects)}", f"  ldflags = {ldflags}"]
    output.parent.mkdir(parents=True, exist_ok=True)
    # One ninja at a time per directory (its logs), as for the trees.
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        (directory / "build.ninja").write_text("\n".join(lines) + "\n")
        return _run_ninja(directory, output, capture=True)


def _rule_of(source: Path) -> str:
    """A harness source's rule: by its suffix, the rule of the kind whose
    sources keep it (a .xpu file is an XPU3 kernel), else host C++."""
    return str(_registry()["suffixes"].get(source.suffix, "host"))


def xpu3_toolchain_build(xtdk: Path) -> int:
    """The device build (generated/launch/*.xpu, csrc/kernels/xpu3/*.xpu,
    -DOPFORGE_WITH_XPU3_TOOLCHAIN; on the include path csrc/include,
    generated/runtime, generated/, csrc/xpu3sim/portable and kernel_include(csrc/kernels) for the
    ops' shared headers, never the simulation's stand-ins). No machine this repository runs on has the
    toolchain, so this stops, saying so, rather than pretend: its compile
    commands have never been run."""
    compiler = xtdk / "bin" / "clang++"
    if not compiler.is_file():
        print(
            f"XPU3 toolchain not found: no {compiler}. Point --xpu3-toolchain at an XTDK "
            "install (its bin/clang++ compiles .xpu files). Nothing was built.",
            file=sys.stderr,
        )
        return 2
    print(
        f"XPU3 toolchain found at {xtdk}, but the device build has never been run: no machine "
        "this repository is tested on has the toolchain or a device. Nothing was built.",
        file=sys.stderr,
    )
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="build opforge/_C")
    parser.add_argument("--print", action="store_true", help="print compile commands and exit")
    parser.add_argument(
        "--specs", type=Path, help="build another spec directory (with --kernels, --out)"
    )
    parser.add_argument("--kernels", type=Path, help="its kernels: cpu/*.cc and xpu3/*.xpu")
    parser.add_argument("--out", type=Path, help="where its generated glue, objects and module go")
    parser.add_argument(
        "--xpu3-toolchain",
        type=Path,
        metavar="XTDK",
        help="also build the device launchers with the XPU3 toolchain at this path",
    )
    parser.add_argument(
        "--fastdeploy",
        action="store_true",
        help="also build FastDeploy's bindings of the ops as a module (build/fastdeploy/)",
    )
    args = parser.parse_args(argv)
    if args.xpu3_toolchain is not None:
        return xpu3_toolchain_build(args.xpu3_toolchain)
    if args.specs and not (args.kernels and args.out):
        parser.error("--specs needs --kernels and --out")
    try:
        if args.specs:
            try:
                print(build_tree(args.specs, args.kernels, args.out).module)
            except RuntimeError as exc:  # what failed was printed above
                print(exc, file=sys.stderr)
                return 1
            return 0
        if args.print:
            for unit in shared_units():
                print(shlex.join(compile_command(unit, object_path(unit, shared_dir()))))
            for unit in units():
                print(shlex.join(compile_command(unit, object_path(unit))))
            return 0
        return build_fastdeploy() if args.fastdeploy else build()
    except MissingKernel as exc:
        print(f"build stopped, nothing was compiled:\n{exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
