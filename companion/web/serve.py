"""``companion serve``: the app under gunicorn, for hosting many tables.

Each worker is a process of its own serving its connections as greenlets (gevent's,
through ``companion.web.worker``): an open phone's live updates cost some kilobytes, not a
thread, so a worker holds thousands of open pages, up to ``--connections``. The app is made
once before the workers start, so that a problem (a database out of reach, an instance
folder that can't be written) is said in one line and nothing starts; each worker then
makes its own (its own pool of connections), finding the schema and the secret key
already made.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from flask import Flask


def check() -> Flask | str:
    """The app as configured, or what stops it from starting, in one line."""
    from companion.web import create_app
    from companion.web.database import Unavailable, close_all

    try:
        app = create_app()
    except Unavailable as error:
        return f"the database can't be used ({error})"
    except (OSError, RuntimeError, ValueError) as error:
        return " ".join(str(error).split()) or type(error).__name__
    close_all()  # the workers open their own connections
    return app


# Python's collector: the young generation collected after 5,000 new objects (700 by
# default), the middle one after 10 young collections, the whole heap after 100 of those
# (10 by default).
COLLECTED_EVERY = (5_000, 10, 100)


def settled(app: Flask) -> Flask:
    """The app with what its pages use made before the first phone asks (each board, each
    template), all of it then set aside from Python's garbage collector: a full collection
    would otherwise walk it again and again, a pause of some 50 ms in the middle of a
    phone's page. The games a worker keeps (``game_store.GAMES``) grow what is left to walk:
    with the collector's defaults, 400 tables saw a full collection every 6 s in each
    worker, each a pause of 65-120 ms, the slowest pages' time; with fewer, larger young
    collections and full ones some 70 times rarer, the pauses stay under 50 ms
    (``benchmarks/load.py``)."""
    from companion.rules.map_file import load_board, map_ids

    for map_id in map_ids():
        load_board(map_id)
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTED_EVERY)
    return app


def serve(host: str, port: int, workers: int, connections: int) -> int:
    """Runs the server until it is stopped; the exit status. The process is patched by
    gevent first, before the app or a database driver is imported."""
    from companion.web.worker import HEADERS_WITHIN, patch

    patch()
    from gunicorn.app.base import BaseApplication

    checked = check()
    if isinstance(checked, str):
        print(f"companion serve: {checked}", file=sys.stderr)
        return 1
    where = checked.extensions["companion.database"].where

    class Server(BaseApplication):
        def load_config(self) -> None:
            settings: dict[str, Any] = {
                "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
                "workers": workers,
                "worker_class": "companion.web.worker.Worker",
                "worker_connections": connections,
                "timeout": 60,
                "graceful_timeout": 10,
                "keepalive": HEADERS_WITHIN,  # on: the worker's own time limit on headers
                # Connections the kernel queues before the worker accepts them: as many as it
                # allows (net.core.somaxconn), so that a crowd arriving at once waits in the
                # queue rather than having its connections dropped and sent again seconds later.
                "backlog": 4096,
                "proc_name": "companion",
                "accesslog": None,
                "errorlog": "-",
                "loglevel": "warning",
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        # Flask is a WSGI application as typeshed's wsgiref.types describes one (a dict
        # environ, PEP 3333's start_response); types-gunicorn types the environ and the
        # start_response it passes otherwise, so the two disagree.
        def load(self) -> Flask:  # type: ignore[override]
            from companion.web import create_app

            return settled(create_app())

    print(
        f"companion: serving on http://{host}:{port} with {workers} workers"
        f" × {connections} connections,"
        f" games in {where}",
        file=sys.stderr,
    )
    Server().run()
    return 0
