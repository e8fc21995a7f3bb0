"""An event's standings over its finished games, by the organizer's choice of method, as
tournaments rank their heats:

- ``WINS``: most wins first; then, as the World Boardgaming Championships' heats, the sum
  over a player's games of their score ÷ their best opponent's score, plus 100 points for
  a win, 20 for second place and 5 for third place at a table of 5;
- ``SHARE``: the average over a player's games of their score as a percentage of the
  winner's (EuroQuest breaks ties between equal placings with this figure; ranked by it
  alone, tables and maps compare);
- ``POINTS``: the total of their scores.

Players the method leaves equal are ranked by their average finish (the mean of their
places), then by lot: a draw fixed by the event's first seed, so the standings read the
same every time.

Each game's places come from its score sheet, the rule book's tiebreakers applied; players
still equal share the place (each wins a shared win), unless the event gives such a tie to
the later seat: as the WBC writes it, for a tie for first ("reverse turn order breaks the
tie"), or, where the event says so, at every place. Where a score divides another, a score
below 1 counts as 1, and a ratio counts at most 2 (house rules: a score of zero or less
divides nothing, and a win over a table that scored nearly nothing is not worth forty).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.rules.score_sheet import ScoreSheet
from companion.rules.words import Text, _

WINS, SHARE, POINTS = "wins", "share", "points"
# Whom the later seat wins a tie for: nobody, first place only (the WBC), every place.
NO_SEAT, FIRST_PLACE, EVERY_PLACE = "", "first", "every"
METHODS: dict[str, Text] = {
    WINS: _("wins, then score ÷ best opponent's score plus place points"),
    SHARE: _("average score as a percentage of the winner's"),
    POINTS: _("total points"),
}
EXPLAINED: dict[str, Text] = {
    WINS: _(
        "Most wins first; between equal wins, the sum over a player's games of their score "
        "divided by their best opponent's score, plus 100 for a win, 20 for second place "
        "and, at a table of 5, 5 for third place (as the World Boardgaming Championships "
        "rank their heats)."
    ),
    SHARE: _(
        "Each game, a player's score as a percentage of the winner's; ranked by the average "
        "over their games, so tables and maps compare. (EuroQuest uses this figure to break "
        "ties between equal placings; here it ranks on its own.)"
    ),
    POINTS: _("The sum of a player's final scores."),
}
SCORE_HEADS: dict[str, Text] = {WINS: _("Sum"), SHARE: _("Percent"), POINTS: _("Score")}
SHORT: dict[str, Text] = {WINS: _("Wins"), SHARE: _("Percent"), POINTS: _("Points")}  # tabs
RATIO_HOUSE_RULE = _(
    "House rule: in a ratio, a score below 1 counts as 1 (a score of 0 or less divides nothing)."
)
RATIO_BOUND_RULE = _(
    "House rule: a score ÷ best opponent's score counts at most 2 (a win over a table that "
    "scored next to nothing is worth no more than a win by double)."
)
TIEBREAKS = _(
    "Players still equal: the better average finish (the mean of their places), then a "
    "draw by lot fixed when the event began."
)
MOST_RATIO = Fraction(2)
# What the standings' explanation says of the later seat.
LATER_SEAT_RULE: dict[str, Text] = {
    FIRST_PLACE: _(
        "At a table, a tie for first the rule book's tiebreakers leave goes to the player "
        "who sat later (as the WBC)."
    ),
    EVERY_PLACE: _(
        "At a table, a tie at any place the rule book's tiebreakers leave goes to the player "
        "who sat later (an option of this event's: the WBC does so for first place only)."
    ),
}
PLACE_POINTS = {1: 100, 2: 20}  # and 5 for third place at a table of 5
THIRD_OF_FIVE = 5


def columns(method: str) -> tuple[Text, ...]:
    """The standings' columns after the rank, as the page and every file head them."""
    return (
        _("Player"),
        _("Games"),
        _("Wins"),
        _("Points"),
        SCORE_HEADS[method],
        _("Average finish"),
    )


@dataclass(frozen=True)
class GameResult:
    """One finished game as the standings see it: its players in seat order, their
    final scores and their places (1: won; equal places where a tie was left)."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]

    def place_points(self, index: int) -> int:
        """The WBC's points for the place of the player in seat ``index``."""
        place = self.places[index]
        if place == 3 and len(self.players) == 5:
            return THIRD_OF_FIVE
        return PLACE_POINTS.get(place, 0)

    def best_opponent(self, index: int) -> int:
        """The highest score at the table but for the player in seat ``index``'s own."""
        return max(s for i, s in enumerate(self.scores) if i != index)

    def winning_score(self) -> int:
        """The score of the game's winner (the highest at the table)."""
        return max(self.scores)


def result_of(sheet: ScoreSheet, later_seat: str = NO_SEAT) -> GameResult:
    """A finished game's result from its score sheet: places by the sheet's ranks (the
    rule book's tiebreakers applied). Of players still equal, the one who sat later places
    higher: for first place (``FIRST_PLACE``: the latest seat wins, the others share
    second), or at every place (``EVERY_PLACE``)."""
    ranks = [p.rank for p in sheet.players]
    if later_seat == EVERY_PLACE:
        places = tuple(
            1 + sum(1 for j, other in enumerate(ranks) if other < r or (other == r and j > i))
            for i, r in enumerate(ranks)
        )
    elif later_seat == FIRST_PLACE and ranks.count(1) > 1:
        latest = max(i for i, r in enumerate(ranks) if r == 1)
        places = tuple(2 if r == 1 and i != latest else r for i, r in enumerate(ranks))
    else:
        places = tuple(ranks)
    return GameResult(
        tuple(p.name for p in sheet.players), tuple(p.total for p in sheet.players), places
    )


