"""Head to head: over the finished games two people both played, how often each finished
ahead of the other, and how often neither did. Places are the score sheet's (its ranks,
the rule book's tiebreakers applied: ``event_standings.result_of``); two players still
equal share a place, and that is a tie between them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from companion.rules.event_standings import GameResult


@dataclass(frozen=True)
class Meeting:
    """``person``'s record against ``other``: the games in which ``person`` finished ahead
    of them, behind them, and level with them."""

    person: str
    other: str
    ahead: int = 0
    behind: int = 0
    tied: int = 0

    @property
    def games(self) -> int:
        """The finished games both played."""
        return self.ahead + self.behind + self.tied


@dataclass(frozen=True)
class HeadToHead:
    """Every pair of people who met in a finished game, seen from each side."""

    meetings: Mapping[tuple[str, str], Meeting]
    people: tuple[str, ...]  # in the order their lines are listed

    def between(self, person: str, other: str) -> Meeting:
        """``person``'s record against ``other`` (all nought if they never met)."""
        return self.meetings.get((person, other), Meeting(person, other))

    def of(self, person: str) -> tuple[Meeting, ...]:
        """``person``'s record against each person they met, in the people's order."""
        return tuple(
            self.meetings[person, other]
            for other in self.people
            if (person, other) in self.meetings
        )


def head_to_head(results: Iterable[GameResult], people: Sequence[str] = ()) -> HeadToHead:
    """The head-to-head records over these finished games (each player named as the person
    they are); ``people`` gives the order of the lines, anyone else following as met."""
    counts: dict[tuple[str, str], list[int]] = {}
    order = dict.fromkeys(people)
    for result in results:
        seats = list(zip(result.players, result.places, strict=True))
        for person, place in seats:
            order.setdefault(person)
            for other, other_place in seats:
                if other == person:
                    continue
                tally = counts.setdefault((person, other), [0, 0, 0])
                tally[0 if place < other_place else 1 if place > other_place else 2] += 1
    meetings = {
        (person, other): Meeting(person, other, *tally) for (person, other), tally in counts.items()
    }
    return HeadToHead(MappingProxyType(meetings), tuple(order))
