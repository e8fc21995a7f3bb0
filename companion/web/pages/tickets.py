"""End of game: each player enters their tickets; each shows at once if it is complete."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.rules.board import Route
from companion.rules.errors import CompanionError
from companion.rules.explain import chain_words
from companion.rules.names import name_key
from companion.rules.record import HeldTicket, held_of
from companion.rules.scoring import deck_left, final_scores
from companion.rules.state import State
from companion.rules.variants import BASE_GAME, deck_note, variant
from companion.rules.words import DASH, Text
from companion.web import game_store, in_place
from companion.web.forms import ConfirmForm, TicketForm, form_problem, required
from companion.web.players import chosen_player, seats
from companion.web.stamps import Repeated

bp = Blueprint("tickets", __name__, url_prefix="/g/<game_id>")


@dataclass(frozen=True)
class EnteredTicket:
    """A ticket as entered, with whether the player's routes complete it."""

    seq: int
    cities: tuple[str, ...]
    points: int
    chain: tuple[Route, ...] | None
    path: Text
    # A ticket with several targets (Switzerland): each with its value, and the one that
    # scores (None: none reached yet).
    targets: tuple[tuple[str, int], ...] = ()
    target: str | None = None
    note: Text | None = None  # a value its variant reprinted, a long ticket (``deck_note``)

    @property
    def name(self) -> str:
        """ "Denver–El Paso"; "Bern → France, Deutschland, Österreich, Italia"."""
        if self.targets:
            return f"{self.cities[0]} → " + ", ".join(t for t, _points in self.targets)
        return DASH.join(self.cities)


def _whose_tickets(state: State, hands: dict[str, list[EnteredTicket]]) -> str:
    """The player whose tickets the page shows: the one asked for; once the game is over,
    the first in seat order with none entered yet (the table goes round entering them);
    else the player whose turn it is."""
    if request.values.get("player") or not state.is_over:
        return chosen_player(state)
    return next((name for name, held in hands.items() if not held), state.setup.names[0])


def render_tickets(
    game_id: str, problem: str | None = None, status: int = 200, typed: TicketForm | None = None
) -> tuple[str, int]:
    """The tickets page; ``typed``: a ticket typed and refused, kept in its form."""
    game = game_store.load_game(game_id)
    state = game.state()
    board = state.board
    hands: dict[str, list[EnteredTicket]] = {name: [] for name in state.setup.names}
    held = game.record.hands(state.setup)
    sheet = final_scores(state, held)
    scored = {p.name: list(p.tickets) for p in sheet.players}
    for logged in game.tickets:
        t = scored[logged.player].pop(0)
        path = chain_words(t, board)
        hands[logged.player].append(
            EnteredTicket(
                logged.seq,
                t.ticket.cities,
                t.points if t.ticket.has_targets else t.ticket.points,
                t.chain,
                path,
                t.ticket.targets,
                t.target,
                deck_note(board, t.ticket),
            )
        )
    return render_template(
        "tickets.html",
        game=game,
        state=state,
        seats=seats(state),
        player=_whose_tickets(state, hands),
        hands=hands,
        # The deck's tickets by name, as a player looks for one (the Mega Game's 69 too).
        deck=sorted(deck_left(board, held), key=lambda left: name_key(left[1].name)),
        has_deck=bool(board.tickets),
        variant=variant(board.id, board.variant) if board.variant != BASE_GAME else None,
        cities=sorted(board.cities),
        form=TicketForm(),
        remove=ConfirmForm(),
        problem=problem,
        typed=typed,
        closed=game_store.closed(game),
    ), status


@bp.get("/tickets")
def tickets(game_id: str) -> tuple[str, int]:
    """Each player's tickets."""
    return render_tickets(game_id)


@bp.post("/tickets")
def add(game_id: str) -> Response | tuple[str, int]:
    """Adds a ticket: a deck card picked from the list, or two cities and its value."""
    form = TicketForm()
    if not form.validate_on_submit():
        return render_tickets(game_id, problem=form_problem(form), status=400)
    board = game_store.load_game(game_id).record.board()
    if form.deck.data is not None:
        if form.deck.data >= len(board.tickets):
            return render_tickets(
                game_id, problem=_("There is no such ticket in the deck."), status=400
            )
        picked = board.tickets[form.deck.data]
        entry = held_of(picked)
    elif form.city_a.data and form.city_b.data:
        entry = HeldTicket((form.city_a.data, form.city_b.data), form.points.data)
    else:
        return render_tickets(
            game_id, problem=_("Pick a ticket from the deck, or type its two cities."), status=400
        )
    try:
        version = game_store.add_ticket(game_id, required(form.player.data), entry, form.stamp)
    except Repeated:
        flash(_("Already added: the same form was sent twice."))
        back = url_for("tickets.tickets", game_id=game_id, player=form.player.data)
        return redirect(back + "#hand", code=303)
    except CompanionError as refusal:
        problem = _("Refused: %(refusal)s", refusal=refusal)
        typed = form if form.deck.data is None else None
        return render_tickets(game_id, problem=problem, status=409, typed=typed)
    flash(_("Ticket added for %(player)s.", player=form.player.data))
    back = url_for("tickets.tickets", game_id=game_id, player=form.player.data)
    return in_place.written(back + "#hand", version)


@bp.post("/tickets/<int:seq>/remove")
def remove(game_id: str, seq: int) -> Response | tuple[str, int]:
    """Takes back a ticket entered by mistake."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return render_tickets(game_id, problem=form_problem(form), status=400)
    removed, version = game_store.remove_ticket(game_id, seq)
    if not removed:
        return render_tickets(game_id, problem=_("That ticket was already taken back."), status=409)
    flash(_("Ticket taken back."))
    return in_place.written(
        url_for("tickets.tickets", game_id=game_id, player=request.args.get("player")), version
    )
