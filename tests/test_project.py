"""The project's own promises: CI runs the README's test command; the code map of
docs/architecture.md names every module."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    test_command = readme[3].strip()
    assert "python -m tests.passes" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_readme_starts_with_the_app_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert "companion run" in readme[2]


def test_from_the_checkout_the_app_keeps_its_data_in_the_top_level_instance_folder(
    monkeypatch, tmp_path
):
    from companion.web import create_app

    monkeypatch.delenv("COMPANION_INSTANCE_PATH", raising=False)
    app = create_app({"SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite")})
    assert Path(app.instance_path) == ROOT / "instance"


def test_the_instance_folder_can_be_put_elsewhere(monkeypatch, tmp_path):
    from companion.web import create_app

    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path / "from-env"))
    app = create_app()
    assert app.instance_path == str(tmp_path / "from-env")
    assert app.config["DATABASE"] == str(tmp_path / "from-env" / "companion.sqlite")
    assert (tmp_path / "from-env" / "secret_key").is_file()

    monkeypatch.chdir(tmp_path)
    given = create_app({"SECRET_KEY": "t"}, instance_path="given")  # the argument wins
    assert given.instance_path == str(tmp_path / "given")


def test_every_package_of_companion_is_built_into_the_wheel():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "companion").rglob("__init__.py")
    }
    assert found <= listed


def test_the_readmes_code_map_names_every_module():
    """The code map is docs/architecture.md's "The code" (the README links it)."""
    docs = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    code_map = docs[docs.index("\n## The code\n") : docs.index("\n## A request")]
    modules = [p for p in (ROOT / "companion").rglob("*.py") if p.name != "__init__.py"]
    assert len(modules) > 60
    named = {Path(word).name for word in re.findall(r"`([^`]+\.py)`", code_map)}
    missing = [str(p.relative_to(ROOT)) for p in modules if p.name not in named]
    assert missing == [], f"the code map of docs/architecture.md does not name {missing}"


def test_the_app_factory_is_found_by_flask(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path))
    import companion

    assert companion.create_app().name == "companion.web"
