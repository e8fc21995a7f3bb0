"""What each client address holds open in this process (live pages, connections), with a
most: one more is refused, so that no client takes every place from the other tables."""

from __future__ import annotations

import ipaddress
import threading
from collections import Counter

from flask import request


def client_of(address: str) -> str:
    """Whose a connection is, for what one client may hold: its IPv4 address, or its IPv6
    address's /64 (one household or phone network hands out a whole /64, and any address
    in it to one device)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address  # not an address (a Unix socket): as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def requester() -> str:
    """The client asking the request being answered (``client_of`` its address): what it
    holds open, and the games and groups it starts, count together."""
    return client_of(request.remote_addr or "")


class Holds:
    """A count of what each client address holds open, each at most ``most`` at once."""

    def __init__(self) -> None:
        self._held: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, client: str, most: int) -> bool:
        """Counts one more held by ``client``, unless it holds ``most`` already."""
        with self._lock:
            if self._held[client] >= most:
                return False
            self._held[client] += 1
            return True

    def give_back(self, client: str) -> None:
        """One held by ``client`` is closed: its place is free at once."""
        with self._lock:
            self._held[client] -= 1
            if self._held[client] <= 0:
                del self._held[client]
