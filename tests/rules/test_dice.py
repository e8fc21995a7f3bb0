"""The Dice Expansion: what a roll and the track tokens pay for, turn by turn."""

from __future__ import annotations

import pytest

from companion.rules.actions import BuildStation, Claim, MovePassenger, Pass
from companion.rules.board import Route
from companion.rules.dice import DiceOption, DiceTurn, Tokens, dice_for_claim, token_choices
from companion.rules.errors import IllegalAction, RecordError, SetupError
from companion.rules.game import apply, check_played_at_the_table, start
from companion.rules.map_file import load_board
from companion.rules.record import parse_record, record_to_json
from companion.rules.setup import Player, new_game
from tests.helpers import MARKLIN_GOODS, game_record

S, D, T, L = "single", "double", "station", "locomotive"
USA = load_board("usa")


def route_between(state, a: str, b: str) -> int:
    (route,) = [r for r in state.board.routes if set(r.cities) == {a, b}]
    return route.id


def dice_game(map_id: str = "usa", *names: str, goods=None):
    setup = new_game(
        load_board(map_id), [Player(n) for n in names or ("Ann", "Bob")], goods, dice=True
    )
    return start(setup)


NONE = Tokens()


def roll(*faces: str, use=NONE, take=NONE, give_back=NONE, tunnel=0) -> DiceTurn:
    return DiceTurn(tuple(faces), use, take, give_back, tunnel)


def dice_record(map_id: str, *actions: dict, dice: bool = True):
    """A record of a two-player game with these actions."""
    return parse_record(
        {
            "format": "ttr-companion/1",
            "map": map_id,
            "dice": dice,
            "players": ["Ann", "Bob"],
            "actions": list(actions),
        }
    )


def holding_two_double_tokens():
    # A first turn: draw 1 ticket with a station face, 4 dice unused: 2 double tokens.
    state = dice_game()
    return apply(state, Pass("Ann", roll(T, S, S, D, D, take=Tokens(0, 2)), draw_tickets=1))


def test_the_rules_example_a_single_track_route_of_3_and_a_token():
    # 2 single, 1 double, 1 station, 1 locomotive, 2 double tokens held: Calgary–Vancouver
    # (single track, 3) with 2 single and the locomotive; double + station unused: 1 token.
    state = holding_two_double_tokens()
    state = apply(
        state, Claim("Ann", ("Calgary", "Vancouver"), dice=roll(S, S, D, T, L, take=Tokens(1, 0)))
    )
    assert state.tokens_of("Ann") == Tokens(1, 2)


def test_the_rules_example_one_track_of_a_double_route_of_4_with_two_tokens():
    # Atlanta–New Orleans (double, 4): the double face, the locomotive and 2 double tokens;
    # 3 dice left (2 single, station): 1 token.
    state = holding_two_double_tokens()
    state = apply(
        state,
        Claim(
            "Ann",
            ("Atlanta", "New Orleans"),
            "yellow",
            dice=roll(S, S, D, T, L, use=Tokens(0, 2), take=Tokens(1, 0)),
        ),
    )
    assert state.tokens_of("Ann") == Tokens(1, 0)


def test_the_rules_example_two_tickets_with_the_station_and_the_locomotive():
    state = holding_two_double_tokens()
    state = apply(state, Pass("Ann", roll(S, S, D, T, L, take=Tokens(0, 1)), draw_tickets=2))
    assert state.tokens_of("Ann") == Tokens(0, 3)
    with pytest.raises(IllegalAction, match="takes 3 station faces"):
        apply(state, Pass("Bob", roll(S, S, D, T, L), draw_tickets=3))


def test_route_colours_do_not_matter_only_single_or_double_track():
    state = dice_game()
    with pytest.raises(IllegalAction, match="needs 4 spaces .* of double track"):
        apply(state, Claim("Ann", ("Atlanta", "New Orleans"), "yellow", dice=roll(S, S, S, S, T)))
    apply(state, Claim("Ann", ("Atlanta", "New Orleans"), "orange", dice=roll(D, D, D, L, T)))


