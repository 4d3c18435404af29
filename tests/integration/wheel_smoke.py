"""The installed wheel, used as an engine would use it: from outside the checkout.

Two steps, in two environments:

    .venv/bin/python -m tests.integration.wheel_smoke cases DIR  # in the checkout's environment
    cd DIR && /fresh/venv/bin/python wheel_smoke.py run         # in a fresh one, the wheel installed

`cases` writes, for each op in opspec/ and each dtype of its set, one valid call
(made by the test harness's case builder, tests/harness) and what the op's
NumPy reference returns for it, with the Paddle dtype of each tensor, and
copies this script beside them. `run` needs only the installed package, Paddle
and NumPy (nothing of the checkout): it checks that `opforge` is
the installed one, calls every op the package exports (a case missing for one
is a failure: the package, not this list, says what the ops are) eagerly on the
CPU kernels and under the XPU3 simulation and compares with the reference,
runs each op in a static-graph program against its eager result, checks that
the installed distribution's metadata names its license (Apache-2.0) and that
the license text is in its .dist-info, and that a wheel built against another
Paddle refuses to import, naming both.
"""

from __future__ import annotations

import argparse
import enum
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

# ---------------------------------------------------------------- in the checkout


def make_cases(out: Path) -> int:
    from tests.harness import spec
    from tests.harness.cases import build, middling
    from tests.harness.dtypes import paddle_dtype
    from tests.harness.references import reference, tolerance

    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for op in spec.load_ops():
        dims, attrs = middling(op)
        for dtype in spec.op_dtypes(op):
            case = build(op, dims, dict(attrs), seed=7, dtype=dtype)
            want = reference(op, case)
            name = op.name + (f"-{dtype.value}" if dtype else "")
            arrays = {f"in_{k}": v for k, v in case.arrays.items() if v is not None}
            arrays |= {f"out_{i}": np.asarray(w) for i, w in enumerate(want)}
            np.savez(out / f"{name}.npz", **arrays)
            meta = {
                "op": op.name,
                "arguments": list(case.arrays),
                # How each tensor is made from its array (a bfloat16 one is held as its bits).
                "dtypes": {k: paddle_dtype(v) for k, v in case.arrays.items() if v is not None},
                "attrs": {k: _plain(v) for k, v in case.attrs.items()},
                "tolerance": list(tolerance(op, case)),
                "backends": spec.backends(op),
            }
            (out / f"{name}.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
            count += 1
    shutil.copy2(__file__, out / "wheel_smoke.py")
    print(f"{count} case(s) for the wheel smoke test written to {out}")
    return 0


def _plain(value: Any) -> Any:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer, enum.IntEnum)):
        return int(value)
    return float(value)


# ---------------------------------------------------------------- in a fresh environment


def run(cases: Path, checkout: str | None) -> int:
    import paddle

    import opforge

    where = Path(opforge.__file__).resolve().parent
    print(f"opforge from {where}, Paddle {paddle.__version__}")
    if checkout and where.is_relative_to(Path(checkout).resolve()):
        raise SystemExit(
            f"opforge was imported from the checkout ({where}), not the installed wheel"
        )
    _license()
    exported = sorted(
        n
        for n in opforge._generated.__all__
        if callable(getattr(opforge, n)) and not isinstance(getattr(opforge, n), type)
    )
    metas = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(cases.glob("*.json"))]
    missing = set(exported) - {m["op"] for m in metas}
    if missing:
        raise SystemExit(
            f"no smoke case for {sorted(missing)}: "
            "run `python -m tests.integration.wheel_smoke cases` again"
        )
    for meta, path in zip(metas, sorted(cases.glob("*.json")), strict=True):
        data = np.load(path.with_suffix(".npz"))
        arrays = {k: data.get(f"in_{k}") for k in meta["arguments"]}
        dtypes = meta["dtypes"]
        want = [data[f"out_{i}"] for i in range(sum(k.startswith("out_") for k in data.files))]
        eager = None
        for backend in meta["backends"]:
            opforge.set_cpu_tensor_backend(backend)
            try:
                tensors = [_tensor(paddle, a, dtypes.get(k)) for k, a in arrays.items()]
                got = _call(opforge, meta, tensors)
            finally:
                opforge.set_cpu_tensor_backend("cpu")
            _compare(path.stem, backend, got, want, meta["tolerance"])
            eager = eager or got
        assert eager is not None
        _static(paddle, opforge, meta, arrays, dtypes, eager, path.stem)
        backends = ", ".join(meta["backends"])
        print(f"  {path.stem}: eager ({backends}) and static graph match the reference")
    print(f"{len(exported)} op(s) exported, {len(metas)} case(s) passed")
    _other_paddle_refused(where)
    return 0


