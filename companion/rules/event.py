"""An event: a club's game night or a tournament's heats, many tables playing rounds of
ordinary games. Its log is the truth, as a game's is: each entry is something the
organizer did (a round drawn, a table drawn again, a late arrival, seated at once where a
table has room, a dropout, whose seat is freed where their table has not begun, a player
moved, a game taken out), and the event as it stands is the replay of the log.

An entry keeps what it did, not only what was asked (a round's tables as drawn, and the
seed they were drawn with; the tables a re-draw drew again and how; the seat a moved player
took), so the replay needs nothing from outside and draws nothing again: whether a table's
game had started is checked when the organizer asks (``apply``'s ``started``), and never
again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from datetime import datetime, timedelta
from typing import Any

from companion.rules.errors import BoardError, EventError, IllegalAction, SetupError
from companion.rules.event_standings import (
    EVERY_PLACE,
    FIRST_PLACE,
    METHODS,
    NO_SEAT,
    EventStanding,
)
from companion.rules.map_file import load_board
from companion.rules.names import name_key
from companion.rules.seating import balanced_seats, draw, met_before, seats_sat, table_sizes
from companion.rules.setup import check_name
from companion.rules.variants import variant
from companion.rules.words import _

MOST_PLAYERS = 400  # players an event holds (a hall of 80 tables of 5)
# What a round is: one of the heats, or a stage after them.
HEATS, SEMIFINAL, FINAL = "", "semifinal", "final"
STAGES = (SEMIFINAL, FINAL)  # in the order they are played
STAGE_NAMES = {HEATS: _("Heats"), SEMIFINAL: _("Semi-final"), FINAL: _("Final")}


@dataclass(frozen=True)
class EventSetup:
    """What the organizer chose: the event's name, its map (and variant), the players a
    table seats, the rounds, how the standings rank, whether a tie left after the rule
    book's tiebreakers goes to the later seat (for first place, or, an option of its own,
    at every place), and the players at the start."""

    name: str
    map: str
    variant: str
    seats: int
    rounds: int
    method: str
    later_seat_wins_ties: bool
    players: tuple[str, ...]
    least: int = 2  # the map's fewest players at a table
    most: int = 5  # and most
    # An event made before the choice existed gave the later seat every place.
    later_seat_every_place: bool = True
    # What happens when a round's time is up: "round" (the current round of turns
    # finishes), "turn" (every player takes one more turn), or "" (the games play on:
    # events made before the choice).
    at_time: str = ""

    @property
    def later_seat(self) -> str:
        """Whom the later seat wins a tie for: nobody, first place, every place."""
        if not self.later_seat_wins_ties:
            return NO_SEAT
        return EVERY_PLACE if self.later_seat_every_place else FIRST_PLACE


Seating = tuple[tuple[str, ...], ...]  # tables, each its players in seat order


@dataclass(frozen=True)
class Drawn:
    """The next round's tables as drawn with this seed (``draw_round``)."""

    round: int
    seed: str
    tables: Seating


@dataclass(frozen=True)
class Redrawn:
    """Tables of the latest round, none started, drawn again among their players (one
    table alone: its seats drawn again)."""

    round: int
    tables: tuple[int, ...]
    seed: str
    seating: Seating  # the tables' players as drawn again, table by table


@dataclass(frozen=True)
class Joined:
    """A late arrival: drawn from the next round on."""

    player: str


@dataclass(frozen=True)
class Left:
    """A dropout: drawn no more (their games played still count)."""

    player: str


@dataclass(frozen=True)
class Moved:
    """A player moved to another table of the latest round, neither table started, into
    the seat ``seat`` there (0: first; drawn at random, as every seat is)."""

    player: str
    round: int
    table: int
    seat: int


@dataclass(frozen=True)
class Seated:
    """A late arrival (or a player waiting for the next round) seated at once at a table
    of the latest round that has room and has not started, into seat ``seat`` (0: first)."""

    player: str
    round: int
    table: int
    seat: int


@dataclass(frozen=True)
class Freed:
    """A dropout after the draw, before their table's first move: their seat is freed and
    they are drawn no more; ``by`` takes the seat (a late arrival, or a player waiting for
    the next round), or, ``""``, the table plays one short."""

    player: str
    round: int
    table: int
    by: str


