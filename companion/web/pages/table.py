"""The table: the screen used all game. Claim a route in two taps, undo, the history."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.rules.actions import BuildPort, BuildStation, Exchange, Pass
from companion.rules.board import Route
from companion.rules.colors import PIECE_COLORS
from companion.rules.errors import CompanionError, IllegalAction
from companion.rules.game import claim_for
from companion.rules.names import name_key
from companion.rules.paths import cities_along
from companion.rules.scoring import ticket_done
from companion.rules.table_questions import (
    PORT,
    STATION,
    card_names,
    check_cards,
    route_choice,
)
from companion.rules.words import DASH
from companion.web import game_store, in_place
from companion.web.forms import (
    BOARD,
    CityForm,
    ClaimForm,
    ConfirmForm,
    ExchangeForm,
    TurnForm,
    UndoForm,
    form_problem,
    required,
    small_int,
)
from companion.web.players import board_picture, chosen_player, seats
from companion.web.shared_page import shared
from companion.web.stamps import Repeated
from companion.web.stored_game import LoggedAction
from companion.web.table_view import game_and_state, record, render_table, table_context

bp = Blueprint("table", __name__, url_prefix="/g/<game_id>")


REMEMBERED = 10


@bp.get("")
def show(game_id: str) -> tuple[str, int]:
    """The table page; this browser remembers the game, to offer it on the home page."""
    page = render_table(game_id)
    # A live update (HX-Request) leaves the session alone: written from a response that
    # may land after the page's own, it would bring back a note already shown.
    known = session.get("games", [])
    if known[:1] != [game_id] and not request.headers.get("HX-Request"):
        session["games"] = [game_id, *(g for g in known if g != game_id)][:REMEMBERED]
    return page


@bp.post("/claim")
def claim(game_id: str) -> Response | tuple[str, int]:
    """Claims a route for a player, if the rules allow it."""
    game, state = game_and_state(game_id)
    form = ClaimForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    player, number = required(form.player.data), required(form.route.data)
    if number >= len(state.board.routes):
        return render_table(game_id, problem=_("There is no such route on this board."), status=400)
    route = state.board.routes[number]
    action = claim_for(state.board, route, player, passenger=form.passenger.data or None)
    points = state.board.claim_points(route)
    try:
        name = state.setup.player(player)
    except IllegalAction as refusal:
        return render_table(game_id, problem=str(refusal), status=400)
    if action.passenger:
        done = _(
            "%(player)s claimed %(route)s: +%(points)d, passenger in %(city)s",
            player=name,
            route=state.board.label(route),
            points=points,
            city=action.passenger,
        )
    else:
        done = _(
            "%(player)s claimed %(route)s: +%(points)d",
            player=name,
            route=state.board.label(route),
            points=points,
        )
    return record(game, action, form, done, then=_back(game_id, form.then.data))


@bp.post("/turn")
def turn(game_id: str) -> Response | tuple[str, int]:
    """Records a turn that put nothing on the board: train cards or tickets drawn."""
    form = TurnForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    action = Pass(required(form.player.data), drew=form.drew.data or None)
    then = _back(game_id, form.then.data)
    game = game_store.load_game(game_id)
    return record(game, action, form, lambda state: action.describe(state.board), then=then)


def _city_turn(
    game_id: str, make: type[BuildPort] | type[BuildStation]
) -> Response | tuple[str, int]:
    form = CityForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    action = make(required(form.player.data), required(form.city.data))
    game = game_store.load_game(game_id)
    return record(game, action, form, lambda state: action.describe(state.board))


@bp.post("/port")
def port(game_id: str) -> Response | tuple[str, int]:
    """Builds a port (Rails & Sails): a whole turn."""
    return _city_turn(game_id, BuildPort)


@bp.post("/station")
def station(game_id: str) -> Response | tuple[str, int]:
    """Builds a station (Europe): a whole turn."""
    return _city_turn(game_id, BuildStation)


@bp.post("/exchange")
def exchange(game_id: str) -> Response | tuple[str, int]:
    """Trades pieces with the box (Rails & Sails): a whole turn, 1 point per piece."""
    form = ExchangeForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    count = required(form.count.data)
    n = count if form.take.data == "ships" else -count
    action = Exchange(required(form.player.data), n)
    game = game_store.load_game(game_id)
    cost = game.record.board().edition.exchange_cost * count
    done = _("%(action)s: −%(cost)d", action=action.describe(), cost=cost)
    return record(game, action, form, done)


@bp.post("/undo")
def undo(game_id: str) -> Response | tuple[str, int]:
    """Undoes the last action, the one the phone's Undo named (it stays in the history,
    struck through); the table goes back to that action's player."""
    form = UndoForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    board = game_store.load_game(game_id).record.board()
    back = _back(game_id, form.then.data)
    try:
        undone, version = game_store.undo(game_id, form.action.data)
    except Repeated as repeat:
        assert isinstance(repeat.what, LoggedAction)
        flash(_("Already undone: %(action)s", action=repeat.what.action.describe(board)))
        return redirect(back, code=303)
    except IllegalAction as refusal:
        problem = _("Not undone: %(refusal)s", refusal=refusal)
        return render_table(game_id, problem=problem, status=409)
    flash(
        _("Undone: %(action)s", action=undone.action.describe(board))
        if undone
        else _("Nothing to undo.")
    )
    return in_place.written(back, version)


