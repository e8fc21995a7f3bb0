"""Final scoring: a ``ScoreSheet`` whose lines explain every point.

Route points by the score table; each ticket + or − its value (a completed one carries the
chain of routes that connects it); the edition's ports, goods, exchanges and stations; each
bonus to every player tied for it; then ranks, winners and the tiebreak that decided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from companion.rules import explain
from companion.rules.board import Board, Route, Ticket
from companion.rules.editions import (
    FEWEST_STATIONS,
    LONGEST_PATH,
    MOST_GOODS,
    MOST_MOUNTAIN_ROUTES,
    MOST_TICKETS,
    NETWORK_CITIES,
    Edition,
)
from companion.rules.errors import IllegalAction
from companion.rules.game import State
from companion.rules.longest_path import Edge, components, longest_trail
from companion.rules.mandala import MandalaCheck, mandala_points
from companion.rules.mandala import check as mandala_check
from companion.rules.paths import connecting_chain
from companion.rules.sails import ports_left
from companion.rules.score_sheet import (
    BREAKDOWN_KEYS,
    LongestPath,
    PlayerSheet,
    PortScore,
    RouteScore,
    ScoreSheet,
    TicketScore,
)
from companion.rules.stations import best_borrowing, borrow_options, stations_left
from companion.rules.table_questions import score_track
from companion.rules.tours import score_tour
from companion.rules.variants import outside_deck
from companion.rules.words import DASH, Message, Text, _, join, listing, ngettext

__all__ = [
    "BREAKDOWN_KEYS",
    "LongestPath",
    "PlayerSheet",
    "PortScore",
    "RouteScore",
    "ScoreSheet",
    "TicketScore",
    "check_hands",
    "deck_left",
    "final_scores",
    "held_ticket",
    "held_tour",
    "longest_path",
    "ticket_done",
]


def held_tour(
    board: Board, stops: Sequence[str], values: tuple[int, int, int] | None = None
) -> Ticket:
    """A tour ticket a player holds: from the deck by its cities in order, or with the
    values printed on it (in order, any order, penalty)."""
    cities = tuple(board.city(c) for c in stops)
    if len(cities) < 3 or len(set(cities)) != len(cities):
        raise IllegalAction(_("a tour names three or more different cities"))
    for city in cities:
        if board.cities[city].is_waypoint:
            raise IllegalAction(_("%(city)s is a waypoint: no ticket names one", city=city))
    if values is None:
        tour = board.deck_tour(cities)
        if tour is None:
            raise IllegalAction(
                _(
                    "%(tour)s is not a tour of the %(map)s deck; "
                    "give it with the values printed on the card",
                    tour=DASH.join(cities),
                    map=board.title,
                )
            )
        return tour
    points, unordered, penalty = values
    if not 1 <= unordered <= points <= 99 or not 1 <= penalty <= 99:
        raise IllegalAction(
            _("a tour's values: in order ≥ any order ≥ 1, and a penalty from 1 to 99")
        )
    return Ticket(cities, points, False, unordered, penalty)


def held_targets(board: Board, origin: str, targets: Sequence[str]) -> Ticket:
    """A ticket with several targets a player holds (Switzerland), named by its start and
    its targets as printed: from the deck, which gives the values."""
    start = board.city(origin)
    places = [board.city(t) for t in targets]
    ticket = board.deck_targets(start, places)
    if ticket is None or len(set(places)) != len(places):
        raise IllegalAction(
            _(
                "the %(map)s deck has no ticket from %(origin)s to %(targets)s",
                map=board.title,
                origin=start,
                targets=join(places),
            )
        )
    return ticket


def held_ticket(board: Board, cities: Sequence[str], points: int | None = None) -> Ticket:
    """A ticket a player holds: from the deck by its two cities, or any two with its value."""
    a, b = (board.city(c) for c in cities)
    for city in (a, b):
        if board.cities[city].is_waypoint:
            raise IllegalAction(_("%(city)s is a waypoint: no ticket names one", city=city))
    if a == b:
        raise IllegalAction(_("a ticket names two different places, not %(place)s twice", place=a))
    if points is None:
        if not board.tickets:
            raise IllegalAction(
                _(
                    "the %(map)s tickets are not known to the companion: "
                    "give %(ticket)s with the value printed on the card",
                    map=board.title,
                    ticket=f"{a}{DASH}{b}",
                )
            )
        ticket = board.deck_ticket(a, b)
        starts = [t.origin for t in board.tickets if t.has_targets and t.origin in (a, b)]
        if ticket is None and starts:  # Switzerland: a city or a country to several targets
            raise IllegalAction(
                _(
                    "%(ticket)s is not a ticket of the %(map)s deck; a ticket with several "
                    'targets is named by where it starts and its targets: {"from": '
                    '"%(origin)s", "to": [...]}',
                    ticket=f"{a}{DASH}{b}",
                    map=board.title,
                    origin=starts[0],
                )
            )
        if ticket is None:
            raise IllegalAction(
                _(
                    "%(reason)s; to count it all the same, give it with the value printed on "
                    "the card",
                    reason=outside_deck(board, a, b),
                )
            )
        return ticket
    if isinstance(points, bool) or not isinstance(points, int):
        raise IllegalAction(
            _("a ticket's value is a whole number, not %(value)s", value=repr(points))
        )
    low, high = board.edition.ticket_points
    if not low <= points <= high:
        raise IllegalAction(
            _(
                "a %(edition)s ticket is worth from %(low)d to %(high)d, not %(points)d",
                edition=board.edition.name,
                low=low,
                high=high,
                points=points,
            )
        )
    return Ticket((a, b), points, from_deck=False)


def deck_left(board: Board, hands: Mapping[str, Sequence[Ticket]]) -> list[tuple[int, Ticket, int]]:
    """The deck's tickets of which a card is still in the deck (no player holds every
    copy of it), by their place in the deck, each with how many of its cards are left."""
    held = Counter(t.key for hand in hands.values() for t in hand if t.from_deck)
    return [
        (i, t, t.copies - held[t.key])
        for i, t in enumerate(board.tickets)
        if held[t.key] < t.copies
    ]


def check_hands(board: Board, hands: Mapping[str, Sequence[Ticket]]) -> None:
    """Refuses a deck ticket held more often than the deck has cards of it (once, but for
    Switzerland's country tickets, printed twice). A ticket typed with a value is the
    deck's card when the deck has one between its places, whatever value was typed."""
    holders: dict[Hashable, list[str]] = {}
    for name, tickets in hands.items():
        for ticket in tickets:
            card = board.card_of(ticket)
            if card is None:
                continue
            held = holders.setdefault(card.key, [])
            if len(held) >= card.copies:
                if card.copies == 1:
                    raise IllegalAction(
                        _(
                            "the %(ticket)s ticket is already %(player)s's, and the deck has "
                            "only one",
                            ticket=card.name,
                            player=held[0],
                        )
                    )
                raise IllegalAction(
                    ngettext(
                        "the deck has %(num)d %(ticket)s ticket, held already by %(players)s",
                        "the deck has %(num)d %(ticket)s tickets, held already by %(players)s",
                        card.copies,
                        ticket=card.name,
                        players=join(held),
                    )
                )
            held.append(name)


def final_scores(state: State, hands: Mapping[str, Sequence[Ticket]]) -> ScoreSheet:
    """Scores the board as it stands with the tickets each player revealed."""
    check_hands(state.board, hands)
    setup, board = state.setup, state.board
    edition = setup.edition
    drafts = []
    for player in setup.players:
        owned = state.routes_of(player.name)
        held = hands.get(player.name, ())
        borrowed = _borrow(state, player.name, owned, held)
        usable = (*owned, *(r for _city, r in borrowed if r is not None))
        tickets = tuple(_ticket(usable, t, board) for t in held)
        stations = edition.stations - stations_left(state, player.name) if edition.stations else 0
        mandalas = _mandalas(edition, owned, tickets)
        mountain_routes = tuple(r for r in owned if r.mountains)
        drafts.append(
            PlayerSheet(
                player=player,
                routes=tuple(RouteScore(r, board.points_for(r)) for r in owned),
                tickets=tickets,
                longest_path=(
                    longest_path(owned, board.countries)
                    if edition.needs_longest_path
                    else LongestPath()
                ),
                trains_left=state.trains[player.name],
                ships_left=state.ships.get(player.name, 0),
                trips=tuple(t for t in state.trips if t.player == player.name),
                ports=_ports(state, player.name, tickets),
                unbuilt_ports=edition.unbuilt_port * ports_left(state, player.name),
                exchanged=edition.exchange_cost * state.exchanged.get(player.name, 0),
                borrowed=borrowed,
                stations_used=stations,
                unused_stations=edition.unused_station * (edition.stations - stations),
                track=score_track(state, player.name),
                mandalas=mandalas,
                mandala_bonus=mandala_points(
                    edition.mandala_points, sum(1 for _i, m in mandalas if m.made)
                ),
                mountain_routes=mountain_routes,
                mountains=edition.mountain_points * sum(r.mountains for r in mountain_routes),
                network=largest_network(owned) if _counts_cities(edition) else (),
            )
        )
    for bonus in edition.bonuses:
        most = max(d.criterion(bonus.criterion) for d in drafts)
        if most > 0:
            drafts = [
                replace(d, bonuses=MappingProxyType({**d.bonuses, bonus.key: bonus.points}))
                if d.criterion(bonus.criterion) == most
                else d
                for d in drafts
            ]
    ranked, winners, tiebreak = _rank(drafts, edition.tiebreaks)
    if tiebreak and edition.tiebreak_house_rule:
        tiebreak = _("%(tiebreak)s (a house rule: the rules give no tiebreak)", tiebreak=tiebreak)
    explained = tuple(replace(p, sections=explain.sections(p, board, ranked)) for p in ranked)
    return ScoreSheet(
        board,
        explained,
        winners,
        tiebreak,
        state.is_over,
        explain.columns(edition),
        explain.track_words(edition),
        state.left,
    )


def _mandalas(
    edition: Edition, owned: Sequence[Route], tickets: Sequence[TicketScore]
) -> tuple[tuple[int, MandalaCheck], ...]:
    """India: each completed ticket's Mandala check, by its place among the tickets."""
    if not edition.mandala_points:
        return ()
    found = []
    for i, t in enumerate(tickets):
        if t.completed and len(t.ticket.cities) == 2 and not t.ticket.has_targets:
            checked = mandala_check(owned, *t.ticket.cities)
            if checked is not None:
                found.append((i, checked))
    return tuple(found)


def _counts_cities(edition: Edition) -> bool:
    """True where a bonus or tiebreak counts the cities of a player's largest network."""
    return any(b.criterion == NETWORK_CITIES for b in edition.bonuses)


def largest_network(routes: Sequence[Route]) -> tuple[Route, ...]:
    """The routes of the player's network that reaches the most cities (the first found
    among equals), in the order claimed."""
    pieces = components([Edge(r.id, *r.cities, r.length) for r in routes])
    if not pieces:
        return ()
    biggest = max(pieces, key=lambda edges: len({c for e in edges for c in (e.a, e.b)}))
    ids = {e.id for e in biggest}
    return tuple(r for r in routes if r.id in ids)


def ticket_done(state: State, player: str, a: str, b: str) -> TicketScore:
    """Does the player's network join these two cities now? Their routes and, on Europe,
    the route a station of theirs would borrow for it, as the final scoring would."""
    board = state.board
    ticket = Ticket((board.city(a), board.city(b)), 1, from_deck=False)
    owned = state.routes_of(player)
    borrowed = _borrow(state, player, owned, [ticket])
    return _ticket((*owned, *(r for _city, r in borrowed if r is not None)), ticket, board)


def _borrow(
    state: State, player: str, owned: Sequence[Route], held: Sequence[Ticket]
) -> tuple[tuple[str, Route | None], ...]:
    """Europe: the route each of the player's stations borrows, the best for the tickets."""
    options = borrow_options(state, player)
    if not options:
        return ()

    def tickets_with(borrowed: tuple[Route, ...]) -> tuple[int, int]:
        """Ticket points, then completed tickets (the first tiebreak) among equal points."""
        usable = (*owned, *borrowed)
        scored = [_ticket(usable, t, state.board) for t in held]
        return sum(t.points for t in scored), sum(1 for t in scored if t.completed)

    return best_borrowing(options, tickets_with)


def _ticket(owned: Sequence[Route], ticket: Ticket, board: Board) -> TicketScore:
    if ticket.is_tour:
        points, chain = score_tour(owned, ticket)
        return TicketScore(ticket, chain, in_order=points == ticket.points)
    if ticket.has_targets:
        return _targets(owned, ticket, board)
    a, b = ticket.cities
    return TicketScore(ticket, connecting_chain(owned, a, b, dead_ends=board.countries))


def _targets(owned: Sequence[Route], ticket: Ticket, board: Board) -> TicketScore:
    """A ticket with several targets: the highest one the player's routes reach from its
    start scores (the first printed among equals); none reached, the lowest is lost."""
    best: TicketScore | None = None
    for target, points in ticket.targets:
        chain = connecting_chain(owned, ticket.origin, target, dead_ends=board.countries)
        if chain is not None and (best is None or points > best.points):
            best = TicketScore(ticket, chain, target=target)
    return best or TicketScore(ticket, None)


def _ports(state: State, player: str, tickets: Sequence[TicketScore]) -> tuple[PortScore, ...]:
    """Each of the player's ports, scored by their completed tickets naming its city."""
    table = state.setup.edition.port_points
    scores = []
    for city, owner in sorted(state.ports.items()):
        if owner != player:
            continue
        naming = tuple(t.ticket for t in tickets if t.completed and city in t.ticket.cities)
        points = table[min(len(naming), len(table)) - 1] if naming else 0
        scores.append(PortScore(city, naming, points))
    return tuple(scores)


def longest_path(routes: Sequence[Route], dead_ends: Collection[str] = ()) -> LongestPath:
    """A player's longest continuous path through their routes, exact. It may end in a
    dead end (a country) but never pass through one: each route into it ends there alone."""
    by_id = {r.id: r for r in routes}
    apart: dict[str, str] = {}  # each route's end in a country, a place of its own

    def end(city: str, route: Route) -> str:
        if city not in dead_ends:
            return city
        place = f"{city}\x00{route.id}"  # no printed name holds a NUL
        apart[place] = city
        return place

    trail = longest_trail(
        Edge(r.id, end(r.cities[0], r), end(r.cities[1], r), r.length) for r in routes
    )
    cities = tuple(apart.get(c, c) for c in trail.cities)
    return LongestPath(tuple(by_id[e.id] for e in trail.edges), cities)


def _rank(
    sheets: list[PlayerSheet], tiebreaks: tuple[str, ...]
) -> tuple[list[PlayerSheet], tuple[str, ...], Text | None]:
    """Ranks by total then each tiebreak; players equal on all of them share a rank."""

    def key(s: PlayerSheet) -> tuple[int, ...]:
        return (s.total, *(s.criterion(c) for c in tiebreaks))

    ranked = [replace(s, rank=1 + sum(1 for o in sheets if key(o) > key(s))) for s in sheets]
    winners = tuple(s.name for s in ranked if s.rank == 1)
    return ranked, winners, _tiebreak_story(ranked, tiebreaks)


# Each tiebreak criterion in words: the figure compared, and what decides ("wins on …").
CRITERIA_WORDS: dict[str, tuple[Message, Message]] = {
    FEWEST_STATIONS: (_("stations used"), _("fewest stations used")),
    MOST_TICKETS: (_("completed tickets"), _("most completed tickets")),
    LONGEST_PATH: (_("longest path"), _("the longest continuous path")),
    MOST_GOODS: (_("goods points"), _("most goods points")),
    MOST_MOUNTAIN_ROUTES: (_("mountain routes"), _("most mountain routes")),
    NETWORK_CITIES: (_("cities in one network"), _("most cities in one network")),
}


def _tiebreak_story(sheets: list[PlayerSheet], tiebreaks: tuple[str, ...]) -> Text | None:
    """How the tie for first place was broken, in words; None when there was no tie."""
    top = max(s.total for s in sheets)
    tied = [s for s in sheets if s.total == top]
    if len(tied) < 2:
        return None
    story: list[Text] = [
        ngettext(
            "%(players)s tied on %(num)d point",
            "%(players)s tied on %(num)d points",
            top,
            players=join([s.name for s in tied]),
        )
    ]
    for criterion in tiebreaks:
        noun, deciding = CRITERIA_WORDS[criterion]
        sign = -1 if criterion == FEWEST_STATIONS else 1  # stored negated: more is better
        figures = listing(
            [
                _("%(player)s %(figure)d", player=s.name, figure=sign * s.criterion(criterion))
                for s in tied
            ]
        )
        best = max(s.criterion(criterion) for s in tied)
        leaders = [s for s in tied if s.criterion(criterion) == best]
        if len(leaders) < len(tied):
            names = join([s.name for s in leaders])
            if len(leaders) == 1:
                story.append(
                    _(
                        "%(players)s wins on %(deciding)s (%(noun)s: %(figures)s)",
                        players=names,
                        deciding=deciding,
                        noun=noun,
                        figures=figures,
                    )
                )
                return _story(story)
            story.append(
                _(
                    "%(players)s stay tied on %(deciding)s (%(noun)s: %(figures)s)",
                    players=names,
                    deciding=deciding,
                    noun=noun,
                    figures=figures,
                )
            )
        else:
            story.append(_("still tied on %(noun)s (%(figures)s)", noun=noun, figures=figures))
        tied = leaders
    story.append(_("%(players)s share the win", players=join([s.name for s in tied])))
    return _story(story)


def _story(steps: list[Text]) -> Text:
    """The steps of a tiebreak, one after the other: "A; B; C"."""
    out = steps[0]
    for step in steps[1:]:
        out = _("%(story)s; %(step)s", story=out, step=step)
    return out
