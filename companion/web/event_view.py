"""What an event's pages and its ``standings.json`` show: each table's game as it stands
(who plays, their points, the final round, finished) and the standings by the event's
method."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.catalogs import LANGUAGES, translator
from companion.render.share_text import share_link
from companion.rules.counted import figure, points
from companion.rules.event import HEATS, STAGES
from companion.rules.event_standings import (
    EVERY_PLACE,
    FIRST_PLACE,
    METHODS,
    NO_SEAT,
    WINS,
    EventStanding,
    OverallStanding,
    event_standings,
    overall_standings,
    result_of,
)
from companion.rules.map_file import map_ids
from companion.rules.variants import game_title, variant_board, variants_of
from companion.rules.words import Text, _, speaking
from companion.web import game_store
from companion.web.event_store import StoredEvent, results
from companion.web.forms import EventForm
from companion.web.language import language
from companion.web.new_game import new_game_form
from companion.web.sharing import bg_stats_link

NOT_STARTED, PLAYING, FINAL_ROUND = "not-started", "playing", "final-round"
# What the later seat wins, as the new-event form offers it.
LATER_SEAT: dict[str, Text] = {
    FIRST_PLACE: _("a tie for first goes to the later seat (as the WBC)"),
    EVERY_PLACE: _("a tie at any place goes to the later seat (an option of its own)"),
    NO_SEAT: _("a tie stays shared"),
}
# What happens at time, as the new-event form offers it (the setup keeps "" for "play on").
AT_TIME: dict[str, Text] = {
    "round": _("the current round of turns finishes, then the game is scored (as heats do)"),
    "turn": _("every player takes one more turn, then the game is scored"),
    "on": _("the games play on to their end (the clock only tells)"),
}
TICKETS, FINISHED = "tickets", "finished"
# The same, in a word or two, where the room's screen has a table's corner for it.
SCREEN_STATUS: dict[str, Text] = {
    NOT_STARTED: _("waiting"),
    PLAYING: _("playing"),
    FINAL_ROUND: _("last turns"),
    TICKETS: _("tickets"),
    FINISHED: _("done"),
}
STATUS_WORDS: dict[str, Text] = {
    NOT_STARTED: _("not started"),
    PLAYING: _("playing"),
    FINAL_ROUND: _("final round"),
    TICKETS: _("tickets to enter"),
    FINISHED: _("finished"),
}


@dataclass(frozen=True)
class TableView:
    """A table of a round as its game stands: its players in seat order with their points
    (the score track while it plays, the final totals once over), its state, and once it
    has finished each seat's place (as the standings count it)."""

    round: int
    number: int
    game: str  # the playing address
    watch: str  # the watching address
    players: tuple[tuple[str, int], ...]
    status: str
    taken_out: bool
    places: tuple[int, ...] = ()
    left: tuple[str, ...] = ()  # players who left the game under way (a house rule)
    given_up_by: str = ""  # the dropout whose leaving gave the game up
    board: str = ""  # the map and decks it plays ("map/variant"), where not the event's
    board_title: Text | None = None  # and in words
    bg_stats: str | None = None  # the link that logs its game in BG Stats, once finished

    @property
    def status_words(self) -> Text:
        return STATUS_WORDS[self.status]

    @property
    def screen_status(self) -> Text:
        return SCREEN_STATUS[self.status]

    @property
    def ranked(self) -> list[tuple[int, str, int]]:
        """(place, name, points) in place order once finished, the earlier seat first
        among equals; before, in seat order with each seat's number."""
        if not self.places:
            return [(seat, name, points) for seat, (name, points) in enumerate(self.players, 1)]
        order = sorted(range(len(self.players)), key=lambda i: (self.places[i], i))
        return [(self.places[i], *self.players[i]) for i in order]


