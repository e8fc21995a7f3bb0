"""QR codes that open a game on another phone."""

from __future__ import annotations

import functools
import io

import qrcode
import qrcode.image.svg
from flask import current_app, request


def public_url(path: str) -> str:
    """The address another phone uses: the configured public URL, else the one this
    request reached the app at."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


@functools.lru_cache(maxsize=512)
def qr_svg(text: str) -> str:
    """A QR code of ``text`` as inline SVG markup (a game's addresses never change, so each
    is drawn once)."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out)
    svg = out.getvalue().decode("utf-8")
    return svg[svg.index("<svg") :]
