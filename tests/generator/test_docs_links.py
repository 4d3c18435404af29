"""Every relative link in the project's Markdown resolves: the README, the
pages under docs/ (hand-written and generated), the changelog and the other
READMEs link to files that exist and, where a link names a heading
(`page.md#heading`), to a heading that page has (GitHub's anchors). The
README is split into pages that link to each other; a renamed page or heading
must not leave a dead link behind. Paddle-free, builds nothing."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

from tests import ROOT

SKIP_DIRS = {".git", ".venv", "build", "node_modules", ".pytest_cache", ".hypothesis"}

FENCE = re.compile(r"^ {0,3}(```|~~~)")
# A code span may run over lines, but not past a paragraph's end.
CODE_SPAN = re.compile(r"(`+)(?:(?!\1)[^\n]|\n(?![ \t]*\n))+?\1")
# A link's text, too (a link whose text wraps is a link all the same).
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def markdown_files(root: Path = ROOT) -> list[Path]:
    files = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [d for d in subfolders if d not in SKIP_DIRS]
        files += [Path(folder) / n for n in names if n.endswith(".md")]
    return sorted(files)


def _headings(text: str) -> list[str]:
    """The text of every heading outside fenced code blocks, backticks dropped
    (a heading's code is part of its anchor)."""
    found, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (heading := HEADING.match(line)):
            found.append(heading.group(2).replace("`", ""))
    return found


def unfenced(path: Path, keep: re.Pattern[str] | None = None) -> str:
    """The page with each fenced block's lines blanked (line numbers kept),
    but those matching `keep`, which stay as code spans."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        fence = bool(FENCE.match(line))
        fenced ^= fence
        kept = fenced and not fence and keep is not None and keep.match(line)
        lines.append(f"`{line}`" if kept else "" if fenced or fence else line)
    return "\n".join(lines)


def links(path: Path) -> list[tuple[int, str]]:
    """(line number, target) of every inline link and link definition outside
    code: fenced blocks blanked, code spans blanked but for their newlines."""
    prose = CODE_SPAN.sub(lambda m: "\n" * m.group(0).count("\n"), unfenced(path))
    matches = sorted(
        [*INLINE_LINK.finditer(prose), *REFERENCE_DEF.finditer(prose)], key=lambda m: m.start()
    )
    return [(prose.count("\n", 0, m.start()) + 1, m.group(1)) for m in matches]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text (links and markup reduced to
    their words), lower-cased, punctuation dropped, spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).lower()
    kept = (
        c
        for c in text
        if c in " -_" or unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "Mn"
    )
    return "".join(kept).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    seen: dict[str, int] = {}
    found = set(HTML_ANCHOR.findall(text))
    for heading in _headings(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def dead_links(path: Path, root: Path = ROOT) -> list[str]:
    dead = []
    where = path.relative_to(root)
    for number, target in links(path):
        if not target or re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
            continue  # a URL (http:, mailto:, ...), not a file of this repository
        file_part, _, fragment = target.partition("#")
        resolved = (path.parent / file_part).resolve() if file_part else path
        if file_part.startswith("/") or not resolved.is_relative_to(root.resolve()):
            dead.append(f"{where}:{number}: {target}: outside the repository")
        elif not resolved.exists():
            dead.append(f"{where}:{number}: {target}: no such file")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            dead.append(f"{where}:{number}: {target}: no heading '#{fragment}' there")
    return dead


def test_the_readme_and_its_pages_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in markdown_files()}
    assert {"README.md", "docs/ops/README.md", "docs/interface/README.md"} <= names


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(path: Path) -> None:
    dead = dead_links(path)
    assert not dead, "dead links:\n" + "\n".join(dead)


def test_the_checker_sees_a_dead_link(tmp_path: Path) -> None:
    # The checker itself: a page with good links, one to a missing file, one to
    # a missing heading, one out of the tree, and links in code it must skip.
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text(
        "# A `page`: its title\n\n"
        "[good](page.md#a-page-its-title) [self](#a-page-its-title) [web](https://x.org/y)\n"
        "[gone](missing.md) [no heading](page.md#nowhere) [out](../../x.md)\n"
        "`[in code](missing-too.md)` `code over\n[two lines](missing-four.md)` [a link\n"
        "over two lines](page.md#wrapped)\n\n"
        "```sh\n# not a heading\n[fenced](missing-three.md)\n```\n",
        encoding="utf-8",
    )
    assert anchors(page) == {"a-page-its-title"}
    assert [d.split(": ", 1)[1] for d in dead_links(page, root=tmp_path)] == [
        "missing.md: no such file",
        "page.md#nowhere: no heading '#nowhere' there",
        "../../x.md: outside the repository",
        "page.md#wrapped: no heading '#wrapped' there",
    ]
    assert [d.split(":")[1] for d in dead_links(page, root=tmp_path)] == ["4", "4", "4", "6"]


# ---------------------------------------------------------------- paths in code spans

# A code span in prose naming a file of ours starts with one of these.
TOP_LEVEL = (
    "tests/", "codegen/", "csrc/", "opforge/", "opforge_dev/", "tools/", "docs/",
    "examples/", "bench/", "opspec/", "generated/", ".ci/",
)  # fmt: skip
# Named on purpose though not in a clone: what the build writes.
BUILT = ("opforge/_C", "opforge/_build_info.py", "opforge/_generated")
# The changelog names what was there at the time.
HISTORY = {"CHANGELOG.md"}
# A sentence ends at a full stop, a paragraph's end, a list item or a heading.
SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n\s*\n|\n\s*(?:[-*+]|\d+\.) |\n#")
# A line of a fenced block that runs a command (its paths must exist; the
# rest of a block shows output or a layout).
COMMAND = re.compile(r"^\s*(?:\$ )?(?:\.venv/bin/|python|tools/|\.ci/|opforge-dev |pytest )")


def _sentence(prose: str, at: int) -> str:
    starts = [m.end() for m in SENTENCE_END.finditer(prose, 0, at)]
    end = SENTENCE_END.search(prose, at)
    return prose[starts[-1] if starts else 0 : end.start() if end else len(prose)]


def missing_paths(path: Path, root: Path = ROOT) -> list[str]:
    """Every repository path a code span in prose, or a command in a fenced
    block, names that does not exist: `file`, `file:line`, `file::test`.
    An `opforge/<header>` is an include path (csrc/include/); a path in a
    sentence that names FastDeploy is FastDeploy's."""
    prose = unfenced(path, keep=COMMAND)
    found = []
    for span in CODE_SPAN.finditer(prose):
        for token in re.split(r"[\s,()'\"]+", span.group(0).strip("`")):
            word = re.sub(r"(:\d+)+$", "", token.rstrip(".:;")).split("::")[0]
            if not word.startswith(TOP_LEVEL) or re.search(r"[<>{}*\[\]$|]", word):
                continue
            if word.startswith(BUILT) or "FastDeploy" in _sentence(prose, span.start()):
                continue
            include = root / "csrc" / "include" / word
            if not (root / word).exists() and not (word.endswith(".h") and include.exists()):
                found.append(
                    f"{path.relative_to(root)}:{prose.count(chr(10), 0, span.start()) + 1}: {word}"
                )
    return found


@pytest.mark.parametrize(
    "path",
    [p for p in markdown_files() if p.relative_to(ROOT).as_posix() not in HISTORY],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_every_repository_path_in_the_prose_exists(path: Path) -> None:
    missing = missing_paths(path)
    assert not missing, "no such file (renamed or moved?):\n" + "\n".join(missing)


def test_the_path_checker_sees_a_missing_path(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "here.py").write_text("", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "`tests/here.py:3` and `tests/here.py::test_x` exist; `tests/gone.py` does not.\n"
        "`opforge/_C` is built, `opforge/<op>.py` a placeholder.\n"
        "FastDeploy tests it in `tests/operators/test_x.py`.\n\n"
        "```\ntests/fenced.py:1: output\n.venv/bin/python -m pytest tests/old.py\n```\n",
        encoding="utf-8",
    )
    assert missing_paths(page, root=tmp_path) == [
        "page.md:1: tests/gone.py",
        "page.md:7: tests/old.py",
    ]


def test_the_readme_stays_a_front_page() -> None:
    # The details live on the pages it links; past 300 lines it is a manual.
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 300, f"README.md has {lines} lines; move detail to a page under docs/"
