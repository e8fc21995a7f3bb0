"""Sharing a game with other phones: the address they use, QR codes of it, and a warning
when the page was opened at an address that only this computer can reach."""

from __future__ import annotations

import functools
import io
import ipaddress
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


@dataclass(frozen=True)
class Reach:
    """How other phones reach this app: the base address to share (None: none known), and
    whether this page's own address only works on this computer."""

    base: str | None
    local_only: bool  # the page's address is this computer's own (127.0.0.1, localhost)
    listening_here_only: bool  # the server itself takes connections from this computer only


def _host_name(host: str) -> str:
    """A Host header's name without its port: "[::1]:5000" → "::1"."""
    if host.startswith("["):
        return host[1 : host.find("]")]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_loopback(name: str) -> bool:
    if name.casefold() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def network_address() -> str | None:
    """This machine's address on its local network (the one its default route leaves by),
    or None when it has none; looked up again after a minute (a laptop joins a network
    after the app starts)."""
    return _network_address(int(time.monotonic() // 60))


@functools.lru_cache(maxsize=1)
def _network_address(_minute: int) -> str | None:
    """Nothing is sent: a UDP socket only picks its way out."""
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address: str = udp.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return None


def reach() -> Reach:
    """Where other phones should open this app, as this request tells it: the configured
    public address, else the request's own address, or this machine's network address
    where the request came in at a loopback address."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return Reach(configured.rstrip("/"), False, False)
    name = _host_name(request.host)
    listening = str(request.environ.get("SERVER_NAME", ""))
    here_only = _is_loopback(listening)
    if not _is_loopback(name):
        if trusted_host(name):
            return Reach(request.host_url.rstrip("/"), False, here_only)
        found = network_address()  # a Host header nobody vouched for never makes a link
        return Reach(_on_port(found) if found else None, False, here_only)
    found = network_address()
    if found is None or here_only:
        return Reach(None, True, here_only)
    return Reach(_on_port(found), True, here_only)


def _on_port(address: str) -> str:
    """This machine's network address, on the port the request came to."""
    port = request.host.rsplit(":", 1)[1] if request.host.rsplit(":", 1)[-1].isdigit() else ""
    return f"{request.scheme}://{address}" + (f":{port}" if port else "")


def trusted_host(name: str) -> bool:
    """Whether a link may be built on the Host the request names: this computer's own
    names (loopback, its network address), an address on a private network (a table's
    phones reach a laptop so), the configured public address's host, or one of
    ``ALLOWED_HOSTS``. Any other name may be a forged header."""
    name = name.casefold()
    if _is_loopback(name) or name == (network_address() or "").casefold():
        return True
    try:
        if ipaddress.ip_address(name).is_private:
            return True
    except ValueError:
        pass  # a name, not an address
    allowed = {str(h).casefold() for h in current_app.config.get("ALLOWED_HOSTS") or ()}
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        allowed.add((urlsplit(configured).hostname or "").casefold())
    return name in allowed


def public_url(path: str) -> str:
    """The address another phone uses for ``path``: on the shared base (``reach``), else
    the one this request reached the app at if that one can be trusted, else the path
    alone (a link never carries a forged Host header)."""
    base = reach().base
    if base is None:
        base = request.host_url.rstrip("/") if trusted_host(_host_name(request.host)) else ""
    return base + path


@functools.lru_cache(maxsize=2048)
def qr_svg(text: str) -> str:
    """A QR code of ``text`` as SVG markup (a game's addresses never change, so each is
    drawn once: some 7 ms and 10 kB each; 2,048 of them are the two codes of each of 1,024
    games, more than a busy evening's tables). The table's codes are images of their own
    (``/g/<id>/qr.svg``), the group page's drawn into it."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out)
    svg = out.getvalue().decode("utf-8")
    return svg[svg.index("<svg") :].replace(' id="qr-path"', "")  # ids unique on a page
