"""Generated C++ must be a fixed point of clang-format in the generated style:
the project's .clang-format with ColumnLimit 0, under which clang-format keeps
the generator's line breaks (codegen/layout.py chooses them) and checks
everything else — indentation, spacing, alignment, include order, blank lines."""

from __future__ import annotations

import difflib
import re
import shutil
import subprocess
import sys
from pathlib import Path

from codegen.kinds import KINDS
from tests import ROOT

CPP = tuple(dict.fromkeys((".h", ".cc", *(k.suffix for k in KINDS))))


def clang_format() -> str:
    local = Path(sys.executable).parent / "clang-format"
    found = str(local) if local.exists() else shutil.which("clang-format")
    assert found is not None, "clang-format is not installed; run the setup command in the README"
    return found


def generated_style(directory: Path) -> Path:
    style = (ROOT / ".clang-format").read_text(encoding="utf-8")
    style, count = re.subn(r"(?m)^ColumnLimit: \d+$", "ColumnLimit: 0", style)
    assert count == 1, ".clang-format must set ColumnLimit once"
    path = directory / "generated.clang-format"
    path.write_text(style, encoding="utf-8")
    return path


def reformatted(tree: Path, scratch: Path) -> list[str]:
    """A unified diff for every C++ file under `tree` that clang-format would change."""
    files = sorted(p for p in tree.rglob("*") if p.is_file() and p.suffix in CPP)
    copies = scratch / "copies"
    for path in files:
        copy = copies / path.relative_to(tree)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(path.read_bytes())
    style = generated_style(scratch)
    paths = [str(copies / p.relative_to(tree)) for p in files]
    for start in range(0, len(paths), 500):
        subprocess.run(
            [clang_format(), f"--style=file:{style}", "-i", *paths[start : start + 500]],
            check=True,
        )
    diffs = []
    for path in files:
        ours = path.read_text(encoding="utf-8").splitlines()
        theirs = (copies / path.relative_to(tree)).read_text(encoding="utf-8").splitlines()
        if ours != theirs:
            name = path.relative_to(tree).as_posix()
            diffs.append(
                "\n".join(difflib.unified_diff(ours, theirs, name, "clang-format", lineterm=""))
            )
    return diffs
