"""Storage of games: each an action log, with its tickets, goods colours and score track,
read (``load_game``, kept in this process at its version: ``GAMES``) and written through
the unit of work (``unit_of_work``), and the limit on the games a client starts an hour.

Every change is checked against the log as it stands inside one write transaction that
holds the game (``writing_game``), so two phones claiming the same route at once cannot
both land.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any

from flask import current_app

from companion.catalogs import LANGUAGES
from companion.rules.actions import Action
from companion.rules.errors import IllegalAction, RecordError, SetupError
from companion.rules.game import State, apply, check_played_at_the_table, replay
from companion.rules.record import (
    MAX_ACTIONS,
    MAX_TICKETS,
    GameRecord,
    HeldTicket,
    Logged,
    action_to_json,
    parse_action,
    parse_record,
    parse_ticket,
    record_to_json,
    resolve_ticket,
    ticket_to_json,
)
from companion.rules.scoring import check_hands
from companion.rules.setup import Player, new_game
from companion.rules.untrusted import MAX_INT, check_record_data, mend_text
from companion.rules.words import _
from companion.web.cache import Recent
from companion.web.database import Connection
from companion.web.stamps import UNSTAMPED, Repeated, Stamp, check, spend
from companion.web.stored_game import LoggedAction, LoggedTicket, StoredGame, in_log_order
from companion.web.unit_of_work import (
    Write,
    database,
    get_db,
    kept_reads,
    now,
    raise_version,
    writing,
)

# What the score track can say for a player (the sheet's form keeps to it too).
TRACK_POINTS = (-999, 9999)


class GameNotFound(LookupError):
    """No game at that address."""


class GameClosed(Exception):
    """A game of an event that takes no more moves: the organizer gave its table a new
    game (``replaced_by``, the game the table plays now; None if it has none yet), or took
    it out of the event (``taken_out``). Refused inside the write it would have been."""

    def __init__(self, game_id: str, replaced_by: str | None = None, taken_out: bool = False):
        super().__init__(game_id)
        self.game_id = game_id
        self.replaced_by = replaced_by
        self.taken_out = taken_out


class TooManyGames(Exception):
    """A client has started (or imported) as many games in the last hour as the server
    allows (``GAMES_PER_HOUR``)."""

    def __init__(self, most: int) -> None:
        super().__init__(most)
        self.most = most


@contextmanager
def writing_game(game_id: str) -> Iterator[Write]:
    """A write to the game (``writing``: no other write to it meanwhile), refused
    (``GameClosed``) once its event closed it, as read under the lock a re-draw takes too."""
    with writing(game_id) as write:
        closed = closed_game(game_id, write.db)
        if closed is not None:
            raise closed
        yield write


def closed_game(game_id: str, db: Connection | None = None) -> GameClosed | None:
    """Why the game takes no more moves (``GameClosed``), or None: it is no event's, or
    still its table's game and in the event."""
    db = db or get_db()
    row = db.execute(
        "SELECT event_id, round, table_number, replaced, taken_out FROM event_game"
        " WHERE game_id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    table = (row["event_id"], row["round"], row["table_number"])
    if row["replaced"] is not None:
        now = db.execute(
            "SELECT game_id FROM event_game WHERE event_id = ? AND round = ?"
            " AND table_number = ? AND replaced IS NULL",
            table,
        ).fetchone()
        return GameClosed(game_id, replaced_by=None if now is None else str(now[0]))
    if row["taken_out"] is not None:
        return GameClosed(game_id, taken_out=True)
    return None


def closed(game: StoredGame) -> GameClosed | None:
    """``closed_game`` of a game as read, worked out once per version."""
    found: GameClosed | None = game.kept(("closed",), lambda: closed_game(game.id))
    return found


def new_game_id() -> str:
    """An unguessable address for a game."""
    return secrets.token_urlsafe(16)


def create_game(
    record: GameRecord,
    language: str | None = None,
    client: str | None = None,
    group: str | None = None,
) -> str:
    """Stores a game (checked by replaying it first) and returns its id. Refuses a game
    whose export would not import again (``RecordError``), and one more from a ``client``
    that has started ``GAMES_PER_HOUR`` in the last hour (``TooManyGames``).
    ``language``: the table's, in which the game's pages and sheet come out unless a
    phone chose another. ``group``: the group it is played in (``group_store``)."""
    state = check_game(record)
    with writing(lock=started_lock(client)) as write:
        if client is not None:
            count_started(write.db, client)
        if group is not None and record.origin is not None:
            _not_in_group_yet(write.db, group, record.origin)
        return insert_game(write.db, record, state, language, group)


def check_game(record: GameRecord) -> State:
    """Refuses a game whose export would not import again (``RecordError``), or that
    breaks the rules (``IllegalAction``): checked before it is stored. The state its log
    leaves (``insert_game`` stores it with it)."""
    data = record_to_json(record)
    check_record_data(data)  # first: a refusal may quote the record's text
    state = record.replay()
    hands = record.hands(state.setup)
    check_hands(state.board, hands)
    parse_record(data)
    return state


def insert_game(
    db: Connection,
    record: GameRecord,
    state: State,
    language: str | None = None,
    group: str | None = None,
) -> str:
    """Stores a game ``check_game`` allowed (``state``: what it said), in the write ``db``
    is in; its id."""
    game_id = new_game_id()
    at = now()
    started = record.played or at  # an imported game keeps the day it was played
    players = [{"name": p.name, "color": p.color} for p in record.players]
    # The log as it was played, where the record keeps it (times, actions taken back).
    log = record.log or tuple(Logged(a, at) for a in record.actions)
    db.execute(
        "INSERT INTO game"
        " (id, map, players, goods, house_rules, pieces, dice, watch, language,"
        " created, updated, group_id, variant, origin)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game_id,
            record.map,
            json.dumps(players),
            json.dumps(dict(state.setup.goods)),
            json.dumps(sorted(state.setup.house_rules)),
            json.dumps({n: list(split) for n, split in state.setup.pieces.items()}),
            int(record.dice),
            new_game_id(),
            record.language if record.language in LANGUAGES else language,
            started,
            at,
            group,
            record.variant,
            record.origin,
        ),
    )
    db.executemany(
        "INSERT INTO action (game_id, seq, body, recorded, undone) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, seq, json.dumps(action_to_json(e.action)), e.at, e.undone)
            for seq, e in enumerate(log)
        ],
    )
    seq = 0
    for name, entries in record.tickets.items():
        for entry in entries:
            db.execute(
                "INSERT INTO ticket (game_id, seq, player, body, recorded) VALUES (?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    state.setup.player(name),
                    json.dumps(ticket_to_json(entry)),
                    at,
                ),
            )
            seq += 1
    return game_id


