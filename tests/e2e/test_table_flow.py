"""The table's flow on a phone: every turn recorded, draws included, with the bar always on
the player whose turn it is; another phone's claim arriving in place, in under a second,
without closing what this phone opened, losing what it typed or moving its board."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

from companion.rules.names import place_key
from tests.e2e.phone import (
    PHONE,
    SCREENSHOTS,
    calm,
    claim,
    drew_cards,
    go,
    more,
    ready,
    screenshot,
    start_game,
    tap,
    tap_route,
)
from tests.helpers import SIX_SPACE_ROUTES
from tests.web.helpers import route_id

SEATS = ["Ann", "Bob", "Cy", "Dee"]
CARDS, TICKETS = "Drew cards", "Drew tickets"


# A North America game for four, turn by turn in seat order: Ann spends her trains on the
# seven 6-space routes, then Dallas–Houston leaves her 2 and starts the final round; the
# others claim short routes or draw cards or tickets. Each claim: (letters typed, the
# city's search key, the route's button text).
CLAIMS_OF_OTHERS = {
    "Bob": [
        ("bost", "boston", re.compile(r"New York.*yellow")),
        ("pitt", "pitsburgh", re.compile(r"Toronto")),
        ("char", "charleston", re.compile(r"Raleigh")),
    ],
    "Cy": [
        ("mont", "montreal", re.compile(r"Toronto")),
        ("nash", "nash", re.compile(r"Atlanta")),
        ("las v", "las vegas", re.compile(r"Los Angeles")),
    ],
}


def _plan() -> list[tuple[str, object]]:
    """Every turn of the game: whose it is, and what they do."""
    others = {name: iter(claims) for name, claims in CLAIMS_OF_OTHERS.items()}
    turns: list[tuple[str, object]] = []
    for round_ in range(8):
        if round_ < len(SIX_SPACE_ROUTES):
            a, b = SIX_SPACE_ROUTES[round_]
            turns.append(("Ann", ("claim", a, b)))
        else:
            turns.append(("Ann", ("claim", "Dallas", "Houston")))
        bob = next(others["Bob"], None) if round_ % 3 == 0 else None
        turns.append(("Bob", bob or CARDS))
        cy = next(others["Cy"], None) if round_ % 3 == 1 else None
        turns.append(("Cy", cy or (TICKETS if round_ % 2 else CARDS)))
        turns.append(("Dee", TICKETS if round_ % 2 == 0 else CARDS))
    return turns


def _claim_between(page: Page, a: str, b: str) -> None:
    """Claims the route between two cities (the first track, where there are two)."""
    key = place_key(a)
    claim(page, key[:5], key, re.compile(rf"^\s*{re.escape(b)}"))


def test_a_four_player_game_records_every_turn_and_always_acts_for_the_right_player(
    server: str, phone: Page
) -> None:
    page = phone
    start_game(page, server, SEATS)
    done: list[str] = []
    for player, action in _plan():
        # The bar is on the player whose turn it is, before anyone taps a name.
        expect(page.locator(".acting a.chosen")).to_have_text(player)
        expect(page.locator(".acting a.chosen")).to_have_attribute("aria-current", "true")
        if action in (CARDS, TICKETS):
            tap(page, page.locator(".turns button", has_text=str(action)))
            what = "train cards" if action == CARDS else "tickets"
            expect(page.locator(".note")).to_have_text(f"{player} drew {what}")
            done.append(f"{player} drew {what}")
        elif isinstance(action, tuple) and action[0] == "claim":
            _kind, a, b = action
            _claim_between(page, a, b)
            expect(page.locator(".note")).to_contain_text(f"{player} claimed")
            done.append(f"{player} claimed")
        else:
            letters, key, to = action  # type: ignore[misc]
            claim(page, letters, key, to)
            expect(page.locator(".note")).to_contain_text(f"{player} claimed")
            done.append(f"{player} claimed")
    # Ann's last claim left her 2 trains: the final round, in which Bob, Cy and Dee have
    # played; Ann, who started it, has one more turn.
    expect(page.locator(".banner.final")).to_contain_text("Ann is down to 2 trains")
    expect(page.locator(".banner.final")).to_contain_text("still to play: Ann.")
    screenshot(page, "flow-1-final-round")
    expect(page.locator(".acting a.chosen")).to_have_text("Ann")
    tap(page, page.locator(".turns button", has_text=CARDS))
    done.append("Ann drew train cards")
    expect(page.locator(".banner.over")).to_contain_text("The game is over.")
    screenshot(page, "flow-2-game-over")

    # The history is the game as played: every turn, in order, newest first (the latest
    # 30 on the page, all of them one tap away).
    expect(page.locator(".history li")).to_have_count(30)
    tap(page, page.locator("#history a", has_text="Show all 33 moves"))
    history = page.locator(".history li").all_inner_texts()
    assert len(history) == len(done) == 33
    for said, entry in zip(reversed(done), history, strict=True):
        assert entry.startswith(said), (said, entry)


def test_picking_another_player_is_one_tap_and_says_it_is_out_of_turn(
    server: str, phone: Page
) -> None:
    page = phone
    start_game(page, server, SEATS)
    tap(page, page.locator(".acting a", has_text="Cy"))
    expect(page.locator(".acting a.chosen")).to_have_text("Cy")
    expect(page.locator(".acting a.turn")).to_have_text("Ann")
    expect(page.locator(".out-of-turn")).to_have_text("Cy acts out of turn: it is Ann's turn.")
    expect(page.locator(".city-search")).to_have_attribute("placeholder", "Cy: find a city")
    tap(page, page.locator(".turns button", has_text=CARDS))
    expect(page.locator(".note")).to_have_text("Cy drew train cards")
    expect(page.locator(".acting a.chosen")).to_have_text("Dee")  # the seat after Cy


def test_a_city_s_routes_show_above_the_bar_with_the_keyboard_open(
    server: str, phone: Page
) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"])
    page.locator(".city-search").tap()
    # The on-screen keyboard takes about 336 px of an 844 px screen: the page shrinks.
    page.set_viewport_size({"width": PHONE["width"], "height": 508})
    page.locator(".city-search").fill("denv")
    denver = page.locator("details.city[data-key^='denver']")
    expect(denver).to_have_attribute("open", "")
    routes = denver.locator("button.route")
    expect(routes).to_have_count(9)
    expect(page.locator(".find .now")).to_have_text("Ann")  # who acts, still in sight
    bar = page.locator(".bar").bounding_box()
    assert bar is not None
    for i in range(routes.count()):
        box = routes.nth(i).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] + 0.5, (i, box, bar)
    screenshot(page, "flow-3-keyboard-open")
    page.set_viewport_size(PHONE)


def _second_phone(phones: Callable[..., Page], url: str) -> Page:
    page = phones()
    go(page, url)
    return page


def test_another_phones_claim_arrives_in_place(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob", "Cy"])
    second = _second_phone(phones, url)
    # The second phone has Boston's routes open.
    second.locator("details.city[data-key^='boston'] summary").click()
    expect(second.locator("details.city[data-key^='boston']")).to_have_attribute("open", "")
    delays = []
    for letters, key, to, player in (
        ("hel", "helena", "Denver", "Ann"),
        ("sea", "seatle", re.compile("Portland"), "Bob"),
        ("toro", "toronto", "Montréal", "Cy"),
    ):
        claim(first, letters, key, to)
        started = time.monotonic()
        expect(second.locator(".history li").first).to_contain_text(f"{player} claimed")
        delays.append(time.monotonic() - started)
        # Still open, not reloaded: the page is the same document.
        expect(second.locator("details.city[data-key^='boston']")).to_have_attribute("open", "")
    second.evaluate("window.sameDocument = true")
    claim(first, "bost", "boston", re.compile("New York.*yellow"))
    expect(second.locator(".history li").first).to_contain_text("Ann claimed Boston–New York")
    assert second.evaluate("window.sameDocument") is True
    # The claim shows in the second phone's open city too, with who claimed it.
    yellow = second.locator("details.city[data-key^='boston'] button.route", has_text="yellow")
    expect(yellow.locator(".owner")).to_have_text("Ann")
    # How soon is measured apart, on an idle machine (benchmarks/live_update.py).
    print(f"\nanother phone's claim arrived in {max(delays):.3f} s at most ({delays})")


def test_what_a_phone_typed_survives_another_phones_claim(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = _second_phone(phones, url)
    second.locator(".city-search").fill("den")
    expect(second.locator("details.city:visible")).to_have_count(1)
    claim(first, "sea", "seatle", re.compile("Portland"))
    expect(second.locator(".history li").first).to_contain_text("Ann claimed Portland–Seattle")
    expect(second.locator(".city-search")).to_have_value("den")
    expect(second.locator(".city-search")).to_be_focused()  # the keyboard stays where it was
    expect(second.locator("details.city:visible")).to_have_count(1)
    expect(second.locator("details.city[data-key^='denver']")).to_have_attribute("open", "")
    # Now Bob's turn, on the second phone too: its forms were made on the new log.
    expect(second.locator(".acting a.chosen")).to_have_text("Bob")
    tap(second, second.locator("details.city[data-key^='denver'] button.route", has_text="Helena"))
    expect(second.locator(".note")).to_contain_text("Bob claimed Denver–Helena")


def test_the_board_keeps_its_zoom_and_place_when_another_phone_claims(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = _second_phone(phones, url + "/board")
    second.locator("[data-zoom='1.5']").click()
    frame = second.locator(".picture")
    frame.evaluate("f => { f.scrollLeft = 700; f.scrollTop = 300; }")
    before = frame.evaluate("f => [f.scrollLeft, f.scrollTop, f.querySelector('svg').clientWidth]")
    helena = route_id("Denver", "Helena")
    expect(second.locator(f"#route-{helena}")).to_have_class(re.compile(r"\bfree\b"))
    claim(first, "hel", "helena", "Denver")
    expect(second.locator(f"#route-{helena}")).to_have_class(re.compile(r"\bclaimed\b"))
    after = frame.evaluate("f => [f.scrollLeft, f.scrollTop, f.querySelector('svg').clientWidth]")
    assert after == before, (before, after)
    assert before[0] > 0 and before[1] > 0  # scrolled away from the corner
    screenshot(second, "flow-4-board-after-a-claim")


def test_a_refused_claim_is_not_sent_again_by_a_reload(server: str, phone: Page) -> None:
    page = phone
    url = start_game(page, server, ["Ann", "Bob", "Cy"])
    claim(page, "bost", "boston", re.compile("New York.*yellow"))
    expect(page.locator(".note")).to_contain_text("Ann claimed")
    claim(page, "bost", "boston", re.compile("New York.*red"))  # closed with 3 players
    expect(page.locator(".problem")).to_contain_text("only one of the two Boston–New York")
    # The address bar shows the table's address, not the claim's.
    expect(page).to_have_url(re.compile(rf"^{re.escape(url)}(\?|$)"))
    page.reload()
    expect(page.locator(".problem")).to_have_count(0)
    assert len(page.locator(".history li").all_inner_texts()) == 1


def test_a_watching_phone_follows_the_game_without_reloading(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    watch = first.locator("#share a.button", has_text="Open").get_attribute("href")
    assert watch and "/w/" in watch
    watcher = _second_phone(phones, watch)
    watcher.evaluate("window.sameDocument = true")
    claim(first, "hel", "helena", "Denver")
    expect(watcher.locator(".history li").first).to_contain_text("Ann claimed Denver–Helena")
    assert watcher.evaluate("window.sameDocument") is True
    expect(watcher.locator(".players")).to_contain_text("Ann 7")
    assert url not in watcher.content()  # never the playing address


def test_an_open_route_sheet_follows_another_phones_claim(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = _second_phone(phones, url + "/board")
    helena = route_id("Denver", "Helena")
    tap_route(second, helena)
    sheet = second.locator("#route-sheet")
    expect(sheet.locator(f"li[data-route='{helena}'] button")).to_contain_text(
        "Claim Denver–Helena"
    )
    claim(first, "hel", "helena", "Denver")
    expect(sheet).to_be_visible()
    expect(sheet.locator(f"li[data-route='{helena}']")).to_contain_text("Already claimed by Ann.")
    expect(sheet.locator(f"li[data-route='{helena}'] button")).to_have_count(0)


def test_the_board_asks_for_the_player_whose_turn_it_is_now(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = _second_phone(phones, url + "/board")  # opened on Ann's turn
    claim(first, "hel", "helena", "Denver")  # Ann's turn, on the other phone
    expect(second.locator("main > p.hint")).to_contain_text("for Bob")
    tap_route(second, route_id("Seattle", "Portland", track=1))
    expect(second.locator("#route-sheet input[name=player][value=Bob]")).to_be_checked()


def test_a_page_whose_form_was_sent_takes_no_live_update(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    first = phone
    url = start_game(first, server, ["Ann", "Bob"])
    second = _second_phone(phones, url)
    # The second phone sends "Drew cards", held back here so that its page stays; it counts
    # the live updates it hears and the requests it sends for them.
    second.evaluate(
        """() => {
          document.querySelectorAll('.turns form').forEach(
            f => f.addEventListener('submit', e => e.preventDefault()));
          window.heard = 0;
          window.sent = 0;
          // A page the stream brings is heard before it would be swapped in.
          ['htmx:sseMessage', 'htmx:sseBeforeMessage'].forEach(name =>
            document.body.addEventListener(name, () => window.heard++));
          document.body.addEventListener('htmx:beforeSend', () => window.sent++);
        }"""
    )
    before = second.locator("input[name=token]").first.input_value()
    second.locator(".turns button", has_text=CARDS).click()
    claim(first, "hel", "helena", "Denver")
    heard = second.evaluate(
        """() => new Promise((done, fail) => {
          if (window.heard) return done(window.heard);
          ['htmx:sseMessage', 'htmx:sseBeforeMessage'].forEach(name =>
            document.body.addEventListener(name, () => done(window.heard)));
          setTimeout(() => fail(new Error('no live update came')), 30000);
        })"""
    )
    assert heard >= 1  # the update came, and the page did not fetch itself for it
    assert second.evaluate("window.sent") == 0
    expect(second.locator(".history li")).to_have_count(0)
    assert second.locator("input[name=token]").first.input_value() == before


def test_a_second_tap_on_the_page_that_answers_the_first_does_nothing(
    server: str, phone: Page
) -> None:
    """A double tap slow enough to land on the page that answers the first tap: the
    second lands on that page's Undo (which names the action before), or on its "Drew
    cards" (for the next player), and is taken as the end of the first. The page's clock
    stands still here, so the moment after each write lasts until the test lets it pass."""
    page = phone
    start_game(page, server, ["Ann", "Bob", "Cy"])
    claim(page, "hel", "helena", "Denver")
    claim(page, "sea", "seatle", re.compile("Portland"))
    calm(page)
    now = time.time()
    page.clock.install(time=now)
    page.clock.pause_at(now + 1)
    undo = page.locator(".bar .last button")
    tap(page, undo)
    expect(page.locator(".note")).to_contain_text("Undone: Bob claimed Portland–Seattle")
    page_shown = ready(page)
    undo.click()  # Undo now names Ann's claim
    assert ready(page) == page_shown  # no form was sent: the same page, still ready
    expect(page.locator(".history li.undone")).to_have_count(1)
    expect(page.locator(".bar .last .said")).to_contain_text("Ann claimed Denver–Helena")

    page.clock.run_for(1000)  # the moment passes
    cards = page.locator(".turns button", has_text=CARDS)
    tap(page, cards)
    expect(page.locator(".note")).to_have_text("Bob drew train cards")
    page_shown = ready(page)
    cards.click()  # Cy's, on the new page
    assert ready(page) == page_shown
    assert page.locator(".history li").all_inner_texts()[0].startswith("Bob drew")
    # Past the moment, a tap is a tap.
    page.clock.run_for(1000)
    tap(page, cards)
    expect(page.locator(".note")).to_have_text("Cy drew train cards")


def test_a_claim_made_on_the_board_comes_back_to_the_board_as_it_was(
    server: str, phone: Page
) -> None:
    page = phone
    url = start_game(page, server, ["Ann", "Bob"])
    go(page, url + "/board")
    page.locator("[data-zoom='1.5']").click()
    helena = route_id("Denver", "Helena")
    tap_route(page, helena)
    frame = page.locator(".picture")
    before = frame.evaluate("f => [f.style.getPropertyValue('--zoom'), f.scrollLeft, f.scrollTop]")
    tap(page, page.locator("#route-sheet button", has_text="Claim Denver–Helena"))
    expect(page.locator(".note")).to_contain_text("Ann claimed Denver–Helena")
    assert page.url.split("?")[0] == url + "/board"
    expect(page.locator(f"#route-{helena}")).to_have_class(re.compile(r"\bclaimed\b"))
    after = frame.evaluate("f => [f.style.getPropertyValue('--zoom'), f.scrollLeft, f.scrollTop]")
    assert after == before


def test_the_more_sheet_shows_the_qr_codes_that_bring_other_phones(
    server: str, phone: Page
) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"])
    codes = page.locator("#share .qr img")
    more(page)
    page.locator("#share").scroll_into_view_if_needed()
    expect(codes).to_have_count(2)
    for code in codes.all():
        expect(code).to_be_visible()
        loaded = "image => image.complete && image.naturalWidth > 0"
        page.wait_for_function(loaded, arg=code.element_handle())
    screenshot(page, "more-qr-codes")


def test_the_phone_that_claims_stays_on_its_page_and_sees_its_note_with_the_list_closed(
    server: str, phone: Page
) -> None:
    page = phone
    url = start_game(page, server, ["Ann", "Bob"])
    page.evaluate("() => { window.sameDocument = true; }")
    claim(page, "hel", "helena", "Denver")
    # Answered in place: the same page, as a page loaded anew would show it.
    assert page.evaluate("window.sameDocument") is True
    note = page.locator("main > .note")
    expect(note).to_have_text("Ann claimed Denver–Helena (green): +7")
    expect(note).to_be_in_viewport()
    expect(page.locator(".city-search")).to_have_value("")
    expect(page.locator("details.city[open]")).to_have_count(0)
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bsearching\b"))
    assert page.evaluate("document.activeElement === document.body")
    expect(page.locator(".acting a.chosen")).to_have_text("Bob")
    expect(page.locator(".history li").first).to_contain_text("Ann claimed Denver–Helena")
    page.screenshot(path=str(SCREENSHOTS / "flow-5-own-claim-in-place.png"))
    # The page's forms carry the new stamp: Bob's draw is recorded, not refused as stale.
    drew_cards(page, "Bob")
    expect(note).to_have_text("Bob drew train cards")
    assert page.url.rstrip("/").endswith(url.rsplit("/", 1)[-1])
