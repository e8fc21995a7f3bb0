"""Claiming a route: the action, its record form, and the rules of a claim (the route a
claim names, double routes, pieces left, a Märklin passenger placed with it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar

from companion.rules import passengers
from companion.rules.board import DASH, ROUTE_KINDS, SEA, Board, Route
from companion.rules.colors import GRAY, UnknownColor, route_color
from companion.rules.dice import DiceTurn, dice_for_claim
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import dice_of, keys, pair, text
from companion.rules.names import join_words, plural
from companion.rules.state import State

HOW_MANY = {2: "two", 3: "three"}


@dataclass(frozen=True)
class Claim:
    """Claim a route: two cities, and the colour, kind or track where several join them."""

    verb: ClassVar[str] = "claim"

    player: str
    cities: tuple[str, str]
    color: str | None = None
    track: int | None = None
    kind: str | None = None
    passenger: str | None = None
    dice: DiceTurn | None = None

    def describe(self) -> str:
        """ "Ann claims Denver–Kansas City (black)"."""
        details = [d for d in (self.color, self.kind) if d]
        if self.track is not None:
            details.append(f"track {self.track}")
        suffix = f" ({', '.join(details)})" if details else ""
        placed = f", passenger in {self.passenger}" if self.passenger else ""
        return f"{self.player} claims {DASH.join(self.cities)}{suffix}{placed}"

    @classmethod
    def parse(cls, where: str, data: Any) -> Claim:
        """From the record: ``{"player": P, "claim": [A, B], "color"/"track"/"kind": …,
        "passenger": CITY}``."""
        keys(where, data, {"player", "claim"}, {"color", "track", "kind", "passenger", "dice"})
        track = data.get("track")
        if track is not None and (
            isinstance(track, bool) or not isinstance(track, int) or not 1 <= track <= 9
        ):
            raise RecordError(
                f"{where}.track", f"should be a track number from 1 to 9, not {track!r}"
            )
        color, kind, passenger = data.get("color"), data.get("kind"), data.get("passenger")
        return cls(
            player=text(f"{where}.player", data["player"]),
            cities=pair(f"{where}.claim", data["claim"]),
            color=None if color is None else text(f"{where}.color", color),
            track=track,
            kind=None if kind is None else text(f"{where}.kind", kind),
            passenger=None if passenger is None else text(f"{where}.passenger", passenger),
            dice=dice_of(where, data),
        )

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        out: dict[str, Any] = {"player": self.player, "claim": list(self.cities)}
        for key in ("color", "track", "kind", "passenger"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def play(self, state: State, player: str) -> State:
        """The state after the claim, or the rule that forbids it."""
        return claim_route(state, player, self)

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """The dice the claim uses (its spaces less the tokens spent); tokens may be taken
        for the rest."""
        route = find_route(before, self)
        return dice_for_claim(route, turn, before.tokens_of(player)), True


def claim_route(state: State, player: str, claim: Claim) -> State:
    """The state with the route claimed, or the rule that forbids the claim."""
    route = find_route(state, claim)
    board, edition = state.board, state.setup.edition
    owner = state.owners.get(route.id)
    if owner is not None:
        raise IllegalAction(f"{route.label} is already claimed by {owner}")
    for other in board.parallels(route):
        other_owner = state.owners.get(other.id)
        if other_owner is None:
            continue
        count = HOW_MANY.get(route.tracks, str(route.tracks))
        if other_owner == player:
            raise IllegalAction(
                f"{player} already has {other.label}: one player may never claim "
                f"two routes between the same cities"
            )
        players = len(state.setup.players)
        if players < edition.parallels_open_from:
            raise IllegalAction(
                f"with {players} players only one of the {count} {route.name} routes "
                f"can be used, and {other_owner} has claimed {other.label}"
            )
    piece = "ship" if route.kind == SEA else "train"
    supply = dict(state.ships) if route.kind == SEA else dict(state.trains)
    have = supply[player]
    if route.length > have:
        raise IllegalAction(
            f"{player} has {plural(have, piece)} left; "
            f"{route.name} needs {plural(route.length, piece)}"
        )
    owners = dict(state.owners)
    owners[route.id] = player
    supply[player] = have - route.length
    if claim.passenger is not None:
        city = passengers.place(state, player, route, claim.passenger)
        state = replace(
            state,
            passengers=MappingProxyType({**state.passengers, city: player}),
            placed=MappingProxyType({**state.placed, player: state.placed.get(player, 0) + 1}),
        )
    state = replace(state, owners=MappingProxyType(owners))
    if route.kind == SEA:
        return replace(state, ships=MappingProxyType(supply))
    return replace(state, trains=MappingProxyType(supply))


def claim_for(board: Board, route: Route, player: str, **more: Any) -> Claim:
    """The claim that names exactly this route: its kind where a route of the other kind
    joins the same cities, its colour on a double, its track where the colour can't tell."""
    kinds = {r.kind for r in board.routes_between(*route.cities)}
    kind = route.kind if len(kinds) > 1 else None
    if not route.is_parallel:
        return Claim(player, route.cities, kind=kind, **more)
    twins = [r for r in board.parallels(route) if r.color == route.color]
    if twins:
        return Claim(player, route.cities, track=route.track, kind=kind, **more)
    return Claim(player, route.cities, color=route.color, kind=kind, **more)


