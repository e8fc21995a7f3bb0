"""What every answer carries for its safety: the page's content policy, never framed by
another site, its type as sent, and no game address passed on to another site."""

from __future__ import annotations

from flask import Flask, Response, current_app, request, session


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


# Inside Telegram's Mini App (the app was opened from a club's bot, and the site has its
# token): Telegram's own script too, and Telegram's web client may frame the pages.
INSIDE_TELEGRAM_POLICY = CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'", "script-src 'self' https://telegram.org"
).replace("frame-ancestors 'none'", "frame-ancestors https://web.telegram.org")


def inside_telegram() -> bool:
    """True for a page opened inside Telegram's Mini App (never without the bot's token)."""
    return bool(current_app.config.get("TELEGRAM_BOT_TOKEN")) and "telegram" in session


def telegram_user() -> tuple[int, str] | None:
    """The Telegram user who opened the pages inside Telegram's Mini App (their id and
    name, as the signed initData said: ``pages/telegram_app.py``), if one did."""
    if not inside_telegram():
        return None
    user = session["telegram"]
    return int(user["id"]), str(user["name"])


def _security_headers(response: Response) -> Response:
    """The headers every answer carries: the page's content policy, never framed, types
    as sent, and game addresses (which are their keys) never passed to another site."""
    headers = response.headers
    if response.mimetype == "text/html" and inside_telegram():
        headers.setdefault("Content-Security-Policy", INSIDE_TELEGRAM_POLICY)
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    if "frame-ancestors 'none'" in headers["Content-Security-Policy"]:
        # Older browsers' word for the same (the Telegram entry says who may frame it).
        headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response
