"""Telegram's signed initData, checked as Telegram documents it ("Validating data received
via the Mini App"): the test signs its own with a test token, step by step as the
documentation says, and the companion must take the good and refuse the rest."""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import re
from urllib.parse import urlencode

import pytest

from companion.web.telegram import MAX_AGE, InitDataRefused, check_init_data
from tests.web.helpers import seats

TOKEN = "123456:TEST-token-for-the-tests"
NOW = 1_800_000_000
USER = {"id": 279058397, "first_name": "Аня", "last_name": "Петрова", "language_code": "ru"}


def signed(token: str = TOKEN, **fields: str) -> str:
    """initData as Telegram makes it: the data-check-string (every field but hash, sorted,
    name=value, a line each), its HMAC-SHA-256 under HMAC-SHA-256 of the token with the
    key "WebAppData", in hexadecimal."""
    data_check_string = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret_key = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret_key, data_check_string.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def opened(**more: str) -> str:
    return signed(auth_date=str(NOW - 60), query_id="AAHdF6IQ", user=json.dumps(USER), **more)


def test_good_init_data_says_who_opened_the_app_and_from_which_link():
    found = check_init_data(opened(start_param="e_abc-DEF"), TOKEN, NOW)
    assert found.user is not None
    assert (found.user.id, found.user.name, found.user.language) == (
        279058397,
        "Аня Петрова",
        "ru",
    )
    assert found.start == "e_abc-DEF"


@pytest.mark.parametrize(
    ("init_data", "reason"),
    [
        (opened().replace("AAHdF6IQ", "AAHdF6IR"), "not signed"),  # tampered with
        (signed("654321:another-bot", auth_date=str(NOW)), "not signed"),  # another bot's
        (signed(auth_date=str(NOW - MAX_AGE - 1)), "too old"),  # expired
        (opened().split("&hash=")[0], "no hash"),  # the hash left out
        (signed(user=json.dumps(USER)), "no auth_date"),
        (signed(auth_date=str(NOW), start_param="a b"), "start parameter"),
        (signed(auth_date=str(NOW), user="{not json"), "user"),
        ("%%%", "not a query string"),
    ],
)
def test_init_data_not_signed_by_telegram_lately_is_refused(init_data, reason):
    with pytest.raises(InitDataRefused, match=reason):
        check_init_data(init_data, TOKEN, NOW)


def test_without_a_bot_token_nothing_is_taken():
    with pytest.raises(InitDataRefused, match="no bot token"):
        check_init_data(opened(), "", NOW)


def test_without_the_setting_there_is_no_mini_app_and_no_telegram_script(client):
    assert client.get("/tg").status_code == 404
    assert client.post("/tg", data={"init_data": opened()}).status_code in (400, 404)
    home = client.get("/")
    assert "telegram.org" not in home.get_data(as_text=True)
    assert "telegram.org" not in home.headers["Content-Security-Policy"]


@pytest.fixture
def telegram_app(app):
    app.config["TELEGRAM_BOT_TOKEN"] = TOKEN
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def test_the_entry_page_alone_loads_telegrams_script_and_may_be_framed_by_telegram(
    telegram_app,
):
    page = telegram_app.get("/tg")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert 'src="https://telegram.org/js/telegram-web-app.js"' in page.get_data(as_text=True)
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self' https://telegram.org" in policy
    assert "frame-ancestors https://web.telegram.org" in policy
    assert "X-Frame-Options" not in page.headers
    other = telegram_app.get("/")
    assert "telegram.org" not in other.headers["Content-Security-Policy"]
    assert other.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    ("start", "page"),
    [
        ("gAbC-12_x", "/g/AbC-12_x"),
        ("wAbC-12_x", "/w/AbC-12_x"),
        ("eAbC-12_x", "/e/w/AbC-12_x"),
        ("tAbC-12_x", "/t/AbC-12_x"),
        ("", "/"),
        ("zAbC", "/"),
    ],
)
def test_startapp_opens_the_page_the_link_named(telegram_app, monkeypatch, start, page):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    more = {"start_param": start} if start else {}
    answer = telegram_app.post("/tg", data={"init_data": opened(**more)})
    assert answer.status_code == 200
    assert answer.get_json() == {"go": page}
    with telegram_app.session_transaction() as session:
        assert session["telegram"] == {"id": 279058397, "name": "Аня Петрова"}


