"""A phone at a table, as the server sees it: HTTP only (no browser), for the load and
fault harnesses and the tests that start ``companion serve``. Each phone keeps its own
cookies (its session and form tokens) and connections; ``Phone.listen`` follows a game's
live updates on a connection of its own, as an open page does."""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

SERVER_TIMING = re.compile(r"(\w+);dur=([0-9.]+)")
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str
    seconds: float

    def server_seconds(self, metric: str = "app") -> float | None:
        """The app's own time over the answer (``app``), or its thread's computing (``cpu``),
        as its ``Server-Timing`` header says (None if it doesn't)."""
        found = SERVER_TIMING.findall(self.headers.get("Server-Timing", ""))
        return next((float(ms) / 1000 for name, ms in found if name == metric), None)


@dataclass
class Phone:
    """A phone talking to the server at ``base`` (``http://127.0.0.1:PORT``)."""

    base: str
    timeout: float = 10.0  # seconds an answer may take (a benchmark's limit; tests wait longer)
    cookies: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # the phone's own address (a loopback one: 127.0.0.2, say)
    _connection: http.client.HTTPConnection | None = None

    def _connect(self) -> http.client.HTTPConnection:
        if self._connection is None:
            parts = urlsplit(self.base)
            self._connection = http.client.HTTPConnection(
                parts.hostname or "127.0.0.1",
                parts.port,
                timeout=self.timeout,
                source_address=(self.source, 0) if self.source else None,
            )
        return self._connection

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, object] | None = None,
        more: dict[str, str] | None = None,
    ) -> Answer:
        """One request on the phone's connection (opened again if the server closed it),
        with ``more`` headers."""
        body = urlencode(form or {}) if form is not None else None
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        headers.update(more or {})
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        for attempt in (1, 2):
            reused = self._connection is not None
            connection = self._connect()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A kept-alive connection the server had closed: sent again on a new one,
                # as a browser does (a form carries its one-time token: never recorded twice).
                self.close()
                if attempt == 2 or not reused:
                    raise
            except BaseException:
                self.close()  # never reused half-way through a request
                raise
        for value in response.headers.get_all("Set-Cookie") or ():
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return Answer(
            response.status, dict(response.headers.items()), text, time.perf_counter() - start
        )

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def live_update(self, path: str) -> Answer:
        """The page as an open page fetches itself after a change (htmx's request)."""
        return self.request("GET", path, more={"HX-Request": "true"})

    def post(
        self, path: str, form: dict[str, object], more: dict[str, str] | None = None
    ) -> Answer:
        return self.request("POST", path, form, more=more)

    def token(self, path: str = "/") -> str:
        """A form token from a page of the app (it starts the phone's session)."""
        found = CSRF.search(self.get(path).body)
        if not found:
            raise RuntimeError(f"no form token on {path}")
        return html.unescape(found[1])

    def new_game(self, map_id: str, *names: str) -> str:
        """Starts a game; its address (/g/…)."""
        form: dict[str, object] = {"csrf_token": self.token(), "map": map_id}
        colors = ["red", "blue", "green", "yellow", "black"]
        for i, color in enumerate(colors):
            form[f"seats-{i}-name"] = names[i] if i < len(names) else ""
            form[f"seats-{i}-color"] = color
        answer = self.post("/games", form)
        if answer.status != 303:
            raise RuntimeError(f"new game: {answer.status} {answer.body[:200]}")
        return urlsplit(answer.headers["Location"]).path

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def connection(self, timeout: float) -> http.client.HTTPConnection:
        """A connection of its own to the server, from the phone's own address (a page's
        live-update stream holds one)."""
        parts = urlsplit(self.base)
        return http.client.HTTPConnection(
            parts.hostname or "127.0.0.1",
            parts.port,
            timeout=timeout,
            source_address=(self.source, 0) if self.source else None,
        )

    def listen(self, game: str, heard: Callable[[int, float], None]) -> threading.Thread:
        """Follows the game's live updates on a connection of its own: ``heard(version,
        when)`` for each change (``when``: time.monotonic()), until the server ends it."""
        ready = threading.Event()

        def run() -> None:
            connection = self.connection(timeout=max(60, self.timeout))
            try:
                connection.request("GET", f"{game}/events")
                response = connection.getresponse()
                ready.set()
                for data in changes(response):
                    heard(int(data), time.monotonic())
            except OSError:
                return
            finally:
                ready.set()
                connection.close()

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        ready.wait(self.timeout)
        return thread


def stream_events(response: http.client.HTTPResponse) -> Iterator[tuple[str, str, str]]:
    """Each event of a live-update stream (its name, its id and its data, lines joined), as
    the stream sends them, until it ends."""
    event, ident, data = "", "", []
    while True:
        line = response.fp.readline()
        if not line:
            return
        text = line.decode().rstrip("\n")
        if text.startswith("event: "):
            event = text[7:]
        elif text.startswith("id: "):
            ident = text[4:]
        elif text.startswith("data: "):
            data.append(text[6:])
        elif not text:
            if event:
                yield event, ident, "\n".join(data)
            event, ident, data = "", "", []


def changes(response: http.client.HTTPResponse) -> Iterator[str]:
    """What each ``changed`` event of a live-update stream says (a game's version, an
    event's stamp), as the stream sends them, until it ends."""
    for event, _ident, data in stream_events(response):
        if event == "changed":
            yield data


def start_server(
    database: str,
    instance: Path,
    workers: int | None = 2,
    connections: int | None = None,
    port: int = 0,
    settings: dict[str, str] | None = None,
    patience: float = 30.0,
) -> tuple[subprocess.Popen[bytes], str]:
    """``companion serve`` on ``database`` in a process of its own (``workers`` and
    ``connections``: its own defaults when None; ``settings``: more of its environment, such
    as ``COMPANION_STREAMS_PER_CLIENT``); it and its address, once it answers (within
    ``patience`` seconds)."""
    port = port or free_port()
    environment = {
        **os.environ,
        "COMPANION_INSTANCE_PATH": str(instance),
        "DATABASE_URL": database,
        **(settings or {}),
    }
    command = [sys.executable, "-m", "companion.cli", "serve", "--port", str(port)]
    for option, value in (("--workers", workers), ("--connections", connections)):
        if value is not None:
            command += [option, str(value)]
    log = instance / "serve.log"
    with log.open("ab") as errors:  # the server's own messages, read if it fails to start
        server = subprocess.Popen(  # its own process group: killed whole, never with us
            command,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(log.read_text(encoding="utf-8", errors="replace"))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"companion serve did not answer within {patience:.0f} s")


def as_json(answer: Answer) -> object:
    return json.loads(answer.body)