def test_tokens_of_the_wrong_kind_do_not_count():
    state = holding_two_double_tokens()
    with pytest.raises(IllegalAction, match="double tokens don't count"):
        apply(
            state,
            Claim("Ann", ("Calgary", "Vancouver"), dice=roll(S, S, T, T, T, use=Tokens(0, 1))),
        )


def test_one_token_for_every_two_unused_dice():
    state = dice_game()
    with pytest.raises(IllegalAction, match="3 dice left unused give 1 token, not 2"):
        apply(
            state,
            Claim("Ann", ("Denver", "Santa Fe"), dice=roll(S, S, D, T, T, take=Tokens(2, 0))),
        )


def test_a_player_holds_at_most_3_tokens_and_takes_none_in_a_turn_begun_with_3():
    state = holding_two_double_tokens()
    with pytest.raises(IllegalAction, match="at most 3 tokens"):
        apply(
            state,
            Pass("Ann", roll(T, S, S, D, D, take=Tokens(2, 0)), draw_tickets=1),
        )
    state = apply(state, Pass("Ann", roll(T, S, S, D, D, take=Tokens(1, 0)), draw_tickets=1))
    assert state.tokens_of("Ann").total == 3
    # Begins with 3, spends a single token on Calgary–Vancouver: still no token this turn.
    with pytest.raises(IllegalAction, match="begins a turn with 3 tokens takes none"):
        apply(
            state,
            Claim(
                "Ann",
                ("Calgary", "Vancouver"),
                dice=roll(S, S, T, T, T, use=Tokens(1, 0), take=Tokens(1, 0)),
            ),
        )


def test_tokens_may_be_handed_back_at_the_end_of_a_turn():
    state = holding_two_double_tokens()
    state = apply(state, Pass("Ann", roll(T, S, S, D, D, give_back=Tokens(0, 2)), draw_tickets=1))
    assert state.tokens_of("Ann") == Tokens()


def test_a_route_longer_than_8_spaces_cannot_be_claimed_with_dice():
    long = Route(0, ("A", "B"), 9, "gray")
    with pytest.raises(IllegalAction, match="no route longer than 8"):
        dice_for_claim(long, roll(L, L, L, L, L, use=Tokens(3, 0)), Tokens(3, 0))


def test_a_ferry_takes_a_locomotive_face_for_each_locomotive_symbol():
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="ferry: it takes 2 locomotive faces"):
        apply(state, Claim("Ann", ("Amsterdam", "London"), dice=roll(L, S, S, T, T)))
    apply(state, Claim("Ann", ("Amsterdam", "London"), dice=roll(L, L, S, T, T, take=Tokens(1, 0))))


def test_each_tunnel_face_demands_one_more_face_or_token():
    state = dice_game("europe")
    # Paris–Zürich: tunnel, single track, 3; two tunnel faces: 5 single faces or locos.
    with pytest.raises(IllegalAction, match="needs 5 spaces \\(3 and 2 tunnels\\)"):
        apply(state, Claim("Ann", ("Paris", "Zürich"), dice=roll(S, S, S, L, T, tunnel=2)))
    apply(state, Claim("Ann", ("Paris", "Zürich"), dice=roll(S, S, S, L, L, tunnel=2)))


PARIS_ZURICH = ("Paris", "Zürich")  # a tunnel of 3 spaces, single track


def failed(player: str, *faces: str, tunnel: int, route=PARIS_ZURICH, take=NONE) -> Pass:
    """The player's tunnel that failed on these faces and tunnel faces."""
    turn = roll(*faces, take=take, tunnel=tunnel)
    return Pass(player, turn, failed_tunnel=Claim(player, route))