@dataclass(frozen=True)
class ClockStarted:
    """The latest round's clock, started by the organizer at ``at`` (UTC, ISO 8601) for
    ``minutes`` (started again: from then, for as long)."""

    round: int
    minutes: int
    at: str


@dataclass(frozen=True)
class LastCall:
    """The organizer's last call for the latest round, at ``at``: every table is told."""

    round: int
    at: str


@dataclass(frozen=True)
class StageDrawn:
    """A stage after the heats (a semi-final, a final) drawn as round ``round``: the
    players advancing, best seed first (``advancing``), at tables seeded from them
    (``seeded_tables``), the seats balanced with ``seed`` as every draw's."""

    round: int
    stage: str
    seeds: tuple[str, ...]
    seed: str
    tables: Seating


@dataclass(frozen=True)
class MapChosen:
    """A table of the latest round, not started, plays another map (and its ticket decks,
    ``variant``) than the event's: a "world maps" night where each table plays a box."""

    round: int
    table: int
    map: str
    variant: str


@dataclass(frozen=True)
class TakenOut:
    """A table's game taken out of the standings (a game set up wrong, abandoned)."""

    round: int
    table: int


@dataclass(frozen=True)
class GivenUp:
    """A dropout after their table's first move, whose table gives its game up: the game
    counts for nobody, and the player is drawn no more. (The other choice, the table
    going on without them, is a ``Left`` here and the player's leaving in the game.)"""

    player: str
    round: int
    table: int


Entry = (
    Drawn
    | Redrawn
    | Joined
    | Left
    | Moved
    | Seated
    | Freed
    | ClockStarted
    | LastCall
    | StageDrawn
    | TakenOut
    | GivenUp
    | MapChosen
)
MOST_MINUTES = 600  # a round's clock: at most ten hours


@dataclass(frozen=True)
class Table:
    """A table of a round: its number (from 1), its players in seat order, and whether
    its game was taken out of the standings."""

    number: int
    players: tuple[str, ...]
    taken_out: bool = False
    given_up_by: str = ""  # the dropout whose leaving gave the game up
    map: str = ""  # the map it plays, where not the event's ("")
    variant: str = ""  # and its ticket decks


@dataclass(frozen=True)
class Clock:
    """A round's clock as the room sees it: when it runs out (UTC, ISO 8601; "": not
    started), for how many minutes, and when the last call came ("": not yet)."""

    ends: str
    minutes: int
    last_call: str


@dataclass(frozen=True)
class Round:
    """A round: its number (from 1), its tables, the seed of its latest draw, and how
    many times tables of it were drawn again."""

    number: int
    tables: tuple[Table, ...]
    seed: str
    redrawn: int = 0
    clock_at: str = ""  # when its clock started ("": not started)
    clock_minutes: int = 0
    last_call: str = ""  # when the last call came ("": not yet)
    stage: str = HEATS
    seeds: tuple[str, ...] = ()  # a stage's players, best seed first

    def table(self, number: int) -> Table:
        found = next((t for t in self.tables if t.number == number), None)
        if found is None:
            raise EventError(
                _("round %(round)d has no table %(table)d", round=self.number, table=number)
            )
        return found

    @property
    def clock(self) -> Clock | None:
        """Its clock and last call; None before either."""
        if not self.clock_at:
            return Clock("", 0, self.last_call) if self.last_call else None
        ends = datetime.fromisoformat(self.clock_at) + timedelta(minutes=self.clock_minutes)
        return Clock(ends.isoformat(timespec="seconds"), self.clock_minutes, self.last_call)

    def table_of(self, player: str) -> Table | None:
        return next((t for t in self.tables if player in t.players), None)


