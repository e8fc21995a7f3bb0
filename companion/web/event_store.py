"""Storage of events: the organizer's address and the public one, the setup, the
organizer's log (``rules.event``) and each table's game. A table's game is an ordinary
game (its phones, its referee, its sheet); the event only knows which game each table of
each round plays, and reckons its standings over the finished ones."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from companion.rules.errors import EventError
from companion.rules.event import (
    Clock,
    ClockStarted,
    Drawn,
    Entry,
    Event,
    EventSetup,
    Freed,
    GivenUp,
    LastCall,
    MapChosen,
    Moved,
    Redrawn,
    Seated,
    StageDrawn,
    TakenOut,
    apply,
    draw_round,
    entry_to_json,
    new_event,
    parse_entry,
    replay_event,
)
from companion.rules.event_standings import GameResult, result_of
from companion.rules.record import GameRecord
from companion.rules.setup import Player
from companion.rules.words import _
from companion.web import game_store, unit_of_work
from companion.web.cache import Recent
from companion.web.changes import EVENT
from companion.web.database import Connection
from companion.web.unit_of_work import Write


class EventNotFound(LookupError):
    """No event at this address."""


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored: its two addresses, its log, the event the log leaves, and the
    game each table of each round plays now (round, table) -> game id (never changed
    once read: kept for every request until the event's version moves on)."""

    id: str
    watch: str
    language: str | None
    created: str
    version: int  # raised by each of the organizer's entries
    log: tuple[Entry, ...]
    event: Event
    games: dict[tuple[int, int], str]


def create_event(setup: EventSetup, language: str | None = None, client: str | None = None) -> str:
    """Stores a new event with its first round drawn and a game for each of its tables;
    its organizer's address. Counts as one game started by ``client`` (``TooManyGames``)."""
    start = new_event(setup)
    first = draw_round(start, new_seed())
    event = apply(start, first)
    event_id, watch = game_store.new_game_id(), game_store.new_game_id()
    with unit_of_work.writing(lock=game_store.started_lock(client)) as write:
        db = write.db
        if client is not None:
            game_store.count_started(db, client)
        db.execute(
            "INSERT INTO event (id, watch, setup, language, created) VALUES (?, ?, ?, ?, ?)",
            (event_id, watch, json.dumps(_setup_to_json(setup)), language, unit_of_work.now()),
        )
        _write_entry(db, event_id, 0, first)
        _new_games(db, event_id, event, 1, [t.number for t in event.round(1).tables], language)
    return event_id


def load_event(event_id: str) -> StoredEvent:
    """The event at this organizer's address, or ``EventNotFound``."""
    return _load(unit_of_work.get_db(), "id", event_id)


def load_watched_event(watch: str) -> StoredEvent:
    """The event at this public address, or ``EventNotFound``."""
    return _load(unit_of_work.get_db(), "watch", watch)


def record_entry(event_id: str, make: Callable[[Event], Entry]) -> StoredEvent:
    """Records the organizer's entry ``make(event)``, checked against the event and its
    tables' games (a table whose game has begun, an action or a ticket recorded, is
    neither drawn again nor moved to or from); the tables it changes get new games.
    ``make`` works on the event as read before the write (a draw takes its time outside
    it); if another entry came in meanwhile, the event changed under the organizer's eyes
    and this one is refused. ``EventError`` says why an entry is refused."""
    before = load_event(event_id)
    entry = make(before.event)
    with unit_of_work.writing(lock=f"event:{event_id}") as write:
        db = write.db
        stored = _load(db, "id", event_id)
        if len(stored.log) != len(before.log):
            raise EventError(_("the event changed meanwhile: look at it again"))
        if isinstance(entry, (Redrawn, Moved, Seated, Freed, TakenOut, GivenUp, MapChosen)):
            for (number, _table), game_id in stored.games.items():
                if number == entry.round:  # no action lands on them until this commits
                    db.hold(game_id)
        after = apply(stored.event, entry, started=lambda r, t: started(stored, r, t))
        _write_entry(db, event_id, len(stored.log), entry)
        if isinstance(entry, (Drawn, StageDrawn)):
            tables = [t.number for t in after.round(entry.round).tables]
            _new_games(db, event_id, after, entry.round, tables, stored.language)
        elif isinstance(entry, Redrawn):
            _replace_games(write, stored, after, entry.round, list(entry.tables))
        elif isinstance(entry, Moved):
            source = stored.event.round(entry.round).table_of(entry.player)
            assert source is not None  # apply refused a player without a table
            _replace_games(write, stored, after, entry.round, [source.number, entry.table])
        elif isinstance(entry, (Seated, Freed, MapChosen)):
            _replace_games(write, stored, after, entry.round, [entry.table])
        elif isinstance(entry, (ClockStarted, LastCall)):
            for (number, _table), game_id in stored.games.items():
                if number == entry.round:
                    game_store.touch(write, game_id)  # every table's phones hear of it at once
        elif isinstance(entry, (TakenOut, GivenUp)):
            taken = stored.games.get((entry.round, entry.table))
            if taken is not None:
                db.execute(
                    "UPDATE event_game SET taken_out = ? WHERE event_id = ? AND game_id = ?",
                    (unit_of_work.now(), event_id, taken),
                )
                game_store.touch(write, taken)  # its phones hear of it: it takes no more moves
        unit_of_work.raise_version(write, "event", event_id, EVENT)  # its screens hear of it
    return load_event(event_id)


