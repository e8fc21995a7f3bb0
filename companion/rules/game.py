"""A game: its setup, and its state as the fold of the action log through the referee.

``apply(state, action)`` is the one place where legality lives: it returns the new state or
raises ``IllegalAction`` with the rule in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from types import MappingProxyType

from companion.rules import dice, stations
from companion.rules.actions import NOT_TURNS, Action, Pass
from companion.rules.actions.claim import check_route, claim_for, find_route
from companion.rules.actions.turn import CARDS
from companion.rules.board import Route
from companion.rules.errors import IllegalAction
from companion.rules.setup import Setup
from companion.rules.state import FinalRound, State, start
from companion.rules.words import _, join

__all__ = [
    "State",
    "apply",
    "check_played_at_the_table",
    "claim_for",
    "dice_options",
    "find_route",
    "may_claim",
    "replay",
    "start",
]


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
    player = _may_act(state, action.player)
    if isinstance(action, NOT_TURNS):
        if action.dice is not None:
            raise IllegalAction(_("leaving the game or calling time is not a turn: no dice"))
        return action.play(state, player)  # not a turn: whose turn it is stays
    turn = action.dice
    if turn is not None:
        # A record may leave a dice game's dice out: the rest of the rules still hold.
        if not state.setup.dice:
            raise IllegalAction(_("this game is played with cards, not the Dice Expansion"))
        dice.check_roll(turn)
        if _does_nothing(action, turn):
            _check_no_play(state, player, turn)
    elif state.setup.dice and isinstance(action, Pass) and action.drew == CARDS:
        raise IllegalAction(
            _("the Dice Expansion uses no train cards: a turn is played with the train dice")
        )
    before = state
    state = action.play(state, player)
    if turn is not None:
        used, may_take = action.dice_paid(before, state, player, turn)
        tokens = dice.after_turn(before.tokens_of(player), turn, used, may_take)
        state = replace(state, tokens=MappingProxyType({**state.tokens, player: tokens}))
    return _end_turn(state, player, action)


def may_claim(state: State, player: str, route: Route) -> None:
    """Refuses the player's claim of ``route`` now as ``apply`` refuses the claim that names
    it (``claim_for``, no dice, no passenger), without working out the state after it: the
    claim list asks this of every route, for every player, after every change."""
    check_route(state, _may_act(state, player), route)


def _may_act(state: State, name: str) -> str:
    """The player (as seated) of that name, if they may take a turn at all now."""
    if state.is_over:
        raise IllegalAction(_("the game is over: every player has taken their final turn"))
    player = state.setup.player(name)
    if player in state.left:
        raise IllegalAction(
            _("%(player)s has left the game: their turns are skipped", player=player)
        )
    if state.final_round is not None and state.final_turns_left(player) <= 0:
        raise IllegalAction(
            _(
                "%(player)s has already taken their final turn; still to play: %(players)s",
                player=player,
                players=join(list(state.waiting_for)),
            )
        )
    return player


def check_played_at_the_table(state: State, action: Action) -> None:
    """What the table records as it happens is held to the rules whole: in a Dice Expansion
    game, where "train cards and locomotives are not used", every turn is played with the
    train dice, and a tunnel that failed names its tunnel (a record may leave either out;
    the table always has them)."""
    if state.setup.dice and action.dice is None:
        raise IllegalAction(
            _(
                "the Dice Expansion uses no train cards: every turn is played with the "
                "train dice, on the dice panel"
            )
        )
    if isinstance(action, Pass) and action.dice and action.dice.tunnel:
        if action.failed_tunnel is None:
            raise IllegalAction(_("a tunnel that failed is recorded with the tunnel it failed on"))


def _does_nothing(action: Action, turn: dice.DiceTurn) -> bool:
    """A dice turn that put nothing on the board and drew no ticket, and no tunnel failed."""
    return (
        isinstance(action, Pass)
        and not action.draw_tickets
        and not turn.tunnel
        and action.failed_tunnel is None
    )


def _check_no_play(state: State, player: str, turn: dice.DiceTurn) -> None:
    """A roll ends the turn with nothing done only when it allows no play: the rules say
    the player "must at once do one" of the plays, so one that can must."""
    options = dice_options(state, player, turn.faces)
    if options:
        raise IllegalAction(
            _(
                "a dice turn does one thing, and this roll allows %(plays)s: "
                "a turn ends with nothing done only when the roll allows no play",
                plays=join([o.describe() for o in options[:3]], "or"),
            )
        )


def _end_turn(state: State, player: str, action: Action) -> State:
    """The action noted as the last played; counts a final turn, or starts the final
    round when the player's trains run low."""
    final = state.final_round
    if final is not None:
        final = replace(final, turns_taken=(*final.turns_taken, player))
    elif state.pieces_left(player) <= state.setup.edition.end_trigger:
        final = FinalRound(started_by=player)
    return replace(state, last_action=action, final_round=final)


def tunnel_failed(
    state: State, player: str, route: Route, faces: tuple[str, ...], tunnel: int
) -> Pass | None:
    """The turn a tunnel's claim ends in when the black dice's ``tunnel`` faces ask more
    than the roll and the player's tokens pay (the tunnel named); None where they pay."""
    if not (route.tunnel and tunnel) or dice.could_pay(
        route, faces, tunnel, state.tokens_of(player)
    ):
        return None
    failed = claim_for(state.board, route, player)
    return Pass(player, dice.DiceTurn(faces, tunnel=tunnel), failed_tunnel=failed)


def dice_options(state: State, player: str, faces: tuple[str, ...]) -> list[dice.DiceOption]:
    """Every thing this roll lets the player do, each checked by the referee: the routes it
    can claim (with the fewest tokens), the tickets it can draw, a station it can build."""
    options: list[dice.DiceOption] = []
    held = state.tokens_of(player)
    for route in state.board.routes:
        use = dice.tokens_needed(route, faces)
        # Tokens the player lacks may be taken from the dice left unused, and spent at once.
        short = use.minus(held)
        take = dice.Tokens(max(0, short.single), max(0, short.double))
        turn = dice.DiceTurn(faces, use=use, take=take)
        claim = claim_for(state.board, route, player, dice=turn)
        try:
            apply(state, claim)
        except IllegalAction:
            continue
        options.append(
            dice.DiceOption("claim", route.length - use.total, use, route, must_take=take)
        )
    draws = faces.count(dice.STATION) + faces.count(dice.LOCOMOTIVE)
    for n in range(1, draws + 1):
        options.append(dice.DiceOption("tickets", n, tickets=n))
    if state.setup.edition.stations and stations.stations_left(state, player) > 0:
        built = state.setup.edition.stations - stations.stations_left(state, player)
        if draws >= built + 1:
            options.append(dice.DiceOption("station", built + 1))
    return options
