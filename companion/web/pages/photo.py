"""A photo of the board, at the table: it checks the record ("Check with a photo", the game's
More sheet and its score sheet), or makes a game of a board no one recorded ("Score a
finished board from a photo", the home page).

Each takes three steps: the photo (the phone's camera), its corners (found, each to drag),
then the answer. The server keeps no photo: the page holds it, made small, and sends it
back with each form; it is read and forgotten each time. Only the game's own address (a
player's) has these pages; a watching address never sees them. The photo's pixels are
worked on by ``photo_view`` (numpy, OpenCV), loaded when the first photo comes.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import (
    Blueprint,
    Flask,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.photo.layout import load_layout
from companion.photo.limits import MAX_BYTES
from companion.photo.words import NONE, pieces_words
from companion.rules.board import Board, Route
from companion.rules.colors import PIECE_COLORS as PIECES
from companion.rules.errors import CompanionError, IllegalAction, PhotoError
from companion.rules.from_the_board import claim_of, game_from_board
from companion.rules.record import GameRecord
from companion.rules.setup import Player, new_game
from companion.web import game_store, mending
from companion.web.holds import requester
from companion.web.language import language
from companion.web.new_game import too_many
from companion.web.stamps import Repeated, Stamp
from companion.web.stored_game import StoredGame
from companion.web.uploads import UPLOADS

if TYPE_CHECKING:
    from companion.photo.reading import Reading, RouteSeen
    from companion.web.photo_view import HeldPhoto

bp = Blueprint("photo", __name__)

MAP = "usa"  # the one map whose photos are read (its layout)
SEATS = 5
Page = tuple[str, int]


def init_app(app: Flask) -> None:
    """Lets the photo's forms weigh what they need: registered before the app's other
    checks read any form."""
    app.before_request(_room_for_a_photo)


def _room_for_a_photo() -> None:
    most = UPLOADS.get(request.endpoint or "")
    if most is not None and request.method == "POST":
        request.max_content_length = most
        request.max_form_memory_size = most


# Photos read at once in this process, at most (each a few tenths of a second of a core):
# more wait their turn, and after READ_WAIT seconds are told the server is busy.
READING = threading.BoundedSemaphore(max(1, os.cpu_count() or 1))
READ_WAIT = 20.0


def _in_turn(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view that reads a photo waits its turn (``READING``)."""

    @functools.wraps(view)
    def waiting(*args: Any, **kwargs: Any) -> Any:
        if not READING.acquire(timeout=READ_WAIT):
            abort(503, _("The server is reading other photos: try again in a moment."))
        try:
            return view(*args, **kwargs)
        finally:
            READING.release()

    return waiting


@bp.after_request
def _not_kept(response: Response) -> Response:
    """A page holding a photo is kept by no cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


# -- Checking a game's record ---------------------------------------------------------------


@bp.get("/g/<game_id>/photo")
def take(game_id: str) -> str:
    """The first step: the photo."""
    return _take_page(_readable_game(game_id))[0]


@bp.post("/g/<game_id>/photo")
@_in_turn
def corners(game_id: str) -> Page:
    """The second step: the photo came; its corners, found, to drag."""
    game = _readable_game(game_id)
    problem = _unreadable_players(game)
    if problem is not None:
        return _take_page(game, problem)
    try:
        kept = _uploaded()
    except PhotoError as error:
        return _take_page(game, str(error))
    return _corners_page(kept, url_for("photo.check", game_id=game_id), table=game)


@bp.post("/g/<game_id>/photo/check")
@_in_turn
def check(game_id: str) -> Page:
    """The answer: the board as seen, each disagreement with the record and its mend. A
    mend asked for (one the answer offers) is made first, through the referee, and the
    photo is read again against the record as mended."""
    from companion.web import photo_view

    game = _readable_game(game_id)
    problem = _unreadable_players(game)
    if problem is not None:
        return _take_page(game, problem)
    try:
        kept = photo_view.held(request.form.get("photo", ""))
        points = photo_view.corners_sent(request.form)
    except PhotoError as error:
        return _take_page(game, str(error))
    check_url = url_for("photo.check", game_id=game_id)
    if request.form.get("again"):
        return _corners_page(kept, check_url, table=game, points=points)
    try:
        answer = _answer(game, kept, points)
    except PhotoError as error:
        return _corners_page(kept, check_url, table=game, points=points, problem=str(error))
    refused = None
    asked = request.form.get("mend")
    if asked:
        sent = f"{game_id}:{request.form.get('token', '')}:{asked}"
        if asked in {value for item in answer["items"] for value, _words in item["mends"]}:
            refused = _mend(game_id, asked)
            if refused is None:
                session["mended"] = [*session.get("mended", [])[-19:], sent]
            game = game_store.load_game(game_id)
            answer = _answer(game, kept, points)
        elif sent in session.get("mended", []):  # the same tap sent again: made once
            flash(_("Already mended."))
        else:  # the record changed since the page was shown (or the mend was made up)
            refused = str(
                _("That mend is not offered now: the record changed since the page was shown.")
            )
    page = render_template(
        "photo_check.html",
        table=game,
        board=game.state().board,
        held=kept,
        points=points,
        problem=refused,
        **answer,
        **_colours(game),
    )
    return page, 200


def _readable_game(game_id: str) -> StoredGame:
    """The game, if its board's photos can be read (404 otherwise: no page offers it)."""
    from companion.photo.layout import layout_ids

    game = game_store.load_game(game_id)
    if game.record.map not in layout_ids():
        abort(404)
    return game


