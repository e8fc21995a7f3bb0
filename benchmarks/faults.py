"""Faults under writes, against ``companion serve``: phones keep recording turns while the
server is killed (``kill -9``, the master and its workers) and started again, and while
the database turns read-only and back. A phone sends each form until it is answered (the
same form, with its one-time token, as a phone's browser sends it again); at the end
every game's log must hold exactly the actions the phones were told were recorded: none
lost, none twice. Prints what it did and what it found; exits 1 on any loss.

Run:
    python benchmarks/faults.py                       # 20 kills on PostgreSQL
    python benchmarks/faults.py --database sqlite --kills 10   # and a full disk (as root)

Only 127.0.0.1 is used; the PostgreSQL run makes a database of its own (dropped after);
the SQLite run keeps its database on a small tmpfs of its own (mounting one needs root),
which it fills to the last byte for a while, then empties.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.phones import Phone, as_json, free_port, start_server  # noqa: E402
from companion.rules.actions import Pass  # noqa: E402
from companion.rules.record import parse_record  # noqa: E402

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
NAMES = ("Ann", "Bob", "Cy")


class Writer:
    """A phone recording turns at one game, each form sent until it is answered."""

    def __init__(self, base: str, game: str, name: str, csrf: str, cookies: dict[str, str]):
        self.phone = Phone(base, timeout=5, cookies=dict(cookies))
        self.game, self.name, self.csrf = game, name, csrf
        self.acknowledged = 0
        self.unavailable = 0  # answers 503: the database could not take the write
        self.retries = 0
        self.other: list[str] = []

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            form: dict[str, object] = {"csrf_token": self.csrf, "token": secrets.token_urlsafe(9)}
            form |= {"player": self.name, "drew": "cards"}
            while True:  # the same form until it is answered
                try:
                    answer = self.phone.post(f"{self.game}/turn", form)
                except (OSError, http.client.HTTPException):  # the answer cut off
                    self.retries += 1
                    self.phone.close()
                    time.sleep(0.2)
                    continue
                if answer.status == 303:
                    self.acknowledged += 1
                    break
                if answer.status == 503:
                    self.unavailable += 1
                    time.sleep(0.2)
                    continue
                if answer.status >= 500:  # a worker killed mid-answer, seen by the proxy
                    self.retries += 1
                    time.sleep(0.2)
                    continue
                self.other.append(f"{answer.status} {answer.body[:120]!r}")
                break
            time.sleep(random.uniform(0.01, 0.05))
        self.phone.close()


def kill_everything(server) -> None:  # type: ignore[no-untyped-def]
    """kill -9 of the server: its master and every worker (its process group)."""
    os.killpg(os.getpgid(server.pid), signal.SIGKILL)
    server.wait(10)


def read_only(database: str, on: bool) -> None:
    """Turns the run's PostgreSQL database read-only (or back), for every new session, and
    ends the sessions open now so that the pools open new ones."""
    import psycopg

    name = database.rsplit("/", 1)[1]
    with psycopg.connect(ADMIN, autocommit=True) as db:
        db.execute(
            f"ALTER DATABASE {name} SET default_transaction_read_only = {'on' if on else 'off'}"
        )
        db.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )


def small_disk(folder: Path) -> Path | None:
    """A 16 MB file system of its own (tmpfs) in ``folder``, or None where none can be
    mounted (not root)."""
    disk = folder / "disk"
    disk.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(disk)], capture_output=True
    )
    return disk if done.returncode == 0 else None


def fill(disk: Path) -> Path:
    """Fills the disk to its last byte: the file that fills it."""
    filler = disk / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            try:
                while True:
                    os.write(descriptor, b"\0" * size)
            except OSError:
                continue  # full at this size: smaller pieces fill what is left
    finally:
        os.close(descriptor)
    return filler


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--every", type=float, default=1.5, help="seconds between kills")
    parser.add_argument("--games", type=int, default=3)
    options = parser.parse_args()

    folder = Path(tempfile.mkdtemp())
    name = "faults_" + secrets.token_hex(4)
    disk: Path | None = None
    if options.database == "postgresql":
        import psycopg

        with psycopg.connect(ADMIN, autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        database = ADMIN.rsplit("/", 1)[0] + f"/{name}"
    else:
        disk = small_disk(folder)
        database = str((disk or folder) / "faults.sqlite")
    port = free_port()
    os.environ["COMPANION_GAMES_PER_HOUR"] = "0"

    def start() -> tuple[subprocess.Popen[bytes], str]:
        server, base = start_server(database, folder, workers=2, port=port)
        return server, base

    server, base = start()
    host = Phone(base)
    games = [host.new_game("usa", *NAMES) for _ in range(options.games)]
    csrf = host.token()
    writers = [Writer(base, g, n, csrf, host.cookies) for g in games for n in NAMES]
    stop = threading.Event()
    threads = [threading.Thread(target=w.run, args=(stop,), daemon=True) for w in writers]
    for thread in threads:
        thread.start()
    read_only_turns = full_turns = 0
    try:
        for kill in range(options.kills):
            time.sleep(options.every)
            kill_everything(server)
            time.sleep(0.3)
            server, base = start()
            print(f"kill -9 {kill + 1}: server started again", flush=True)
        if options.database == "postgresql":
            read_only(database, True)
            time.sleep(2)
            read_only_turns = sum(w.unavailable for w in writers)
            read_only(database, False)
            print("the database read-only for 2 s, then writable again", flush=True)
        elif disk is not None:
            before = sum(w.unavailable for w in writers)
            filler = fill(disk)
            time.sleep(2)
            full_turns = sum(w.unavailable for w in writers) - before
            filler.unlink()
            print("the database's disk full for 2 s, then emptied", flush=True)
        time.sleep(2)  # writes resume
    finally:
        stop.set()
        for thread in threads:
            thread.join(30)

    lost = twice = 0
    for game in games:
        record = parse_record(as_json(host.get(f"{game}/record.json")))
        logged = Counter(a.player for a in record.actions if isinstance(a, Pass))
        for writer in (w for w in writers if w.game == game):
            told = writer.acknowledged
            lost += max(0, told - logged[writer.name])
            twice += max(0, logged[writer.name] - told)
    host.close()
    server.terminate()
    server.wait(30)
    if options.database == "postgresql":
        import psycopg

        with psycopg.connect(ADMIN, autocommit=True) as db:
            db.execute(f"DROP DATABASE {name} WITH (FORCE)")
    elif disk is not None:
        subprocess.run(["umount", str(disk)], check=False)
    told = sum(w.acknowledged for w in writers)
    print(
        f"{options.database}: {options.kills} kill -9s under {len(writers)} phones writing;"
        f" {told} actions acknowledged, {sum(w.retries for w in writers)} forms sent again"
        f" after a lost connection, {sum(w.unavailable for w in writers)} answers 503"
        f" ({read_only_turns} while the database was read-only,"
        f" {full_turns} while its disk was full)"
    )
    others = [o for w in writers for o in w.other]
    print(f"acknowledged but not in the log: {lost}; in the log more often than told: {twice}")
    if others:
        print(f"other answers: {len(others)}, e.g. {others[:3]}")
    return 1 if lost or twice or others else 0


if __name__ == "__main__":
    sys.exit(main())
