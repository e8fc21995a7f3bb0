"""An event's pages: the organizer's (``/e/<id>``: the rounds' tables with their games'
addresses, the standings, and the organizer's entries) and the public one for the room's
screen (``/e/w/<id>``: the same, with no way to change anything and no playing address),
each with its ``standings.json``."""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from companion.catalogs import language_code
from companion.render.csv_event import games_to_csv, standings_to_csv
from companion.render.pdf_event import event_to_pdf
from companion.rules.actions import Leave
from companion.rules.actions.time import FINISHES, CallTime
from companion.rules.errors import EventError, IllegalAction
from companion.rules.event import (
    FINAL,
    HEATS,
    STAGE_NAMES,
    ClockStarted,
    Entry,
    Event,
    EventSetup,
    Freed,
    GivenUp,
    Joined,
    LastCall,
    Left,
    MapChosen,
    Moved,
    Seated,
    TakenOut,
    draw_round,
    draw_stage,
    redraw_tables,
)
from companion.rules.event_standings import (
    EVERY_PLACE,
    EXPLAINED,
    FIRST_PLACE,
    LATER_SEAT_RULE,
    RATIO_BOUND_RULE,
    RATIO_HOUSE_RULE,
    SCORE_HEADS,
    SHORT,
    TIEBREAKS,
    WINS,
)
from companion.rules.game import apply as apply_action
from companion.rules.map_file import load_board
from companion.rules.variants import BASE_GAME, game_title, variant, variant_board
from companion.rules.words import join as listed
from companion.web import event_store, event_view, game_store, unit_of_work
from companion.web.event_store import StoredEvent
from companion.web.forms import EventEntryForm, form_problem
from companion.web.holds import requester
from companion.web.language import language
from companion.web.new_game import too_many
from companion.web.qr import public_url
from companion.web.shared_page import page_now, shared_by

bp = Blueprint("event", __name__, url_prefix="/e")


@bp.post("")
def create() -> Response | tuple[str, int]:
    """Makes an event with its first round drawn, and opens the organizer's page."""
    form = event_view.event_form()
    if not form.validate_on_submit():
        return _refused(form_problem(form))
    players = tuple(" ".join(line.split()) for line in (form.players.data or "").splitlines())
    edition = load_board(form.map.data or "").edition
    try:
        decks = variant(form.map.data or "", form.variant.data or BASE_GAME).id
    except IllegalAction as refusal:
        return _refused(str(refusal.message))
    setup = EventSetup(
        name=" ".join((form.name.data or "").split()) or _("Game night"),
        map=form.map.data or "",
        variant=decks,
        seats=form.seats.data or 4,
        rounds=form.rounds.data or 1,
        method=form.method.data or WINS,
        later_seat_wins_ties=form.later_seat.data in (FIRST_PLACE, EVERY_PLACE),
        later_seat_every_place=form.later_seat.data == EVERY_PLACE,
        at_time=form.at_time.data if form.at_time.data in FINISHES else "",
        players=tuple(p for p in players if p),
        least=edition.min_players,
        most=edition.max_players,
    )
    try:
        spoken = language_code(form.language.data) or language()
        event_id = event_store.create_event(setup, spoken, requester())
    except game_store.TooManyGames as error:
        return _refused(too_many(error), 429)
    return redirect(url_for("event.show", event_id=event_id), code=303)


@bp.get("/<event_id>")
def show(event_id: str) -> str:
    """The organizer's page."""
    return _page(event_store.load_event(event_id), organizer=True)


@bp.get("/w/<watch>")
def watch(watch: str) -> str:
    """The public page, for the room's screen and anyone's phone."""
    return _page(event_store.load_watched_event(watch), organizer=False)


