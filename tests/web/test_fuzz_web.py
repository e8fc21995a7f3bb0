"""Every address of the app, every field its views read, hostile values: never a 500.

The addresses come from the app's own url map and the fields from its forms and views, so
a new page or field is fuzzed without this file changing. After the fuzzing, every game
still opens, and its export imports again.
"""

from __future__ import annotations

import inspect
import io
import os
import random
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.routing import Rule
from wtforms import FieldList, FormField

from companion.rules.colors import ROUTE_COLORS
from companion.rules.map_file import load_board, map_ids
from companion.rules.payment import LOCOMOTIVE, PLUS_FOUR, sails_card_names
from companion.web import create_app, forms, game_store, unit_of_work
from tests.databases import fresh_database
from tests.helpers import GAMES

WEB = Path(forms.__file__).parent
SEED = int(os.environ.get("COMPANION_FUZZ_SEED", "20240617"))
# The thorough run's random requests, with some fields hostile and the others as a phone
# fills them in; for a longer search: COMPANION_FUZZ_REQUESTS=20000 pytest -m slow …
RANDOM_REQUESTS = int(os.environ.get("COMPANION_FUZZ_REQUESTS", "400"))


class Tagged(str):
    """A hostile value: a failure lists the fields that had one."""


class Raw(Tagged):
    """A hostile value sent as it is written, not percent-encoded: bytes that are not
    UTF-8."""


SURROGATE = Raw("%ED%A0%80")  # a lone surrogate, as the bytes a client could send
HOSTILE: list[str] = [
    *map(
        Tagged,
        [
            "",
            "²",
            "-1",
            "9" * 5000,
            "9" * 30,
            "1e999",
            "\n",
            "a\r\nLocation: http://evil/",
            "\x00",
            "../../",
            "http://evil/",
            "x" * 10_000,
        ],
    ),
    SURROGATE,
]

# Hostile game records for the import's file field.
RECORDS: list[bytes] = [
    b"[" * 100_000,
    b'{"map": "usa", "players": ["Ann", "Bob"], "actions": ' + b"[" * 50_000,
    b'{"map": "usa", "players": ["Ann", "Bob"], "pieces": ' + b"9" * 5000 + b"}",
    b'{"map": "usa", "players": ["Ann\\ud800", "Bob"]}',
    b'{"map": "usa", "players": ["A\\u0000nn", "Bob"]}',
    b'{"map": "usa", "players": ["Ann", "Bob"], "tickets": {"Ann\\udfff": []}}',
    b'{"map": "usa", "players": ["Ann", "Bob"], "actions": [{"player": "Ann", "pass": NaN}]}',
    b'{"map": "usa", "players": ["Ann", "Bob"], "actions": [{"player": "Ann", "claim": '
    b'["Denver", "Helena"], "track": 1e999}]}',
    b'{"map": "usa", "players": ["Ann", "Bob"], "actions": [{"player": "Ann", "claim": '
    b'["Denver", "Helena"], "track": 99999999999999999999999999999}]}',
    b"\xff\xfe",
    b"",
    b"null",
    (GAMES / "four_players.json").read_bytes(),
]


def bogus(kind: str) -> list[str]:
    """Values for an address's part that name nothing."""
    values = ["nope", "../../", "x" * 10_000, "²", SURROGATE, "\n", "a\x00b"]
    return values + ["9" * 30, "9" * 5000, "-1"] if kind == "int" else values


def form_fields() -> dict[str, set[str]]:
    """Each form of companion/web/forms.py (by class name): its fields' names, as a
    browser sends them (``seats-0-name``)."""
    found: dict[str, set[str]] = {}

    def walk(fields: Any, names: set[str]) -> None:
        for field in fields:
            if isinstance(field, FieldList):
                walk(field.entries, names)
            elif isinstance(field, FormField):
                walk(field.form, names)
            elif field.type != "CSRFTokenField":
                names.add(field.name)

    app = Flask(__name__)
    app.config.update(SECRET_KEY="x", WTF_CSRF_ENABLED=False)
    with app.test_request_context():
        for name, form in inspect.getmembers(forms, inspect.isclass):
            if issubclass(form, FlaskForm) and form is not FlaskForm:
                walk(form(), found.setdefault(name, set()))
    return found


def file_fields() -> set[str]:
    """The names of the forms' file fields (the import's record)."""
    return {
        name
        for _, form in inspect.getmembers(forms, inspect.isclass)
        if issubclass(form, FlaskForm)
        for name, field in vars(form).items()
        if getattr(field, "field_class", None) is FileField
    }


