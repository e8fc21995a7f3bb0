"""The Dice Expansion at the table: enter or roll the dice, see every play they allow,
make one; the referee checks it against the rules and the tokens held."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, redirect, request, url_for
from werkzeug.wrappers import Response

from companion.rules.actions import Action, BuildStation, Pass
from companion.rules.dice import (
    FACES,
    MOST_TOKENS,
    TRAIN_DICE,
    TUNNEL_DICE,
    DiceTurn,
    Tokens,
    tokens_needed,
)
from companion.rules.errors import IllegalAction
from companion.rules.game import State, claim_for, dice_options
from companion.web import store
from companion.web.forms import DiceForm, form_problem, small_int
from companion.web.table import next_player

bp = Blueprint("dice", __name__, url_prefix="/g/<game_id>")
ROLL = secrets.SystemRandom()
# The train dice: single track ×2, double track ×2, station, locomotive.
DIE = ("single", "single", "double", "double", "station", "locomotive")
MOST_TAKEN = 10  # tokens of a kind a turn may name (the referee allows far fewer)


def faces_from(text: str | None) -> tuple[str, ...] | None:
    """Five faces from "single,double,…", or None when not all five are known."""
    faces = tuple(f for f in (text or "").split(",") if f)
    return faces if len(faces) == TRAIN_DICE and all(f in FACES for f in faces) else None


def take_choices(state: State, player: str, unused_pairs: int) -> list[tuple[str, str]]:
    """The ways to take tokens for the dice left unused: ("s,d", "1 single") …"""
    held = state.tokens_of(player)
    most = 0 if held.total >= MOST_TOKENS else min(unused_pairs, MOST_TOKENS - held.total)
    choices = [("0,0", "no token")]
    for n in range(1, most + 1):
        for single in range(n, -1, -1):
            double = n - single
            words = [f"{k} {w}" for k, w in ((single, "single"), (double, "double")) if k]
            choices.append((f"{single},{double}", " and ".join(words)))
    return choices


def panel(state: State, player: str) -> dict[str, object]:
    """What the dice panel shows: the faces, the plays they allow, the tokens held."""
    faces = faces_from(request.args.get("faces")) or faces_from(",".join(request.args.getlist("f")))
    options = dice_options(state, player, faces) if faces else []
    return {
        "faces": faces,
        "die_faces": FACES,
        "rerolled": request.args.get("rerolled") == "1",
        "options": options,
        "takes": {
            o: take_choices(state, player, 0 if o.kind == "station" else o.tokens_to_take)
            for o in options
        },
        "tokens": {name: state.tokens_of(name) for name in state.setup.names},
        "tunnel_dice": TUNNEL_DICE,
    }


@bp.get("/roll")
def roll(game_id: str) -> Response:
    """Rolls the train dice for the table (all of them, or those picked for the reroll)."""
    faces = list(faces_from(request.args.get("faces")) or [""] * TRAIN_DICE)
    again = {small_int(i, TRAIN_DICE) for i in request.args.getlist("die")}
    if None in again:
        abort(400, f"Pick the dice to roll again by their number, 0 to {TRAIN_DICE - 1}.")
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
        )
        + "#dice",
        code=303,
    )


@bp.post("/dice")
def play(game_id: str) -> Response | tuple[str, int]:
    """Makes the chosen play with the dice."""
    from companion.web.table import render_table

    form = DiceForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    faces = faces_from(form.faces.data)
    if faces is None:
        return render_table(game_id, problem="Enter the five train dice first.", status=400)
    state = store.load_game(game_id).state()
    single, _, double = (form.take.data or "0,0").partition(",")
    singles, doubles = small_int(single or "0", MOST_TAKEN), small_int(double or "0", MOST_TAKEN)
    if singles is None or doubles is None:
        return render_table(game_id, problem="Choose which tokens to take.", status=400)
    take = Tokens(singles, doubles)
    back = Tokens(form.back_single.data or 0, form.back_double.data or 0)
    player = form.player.data
    action: Action
    if form.play.data == "claim" and form.route.data is not None:
        if form.route.data >= len(state.board.routes):
            return render_table(game_id, problem="There is no such route.", status=400)
        route = state.board.routes[form.route.data]
        tunnel = form.tunnel.data or 0
        # Spend no more tokens than held: the referee then says what the roll lacks.
        need, held = tokens_needed(route, faces, tunnel), state.tokens_of(player)
        use = Tokens(min(need.single, held.single), min(need.double, held.double))
        action = claim_for(
            state.board,
            route,
            player,
            dice=DiceTurn(faces, use=use, take=take, give_back=back, tunnel=tunnel),
            passenger=form.passenger.data or None,
        )
    elif form.play.data == "tickets" and form.tickets.data:
        action = Pass(
            player, DiceTurn(faces, take=take, give_back=back), draw_tickets=form.tickets.data
        )
    elif form.play.data == "station" and form.city.data:
        action = BuildStation(player, form.city.data, DiceTurn(faces, give_back=back))
    elif form.play.data == "tunnel-failed":
        action = Pass(player, DiceTurn(faces, tunnel=max(1, form.tunnel.data or 1)))
    else:
        return render_table(game_id, problem="Choose a play for the dice.", status=400)
    try:
        state = store.record_action(game_id, action)
    except IllegalAction as refusal:
        return render_table(game_id, problem=f"Refused: {refusal}", status=409)
    flash(f"{action.describe()} (dice: {', '.join(faces)})")
    return redirect(url_for("table.show", game_id=game_id, player=next_player(state)), code=303)
