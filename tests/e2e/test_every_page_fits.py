"""Every page a table opens, on a phone 320 and 390 px wide, in every language: no tap
target under 44×44 CSS px, no sideways scroll, no word broken inside (a soft hyphen is no
excuse), no text cut (a title or a name ending in "…", a placeholder wider than its box).
Games of every map are imported, and each page is measured as it stands, with its sheets
open where it has them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from companion.catalogs import LANGUAGES
from tests.e2e.fits import MEASURE, measure
from tests.e2e.phone import SCREENSHOTS, claim, go, import_game, ready, tap, tap_route
from tests.helpers import GAMES

RECORDS = [
    "four_players",
    "europe_three_players",
    "world_four_players",
    "marklin_four_players",
    "usa_dice",
    "five_players_final_round",
    "great_lakes_four_players",
]


def _visit(page: Page, url: str, faults: list[str], language: str) -> None:
    join = "&" if "?" in url else "?"
    go(page, f"{url}{join}lang={language}")
    measure(page, url, faults)


def _addresses(page: Page, table: str) -> list[str]:
    """A game's pages, besides the table and its board: its tickets, sheet and the
    referee's help, and its watch pages."""
    watch = re.search(r"/w/[\w-]+", page.content())
    pages = [
        f"{table}/confirm?route=1&route=2",
        f"{table}/tickets",
        f"{table}/sheet",
        f"{table}/pay?route=3",
        f"{table}/check?from=Denver&to=Helena",
    ]
    if watch:
        origin = table.split("/g/")[0]
        pages += [origin + watch[0], origin + watch[0] + "/sheet"]
    return pages


WIDTHS = (320, 390)  # a small phone, and the common one


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_fits_a_phone_with_targets_a_finger_can_hit(
    server: str, phones: Callable[..., Page], language: str, width: int
) -> None:
    page = phones(language)
    page.set_viewport_size({"width": width, "height": 844})
    faults: list[str] = []
    _visit(page, server + "/", faults, language)
    for name in RECORDS:
        table = import_game(page, server, GAMES / f"{name}.json")
        _visit(page, table, faults, language)
        more = page.locator(".turns button.more")
        if more.count():
            ready(page)
            more.click()
            expect(page.locator("#more")).to_be_visible()
            measure(page, f"{table} (more)", faults)
            page.keyboard.press("Escape")
        for url in _addresses(page, table):
            _visit(page, url, faults, language)
        _visit(page, f"{table}/board", faults, language)  # measured, then with a route open
        tap_route(page, 0)
        expect(page.locator("#route-sheet li[data-route]").first).to_be_visible()
        measure(page, f"{table}/board (route sheet)", faults)
        if name == "usa_dice":
            _visit(page, f"{table}?faces=single,single,double,station,locomotive", faults, language)
        if name == "marklin_four_players":
            _visit(page, f"{table}/goods", faults, language)
            _visit(page, f"{table}/trip", faults, language)
    _visit(page, server + "/", faults, language)  # with the games it opened, to resume
    _visit(page, server + "/g/no-such-game", faults, language)
    assert not faults, "\n".join(faults)


def test_a_passengers_trip_fits_a_phone(server: str, phone: Page) -> None:
    page = phone
    table = import_game(page, server, GAMES / "marklin_four_players.json")
    page.fill(".city-search", "koln")
    page.locator("label.place", has_text="with a passenger in Köln").click()
    tap(page, page.locator("details.city[data-key^='koln'] button.route:not(.taken)").first)
    expect(page.locator(".note")).to_contain_text("passenger in Köln")
    player = page.locator(".note").inner_text().split(" claimed")[0]
    faults: list[str] = []
    go(page, f"{table}/trip?player={player}&path=Köln")
    measure(page, "trip", faults)
    tap(page, page.locator(".steps a.button").first)  # measured once the next page is ready
    measure(page, "trip, one step on", faults)
    assert not faults, "\n".join(faults)


