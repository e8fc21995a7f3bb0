"""The modules import one another one way only: no cycle, even through an import made
inside a function or only for type checking."""

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
    assert {"companion.rules.game", "companion.web.table"} <= graph.keys()
    assert cycles(graph) == []
