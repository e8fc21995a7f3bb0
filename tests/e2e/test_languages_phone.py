"""A whole North America game in Russian and a Rails & Sails World game in Ukrainian, on a
phone whose browser speaks the language (390×844, touch), from the new game to the PDF.

The buttons are found by the words the catalog gives them in the language, so the test
fails on a page that still shows the English; the key words are written out by hand too."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from companion.catalogs import translator
from companion.rules.names import place_key
from companion.rules.words import Message
from tests.e2e.phone import claim, drew_cards, go, more, pdf_text, screenshot, tap
from tests.web.test_no_english import english_words


def words(code: str, msgid: str, **values: object) -> str:
    """A message as the catalog of ``code`` says it (never the English: the test checks)."""
    said = Message(msgid, tuple(values.items())).say(translator(code))
    assert said != Message(msgid, tuple(values.items())).say(translator("en")), msgid
    return said


@pytest.fixture
def russian_phone(phones: Callable[..., Page]) -> Page:
    return phones("ru-RU")


@pytest.fixture
def ukrainian_phone(phones: Callable[..., Page]) -> Page:
    return phones("uk-UA")


def test_a_north_america_game_in_russian_from_new_game_to_the_pdf(
    server: str, russian_phone: Page
) -> None:
    page, ru = russian_phone, (lambda m, **v: words("ru", m, **v))
    go(page, server)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    screenshot(page, "ru-1-home")
    for seat, name in enumerate(["Аня", "Борис", "Вика"]):
        page.fill(f"[name='seats-{seat}-name']", name)
    tap(page, f"text={ru('Start the game')}")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    screenshot(page, "ru-2-table")

    # A city by its Russian name; Нью-Йорк shows beside New York.
    page.fill(".city-search", "нью-й")
    new_york = page.locator("details.city[data-key^='new york']")
    expect(new_york).to_have_attribute("open", "")
    expect(new_york.locator("summary .local")).to_have_text("Нью-Йорк")
    claim(page, "хелен", "helena", "Denver")
    expect(page.locator(".note")).to_contain_text(
        ru("%(player)s claimed %(route)s: +%(points)d", player="Аня",
           route=Message("%(route)s (%(details)s)",
                         (("route", "Denver (Денвер)–Helena (Хелена)"),
                          ("details", Message("green")))),
           points=7)
    )  # fmt: skip

    claim(page, "бост", "boston", re.compile("New York Нью-Йорк .жёлтый."))
    # With 3 players the other Boston–New York route is closed: refused, in Russian.
    claim(page, "нью-й", "new york", re.compile("Boston Бостон .красный."))
    refusal = page.locator(".problem")
    expect(refusal).to_contain_text("Boston–New York")
    expect(refusal).to_contain_text("3 игрок")
    assert not english_words(refusal.inner_text()), refusal.inner_text()
    screenshot(page, "ru-3-refused")

    # The tickets: one picked from the deck, its places in Russian beside them.
    tap(page, f"nav >> text={ru('Tickets')}")
    tap(page, ".players >> text=Аня")
    page.fill(".ticket-search", "денв")
    tap(page, page.locator(".deck button", has_text="Denver–El Paso"))
    expect(page.locator(".tickets li", has_text="Denver–El Paso")).to_contain_text(
        "Денвер – Эль-Пасо"
    )
    screenshot(page, "ru-4-tickets")

    # The rest of the game, played to its end: Аня runs her trains down with the longest
    # routes while Борис and Вика take short ones; her last claim leaves 2 trains and starts
    # the final round, in which everyone has one more turn.
    tap(page, f"nav >> text={ru('Table')}")
    short = iter(_short_routes())
    for route in [*ANYA_ROUTES[:3], ("Duluth", "Sault St. Marie"), *ANYA_ROUTES[3:]]:
        for player, (a, b) in (("Вика", next(short)), ("Аня", route), ("Борис", next(short))):
            expect(page.locator("h2", has_text=f"{player} прокладывает")).to_be_visible()
            claim(page, place_key(a), place_key(a), re.compile(re.escape(b)))
            expect(page.locator(".note")).to_contain_text(f"{player}: проложен маршрут")
            if route == ANYA_ROUTES[-1] and player == "Аня":
                break
        else:
            continue
        break
    final = page.locator(".banner")
    expect(final).to_contain_text("Аня")
    screenshot(page, "ru-5-final-round")
    for player in ("Борис", "Вика", "Аня"):
        drew_cards(page, player, ru("Drew cards"))
    expect(page.locator(".banner.over")).to_contain_text(ru("The game is over."))
    screenshot(page, "ru-6-game-over")

    tap(page, f"nav >> text={ru('Score')}")
    sheet = page.locator("main")
    expect(sheet).to_contain_text("Победитель")
    expect(sheet).to_contain_text("Маршруты")
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "ru-7-sheet")
    text = pdf_text(page, ru("Download the PDF score sheet"))
    assert "Маршруты" in text and "Routes" not in text
    # Аня, worked by hand: Denver–Helena 7, six routes of 6 spaces 6 × 15, Duluth–Sault
    # St. Marie 4 = 101; Denver–El Paso not connected −4; the longest path, Calgary–
    # Winnipeg–Sault St. Marie–Duluth–Helena–Seattle (27 spaces), +10: 107 (Russian's
    # "many" form: 107 очков); 45 − 4 − 36 − 3 = 2 trains left.
    assert "Аня: 107 очков" in text
    assert "\u22124 Denver (Денвер)–El Paso (Эль-Пасо) (4): не выполнена" in text
    assert "27 отрезков" in text
    assert "в запасе: 2 вагона" in text


# Аня's routes of 6 spaces (the 36 trains that, with Denver–Helena and Duluth–Sault
# St. Marie, leave her 2), and short routes for the others, away from hers.
ANYA_ROUTES = [
    ("Seattle", "Helena"),
    ("Helena", "Duluth"),
    ("Duluth", "Toronto"),
    ("Winnipeg", "Calgary"),
    ("Winnipeg", "Sault St. Marie"),
    ("El Paso", "Los Angeles"),
]


def _short_routes() -> list[tuple[str, str]]:
    """Routes of 1 or 2 spaces, one per pair of cities, none touching Аня's cities."""
    from companion.rules.map_file import load_board

    hers = {c for pair in ANYA_ROUTES for c in pair} | {"Denver", "Boston", "New York"}
    found: dict[frozenset[str], tuple[str, str]] = {}
    for route in load_board("usa").routes:
        if route.length <= 2 and not hers & set(route.cities):
            found.setdefault(frozenset(route.cities), route.cities)
    return list(found.values())


