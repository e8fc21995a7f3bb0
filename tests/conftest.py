"""Shared fixtures: every app in an instance folder of its own (never the checkout's), the
North America board, a Table, the web app and its test client. Helpers that are not
fixtures are in ``helpers.py``; the web tests' in ``web/helpers.py``; the browser tests'
in ``e2e/phone.py``.

Tests whose app takes its database from ``databases.fresh_database`` (the web app's
fixtures, and the modules that call it) are marked ``store``: ``.ci/run`` runs them a
second time on PostgreSQL; a test marked ``on_sqlite`` (what it checks is not storage)
never is."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.rules.board import Board
from companion.rules.map_file import load_board
from tests import databases
from tests.databases import drop_schemas, fresh_database
from tests.helpers import Table

CHECKOUT_INSTANCE = Path(__file__).resolve().parents[1] / "instance"
E2E = Path(__file__).resolve().parent / "e2e"


# What this process writes into the checkout's instance/, watched from the start of the run
# (before any test module is imported).
WRITTEN: set[str] = set()


def pytest_configure(config: pytest.Config) -> None:
    _watch_writes_into(CHECKOUT_INSTANCE, WRITTEN)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the tests that run on the suite's database (``store``), and every browser
    test ``slow``."""
    for item in items:
        if item.path.is_relative_to(E2E):
            item.add_marker(pytest.mark.slow)
            continue
        if item.get_closest_marker("on_sqlite"):
            continue
        module = getattr(item, "module", None)
        uses_app = {"app", "client"} & set(getattr(item, "fixturenames", ()))
        if uses_app or getattr(module, "fresh_database", None) is databases.fresh_database:
            item.add_marker(pytest.mark.store)


@pytest.fixture(scope="session", autouse=True)
def instance_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every app the tests make (in this process or a child) keeps its database and secret
    key in a temporary instance folder, never in the checkout's ``instance/``: anything
    this process writes there fails the run, whatever else (the app served from the
    checkout, say) writes there at the same time."""
    folder = tmp_path_factory.mktemp("instance")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COMPANION_INSTANCE_PATH", str(folder))
        yield folder
    drop_schemas()
    assert not WRITTEN, f"the tests wrote into the checkout's instance/: {sorted(WRITTEN)}"


@pytest.fixture(autouse=True)
def _close_databases() -> Iterator[None]:
    """After each test, the connections its apps opened are closed (PostgreSQL's pools)."""
    yield
    from companion.web.database import close_all

    close_all()


# What opens a file for writing (os.open's flags), and the audit events that write a path.
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_WRITES = {"os.remove", "os.rename", "os.chmod", "os.truncate", "os.utime", "os.rmdir"}
_WRITES |= {"shutil.rmtree"}
_WRITES_TO = {"os.link", "os.symlink", "shutil.copyfile"}  # (from, to): only "to" is written


def _watch_writes_into(folder: Path, written: set[str]) -> None:
    """Adds to ``written`` the paths in ``folder`` (or ``folder`` itself) that this process
    opens for writing, creates, connects a SQLite database to or changes, from now on (an
    audit hook, which stays for the life of the process)."""
    inside = str(folder.resolve())

    def within(path: object) -> bool:
        if not isinstance(path, str | bytes | os.PathLike):
            return False
        try:
            found = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return found == inside or found.startswith(inside + os.sep)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            opening = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and bool(flags & _WRITING)
            )
            if opening and within(path):
                written.add(os.fsdecode(path))  # type: ignore[arg-type]
        elif event == "os.mkdir":
            if within(args[0]) and not os.path.exists(args[0]):  # type: ignore[arg-type]
                written.add(os.fsdecode(args[0]))  # type: ignore[arg-type]
        elif event == "sqlite3.connect" or event in _WRITES:
            for path in args[:2]:
                if within(path):
                    written.add(os.fsdecode(path))  # type: ignore[arg-type]
        elif event in _WRITES_TO and len(args) > 1 and within(args[1]):
            written.add(os.fsdecode(args[1]))  # type: ignore[arg-type]

    sys.addaudithook(hook)


@pytest.fixture(scope="session")
def usa() -> Board:
    return load_board("usa")


@pytest.fixture
def table() -> type[Table]:
    return Table


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """The web app on a fresh database in an instance folder of its own, forms without their
    CSRF token (tested apart)."""
    from companion.web import create_app

    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE": fresh_database(tmp_path / "companion.sqlite"),
            "WTF_CSRF_ENABLED": False,
        },
        instance_path=tmp_path,
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
