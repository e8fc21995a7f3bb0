"""A phone that loses the connection (the browser's own offline switch): the page says it no
longer follows the game, and since when; the taps made meanwhile wait on the page, and are
sent once each, in order, when the connection is back, or refused with the reason when
another phone moved meanwhile; the app opens without the connection to its shell, which
leads to the pages the phone kept."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.e2e.phone import go, ready, start_game, tap

WAITING = "#offline ol.waiting li > span"  # each tap that waits, in words


def kept(page: Page, table: str) -> None:
    """Opens the table once the service worker runs the page, so that the worker keeps it."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    go(page, table)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")


def offline_at_a_new_table(
    page: Page, server: str, names: list[str] | None = None, **start: str
) -> str:
    """A game started on the phone, its table kept by the worker, then the phone offline;
    the table's address."""
    table = start_game(page, server, names or ["Ann", "Bob"], **start)
    kept(page, table)
    page.context.set_offline(True)
    return table


def history(page: Page) -> list[str]:
    """The history as the table lists it, newest first."""
    return [" ".join(line.split()) for line in page.locator(".history li").all_inner_texts()]


def find_city(page: Page, letters: str, key: str) -> None:
    """Types a city's first letters in the bar and waits for its routes to open."""
    page.fill(".city-search", letters)
    expect(page.locator(".city-search")).to_have_attribute("data-found", letters)
    expect(page.locator(f"details.city[data-key^='{key}']")).to_have_attribute("open", "")


def test_taps_made_offline_wait_and_are_recorded_once_each_in_order(
    phone: Page, phones: Callable[..., Page], server: str
) -> None:
    table = offline_at_a_new_table(phone, server)
    expect(phone.locator("#offline")).to_contain_text("Not following the game live since")

    phone.locator(".turns button", has_text="Drew cards").click()  # Ann's turn
    expect(phone.locator(WAITING)).to_have_text(["Ann drew train cards"])
    expect(phone.locator("#offline")).to_contain_text(
        "Not sent yet — will be sent when the connection is back:"
    )
    # The next seat acts on the phone (nothing is refereed here: the server will say).
    expect(phone.locator(".acting a.chosen")).to_have_text("Bob")
    expect(phone.locator(".players li.chosen .who")).to_have_text("Bob")
    expect(phone.locator("#claim h2")).to_have_text("Bob claims a route")
    expect(phone.locator("#offline")).to_contain_text(
        "Bob acts (chosen on this phone without the connection)."
    )
    find_city(phone, "hel", "helena")
    phone.locator("details.city[data-key^='helena'] button.route", has_text="Denver").click()
    expect(phone.locator(WAITING)).to_have_count(2)
    expect(phone.locator(WAITING).nth(1)).to_contain_text("Bob: Helena – Denver")
    # The route waits, not to be claimed twice; the search is put away, the bar is back.
    expect(
        phone.locator("details.city[data-key^='helena'] button.route.waiting-tap")
    ).to_be_disabled()
    expect(phone.locator(".city-search")).to_have_value("")
    expect(phone.locator(".acting a.chosen")).to_have_text("Ann")

    other = phones()  # another phone at the table: nothing is recorded yet
    go(other, table)
    expect(other.locator(".history li")).to_have_count(0)

    before = ready(phone)
    phone.context.set_offline(False)
    phone.wait_for_selector(f"html[data-ready]:not([data-ready='{before}'])", state="attached")
    expect(phone.locator("main > .note")).to_have_text(
        [
            re.compile(r"^Sent when the connection came back: Ann drew train cards"),
            re.compile(r"^Sent when the connection came back: Bob claimed Denver–Helena"),
        ]
    )
    expect(phone.locator("#offline")).to_be_hidden()
    assert history(phone) == ["Bob claimed Denver–Helena (green)", "Ann drew train cards"]
    expect(other.locator(".history li").first).to_contain_text("Bob claimed Denver–Helena")
    assert history(other) == history(phone)


def test_a_tap_made_offline_is_refused_with_the_reason_when_another_phone_moved(
    phone: Page, phones: Callable[..., Page], server: str
) -> None:
    table = offline_at_a_new_table(phone, server)
    find_city(phone, "hel", "helena")
    phone.locator("details.city[data-key^='helena'] button.route", has_text="Denver").click()
    expect(phone.locator(WAITING)).to_have_text([re.compile(r"^Ann: Helena – Denver")])

    other = phones()  # meanwhile, Ann's draw is recorded on another phone
    go(other, table)
    tap(other, other.locator(".turns button", has_text="Drew cards"))

    before = ready(phone)
    phone.context.set_offline(False)
    phone.wait_for_selector(f"html[data-ready]:not([data-ready='{before}'])", state="attached")
    expect(phone.locator("main > .problem")).to_contain_text("Not recorded: Ann: Helena – Denver")
    expect(phone.locator("main > .problem")).to_contain_text(
        "the game changed on another phone since this page was shown"
        " (the last action now: Ann drew train cards)"
    )
    assert history(phone) == ["Ann drew train cards"]


