"""The table: the screen used all game. Claim a route in two taps, undo, the history."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from companion.rules.actions import Action, BuildPort, BuildStation, Exchange, Pass
from companion.rules.board import Route
from companion.rules.colors import GRAY, ROUTE_COLORS
from companion.rules.errors import IllegalAction
from companion.rules.game import State, claim_for
from companion.rules.names import name_key
from companion.rules.passengers import passengers_left
from companion.rules.paths import cities_along, connecting_chain
from companion.rules.payment import (
    LOCOMOTIVE,
    PLUS_FOUR,
    check_payment,
    check_port_payment,
    check_sails_payment,
    check_station_payment,
    sails_card_names,
)
from companion.rules.sails import ports_left
from companion.rules.stations import stations_left
from companion.web import store
from companion.web.forms import (
    CityForm,
    ClaimForm,
    ConfirmForm,
    ExchangeForm,
    PlayerForm,
    form_problem,
    small_int,
)
from companion.web.picture import board_svg, piece_color
from companion.web.qr import public_url, qr_svg

bp = Blueprint("table", __name__, url_prefix="/g/<game_id>")


@dataclass(frozen=True)
class Seat:
    """A player as the table shows them: score so far, trains left, routes."""

    name: str
    color: str
    points: int
    trains: int
    routes: int
    passengers: int
    goods: int
    ships: int
    ports: int
    stations: int


@dataclass(frozen=True)
class RouteChoice:
    """A route as offered from one of its cities: who has it, or why it is closed."""

    route: Route
    other_city: str
    points: int
    owner: str | None
    note: str | None


def player_colors(state: State) -> dict[str, str]:
    """Each player's piece colour for the board picture."""
    return {p.name: piece_color(p.color, i) for i, p in enumerate(state.setup.players)}


def seats(state: State) -> list[Seat]:
    """Every player's standing, in seat order."""
    board = state.board
    return [
        Seat(
            name=p.name,
            color=piece_color(p.color, i),
            # What the score track shows during play: routes, goods, exchanges.
            points=sum(board.points_for(r) for r in state.routes_of(p.name))
            + state.goods_points.get(p.name, 0)
            - state.setup.edition.exchange_cost * state.exchanged.get(p.name, 0),
            trains=state.trains[p.name],
            routes=len(state.routes_of(p.name)),
            passengers=passengers_left(state, p.name),
            goods=state.goods_points.get(p.name, 0),
            ships=state.ships.get(p.name, 0),
            ports=ports_left(state, p.name),
            stations=stations_left(state, p.name),
        )
        for i, p in enumerate(state.setup.players)
    ]


def next_player(state: State) -> str:
    """Whose turn it most likely is: the seat after the last player who acted."""
    names = state.setup.names
    if state.final_round is not None and state.waiting_for:
        order = names
        if state.actions:
            start = names.index(state.setup.player(state.actions[-1].player)) + 1
            order = names[start:] + names[:start]
        return next(n for n in order if n in state.waiting_for)
    if not state.actions:
        return names[0]
    last = names.index(state.setup.player(state.actions[-1].player))
    return names[(last + 1) % len(names)]


def chosen_player(state: State) -> str:
    """The player the table is acting for: as the form or the address says, else whose
    turn it is."""
    asked = request.form.get("player") or request.args.get("player")
    if asked:
        try:
            return state.setup.player(asked)
        except IllegalAction:
            pass
    return next_player(state)


def route_choices(state: State, player: str) -> list[tuple[str, list[RouteChoice]]]:
    """Each city (A to Z) with its routes, as the player may see them."""
    board = state.board
    players = len(state.setup.players)
    cities = []
    for city in sorted(board.cities, key=name_key):
        choices = []
        for route in sorted(
            board.routes_at(city), key=lambda r: (name_key(r.other_end(city)), r.track)
        ):
            owner = state.owners.get(route.id)
            note = None
            if owner is None:
                taken = [state.owners[o.id] for o in board.parallels(route) if o.id in state.owners]
                if player in taken:
                    note = "you have the other track"
                elif taken and players < state.setup.edition.parallels_open_from:
                    note = f"closed with {players} players"
                elif route.kind == "sea" and route.length > state.ships.get(player, 0):
                    note = "too long for the ships left"
                elif route.kind != "sea" and route.length > state.trains[player]:
                    note = "too long for the trains left"
            choices.append(
                RouteChoice(route, route.other_end(city), board.points_for(route), owner, note)
            )
        cities.append((city, choices))
    return cities