@bp.get("/w/<watch>/tv")
def tv(watch: str) -> str:
    """The room's screen: the latest round's tables and the standings, in type read from
    across a room, in pages that turn by themselves where they can't all fit; nothing to
    press."""
    stored = event_store.load_watched_event(watch)
    since = event_store.stamp(stored.id)
    if not set(request.args) <= {"lang"}:
        return _tv(stored, since)
    key = ("event-tv", unit_of_work.database().url, stored.id, since)
    return shared_by(key, lambda: _tv(stored, since))


def _tv(stored: StoredEvent, since: str) -> str:
    event = stored.event
    latest = event_view.tables(stored)[-1]
    return render_template(
        "event_tv.html",
        stored=stored,
        event=event,
        this=event.rounds[-1],
        # The places over the event: the heats' standings until a stage is drawn.
        pages=event_view.screen_pages(latest, event_view.overall(stored)),
        stage_names=STAGE_NAMES,
        server_now=page_now(),
        event_events=url_for("live.public_events", watch=stored.watch, since=since),
        event_title=game_title(variant_board(event.setup.map, event.setup.variant)),
    )


@bp.get("/<event_id>/standings.json")
def standings_json(event_id: str) -> Response:
    stored = event_store.load_event(event_id)
    method = event_view.method_asked(stored, request.args.get("by"))
    return jsonify(event_view.standings_json(stored, public=False, method=method))


@bp.get("/w/<watch>/standings.json")
def watched_standings_json(watch: str) -> Response:
    stored = event_store.load_watched_event(watch)
    method = event_view.method_asked(stored, request.args.get("by"))
    return jsonify(event_view.standings_json(stored, public=True, method=method))


@bp.get("/<event_id>/standings.csv")
def standings_csv(event_id: str) -> Response:
    return _csv(event_store.load_event(event_id))


@bp.get("/w/<watch>/standings.csv")
def watched_standings_csv(watch: str) -> Response:
    return _csv(event_store.load_watched_event(watch))


@bp.get("/<event_id>/standings.pdf")
def standings_pdf(event_id: str) -> Response:
    return _pdf(event_store.load_event(event_id))


@bp.get("/w/<watch>/standings.pdf")
def watched_standings_pdf(watch: str) -> Response:
    return _pdf(event_store.load_watched_event(watch))


def _pdf(stored: StoredEvent) -> Response:
    """The standings and each round's tables as a PDF to pin up, in the page's language;
    its QR code opens the public page."""
    event = stored.event
    data = event_to_pdf(
        event.setup,
        load_board(event.setup.map).title,
        event_view.standings(stored),
        event_view.tables(stored),
        public_url(url_for("event.watch", watch=stored.watch)),
        event_view.overall(stored) if event_view.stages(stored) else (),
        {r.number: STAGE_NAMES[r.stage] for r in event.rounds if r.stage},
    )
    day = stored.created[:10]
    return send_file(
        io.BytesIO(data),
        mimetype="application/pdf",
        as_attachment=True,
        download_name=f"standings-{day}.pdf",
    )


@bp.get("/<event_id>/games.csv")
def games_csv(event_id: str) -> Response:
    return _games_csv(event_store.load_event(event_id))


@bp.get("/w/<watch>/games.csv")
def watched_games_csv(watch: str) -> Response:
    return _games_csv(event_store.load_watched_event(watch))


def _csv(stored: StoredEvent) -> Response:
    """The standings as CSV, named after the event and the day."""
    method = stored.event.setup.method
    overall = event_view.overall(stored) if event_view.stages(stored) else ()
    text = standings_to_csv(event_view.standings(stored), method, overall)
    return _attached(text, f"standings-{stored.created[:10]}.csv")


def _games_csv(stored: StoredEvent) -> Response:
    """Every table's game, round by round, as CSV."""
    text = games_to_csv(event_view.tables(stored))
    return _attached(text, f"games-{stored.created[:10]}.csv")


