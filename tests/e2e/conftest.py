"""End-to-end fixtures: the app served on a loopback port, headless Chromium at a phone's
size (390×844). What a finger does is in ``phone.py``."""

from __future__ import annotations

import logging
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from werkzeug.serving import make_server

from companion.web import create_app
from tests.databases import fresh_database
from tests.e2e.phone import PHONE
from tests.patience import HANG_MS


def chromium_path() -> str:
    """The machine's Chromium (Playwright can't download its own browser here): its headless
    shell, which draws the same pages for a third less work, else the whole browser."""
    names = ("chromium-headless-shell", "chromium", "chromium-browser")
    for candidate in (os.environ.get("CHROMIUM"), *(f"/usr/bin/{name}" for name in names)):
        if candidate and Path(candidate).exists():
            return candidate
    found = next(filter(None, map(shutil.which, names)), None)
    if not found:
        raise RuntimeError("no Chromium: apt-get install chromium-headless-shell (.ci/run does)")
    return found


# What a test waits for comes (a page, a live update): on a machine busy with other work
# it may take longer than Playwright's 5 s, never forever.
expect.set_options(timeout=HANG_MS)


TELEGRAM_TOKEN = "123456:end-to-end-token"


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("instance")
    app = create_app(
        {
            "SECRET_KEY": "end-to-end",
            "DATABASE": fresh_database(folder / "companion.sqlite"),
            # Every phone of every test comes from this one address: no hourly limit on the
            # games started (tests/web tests the limit).
            "GAMES_PER_HOUR": None,
            # The Telegram Mini App's pages exist (tests/e2e/test_telegram_phone.py); a
            # phone that never opened them sees nothing of Telegram.
            "TELEGRAM_BOT_TOKEN": TELEGRAM_TOKEN,
        },
        instance_path=folder,
    )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    http = make_server("127.0.0.1", 0, whole_files(app), threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()


def whole_files(app: Any) -> Any:
    """The app, each answer but a live stream read whole before it is sent: a phone that
    hangs up in the middle of a file (a service worker still keeping files as its test
    ends) leaves no file open in the test server (werkzeug's own server would, as it gives
    up on the connection)."""

    def serve(environ: dict[str, Any], start_response: Any) -> Any:
        answer = app(environ, start_response)
        if environ.get("PATH_INFO", "").endswith("/events"):
            return answer
        try:
            return [b"".join(answer)]
        finally:
            getattr(answer, "close", lambda: None)()

    return serve


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


def phone_in(browser: Browser, locale: str | None = None) -> Iterator[Page]:
    """A phone's page (390×844, touch), its browser speaking ``locale`` if given. An error
    in a page's script fails the test that met it."""
    yield from page_in(
        browser,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        **({"locale": locale} if locale else {}),
    )


def page_in(browser: Browser, **context: Any) -> Iterator[Page]:
    """A page in a browser context of its own (``context``: its viewport, touch…); an
    error in a page's script fails the test that met it."""
    page = browser.new_context(**context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    yield page
    page.context.close()
    assert errors == [], errors


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from phone_in(browser)


@pytest.fixture
def phones(browser: Browser) -> Iterator[Callable[..., Page]]:
    """More phones at the table: ``phones()`` or ``phones("ru-RU")``, each closed after the
    test."""
    opened: list[Iterator[Page]] = []

    def another(locale: str | None = None) -> Page:
        opened.append(phone_in(browser, locale))
        return next(opened[-1])

    yield another
    for phone in opened:
        next(phone, None)
