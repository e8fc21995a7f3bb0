"""One claim, one judgement: the claim's view reads the game once and hands it to the
write, where the referee judges the claim once, under the write's lock, against the game
as it stands there (the game handed along when no other write came in meanwhile, else the
game read again)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from companion.rules import game as referee
from companion.rules.actions import Claim
from companion.rules.errors import IllegalAction
from companion.web import game_store, unit_of_work
from tests.web.helpers import WebTable, route_id


def _in_a_write() -> bool:
    """Whether the request's connection is inside a transaction: a write (a read is made
    outside one), holding the game's lock."""
    raw = unit_of_work.get_db().raw  # type: ignore[attr-defined]
    if hasattr(raw, "in_transaction"):  # SQLite
        return bool(raw.in_transaction)
    from psycopg.pq import TransactionStatus

    return bool(raw.info.transaction_status != TransactionStatus.IDLE)


def _count(monkeypatch: pytest.MonkeyPatch, function: Callable[..., Any], calls: list[Any]) -> None:
    """``function`` counted wherever the companion calls it from (each module that holds
    it): its name, its arguments, and whether a write was open."""

    def counted(*args: Any) -> Any:
        calls.append((function.__name__, args, _in_a_write()))
        return function(*args)

    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "") or ""
        if name.startswith("companion") and getattr(module, function.__name__, None) is function:
            monkeypatch.setattr(module, function.__name__, counted)


@pytest.mark.parametrize("in_place", [False, True], ids=["as a page", "in place"])
def test_a_claim_reads_its_game_once_and_is_judged_once_under_the_lock(
    client, monkeypatch, in_place
):
    table = WebTable(client, "Ann", "Bob")
    asked: list[Any] = []  # the game asked for (``load_game``, kept for the request)
    read: list[Any] = []  # the game read from the database (``_load_game``)
    judged: list[Any] = []  # the referee's calls: the table's rules, then the rules
    _count(monkeypatch, game_store.load_game, asked)
    _count(monkeypatch, game_store._load_game, read)
    _count(monkeypatch, referee.check_played_at_the_table, judged)
    _count(monkeypatch, referee.apply, judged)

    answer = client.post(
        f"{table.url}/claim",
        data={"player": "Ann", "route": route_id("Denver", "Helena")},
        headers={"X-In-Place": table.url} if in_place else {},
    )

    assert answer.status_code == (200 if in_place else 303)
    if in_place:  # its note made at the version the write returned: nothing read after it
        assert 'data-version="1"' in answer.get_data(as_text=True)
    # Read once: the view reads the game (its board names the route, its players the
    # player) and hands it to the write; under the lock only the game's version is read,
    # and it is the version handed along, so the game is not read again. (Before, the
    # game was asked for three times: by the view, by the recording of the form, and
    # under the lock, where it was read from the database a second time.)
    assert len(asked) == 1
    assert len(read) == 1
    # Judged once, under the lock: held to the table's rules, then to the referee's.
    # (Before, the view held it to the table's rules against the game read before the
    # lock, and the write judged it again under the lock.)
    claims = [(name, under_lock) for name, _args, under_lock in judged]
    assert claims == [("check_played_at_the_table", True), ("apply", True)]
    assert all(isinstance(args[1], Claim) for _name, args, _lock in judged)


def test_a_game_handed_to_a_write_is_judged_as_it_stands_under_the_lock(app, client):
    """Two phones at once: the second's view read the game before the first's claim
    landed; its claim is judged against the game as the first one left it."""
    table = WebTable(client, "Ann", "Bob")
    with app.test_request_context():
        seen = game_store.load_game(table.id)  # as both phones read it
        game_store.record_action(seen, Claim("Ann", ("Denver", "Helena")))
        with pytest.raises(IllegalAction, match="already claimed"):
            game_store.record_action(seen, Claim("Bob", ("Denver", "Helena")))
        game = game_store.load_game(table.id)
        assert [a.action.player for a in game.history] == ["Ann"] and game.version == 1
