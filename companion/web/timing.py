"""How long the app took over each answer, and how much of it its thread computed
(``Server-Timing: app;dur=…, cpu;dur=…``, as a browser's network panel and the load
harness read them)."""

from __future__ import annotations

import time

from flask import Flask, Response, g


def init_app(app: Flask) -> None:
    """Timing from the first thing the app does for a request (so made before every other
    check) to the last."""
    app.before_request(_begin_timing)
    app.after_request(_server_timing)


def _begin_timing() -> None:
    g.began = time.perf_counter(), time.thread_time()


def _server_timing(response: Response) -> Response:
    """How long the app took over the answer, and how much of it its thread computed (the
    rest it waited: for the database, or for its turn at the processor; under ``companion
    serve`` the thread is the worker's, so what its other connections computed while this
    one waited on the database counts too), in milliseconds
    (``Server-Timing: app;dur=…, cpu;dur=…``, as a browser's network panel and the load
    harness read them); the rest of a phone's wait is the network and the server's queue."""
    began = g.get("began")
    if began is not None:
        took = (time.perf_counter() - began[0]) * 1000
        computed = (time.thread_time() - began[1]) * 1000
        response.headers["Server-Timing"] = f"app;dur={took:.1f}, cpu;dur={computed:.1f}"
    return response
