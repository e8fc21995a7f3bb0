"""The language of the pages: from the browser, switched in one tap, remembered; a game
speaks the table's language; the rules' refusals come out in it."""

from __future__ import annotations

import html
import io
import re

import pytest

from companion.web import create_app
from tests.databases import fresh_database
from tests.web.helpers import problem, route_id, seats


@pytest.fixture()
def client(tmp_path):
    app = create_app(
        {"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": fresh_database(tmp_path / "db")},
        instance_path=tmp_path,
    )
    return app.test_client()


def html_lang(client, url: str, **headers: str) -> str:
    text = client.get(url, headers=headers).get_data(as_text=True)
    return re.search(r'<html lang="([^"]+)"', text).group(1)


def test_a_russian_browser_gets_russian_pages(client):
    assert html_lang(client, "/", **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}) == "ru"
    assert html_lang(client, "/", **{"Accept-Language": "uk,en;q=0.5"}) == "uk"


def test_a_browser_in_a_language_the_app_does_not_speak_gets_english(client):
    assert html_lang(client, "/", **{"Accept-Language": "de-DE,fr;q=0.8"}) == "en"
    assert html_lang(client, "/") == "en"


def test_the_switch_is_remembered_and_goes_back_to_the_page(client):
    response = client.get("/language/uk?next=/")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert "lang=uk" in response.headers["Set-Cookie"]
    assert html_lang(client, "/", **{"Accept-Language": "ru"}) == "uk"


@pytest.mark.parametrize("away", ["https://evil.example/", "//evil.example/", "javascript:x"])
def test_the_switch_never_sends_the_phone_to_another_site(client, away):
    response = client.get("/language/ru", query_string={"next": away})
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("code", ["xx", "ua", "ukr"])
def test_an_unknown_language_in_the_switch_changes_nothing(client, code):
    response = client.get(f"/language/{code}?next=/")
    assert response.status_code == 302 and "Set-Cookie" not in response.headers
    assert html_lang(client, "/", **{"Accept-Language": "ru"}) == "ru"


def test_every_page_offers_the_three_languages(client):
    text = client.get("/").get_data(as_text=True)
    for code in ("en", "ru", "uk"):
        assert f'hreflang="{code}"' in text


def test_the_watch_page_and_the_pdf_speak_the_language_the_game_was_started_in(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"})
    table = response.headers["Location"]
    watch = re.search(r'href="[^"]*(/w/[^"/]+)"', client.get(table).get_data(as_text=True))[1]
    spectator = client.application.test_client()  # no cookie, an English browser
    assert html_lang(spectator, watch, **{"Accept-Language": "en"}) == "ru"
    assert html_lang(spectator, watch + "/sheet", **{"Accept-Language": "en"}) == "ru"
    pdf = spectator.get(table + "/sheet.pdf", headers={"Accept-Language": "en"})
    assert "Маршруты" in _pdf_text(pdf.data)
    spectator.get("/language/en?next=/")
    assert html_lang(spectator, watch) == "en"  # a phone's own choice wins


def test_a_phone_that_plays_speaks_its_browsers_language(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"})
    table = response.headers["Location"]
    other_phone = client.application.test_client()
    assert html_lang(other_phone, table, **{"Accept-Language": "uk-UA"}) == "uk"
    # A browser in a language the companion doesn't speak: the table's.
    assert html_lang(other_phone, table, **{"Accept-Language": "de"}) == "ru"


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_lang_in_the_address_shows_the_page_in_that_language(client):
    assert html_lang(client, "/?lang=uk") == "uk"


def test_a_refused_claim_is_said_in_russian(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"})
    table = response.headers["Location"]
    route = route_id("Vancouver", "Calgary")
    client.post(f"{table}/claim", data={"route": route, "player": "Аня"})
    refused = client.post(f"{table}/claim", data={"route": route, "player": "Борис"})
    said = html.unescape(problem(refused.get_data(as_text=True)))
    assert refused.status_code == 409
    assert "Аня" in said and "уже" in said, said


def test_in_russian_a_city_shows_its_russian_name_beside_the_printed_one(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"})
    text = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'<summary>New York <span class="local" lang="ru">Нью-Йорк</span>', text)
    english = client.get(response.headers["Location"] + "?lang=en").get_data(as_text=True)
    assert "<summary>New York<" in english and "Нью-Йорк</span>" not in english


def test_in_russian_the_note_and_history_say_the_move_done_with_the_russian_names(client):
    ru = {"Accept-Language": "ru"}
    table = client.post("/games", data=seats("Аня", "Борис"), headers=ru).headers["Location"]
    route = route_id("Denver", "Helena")
    done = client.post(f"{table}/claim", data={"route": route, "player": "Аня"}, headers=ru)
    page = html.unescape(client.get(done.headers["Location"], headers=ru).get_data(as_text=True))
    said = "Аня: проложен маршрут Denver (Денвер)–Helena (Хелена) (зелёный)"
    assert '<p class="note" id="note-1" role="status"' in page and f"{said}, +7" in page  # the note
    # The bar, short (it sits over the page): the route as printed, with its colour.
    assert "Последний ход — Аня: проложен маршрут Denver–Helena (зелёный)" in page
    assert re.search(rf"<li class=\"\">{re.escape(said)}</li>", page)  # the history


def test_in_ukrainian_a_ticket_shows_its_places_in_ukrainian(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "uk"})
    text = client.get(response.headers["Location"] + "/tickets").get_data(as_text=True)
    assert 'Denver–El Paso <span class="local" lang="uk">Денвер – Ель-Пасо</span>' in text


def test_a_russian_page_leaves_no_russian_behind_it(client):
    from companion.rules.words import ngettext

    client.get("/", headers={"Accept-Language": "ru"})
    assert str(ngettext("%(num)d train", "%(num)d trains", 5)) == "5 trains"


def test_the_switch_drops_a_language_asked_for_in_the_address(client):
    response = client.get("/language/en", query_string={"next": "/g/x/sheet?lang=uk&player=A"})
    assert response.headers["Location"] == "/g/x/sheet?player=A"


def test_a_negative_total_takes_the_plural_of_its_number(client):
    from companion.catalogs import translator
    from companion.rules.counted import points as points_words

    ru = translator("ru")
    assert points_words(-2).say(ru) == "-2\u00a0очка"
    assert points_words(-5).say(ru) == "-5\u00a0очков"
    assert points_words(-1).say(translator("en")) == "-1 point"


def test_the_switch_on_a_refused_claim_goes_back_to_the_table(client):
    response = client.post("/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"})
    table = response.headers["Location"]
    refused = client.post(f"{table}/claim", data={"route": "999", "player": "Аня"})
    assert f'/language/en?next={table}"' in refused.get_data(as_text=True).replace("%2F", "/")


def test_a_city_that_is_not_found_is_suggested_with_its_local_name(client):
    from companion.catalogs import translator
    from companion.rules.errors import IllegalAction
    from companion.rules.map_file import load_board

    with pytest.raises(IllegalAction) as refused:
        load_board("usa").city("Pitsbrg")
    assert str(refused.value).endswith("did you mean Pittsburgh?")
    assert refused.value.say(translator("ru")).endswith("Pittsburgh (Питтсбург)?")
