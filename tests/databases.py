"""The databases the web tests run on: a SQLite file of their own by default, or, when
``COMPANION_TEST_DATABASE`` names a PostgreSQL database (``.ci/run`` runs the tests marked
``store`` a second time so), a schema of their own in it, dropped when the tests end.

``postgres_server()`` is the database the PostgreSQL-only tests use: the one named, else
``companion_test`` on the machine's server at 127.0.0.1:5432 (made there if missing) when
it answers. Without one those tests skip, saying so, but never in CI (``CI`` set), where a
missing server is a failure."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

from tests.patience import HANG

ON_POSTGRES = os.environ.get("COMPANION_TEST_DATABASE") or ""
LOCAL_SERVER = "postgresql://postgres@127.0.0.1:5432/companion_test"

_made: list[tuple[str, str]] = []  # (server, schema) to drop at the end
_there: set[str] = set()  # the databases known to exist


def fresh_database(path: Path) -> str:
    """A database of its own for one app: the SQLite file ``path``, or a new schema on
    the PostgreSQL server the suite runs on."""
    if not ON_POSTGRES:
        return str(path)
    return new_schema(ON_POSTGRES)


def new_schema(server: str) -> str:
    """A new, empty schema on ``server``: its address (the server's, set to use it)."""
    import psycopg

    schema = "test_" + secrets.token_hex(6)
    _made_if_missing(server)
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {schema}")
    _made.append((server, schema))
    return in_schema(server, schema)


def in_schema(server: str, schema: str) -> str:
    """The server's address, its connections using ``schema``."""
    parts = urlsplit(server)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    query.append(("options", f"-csearch_path={schema}"))
    return urlunsplit(parts._replace(query=urlencode(query)))


def drop_schemas() -> None:
    """Drops the schemas the tests made."""
    if not _made:
        return
    import psycopg

    for server, schema in _made:
        try:
            with psycopg.connect(server, autocommit=True) as db:
                db.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        except psycopg.Error:
            pass  # the server is gone: nothing is left to tidy
    _made.clear()


def postgres_server() -> str:
    """A PostgreSQL database for the tests that need one, or a skip (a failure in CI)."""
    server = ON_POSTGRES or LOCAL_SERVER
    try:
        import psycopg

        _made_if_missing(server)
        with psycopg.connect(server, connect_timeout=int(HANG)) as db:
            db.execute("SELECT 1")
    except Exception as error:  # no driver, no server: said the same way
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the PostgreSQL tests, but {server} can't be used: {error}")
        pytest.skip(f"no PostgreSQL server to test against ({server}: {error})")
    return server


def _made_if_missing(server: str) -> None:
    """Makes the database ``server`` names on its server, if it is not there yet (asked of
    the server's own ``postgres`` database, once per process)."""
    import psycopg

    if server in _there:
        return
    parts = urlsplit(server)
    name = parts.path.lstrip("/")
    if not name or name == "postgres":
        return
    maintenance = urlunsplit(parts._replace(path="/postgres", query=""))
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=int(HANG)) as db:
        if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            try:
                db.execute(f'CREATE DATABASE "{name}"')
            except psycopg.errors.DuplicateDatabase:
                pass  # made at the same moment by another test process
    _there.add(server)