def test_the_measure_finds_a_small_target_and_a_broken_word(server: str, phone: Page) -> None:
    """The measure itself can fail: a 20 px link, a word cut in two (at a soft hyphen
    too), a name ended with "…" and a placeholder wider than its box are caught."""
    go(phone, server)
    phone.evaluate(
        """() => {
          const a = document.createElement('a');
          a.href = '#'; a.textContent = 'tiny'; a.style.cssText = 'font-size:10px';
          const p = document.createElement('p');
          p.style.cssText = 'width:40px;overflow-wrap:anywhere';
          p.textContent = 'Unbreakable-free Supercalifragilistic';
          const cut = document.createElement('span');
          cut.style.cssText = 'display:inline-block;width:40px;white-space:nowrap;' +
            'overflow:hidden;text-overflow:ellipsis';
          cut.textContent = 'Александра-Виктория';
          const box = document.createElement('input');
          box.style.cssText = 'width:60px';
          box.placeholder = 'Четверговый клуб любителей поездов';
          const soft = document.createElement('p');
          soft.style.cssText = 'width:60px;hyphens:manual';
          soft.textContent = 'Марш\u00adруты';
          const wide = document.createElement('div');
          wide.style.cssText = 'overflow-x:auto;width:100px';
          wide.innerHTML =
            '<table><tr><td>Маршруты</td><td>Станции</td><td>Итого</td></tr></table>';
          document.querySelector('main').append(a, p, cut, box, soft, wide);
        }"""
    )
    found = phone.evaluate(MEASURE)
    assert any('"tiny"' in s for s in found["small"])
    assert "Supercalifragilistic" in found["broken"]
    assert "Марш\u00adруты" in found["broken"]  # a soft hyphen still cuts the word
    assert "Александра-Виктория" in found["cut"]
    assert 'placeholder "Четверговый клуб любителей поездов"' in found["cut"]
    assert any("Итого" in text for text in found["cut"])  # scrolled out of sight


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_groups_page_fits_a_phone(
    server: str, phones: Callable[..., Page], language: str, width: int
) -> None:
    """A group with games on two maps, a person's line opened, one map's standings."""
    page = phones(language)
    page.set_viewport_size({"width": width, "height": 844})
    go(page, f"{server}/?lang={language}")
    one_word = "Donnerstagseisenbahnrunde"
    page.fill("#groups input[name='name']", one_word)
    tap(page, "#groups button[type=submit]")
    group = page.url.split("?")[0]
    for name in ("four_players", "europe_three_players", "five_players_final_round"):
        page.set_input_files(
            "form[action$='/import'] input[type=file]", str(GAMES / f"{name}.json")
        )
        tap(page, "form[action$='/import'] button[type=submit]")
        expect(page.locator("#standings")).to_be_visible()
    faults: list[str] = []
    _visit(page, group, faults, language)
    page.locator(".people summary").first.click()
    measure(page, f"{group} (a person opened)", faults)
    _visit(page, f"{group}?map=europe", faults, language)
    game = page.locator(".group-games a").first.get_attribute("href")
    _visit(page, server + str(game), faults, language)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_bar_says_the_last_move_whole_on_a_narrow_phone(
    server: str, phones: Callable[..., Page], language: str
) -> None:
    """Before tapping Undo a player reads what it takes back: the bar's last move is never
    cut, even a long one (a player's long name, a route of two long names, its colour and
    its track) at 320 px."""
    page = phones(language)
    page.set_viewport_size({"width": 320, "height": 700})
    go(page, f"{server}/?lang={language}")
    page.select_option("[name='map']", "usa")
    for seat, name in enumerate(["Александра-Виктория", "Бронислава"]):
        page.fill(f"[name='seats-{seat}-name']", name)
    tap(page, "form[action$='/games'] button[type=submit]")
    claim(page, "okla", "oklahoma city", "Kansas City")
    said = page.locator(".bar .last .said")
    expect(said).to_contain_text("Kansas City")
    expect(said).to_contain_text("Oklahoma City")
    cut = said.evaluate("el => el.scrollHeight - el.clientHeight")
    assert cut <= 1, f"{said.inner_text()!r} is cut by {cut} px"
    faults: list[str] = []
    measure(page, "the table at 320 px", faults)
    assert not faults, "\n".join(faults)
    page.screenshot(path=str(SCREENSHOTS / f"{language}-bar-320.png"))
