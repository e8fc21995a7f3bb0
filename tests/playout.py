"""Random legal games, played in seat order: for the tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from companion.rules.actions import (
    Action,
    BuildPort,
    BuildStation,
    Claim,
    Exchange,
    MovePassenger,
    Pass,
)
from companion.rules.board import Board, Ticket
from companion.rules.dice import DIE, TRAIN_DICE, DiceTurn, Tokens, tokens_needed
from companion.rules.errors import IllegalAction
from companion.rules.game import (
    State,
    apply,
    claim_for,
    dice_options,
    may_claim,
    start,
    tunnel_failed,
)
from companion.rules.passengers import passengers_left
from companion.rules.setup import Player, Setup, new_game


def legal_claims(state: State, player: str) -> list[Claim]:
    """Every claim ``player`` may make now, one per route, named by colour and track."""
    claims = []
    for route in state.board.routes:
        try:
            may_claim(state, player, route)
        except IllegalAction:
            continue
        claims.append(claim_for(state.board, route, player))
    return claims


def _with_passenger(state: State, claim: Claim, rng: random.Random) -> Claim:
    """The claim with a passenger on one of its cities, where the rules allow one."""
    for city in rng.sample(claim.cities, 2):
        placed = replace(claim, passenger=city)
        try:
            apply(state, placed)
        except IllegalAction:
            continue
        return placed
    return claim


def _random_trip(state: State, player: str, rng: random.Random) -> MovePassenger | None:
    """A legal trip of a few steps for one of the player's passengers, if one can go."""
    starts = [c for c, p in state.passengers.items() if p == player]
    if not starts:
        return None
    board = state.board
    cities = [rng.choice(starts)]
    used: set[int] = set()
    for _ in range(rng.randint(1, 4)):
        here = cities[-1]
        steps = [
            r
            for r in board.routes_at(here)
            if r.id in state.owners and r.id not in used and not board.is_country(r.other_end(here))
        ]
        if not steps:
            break
        route = rng.choice(steps)
        used.add(route.id)
        cities.append(route.other_end(here))
    if len(cities) < 2:
        return None
    trip = MovePassenger(player, tuple(cities))
    try:
        apply(state, trip)
    except IllegalAction:
        return None
    return trip