def view_fields() -> set[str]:
    """The names the views read from the address or the form themselves."""
    found = set()
    for source in WEB.rglob("*.py"):
        found |= set(
            re.findall(
                r"request\.(?:args|values|form)\.(?:get|getlist)\(\s*\"([^\"]+)\"",
                source.read_text(encoding="utf-8"),
            )
        )
    # Read under names the views build: the payment check's cards and the tunnel's cards
    # turned over, the goods colours by city.
    cards = [*ROUTE_COLORS, LOCOMOTIVE, PLUS_FOUR, *sails_card_names()]
    return found | set(cards) | {"t1", "t2", "t3", "goods-Köln", "goods-Berlin"}


def _page_and_helpers(module_name: str) -> str:
    """The source of a page's module and of the web modules it uses (the table page's
    helpers live in ``table_view``, say)."""
    module = sys.modules[module_name]
    used = {module_name}
    for value in vars(module).values():
        name = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", "")
        if isinstance(name, str) and name.startswith("companion.web"):
            used.add(name)
    return "\n".join(inspect.getsource(sys.modules[name]) for name in sorted(used))


def fields_read(app: Flask, endpoint: str, fields: set[str], by_form: dict[str, set[str]]):
    """The fields the module of an endpoint's view names, with the web modules it uses:
    its forms' fields and the names it quotes (a guess, to aim hostile values where they
    are read)."""
    source = _page_and_helpers(app.view_functions[endpoint].__module__)
    named = {f for f in fields if f'"{f}"' in source or f"'{f}'" in source}
    used = [names for form, names in by_form.items() if re.search(rf"\b{form}\(", source)]
    return sorted(named.union(*used) | {"player"})


# Values a phone could send, so that the views go past their first checks and the
# hostile values reach what lies beyond them.
PLAUSIBLE = {
    "player": ["Ann", "Bob", "ann"],
    "route": ["0", "1", "7", "99", "port", "station"],
    "deck": ["0", "3"],
    "points": ["5", "12", "-3"],
    "count": ["1", "2"],
    "take": ["ships", "trains", "0,0", "1,0", "0,1", "1,1"],
    "play": ["claim", "tickets", "station", "tunnel-failed"],
    "faces": ["single,single,double,double,locomotive", "station,station,single,a,b"],
    "f": ["single", "double", "station", "locomotive"],
    "tickets": ["1", "2"],
    "tunnel": ["0", "1"],
    "city": ["Berlin", "Denver", "Chicago", "Köln"],
    "city_a": ["Denver", "Köln", "Berlin"],
    "city_b": ["El Paso", "Kassel", "Wien"],
    "passenger": ["Köln", "Koblenz"],
    "path": ["Köln|Koblenz", "Köln", "Köln|Koblenz|Mainz"],
    "show": ["tickets:0:Ann", "path:0:Ann", "ticket:Ann:0", "path:Ann"],
    "cards": ["0", "3", "20"],
    "die": ["0", "4"],
    "from": ["Denver", "Köln"],
    "to": ["Helena", "Koblenz"],
    "map": map_ids(),
    "dice": ["y"],
    "house_rules": ["goods_each_pass"],
    "goods-Köln": ["red", "white"],
    "goods-Berlin": ["black"],
}


def plausible(name: str, game: Game) -> list[str]:
    """Values a phone could send for the field on this game's pages."""
    if name == "back":
        return [f"/g/{game.id}/trip?player=Ann&path=K%C3%B6ln", f"/g/{game.id}"]
    if name in PLAUSIBLE:
        return PLAUSIBLE[name]
    if name.endswith("-name"):
        return ["Ann", "Bob", "Cy", ""]
    if name.endswith("-color"):
        return list(forms.PIECE_COLORS)
    if name.endswith(("-trains", "-ships", "back_single", "back_double")):
        return ["0", "1", "20", "40"]
    return ["1", "red"]


class Addresses(NamedTuple):
    """A rule's addresses: the games' (with the game), and bogus ones."""

    real: list[tuple[Game, str]]
    bogus: list[str]


class Game:
    """A game made through the app, with its two addresses."""

    def __init__(self, id: str, watch: str) -> None:
        self.id, self.watch = id, watch


