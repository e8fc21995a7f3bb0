"""Walking every page of a game of each map in Russian (and in Ukrainian) shows no English
word: the visible text of each page (its words, and the titles, labels and placeholders a
phone shows or reads out) is collected, places' and players' names and brands taken out,
and any Latin word left is an untranslated word.

The pages are found as a phone finds them: every link and every GET form of the game's
pages (filled in as a player would), from the home page and the table of a game half
played, a game at its end and, on each map that takes them, a game with the dice."""

from __future__ import annotations

import html
import io
import json
import random
import re
from html.parser import HTMLParser
from urllib.parse import urlencode, urljoin, urlsplit

import pytest

from companion.rules.map_file import load_board, map_ids
from companion.rules.record import record_to_json
from companion.rules.setup import takes_dice
from companion.web import create_app
from tests.helpers import MARKLIN_GOODS, record_of
from tests.playout import random_game

PLAYERS = ["Аня", "Борис", "Вика"]
# Words in Latin letters that are not English words to translate: brands and formats.
BRANDS = {"Märklin", "PDF", "QR", "JSON", "BG", "Stats", "SVG", "CSV", "Telegram"}
BRANDS |= {"World", "Boardgaming", "Championships", "WBC", "EuroQuest"}  # tournaments' names
# Attributes whose text a phone shows or reads out.
SHOWN = {"title", "aria-label", "placeholder", "alt", "label"}
ADDRESS = re.compile(r"\bhttps?://\S+|/g/\S+|/w/\S+")  # a game's address, shown to share it
LATIN_WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
PAGES_PER_ADDRESS = 3  # /confirm?route=1, ?route=2, …: a few of each address are enough


