"""A game: its setup, and its state as the fold of the action log through the referee.

``apply(state, action)`` is the one place where legality lives: it returns the new state or
raises ``IllegalAction`` with the rule in words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from companion.rules import dice, passengers, sails, stations
from companion.rules.actions import (
    Action,
    BuildPort,
    BuildStation,
    Claim,
    Exchange,
    MovePassenger,
    Pass,
)
from companion.rules.board import DASH, ROUTE_KINDS, SEA, Board, Route
from companion.rules.colors import GRAY, UnknownColor, route_color
from companion.rules.dice import Tokens
from companion.rules.errors import IllegalAction
from companion.rules.names import join_words, plural
from companion.rules.passengers import Trip
from companion.rules.setup import Setup

HOW_MANY = {2: "two", 3: "three"}


@dataclass(frozen=True)
class FinalRound:
    """The last round: who started it, and who has taken their final turns so far."""

    started_by: str
    turns_taken: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    """The board and the players' pieces after the actions so far."""

    setup: Setup
    owners: Mapping[int, str]
    trains: Mapping[str, int]
    actions: tuple[Action, ...] = ()
    final_round: FinalRound | None = None
    # Märklin: passengers on the board (city -> player), how many each player placed,
    # tokens taken from each city, each player's goods points, the trips made.
    passengers: Mapping[str, str] = field(default_factory=dict)
    placed: Mapping[str, int] = field(default_factory=dict)
    goods_taken: Mapping[str, int] = field(default_factory=dict)
    goods_points: Mapping[str, int] = field(default_factory=dict)
    trips: tuple[Trip, ...] = ()
    # Rails & Sails: ships in each supply, ports built (city -> player), pieces exchanged
    # (for the penalty), and each player's net ships taken from the box (for its stock).
    ships: Mapping[str, int] = field(default_factory=dict)
    ports: Mapping[str, str] = field(default_factory=dict)
    exchanged: Mapping[str, int] = field(default_factory=dict)
    swapped: Mapping[str, int] = field(default_factory=dict)
    # Europe: stations built (city -> player).
    stations: Mapping[str, str] = field(default_factory=dict)
    # The Dice Expansion: the track tokens each player holds.
    tokens: Mapping[str, Tokens] = field(default_factory=dict)

    def tokens_of(self, player: str) -> Tokens:
        """The track tokens a player holds (dice games)."""
        return self.tokens.get(player, Tokens())

    def pieces_left(self, player: str) -> int:
        """Trains and ships still in the player's supply."""
        return self.trains[player] + self.ships.get(player, 0)

    @property
    def board(self) -> Board:
        """The board played on."""
        return self.setup.board

    def routes_of(self, player: str) -> tuple[Route, ...]:
        """The routes a player has claimed, in the order claimed."""
        return tuple(self.board.routes[i] for i, owner in self.owners.items() if owner == player)

    def final_turns_left(self, player: str) -> int:
        """How many final turns a player still has (0 before the final round too)."""
        if self.final_round is None:
            return 0
        taken = self.final_round.turns_taken.count(player)
        return self.setup.edition.final_turns - taken

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The players who still have a final turn to take, in seat order."""
        return tuple(n for n in self.setup.names if self.final_turns_left(n) > 0)

    @property
    def is_over(self) -> bool:
        """True once every player has taken their final turns."""
        return self.final_round is not None and not self.waiting_for


def start(setup: Setup) -> State:
    """The state before the first action: an empty board, every player's full supply."""
    if setup.pieces:
        trains = {name: setup.pieces[name][0] for name in setup.names}
        ships = {name: setup.pieces[name][1] for name in setup.names}
    else:
        trains, ships = {name: setup.edition.trains for name in setup.names}, {}
    return State(
        setup, MappingProxyType({}), MappingProxyType(trains), ships=MappingProxyType(ships)
    )


def replay(setup: Setup, actions: Iterable[Action]) -> State:
    """The state after the whole log; an illegal action is refused with its index."""
    state = start(setup)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as refusal:
            raise refusal.at(index) from None
    return state


