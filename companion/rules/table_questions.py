"""The table's questions, answered by the rules: who acts next, what the score track
shows, which routes a player may claim now and why not the others, where a port or a
station may go, which payment check a route takes, how to split pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.rules import counted
from companion.rules.actions import Action, Pass
from companion.rules.actions.time import FINISH_ROUND
from companion.rules.board import Route
from companion.rules.colors import GRAY, ROUTE_COLORS
from companion.rules.editions import Edition
from companion.rules.errors import IllegalAction
from companion.rules.game import State, apply, may_claim, start
from companion.rules.names import name_key
from companion.rules.passengers import passengers_left
from companion.rules.payment import (
    LOCOMOTIVE,
    PLUS_FOUR,
    check_payment,
    check_port_payment,
    check_sails_payment,
    check_station_payment,
    sails_card_names,
)
from companion.rules.payment import card_words as card_words
from companion.rules.setup import Setup
from companion.rules.stations import stations_left
from companion.rules.words import Message, Text, _, ngettext


def score_track(state: State, player: str) -> int:
    """What the score track shows for a player during play: the routes' points (with a
    mountain route's trains put in the Mountain Crossing), the goods taken on passenger
    trips, less a point per piece exchanged."""
    edition = state.setup.edition
    return (
        sum(state.board.claim_points(r) for r in state.routes_of(player))
        + state.goods_points.get(player, 0)
        - edition.exchange_cost * state.exchanged.get(player, 0)
    )


def track_history(setup: Setup, actions: Sequence[Action]) -> tuple[dict[str, int], ...]:
    """What the score track showed for each player at the start and after each action, in
    order: the game's score as it went (its last entry is ``score_track`` now)."""
    return track_after(start(setup), actions).shown


@dataclass(frozen=True)
class Track:
    """What the score track showed through some actions (``shown``: at the start and after
    each), and the board they left (``state``), to follow it through more."""

    state: State
    shown: tuple[dict[str, int], ...]


def track_after(state: State, actions: Sequence[Action], known: Track | None = None) -> Track:
    """The score track from ``state`` through ``actions``; or, given the track ``known``
    through the first of them (its state the board they left), through the rest only."""
    if known is None:
        known = Track(state, ({p: score_track(state, p) for p in state.setup.names},))
    state, shown = known.state, list(known.shown)
    for action in actions[len(shown) - 1 :]:
        before, state = state, apply(state, action)
        now = dict(shown[-1])
        for player in _track_moved(before, state):
            now[player] = score_track(state, player)
        shown.append(now)
    return Track(state, tuple(shown))


def _track_moved(before: State, after: State) -> set[str]:
    """The players whose score track an action may have moved: the owners of the routes
    it changed hands on, and the players whose goods or exchanges it changed (most
    actions change nothing the track counts)."""
    moved: set[str] = set()
    if after.owners is not before.owners:
        routes = before.owners.keys() | after.owners.keys()
        for route in routes:
            old, new = before.owners.get(route), after.owners.get(route)
            if old != new:
                moved.update(p for p in (old, new) if p is not None)
    for old_counts, new_counts in (
        (before.goods_points, after.goods_points),
        (before.exchanged, after.exchanged),
    ):
        if old_counts is not new_counts:
            players = old_counts.keys() | new_counts.keys()
            moved.update(p for p in players if old_counts.get(p) != new_counts.get(p))
    return moved


TURNS: dict[int, Message] = {
    1: _("one last turn"),
    2: _("two more turns"),
    3: _("three more turns"),
}


def final_round_news(state: State) -> Text | None:
    """The final round in words (None outside it): who started it, down to how many
    pieces, and how many turns every player has left."""
    final = state.final_round
    if final is None or state.is_over:
        return None
    if final.time == FINISH_ROUND:
        return _("Time is up: the round of turns finishes with the last seat")
    if final.time:
        return _("Time is up: every player takes one more turn")
    edition = state.setup.edition
    pieces = state.pieces_left(final.started_by)
    if edition.pieces:
        left = counted.pieces(pieces)
    else:
        left = counted.trains(pieces)
    turns = TURNS.get(edition.final_turns) or ngettext(
        "%(num)d more turn", "%(num)d more turns", edition.final_turns
    )
    return _(
        "Final round! %(player)s is down to %(left)s: %(turns)s each",
        player=final.started_by,
        left=left,
        turns=turns,
    )


def next_player(state: State) -> str:
    """Whose turn it most likely is: the seat after the last player who acted, skipping
    those who left the game (in the final round, the next seat that still has a final
    turn)."""
    names = state.setup.names
    order = names
    if state.last_action is not None:
        start = names.index(state.setup.player(state.last_action.player)) + 1
        order = names[start:] + names[:start]
    if state.final_round is not None and state.waiting_for:
        return next(n for n in order if n in state.waiting_for)
    return next((n for n in order if n not in state.left), order[0])


