"""After a change, every phone at the table fetches its page again (a live update): the
page is made once per version of the game and shared, each phone's copy carrying its own
form tokens, which record its next tap as any page's do."""

from __future__ import annotations

import re

import pytest

from companion.web import create_app, table_view
from companion.web.pages import watch
from companion.web.shared_page import MOST_KEPT
from companion.web.stamps import CSRF_MARK, TOKEN_MARK
from tests.databases import fresh_database
from tests.web.helpers import route_id, seats

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
TOKEN = re.compile(r'name="token" value="([^"]+)"')
LIVE = {"HX-Request": "true"}
SERVED = re.compile(r'data-(?:made|now)="[^"]*"')  # when each copy was served


@pytest.fixture
def guarded(tmp_path):  # type: ignore[no-untyped-def]
    """An app whose forms carry Flask-WTF's protection, as a served one's do."""
    settings = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": True}
    database = fresh_database(tmp_path / "c.sqlite")
    return create_app({**settings, "DATABASE": database}, instance_path=tmp_path)


def _csrf(page: str) -> str:
    return CSRF.findall(page)[0]


def _started(app) -> tuple[str, list]:  # type: ignore[no-untyped-def]
    """A game, and four phones that have each loaded its table page (each a session)."""
    host = app.test_client()
    form = {**seats("Ann", "Bob"), "csrf_token": _csrf(host.get("/").get_data(as_text=True))}
    answer = host.post("/games", data=form)
    assert answer.status_code == 303
    url = answer.headers["Location"].split("?")[0]
    phones = [host] + [app.test_client() for _ in range(3)]
    for phone in phones:
        assert phone.get(url).status_code == 200
    return url, phones


def _counting(monkeypatch, module) -> list[str]:  # type: ignore[no-untyped-def]
    made: list[str] = []
    original = module.render_template

    def counted(name, **context):  # type: ignore[no-untyped-def]
        made.append(name)
        return original(name, **context)

    monkeypatch.setattr(module, "render_template", counted)
    return made


def _drew(phone, url: str) -> None:  # type: ignore[no-untyped-def]
    """A turn drawing cards, sent from the phone's table page."""
    page = phone.get(url).get_data(as_text=True)
    turn = {"csrf_token": _csrf(page), "token": TOKEN.findall(page)[0], "player": "Ann"}
    assert phone.post(f"{url}/turn", data={**turn, "drew": "cards"}).status_code == 303


def test_the_phones_of_a_table_share_one_making_of_the_page_after_a_change(guarded, monkeypatch):
    url, phones = _started(guarded)
    _drew(phones[0], url)
    made = _counting(monkeypatch, table_view)
    pages = [phone.get(url, headers=LIVE).get_data(as_text=True) for phone in phones]
    assert made.count("table.html") == 1  # the first phone's making serves the four
    for page in pages:
        assert CSRF_MARK not in page and TOKEN_MARK not in page
    # Each copy carries its phone's own tokens: no two phones share a form token.
    tokens = [TOKEN.findall(page) for page in pages]
    assert all(len(set(t)) == 1 for t in tokens)  # one token a page, in all its forms
    assert len({t[0] for t in tokens}) == 4
    assert len({_csrf(page) for page in pages}) == 4
    # Apart from them, the four copies are the same page.
    plain = {SERVED.sub("", TOKEN.sub("", CSRF.sub("", page))) for page in pages}
    assert len(plain) == 1
    # A page the browser loads itself is the same making, with this phone's own.
    loaded = phones[0].get(url).get_data(as_text=True)
    assert made.count("table.html") == 1
    assert "drew train cards" in loaded.split("<main", 1)[1]  # the note after its tap


def test_a_phones_copy_of_the_shared_page_records_its_claim(guarded):
    url, phones = _started(guarded)
    page = phones[2].get(url, headers=LIVE).get_data(as_text=True)
    claim = {
        "csrf_token": _csrf(page),
        "token": TOKEN.findall(page)[0],
        "seen": re.search(r'name="seen" value="(\d+)"', page)[1],  # type: ignore[index]
        "player": "Ann",
        "route": route_id("Denver", "Helena"),
    }
    assert phones[2].post(f"{url}/claim", data=claim).status_code == 303
    # Sent again (a double tap): the page's token says it was recorded already.
    assert phones[2].post(f"{url}/claim", data=claim).status_code == 303
    record = phones[0].get(f"{url}/record.json").get_json()
    assert len(record["actions"]) == 1  # the claim, once


def test_a_change_makes_the_shared_page_again(guarded, monkeypatch):
    url, phones = _started(guarded)
    made = _counting(monkeypatch, table_view)
    before = phones[1].get(url, headers=LIVE).get_data(as_text=True)
    page = phones[0].get(url).get_data(as_text=True)
    claim = {"csrf_token": _csrf(page), "player": "Ann", "route": route_id("Denver", "Helena")}
    assert phones[0].post(f"{url}/claim", data=claim).status_code == 303
    made.clear()
    after = [phone.get(url, headers=LIVE).get_data(as_text=True) for phone in phones]
    assert made.count("table.html") == 1
    assert all(page != before and "Denver" in page.split("<main", 1)[1] for page in after)


