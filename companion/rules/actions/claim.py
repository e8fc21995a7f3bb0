"""Claiming a route: the action, its record form, and the rules of a claim (the route a
claim names, double routes, pieces left, a Märklin passenger placed with it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar

from companion.rules import counted, passengers
from companion.rules.board import RAIL, ROUTE_KINDS, SEA, Board, Route
from companion.rules.colors import GRAY, UnknownColor, color_words, route_color
from companion.rules.dice import DiceTurn, dice_for_claim, out_of_reach
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import dice_of, keys, pair, text
from companion.rules.state import State
from companion.rules.words import DASH, Text, _, join, listing, ngettext

KIND_WORDS = {RAIL: _("rail"), SEA: _("sea")}


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

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Ann claimed Denver–Kansas City (black)"; where the ``board`` is given, the route
        as its label says it everywhere, each city with its local name: "Portland (Портленд)–
        Seattle (Сиэтл) (серый, путь 1)"; ``short``, the cities as printed only (the bar)."""
        label = self.label(board, short)
        if board is not None and label is not None:
            if self.passenger:
                return _(
                    "%(player)s claimed %(route)s, passenger in %(city)s",
                    player=self.player,
                    route=label,
                    city=self.passenger if short else board.named(self.passenger),
                )
            return _("%(player)s claimed %(route)s", player=self.player, route=label)
        details: list[Text] = []
        if self.color:
            details.append(color_words(self.color))
        if self.kind:
            details.append(KIND_WORDS.get(self.kind, self.kind))
        if self.track is not None:
            details.append(_("track %(track)d", track=self.track))
        named = DASH.join(self.cities)
        if details and self.passenger:
            return _(
                "%(player)s claimed %(route)s (%(details)s), passenger in %(city)s",
                player=self.player,
                route=named,
                details=listing(details),
                city=self.passenger,
            )
        if details:
            return _(
                "%(player)s claimed %(route)s (%(details)s)",
                player=self.player,
                route=named,
                details=listing(details),
            )
        if self.passenger:
            return _(
                "%(player)s claimed %(route)s, passenger in %(city)s",
                player=self.player,
                route=named,
                city=self.passenger,
            )
        return _("%(player)s claimed %(route)s", player=self.player, route=named)

    def label(self, board: Board | None, short: bool = False) -> Text | None:
        """The route this claim names, as its label says it everywhere (``short``: the
        cities as printed only); None without the board, or where it names no one route."""
        route = self._route(board) if board is not None else None
        if board is None or route is None:
            return None
        return route.label if short else board.label(route)

    def _route(self, board: Board) -> Route | None:
        """The one route of the board this claim names, or None (a name the board does not
        know as printed, or a claim that names no single route)."""
        if not all(c in board.cities for c in self.cities):
            return None
        found = [
            r
            for r in board.routes_between(*self.cities)
            if (self.color is None or r.color == self.color)
            and (self.track is None or r.track == self.track)
            and (self.kind is None or r.kind == self.kind)
        ]
        return found[0] if len(found) == 1 else None

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
                f"{where}.track",
                _("should be a track number from 1 to 9, not %(value)s", value=repr(track)),
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
    route = check_claim(state, player, claim)
    supply = dict(state.ships) if route.kind == SEA else dict(state.trains)
    owners = dict(state.owners)
    owners[route.id] = player
    supply[player] -= route.trains  # a mountain route's ✕ take theirs from the reserve too
    if claim.passenger is not None:
        city = passengers.place(state, player, route, claim.passenger)
        state = replace(
            state,
            passengers=MappingProxyType({**state.passengers, city: player}),
            placed=MappingProxyType({**state.placed, player: state.placed.get(player, 0) + 1}),
        )
    if route.kind == SEA:
        return replace(state, owners=MappingProxyType(owners), ships=MappingProxyType(supply))
    return replace(state, owners=MappingProxyType(owners), trains=MappingProxyType(supply))


def check_claim(state: State, player: str, claim: Claim) -> Route:
    """The route the claim names, if the player may claim it now (its passenger aside);
    else the rule that forbids the claim."""
    route = find_route(state, claim)
    check_route(state, player, route)
    return route


def check_route(state: State, player: str, route: Route) -> None:
    """Refuses the player's claim of the route now, with the rule that forbids it."""
    board, edition = state.board, state.setup.edition
    owner = state.owners.get(route.id)
    if owner is not None:
        raise IllegalAction(
            _("%(route)s is already claimed by %(player)s", route=route.label, player=owner)
        )
    for other in board.parallels(route):
        other_owner = state.owners.get(other.id)
        if other_owner is None:
            continue
        if other_owner == player:
            raise IllegalAction(
                _(
                    "%(player)s already has %(route)s: one player may never claim "
                    "two routes between the same cities",
                    player=player,
                    route=other.label,
                )
            )
        players = len(state.setup.players)
        if players < edition.parallels_open_from:
            raise IllegalAction(_one_of_parallels(route, other, players, other_owner))
    beyond = out_of_reach(route) if state.setup.dice else None
    if beyond is not None:  # no roll pays for it, whether the record gives the dice or not
        raise IllegalAction(beyond)
    have = (state.ships if route.kind == SEA else state.trains)[player]
    if route.mountains and route.trains > have:
        raise IllegalAction(
            _(
                "%(player)s has %(have)s left; %(route)s needs %(need)s: %(spaces)s and "
                "%(crossing)s for the Mountain Crossing",
                player=player,
                have=counted.trains(have),
                route=route.name,
                need=counted.trains(route.trains),
                spaces=counted.spaces(route.length),
                crossing=counted.trains(route.mountains),
            )
        )
    if route.length > have:
        raise IllegalAction(
            _(
                "%(player)s has %(have)s left; %(route)s needs %(need)s",
                player=player,
                have=_pieces(route, have),
                route=route.name,
                need=_pieces(route, route.length),
            )
        )