def still_to_play(state: State) -> list[str]:
    """In the final round, the players who still have a turn, in the order they play it:
    from whose turn it is, round the table."""
    names = list(state.setup.names)
    start = names.index(next_player(state)) if state.waiting_for else 0
    order = names[start:] + names[:start]
    return [n for n in order if n in state.waiting_for]


@dataclass(frozen=True)
class RouteChoice:
    """A route as offered from one of its cities: its owner, or the referee's reason why
    the player may not claim it now (None: the player may)."""

    route: Route
    other_city: str
    points: int
    owner: str | None
    refusal: Text | None


def cannot_act(state: State, player: str) -> Text | None:
    """Why the player may take no turn at all now (the game is over, or their final turns
    are taken), in the referee's words; None while they may."""
    try:
        apply(state, Pass(player))
    except IllegalAction as error:
        return error.message
    return None


def refusal(state: State, player: str, route: Route) -> Text | None:
    """Why the player may not claim this route now, in the referee's words; None if they may."""
    try:
        may_claim(state, player, route)
    except IllegalAction as error:
        return error.message
    return None


def route_choice(state: State, player: str, route: Route, city: str | None = None) -> RouteChoice:
    """One route as offered to the player (from ``city``, else from its first city): its
    owner, or why the player may not claim it now."""
    owner = state.owners.get(route.id)
    return RouteChoice(
        route,
        route.other_end(city or route.cities[0]),
        state.board.claim_points(route),
        owner,
        None if owner else refusal(state, player, route),
    )


def route_choices(state: State, player: str) -> list[tuple[str, list[RouteChoice]]]:
    """Each city (A to Z) with its routes, as the player may see them now (when the player
    may take no turn at all, ``cannot_act`` says why once, and no route gives a reason)."""
    board = state.board
    blocked = cannot_act(state, player) is not None
    why = {
        r.id: None if r.id in state.owners or blocked else refusal(state, player, r)
        for r in board.routes
    }
    return [
        (
            city,
            [
                RouteChoice(
                    r, r.other_end(city), board.claim_points(r), state.owners.get(r.id), why[r.id]
                )
                for r in routes
            ],
        )
        for city, routes in board.city_list
    ]


def port_cities(state: State, player: str) -> list[str]:
    """The port cities where the player may build a port now (Rails & Sails)."""
    if not state.setup.edition.ports:
        return []
    board = state.board
    reached = {c for r in state.routes_of(player) for c in r.cities}
    return sorted(
        (c for c in reached if board.is_port_city(c) and c not in state.ports), key=name_key
    )


def passenger_cities(state: State, player: str) -> frozenset[str]:
    """The cities where a claim may place the player's passenger now (Märklin): any city
    with no passenger on it, never a country, while the player has passengers left."""
    if passengers_left(state, player) <= 0:
        return frozenset()
    board = state.board
    return frozenset(
        c for c in board.cities if not board.is_country(c) and c not in state.passengers
    )


def station_cities(state: State) -> list[str]:
    """The cities with no station yet (Europe)."""
    if not state.setup.edition.stations:
        return []
    return sorted((c for c in state.board.cities if c not in state.stations), key=name_key)


def goods_left(state: State) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Each city's goods colour and the tokens still stacked on it (Märklin), for the cities
    whose colour the table has set."""
    edition = state.setup.edition
    return {
        city: (color, edition.goods[color][state.goods_taken.get(city, 0) :])
        for city, color in state.setup.goods.items()
    }


def card_names(edition: Edition) -> list[str]:
    """The train cards of an edition, as a payment names them (``card_words`` says each
    one to the players)."""
    if edition.pieces:
        return sails_card_names()
    names = [c for c in ROUTE_COLORS if c != GRAY] + [LOCOMOTIVE]
    if edition.passengers:
        names.append(PLUS_FOUR)
    return names


PORT, STATION = "port", "station"


def check_cards(
    state: State,
    player: str,
    target: Route | str,
    cards: Mapping[str, int],
    turned_over: Mapping[str, int] | None = None,
) -> Text:
    """Do these cards pay for a route, a port or the player's next station? The check the
    edition takes, saying how they pay or refusing them with the reason."""
    edition = state.setup.edition
    if target == PORT and edition.ports:
        return check_port_payment(cards)
    if target == STATION and edition.stations:
        built = edition.stations - stations_left(state, player)
        return check_station_payment(built, cards)
    if isinstance(target, str):
        raise IllegalAction(
            _(
                "there is nothing called '%(target)s' to pay for in %(edition)s",
                target=target,
                edition=edition.name,
            )
        )
    if edition.pieces:
        return check_sails_payment(target, cards)
    return check_payment(target, edition, cards, turned_over if target.tunnel else None)
