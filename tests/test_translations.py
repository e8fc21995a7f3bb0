"""The catalogs: every message of the app (templates, Python, the rules' messages, the map
files' notes) is translated in Russian and Ukrainian, none fuzzy, with the same fields; the
compiled catalogs are those of the sources; plurals follow each language's rules."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.catalogs import CATALOGS, LANGUAGES, translator
from companion.rules.actions import BuildStation, Claim, Pass
from companion.rules.map_file import load_board, map_ids
from companion.rules.words import Message, ngettext

TOP = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
BOARDS = TOP / "companion" / "rules" / "boards"


def _source_messages() -> dict[tuple[str, str | None], str | None]:
    """Every message id in the sources, as `pybabel extract -F babel.cfg` finds them, with
    its plural (None for a plain message) and where it was found."""
    with open(TOP / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(TOP / "babel.cfg"))
    found: dict[tuple[str, str | None], str | None] = {}
    for _filename, _line, message, _comments, context in extract_from_dir(
        str(TOP), method_map, options_map
    ):
        if isinstance(message, tuple):
            found[message[0], context] = message[1]
        else:
            found.setdefault((message, context), None)
    return found


SOURCE = _source_messages()


def _catalog(code: str):
    with open(CATALOGS / code / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=code)


def test_the_sources_have_messages_to_translate():
    assert len(SOURCE) > 300
    assert ("Routes", None) in SOURCE  # a standings column, from the rules
    assert ("North America", None) in SOURCE  # a map's name, from its map file


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code):
    catalog = _catalog(code)
    missing, fuzzy, empty = [], [], []
    for (msgid, context), plural in SOURCE.items():
        entry = catalog.get(msgid, context=context)
        if entry is None:
            missing.append(msgid)
            continue
        if entry.fuzzy:
            fuzzy.append(msgid)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings) or (plural and len(strings) != catalog.num_plurals):
            empty.append(msgid)
    assert not missing, f"{len(missing)} not in the {code} catalog: {missing[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in the {code} catalog: {fuzzy[:10]}"
    assert not empty, f"{len(empty)} untranslated in the {code} catalog: {empty[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_the_fields_of_its_message(code):
    catalog = _catalog(code)
    problems = [
        f"{message.id!r}: {'; '.join(str(e) for e in errors)}"
        for message, errors in catalog.check()
    ]
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(code):
    folder = CATALOGS / code / "LC_MESSAGES"
    with open(folder / "messages.mo", "rb") as mo:
        compiled = {_strings(m) for m in read_mo(mo) if m.id}
    written = {_strings(m) for m in _catalog(code) if m.id and not m.fuzzy}
    assert compiled == written, "run: pybabel compile -d companion/translations"


def _strings(message) -> tuple:
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    context = message.context
    if isinstance(context, bytes):  # read_mo leaves a context undecoded
        context = context.decode("utf-8")
    return (context, tuple(ids), tuple(strings))


def trains(n: int) -> Message:
    return ngettext("%(num)d train", "%(num)d trains", n)


@pytest.mark.parametrize(
    ("code", "counts"),
    [
        ("en", {1: "1 train", 2: "2 trains", 5: "5 trains", 21: "21 trains"}),
        ("ru", {1: "1 вагон", 2: "2 вагона", 5: "5 вагонов", 21: "21 вагон", 22: "22 вагона"}),
        ("uk", {1: "1 вагон", 2: "2 вагони", 5: "5 вагонів", 11: "11 вагонів", 24: "24 вагони"}),
    ],
)
def test_plurals_follow_each_languages_rules(code, counts):
    said = {n: trains(n).say(translator(code)) for n in counts}
    assert {n: words.replace("\u00a0", " ") for n, words in said.items()} == counts
    if code != "en":  # the number never parts from its word at the end of a line
        assert all("\u00a0" in words for words in said.values())


@pytest.mark.parametrize(
    ("code", "counts"),
    [
        ("ru", {1: "1 выполненная карта маршрута", 2: "2 выполненные карты маршрутов",
                5: "5 выполненных карт маршрутов"}),
        ("uk", {1: "1 виконана карта маршруту", 2: "2 виконані карти маршрутів",
                5: "5 виконаних карт маршрутів"}),
    ],
)  # fmt: skip
def test_completed_tickets_are_counted_with_the_rule_books_word(code, counts):
    words = {
        n: ngettext("%(num)d completed ticket", "%(num)d completed tickets", n).say(
            translator(code)
        )
        for n in counts
    }
    assert {n: w.replace("\u00a0", " ") for n, w in words.items()} == counts


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_can_be_filled_in(code):
    """Each message is formatted with its values, or with none (templates format even a
    message without fields): a stray "%" in a translation would break a page."""
    broken = []
    for message in _catalog(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        names = set(re.findall(r"%\((\w+)\)", " ".join(ids)))
        values = {n: 1 for n in names}
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        for text in strings:
            try:
                text % values
            except (KeyError, ValueError, TypeError) as error:
                broken.append(f"{ids[0]!r} → {text!r}: {error}")
    assert not broken, "\n".join(broken[:10])


class Broken:
    """A catalog whose translator left a field out of a plural and mistyped another."""

    def gettext(self, message):
        return "%(player) имеет" if message == "%(player)s has no trains left" else message

    def ngettext(self, singular, plural, n):
        return "%(missing)s"


def test_a_translation_with_a_broken_field_falls_back_to_the_english():
    from companion.rules.words import _

    said = _("%(player)s has no trains left", player="Аня").say(Broken())
    assert said == "Аня has no trains left"
    assert ngettext("%(num)d train", "%(num)d trains", 3).say(Broken()) == "3 trains"


def test_a_list_of_any_length_is_said_in_one_pass():
    from companion.rules.words import join

    names = [f"key{i}" for i in range(5000)]
    said = join(names).say(translator("ru"))
    assert said.startswith("key0, key1, ") and said.endswith(", key4998 и key4999")


def map_words(text: str) -> list[str]:
    """The words a map file brings to the catalogs (its name, its notes, its routes'
    notes), as `pybabel extract` finds them."""
    from companion.catalogs import extract_board_words

    found = extract_board_words(io.BytesIO(text.encode("utf-8")), None, None, None)
    return [message for _line, _function, message, _comments in found]


def missing_words(text: str, code: str) -> list[str]:
    """The words of a map file that the catalog of ``code`` does not translate."""
    catalog = _catalog(code)
    return [w for w in map_words(text) if not (catalog.get(w) and catalog.get(w).string)]


def test_a_map_whose_words_are_not_in_a_catalog_is_found_out():
    text = (BOARDS / "usa.toml").read_text(encoding="utf-8")
    assert missing_words(text, "ru") == []
    added = text.replace('name = "North America"', 'name = "North America, 1910"')
    assert missing_words(added, "ru") == ["North America, 1910"]


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_speaks_russian_and_ukrainian(map_id):
    """A new map needs only its file and its words in each catalog: this names the words
    a catalog lacks (then: pybabel extract, pybabel update, translate, pybabel compile)."""
    text = (BOARDS / f"{map_id}.toml").read_text(encoding="utf-8")
    missing = {code: missing_words(text, code) for code in TRANSLATED}
    said = "; ".join(f"{code}: {words}" for code, words in missing.items() if words)
    assert not said, f"the {map_id} map's words missing from the catalogs: {said}"


def test_the_map_files_name_places_in_every_language_spoken_but_english():
    from companion.catalogs import DEFAULT
    from companion.rules.map_file import LOCAL_NAMES

    assert set(LOCAL_NAMES) == set(LANGUAGES) - {DEFAULT}


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "Ann claimed Denver–Helena (green)"),
        ("ru", "Ann: проложен маршрут Denver (Денвер)–Helena (Хелена) (зелёный)"),
        ("uk", "Ann: прокладено маршрут Denver (Денвер)–Helena (Гелена) (зелений)"),
    ],
)
def test_a_move_is_said_done_with_each_city_as_printed_and_its_local_name(code, said):
    # The history and the bar say what was done (the Russian and Ukrainian without the
    # player's gender: "проложен маршрут"), each city as printed with its local name, and
    # the route as its label says it everywhere (its colour; a gray double's track).
    claim = Claim("Ann", ("Denver", "Helena"))
    assert claim.describe(load_board("usa")).say(translator(code)) == said


def test_every_move_is_said_in_the_past():
    usa, europe = load_board("usa"), load_board("europe")
    moves = [
        (Claim("Ann", ("Denver", "Helena")), usa, "Ann claimed Denver–Helena (green)"),
        (Pass("Ann", drew="cards"), usa, "Ann drew train cards"),
        (Pass("Ann", drew="tickets"), usa, "Ann drew tickets"),
        (BuildStation("Ann", "Berlin"), europe, "Ann built a station in Berlin"),
    ]
    for move, board, said in moves:
        assert move.describe(board).say(translator("en")) == said
    assert (
        BuildStation("Ann", "Berlin").describe(europe).say(translator("ru"))
        == "Ann: построена станция в городе Berlin (Берлин)"
    )
