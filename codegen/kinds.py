"""Kernel kinds as values: everything the generator, the build and the tests
know about one kind of hand-written kernel lives in its entry here.

A spec names the kinds it implements (``kernels: [cpu, xpu3]``). Each kind
owns how its kernel is spelled (element, dim and pointer types), how it
receives its arguments, which template declares it, how ``run()`` reaches it
(called directly on one runtime backend, or through generated launchers, one
per backend), which memory its pointers are in, and how its source compiles.
``api``, ``views``, ``emit``, the manifest the build reads, the CLI's
scaffold and the spec-derived tests iterate over ``KINDS`` (or the kinds an
op names) and never test for a kind by name. The runtime's backends (the
``opforge::Backend`` enum, its names, each kind's launch switches and the
``Context`` a call runs under: generated/runtime/opforge/backends.h) and
opforge's backend switches in Python (generated/python/_switches.py) are
generated from here too. (torchgen's dispatch keys play this part; a new kind
is a new entry here, its templates, its runtime backend (a simulation's glue
and runtime sources) and its kernels.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from codegen.model import DType


@dataclass(frozen=True)
class ElemTypes:
    """How one language or kernel kind spells each element type (hashable, so
    signatures holding it stay frozen values)."""

    spellings: tuple[tuple[DType, str], ...]

    def __getitem__(self, dtype: DType) -> str:
        # A scan by identity: six entries, and the hottest lookup of a run
        # (building a dict per call, and hashing an Enum, cost ~10% of a
        # 1,000-op cold run).
        for known, spelling in self.spellings:
            if known is dtype:
                return spelling
        raise KeyError(dtype)

    def replace(self, changes: Mapping[DType, str]) -> ElemTypes:
        return ElemTypes(tuple((d, changes.get(d, s)) for d, s in self.spellings))


# Element types as host C++ spells them (the entry, the Paddle glue, a CPU kernel).
HOST_ELEM = ElemTypes(
    (
        (DType.BOOL, "bool"),
        (DType.INT32, "int32_t"),
        (DType.INT64, "int64_t"),
        (DType.FLOAT32, "float"),
        (DType.FLOAT16, "opforge::float16"),
        (DType.BFLOAT16, "opforge::bfloat16"),
    )
)


@dataclass(frozen=True)
class CompileRule:
    """How the build compiles a unit of some kind: extra flags, with include
    directories relative to the repository root (the manifest carries these,
    so the build learns nothing from file names)."""

    name: str
    flags: tuple[str, ...] = ()  # e.g. ("-x", "c++") for a suffix g++ does not know
    includes: tuple[str, ...] = ()


HOST = CompileRule("host")
# What the device simulations share (csrc/simcore: device memory, the fiber
# scheduler, the reports); each simulation's rule puts its headers on the path.
SIMCORE_INCLUDE = "csrc/simcore/include"
SIMCORE = CompileRule("simcore", (), (SIMCORE_INCLUDE,))
# The simulation's stand-ins for the XPU3 toolchain headers (xpu/kernel/*.h);
# a real XPU3 build puts only portable/ on the path.
XPU3SIM = CompileRule(
    "xpu3sim", ("-x", "c++"), ("csrc/xpu3sim/include", "csrc/xpu3sim/portable", SIMCORE_INCLUDE)
)
# The CUDA simulation's stand-ins for the toolkit headers (cuda_runtime.h,
# cuda_fp16.h, cub/...); a real CUDA build puts only portable/ on the path.
# -g: the simulation names a failing access's file:line from the debug info
# (the return address of the checked access); no sibling calls, so that
# return address is in the kernel's own code, not its caller's.
CUDASIM = CompileRule(
    "cudasim",
    ("-x", "c++", "-g", "-fno-optimize-sibling-calls"),
    ("csrc/cudasim/include", "csrc/cudasim/portable", SIMCORE_INCLUDE),
)
# nvcc itself (tools/nvcc_check.py): never part of the default build. A
# kernel template is instantiated in its kernel's unit and launched from its
# launcher's: nvcc's default static host stubs for __global__ templates
# (CUDA 12.8 on) would require the definition in the launching unit, so the
# stubs are external (each instantiation exists in one unit only).
NVCC = CompileRule(
    "nvcc", ("-x", "cu", "-static-global-template-stub=false"), ("csrc/cudasim/portable",)
)
RULES = (HOST, SIMCORE, XPU3SIM, CUDASIM, NVCC)


@dataclass(frozen=True)
class RuntimeUnit:
    """A source of a kind's runtime (its simulation), compiled once per flag
    set and linked into every tree and harness; a unit several kinds name (the
    simulations' shared core) is compiled once."""

    source: str  # relative to the repository root
    rule: CompileRule


SIMCORE_RUNTIME = RuntimeUnit("csrc/simcore/simcore.cc", SIMCORE)


@dataclass(frozen=True)
class RuntimeBackend:
    """One enumerator of ``opforge::Backend``: where ``run()`` sends a call."""

    enumerator: str  # "kXpu3Sim"
    name: str  # as backend_name() and Python spell it: "xpu3-sim"
    doc: str  # one line: the enumerator's comment, and what set_cpu_tensor_backend says of it
    # Ops on CPU tensors may run on it (set_cpu_tensor_backend chooses it);
    # the other backends are chosen by a tensor's place (a device's memory).
    host_tensors: bool


@dataclass(frozen=True)
class LaunchParam:
    """One integer of a kind's launch (``Xpu3Launch::ncores``), checked in
    [low, high] when a thread sets it."""

    name: str
    type: str  # its C++ type: "int", "int64_t"
    default: int
    low: int
    high: int | None = None  # None: the largest its type holds


@dataclass(frozen=True)
class LaunchContext:
    """How a kind's kernels are launched: a struct of integers that each
    thread sets (``set_xpu3_launch``) and each call's ``Context`` carries
    (``ctx.xpu3``), and a Python block running the kind's kernels under its
    simulation (``xpu3_simulation``)."""

    name: str  # the Context member, and the functions' stem: "xpu3"
    struct: str  # its C++ struct: "Xpu3Launch"
    doc: tuple[str, ...]  # the struct's comment, line by line
    params: tuple[LaunchParam, ...]
    setter_doc: str  # the Python docstring of set_<name>_launch
    simulation_doc: str  # the Python docstring of <name>_simulation
    # The tests' launch shapes (one value per parameter but the last, the
    # schedule seed), the second the default.
    test_launches: tuple[tuple[int, ...], ...]
    # What the Context member <name>_stream holds for the kind's device
    # launcher ("": no such member).
    stream: str = ""

    @property
    def getter(self) -> str:
        return f"{self.name}_launch"

    @property
    def setter(self) -> str:
        return f"set_{self.name}_launch"

    @property
    def simulation(self) -> str:
        return f"{self.name}_simulation"


@dataclass(frozen=True)
class Launcher:
    """A generated function through which ``run()`` reaches a kernel on one
    runtime backend (``opforge::Backend``)."""

    backend: RuntimeBackend  # the opforge::Backend it serves
    function: str  # its name in the op's namespace: "launch_xpu3_sim"
    template: str  # codegen/templates/<template>
    path: str  # generated/<path>, {op} for the op's name
    rule: CompileRule  # how the build compiles it (no rule: built by a toolchain we lack)
    doc: str  # one line for the entry header
    # Which tensors get a device copy for the kernel: "all" (the simulation:
    # each exactly sized, so every kernel transfer is checked) or "staged"
    # (a device: only host-resident tensors and scratch; the rest are there).
    copies: str = "all"
    copied: str = "{name}_device.get()"  # the kernel's pointer to a copied tensor
    direct: str = "{name}.data"  # ...and to one that is not copied
    device_memory: bool = False  # the caller's buffers are device memory (never read on the host)
    # Only compiled where this macro is defined (the toolchain that builds it).
    guard: str = ""
    # Built by the default build (False: only with the kind's own toolchain).
    built: bool = True
    # A launcher that is not built by default is still built and run by the
    # tests against the simulation's stand-in of the toolchain's runtime.
    stand_in: bool = False
    # A simulation's launcher (template launch_sim.cc.j2): what its header
    # comment says it does, its glue header and namespace (DeviceCopy and
    # launch), and the launch shape it passes, {width} the launch width.
    summary: tuple[str, ...] = ()
    glue: str = ""
    glue_namespace: str = ""
    shape: str = "{width}"


@dataclass(frozen=True)
class LaunchField:
    """An integer spec field that shapes one kind's launches, e.g.
    ``xpu3_max_clusters: 1``; valid only where the op names the kind."""

    key: str
    doc: str  # one line: the schema's description and the spec-language page's
    low: int
    high: int
    bounds: str  # what [low, high] is, for the error: "clusters of one launch"
    multiple_of: int = 1
    default: int | None = None  # None: the launch context decides
    # The constexpr its kernel and launchers read it as ("": not exposed),
    # in the kind's declaration header.
    constant: str = ""


@dataclass(frozen=True)
class SimulatedMemory:
    """A simulation's device memory, as C++ on the host sees it."""

    header: str  # declaring the functions below
    allocate: str  # (bytes, name) -> void*
    free: str  # (void*)
    copy_in: str  # (device, host, bytes): marks the bytes written


@dataclass(frozen=True)
class KernelKind:
    name: str  # as a spec names it in `kernels:` and as its sources' directory
    doc: str
    elem: ElemTypes  # element type spellings in its kernel's signature
    dim: str  # a dim parameter's type
    pointer: str  # a tensor parameter: {const} and {elem} are substituted
    function: str  # the kernel's name in its scope
    owner: str  # that scope in the op's namespace: "Kernels::" (a static member) or "" (free)
    prefix: str  # before the declaration: "static ", "__global__ "
    define_prefix: str  # before its out-of-class definition: "", "__global__ "
    # "struct": one generated argument struct with a named field per tensor,
    # dim and attribute (a swapped name does not compile); "positional": one
    # parameter each, where the dialect forbids pointers in structs.
    receives: str
    args: str  # the argument struct's name where it receives one ("" where it does not)
    decl_template: str  # the template declaring the kernel
    decl_path: str  # generated/<decl_path>, {op} for the op's name
    suffix: str  # its source: csrc/kernels/<name>/<op><suffix>
    rule: CompileRule
    # run() calls the kernel itself on this backend (None: only through launchers).
    direct_backend: RuntimeBackend | None = None
    launchers: tuple[Launcher, ...] = ()
    # Its kernel's pointers to device memory are passed as this (a wrapper
    # checking the layout), its dims as that (a checked narrowing): {op}, {dim},
    # {value} substituted ({op} and {value} in both).
    pointer_arg: str = "{value}"
    dim_arg: str = "{value}"
    # The kernel's template argument for the dtype set {t} (its own element types).
    template_arg: str = "{t}"
    # Integer spec fields shaping its launches (parsed, bounded and documented
    # from here; the model holds their values in Op.launch).
    launch_fields: tuple[LaunchField, ...] = ()
    # How many clusters (blocks) its launchers start: from the context, and
    # capped by the spec field `width_cap` ({cap}) where the spec gives one.
    launch_width: str = ""
    launch_width_capped: str = ""
    width_cap: str = ""
    # How its kernel receives its argument struct: {struct} substituted.
    args_param: str = "const {struct}&"
    # Before an explicit instantiation's return type (nvcc wants __global__ repeated).
    instance_prefix: str = ""
    # How its kernels are launched, set per thread (None: called directly).
    launch: LaunchContext | None = None
    # The runtime this kind needs besides the ops' (its simulation), compiled
    # once per flag set and linked into every tree.
    runtime: tuple[RuntimeUnit, ...] = ()
    # Its simulation's device memory, where a test puts a device launcher's
    # device tensors (None: no device launcher runs against a stand-in).
    simulated_memory: SimulatedMemory | None = None
    # Checks of its kernels besides running them: the test modules holding
    # them to its dialect, by ids naming the op (`opforge-dev test <op>` runs
    # them), and CI's step compiling them with the real toolchain, which no
    # test here has (its title, and the command run from the repository root
    # with the project's Python).
    dialect_tests: tuple[str, ...] = ()
    toolchain_check: tuple[str, str] | None = None

    @property
    def backends(self) -> tuple[RuntimeBackend, ...]:
        """Every backend that runs its kernel: called directly, then through each launcher."""
        direct = (self.direct_backend,) if self.direct_backend is not None else ()
        return (*direct, *(la.backend for la in self.launchers))

    @property
    def test_backends(self) -> tuple[str, ...]:
        """The backends the tests run its kernel on, by name: those that run
        ops on CPU tensors (a device backend needs its device)."""
        return tuple(b.name for b in self.backends if b.host_tensors)

    @property
    def simulated_backend(self) -> RuntimeBackend | None:
        """The backend its launch context's simulation runs (None: none)."""
        if self.launch is None:
            return None
        return next(la.backend for la in self.launchers if la.backend.host_tensors)

    def decl(self, op: str) -> str:
        return self.decl_path.format(op=op)

    def source(self, op: str) -> str:
        """The hand-written kernel's path, relative to the repository root."""
        return f"csrc/kernels/{self.name}/{op}{self.suffix}"


CPU = KernelKind(
    name="cpu",
    doc="host C++, called by run() on the CPU backend",
    elem=HOST_ELEM,
    dim="int64_t",
    pointer="{const}{elem}*",
    function="cpu",
    owner="Kernels::",
    prefix="static ",
    define_prefix="",
    receives="struct",
    args="CpuArgs",
    decl_template="kernel_decl.h.j2",
    decl_path="kernel_decls/{op}.h",
    suffix=".cc",
    rule=HOST,
    direct_backend=RuntimeBackend(
        "kCpu", "cpu", "the hand-written CPU kernel, on host memory", True
    ),
)

# The XPU3 kernel's signature names what the device has: the toolchain's own
# 16-bit types (global: inside namespace opforge a bare float16 is opforge's),
# `long long` for 64 bits (int64_t is `long` on the host but `long long` on the
# 32-bit core, so a kernel declared with it would not link to its launch), and
# 32-bit dims (64-bit arithmetic is emulated; launchers check each dim fits).
XPU3 = KernelKind(
    name="xpu3",
    doc="the XPU3 dialect: compiled by the XPU3 toolchain, and by g++ against csrc/xpu3sim",
    elem=HOST_ELEM.replace(
        {DType.INT64: "long long", DType.FLOAT16: "::float16", DType.BFLOAT16: "::bfloat16"}
    ),
    dim="int32_t",
    pointer="__global_ptr__ {const}{elem}*",
    function="xpu3_kernel",
    owner="",
    prefix="__global__ ",
    define_prefix="__global__ ",
    receives="positional",
    args="",
    decl_template="kernel_decl_xpu3.h.j2",
    decl_path="kernel_decls/{op}_xpu3.h",
    suffix=".xpu",
    rule=XPU3SIM,
    launchers=(
        Launcher(
            backend=RuntimeBackend(
                "kXpu3Sim", "xpu3-sim", "the XPU3 kernel, run under the XPU3 simulation", True
            ),
            function="launch_xpu3_sim",
            template="launch_sim.cc.j2",
            path="launch/{op}_xpu3sim.cc",
            rule=XPU3SIM,
            doc="Runs the XPU3 kernel under the simulation; called by run() once every "
            "check has passed.",
            summary=(
                "Runs the XPU3 kernel of {op} under the simulation: each buffer gets",
                "an exactly-sized device copy (so every kernel transfer is checked against",
                "its declared length), the kernel runs on ctx.xpu3's clusters x cores in a",
                "shuffled order, and in-place and output buffers are copied back.",
            ),
            glue="opforge/xpu3_sim_glue.h",
            glue_namespace="opforge::xpu3_sim",
        ),
        Launcher(
            backend=RuntimeBackend(
                "kXpu3",
                "xpu3",
                "the XPU3 kernel on an XPU3 device (builds with the XPU3 toolchain only)",
                False,
            ),
            function="launch_xpu3_device",
            template="launch_xpu3.xpu.j2",
            path="launch/{op}_xpu3.xpu",
            rule=XPU3SIM,
            doc="Runs the XPU3 kernel on the device.",
            copies="staged",
            copied="{name}_device.device()",
            device_memory=True,
            guard="OPFORGE_WITH_XPU3_TOOLCHAIN",
            built=False,
            stand_in=True,
        ),
    ),
    pointer_arg="opforge::xpu3_arg({value})",
    dim_arg='opforge::xpu3_dim("{op}", "{dim}", {value})',
    template_arg="typename opforge::Xpu3Elem<{t}>::type",
    launch_fields=(
        LaunchField(
            "xpu3_max_clusters",
            "at most this many clusters run the XPU3 kernel (absent: the device context's count)",
            1,
            255,  # an XPU3 launch takes 1..255 clusters (csrc/xpu3sim/README.md, R4)
            "clusters of one launch",
        ),
    ),
    launch_width="ctx.xpu3.nclusters",
    launch_width_capped="std::min(ctx.xpu3.nclusters, {cap})",
    width_cap="xpu3_max_clusters",
    launch=LaunchContext(
        name="xpu3",
        struct="Xpu3Launch",
        doc=(
            "How the XPU3 kernel is launched: clusters x cores (XPU3 launches use the",
            "context's cluster count x 64 cores). Under simulation, schedule_seed picks",
            "the order in which cores run; -1 takes a new order for every launch.",
        ),
        params=(
            LaunchParam("nclusters", "int", 8, 1),
            LaunchParam("ncores", "int", 64, 1, 64),
            LaunchParam("schedule_seed", "int64_t", -1, -1),
        ),
        setter_doc="How XPU3 kernels are launched from the calling thread: ``nclusters`` x "
        "``ncores`` cores (XPU3 launches use the context's cluster count x 64). Under "
        "simulation, ``schedule_seed`` fixes the order in which cores run; -1 (default) takes "
        "a new order for every launch.",
        simulation_doc="Within the block, ops the calling thread runs on CPU tensors run their "
        "XPU3 kernel under the simulation (for correctness, not speed), launched on nclusters "
        "x ncores. Other threads are not affected; blocks nest.",
        test_launches=((1, 1), (2, 4), (8, 64)),
        stream="the device stream (XPUStream)",
    ),
    dialect_tests=("tests/harness/test_xpu3_check.py",),
    runtime=(SIMCORE_RUNTIME, RuntimeUnit("csrc/xpu3sim/xpu3sim.cc", XPU3SIM)),
    simulated_memory=SimulatedMemory(
        "xpu3sim/sim.h", "xpu3sim::device_malloc", "xpu3sim::device_free", "xpu3sim::memcpy_h2d"
    ),
)

# The CUDA kernel's signature names the device's types: cuda_fp16.h's `half`
# and cuda_bf16.h's `__nv_bfloat16` (global names), int64_t as on the host
# (the device follows the host's data model). Pointers are `cuda_global<T>`
# (csrc/cudasim/portable/cuda_portable.h): `T* __restrict__` for nvcc, a
# pointer checked against its allocation under the simulation. It receives
# one argument struct by value (a __global__ function takes no references),
# so a swapped field name does not compile.
CUDA = KernelKind(
    name="cuda",
    doc="CUDA C++: compiled by nvcc for the device, and by g++ against csrc/cudasim",
    elem=HOST_ELEM.replace({DType.FLOAT16: "half", DType.BFLOAT16: "__nv_bfloat16"}),
    dim="int64_t",
    pointer="cuda_global<{const}{elem}>",
    function="cuda_kernel",
    owner="",
    prefix="__global__ ",
    define_prefix="__global__ ",
    receives="struct",
    args="CudaArgs",
    args_param="const {struct}",
    instance_prefix="__global__ ",
    decl_template="kernel_decl_cuda.h.j2",
    decl_path="kernel_decls/{op}_cuda.h",
    suffix=".cu",
    rule=CUDASIM,
    launchers=(
        Launcher(
            backend=RuntimeBackend(
                "kCudaSim", "cuda-sim", "the CUDA kernel, run under the CUDA simulation", True
            ),
            function="launch_cuda_sim",
            template="launch_sim.cc.j2",
            path="launch/{op}_cudasim.cc",
            rule=CUDASIM,
            doc="Runs the CUDA kernel under the simulation; called by run() once every "
            "check has passed.",
            summary=(
                "Runs the CUDA kernel of {op} under the simulation: each buffer gets",
                "an exactly-sized device copy (so every kernel access is checked against its",
                "declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads",
                "in a shuffled order, and in-place and output buffers are copied back.",
            ),
            glue="opforge/cuda_sim_glue.h",
            glue_namespace="opforge::cuda_sim",
            shape="{width}, kCudaBlock",
        ),
        Launcher(
            backend=RuntimeBackend(
                "kCuda",
                "cuda",
                "the CUDA kernel on a GPU (builds with nvcc and a GPU build of Paddle only)",
                False,
            ),
            function="launch_cuda_device",
            template="launch_cuda.cu.j2",
            path="launch/{op}_cuda.cu",
            rule=CUDASIM,
            doc="Runs the CUDA kernel on the GPU, on the caller's stream.",
            copies="staged",
            copied="{name}_device.device()",
            device_memory=True,
            guard="OPFORGE_WITH_CUDA",
            built=False,
            stand_in=True,
        ),
    ),
    pointer_arg='opforge::cuda_arg("{op}", {value})',
    template_arg="typename opforge::CudaElem<{t}>::type",
    launch_fields=(
        LaunchField(
            "cuda_block",
            "threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)",
            32,
            1024,
            "threads of one block, whole warps",
            multiple_of=32,
            default=256,
            constant="kCudaBlock",
        ),
        LaunchField(
            "cuda_max_blocks",
            "at most this many blocks run the CUDA kernel (absent: the launch context's count)",
            1,
            2**31 - 1,
            "blocks of one grid",
        ),
    ),
    launch_width="ctx.cuda.nblocks",
    launch_width_capped="std::min(ctx.cuda.nblocks, {cap})",
    width_cap="cuda_max_blocks",
    launch=LaunchContext(
        name="cuda",
        struct="CudaLaunch",
        doc=(
            "How the CUDA kernel is launched: nblocks blocks of the spec's cuda_block",
            "threads (at most its cuda_max_blocks). Under simulation, schedule_seed picks",
            "the order in which a block's threads run; -1 takes a new order per launch.",
        ),
        params=(
            LaunchParam("nblocks", "int", 4, 1),
            LaunchParam("schedule_seed", "int64_t", -1, -1),
        ),
        setter_doc="How CUDA kernels are launched from the calling thread: ``nblocks`` blocks "
        "of each op's ``cuda_block`` threads (fewer where its spec caps them). Under "
        "simulation, ``schedule_seed`` fixes the order in which a block's threads run; -1 "
        "(default) takes a new order for every launch.",
        simulation_doc="Within the block, ops the calling thread runs on CPU tensors run their "
        "CUDA kernel under the simulation (for correctness, not speed), launched on "
        "``nblocks`` blocks. Other threads are not affected; blocks nest.",
        test_launches=((1,), (2,), (5,)),
        stream="the caller's stream (cudaStream_t)",
    ),
    toolchain_check=(
        "nvcc: every CUDA kernel and GPU launcher, sm_80 and sm_90, -Werror",
        "tools/nvcc_check.py --install",
    ),
    runtime=(SIMCORE_RUNTIME, RuntimeUnit("csrc/cudasim/cudasim.cc", CUDASIM)),
    simulated_memory=SimulatedMemory(
        "cudasim/sim.h", "cudasim::device_malloc", "cudasim::device_free", "cudasim::memcpy_h2d"
    ),
)

KINDS: tuple[KernelKind, ...] = (CPU, XPU3, CUDA)
# Every runtime backend, in the order of the opforge::Backend enum.
BACKENDS: tuple[RuntimeBackend, ...] = tuple(b for k in KINDS for b in k.backends)
BY_NAME: Mapping[str, KernelKind] = MappingProxyType({k.name: k for k in KINDS})


def kinds_of(names: tuple[str, ...]) -> tuple[KernelKind, ...]:
    """The kinds an op names, in registry order."""
    return tuple(k for k in KINDS if k.name in names)
