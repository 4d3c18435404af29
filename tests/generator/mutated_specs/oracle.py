"""What must hold for any spec file: the front end's contract, checked per case.

A case either is rejected with spec errors that each read ``file:line: ...``
(line inside the file, message short and printable), or generates code that is
valid Python (every .py/.pyi compiles), deterministic, and whose *code* is the
same as when every free text of the spec is replaced by a plain word: spec text
may change what strings and comments say, never the code around them. The
framework-free C++ of a sample of accepted cases is compiled and linked against
stub kernels (see ``compile_cxx``), the one check too slow to run per case.
"""

from __future__ import annotations

import dataclasses
import fcntl
import re
import shutil
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from codegen.emit import render
from codegen.model import Op
from codegen.parse import SpecErrors, load_specs
from tests.generator.mutated_specs.lexer import LexError, cpp_tokens, python_tokens
from tests.generator.mutated_specs.mutate import Case
from tests.harness import cpp
from tools.build import BUILD

CASE_SECONDS = 5.0  # a case taking longer is a hang
MAX_MESSAGE_CHARS = 400  # one error line; values in it are cut to 80 characters
_ERROR_LINE = re.compile(r"(?P<path>[^\n]+?):(?P<line>\d+): (?P<rest>[^\n]+)\Z")


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Outcome:
    kind: str  # "rejected", "accepted", or a failure class
    detail: str = ""
    seconds: float = 0.0
    files: dict[str, str] = dataclasses.field(default_factory=dict)  # when accepted
    ops: list[Op] = dataclasses.field(default_factory=list)  # when accepted

    @property
    def failed(self) -> bool:
        return self.kind not in ("rejected", "accepted")


def _plain(op: Op) -> Op:
    """The op with every free text replaced by one word."""
    return dataclasses.replace(
        op,
        doc="text",
        dims=tuple(dataclasses.replace(d, doc="text") for d in op.dims),
        tensors=tuple(dataclasses.replace(t, doc="text") for t in op.tensors),
        attrs=tuple(dataclasses.replace(a, doc="text") for a in op.attrs),
    )


def _code(path: str, text: str) -> list[str]:
    if path.endswith((".py", ".pyi")):
        return python_tokens(text)
    return cpp_tokens(text)


def check_errors(errors: SpecErrors, case: Case, n_lines: int) -> str | None:
    """Why these spec errors break the contract (None: they do not)."""
    if not errors.errors:
        return "SpecErrors without errors"
    for line in str(errors).splitlines():
        m = _ERROR_LINE.match(line)
        if m is None or not m.group("path").endswith(f"{case.stem}.yaml"):
            return f"not a file:line error: {line[:200]!r}"
        if not 1 <= int(m.group("line")) <= n_lines + 1:
            return f"line {m.group('line')} outside the file's {n_lines} lines: {line[:200]!r}"
        if len(line) > MAX_MESSAGE_CHARS + len(m.group("path")):
            return f"message of {len(line)} characters: {line[:200]!r}"
        if not line.isprintable():
            return f"unprintable character in the message: {line[:200]!r}"
    return None


def check_generated(ops: list[Op]) -> tuple[str, str, dict[str, str]]:
    """(failure kind or "accepted", detail, files) for a parsed op set."""
    files = render(ops)
    if render(ops) != files:
        return "nondeterministic", "two renders differ", files
    for path, text in files.items():
        if path.endswith((".py", ".pyi")):
            try:
                compile(text, path, "exec")
            except (SyntaxError, ValueError) as exc:
                return "invalid-python", f"{path}: {exc}", files
    plain = render([_plain(op) for op in ops])
    if sorted(plain) != sorted(files):
        return "raw-text", "free text changed which files are generated", files
    for path, text in files.items():
        try:
            same = _code(path, text) == _code(path, plain[path])
        except (LexError, SyntaxError, ValueError) as exc:  # tokenize raises these
            return "raw-text", f"{path}: cannot lex: {exc}", files
        if not same:
            return "raw-text", f"{path}: spec text changed the code, not only strings", files
    return "accepted", "", files


def run_case(case: Case, workdir: Path) -> Outcome:
    spec_dir = workdir / "opspec"
    if spec_dir.exists():
        shutil.rmtree(spec_dir)
    spec_dir.mkdir(parents=True)
    path = spec_dir / f"{case.stem}.yaml"
    data = case.text if isinstance(case.text, bytes) else case.text.encode("utf-8", "surrogatepass")
    path.write_bytes(data)
    n_lines = data.count(b"\n") + 1
    start = time.perf_counter()
    try:
        with time_limit(CASE_SECONDS):
            try:
                ops = load_specs(spec_dir, workdir)
            except SpecErrors as errors:
                problem = check_errors(errors, case, n_lines)
                kind = "bad-message" if problem else "rejected"
                return Outcome(kind, problem or "", time.perf_counter() - start)
            kind, detail, files = check_generated(ops)
            return Outcome(kind, detail, time.perf_counter() - start, files, ops)
    except Hang as exc:
        return Outcome("hang", str(exc), time.perf_counter() - start)
    except MemoryError:
        return Outcome("memory", "MemoryError", time.perf_counter() - start)
    except RecursionError as exc:
        return Outcome(
            "traceback", f"RecursionError: {str(exc)[:200]}", time.perf_counter() - start
        )
    except Exception as exc:  # every other escape is what the fuzzer looks for
        return Outcome(
            "traceback", f"{type(exc).__name__}: {str(exc)[:200]}", time.perf_counter() - start
        )


# Where the sample's harnesses are built, one directory per sample slot (so
# a rerun compiles only what changed): build/mutated_specs/<slot>/.
CXX_DIR = BUILD / "mutated_specs"


def compile_cxx(files: dict[str, str], op: Op, slot: int = 0) -> str | None:
    """An op's framework-free C++ (the kernel declarations, the entry and its
    launchers) compiled and linked against stub kernels, through the harness
    build (tests.harness.cpp); the compiler's output, or None."""
    where = CXX_DIR / str(slot)
    where.parent.mkdir(parents=True, exist_ok=True)
    # One user of a slot at a time (the suite's processes may share slot 0).
    with open(CXX_DIR / f"{slot}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if where.exists():
            shutil.rmtree(where)
        generated = where / "generated"
        for path, text in files.items():
            (generated / path).parent.mkdir(parents=True, exist_ok=True)
            (generated / path).write_text(text, encoding="utf-8")
        sources = cpp.link_check_sources(op, generated, where)
        try:
            cpp.build(sources, where / "harness", "plain", generated)
        except cpp.HarnessBuildFailed as failed:
            return str(failed)[-2000:]
    return None
