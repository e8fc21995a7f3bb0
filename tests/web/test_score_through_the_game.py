"""The score sheet's chart follows the score track through the game: each new version's
follows on from the last one worked out, and is the same as the track worked out from the
start, after an Undo and after a claim mended in before the last move too."""

from __future__ import annotations

from companion.rules.actions import Action, Claim, Pass
from companion.rules.table_questions import track_history
from companion.web import game_store, sheet_view
from companion.web.mending import mend
from tests.web.helpers import seats


def _game(client) -> str:  # type: ignore[no-untyped-def]
    answer = client.post("/games", data=seats("Ann", "Bob"))
    assert answer.status_code == 303
    return answer.headers["Location"].split("?")[0].rsplit("/", 1)[-1]


def _record(game_id: str, action: Action) -> None:
    game_store.record_action(game_store.load_game(game_id), action)


def _followed(game_id: str) -> tuple[dict[str, int], ...]:
    game = game_store.load_game(game_id)
    return sheet_view._track(game, game.state()).shown


def _from_the_start(game_id: str) -> tuple[dict[str, int], ...]:
    game = game_store.load_game(game_id)
    return track_history(game.record.setup(), game.record.actions)


def test_the_score_through_the_game_follows_each_change_as_worked_from_the_start(client, app):
    game_id = _game(client)
    with app.test_request_context():
        _record(game_id, Claim("Ann", ("Denver", "Helena")))  # 4 spaces: 7
        assert _followed(game_id) == ({"Ann": 0, "Bob": 0}, {"Ann": 7, "Bob": 0})
        _record(game_id, Claim("Bob", ("Los Angeles", "El Paso")))  # 6: 15
        _record(game_id, Pass("Ann", drew="cards"))
        assert _followed(game_id)[-1] == {"Ann": 7, "Bob": 15}
        assert _followed(game_id) == _from_the_start(game_id)
        game_store.undo(game_id)  # Ann's draw
        game_store.undo(game_id)  # Bob's claim
        assert _followed(game_id) == ({"Ann": 0, "Bob": 0}, {"Ann": 7, "Bob": 0})
        _record(game_id, Pass("Bob", drew="cards"))
        # Ann's Seattle–Portland (1 space: 1), forgotten, mended in before Bob's draw.
        mend(game_id, claim=Claim("Ann", ("Seattle", "Portland"), track=1))
        followed = _followed(game_id)
        assert followed == _from_the_start(game_id)
        assert followed[-1] == {"Ann": 8, "Bob": 0} and followed[2] == {"Ann": 8, "Bob": 0}
