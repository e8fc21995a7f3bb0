"""The score sheet as plain text, for the terminal: every point explained."""

from __future__ import annotations

from companion.rules.board import DASH
from companion.rules.names import plural
from companion.rules.paths import cities_along
from companion.rules.scoring import PlayerSheet, ScoreSheet

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def sheet_to_text(sheet: ScoreSheet) -> str:
    """A readable sheet: standings, then each player's routes, tickets and bonuses."""
    lines = [f"Ticket to Ride: {sheet.board.name}"]
    if not sheet.finished:
        lines.append("(the game is not over: these are the scores as the board stands)")
    lines.append("")
    for p in sorted(sheet.players, key=lambda p: p.rank):
        place = ORDINALS.get(p.rank, f"{p.rank}th")
        lines.append(f"{place:>4}  {p.name:<20} {p.total:>4} points")
    winners = " and ".join(sheet.winners)
    lines += ["", f"Winner: {winners}" if len(sheet.winners) == 1 else f"Shared win: {winners}"]
    if sheet.tiebreak:
        lines.append(f"Tiebreak: {sheet.tiebreak}")
    for p in sheet.players:
        lines += ["", *_player(p, bool(sheet.board.edition.longest_path_bonus))]
    return "\n".join(lines) + "\n"


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _player(p: PlayerSheet, longest_path: bool) -> list[str]:
    ships = f", ships left: {p.ships_left}" if p.ships_left or p.ports or p.unbuilt_ports else ""
    out = [f"== {p.name}: {p.total} points (trains left: {p.trains_left}{ships})"]
    route_points = sum(r.points for r in p.routes)
    out.append(f"  Routes: {route_points} points from {plural(len(p.routes), 'route')}")
    for r in p.routes:
        out.append(f"    {r.points:>3}  {r.route.label}, {plural(r.route.length, 'space')}")
    ticket_points = sum(t.points for t in p.tickets)
    out.append(
        f"  Tickets: {_signed(ticket_points)} "
        f"({p.tickets_completed} completed, {p.tickets_failed} not)"
    )
    for t in p.tickets:
        if t.ticket.is_tour:
            how = (
                "not all connected"
                if t.chain is None
                else ("in order" if t.in_order else "connected, not in order")
                + ": "
                + ", ".join(r.name for r in t.chain)
            )
        elif t.chain is not None:
            how = "connected, " + DASH.join(cities_along(t.chain, t.ticket.cities[0]))
        else:
            how = "not connected"
        out.append(f"    {t.points:>+4d}  {t.ticket.name} ({t.ticket.points}): {how}")
    if p.trips:
        out.append(f"  Goods: {p.goods} points from {plural(len(p.trips), 'passenger trip')}")
        for trip in p.trips:
            tokens = ", ".join(f"{c} {v}" for c, v in trip.tokens) or "no tokens left"
            out.append(
                f"    {trip.points:>+4d}  {DASH.join(trip.cities)} ({tokens}; "
                f"{plural(trip.cards, 'passenger card')})"
            )
    for port in p.ports:
        named = ", ".join(t.name for t in port.tickets) or "no completed ticket names it"
        out.append(f"    {port.points:>+4d}  port in {port.city} ({named})")
    if p.unbuilt_ports:
        out.append(f"    {-p.unbuilt_ports:>+4d}  ports not built")
    if p.exchanged:
        out.append(f"    {-p.exchanged:>+4d}  pieces exchanged")
    for city, route in p.borrowed:
        out.append(
            f"          station in {city}: "
            + (f"uses {route.label}" if route else "borrows nothing")
        )
    if p.unused_stations:
        out.append(f"    {p.unused_stations:>+4d}  unused stations")
    if p.globetrotter_bonus:
        out.append(f"    {p.globetrotter_bonus:>+4d}  Globetrotter (most completed tickets)")
    if not longest_path:  # Märklin has no longest-path bonus
        return out
    path = p.longest_path
    if path.routes:
        out.append(f"  Longest continuous path: {path.length} spaces, {DASH.join(path.cities)}")
        out.append("    " + ", ".join(r.label for r in path.routes))
    else:
        out.append("  Longest continuous path: none (no routes)")
    if p.longest_path_bonus:
        out.append(f"    {p.longest_path_bonus:>+4d}  longest path bonus")
    return out
