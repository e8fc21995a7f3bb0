"""The instance's secret key (it signs the session and the forms' tokens), made on first
run and kept in the instance folder."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def instance_secret(instance: Path) -> str:
    """The instance's own secret key, made on first run and kept in the instance folder.
    It is written whole to a file of its own, readable by its owner only from the start,
    then linked into place: of several workers starting at once, the first to link it
    sets the key, and every one reads that key (never an empty or half-written file)."""
    path = instance / "secret_key"
    if not path.exists():
        fresh = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32))
                file.flush()
                os.fsync(file.fileno())
            try:
                os.link(fresh, path)  # fails if another worker's key is already there
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links: moved into place instead
                if not path.exists():
                    os.replace(fresh, path)
        finally:
            fresh.unlink(missing_ok=True)
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, and a new key is made at start")
    return key
