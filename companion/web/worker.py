"""The worker of ``companion serve``: gunicorn's gevent worker, where a connection costs a
greenlet (some kilobytes), not a thread, so that every open phone's live updates, and any
client slow to send its request, cost memory rather than the other tables' turn.

What it adds to gunicorn's:

- one client address holds at most ``CONNECTIONS_PER_CLIENT`` connections in a worker at
  once (the ``COMPANION_CONNECTIONS_PER_CLIENT`` setting; 600 unless set: a club's shared
  Wi-Fi with 50 tables of 4 phones, each with a page following its game and another
  asking for pages); one more is closed as it comes. Behind a reverse proxy (``PROXIES``
  set) every connection comes from the proxy, so there is no such cap: the proxy's own
  limits hold (the streams' cap per device still holds, on the address it forwards);
- a request's headers must all arrive within ``HEADERS_WITHIN`` seconds of the
  connection's last answer (or of its opening), and its body within ``BODY_WITHIN``
  seconds more and a second for each ``BODY_RATE`` bytes it says it has (sent in chunks:
  as many as its page takes at most, ``uploads.most_body``): the body is read whole before
  the app sees the request (kept on disk past ``SPOOL`` bytes), so that no request waits
  on a client that stopped sending; one late or cut short is closed unanswered, and one
  larger than its page takes is left for the app to refuse unread;
- an IPv6 client counts by its /64 (``holds.client_of``), which one device may use whole;
- a worker told to stop (SIGTERM) ends its live streams at once: their pages connect
  again elsewhere, and the stop is not held up for the graceful timeout.

The process is monkey-patched by gevent (``patch``) before anything that keeps a lock or
a connection is imported, so that threads, locks, sockets and PostgreSQL's waits all
yield to the other connections rather than hold the worker.
"""

from __future__ import annotations

import atexit
import io
import logging
import os
import tempfile
from typing import Any

import gevent
from flask import Flask
from gunicorn.http.body import Body, LengthReader
from gunicorn.workers.ggevent import GeventWorker

from companion.photo.limits import MAX_BYTES
from companion.web.holds import Holds, client_of
from companion.web.uploads import most_body

CONNECTIONS_PER_CLIENT = 600  # connections one client address may hold in a worker
HEADERS_WITHIN = 10  # seconds for a request's headers to arrive (keep-alive included)
BODY_WITHIN = 10  # seconds for a request's body to arrive, and a second more for each…
BODY_RATE = 20_000  # …so many bytes it says it has (a phone on a poor network sends more)
BODY_MOST = MAX_BYTES + 2_000_000  # a body's most where the app sets none
SPOOL = 1_000_000  # a body larger than this waits for the app on disk, not in memory


def patch() -> None:
    """Makes this process's threads, locks, sockets and sleeps gevent's (at once, and
    again harmlessly in each worker)."""
    from gevent import monkey

    monkey.patch_all()


def most_per_client() -> int:
    """The cap on a client address's connections in a worker (at least 1)."""
    text = os.environ.get("COMPANION_CONNECTIONS_PER_CLIENT", "")
    return max(1, int(text)) if text.isdigit() else CONNECTIONS_PER_CLIENT


def _logging_ended() -> None:
    """Flushes the logs and forgets their handlers as the worker exits: otherwise each
    handler, collected as the interpreter ends, asks gevent's lock after gevent is gone
    and prints a traceback into the log (gevent's issue 2148)."""
    logging.shutdown()
    logging._handlerList.clear()  # type: ignore[attr-defined]


class Worker(GeventWorker):
    """gunicorn's gevent worker with a cap on each client address's connections, a time
    limit on headers, and its streams ended at once on SIGTERM."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections = Holds()
        self.most: int | None = most_per_client()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        if getattr(self.wsgi, "config", {}).get("PROXIES"):  # every connection the proxy's
            self.most = None

    def init_process(self) -> None:
        atexit.register(_logging_ended)
        super().init_process()

    def handle_exit(self, sig: int, frame: Any) -> None:
        from companion.web.changes import CHANGES

        gevent.spawn(CHANGES.close)  # a signal's handler must not wait: a greenlet does it
        super().handle_exit(sig, frame)

    def timeout_ctx(self) -> Any:
        """How long a request's headers may take to arrive (gunicorn asks for each one,
        the first included, before reading it)."""
        # False: the time running out ends the wait quietly (gevent's documented use; its
        # stubs type the argument as an exception only).
        return gevent.Timeout(HEADERS_WITHIN, False)  # type: ignore[arg-type]

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> bool:
        """The request answered once its body has come (``BODY_WITHIN``); a connection whose
        body is late, or cut short, is closed unanswered."""
        most = most_body(self.wsgi, req.method, req.path) if isinstance(self.wsgi, Flask) else 0
        kept = _body_in_time(req, sock, most or BODY_MOST)
        if kept is False:
            raise StopIteration  # gunicorn's way to close the connection
        try:
            return bool(super().handle_request(listener_name, req, sock, addr))
        finally:
            if kept is not True:
                # What the app left unread is in the file, not on the connection: nothing
                # for gunicorn to read past before the connection's next request.
                req.body = Body(io.BytesIO())  # type: ignore[arg-type]
                kept.close()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        if self.most is None:
            super().handle(listener, client, addr)
            return
        address = client_of(str(addr[0]) if isinstance(addr, tuple) else str(addr))
        if not self.connections.take(address, self.most):
            client.close()  # this address holds its most: the others' turn is kept
            return
        try:
            super().handle(listener, client, addr)
        finally:
            self.connections.give_back(address)


def _body_in_time(req: Any, sock: Any, most: int) -> Any:
    """Reads the request's body whole, within its time (``BODY_WITHIN``, ``BODY_RATE``),
    and hands it to the app from there (the file it is kept in, for the caller to close);
    True if there is nothing to read first (no body, or one said to be larger than
    ``most``, which the app refuses unread); False if it did not come in time, came cut
    short, or was sent in chunks past ``most``."""
    reader = req.body.reader
    length = reader.length if isinstance(reader, LengthReader) else None
    if length == 0:
        return True
    if length is not None and length > most:
        req.must_close = True  # answered, then closed: its body is never waited for
        return True
    if req._expected_100_continue:  # the client waits for this before it sends its body
        sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        req._expected_100_continue = False
    within = BODY_WITHIN + (length if length is not None else most) / BODY_RATE
    kept = tempfile.SpooledTemporaryFile(SPOOL)
    came = False
    # False: the time running out ends the wait quietly (as in ``timeout_ctx``).
    with gevent.Timeout(within, False):  # type: ignore[arg-type]
        while chunk := req.body.read(65536):
            kept.write(chunk)
            if kept.tell() > most:
                break
        else:
            came = length is None or kept.tell() == length
    if not came:
        kept.close()
        return False
    kept.seek(0)
    req.body = Body(kept)  # type: ignore[arg-type]  # read with read(size), as a reader is
    return kept
