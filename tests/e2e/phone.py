"""What a finger does on a phone's page, as the browser tests say it.

Every page marks itself ready once its script has armed every help (``data-ready`` on
``<html>``, a new value for each page loaded; ``static/companion.js``), and takes the mark
off as a form is sent. The helpers here wait for that mark after every navigation and
every write, so a tap never lands on a page that is still loading, nor on the page that is
being left: nothing here waits a fixed time.

- ``go``: open an address; ``tap``: a tap that sends a form or follows a link, done when
  the page that answers is ready; a plain ``click`` is for what stays on the page.
- ``claim``, ``drew_cards``, ``more``, ``tap_route``: the table's own moves.
"""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import FilePayload, Locator, Page, expect
from pypdf import PdfReader

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"
PHONE = {"width": 390, "height": 844}
READY = "html[data-ready]"


# The page's mark, once it has one: asked in the page itself, in one round trip (a wait of
# Playwright's own costs two, and its helper script on every page).
MARK = """() => new Promise((resolve, reject) => {
  const html = document.documentElement;
  if (html.dataset.ready) return resolve(html.dataset.ready);
  const late = setTimeout(() => reject(new Error('the page never said it was ready')), 15000);
  new MutationObserver((_, watching) => {
    if (!html.dataset.ready) return;
    watching.disconnect();
    clearTimeout(late);
    resolve(html.dataset.ready);
  }).observe(html, {attributes: true, attributeFilter: ['data-ready']});
})"""


def ready(page: Page) -> str:
    """Waits until the page's script has armed every help; the page's mark (one per page
    loaded)."""
    try:
        return str(page.evaluate(MARK))
    except PlaywrightError as error:  # the page moved on while asked: the next one's mark
        if "context was destroyed" not in str(error):
            raise
    page.wait_for_selector(READY, state="attached")
    return page.get_attribute("html", "data-ready") or ""


def go(page: Page, url: str) -> None:
    """Opens ``url`` and waits until the page is ready for a finger."""
    page.goto(url)
    ready(page)


def calm(page: Page) -> None:
    """Waits out the moment after a write in which a tap at the same spot is taken as the
    end of a double tap (``calmAfterAWrite`` in static/companion.js marks it on the body)."""
    page.wait_for_selector(f"{READY} body:not([data-calm])", state="attached")


# How near the last tap a tap must land to be taken as its end (``NEAR`` in companion.js),
# and a margin for the page's own rounding.
NEAR = 40 + 20


def tap(page: Page, target: str | Locator) -> None:
    """A tap that sends a form or follows a link, once the page is ready (and calm, if it
    lands near the tap that sent the last form); done when the page that answers it is
    ready (a page of its own, whatever its address)."""
    control = page.locator(target) if isinstance(target, str) else target
    before = ready(page)
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    last = page.evaluate("JSON.parse(sessionStorage.getItem('tapped') || 'null')")
    if (
        box is None
        or last is None
        or math.hypot(
            box["x"] + box["width"] / 2 - last["x"], box["y"] + box["height"] / 2 - last["y"]
        )
        <= NEAR
    ):
        calm(page)
    control.click()
    page.wait_for_selector(f"{READY}:not([data-ready='{before}'])", state="attached")


def start_game(
    page: Page,
    server: str,
    names: list[str],
    map_id: str = "usa",
    *,
    dice: bool = False,
    button: str = "Start the game",
) -> str:
    """Starts a game from the home page, the players in seat order; the table's address."""
    go(page, server)
    page.select_option("[name='map']", map_id)
    for seat, name in enumerate(names):
        page.fill(f"[name='seats-{seat}-name']", name)
    if dice:
        page.check("[name='dice']")
    tap(page, f"text={button}")
    expect(page.locator(".bar")).to_be_visible()
    return page.url.split("?")[0]


def post_record(page: Page, server: str, record: dict[str, Any]) -> str:
    """Imports a game record as the home page's form does, without drawing the table (the
    page stays on the home page, whose form's key it reads); the game's table address."""
    token = page.locator("form[action$='/import'] input[name=csrf_token]").input_value()
    file: FilePayload = {
        "name": "game.json",
        "mimeType": "application/json",
        "buffer": json.dumps(record).encode(),
    }
    answer = page.request.post(server + "/import", multipart={"csrf_token": token, "record": file})
    assert answer.ok, answer.status
    return answer.url.split("?")[0]


def import_game(page: Page, server: str, record: Path) -> str:
    """Imports a game record on the home page; the game's table address."""
    go(page, server)
    page.set_input_files("form[action$='/import'] input[type=file]", str(record))
    tap(page, "form[action$='/import'] button[type=submit]")
    expect(page.locator(".players")).to_be_visible()
    return page.url.split("?")[0]


def claim(page: Page, letters: str, city_key: str, to: str | re.Pattern[str]) -> None:
    """The two taps: type a few letters of a city, tap one of its routes."""
    page.fill(".city-search", letters)
    # The server's answer is in: the list will not change under the thumb.
    expect(page.locator(".city-search")).to_have_attribute("data-found", letters)
    city = page.locator(f"details.city[data-key^='{city_key}']")
    expect(city).to_have_attribute("open", "")
    tap(page, city.locator("button.route", has_text=to).first)


def dice_counts(page: Page, *shown: tuple[str, int]) -> int:
    """Taps in how many dice show each face, as read off the table; the last tap makes five
    dice, and the page with their plays comes. The taps it took."""
    for n, (face, count) in enumerate(shown, 1):
        label = page.locator(
            f"fieldset.count:has(input[name='{face}']) label.face", has_text=str(count)
        )
        if n < len(shown):
            label.click()
        else:
            tap(page, label)
    expect(page.locator(".play-search")).to_be_visible()
    return len(shown)


def drew_cards(page: Page, player: str, label: str = "Drew cards") -> None:
    """A turn spent drawing cards, in one tap on the bar: the bar already acts for the
    player whose turn it is."""
    expect(page.locator(".acting a.chosen")).to_have_text(player)
    tap(page, page.locator(".turns button", has_text=label))


def more(page: Page) -> None:
    """Opens the sheet with the other turns, the referee's help and the QR codes."""
    ready(page)
    page.locator(".turns button.more").click()
    expect(page.locator("#more")).to_be_visible()


def tap_route(page: Page, route: int) -> tuple[float, float]:
    """Taps the middle of a route on the board picture, as a finger would: the picture, and
    the page, are scrolled to bring the middle into sight above the bar first. Returns
    where it tapped."""
    ready(page)
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
          // Then the page, to bring the middle into the part of the screen the bar leaves.
          const bar = document.querySelector('.bar');
          const seen = innerHeight - (bar ? bar.offsetHeight : 0);
          p = at();
          if (p.y < 40 || p.y > seen - 40) { window.scrollBy(0, p.y - seen / 2); }
          p = at();
          return [p.x, p.y];
        }""",
        route,
    )
    page.touchscreen.tap(middle[0], middle[1])
    return middle[0], middle[1]


def pdf_text(page: Page, link: str = "Download the PDF score sheet") -> str:
    """The text of the PDF that the link ``link`` downloads."""
    ready(page)
    with page.expect_download() as download:
        page.click(f"text={link}")
    data = download.value.path().read_bytes()
    return "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


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
