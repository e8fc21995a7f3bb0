"""The companion as a Telegram Mini App on a phone (390×844): Telegram's script stubbed as
Telegram provides it (the signed initData, the theme, the Back button), the link's
startapp opening the table it names, in Telegram's dark theme, Telegram's Back button
going back; a phone outside Telegram asks nothing of Telegram."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.e2e.conftest import TELEGRAM_TOKEN
from tests.e2e.phone import go, post_record, ready, screenshot, tap
from tests.helpers import game_record

SCRIPT = "https://telegram.org/js/telegram-web-app.js"
# Telegram's light theme, a blue accent and a pale page.
THEME = {"bg_color": "#f1f6fb", "text_color": "#000000", "hint_color": "#707579",
         "button_color": "#3390ec", "secondary_bg_color": "#ffffff"}  # fmt: skip


def init_data(start: str) -> str:
    """initData as Telegram signs it (tests/web/test_telegram.py checks the algorithm)."""
    fields = {
        "auth_date": str(int(time.time())),
        "query_id": "AAHdF6IQ",
        "start_param": start,
        "user": json.dumps({"id": 42, "first_name": "Аня", "language_code": "ru"}),
    }
    checked = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    key = hmac.new(b"WebAppData", TELEGRAM_TOKEN.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(key, checked.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def stub(signed: str, scheme: str = "light") -> str:
    """Telegram's script as a page inside Telegram sees it: the WebApp object, each call
    of its Back button noted in the page's session storage (it outlives the page)."""
    return f"""
    (function () {{
      function note(what) {{
        var said = JSON.parse(sessionStorage.getItem("telegram") || "[]");
        said.push(what);
        sessionStorage.setItem("telegram", JSON.stringify(said));
      }}
      window.Telegram = {{WebApp: {{
        initData: {json.dumps(signed)},
        colorScheme: {json.dumps(scheme)},
        themeParams: {json.dumps(THEME)},
        ready: function () {{ note("ready"); }},
        onEvent: function () {{}},
        BackButton: {{
          show: function () {{ note("back shown"); }},
          hide: function () {{ note("back hidden"); }},
          onClick: function (act) {{ window.telegramBack = act; }}
        }}
      }}}};
    }})();"""


def game_id(table: str) -> str:
    return table.rsplit("/", 1)[1]


def opened_in_telegram(page: Page, server: str, table: str, script: str) -> list[str]:
    """The Mini App opened from a link to ``table``, Telegram's script being ``script``;
    once the table is ready, the addresses of Telegram's script the pages asked for so far
    (the list grows as pages are opened)."""
    asked: list[str] = []

    def telegram(route):
        asked.append(route.request.url)
        route.fulfill(content_type="text/javascript", body=script)

    page.route(SCRIPT, telegram)
    page.goto(server + "/tg")
    page.wait_for_url(table)
    ready(page)
    return asked


def test_a_link_from_a_clubs_chat_opens_its_table_in_telegrams_theme_with_its_back_button(
    server: str, phone: Page
) -> None:
    page = phone
    go(page, server)
    table = post_record(page, server, game_record("india_two_players"))
    asked = opened_in_telegram(page, server, table, stub(init_data("g" + game_id(table))))
    # Telegram's theme on the page: its page colour and its accent on the header; the
    # first page the app opened: no Back button.
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(241, 246, 251)"
    header = page.evaluate("getComputedStyle(document.querySelector('.top')).backgroundColor")
    assert header == "rgb(51, 144, 236)"
    expect(page.locator("html")).to_have_attribute("data-telegram", "light")
    noted = page.evaluate("JSON.parse(sessionStorage.getItem('telegram'))")
    assert noted[-1] == "back hidden"
    # Telegram's language: the pages speak Russian.
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    screenshot(page, "tg1-table-in-telegram")

    tap(page, "nav >> text=Поле")
    assert page.evaluate("JSON.parse(sessionStorage.getItem('telegram'))")[-1] == "back shown"
    page.evaluate("window.telegramBack()")
    page.wait_for_url(table)
    assert len(asked) >= 3  # the entry, the table, the board: each page inside Telegram


def test_a_phone_outside_telegram_asks_nothing_of_telegram(server: str, phone: Page) -> None:
    page = phone
    asked: list[str] = []
    page.route("https://telegram.org/**", lambda route: (asked.append(route.request.url),
                                                        route.abort()))  # fmt: skip
    go(page, server)
    table = post_record(page, server, game_record("india_two_players"))
    go(page, table)
    go(page, table + "/board")
    assert asked == []
    assert "telegram.org" not in page.content()


def test_in_telegrams_dark_theme_the_pages_take_their_dark_look_and_telegrams_colours(
    server: str, phone: Page
) -> None:
    page = phone
    go(page, server)
    table = post_record(page, server, game_record("india_two_players"))
    dark = {
        **THEME,
        "bg_color": "#17212b",
        "text_color": "#f5f5f5",
        "secondary_bg_color": "#232e3c",
    }
    body = stub(init_data("g" + game_id(table)), "dark").replace(
        json.dumps(THEME), json.dumps(dark)
    )
    opened_in_telegram(page, server, table, body)
    expect(page.locator("html")).to_have_attribute("data-telegram", "dark")
    # Telegram's page, card and text colours; the pages' own dark look beneath them (a
    # claim button, which Telegram gives no colour for, dark too).
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(23, 33, 43)"
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(245, 245, 245)"
    bar = page.evaluate("getComputedStyle(document.querySelector('.bar')).backgroundColor")
    assert bar == "rgb(35, 46, 60)"
    button = page.evaluate(
        "getComputedStyle(document.querySelector('.turns button')).backgroundColor"
    )
    assert button == "rgb(44, 48, 53)"  # the dark look's button, not the light one's
    header = page.evaluate("getComputedStyle(document.querySelector('.top')).backgroundColor")
    assert header == "rgb(51, 144, 236)"
    screenshot(page, "tg2-dark-table")


def test_a_group_opened_from_telegram_remembers_which_player_the_user_is(
    server: str, phone: Page
) -> None:
    page = phone
    go(page, server)
    page.fill("#groups input[name='name']", "Четверг")
    tap(page, "#groups button:has-text('Start a group')")
    group = page.url
    for seat, name in enumerate(["Anna", "Bob"]):
        page.fill(f"#new [name='seats-{seat}-name']", name)
    tap(page, "#new button:has-text('Start the game')")

    opened_in_telegram(page, server, group, stub(init_data("t" + group.rsplit("/", 1)[1])))
    card = page.locator("#telegram")
    expect(card).to_contain_text("Кто вы из игроков?")
    card.locator("select").select_option("Anna")
    tap(page, card.locator("button"))
    expect(page.locator("main > .note")).to_have_text("Компания знает вас как Anna.")
    expect(card).to_contain_text("Компания знает вас как Anna")
    screenshot(page, "tg3-group-knows-you")