def _attached(text: str, name: str) -> Response:
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.post("/<event_id>/draw")
def draw(event_id: str) -> Response | tuple[str, int]:
    """The next round drawn: the round the page offered, once (sent again once it is
    drawn, the page shows it)."""
    if _drawn_already(event_store.load_event(event_id)):
        return redirect(url_for("event.show", event_id=event_id), code=303)

    def entry(event: Event, form: EventEntryForm) -> Entry:
        number = len(event.rounds) + 1
        if form.round.data != number:
            raise EventError(_("the next round to draw is round %(round)d", round=number))
        return draw_round(event, event_store.new_seed())

    return _record(
        event_id,
        entry,
        lambda drawn: ngettext(
            "Round %(round)d drawn: %(num)d table, with its game.",
            "Round %(round)d drawn: %(num)d tables, each with its game.",
            len(drawn.tables),
            round=drawn.round,
        ),
    )


def _drawn_already(stored: StoredEvent) -> bool:
    """Whether the round the form asks to draw is drawn already (a form sent twice: the
    page shows it)."""
    asked = request.form.get("round", "")
    valid = asked.isascii() and asked.isdigit() and len(asked) < 4
    return valid and 1 <= int(asked) <= len(stored.event.rounds)


@bp.post("/<event_id>/stage")
def stage(event_id: str) -> Response | tuple[str, int]:
    """A semi-final or the final drawn as the next round: the players advancing from the
    stage before, by its standings now, seeded over the tables (once: sent again once it
    is drawn, the page shows it)."""
    stored = event_store.load_event(event_id)
    if _drawn_already(stored):
        return redirect(url_for("event.show", event_id=event_id), code=303)

    def entry(event: Event, form: EventEntryForm) -> Entry:
        number = len(event.rounds) + 1
        if form.round.data != number:
            raise EventError(_("the next round to draw is round %(round)d", round=number))
        if not form.stage.data or not form.advancing.data:
            raise EventError(_("say which stage to draw and how many players advance"))
        before = event_view.standings(stored, None, event.stage)
        return draw_stage(
            event, form.stage.data, before, form.advancing.data, event_store.new_seed()
        )

    def said(drawn: Any) -> str:
        advance = len(drawn.seeds)
        if drawn.stage == FINAL:
            words = ngettext(
                "The final drawn: %(num)d player advances.",
                "The final drawn: %(num)d players advance.",
                advance,
            )
        else:
            words = ngettext(
                "The semi-final drawn: %(num)d player advances.",
                "The semi-final drawn: %(num)d players advance.",
                advance,
            )
        at = ngettext(
            "%(num)d table, with its game.",
            "%(num)d tables, each with its game.",
            len(drawn.tables),
        )
        return f"{words} {at}"

    return _record(event_id, entry, said)


@bp.post("/<event_id>/redraw")
def redraw(event_id: str) -> Response | tuple[str, int]:
    """Tables of the latest round drawn again (as the page showed them: sent twice, once)."""

    def entry(event: Event, form: EventEntryForm) -> Entry:
        number = form.round.data or 0
        if event.round(number).seed != form.seed.data:
            raise EventError(_("the round's tables were drawn again meanwhile"))
        named = [t for t in form.tables.data or [] if t.isascii() and t.isdigit() and len(t) < 4]
        if not named or len(set(named)) != len(form.tables.data or []):
            raise EventError(_("a re-draw names the tables to draw again, each once"))
        return redraw_tables(event, number, [int(t) for t in named], event_store.new_seed())

    return _record(
        event_id,
        entry,
        lambda redrawn: ngettext(
            "Table %(tables)s of round %(round)d drawn again, with a new game.",
            "Tables %(tables)s of round %(round)d drawn again, each with a new game.",
            len(redrawn.tables),
            tables=listed([str(t) for t in redrawn.tables]),
            round=redrawn.round,
        ),
    )