@dataclass(frozen=True)
class EventStanding:
    """A player's line in the standings: games finished, wins, total points, the value the
    method ranks by (after wins, for ``WINS``), their places added up, the rank (shared by
    players still equal) and whether a draw by lot set it apart from an equal player's."""

    name: str
    games: int
    wins: int
    points: int
    score: Fraction
    rank: int = 0
    places: int = 0
    by_lot: bool = False

    @property
    def shown(self) -> str:
        """The ranking value as the page and the files show it: two decimals."""
        return f"{float(self.score):.2f}"

    @property
    def average_place(self) -> Fraction | None:
        """The mean of their places (the first tiebreak); None before a finished game."""
        return Fraction(self.places, self.games) if self.games else None

    @property
    def average_shown(self) -> str:
        """The average finish as the page shows it: two decimals, or a dash."""
        found = self.average_place
        return "—" if found is None else f"{float(found):.2f}"


def _ratio(score: int, other: int) -> Fraction:
    return Fraction(max(score, 1), max(other, 1))


def _lot(seed: str, name: str) -> str:
    """A player's place in the draw by lot the event's ``seed`` fixes."""
    return hashlib.sha256(f"{seed}\n{name}".encode()).hexdigest()


def event_standings(
    results: Iterable[GameResult], method: str, players: Sequence[str] = (), lot: str = ""
) -> tuple[EventStanding, ...]:
    """The standings by ``method``, best first (``players``: those listed with no finished
    game yet, at the foot with nothing); players the method leaves equal by their average
    finish, then, where ``lot`` (the event's seed) is given, by lot."""
    if method not in METHODS:
        raise ValueError(f"no such method: {method}")
    games: dict[str, int] = dict.fromkeys(players, 0)
    wins: dict[str, int] = dict.fromkeys(players, 0)
    points: dict[str, int] = dict.fromkeys(players, 0)
    sums: dict[str, Fraction] = {p: Fraction(0) for p in players}
    places: dict[str, int] = dict.fromkeys(players, 0)
    for result in results:
        for i, name in enumerate(result.players):
            games[name] = games.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (result.places[i] == 1)
            points[name] = points.get(name, 0) + result.scores[i]
            places[name] = places.get(name, 0) + result.places[i]
            if method == WINS:
                ratio = min(_ratio(result.scores[i], result.best_opponent(i)), MOST_RATIO)
                value: Fraction = ratio + result.place_points(i)
            elif method == SHARE:
                value = 100 * _ratio(result.scores[i], result.winning_score())
            else:
                value = Fraction(result.scores[i])
            sums[name] = sums.get(name, Fraction(0)) + value
    lines = []
    for name in games:
        score = sums[name]
        if method == SHARE and games[name]:
            score /= games[name]
        lines.append(
            EventStanding(name, games[name], wins[name], points[name], score, 0, places[name])
        )

    def key(line: EventStanding) -> tuple[bool, int, Fraction, Fraction]:
        """Best first, smallest first: a finished game before none, the method's figures
        (wins, then the value, for ``WINS``), then the better average finish."""
        average = line.average_place
        return (
            not line.games,
            -(line.wins if method == WINS else 0),
            -line.score,
            Fraction(0) if average is None else average,
        )

    # A player's rank: 1 + how many rank above them, so players still equal share a rank;
    # a draw by lot then orders those with a finished game.
    first: dict[tuple[bool, int, Fraction, Fraction], int] = {}
    for place, found in enumerate(sorted(map(key, lines)), start=1):
        first.setdefault(found, place)
    ranked = [replace(line, rank=first[key(line)]) for line in lines]
    if lot:
        ranked = _drawn_by_lot(ranked, lot)
    return tuple(sorted(ranked, key=lambda line: (line.rank, _natural(line.name))))


@dataclass(frozen=True)
class OverallStanding:
    """A player's place over the whole event: where their furthest stage ranks them, the
    stage (``""``: the heats) and their line in that stage's standings."""

    rank: int
    stage: str
    line: EventStanding


def overall_standings(
    heats: Sequence[EventStanding], stages: Sequence[tuple[str, Sequence[EventStanding]]]
) -> tuple[OverallStanding, ...]:
    """The event's standings once stages follow the heats (``stages`` in the order they
    were played): the last stage's players first, by its standings, then those of the
    stage before who went no further, by that stage's, …, then everyone else by the
    heats'. Players a stage leaves equal share a place."""
    placed: set[str] = set()
    found: list[OverallStanding] = []
    for stage, lines in [*reversed(stages), ("", heats)]:
        group = [line for line in lines if line.name not in placed]
        offset = len(found)
        for line in group:
            above = sum(1 for other in group if other.rank < line.rank)
            found.append(OverallStanding(offset + above + 1, stage, line))
        placed |= {line.name for line in group}
    return tuple(found)


def _drawn_by_lot(lines: list[EventStanding], lot: str) -> list[EventStanding]:
    """Players who share a rank after a finished game, ordered by the draw by lot."""
    out = []
    shared: dict[int, list[EventStanding]] = {}
    for line in lines:
        shared.setdefault(line.rank, []).append(line)
    for rank, equal in shared.items():
        if len(equal) == 1 or not equal[0].games:
            out += equal
            continue
        drawn = sorted(equal, key=lambda line: _lot(lot, line.name))
        out += [replace(line, rank=rank + i, by_lot=True) for i, line in enumerate(drawn)]
    return out


def _natural(name: str) -> tuple[tuple[int, object], ...]:
    """A name's place in a list: "Player 2" before "Player 10", case aside."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in re.split(r"(\d+)", name)
        if part
    )
