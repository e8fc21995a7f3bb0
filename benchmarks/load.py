"""Many tables at once against ``companion serve``, played as phones are used: N tables ×
4 phones, each phone holding its table page's live-update stream open. Every 10–30 s a
table, the phone whose turn it is claims a route or draws cards, its form sent as its
page sends it and answered in place (its note); every phone of the table, the acting one
too, hears the change, its page's new ``main`` brought by its stream (a live update).
Each phone also opens the board about every 4 minutes and the score sheet about every 8
(sending the validator of the copy it has, as a browser does). Each phone has an address
of its own (127.1.x.y), as the server's limits per device see phones. Bounded in time;
prints p50 / p99 / slowest per kind of request, and every error:

- write: a claim or a draw, sent to answered;
- page: the acting phone's page, its form sent to the page showing its move (brought by
  its stream; or a page whose stream could not bring it, fetched);
- update: a write sent, to each of its table's phones having a page that shows it;
- board, sheet: a phone's board or score sheet, asked for to answered (and how many were
  answered "not modified");

and the figure that travels between machines: **the server's CPU milliseconds per
move** (the processor time of all its processes over the run ÷ the writes answered),
and PostgreSQL's beside it.

Run:
    python benchmarks/load.py                              # 100 tables on SQLite, 60 s
    python benchmarks/load.py --database postgresql        # on the machine's PostgreSQL
    python benchmarks/load.py --tables 400 --database postgresql
    python benchmarks/load.py --tables 400 --database postgresql --hosts 2   # two hosts

The server runs with ``companion serve``'s defaults (a worker for each core, 10,000
connections each) unless told otherwise. Only 127.0.0.1 is used: the server is started
here, on a fresh database (a SQLite file in a temporary folder, or a PostgreSQL schema of
its own, dropped at the end).
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import secrets
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.phones import Answer, Phone, start_server, stream_events  # noqa: E402
from companion.rules.map_file import load_board  # noqa: E402

SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
NAMES = ("Ann", "Bob", "Cy", "Di")
CLAIMS = 0.4  # the share of turns that claim a route (the others draw cards)
BOARD_EVERY = 240.0  # seconds between a phone's looks at the board, on average
SHEET_EVERY = 480.0  # and at the score sheet
STREAM = re.compile(r'sse-connect="([^"]+)"')
SINCE = re.compile(r"since=(\d+)")
SHOWS = re.compile(r'<main data-version="(\d+)"')
NOTE = re.compile(r'class="note"[^>]*data-version="(\d+)"')
IN_PLACE = "X-In-Place"  # the page a form is sent from, answered in place (in_place.py)
WRITES = ("claim", "draw")
KINDS = ("write", *(f"  {w}" for w in WRITES), "page", "update", "board", "sheet")


class Figures:
    """Seconds per kind of request, and what went wrong."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.not_modified: dict[str, int] = defaultdict(int)
        self.cpu: dict[str, float] = defaultdict(float)  # the worker's computing, by kind
        self.errors: list[str] = []
        self.refused = 0
        self.writes = 0

    def took(self, kind: str, seconds: float, answer: Answer | None = None) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if answer is not None and answer.status == 304:
                self.not_modified[kind] += 1
            cpu = answer.server_seconds("cpu") if answer is not None else None
            self.cpu[kind] += cpu or 0.0

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def figures(self, kind: str) -> list[float]:
        """The seconds of one kind, or of every write (``write``)."""
        name = kind.strip()
        if name == "write":
            return [t for w in WRITES for t in self.times.get(w, [])]
        return self.times.get(name, [])

    def report(self) -> str:
        """A line per kind: how many, p50, p99, slowest, and the worker's computing for
        that kind per move (its ``Server-Timing``: under load a worker computes for its
        other connections while a request waits, so these shares overlap and overstate)."""
        lines = [
            f"{'kind':10} {'count':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
            f" {'cpu ms/move':>11}"
        ]
        for kind in KINDS:
            found = sorted(self.figures(kind))
            line = f"{kind:10} {len(found):>7}"
            if found:
                line += " " + " ".join(f"{f * 1000:>8.1f}" for f in (*quantiles(found), found[-1]))
                names = WRITES if kind == "write" else (kind.strip(),)
                cpu = sum(self.cpu.get(n, 0.0) for n in names)
                if cpu and self.writes:
                    line += f" {cpu * 1000 / self.writes:>11.1f}"
            if self.not_modified.get(kind.strip()):
                line += f"  ({self.not_modified[kind.strip()]} not modified)"
            lines.append(line)
        lines.append(f"claims refused by the referee (route taken): {self.refused}")
        lines.append(f"errors: {len(self.errors)}")
        lines.extend(f"  {e}" for e in self.errors[:20])
        return "\n".join(lines)


