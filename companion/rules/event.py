"""An event: a club's game night or a tournament's heats, many tables playing rounds of
ordinary games. Its log is the truth, as a game's is: each entry is something the
organizer did (a round drawn, a table drawn again, a late arrival, a dropout, a player
moved, a game taken out), and the event as it stands is the replay of the log.

An entry keeps what it did, not only what was asked (the seed a round was drawn with, the
tables a re-draw drew again), so the replay needs nothing from outside: whether a table's
game had started is checked when the organizer asks (``apply``'s ``started``), and never
again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from typing import Any

from companion.rules.errors import EventError
from companion.rules.event_standings import METHODS
from companion.rules.names import name_key
from companion.rules.seating import draw, met_before, table_sizes
from companion.rules.words import _


@dataclass(frozen=True)
class EventSetup:
    """What the organizer chose: the event's name, its map (and variant), the players a
    table seats, the rounds, how the standings rank, whether a tie left after the rule
    book's tiebreakers goes to the later seat, and the players at the start."""

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


@dataclass(frozen=True)
class Drawn:
    """The next round's tables drawn, with this seed."""

    round: int
    seed: str


@dataclass(frozen=True)
class Redrawn:
    """Tables of the latest round, none started, drawn again among their players (one
    table alone: its seats drawn again)."""

    round: int
    tables: tuple[int, ...]
    seed: str


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
    """A player moved to another table of a round, neither table started."""

    player: str
    round: int
    table: int


@dataclass(frozen=True)
class TakenOut:
    """A table's game taken out of the standings (a game set up wrong, abandoned)."""

    round: int
    table: int


Entry = Drawn | Redrawn | Joined | Left | Moved | TakenOut


@dataclass(frozen=True)
class Table:
    """A table of a round: its number (from 1), its players in seat order, and whether
    its game was taken out of the standings."""

    number: int
    players: tuple[str, ...]
    taken_out: bool = False


@dataclass(frozen=True)
class Round:
    """A round: its number (from 1), its tables, and the seed of its latest draw."""

    number: int
    tables: tuple[Table, ...]
    seed: str

    def table(self, number: int) -> Table:
        found = next((t for t in self.tables if t.number == number), None)
        if found is None:
            raise EventError(
                _("round %(round)d has no table %(table)d", round=self.number, table=number)
            )
        return found

    def table_of(self, player: str) -> Table | None:
        return next((t for t in self.tables if player in t.players), None)


@dataclass(frozen=True)
class Event:
    """The event as its log leaves it: who is in it now, and its rounds."""

    setup: EventSetup
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = ()

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise EventError(_("there is no round %(round)d yet", round=number))
        return self.rounds[number - 1]

    @property
    def is_over(self) -> bool:
        """Every round drawn (whether their games are over is for the games to say)."""
        return len(self.rounds) >= self.setup.rounds

    def meetings_before(self, number: int) -> dict[frozenset[str], int]:
        """How often each pair shared a table in the rounds before round ``number``."""
        return dict(met_before(t.players for r in self.rounds[: number - 1] for t in r.tables))


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
    return _take_out(event, entry)


def _check_roster(players: Iterable[str]) -> None:
    seen: set[str] = set()
    for player in players:
        if not player.strip():
            raise EventError(_("a player needs a name"))
        key = name_key(player)
        if key in seen:
            raise EventError(_("%(player)s is listed twice", player=player))
        seen.add(key)


def _draw_next(event: Event, entry: Drawn) -> Event:
    number = len(event.rounds) + 1
    if entry.round != number:
        raise EventError(_("the next round to draw is round %(round)d", round=number))
    if event.is_over:
        raise EventError(
            _("every round of the event is drawn (%(rounds)d)", rounds=event.setup.rounds)
        )
    setup = event.setup
    sizes = table_sizes(len(event.players), setup.seats, setup.least, setup.most)
    drawn = draw(event.players, sizes, event.meetings_before(number), entry.seed)
    tables = tuple(Table(i, players) for i, players in enumerate(drawn.tables, 1))
    return replace(event, rounds=(*event.rounds, Round(number, tables, entry.seed)))


def _replace_round(event: Event, new: Round) -> Event:
    rounds = list(event.rounds)
    rounds[new.number - 1] = new
    return replace(event, rounds=tuple(rounds))


def _redraw(event: Event, entry: Redrawn, started: Callable[[int, int], bool]) -> Event:
    this = event.round(entry.round)
    if entry.round != len(event.rounds):
        raise EventError(_("only the latest round can be drawn again"))
    chosen = [this.table(n) for n in sorted(set(entry.tables))]
    if not chosen:
        raise EventError(_("a re-draw names the tables to draw again"))
    begun = [t.number for t in chosen if started(this.number, t.number)]
    if begun:
        raise EventError(
            _(
                "table %(table)d has started its game: it can't be drawn again",
                table=begun[0],
            )
        )
    players = [p for t in chosen for p in t.players]
    drawn = draw(
        players, [len(t.players) for t in chosen], event.meetings_before(this.number), entry.seed
    )
    again = {t.number: seated for t, seated in zip(chosen, drawn.tables, strict=True)}
    tables = tuple(replace(t, players=again.get(t.number, t.players)) for t in this.tables)
    return _replace_round(event, replace(this, tables=tables, seed=entry.seed))


def _move(event: Event, entry: Moved, started: Callable[[int, int], bool]) -> Event:
    this = event.round(entry.round)
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
    setup = event.setup
    if len(source.players) - 1 < setup.least or len(target.players) + 1 > setup.most:
        raise EventError(
            _(
                "a table seats %(least)d to %(most)d players on this map: tables %(a)d and "
                "%(b)d would seat %(left)d and %(right)d",
                least=setup.least,
                most=setup.most,
                a=source.number,
                b=target.number,
                left=len(source.players) - 1,
                right=len(target.players) + 1,
            )
        )

    def seated(table: Table) -> Table:
        if table.number == source.number:
            return replace(table, players=tuple(p for p in table.players if p != entry.player))
        if table.number == target.number:
            return replace(table, players=(*table.players, entry.player))
        return table

    return _replace_round(event, replace(this, tables=tuple(seated(t) for t in this.tables)))


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


ENTRIES: dict[str, type[Entry]] = {
    "drawn": Drawn,
    "redrawn": Redrawn,
    "joined": Joined,
    "left": Left,
    "moved": Moved,
    "taken_out": TakenOut,
}


def entry_to_json(entry: Entry) -> dict[str, object]:
    """An entry as the event's log stores it: ``{"drawn": {"round": 1, "seed": "…"}}``."""
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
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    expected = {f.name: f.type for f in dataclass_fields(made)}
    if set(values) != set(expected) or not all(
        _is(values[name], kind) for name, kind in expected.items()
    ):
        raise EventError(_("an event's entry is one kind of entry and its fields"))
    return made(**values)


def _is(value: object, kind: object) -> bool:
    """Whether a stored value is of a field's kind: "int", "str" or "tuple[int, ...]"."""
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    return isinstance(value, tuple) and all(_is(v, "int") for v in value)