def _pieces(route: Route, count: int) -> Text:
    """ "3 trains", or "3 ships" for a sea route."""
    return counted.ships(count) if route.kind == SEA else counted.trains(count)


def _one_of_parallels(route: Route, other: Route, players: int, owner: str) -> Text:
    """Only one route of a double (or triple) may be claimed with so few players."""
    values = {"route": route.name, "player": owner, "other": other.label}
    if route.tracks == 2:
        return ngettext(
            "with %(num)d player only one of the two %(route)s routes can be used, "
            "and %(player)s has claimed %(other)s",
            "with %(num)d players only one of the two %(route)s routes can be used, "
            "and %(player)s has claimed %(other)s",
            players,
            **values,
        )
    if route.tracks == 3:
        return ngettext(
            "with %(num)d player only one of the three %(route)s routes can be used, "
            "and %(player)s has claimed %(other)s",
            "with %(num)d players only one of the three %(route)s routes can be used, "
            "and %(player)s has claimed %(other)s",
            players,
            **values,
        )
    return ngettext(
        "with %(num)d player only one of the %(count)d %(route)s routes can be used, "
        "and %(player)s has claimed %(other)s",
        "with %(num)d players only one of the %(count)d %(route)s routes can be used, "
        "and %(player)s has claimed %(other)s",
        players,
        count=route.tracks,
        **values,
    )


def claim_for(board: Board, route: Route, player: str, **more: Any) -> Claim:
    """The claim that names exactly this route: its kind where a route of the other kind
    joins the same cities, its colour on a double, its track where the colour can't tell."""
    between = board.routes_between(*route.cities)
    kind = route.kind if len({r.kind for r in between}) > 1 else None
    others = [r for r in between if r.id != route.id and r.kind == route.kind]
    if not others:
        return Claim(player, route.cities, kind=kind, **more)
    if any(r.color == route.color for r in others):
        return Claim(player, route.cities, track=route.track, kind=kind, **more)
    return Claim(player, route.cities, color=route.color, kind=kind, **more)


def find_route(state: State, claim: Claim) -> Route:
    """The one route a claim names; refuses an unknown or ambiguous one, listing candidates."""
    board = state.board
    a, b = (board.city(c) for c in claim.cities)
    if a == b:
        raise IllegalAction(_("a route joins two different cities, not %(city)s to itself", city=a))
    candidates = board.routes_between(a, b)
    name = f"{a}{DASH}{b}"
    if not candidates:
        neighbours = sorted({r.other_end(a) for r in board.routes_at(a)})
        raise IllegalAction(
            _(
                "no route joins %(a)s and %(b)s; from %(a)s the routes go to %(cities)s",
                a=a,
                b=b,
                cities=join(neighbours),
            )
        )
    if claim.kind is not None:
        if claim.kind not in ROUTE_KINDS:
            raise IllegalAction(
                _("'%(kind)s' is not a kind of route (rail or sea)", kind=claim.kind)
            )
        kind = claim.kind
        no_kind = (
            _("no sea route joins %(route)s", route=name)
            if kind == SEA
            else _("no rail route joins %(route)s", route=name)
        )
        candidates = _narrow(candidates, lambda r: r.kind == kind, no_kind)
    if claim.color is not None:
        try:
            color = route_color(claim.color)
        except UnknownColor as error:
            raise IllegalAction(error.args[0]) from None
        # A gray route is claimed with cards of any one colour, so naming that colour
        # names the gray route, unless a route of exactly that colour joins the cities too.
        exact = any(r.color == color for r in candidates)
        candidates = _narrow(
            candidates,
            lambda r: r.color == color or (not exact and r.color == GRAY),
            _("%(route)s has no %(color)s route", route=name, color=color_words(color)),
        )
    if claim.track is not None:
        track = claim.track
        numbered = [r for r in candidates if r.track == track]
        everything = board.routes_between(a, b)
        if not numbered and 1 <= track <= len(everything) and everything[track - 1] in candidates:
            # Counted over every route joining the two cities (a rail and a sea route
            # between the same cities are not one double, yet they can be numbered so).
            numbered = [everything[track - 1]]
        candidates = _narrow(
            candidates,
            lambda r: r in numbered,
            _("%(route)s has no track %(track)d", route=name, track=track),
        )
    if len(candidates) == 1:
        return candidates[0]
    first = candidates[0]
    if all(
        (r.length, r.color, r.kind, r.locomotives, r.mountains)
        == (first.length, first.color, first.kind, first.locomotives, first.mountains)
        for r in candidates
    ):
        # Tracks alike in every way: the first free one serves.
        free = [r for r in candidates if r.id not in state.owners]
        return free[0] if free else first
    choices = join([r.label for r in candidates], "or")
    raise IllegalAction(
        _(
            "%(route)s names more than one route: say which, %(choices)s",
            route=name,
            choices=choices,
        )
    )


def _narrow(
    candidates: tuple[Route, ...], keep: Callable[[Route], bool], problem: Text
) -> tuple[Route, ...]:
    kept = tuple(r for r in candidates if keep(r))
    if not kept:
        here = join([r.label for r in candidates])
        raise IllegalAction(
            _("%(problem)s (the routes there: %(routes)s)", problem=problem, routes=here)
        )
    return kept
