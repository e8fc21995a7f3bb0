"""The dice panel of the table page: the five train dice as entered or rolled, every play
they allow, and the tokens each play lets the player take."""

from __future__ import annotations

from collections.abc import Mapping

from flask import request

from companion.rules.dice import (
    DOUBLE,
    FACES,
    LOCOMOTIVE,
    SINGLE,
    STATION,
    TRAIN_DICE,
    TUNNEL_DICE,
    DiceOption,
    Tokens,
    could_pay,
    token_choices,
)
from companion.rules.game import dice_options
from companion.rules.state import State
from companion.rules.words import Message, Text, _, ngettext

# Each face of the train dice, in words.
_FACE_WORDS: dict[str, Message] = {
    SINGLE: _("single"),
    DOUBLE: _("double"),
    STATION: _("station"),
    LOCOMOTIVE: _("locomotive"),
}


def face_words(face: str) -> Text:
    """A face of the train dice in words ("single" in English); another text as it is."""
    return _FACE_WORDS.get(face, face)


def faces_from(text: str | None) -> tuple[str, ...] | None:
    """Five faces from "single,double,…", or None when not all five are known."""
    faces = tuple(f for f in (text or "").split(",") if f)
    return faces if len(faces) == TRAIN_DICE and all(f in FACES for f in faces) else None


def _words(tokens: Tokens) -> Text:
    """ "take 1 single and 2 double tokens", "take no token"."""
    if not tokens.total:
        return _("take no token")
    return _("take %(tokens)s", tokens=tokens.describe())


def counted_faces(
    values: Mapping[str, str] | None = None,
) -> tuple[tuple[str, ...] | None, int | None]:
    """The faces tapped in as counts (``?single=2&double=1…``: how many dice show each
    face; the address's, unless ``values`` are given; three faces counted, the fourth shows
    on the rest), in the dice's order; and, when the counts don't make five dice, what
    they make."""
    values = request.args if values is None else values
    counts = {f: values.get(f, "") for f in FACES}
    if not any(counts.values()):
        return None, None
    numbers = [
        int(n) if n.isascii() and n.isdigit() and len(n) == 1 else 0 for n in counts.values()
    ]
    untold = [i for i, n in enumerate(counts.values()) if not n]
    if len(untold) == 1 and sum(numbers) <= TRAIN_DICE:  # three faces counted: the rest
        numbers[untold[0]] = TRAIN_DICE - sum(numbers)
    if sum(numbers) != TRAIN_DICE:
        return None, sum(numbers)
    return tuple(f for f, n in zip(FACES, numbers, strict=True) for _ in range(n)), None


def faces_asked() -> tuple[str, ...] | None:
    """The five faces the page was asked to show: rolled (``?faces=``), counted in
    (``counted_faces``), or sent with a play the referee refused (kept, not lost)."""
    return (
        faces_from(request.args.get("faces"))
        or counted_faces()[0]
        or faces_from(",".join(request.args.getlist("f")))
        or faces_from(request.form.get("faces"))
    )


DICE = tuple(str(i) for i in range(TRAIN_DICE))  # the dice by their place in the roll


def _short(tokens: Tokens) -> Text:
    """A choice of tokens as the list offers it, short enough for a phone's line: "none",
    "1 single", "2 double", "1 single + 1 double"."""
    single = ngettext("%(num)d single", "%(num)d single", tokens.single)
    double = ngettext("%(num)d double", "%(num)d double", tokens.double)
    if tokens.single and tokens.double:
        return _("%(single)s + %(double)s", single=single, double=double)
    if tokens.single or tokens.double:
        return single if tokens.single else double
    return _("none")


def _takes(held: Tokens, option: DiceOption) -> list[tuple[str, Text, Text, bool]]:
    """The tokens a play lets the player take, each as the form sends it, in words (a
    sentence, and short, for the list), and whether it is the one taken unless the player
    says otherwise: the most the rules give."""
    choices = token_choices(held, option)
    most = max(t.total for t in choices)
    default = next(t for t in choices if t.total == most)
    return [(f"{t.single},{t.double}", _words(t), _short(t), t == default) for t in choices]


def _counts(faces: tuple[str, ...] | None) -> dict[str, int]:
    """How many dice show each face, as the panel's counts show them: the faces known, or
    the counts tapped in (kept when they don't make five dice, to be put right)."""
    if faces is not None:
        return {f: faces.count(f) for f in FACES}
    asked = {f: request.args.get(f, "") for f in FACES}
    return {f: int(n) if n in ("0", "1", "2", "3", "4", "5") else 0 for f, n in asked.items()}


def _tunnel_pays(option: DiceOption, faces: tuple[str, ...] | None, held: Tokens) -> int:
    """The most tunnel faces on the black dice that the roll (and the tokens) still pay
    for, claiming a tunnel; more and the tunnel fails."""
    route = option.route
    if route is None or not route.tunnel or faces is None:
        return TUNNEL_DICE
    return max(n for n in range(TUNNEL_DICE + 1) if n == 0 or could_pay(route, faces, n, held))


# A roll that allows no play: every die is left unused.
NO_PLAY = DiceOption("nothing", 0)


def panel(state: State, player: str, blocked: bool = False) -> dict[str, object]:
    """What the dice panel shows: the faces, the plays they allow, the tokens held; no
    plays for a player who may take no turn (``blocked``: their final turn is taken)."""
    faces = None if blocked else faces_asked()
    options = dice_options(state, player, faces) if faces else []
    held = state.tokens_of(player)
    return {
        "nothing_takes": _takes(held, NO_PLAY),
        "faces": faces,
        "counted": counted_faces()[1],
        "counts": _counts(faces),
        "die_faces": FACES,
        "rerolled": request.args.get("rerolled") == "1",
        "again": {int(i) for i in request.args.get("again", "").split(",") if i in DICE},
        "options": options,
        "takes": {o: _takes(held, o) for o in options},
        "tunnel_pays": {o: _tunnel_pays(o, faces, held) for o in options if o.route},
        "tokens": {name: state.tokens_of(name) for name in state.setup.names},
        "tunnel_dice": TUNNEL_DICE,
    }
