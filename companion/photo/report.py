"""A reading, said: as JSON (``companion photo --json``, the same keys in every language)
and as a short text, the disagreements first."""

from __future__ import annotations

from typing import Any

from companion.photo.pieces import NONE
from companion.photo.reading import Reading, RouteSeen
from companion.photo.words import pieces_words
from companion.rules.board import Board
from companion.rules.colors import color_words
from companion.rules.map_file import load_board
from companion.rules.words import Text, _, join


def reading_to_json(reading: Reading) -> dict[str, Any]:
    """The reading as the documented JSON."""
    routes = []
    for r in reading.routes:
        entry: dict[str, Any] = {
            "route": list(r.route.cities),
            "color": r.route.color,
            "track": r.route.track if r.route.is_parallel else None,
            "seen": r.seen,
            "confidence": round(r.confidence, 3),
        }
        if reading.checked:
            entry["recorded"] = r.recorded
            entry["agrees"] = r.agrees
        routes.append(entry)
    return {"map": reading.map_id, "corners": reading.corners.rounded(), "routes": routes}


def disagreement_words(route: RouteSeen, board: Board) -> Text:
    """ "Denver–Omaha (purple): recorded red pieces; the photo shows no pieces"."""
    return _(
        "%(route)s: recorded %(recorded)s; the photo shows %(seen)s",
        route=board.label(route.route),
        recorded=pieces_words(route.recorded),
        seen=pieces_words(route.seen),
    )


def reading_to_text(reading: Reading) -> str:
    """A short report: where the board was, the disagreements with the record (if any),
    the routes seen unsurely, and what is on the board."""
    board = load_board(reading.map_id)
    corners = " ".join(f"{x},{y}" for x, y in reading.corners.rounded())
    lines = [
        str(
            _("%(map)s; the board's corners found at %(corners)s", map=board.title, corners=corners)
            if reading.found
            else _(
                "%(map)s; the board's corners as given: %(corners)s",
                map=board.title,
                corners=corners,
            )
        )
    ]
    if reading.checked:
        wrong = reading.disagreements
        if wrong:
            lines.append(str(_("Disagreements with the record (%(count)d):", count=len(wrong))))
            lines += [f"  {_sure(r)}{disagreement_words(r, board)}" for r in wrong]
        else:
            lines.append(str(_("The photo agrees with the record on every route.")))
    unsure = [r for r in reading.routes if not r.sure and r.agrees]
    if unsure:
        lines.append(str(_("Seen unsurely (the light or the angle; look again):")))
        lines += [
            f"  {board.label(r.route)}: {pieces_words(r.seen)} ({round(r.confidence * 100)} %)"
            for r in unsure
        ]
    by_color: dict[str, int] = {}
    for r in reading.routes:
        if r.seen != NONE:
            by_color[r.seen] = by_color.get(r.seen, 0) + 1
    counted = join([f"{color_words(c)} {n}" for c, n in sorted(by_color.items())])
    empty = sum(1 for r in reading.routes if r.seen == NONE)
    lines.append(
        str(_("Routes with pieces: %(counted)s; empty: %(empty)d.", counted=counted, empty=empty))
        if by_color
        else str(_("No pieces are seen on any route."))
    )
    return "\n".join(lines) + "\n"


def _sure(route: RouteSeen) -> str:
    return "" if route.sure else "(?) "
