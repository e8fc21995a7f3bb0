"""A flood from one address against ``companion serve``, and another table's phone
meanwhile: 2,000 idle live-update streams, 300 requests whose headers stop half-way and
300 whose body never comes, all from 127.0.0.1; each connection the server closes is
opened again at once, all together (as a crowd of scripts would). A table's phone at
127.0.0.2 asks for its page and records claims (each taken back with Undo) throughout,
each request on a new connection (a phone waking, the table's other phones).
Prints the page's and the claim's p50 and p99, and the requests that failed (no answer
within 10 s, or not the answer expected), before the flood and within it; how soon the
server closed the stalled headers and bodies; and the machine's load.

Run:
    python benchmarks/flood.py                          # on the machine's PostgreSQL
    python benchmarks/flood.py --database sqlite
    python benchmarks/flood.py --seconds 60             # the phone's time in the flood
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.crowd import p99  # noqa: E402
from benchmarks.phones import Phone  # noqa: E402

FLOOD = "127.0.0.1"
TABLE = "127.0.0.2"  # loopback too: the server hears another client
ROUTE = 0  # the route the table claims and takes back, again and again


@dataclass
class Flood:
    """The flood's connections: ``streams`` idle streams of ``game``, ``half`` requests
    stopped inside their headers, ``bodies`` requests whose body never comes; those the
    server closes are opened again together, every quarter of a second."""

    base: str
    game: str
    streams: int = 2000
    half: int = 300
    bodies: int = 300
    addresses: int = 1  # the flood's addresses: 127.0.0.1, then 127.0.1.1, 127.0.1.2, …
    opened: dict[str, list[socket.socket]] = field(default_factory=dict)
    reopened: dict[str, int] = field(default_factory=dict)
    first_closed: dict[str, float] = field(default_factory=dict)  # seconds after opening
    _stop: threading.Event = field(default_factory=threading.Event)
    _started: float = 0.0
    _made: int = 0

    def _source(self) -> str:
        self._made += 1
        n = self._made % self.addresses
        return FLOOD if n == 0 else f"127.0.1.{n}"

    def _connect(self, kind: str) -> socket.socket | None:
        parts = urlsplit(self.base)
        sends = {
            "streams": f"GET {self.game}/events HTTP/1.1\r\nHost: flood\r\n\r\n",
            "half": "GET / HTTP/1.1\r\nHost: flood\r\nX-Half: ",
            "bodies": (
                f"POST {self.game}/claim HTTP/1.1\r\nHost: flood\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                "Content-Length: 1000\r\n\r\nplayer="
            ),
        }
        try:
            sock = socket.create_connection(
                (parts.hostname, parts.port), timeout=5, source_address=(self._source(), 0)
            )
            sock.sendall(sends[kind].encode())
            sock.setblocking(False)  # looked at without waiting (``closed``)
        except OSError:
            return None
        return sock

    def open(self) -> None:
        self._started = time.monotonic()
        for kind, count in (("half", self.half), ("bodies", self.bodies)):
            self.opened[kind] = [s for s in (self._connect(kind) for _ in range(count)) if s]
        self.opened["streams"] = [
            s for s in (self._connect("streams") for _ in range(self.streams)) if s
        ]
        threading.Thread(target=self._reopen, daemon=True).start()

    @staticmethod
    def closed(sock: socket.socket) -> bool:
        """Whether the server closed the connection (an answer, if any, read first)."""
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    return True
        except BlockingIOError:
            return False
        except OSError:
            return True

    def _reopen(self) -> None:
        while not self._stop.wait(0.25):
            for kind in ("half", "bodies"):
                socks = self.opened[kind]
                gone = [s for s in socks if self.closed(s)]
                if not gone:
                    continue
                self.first_closed.setdefault(kind, time.monotonic() - self._started)
                for sock in gone:
                    sock.close()
                fresh = [s for s in (self._connect(kind) for _ in gone) if s]
                self.opened[kind] = [s for s in socks if s not in gone] + fresh
                self.reopened[kind] = self.reopened.get(kind, 0) + len(gone)

    def streams_open(self) -> int:
        return sum(not self.closed(s) for s in self.opened["streams"])

    def close(self) -> None:
        self._stop.set()
        for socks in self.opened.values():
            for sock in socks:
                sock.close()


@dataclass
class Timed:
    """Seconds each request took (answered as expected), and the failures."""

    seconds: list[float] = field(default_factory=list)
    failed: int = 0

    def line(self, what: str) -> str:
        ordered = sorted(self.seconds)
        if not ordered:
            return f"{what}: no answer, {self.failed} failed"
        return (
            f"{what}: p50 {statistics.median(ordered) * 1000:.0f} ms,"
            f" p99 {p99(ordered) * 1000:.0f} ms,"
            f" most {ordered[-1] * 1000:.0f} ms; {self.failed} failed of"
            f" {len(ordered) + self.failed}"
        )


@dataclass
class Table:
    """The other table's phone, its game, and the number its next claim will have."""

    phone: Phone
    game: str
    token: str = ""
    seq: int = 0