def test_a_tunnel_that_fails_ends_the_turn_with_nothing():
    # «Если он не может этого сделать, то его ход завершается и никакие другие действия …
    # не выполняются»: 2 single faces and a locomotive pay Paris–Zürich's 3 spaces; the
    # black dice show 2 tunnels, and the double and the station left give 1 token, not 2.
    state = apply(dice_game("europe"), failed("Ann", S, S, L, T, D, tunnel=2))
    assert not state.owners and state.tokens_of("Ann") == Tokens()
    with pytest.raises(IllegalAction, match="a tunnel that failed ends the turn with nothing"):
        apply(state, failed("Bob", S, S, L, T, D, tunnel=2, take=Tokens(1, 0)))


def test_a_tunnel_fails_only_when_the_roll_cannot_pay_what_the_black_dice_add():
    state = dice_game("europe")
    # 4 single faces pay 3 spaces and 1 tunnel face: the tunnel is claimed, not failed.
    with pytest.raises(IllegalAction, match="pays for Paris–Zürich with 1 tunnel face"):
        apply(state, failed("Ann", S, S, S, S, T, tunnel=1))
    # Tokens held pay too: 3 single tokens cover the 2 tunnel faces.
    held = holding_three_single_tokens()
    with pytest.raises(IllegalAction, match="pays for Paris–Zürich with 2 tunnel faces"):
        apply(held, failed("Ann", S, S, L, T, D, tunnel=2))


def test_the_black_dice_are_rolled_only_for_a_tunnel_the_roll_pays_for():
    # No single face or locomotive: the 5 dice give 2 tokens, short of Paris–Zürich's 3
    # spaces; no tunnel dice are rolled for it, so no failed tunnel (a turn that could make
    # a play must make one).
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="can't pay for Paris–Zürich even before the black"):
        apply(state, failed("Ann", D, D, D, T, T, tunnel=2))


def test_a_failed_tunnel_names_a_tunnel_the_player_may_claim():
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="Berlin–Wien is not a tunnel"):
        apply(state, failed("Ann", S, T, T, D, D, tunnel=1, route=("Berlin", "Wien")))
    bob = apply(state, Claim("Bob", PARIS_ZURICH, dice=roll(S, S, S, T, T, take=Tokens(1, 0))))
    with pytest.raises(IllegalAction, match="Bob"):
        apply(bob, failed("Ann", S, S, L, T, D, tunnel=2))
    cards = start(new_game(load_board("europe"), [Player("Ann"), Player("Bob")]))
    with pytest.raises(IllegalAction, match="only in a Dice Expansion game"):
        apply(cards, Pass("Ann", failed_tunnel=Claim("Ann", PARIS_ZURICH)))


def test_at_the_table_a_failed_tunnel_is_recorded_with_its_tunnel():
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="recorded with the tunnel it failed on"):
        check_played_at_the_table(state, Pass("Ann", roll(S, S, L, T, D, tunnel=2)))
    check_played_at_the_table(state, failed("Ann", S, S, L, T, D, tunnel=2))


def test_a_failed_tunnel_in_the_record_names_its_route_like_a_claim():
    turn = {
        "player": "Ann",
        "pass": True,
        "failed_tunnel": ["Zürich", "Paris"],
        "dice": {"faces": [S, S, L, T, D], "tunnel": 2},
    }
    record = dice_record("europe", turn)
    (turn,) = record.actions
    assert turn.failed_tunnel.cities == ("Zürich", "Paris")
    assert record_to_json(record)["actions"][0]["failed_tunnel"] == ["Zürich", "Paris"]
    assert "Ann's tunnel Zürich–Paris failed" in str(turn.describe())
    record.replay()
    with pytest.raises(RecordError, match="only with the tunnel that failed"):
        dice_record("europe", {"player": "Ann", "pass": True, "track": 1}, dice=False)