def quantiles(ordered: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile of sorted figures."""
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def p99(figures: Sequence[float]) -> float:
    return quantiles(sorted(figures))[1] if figures else 0.0


class Stream:
    """A page's live-update stream on a connection of its own: ``heard(version)`` for
    each change, until it is closed or the server ends it."""

    def __init__(
        self,
        phone: Phone,
        path: str,
        heard: Callable[[int], None],
        figures: Figures,
        pushed: Callable[[int, str], None] | None = None,
    ) -> None:
        self.closed = threading.Event()
        self._socket: socket.socket | None = None
        ready = threading.Event()

        def run() -> None:
            connection = phone.connection(timeout=120)
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                self._socket = connection.sock
                ready.set()
                if response.status != 200:
                    figures.error(f"stream: {response.status}")
                    return
                for event, ident, data in stream_events(response):
                    if self.closed.is_set():
                        break
                    if event == "changed":
                        heard(int(data))
                    elif event == "page" and pushed is not None:
                        pushed(int(ident), data)
            except OSError as error:
                if not self.closed.is_set():
                    figures.error(f"stream: {error!r}")
            finally:
                ready.set()
                connection.close()

        threading.Thread(target=run, daemon=True).start()
        ready.wait(10)

    def close(self) -> None:
        """Hangs up, as a page that unloads does."""
        self.closed.set()
        sock = self._socket
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class Seat:
    """One phone at a table: its table page (and the stream that page holds), and what it
    has of the board and the sheet."""

    def __init__(self, table: Table, number: int, source: str, base: str) -> None:
        self.table, self.number = table, number
        self.cookies: dict[str, str] = {}
        self.page = Phone(base, cookies=self.cookies, source=source)  # its table page
        self.other = Phone(base, cookies=self.cookies, source=source)  # board, sheet
        self.token = self.page.token(table.game)
        self.stream: Stream | None = None
        self.shown = 0  # the version its page shows
        self.awaited: tuple[int, float] | None = None  # its own move's version, and when sent
        self.validators: dict[str, str] = {}
        self.lock = threading.Lock()

    def open_page(self, answer: Answer) -> None:
        """The page ``answer`` brought, loaded: its stream opened from its version."""
        found = STREAM.search(answer.body)
        if found is None:
            self.table.figures.error(f"page without a stream: {answer.status}")
            return
        address = html.unescape(found[1])
        since = SINCE.search(address)
        self.shown = max(self.shown, int(since[1]) if since else 0)
        if self.stream is not None:
            self.stream.close()
        self.stream = Stream(self.page, address, self.heard, self.table.figures, self.pushed)

    def heard(self, version: int) -> None:
        """A change heard on the stream: the page fetches itself."""
        if version <= self.shown:
            return
        with self.lock:
            try:
                answer = self.page.live_update(self.table.game)
            except Exception as error:  # counted, and the phone goes on listening
                self.table.figures.error(f"page: {error!r}")
                return
            if answer.status != 200:
                self.table.figures.error(f"page: {answer.status}")
                return
            self.table.figures.took("page", answer.seconds, answer)
            since = SINCE.search(answer.body)
            self.table.showed(self, int(since[1]) if since else version)

    def pushed(self, version: int, main: str) -> None:
        """The page's new ``main`` brought by the stream: shown."""
        if version <= self.shown:
            return
        shows = SHOWS.search(main)
        if shows is None:
            self.table.figures.error("a page brought by the stream without its version")
            return
        self.table.showed(self, int(shows[1]))

    def look(self, kind: str) -> None:
        """Opens the board or the sheet, with the validator of the copy it has."""
        path = f"{self.table.game}/{kind}"
        more = {"If-None-Match": self.validators[kind]} if kind in self.validators else None
        try:
            answer = self.other.request("GET", path, more=more)
        except Exception as error:  # counted, and the phone goes on
            self.table.figures.error(f"{kind}: {error!r}")
            return
        if answer.status not in (200, 304):
            self.table.figures.error(f"{kind}: {answer.status}")
            return
        if "ETag" in answer.headers:
            self.validators[kind] = answer.headers["ETag"]
        self.table.figures.took(kind, answer.seconds, answer)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.page.close()
        self.other.close()


class Table:
    """One table: a game, its four phones each with its page open, the player whose turn
    it is acting now and then, every phone looking at the board and the sheet."""

    def __init__(
        self,
        base: str | Sequence[str],
        figures: Figures,
        routes: list[int],
        rng: random.Random,
        number: int,
        stop: threading.Event,
        game: str | None = None,
        players: Sequence[str] = NAMES,
        answered: Callable[[], None] | None = None,
    ) -> None:
        # The hosts its phones reach (one; or several, a phone on each in turn, as a proxy
        # in front of them would spread them).
        hosts = [base] if isinstance(base, str) else list(base)
        self.figures, self.rng, self.stop = figures, rng, stop
        self.routes = routes[:]
        rng.shuffle(self.routes)
        self.players = list(players)
        self.game = game or Phone(hosts[0], source=phone_address(number, 0)).new_game(
            "usa", *self.players
        )
        self.seats = [
            Seat(self, i, phone_address(number, i), hosts[(number + i) % len(hosts)])
            for i in range(len(players))
        ]
        self.turns = 0
        self.sent: dict[int, float] = {}  # when the write that made each version was sent
        self.lock = threading.Lock()
        self.answered = answered  # told of each write answered

    def open(self) -> None:
        """Every phone loads the table page (and opens its stream)."""
        for seat in self.seats:
            seat.open_page(seat.page.get(self.game))

    def showed(self, seat: Seat, version: int) -> None:
        """``seat``'s page now shows ``version``: each write it had not shown, done (and
        the acting phone's own move, its page)."""
        now = time.monotonic()
        with self.lock:
            for v in range(seat.shown + 1, version + 1):
                if v in self.sent:
                    self.figures.took("update", now - self.sent[v])
            seat.shown = max(seat.shown, version)
            if seat.awaited is not None and seat.awaited[0] <= version:
                self.figures.took("page", now - seat.awaited[1])
                seat.awaited = None

    def act(self) -> None:
        """A turn: the phone whose turn it is claims a route or draws cards, its form
        answered in place."""
        seat = self.seats[self.turns % len(self.seats)]
        form: dict[str, object] = {
            "csrf_token": seat.token,
            "token": secrets.token_urlsafe(9),
            "player": self.players[seat.number],
        }
        if self.routes and self.rng.random() < CLAIMS:
            kind, path, form["route"] = "claim", "claim", self.routes.pop()
        else:
            kind, path, form["drew"] = "draw", "turn", "cards"
        self._send(seat, kind, path, form)

    def _send(self, seat: Seat, kind: str, path: str, form: dict[str, object]) -> None:
        """The form sent as the page sends it, answered in place (its note); the page's
        new ``main`` comes by its stream, as every phone's does."""
        sent = time.monotonic()
        with self.lock:  # the version it will make: the table's writes are one at a time
            version = max(self.sent, default=seat.shown) + 1
            self.sent[version] = sent
            seat.awaited = (version, sent)
        try:
            answer = seat.page.post(f"{self.game}/{path}", form, more={IN_PLACE: self.game})
        except Exception as error:  # counted, and the table goes on
            self.figures.error(f"{kind}: {error!r}")
            self._unsent(seat, version)
            return
        if answer.status == 409 and kind == "claim":
            with self.figures.lock:
                self.figures.refused += 1
            self._unsent(seat, version)
            return
        noted = NOTE.search(answer.body)
        if answer.status != 200 or noted is None or int(noted[1]) != version:
            self.figures.error(f"{kind}: {answer.status} {answer.body[:120]!r}")
            self._unsent(seat, version)
            return
        self.figures.took(kind, answer.seconds, answer)
        if self.answered is not None:
            self.answered()
        with self.lock:
            self.figures.writes += 1
            self.turns += 1

    def _unsent(self, seat: Seat, version: int) -> None:
        """A write that made no version."""
        with self.lock:
            self.sent.pop(version, None)
            seat.awaited = None

    def play(self, every: float) -> None:
        """Turns every ``every`` seconds or so (half to one and a half of it)."""
        self.stop.wait(self.rng.uniform(0, every))  # tables don't all start at once
        while not self.stop.is_set():
            self.act()
            self.stop.wait(self.rng.uniform(0.5 * every, 1.5 * every))

    def browse(self) -> None:
        """Each phone opens the board every ``BOARD_EVERY`` seconds or so, and the sheet
        every ``SHEET_EVERY``: at random moments, as people glance."""
        due = []
        for seat in self.seats:
            due.append((self.rng.uniform(0, BOARD_EVERY), "board", seat))
            due.append((self.rng.uniform(0, SHEET_EVERY), "sheet", seat))
        started = time.monotonic()
        while not self.stop.is_set():
            due.sort(key=lambda d: d[0])
            when, kind, seat = due.pop(0)
            if self.stop.wait(max(0.0, started + when - time.monotonic())):
                return
            seat.look(kind)
            every = BOARD_EVERY if kind == "board" else SHEET_EVERY
            due.append((when + self.rng.uniform(0.5 * every, 1.5 * every), kind, seat))

    def missed(self) -> int:
        """Writes some phone of the table never showed."""
        last = max(self.sent, default=0)
        return sum(1 for seat in self.seats for v in self.sent if v > seat.shown and v <= last)

    def close(self) -> None:
        for seat in self.seats:
            seat.close()


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


class Meter:
    """The processor time the server's processes (one process group each), PostgreSQL and
    this harness use from ``start()`` to ``stop()``, and the seconds between."""

    def __init__(self, groups: Sequence[int]) -> None:
        self.groups = groups

    def _read(self) -> tuple[float, float, float, float]:
        server = sum(cpu_of(group=g) for g in self.groups)
        return time.monotonic(), server, cpu_of(name="postgres"), time.process_time()

    def start(self) -> None:
        self.began = self._read()

    def stop(self) -> None:
        self.ended = self._read()

    @property
    def seconds(self) -> float:
        return self.ended[0] - self.began[0]

    def used(self, which: int) -> float:
        """Processor seconds used: 1 the server, 2 PostgreSQL, 3 the harness."""
        return self.ended[which] - self.began[which]

    def summary(self, moves: int) -> str:
        cores = os.cpu_count()
        ran = self.seconds
        server, database, harness = (self.used(i) for i in (1, 2, 3))
        per_move = f"{server * 1000 / moves:.1f}" if moves else "-"
        database_move = f"{database * 1000 / moves:.1f}" if moves else "-"
        return (
            f"the server's CPU per move: {per_move} ms (PostgreSQL's {database_move} ms),"
            f" {moves} moves; the server used {server / ran:.2f} of {cores} cores, the"
            f" harness {harness / ran:.2f}, PostgreSQL {database / ran:.2f}; load average"
            " (1, 5, 15 min) at the end: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
        )


def play_tables(
    tables: Sequence[Table], seconds: float, every: float, stop: threading.Event
) -> None:
    """Plays the tables for ``seconds`` (a turn every ``every`` s or so a table, each
    phone looking at the board and the sheet), then waits a little for the last
    updates."""
    threads = [threading.Thread(target=t.play, args=(every,), daemon=True) for t in tables]
    threads += [threading.Thread(target=t.browse, daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    stop.wait(seconds)
    stop.set()
    for thread in threads:
        thread.join(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=20.0, help="seconds between turns")
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--hosts",
        type=int,
        default=1,
        help="companion serve hosts on one database (PostgreSQL), a table's phones spread",
    )
    parser.add_argument("--workers", type=int, help="companion serve's own default if not given")
    parser.add_argument(
        "--connections", type=int, help="companion serve's own default if not given"
    )
    options = parser.parse_args()

    short = [r.id for r in load_board("usa").routes if r.length <= 3]
    figures = Figures()
    stop = threading.Event()
    if options.hosts > 1 and options.database != "postgresql":
        parser.error("several hosts share a PostgreSQL database: --database postgresql")
    with tempfile.TemporaryDirectory() as folder:
        database, schema = fresh_database(options.database, Path(folder))
        servers, bases = [], []
        for number in range(options.hosts):
            instance = Path(folder) / f"host{number}"
            instance.mkdir()
            server, base = start_server(
                database,
                instance,
                workers=options.workers,
                connections=options.connections,
                settings={"COMPANION_SECRET_KEY": "one key for every host of the run"},
            )
            servers.append(server)
            bases.append(base)
        tables: list[Table] = []
        meter = Meter([server.pid for server in servers])
        try:
            rng = random.Random(1)
            for number in range(options.tables):
                table = Table(bases, figures, short, random.Random(rng.random()), number, stop)
                tables.append(table)
                table.open()
            time.sleep(2)  # every stream connected
            meter.start()
            play_tables(tables, options.seconds, options.every, stop)
            meter.stop()
            time.sleep(2)  # the last updates
            missed = sum(t.missed() for t in tables)
        finally:
            stop.set()
            for table in tables:
                table.close()
            for server in servers:
                server.terminate()
                server.wait(30)
            if schema:
                drop_schema(schema)
    hosts = f" {options.hosts} hosts, each" if options.hosts > 1 else ""
    print(
        f"{options.tables} tables × {len(NAMES)} phones on {options.database},{hosts}"
        f" {options.workers or 'default'} workers"
        f" × {options.connections or 'default'} connections ({os.cpu_count()} cores),"
        f" {meter.seconds:.0f} s: a turn every ~{options.every:.0f} s a table"
        f" ({CLAIMS:.0%} claims), each answered in place, the board every"
        f" ~{BOARD_EVERY / 60:.0f} min and the sheet every ~{SHEET_EVERY / 60:.0f} min a phone"
    )
    print(figures.report())
    print(f"updates a phone never showed: {missed}")
    print(meter.summary(figures.writes))
    return 1 if figures.errors or missed else 0


if __name__ == "__main__":
    sys.exit(main())