@dataclass(frozen=True)
class Event:
    """The event as its log leaves it: who is in it now, and its rounds."""

    setup: EventSetup
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = ()
    lot: str = ""  # the first draw's seed: it fixes the standings' draw by lot

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise EventError(_("there is no round %(round)d yet", round=number))
        return self.rounds[number - 1]

    @property
    def heats(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.stage == HEATS)

    @property
    def stage(self) -> str:
        """The latest stage drawn (``HEATS`` before any)."""
        return self.rounds[-1].stage if self.rounds else HEATS

    @property
    def is_over(self) -> bool:
        """No more heats to draw: every one drawn, or a stage after them begun (whether
        their games are over is for the games to say)."""
        return len(self.rounds) >= self.setup.rounds or self.stage != HEATS

    @property
    def stages_left(self) -> tuple[str, ...]:
        """The stages that can still be drawn: after a heat, a semi-final or a final;
        after a semi-final, the final; after the final, none."""
        if not self.rounds or self.stage == FINAL:
            return ()
        return STAGES[STAGES.index(self.stage) + 1 :] if self.stage else STAGES

    def bounds(self, table: Table) -> tuple[int, int]:
        """The fewest and most players ``table``'s map seats (the event's map's, unless
        the table plays another)."""
        if not table.map:
            return self.setup.least, self.setup.most
        edition = load_board(table.map).edition
        return edition.min_players, edition.max_players

    def meetings_before(self, number: int) -> dict[frozenset[str], int]:
        """How often each pair shared a table in the rounds before round ``number``."""
        return dict(met_before(t.players for r in self.rounds[: number - 1] for t in r.tables))

    def seats_before(self, number: int) -> dict[str, list[int]]:
        """How often each player sat in each seat (index 0: first) before round ``number``."""
        return seats_sat(t.players for r in self.rounds[: number - 1] for t in r.tables)


def new_event(setup: EventSetup) -> Event:
    """An event before its first draw: its setup checked."""
    if setup.method not in METHODS:
        raise EventError(_("there is no ranking method '%(method)s'", method=setup.method))
    if setup.rounds < 1:
        raise EventError(_("an event has at least one round"))
    _check_roster(setup.players)
    table_sizes(len(setup.players), setup.seats, setup.least, setup.most)
    return Event(setup, tuple(setup.players))


def replay_event(setup: EventSetup, log: Iterable[Entry]) -> Event:
    """The event after its whole log (each entry was checked when it was recorded)."""
    event = new_event(setup)
    for entry in log:
        event = apply(event, entry)
    return event


def apply(event: Event, entry: Entry, started: Callable[[int, int], bool] | None = None) -> Event:
    """The event after ``entry``, or ``EventError`` saying why not. ``started(round,
    table)`` says whether a table's game has begun, where that matters (a re-draw, a
    move); a replay leaves it out: the log holds only what was allowed."""
    began = started or (lambda _round, _table: False)
    if isinstance(entry, Drawn):
        return _draw_next(event, entry)
    if isinstance(entry, Redrawn):
        return _redraw(event, entry, began)
    if isinstance(entry, Joined):
        _check_roster((*event.players, entry.player))
        return replace(event, players=(*event.players, entry.player))
    if isinstance(entry, Left):
        if entry.player not in event.players:
            raise EventError(_("%(player)s is not in the event", player=entry.player))
        return replace(event, players=tuple(p for p in event.players if p != entry.player))
    if isinstance(entry, Moved):
        return _move(event, entry, began)
    if isinstance(entry, Seated):
        return _seat(event, entry, began)
    if isinstance(entry, Freed):
        return _free(event, entry, began)
    if isinstance(entry, ClockStarted):
        return _start_clock(event, entry)
    if isinstance(entry, LastCall):
        return _call_last(event, entry)
    if isinstance(entry, StageDrawn):
        return _draw_stage(event, entry)
    if isinstance(entry, GivenUp):
        return _give_up(event, entry)
    if isinstance(entry, MapChosen):
        return _choose_map(event, entry, began)
    return _take_out(event, entry)


def _check_roster(players: Iterable[str]) -> None:
    seen: set[str] = set()
    for count, player in enumerate(players, 1):
        if count > MOST_PLAYERS:
            raise EventError(_("an event has at most %(most)d players", most=MOST_PLAYERS))
        try:
            check_name(player)
        except SetupError as error:
            raise EventError(error.args[0]) from None
        key = name_key(player)
        if key in seen:
            raise EventError(_("%(player)s is listed twice", player=player))
        seen.add(key)


def draw_round(event: Event, seed: str) -> Drawn:
    """The next round's tables drawn with ``seed`` for the players in the event now: the
    entry that records them (the draw itself is never made again)."""
    setup = event.setup
    number = len(event.rounds) + 1
    sizes = table_sizes(len(event.players), setup.seats, setup.least, setup.most)
    drawn = draw(
        event.players, sizes, event.meetings_before(number), seed, event.seats_before(number)
    )
    return Drawn(number, seed, drawn.tables)