def test_a_tampered_init_data_opens_nothing(telegram_app, monkeypatch):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    answer = telegram_app.post("/tg", data={"init_data": opened().replace("AAHdF6IQ", "AAHdF6IR")})
    assert answer.status_code == 403 and "not signed" in answer.get_json()["problem"]
    with telegram_app.session_transaction() as session:
        assert "telegram" not in session


def test_a_player_who_opened_the_app_from_telegram_is_offered_their_telegram_name(
    telegram_app, monkeypatch
):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    home = telegram_app.get("/").get_data(as_text=True)
    assert 'value="Аня Петрова"' not in home
    telegram_app.post("/tg", data={"init_data": opened()})
    home = telegram_app.get("/").get_data(as_text=True)
    (first,) = re.findall(r'<input[^>]*name="seats-0-name"[^>]*>', home)
    assert 'value="Аня Петрова"' in first
    assert 'value="Аня Петрова"' not in home.replace(first, "")  # the first seat's only


@pytest.mark.parametrize(("code", "cookie"), [("ru", "lang=ru"), ("uk", "lang=uk"), ("de", None)])
def test_the_pages_speak_the_users_telegram_language_where_the_app_has_it(
    telegram_app, monkeypatch, code, cookie
):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    user = json.dumps({**USER, "language_code": code})
    answer = telegram_app.post("/tg", data={"init_data": signed(auth_date=str(NOW), user=user)})
    set_cookie = answer.headers.get("Set-Cookie", "")
    if cookie is None:
        assert "lang=" not in set_cookie
    else:
        assert cookie in set_cookie


def test_a_language_chosen_before_stays(telegram_app, monkeypatch):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    telegram_app.set_cookie("lang", "en")
    answer = telegram_app.post("/tg", data={"init_data": opened()})
    assert "lang=" not in answer.headers.get("Set-Cookie", "")


def test_inside_telegram_every_page_has_telegrams_script_outside_none(telegram_app, monkeypatch):
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    before = telegram_app.get("/")
    assert "telegram.org" not in before.get_data(as_text=True)
    assert "telegram.org" not in before.headers["Content-Security-Policy"]
    telegram_app.post("/tg", data={"init_data": opened()})
    inside = telegram_app.get("/")
    page = inside.get_data(as_text=True)
    assert 'src="https://telegram.org/js/telegram-web-app.js"' in page
    assert "telegram_page.js" in page
    policy = inside.headers["Content-Security-Policy"]
    assert "script-src 'self' https://telegram.org" in policy
    assert "frame-ancestors https://web.telegram.org" in policy
    assert "X-Frame-Options" not in inside.headers


# A group remembers which Telegram user is which of its players.


def _group_with_games(client, *tables: list[str]) -> str:
    """A group whose games (just started, one a table) seated these players."""
    url = client.post("/t", data={"name": "Club"}).headers["Location"]
    for names in tables:
        answer = client.post(f"{url}/games", data=seats(*names))
        assert answer.status_code == 303, answer.get_data(as_text=True)
    return url


def _from_telegram(client, monkeypatch) -> None:
    monkeypatch.setattr("companion.web.pages.telegram_app.time.time", lambda: NOW)
    assert client.post("/tg", data={"init_data": opened()}).status_code == 200
    client.get("/language/en")  # the test reads English (Telegram's user speaks Russian)


def _first_free_seats(page: str) -> list[str]:
    return re.findall(r'name="seats-\d-name"[^>]*value="([^"]*)"', page)


