"""The variants a table plays a map with (USA 1910 on North America, Europa 1912 on
Europe): which ticket decks are in play, which bonuses are scored, and the deal.

A variant is the map's board with another deck and, where it says so, other bonuses: the
rest of the rules (routes, tiebreaks, the end) stay the map's. ``variant_board`` makes that
board once; a game record names its variant (``"variant"``), "base" unless it says."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.rules.board import Board, Ticket
from companion.rules.editions import EUROPEAN_EXPRESS, GLOBETROTTER, LONGEST_PATH_BONUS, Bonus
from companion.rules.errors import IllegalAction
from companion.rules.map_file import load_board, load_decks
from companion.rules.words import DASH, Message, Text, _, join

BASE_GAME = "base"
USA_1910, EUROPA_1912 = _("USA 1910"), _("Europa 1912")  # the boxes the decks come in
# The 1910 box's Globetrotter: 15 points, not the 10 of Märklin and Nordic Countries.
GLOBETROTTER_1910 = replace(GLOBETROTTER, points=15)

# Big Cities: only the tickets that touch one of these.
BIG_CITIES_USA = frozenset(
    {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
)
BIG_CITIES_EUROPE = frozenset(
    {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"}
)
# Europa 1912's Extended: the base tickets as reprinted, and these 19 new regular ones.
EXTENDED_NEW = frozenset(
    frozenset(pair)
    for pair in (
        ("Amsterdam", "Venezia"), ("Bucuresti", "Erzurum"), ("Bruxelles", "Stockholm"),
        ("Cadiz", "Frankfurt"), ("Danzig", "Budapest"), ("Dieppe", "Kobenhavn"),
        ("Dieppe", "Marseille"), ("Edinburgh", "Essen"), ("Lisboa", "Cadiz"),
        ("München", "Petrograd"), ("München", "Sarajevo"), ("Pamplona", "Palermo"),
        ("Riga", "Kharkov"), ("Sochi", "Smyrna"), ("Sofia", "Kyiv"), ("Stockholm", "Wilno"),
        ("Venezia", "Warszawa"), ("Warszawa", "Budapest"), ("Warszawa", "Sevastopol"),
    )
)  # fmt: skip


@dataclass(frozen=True)
class Variant:
    """A way to play a map: its decks (none: the board's own), its bonuses (None: the
    map's), which of the decks' tickets are in play, and the deal the table makes."""

    id: str
    map: str
    name: Text
    deal: Deal | None
    box: Text = ""  # the expansion whose decks it plays with: "USA 1910"
    decks: tuple[str, ...] = ()
    bonuses: tuple[Bonus, ...] | None = None
    keeps: Callable[[Board, Ticket], bool] | None = None  # None: every ticket of the decks
    big_cities: frozenset[str] = frozenset()  # Big Cities: only the tickets touching one

    def deal_words(self, dice: bool = False) -> Text:
        """The deal as the table makes it ("" where the map's rules are the table's to
        read); a Dice Expansion game's later draws as the dice make them."""
        if self.deal is not None:
            return self.deal.words(dice)
        return DICE_DRAW if dice else ""


def _extended(board: Board, ticket: Ticket) -> bool:
    """A base ticket as reprinted in the 1912 box, or one of the 19 new of Extended."""
    pair = frozenset(ticket.cities)
    return pair in EXTENDED_NEW or board.deck_ticket(*ticket.cities) is not None


@dataclass(frozen=True)
class Deal:
    """The tickets each player is dealt at the start (``long`` of them from Europe's long
    deck) and keeps at least, and what a later draw gives and keeps."""

    first: int
    keep: int
    later: int
    keep_later: int
    long: int = 0
    # Legendary Asia: the tickets not kept at the start go back to the box, unseen.
    unkept_leave: bool = False

    def words(self, dice: bool = False) -> Text:
        """The deal as the rule book says it; with the Dice Expansion, a later draw takes
        one ticket per station or locomotive face, each kept or discarded."""
        if self.long:
            opening = _(
                "Deal each player %(regular)d regular tickets and %(long)d long; each keeps "
                "at least %(keep)d.",
                regular=self.first,
                long=self.long,
                keep=self.keep,
            )
        else:
            opening = _(
                "Deal each player %(first)d tickets; each keeps at least %(keep)d.",
                first=self.first,
                keep=self.keep,
            )
        if self.unkept_leave:
            opening = _(
                "%(opening)s The tickets not kept go back to the box unseen, with the long "
                "tickets nobody was dealt.",
                opening=opening,
            )
        if dice:
            return _("%(opening)s %(later)s", opening=opening, later=DICE_DRAW)
        later = (
            _("Later draws: 3 regular, keep at least 1.")
            if self.long
            else _(
                "Later draws: %(later)d, keep at least %(keep_later)d.",
                later=self.later,
                keep_later=self.keep_later,
            )
        )
        return _("%(opening)s %(later)s", opening=opening, later=later)


# The Dice Expansion's later draws: "one ticket per station face, kept or discarded".
DICE_DRAW = _(
    "Later draws with the dice: one ticket per station or locomotive face; keep or discard each."
)


VARIANTS: tuple[Variant, ...] = (
    Variant(BASE_GAME, "usa", _("base game"), Deal(3, 2, 3, 1)),
    Variant("1910", "usa", _("1910"), Deal(3, 2, 3, 1), USA_1910, ("1910",), (GLOBETROTTER_1910,)),
    Variant(
        "mega",
        "usa",
        _("Mega Game"),
        Deal(5, 3, 4, 1),
        USA_1910,
        ("1910", "mega"),
        (LONGEST_PATH_BONUS, GLOBETROTTER_1910),
    ),
    Variant(
        "big-cities",
        "usa",
        _("Big Cities"),
        Deal(4, 2, 4, 1),
        USA_1910,
        ("1910", "mega"),
        (),
        big_cities=BIG_CITIES_USA,
    ),
    Variant(BASE_GAME, "europe", _("base game"), Deal(3, 2, 3, 1, long=1)),
    Variant(
        "extended",
        "europe",
        _("Extended"),
        Deal(3, 2, 3, 1, long=1),
        EUROPA_1912,
        ("1912_regular", "1912_long"),
        (EUROPEAN_EXPRESS,),
        _extended,
    ),
    Variant(
        "mega",
        "europe",
        _("Mega"),
        Deal(5, 3, 3, 1, long=2),
        EUROPA_1912,
        ("1912_regular", "1912_long"),
        (EUROPEAN_EXPRESS,),
    ),
    Variant(
        "big-cities",
        "europe",
        _("Big Cities"),
        Deal(5, 2, 4, 1),
        EUROPA_1912,
        ("1912_regular",),
        (EUROPEAN_EXPRESS,),
        big_cities=BIG_CITIES_EUROPE,
    ),
)

# The deal of a map played only with its own deck, where the companion says it.
MAP_DEALS = {
    "india": Deal(4, 2, 3, 1),
    "legendary-asia": Deal(3, 2, 3, 1, long=1, unkept_leave=True),
}


def variants_of(map_id: str) -> tuple[Variant, ...]:
    """The variants a map is played with ("base" first); just "base" for most maps."""
    found = tuple(v for v in VARIANTS if v.map == map_id)
    return found or (Variant(BASE_GAME, map_id, _("base game"), MAP_DEALS.get(map_id)),)


def variant(map_id: str, variant_id: str) -> Variant:
    """The variant of a map by its id; refuses another with the map's valid ones."""
    for known in variants_of(map_id):
        if known.id == variant_id:
            return known
    raise IllegalAction(
        _(
            "the %(map)s board is played as %(variants)s, not '%(variant)s'",
            map=load_board(map_id).title,
            variants=join([f"'{v.id}'" for v in variants_of(map_id)], "or"),
            variant=variant_id,
        )
    )


@functools.cache
def variant_board(map_id: str, variant_id: str = BASE_GAME) -> Board:
    """The board a variant plays on: the map's, with the variant's tickets and bonuses."""
    board = load_board(map_id)
    chosen = variant(map_id, variant_id)
    if not chosen.decks:
        return board
    decks = load_decks(map_id)
    tickets = tuple(
        t
        for name in chosen.decks
        for t in decks[name]
        if chosen.keeps is None or chosen.keeps(board, t)
        if not chosen.big_cities or chosen.big_cities & set(t.cities)
    )
    edition = board.edition
    if chosen.bonuses is not None:
        edition = replace(edition, bonuses=chosen.bonuses)
    return replace(board, tickets=tickets, edition=edition, variant=chosen.id)


def game_title(board: Board) -> Message:
    """The map and, unless it is the base game, the variant: "North America — 1910"."""
    if board.variant == BASE_GAME:
        return board.title
    chosen = variant(board.id, board.variant)
    return _("%(map)s — %(variant)s", map=board.title, variant=chosen.name)


def outside_deck(board: Board, a: str, b: str) -> Text:
    """Why no ticket between two cities is in the deck a game plays with: the deck named,
    and where the ticket is found instead (another variant's deck, or one the variant
    leaves out)."""
    ticket = f"{a}{DASH}{b}"
    chosen = variant(board.id, board.variant)
    if not chosen.decks:
        boxes = [
            v.box
            for v in variants_of(board.id)
            if v.decks and variant_board(board.id, v.id).deck_ticket(a, b) is not None
        ]
        if boxes:
            return _(
                "%(ticket)s is not a ticket of the %(map)s deck: it comes with %(box)s",
                ticket=ticket,
                map=board.title,
                box=boxes[0],
            )
        return _("%(ticket)s is not a ticket of the %(map)s deck", ticket=ticket, map=board.title)
    if chosen.big_cities and not chosen.big_cities & {a, b}:
        return _(
            "%(ticket)s is not in the %(variant)s deck: it touches none of its big cities "
            "(%(cities)s)",
            ticket=ticket,
            variant=chosen.name,
            cities=join([board.place(c) for c in sorted(chosen.big_cities)]),
        )
    elsewhere = [
        v.name
        for v in variants_of(board.id)
        if v != chosen and variant_board(board.id, v.id).deck_ticket(a, b) is not None
    ]
    if elsewhere:
        return _(
            "%(ticket)s is not in the %(variant)s deck; it is dealt in: %(variants)s",
            ticket=ticket,
            variant=chosen.name,
            variants=join(elsewhere),
        )
    return _("%(ticket)s is not in the %(variant)s deck", ticket=ticket, variant=chosen.name)


def deck_note(board: Board, ticket: Ticket) -> Text | None:
    """What the sheet says of a ticket where it matters: a value typed that is not the
    deck's card's; in a variant, a value the expansion reprinted differently from the base
    game's card; a long ticket (Europe's, Legendary Asia's)."""
    card = board.card_of(ticket)
    if card is None or ticket.has_targets or ticket.is_tour:
        return None
    if card is not ticket:  # typed with its value
        if card.points == ticket.points:
            return None
        return _("as typed; the deck's card says %(points)d", points=card.points)
    if board.variant == BASE_GAME:
        return _("long ticket") if ticket.long else None
    printed = load_board(board.id).deck_ticket(*ticket.cities)
    if printed is not None and printed.points != ticket.points:
        return _(
            "as reprinted in %(box)s; the base game's card says %(points)d",
            box=variant(board.id, board.variant).box,
            points=printed.points,
        )
    return _("long ticket") if ticket.long else None
