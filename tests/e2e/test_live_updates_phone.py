"""Every phone after every update: a game opened on a second phone before its first move
keeps working there, its city search, city list, board and bar (the board's too), whatever
the first phone records (claims, draws, an Undo), and shows each of them as it happens."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from companion.rules.map_file import load_board
from tests.e2e.phone import claim, drew_cards, go, start_game, tap, tap_route
from tests.web.helpers import route_id

# What the first phone records, turn by turn: (what, its player, the route's two cities).
# The Undo takes back the claim before it, which the turn after it then replaces.
UPDATES: list[tuple[str, str, tuple[str, str] | None]] = [
    ("claim", "Ann", ("Helena", "Denver")),
    ("cards", "Bob", None),
    ("claim", "Cy", ("Toronto", "Montréal")),
    ("tickets", "Ann", None),
    ("claim", "Bob", ("Seattle", "Portland")),
    ("undo", "Bob", ("Seattle", "Portland")),
    ("cards", "Bob", None),
    ("claim", "Cy", ("Las Vegas", "Los Angeles")),
    ("claim", "Ann", ("Boston", "New York")),
    ("tickets", "Bob", None),
]
SEARCHED = {  # what a player types, and the city's search key
    "Helena": ("hel", "helena"),
    "Toronto": ("toro", "toronto"),
    "Seattle": ("sea", "seatle"),
    "Las Vegas": ("las v", "las vegas"),
    "Boston": ("bost", "boston"),
}
ROUTES = {
    ("Helena", "Denver"): route_id("Denver", "Helena"),
    ("Toronto", "Montréal"): route_id("Toronto", "Montréal"),
    ("Seattle", "Portland"): route_id("Seattle", "Portland", track=1),
    ("Las Vegas", "Los Angeles"): route_id("Las Vegas", "Los Angeles"),
    ("Boston", "New York"): route_id("Boston", "New York", color="yellow"),
}
CITIES = len(load_board("usa").cities)
WORDS = {"cards": "drew train cards", "tickets": "drew tickets", "claim": "claimed"}


def _record(first: Page, what: str, player: str, route: tuple[str, str] | None) -> str:
    """Records one update on the first phone; what the bar's last move then says."""
    if what == "undo":
        tap(first, ".bar .last button")
        expect(first.locator(".note")).to_contain_text(f"Undone: {player} claimed")
        return ""
    if what in ("cards", "tickets"):
        drew_cards(first, player, "Drew cards" if what == "cards" else "Drew tickets")
    else:
        assert route
        letters, key = SEARCHED[route[0]]
        to = "New York" if route[0] == "Boston" else route[1]
        yellow = ".*yellow" if to == "New York" else ""
        claim(first, letters, key, re.compile(re.escape(to) + yellow))
    return f"{player} {WORDS[what]}"


def _found(page: Page, city: str) -> Locator:
    """Typing a few letters of ``city`` leaves that city alone in the list, open."""
    letters, key = SEARCHED[city]
    page.locator(".city-search").fill(letters)
    expect(page.locator(".city-search")).to_have_attribute("data-found", letters)
    expect(page.locator("details.city:visible")).to_have_count(1)
    found = page.locator(f"details.city[data-key^='{key}']")
    expect(found).to_have_attribute("open", "")
    return found


def _cleared(page: Page) -> None:
    """An empty search box lists every city again."""
    page.locator(".city-search").fill("")
    expect(page.locator("details.city:visible")).to_have_count(CITIES)