def test_europe_stations_take_1_2_3_station_faces_and_the_unused_dice_still_give_tokens():
    # «Никакие другие действия в этот ход» — no other play; but «кроме того, за каждые два
    # неиспользованных кубика, игрок может взять любой Жетон Пути»: besides the one play.
    state = dice_game("europe")
    state = apply(state, BuildStation("Ann", "Berlin", roll(T, S, S, D, D)))
    with pytest.raises(IllegalAction, match="station number 2 takes 2 station faces"):
        apply(state, BuildStation("Ann", "Paris", roll(T, S, S, D, D)))
    state = apply(state, BuildStation("Ann", "Paris", roll(T, L, S, D, D, take=Tokens(1, 0))))
    assert state.tokens_of("Ann") == Tokens(1, 0)  # 3 dice unused: one token
    with pytest.raises(IllegalAction, match="2 dice left unused give 1 token, not 2"):
        apply(state, BuildStation("Ann", "Wien", roll(T, T, T, S, S, take=Tokens(2, 0))))
    state = apply(state, BuildStation("Ann", "Wien", roll(T, T, T, S, S, take=Tokens(0, 1))))
    assert state.tokens_of("Ann") == Tokens(1, 1)
    with pytest.raises(IllegalAction, match="track tokens count only for claiming a route"):
        apply(state, BuildStation("Bob", "Roma", roll(T, S, S, D, D, use=Tokens(1, 0))))


def test_a_marklin_passenger_pays_a_locomotive_face_for_each_opponent_route():
    state = dice_game("marklin", "Ann", "Bob", "Cy", "Dee", goods=MARKLIN_GOODS)
    state = apply(
        state,
        Claim("Ann", ("Köln", "Düsseldorf"), track=1, passenger="Köln", dice=roll(D, T, T, S, S)),
    )
    state = apply(
        state, Claim("Bob", ("Düsseldorf", "Dortmund"), track=1, dice=roll(D, T, T, S, S))
    )
    trip = ("Köln", "Düsseldorf", "Dortmund")
    with pytest.raises(IllegalAction, match="takes as many locomotive faces, and the roll shows 0"):
        apply(state, MovePassenger("Ann", trip, roll(S, S, D, D, T)))
    # Besides the trip, the 4 dice left unused give 2 tokens.
    after = apply(state, MovePassenger("Ann", trip, roll(L, S, D, D, T, take=Tokens(2, 0))))
    assert after.tokens_of("Ann") == Tokens(2, 0)


def test_a_dice_game_may_leave_a_turns_dice_unrecorded_and_dice_need_a_dice_game():
    # Only what landed on the board was noted: the claim stands, no tokens change.
    state = apply(dice_game(), Claim("Ann", ("Seattle", "Portland")))
    assert len(state.routes_of("Ann")) == 1 and state.tokens_of("Ann") == Tokens()
    with pytest.raises(IllegalAction, match="played with cards"):
        apply(
            start(new_game(load_board("usa"), [Player("A"), Player("B")])),
            Claim("A", ("Seattle", "Portland"), dice=roll(D, S, S, T, T)),
        )


def test_the_dice_expansion_is_not_for_rails_and_sails():
    with pytest.raises(SetupError, match="not Ticket to Ride: Rails & Sails"):
        new_game(load_board("world"), [Player("A"), Player("B")], dice=True)


def test_a_north_america_dice_game_scored_by_hand():
    record = parse_record(game_record("usa_dice"))
    state = record.replay()
    assert state.tokens_of("Ann") == Tokens(0, 1) and state.tokens_of("Bob") == Tokens(1, 0)
    sheet = record.score()
    # Ann: Denver–Helena (4) 7 + Atlanta–New Orleans (4) 7 = 14; Denver–El Paso −4; path 4:
    #   tied with Bob for the longest, +10.  20.
    # Bob: Calgary–Helena (4) 7; Calgary–Salt Lake City −7; path 4: +10.  10.
    assert [p.total for p in sheet.players] == [20, 10]


