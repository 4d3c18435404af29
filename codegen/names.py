"""Which names a spec may give, and the type names the generator derives from them.

A spec name becomes a C++ parameter or local, a Python parameter, a keyword
argument and part of derived names (``x_tensor``, ``k_x_min``); an enum
attribute also becomes a C++ and Python type. So a name must be an identifier
in both languages that nothing else in the same scope uses: no keyword, no
Python builtin, no lower-case C macro, and none of the names the generated
code itself uses (``tests/test_spec_names.py`` lexes generated/ and checks that
this list covers every one of those).
"""

from __future__ import annotations

import ast
import functools
import keyword
import re
from pathlib import Path

from codegen.kinds import KINDS, RULES

MAX_NAME_CHARS = 48  # keeps derived names and the one-line file stamp readable

# Lower snake case keeps spec names apart from the CamelCase types the generator
# makes and from C++ reserved spellings (leading underscores, double underscores).
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
TYPE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*\Z")

CPP_KEYWORDS = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t
    char16_t char32_t class compl concept const consteval constexpr constinit const_cast
    continue co_await co_return co_yield decltype default delete do double dynamic_cast else
    enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch template this thread_local throw true try typedef typeid
    typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    final override import module
    """.split()
)

# Types and namespaces the generated code names unqualified.
CPP_LIBRARY_NAMES = frozenset(
    """
    int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t ptrdiff_t
    intptr_t uintptr_t nullptr_t float16 bfloat16 main std paddle phi common py pybind11
    opforge xpu3sim
    """.split()
)

# Lower-case macros of the C and POSIX headers the generated code includes
# (directly or through Paddle): a parameter with such a name is rewritten by
# the preprocessor. `linux` and `unix` are predefined in GNU modes.
C_MACROS = frozenset(
    """
    assert errno stdin stdout stderr offsetof setjmp va_arg va_start va_end va_copy
    isnan isinf isfinite isnormal signbit fpclassify isgreater isgreaterequal isless
    islessequal islessgreater isunordered major minor makedev linux unix i386
    howmany powerof2 roundup nitems
    """.split()
)

PY_KEYWORDS = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist)

# Python 3.11's builtins (a fixed list, so acceptance does not depend on the
# interpreter): the generated module and its callers use them unqualified.
PY_BUILTINS = frozenset(
    """
    abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr
    classmethod compile complex copyright credits delattr dict dir divmod enumerate eval
    exec exit filter float format frozenset getattr globals hasattr hash help hex id input
    int isinstance issubclass iter len license list locals map max memoryview min next
    object oct open ord pow print property quit range repr reversed round set setattr slice
    sorted staticmethod str sum super tuple type vars zip
    """.split()
)

# Names the generated code declares or calls unqualified in the scopes that spec
# names share (function parameters and locals of the entry, the Paddle glue, the
# launchers and the Python module).
GENERATED_NAMES = frozenset(
    """
    anchor args bind check_attrs checked_call common ctx definition error infer_dims
    infer_dtype infer_shape kwnames launched method methods nargs note paddle_glue py_given
    py_ok python_call python_glue python_method stream paddle_kernel register_runtime run
    run_as
    tag xpu3 xpu_free xpu_malloc xpu_memcpy xpu_wait annotations enum
    call bind_all bind_gpu bind_xpu register_errors none
    define endif ifdef ifndef include pragma once
    """.split()
) | {name for k in KINDS for name in (k.function, *(la.function for la in k.launchers))}


def _kind_type_names() -> frozenset[str]:
    """What each kind's kernel signatures spell unqualified, read from the kinds:
    their pointer templates (`cuda_global<T>`) and element types (cuda_fp16.h's
    `half`); a parameter named so would hide the type in the declarations."""
    texts = [re.sub(r"\{\w+\}", " ", k.pointer) for k in KINDS] + [k.dim for k in KINDS]
    texts += [s for k in KINDS for _, s in k.elem.spellings if "::" not in s]
    return frozenset(re.findall(r"[A-Za-z_]\w*", " ".join(texts)))


GENERATED_NAMES |= _kind_type_names()

# Suffixes of the locals generated code derives from spec names (x_storage, x_shape, ...).
GENERATED_SUFFIXES = (
    "_storage",
    "_shape",
    "_dtype",
    "_out",
    "_min",
    "_max",
    "_tensor",
    "_device",
    "_bytes",
    "_form",  # which shape alternative a tensor came in
)
# Prefix of the registered Paddle op (opforge_<op>).
GENERATED_PREFIXES = ("opforge_",)

# Type names the generated code uses unqualified inside an op's namespace or the
# Python module; derived type names (enum types, dtype sets) must avoid them.
GENERATED_TYPE_NAMES = frozenset(
    """
    Kernels XPUStream DType Buffer Context OpError OpTypeError OpValueError IntEnum
    """.split()
) | {k.args for k in KINDS if k.args}
PY_BUILTIN_TYPES = frozenset(
    """
    ArithmeticError AssertionError AttributeError BaseException BlockingIOError
    BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionError
    DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception
    FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit
    IOError ImportError ImportWarning IndentationError IndexError InterruptedError
    IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError
    ModuleNotFoundError NameError NotADirectoryError NotImplemented NotImplementedError
    OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError
    RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning
    StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit
    TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError
    UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning
    ValueError Warning ZeroDivisionError ExceptionGroup BaseExceptionGroup None True False
    """.split()
)


RUNTIME_HEADERS = Path(__file__).resolve().parent.parent / "csrc" / "include" / "opforge"
_NOT_CODE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"', re.DOTALL)  # comments, strings
# A declared name (each part of a nested namespace's, `namespace opforge::xpu3_sim`) or a call.
_DECLARED = re.compile(
    r"\b(?:struct|class|enum(?:\s+class)?|namespace|using)\s+(\w+(?:\s*::\s*\w+)*)|\b(\w+)\s*\("
)


@functools.cache
def runtime_names() -> frozenset[str]:
    """What the runtime headers the generated code includes declare, read from
    them (not a list kept by hand): every name they declare or call. An op is
    namespace opforge::<op>, so an op named like one of them (`numel`, `span`)
    would make `opforge::numel(...)` name the op instead and not compile."""
    # Here, not at the top: emit's views import this module.
    from codegen.emit import BACKENDS_HEADER, render_backends

    found: set[str] = set()
    headers = [h.read_text(encoding="utf-8") for h in sorted(RUNTIME_HEADERS.glob("*.h"))]
    # ...and the one generated from the kinds (generated/runtime/opforge/backends.h).
    headers.append(render_backends()[BACKENDS_HEADER])
    for header in headers:
        text = _NOT_CODE.sub(" ", header)
        for match in _DECLARED.finditer(text):
            found.update(part.strip() for part in (match.group(1) or match.group(2)).split("::"))
    return frozenset(n for n in found if NAME.match(n))


_ROOT = Path(__file__).resolve().parent.parent
_PREPROCESSOR = re.compile(r"^[ \t]*#(?:[^\n\\]|\\.)*", re.MULTILINE | re.DOTALL)
_DEFINED = re.compile(r"^[ \t]*#\s*define\s+(\w+)", re.MULTILINE)
_SCOPE = re.compile(r"\bextern\s*\{|\{|\}|\b(\w+)\s*\(")


@functools.cache
def kernel_runtime_names() -> frozenset[str]:
    """What a kernel may call unqualified: the macros and the global-scope
    functions of the headers on the kinds' include paths (the XPU3 dialect's
    `core_id()`, `mfence()`, ...: codegen/kinds.py's compile rules), read from
    them. A tensor, dim or attribute of that name is a kernel parameter that
    hides the function inside the kernel."""
    found: set[str] = set()
    headers = [h for h in read_sources() if h.suffix == ".h" and h.parent != RUNTIME_HEADERS]
    for header in headers:
        text = _NOT_CODE.sub(" ", header.read_text(encoding="utf-8"))
        found.update(_DEFINED.findall(text))
        depth = 0  # braces: a namespace's, a class's or a function's body
        for match in _SCOPE.finditer(_PREPROCESSOR.sub(" ", text)):
            token = match.group(0)
            if token == "{":
                depth += 1
            elif token == "}":
                depth = max(0, depth - 1)
            elif depth == 0 and match.group(1):  # `extern "C" {` keeps the global scope
                found.add(match.group(1))
    return frozenset(n for n in found if NAME.match(n))


PACKAGE = _ROOT / "opforge"


def read_sources() -> list[Path]:
    """The files outside codegen/ whose names this module reserves (the
    runtime's headers, the kernel toolchains', the package's __init__.py): a
    generator's cached output is stale once one of them changes."""
    kernel_headers = [h for r in RULES for d in r.includes for h in (_ROOT / d).rglob("*.h")]
    return sorted([*RUNTIME_HEADERS.glob("*.h"), *kernel_headers, PACKAGE / "__init__.py"])


@functools.cache
def package_names() -> frozenset[str]:
    """What the opforge package binds besides the ops (read from
    opforge/__init__.py, and its modules): every op and enum type joins that
    namespace (`from opforge._generated import *`), so one named like them
    (`contextlib`, `OpKernelError`, `cuda_simulation`) would replace it."""
    from codegen.views.backends import backends_view  # here: the views import this module

    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    found = {p.stem for p in PACKAGE.iterdir() if p.suffix == ".py" or p.is_dir()}
    found.add("fastdeploy")  # opforge.fastdeploy (generated/python/fastdeploy)
    # The backend switches it exports from generated/python/_switches.py.
    found.update(backends_view(KINDS).exports)
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Assign):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return frozenset(found)


