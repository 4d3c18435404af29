"""The build backend: setuptools, plus the compiled extension.

`pip wheel .` and `pip install .` build opforge/_C with the same ninja build
as the checkout (tools/build.py), so there is one build to keep in step, not
two. Why a backend of our own, small as it is, rather than setuptools alone:

- a wheel needs Paddle at build time (its headers, libpaddle.so to link), so
  Paddle is a build requirement of a wheel, but only of a wheel: an editable
  install (`pip install -e .`, what tools/setup.sh does) builds nothing, the
  checkout builds itself with tools/build.py, and must not download and unpack
  Paddle into a throwaway build environment every time;
- the wheel is platform-tagged (cp311-cp311-linux_x86_64, say) although
  setuptools sees no `ext_modules`: the extension is made by ninja;
- the wheel records the Paddle it was built against (opforge/_build_info.py),
  which `import opforge` compares with the Paddle it finds (Paddle's C++ ABI is
  not stable across releases, so only the very same version is accepted).

The wheel's module is linked apart from the checkout's own opforge/_C (which
the tests load), with rpaths relative to the module ($ORIGIN/../paddle/libs),
since the Paddle it was linked against may have lived in a build environment
that pip deletes afterwards. Built in the checkout's environment
(`--no-build-isolation`, as CI does), it is one more link of the checkout's
objects; in pip's isolated environment, a build of its own in build/isolated/.
It compiles generated/ as committed: CI checks that generated/ is what opspec/ generates, and a wheel
build needs none of the generator's tools.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 - the hooks we do not change
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1 has it in `wheel`
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent.parent
WHEEL_BUILD = ROOT / "build" / "isolated"


def _paddle_requirement() -> str:
    """The Paddle the package depends on, from pyproject.toml (one place)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'"(paddlepaddle[^"]*)"', text)
    if found is None:
        raise RuntimeError("pyproject.toml names no paddlepaddle dependency")
    return found.group(1)


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [
        *_setuptools.get_requires_for_build_wheel(config_settings),
        _paddle_requirement(),
        "ninja>=1.11",
    ]


def _paddle_version() -> str:
    """paddle.__version__ of the Paddle this build compiles against: the very
    expression the import-time check compares with."""
    done = subprocess.run(
        [sys.executable, "-c", "import paddle; print(paddle.__version__)"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"building a wheel needs Paddle importable:\n{done.stderr[-2000:]}")
    return done.stdout.strip().splitlines()[-1]


def _wheel_tree(build: Any) -> Any:
    """The checkout's own build when its objects were compiled against the
    Paddle this build finds (`pip wheel --no-build-isolation` in the checkout's
    environment, as CI does): the wheel's module is then one more link of the
    same objects. Otherwise (pip's isolated build environment, with a Paddle
    of its own) a build of its own in build/isolated/, so the checkout's objects
    are not recompiled against another Paddle."""
    main = build.MAIN
    ninja = main.build / "build.ninja"
    paddle = str(build.paddle_dir() / "include")
    if ninja.exists() and f"-isystem {paddle} " in ninja.read_text(encoding="utf-8"):
        return main
    return build.Tree(main.generated, main.kernels, WHEEL_BUILD, WHEEL_BUILD / main.module.name)


class BuildPy(build_py):
    """The Python files, then (except for an editable install) the extension
    and the record of the Paddle it was built against."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the checkout builds opforge/_C in place (tools/build.py)
        sys.path.insert(0, str(ROOT))
        from tools import build

        tree = _wheel_tree(build)
        try:
            build.named_kernels(tree)
        except build.MissingKernel as exc:
            raise RuntimeError(f"cannot build the extension:\n{exc}") from None
        if build.build(tree, wheel=True) != 0:
            raise RuntimeError("building the extension failed (see the compiler output above)")
        package = Path(self.build_lib) / "opforge"
        package.mkdir(parents=True, exist_ok=True)
        shutil.copy2(tree.wheel_module, package / tree.module.name)
        version = _paddle_version()
        (package / "_build_info.py").write_text(
            "# Written by the wheel build (tools/pep517/opforge_backend.py).\n"
            "# The Paddle this package's extension was compiled against; `import opforge`\n"
            "# refuses any other (opforge/_runtime.py, check_paddle_version).\n"
            f"PADDLE_VERSION = {version!r}\n",
            encoding="utf-8",
        )


class BdistWheel(bdist_wheel):
    """A wheel for this interpreter and platform: it holds a compiled module,
    which setuptools cannot see (ninja builds it), so it is told: the tag, and
    the install scheme (platlib, where compiled modules go)."""

    def finalize_options(self) -> None:
        self.distribution.has_ext_modules = lambda: True  # type: ignore[method-assign]
        super().finalize_options()
