"""Every check of the project, as passes that run side by side: lint and types, the rules
(and all that is not the web app), the web app on SQLite, the web app on PostgreSQL, the
browser, and the load (servers started, many connections). Each pass is a command of its
own; the first to fail stops the others, and its output is shown whole. Each says its time
as it ends; at the end, the coverage of each package (``companion.rules``,
``companion.web``, ...) is printed against its floor (``tests/coverage_floor.json``),
which it may not fall below.

    python -m tests.passes                 # every pass, side by side
    python -m tests.passes rules web       # some passes (by the first word of their names)
    python -m tests.passes --one-at-a-time # one pass after another

PostgreSQL is the machine's (``COMPANION_TEST_DATABASE``, else 127.0.0.1:5432 as user
``postgres``); where none answers, its pass is left out with a line that says so, except
under CI (``CI`` set), where that fails."""

from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.patience import HANG

ROOT = Path(__file__).resolve().parents[1]
FLOOR = ROOT / "tests" / "coverage_floor.json"
POSTGRESQL = "postgresql://postgres@127.0.0.1:5432/companion_test"
PYTEST = (sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider")
NOT_WEB = ("--ignore=tests/web", "--ignore=tests/e2e")
# What a pass measures the coverage of: the code that runs in the tests' own processes.
COVERED = ("--cov=companion", "--cov-report=")


@dataclass(frozen=True)
class Pass:
    name: str
    commands: tuple[tuple[str, ...], ...]
    why: str
    environment: dict[str, str] = field(default_factory=dict)
    covered: bool = False  # its tests count towards the coverage
    workers: bool = True  # its tests spread over the machine's cores


def passes(postgresql: str) -> list[Pass]:
    return [
        Pass(
            "lint and types",
            (
                (sys.executable, "-m", "ruff", "check", "."),
                (sys.executable, "-m", "ruff", "format", "--check", "."),
                (sys.executable, "-m", "mypy"),
            ),
            "mistakes they catch never wait for the suite",
            workers=False,
        ),
        Pass(
            "rules",
            (PYTEST + NOT_WEB + ("-m", "not load"),),
            "the rules, the pictures, the photo reading, the command line, the package",
        ),
        Pass(
            "web on SQLite",
            (PYTEST + ("tests/web", "-m", "not load"),),
            "the web app on its embedded default",
        ),
        Pass(
            "web on PostgreSQL",
            (PYTEST + ("-m", "store and not load", "--ignore=tests/e2e"),),
            "every test whose app takes the suite's database, on the hosted one",
            environment={"COMPANION_TEST_DATABASE": postgresql},
        ),
        Pass(
            "coverage",
            (PYTEST + ("--ignore=tests/e2e", "-m", "not slow and not load"),),
            "what the quick tests run of each package, against its floor (the slow ones, long"
            " random games and fuzzing, run the same code again, and measured they would take"
            " 2.5 times as long)",
            covered=True,
        ),
        Pass(
            "browser",
            (PYTEST + ("tests/e2e",),),
            "headless Chromium at a phone's size drives the pages",
        ),
        Pass(
            "load",
            (PYTEST + ("-m", "load"),),
            "companion serve started, crowds of connections: behaviour, never speed",
            workers=False,
        ),
    ]


def postgresql_answers(url: str) -> bool:
    try:
        import psycopg
    except ImportError:
        return False
    server = url.rsplit("/", 1)[0] + "/postgres"
    try:
        with psycopg.connect(server, connect_timeout=int(HANG)):
            return True
    except psycopg.Error:
        return False


@dataclass
class Running:
    check: Pass
    log: Path
    commands: list[tuple[str, ...]]
    ended: queue.Queue[tuple[Running, int]]  # each command's end, as it ends: its status
    started: float = field(default_factory=time.monotonic)
    process: subprocess.Popen[bytes] | None = None

    def start_next(self, environment: dict[str, str]) -> bool:
        """Starts the pass's next command, which says its end in ``ended``: False when
        none is left."""
        if not self.commands:
            return False
        command = self.commands.pop(0)
        with self.log.open("ab") as log:
            log.write(f"$ {' '.join(command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own group: stopped whole
            )
        process = self.process
        threading.Thread(target=lambda: self.ended.put((self, process.wait())), daemon=True).start()
        return True

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(HANG)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def took(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes} min {seconds:02d} s" if minutes else f"{seconds} s"


def last_line(log: Path) -> str:
    lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip("= ") if lines else ""


def environment_of(check: Pass, workers: int, coverage: Path) -> dict[str, str]:
    environment = {**os.environ, **check.environment}
    environment["COVERAGE_FILE"] = str(coverage / f".coverage.{check.name.replace(' ', '-')}")
    return environment


def command_of(
    check: Pass, command: tuple[str, ...], workers: int, coverage: bool
) -> tuple[str, ...]:
    if command[:3] != PYTEST[:3]:
        return command
    more: tuple[str, ...] = ("-n", str(workers)) if check.workers and workers > 1 else ()
    if check.workers and workers <= 1:
        more = ("-p", "no:xdist")
    return command + more + (COVERED if coverage and check.covered else ())


def run(chosen: Sequence[Pass], side_by_side: bool, coverage: bool) -> int:
    folder = Path(tempfile.mkdtemp(prefix="companion-passes-"))
    workers = os.cpu_count() or 1
    waiting = list(chosen)
    running: list[Running] = []
    began = time.monotonic()
    ended: queue.Queue[tuple[Running, int]] = queue.Queue()
    failed: Running | None = None
    while (waiting or running) and failed is None:
        while waiting and (side_by_side or not running):
            check = waiting.pop(0)
            commands = [command_of(check, c, workers, coverage) for c in check.commands]
            log = folder / f"{check.name.replace(' ', '-')}.log"
            now = Running(check, log, commands, ended)
            now.start_next(environment_of(check, workers, folder))
            running.append(now)
        now, status = ended.get()  # the next command to end, whichever pass it is
        if status != 0:
            failed = now
        elif not now.start_next(environment_of(now.check, workers, folder)):
            running.remove(now)
            seconds = time.monotonic() - now.started
            print(f"passed  {now.check.name:<18} {took(seconds):>12}   {last_line(now.log)}")
            sys.stdout.flush()
    if failed is not None:
        for now in running:
            now.stop()
        print(f"FAILED  {failed.check.name} after {took(time.monotonic() - failed.started)}:\n")
        sys.stdout.write(failed.log.read_text(errors="replace"))
        return 1
    print(f"all passed in {took(time.monotonic() - began)}")
    if coverage and any(check.covered for check in chosen):
        return coverage_against_floor(folder)
    return 0


def coverage_against_floor(folder: Path) -> int:
    """Combines the passes' coverage and prints each package's against its floor: 1 if
    any is below it."""
    from coverage import Coverage

    data = [str(p) for p in folder.glob(".coverage.*")]
    if not data:
        return 0
    combined = Coverage(data_file=str(folder / ".coverage"))
    combined.combine(data)
    combined.save()
    by_package: dict[str, list[int]] = {}
    measured = combined.get_data()
    for name in measured.measured_files():
        path = Path(name)
        if not path.is_relative_to(ROOT / "companion"):
            continue
        analysis = combined.analysis2(name)
        statements, missing = len(analysis[1]), len(analysis[3])
        package = ".".join(path.parent.relative_to(ROOT).parts)
        counts = by_package.setdefault(package, [0, 0])
        counts[0] += statements
        counts[1] += statements - missing
    floor = json.loads(FLOOR.read_text(encoding="utf-8")) if FLOOR.exists() else {}
    below = []
    print(f"\n{'coverage':<24}{'lines':>8}{'run':>8}{'%':>8}{'floor':>8}")
    for package in sorted(by_package):
        statements, run_ = by_package[package]
        percent = 100 * run_ / statements if statements else 100.0
        least = floor.get(package)
        mark = ""
        if least is not None and percent < least:
            below.append(package)
            mark = "  below its floor"
        elif least is not None and percent >= least + 1:
            mark = f"  (its floor may rise to {int(percent)})"
        shown = f"{least:.0f}" if least is not None else "-"
        print(f"{package:<24}{statements:>8}{run_:>8}{percent:>8.1f}{shown:>8}{mark}")
    if below:
        print(f"coverage fell below its floor in {', '.join(below)}")
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.passes", description=__doc__)
    parser.add_argument("only", nargs="*", help="the passes to run (their names' first words)")
    parser.add_argument("--one-at-a-time", action="store_true")
    parser.add_argument("--no-coverage", action="store_true")
    options = parser.parse_args(argv)
    postgresql = os.environ.get("COMPANION_TEST_DATABASE", POSTGRESQL)
    chosen = [
        check
        for check in passes(postgresql)
        if not options.only or check.name.split()[0] in options.only
    ]
    if any(check.name == "web on PostgreSQL" for check in chosen) and not postgresql_answers(
        postgresql
    ):
        if os.environ.get("CI"):
            print(f"no PostgreSQL answers at {postgresql}: CI runs every pass")
            return 1
        print(f"left out: web on PostgreSQL (no PostgreSQL answers at {postgresql})")
        chosen = [check for check in chosen if check.name != "web on PostgreSQL"]
    return run(chosen, not options.one_at_a_time, not options.no_coverage)


if __name__ == "__main__":
    sys.exit(main())