def _unreadable_players(game: StoredGame) -> str | None:
    """Why the photo can't tell this table's players apart, if it can't."""
    colours = [c for _n, c in _colours(game)["photo_players"]]
    if any(c not in PIECES for c in colours) or len(set(colours)) < len(colours):
        return str(
            _(
                "The photo tells players apart by the colour of their pieces, of the base "
                "game's five (red, blue, green, yellow, black): this table's players can't all "
                "be told apart so."
            )
        )
    return None


def _answer(game: StoredGame, kept: HeldPhoto, points: list[list[float]]) -> dict[str, Any]:
    """The answer page's parts: the board picture, the disagreements with their words,
    crops and mends, and the routes seen unsurely; ``PhotoError`` for a photo the
    corners don't make a board of."""
    from companion.photo.reading import read_opened
    from companion.web import photo_view

    state = game.state()
    reading = read_opened(kept.photo, load_layout(MAP), points, photo_view.recorded_claims(state))
    logged = photo_view.claim_actions(game)
    wrong = list(reading.disagreements)
    numbered = {r.route: i + 1 for i, r in enumerate(wrong)}
    picture, width, height, marks = photo_view.board_picture(reading, numbered)
    colours = photo_view.piece_colours(state)
    items = []
    for number, route in enumerate(wrong, start=1):
        owner, seq = photo_view.recorded_owner(state, route.route, route.recorded, logged)
        seen_players = colours.get(route.seen, []) if route.seen != NONE else []
        mends = []
        if route.seen != NONE and owner is None:
            mends += [
                (f"claim:{route.route.id}:{p}", _("Claim it for %(player)s", player=p))
                for p in seen_players
            ]
        elif route.seen != NONE and seq is not None:
            mends += [
                (f"give:{seq}:{p}", _("Give it to %(player)s", player=p)) for p in seen_players
            ]
        if owner is not None and seq is not None and (route.seen == NONE or not seen_players):
            mends.append((f"undo:{seq}", _("Undo %(player)s's claim", player=owner)))
        items.append(
            {
                "number": number,
                "words": _said(route, owner, state.board),
                "crop": photo_view.crop(reading, route),
                "mends": mends,
                "sure": route.sure,
                "nobody": route.seen != NONE and not seen_players,
                "seen": route.seen,
            }
        )
    unsure = [
        {
            "words": f"{state.board.label(r.route)}: {pieces_words(r.seen)}",
            "crop": photo_view.crop(reading, r),
        }
        for r in reading.routes
        if not r.sure and r.agrees
    ]
    return {
        "picture": picture,
        "picture_size": (width, height),
        "marks": marks,
        "items": items,
        "unsure": unsure,
    }


def _said(route: RouteSeen, owner: str | None, board: Board) -> str:
    """ "Denver–Omaha (purple): recorded for Аня (red pieces); the photo shows no pieces"."""
    if owner is None:
        return str(
            _(
                "%(route)s: not recorded; the photo shows %(seen)s",
                route=board.label(route.route),
                seen=pieces_words(route.seen),
            )
        )
    return str(
        _(
            "%(route)s: recorded for %(player)s (%(recorded)s); the photo shows %(seen)s",
            route=board.label(route.route),
            player=owner,
            recorded=pieces_words(route.recorded),
            seen=pieces_words(route.seen),
        )
    )


