"""A rating that learns from each finished game's places, games taken in the order they
were played: openskill's Plackett–Luce model, made for games of several players, where
each finish tells how likely each player was to come ahead of those below them. A
player's skill is an estimate (μ) and its uncertainty (σ); the rating shown is the
cautious ``μ − 3σ`` (openskill's ordinal): it starts at 0, and rises as the games show
more. Places are the score sheet's (``event_standings.result_of``): players still equal
after the rule book's tiebreakers are rated as tied.

A player is provisional until ``PROVISIONAL_GAMES`` finished games have told enough."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from openskill.models import PlackettLuce, PlackettLuceRating

from companion.rules.counted import tenths
from companion.rules.event_standings import GameResult
from companion.rules.names import name_key

PROVISIONAL_GAMES = 5  # finished games before a rating is more than provisional


@dataclass(frozen=True)
class Rating:
    """A person's rating after the games: the estimate, its uncertainty, the games rated."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating shown: the estimate less three times its uncertainty."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> Decimal:
        """The rating as the page shows it: to one decimal, a half rounded up (never −0)."""
        return tenths(self.ordinal)

    @property
    def provisional(self) -> bool:
        """Fewer than ``PROVISIONAL_GAMES`` finished games rated."""
        return self.games < PROVISIONAL_GAMES


def ratings(results: Iterable[GameResult]) -> tuple[Rating, ...]:
    """Everyone's rating after these finished games, taken in the order given (the order
    they were played); best first. A game of one player tells nothing and is passed by."""
    model = PlackettLuce()
    skill: dict[str, PlackettLuceRating] = {}
    games: dict[str, int] = {}
    for result in results:
        if len(result.players) < 2:
            continue
        teams = [[skill.get(name) or model.rating(name=name)] for name in result.players]
        rated = model.rate(teams, ranks=[float(place) for place in result.places])
        for name, (after,) in zip(result.players, rated, strict=True):
            skill[name] = after
            games[name] = games.get(name, 0) + 1
    found = [Rating(name, s.mu, s.sigma, games[name]) for name, s in skill.items()]
    return tuple(sorted(found, key=lambda r: (-r.ordinal, name_key(r.name))))
