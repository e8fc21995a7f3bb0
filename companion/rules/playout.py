"""Random legal games, played in seat order: for tests, benchmarks and demonstrations."""

from __future__ import annotations

import random

from companion.rules.actions import Action, Claim, Pass
from companion.rules.board import Board, Ticket
from companion.rules.errors import IllegalAction
from companion.rules.game import Player, Setup, State, apply, new_game, start


def legal_claims(state: State, player: str) -> list[Claim]:
    """Every claim ``player`` may make now, one per route, named by colour and track."""
    claims = []
    for route in state.board.routes:
        claim = Claim(player, route.cities, route.color, route.track if route.is_parallel else None)
        try:
            apply(state, claim)
        except IllegalAction:
            continue
        claims.append(claim)
    return claims


def random_game(
    board: Board,
    players: int,
    rng: random.Random,
    claim_chance: float = 0.7,
    connected: float = 0.0,
) -> tuple[Setup, tuple[Action, ...], dict[str, tuple[Ticket, ...]]]:
    """A whole legal game: the setup, the action log to the end, and each player's tickets.

    ``connected`` is the chance that a player extends their own network rather than
    claiming anywhere (real players build toward their tickets).
    """
    setup = new_game(board, [Player(f"Player {i + 1}") for i in range(players)])
    state = start(setup)
    actions: list[Action] = []
    turn = 0
    while not state.is_over:
        name = setup.names[turn % players]
        turn += 1
        if state.final_round is not None and state.final_turns_left(name) <= 0:
            continue
        options = legal_claims(state, name) if rng.random() < claim_chance else []
        if options and rng.random() < connected:
            mine = {c for r in state.routes_of(name) for c in r.cities}
            options = [c for c in options if mine & set(c.cities)] or options
        action: Action = rng.choice(options) if options else Pass(name)
        if not options and state.final_round is None and turn > 2000:
            break  # nobody can claim anything more: the game stalls before the end
        state = apply(state, action)
        actions.append(action)
    deck = list(board.tickets)
    rng.shuffle(deck)
    hands = {}
    for name in setup.names:
        count = rng.randint(2, 5)
        hands[name] = tuple(deck[:count])
        del deck[:count]
    return setup, tuple(actions), hands
