"""The project's own promises: CI runs the README's test command."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    test_command = readme[3].strip()
    assert "pytest" in test_command
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_readme_starts_with_the_app_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert "companion run" in readme[2]