@bp.post("/<event_id>/join")
def join(event_id: str) -> Response | tuple[str, int]:
    """A late arrival: seated at once at the table named (one of the latest round's with
    room, not started: a seat drawn at random, as every seat is), else from the next
    round."""

    def entry(event: Event, form: EventEntryForm) -> Entry:
        player = " ".join((form.player.data or "").split())
        if not form.table.data:
            return Joined(player)
        number = len(event.rounds)
        seats = len(event.round(number).table(form.table.data).players)
        return Seated(player, number, form.table.data, secrets.randbelow(seats + 1))

    def said(entry: Joined | Seated) -> str:
        if isinstance(entry, Seated):
            return str(
                _(
                    "%(player)s sits at table %(table)d now: the table has a new game.",
                    player=entry.player,
                    table=entry.table,
                )
            )
        return str(_("%(player)s plays from the next round.", player=entry.player))

    return _record(event_id, entry, said)


@bp.post("/<event_id>/leave")
def leave(event_id: str) -> Response | tuple[str, int]:
    """A dropout: where their table of the latest round has not begun, their seat is
    freed (the player named takes it, or the table plays one short). Where it has, as the
    organizer chooses: they finish the game, the table goes on without them (a house
    rule: the game records their leaving, their turns skipped from then on), or the game
    is given up; either way they are drawn no more."""
    stored = event_store.load_event(event_id)
    going_on: list[str] = []  # the game that goes on without them, once checked

    def entry(event: Event, form: EventEntryForm) -> Entry:
        player = form.player.data or ""
        latest = event.rounds[-1]
        table = latest.table_of(player)
        if table is None:
            return Left(player)
        if not event_store.started(stored, latest.number, table.number):
            by = " ".join((form.by.data or "").split())
            return Freed(player, latest.number, table.number, by)
        if form.after.data == "give-up":
            return GivenUp(player, latest.number, table.number)
        if form.after.data == "go-on":
            # Asked of the game first: a leaving it refuses (a table left with one player,
            # a game over) leaves the event as it was.
            game_id = stored.games[latest.number, table.number]
            try:
                apply_action(game_store.load_game(game_id).state(), Leave(player))
            except IllegalAction as refusal:
                raise EventError(refusal.message) from None
            going_on.append(game_id)
        return Left(player)

    response = _record(event_id, entry, _dropout_words(going_on))
    if going_on and isinstance(response, Response) and response.status_code == 303:
        player = request.form.get("player", "")
        try:
            game_store.record_action(game_store.load_game(going_on[0]), Leave(player))
        except IllegalAction as refusal:  # the game changed meanwhile: it says why
            flash(str(refusal.message))
    return response


def _dropout_words(going_on: list[str]) -> Callable[[Any], str]:
    """What the dropout form says it did."""

    def said(entry: Left | Freed | GivenUp) -> str:
        if isinstance(entry, Freed) and entry.by:
            words = _(
                "%(player)s dropped out: %(by)s takes their seat at table %(table)d, which has "
                "a new game.",
                player=entry.player,
                by=entry.by,
                table=entry.table,
            )
        elif isinstance(entry, Freed):
            words = _(
                "%(player)s dropped out: table %(table)d plays without them, with a new game.",
                player=entry.player,
                table=entry.table,
            )
        elif isinstance(entry, GivenUp):
            words = _(
                "%(player)s dropped out: the game of table %(table)d is given up and counts "
                "for nobody.",
                player=entry.player,
                table=entry.table,
            )
        elif going_on:
            words = _(
                "%(player)s dropped out: their table goes on without them (what they built "
                "stays, their turns are skipped), and they are drawn no more.",
                player=entry.player,
            )
        else:
            words = _(
                "%(player)s dropped out: drawn no more (their games played still count; a "
                "late arrival of the same name brings them back).",
                player=entry.player,
            )
        return str(words)

    return said


