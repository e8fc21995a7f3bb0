"""The score sheet as JSON data: the keys ``companion score --json`` documents.

The keys never change; the texts for the players (titles, lines, the tiebreak) are put into
words in the language spoken (``companion.rules.words.speaking``)."""

from __future__ import annotations

from typing import Any

from companion.rules.board import Route
from companion.rules.score_sheet import Line, PlayerSheet, ScoreSheet, Section
from companion.rules.words import Text


def _words(text: Text | None) -> str | None:
    """A text for the players as a JSON string (a message put into words); None stays."""
    return None if text is None else str(text)


def sheet_to_json(sheet: ScoreSheet) -> dict[str, Any]:
    """Players in seat order with rank, total and breakdown; the winners; the tiebreak;
    the standings' columns and each player's sections, line by line."""
    return {
        "map": sheet.board.id,
        "variant": sheet.board.variant,
        "finished": sheet.finished,
        "columns": [{"key": c.key, "title": _words(c.title)} for c in sheet.columns],
        "players": [_player(p) for p in sheet.players],
        "winners": list(sheet.winners),
        "tiebreak": _words(sheet.tiebreak),
    }


def _route(route: Route) -> dict[str, Any]:
    return {"cities": list(route.cities), "color": route.color, "length": route.length}


def _line(line: Line) -> dict[str, Any]:
    return {"what": _words(line.what), "how": _words(line.how), "points": line.points}


def _section(section: Section) -> dict[str, Any]:
    return {
        "key": section.key,
        "title": _words(section.title),
        "points": section.points,
        "summary": _words(section.summary),
        "lines": [_line(line) for line in section.lines],
    }


def _player(p: PlayerSheet) -> dict[str, Any]:
    return {
        "name": p.name,
        "rank": p.rank,
        "total": p.total,
        "breakdown": p.breakdown,
        "longest_path": p.longest_path.length,
        "tickets_completed": p.tickets_completed,
        "tickets_failed": p.tickets_failed,
        "trains_left": p.trains_left,
        "ships_left": p.ships_left,
        "routes": [{**_route(r.route), "points": r.points} for r in p.routes],
        "tickets": [
            {
                "cities": list(t.ticket.cities),
                "value": t.ticket.points,
                "completed": t.completed,
                **({"tour": True, "in_order": t.in_order} if t.ticket.is_tour else {}),
                **(
                    {
                        "from": t.ticket.origin,
                        "targets": [{"to": to, "value": v} for to, v in t.ticket.targets],
                        "reached": t.target,
                    }
                    if t.ticket.has_targets
                    else {}
                ),
                "points": t.points,
                "chain": [_route(r) for r in t.chain or ()],
            }
            for t in p.tickets
        ],
        "stations": [
            {"city": city, "borrows": _route(route) if route else None}
            for city, route in p.borrowed
        ],
        "ports": [
            {
                "city": port.city,
                "tickets": [list(t.cities) for t in port.tickets],
                "points": port.points,
            }
            for port in p.ports
        ],
        "trips": [
            {
                "cities": list(t.cities),
                "tokens": [{"city": c, "value": v} for c, v in t.tokens],
                "points": t.points,
                "passenger_cards": t.cards,
            }
            for t in p.trips
        ],
        "longest_path_routes": {
            "cities": list(p.longest_path.cities),
            "routes": [_route(r) for r in p.longest_path.routes],
        },
        "sections": [_section(s) for s in p.sections],
    }
