"""A game made from a finished board no one recorded: the claims seen on it, put in an order
of turns the rules accept.

A board shows who holds which route, not when each was claimed. Any order a game could
have been played in scores the same, so one is chosen: the players claim in turn, each
their shortest routes first, none going down to the end of their trains (``end_trigger``)
until no one has anything else to claim; then the player with the most claims left starts
the final round, and every player takes their final turn (a claim, or a turn that put
nothing on the board). The referee then judges the whole log, as an import is judged: a
board with more pieces of a colour than its player has is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.actions import Action, Claim, Pass
from companion.rules.board import Board, Route
from companion.rules.setup import Setup


def game_from_board(setup: Setup, claims: Sequence[tuple[str, Route]]) -> list[Action]:
    """The actions of a game in which each player (by name) claims the routes given."""
    edition = setup.edition
    players = [p.name for p in setup.players]
    waiting = {
        name: sorted((r for p, r in claims if p == name), key=lambda r: (r.length, r.id))
        for name in players
    }
    used = dict.fromkeys(players, 0)
    last_safe = edition.trains - edition.end_trigger - 1  # trains used, at most, before the end
    actions: list[Action] = []
    progress = True
    while progress:  # turn by turn, claims that keep the final round away
        progress = False
        for name in players:
            if waiting[name] and used[name] + waiting[name][0].length <= last_safe:
                route = waiting[name].pop(0)
                used[name] += route.length
                actions.append(claim_of(setup.board, name, route))
                progress = True
    if not any(waiting.values()):
        return actions  # the board of a game that goes on
    starter = max(players, key=lambda n: (len(waiting[n]), -players.index(n)))
    actions.append(claim_of(setup.board, starter, waiting[starter].pop(0)))
    turns = players[players.index(starter) + 1 :] + players[: players.index(starter) + 1]
    for name in turns:
        actions.append(
            claim_of(setup.board, name, waiting[name].pop(0)) if waiting[name] else Pass(name)
        )
    # What no turn was left for: the referee will say why it can't be.
    actions += [claim_of(setup.board, n, r) for n in players for r in waiting[n]]
    return actions


def claim_of(board: Board, player: str, route: Route) -> Claim:
    """The claim of exactly that route (its track named where the cities have several)."""
    parallel = len(board.routes_between(*route.cities)) > 1
    return Claim(player, route.cities, track=route.track if parallel else None)