@bp.post("/<event_id>/move")
def move(event_id: str) -> Response | tuple[str, int]:
    def entry(event: Event, form: EventEntryForm) -> Entry:
        number, table = form.round.data or 0, form.table.data or 0
        seats = len(event.round(number).table(table).players)
        return Moved(form.player.data or "", number, table, secrets.randbelow(seats + 1))

    return _record(
        event_id,
        entry,
        lambda moved: _(
            "%(player)s moved to table %(table)d.", player=moved.player, table=moved.table
        ),
    )


@bp.post("/<event_id>/clock")
def clock(event_id: str) -> Response | tuple[str, int]:
    """The latest round's clock started (or started again) for the minutes asked."""

    def entry(event: Event, form: EventEntryForm) -> Entry:
        if not form.minutes.data:
            raise EventError(_("say how many minutes the round's clock runs"))
        return ClockStarted(len(event.rounds), form.minutes.data, unit_of_work.now())

    return _record(
        event_id,
        entry,
        lambda started: ngettext(
            "Round %(round)d's clock runs: %(num)d minute, on the screen and every table.",
            "Round %(round)d's clock runs: %(num)d minutes, on the screen and every table.",
            started.minutes,
            round=started.round,
        ),
    )


@bp.post("/<event_id>/last-call")
def last_call(event_id: str) -> Response | tuple[str, int]:
    """The last call for the latest round: the screen and every table show it at once."""
    return _record(
        event_id,
        lambda event, form: LastCall(len(event.rounds), unit_of_work.now()),
        lambda called: _(
            "The last call of round %(round)d is on the screen and every table.",
            round=called.round,
        ),
    )


@bp.post("/<event_id>/table-map")
def table_map(event_id: str) -> Response | tuple[str, int]:
    """A table of the latest round, not started, plays another map (or the event's again)."""

    def entry(event: Event, form: EventEntryForm) -> Entry:
        chosen, _slash, decks = (form.board.data or "").partition("/")
        return MapChosen(form.round.data or 0, form.table.data or 0, chosen, decks or BASE_GAME)

    return _record(
        event_id,
        entry,
        lambda chosen: _(
            "Table %(table)d plays %(map)s: the table has a new game.",
            table=chosen.table,
            map=game_title(variant_board(chosen.map, chosen.variant)),
        ),
    )


@bp.post("/<event_id>/time")
def time_up(event_id: str) -> Response | tuple[str, int]:
    """The latest round's time is up: each of its games under way ends as the event says
    (the current round of turns finishes, or every player takes one more turn), recorded
    in each game after its last turn. A game not begun, already in its final round or
    over is left as it is."""
    form = EventEntryForm()
    if not form.validate_on_submit():
        return _page(event_store.load_event(event_id), True, form_problem(form)), 400
    stored = event_store.load_event(event_id)
    finish = stored.event.setup.at_time
    if finish not in FINISHES:
        return _page(stored, True, _("This event's games play on at time.")), 409
    number = len(stored.event.rounds)
    called = 0
    for (round_number, _table), game_id in sorted(stored.games.items()):
        if round_number != number:
            continue
        game = game_store.load_game(game_id)
        state = game.state()
        if state.last_action is None or state.final_round is not None:
            continue
        try:
            game_store.record_action(game, CallTime(state.last_action.player, finish))
        except IllegalAction:  # a turn came in meanwhile and ended it: the game says so
            continue
        called += 1
    flash(
        ngettext(
            "Time is up: %(num)d game of round %(round)d ends as the event says.",
            "Time is up: %(num)d games of round %(round)d end as the event says.",
            called,
            round=number,
        )
    )
    return redirect(url_for("event.show", event_id=event_id, _anchor="organizer"), code=303)


@bp.post("/<event_id>/take-out")
def take_out(event_id: str) -> Response | tuple[str, int]:
    return _record(
        event_id,
        lambda event, form: TakenOut(form.round.data or 0, form.table.data or 0),
        lambda out: _(
            "Table %(table)d of round %(round)d no longer counts in the standings.",
            table=out.table,
            round=out.round,
        ),
    )