def play(table: Table, seconds: float) -> tuple[Timed, Timed]:
    """The table's phone for ``seconds``: its page, and every fifth time a claim and its
    Undo; the pages' and the claims' times."""
    phone, game = table.phone, table.game
    page, claims = Timed(), Timed()
    table.token = table.token or phone.token(game)
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        turn += 1
        phone.close()  # each request on a new connection, as another phone's would be
        _timed(page, lambda: phone.get(game), 200)
        if turn % 5 == 0:
            claim = {"csrf_token": table.token, "player": "Cy", "route": ROUTE}
            phone.close()
            if _timed(claims, lambda c=claim: phone.post(f"{game}/claim", c), 303):
                undo = {"csrf_token": table.token, "action": table.seq}
                table.seq += 1
                phone.close()
                _timed(claims, lambda u=undo: phone.post(f"{game}/undo", u), 303)
    return page, claims


def _timed(into: Timed, send, expected: int) -> bool:  # type: ignore[no-untyped-def]
    """One request on a connection of its own (a phone waking, another phone): its time."""
    started = time.perf_counter()
    try:
        answer = send()
    except OSError:
        into.failed += 1
        return False
    if answer.status != expected:
        into.failed += 1
        return False
    into.seconds.append(time.perf_counter() - started)
    return True


def run(base: str, seconds: float, flood_size: tuple[int, int, int, int]) -> list[str]:
    host = Phone(base, source=FLOOD)
    flooded = host.new_game("usa", "Ann", "Bob")
    phone = Phone(base, source=TABLE)
    table = Table(phone, phone.new_game("usa", "Cy", "Di"))
    play(table, 3)  # warmed
    alone = play(table, min(seconds, 20))
    flood = Flood(base, flooded, *flood_size)
    flood.open()
    try:
        within = play(table, seconds)
        streams = flood.streams_open()
    finally:
        flood.close()
        host.close()
        phone.close()
    return [
        alone[0].line("the table's page, alone"),
        alone[1].line("the table's claim or Undo, alone"),
        within[0].line("the table's page, in the flood"),
        within[1].line("the table's claim or Undo, in the flood"),
        f"the flood's streams still open at its end: {streams} of {flood_size[0]}",
        "stalled headers: first closed "
        + _after(flood.first_closed.get("half"))
        + f", {flood.reopened.get('half', 0)} closed and opened again",
        "stalled bodies: first closed "
        + _after(flood.first_closed.get("bodies"))
        + f", {flood.reopened.get('bodies', 0)} closed and opened again",
        "load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()),
    ]


def _after(seconds: float | None) -> str:
    return "never" if seconds is None else f"{seconds:.1f} s after opening"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--half", type=int, default=300)
    parser.add_argument("--bodies", type=int, default=300)
    parser.add_argument(
        "--addresses", type=int, default=1, help="the flood's addresses (127.0.0.1, 127.0.1.x)"
    )
    options = parser.parse_args()
    from benchmarks.load import serving

    with serving(options.database) as base:
        size = (options.streams, options.half, options.bodies, options.addresses)
        lines = run(base, options.seconds, size)
    print(
        f"{options.streams} idle streams, {options.half} stalled headers and {options.bodies}"
        f" stalled bodies from {options.addresses} address(es), opened again as closed;"
        " companion serve's"
        f" defaults on {options.database} ({os.cpu_count()} cores)"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
