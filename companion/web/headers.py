"""What every answer carries for its safety: the page's content policy, never framed by
another site, its type as sent, and no game address passed on to another site."""

from __future__ import annotations

from flask import Flask, Response, request


def init_app(app: Flask) -> None:
    app.after_request(_security_headers)


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
    if "frame-ancestors 'none'" in headers["Content-Security-Policy"]:
        # Older browsers' word for the same (the Telegram entry says who may frame it).
        headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response