def test_the_referee_lists_every_play_the_roll_allows():
    from companion.rules.game import dice_options

    state = holding_two_double_tokens()
    options = dice_options(state, "Ann", (S, S, D, T, L))
    claims = {str(o.route.label): o for o in options if o.kind == "claim"}
    # A single-track route of 3 with the dice alone; a double route of 4 with 2 tokens.
    assert claims["Calgary–Vancouver (gray)"].dice == 3
    atlanta = claims["Atlanta–New Orleans (yellow)"]
    assert (atlanta.dice, atlanta.tokens) == (2, Tokens(0, 2))
    assert atlanta.tokens_to_take == 1
    # Nothing longer than the roll and the tokens allow, those taken from the unused dice
    # and spent at once included: a single route of 4 (2 single faces, the locomotive, a
    # single token taken for the double and station faces), a double of 5 (the double
    # face, the locomotive, the 2 double tokens held and 1 taken for 3 unused dice).
    assert all(o.route.length <= 4 for o in claims.values() if o.route.tracks == 1)
    assert all(o.route.length <= 5 for o in claims.values() if o.route.tracks > 1)
    calgary = claims["Calgary–Seattle (gray)"]
    assert (calgary.tokens, calgary.must_take) == (Tokens(1, 0), Tokens(1, 0))
    assert [o.tickets for o in options if o.kind == "tickets"] == [1, 2]


def holding_three_single_tokens(map_id: str = "europe"):
    # Ann draws a ticket with her station face twice: 4 dice unused give 2 tokens, then 1
    # more (she may hold 3): 3 single tokens.
    state = dice_game(map_id)
    state = apply(state, Pass("Ann", roll(T, S, S, D, D, take=Tokens(2, 0)), draw_tickets=1))
    state = apply(state, Pass("Bob", roll(T, S, S, D, D), draw_tickets=1))
    state = apply(state, Pass("Ann", roll(T, S, S, D, D, take=Tokens(1, 0)), draw_tickets=1))
    state = apply(state, Pass("Bob", roll(T, S, S, D, D), draw_tickets=1))
    assert state.tokens_of("Ann") == Tokens(3, 0)
    return state


def test_tunnel_dice_on_a_ticket_draw_are_refused():
    # The black dice are rolled only for a tunnel: a ticket draw shows no tunnel faces,
    # not even on Europe, where tunnels are.
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="only when claiming a tunnel, not when drawing"):
        apply(state, Pass("Ann", roll(T, S, S, D, D, tunnel=2), draw_tickets=1))
    apply(state, Pass("Ann", roll(T, S, S, D, D), draw_tickets=1))


def test_tunnel_dice_on_a_station_are_refused():
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="only when claiming a tunnel, not when building"):
        apply(state, BuildStation("Ann", "Berlin", roll(T, S, S, D, D, tunnel=1)))
    apply(state, BuildStation("Ann", "Berlin", roll(T, S, S, D, D)))


def test_tunnel_dice_on_a_passenger_trip_are_refused():
    state = dice_game("marklin", "Ann", "Bob", "Cy", "Dee", goods=MARKLIN_GOODS)
    state = apply(
        state,
        Claim("Ann", ("Köln", "Düsseldorf"), track=1, passenger="Köln", dice=roll(D, T, T, S, S)),
    )
    state = apply(
        state, Claim("Bob", ("Düsseldorf", "Dortmund"), track=1, dice=roll(D, T, T, S, S))
    )
    trip = ("Köln", "Düsseldorf", "Dortmund")  # one opponent route: one locomotive face
    with pytest.raises(IllegalAction, match="only when claiming a tunnel, not for a passenger"):
        apply(state, MovePassenger("Ann", trip, roll(L, S, D, D, T, tunnel=1)))
    apply(state, MovePassenger("Ann", trip, roll(L, S, D, D, T)))