def _not_in_group_yet(db: Connection, group: str, origin: str) -> None:
    """Refuses a game already in the group: imported before, or played there."""
    row = db.execute(
        "SELECT 1 FROM game WHERE group_id = ? AND (origin = ? OR watch = ?)",
        (group, origin, origin),
    ).fetchone()
    if row is not None:
        raise IllegalAction(_("this game is in the group already: it counts once"))


def exported(game: StoredGame) -> GameRecord:
    """The game's record as exported: with its whole log (times, actions taken back), its
    language, and the game it is (its watching address, or the one it was imported as),
    so that it imports as the same game, and into a group once."""
    log = tuple(Logged(a.action, a.recorded, a.undone) for a in game.history)
    return replace(game.record, log=log, language=game.language, origin=game.origin or game.watch)


# The games this process loaded lately, by database and id, each as of its version: a page
# or a write finds the game (and its replayed state) here when nothing changed since, after
# reading one row. Frozen values, so threads may share them. A busy evening's tables all
# fit (400 tables played at once were read again and again from 256); each game keeps
# what its latest version's pages worked out (a page made once for its phones is ~90 kB).
GAMES: Recent[tuple[str, str], StoredGame] = Recent(1024)


def _same_version(kept: StoredGame, read: StoredGame) -> bool:
    return kept.version == read.version


def started_lock(client: str | None) -> str | None:
    """The lock a write that counts ``client``'s games started takes (``count_started``)."""
    return None if client is None else f"started:{client}"


