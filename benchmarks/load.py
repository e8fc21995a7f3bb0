"""Many tables at once against ``companion serve``: N tables × 4 phones, every phone
connected for live updates (as an open page is), each table claiming a route every ~20 s,
and every phone fetching its page again when it hears of a change (as the page does, a
live update). Each phone has an address of its own (127.1.x.y), as the server's limits
per device see phones. Bounded in time; prints p50 / p99 / slowest per kind of request,
and every error.

- claim: a phone's claim, sent to answered (its redirect);
- page: a phone's table page, asked for to answered;
- update: another phone's claim sent, to this phone's page fetched again with it.

Beside a claim's and a page's times, the app's own share of them and what its worker
computed meanwhile (its ``Server-Timing`` header): the rest of the phone's wait was spent
in the server's queue and on the connection. The machine's load average is printed too.

Run:
    python benchmarks/load.py                              # 100 tables on SQLite, 60 s
    python benchmarks/load.py --database postgresql        # on the machine's PostgreSQL
    python benchmarks/load.py --tables 400 --database postgresql --workers 2

The server runs with ``companion serve``'s defaults (a worker for each core, 10,000
connections each) unless told otherwise.

Only 127.0.0.1 is used: the server is started here, on a fresh database (a SQLite file in
a temporary folder, or a PostgreSQL schema of its own, dropped at the end).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.phones import Answer, Phone, start_server  # noqa: E402
from companion.rules.board import load_board  # noqa: E402

SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
NAMES = ("Ann", "Bob", "Cy", "Di")


class Figures:
    """Seconds per kind of request, and what went wrong."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.server: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.refused = 0

    def took(self, kind: str, seconds: float, answer: Answer | None = None) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            app, cpu = (
                (answer.server_seconds(), answer.server_seconds("cpu")) if answer else (None, None)
            )
            if app is not None and cpu is not None:
                self.server[kind].append(app)
                self.cpu[kind].append(cpu)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def report(self, title: str) -> str:
        lines = [
            title,
            f"{'kind':8} {'count':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
            f" {'app p50':>8} {'app p99':>8} {'cpu p50':>8} {'cpu p99':>8}",
        ]
        for kind in ("claim", "page", "update"):
            found = sorted(self.times.get(kind, []))
            if not found:
                lines.append(f"{kind:8} {0:>7}")
                continue
            line = f"{kind:8} {len(found):>7} " + " ".join(
                f"{f * 1000:>8.1f}" for f in (*quantiles(found), found[-1])
            )
            app, cpu = sorted(self.server.get(kind, [])), sorted(self.cpu.get(kind, []))
            if app:
                line += " " + " ".join(
                    f"{f * 1000:>8.1f}" for f in (*quantiles(app), *quantiles(cpu))
                )
            lines.append(line)
        lines.append(f"claims refused by the referee (route taken): {self.refused}")
        lines.append(f"errors: {len(self.errors)}")
        lines.extend(f"  {e}" for e in self.errors[:20])
        return "\n".join(lines)


