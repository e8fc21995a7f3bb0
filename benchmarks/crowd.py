"""One client opening a crowd of connections against ``companion serve``, and another
table's pages meanwhile: 2,000 idle live-update streams and 500 connections that send
their request headers a byte a second (slowloris), all from 127.0.0.1, while a table's
phone at 127.0.0.2 asks for its page again and again. Prints the page's p50 and p99
before the crowd and within it, what became of the crowd's connections, and the
machine's load.

Run:
    python benchmarks/crowd.py                        # on SQLite
    python benchmarks/crowd.py --database postgresql  # on the machine's PostgreSQL
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

from benchmarks.phones import Phone  # noqa: E402

CROWD = "127.0.0.1"  # the crowd's address
TABLE = "127.0.0.2"  # the other table's phones (loopback too: the server hears another client)


@dataclass
class Crowd:
    """``streams`` idle live-update streams of ``game`` and ``slow`` connections that send
    their headers a byte a second, all from ``source``."""

    base: str
    game: str
    streams: int = 2000
    slow: int = 500
    source: str = CROWD
    stream_sockets: list[socket.socket] = field(default_factory=list)
    slow_sockets: list[socket.socket] = field(default_factory=list)
    patience: float = 30.0  # seconds a connection may take to open
    opened_at: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)

    def _connect(self) -> socket.socket | None:
        parts = urlsplit(self.base)
        try:
            return socket.create_connection(
                (parts.hostname, parts.port),
                timeout=self.patience,
                source_address=(self.source, 0),
            )
        except OSError:
            return None

    def open(self) -> None:
        request = f"GET {self.game}/events HTTP/1.1\r\nHost: crowd\r\n\r\n".encode()
        for _ in range(self.slow):
            sock = self._connect()
            if sock is not None:
                try:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: crowd\r\nX-Slow: ")
                except OSError:
                    pass
                self.slow_sockets.append(sock)
        for _ in range(self.streams):
            sock = self._connect()
            if sock is not None:
                try:
                    sock.sendall(request)  # and never read: an idle page
                except OSError:
                    pass
                self.stream_sockets.append(sock)
        self.opened_at = time.monotonic()
        threading.Thread(target=self._trickle, daemon=True).start()

    def _trickle(self) -> None:
        while not self._stop.wait(1.0):
            for sock in self.slow_sockets:
                try:
                    sock.send(b"a")
                except OSError:
                    pass

    @staticmethod
    def _state(sock: socket.socket) -> str:
        """What the server has done with a connection: "answered 200", "answered 429",
        "closed" (with no answer), or "open" (nothing yet)."""
        try:
            head = sock.recv(64, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            return "open"
        except OSError:
            return "closed"
        if not head:
            return "closed"
        return "answered " + head.split(b" ")[1].decode() if head.startswith(b"HTTP/") else "?"

    def census(self) -> dict[str, dict[str, int]]:
        """How many of each kind of connection are in each state."""
        counts: dict[str, dict[str, int]] = {}
        for kind, socks in (("streams", self.stream_sockets), ("slow", self.slow_sockets)):
            tally: dict[str, int] = {}
            for sock in socks:
                state = self._state(sock)
                tally[state] = tally.get(state, 0) + 1
            counts[kind] = tally
        return counts

    def close(self) -> None:
        self._stop.set()
        for sock in self.stream_sockets + self.slow_sockets:
            sock.close()


def pages(phone: Phone, game: str, times: int) -> list[float]:
    """Seconds each of ``times`` fetches of the game's page took (every one must be 200)."""
    took = []
    for _ in range(times):
        answer = phone.get(game)
        if answer.status != 200:
            raise RuntimeError(f"the other table's page: {answer.status}")
        took.append(answer.seconds)
    return sorted(took)


def p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@dataclass
class Figures:
    before: list[float]
    within: list[float]
    census: dict[str, dict[str, int]]
    slow_closed_after: float | None  # seconds from opening until every slow one was closed
    heard_claim: bool
    load: tuple[float, float, float]

    def report(self) -> str:
        def ms(ordered: list[float]) -> str:
            median = statistics.median(ordered)
            return f"p50 {median * 1000:.1f} ms, p99 {p99(ordered) * 1000:.1f} ms"

        lines = [
            f"the other table's page, alone: {ms(self.before)} ({len(self.before)} pages)",
            f"the other table's page, in the crowd: {ms(self.within)} ({len(self.within)} pages)",
            f"the crowd's streams: {self.census['streams']}",
            f"the crowd's slow headers: {self.census['slow']}, all closed"
            + (
                f" {self.slow_closed_after:.1f} s after opening"
                if self.slow_closed_after is not None
                else " - not within the wait"
            ),
            f"the other table's stream heard its claim: {self.heard_claim}",
            "load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in self.load),
        ]
        return "\n".join(lines)


def run(
    base: str,
    streams: int = 2000,
    slow: int = 500,
    pages_each: int = 300,
    patience: float = 30.0,
) -> Figures:
    """The crowd against ``base``, and another table's phone measured before and within.
    Whatever the server must do (answer or close each connection of the crowd, bring the
    claim to the table's stream) is waited for, ``patience`` seconds at most."""
    host = Phone(base, timeout=max(10.0, patience), source=CROWD)
    crowded = host.new_game("usa", "Ann", "Bob")
    phone = Phone(base, timeout=max(10.0, patience), source=TABLE)
    game = phone.new_game("usa", "Cy", "Di")
    token = phone.token(game)
    pages(phone, game, 20)  # warmed
    before = pages(phone, game, pages_each)
    crowd = Crowd(base, crowded, streams, slow, patience=patience)
    try:
        crowd.open()
        heard: list[int] = []
        listener = Phone(base, timeout=max(10.0, patience), source=TABLE)
        listener.listen(game, lambda version, when: heard.append(version))
        within = pages(phone, game, pages_each)
        answer = phone.post(f"{game}/claim", {"csrf_token": token, "player": "Cy", "route": 0})
        if answer.status != 303:
            raise RuntimeError(f"the other table's claim: {answer.status}")
        closed_after = None
        deadline = time.monotonic() + patience
        while time.monotonic() < deadline:
            if closed_after is None and all(
                Crowd._state(sock) != "open" for sock in crowd.slow_sockets
            ):
                closed_after = time.monotonic() - crowd.opened_at
            streams_open = crowd.census()["streams"].get("open", 0)
            if closed_after is not None and not streams_open and heard and heard[-1] >= 1:
                break
            time.sleep(0.1)
        census = crowd.census()
        listener.close()
    finally:
        crowd.close()
        phone.close()
        host.close()
    return Figures(
        before, within, census, closed_after, bool(heard and heard[-1] >= 1), os.getloadavg()
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--slow", type=int, default=500)
    options = parser.parse_args()
    from benchmarks.load import serving

    with serving(options.database) as base:
        figures = run(base, options.streams, options.slow)
    print(
        f"{options.streams} idle streams and {options.slow} slow headers from one address,"
        f" companion serve's defaults on {options.database} ({os.cpu_count()} cores)"
    )
    print(figures.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