def count_started(db: Connection, client: str) -> None:
    """Notes a game started by ``client``, unless it has started the most an hour allows
    (in a write that holds ``started_lock(client)``)."""
    most = current_app.config.get("GAMES_PER_HOUR")
    if not most:
        return
    hour_ago = (datetime.now(UTC) - timedelta(hours=1)).isoformat(timespec="seconds")
    db.execute("DELETE FROM started WHERE at < ?", (hour_ago,))
    row = db.execute(
        "SELECT COUNT(*) FROM started WHERE client = ? AND at >= ?", (client, hour_ago)
    ).fetchone()
    if row[0] >= most:
        raise TooManyGames(int(most))
    db.execute("INSERT INTO started (client, at) VALUES (?, ?)", (client, now()))


def load_game(game_id: str) -> StoredGame:
    """The stored game at this address, or ``GameNotFound``. Read once a request until it
    writes (``kept_reads``), and as it stands under a write's lock: a view that reads the
    game to record an action hands it to the write (``record_action``), which reads it
    again only if another write changed it meanwhile."""
    read: dict[str, StoredGame] = kept_reads()
    if game_id not in read:
        read[game_id] = _load_game(game_id)
    return read[game_id]


def load_games(game_ids: Iterable[str]) -> dict[str, StoredGame]:
    """The stored games at these addresses (``load_game``'s, each), read with one query
    for those known at their version: an event's page reads its tables' games at once."""
    wanted = list(dict.fromkeys(game_ids))
    read: dict[str, StoredGame] = kept_reads()
    missing = [i for i in wanted if i not in read]
    if missing:
        marks = ", ".join("?" * len(missing))
        query = f"SELECT id, version FROM game WHERE id IN ({marks})"
        for row in get_db().execute(query, tuple(missing)):
            known = _known(row["id"], row["version"])
            if known is not None:
                read[row["id"]] = known
    return {i: load_game(i) for i in wanted}


def known_game(game_id: str, version: int) -> StoredGame | None:
    """The game at ``version`` as this process last read it, if it did (no database read:
    a live update made from what another request of the same version read)."""
    return _known(game_id, version)


def _known(game_id: str, version: int) -> StoredGame | None:
    """The game as last read by this process, if it is still at ``version``."""
    known = GAMES.get((database().url, game_id))
    return known if known is not None and known.version == version and known.watch else None


def _load_game(game_id: str) -> StoredGame:
    db = get_db()
    row = db.execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    known = _known(game_id, row["version"])
    if known is not None:
        return known
    players = tuple(Player(p["name"], p["color"]) for p in _loads(row["players"]))
    rows = {
        r["seq"]: r
        for r in db.execute("SELECT * FROM action WHERE game_id = ? ORDER BY seq", (game_id,))
    }
    played = in_log_order([(seq, r["placed_after"]) for seq, r in rows.items()])
    history = tuple(
        LoggedAction(
            seq,
            parse_action(f"action {seq}", _loads(rows[seq]["body"])),
            rows[seq]["recorded"],
            rows[seq]["undone"],
        )
        for seq in played
    )
    tickets = tuple(
        LoggedTicket(r["seq"], r["player"], parse_ticket("ticket", _loads(r["body"])))
        for r in db.execute(
            "SELECT * FROM ticket WHERE game_id = ? AND removed IS NULL ORDER BY seq", (game_id,)
        )
    )
    hands: dict[str, list[HeldTicket]] = {}
    for t in tickets:
        hands.setdefault(t.player, []).append(t.ticket)
    record = GameRecord(
        map=row["map"],
        players=players,
        actions=tuple(a.action for a in history if a.undone is None),
        tickets=MappingProxyType({name: tuple(held) for name, held in hands.items()}),
        goods=MappingProxyType(_loads(row["goods"])),
        house_rules=tuple(_loads(row["house_rules"])),
        pieces=MappingProxyType(
            {name: (split[0], split[1]) for name, split in _loads(row["pieces"]).items()}
        ),
        dice=bool(row["dice"]),
        # When it was started (or, imported, when its record says it was played).
        played=datetime.fromisoformat(row["created"]).isoformat(timespec="seconds"),
        variant=row["variant"],
    )
    track = {
        r["player"]: r["points"]
        for r in db.execute("SELECT * FROM track WHERE game_id = ?", (game_id,))
    }
    watch = row["watch"]
    if watch is None:  # a game stored before watch addresses existed
        watch = new_game_id()
        db.execute("UPDATE game SET watch = ? WHERE id = ? AND watch IS NULL", (watch, game_id))
        watch = db.execute("SELECT watch FROM game WHERE id = ?", (game_id,)).fetchone()[0]
    return GAMES.put(
        (database().url, game_id),
        StoredGame(
            game_id,
            record,
            history,
            tickets,
            track,
            watch,
            row["version"],
            row["created"],
            row["group_id"],
            row["language"],
            row["origin"],
        ),
        same=_same_version,
    )


