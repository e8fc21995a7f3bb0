"""The page's search folds what is typed exactly as the server folds every place's names:
each spelling of each place of each map, and the ways players type them."""

from __future__ import annotations

from playwright.sync_api import Page

from companion.rules.map_file import load_board, map_ids
from companion.rules.names import place_key
from tests.e2e.phone import go

TYPED = ["Лagos", "Мoсква", "НЬЮ ЙОРК", "nyu-york", "В’єтнам", "Kөln", "Montréal", "St. Louis"]
TYPED += ["Лаго\u0301с"]  # an accent typed apart from its letter


def test_the_page_folds_every_name_as_the_server_does(server: str, phone: Page) -> None:
    go(phone, server)
    names = sorted(
        {s for m in map_ids() for city in load_board(m).cities.values() for s in city.spellings}
        | set(TYPED)
    )
    folded = phone.evaluate("names => names.map(window.companionNameKey)", names)
    differ = {n: (f, place_key(n)) for n, f in zip(names, folded, strict=True) if f != place_key(n)}
    assert not differ, differ
    assert len(names) > 500
