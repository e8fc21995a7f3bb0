"""The Dice Expansion: what a roll of the train dice (and track tokens) can pay for.

Five train dice show single track, double track, station or locomotive (wild). After one
reroll the player does exactly one thing with some of the dice: claim a single-track
route (a single face or locomotive per space, single tokens too), claim one track of a
double route (double faces, locomotives, double tokens), or draw tickets (one per station
face or locomotive). Route colours don't matter. For every two dice left unused the player
takes a track token of either kind, holding at most 3, and none at all in a turn begun
with 3; tokens may be handed back at the end of a turn. A token pays for a space, even
one the faces could pay ("using all or some of the values": the dice it spares are left
unused); never a ferry's locomotive symbol. A token may be spent in the turn it is taken
("tokens may be used at once, when claiming a route, or later").

Advanced: a ferry takes a locomotive face per locomotive symbol; after the last roll a
tunnel's 3 black dice each showing a tunnel demand one more face or token of the route's
kind (the black dice are rolled for a tunnel only: tunnel faces belong to a tunnel's
claim, or to a tunnel that failed, on a map that has tunnels; a tunnel fails only when
the roll paid for it before the black dice and can't pay what they add); Europe's 1st,
2nd and 3rd stations take 1, 2 and 3 station faces (or locomotives), and a Märklin
passenger a locomotive face for each opponent route it uses: no other play that turn,
but the dice left unused still give their tokens ("besides", «кроме того», the one
play). With 5 dice and 3 tokens no route longer than 8 spaces can be claimed.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.board import Board, Route
from companion.rules.errors import IllegalAction
from companion.rules.words import Text, _, listing, ngettext

SINGLE, DOUBLE, STATION, LOCOMOTIVE = "single", "double", "station", "locomotive"
FACES = (SINGLE, DOUBLE, STATION, LOCOMOTIVE)
# A train die's six sides: single track twice, double track twice, a station, a locomotive.
DIE = (SINGLE, SINGLE, DOUBLE, DOUBLE, STATION, LOCOMOTIVE)
TRAIN_DICE = 5
TUNNEL_DICE = 3
MOST_TOKENS = 3
LONGEST_BY_DICE = TRAIN_DICE + MOST_TOKENS


@dataclass(frozen=True)
class Tokens:
    """Track tokens: single and double."""

    single: int = 0
    double: int = 0

    @property
    def total(self) -> int:
        """How many tokens in all."""
        return self.single + self.double

    def of(self, kind: str) -> int:
        """How many of one kind."""
        return self.single if kind == SINGLE else self.double

    def plus(self, other: Tokens) -> Tokens:
        return Tokens(self.single + other.single, self.double + other.double)

    def minus(self, other: Tokens) -> Tokens:
        return Tokens(self.single - other.single, self.double - other.double)

    def describe(self) -> Text:
        """ "1 single and 2 double tokens"."""
        if self.single and self.double:
            return ngettext(
                "%(single)d single and %(double)d double token",
                "%(single)d single and %(double)d double tokens",
                self.total,
                single=self.single,
                double=self.double,
            )
        if self.single or self.double:
            return token_words(SINGLE if self.single else DOUBLE, self.total)
        return _("no tokens")


@dataclass(frozen=True)
class DiceTurn:
    """A turn's dice as the table reports them: the final faces of the 5 train dice, the
    tokens spent, taken and handed back, and the tunnel faces on the black dice."""

    faces: tuple[str, ...]
    use: Tokens = Tokens()
    take: Tokens = Tokens()
    give_back: Tokens = Tokens()
    tunnel: int = 0

    def count(self, face: str) -> int:
        """How many dice show ``face``."""
        return self.faces.count(face)


def token_words(kind: str, count: int) -> Text:
    """ "1 single token", "2 double tokens"."""
    if kind == SINGLE:
        return ngettext("%(num)d single token", "%(num)d single tokens", count)
    return ngettext("%(num)d double token", "%(num)d double tokens", count)


def check_roll(turn: DiceTurn) -> None:
    """Refuses faces and counts that no set of dice shows."""
    if len(turn.faces) != TRAIN_DICE:
        raise IllegalAction(
            _(
                "a roll has %(dice)d train dice, not %(count)d",
                dice=TRAIN_DICE,
                count=len(turn.faces),
            )
        )
    for face in turn.faces:
        if face not in FACES:
            # The faces as a game record names them.
            raise IllegalAction(
                _(
                    "'%(face)s' is not a face of the train dice (%(faces)s)",
                    face=face,
                    faces=listing(FACES),
                )
            )
    for tokens in (turn.use, turn.take, turn.give_back):
        if tokens.single < 0 or tokens.double < 0:
            raise IllegalAction(_("a number of tokens is never below 0"))
    if not 0 <= turn.tunnel <= TUNNEL_DICE:
        raise IllegalAction(
            _("the %(dice)d tunnel dice show 0 to %(dice)d tunnels", dice=TUNNEL_DICE)
        )


def check_no_tokens_spent(turn: DiceTurn) -> None:
    """Refuses track tokens spent on a turn that claims no route."""
    if turn.use.total:
        raise IllegalAction(_("track tokens count only for claiming a route"))


def check_failed_tunnel(board: Board) -> None:
    """A tunnel that could not be paid ends the turn: only on a map that has tunnels."""
    if not board.has_tunnels:
        raise IllegalAction(
            _(
                "%(map)s has no tunnels: the tunnel dice are never rolled, so no tunnel can fail",
                map=board.title,
            )
        )


def track_kind(route: Route) -> str:
    """Single track, or one track of a double (or triple) route."""
    return SINGLE if route.tracks == 1 else DOUBLE


def out_of_reach(route: Route) -> Text | None:
    """Why no roll can pay for the route (Nordic's Lieksa–Murmansk, 9 spaces), or None."""
    if route.length <= LONGEST_BY_DICE:
        return None
    return ngettext(
        "%(route)s has %(num)d space: with dice no route longer than "
        "%(most)d (5 dice and 3 tokens) can be claimed",
        "%(route)s has %(num)d spaces: with dice no route longer than "
        "%(most)d (5 dice and 3 tokens) can be claimed",
        route.length,
        route=route.name,
        most=LONGEST_BY_DICE,
    )


def dice_for_claim(route: Route, turn: DiceTurn, held: Tokens) -> int:
    """How many train dice the claim uses; refuses a roll that can't pay for the route, and
    tokens beyond what its faces leave to pay."""
    kind = track_kind(route)
    if turn.tunnel and not route.tunnel:
        raise IllegalAction(
            _(
                "the tunnel dice are rolled only when claiming a tunnel; %(route)s is not one",
                route=route.name,
            )
        )
    beyond = out_of_reach(route)
    if beyond is not None:
        raise IllegalAction(beyond)
    other = DOUBLE if kind == SINGLE else SINGLE
    if turn.use.of(other):
        raise IllegalAction(
            _(
                "%(route)s is a single-track route: double tokens don't count for it",
                route=route.name,
            )
            if kind == SINGLE
            else _(
                "%(route)s is a double-track route: single tokens don't count for it",
                route=route.name,
            )
        )
    spent = turn.use.of(kind)
    # Tokens taken this turn may be spent at once (the dice left unused give them).
    at_hand = held.plus(turn.take).of(kind)
    if spent > at_hand:
        tokens = token_words(kind, spent)
        raise IllegalAction(
            _("%(tokens)s spent, but only %(held)d held", tokens=tokens, held=at_hand)
            if at_hand
            else _("%(tokens)s spent, but none held", tokens=tokens)
        )
    locomotives = turn.count(LOCOMOTIVE)
    if route.locomotives > locomotives:
        raise IllegalAction(
            ngettext(
                "%(route)s is a ferry: it takes %(num)d locomotive face, "
                "and the roll shows %(shown)d",
                "%(route)s is a ferry: it takes %(num)d locomotive faces, "
                "and the roll shows %(shown)d",
                route.locomotives,
                route=route.name,
                shown=locomotives,
            )
        )
    spaces = route.length + turn.tunnel
    if spent > spaces - route.locomotives:
        raise IllegalAction(_too_many_tokens(route, kind, spent, turn.tunnel))
    dice = spaces - spent
    if dice > turn.count(kind) + locomotives:
        raise IllegalAction(_short_roll(route, kind, turn, spent))
    return dice


def take_after_tunnel(route: Route, turn: DiceTurn, held: Tokens) -> Tokens:
    """The tokens a tunnel's claim takes: those chosen before the black dice were rolled,
    as far as the dice still unused once the tunnel faces are paid give them (a token for
    each two), the fewer kept of the kind chosen most. A roll that can't pay is left to
    the referee to refuse."""
    try:
        used = dice_for_claim(route, turn, held)
    except IllegalAction:
        return turn.take
    take, most = turn.take, (TRAIN_DICE - used) // 2
    while take.total > most:
        fewer = SINGLE if take.single >= take.double else DOUBLE
        take = take.minus(Tokens(1, 0) if fewer == SINGLE else Tokens(0, 1))
    return take


def _too_many_tokens(route: Route, kind: str, spent: int, tunnels: int) -> Text:
    """More tokens spent than the route has spaces a token may pay."""
    most = route.length + tunnels - route.locomotives
    tokens = token_words(kind, spent)
    if route.locomotives:
        return ngettext(
            "%(tokens)s spent on %(route)s, which has %(num)d space a token may pay: "
            "its locomotive symbols take locomotive faces",
            "%(tokens)s spent on %(route)s, which has %(num)d spaces a token may pay: "
            "its locomotive symbols take locomotive faces",
            most,
            tokens=tokens,
            route=route.name,
        )
    if tunnels:
        return ngettext(
            "%(tokens)s spent on %(route)s, which takes %(num)d space with %(tunnels)s",
            "%(tokens)s spent on %(route)s, which takes %(num)d spaces with %(tunnels)s",
            most,
            tokens=tokens,
            route=route.name,
            tunnels=ngettext("%(num)d tunnel", "%(num)d tunnels", tunnels),
        )
    return ngettext(
        "%(tokens)s spent on %(route)s, which has %(num)d space",
        "%(tokens)s spent on %(route)s, which has %(num)d spaces",
        most,
        tokens=tokens,
        route=route.name,
    )


def _short_roll(route: Route, kind: str, turn: DiceTurn, spent: int) -> Text:
    """A roll (and the tokens spent) that can't pay for the route's spaces."""
    values = {
        "route": route.name,
        "length": route.length,
        "faces": turn.count(kind),
        "locomotives": turn.count(LOCOMOTIVE),
        "tokens": token_words(kind, spent),
    }
    spaces = route.length + turn.tunnel
    if turn.tunnel:
        tunnels = ngettext("%(num)d tunnel", "%(num)d tunnels", turn.tunnel)
        if kind == SINGLE:
            return ngettext(
                "%(route)s needs %(num)d space (%(length)d and %(tunnels)s) of single "
                "track: the roll has %(faces)d single and %(locomotives)d locomotive faces, "
                "with %(tokens)s",
                "%(route)s needs %(num)d spaces (%(length)d and %(tunnels)s) of single "
                "track: the roll has %(faces)d single and %(locomotives)d locomotive faces, "
                "with %(tokens)s",
                spaces,
                tunnels=tunnels,
                **values,
            )
        return ngettext(
            "%(route)s needs %(num)d space (%(length)d and %(tunnels)s) of double "
            "track: the roll has %(faces)d double and %(locomotives)d locomotive faces, "
            "with %(tokens)s",
            "%(route)s needs %(num)d spaces (%(length)d and %(tunnels)s) of double "
            "track: the roll has %(faces)d double and %(locomotives)d locomotive faces, "
            "with %(tokens)s",
            spaces,
            tunnels=tunnels,
            **values,
        )
    if kind == SINGLE:
        return ngettext(
            "%(route)s needs %(num)d space (%(length)d) of single track: the roll has "
            "%(faces)d single and %(locomotives)d locomotive faces, with %(tokens)s",
            "%(route)s needs %(num)d spaces (%(length)d) of single track: the roll has "
            "%(faces)d single and %(locomotives)d locomotive faces, with %(tokens)s",
            spaces,
            **values,
        )
    return ngettext(
        "%(route)s needs %(num)d space (%(length)d) of double track: the roll has "
        "%(faces)d double and %(locomotives)d locomotive faces, with %(tokens)s",
        "%(route)s needs %(num)d spaces (%(length)d) of double track: the roll has "
        "%(faces)d double and %(locomotives)d locomotive faces, with %(tokens)s",
        spaces,
        **values,
    )


def tokens_needed(route: Route, faces: tuple[str, ...], tunnel: int = 0) -> Tokens:
    """The tokens a claim needs beyond the matching faces and locomotives the roll shows."""
    kind = track_kind(route)
    need = max(0, route.length + tunnel - faces.count(kind) - faces.count(LOCOMOTIVE))
    return Tokens(need, 0) if kind == SINGLE else Tokens(0, need)


def could_pay(route: Route, faces: tuple[str, ...], tunnel: int, held: Tokens) -> bool:
    """Whether the faces, with the tokens held and those the dice left unused would give,
    pay for the route with ``tunnel`` tunnel faces on the black dice."""
    use = tokens_needed(route, faces, tunnel)
    short = use.minus(held)
    take = Tokens(max(0, short.single), max(0, short.double))
    turn = DiceTurn(faces, use=use, take=take, tunnel=tunnel)
    try:
        after_turn(held, turn, dice_for_claim(route, turn, held))
    except IllegalAction:
        return False
    return True


def check_tunnel_failed(route: Route, turn: DiceTurn, held: Tokens) -> None:
    """A tunnel fails when the roll paid for it before the black dice were rolled and
    can't pay the faces they add: refuses a tunnel (``route``) said to fail otherwise."""
    if not could_pay(route, turn.faces, 0, held):
        raise IllegalAction(
            _(
                "this roll can't pay for %(route)s even before the black dice, so they are "
                "not rolled for it: a dice turn makes a play the roll allows",
                route=route.name,
            )
        )
    if could_pay(route, turn.faces, turn.tunnel, held):
        raise IllegalAction(
            ngettext(
                "this roll pays for %(route)s with %(num)d tunnel face: the tunnel did not "
                "fail, it is claimed",
                "this roll pays for %(route)s with %(num)d tunnel faces: the tunnel did not "
                "fail, it is claimed",
                turn.tunnel,
                route=route.name,
            )
        )


def dice_for_station(built: int, turn: DiceTurn) -> int:
    """The dice the next station takes (1, 2, 3 station or locomotive faces)."""
    if turn.tunnel:
        raise IllegalAction(
            _("the tunnel dice are rolled only when claiming a tunnel, not when building a station")
        )
    cost = built + 1
    have = turn.count(STATION) + turn.count(LOCOMOTIVE)
    if have < cost:
        raise IllegalAction(
            ngettext(
                "station number %(number)d takes %(num)d station face (or locomotives); "
                "the roll shows %(shown)d",
                "station number %(number)d takes %(num)d station faces (or locomotives); "
                "the roll shows %(shown)d",
                cost,
                number=cost,
                shown=have,
            )
        )
    return cost


def dice_for_tickets(count: int, turn: DiceTurn) -> int:
    """The dice drawing ``count`` tickets takes: one station face or locomotive each."""
    if turn.tunnel:
        raise IllegalAction(
            _("the tunnel dice are rolled only when claiming a tunnel, not when drawing tickets")
        )
    have = turn.count(STATION) + turn.count(LOCOMOTIVE)
    if count > have:
        raise IllegalAction(
            ngettext(
                "drawing %(num)d ticket takes %(num)d station face (or locomotives); "
                "the roll shows %(shown)d",
                "drawing %(num)d tickets takes %(num)d station faces (or locomotives); "
                "the roll shows %(shown)d",
                count,
                shown=have,
            )
        )
    return count


def dice_for_passenger(opponent_routes: int, turn: DiceTurn) -> int:
    """A Märklin passenger's trip: one locomotive face per opponent route used."""
    if turn.tunnel:
        raise IllegalAction(
            _("the tunnel dice are rolled only when claiming a tunnel, not for a passenger's trip")
        )
    have = turn.count(LOCOMOTIVE)
    if opponent_routes > have:
        raise IllegalAction(
            ngettext(
                "the trip uses %(num)d opponent route: it takes as many locomotive faces, "
                "and the roll shows %(shown)d",
                "the trip uses %(num)d opponent routes: it takes as many locomotive faces, "
                "and the roll shows %(shown)d",
                opponent_routes,
                shown=have,
            )
        )
    return opponent_routes


def tokens_to_spend(route: Route, faces: tuple[str, ...], tunnel: int, held: Tokens) -> Tokens:
    """The tokens a claim spends with these faces: those the route still needs, as far as
    the player holds them, those taken this turn included (the referee then says what the
    roll lacks)."""
    need = tokens_needed(route, faces, tunnel)
    return Tokens(min(need.single, held.single), min(need.double, held.double))


def token_choices(held: Tokens, option: DiceOption) -> list[Tokens]:
    """The tokens a player may take with this play: one per two dice it leaves unused, none
    in a turn begun with 3, never more than 3 held after it, and at least those the claim
    spends at once; taking none is a choice when the claim spends none taken."""
    if held.total >= MOST_TOKENS:
        return [Tokens()]
    spent = option.tokens.total if option.kind == "claim" else 0
    most = min(option.tokens_to_take, MOST_TOKENS - (held.total - spent))
    must = option.must_take
    return [
        Tokens(n - d, d)
        for n in range(most + 1)
        for d in range(n + 1)
        if n - d >= must.single and d >= must.double
    ]


def after_turn(held: Tokens, turn: DiceTurn, used: int, may_take: bool = True) -> Tokens:
    """The tokens held after the turn: spent, taken (one per two unused dice, at most 3
    held, none in a turn begun with 3) and handed back; refuses what the rules don't allow."""
    if turn.take.total:
        if not may_take:
            raise IllegalAction(
                _("a tunnel that failed ends the turn with nothing done: no tokens are taken")
            )
        if held.total >= MOST_TOKENS:
            raise IllegalAction(
                _(
                    "a player who begins a turn with %(most)d tokens takes none that turn",
                    most=MOST_TOKENS,
                )
            )
        unused = TRAIN_DICE - used
        if turn.take.total > unused // 2:
            raise IllegalAction(
                ngettext(
                    "%(dice)s left unused give %(num)d token, not %(taken)d",
                    "%(dice)s left unused give %(num)d tokens, not %(taken)d",
                    unused // 2,
                    dice=ngettext("%(num)d die", "%(num)d dice", unused),
                    taken=turn.take.total,
                )
            )
    after = held.plus(turn.take).minus(turn.use)
    if turn.take.total and after.total > MOST_TOKENS:
        raise IllegalAction(_("a player holds at most %(most)d tokens", most=MOST_TOKENS))
    if turn.give_back.single > after.single or turn.give_back.double > after.double:
        raise IllegalAction(
            _(
                "%(back)s handed back, but only %(held)s held",
                back=turn.give_back.describe(),
                held=after.describe(),
            )
        )
    return after.minus(turn.give_back)


@dataclass(frozen=True)
class DiceOption:
    """Something a roll can do: claim a route (with the tokens it needs), draw tickets, or
    build a station; and how many tokens the dice left unused would give."""

    kind: str  # "claim", "tickets" or "station"
    dice: int
    tokens: Tokens = Tokens()  # spent by the claim
    route: Route | None = None
    tickets: int = 0
    must_take: Tokens = Tokens()  # taken by the claim to be spent at once

    def describe(self) -> Text:
        """ "Calgary–Seattle", "draw 2 tickets", "build station 2"."""
        if self.route is not None:
            return self.route.name
        if self.kind == "tickets":
            return ngettext("draw %(num)d ticket", "draw %(num)d tickets", self.tickets)
        return _("build station %(number)d", number=self.dice)

    @property
    def tokens_to_take(self) -> int:
        """Tokens the unused dice give (before the 3-token limit)."""
        return (TRAIN_DICE - self.dice) // 2
