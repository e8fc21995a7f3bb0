"""Märklin passengers: placing one with a claim, and a passenger's trip for goods tokens.

A trip leaves the passenger's city along claimed routes, each at most once; the player's
own routes are free, each opponent route costs one passenger card. In every city after the
start the passenger takes the top goods token, if any is left, and scores it at once; the
start city gives none, even if the trip comes back to it. Passengers never enter a country.
The passenger then leaves the game.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

from companion.rules.board import Route
from companion.rules.editions import GOODS_EACH_PASS
from companion.rules.errors import IllegalAction
from companion.rules.state import State, Trip
from companion.rules.words import DASH, _, join, ngettext


def passengers_left(state: State, player: str) -> int:
    """How many passengers a player has not placed yet."""
    return state.setup.edition.passengers - state.placed.get(player, 0)


def place(state: State, player: str, route: Route, text: str) -> str:
    """The city where a passenger goes with this claim, or the rule that forbids it."""
    board = state.board
    if not state.setup.edition.passengers:
        raise IllegalAction(
            _("there are no passengers in %(edition)s", edition=state.setup.edition.name)
        )
    city = board.city(text)
    if city not in route.cities:
        raise IllegalAction(
            _(
                "a passenger goes on a city of the route just claimed: %(cities)s, not %(city)s",
                cities=join(list(route.cities), "or"),
                city=city,
            )
        )
    if board.is_country(city):
        raise IllegalAction(_("passengers never go into a country (%(city)s)", city=city))
    if city in state.passengers:
        raise IllegalAction(
            _(
                "%(city)s already has %(player)s's passenger",
                city=city,
                player=state.passengers[city],
            )
        )
    if passengers_left(state, player) <= 0:
        raise IllegalAction(
            ngettext(
                "%(player)s has placed all %(num)d passenger",
                "%(player)s has placed all %(num)d passengers",
                state.setup.edition.passengers,
                player=player,
            )
        )
    return city


def goods_color(state: State, city: str) -> str:
    """The goods colour of a city, or a refusal asking the table to set it."""
    color = state.setup.goods.get(city)
    if color is None:
        raise IllegalAction(
            _("the goods colour of %(city)s is not set: set it, then make the trip", city=city)
        )
    return color


def top_token(state: State, city: str, taken_now: int = 0) -> int | None:
    """The value of the token on top of a city's stack (after ``taken_now`` more), if any."""
    stack = state.setup.edition.goods[goods_color(state, city)]
    taken = state.goods_taken.get(city, 0) + taken_now
    return stack[taken] if taken < len(stack) else None


def next_routes(state: State, city: str, used: set[int]) -> list[Route]:
    """The claimed routes a trip at ``city`` may take next: not one it has used, never
    into a country; by the city they lead to."""
    board = state.board
    return sorted(
        (
            r
            for r in board.routes_at(city)
            if r.id in state.owners and r.id not in used and not board.is_country(r.other_end(city))
        ),
        key=lambda r: (r.other_end(city), r.track),
    )


def without_goods_colour(state: State, cities: Sequence[str]) -> list[str]:
    """The cities of a trip whose goods colour the table has not set yet."""
    board = state.board
    return [
        c
        for c in cities
        if c in board.cities and not board.is_country(c) and c not in state.setup.goods
    ]


def plan_trip(state: State, player: str, names: Sequence[str]) -> Trip:
    """The trip through these cities in order, checked: routes, cost and tokens."""
    cities, routes = trip_routes(state, player, names)
    return Trip(
        player=player,
        cities=cities,
        routes=routes,
        tokens=_tokens(state, cities),
        cards=sum(1 for r in routes if state.owners[r.id] != player),
    )


def trip_routes(
    state: State, player: str, names: Sequence[str]
) -> tuple[tuple[str, ...], tuple[Route, ...]]:
    """The cities of a trip as printed, and the claimed routes it takes between them (the
    player's own first): refuses a trip no passenger of the player can make."""
    board = state.board
    if not state.setup.edition.passengers:
        raise IllegalAction(
            _("there are no passengers in %(edition)s", edition=state.setup.edition.name)
        )
    cities = tuple(board.city(n) for n in names)
    if len(cities) < 2:
        raise IllegalAction(_("a passenger's trip names its city and at least one more"))
    start = cities[0]
    if state.passengers.get(start) != player:
        mine = sorted(c for c, p in state.passengers.items() if p == player)
        where = (
            _("%(player)s's passengers are in %(cities)s", player=player, cities=join(mine))
            if mine
            else _("%(player)s has no passenger on the board", player=player)
        )
        raise IllegalAction(
            _(
                "%(player)s has no passenger in %(city)s (%(where)s)",
                player=player,
                city=start,
                where=where,
            )
        )
    for city in cities[1:]:
        if board.is_country(city):
            raise IllegalAction(_("passengers never enter a country (%(city)s)", city=city))
    used: set[int] = set()
    routes: list[Route] = []
    for a, b in zip(cities, cities[1:], strict=False):
        claimed = [r for r in board.routes_between(a, b) if r.id in state.owners]
        if not claimed:
            raise IllegalAction(_("no claimed route joins %(a)s and %(b)s", a=a, b=b))
        free = [r for r in claimed if r.id not in used]
        if not free:
            raise IllegalAction(
                _(
                    "the trip has already used every claimed route %(route)s",
                    route=f"{a}{DASH}{b}",
                )
            )
        route = min(free, key=lambda r: (state.owners[r.id] != player, r.id))
        used.add(route.id)
        routes.append(route)
    return cities, tuple(routes)