def test_a_phone_that_opened_the_game_before_its_first_move_follows_every_update(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob", "Cy"])
    table, board = phones(), phones()
    go(table, url)
    go(board, f"{url}/board")
    # Each page counts the pages its stream brought, and those it had to fetch itself.
    counting = """() => {
      window.sameDocument = true;
      window.brought = 0;
      window.fetched = 0;
      document.body.addEventListener('htmx:sseBeforeMessage', () => window.brought++);
      document.body.addEventListener('htmx:beforeRequest', event => {
        if (event.detail.elt.closest('.live')) window.fetched++;
      });
    }"""
    for page in (first, table, board):
        page.evaluate(counting)
    claimed: dict[tuple[str, str], str] = {}
    said: list[str] = []
    for what, player, route in UPDATES:
        saying = _record(first, what, player, route)
        if what == "undo":
            assert route
            claimed.pop(route)
            said.pop()
        else:
            said.append(saying)
            if route:
                claimed[route] = player
        # The bar says the last move (after the Undo, the one before the claim it took back),
        # on the table and on the board alike.
        expect(table.locator(".bar .last .said")).to_contain_text(said[-1])
        expect(board.locator(".bar .last .said")).to_contain_text(said[-1])
        # The search still finds a city, and its list says who owns each of its routes.
        for (a, b), owner in claimed.items():
            routes = _found(table, a).locator("button.route", has_text=b)
            expect(routes.locator(".owner").first).to_have_text(owner)
            _cleared(table)
        if what == "undo":
            assert route
            routes = _found(table, route[0]).locator("button.route", has_text=route[1])
            expect(routes.locator(".owner")).to_have_count(0)
            _cleared(table)
        # The board draws each claim, and a tap on a route still opens its sheet.
        for route_cities, route_number in ROUTES.items():
            drawn = board.locator(f"#route-{route_number}")
            if route_cities in claimed:
                expect(drawn).to_have_class(re.compile(r"\bclaimed\b"))
            else:
                expect(drawn).to_have_class(re.compile(r"\bfree\b"))
        tap_route(board, route_id("Kansas City", "Omaha", track=1))
        sheet = board.locator("#route-sheet")
        expect(sheet).to_be_visible()
        board.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
    # Every update arrived in place, brought by the stream: no page was loaded again, nor
    # fetched itself, the phone that made every move included (its forms answered in
    # place, its own moves brought by its stream like the others').
    for page in (first, table, board):
        assert page.evaluate("window.sameDocument") is True
        assert page.evaluate("window.brought") > 0
        assert page.evaluate("window.fetched") == 0


def test_a_phones_note_stays_until_the_table_moves_on(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = phones()
    go(second, url)
    drew_cards(second, "Ann")  # the second phone records Ann's draw: its note says so
    note = second.locator("main > .note")
    expect(note).to_contain_text("Ann drew train cards")
    expect(first.locator(".history li").first).to_contain_text("Ann drew train cards")
    expect(first.locator("main > .note")).to_have_count(0)  # a note is the phone's own
    expect(note).to_be_visible()  # the update its own tap made leaves it
    claim(first, "hel", "helena", "Denver")  # Bob's claim, on the first phone
    expect(second.locator(".history li").first).to_contain_text("Bob claimed")
    expect(note).to_have_count(0)
    expect(first.locator("main > .note")).to_contain_text("Bob claimed")


def test_another_phones_move_is_read_out_once_by_a_screen_reader(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    listener = phones()
    go(listener, url)
    status = listener.locator("#announce")
    expect(status).to_have_attribute("role", "status")  # read politely, when the reader is free
    expect(status).to_have_text("")
    claim(first, "hel", "helena", "Denver")
    expect(status).to_have_text("Ann claimed Denver–Helena (green)")
    # The phone that made the move reads out its note, once, not the move again.
    expect(first.locator("#announce")).to_have_text("Ann claimed Denver–Helena (green): +7")
    drew_cards(first, "Bob")
    expect(status).to_have_text("Bob drew train cards")  # the move alone, not the page
    tap(first, ".bar .last button")  # Undo
    expect(status).to_have_text("Bob drew train cards (undone)")


def test_a_search_typed_in_keeps_its_letters_and_says_whose_turn_it_now_is(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    """A phone whose player is typing a city when another phone records a move keeps the
    letters typed, and its search names the player whose turn it now is (a slow network
    brings a phone's own move by its stream before its search is emptied, too)."""
    url = start_game(phone, server, ["Ann", "Bob"])
    other = phones()
    go(other, url)
    search = other.locator(".city-search")
    expect(search).to_have_attribute("placeholder", "Ann: find a city")
    search.fill("tor")  # typed, not sent
    claim(phone, "hel", "helena", re.compile("Denver"))
    expect(other.locator(".bar .last .said")).to_contain_text("Ann claimed")
    expect(search).to_have_value("tor")
    expect(search).to_have_attribute("placeholder", "Bob: find a city")
