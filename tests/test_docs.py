"""The docs keep true: the README stays a short door to docs/, every link leads somewhere,
every path named exists, the request walk names only what the code has, and the examples
of docs/*.md run as doctests (a record read and scored, a sheet printed, by the companion
itself)."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]

LINK = re.compile(r"\[[^\]]+\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`[^`\n]*`")
TICKED = re.compile(r"`([^`\n]+)`")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
CODE = ("companion", "static", "templates")  # where the request walk's names live
REPO_PATH = re.compile(r"(?:companion|tests|benchmarks|static|templates|\.ci)/\S*")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a line of its own), up to the next heading as high."""
    level = heading.split(" ", 1)[0]
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    following = re.compile(rf"^#{{1,{len(level)}}} ", re.MULTILINE).search(text, start)
    return text[start : following.start() if following else len(text)]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to
    hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings (a second heading of the same words ends "-1")."""
    text = page.read_text(encoding="utf-8")
    found: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        name, n = slug(heading), 0
        while (name if n == 0 else f"{name}-{n}") in found:
            n += 1
        found.add(name if n == 0 else f"{name}-{n}")
    return found


def test_the_readme_is_a_short_door():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 150


def test_the_readme_links_every_page_of_the_docs():
    linked = {
        (ROOT / target.split("#")[0]).resolve()
        for target in LINK.findall(CODE_SPAN.sub("", README.read_text(encoding="utf-8")))
    }
    assert DOCS, "docs/ has no pages"
    assert [p.name for p in DOCS if p.resolve() not in linked] == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file_and_a_heading_there(page):
    text = CODE_SPAN.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # an address outside the project
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(file):
            broken.append(f"{target}: no such heading")
    assert broken == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_path_of_the_project_a_page_names_exists(page):
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    named = {
        word
        for code in TICKED.findall(page.read_text(encoding="utf-8"))
        for word in code.split()
        if REPO_PATH.fullmatch(word)
    }
    pattern = re.compile(r"<[^>]+>|NNN")  # a placeholder: any name
    missing = [
        word
        for word in sorted(named)
        if word not in ignored and not any(ROOT.glob(pattern.sub("*", word).rstrip("/")))
    ]
    assert missing == []


def _defined_names() -> set[str]:
    """Every name a module of companion defines at its top or in its classes."""
    names: set[str] = set()
    for path in (ROOT / "companion").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bodies = [tree.body] + [n.body for n in tree.body if isinstance(n, ast.ClassDef)]
        for node in (n for body in bodies for n in body):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return names


MISSING = object()


def _resolves(dotted: str) -> bool:
    """Whether ``module.name`` (a module of companion by its last name) has that name."""
    first, *rest = dotted.split(".")
    files = [
        p
        for p in (ROOT / "companion").rglob("*.py")
        if p.stem == first or (p.name == "__init__.py" and p.parent.name == first)
    ]
    for file in files:
        parts = file.relative_to(ROOT).with_suffix("").parts
        module = importlib.import_module(".".join(p for p in parts if p != "__init__"))
        value: object = module
        for name in rest:
            value = getattr(value, name, MISSING)
        if value is not MISSING:
            return True
    return False


def test_the_request_walk_names_only_what_the_code_has():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    walk = section(text, "## A request, from the phone to the page")
    cited = TICKED.findall(walk)
    assert len(cited) > 20
    files = [p for folder in CODE for p in (ROOT / folder).rglob("*")]
    where = {p.relative_to(ROOT).as_posix() for p in files}
    sources = "".join(
        p.read_text(encoding="utf-8") for p in files if p.suffix in {".py", ".js", ".html"}
    )
    defined = _defined_names()
    wrong = []
    for word in cited:
        if word.endswith((".py", ".js", "/")):
            name = word.rstrip("/")
            found = any(w == name or w.endswith("/" + name) for w in where)
        elif DOTTED.fullmatch(word):
            found = _resolves(word)
        elif IDENTIFIER.fullmatch(word):
            found = word in defined
        else:
            found = word in sources  # a header, a value: as the code writes it
        if not found:
            wrong.append(word)
    assert wrong == [], f"the request walk cites what the code does not have: {wrong}"


FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("page", DOCS, ids=lambda p: p.name)
def test_the_examples_of_the_docs_run(page):
    failed, attempted = doctest.testfile(
        str(page), module_relative=False, optionflags=FLAGS, encoding="utf-8", report=True
    )
    assert failed == 0, f"{failed} of the {attempted} examples of {page.name} fail (above)"
    if page.name in {"record-format.md", "command-line.md"}:
        assert attempted > 0, f"{page.name} has no examples to run"
