"""The game record: untrusted JSON, its shape checked, every fault placed and explained."""

from __future__ import annotations

import pytest

from companion.rules.actions import Claim, Pass
from companion.rules.errors import RecordError
from companion.rules.record import action_to_json, parse_record, record_to_json

BASE = {"map": "usa", "players": ["Ann", "Bob"]}


def record(**changes):
    return {**BASE, **changes}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (record(format="ttr-companion/9"), "format: expected 'ttr-companion/1'"),
        (record(colour="red"), "unknown key 'colour'"),
        ({"map": "usa"}, "missing 'players'"),
        (record(players=[]), "players: should be a list"),
        (record(players=[{"name": ""}, "Bob"]), "players[0].name: should be a name"),
        (record(actions={}), "actions: should be a list"),
        (record(actions=[{"player": "Ann", "claim": ["Denver"]}]), "actions[0].claim: should"),
        (record(actions=[{"player": "Ann", "claim": ["A", "B"], "track": 0}]), "actions[0].track"),
        (record(actions=[{"player": "Ann", "claim": ["A", "B"], "track": True}]), "track"),
        (record(actions=[{"player": "Ann", "pass": False}]), "actions[0].pass: should be true"),
        (record(actions=[{"player": "Ann", "pass": True, "claim": ["A", "B"]}]), "one of"),
        (record(actions=[{"player": "Ann", "fly": "Berlin"}]), "one of 'claim', 'pass'"),
        (record(actions=["Ann claims"]), "actions[0]: an action has a 'player'"),
        (record(actions=[{"player": 7, "pass": True}]), "actions[0].player"),
        (record(tickets=[]), "tickets: should map"),
        (record(tickets={"Ann": [{"tour": ["A", "B"]}]}), "should list the tour's cities"),
        (record(tickets={"Ann": [{"cities": ["A", "B"], "points": "5"}]}), "points: should be"),
        (record(dice="yes"), "dice: should be true"),
        (record(actions=[{"player": "Ann", "pass": True}] * 5001), "at most 5000 actions"),
    ],
)
def test_a_record_of_the_wrong_shape_is_refused_saying_where(data, message):
    with pytest.raises(RecordError) as refusal:
        parse_record(data)
    assert message in str(refusal.value)


@pytest.mark.parametrize(
    ("tickets", "message"),
    [
        ({"Zed": [["Denver", "El Paso"]]}, "tickets.Zed: there is no player 'Zed'"),
        ({"Ann": [["Denver", "Denver"]]}, "tickets.Ann[0]: a ticket names two different places"),
        ({"Ann": [{"cities": ["Denver", "Omaha"], "points": 0}]}, "worth from 1 to 99, not 0"),
        ({"Ann": [["Denver", "El Paso"]], "ann": []}, "Ann's tickets are listed twice"),
    ],
)
def test_tickets_that_cannot_be_scored_are_refused_saying_where(tickets, message):
    with pytest.raises(RecordError) as refusal:
        parse_record(record(tickets=tickets)).score()
    assert message in str(refusal.value)


def test_too_many_players_is_refused_by_the_rules():
    with pytest.raises(RecordError, match="players: Ticket to Ride is played by 2 to 5 players"):
        parse_record(record(players=list("ABCDEF"))).score()


@pytest.mark.parametrize(
    "action",
    [
        Claim("Ann", ("Denver", "Kansas City"), color="black"),
        Claim("Bob", ("Seattle", "Portland"), track=2),
        Claim("Ann", ("Denver", "Helena")),
        Pass("Bob"),
    ],
)
def test_an_action_round_trips_through_its_json_form(action):
    parsed = parse_record(record(actions=[action_to_json(action)]))
    assert parsed.actions == (action,)


def test_a_tour_given_with_only_some_of_its_values_is_refused_not_read_from_the_deck():
    tour = ["Lagos", "Luanda", "Dar Es Salaam", "Djibouti"]
    data = {
        "map": "world",
        "players": ["Ann", "Bob"],
        "tickets": {"Ann": [{"tour": tour, "points": 30}]},
    }
    with pytest.raises(RecordError, match="needs all three: points, unordered and penalty"):
        parse_record(data).score()
    data["tickets"]["Ann"] = [{"tour": tour}]  # from the deck: its printed values
    assert parse_record(data).score().player("Ann").tickets[0].ticket.points == 9