def port_choices(state: State, player: str) -> list[str]:
    """The port cities where the player could build a port now (Rails & Sails)."""
    board = state.board
    if not state.setup.edition.ports:
        return []
    reached = {c for r in state.routes_of(player) for c in r.cities}
    return sorted(c for c in reached if board.is_port_city(c) and c not in state.ports)


def _game(game_id: str) -> tuple[store.StoredGame, State]:
    game = store.load_game(game_id)
    return game, game.state()


def goods_left(state: State) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Each city's goods colour and the tokens still on it (Märklin), as far as known."""
    edition = state.setup.edition
    return {
        city: (color, edition.goods[color][state.goods_taken.get(city, 0) :])
        for city, color in state.setup.goods.items()
    }


def dice_panel(state: State, player: str) -> dict[str, object]:
    """The dice panel's content (dice games only)."""
    from companion.web.dice import panel

    return panel(state, player)


def render_table(game_id: str, problem: str | None = None, status: int = 200) -> tuple[str, int]:
    """The table page, with a refusal's reason when there is one."""
    game, state = _game(game_id)
    player = chosen_player(state)
    link = public_url(url_for("table.show", game_id=game_id))
    watch_link = public_url(url_for("watch.show", watch=game.watch))
    live = [a for a in game.history if a.undone is None]
    return render_template(
        "table.html",
        game=game,
        state=state,
        seats=seats(state),
        player=player,
        cities=route_choices(state, player),
        last=live[-1] if live else None,
        history=list(reversed(game.history)),
        claim=ClaimForm(),
        turn=PlayerForm(),
        undo=ConfirmForm(),
        problem=problem,
        link=link,
        qr=qr_svg(link),
        watch_link=watch_link,
        watch_qr=qr_svg(watch_link),
        goods=goods_left(state),
        port_cities=port_choices(state, player),
        station_cities=sorted(c for c in state.board.cities if c not in state.stations),
        dice=dice_panel(state, player) if state.setup.dice else None,
        city_form=CityForm(),
        exchange=ExchangeForm(),
    ), status


REMEMBERED = 10


@bp.get("")
def show(game_id: str) -> tuple[str, int]:
    """The table page; this browser remembers the game, to offer it on the home page."""
    page = render_table(game_id)
    games = [g for g in session.get("games", []) if g != game_id]
    session["games"] = [game_id, *games][:REMEMBERED]
    return page


@bp.get("/version")
def version(game_id: str) -> dict[str, str]:
    """When the game last changed: pages on other phones reload when it does."""
    return {"version": store.load_game(game_id).version}


def _record(game_id: str, action: Action, done: str) -> Response | tuple[str, int]:
    try:
        state = store.record_action(game_id, action)
    except IllegalAction as refusal:
        return render_table(game_id, problem=f"Refused: {refusal}", status=409)
    flash(done)
    return redirect(url_for("table.show", game_id=game_id, player=next_player(state)), code=303)


@bp.post("/claim")
def claim(game_id: str) -> Response | tuple[str, int]:
    """Claims a route for a player, if the rules allow it."""
    game, state = _game(game_id)
    form = ClaimForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    if form.route.data >= len(state.board.routes):
        return render_table(game_id, problem="There is no such route on this board.", status=400)
    route = state.board.routes[form.route.data]
    action = claim_for(state.board, route, form.player.data, passenger=form.passenger.data or None)
    points = state.board.points_for(route)
    try:
        name = state.setup.player(form.player.data)
    except IllegalAction as refusal:
        return render_table(game_id, problem=str(refusal), status=400)
    placed = f", passenger in {action.passenger}" if action.passenger else ""
    return _record(game_id, action, f"{name} claimed {route.label}: +{points}{placed}")


@bp.post("/turn")
def turn(game_id: str) -> Response | tuple[str, int]:
    """Records a turn that put nothing on the board (cards or tickets drawn)."""
    form = PlayerForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    return _record(game_id, Pass(form.player.data), f"{form.player.data} took a turn")


def _city_turn(
    game_id: str, make: type[BuildPort] | type[BuildStation]
) -> Response | tuple[str, int]:
    form = CityForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    action = make(form.player.data, form.city.data)
    return _record(game_id, action, action.describe())


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
    n = form.count.data if form.take.data == "ships" else -form.count.data
    action = Exchange(form.player.data, n)
    return _record(game_id, action, f"{action.describe()}: −{form.count.data}")