@bp.post("/colours")
def colours(game_id: str) -> Response | tuple[str, int]:
    """The pieces' colours the table chose before its first move, seat by seat."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    chosen = request.form.getlist("color")
    if not chosen or any(c not in PIECE_COLORS for c in chosen):
        return render_table(game_id, problem=_("Choose a colour for each player."), status=400)
    try:
        version = game_store.choose_colours(game_id, chosen)
    except CompanionError as refusal:
        return render_table(game_id, problem=str(refusal), status=409)
    flash(_("The pieces' colours are chosen."))
    return in_place.written(url_for("table.show", game_id=game_id), version)


def _back(game_id: str, then: str | None) -> str:
    """The page a form goes back to after it: the board picture it was sent from, else the
    table."""
    return url_for("table.board" if then == BOARD else "table.show", game_id=game_id)


@bp.get("/confirm")
def confirm(game_id: str) -> tuple[str, int]:
    """The route a tap on the board picture found (or the tracks side by side where it fell
    between them), each with its claim in one more tap: a page of its own, or the sheet
    that opens over the picture (``HX-Request``)."""
    game, state = game_and_state(game_id)
    routes = state.board.routes
    asked = [small_int(text, len(routes)) for text in request.args.getlist("route")[:3]]
    ids = [i for i in dict.fromkeys(asked) if i is not None]
    if not ids or len(ids) < len(set(asked)):
        abort(404)
    player = chosen_player(state)
    choices = [route_choice(state, player, routes[i]) for i in ids]
    template = "_route_sheet.html" if request.headers.get("HX-Request") else "confirm.html"
    return render_template(
        template,
        game=game,
        state=state,
        choices=choices,
        player=player,
        names=state.setup.names,
        claim=ClaimForm(),
        dice=state.setup.dice,
    ), 200


@bp.get("/board")
def board(game_id: str) -> tuple[str, int]:
    """The board picture: tap a route to claim it; the table's bar below it."""
    game, state = game_and_state(game_id)
    player = chosen_player(state)

    def page() -> str:
        # Each route's address to claim it: the same but for the route's number (made
        # once, not once a route).
        ask = url_for("table.confirm", game_id=game_id, route=0, player=player)
        before, _zero, after = ask.partition("route=0")
        return render_template(
            "board.html",
            picture=board_picture(state, link=lambda r: f"{before}route={r.id}{after}"),
            dice=state.setup.dice,
            **table_context(game, state, player),
        )

    return shared(game, page), 200


@bp.get("/check")
def check(game_id: str) -> tuple[str, int]:
    """Referee help: is my ticket done? Nothing is stored, and the answer shows only here."""
    game, state = game_and_state(game_id)
    player = chosen_player(state)
    a, b = request.args.get("from", ""), request.args.get("to", "")
    answer = problem = None
    joined = False  # whether the answer is yes
    if a and b:
        try:
            done = ticket_done(state, player, a, b)
            first, second = done.ticket.cities
            joined = done.chain is not None
            if done.chain is not None:
                answer = _("Yes: %(path)s", path=DASH.join(cities_along(done.chain, first)))
            else:
                answer = _(
                    "Not yet: %(player)s's routes don't join %(first)s and %(second)s",
                    player=player,
                    first=first,
                    second=second,
                )
        except IllegalAction as error:
            problem = str(error)
    return render_template(
        "check.html",
        game=game,
        state=state,
        seats=seats(state),
        player=player,
        answer=answer,
        answer_ok=joined,
        problem=problem,
        a=a,
        b=b,
        cities=sorted(state.board.cities),
    ), 200 if problem is None else 400


MOST_CARDS = 100  # of one kind, in a payment to check


@bp.get("/pay")
def pay(game_id: str) -> tuple[str, int]:
    """Referee help: do these cards pay for that route (or a port, or the next station)?
    Nothing is recorded."""
    game, state = game_and_state(game_id)
    edition = state.setup.edition
    player = chosen_player(state)
    names = card_names(edition)
    asked = request.args.get("route", "")
    routes = state.board.routes
    number = small_int(asked, len(routes))
    route = None if number is None else routes[number]
    target: Route | str | None = route
    if asked in (PORT, STATION) and (edition.ports if asked == PORT else edition.stations):
        target = asked
    counts = {n: request.args.get(n, "") for n in names}
    cards = {n: small_int(text, MOST_CARDS) or 0 for n, text in counts.items()}
    verdict = refusal = None
    status = 200
    turned: dict[str, int] = {}
    for key in ("t1", "t2", "t3"):
        card = request.args.get(key, "")
        if card in names:
            turned[card] = turned.get(card, 0) + 1
    if asked and target is None:
        refusal = _("There is no such route on this board.")
        status = 200 if asked.isascii() and asked.isdigit() else 400  # a number, or garbled
    elif any(text and small_int(text, MOST_CARDS) is None for text in counts.values()):
        refusal = _(
            "Count each kind of card with a number from 0 to %(most)d.", most=MOST_CARDS - 1
        )
        status = 400
    elif target is not None and any(cards.values()):
        try:
            verdict = check_cards(state, player, target, cards, turned)
        except IllegalAction as error:
            refusal = str(error)
    return render_template(
        "pay.html",
        game=game,
        state=state,
        route=route,
        asked=asked,
        sails=bool(edition.pieces),
        routes=sorted(routes, key=lambda r: name_key(str(r.label))),
        names=names,
        cards=cards,
        turned=[request.args.get(k, "") for k in ("t1", "t2", "t3")],
        player=player,
        verdict=verdict,
        refusal=refusal,
    ), status