def apply(state: State, action: Action) -> State:
    """The state after ``action``, or ``IllegalAction`` saying which rule forbids it."""
    if state.is_over:
        raise IllegalAction("the game is over: every player has taken their final turn")
    player = state.setup.player(action.player)
    if state.final_round is not None and state.final_turns_left(player) <= 0:
        raise IllegalAction(
            f"{player} has already taken their final turn; still to play: "
            f"{join_words(list(state.waiting_for))}"
        )
    turn = _dice_of(action)
    if turn is not None:
        # A record may leave a dice game's dice out: the rest of the rules still hold.
        if not state.setup.dice:
            raise IllegalAction("this game is played with cards, not the Dice Expansion")
        dice.check_roll(turn)
    before = state
    if isinstance(action, Claim):
        state = _claim(state, player, action)
    elif isinstance(action, MovePassenger):
        state = _trip(state, player, action)
    elif isinstance(action, BuildPort):
        state = sails.build_port(state, player, action.city)
    elif isinstance(action, Exchange):
        state = sails.exchange(state, player, action.ships)
    elif isinstance(action, BuildStation):
        state = stations.build_station(state, player, action.city)
    elif not isinstance(action, Pass):
        raise IllegalAction(f"{type(action).__name__} is not an action of this game")
    if turn is not None:
        state = _dice_tokens(before, state, player, action, turn)
    return _end_turn(replace(state, actions=(*state.actions, action)), player)


def _dice_of(action: Action) -> dice.DiceTurn | None:
    """The dice an action records (Rails & Sails actions never have any)."""
    return None if isinstance(action, BuildPort | Exchange) else action.dice


def _dice_tokens(
    before: State, after: State, player: str, action: Action, turn: dice.DiceTurn
) -> State:
    """Checks what the dice paid for, and the tokens spent, taken and handed back."""
    held = before.tokens_of(player)
    may_take = True
    if isinstance(action, Claim):
        route = find_route(before, action)
        used = dice.dice_for_claim(route, turn, held)
    elif isinstance(action, BuildStation):
        built = before.setup.edition.stations - stations.stations_left(before, player)
        used, may_take = dice.dice_for_station(built, turn), False
    elif isinstance(action, MovePassenger):
        used, may_take = dice.dice_for_passenger(after.trips[-1].cards, turn), False
    elif isinstance(action, Pass) and action.draw_tickets:
        used = dice.dice_for_tickets(action.draw_tickets, turn)
    elif isinstance(action, Pass) and turn.tunnel:
        dice.check_failed_tunnel(before.board)
        used, may_take = 0, False  # a tunnel that failed: nothing else that turn
    else:
        raise IllegalAction(
            "a dice turn does one thing: claim a route, draw tickets or build a station "
            "(only a tunnel that fails ends a turn with nothing done)"
        )
    if not isinstance(action, Claim) and turn.use.total:
        raise IllegalAction("track tokens count only for claiming a route")
    tokens = dice.after_turn(held, turn, used, may_take)
    return replace(after, tokens=MappingProxyType({**after.tokens, player: tokens}))


def _end_turn(state: State, player: str) -> State:
    """Counts a final turn, or starts the final round when the player's trains run low."""
    final = state.final_round
    if final is not None:
        final = replace(final, turns_taken=(*final.turns_taken, player))
    elif state.pieces_left(player) <= state.setup.edition.end_trigger:
        final = FinalRound(started_by=player)
    return replace(state, final_round=final)


def _claim(state: State, player: str, claim: Claim) -> State:
    route = find_route(state, claim)
    board, edition = state.board, state.setup.edition
    owner = state.owners.get(route.id)
    if owner is not None:
        raise IllegalAction(f"{route.label} is already claimed by {owner}")
    for other in board.parallels(route):
        other_owner = state.owners.get(other.id)
        if other_owner is None:
            continue
        count = HOW_MANY.get(route.tracks, str(route.tracks))
        if other_owner == player:
            raise IllegalAction(
                f"{player} already has {other.label}: one player may never claim "
                f"two routes between the same cities"
            )
        players = len(state.setup.players)
        if players < edition.parallels_open_from:
            raise IllegalAction(
                f"with {players} players only one of the {count} {route.name} routes "
                f"can be used, and {other_owner} has claimed {other.label}"
            )
    piece = "ship" if route.kind == SEA else "train"
    supply = dict(state.ships) if route.kind == SEA else dict(state.trains)
    have = supply[player]
    if route.length > have:
        raise IllegalAction(
            f"{player} has {plural(have, piece)} left; "
            f"{route.name} needs {plural(route.length, piece)}"
        )
    owners = dict(state.owners)
    owners[route.id] = player
    supply[player] = have - route.length
    if claim.passenger is not None:
        city = passengers.place(state, player, route, claim.passenger)
        state = replace(
            state,
            passengers=MappingProxyType({**state.passengers, city: player}),
            placed=MappingProxyType({**state.placed, player: state.placed.get(player, 0) + 1}),
        )
    state = replace(state, owners=MappingProxyType(owners))
    if route.kind == SEA:
        return replace(state, ships=MappingProxyType(supply))
    return replace(state, trains=MappingProxyType(supply))