def test_the_watching_phones_share_one_making_of_their_page(guarded, monkeypatch):
    url, phones = _started(guarded)
    table_page = phones[0].get(url).get_data(as_text=True)
    found = re.search(r'href="https?://[^/"]+(/w/[^"/]+)"', table_page)
    assert found
    made = _counting(monkeypatch, watch)
    pages = [phone.get(found[1], headers=LIVE).get_data(as_text=True) for phone in phones]
    assert made == ["watch.html"] and len({SERVED.sub("", p) for p in pages}) == 1


def test_a_shared_page_is_made_for_each_player_and_language_apart(guarded):
    url, phones = _started(guarded)
    ann = phones[0].get(url, headers=LIVE).get_data(as_text=True)
    bob = phones[1].get(f"{url}?player=Bob", headers=LIVE).get_data(as_text=True)
    russian = phones[2].get(url, headers={**LIVE, "Accept-Language": "ru"}).get_data(as_text=True)
    assert "Ann: find a city" in ann and "Bob: find a city" in bob
    assert 'lang="ru"' in russian.split("<main", 1)[1]
    assert 'lang="ru"' not in ann.split("<main", 1)[1]


def test_an_address_the_page_never_asks_for_is_made_for_its_phone_alone(guarded, monkeypatch):
    url, phones = _started(guarded)
    made = _counting(monkeypatch, table_view)
    for phone in phones:
        phone.get(f"{url}?find=Denver", headers=LIVE)
    assert made.count("table.html") == 4  # nothing kept for it


def test_a_flood_of_addresses_keeps_a_bounded_number_of_pages(guarded):
    url, phones = _started(guarded)
    for n in range(MOST_KEPT + 20):
        answer = phones[0].get(f"{url}?history=all&lang=en&player=Ann&faces={n}", headers=LIVE)
        assert answer.status_code == 200
    from companion.web import game_store

    with guarded.app_context():
        game = game_store.load_game(url.rsplit("/", 1)[1])
        assert game.kept_count("page") <= MOST_KEPT


def test_a_phone_never_receives_another_palettes_or_languages_page(guarded):
    url, phones = _started(guarded)
    page = phones[0].get(url).get_data(as_text=True)
    claim = {"csrf_token": _csrf(page), "player": "Ann", "route": route_id("Denver", "Helena")}
    assert phones[0].post(f"{url}/claim", data=claim).status_code == 303
    phones[1].set_cookie("colours", "colour-blind")
    phones[2].set_cookie("lang", "ru")
    pages = {}
    for name, phone in zip(("plain", "blind", "russian", "plain again"), phones, strict=True):
        pages[name] = phone.get(f"{url}/board").get_data(as_text=True)
    # Ann's 4 trains: her mark on the middle one, on every one for colour-blind eyes.
    assert pages["plain"].count('class="owner-mark"') == 1
    assert pages["blind"].count('class="owner-mark"') == 4
    assert '<html lang="ru"' in pages["russian"] and '<html lang="en"' in pages["plain"]
    assert '<html lang="en"' in pages["blind"] and '<html lang="en"' in pages["plain again"]
    # The validator names what the page was made for: another's copy is no copy of this.
    tags = {n: phones[i].get(f"{url}/board").headers["ETag"] for i, n in enumerate(pages)}
    assert len({tags["plain"], tags["blind"], tags["russian"]}) == 3
    assert tags["plain"] == tags["plain again"]
    asked = phones[2].get(f"{url}/board", headers={"If-None-Match": tags["plain"]})
    assert asked.status_code == 200 and '<html lang="ru"' in asked.get_data(as_text=True)


def test_a_browser_that_has_the_current_board_and_sheet_is_answered_not_modified(
    guarded, monkeypatch
):
    url, phones = _started(guarded)
    for page in ("board", "sheet"):
        first = phones[1].get(f"{url}/{page}")
        tag = first.headers["ETag"]
        assert first.status_code == 200 and first.headers["Cache-Control"] == "private, no-cache"
        again = phones[1].get(f"{url}/{page}", headers={"If-None-Match": tag})
        assert again.status_code == 304 and not again.data
        _drew(phones[0], url)  # the game moves on: the copy is out of date
        moved = phones[1].get(f"{url}/{page}", headers={"If-None-Match": tag})
        assert moved.status_code == 200 and moved.headers["ETag"] != tag


def test_a_page_with_a_note_waiting_is_shown_anew_with_it(guarded):
    url, phones = _started(guarded)
    tag = phones[0].get(url).headers["ETag"]
    _drew(phones[0], url)
    tag = phones[1].get(url).headers["ETag"]  # the page after the turn, as another phone has it
    answer = phones[0].get(url, headers={"If-None-Match": tag})
    assert answer.status_code == 200 and "ETag" not in answer.headers
    assert "drew train cards" in answer.get_data(as_text=True)