def redraw_tables(event: Event, number: int, tables: Iterable[int], seed: str) -> Redrawn:
    """Tables of round ``number`` drawn again with ``seed`` among their players, each
    table keeping its size: the entry that records them."""
    this = event.round(number)
    chosen = [this.table(n) for n in sorted(set(tables))]
    players = [p for t in chosen for p in t.players]
    sizes = [len(t.players) for t in chosen]
    drawn = draw(players, sizes, event.meetings_before(number), seed, event.seats_before(number))
    by_size: dict[int, list[tuple[str, ...]]] = {}
    for seated in drawn.tables:
        by_size.setdefault(len(seated), []).append(seated)
    seating = tuple(by_size[len(t.players)].pop() for t in chosen)
    return Redrawn(number, tuple(t.number for t in chosen), seed, seating)


def advancing(event: Event, standings: Sequence[EventStanding], count: int) -> tuple[str, ...]:
    """The ``count`` players who advance from the stage before (the heats, or a
    semi-final), best seed first, by that stage's ``standings``: as the WBC advances its
    heat winners, players who won a game of it first, then the others, each in the order
    of the standings (the event's method, average finish, lot); only players still in the
    event with a finished game of it."""
    able = [s for s in standings if s.games and s.name in event.players]
    order = [s.name for s in able if s.wins] + [s.name for s in able if not s.wins]
    if not event.setup.least <= count <= len(order):
        raise EventError(
            _(
                "%(count)d players can't advance: %(able)d finished a game of the stage "
                "before and are still in the event, and a table seats at least %(least)d",
                count=count,
                able=len(order),
                least=event.setup.least,
            )
        )
    return tuple(order[:count])


def seeded_tables(
    seeds: Sequence[str], sizes: Sequence[int], seed: str, sat: Mapping[str, Sequence[int]]
) -> Seating:
    """The seeds at tables of ``sizes``, spread as clubs seed a final: the best seed at
    table 1, the second at table 2, … to the last table, then back from the last table
    (the snake), so the top seeds (the heat winners first) meet as late as can be; each
    table's seats balanced as every draw's (``balanced_seats``, ties drawn with
    ``seed``)."""
    tables: list[list[str]] = [[] for _size in sizes]
    order = list(range(len(sizes)))
    at = 0
    for player in seeds:
        while len(tables[order[at]]) >= sizes[order[at]]:
            at += 1
            if at == len(order):
                order.reverse()
                at = 0
        tables[order[at]].append(player)
        at += 1
        if at == len(order):
            order.reverse()
            at = 0
    rng = random.Random(seed)
    seated = []
    for table in tables:
        rng.shuffle(table)
        seated.append(balanced_seats(table, sat))
    return tuple(seated)


def draw_stage(
    event: Event, stage: str, standings: Sequence[EventStanding], count: int, seed: str
) -> StageDrawn:
    """The ``stage`` drawn as the next round: the ``count`` players ``advancing`` by the
    ``standings`` of the stage before, at tables of the event's size (``table_sizes``)
    seeded from them: the entry that records it."""
    if stage not in STAGES:
        raise EventError(_("there is no stage '%(stage)s'", stage=stage))
    if stage not in event.stages_left:
        raise EventError(_("a semi-final comes after the heats, and the final last"))
    seeds = advancing(event, standings, count)
    setup = event.setup
    sizes = table_sizes(count, setup.seats, setup.least, setup.most)
    number = len(event.rounds) + 1
    tables = seeded_tables(seeds, sizes, seed, event.seats_before(number))
    return StageDrawn(number, stage, seeds, seed, tables)


def _draw_stage(event: Event, entry: StageDrawn) -> Event:
    number = len(event.rounds) + 1
    if entry.round != number:
        raise EventError(_("the next round to draw is round %(round)d", round=number))
    if entry.stage not in event.stages_left:
        raise EventError(_("a semi-final comes after the heats, and the final last"))
    setup = event.setup
    seated = [p for t in entry.tables for p in t]
    if (
        sorted(seated) != sorted(entry.seeds)
        or len(set(entry.seeds)) != len(entry.seeds)
        or not set(entry.seeds) <= set(event.players)
        or not all(setup.least <= len(t) <= setup.most for t in entry.tables)
    ):
        raise EventError(_("a stage's tables seat each player advancing once"))
    tables = tuple(Table(i, players) for i, players in enumerate(entry.tables, 1))
    this = Round(number, tables, entry.seed, stage=entry.stage, seeds=entry.seeds)
    return replace(event, rounds=(*event.rounds, this), lot=event.lot or entry.seed)