def _tokens(state: State, cities: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    each_pass = GOODS_EACH_PASS in state.setup.house_rules
    start = cities[0]
    taken: dict[str, int] = {}
    tokens = []
    for city in cities[1:]:
        if city == start or (city in taken and not each_pass):
            continue
        value = top_token(state, city, taken.get(city, 0))
        taken[city] = taken.get(city, 0) + 1
        if value is not None:
            tokens.append((city, value))
    return tuple(tokens)


def after_trip(taken: Mapping[str, int], trip: Trip) -> dict[str, int]:
    """The count of tokens taken from each city once the trip is made."""
    result = dict(taken)
    for city, _value in trip.tokens:
        result[city] = result.get(city, 0) + 1
    return result


def best_trip(state: State, player: str, start: str, cards: int) -> Trip | None:
    """The trip worth the most goods points from ``start`` with at most ``cards`` passenger
    cards (ties: fewer cards, then fewer routes); None if no claimed route leaves.

    Exact: every trail from the start is searched, cut short when the tokens of the cities
    still reachable within the cards left can't beat the best found. Cities whose goods
    colour is not set yet are left out (a trip through one can't be scored); the start needs
    none, since it never gives a token.
    """
    if state.passengers.get(start) != player:
        raise IllegalAction(_("%(player)s has no passenger in %(city)s", player=player, city=start))
    search = _TripSearch(state, player, start, cards, _routes_to_travel(state, start))
    search.walk(start, 0, 0)
    if not search.best:
        return None
    return plan_trip(state, player, search.best[0][1])


def _routes_to_travel(state: State, start: str) -> dict[str, list[Route]]:
    """The claimed routes a passenger from ``start`` may travel, by the cities at their
    ends: never into a country, nor to a city whose goods colour is not set."""
    board = state.board
    at: dict[str, list[Route]] = {}
    for route_id in state.owners:
        route = board.routes[route_id]
        # The start gives no token, so it needs no colour; any other city does.
        unknown = [c for c in route.cities if c != start and c not in state.setup.goods]
        if unknown or any(board.is_country(c) for c in route.cities):
            continue
        for city in route.cities:
            at.setdefault(city, []).append(route)
    return at


class _TripSearch:
    """The search for the best trip: the trail walked so far, and the best one found."""

    def __init__(
        self, state: State, player: str, start: str, cards: int, at: dict[str, list[Route]]
    ) -> None:
        self.state, self.player, self.start, self.cards, self.at = state, player, start, cards, at
        self.each_pass = GOODS_EACH_PASS in state.setup.house_rules
        self.remaining = {city: _stack_left(state, city) for city in at}
        self.best: list[tuple[tuple[int, int, int], tuple[str, ...]]] = []
        self.path = [start]
        self.used: set[int] = set()
        self.taken: dict[str, int] = {}

    def worth(self, city: str) -> int:
        """The token the trail takes on arriving in ``city`` now (0: none)."""
        stack = self.remaining[city]
        n = self.taken.get(city, 0)
        if city == self.start or (n and not self.each_pass) or n >= len(stack):
            return 0
        return stack[n]

    def cost(self, route: Route) -> int:
        """The passenger cards a route takes: none on the player's own."""
        return int(self.state.owners[route.id] != self.player)

    def bound(self, city: str, left: int) -> int:
        """Tokens still to be had in the cities reachable within ``left`` cards."""
        total = 0
        for reached in self.reachable(city, left):
            stack = self.remaining[reached]
            if reached == self.start:
                continue
            n = self.taken.get(reached, 0)
            total += sum(stack[n:]) if self.each_pass else (stack[0] if n == 0 and stack else 0)
        return total

    def reachable(self, city: str, left: int) -> dict[str, int]:
        """The cities reachable from ``city`` within ``left`` cards, by routes the trail
        has not used, with the fewest cards to each."""
        cost = {city: 0}
        queue = [(0, city)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > cost.get(here, spent):
                continue
            for route in self.at.get(here, ()):
                if route.id in self.used:
                    continue
                step = spent + self.cost(route)
                there = route.other_end(here)
                if step <= left and step < cost.get(there, left + 1):
                    cost[there] = step
                    heapq.heappush(queue, (step, there))
        return cost

    def walk(self, city: str, points: int, spent: int) -> None:
        """Every trail on from ``city``, keeping the best."""
        best, path = self.best, self.path
        if len(path) > 1:
            key = (points, -spent, -len(path))
            if not best or key > best[0][0]:
                best[:] = [(key, tuple(path))]
        if best and points + self.bound(city, self.cards - spent) <= best[0][0][0]:
            # No more points to be had: going on can only match the best with fewer cards,
            # and cards only add up.
            if points < best[0][0][0] or spent >= -best[0][0][1]:
                return
        for route in self.at.get(city, ()):
            if route.id in self.used:
                continue
            cost = spent + self.cost(route)
            if cost > self.cards:
                continue
            there = route.other_end(city)
            gain = self.worth(there)
            self.used.add(route.id)
            path.append(there)
            self.taken[there] = self.taken.get(there, 0) + 1
            self.walk(there, points + gain, cost)
            self.taken[there] -= 1
            path.pop()
            self.used.discard(route.id)


def _stack_left(state: State, city: str) -> tuple[int, ...]:
    """The tokens left on a city, top first (none known without its goods colour)."""
    color = state.setup.goods.get(city)
    if color is None:
        return ()
    return state.setup.edition.goods[color][state.goods_taken.get(city, 0) :]
