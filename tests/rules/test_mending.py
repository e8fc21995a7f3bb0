"""A record mended where the board showed otherwise: a claim left out goes in at the latest
place where the log still replays (the end of a game that goes on, before the final round
of one that is over: a house rule); one the rules refuse anywhere is refused with the
reason; a claim taken out leaves a log the referee still accepts, or is refused."""

from __future__ import annotations

import pytest

from companion.rules.actions import Claim, Pass
from companion.rules.errors import IllegalAction
from companion.rules.game import replay
from companion.rules.mending import place_claim, without
from tests.helpers import Table


def test_a_claim_left_out_goes_in_at_the_place_asked_while_the_game_goes_on():
    table = (
        Table("Ann", "Bob")
        .claim("Ann", "Denver", "Helena")
        .claim("Bob", "Seattle", "Portland", track=1)
    )
    claim = Claim("Bob", ("Dallas", "Houston"), track=1)
    assert place_claim(table.state.setup, table.actions, claim, len(table.actions)) == 2


def test_a_claim_left_out_of_a_finished_game_goes_in_before_its_final_round():
    table = Table("Ann", "Bob").down_to_three_trains("Ann")  # 7 claims, 3 trains left
    table.claim("Ann", "Dallas", "Houston", track=1)  # 2 left: the final round begins
    table.play(Pass("Bob")).play(Pass("Ann"))  # each player's final turn: the game is over
    assert table.state.is_over
    claim = Claim("Bob", ("Denver", "Omaha"))
    with pytest.raises(IllegalAction, match="the game is over"):
        replay(table.state.setup, [*table.actions, claim])
    place = place_claim(table.state.setup, table.actions, claim, len(table.actions))
    assert place == 7  # before Ann's claim that began the final round (the 8th action)
    assert replay(
        table.state.setup, [*table.actions[:place], claim, *table.actions[place:]]
    ).is_over


def test_a_claim_the_rules_refuse_anywhere_is_refused_with_the_reason():
    table = Table("Ann", "Bob").claim("Ann", "Denver", "Helena")
    taken = Claim("Bob", ("Denver", "Helena"))
    with pytest.raises(IllegalAction, match="Denver–Helena .* is already claimed by Ann"):
        place_claim(table.state.setup, table.actions, taken, len(table.actions))


def test_a_claim_more_trains_than_its_player_has_left_is_refused():
    table = Table("Ann", "Bob").down_to_three_trains("Ann")
    with pytest.raises(IllegalAction, match="3 trains"):
        place_claim(table.state.setup, table.actions, Claim("Ann", ("Denver", "Omaha")), 7)


def test_taking_a_claim_out_of_the_log_leaves_the_rest_as_played():
    table = (
        Table("Ann", "Bob")
        .claim("Ann", "Denver", "Helena")
        .claim("Bob", "Seattle", "Portland", track=1)
    )
    state = without(table.state.setup, table.actions, 0)
    assert [(state.board.routes[r].name, owner) for r, owner in state.owners.items()] == [
        ("Portland–Seattle", "Bob")
    ]
