"""What must hold for any spec file: the front end's contract, checked per case.

A case either is rejected with spec errors that each read ``file:line: ...``
(line inside the file, message short and printable), or generates code that is
valid Python (every .py/.pyi compiles), deterministic, and whose *code* is the
same as when every free text of the spec is replaced by a plain word: spec text
may change what strings and comments say, never the code around them. Both
YAML paths (libyaml's events and the pure-Python composer) must make the same
of every file: the same values at the same lines, or the same errors. The
framework-free C++ of every accepted case is compiled and linked against stub
kernels, many cases to a unit (see ``compile_all``): the one check too slow to
run per case.
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

from codegen import yamlsrc
from codegen.emit import render
from codegen.model import Op
from codegen.parse import SpecErrors, load_specs
from codegen.views import op_views
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


def shape(value: object) -> object:
    """A loaded value with every line it carries."""
    if isinstance(value, yamlsrc.LocDict):
        items = tuple((k, shape(v)) for k, v in value.items())
        return ("map", value.line, tuple(sorted(value.key_lines.items())), items)
    if isinstance(value, yamlsrc.LocList):
        return ("list", value.line, tuple(value.item_lines), tuple(shape(v) for v in value))
    return repr(value)


def load_with(data: bytes, composer: str) -> object:
    """What one YAML path makes of a file: the values with their lines, or the errors."""
    try:
        return shape(yamlsrc.load_bytes(data, composer=composer))
    except yamlsrc.YamlErrors as exc:
        return ("rejected", [(p.line, p.where, p.message) for p in exc.problems])


def yaml_paths_disagree(data: bytes) -> str | None:
    """How the fast YAML path (libyaml's events) and the pure-Python one differ
    on a file (None: the same values at the same lines, or the same errors)."""
    if len(yamlsrc.COMPOSERS) < 2:
        return None  # PyYAML built without libyaml: one path only
    fast, slow = (load_with(data, c) for c in ("libyaml", "python"))
    if fast == slow:
        return None
    verdict = {True: "refuses", False: "accepts"}
    fast_no = isinstance(fast, tuple) and fast[0] == "rejected"
    slow_no = isinstance(slow, tuple) and slow[0] == "rejected"
    return (
        f"libyaml {verdict[fast_no]}, Python {verdict[slow_no]}: "
        f"{str(fast)[:300]} / {str(slow)[:300]}"
    )


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
            disagreement = yaml_paths_disagree(data)
            if disagreement is not None:
                return Outcome("yaml-paths", disagreement, time.perf_counter() - start)
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


# Where the units are built, one directory per slot (so a rerun compiles only
# what changed): build/mutated_specs/<slot>/.
CXX_DIR = BUILD / "mutated_specs"
UNIT_OPS = 16  # ops per compiled unit: the headers parsed once for all of them


def own_files(op: Op, files: dict[str, str]) -> dict[str, str]:
    """The op's own C++ files among everything the generator rendered."""
    return {r.path: files[r.path] for r in op_views(op).files}


def compile_unit(cases: list[tuple[Op, dict[str, str]]], slot: int = 0) -> str | None:
    """The framework-free C++ of several ops (the kernel declarations, the
    entry and its launchers; names distinct) compiled as one unit with the
    project's warning flags and linked against stub kernels
    (tests.harness.cpp.link_check_unity); the compiler's output, or None.
    A unit could hide a missing include (an earlier op's includes serve a
    later one), but no generated file's includes depend on its spec, and
    tests/harness/test_cpp.py compiles each real op's files on their own."""
    where = CXX_DIR / str(slot)
    where.parent.mkdir(parents=True, exist_ok=True)
    # One user of a slot at a time (the suite's processes may share slot 0).
    with open(CXX_DIR / f"{slot}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if where.exists():
            shutil.rmtree(where)
        generated = where / "generated"
        for op, files in cases:
            for path, text in own_files(op, files).items():
                (generated / path).parent.mkdir(parents=True, exist_ok=True)
                (generated / path).write_text(text, encoding="utf-8")
        unit = cpp.link_check_unity([op for op, _ in cases], where)
        try:
            cpp.build([unit], where / "harness", "plain", generated)
        except cpp.HarnessBuildFailed as failed:
            return str(failed)[-2000:]
    return None


def compile_cxx(files: dict[str, str], op: Op, slot: int = 0) -> str | None:
    """One op's framework-free C++ compiled and linked (see compile_unit)."""
    return compile_unit([(op, files)], slot)


def units(names: list[str], size: int = UNIT_OPS) -> list[list[int]]:
    """Indexes of ops grouped into units of at most ``size``, no name twice in
    one (each op is the namespace opforge::<name>): first fit, in order."""
    groups: list[list[int]] = []
    taken: list[set[str]] = []
    for index, name in enumerate(names):
        for group, seen in zip(groups, taken, strict=True):
            if len(group) < size and name not in seen:
                group.append(index)
                seen.add(name)
                break
        else:
            groups.append([index])
            taken.append({name})
    return groups


def compile_all(
    cases: list[tuple[Op, dict[str, str]]], size: int = UNIT_OPS
) -> tuple[int, list[tuple[int, str]]]:
    """Every case compiled, ``size`` ops per unit: (units compiled, failures as
    (index of the case, compiler output)). A unit that fails is compiled again
    op by op, so each failure names its case; one that fails only together
    with others is a failure of its first case, saying so."""
    failures: list[tuple[int, str]] = []
    groups = units([op.name for op, _ in cases], size)
    for group in groups:
        problem = compile_unit([cases[i] for i in group])
        if problem is None:
            continue
        alone = [(i, compile_unit([cases[i]])) for i in group] if len(group) > 1 else []
        found = [(i, p) for i, p in alone if p is not None]
        failures += found or [(group[0], "fails only in a unit with other ops:\n" + problem)]
    return len(groups), failures