def test_a_game_started_in_a_group_from_telegram_remembers_the_users_seat(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Аня Петрова", "Bob"])
    page = telegram_app.get(url).get_data(as_text=True)
    assert "The group knows you as Аня Петрова" in html.unescape(page)


def test_a_telegram_user_who_says_which_player_they_are_has_their_earlier_name_merged(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    # Anna played twice before Telegram, then once under her Telegram name.
    url = _group_with_games(telegram_app, ["Anna", "Bob"], ["Anna", "Cy"], ["Аня Петрова", "Bob"])
    answer = telegram_app.post(f"{url}/telegram", data={"person": "Anna"})
    assert answer.status_code == 303
    page = html.unescape(telegram_app.get(url).get_data(as_text=True))
    assert "The group knows you as Anna" in page
    assert "Аня Петрова counts as Anna" in page  # her Telegram-name game follows her
    stats = telegram_app.get(f"{url}/stats.json").get_json()
    anna = next(p for p in stats["players"] if p["name"] == "Anna")
    assert anna["games"] == 3


def test_a_telegram_user_who_says_which_player_they_are_is_known_on_the_page_read_before(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Anna", "Bob"])
    before = html.unescape(telegram_app.get(url).get_data(as_text=True))
    assert "Which player are you?" in before and "knows you as" not in before
    # Nothing of the group's games changes: only who the user is.
    assert telegram_app.post(f"{url}/telegram", data={"person": "Anna"}).status_code == 303
    page = html.unescape(telegram_app.get(url).get_data(as_text=True))
    card = re.search(r'id="telegram".*?</section>', page, re.S)
    assert card and "The group knows you as Anna" in card[0]  # not only the tap's note


def test_the_next_game_in_the_group_offers_the_telegram_users_seat_under_their_name(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Anna", "Bob"], ["Bob", "Cy"])
    assert telegram_app.post(f"{url}/telegram", data={"person": "Anna"}).status_code == 303
    # The last game seated Bob and Cy: Anna is offered the first seat free.
    assert _first_free_seats(telegram_app.get(url).get_data(as_text=True))[:3] == [
        "Bob",
        "Cy",
        "Anna",
    ]


def test_a_telegram_user_cannot_be_a_player_who_never_played_in_the_group(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Anna", "Bob"])
    answer = telegram_app.post(f"{url}/telegram", data={"person": "Zed"})
    assert answer.status_code == 409
    assert "Nobody called Zed played in this group" in answer.get_data(as_text=True)


def test_outside_telegram_a_group_asks_nobody_who_they_are(client):
    url = _group_with_games(client, ["Anna", "Bob"])
    assert "You, from Telegram" not in client.get(url).get_data(as_text=True)


def test_a_telegram_user_who_put_right_a_wrong_choice_merges_nobody(telegram_app, monkeypatch):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Anna", "Bob"], ["Cy", "Bob"])
    assert telegram_app.post(f"{url}/telegram", data={"person": "Bob"}).status_code == 303
    assert telegram_app.post(f"{url}/telegram", data={"person": "Anna"}).status_code == 303
    page = html.unescape(telegram_app.get(url).get_data(as_text=True))
    card = re.search(r'id="telegram".*?</section>', page, re.S)
    assert card and "The group knows you as Anna" in card[0]  # not only the tap's note
    assert "counts as" not in page  # Bob is still Bob
    names = [p["name"] for p in telegram_app.get(f"{url}/stats.json").get_json()["players"]]
    assert sorted(names) == ["Anna", "Bob", "Cy"]


def test_a_telegram_name_that_sat_beside_the_player_chosen_stays_another_person(
    telegram_app, monkeypatch
):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Аня Петрова", "Anna"])
    assert telegram_app.post(f"{url}/telegram", data={"person": "Anna"}).status_code == 303
    page = html.unescape(telegram_app.get(url).get_data(as_text=True))
    card = re.search(r'id="telegram".*?</section>', page, re.S)
    assert card and "The group knows you as Anna" in card[0]  # not only the tap's note
    assert "counts as" not in page  # they played at one table: two people


def test_the_next_game_never_seats_a_merged_player_twice(telegram_app, monkeypatch):
    _from_telegram(telegram_app, monkeypatch)
    url = _group_with_games(telegram_app, ["Anna", "Bob"], ["Аня Петрова", "Bob"])
    assert telegram_app.post(f"{url}/telegram", data={"person": "Anna"}).status_code == 303
    # The last game seated her Telegram name, now merged into Anna: no second seat.
    seated = _first_free_seats(telegram_app.get(url).get_data(as_text=True))
    assert seated[:3] == ["Аня Петрова", "Bob", ""]
