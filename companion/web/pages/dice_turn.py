"""The Dice Expansion at the table: enter or roll the dice, see every play they allow,
make one; the referee checks it against the rules and the tokens held."""

from __future__ import annotations

import secrets
from dataclasses import replace

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.rules.actions import Action, BuildStation, Claim, Pass
from companion.rules.actions.claim import find_route
from companion.rules.dice import (
    DIE,
    TRAIN_DICE,
    DiceTurn,
    Tokens,
    take_after_tunnel,
    tokens_to_spend,
)
from companion.rules.game import claim_for, tunnel_failed
from companion.rules.state import State
from companion.rules.words import Text, listing
from companion.web import game_store
from companion.web.dice_panel import face_words, faces_from
from companion.web.forms import DiceForm, form_problem, required, small_int
from companion.web.table_view import record, render_table

bp = Blueprint("dice_turn", __name__, url_prefix="/g/<game_id>")
ROLL = secrets.SystemRandom()
MOST_TAKEN = 10  # tokens of a kind a turn may name (the referee allows far fewer)


@bp.get("/roll")
def roll(game_id: str) -> Response:
    """Rolls the train dice for the table (all of them, or those picked for the reroll)."""
    faces = list(faces_from(request.args.get("faces")) or [""] * TRAIN_DICE)
    again = {small_int(i, TRAIN_DICE) for i in request.args.getlist("die")}
    if None in again:
        abort(
            400,
            _(
                "Pick the dice to roll again by their number, 0 to %(last)d.",
                last=TRAIN_DICE - 1,
            ),
        )
    rerolled = faces_from(",".join(faces)) is not None
    for i in range(TRAIN_DICE):
        if not rerolled or i in again:
            faces[i] = ROLL.choice(DIE)
    return redirect(
        url_for(
            "table.show",
            game_id=game_id,
            player=request.args.get("player"),
            faces=",".join(faces),
            rerolled="1" if rerolled else None,
            # Which dice were rolled again: the page shows them marked.
            again=",".join(str(i) for i in range(TRAIN_DICE) if i in again) or None
            if rerolled
            else None,
        )
        + "#dice",
        code=303,
    )


@bp.post("/dice")
def play(game_id: str) -> Response | tuple[str, int]:
    """Makes the chosen play with the dice."""
    form = DiceForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    faces = faces_from(form.faces.data)
    if faces is None:
        return render_table(game_id, problem=_("Enter the five train dice first."), status=400)
    game = game_store.load_game(game_id)
    state = game.state()
    single, _comma, double = (form.take.data or "0,0").partition(",")
    singles, doubles = small_int(single or "0", MOST_TAKEN), small_int(double or "0", MOST_TAKEN)
    if singles is None or doubles is None:
        return render_table(game_id, problem=_("Choose which tokens to take."), status=400)
    take = Tokens(singles, doubles)
    back = Tokens(form.back_single.data or 0, form.back_double.data or 0)
    player = required(form.player.data)
    action: Action
    if form.play.data == "claim" and form.route.data is not None:
        if form.route.data >= len(state.board.routes):
            return render_table(game_id, problem=_("There is no such route."), status=400)
        route = state.board.routes[form.route.data]
        tunnel = form.tunnel.data or 0
        held = state.tokens_of(player)
        use = tokens_to_spend(route, faces, tunnel, held.plus(take))
        turn = DiceTurn(faces, use=use, take=take, give_back=back, tunnel=tunnel)
        if tunnel:  # the tokens were chosen before the black dice showed what they take
            turn = replace(turn, take=take_after_tunnel(route, turn, held))
        passenger = form.passenger.data or None
        action = tunnel_failed(state, player, route, faces, tunnel) or claim_for(
            state.board, route, player, dice=turn, passenger=passenger
        )
    elif form.play.data == "tickets" and form.tickets.data:
        action = Pass(
            player, DiceTurn(faces, take=take, give_back=back), draw_tickets=form.tickets.data
        )
    elif form.play.data == "station" and form.city.data:
        action = BuildStation(player, form.city.data, DiceTurn(faces, take=take, give_back=back))
    elif form.play.data == "nothing":  # a roll that allows no play: the turn ends
        action = Pass(player, DiceTurn(faces, take=take, give_back=back))
    else:
        return render_table(game_id, problem=_("Choose a play for the dice."), status=400)
    dice = str(listing(face_words(f) for f in faces))

    def done(state: State) -> Text:
        if isinstance(action, Claim):
            return str(
                _(
                    "%(action)s: +%(points)d (dice: %(faces)s)",
                    action=str(action.describe(state.board)),
                    points=state.board.points_for(find_route(state, action)),
                    faces=dice,
                )
            )
        return str(
            _("%(action)s (dice: %(faces)s)", action=str(action.describe(state.board)), faces=dice)
        )

    return record(game, action, form, done)
