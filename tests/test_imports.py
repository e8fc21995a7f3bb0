"""The modules import one another one way only: no cycle, even through an import made
inside a function or only for type checking; the rules import only the rules, the
renderers only the rules; each page (a blueprint) stands alone, none importing another."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_imports() -> dict[str, set[str]]:
    """Each module of companion, and the modules of companion it imports anywhere in it."""
    paths = {}
    for path in (ROOT / "companion").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for name, path in paths.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion"):
                # "from companion.rules import dice" imports the module companion.rules.dice.
                subs = {f"{node.module}.{a.name}" for a in node.names} & paths.keys()
                found |= subs or {node.module}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("companion")}
        graph[name] = (found & paths.keys()) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each a path that comes back to where it started."""
    found, done = [], set()

    def walk(module: str, path: list[str]) -> None:
        for imported in sorted(graph[module]):
            if imported in path:
                found.append([*path[path.index(imported) :], imported])
            elif imported not in done:
                walk(imported, [*path, imported])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            walk(module, [module])
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_companion_imports_itself_back():
    graph = module_imports()
    assert {"companion.rules.game", "companion.web.pages.table"} <= graph.keys()
    assert cycles(graph) == []


PAGES = "companion.web.pages"


def pages_importing_pages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each page (a blueprint's module) that imports another page, with the pages it
    imports. The package itself, which lists the blueprints, is not a page."""
    pages = {m for m in graph if m.startswith(PAGES + ".")}
    return {p: found for p in sorted(pages) if (found := graph[p] & (pages | {PAGES}))}


def blueprints_outside_the_pages() -> list[str]:
    """The modules of companion, outside ``companion/web/pages/``, that make a blueprint."""
    found = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if path.is_relative_to(ROOT / "companion" / "web" / "pages"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Blueprint":
                found.append(str(path.relative_to(ROOT)))
    return found


def test_the_page_finder_finds_a_page_that_imports_another():
    graph = {
        PAGES: {f"{PAGES}.a", f"{PAGES}.b"},
        f"{PAGES}.a": {"companion.web.game_store", f"{PAGES}.b"},
        f"{PAGES}.b": {"companion.web.table_view"},
    }
    assert pages_importing_pages(graph) == {f"{PAGES}.a": {f"{PAGES}.b"}}


def test_no_page_imports_another_page():
    graph = module_imports()
    assert len([m for m in graph if m.startswith(PAGES + ".")]) >= 10
    assert pages_importing_pages(graph) == {}


def test_every_blueprint_is_a_page_of_its_own():
    assert blueprints_outside_the_pages() == []


def test_only_the_app_factory_and_the_pages_import_the_pages():
    graph = module_imports()
    importers = {m for m, found in graph.items() if any(f.startswith(PAGES) for f in found)}
    assert {m for m in importers if not m.startswith(PAGES)} == {"companion.web"}


def test_the_rules_import_only_the_rules_and_the_renderers_only_the_rules():
    graph = module_imports()
    for module, found in graph.items():
        if module.startswith("companion.rules"):
            assert all(f.startswith("companion.rules") for f in found), (module, found)
        if module.startswith("companion.render"):
            allowed = ("companion.rules", "companion.render")
            assert all(f.startswith(allowed) for f in found), (module, found)


def test_every_blueprint_is_named_as_its_module():
    from companion.web.pages import BLUEPRINTS

    named = {bp.name: bp.import_name.rsplit(".", 1)[-1] for bp in BLUEPRINTS}
    assert all(name == module for name, module in named.items()), named