def test_a_record_may_name_places_in_russian_or_ukrainian():
    english = {
        "map": "usa",
        "players": ["Ann", "Bob"],
        "actions": [{"player": "Ann", "claim": ["Denver", "Kansas City"], "color": "black"}],
        "tickets": {"Ann": [["Denver", "El Paso"]]},
    }
    russian = {
        **english,
        "actions": [{"player": "Ann", "claim": ["Денвер", "Канзас-Сити"], "color": "black"}],
        "tickets": {"Ann": [["денвер", "Ель-Пасо"]]},  # the Ukrainian name too
    }
    # Denver–Kansas City: 4 spaces, 7 points; Denver–El Paso (4) not connected; the
    # longest path 10.
    assert parse_record(russian).score().player("Ann").total == 7 - 4 + 10
    assert parse_record(english).score().player("Ann").total == 7 - 4 + 10
    marklin = {
        "map": "marklin",
        "players": ["Ann", "Bob"],
        "tickets": {"Ann": [{"cities": ["Кёльн", "Дания"], "points": 13}]},
    }
    ticket = parse_record(marklin).score().player("Ann").tickets[0].ticket
    assert ticket.cities == ("Köln", "Dänemark")


def test_a_turn_spent_drawing_keeps_what_was_drawn_in_the_record():
    from companion.rules.actions import Pass
    from companion.rules.errors import RecordError
    from companion.rules.record import action_to_json, parse_action

    for drew in ("cards", "tickets"):
        data = {"player": "Ann", "pass": True, "drew": drew}
        assert parse_action("a", data) == Pass("Ann", drew=drew)
        assert action_to_json(parse_action("a", data)) == data
    assert action_to_json(Pass("Ann")) == {"player": "Ann", "pass": True}
    with pytest.raises(RecordError, match="drew: should be one of 'cards', 'tickets', not 'dice'"):
        parse_action("a", {"player": "Ann", "pass": True, "drew": "dice"})


def test_a_record_carries_the_moment_it_was_played_in_utc():
    base = {"map": "usa", "players": [{"name": "Ann"}, {"name": "Bob"}]}
    assert parse_record(base).played is None
    assert parse_record(base | {"played": "2026-11-27"}).played == "2026-11-27T00:00:00+00:00"
    evening = parse_record(base | {"played": "2026-11-27T21:15:00+03:00"})
    assert evening.played == "2026-11-27T18:15:00+00:00"
    assert record_to_json(evening)["played"] == "2026-11-27T18:15:00+00:00"
    for wrong in ("yesterday", "27.11.2026", 20261127, "1999-05-01"):
        with pytest.raises(RecordError, match="should be the date it was played, like 2026-11-27"):
            parse_record(base | {"played": wrong})


LOGGED = {
    "map": "usa",
    "players": ["Ann", "Bob"],
    "log": [
        {"action": {"player": "Ann", "claim": ["Denver", "Helena"]}, "at": "2026-11-27T19:05:00Z"},
        {
            "action": {"player": "Bob", "pass": True},
            "at": "2026-11-27T19:06:00.250000+03:00",
            "undone": "2026-11-27T16:06:30+00:00",
        },
        {"action": {"player": "Bob", "claim": ["Seattle", "Portland"], "track": 1},
         "at": "2026-11-27T19:07:00+00:00"},
    ],
}  # fmt: skip


def test_a_log_keeps_each_actions_time_and_what_was_taken_back():
    record = parse_record(LOGGED)
    # The actions are the log's not taken back; times in UTC, to the microsecond.
    assert [type(a).__name__ for a in record.actions] == ["Claim", "Claim"]
    assert [e.at for e in record.log] == [
        "2026-11-27T19:05:00.000000+00:00",
        "2026-11-27T16:06:00.250000+00:00",
        "2026-11-27T19:07:00.000000+00:00",
    ]
    assert record.log[1].undone == "2026-11-27T16:06:30.000000+00:00"
    assert parse_record(record_to_json(record)) == record


def test_a_log_whose_live_actions_are_not_the_records_actions_is_refused():
    wrong = LOGGED | {"actions": [{"player": "Ann", "claim": ["Denver", "Helena"]}]}
    with pytest.raises(RecordError, match="log"):
        parse_record(wrong)
    with pytest.raises(RecordError, match=r"log\[0\].at"):
        parse_record(LOGGED | {"log": [{"action": {"player": "Ann", "pass": True}, "at": "noon"}]})


def test_a_records_language_and_game_are_kept_and_checked():
    kept = parse_record(record(language="ru", game="Qx0_abcdEFGH"))
    assert (kept.language, kept.origin) == ("ru", "Qx0_abcdEFGH")
    with pytest.raises(RecordError, match="game"):
        parse_record(BASE | {"game": "../x"})