def test_tunnel_dice_on_a_claim_of_a_route_that_is_no_tunnel_are_refused():
    state = dice_game("europe")
    # Paris–Bruxelles (one track of a double, 2) and Berlin–Wien (single, 3) are no
    # tunnels, whatever the roll could pay.
    with pytest.raises(
        IllegalAction, match="rolled only when claiming a tunnel; Bruxelles–Paris is not one"
    ):
        apply(
            state, Claim("Ann", ("Paris", "Bruxelles"), "red", dice=roll(D, D, D, L, T, tunnel=1))
        )
    with pytest.raises(
        IllegalAction, match="rolled only when claiming a tunnel; Berlin–Wien is not one"
    ):
        apply(state, Claim("Ann", ("Berlin", "Wien"), dice=roll(S, S, S, S, L, tunnel=1)))
    # Paris–Zürich is a tunnel (single, 3): one tunnel face, 4 single faces pay for it.
    apply(state, Claim("Ann", ("Paris", "Zürich"), dice=roll(S, S, S, S, T, tunnel=1)))


def test_a_failed_tunnel_is_refused_on_a_map_without_tunnels():
    turn = roll(S, S, D, D, T, tunnel=2)
    with pytest.raises(IllegalAction, match="North America has no tunnels"):
        apply(dice_game("usa"), Pass("Ann", turn))
    with pytest.raises(IllegalAction, match=r"Germany \(Märklin\) has no tunnels"):
        apply(dice_game("marklin"), Pass("Ann", turn))
    # Europe has tunnels: one may fail there, and the turn ends with nothing done.
    state = apply(dice_game("europe"), Pass("Ann", turn))
    assert state.tokens_of("Ann") == Tokens() and not state.owners


def test_a_failed_tunnel_in_a_record_of_a_north_america_game_is_refused():
    turn = {"player": "Ann", "pass": True, "dice": {"faces": [S, S, D, D, T], "tunnel": 2}}
    record = dice_record("usa", turn)
    with pytest.raises(IllegalAction, match="North America has no tunnels"):
        record.replay()


def test_tokens_may_pay_spaces_the_faces_could_pay():
    # «используя все или только часть выпавших значений»: all or some of the dice; a token
    # "counts as one space of its kind". Berlin–Wien (single, 3): three single faces could
    # pay it all, and Ann pays one space with a token instead, leaving 3 dice unused.
    state = holding_three_single_tokens()
    after = apply(
        state, Claim("Ann", ("Berlin", "Wien"), dice=roll(S, S, S, D, D, use=Tokens(1, 0)))
    )
    assert after.tokens_of("Ann") == Tokens(2, 0)
    # All three spaces with tokens: the roll pays nothing, and every die is left unused.
    after = apply(
        state, Claim("Ann", ("Berlin", "Wien"), dice=roll(S, S, S, D, D, use=Tokens(3, 0)))
    )
    assert after.tokens_of("Ann") == Tokens()
    # Never more tokens than the route has spaces: Berlin–Essen has 2.
    with pytest.raises(IllegalAction, match="3 single tokens spent on Berlin–Essen, which has 2"):
        apply(state, Claim("Ann", ("Berlin", "Essen"), dice=roll(S, S, S, D, D, use=Tokens(3, 0))))


def test_a_claim_paid_with_tokens_alone_leaves_every_die_unused():
    # Ann holds 2 double tokens and pays a track of Atlanta–Raleigh (double, 2) with them:
    # the 5 dice left unused give 2 tokens, and she began the turn with fewer than 3.
    state = holding_two_double_tokens()
    state = apply(state, Pass("Bob", roll(T, S, S, D, D), draw_tickets=1))
    claim = Claim(
        "Ann",
        ("Atlanta", "Raleigh"),
        track=1,
        dice=roll(S, S, S, D, D, use=Tokens(0, 2), take=Tokens(2, 0)),
    )
    assert apply(state, claim).tokens_of("Ann") == Tokens(2, 0)


def test_tokens_never_pay_a_ferrys_locomotive_symbols():
    # «должен использовать 1 значение кубика Поездов с изображением Локомотива за каждое
    # изображение локомотива»: Amsterdam–London, 2 spaces, both locomotive symbols.
    state = holding_three_single_tokens()
    with pytest.raises(IllegalAction, match="Amsterdam–London, which has 0 spaces a token may pay"):
        apply(
            state,
            Claim("Ann", ("Amsterdam", "London"), dice=roll(L, L, T, D, D, use=Tokens(1, 0))),
        )
    # Palermo–Smyrna: 6 spaces, 2 locomotive symbols: tokens may pay any of the other 4.
    apply(state, Claim("Ann", ("Palermo", "Smyrna"), dice=roll(L, L, S, S, D, use=Tokens(3, 0))))