# Each game's language, by database and address: set when the game is started, never
# changed, and asked for by each of its pages.
SPOKEN: Recent[tuple[str, str, str], tuple[str | None]] = Recent(8192)


def game_language(game_id: str | None = None, watch: str | None = None) -> str | None:
    """The language a game was started in (None: not known), by its address or its
    read-only address; ``GameNotFound`` if there is no such game."""
    column, key = ("id", game_id) if game_id is not None else ("watch", watch)
    spoken = (database().url, column, str(key))
    known = SPOKEN.get(spoken)
    if known is not None:
        return known[0]
    row = get_db().execute(f"SELECT language FROM game WHERE {column} = ?", (key,)).fetchone()
    if row is None:
        raise GameNotFound(str(key))
    return SPOKEN.put(spoken, (row["language"],))[0]


def game_version(game_id: str, db: Connection | None = None) -> int:
    """The game's version (``StoredGame.version``), read alone (on ``db``, else the
    request's connection); ``GameNotFound``."""
    db = db or get_db()
    row = db.execute("SELECT version FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return row[0]  # type: ignore[no-any-return]


def watched_id(watch: str) -> str:
    """The id of the game behind a read-only address; ``GameNotFound``."""
    row = get_db().execute("SELECT id FROM game WHERE watch = ?", (watch,)).fetchone()
    if row is None:
        raise GameNotFound(watch)
    return row[0]  # type: ignore[no-any-return]


def load_watched(watch: str) -> StoredGame:
    """The game behind a read-only address, or ``GameNotFound``."""
    return load_game(watched_id(watch))


def record_action(
    game: StoredGame, action: Action, stamp: Stamp = UNSTAMPED, at_the_table: bool = False
) -> StoredGame:
    """Judges an action against the game as it stands under the write's lock, once, and
    records it, or refuses it (``IllegalAction``; ``Stale`` for a page out of date), as
    well as one the game record could not hold. The same form sent twice records once
    (``Repeated``). The game as the write left it: its state, and its version.

    ``game`` is the game as its caller read it, handed along (a view reads it to make the
    action): judged as it is when no other write changed it since, else read again under
    the lock (``as_it_stands``). ``at_the_table``: an action played at the table as it
    happens, held to the rules whole (``check_played_at_the_table``)."""
    body = action_to_json(action)
    recordable_by(lambda: parse_action("action", body), body)
    with writing_game(game.id) as write:
        game = as_it_stands(write, game)
        if at_the_table:
            check_played_at_the_table(game.state(), action)
        check(write.db, game, stamp, body, turn=True)
        if len(game.history) >= MAX_ACTIONS:
            raise IllegalAction(
                _(
                    "this game already has %(most)d actions, the most a game record holds",
                    most=MAX_ACTIONS,
                )
            )
        state = apply(game.state(), action)
        seq = max((a.seq for a in game.history), default=-1) + 1
        at = now()
        write.db.execute(
            "INSERT INTO action (game_id, seq, body, recorded) VALUES (?, ?, ?, ?)",
            (game.id, seq, json.dumps(body), at),
        )
        spend(write.db, game.id, stamp, body, {"action": seq})
        version = touch(write, game.id)
    # The game as this write left it, its state already known: the next page in this
    # process replays nothing (another process's next read finds the new version).
    after = replace(
        game,
        record=replace(game.record, actions=(*game.record.actions, action)),
        history=(*game.history, LoggedAction(seq, action, at, None)),
        version=version,
    )
    object.__setattr__(after, "_state", state)
    GAMES.put((database().url, game.id), after, same=_same_version)
    return after


def as_it_stands(write: Write, game: StoredGame) -> StoredGame:
    """The game as it stands under ``write``'s lock: ``game`` itself, read before the
    lock, when no other write changed it since (every write raises its version), else
    read again. Only its version is read when it is the same."""
    if game_version(game.id, write.db) == game.version:
        return game
    return _load_game(game.id)


def undo(game_id: str, seq: int | None = None) -> tuple[LoggedAction | None, int | None]:
    """Marks the last live action undone (it stays in the history): the action, and the
    version the write left the game at; None and None if there is none.

    ``seq`` names the action the phone's Undo showed: when it is already undone (the same
    Undo sent twice), ``Repeated``; when another action was recorded after it, that one is
    not the phone's to take back (``IllegalAction``)."""
    with writing_game(game_id) as write:
        game = load_game(game_id)
        last = game.last
        if seq is not None:
            named = next((a for a in game.history if a.seq == seq), None)
            if named is None:
                raise IllegalAction(_("there is no such action in this game"))
            if named.undone is not None:
                raise Repeated(named)
            if last is not None and last.seq != seq:
                raise IllegalAction(
                    _(
                        "“%(action)s” is no longer the last action: another phone recorded"
                        " “%(last)s” after it; Undo takes back only the last action",
                        action=named.action.describe(game.record.board()),
                        last=last.action.describe(game.record.board()),
                    )
                )
        if last is None:
            return None, None
        write.db.execute(
            "UPDATE action SET undone = ? WHERE game_id = ? AND seq = ?",
            (now(), game_id, last.seq),
        )
        version = touch(write, game_id)
    return last, version


def add_ticket(game_id: str, player: str, entry: HeldTicket, stamp: Stamp = UNSTAMPED) -> int:
    """Adds a revealed ticket to a player's hand, refusing one that can't be scored or
    that the game record could not hold. The same form sent twice adds it once
    (``Repeated``); tickets entered on other phones meanwhile don't matter. The version
    the write left the game at."""
    body = ticket_to_json(entry)
    sent = {"player": player, "ticket": body}
    recordable_by(lambda: parse_ticket("ticket", body), sent)
    with writing_game(game_id) as write:
        game = load_game(game_id)
        check(write.db, game, stamp, sent, turn=False)
        setup = game.state().setup
        name = setup.player(player)
        hands = game.record.hands(setup)
        if len(hands.get(name, ())) >= MAX_TICKETS:
            raise IllegalAction(
                _(
                    "%(player)s already holds %(most)d tickets, the most a game record holds",
                    player=name,
                    most=MAX_TICKETS,
                )
            )
        ticket = resolve_ticket(setup.board, entry)
        hands[name] = (*hands.get(name, ()), ticket)
        check_hands(setup.board, hands)
        seq = write.db.execute(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM ticket WHERE game_id = ?", (game_id,)
        ).fetchone()[0]
        stored = replace(entry, cities=ticket.cities)  # as printed
        write.db.execute(
            "INSERT INTO ticket (game_id, seq, player, body, recorded) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, name, json.dumps(ticket_to_json(stored)), now()),
        )
        spend(write.db, game_id, stamp, sent, {"ticket": seq})
        version = touch(write, game_id)
    return version


def remove_ticket(game_id: str, seq: int) -> tuple[bool, int | None]:
    """Takes back a ticket entered by mistake (kept, marked removed); False if none. With
    the version the write left the game at (None: it wrote nothing)."""
    with writing_game(game_id) as write:
        load_game(game_id)
        if not 0 <= seq <= MAX_INT:
            return False, None  # no ticket has such a number
        changed = write.db.execute(
            "UPDATE ticket SET removed = ? WHERE game_id = ? AND seq = ? AND removed IS NULL",
            (now(), game_id, seq),
        ).rowcount
        version = touch(write, game_id)
    return bool(changed), version


def set_goods(game_id: str, colors: dict[str, str]) -> tuple[dict[str, str], int]:
    """Sets goods colours (checked against the stacks) for the game; a city given "" has
    its colour cleared. The trips already made are scored again with them; a change that
    would leave one impossible (its city's colour cleared) is refused. The game's colours
    as they now are, and the version the write left it at."""
    recordable(colors)
    with writing_game(game_id) as write:
        game = load_game(game_id)
        record = game.record
        board = record.board()
        merged = {**record.goods, **{c: k for c, k in colors.items() if k}}
        cleared = set()
        for text in (c for c, k in colors.items() if not k):
            try:
                cleared.add(board.city(text))
            except IllegalAction as error:
                raise SetupError(error.message) from None
        merged = {c: k for c, k in merged.items() if board.city(c) not in cleared}
        setup = new_game(
            board, record.players, merged, record.house_rules, record.pieces, record.dice
        )
        try:
            replay(setup, record.actions)
        except IllegalAction as refusal:
            raise SetupError(
                _(
                    "these goods colours don't fit a passenger's trip already made: %(refusal)s",
                    refusal=refusal.message,
                )
            ) from None
        write.db.execute(
            "UPDATE game SET goods = ? WHERE id = ?", (json.dumps(dict(setup.goods)), game_id)
        )
        version = touch(write, game_id)
    return dict(setup.goods), version


def group_goods(group_id: str, map_id: str) -> dict[str, str]:
    """The goods colours of the group's latest game on this board ({} if none)."""
    row = (
        get_db()
        .execute(
            "SELECT goods FROM game WHERE group_id = ? AND map = ? AND goods <> '{}'"
            " ORDER BY created DESC LIMIT 1",
            (group_id, map_id),
        )
        .fetchone()
    )
    return dict(_loads(row["goods"])) if row else {}


def set_track(game_id: str, player: str, points: int | None) -> int:
    """Notes what the score track says for a player (None clears it); the version the
    write left the game at."""
    recordable(player)
    low, high = TRACK_POINTS
    if points is not None and not low <= points <= high:
        raise IllegalAction(_("the score track goes from %(low)d to %(high)d", low=low, high=high))
    with writing_game(game_id) as write:
        name = load_game(game_id).state().setup.player(player)
        write.db.execute("DELETE FROM track WHERE game_id = ? AND player = ?", (game_id, name))
        if points is not None:
            write.db.execute(
                "INSERT INTO track (game_id, player, points) VALUES (?, ?, ?)",
                (game_id, name, points),
            )
        version = touch(write, game_id)
    return version


def games_among(ids: list[str]) -> list[dict[str, Any]]:
    """Of these games, those that exist, most recently changed first: id, map, players'
    names, when."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = get_db().execute(
        f"SELECT id, map, players, updated FROM game WHERE id IN ({marks}) ORDER BY updated DESC",
        ids,
    )
    return [
        {
            "id": r["id"],
            "map": r["map"],
            "players": [p["name"] for p in _loads(r["players"])],
            "updated": r["updated"],
        }
        for r in rows
    ]


def recordable(data: Any) -> None:
    """Refuses (``IllegalAction``) what the game record could not hold (``recordable_by``)."""
    recordable_by(lambda: None, data)


def recordable_by(parse: Callable[[], object], data: Any) -> None:
    """Refuses (``IllegalAction``) what the game record could not hold: text that is not
    Unicode, a number too large, or what its ``parse`` (the record's own) refuses."""
    try:
        check_record_data(data)
        parse()
    except RecordError as error:
        raise IllegalAction(
            _("the game record can't hold that: %(problem)s", problem=error)
        ) from None


def _loads(text: str) -> Any:
    """JSON as stored. Text stored before the store refused what is not Unicode is mended
    (a lone surrogate becomes a replacement character), so the game still opens."""
    data = json.loads(text)
    return mend_text(data) if "\\ud" in text or "\\uD" in text else data


def choose_colours(game_id: str, colours: Sequence[str]) -> int:
    """The pieces' colours, seat by seat, as the table chose them before its first move
    (an event's draw seats people, not colours); refused (``IllegalAction``,
    ``SetupError``) once an action or a ticket is recorded, or where the rules refuse them
    (two players of one colour). The version the write left the game at."""
    with writing_game(game_id) as write:
        game = load_game(game_id)
        if game.history or game.tickets:
            raise IllegalAction(_("the pieces' colours are chosen before the table's first move"))
        if len(colours) != len(game.record.players):
            raise IllegalAction(_("choose a colour for each player"))
        players = tuple(
            replace(p, color=c) for p, c in zip(game.record.players, colours, strict=True)
        )
        check_game(replace(game.record, players=players))
        chosen = [{"name": p.name, "color": p.color} for p in players]
        write.db.execute("UPDATE game SET players = ? WHERE id = ?", (json.dumps(chosen), game_id))
        version = touch(write, game_id)
    return version


def touch(write: Write, game_id: str) -> int:
    """Notes that the game changed in ``write``: when, and its version one more (said
    with the change, so that the pages following the game need not read it); the version
    it is raised to, which the write's caller tells its answer."""
    version = raise_version(write, "game", game_id, updated=now())
    if version is None:
        raise GameNotFound(game_id)
    return version