def tables(stored: StoredEvent) -> list[list[TableView]]:
    """Each round's tables, round by round."""
    found = []
    later_seat = stored.event.setup.later_seat
    games = game_store.load_games(stored.games.values())
    for this in stored.event.rounds:
        row = []
        for table in this.tables:
            game = games[stored.games[this.number, table.number]]
            state = game.state()
            sheet = game.scored()
            if sheet.settled:
                status = FINISHED
            elif state.is_over:  # over, but not every player's tickets entered: no result
                status = TICKETS
            elif state.final_round is not None:
                status = FINAL_ROUND
            elif game.history:
                status = PLAYING
            else:
                status = NOT_STARTED
            points = tuple((p.name, p.total if sheet.settled else p.track) for p in sheet.players)
            places = result_of(sheet, later_seat).places if sheet.settled else ()
            row.append(
                TableView(
                    this.number,
                    table.number,
                    game.id,
                    game.watch,
                    points,
                    status,
                    table.taken_out,
                    places,
                    state.left,
                    table.given_up_by,
                    f"{table.map}/{table.variant}" if table.map else "",
                    game_title(state.board) if table.map else None,
                    bg_stats_link(game, sheet) if sheet.settled and not table.taken_out else None,
                )
            )
        found.append(row)
    return found


@dataclass(frozen=True)
class ScreenPage:
    """One page of the room's screen: tables of the latest round, places over the event,
    or (a small event) both."""

    tables: tuple[TableView, ...]
    lines: tuple[OverallStanding, ...]
    rows: int  # the rows its tables or its standings' columns are laid in


# The room's screen at 1920 × 1080: tables 8 abreast in 5 rows (4 rows for tables of 5),
# standings in 5 columns of 32; a small event (up to 12 tables and 48 players) on one
# page, tables 4 abreast beside standings in 2 columns of 24.
SCREEN_ABREAST, SCREEN_COLUMNS, SCREEN_COLUMN = 8, 5, 32
SMALL_TABLES, SMALL_COLUMN = 12, 24


def screen_pages(tables: list[TableView], lines: tuple[OverallStanding, ...]) -> list[ScreenPage]:
    """The room's screen's pages: everything on one where a small event fits, else the
    tables, as many pages as they take, then the standings, as many as they take."""
    widest = max((len(t.players) for t in tables), default=4)
    if len(tables) <= SMALL_TABLES and len(lines) <= 2 * SMALL_COLUMN:
        return [ScreenPage(tuple(tables), tuple(lines), SMALL_COLUMN)]
    rows = 5 if widest <= 4 else 4
    each = SCREEN_ABREAST * rows
    pages = [
        ScreenPage(tuple(tables[at : at + each]), (), rows) for at in range(0, len(tables), each)
    ]
    each = SCREEN_COLUMNS * SCREEN_COLUMN
    pages += [
        ScreenPage((), tuple(lines[at : at + each]), SCREEN_COLUMN)
        for at in range(0, len(lines), each)
    ]
    return pages


def board_choices() -> list[tuple[str, Text]]:
    """Every map and its ticket decks a table may play, as "map/variant" and in words."""
    return [
        (f"{m}/{v.id}", game_title(variant_board(m, v.id)))
        for m in map_ids()
        for v in variants_of(m)
    ]


def method_asked(stored: StoredEvent, asked: str | None) -> str:
    """The method the standings are shown by: the one asked for (``?by=``), if it is one,
    else the event's own."""
    return asked if asked in METHODS else stored.event.setup.method


def standings(
    stored: StoredEvent, method: str | None = None, stage: str = HEATS
) -> tuple[EventStanding, ...]:
    """The standings by ``method`` (the event's own if none) of the heats, over everyone
    who has played, plays now or was listed at the start; or of a ``stage`` drawn after
    them, over its players."""
    method = method or stored.event.setup.method
    if stage != HEATS:
        seeds = next(r.seeds for r in stored.event.rounds if r.stage == stage)
        return event_standings(results(stored, stage), method, seeds, stored.event.lot)
    everyone = [*stored.event.players]
    # Those who dropped out too (a dropout before playing is listed, marked, with nothing).
    everyone += [p for p in stored.event.setup.players if p not in everyone]
    for this in stored.event.heats:
        everyone += [p for t in this.tables for p in t.players if p not in everyone]
    return event_standings(results(stored, HEATS), method, everyone, stored.event.lot)


def stages(stored: StoredEvent) -> tuple[str, ...]:
    """The stages drawn after the heats, in the order played."""
    drawn = {r.stage for r in stored.event.rounds}
    return tuple(s for s in STAGES if s in drawn)


