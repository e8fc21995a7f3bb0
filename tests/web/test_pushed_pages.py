"""Every phone ends on the page a reload would show: after each move of a game on every
map (claims, draws of cards and of tickets, what else the random game plays there, and an
Undo), the page each phone's stream brings it is the page that phone fetches anew, for a
phone in each language and palette; and no phone is brought another's. A phone whose
stream broke while moves were made is brought the page as it then stands."""

from __future__ import annotations

import random

import pytest

from companion.rules.map_file import load_board, map_ids
from companion.web import game_store
from tests.helpers import record_of, table_goods
from tests.playout import random_game
from tests.web.helpers import Following, import_record, main_of, pushed_main, without_own

# A phone in each language, one of them in the palette for colour-blind eyes: its cookies.
PHONES = {
    "English": {},
    "Russian": {"lang": "ru"},
    "Ukrainian, colour-blind": {"lang": "uk", "colours": "colour-blind"},
}
MOVES = 6  # moves followed on each map, after those the game was imported with


def _phone(app, cookies: dict[str, str]):
    phone = app.test_client()
    for name, value in cookies.items():
        phone.set_cookie(name, value)
    return phone


def _fetched(phone, url: str) -> str:
    answer = phone.get(url, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return main_of(answer.get_data(as_text=True))


@pytest.mark.parametrize("map_id", map_ids())
def test_each_phone_is_brought_the_page_a_reload_shows_after_every_move(app, client, map_id):
    board = load_board(map_id)
    rng = random.Random(map_id)
    setup, actions, hands = random_game(board, 3, rng, goods=table_goods(board))
    start = len(actions) // 3
    url = import_record(client, record_of(setup, actions[:start], hands)).split("?")[0]
    game_id = url.rsplit("/", 1)[-1]
    phones = {name: _phone(app, cookies) for name, cookies in PHONES.items()}
    version = store_version(app, game_id)
    streams = {
        name: Following(phone, f"{url}/events?since={version}&page={url}")
        for name, phone in phones.items()
    }
    try:
        for n, action in enumerate(actions[start : start + MOVES]):
            with app.test_request_context():
                if n == MOVES - 1:
                    game_store.undo(game_id)  # the move before, taken back
                else:
                    game_store.record_action(game_store.load_game(game_id), action)
            version += 1
            brought = {}
            for name, stream in streams.items():
                shown, main = pushed_main(stream.next())
                assert shown == version, name
                assert f'data-version="{version}"' in main, name
                assert without_own(main) == without_own(_fetched(phones[name], url)), name
                brought[name] = main
            # A page in one language or palette is no other phone's.
            assert len({without_own(main) for main in brought.values()}) == len(PHONES)
            assert brought["English"].startswith("<main")  # the main only, not a whole page
    finally:
        for stream in streams.values():
            stream.close()


def test_a_phone_that_missed_moves_is_brought_the_page_as_it_stands(app, client):
    board = load_board("usa")
    setup, actions, hands = random_game(board, 3, random.Random(5))
    url = import_record(client, record_of(setup, actions[:10], hands)).split("?")[0]
    game_id = url.rsplit("/", 1)[-1]
    phone = _phone(app, PHONES["Russian"])
    missed_from = store_version(app, game_id)
    with app.test_request_context():  # moves made while the phone slept
        for action in actions[10:14]:
            game_store.record_action(game_store.load_game(game_id), action)
        game_store.undo(game_id)
    stream = Following(phone, f"{url}/events?page={url}", {"Last-Event-ID": str(missed_from)})
    try:
        shown, main = pushed_main(stream.next())
        assert shown == missed_from + 5
        assert without_own(main) == without_own(_fetched(phone, url))
    finally:
        stream.close()


def store_version(app, game_id: str) -> int:
    with app.test_request_context():
        return game_store.game_version(game_id)