def _mend(game_id: str, asked: str) -> str | None:
    """Makes a mend the answer offered ("claim:<route>:<player>", "undo:<seq>",
    "give:<seq>:<player>"): a refusal in words, or None (a note says what was done)."""
    game = game_store.load_game(game_id)
    state = game.state()
    stamp = Stamp(None, request.form.get("token") or None)
    kind, _sep, rest = asked.partition(":")
    number, _sep, player = rest.partition(":")
    try:
        if kind == "claim":
            claim = claim_of(
                state.board, state.setup.player(player), state.board.routes[int(number)]
            )
            done = mending.mend(game_id, claim=claim, stamp=stamp)
        elif kind == "undo":
            done = mending.mend(game_id, withdraw=int(number), stamp=stamp)
        else:  # "give"
            route = _claimed_route(game, int(number))
            claim = claim_of(state.board, state.setup.player(player), route)
            done = mending.mend(game_id, withdraw=int(number), claim=claim, stamp=stamp)
    except Repeated:
        flash(_("Already mended."))
        return None
    except CompanionError as refusal:
        return str(_("Not mended: %(refusal)s", refusal=refusal))
    said = []
    if done.withdrawn is not None:
        said.append(_("Taken back: %(action)s", action=done.withdrawn.action.describe(state.board)))
    if done.claimed is not None:
        said.append(_("Recorded: %(action)s", action=done.claimed.action.describe(state.board)))
    if done.after_the_game:
        said.append(
            _(
                "The game was over, so the claim goes in before its final round (a house rule: "
                "the rules don't say how to mend a record after the game)."
            )
        )
    for words in said:
        flash(words)
    return None


def _claimed_route(game: StoredGame, seq: int) -> Route:
    """The route the logged claim ``seq`` took."""
    from companion.web import photo_view

    for route, claimed_by in photo_view.claim_actions(game).items():
        if claimed_by == seq:
            return route
    raise IllegalAction(_("that claim is no longer in the game's record"))


def _take_page(game: StoredGame, problem: str | None = None) -> Page:
    page = render_template(
        "photo_take.html", table=game, board=game.record.board(), problem=problem, **_colours(game)
    )
    return page, 400 if problem else 200


def _colours(game: StoredGame) -> dict[str, Any]:
    """Each player with the colour of pieces the photo looks for (those of the five)."""
    from companion.render.palette import piece_names

    players = list(piece_names(game.state().setup.players).items())
    return {"photo_players": players, "readable": all(c in PIECES for _n, c in players)}


# -- A game from a finished board -----------------------------------------------------------


@bp.get("/photo")
def new() -> str:
    """A finished board no one recorded: the players and their pieces' colours, the photo."""
    return _new_page(_seats_sent())[0]


@bp.post("/photo")
@_in_turn
def new_corners() -> Page:
    """The photo came: its corners, found, to drag."""
    seats = _seated()
    try:
        kept = _uploaded()
    except PhotoError as error:
        return _new_page(seats, str(error))
    return _corners_page(kept, url_for("photo.new_claims"), seats=seats)


@bp.post("/photo/claims")
@_in_turn
def new_claims() -> Page:
    """The routes seen, each with its player, to correct with a tap."""
    from companion.photo.reading import read_opened
    from companion.web import photo_view

    seats = _seated()
    try:
        kept = photo_view.held(request.form.get("photo", ""))
        points = photo_view.corners_sent(request.form)
    except PhotoError as error:
        return _new_page(seats, str(error))
    if request.form.get("again"):
        return _corners_page(kept, url_for("photo.new_claims"), seats=seats, points=points)
    try:
        reading = read_opened(kept.photo, load_layout(MAP), points)
    except PhotoError as error:
        return _corners_page(
            kept, url_for("photo.new_claims"), seats=seats, points=points, problem=str(error)
        )
    return _claims_page(reading, seats, kept, points)


@bp.post("/photo/game")
@_in_turn
def new_game_made() -> Response | Page:
    """The routes as corrected: a game of them, judged by the referee; then its tickets."""
    from companion.photo.reading import read_opened
    from companion.web import photo_view

    seats = _seated()
    board = load_layout(MAP).board
    names = {n for n, _c in seats}
    chosen: dict[int, str] = {}
    for key, value in request.form.items():
        if key.startswith("route-") and value:
            number = key.removeprefix("route-")
            if not (number.isascii() and number.isdigit()) or int(number) >= len(board.routes):
                abort(400)
            if value not in names:
                abort(400)
            chosen[int(number)] = value
    players = tuple(Player(n, c) for n, c in seats)
    try:
        setup = new_game(board, players)
        actions = game_from_board(setup, [(p, board.routes[r]) for r, p in sorted(chosen.items())])
        record = GameRecord(map=MAP, players=players, actions=tuple(actions))
        game_id = game_store.create_game(record, language(), requester())
    except game_store.TooManyGames as error:
        return _new_page(seats, too_many(error), 429)
    except CompanionError as error:
        reason = error.message if isinstance(error, IllegalAction) else error
        refusal = _("That board can't be a game: %(refusal)s", refusal=reason)
        try:
            kept = photo_view.held(request.form.get("photo", ""))
            points = photo_view.corners_sent(request.form)
            reading = read_opened(kept.photo, load_layout(MAP), points)
        except PhotoError as photo_error:
            return _new_page(seats, str(photo_error))
        return _claims_page(reading, seats, kept, points, chosen, refusal, 409)
    flash(_("The game is made from the photo: now each player enters their tickets."))
    return redirect(url_for("tickets.tickets", game_id=game_id), code=303)