@bp.post("/undo")
def undo(game_id: str) -> Response | tuple[str, int]:
    """Undoes the last action (it stays in the history, struck through)."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_table(game_id, problem=form_problem(form), status=400)
    undone = store.undo_last(game_id)
    flash(f"Undone: {undone.action.describe()}" if undone else "Nothing to undo.")
    player = undone.action.player if undone else None
    return redirect(url_for("table.show", game_id=game_id, player=player), code=303)


@bp.get("/confirm")
def confirm(game_id: str) -> tuple[str, int]:
    """Asks before a claim tapped on the board picture."""
    game, state = _game(game_id)
    route_id = small_int(request.args.get("route"), len(state.board.routes))
    if route_id is None:
        abort(404)
    route = state.board.routes[route_id]
    return render_template(
        "confirm.html",
        game=game,
        route=route,
        points=state.board.points_for(route),
        owner=state.owners.get(route_id),
        player=chosen_player(state),
        names=state.setup.names,
        claim=ClaimForm(),
        dice=state.setup.dice,
    ), 200


@bp.get("/board")
def board(game_id: str) -> tuple[str, int]:
    """The board picture: tap a route to claim it."""
    game, state = _game(game_id)
    player = chosen_player(state)
    picture = board_svg(
        state.board,
        state.owners,
        player_colors(state),
        link=lambda r: url_for("table.confirm", game_id=game_id, route=r.id, player=player),
    )
    return render_template(
        "board.html",
        game=game,
        state=state,
        seats=seats(state),
        player=player,
        picture=picture,
    ), 200


@bp.get("/check")
def check(game_id: str) -> tuple[str, int]:
    """Referee help: is my ticket done? Nothing is stored, and the answer shows only here."""
    game, state = _game(game_id)
    player = chosen_player(state)
    a, b = request.args.get("from", ""), request.args.get("to", "")
    answer = problem = None
    if a and b:
        try:
            first, second = state.board.city(a), state.board.city(b)
            chain = connecting_chain(
                state.routes_of(player), first, second, dead_ends=state.board.countries
            )
            answer = (
                f"Yes: {'–'.join(cities_along(chain, first))}"
                if chain is not None
                else f"Not yet: {player}'s routes don't join {first} and {second}"
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
        problem=problem,
        a=a,
        b=b,
        cities=sorted(state.board.cities),
    ), 200 if problem is None else 400


MOST_CARDS = 100  # of one kind, in a payment to check


@bp.get("/pay")
def pay(game_id: str) -> tuple[str, int]:
    """Referee help: do these cards pay for that route (or a port)? Nothing is recorded."""
    game, state = _game(game_id)
    edition = state.setup.edition
    sails = bool(edition.pieces)
    if sails:
        names = sails_card_names()
    else:
        names = [c for c in ROUTE_COLORS if c != GRAY] + [LOCOMOTIVE]
        if edition.passengers:
            names.append(PLUS_FOUR)
    asked = request.args.get("route", "")
    routes = state.board.routes
    number = small_int(asked, len(routes))
    route = None if number is None else routes[number]
    counts = {n: request.args.get(n, "") for n in names}
    cards = {n: small_int(text, MOST_CARDS) or 0 for n, text in counts.items()}
    verdict = refusal = None
    status = 200
    turned: dict[str, int] = {}
    for key in ("t1", "t2", "t3"):
        card = request.args.get(key, "")
        if card in names:
            turned[card] = turned.get(card, 0) + 1
    special = (asked == "port" and sails) or (asked == "station" and edition.stations)
    if asked and route is None and not special:
        refusal = "There is no such route on this board."
        status = 200 if asked.isascii() and asked.isdigit() else 400  # a number, or garbled
    elif any(text and small_int(text, MOST_CARDS) is None for text in counts.values()):
        refusal = f"Count each kind of card with a number from 0 to {MOST_CARDS - 1}."
        status = 400
    elif (route is not None or special) and any(cards.values()):
        try:
            if asked == "station":
                built = edition.stations - stations_left(state, chosen_player(state))
                verdict = check_station_payment(built, cards)
            elif route is None:
                verdict = check_port_payment(cards)
            elif sails:
                verdict = check_sails_payment(route, cards)
            else:
                verdict = check_payment(route, edition, cards, turned if route.tunnel else None)
        except IllegalAction as error:
            refusal = str(error)
    return render_template(
        "pay.html",
        game=game,
        state=state,
        route=route,
        asked=asked,
        sails=sails,
        routes=sorted(routes, key=lambda r: name_key(r.label)),
        names=names,
        cards=cards,
        turned=[request.args.get(k, "") for k in ("t1", "t2", "t3")],
        player=chosen_player(state),
        verdict=verdict,
        refusal=refusal,
    ), status
