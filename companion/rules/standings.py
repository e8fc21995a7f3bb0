"""A group's standings across its games: who has played, won and scored how much, and who
holds each record.

Players are the same person across games when their names match as the game record
matches names (``names.name_key``: case, accents and punctuation don't matter), or when
the group merged two spellings (``merges``: a spelling to the one it is the same person
as). Only finished games have winners and final points: a game is finished once it is
over and every player's tickets are entered (its winners and scores hang on them); an
unfinished game counts as a game played, and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from companion.rules.counted import tenths
from companion.rules.event_standings import SHARE, event_standings, result_of
from companion.rules.game_figures import GameFigures
from companion.rules.head_to_head import HeadToHead, head_to_head
from companion.rules.names import name_key
from companion.rules.rating import Rating, ratings
from companion.rules.score_sheet import PlayerSheet, ScoreSheet
from companion.rules.words import Text, _


@dataclass(frozen=True)
class Played:
    """One of the group's games, as the standings see it: its address, when it was played
    (an ISO date and time) and its score sheet (the board as it stands, if unfinished)."""

    id: str
    when: str
    sheet: ScoreSheet
    figures: GameFigures | None = None  # its turns, routes, draws and time, from its log

    @property
    def map(self) -> str:
        return self.sheet.board.id

    @property
    def variant(self) -> str:
        """The ticket decks and bonuses it was played with ("base", "1910", "mega"…)."""
        return self.sheet.board.variant

    @property
    def map_variant(self) -> tuple[str, str]:
        """Its map and variant: the games whose scores compare."""
        return (self.map, self.variant)

    @property
    def over(self) -> bool:
        """Every player has taken their final turn (the tickets may still be to enter)."""
        return self.sheet.finished

    @property
    def finished(self) -> bool:
        """Over, with every player's tickets entered: only then is it won, scored and
        rated (route points alone would crown the wrong player)."""
        return self.sheet.settled

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won (more than one: a shared win); nobody before the end."""
        return self.sheet.winners if self.finished else ()


@dataclass(frozen=True)
class Best:
    """A player's best figure of some kind, and the game it came in."""

    value: int
    game: str


@dataclass(frozen=True)
class Standing:
    """One person's line of the standings."""

    name: str
    games: int  # every game they sat in, finished or not
    finished: int  # of which finished
    wins: int  # finished games they won, alone or shared
    points: int  # their final scores added up, over finished games
    best: Best | None  # their highest final score
    longest_path: Best | None  # their longest continuous path, on maps that score it
    tickets_completed: int
    tickets_failed: int
    # Their score as a percentage of the winner's, on average over finished games (one
    # decimal, a half rounded up): maps and tables compare. None before any.
    share: Decimal | None = None

    @property
    def average(self) -> Decimal | None:
        """Points a finished game, to one decimal (a half rounded up); None before any."""
        if not self.finished:
            return None
        return tenths(Fraction(self.points, self.finished))


@dataclass(frozen=True)
class Record:
    """A record of the group on one map and variant (their scores compare, not those of
    another): its figure, who holds it (several: a tie) and the game in which it was first
    set."""

    key: str
    title: Text
    value: int
    holders: tuple[str, ...]
    game: str
    map_variant: tuple[str, str]  # the map and variant it was set on


@dataclass(frozen=True)
class Standings:
    """The standings of a group's games (one map's, or all): people best first."""

    games: tuple[Played, ...]
    people: tuple[Standing, ...]
    records: tuple[Record, ...]
    names: Mapping[str, str]  # each spelling seen (by its key) -> the person's name
    # Over the finished games: who finished ahead of whom, and everyone's rating.
    head_to_head: HeadToHead = field(default_factory=lambda: HeadToHead(MappingProxyType({}), ()))
    ratings: tuple[Rating, ...] = ()

    def person(self, spelling: str) -> str:
        """The person a name in a game stands for."""
        return self.names.get(name_key(spelling), spelling)

    def wins_by_map(self) -> dict[str, dict[str, int]]:
        """Map id -> person -> wins there (maps in the order first played)."""
        wins: dict[str, dict[str, int]] = {}
        for game in self.games:
            on_map = wins.setdefault(game.map, {})
            for winner in game.winners:
                person = self.person(winner)
                on_map[person] = on_map.get(person, 0) + 1
        return wins


def same_person(merges: Mapping[str, str]) -> dict[str, str]:
    """Each merged spelling's key -> the key of the person it is (merges followed to their
    end; a merge that would go round in a circle is left out)."""
    step = {name_key(a): name_key(b) for a, b in merges.items() if name_key(a) != name_key(b)}
    resolved: dict[str, str] = {}
    for start in step:
        seen = {start}
        key = step[start]
        while key in step and key not in seen:
            seen.add(key)
            key = step[key]
        if key not in seen:
            resolved[start] = key
    return resolved