def _file_suffixes() -> tuple[str, ...]:
    """What the kinds' generated file names add to an op's name
    (kernel_decls/{op}_xpu3.h: `_xpu3`), read from the kinds' paths."""
    paths = [k.decl_path for k in KINDS] + [la.path for k in KINDS for la in k.launchers]
    tails = (p.split("{op}", 1)[1].split(".", 1)[0] for p in paths)
    return tuple(sorted({t for t in tails if t}))


FILE_SUFFIXES = _file_suffixes()


def op_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name an op: any name's problems, a runtime name, or a
    name ending like the generated files of another op (op `x` with an xpu3
    kernel has kernel_decls/x_xpu3.h, the CPU declarations of an op `x_xpu3`)."""
    problem = name_problem(name)
    if problem is None and name in runtime_names():
        return (
            "is reserved: the runtime (csrc/include/opforge/) declares it, and the op's "
            f"namespace opforge::{name} would hide it from the generated code"
        )
    if problem is None and name in package_names():
        return (
            "is reserved: the opforge package (opforge/__init__.py) binds it, and the "
            "op's function, exported there, would replace it"
        )
    if problem is None and name.endswith(FILE_SUFFIXES):
        return (
            f"is reserved: an op's name may not end in {', '.join(FILE_SUFFIXES)}, which "
            "the generated files of another op add to its name"
        )
    return problem


def parameter_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a parameter of FastDeploy's call (the spec's
    `fastdeploy.<backend>.args`): what no spec name may be, but a Python
    builtin (FastDeploy's eagle ops take `input`), which a parameter of the
    generated function may shadow: its body reads only the op and its own
    parameters."""
    return name_problem(name, builtins_shadowed=True)