def _license() -> None:
    """The installed distribution's metadata names its license as an SPDX
    expression (PEP 639) and lists its license file, which is in the wheel's
    .dist-info (licenses/LICENSE) and is the Apache License 2.0."""
    from importlib import metadata

    dist = metadata.distribution("opforge")
    expression = dist.metadata.get("License-Expression")
    if expression != "Apache-2.0":
        raise SystemExit(f"the installed opforge's License-Expression is {expression!r}")
    listed = dist.metadata.get_all("License-File") or []
    if "LICENSE" not in listed:
        raise SystemExit(f"the installed opforge's metadata lists license files {listed}")
    text = dist.read_text("licenses/LICENSE")
    if text is None or not ("Apache License" in text and "Version 2.0, January 2004" in text):
        raise SystemExit("the installed opforge has no Apache License 2.0 text in its .dist-info")
    print(f"license: {expression}, .dist-info/licenses/LICENSE present")


def _tensor(paddle: Any, array: np.ndarray | None, dtype: str | None) -> Any:
    return None if array is None else paddle.to_tensor(array, dtype=dtype)


def _call(opforge: Any, meta: dict[str, Any], tensors: list[Any]) -> list[Any]:
    # By name: optional tensors and attributes are keyword-only.
    named = dict(zip(meta["arguments"], tensors, strict=True))
    result = getattr(opforge, meta["op"])(**named, **meta["attrs"])
    return list(result) if isinstance(result, tuple) else [result]


def _compare(
    name: str, what: str, got: list[Any], want: list[np.ndarray], tol: list[float]
) -> None:
    if len(got) != len(want):
        raise SystemExit(f"{name} ({what}): {len(got)} outputs, the reference {len(want)}")
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        value = g.numpy() if hasattr(g, "numpy") else np.asarray(g)
        rtol, atol = tol
        if (rtol, atol) != (0.0, 0.0) and value.dtype.kind == "f":
            np.testing.assert_allclose(
                value, w, rtol=rtol, atol=atol, err_msg=f"{name} ({what}) output {i}"
            )
        else:
            np.testing.assert_array_equal(value, w, err_msg=f"{name} ({what}) output {i}")


def _static(
    paddle: Any,
    opforge: Any,
    meta: dict[str, Any],
    arrays: dict[str, np.ndarray | None],
    dtypes: dict[str, str],
    eager: list[Any],
    name: str,
) -> None:
    expected = [e.numpy() for e in eager]
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            args, feeds = [], {}
            for arg, array in arrays.items():
                if array is None:
                    args.append(None)
                    continue
                args.append(paddle.static.data(arg, list(array.shape), dtypes[arg]))
                feeds[arg] = array
            outs = _call(opforge, meta, args)
        fetched = paddle.static.Executor(paddle.CPUPlace()).run(
            program, feed=feeds, fetch_list=outs
        )
    finally:
        paddle.disable_static()
    for i, (f, e) in enumerate(zip(fetched, expected, strict=True)):
        np.testing.assert_array_equal(f, e, err_msg=f"{name} (static graph) output {i}")


def _other_paddle_refused(installed: Path) -> None:
    """A copy of the installed package that says it was built against another
    Paddle must refuse to import, naming both versions."""
    import paddle

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "opforge"
        shutil.copytree(installed, copy)
        (copy / "_build_info.py").write_text('PADDLE_VERSION = "0.0.1"\n', encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", "import opforge"],
            cwd=tmp,
            env=dict(os.environ, PYTHONPATH=tmp),
            capture_output=True,
            text=True,
            check=False,
        )
    last = (done.stderr.strip().splitlines() or [""])[-1]
    if done.returncode == 0 or "0.0.1" not in last or paddle.__version__ not in last:
        raise SystemExit(f"a wheel built against another Paddle imported, or said: {last!r}")
    print(f"built against another Paddle: refused ({last})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    cases = sub.add_parser("cases", help="write the cases (in the checkout's environment)")
    cases.add_argument("dir", type=Path)
    check = sub.add_parser("run", help="run them against the installed wheel")
    check.add_argument("--cases", type=Path, default=Path.cwd())
    check.add_argument("--checkout", help="fail if opforge is imported from here")
    args = parser.parse_args(argv)
    if args.step == "cases":
        return make_cases(args.dir)
    return run(args.cases, args.checkout)


if __name__ == "__main__":
    sys.exit(main())
