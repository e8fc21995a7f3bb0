"""Märklin: a passenger's trip, tapped city by city with its tokens and cost shown before
it is made; the best trip for some passenger cards; the board's goods colours."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from flask import Blueprint, flash, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.rules.actions import MovePassenger
from companion.rules.board import GOODS_COLORS, Route
from companion.rules.dice import FACES, DiceTurn
from companion.rules.errors import CompanionError, IllegalAction
from companion.rules.game import State
from companion.rules.passengers import (
    best_trip,
    next_routes,
    plan_trip,
    trip_routes,
    without_goods_colour,
)
from companion.rules.state import Trip
from companion.rules.table_questions import goods_left
from companion.web import game_store, in_place
from companion.web.dice_panel import counted_faces, faces_from
from companion.web.forms import ConfirmForm, TripForm, form_problem, required, small_int
from companion.web.new_game import remember_goods
from companion.web.players import chosen_player, seats
from companion.web.table_view import record

bp = Blueprint("trips", __name__, url_prefix="/g/<game_id>")
SEPARATOR = "|"
MOST_CARDS = 20  # passenger cards the best trip is looked for with
MOST_BACK = 4000  # characters in the address the goods form goes back to


@dataclass(frozen=True)
class Step:
    """A city the trip can go to next, and what the route there costs."""

    city: str
    route: Route
    owner: str
    path: str


def _path(text: str | None) -> list[str]:
    return [c for c in (text or "").split(SEPARATOR) if c][:100]


def local_target(back: str, game_id: str) -> str:
    """``back`` if it is an address of this game's pages (a path, no site, no line breaks
    or control characters, no "..": what the trip page sends), else the table page."""
    home = url_for("table.show", game_id=game_id)
    if len(back) > MOST_BACK or not back.isprintable() or any(c in " \\" for c in back):
        return home
    try:
        parts = urlsplit(back)
    except ValueError:
        return home
    steps = unquote(parts.path).split("/")
    if (
        parts.scheme
        or parts.netloc
        or not (parts.path == home or parts.path.startswith(home + "/"))
        or "." in steps
        or ".." in steps
    ):
        return home
    return back


def next_steps(state: State, path: list[str], used: set[int]) -> list[Step]:
    """The cities the trip can go to next from its last city, each with its address."""
    here = path[-1]
    return [
        Step(r.other_end(here), r, state.owners[r.id], SEPARATOR.join([*path, r.other_end(here)]))
        for r in next_routes(state, here, used)
    ]


def render_trip(game_id: str, problem: str | None = None, status: int = 200) -> tuple[str, int]:
    """The trip page."""
    game = game_store.load_game(game_id)
    state = game.state()
    player = chosen_player(state)
    path = _path(request.values.get("path"))
    preview: Trip | None = None
    missing: list[str] = []
    refusal = None
    try:
        path = [state.board.city(c) for c in path]
        if len(path) >= 2:
            preview = plan_trip(state, player, path)
    except IllegalAction as error:
        refusal = str(error)
        missing = without_goods_colour(state, path[1:])
    # The routes the trip takes so far: the next steps go on from them, even while a goods
    # colour is missing; None when the trip itself can't be made.
    taken: tuple[Route, ...] | None = preview.routes if preview else None
    if taken is None and path:
        try:
            taken = trip_routes(state, player, path)[1] if len(path) >= 2 else ()
        except IllegalAction:
            taken = None
    best = None
    cards = small_int(request.args.get("cards"), MOST_CARDS + 1)
    if cards is not None and path and state.passengers.get(path[0]) == player:
        best = best_trip(state, player, path[0], cards)
    return render_template(
        "trip.html",
        game=game,
        state=state,
        seats=seats(state),
        player=player,
        path=path,
        steps=next_steps(state, path, {r.id for r in taken}) if taken is not None else [],
        starts=sorted(c for c, p in state.passengers.items() if p == player),
        preview=preview,
        refusal=refusal,
        missing=missing,
        colors=GOODS_COLORS,
        best=best,
        cards=cards,
        separator=SEPARATOR,
        goods=goods_left(state),
        form=TripForm(),
        dice_faces=FACES if game.record.dice else (),
        problem=problem,
    ), status


@bp.get("/trip")
def show(game_id: str) -> tuple[str, int]:
    """Plan a passenger's trip."""
    return render_trip(game_id)


@bp.post("/trip")
def make(game_id: str) -> Response | tuple[str, int]:
    """Makes the trip: the passenger scores its tokens and leaves the game."""
    form = TripForm()
    if not form.validate_on_submit():
        return render_trip(game_id, problem=form_problem(form), status=400)
    turn = None
    game = game_store.load_game(game_id)
    if game.record.dice:
        faces, _counted = counted_faces(request.form)
        faces = faces or faces_from(",".join(request.form.getlist("f")))
        if faces is None:
            return render_trip(game_id, problem=_("Enter the five train dice."), status=400)
        turn = DiceTurn(faces)
    action = MovePassenger(required(form.player.data), tuple(_path(form.path.data)), turn)
    return record(
        game,
        action,
        form,
        lambda state: state.trips[-1].describe(state.board),
        lambda problem: render_trip(game_id, problem=problem, status=409),
    )


@bp.route("/goods", methods=["GET", "POST"])
def goods(game_id: str) -> Response | tuple[str, int]:
    """The board's goods colours: set once, remembered for this browser's and this group's
    next games on the board."""
    game = game_store.load_game(game_id)
    form = ConfirmForm()
    problem, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            problem, status = form_problem(form), 400
        else:
            # The cities whose choice was changed on the page: a colour, or "" to clear
            # one. A choice left as the page showed it is not sent again, so an old page
            # never undoes what another phone set since.
            sent = request.form
            chosen = {
                key.removeprefix("goods-"): value
                for key, value in sent.items()
                if key.startswith("goods-")
                and sent.get("shown-" + key.removeprefix("goods-"), None) != value
            }
            try:
                goods, version = game_store.set_goods(game_id, chosen)
            except CompanionError as error:
                problem, status = str(error), 400
            else:
                remember_goods(game.record.map, goods)
                flash(_("Goods colours saved."))
                back = request.form.get("back") or ""
                if not back:  # the table, where the passengers are played
                    return in_place.written(url_for("table.show", game_id=game_id), version)
                return in_place.written(local_target(back, game_id), version)
        game = game_store.load_game(game_id)
    state = game.state()
    edition = state.setup.edition
    cities = sorted(c for c, city in state.board.cities.items() if not city.is_country)
    counts = {
        color: sum(1 for v in state.setup.goods.values() if v == color) for color in edition.goods
    }
    return render_template(
        "goods.html",
        game=game,
        state=state,
        cities=cities,
        colors=list(edition.goods),
        counts=counts,
        wanted=edition.goods_cities,
        form=form,
        problem=problem,
    ), status