def overall(stored: StoredEvent, method: str | None = None) -> tuple[OverallStanding, ...]:
    """The event's standings over its stages (the final's players first, …, then the
    heats'); with no stage drawn, the heats' standings as they are."""
    heats = standings(stored, method)
    return overall_standings(heats, [(s, standings(stored, method, s)) for s in stages(stored)])


def stage_asked(stored: StoredEvent, asked: str | None) -> str | None:
    """The standings shown (``?stage=``): a stage drawn, the heats (``heats``), or, None,
    the overall standings once a stage is drawn (else the heats')."""
    drawn = stages(stored)
    if asked in drawn:
        return asked
    if asked == "heats" or not drawn:
        return HEATS
    return None


def standings_json(stored: StoredEvent, public: bool, method: str | None = None) -> dict[str, Any]:
    """The event's ``standings.json``: its players with games, wins, points and the value
    the method ranks by (the event's own, or ``method``); its rounds' tables with their
    players in seat order and whether they finished. ``public``: each game by its watching
    address, never its playing one."""
    method = method or stored.event.setup.method
    event = stored.event
    return {
        "name": event.setup.name,
        "method": method,
        "players": [_line_json(s) for s in standings(stored, method)],
        # Each stage after the heats (a semi-final, the final): its players, best seed
        # first, and its standings; then everyone's place over the whole event.
        "stages": [
            {
                "stage": stage,
                "round": this.number,
                "seeds": list(this.seeds),
                "players": [_line_json(s) for s in standings(stored, method, stage)],
            }
            for stage in stages(stored)
            for this in event.rounds
            if this.stage == stage
        ],
        "overall": [
            {"rank": o.rank, "name": o.line.name, "stage": o.stage or "heats"}
            for o in overall(stored, method)
        ],
        "rounds": [
            {
                "number": row[0].round,
                "stage": event.round(row[0].round).stage or "heats",
                "tables": [
                    {
                        "number": t.number,
                        "game": t.watch if public else t.game,
                        "players": [name for name, _points in t.players],
                        "places": list(t.places) or None,  # each seat's, once finished
                        "finished": t.status == FINISHED,
                        "taken_out": t.taken_out,
                    }
                    for t in row
                ],
            }
            for row in tables(stored)
            if row
        ],
    }


def _line_json(s: EventStanding) -> dict[str, Any]:
    return {
        "name": s.name,
        "rank": s.rank,
        "games": s.games,
        "wins": s.wins,
        "points": s.points,
        "score": round(float(s.score), 4),
        "average_place": None if s.average_place is None else round(float(s.average_place), 4),
        "by_lot": s.by_lot,
    }


def event_form() -> EventForm:
    """The new-event form, its maps as the new-game form offers them."""
    form = EventForm()
    form.map.choices = new_game_form().map.choices
    form.method.choices = [(key, str(words)) for key, words in METHODS.items()]
    form.later_seat.choices = [(key, str(words)) for key, words in LATER_SEAT.items()]
    form.at_time.choices = [(key, str(words)) for key, words in AT_TIME.items()]
    form.language.choices = list(LANGUAGES.items())
    if not form.is_submitted():
        form.language.data = language()
        form.later_seat.data = FIRST_PLACE
        form.at_time.data = "round"
        form.method.data = WINS
    return form


TOP_SHARED = 3  # the places the Telegram message names


def telegram_share(
    stored: StoredEvent, public_link: str, standings: tuple[OverallStanding, ...]
) -> str:
    """Telegram's share address for the event's public page (never the organizer's): the
    top places in the message (over the whole event: the final's first, once drawn), the
    standings one tap away in a club's chat; said in the event's language, as its public
    page and files are, whatever the sharing phone speaks."""
    with speaking(translator(stored.language or language())):
        return share_link(public_link, _standings_message(stored, standings))


def _standings_message(stored: StoredEvent, standings: tuple[OverallStanding, ...]) -> str:
    """The event's name and its top places, a line each."""
    text = str(_("%(event)s: the standings", event=stored.event.setup.name))
    top = [o for o in standings if o.line.games and o.rank <= TOP_SHARED]
    if top:
        places = "\n".join(
            str(
                _(
                    "%(rank)d. %(player)s, %(points)s",
                    rank=o.rank,
                    player=o.line.name,
                    points=figure(points(o.line.points)),
                )
            )
            for o in top
        )
        text = f"{text}\n{places}"
    return text