def _claims_page(
    reading: Reading,
    seats: list[tuple[str, str]],
    kept: HeldPhoto,
    points: list[list[float]],
    chosen: dict[int, str] | None = None,
    problem: str | None = None,
    status: int = 200,
) -> Page:
    from companion.web import photo_view

    by_colour = {c: n for n, c in seats}
    board = load_layout(MAP).board
    picture, width, height, marks = photo_view.board_picture(reading, {})
    rows = [
        SeenRoute(
            r.route,
            str(board.label(r.route)),
            chosen.get(r.route.id, "") if chosen is not None else by_colour.get(r.seen, ""),
            r.sure,
            None if r.sure else photo_view.crop(reading, r),
        )
        for r in reading.routes
    ]
    rows.sort(key=lambda row: (row.sure, row.owner == "", row.label))
    tallies = [
        (name, colour, sum(row.route.length for row in rows if row.owner == name))
        for name, colour in seats
    ]
    page = render_template(
        "photo_claims.html",
        tallies=tallies,
        most=board.edition.trains,
        seats=seats,
        held=kept,
        points=points,
        rows=rows,
        picture=picture,
        picture_size=(width, height),
        marks=marks,
        problem=problem,
    )
    return page, status


@dataclass(frozen=True)
class SeenRoute:
    """A route in the list of what the photo shows: the player it goes to (as read, or as
    corrected; "" for no one), and a crop of the photo where it was seen unsurely."""

    route: Route
    label: str
    owner: str
    sure: bool
    crop: str | None


def _new_page(seats: list[tuple[str, str]], problem: str | None = None, status: int = 400) -> Page:
    page = render_template("photo_new.html", seats=seats, colours=PIECES, problem=problem)
    return page, status if problem else 200


def _seats_sent() -> list[tuple[str, str]]:
    """The players named (in seat order) with their pieces' colours."""
    seats = []
    for i in range(SEATS):
        name = (request.values.get(f"name-{i}") or "").strip()
        colour = request.values.get(f"colour-{i}") or PIECES[i]
        if name:
            seats.append((name, colour))
    return seats


def _seated() -> list[tuple[str, str]]:
    """The players sent (``_seats_sent``), or the first step again, saying why they can't
    play the board (the request ends there)."""
    seats = _seats_sent()
    if any(c not in PIECES for _n, c in seats):
        abort(400)
    colours = [c for _n, c in seats]
    problem = None
    if len(set(colours)) < len(colours):
        problem = str(
            _("Two players can't have pieces of one colour: the photo tells players by it.")
        )
    else:
        try:
            new_game(load_layout(MAP).board, [Player(n, c) for n, c in seats])
        except CompanionError as error:
            problem = str(error)
    if problem is not None:
        abort(make_response(_new_page(seats, problem)))
    return seats


# -- The steps both take ----------------------------------------------------------------------


def _uploaded() -> HeldPhoto:
    """The photo sent, opened and made small for the page to hold."""
    from companion.photo.picture import open_photo
    from companion.web import photo_view

    upload = request.files.get("photo")
    if upload is None:
        raise PhotoError(_("Take or choose a photo of the board first."))
    return photo_view.hold(open_photo(upload.stream.read(MAX_BYTES + 1)))


def _corners_page(
    kept: HeldPhoto,
    action: str,
    table: StoredGame | None = None,
    seats: list[tuple[str, str]] | None = None,
    points: list[list[float]] | None = None,
    problem: str | None = None,
) -> Page:
    from companion.web import photo_view

    photo = kept.photo
    found = True
    if points is None:
        corners, found = photo_view.starting_corners(photo, load_layout(MAP))
        points = [list(p) for p in corners.points]
    status = 400 if problem else 200 if found else 422  # no board found: the player places it
    page = render_template(
        "photo_corners.html",
        table=table,
        seats=seats or [],
        held=kept,
        action=action,
        points=points,
        found=found,
        size=(photo.width, photo.height),
        problem=problem,
        corner_names=(_("top-left"), _("top-right"), _("bottom-right"), _("bottom-left")),
    )
    return page, status
