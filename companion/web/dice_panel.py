"""The dice panel of the table page: the five train dice as entered or rolled, every play
they allow, and the tokens each play lets the player take."""

from __future__ import annotations

from flask import request

from companion.rules.dice import (
    DOUBLE,
    FACES,
    LOCOMOTIVE,
    SINGLE,
    STATION,
    TRAIN_DICE,
    TUNNEL_DICE,
    Tokens,
    token_choices,
)
from companion.rules.game import dice_options
from companion.rules.state import State
from companion.rules.words import Message, Text, _, join, ngettext

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
    """ "take 1 single and 2 double", "take no token"."""
    words: list[Text] = []
    if tokens.single:
        words.append(ngettext("%(num)d single", "%(num)d single", tokens.single))
    if tokens.double:
        words.append(ngettext("%(num)d double", "%(num)d double", tokens.double))
    if not words:
        return _("take no token")
    return _("take %(tokens)s", tokens=join(words))


def panel(state: State, player: str) -> dict[str, object]:
    """What the dice panel shows: the faces, the plays they allow, the tokens held."""
    faces = faces_from(request.args.get("faces")) or faces_from(",".join(request.args.getlist("f")))
    options = dice_options(state, player, faces) if faces else []
    held = state.tokens_of(player)
    return {
        "faces": faces,
        "die_faces": FACES,
        "rerolled": request.args.get("rerolled") == "1",
        "options": options,
        "takes": {
            o: [(f"{t.single},{t.double}", _words(t)) for t in token_choices(held, o)]
            for o in options
        },
        "tokens": {name: state.tokens_of(name) for name in state.setup.names},
        "tunnel_dice": TUNNEL_DICE,
    }