def _draw_next(event: Event, entry: Drawn) -> Event:
    number = len(event.rounds) + 1
    if entry.round != number:
        raise EventError(_("the next round to draw is round %(round)d", round=number))
    if event.stage != HEATS:
        raise EventError(_("the heats are over: a stage after them is drawn"))
    if event.is_over:
        raise EventError(
            _("every round of the event is drawn (%(rounds)d)", rounds=event.setup.rounds)
        )
    seated = [p for t in entry.tables for p in t]
    setup = event.setup
    if sorted(seated) != sorted(event.players) or not all(
        setup.least <= len(t) <= setup.most for t in entry.tables
    ):
        raise EventError(_("a round's tables seat every player in the event once"))
    tables = tuple(Table(i, players) for i, players in enumerate(entry.tables, 1))
    rounds = (*event.rounds, Round(number, tables, entry.seed))
    return replace(event, rounds=rounds, lot=event.lot or entry.seed)


def _reseated(table: Table, players: tuple[str, ...]) -> Table:
    """A table seated anew, with a new game: its map kept, nothing taken out yet."""
    return replace(table, players=players, taken_out=False, given_up_by="")


def _replace_round(event: Event, new: Round) -> Event:
    rounds = list(event.rounds)
    rounds[new.number - 1] = new
    return replace(event, rounds=tuple(rounds))


def _redraw(event: Event, entry: Redrawn, started: Callable[[int, int], bool]) -> Event:
    this = event.round(entry.round)
    if entry.round != len(event.rounds):
        raise EventError(_("only the latest round can be drawn again"))
    if not entry.tables or len(set(entry.tables)) != len(entry.tables):
        raise EventError(_("a re-draw names the tables to draw again, each once"))
    chosen = [this.table(n) for n in entry.tables]
    begun = [t.number for t in chosen if started(this.number, t.number)]
    if begun:
        raise EventError(
            _(
                "table %(table)d has started its game: it can't be drawn again",
                table=begun[0],
            )
        )
    same_sizes = len(entry.seating) == len(chosen) and all(
        len(seated) == len(t.players) for seated, t in zip(entry.seating, chosen, strict=False)
    )
    everyone = sorted(p for t in chosen for p in t.players)
    if not same_sizes or sorted(p for t in entry.seating for p in t) != everyone:
        raise EventError(_("a re-draw seats the same players at the same tables"))
    again = dict(zip(entry.tables, entry.seating, strict=True))
    tables = tuple(_reseated(t, again[t.number]) if t.number in again else t for t in this.tables)
    return _replace_round(
        event, replace(this, tables=tables, seed=entry.seed, redrawn=this.redrawn + 1)
    )


def _move(event: Event, entry: Moved, started: Callable[[int, int], bool]) -> Event:
    this = event.round(entry.round)
    if entry.round != len(event.rounds):
        raise EventError(_("players move only at the latest round's tables"))
    source = this.table_of(entry.player)
    if source is None:
        raise EventError(
            _("%(player)s has no table in round %(round)d", player=entry.player, round=this.number)
        )
    target = this.table(entry.table)
    if target.number == source.number:
        raise EventError(
            _(
                "%(player)s already sits at table %(table)d",
                player=entry.player,
                table=target.number,
            )
        )
    begun = [n for n in (source.number, target.number) if started(this.number, n)]
    if begun:
        raise EventError(
            _("table %(table)d has started its game: nobody moves to or from it", table=begun[0])
        )
    least, most = event.bounds(source)[0], event.bounds(target)[1]
    if len(source.players) - 1 < least or len(target.players) + 1 > most:
        raise EventError(
            _(
                "a table seats %(least)d to %(most)d players on this map: tables %(a)d and "
                "%(b)d would seat %(left)d and %(right)d",
                least=least,
                most=most,
                a=source.number,
                b=target.number,
                left=len(source.players) - 1,
                right=len(target.players) + 1,
            )
        )

    if not 0 <= entry.seat <= len(target.players):
        raise EventError(_("table %(table)d has no such seat", table=target.number))

    def seated(table: Table) -> Table:
        """A table after the move: each table the move changes has a new game."""
        if table.number == source.number:
            return _reseated(table, tuple(p for p in table.players if p != entry.player))
        if table.number == target.number:
            players = list(table.players)
            players.insert(entry.seat, entry.player)
            return _reseated(table, tuple(players))
        return table

    return _replace_round(event, replace(this, tables=tuple(seated(t) for t in this.tables)))