def _trip(state: State, player: str, move: MovePassenger) -> State:
    trip = passengers.plan_trip(state, player, move.cities)
    on_board = {c: p for c, p in state.passengers.items() if c != trip.cities[0]}
    points = dict(state.goods_points)
    points[player] = points.get(player, 0) + trip.points
    return replace(
        state,
        passengers=MappingProxyType(on_board),
        goods_taken=MappingProxyType(passengers.after_trip(state.goods_taken, trip)),
        goods_points=MappingProxyType(points),
        trips=(*state.trips, trip),
    )


def claim_for(board: Board, route: Route, player: str, **more: Any) -> Claim:
    """The claim that names exactly this route: its kind where a route of the other kind
    joins the same cities, its colour on a double, its track where the colour can't tell."""
    kinds = {r.kind for r in board.routes_between(*route.cities)}
    kind = route.kind if len(kinds) > 1 else None
    if not route.is_parallel:
        return Claim(player, route.cities, kind=kind, **more)
    twins = [r for r in board.parallels(route) if r.color == route.color]
    if twins:
        return Claim(player, route.cities, track=route.track, kind=kind, **more)
    return Claim(player, route.cities, color=route.color, kind=kind, **more)


def find_route(state: State, claim: Claim) -> Route:
    """The one route a claim names; refuses an unknown or ambiguous one, listing candidates."""
    board = state.board
    a, b = (board.city(c) for c in claim.cities)
    if a == b:
        raise IllegalAction(f"a route joins two different cities, not {a} to itself")
    candidates = board.routes_between(a, b)
    name = f"{a}{DASH}{b}"
    if not candidates:
        neighbours = sorted({r.other_end(a) for r in board.routes_at(a)})
        raise IllegalAction(
            f"no route joins {a} and {b}; from {a} the routes go to {join_words(neighbours)}"
        )
    if claim.kind is not None:
        if claim.kind not in ROUTE_KINDS:
            raise IllegalAction(f"'{claim.kind}' is not a kind of route (rail or sea)")
        kind = claim.kind
        candidates = _narrow(candidates, lambda r: r.kind == kind, f"no {kind} route joins {name}")
    if claim.color is not None:
        try:
            color = route_color(claim.color)
        except UnknownColor as error:
            raise IllegalAction(str(error)) from None
        # A gray route is claimed with cards of any one colour, so naming that colour
        # names the gray route, unless a route of exactly that colour joins the cities too.
        exact = any(r.color == color for r in candidates)
        candidates = _narrow(
            candidates,
            lambda r: r.color == color or (not exact and r.color == GRAY),
            f"{name} has no {color} route",
        )
    if claim.track is not None:
        track = claim.track
        numbered = [r for r in candidates if r.track == track]
        everything = board.routes_between(a, b)
        if not numbered and 1 <= track <= len(everything) and everything[track - 1] in candidates:
            # Counted over every route joining the two cities (a rail and a sea route
            # between the same cities are not one double, yet they can be numbered so).
            numbered = [everything[track - 1]]
        candidates = _narrow(candidates, lambda r: r in numbered, f"{name} has no track {track}")
    if len(candidates) == 1:
        return candidates[0]
    first = candidates[0]
    if all(
        (r.length, r.color, r.kind) == (first.length, first.color, first.kind) for r in candidates
    ):
        # Tracks alike in every way: the first free one serves.
        free = [r for r in candidates if r.id not in state.owners]
        return free[0] if free else first
    choices = join_words([r.label for r in candidates], "or")
    raise IllegalAction(f"{name} names more than one route: say which, {choices}")


def _narrow(
    candidates: tuple[Route, ...], keep: Callable[[Route], bool], problem: str
) -> tuple[Route, ...]:
    kept = tuple(r for r in candidates if keep(r))
    if not kept:
        here = join_words([r.label for r in candidates])
        raise IllegalAction(f"{problem} (the routes there: {here})")
    return kept


def dice_options(state: State, player: str, faces: tuple[str, ...]) -> list[dice.DiceOption]:
    """Every thing this roll lets the player do, each checked by the referee: the routes it
    can claim (with the fewest tokens), the tickets it can draw, a station it can build."""
    options: list[dice.DiceOption] = []
    for route in state.board.routes:
        use = dice.tokens_needed(route, faces)
        turn = dice.DiceTurn(faces, use=use)
        claim = claim_for(state.board, route, player, dice=turn)
        try:
            apply(state, claim)
        except IllegalAction:
            continue
        options.append(dice.DiceOption("claim", route.length - use.total, use, route))
    draws = faces.count(dice.STATION) + faces.count(dice.LOCOMOTIVE)
    for n in range(1, draws + 1):
        options.append(dice.DiceOption("tickets", n, tickets=n))
    if state.setup.edition.stations and stations.stations_left(state, player) > 0:
        built = state.setup.edition.stations - stations.stations_left(state, player)
        if draws >= built + 1:
            options.append(dice.DiceOption("station", built + 1))
    return options
