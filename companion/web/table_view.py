"""The table page as every screen that records a turn shows it: the page itself (with a
refusal's reason when there is one), the claim list, and recording an action sent by a
form, then back to the table. The table's, the dice's and the trips' pages share it."""

from __future__ import annotations

from collections.abc import Callable

from flask import (
    flash,
    get_template_attribute,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from companion.rules.actions import Action
from companion.rules.board import Board
from companion.rules.errors import IllegalAction
from companion.rules.state import State
from companion.rules.table_questions import (
    RouteChoice,
    cannot_act,
    final_round_news,
    goods_left,
    next_player,
    passenger_cities,
    port_cities,
    station_cities,
    still_to_play,
)
from companion.rules.variants import variant
from companion.rules.words import Text
from companion.web import game_store, in_place
from companion.web.cache import Recent
from companion.web.dice_panel import faces_asked, panel
from companion.web.event_store import event_table
from companion.web.forms import (
    CityForm,
    ClaimForm,
    ExchangeForm,
    Stamped,
    TurnForm,
    UndoForm,
)
from companion.web.language import language
from companion.web.players import chosen_player, colour_blind, hard_pairs, seats
from companion.web.qr import public_url, reach
from companion.web.shared_page import page_now, shared
from companion.web.stamps import Repeated
from companion.web.stored_game import LoggedAction, StoredGame


def game_and_state(game_id: str) -> tuple[StoredGame, State]:
    """The game, and its board as the live actions leave it; ``GameNotFound``."""
    game = game_store.load_game(game_id)
    return game, game.state()


HISTORY_SHOWN = 30  # the moves the table page lists unless asked for all


def whole_history() -> bool:
    """Whether the page was asked for the whole history (``?history=all``)."""
    return request.args.get("history") == "all"


def listed_history(game: StoredGame) -> list[LoggedAction]:
    """The moves a page lists, newest first: the latest ``HISTORY_SHOWN``, or all of them
    when asked (a long game's page stays as light as a short one's)."""
    return list(reversed(game.history))[: None if whole_history() else HISTORY_SHOWN]


def render_table(game_id: str, problem: str | None = None, status: int = 200) -> tuple[str, int]:
    """The table page, with a refusal's reason when there is one; for a live update, the
    page the table's phones share (``shared_page``)."""
    game, state = game_and_state(game_id)
    if problem is None:
        return shared(game, lambda: _table_page(game, state, None)), status
    return _table_page(game, state, problem), status


def _table_page(game: StoredGame, state: State, problem: str | None) -> str:
    game_id = game.id
    player = chosen_player(state)
    context = table_context(game, state, player)
    shows_claims = not (context["blocked"] or state.is_over or state.setup.dice)
    cities = claim_list(game, player) if shows_claims else None
    return render_template(
        "table.html",
        # The table's address: on the player acting, if not the one whose turn it is (so
        # that, kept after a refused turn, the page still follows the game's turns), and
        # on the dice rolled.
        page=url_for(
            "table.show",
            game_id=game_id,
            player=None if player == context["turn_of"] else player,
            faces=",".join(faces_asked() or ()) or None if state.setup.dice else None,
            lang=request.args.get("lang"),
            history="all" if whole_history() else None,
        ),
        cities=cities,
        final_news=final_round_news(state),
        still_to_play=still_to_play(state),
        history=listed_history(game),
        history_count=len(game.history),
        claim=ClaimForm(),
        problem=problem,
        goods=goods_left(state),
        passenger_cities=passenger_cities(state, player),
        dice=panel(state, player, bool(context["blocked"])) if state.setup.dice else None,
        variant=variant(game.record.map, game.record.variant),
        **context,
    )


def table_context(game: StoredGame, state: State, player: str) -> dict[str, object]:
    """What the bar and its More sheet show, on the table and on the board alike: the last
    action and its Undo, who acts, the turns that put nothing on the board, the other
    turns, the referee's help and the codes that bring other phones."""
    link = public_url(url_for("table.show", game_id=game.id))
    watch_link = public_url(url_for("watch.show", watch=game.watch))
    return {
        "game": game,
        "state": state,
        "seats": seats(state),
        "player": player,
        "turn_of": next_player(state),
        "blocked": cannot_act(state, player),
        "closed": game_store.closed(game),
        "in_event": (in_event := game.kept(("in event",), lambda: event_table(game.id))),
        "clock": in_event.clock if in_event else None,
        "server_now": page_now(),
        "hard_pairs": hard_pairs(state),
        "last": game.last,
        "turn": TurnForm(),
        "undo": UndoForm(),
        "reach": reach(),
        "link": link,
        "watch_link": watch_link,
        "port_cities": port_cities(state, player),
        "station_cities": station_cities(state),
        "city_form": CityForm(),
        "exchange": ExchangeForm(),
    }


def claim_list(game: StoredGame, player: str) -> Markup:
    """The claim list (each city with its routes, as ``player`` may see them now), put into
    words once per version of the game and language for all the players it reads the same
    for: after a change, every phone at the table asks for its list, and the lists differ
    only where the referee refuses one player what it allows another."""

    def for_player() -> Markup:
        cities = game.choices(player)
        refusals = tuple(
            None if c.refusal is None else str(c.refusal) for _, choices in cities for c in choices
        )
        placed = passenger_cities(game.state(), player)
        return game.kept(  # type: ignore[no-any-return]
            ("claim list read", language(), colour_blind(), refusals, placed),
            lambda: make(cities, placed),
        )

    def make(cities: list[tuple[str, list[RouteChoice]]], placed: frozenset[str]) -> Markup:
        state = game.state()
        return Markup(
            render_template(
                "_cities.html",
                state=state,
                cities=cities,
                buttons=route_buttons(state.board, cities),
                goods=goods_left(state),
                passenger_cities=placed,
            )
        )

    found: Markup = game.kept(("claim list", player, language(), colour_blind()), for_player)
    return found


# Each board's route faces, by board, language and palette.
FACES: Recent[tuple[str, str, bool], dict[tuple[str, int], Markup]] = Recent(64)


def route_faces(board: Board) -> dict[tuple[str, int], Markup]:
    """Each route's face on its claim button from each of its cities (by city and route
    id), in the language spoken, every colour in words for colour-blind eyes: the same all
    game, made once per board, language and palette."""
    words = colour_blind()
    key = (board.id, language(), words)
    faces = FACES.get(key)
    if faces is None:
        face = get_template_attribute("_route_face.html", "face")
        faces = FACES.put(
            key,
            {
                (city, route.id): Markup(face(board, city, route, words))
                for route in board.routes
                for city in route.cities
            },
        )
    return faces


# Each claim button as shown: by board, language, palette, city, route, owner and refusal.
BUTTONS: Recent[tuple[str, str, bool, str, int, str | None, str | None], Markup] = Recent(20_000)


def route_buttons(board: Board, cities: list[tuple[str, list[RouteChoice]]]) -> dict[str, Markup]:
    """Each city's claim buttons, one after another: a button is made once for each face,
    owner and refusal it shows (most of them stay as they were from one turn to the next,
    and from one game to the next), then found again."""
    faces = route_faces(board)
    spoken, words = language(), colour_blind()
    button = None
    found: dict[str, Markup] = {}
    for city, choices in cities:
        made = []
        for c in choices:
            why = str(c.refusal) if c.refusal is not None else None
            key = (board.id, spoken, words, city, c.route.id, c.owner, why)
            known = BUTTONS.get(key)
            if known is None:
                button = button or get_template_attribute("_route_face.html", "button")
                face = faces[city, c.route.id]
                known = BUTTONS.put(key, Markup(button(face, c.route.id, c.owner, why)))
            made.append(known)
        found[city] = Markup("\n").join(made)
    return found


Page = tuple[str, int]


def record(
    game: StoredGame,
    action: Action,
    form: Stamped,
    done: Text | Callable[[State], Text],
    refused: Callable[[str], Page] | None = None,
    then: str | None = None,
) -> Response | Page:
    """Records the action sent by ``form`` and says what was done (``done``, or made from
    the state after it), then goes back to the table (or to ``then``), on whoever plays
    next; the same form sent again records nothing and says what the first one recorded.
    A refusal is shown on ``refused``'s page (the table's unless given), with a 409.
    ``game``: as the view read it to make the action; the write judges the action against
    the game as it stands under its lock."""
    game_id = game.id
    version = None  # the game's after the write: none when nothing was written
    try:
        after = game_store.record_action(game, action, form.stamp, at_the_table=True)
    except Repeated as repeat:
        flash(repeated(repeat, game.record.board()))
    except IllegalAction as refusal:
        problem = _("Refused: %(refusal)s", refusal=refusal)
        if refused is not None:
            return refused(problem)
        return render_table(game_id, problem=problem, status=409)
    else:
        version = after.version
        flash(str(done(after.state()) if callable(done) else done))
    return in_place.written(then or url_for("table.show", game_id=game_id), version)


def repeated(repeat: Repeated, board: Board) -> str:
    """What a form sent twice had recorded the first time, in words."""
    what = repeat.what
    if isinstance(what, LoggedAction):
        return str(_("Already recorded: %(action)s", action=what.action.describe(board)))
    return str(_("Already recorded."))
