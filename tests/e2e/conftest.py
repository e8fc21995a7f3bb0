"""End-to-end fixtures: the app served on a loopback port, headless Chromium at a phone's
size (390×844), screenshots saved under tests/screenshots/ (ignored by git)."""

from __future__ import annotations

import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from werkzeug.serving import make_server

from companion.web import create_app
from tests.databases import fresh_database

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"
PHONE = {"width": 390, "height": 844}
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow: ``pytest -m "not slow"`` leaves them out."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)


def chromium_path() -> str:
    """The machine's Chromium (Playwright can't download its own browser here)."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and Path(candidate).exists():
            return candidate
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise RuntimeError("no Chromium: .ci/run installs it (apt-get install chromium)")
    return found


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("instance")
    app = create_app(
        {"SECRET_KEY": "end-to-end", "DATABASE": fresh_database(folder / "companion.sqlite")}
    )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()


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
    """A phone's page (390×844, touch), its browser speaking ``locale`` if given."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        **({"locale": locale} if locale else {}),
    )
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from phone_in(browser)


def screenshot(page: Page, name: str) -> Path:
    """Saves a full-page screenshot and checks the page fits the phone's width."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow}px wider than the phone"
    hidden = page.evaluate(
        "Math.max(0, ...[...document.querySelectorAll('.standings-wrap')]"
        ".map(e => e.scrollWidth - e.clientWidth))"
    )
    assert hidden <= 0, f"{name}: the standings hide {hidden}px to the side"
    return path


def claim(page: Page, letters: str, city_key: str, to: str | re.Pattern[str]) -> None:
    """The two taps: type a few letters of a city, tap one of its routes."""
    page.fill(".city-search", letters)
    city = page.locator(f"details.city[data-key^='{city_key}']")
    expect(city).to_have_attribute("open", "")
    city.locator("button.route", has_text=to).first.click()


def drew_cards(page: Page, player: str, label: str = "Drew cards") -> None:
    """A turn spent drawing cards, in one tap on the bar: the bar already acts for the
    player whose turn it is."""
    expect(page.locator(".acting a.chosen")).to_have_text(player)
    when_calm(page)
    page.locator(".turns button", has_text=label).click()


def more(page: Page) -> None:
    """Opens the sheet with the other turns, the referee's help and the QR codes."""
    page.locator(".turns button.more").click()
    expect(page.locator("#more")).to_be_visible()


def tap_route(page: Page, route: int) -> tuple[float, float]:
    """Taps the middle of a route on the board picture, as a finger would: the picture is
    scrolled to bring the middle into sight first. Returns where it tapped."""
    page.wait_for_selector(".picture[data-ready]")  # the page hears taps (and is placed)
    middle = page.evaluate(
        """(route) => {
          const group = document.getElementById('route-' + route);
          const [x, y] = group.dataset.middle.split(',').map(Number);
          const svg = group.ownerSVGElement, frame = svg.parentNode;
          const at = () => new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
          frame.scrollIntoView({block: 'nearest'});
          let p = at(), box = frame.getBoundingClientRect();
          frame.scrollLeft += p.x - (box.left + box.width / 2);
          frame.scrollTop += p.y - (box.top + box.height / 2);
          box = frame.getBoundingClientRect();
          if (box.bottom > innerHeight || box.top < 0) { window.scrollBy(0, box.top - 60); }
          p = at();
          return [p.x, p.y];
        }""",
        route,
    )
    page.touchscreen.tap(middle[0], middle[1])
    return middle[0], middle[1]


def when_calm(page: Page) -> None:
    """Waits out the moment after a write in which a tap at the same spot is taken as the
    end of a double tap (static/companion.js, ``calmAfterAWrite``). The page's script marks
    that moment once the page is parsed: a check made before then would see no mark.
    (Asked again and again rather than with ``wait_for_function``, whose polling evaluates
    text as script, which the pages' Content-Security-Policy forbids.)"""
    calm = "() => document.readyState !== 'loading' && !document.body.hasAttribute('data-calm')"
    deadline = time.monotonic() + 10
    while not page.evaluate(calm):
        assert time.monotonic() < deadline, "the page never settled after the write"
        page.wait_for_timeout(50)
