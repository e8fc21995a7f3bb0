"""What every answer carries: the page's content policy and the other security headers,
and how long the app took over it (``Server-Timing``)."""

from __future__ import annotations

import time

from flask import Flask, Response, g, request


def init_app(app: Flask) -> None:
    app.before_request(_begin_timing)  # first: the time taken includes every check
    app.after_request(_security_headers)
    app.after_request(_server_timing)


# What a page may load and do: its own scripts only (no inline script anywhere), styles of
# its own and the inline ones the pictures use, images of its own and QR data; never
# framed by another site.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def _security_headers(response: Response) -> Response:
    """The headers every answer carries: the page's content policy, never framed, types
    as sent, and game addresses (which are their keys) never passed to another site."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def _begin_timing() -> None:
    g.began = time.perf_counter(), time.thread_time()


def _server_timing(response: Response) -> Response:
    """How long the app took over the answer, and how much of it its thread computed (the
    rest it waited: for the database, or for its turn at the processor), in milliseconds
    (``Server-Timing: app;dur=…, cpu;dur=…``, as a browser's network panel and the load
    harness read them); the rest of a phone's wait is the network and the server's queue."""
    began = g.get("began")
    if began is not None:
        took = (time.perf_counter() - began[0]) * 1000
        computed = (time.thread_time() - began[1]) * 1000
        response.headers["Server-Timing"] = f"app;dur={took:.1f}, cpu;dur={computed:.1f}"
    return response