def make_games(app: Flask, client: FlaskClient) -> list[Game]:
    """A game on every map, with and without dice where the edition has them, one with a
    ticket and a claim, and the recorded games of tests/games."""
    ids = []
    for map_id in map_ids():
        for dice in (False, True):
            data = {"map": map_id, "dice": "y" if dice else ""}
            for i, color in enumerate(forms.PIECE_COLORS):
                data[f"seats-{i}-name"] = ["Ann", "Bob"][i] if i < 2 else ""
                data[f"seats-{i}-color"] = color
            response = client.post("/games", data=data)
            if dice and response.status_code == 400:
                continue  # no dice on this map
            assert response.status_code == 303, response.get_data(as_text=True)
            ids.append(response.headers["Location"].rsplit("/", 1)[-1])
            board = load_board(map_id)
            url = f"/g/{ids[-1]}"
            if board.tickets:
                client.post(f"{url}/tickets", data={"player": "Ann", "deck": "0"})
            if not dice:
                client.post(f"{url}/claim", data={"player": "Ann", "route": "0"})
    for record in sorted(GAMES.glob("*.json")):
        response = client.post(
            "/import",
            data={"record": (io.BytesIO(record.read_bytes()), record.name)},
            content_type="multipart/form-data",
        )
        if response.status_code == 303:
            ids.append(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        return [Game(game_id, game_store.load_game(game_id).watch) for game_id in ids]


def key(rule: Rule) -> str:
    """A rule as the test names it: its address and view (one address may have two)."""
    return f"{rule.rule} ({rule.endpoint})"


def encode(value: str) -> str:
    return value if isinstance(value, Raw) else quote(value, safe="")


def urlencoded(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{encode(k)}={encode(v)}" for k, v in pairs)


STATIC = {"filename": "style.css"}
PART = r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>"  # <game_id>, <int:seq>


def fill(rule: str, values: dict[str, str]) -> str:
    """The rule's address with its parts filled in ("x" for a part of no known name)."""
    return re.sub(PART, lambda part: encode(values.get(part.group(2), "x")), rule)


def addresses(app: Flask, games: list[Game]) -> dict[str, Addresses]:
    """For every rule in the url map (by ``key``), its addresses: with each game's values
    for its parts, and with one part bogus at a time (the others the first game's)."""
    found = {}
    for rule in app.url_map.iter_rules():
        parts = re.findall(PART, rule.rule)
        real = [
            (g, fill(rule.rule, {"game_id": g.id, "watch": g.watch, "seq": "0", **STATIC}))
            for g in (games if parts else games[:1])
        ]
        bogus_ones = []
        for kind, name in parts:
            for value in bogus(kind):
                values = {"game_id": games[0].id, "watch": games[0].watch, "seq": "0"}
                bogus_ones.append(fill(rule.rule, {**values, name: value}))
        found[key(rule)] = Addresses(real, bogus_ones)
    return found


def send(
    client: FlaskClient,
    method: str,
    address: str,
    pairs: list[tuple[str, str]],
    files: dict[str, bytes],
) -> int:
    if method == "GET":
        response = client.get(f"{address}?{urlencoded(pairs)}")
    elif files:
        data: dict[str, Any] = {}
        for k, v in pairs:
            if not isinstance(v, Raw):
                data.setdefault(k, []).append(v.encode("utf-8"))
        for k, body in files.items():
            data[k] = (io.BytesIO(body), "game.json")
        response = client.post(address, data=data, content_type="multipart/form-data")
    else:
        response = client.post(
            address,
            data=urlencoded(pairs).encode("ascii"),
            content_type="application/x-www-form-urlencoded",
        )
    response.close()
    return response.status_code


@pytest.fixture
def fuzz_app(tmp_path, monkeypatch, request):
    # The QR codes encode only the app's own address and the PDF only what is stored:
    # they take most of the time of their pages, so the fuzzing draws them blank and
    # covers more in its few seconds.
    monkeypatch.setattr("companion.web.pages.share.qr_svg", lambda link: "", raising=True)
    for module in ("companion.web.sheet_view",):
        monkeypatch.setattr(f"{module}.sheet_to_pdf", lambda *args: b"%PDF", raising=True)
    return create_app(
        {
            "TESTING": True,  # an exception reaches the test, with its traceback
            "SECRET_KEY": "x",
            "DATABASE": (
                str(tmp_path / "db.sqlite")
                if request.node.get_closest_marker("on_sqlite")
                else fresh_database(tmp_path / "db.sqlite")
            ),
            "WTF_CSRF_ENABLED": False,
            # The fuzzing starts and imports many games: the rate limit is tested apart.
            "GAMES_PER_HOUR": 100_000,
        },
        instance_path=tmp_path,
    )


@pytest.mark.slow
# The quick run puts every hostile value into the store (PostgreSQL refuses some that SQLite
# takes); the thorough run tries the app's checks, one field at a time, on SQLite alone.
@pytest.mark.parametrize("thorough", [False, pytest.param(True, marks=pytest.mark.on_sqlite)])
def test_no_address_answers_hostile_input_with_a_server_error(fuzz_app, thorough):
    """Quick: every rule with each hostile value in every field at once, and hostile
    records. Thorough (apart, as the two take turns on the cores): each field a view reads
    hostile in turn with the others filled in as a phone would, and random requests of
    that kind."""
    rng = random.Random(SEED)
    client = fuzz_app.test_client()
    games = make_games(fuzz_app, client)
    by_form = form_fields()
    fields = sorted(set().union(*by_form.values()) | view_fields())
    uploads = file_fields()
    assert {"player", "route", "take", "show", "die", "back", "record"} <= set(fields) | uploads
    failures: list[str] = []
    sent = 0
    rules = set()

    def attempt(method: str, rule: str, address: str, pairs, files=None) -> None:
        nonlocal sent
        sent += 1
        rules.add(rule)
        try:
            status = send(client, method, address, pairs, files or {})
        except Exception as error:  # a crash is what this test looks for
            status = f"{type(error).__name__}: {error}"[:300]
        if not isinstance(status, int) or status >= 500:
            shown = sorted({k: v[:30] for k, v in pairs if isinstance(v, Tagged)}.items())[:8]
            failures.append(f"{method} {address[:100]} {shown} {list(files or ())}: {status}")

    def spoilt(field: str, game: Game) -> str:
        """A hostile value, or a plausible one with a hostile end."""
        value = rng.choice(HOSTILE)
        if isinstance(value, Raw) or rng.random() < 0.5:
            return value
        return Tagged(rng.choice(plausible(field, game)) + value)

    def filled(game: Game, bad: set[str]) -> list[tuple[str, str]]:
        """Every field as a phone fills it in, but those in ``bad`` hostile (some twice),
        and now and then one left out."""
        pairs = []
        for field in fields:
            if field in bad:
                pairs += [(field, spoilt(field, game)) for _ in range(rng.choice((1, 1, 2)))]
            elif rng.random() < 0.9:
                pairs.append((field, rng.choice(plausible(field, game))))
        return pairs

    targets = addresses(fuzz_app, games)
    every_rule = {key(r): r for r in fuzz_app.url_map.iter_rules()}
    methods = {k: sorted(r.methods & {"GET", "POST"}) for k, r in every_rule.items()}
    read = {
        k: fields_read(fuzz_app, r.endpoint, set(fields), by_form) for k, r in every_rule.items()
    }
    for rule, (real, bogus_ones) in targets.items():
        if thorough:
            # Each field the view reads hostile in turn, the others as a phone fills them
            # (a rule that reads none, filled in as a phone would).
            for i, field in enumerate(read[rule] or [None]):
                game, address = real[(i + len(rule)) % len(real)]
                attempt(methods[rule][-1], rule, address, filled(game, {field} - {None}))
            continue
        # Each hostile value in every field at once (the longest only in those the view
        # reads, to save time), on each game's address in turn, by the methods the rule
        # takes; the other method once; each bogus address once.
        for i, value in enumerate(HOSTILE):
            method = methods[rule][i % len(methods[rule])]
            names = fields if len(value) < 1000 else read[rule]
            attempt(method, rule, real[i % len(real)][1], [(f, value) for f in names])
        for method in {"GET", "POST"} - set(methods[rule]):
            attempt(method, rule, real[0][1], [(f, "²") for f in fields])
        for i, address in enumerate(bogus_ones):
            method = methods[rule][i % len(methods[rule])]
            attempt(method, rule, address, [(f, "1") for f in fields])
    # Random pages of real games with some of what they read hostile; hostile records.
    real_targets = [(r, g, a) for r, found in targets.items() for g, a in found.real]
    for _ in range(RANDOM_REQUESTS if thorough else 0):
        rule, game, address = rng.choice(real_targets)
        bad = set(rng.sample(read[rule], min(len(read[rule]), rng.choice((1, 2, 3)))))
        files = {name: rng.choice(RECORDS) for name in uploads if rng.random() < 0.5}
        attempt(rng.choice(methods[rule]), rule, address, filled(game, bad), files)
    (importing,) = [k for k, r in every_rule.items() if r.rule == "/import"]
    for body in RECORDS if not thorough else ():
        attempt("POST", importing, "/import", [], {"record": body})

    assert rules == set(every_rule)
    assert not failures, f"{len(failures)} of {sent} requests failed:\n" + "\n".join(failures[:20])
    # Nothing recorded was lost: every game stored, those the fuzzing imported too,
    # still opens, and its export imports again.
    with fuzz_app.app_context():
        stored = [
            Game(r["id"], r["watch"]) for r in unit_of_work.get_db().execute("SELECT * FROM game")
        ]
    assert len(stored) >= len(games)
    for game in stored:
        for address in (f"/g/{game.id}", f"/w/{game.watch}", f"/g/{game.id}/sheet"):
            assert client.get(address).status_code == 200, address
        exported = client.get(f"/g/{game.id}/record.json").get_data()
        response = client.post(
            "/import",
            data={"record": (io.BytesIO(exported), "game.json")},
            content_type="multipart/form-data",
        )
        assert response.status_code == 303, response.get_data(as_text=True)