def test_a_world_game_in_ukrainian_from_new_game_to_the_pdf(
    server: str, ukrainian_phone: Page
) -> None:
    page, uk = ukrainian_phone, (lambda m, **v: words("uk", m, **v))
    go(page, server)
    expect(page.locator("html")).to_have_attribute("lang", "uk")
    page.select_option("[name='map']", "world")
    page.fill("[name='seats-0-name']", "Оксана")
    page.fill("[name='seats-0-trains']", "25")
    page.fill("[name='seats-0-ships']", "35")
    page.fill("[name='seats-1-name']", "Богдан")
    screenshot(page, "uk-1-new-world-game")
    tap(page, f"text={uk('Start the game')}")
    expect(page.locator(".players")).to_contain_text("25 вагонів · 35 суден")

    # Lagos found as the rule book prints it, with a Latin "a": "Лagos".
    page.fill(".city-search", "Лagos")
    expect(page.locator("details.city[data-key^='lagos']")).to_have_attribute("open", "")
    # Оксана claims the sea route Marseille–Athina (2 ships), found by its Ukrainian name.
    claim(page, "афін", "athina", "Marseille")
    expect(page.locator(".note")).to_contain_text("Оксана")
    expect(page.locator(".players")).to_contain_text("25 вагонів · 33 судна")

    # Богдан exchanges 3 trains for ships; Оксана builds a port in Marseille.
    tap(page, ".players >> text=Богдан")
    more(page)
    page.fill("form[action$='/exchange'] input[name='count']", "3")
    tap(page, "form[action$='/exchange'] button[type=submit]")
    expect(page.locator(".players")).to_contain_text("17 вагонів · 43 судна")
    tap(page, ".players >> text=Оксана")
    more(page)
    page.select_option("form[action$='/port'] select[name='city']", "Marseille")
    build = page.locator("form[action$='/port'] button[type=submit]")
    expect(build).to_have_text(uk("Build the port"))
    tap(page, build)
    expect(page.locator(".note")).to_contain_text(
        uk("%(player)s built a port in %(city)s", player="Оксана", city="Marseille")
    )
    screenshot(page, "uk-2-port-built")

    tap(page, f"nav >> text={uk('Tickets')}")
    tap(page, ".players >> text=Оксана")
    page.fill("[name='city_a']", "Марсель")
    page.fill("[name='city_b']", "Афіни")
    page.fill("[name='points']", "4")
    tap(page, f"text={uk('Add ticket')}")
    expect(page.locator(".tickets li .ok")).to_be_visible()
    screenshot(page, "uk-3-tickets")

    # Оксана: route 2, ticket +4, the Marseille port named by it 20, two ports not built −8
    # = 18. Богдан: exchange −3, three ports not built −12 = −15.
    tap(page, f"nav >> text={uk('Score')}")
    sheet = page.locator("main")
    expect(sheet).to_contain_text("18")
    expect(sheet).to_contain_text(uk("Port in %(city)s", city="Marseille"))
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "uk-4-sheet")

    # To the end: Оксана spends her pieces on long routes while Богдан takes short ones;
    # at 6 pieces or fewer the final round starts, with two more turns for each.
    tap(page, f"nav >> text={uk('Table')}")
    short = iter(_short_world_routes())
    banner = page.locator(".banner")
    for a, b in _long_world_routes():
        for player, (x, y) in (("Богдан", next(short)), ("Оксана", (a, b))):
            heading = uk("%(player)s claims a route", player=player)
            expect(page.locator("h2", has_text=heading)).to_be_visible()
            claim(page, place_key(x), place_key(x), re.compile(re.escape(y)))
            expect(page.locator(".note")).to_contain_text(f"{player}")
        if banner.count():
            break
    expect(banner).to_contain_text("Оксана")
    screenshot(page, "uk-5-final-round")
    for player in ("Богдан", "Оксана", "Богдан", "Оксана"):
        drew_cards(page, player, uk("Drew cards"))
    expect(page.locator(".banner.over")).to_contain_text(uk("The game is over."))
    screenshot(page, "uk-6-game-over")

    tap(page, f"nav >> text={uk('Score')}")
    sheet = page.locator("main")
    expect(sheet).to_contain_text(uk("Winner"))
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "uk-7-sheet")
    text = pdf_text(page, uk("Download the PDF score sheet"))
    # Worked by hand: Оксана's Marseille port is named by her one completed ticket (20),
    # her two other ports are not built (2 × −4); Богдан built none (3 × −4) and exchanged
    # 3 pieces (−3).
    assert "+20 Порт у місті Marseille" in text
    assert "\u22128 " in text and "\u221212 " in text and "\u22123 " in text
    assert "Переможець: Оксана" in text and "Port in" not in text


def _world_routes() -> list:
    """The World's routes that are alone between their two cities (a tap on the other city
    names them), away from Marseille–Athina."""
    from collections import Counter

    from companion.rules.map_file import load_board

    routes = load_board("world").routes
    pairs = Counter(frozenset(r.cities) for r in routes)
    return [r for r in routes if pairs[frozenset(r.cities)] == 1 and "Athina" not in r.cities]


def _long_world_routes() -> list[tuple[str, str]]:
    """Оксана's routes, longest first, within her 25 trains and the 33 ships she has left."""
    picked, left = [], {"rail": 25, "sea": 33}
    for route in sorted(_world_routes(), key=lambda r: -r.length):
        if route.length <= left[route.kind] and route.length >= 2:
            picked.append(route.cities)
            left[route.kind] -= route.length
    return picked


def _short_world_routes() -> list[tuple[str, str]]:
    """Богдан's: routes of 1 or 2 spaces that Оксана's don't use, by sea first (he has
    exchanged trains for ships)."""
    hers = {frozenset(c) for c in _long_world_routes()}
    short = [r for r in _world_routes() if r.length <= 2 and frozenset(r.cities) not in hers]
    return [r.cities for r in sorted(short, key=lambda r: r.kind != "sea")]