def name_problem(name: str, builtins_shadowed: bool = False) -> str | None:
    """Why ``name`` cannot name an op, dim, tensor, attribute or enum member
    (``builtins_shadowed``: a parameter that may shadow a Python builtin)."""
    if len(name) > MAX_NAME_CHARS:
        return f"is too long: a name has at most {MAX_NAME_CHARS} characters, this one {len(name)}"
    if not NAME.match(name) or "__" in name:
        return (
            "is not a valid lower_snake_case identifier "
            "(a-z, 0-9 and single underscores, starting with a letter)"
        )
    if name in PY_KEYWORDS or name in CPP_KEYWORDS:
        return "is reserved: a C++ or Python keyword"
    if name in PY_BUILTINS and not builtins_shadowed:
        return "is reserved: a Python builtin, which the generated module uses"
    if name in C_MACROS:
        return "is reserved: a C macro, which the preprocessor would rewrite"
    if name in CPP_LIBRARY_NAMES or name in GENERATED_NAMES:
        return "is reserved: a name the generated code uses"
    if name in kernel_runtime_names():
        return (
            "is reserved: a kernel calls it unqualified (the kernel toolchain's headers "
            "declare it), and a parameter of that name would hide it"
        )
    if name.endswith(GENERATED_SUFFIXES) or name.startswith(GENERATED_PREFIXES):
        suffixes = ", ".join(GENERATED_SUFFIXES)
        return f"is reserved: generated code derives names with the suffixes {suffixes} and the prefix opforge_"
    return None


# Upper-case macros of the C headers the generated code includes, that a derived
# type name could spell (attribute `e_o_f` -> `EOF`).
C_TYPE_MACROS = frozenset(
    "NULL EOF BUFSIZ FILENAME_MAX FOPEN_MAX RAND_MAX MB_CUR_MAX NAN INFINITY HUGE_VAL "
    "CHAR_BIT INT_MAX INT_MIN UINT_MAX LONG_MAX LONG_MIN EDOM ERANGE EINVAL SIGINT".split()
)


def type_name_problem(name: str, derived: bool = False) -> str | None:
    """Why ``name`` cannot name a dtype set (written in the spec) or an enum type
    (``derived`` from an attribute's name)."""
    if len(name) > MAX_NAME_CHARS:
        return f"is too long: a name has at most {MAX_NAME_CHARS} characters, this one {len(name)}"
    if not TYPE_NAME.match(name):
        return "is not a valid CamelCase identifier (A-Z, then letters and digits)"
    if name in C_TYPE_MACROS or (
        not derived and sum(c.isalpha() for c in name) > 1 and name.isupper()
    ):
        return "is reserved: all-capital names belong to macros (NULL, EOF, ...)"
    if name in GENERATED_TYPE_NAMES or name in PY_BUILTIN_TYPES:
        return "is reserved: a type name the generated code uses"
    if derived and name in package_names():
        return (
            "is reserved: the opforge package binds it, and the exported enum type would replace it"
        )
    return None


def camel(name: str) -> str:
    """The CamelCase type name derived from a lower_snake_case name."""
    return "".join(part.capitalize() for part in name.split("_"))
