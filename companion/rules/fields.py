"""The shapes of a game record's values: objects with their keys, names, pairs of cities,
whole numbers, a turn's dice. Each refusal says where the record is wrong."""

from __future__ import annotations

from typing import Any

from companion.rules.dice import DiceTurn, Tokens
from companion.rules.errors import RecordError
from companion.rules.words import _, listing


def keys(where: str, data: Any, required: set[str], optional: set[str]) -> None:
    """Refuses what is not an object with these keys: says which is missing or unknown."""
    if not isinstance(data, dict):
        raise RecordError(where, _("should be a JSON object"))
    missing = sorted(required - data.keys())
    if missing:
        raise RecordError(where, _("missing %(keys)s", keys=listing(repr(m) for m in missing)))
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        raise RecordError(where, _("unknown key %(keys)s", keys=listing(repr(u) for u in unknown)))


def text(where: str, value: Any) -> str:
    """A name: a string of 1 to 100 characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise RecordError(
            where, _("should be a name (1 to 100 characters), not %(value)s", value=repr(value))
        )
    return value


def pair(where: str, value: Any) -> tuple[str, str]:
    """Two names, like a route's or a ticket's cities."""
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(where, _('should name two cities, like ["Denver", "El Paso"]'))
    return text(where, value[0]), text(where, value[1])


def parse_dice(where: str, data: Any) -> DiceTurn:
    """A turn's dice: ``{"faces": [5 faces], "tokens": {"use": …, "take": …, "return": …},
    "tunnel": n}``."""
    keys(where, data, {"faces"}, {"tokens", "tunnel"})
    faces = data["faces"]
    if not isinstance(faces, list) or not all(isinstance(f, str) for f in faces):
        raise RecordError(f"{where}.faces", _("should list the five train dice's faces"))
    tokens = data.get("tokens", {})
    keys(f"{where}.tokens", tokens, set(), {"use", "take", "return"})
    counts = {}
    for key in ("use", "take", "return"):
        part = tokens.get(key, {})
        keys(f"{where}.tokens.{key}", part, set(), {"single", "double"})
        for kind in ("single", "double"):
            n = part.get(kind, 0)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9:
                raise RecordError(
                    f"{where}.tokens.{key}.{kind}",
                    _("should be 0 to 9, not %(value)s", value=repr(n)),
                )
        counts[key] = Tokens(part.get("single", 0), part.get("double", 0))
    tunnel = data.get("tunnel", 0)
    if isinstance(tunnel, bool) or not isinstance(tunnel, int):
        raise RecordError(
            f"{where}.tunnel", _("should be a whole number, not %(value)s", value=repr(tunnel))
        )
    return DiceTurn(tuple(faces), counts["use"], counts["take"], counts["return"], tunnel)


def dice_to_json(turn: DiceTurn) -> dict[str, Any]:
    """A turn's dice in the record's form."""
    tokens = {
        key: {k: v for k, v in (("single", t.single), ("double", t.double)) if v}
        for key, t in (("use", turn.use), ("take", turn.take), ("return", turn.give_back))
        if t.total
    }
    out: dict[str, Any] = {"faces": list(turn.faces)}
    if tokens:
        out["tokens"] = tokens
    if turn.tunnel:
        out["tunnel"] = turn.tunnel
    return out


def dice_of(where: str, data: dict[str, Any]) -> DiceTurn | None:
    """An action's dice, where its record gives them."""
    return parse_dice(f"{where}.dice", data["dice"]) if "dice" in data else None


def whole(where: str, value: Any, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(
            where,
            _(
                "should be a whole number from %(low)d to %(high)d, not %(value)s",
                low=low,
                high=high,
                value=repr(value),
            ),
        )
    return value