def _table_to_change(
    event: Event, number: int, table: int, started: Callable[[int, int], bool]
) -> tuple[Round, Table]:
    """The latest round and its table ``table``, if its game has not begun."""
    this = event.round(number)
    if number != len(event.rounds):
        raise EventError(_("players are seated only at the latest round's tables"))
    found = this.table(table)
    if started(this.number, found.number):
        raise EventError(
            _("table %(table)d has started its game: its seats stay as they are", table=table)
        )
    return this, found


def _newcomer(event: Event, player: str, this: Round) -> tuple[str, ...]:
    """The event's players with ``player`` seated now: a name new to the event joins it; a
    player waiting for the next round (in the event, at no table) is seated as they are."""
    if this.table_of(player) is not None:
        raise EventError(
            _("%(player)s already has a table in round %(round)d", player=player, round=this.number)
        )
    if player in event.players:
        return event.players
    _check_roster((*event.players, player))
    return (*event.players, player)


def _seat(event: Event, entry: Seated, started: Callable[[int, int], bool]) -> Event:
    this, table = _table_to_change(event, entry.round, entry.table, started)
    players = _newcomer(event, entry.player, this)
    most = event.bounds(table)[1]
    if len(table.players) + 1 > most:
        raise EventError(
            _(
                "table %(table)d has no free seat: a table seats at most %(most)d players on "
                "this map",
                table=table.number,
                most=most,
            )
        )
    if not 0 <= entry.seat <= len(table.players):
        raise EventError(_("table %(table)d has no such seat", table=table.number))
    seated = list(table.players)
    seated.insert(entry.seat, entry.player)
    tables = tuple(_reseated(t, tuple(seated)) if t is table else t for t in this.tables)
    return replace(_replace_round(event, replace(this, tables=tables)), players=players)


def _check_seated(event: Event, table: Table, player: str) -> None:
    """Refuses a dropout who does not sit at ``table`` or is not in the event."""
    if player not in table.players:
        raise EventError(
            _("%(player)s does not sit at table %(table)d", player=player, table=table.number)
        )
    if player not in event.players:
        raise EventError(_("%(player)s is not in the event", player=player))


def _free(event: Event, entry: Freed, started: Callable[[int, int], bool]) -> Event:
    this, table = _table_to_change(event, entry.round, entry.table, started)
    _check_seated(event, table, entry.player)
    players = event.players
    if entry.by:
        players = _newcomer(event, entry.by, this)
        seated = tuple(entry.by if p == entry.player else p for p in table.players)
    else:
        seated = tuple(p for p in table.players if p != entry.player)
        least = event.bounds(table)[0]
        if len(seated) < least:
            raise EventError(
                _(
                    "table %(table)d would play with %(count)d: a table seats at least "
                    "%(least)d players on this map; seat a late arrival in the freed seat",
                    table=table.number,
                    count=len(seated),
                    least=least,
                )
            )
    tables = tuple(_reseated(t, seated) if t is table else t for t in this.tables)
    left = tuple(p for p in players if p != entry.player)
    return replace(_replace_round(event, replace(this, tables=tables)), players=left)


def _latest(event: Event, number: int) -> Round:
    this = event.round(number)
    if number != len(event.rounds):
        raise EventError(_("only the latest round's clock runs"))
    return this


def _start_clock(event: Event, entry: ClockStarted) -> Event:
    this = _latest(event, entry.round)
    if not 1 <= entry.minutes <= MOST_MINUTES:
        raise EventError(_("a round's clock runs 1 to %(most)d minutes", most=MOST_MINUTES))
    return _replace_round(event, replace(this, clock_at=entry.at, clock_minutes=entry.minutes))


def _call_last(event: Event, entry: LastCall) -> Event:
    this = _latest(event, entry.round)
    if this.last_call:
        raise EventError(
            _("the last call of round %(round)d has been made already", round=this.number)
        )
    return _replace_round(event, replace(this, last_call=entry.at))


