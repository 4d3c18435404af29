"""opforge's generator: op specs (opspec/*.yaml) -> model -> emitters -> generated/.

Run as ``python -m codegen`` from the repository root. Never installed: the
top-level name ``codegen`` belongs to an unrelated package on PyPI.
"""
