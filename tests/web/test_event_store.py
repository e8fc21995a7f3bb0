"""Events as stored: the first round drawn with a game for each table, the organizer's
entries checked against the tables' games, and the standings' results from the games
that finished."""

from __future__ import annotations

import json

import pytest

from companion.rules.actions import Pass
from companion.rules.errors import EventError
from companion.rules.event import EventSetup, Joined, Moved, TakenOut, draw_round, redraw_tables
from companion.rules.event_standings import EVERY_PLACE, WINS, result_of
from companion.rules.record import HeldTicket
from companion.web import backup, event_store, game_store, unit_of_work
from tests.web.helpers import play_to_end as _play_to_end

TWELVE = tuple(f"P{i:02d}" for i in range(1, 13))
SETUP = EventSetup("Club night", "usa", "base", 4, 3, WINS, True, TWELVE)


def _table_players(stored, round_number, table):
    game = game_store.load_game(stored.games[round_number, table])
    return tuple(p.name for p in game.record.players)


def test_an_event_starts_with_its_first_round_drawn_and_a_game_at_each_table(app):
    with app.test_request_context():
        stored = event_store.load_event(event_store.create_event(SETUP, "ru"))
        (first,) = stored.event.rounds
        assert [len(t.players) for t in first.tables] == [4, 4, 4]
        for table in first.tables:
            assert _table_players(stored, 1, table.number) == table.players  # seat order
            assert game_store.load_game(stored.games[1, table.number]).language == "ru"
        assert event_store.load_watched_event(stored.watch).id == stored.id


def test_an_event_that_is_not_there_is_not_found(app):
    with app.test_request_context(), pytest.raises(event_store.EventNotFound):
        event_store.load_event("nosuchevent")


def test_the_next_round_gets_new_games(app):
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        stored = event_store.record_entry(event_id, lambda e: draw_round(e, "second"))
        assert len(stored.event.rounds) == 2
        assert {stored.games[2, t] for t in (1, 2, 3)}.isdisjoint(
            stored.games[1, t] for t in (1, 2, 3)
        )
        for table in stored.event.round(2).tables:
            assert _table_players(stored, 2, table.number) == table.players


def test_a_table_that_has_begun_is_not_drawn_again_and_the_others_get_new_games(app):
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        before = event_store.load_event(event_id)
        game_store.record_action(game_store.load_game(before.games[1, 1]), _first_turn(before, 1))
        with pytest.raises(EventError, match="table 1 has started its game"):
            event_store.record_entry(event_id, lambda e: redraw_tables(e, 1, (1, 2), "again"))
        after = event_store.record_entry(event_id, lambda e: redraw_tables(e, 1, (2, 3), "again"))
        assert after.games[1, 1] == before.games[1, 1]
        assert after.games[1, 2] != before.games[1, 2] and after.games[1, 3] != before.games[1, 3]
        for table in after.event.round(1).tables:
            assert _table_players(after, 1, table.number) == table.players
        assert len(after.log) == 2  # the refused re-draw left nothing


def test_a_player_moved_sits_in_both_tables_new_games(app):
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        player = event_store.load_event(event_id).event.round(1).table(1).players[0]
        after = event_store.record_entry(event_id, lambda e: Moved(player, 1, 2, 4))
        assert player not in _table_players(after, 1, 1)
        assert _table_players(after, 1, 2)[-1] == player


def _first_turn(stored, table):
    return Pass(stored.event.round(1).table(table).players[0])


def test_the_standings_count_the_finished_games_but_those_taken_out(app):
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        stored = event_store.load_event(event_id)
        for table in (1, 2):
            _play_to_end(stored.games[1, table], table)
        found = event_store.results(stored)
        assert len(found) == 2  # table 3 has not finished
        sheet = game_store.load_game(stored.games[1, 1]).scored()
        assert found[0] == result_of(sheet, EVERY_PLACE)  # SETUP: as events made before
        taken = event_store.record_entry(event_id, lambda e: TakenOut(1, 1))
        assert [r.players for r in event_store.results(taken)] == [found[1].players]


def test_an_event_is_kept_by_a_backup_and_comes_back_with_a_restore(app, tmp_path):
    from companion.web import create_app
    from tests.databases import fresh_database

    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        event_store.record_entry(event_id, lambda e: draw_round(e, "second"))
        lines = list(backup.backup())
        before = event_store.load_event(event_id)
    other = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "DATABASE": fresh_database(tmp_path / "o.sqlite")},
        instance_path=tmp_path,
    )
    with other.test_request_context():
        backup.restore(lines)
        assert event_store.load_event(event_id) == before


def test_an_entry_made_on_an_event_that_changed_meanwhile_is_refused(app):
    """Two organizers' phones: one draws round 2 while the other's page still shows round
    1; the other's re-draw of round 1 is refused rather than made on what it did not see."""
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)

        def late(event):
            event_store.record_entry(event_id, lambda e: Joined("Zed"))  # meanwhile
            return redraw_tables(event, 1, (1, 2), "again")

        with pytest.raises(EventError, match="the event changed meanwhile"):
            event_store.record_entry(event_id, late)
        assert len(event_store.load_event(event_id).log) == 2


def test_a_table_with_tickets_entered_has_begun(app):
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        stored = event_store.load_event(event_id)
        first = stored.event.round(1).table(1).players[0]
        game_store.add_ticket(stored.games[1, 1], first, HeldTicket(("Denver", "El Paso")))
        with pytest.raises(EventError, match="table 1 has started its game"):
            event_store.record_entry(event_id, lambda e: redraw_tables(e, 1, (1, 2), "x"))


def test_an_event_made_before_the_choice_gives_the_later_seat_every_place(app):
    # Its stored setup has no "later_seat_every_place": it was made when the later seat
    # won a tie at any place, and its standings stay as they were.
    with app.test_request_context():
        event_id = event_store.create_event(SETUP)
        db = unit_of_work.get_db()
        row = db.execute("SELECT setup FROM event WHERE id = ?", (event_id,)).fetchone()
        setup = json.loads(row[0])
        del setup["later_seat_every_place"]
        db.execute("UPDATE event SET setup = ? WHERE id = ?", (json.dumps(setup), event_id))
        assert event_store.load_event(event_id).event.setup.later_seat == EVERY_PLACE