def _take_out(event: Event, entry: TakenOut) -> Event:
    this = event.round(entry.round)
    table = this.table(entry.table)
    if table.taken_out:
        raise EventError(
            _(
                "the game of table %(table)d in round %(round)d is already taken out",
                table=table.number,
                round=this.number,
            )
        )
    tables = tuple(
        replace(t, taken_out=t.taken_out or t.number == table.number) for t in this.tables
    )
    return _replace_round(event, replace(this, tables=tables))


def _give_up(event: Event, entry: GivenUp) -> Event:
    this = event.round(entry.round)
    table = this.table(entry.table)
    _check_seated(event, table, entry.player)
    out = _take_out(event, TakenOut(entry.round, entry.table))
    tables = tuple(
        replace(t, given_up_by=entry.player) if t.number == table.number else t
        for t in out.round(entry.round).tables
    )
    out = _replace_round(out, replace(out.round(entry.round), tables=tables))
    return replace(out, players=tuple(p for p in event.players if p != entry.player))


def _choose_map(event: Event, entry: MapChosen, started: Callable[[int, int], bool]) -> Event:
    this, table = _table_to_change(event, entry.round, entry.table, started)
    try:
        board = load_board(entry.map)
        variant(entry.map, entry.variant)
    except (BoardError, IllegalAction):
        raise EventError(
            _(
                "there is no map '%(map)s' with decks '%(variant)s'",
                map=entry.map,
                variant=entry.variant,
            )
        ) from None
    edition = board.edition
    if not edition.min_players <= len(table.players) <= edition.max_players:
        raise EventError(
            _(
                "%(map)s seats %(least)d to %(most)d players: table %(table)d has %(count)d",
                map=board.title,
                least=edition.min_players,
                most=edition.max_players,
                table=table.number,
                count=len(table.players),
            )
        )
    own = entry.map == event.setup.map and entry.variant == event.setup.variant
    chosen = replace(table, map="" if own else entry.map, variant="" if own else entry.variant)
    tables = tuple(chosen if t is table else t for t in this.tables)
    return _replace_round(event, replace(this, tables=tables))


ENTRIES: dict[str, type[Entry]] = {
    "drawn": Drawn,
    "redrawn": Redrawn,
    "joined": Joined,
    "left": Left,
    "moved": Moved,
    "seated": Seated,
    "freed": Freed,
    "clock_started": ClockStarted,
    "last_call": LastCall,
    "stage_drawn": StageDrawn,
    "taken_out": TakenOut,
    "given_up": GivenUp,
    "map_chosen": MapChosen,
}


def entry_to_json(entry: Entry) -> dict[str, object]:
    """An entry as the event's log stores it: ``{"joined": {"player": "Zed"}}``,
    ``{"drawn": {"round": 1, "seed": "…", "tables": [["Ann", "Bob", …], …]}}``."""
    kind = next(k for k, v in ENTRIES.items() if isinstance(entry, v))
    fields = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(entry).items()}
    return {kind: fields}


def parse_entry(data: object) -> Entry:
    """An entry from its stored form (the store's own writing; refused if it is not)."""
    if not isinstance(data, dict) or len(data) != 1:
        raise EventError(_("an event's entry is one kind of entry and its fields"))
    ((kind, fields),) = data.items()
    made = ENTRIES.get(kind)
    if made is None or not isinstance(fields, dict):
        raise EventError(_("an event's entry is one kind of entry and its fields"))
    values: dict[str, Any] = {k: _tuples(v) for k, v in fields.items()}
    expected = {f.name: f.type for f in dataclass_fields(made)}
    if set(values) != set(expected) or not all(
        _is(values[name], kind) for name, kind in expected.items()
    ):
        raise EventError(_("an event's entry is one kind of entry and its fields"))
    return made(**values)


def _tuples(value: object) -> object:
    """JSON's lists as tuples, all the way down."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _is(value: object, kind: object) -> bool:
    """Whether a stored value is of a field's kind: "int", "str", "tuple[int, ...]" or
    "tuple[str, ...]" (names), "Seating" (tables of names)."""
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "tuple[str, ...]":
        return isinstance(value, tuple) and all(isinstance(v, str) for v in value)
    if kind == "Seating":
        return isinstance(value, tuple) and all(
            isinstance(t, tuple) and all(isinstance(p, str) for p in t) for t in value
        )
    return isinstance(value, tuple) and all(_is(v, "int") for v in value)