class VisibleText(HTMLParser):
    """The text of a page a phone shows or reads out; not scripts, styles, or what is marked
    as being in another language (the language switch, a place's local name)."""

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[str] = []
        self.skip_from: int | None = None  # depth where text stops being ours to check
        self.words: list[str] = []
        self.links: list[str] = []
        self.forms: list[dict] = []

    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "area", "col", "wbr"}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        other = tag in ("script", "style") or a.get("lang", self.language) != self.language
        if tag not in self.VOID:
            self.stack.append(tag)
            if other and self.skip_from is None:
                self.skip_from = len(self.stack)
        if other or self.skip_from is not None:
            return
        self.words += [a[k] for k in SHOWN if a.get(k)]
        if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
            self.words.append(a["value"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "form":
            self.forms.append(
                {"method": a.get("method", "get"), "action": a.get("action"), "f": {}}
            )
        if self.forms and tag in ("input", "select"):
            name = a.get("name")
            if name and a.get("type") not in ("submit", "radio", "checkbox", "file"):
                self.forms[-1]["f"].setdefault(name, a.get("value") or "")
                self.last_field = name
        if self.forms and tag == "option" and a.get("value"):
            fields = self.forms[-1]["f"]
            name = getattr(self, "last_field", None)
            if name in fields and not fields[name]:
                fields[name] = a["value"]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID or tag not in self.stack:
            return
        while self.stack and self.stack.pop() != tag:
            pass
        if self.skip_from is not None and len(self.stack) < self.skip_from:
            self.skip_from = None

    def handle_data(self, data: str) -> None:
        if self.skip_from is None:
            self.words.append(data)


def _names() -> list[str]:
    """Every name of every place on every map, the players' names and the game's name as
    the Ukrainian box prints it: longest first, so that "New York" goes before "York"."""
    names = {*PLAYERS, "Ticket to Ride"}
    for m in map_ids():
        board = load_board(m)
        for city in board.cities.values():
            names.update(city.spellings)
    return sorted(names, key=len, reverse=True)


NAMES = _names()
NAME_PATTERN = re.compile("|".join(re.escape(n) for n in NAMES))


def english_words(text: str) -> set[str]:
    """The Latin words left once names and brands are taken out."""
    text = NAME_PATTERN.sub(" ", ADDRESS.sub(" ", html.unescape(text)))
    return {w for w in LATIN_WORD.findall(text) if w not in BRANDS}


def test_english_words_are_found_and_names_are_not():
    assert english_words("Аня claimed Denver–Helena") == {"claimed"}
    assert english_words("Аня прокладывает Denver–Helena (зелёный)") == set()
    assert english_words("New York–Saint Louis · Märklin · PDF") == set()
    assert english_words("http://127.0.0.1:5000/g/rxCFbfZ6Fw-4PU1g") == set()


def _game(map_id: str, dice: bool, finished: bool) -> bytes:
    board = load_board(map_id)
    goods = MARKLIN_GOODS if board.edition.goods else None
    rng = random.Random(f"{map_id}{dice}")
    setup, actions, hands = random_game(board, 3, rng, connected=0.5, goods=goods, dice=dice)
    if not finished:
        actions = actions[: len(actions) // 2]
    text = json.dumps(record_to_json(record_of(setup, actions, hands)), ensure_ascii=False)
    for number, name in enumerate(PLAYERS, start=1):
        text = text.replace(f'"Player {number}"', json.dumps(name, ensure_ascii=False))
    return text.encode()


# Walked in the quick tests; every other game in the thorough run.
QUICK = {("usa", False, False, "ru"), ("europe", False, True, "uk")}


def _games() -> list:
    """Each map's games (half played, finished, with dice where the map takes them), each
    walked once, in Russian and Ukrainian by turns: every message is translated in both
    catalogs (``tests/test_translations.py``), so English can only come from words never
    sent to the catalogs, and those show in either language."""
    kinds = []
    for m in map_ids():
        kinds += [(m, False, False), (m, False, True)]
        if takes_dice(load_board(m).edition):
            kinds.append((m, True, False))
    games = []
    for turn, kind in enumerate(kinds):
        language = ("ru", "uk")[turn % 2]
        marks = () if (*kind, language) in QUICK else (pytest.mark.slow,)
        games.append(pytest.param(*kind, language, marks=marks))
    return games


def walk(client, start: list[str], language: str) -> tuple[dict[str, set[str]], set[str]]:
    """Every page reachable from ``start`` within the app: the English words on each, and
    the addresses walked."""
    seen_addresses: dict[str, int] = {}
    queue, visited, found = list(start), set(), {}
    posts: dict[str, dict[str, str]] = {}
    while queue:
        url = queue.pop(0)
        parts = urlsplit(url)
        if parts.netloc == "localhost":  # the share links are absolute
            url = url.split("localhost", 1)[1]
        if (
            parts.netloc not in ("", "localhost")
            or url in visited
            or parts.path.startswith(("/static", "/language"))
        ):
            continue
        if parts.path.endswith((".pdf", ".json", ".png", ".csv", "/version")):
            continue
        address = re.sub(r"/\d+(/|$)", r"/N\1", parts.path)
        if seen_addresses.get(address, 0) >= PAGES_PER_ADDRESS:
            continue
        visited.add(url)
        response = client.get(url)
        if response.status_code in (301, 302, 303):
            queue.append(response.headers["Location"])
            continue
        seen_addresses[address] = seen_addresses.get(address, 0) + 1
        page = VisibleText(language)
        page.feed(response.get_data(as_text=True))
        assert re.search(rf'<html lang="{language}"', response.get_data(as_text=True)), url
        words = english_words(" ".join(page.words))
        if words:
            found[url] = words
        for link in page.links:
            queue.append(urljoin(url, link))
        for form in page.forms:
            if form["method"].lower() == "get" and form["action"]:
                queue.append(urljoin(url, form["action"]) + "?" + urlencode(form["f"]))
            elif form["action"]:
                posts.setdefault(urlsplit(urljoin(url, form["action"])).path, form["f"])
    # Then each form sent once as it stands (a refusal, or what the action says after it).
    for action, fields in posts.items():
        if action.endswith(("/undo", "/import")):
            continue
        response = client.post(action, data=fields, follow_redirects=True)
        page = VisibleText(language)
        page.feed(response.get_data(as_text=True))
        words = english_words(" ".join(page.words))
        if words:
            found[f"POST {action}"] = words
        seen_addresses[f"POST {action}"] = 1
    return found, set(seen_addresses)


@pytest.mark.parametrize(("map_id", "dice", "finished", "language"), _games())
def test_every_page_of_a_game_shows_no_english(tmp_path, map_id, dice, finished, language):
    app = create_app(
        # Words, not storage: SQLite whatever database the suite runs on.
        {"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "db")},
        instance_path=tmp_path,
    )
    client = app.test_client()
    client.get(f"/language/{language}?next=/")
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(_game(map_id, dice, finished)), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    table = urlsplit(response.headers["Location"]).path
    starts = ["/", table, f"{table}/no-such-page", "/g/no-such-game"]
    found, addresses = walk(client, starts, language)
    game = table.rsplit("/", 1)[-1]
    pages = {a.replace(game, "ID") for a in addresses}
    watched = {a for a in pages if a.startswith("/w/")}
    assert {"/", "/g/ID", "/g/ID/board", "/g/ID/tickets", "/g/ID/sheet"} <= pages, pages
    assert len(watched) == 2, pages  # the watch page and its score sheet
    report = "\n".join(f"{url}: {sorted(words)}" for url, words in sorted(found.items()))
    assert not found, f"English words on {len(found)} pages:\n{report}"


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_page_of_an_event_shows_no_english(tmp_path, language):
    app = create_app(
        {"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "db")},
        instance_path=tmp_path,
    )
    client = app.test_client()
    client.get(f"/language/{language}?next=/")
    players = [*PLAYERS, "Гена", "Дина", "Ефим", "Жора"]
    data = {"name": "Клуб", "players": "\n".join(players), "map": "usa", "seats": "4"}
    response = client.post("/e", data={**data, "rounds": "2", "method": "share"})
    assert response.status_code == 303, response.get_data(as_text=True)
    organizer = urlsplit(response.headers["Location"]).path
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(organizer).text)[1]
    found, addresses = walk(client, [organizer, public, "/e/no-such-event"], language)
    assert {organizer, public} <= addresses, addresses
    report = "\n".join(f"{url}: {sorted(words)}" for url, words in sorted(found.items()))
    assert not found, f"English words on {len(found)} pages:\n{report}"