def event_language(event_id: str | None = None, watch: str | None = None) -> str | None:
    """The language the organizer chose for the event's screen and files (None: not
    known, or no such event), by its address or its public one."""
    column, key = ("id", event_id) if event_id is not None else ("watch", watch)
    row = unit_of_work.get_db().execute(f"SELECT language FROM event WHERE {column} = ?", (key,))
    found = row.fetchone()
    return None if found is None else found["language"]


def stamp(event_id: str, db: Connection | None = None) -> str:
    """Where the event and its tables' games stand: changes with each entry and with each
    change to a table's game (what a screen made on it is checked against)."""
    versions = standing(event_id, db)
    if not versions:
        raise EventNotFound(event_id)
    return stamp_of(versions, EVENT + event_id)


def stamp_of(versions: Mapping[str, int], event_key: str) -> str:
    """The stamp of an event (``event_key``: ``EVENT`` + its id) from the versions
    ``standing`` reads: its own, then its games' added up."""
    games = sum(v for key, v in versions.items() if key != event_key)
    return f"{versions.get(event_key, 0)}-{games}"


def standing(event_id: str, db: Connection | None = None) -> dict[str, int]:
    """What a screen of the event follows, with the version each stands at: the event
    (its key ``EVENT`` + id), and each of its tables' games now. Empty: no such event."""
    db = db or unit_of_work.get_db()
    rows = db.execute(
        "SELECT 1, e.id, e.version FROM event e WHERE e.id = ?"
        " UNION ALL SELECT 0, g.id, g.version FROM event_game t JOIN game g ON g.id = t.game_id"
        " WHERE t.event_id = ? AND t.replaced IS NULL",
        (event_id, event_id),
    )
    return {(EVENT if r[0] else "") + str(r[1]): int(r[2]) for r in rows}


def results(stored: StoredEvent, stage: str | None = None) -> list[GameResult]:
    """The results of the event's finished games (over, and every player's tickets
    entered), but those taken out, round by round: of every round, or of the rounds of
    ``stage`` (``HEATS``, a semi-final, the final)."""
    found = []
    later_seat = stored.event.setup.later_seat
    games = game_store.load_games(stored.games.values())
    for this in stored.event.rounds:
        if stage is not None and this.stage != stage:
            continue
        for table in this.tables:
            if table.taken_out:
                continue
            sheet = games[stored.games[this.number, table.number]].scored()
            if sheet.settled:  # over, every player's tickets entered
                found.append(result_of(sheet, later_seat))
    return found


def started(stored: StoredEvent, round_number: int, table: int) -> bool:
    """Whether the table's game has begun: an action or a ticket recorded."""
    game_id = stored.games.get((round_number, table))
    if game_id is None:
        return False
    game = game_store.load_game(game_id)
    return bool(game.history or game.tickets)


def new_seed() -> str:
    """A seed for a draw: random, and kept with what it drew."""
    return secrets.token_hex(8)


