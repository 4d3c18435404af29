"""What the Python layer of an op call costs: the public function against its
generated binding (opforge._C), on the same tensors, side by side in one run.

Rows, per op (small batches, where the Python layer's share is largest):

  binding         opforge._C.<op>(every argument positionally): the generated
                  CPython (METH_FASTCALL) function, all C++ checks
  public          opforge.<op>(...) as a call site writes it: the tensors it
                  requires positionally, the rest (optional tensors present,
                  attributes given) by keyword
  public, keywords  opforge.<op>(...) with every argument by keyword

Per-call cost = best of R repeats of N calls, rows interleaved; each row's
ratio to the binding is the Python layer's cost. Works on any checkout (it
reads the signature the public function has). `--before REF` adds the rows
of the public functions as generated at git revision REF, loaded beside
today's and calling today's binding (its signature has not changed), so a
change of the Python layer is measured side by side in one run.

    .venv/bin/python bench/bench_api_overhead.py            # ~20 s
    .venv/bin/python bench/bench_api_overhead.py --before 2d48038
    .venv/bin/python bench/bench_api_overhead.py --quick
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import subprocess
import sys
import timeit
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _case(op_name: str, dims: dict[str, int], attrs: dict[str, Any]) -> tuple[Any, Any]:
    from tests.harness.cases import build
    from tests.harness.spec import load_ops

    op = next(o for o in load_ops() if o.name == op_name)
    values = {a.name: a.default for a in op.attrs}
    for a in op.attrs:
        if a.enum is not None:
            values[a.name] = a.enum.value_of(str(a.default))
    values.update(attrs)
    return op, build(op, dims, values, seed=4)  # even: declared shapes


def _timer(fn: Any, positional: list[Any], named: dict[str, Any]) -> timeit.Timer:
    """A loop calling fn as a call site does: arguments in locals, keywords literal."""
    values = [*positional, *named.values()]
    names = [f"a{i}" for i in range(len(values))]
    passed = names[: len(positional)] + [
        f"{key}={names[len(positional) + i]}" for i, key in enumerate(named)
    ]
    setup = f"_f = _fn; {', '.join(names)}, = _args"
    return timeit.Timer(
        f"_f({', '.join(passed)})", setup, globals={"_fn": fn, "_args": tuple(values)}
    )


def generated_at(revision: str) -> Any:
    """The Python API as generated at `revision`, as a module of its own (it
    calls today's binding, whose signature has not changed)."""
    text = subprocess.run(
        ["git", "show", f"{revision}:generated/python/__init__.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = ROOT / "build" / "bench" / f"generated_{revision}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"opforge_generated_{revision}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(
    op_name: str, dims: dict[str, int], attrs: dict[str, Any], before: tuple[str, Any] | None
) -> dict[str, timeit.Timer]:
    import paddle

    import opforge

    op, case = _case(op_name, dims, attrs)
    tensors = {
        t.name: None if case.arrays[t.name] is None else paddle.to_tensor(case.arrays[t.name])
        for t in op.arguments
    }
    given = {a: case.attrs[a] for a in attrs}
    found = {
        "binding": _timer(
            getattr(opforge._C, op.name),
            [*tensors.values(), *(case.attrs[a.name] for a in op.attrs)],
            {},
        )
    }
    publics = [("", getattr(opforge, op.name))]
    if before is not None:
        publics.append((f" at {before[0]}", getattr(before[1], op.name)))
    for suffix, public in publics:
        found |= _public_rows(op, tensors, given, public, suffix)
    return found


def _public_rows(
    op: Any, tensors: dict[str, Any], given: dict[str, Any], public: Any, suffix: str
) -> dict[str, timeit.Timer]:
    """The public function as a call site writes it, and with every argument by keyword."""
    parameters = inspect.signature(public).parameters.values()
    defaults = {p.name for p in parameters if p.default is not inspect.Parameter.empty}
    keyword_only = {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}
    if keyword_only:  # the tensors it requires positionally, optional ones by name
        natural_pos = [tensors[t.name] for t in op.arguments if t.name not in keyword_only]
        natural_kw = {
            t.name: tensors[t.name]
            for t in op.arguments
            if t.name in keyword_only and tensors[t.name] is not None
        }
    else:  # a signature with no keyword-only part: every tensor positionally, None too
        natural_pos, natural_kw = list(tensors.values()), {}
    every = {k: v for k, v in tensors.items() if v is not None or k not in defaults}
    return {
        f"public{suffix}": _timer(public, natural_pos, {**natural_kw, **given}),
        f"public, keywords{suffix}": _timer(public, [], {**every, **given}),
    }


CASES = [
    (
        "verify_draft_tokens (GREEDY, 8 slots)",
        "verify_draft_tokens",
        {
            "max_bsz": 8,
            "real_bsz": 8,
            "max_step_tokens": 4,
            "max_candidate_len": 2,
            "end_length": 1,
        },
        {"verify_strategy": 1, "seed": 5},
    ),
    (
        "speculate_get_seq_lens_output (8 slots)",
        "speculate_get_seq_lens_output",
        {"max_bsz": 8, "real_bsz": 8},
        {},
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a rough run of a few seconds")
    parser.add_argument(
        "--before", metavar="REF", help="add the public functions as generated at git revision REF"
    )
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    repeats, number = (5, 1000) if args.quick else (25, 4000)
    before = (args.before, generated_at(args.before)) if args.before else None
    timers = {label: rows(op, dims, attrs, before) for label, op, dims, attrs in CASES}
    best: dict[tuple[str, str], float] = {}
    for _ in range(repeats):
        for label, per_row in timers.items():
            for row, timer in per_row.items():
                t = timer.timeit(number) / number
                best[(label, row)] = min(best.get((label, row), t), t)
    for label, per_row in timers.items():
        base = best[(label, "binding")]
        print(label)
        for row in per_row:
            t = best[(label, row)]
            print(f"  {row:28s} {t * 1e6:6.2f} us  {t / base:5.2f}x  (+{(t - base) * 1e6:.2f} us)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