def test_tokens_pay_a_tunnels_extra_spaces_and_no_more_than_its_spaces():
    # Paris–Zürich (single, 3) with one tunnel face: 4 spaces, which 3 tokens and a single
    # face pay; with 3 tunnel faces 6 spaces, of which tokens may pay 3.
    state = holding_three_single_tokens()
    apply(
        state,
        Claim("Ann", ("Paris", "Zürich"), dice=roll(S, S, S, D, D, use=Tokens(3, 0), tunnel=1)),
    )
    apply(
        state,
        Claim("Ann", ("Paris", "Zürich"), dice=roll(S, S, S, D, D, use=Tokens(3, 0), tunnel=3)),
    )


def test_tokens_of_the_wrong_kind_are_refused_for_their_kind_even_when_none_are_held():
    # No tokens held at all: the double token can't pay a single-track route in any case.
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="Berlin–Wien is a single-track route: double tokens"):
        apply(state, Claim("Ann", ("Berlin", "Wien"), dice=roll(S, S, T, D, D, use=Tokens(0, 1))))


def test_tokens_spent_must_be_held():
    state = dice_game("europe")
    with pytest.raises(IllegalAction, match="1 single token spent, but none held"):
        apply(state, Claim("Ann", ("Berlin", "Wien"), dice=roll(S, S, T, D, D, use=Tokens(1, 0))))


def test_a_token_taken_this_turn_may_be_spent_at_once():
    # «Жетоны могут быть использованы сразу же (если игрок будет строить путь) или позже»:
    # Ann holds none, rolls 3 single and 2 station faces, and claims Calgary–Seattle (4):
    # the 2 station faces left unused give a single token, which pays the 4th space.
    state = dice_game()
    turn = roll(S, S, S, T, T, use=Tokens(1, 0), take=Tokens(1, 0))
    state = apply(state, Claim("Ann", ("Calgary", "Seattle"), dice=turn))
    assert state.owners[route_between(state, "Calgary", "Seattle")] == "Ann"
    assert state.tokens_of("Ann") == Tokens()


def test_a_token_spent_at_once_must_come_from_dice_left_unused():
    # Calgary–Seattle (4) with 3 single faces, a double and a station: a token taken and
    # spent leaves 2 dice unused, one token's worth; two tokens taken are one too many.
    state = dice_game()
    turn = roll(S, S, S, D, T, use=Tokens(1, 0), take=Tokens(1, 1))
    with pytest.raises(IllegalAction, match="2 dice left unused give 1 token, not 2"):
        apply(state, Claim("Ann", ("Calgary", "Seattle"), dice=turn))


def test_the_referee_offers_a_route_paid_with_a_token_taken_at_once():
    from companion.rules.game import dice_options

    options = dice_options(dice_game(), "Ann", (S, S, S, T, T))
    calgary = next(o for o in options if o.route and o.route.cities == ("Calgary", "Seattle"))
    # Taking nothing is no choice: the claim spends the token its unused dice give.
    assert token_choices(Tokens(), calgary) == [Tokens(1, 0)]


def test_a_play_offers_one_token_per_two_unused_dice_and_no_more_than_three_held():
    claim_of_three = DiceOption("claim", 3)  # 2 dice left unused: one token
    assert token_choices(Tokens(), claim_of_three) == [Tokens(), Tokens(1, 0), Tokens(0, 1)]
    one_die = DiceOption("claim", 1)  # 4 unused dice: two tokens, but 2 held leave room for 1
    assert token_choices(Tokens(2, 0), one_die) == [Tokens(), Tokens(1, 0), Tokens(0, 1)]