def test_a_page_offline_for_a_minute_says_since_when(phone: Page, server: str) -> None:
    table = start_game(phone, server, ["Ann", "Bob"])
    phone.clock.install()
    go(phone, table)
    lost = phone.evaluate(
        "new Date().toLocaleTimeString('en', {hour: 'numeric', minute: '2-digit'})"
    )
    phone.context.set_offline(True)
    phone.clock.fast_forward("01:05")
    expect(phone.locator("#offline")).to_contain_text(f"Not following the game live since {lost}.")


def test_the_app_opens_offline_from_the_home_screen_to_its_shell(phone: Page, server: str) -> None:
    offline_at_a_new_table(phone, server)
    go(phone, server + "/")  # the home screen's icon opens the start page
    expect(phone.locator("h1")).to_have_text("No connection")
    kept_table = phone.locator(".kept a", has_text="Table · North America")
    expect(kept_table).to_have_attribute("href", re.compile("/g/"))
    tap(phone, kept_table)
    expect(phone.locator("#offline")).to_contain_text(
        "No connection: this page shows the game as of"
    )
    expect(phone.locator(".acting a.chosen")).to_have_text("Ann")


def test_a_games_board_and_score_sheet_read_offline_though_never_opened(
    phone: Page, server: str
) -> None:
    table = start_game(phone, server, ["Ann", "Bob"])
    kept(phone, table)
    for page in ("/board", "/sheet"):  # kept by the worker as the table was read
        phone.wait_for_function(
            "address => caches.open('pages').then(c => c.match(address)).then(Boolean)",
            arg=new_path(table) + page,
        )
    phone.context.set_offline(True)
    go(phone, table + "/board")
    expect(phone.locator("#offline")).to_contain_text(
        "No connection: this page shows the game as of"
    )
    expect(phone.locator("#picture svg")).to_be_visible()
    go(phone, table + "/sheet")
    expect(phone.locator("h1")).not_to_have_text("No connection")
    expect(phone.locator("#offline")).to_contain_text(
        "No connection: this page shows the game as of"
    )


def new_path(address: str) -> str:
    """An address's path, as the worker keeps a page under it."""
    return "/" + address.split("/", 3)[3]


def test_a_russian_phone_says_in_russian_what_waits(
    phones: Callable[..., Page], server: str
) -> None:
    phone = phones("ru-RU")
    offline_at_a_new_table(phone, server, ["Аня", "Боря"], button="Начать игру")
    expect(phone.locator("#offline")).to_contain_text("Страница не следит за игрой вживую с")
    phone.locator(".turns button", has_text="Взять карты вагонов").click()
    expect(phone.locator("#offline")).to_contain_text(
        "Ещё не отправлено — отправится, когда вернётся связь:"
    )
    expect(phone.locator(WAITING)).to_have_text(["Аня: взяты карты вагонов"])


def test_a_double_tap_made_offline_waits_as_one_tap(phone: Page, server: str) -> None:
    offline_at_a_new_table(phone, server)
    phone.locator(".turns button", has_text="Drew cards").dblclick()
    expect(phone.locator(WAITING)).to_have_text(["Ann drew train cards"])


def test_undo_without_the_connection_takes_back_the_last_tap_that_waits(
    phone: Page, server: str
) -> None:
    table = start_game(phone, server, ["Ann", "Bob"])
    tap(phone, phone.locator(".turns button", has_text="Drew cards"))  # Ann, online
    kept(phone, table)
    phone.context.set_offline(True)
    find_city(phone, "hel", "helena")
    phone.locator("details.city[data-key^='helena'] button.route", has_text="Denver").click()
    expect(phone.locator(WAITING)).to_have_text([re.compile(r"^Bob: Helena – Denver")])
    phone.locator(".bar .last button").click()  # Undo
    expect(phone.locator(WAITING)).to_have_count(0)
    expect(phone.locator(".acting a.chosen")).to_have_text("Bob")  # Bob acts again
    find_city(phone, "hel", "helena")
    expect(
        phone.locator("details.city[data-key^='helena'] button.route", has_text="Denver")
    ).to_be_enabled()
    # With nothing waiting, Undo needs the connection: Ann's draw stays recorded.
    phone.fill(".city-search", "")
    phone.locator(".city-search").blur()
    phone.locator(".bar .last button").click()
    expect(phone.locator("#offline .needs")).to_have_text(
        "This needs the connection: nothing was sent."
    )


def test_back_online_with_nothing_waiting_the_page_follows_the_game_again(
    phone: Page, server: str
) -> None:
    offline_at_a_new_table(phone, server)
    phone.locator(".acting a", has_text="Bob").click()
    expect(phone.locator("#offline")).to_contain_text("Bob acts (chosen on this phone")
    phone.context.set_offline(False)
    expect(phone.locator("#offline")).to_be_hidden()
    expect(phone.locator(".acting a.chosen")).to_have_text("Ann")  # whose turn it is