def _record(
    event_id: str,
    make: Callable[[Event, EventEntryForm], Entry],
    said: Callable[[Any], str] | None = None,
) -> Response | tuple[str, int]:
    """Records the organizer's entry the form asks for, then shows the page again (where
    ``said(entry)`` says what it did, at the organizer's forms); a refusal shows the page
    with the reason (409; a form that is not one, 400)."""
    form = EventEntryForm()
    if not form.validate_on_submit():
        return _page(event_store.load_event(event_id), True, form_problem(form)), 400
    try:
        stored = event_store.record_entry(event_id, lambda event: make(event, form))
    except EventError as refusal:
        return _page(event_store.load_event(event_id), True, str(refusal)), 409
    if said is None:
        return redirect(url_for("event.show", event_id=event_id), code=303)
    flash(said(stored.log[-1]))  # the entry as recorded
    return redirect(url_for("event.show", event_id=event_id, _anchor="organizer"), code=303)


def _page(stored: StoredEvent, organizer: bool, problem: str | None = None) -> str:
    """The organizer's page (``problem``: why an entry was refused), or the public one:
    the same for every screen at the event's stamp, made once for them all."""
    since = event_store.stamp(stored.id)
    if organizer or problem is not None or not set(request.args) <= {"by", "stage", "lang"}:
        return _made(stored, organizer, since, problem)
    key = ("event", unit_of_work.database().url, stored.id, since)
    return shared_by(key, lambda: _made(stored, organizer, since, problem))


def _made(stored: StoredEvent, organizer: bool, since: str, problem: str | None) -> str:
    event = stored.event
    shown = event_view.method_asked(stored, request.args.get("by"))
    public = public_url(url_for("event.watch", watch=stored.watch))
    if organizer:
        followed = url_for("live.organizer_events", event_id=stored.id, since=since)
    else:
        followed = url_for("live.public_events", watch=stored.watch, since=since)
    rounds = event_view.tables(stored)
    stage = event_view.stage_asked(stored, request.args.get("stage"))
    standings = event_view.standings(stored, shown, stage or HEATS)
    overall = event_view.overall(stored, shown) if stage is None else ()
    # The Telegram message names the top places by the event's own method.
    own = event_view.overall(stored)
    return render_template(
        "event.html",
        stored=stored,
        event=event,
        organizer=organizer,
        event_title=game_title(variant_board(event.setup.map, event.setup.variant)),
        event_board=f"{event.setup.map}/{event.setup.variant}",
        boards=event_view.board_choices() if organizer else (),
        mixed_maps=any(t.board for row in rounds for t in row),
        rounds=rounds,
        # The latest round's tables a late arrival may sit down at now.
        with_room=[
            t
            for t in rounds[-1]
            if t.status == event_view.NOT_STARTED and len(t.players) < event.setup.most
        ],
        standings=standings,
        overall=overall,
        stages=event_view.stages(stored),
        stage_shown=stage,
        stage_names=STAGE_NAMES,
        shown=shown,
        methods=SHORT,
        explained=EXPLAINED,
        ratio_rule=RATIO_HOUSE_RULE,
        bound_rule=RATIO_BOUND_RULE,
        tiebreaks=TIEBREAKS,
        later_seat_rule=LATER_SEAT_RULE.get(event.setup.later_seat),
        at_time=event_view.AT_TIME,
        score_heads=SCORE_HEADS,
        seated={p for r in event.rounds for t in r.tables for p in t.players},
        seated_now={p for t in event.rounds[-1].tables for p in t.players},
        server_now=page_now(),
        public_link=public,
        entry=EventEntryForm(),
        problem=problem,
        event_events=followed,
        telegram=event_view.telegram_share(stored, public, own),
    )


def _refused(problem: str, status: int = 400) -> tuple[str, int]:
    return render_template("error.html", title=_("Refused"), message=problem), status