def test_tokens_spent_on_the_claim_make_room_for_tokens_taken():
    # 2 held, both spent on a 3-space route with 1 die: 4 dice unused give 2 tokens.
    play = DiceOption("claim", 1, Tokens(2, 0))
    assert max(t.total for t in token_choices(Tokens(2, 0), play)) == 2


def test_a_turn_begun_with_three_tokens_takes_none():
    assert token_choices(Tokens(3, 0), DiceOption("tickets", 1, tickets=1)) == [Tokens()]


def test_a_station_built_with_dice_offers_the_tokens_of_its_unused_dice():
    # The first station takes 1 die: the 4 left unused give 2 tokens.
    assert max(t.total for t in token_choices(Tokens(), DiceOption("station", 1))) == 2


def test_a_train_die_shows_single_track_twice_double_track_twice_a_station_and_a_locomotive():
    from companion.rules.dice import DIE

    assert sorted(DIE) == sorted(["single", "single", "double", "double", "station", "locomotive"])


def test_a_dice_game_uses_no_train_cards():
    # «Карты вагонов и локомотивов в игре не используются» (train cards and locomotives are
    # not used): a turn spent drawing train cards can't happen.
    with pytest.raises(IllegalAction, match="uses no train cards"):
        apply(dice_game(), Pass("Ann", drew="cards"))


def test_at_the_table_every_turn_of_a_dice_game_is_played_with_the_dice():
    # A record may leave the dice out; what the table records as it happens may not.
    state = dice_game()
    for action in (Claim("Ann", ("Seattle", "Portland")), Pass("Ann"), Pass("Ann", drew="tickets")):
        with pytest.raises(IllegalAction, match="every turn is played with the train dice"):
            check_played_at_the_table(state, action)
    check_played_at_the_table(state, Pass("Ann", roll(T, S, S, D, D), draw_tickets=1))
    check_played_at_the_table(start(new_game(USA, [Player("A"), Player("B")])), Pass("A"))


def with_no_trains_left(table):
    # Ann claims the seven 6-space routes and Denver–Santa Fe (3 trains: none left), which
    # starts the final round; Bob takes his last turn. Ann's final turn is next.
    t = table("Ann", "Bob", dice=True).down_to_three_trains("Ann")
    t.claim("Ann", "Oklahoma City", "Santa Fe")  # 3 spaces
    assert t.state.trains["Ann"] == 0 and t.state.final_round is not None
    return t.play(Pass("Bob", roll(T, S, S, D, D), draw_tickets=1))


def test_a_roll_that_allows_no_play_ends_the_turn_and_is_recorded_with_its_dice(table):
    # «игрок ... должен незамедлительно выполнить одно из следующих действий»: no trains
    # left for a route, no station or locomotive face for a ticket: nothing can be done.
    # The turn ends; the five dice left unused give their tokens as in any turn.
    t = with_no_trains_left(table)
    t.play(Pass("Ann", roll(S, S, S, D, D, take=Tokens(1, 1))))
    assert t.state.is_over and t.state.tokens_of("Ann") == Tokens(1, 1)
    assert str(t.actions[-1].describe()) == "Ann's roll allowed no play: turn taken"


def test_a_roll_that_allows_a_play_must_make_one(table):
    # The station face draws a ticket: the player "must at once do one" of the plays.
    t = with_no_trains_left(table)
    with pytest.raises(IllegalAction, match="this roll allows draw 1 ticket"):
        t.play(Pass("Ann", roll(S, S, S, D, T)))
    with pytest.raises(IllegalAction, match="this roll allows Atlanta–Charleston, "):
        apply(dice_game(), Pass("Ann", roll(S, S, S, D, D)))


def test_a_roll_that_allows_no_play_still_spends_no_tokens(table):
    t = with_no_trains_left(table)
    with pytest.raises(IllegalAction, match="track tokens count only for claiming a route"):
        t.play(Pass("Ann", roll(S, S, S, D, D, use=Tokens(1, 0))))
