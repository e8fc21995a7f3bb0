"""A scorer written from the rules alone, to check the companion's on random games of North
America and Europe in every variant (USA 1910, Europa 1912).

It reads a game record as JSON and the map and deck files as data (``tomllib``), and none
of the companion's code: routes score by the table 1, 2, 4, 7, 10, 15, 18 (7 spaces), 21;
a ticket adds its value when its cities are joined by the player's routes (on Europe, with
at most one opponent's route borrowed by each of the player's stations, chosen to score
best) and takes it away when not; the longest continuous path is found by walking every
trail; the bonuses are the variant's (RULES.md, "Ticket decks and variants"); each unused
station is worth 4. Ties go to the most completed tickets, then (Europe) the fewest
stations used, then the longest path."""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

BOARDS = Path(__file__).resolve().parents[1] / "companion" / "rules" / "boards"
POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}
STATIONS = 3

BIG_CITIES = {
    "usa": {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"},
    "europe": {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"},
}
EXTENDED_NEW = [
    ("Amsterdam", "Venezia"), ("Bucuresti", "Erzurum"), ("Bruxelles", "Stockholm"),
    ("Cadiz", "Frankfurt"), ("Danzig", "Budapest"), ("Dieppe", "Kobenhavn"),
    ("Dieppe", "Marseille"), ("Edinburgh", "Essen"), ("Lisboa", "Cadiz"),
    ("München", "Petrograd"), ("München", "Sarajevo"), ("Pamplona", "Palermo"),
    ("Riga", "Kharkov"), ("Sochi", "Smyrna"), ("Sofia", "Kyiv"), ("Stockholm", "Wilno"),
    ("Venezia", "Warszawa"), ("Warszawa", "Budapest"), ("Warszawa", "Sevastopol"),
]  # fmt: skip


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((BOARDS / name).read_text(encoding="utf-8"))


def ticket_values(map_id: str, variant: str) -> dict[frozenset[str], int]:
    """The value of each ticket the variant deals, by its two cities."""
    base = {frozenset(t["cities"]): t["points"] for t in _toml(f"{map_id}.toml")["tickets"]}
    if variant == "base":
        return base
    decks = {d["name"]: d["tickets"] for d in _toml(f"decks/{map_id}.toml")["decks"]}
    played = {
        ("usa", "1910"): ["1910"],
        ("usa", "mega"): ["1910", "mega"],
        ("usa", "big-cities"): ["1910", "mega"],
        ("europe", "extended"): ["1912_regular", "1912_long"],
        ("europe", "mega"): ["1912_regular", "1912_long"],
        ("europe", "big-cities"): ["1912_regular"],
    }[(map_id, variant)]
    values = {frozenset(t["cities"]): t["points"] for name in played for t in decks[name]}
    if variant == "big-cities":
        values = {pair: v for pair, v in values.items() if pair & BIG_CITIES[map_id]}
    if variant == "extended":
        kept = set(base) | {frozenset(pair) for pair in EXTENDED_NEW}
        values = {pair: v for pair, v in values.items() if pair in kept}
    return values


def bonuses(map_id: str, variant: str) -> dict[str, int]:
    """The bonuses scored: the longest path's (North America's, the European Express on
    Europe) and the Globetrotter's (most completed tickets)."""
    if map_id == "europe":
        return {"longest_path_bonus": 10}
    return {
        "base": {"longest_path_bonus": 10},
        "1910": {"globetrotter_bonus": 15},
        "mega": {"longest_path_bonus": 10, "globetrotter_bonus": 15},
        "big-cities": {},
    }[variant]


def _lengths(map_id: str) -> dict[frozenset[str], int]:
    lengths: dict[frozenset[str], int] = {}
    for route in _toml(f"{map_id}.toml")["routes"]:
        pair = frozenset(route["cities"])
        assert pair not in lengths, "one entry a pair of cities on these maps"
        lengths[pair] = route["length"]
    return lengths


def _joined(edges: Iterable[frozenset[str]], a: str, b: str) -> bool:
    """True when a chain of these routes joins a and b."""
    reached, todo = {a}, [a]
    edges = list(edges)
    while todo:
        here = todo.pop()
        for edge in edges:
            if here in edge:
                (other,) = edge - {here} or {here}
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    return b in reached


def longest_path(routes: list[tuple[frozenset[str], int]]) -> int:
    """The longest trail (a route used once at most; cities may repeat), by walking them all."""
    best = 0

    def walk(city: str, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for i, (pair, spaces) in enumerate(routes):
            if i not in used and city in pair:
                (other,) = pair - {city}
                walk(other, used | {i}, length + spaces)

    for city in {c for pair, _spaces in routes for c in pair}:
        walk(city, frozenset(), 0)
    return best


def _held(
    record: dict[str, Any], name: str, values: dict[frozenset[str], int]
) -> list[tuple[frozenset[str], int]]:
    """A player's tickets: their two cities and value (the deck's, or as typed)."""
    held = []
    for ticket in record.get("tickets", {}).get(name, []):
        if isinstance(ticket, dict):
            held.append((frozenset(ticket["cities"]), ticket["points"]))
        else:
            held.append((frozenset(ticket), values[frozenset(ticket)]))
    return held


def score(record: dict[str, Any]) -> dict[str, Any]:
    """Each player's total, breakdown, completed tickets and longest path; the winners."""
    map_id, variant = record["map"], record.get("variant", "base")
    lengths = _lengths(map_id)
    values = ticket_values(map_id, variant)
    names = [p if isinstance(p, str) else p["name"] for p in record["players"]]
    owned: dict[str, list[frozenset[str]]] = {n: [] for n in names}
    stations: dict[str, list[str]] = {n: [] for n in names}
    for action in record.get("actions", []):
        if "claim" in action:
            owned[action["player"]].append(frozenset(action["claim"]))
        elif "build_station" in action:
            stations[action["player"]].append(action["build_station"])
    players = {}
    for name in names:
        mine = owned[name]
        held = _held(record, name, values)
        # Each station borrows one opponent's route into its city (or none): the choice that
        # scores best for the station's owner.
        options = [
            [None, *(pair for o in names if o != name for pair in owned[o] if city in pair)]
            for city in stations[name]
        ]
        best = (0, 0)
        for n, borrowed in enumerate(itertools.product(*options)):
            edges = mine + [pair for pair in borrowed if pair is not None]
            done = [_joined(edges, *sorted(pair)) for pair, _v in held]
            points = sum(v if ok else -v for (_pair, v), ok in zip(held, done, strict=True))
            if n == 0 or (points, sum(done)) > best:  # ticket points, then tickets completed
                best = (points, sum(done))
        best_tickets, best_done = best
        players[name] = {
            "routes": sum(POINTS[lengths[pair]] for pair in mine),
            "tickets": best_tickets,
            "tickets_completed": best_done,
            "longest_path": longest_path([(pair, lengths[pair]) for pair in mine]),
            "stations_used": len(stations[name]),
            "stations": 4 * (STATIONS - len(stations[name])) if map_id == "europe" else 0,
        }
    for bonus, points in bonuses(map_id, variant).items():
        figure = "longest_path" if bonus == "longest_path_bonus" else "tickets_completed"
        top = max(p[figure] for p in players.values())
        for p in players.values():
            p[bonus] = points if top > 0 and p[figure] == top else 0
    for p in players.values():
        p["total"] = sum(
            p.get(k, 0)
            for k in ("routes", "tickets", "stations", "longest_path_bonus", "globetrotter_bonus")
        )

    def standing(name: str) -> tuple[int, ...]:
        p = players[name]
        if map_id == "europe":
            return (p["total"], p["tickets_completed"], -p["stations_used"], p["longest_path"])
        return (p["total"], p["tickets_completed"], p["longest_path"])

    first = max(standing(n) for n in names)
    return {"players": players, "winners": [n for n in names if standing(n) == first]}


# India and Legendary Asia (RULES.md, "India and Legendary Asia"), from the rules alone:
# routes by the same table; each ✕ of a mountain route takes one more train and scores 2;
# India's Indian Express (+10, the longest continuous path, all tied) and Mandala (a
# completed ticket whose cities stay joined whichever one of its owner's routes is taken
# away: 1/2/3/4/5+ such tickets give 5/10/20/30/40); Legendary Asia's Asian Explorer (+10,
# most different cities in one network, all tied) and no longest path. Ties: most completed
# tickets, then the longest path (India) or the most mountain routes (Legendary Asia).
MANDALA = [0, 5, 10, 20, 30, 40]


def _tracks(map_id: str) -> dict[frozenset[str], list[dict[str, Any]]]:
    """Each pair of cities' tracks in the file's order: length, colour, ✕ spaces."""
    tracks: dict[frozenset[str], list[dict[str, Any]]] = {}
    for route in _toml(f"{map_id}.toml")["routes"]:
        listed = route.get("tracks") or [
            {"color": c, "length": route["length"], "mountains": route.get("mountains", 0)}
            for c in route["colors"]
        ]
        tracks[frozenset(route["cities"])] = [
            {"color": t["color"], "length": t["length"], "mountains": t.get("mountains", 0)}
            for t in listed
        ]
    return tracks


def _claimed(tracks: list[dict[str, Any]], action: dict[str, Any], taken: set[int]) -> int:
    """Which track of the pair a claim takes: its number, or its colour (gray where no track
    has that colour), or the first free one."""
    if "track" in action:
        return int(action["track"]) - 1
    color = action.get("color")
    if color is not None:
        color = "purple" if color == "pink" else color
        exact = [i for i, t in enumerate(tracks) if t["color"] == color]
        found = exact or [i for i, t in enumerate(tracks) if t["color"] == "gray"]
        return next((i for i in found if i not in taken), found[0])
    return next(i for i in range(len(tracks)) if i not in taken)


def _parts(edges: list[frozenset[str]]) -> list[set[str]]:
    """The separate networks these routes make, as sets of cities."""
    parts: list[set[str]] = []
    for edge in edges:
        touching = [p for p in parts if p & edge]
        merged = set(edge).union(*touching)
        parts = [p for p in parts if p not in touching] + [merged]
    return parts


def score_collection(record: dict[str, Any]) -> dict[str, Any]:
    """Each player's parts, total, completed tickets and longest path; the winners."""
    map_id = record["map"]
    india = map_id == "india"
    tracks = _tracks(map_id)
    values = {frozenset(t["cities"]): t["points"] for t in _toml(f"{map_id}.toml")["tickets"]}
    names = [p if isinstance(p, str) else p["name"] for p in record["players"]]
    owned: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    taken: dict[frozenset[str], set[int]] = {}
    for action in record.get("actions", []):
        if "claim" in action:
            pair = frozenset(action["claim"])
            track = _claimed(tracks[pair], action, taken.setdefault(pair, set()))
            taken[pair].add(track)
            owned[action["player"]].append({"pair": pair, **tracks[pair][track]})
    players = {}
    for name in names:
        mine = owned[name]
        edges = [r["pair"] for r in mine]
        held = _held(record, name, values)
        done = [_joined(edges, *sorted(pair)) for pair, _v in held]
        mandalas = sum(
            1
            for (pair, _v), ok in zip(held, done, strict=True)
            if ok
            and all(_joined(edges[:i] + edges[i + 1 :], *sorted(pair)) for i in range(len(edges)))
        )
        parts = _parts(edges)
        players[name] = {
            "routes": sum(POINTS[r["length"]] for r in mine),
            "tickets": sum(v if ok else -v for (_pair, v), ok in zip(held, done, strict=True)),
            "tickets_completed": sum(done),
            "longest_path": longest_path([(r["pair"], r["length"]) for r in mine]) if india else 0,
            "mandala_bonus": MANDALA[min(mandalas, 5)] if india else 0,
            "mountains": 2 * sum(r["mountains"] for r in mine),
            "mountain_routes": sum(1 for r in mine if r["mountains"]),
            "cities": max((len(p) for p in parts), default=0),
        }
    bonus, figure = (
        ("longest_path_bonus", "longest_path") if india else ("explorer_bonus", "cities")
    )
    top = max(p[figure] for p in players.values())
    for p in players.values():
        p[bonus] = 10 if top > 0 and p[figure] == top else 0
        p["total"] = sum(p[k] for k in ("routes", "tickets", "mandala_bonus", "mountains", bonus))

    def standing(name: str) -> tuple[int, ...]:
        p = players[name]
        third = p["longest_path"] if india else p["mountain_routes"]
        return (p["total"], p["tickets_completed"], third)

    top_standing = max(standing(n) for n in names)
    winners = [n for n in names if standing(n) == top_standing]
    for p in players.values():
        del p["mountain_routes"], p["cities"]
    return {"players": players, "winners": winners}