def quantiles(ordered: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile of sorted figures."""
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Table:
    """One table: a game, four phones listening, one of them claiming now and then."""

    def __init__(
        self, base: str, figures: Figures, routes: list[int], rng: random.Random, number: int
    ):
        self.base, self.figures, self.rng = base, figures, rng
        self.routes = routes[:]
        rng.shuffle(self.routes)
        self.phones = [Phone(base, source=phone_address(number, i)) for i in range(len(NAMES))]
        self.game = self.phones[0].new_game("usa", *NAMES)
        self.tokens = [p.token(self.game) for p in self.phones]
        self.sent = 0.0  # when the last claim was sent (time.monotonic())
        self.seen: set[int] = set()

    def listen(self, stop: threading.Event) -> None:
        for i in range(len(NAMES)):
            page = Phone(
                self.base, cookies=dict(self.phones[i].cookies), source=self.phones[i].source
            )

            def heard(version: int, when: float, page: Phone = page) -> None:
                if stop.is_set() or not self.sent:
                    return
                try:  # the table's own address, as the page fetches itself
                    answer = page.live_update(self.game)
                except Exception as error:  # counted, and the phone goes on listening
                    self.figures.error(f"page: {error!r}")
                    return
                if answer.status != 200:
                    self.figures.error(f"page: {answer.status}")
                    return
                self.figures.took("page", answer.seconds, answer)
                self.figures.took("update", time.monotonic() - self.sent)

            self.phones[i].listen(self.game, heard)

    def claim(self) -> None:
        turn = len(self.seen) % len(NAMES)
        phone, name = self.phones[turn], NAMES[turn]
        route = self.routes.pop()
        form = {
            "csrf_token": self.tokens[turn],
            "token": secrets.token_urlsafe(9),
            "player": name,
            "route": route,
        }
        self.sent = time.monotonic()
        try:
            answer = phone.post(f"{self.game}/claim", form)
        except Exception as error:  # counted, and the table goes on
            self.figures.error(f"claim: {error!r}")
            return
        if answer.status == 303:
            self.figures.took("claim", answer.seconds, answer)
            self.seen.add(route)
        elif answer.status == 409:
            with self.figures.lock:
                self.figures.refused += 1
        else:
            self.figures.error(f"claim: {answer.status} {answer.body[:120]!r}")

    def play(self, stop: threading.Event, every: float) -> None:
        stop.wait(self.rng.uniform(0, every))  # tables don't all claim at once
        while not stop.is_set() and self.routes:
            self.claim()
            stop.wait(self.rng.uniform(0.5 * every, 1.5 * every))

    def close(self) -> None:
        for phone in self.phones:
            phone.close()


def cpu_of(group: int | None = None, name: str | None = None) -> float:
    """Seconds of processor used so far by the processes of a process group, or by the
    processes of a name (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            head, tail = (entry / "stat").read_text().rsplit(")", 1)
        except OSError:
            continue  # gone meanwhile
        fields = tail.split()  # after the name: state, ppid, pgrp, ...
        if int(fields[2]) == group or head.split("(", 1)[1] == name:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def phone_address(table: int, seat: int) -> str:
    """A phone's own address, on the loopback network (127.0.0.0/8): each phone a device
    of its own, as the server's limits per address see them."""
    number = table * len(NAMES) + seat
    return f"127.1.{number // 250}.{number % 250 + 1}"


def fresh_database(kind: str, folder: Path) -> tuple[str, str | None]:
    """A new database for the run, and the PostgreSQL schema to drop after (if any)."""
    if kind == "sqlite":
        return str(folder / "load.sqlite"), None
    import psycopg

    schema = "load_" + secrets.token_hex(4)
    with psycopg.connect(SERVER, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {schema}")
    return f"{SERVER}?options=-csearch_path%3D{schema}", schema


def drop_schema(schema: str) -> None:
    """Drops a run's PostgreSQL schema (``fresh_database``)."""
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as db:
        db.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def serving(kind: str) -> Iterator[str]:
    """``companion serve`` with its defaults on a fresh database of ``kind``, in a folder
    of its own: its address; stopped, and its database dropped, after."""
    with tempfile.TemporaryDirectory() as folder:
        database, drop = fresh_database(kind, Path(folder))
        server, base = start_server(database, Path(folder), workers=None)
        try:
            yield base
        finally:
            server.terminate()
            server.wait(30)
            if drop:
                drop_schema(drop)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=20.0, help="seconds between claims")
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--workers", type=int, help="companion serve's own default if not given")
    parser.add_argument(
        "--connections", type=int, help="companion serve's own default if not given"
    )
    options = parser.parse_args()

    short = [r.id for r in load_board("usa").routes if r.length <= 3]
    figures = Figures()
    stop = threading.Event()
    with tempfile.TemporaryDirectory() as folder:
        database, schema = fresh_database(options.database, Path(folder))
        server, base = start_server(
            database, Path(folder), workers=options.workers, connections=options.connections
        )
        tables: list[Table] = []
        try:
            rng = random.Random(1)
            for _ in range(options.tables):
                tables.append(Table(base, figures, short, random.Random(rng.random()), len(tables)))
            for table in tables:
                table.listen(stop)
            time.sleep(2)  # every stream connected
            players = [
                threading.Thread(target=t.play, args=(stop, options.every), daemon=True)
                for t in tables
            ]
            started, own = time.monotonic(), time.process_time()
            cpu, database_cpu = cpu_of(group=server.pid), cpu_of(name="postgres")
            for player in players:
                player.start()
            stop.wait(options.seconds)
            stop.set()
            for player in players:
                player.join(10)
            ran = time.monotonic() - started
            server_cores = (cpu_of(group=server.pid) - cpu) / ran
            database_cores = (cpu_of(name="postgres") - database_cpu) / ran
            harness_cores = (time.process_time() - own) / ran
            load = os.getloadavg()
        finally:
            stop.set()
            for table in tables:
                table.close()
            server.terminate()
            server.wait(30)
            if schema:
                drop_schema(schema)
    print(
        figures.report(
            f"{options.tables} tables × {len(NAMES)} phones on {options.database}, "
            f"{options.workers or 'default'} workers"
            f" × {options.connections or 'default'} connections"
            f" ({os.cpu_count()} cores), {ran:.0f} s, "
            f"a claim every ~{options.every:.0f} s per table"
        )
    )
    print(
        f"the server used {server_cores:.2f} of {os.cpu_count()} cores over the run, the"
        f" harness {harness_cores:.2f}, PostgreSQL {database_cores:.2f};"
        " load average (1, 5, 15 min; it counts the harness's waiting threads) at its end: "
        + ", ".join(f"{x:.2f}" for x in load)
    )
    return 1 if figures.errors else 0


if __name__ == "__main__":
    sys.exit(main())