def _dice_turn(state: State, player: str, rng: random.Random) -> Action:
    """A random legal dice turn: a roll, then one of the plays it allows, tokens taken at
    random; a tunnel that can't be paid ends the turn (named); with no play, a turn taken."""
    faces = tuple(rng.choice(DIE) for _ in range(TRAIN_DICE))
    if state.passengers and rng.random() < 0.3:
        trip = _random_trip(state, player, rng)
        if trip is not None:
            turned = replace(trip, dice=DiceTurn(faces))
            found = _try(state, [turned], rng)
            if found is not None:
                return found
    options = dice_options(state, player, faces)
    if not options:
        return Pass(player)
    option = rng.choice(options)
    held = state.tokens_of(player)
    if option.kind == "station":
        city = rng.choice(sorted(c for c in state.board.cities if c not in state.stations))
        turn = DiceTurn(faces, take=_take(held, Tokens(), option.tokens_to_take, rng))
        return _try(state, [BuildStation(player, city, turn)], rng) or Pass(player)
    if option.kind == "tickets":
        turn = DiceTurn(faces, take=_take(held, Tokens(), option.tokens_to_take, rng))
        return Pass(player, turn, draw_tickets=option.tickets)
    route = option.route
    assert route is not None
    tunnel = sum(rng.random() < 1 / 6 for _ in range(3)) if route.tunnel else 0
    use = tokens_needed(route, faces, tunnel)
    used = route.length + tunnel - use.total
    take = _take(held, use, (TRAIN_DICE - used) // 2, rng, at_least=option.must_take)
    claim = claim_for(
        state.board, route, player, dice=DiceTurn(faces, use=use, take=take, tunnel=tunnel)
    )
    if passengers_left(state, player) > 0 and rng.random() < 0.5:
        claim = _with_passenger(state, claim, rng)
    found = _try(state, [claim], rng)
    if found is not None:
        return found
    failed = tunnel_failed(state, player, route, faces, tunnel)  # the black dice ask too much
    if failed is not None:
        return failed
    return _try(state, [replace(claim, passenger=None)], rng) or Pass(player)


def _take(
    held: Tokens, use: Tokens, pairs: int, rng: random.Random, at_least: Tokens | None = None
) -> Tokens:
    """Tokens to take at random within the rules: one per pair of unused dice, ≤3 held, and
    at least those spent at once."""
    at_least = at_least or Tokens()
    if held.total >= 3:
        return Tokens()
    room = 3 - (held.total - use.total)
    n = rng.randint(min(at_least.total, pairs), max(at_least.total, min(pairs, room)))
    single = rng.randint(at_least.single, max(at_least.single, n - at_least.double))
    return Tokens(single, n - single)


def _try(state: State, actions: list[Action], rng: random.Random) -> Action | None:
    """One of these actions that the rules allow now, if any."""
    rng.shuffle(actions)
    for action in actions:
        try:
            apply(state, action)
        except IllegalAction:
            continue
        return action
    return None


def random_game(
    board: Board,
    players: int,
    rng: random.Random,
    claim_chance: float = 0.7,
    connected: float = 0.0,
    goods: Mapping[str, str] | None = None,
    dice: bool = False,
) -> tuple[Setup, tuple[Action, ...], dict[str, tuple[Ticket, ...]]]:
    """A whole legal game: the setup, the action log to the end, and each player's tickets.

    ``connected`` is the chance that a player extends their own network rather than
    claiming anywhere (real players build toward their tickets). On Märklin, players
    place passengers with some claims and send them on trips (``goods`` colours needed);
    on Europe they build stations; with ``dice`` every turn is played with the dice.
    """
    edition = board.edition
    names = [f"Player {i + 1}" for i in range(players)]
    pieces = {}
    if edition.pieces:
        low = max(0, edition.pieces - edition.max_ships)
        for name in names:
            trains = rng.randint(low, edition.max_trains)
            pieces[name] = (trains, edition.pieces - trains)
    setup = new_game(board, [Player(n) for n in names], goods, pieces=pieces, dice=dice)
    state = start(setup)
    actions: list[Action] = []
    turn = 0
    while not state.is_over:
        name = setup.names[turn % players]
        turn += 1
        if state.final_round is not None and state.final_turns_left(name) <= 0:
            continue
        action: Action | None = None
        if dice:
            action = _dice_turn(state, name, rng)
            state = apply(state, action)
            actions.append(action)
            continue
        if state.passengers and rng.random() < 0.25:
            action = _random_trip(state, name, rng)
        if action is None and edition.stations and rng.random() < 0.05:
            action = _try(
                state, [BuildStation(name, c) for c in rng.sample(sorted(board.cities), 3)], rng
            )
        if action is None and edition.ports and rng.random() < 0.15:
            action = _try(
                state, [BuildPort(name, c) for r in state.routes_of(name) for c in r.cities], rng
            )
        if action is None and edition.exchange_cost and rng.random() < 0.05:
            n = rng.randint(1, 3)
            action = _try(state, [Exchange(name, n), Exchange(name, -n)], rng)
        if action is None:
            options = legal_claims(state, name) if rng.random() < claim_chance else []
            if options and rng.random() < connected:
                mine = {c for r in state.routes_of(name) for c in r.cities}
                options = [c for c in options if mine & set(c.cities)] or options
            if not options and state.final_round is None and turn > 2000:
                break  # nobody can claim anything more: the game stalls before the end
            action = rng.choice(options) if options else Pass(name)
            if isinstance(action, Claim) and passengers_left(state, name) > 0:
                if rng.random() < 0.5:
                    action = _with_passenger(state, action, rng)
        state = apply(state, action)
        actions.append(action)
    return setup, tuple(actions), _deal(board, setup, rng)


def _deal(board: Board, setup: Setup, rng: random.Random) -> dict[str, tuple[Ticket, ...]]:
    """Tickets for each player: from the deck (tours included), or made up where the
    deck is not known (Märklin)."""
    deck = list(board.tickets)
    rng.shuffle(deck)
    places = sorted(c for c, city in board.cities.items() if not city.is_waypoint)
    low, high = board.edition.ticket_points
    hands = {}
    for name in setup.names:
        count = rng.randint(2, 5)
        if deck:
            hands[name] = tuple(deck[:count])
            del deck[:count]
        else:
            hands[name] = tuple(
                Ticket(tuple(rng.sample(places, 2)), rng.randint(low, high), from_deck=False)
                for _ in range(count)
            )
    return hands
