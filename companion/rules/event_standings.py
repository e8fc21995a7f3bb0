"""An event's standings over its finished games, by the organizer's choice of method, as
tournaments rank their heats:

- ``WINS``: most wins first; then, as the World Boardgaming Championships' heats, the sum
  over a player's games of their score ÷ their best opponent's score, plus 100 points for
  a win, 20 for second place and 5 for third place at a table of 5;
- ``SHARE``: the average over a player's games of their score as a percentage of the
  winner's (EuroQuest's "closest second": maps and tables compare);
- ``POINTS``: the total of their scores.

Each game's places come from its score sheet, the rule book's tiebreakers applied; players
still equal share the place (each wins a shared win), unless the event settles such a tie
to the later seat, as tournaments do ("reverse turn order breaks the tie"). Where a score
divides another, a score below 1 counts as 1 (a house rule: a ratio of a score of zero or
less says nothing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from companion.rules.score_sheet import ScoreSheet
from companion.rules.words import Text, _

WINS, SHARE, POINTS = "wins", "share", "points"
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
        "over their games, so tables and maps compare."
    ),
    POINTS: _("The sum of a player's final scores."),
}
SCORE_HEADS: dict[str, Text] = {WINS: _("Sum"), SHARE: _("Percent"), POINTS: _("Score")}
SHORT: dict[str, Text] = {WINS: _("Wins"), SHARE: _("Percent"), POINTS: _("Points")}  # tabs
RATIO_HOUSE_RULE = _(
    "House rule: in a ratio, a score below 1 counts as 1 (a score of 0 or less divides nothing)."
)
PLACE_POINTS = {1: 100, 2: 20}  # and 5 for third place at a table of 5
THIRD_OF_FIVE = 5


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


def result_of(sheet: ScoreSheet, later_seat_wins_ties: bool = False) -> GameResult:
    """A finished game's result from its score sheet: places by the sheet's ranks (the
    rule book's tiebreakers applied); with ``later_seat_wins_ties``, of players still equal
    the one who sat later places higher."""
    ranks = [p.rank for p in sheet.players]
    if later_seat_wins_ties:
        places = tuple(
            1 + sum(1 for j, other in enumerate(ranks) if other < r or (other == r and j > i))
            for i, r in enumerate(ranks)
        )
    else:
        places = tuple(ranks)
    return GameResult(
        tuple(p.name for p in sheet.players), tuple(p.total for p in sheet.players), places
    )


@dataclass(frozen=True)
class EventStanding:
    """A player's line in the standings: games finished, wins, total points, the value the
    method ranks by (after wins, for ``WINS``) and the rank (shared by equal players)."""

    name: str
    games: int
    wins: int
    points: int
    score: Fraction
    rank: int = 0

    @property
    def shown(self) -> str:
        """The ranking value as the page and the files show it: two decimals."""
        return f"{float(self.score):.2f}"


def _ratio(score: int, other: int) -> Fraction:
    return Fraction(max(score, 1), max(other, 1))


def event_standings(
    results: Iterable[GameResult], method: str, players: Sequence[str] = ()
) -> tuple[EventStanding, ...]:
    """The standings by ``method``, best first (``players``: those listed with no finished
    game yet, at the foot with nothing)."""
    if method not in METHODS:
        raise ValueError(f"no such method: {method}")
    games: dict[str, int] = dict.fromkeys(players, 0)
    wins: dict[str, int] = dict.fromkeys(players, 0)
    points: dict[str, int] = dict.fromkeys(players, 0)
    sums: dict[str, Fraction] = {p: Fraction(0) for p in players}
    for result in results:
        for i, name in enumerate(result.players):
            games[name] = games.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (result.places[i] == 1)
            points[name] = points.get(name, 0) + result.scores[i]
            if method == WINS:
                value = _ratio(result.scores[i], result.best_opponent(i)) + result.place_points(i)
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
        lines.append(EventStanding(name, games[name], wins[name], points[name], score))

    def key(line: EventStanding) -> tuple[int, Fraction]:
        return (line.wins if method == WINS else 0, line.score)

    # A player's rank: 1 + how many rank above them (the first place of their key, best
    # first), so equal players share a rank.
    first: dict[tuple[int, Fraction], int] = {}
    for place, found in enumerate(sorted(map(key, lines), reverse=True), start=1):
        first.setdefault(found, place)
    ranked = [replace(line, rank=first[key(line)]) for line in lines]
    return tuple(sorted(ranked, key=lambda line: (line.rank, _natural(line.name))))


def _natural(name: str) -> tuple[tuple[int, object], ...]:
    """A name's place in a list: "Player 2" before "Player 10", case aside."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in re.split(r"(\d+)", name)
        if part
    )