def standings(
    games: Iterable[Played],
    merges: Mapping[str, str] | None = None,
    map_id: str | None = None,
    variant: str | None = None,
) -> Standings:
    """The standings over ``games`` (only those on ``map_id`` when given, and of those only
    the ``variant`` when given), oldest first. People keep the names they have over all
    ``games``, whatever the map."""
    every = tuple(sorted(games, key=lambda g: g.when))
    chosen = tuple(
        g
        for g in every
        if (map_id is None or g.map == map_id) and (variant is None or g.variant == variant)
    )
    merged = same_person(merges or {})

    def key_of(spelling: str) -> str:
        key = name_key(spelling)
        return merged.get(key, key)

    # A person's name: as spelled in their latest game (a merged spelling takes the name of
    # the person it was merged into, when that spelling was played too).
    spelled: dict[str, str] = {}
    for game in every:
        for p in game.sheet.players:
            spelled[name_key(p.name)] = p.name
    display: dict[str, str] = {}
    for game in every:
        for p in game.sheet.players:
            key = key_of(p.name)
            display[key] = spelled.get(key, p.name)
    names = {spelling: display[key_of(spelling)] for spelling in spelled}

    tallies: dict[str, _Tally] = {}
    for game in chosen:
        for p in game.sheet.players:
            tallies.setdefault(key_of(p.name), _Tally()).count(game, p)
    # Each finished game's places and scores, its players named as the people they are:
    # the results an event's standings read, so that a share is reckoned as there.
    results = [
        replace(result, players=tuple(names[name_key(n)] for n in result.players))
        for result in (result_of(g.sheet) for g in chosen if g.finished)
    ]
    shares = {line.name: line.score for line in event_standings(results, SHARE)}
    people = tuple(
        sorted(
            (
                tally.standing(display[key], shares.get(display[key]))
                for key, tally in tallies.items()
            ),
            key=lambda s: (-s.wins, -(s.average or 0), -s.finished, name_key(s.name)),
        )
    )
    return Standings(
        chosen,
        people,
        _records(chosen, names),
        names,
        head_to_head(results, [s.name for s in people]),
        ratings(results),
    )


def _better(best: Best | None, value: int, game: str) -> Best:
    """The higher of a best so far and a new figure (the first game keeps a tie)."""
    return best if best is not None and best.value >= value else Best(value, game)


@dataclass
class _Tally:
    """A person's figures, added up game by game."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    points: int = 0
    best: Best | None = None
    longest_path: Best | None = None
    tickets_completed: int = 0
    tickets_failed: int = 0

    def count(self, game: Played, p: PlayerSheet) -> None:
        self.games += 1
        if not game.finished:
            return
        self.finished += 1
        self.wins += p.name in game.winners
        self.points += p.total
        self.tickets_completed += p.tickets_completed
        self.tickets_failed += p.tickets_failed
        self.best = _better(self.best, p.total, game.id)
        if game.sheet.board.edition.needs_longest_path:
            self.longest_path = _better(self.longest_path, p.longest_path.length, game.id)

    def standing(self, name: str, share: Fraction | None) -> Standing:
        return Standing(
            name,
            self.games,
            self.finished,
            self.wins,
            self.points,
            self.best,
            self.longest_path,
            self.tickets_completed,
            self.tickets_failed,
            tenths(share) if share is not None and self.finished else None,
        )


def _margin(sheet: ScoreSheet) -> int:
    """How far the winner finished ahead of the next player (0: a shared win)."""
    totals = sorted((p.total for p in sheet.players), reverse=True)
    return totals[0] - totals[1] if len(totals) > 1 else 0


RECORDS: tuple[tuple[str, Text], ...] = (
    ("highest_score", _("Highest score")),
    ("longest_path", _("Longest path")),
    ("most_tickets", _("Most tickets completed")),
    ("biggest_win", _("Biggest win")),
)


def _records(games: Sequence[Played], names: Mapping[str, str]) -> tuple[Record, ...]:
    """The group's records over its finished games, for each map and variant played (in
    the order first played): a Mega Game's score is no record for a base game."""
    played = dict.fromkeys(g.map_variant for g in games if g.finished)
    return tuple(
        record
        for kind in played
        for record in _map_variant_records([g for g in games if g.map_variant == kind], names, kind)
    )


def _map_variant_records(
    games: Sequence[Played], names: Mapping[str, str], map_variant: tuple[str, str]
) -> tuple[Record, ...]:
    """The records over one map and variant's finished games: a record ties when several
    reach it, and stays with the game that first set it."""
    figures: dict[str, list[tuple[int, str, str]]] = {key: [] for key, _title in RECORDS}
    for game in (g for g in games if g.finished):
        sheet = game.sheet
        for p in sheet.players:
            person = names.get(name_key(p.name), p.name)
            figures["highest_score"].append((p.total, person, game.id))
            figures["most_tickets"].append((p.tickets_completed, person, game.id))
            if sheet.board.edition.needs_longest_path:
                figures["longest_path"].append((p.longest_path.length, person, game.id))
        margin = _margin(sheet)
        if len(game.winners) == 1 and margin > 0:
            winner = names.get(name_key(game.winners[0]), game.winners[0])
            figures["biggest_win"].append((margin, winner, game.id))
    records = []
    for key, title in RECORDS:
        found = figures[key]
        if not found or max(value for value, _who, _game in found) <= 0:
            continue
        top = max(value for value, _who, _game in found)
        holders = tuple(dict.fromkeys(who for value, who, _game in found if value == top))
        first = next(game for value, _who, game in found if value == top)
        records.append(Record(key, title, top, holders, first, map_variant))
    return tuple(records)
