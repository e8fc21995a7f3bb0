"""The suite's passes (``tests/passes.py``): side by side, the first to fail stops the
others, each says its time; the coverage floor only rises."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.passes import FLOOR, ROOT, Pass, passes, run


def _python(code: str) -> tuple[str, ...]:
    return (sys.executable, "-c", code)


def test_the_first_pass_to_fail_stops_the_others(tmp_path, capsys):
    said_pid = tmp_path / "pid"
    os.mkfifo(said_pid)  # the failing pass reads the other's pid once that one has started
    waiting = _python(
        f"import os, threading; open({str(said_pid)!r}, 'w').write(str(os.getpid()));"
        " threading.Event().wait()"  # waits for ever: only being stopped ends it
    )
    failing = _python(
        f"print('the other:', open({str(said_pid)!r}).read());"
        " print('what went wrong'); raise SystemExit(3)"
    )
    chosen = [Pass("waits", (waiting,), "never ends"), Pass("fails", (failing,), "fails")]
    assert run(chosen, side_by_side=True, coverage=False) == 1
    said = capsys.readouterr().out
    assert "FAILED  fails" in said and "what went wrong" in said  # its output, whole
    other = int(said.rsplit("the other:", 1)[1].split()[0])  # its line, after its command's
    with pytest.raises(ProcessLookupError):
        os.kill(other, 0)  # the other pass was stopped


def test_each_pass_says_its_time_and_runs_its_commands_in_order(tmp_path, capsys):
    said = tmp_path / "said"
    first = _python(f"open({str(said)!r}, 'a').write('one ')")
    second = _python(f"open({str(said)!r}, 'a').write('two')")
    chosen = [Pass("in order", (first, second), "two commands"), Pass("quick", (first,), "")]
    assert run(chosen, side_by_side=False, coverage=False) == 0
    out = capsys.readouterr().out
    assert said.read_text() == "one twoone "  # one pass after the other, in order
    assert "passed  in order" in out and "passed  quick" in out and "all passed in" in out


def test_every_test_runs_in_some_pass():
    """The passes' selections leave no test out: what the rules pass leaves (the web app,
    the browser, the load) each has a pass of its own."""
    names = [check.name for check in passes("postgresql://nowhere/x")]
    assert names == [
        "lint and types",
        "rules",
        "web on SQLite",
        "web on PostgreSQL",
        "coverage",
        "browser",
        "load",
    ]
    by_name = {check.name: " ".join(" ".join(c) for c in check.commands) for check in passes("")}
    assert "--ignore=tests/web --ignore=tests/e2e -m not load" in by_name["rules"]
    assert "tests/web -m not load" in by_name["web on SQLite"]
    assert by_name["browser"].endswith("tests/e2e")
    assert by_name["load"].endswith("-m load")
    assert "--cov=companion" not in " ".join(by_name[n] for n in by_name if n != "coverage")


def _floors_in_history() -> list[dict[str, float]]:
    """The coverage floor as each commit that changed it left it, oldest first."""
    log = subprocess.run(
        ["git", "log", "--format=%H", "--reverse", "--", str(FLOOR.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    kept = []
    for commit in log:
        shown = subprocess.run(
            ["git", "show", f"{commit}:{FLOOR.relative_to(ROOT)}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if shown.returncode == 0:
            kept.append(json.loads(shown.stdout))
    return kept


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="outside a git checkout")
def test_the_coverage_floor_only_rises():
    floors = [*_floors_in_history(), json.loads(FLOOR.read_text(encoding="utf-8"))]
    for older, newer in zip(floors, floors[1:], strict=False):
        fallen = {p: (older[p], newer[p]) for p in older if p in newer and newer[p] < older[p]}
        assert fallen == {}, f"a coverage floor fell: {fallen}"
    assert all(0 < floor <= 100 for floor in floors[-1].values())


def test_the_floor_names_only_packages_that_exist():
    floor = json.loads(FLOOR.read_text(encoding="utf-8"))
    assert floor, "a floor for each package"
    for package in floor:
        assert (ROOT / Path(*package.split("."))).is_dir(), package