def find_route(state: State, claim: Claim) -> Route:
    """The one route a claim names; refuses an unknown or ambiguous one, listing candidates."""
    board = state.board
    a, b = (board.city(c) for c in claim.cities)
    if a == b:
        raise IllegalAction(f"a route joins two different cities, not {a} to itself")
    candidates = board.routes_between(a, b)
    name = f"{a}{DASH}{b}"
    if not candidates:
        neighbours = sorted({r.other_end(a) for r in board.routes_at(a)})
        raise IllegalAction(
            f"no route joins {a} and {b}; from {a} the routes go to {join_words(neighbours)}"
        )
    if claim.kind is not None:
        if claim.kind not in ROUTE_KINDS:
            raise IllegalAction(f"'{claim.kind}' is not a kind of route (rail or sea)")
        kind = claim.kind
        candidates = _narrow(candidates, lambda r: r.kind == kind, f"no {kind} route joins {name}")
    if claim.color is not None:
        try:
            color = route_color(claim.color)
        except UnknownColor as error:
            raise IllegalAction(str(error)) from None
        # A gray route is claimed with cards of any one colour, so naming that colour
        # names the gray route, unless a route of exactly that colour joins the cities too.
        exact = any(r.color == color for r in candidates)
        candidates = _narrow(
            candidates,
            lambda r: r.color == color or (not exact and r.color == GRAY),
            f"{name} has no {color} route",
        )
    if claim.track is not None:
        track = claim.track
        numbered = [r for r in candidates if r.track == track]
        everything = board.routes_between(a, b)
        if not numbered and 1 <= track <= len(everything) and everything[track - 1] in candidates:
            # Counted over every route joining the two cities (a rail and a sea route
            # between the same cities are not one double, yet they can be numbered so).
            numbered = [everything[track - 1]]
        candidates = _narrow(candidates, lambda r: r in numbered, f"{name} has no track {track}")
    if len(candidates) == 1:
        return candidates[0]
    first = candidates[0]
    if all(
        (r.length, r.color, r.kind) == (first.length, first.color, first.kind) for r in candidates
    ):
        # Tracks alike in every way: the first free one serves.
        free = [r for r in candidates if r.id not in state.owners]
        return free[0] if free else first
    choices = join_words([r.label for r in candidates], "or")
    raise IllegalAction(f"{name} names more than one route: say which, {choices}")


def _narrow(
    candidates: tuple[Route, ...], keep: Callable[[Route], bool], problem: str
) -> tuple[Route, ...]:
    kept = tuple(r for r in candidates if keep(r))
    if not kept:
        here = join_words([r.label for r in candidates])
        raise IllegalAction(f"{problem} (the routes there: {here})")
    return kept