def _setup_to_json(setup: EventSetup) -> dict[str, Any]:
    data = asdict(setup)
    data["players"] = list(setup.players)
    return data


def _setup_of(data: Any) -> EventSetup:
    if not isinstance(data, dict):
        raise EventError(_("an event's setup is its fields"))
    try:
        return EventSetup(**{**data, "players": tuple(data.get("players", ()))})
    except TypeError:
        raise EventError(_("an event's setup is its fields")) from None


def _write_entry(db: Connection, event_id: str, seq: int, entry: Entry) -> None:
    db.execute(
        "INSERT INTO event_entry (event_id, seq, body, recorded) VALUES (?, ?, ?, ?)",
        (event_id, seq, json.dumps(entry_to_json(entry)), unit_of_work.now()),
    )


def _new_games(
    db: Connection,
    event_id: str,
    event: Event,
    round_number: int,
    tables: list[int],
    language: str | None,
) -> None:
    """A new game for each of the round's ``tables``, its players in their seats."""
    setup = event.setup
    for number in tables:
        table = event.round(round_number).table(number)
        record = GameRecord(
            map=table.map or setup.map,
            players=tuple(Player(name) for name in table.players),
            variant=table.variant or setup.variant,
        )
        game_id = game_store.insert_game(db, record, game_store.check_game(record), language)
        db.execute(
            "INSERT INTO event_game (event_id, round, table_number, game_id) VALUES (?, ?, ?, ?)",
            (event_id, round_number, number, game_id),
        )


def _replace_games(
    write: Write, stored: StoredEvent, after: Event, round_number: int, tables: list[int]
) -> None:
    """The ``tables``' games replaced by new ones, with their players as ``after`` seats them."""
    for number in tables:
        write.db.execute(
            "UPDATE event_game SET replaced = ? WHERE event_id = ? AND round = ?"
            " AND table_number = ? AND replaced IS NULL",
            (unit_of_work.now(), stored.id, round_number, number),
        )
        game_store.touch(write, stored.games[round_number, number])  # its phones hear of it
    _new_games(write.db, stored.id, after, round_number, tables, stored.language)


@dataclass(frozen=True)
class EventTable:
    """Where a game is played in an event: the event's name and public address, the
    round and the table."""

    name: str
    watch: str
    round: int
    table: int
    clock: Clock | None = None  # the round's clock and last call


def event_table(game_id: str) -> EventTable | None:
    """The event, round and table that play ``game_id``, and the round's clock; None for a
    game of no event."""
    db = unit_of_work.get_db()
    row = db.execute(
        "SELECT t.event_id, t.round, t.table_number FROM event_game t WHERE t.game_id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    stored = _load(db, "id", row["event_id"])
    this = stored.event.round(row["round"])
    return EventTable(
        stored.event.setup.name,
        stored.watch,
        row["round"],
        row["table_number"],
        this.clock,
    )


# Events as last read, by database and id: read again (its log replayed) only once its
# version moved on, which every entry does (a page a screen asks for after each change at
# any table reads one row, not the whole log).
EVENTS: Recent[tuple[str, str], StoredEvent] = Recent(256)


def _load(db: Connection, column: str, key: str) -> StoredEvent:
    row = db.execute(f"SELECT * FROM event WHERE {column} = ?", (key,)).fetchone()
    if row is None:
        raise EventNotFound(key)
    event_id = row["id"]
    known = EVENTS.get((unit_of_work.database().url, event_id))
    if known is not None and known.version == row["version"]:
        return known
    setup = _setup_of(json.loads(row["setup"]))
    log = tuple(
        parse_entry(json.loads(r["body"]))
        for r in db.execute(
            "SELECT body FROM event_entry WHERE event_id = ? ORDER BY seq", (event_id,)
        )
    )
    event = replay_event(setup, log)
    games = {
        (r["round"], r["table_number"]): r["game_id"]
        for r in db.execute(
            "SELECT round, table_number, game_id FROM event_game"
            " WHERE event_id = ? AND replaced IS NULL",
            (event_id,),
        )
    }
    stored = StoredEvent(
        event_id, row["watch"], row["language"], row["created"], row["version"], log, event, games
    )
    return EVENTS.put((unit_of_work.database().url, event_id), stored)
