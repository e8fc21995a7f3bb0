"""The score sheet as a PDF (reportlab): the same content as the page, a QR code back."""

from __future__ import annotations

import io
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.rules.board import DASH
from companion.rules.names import plural
from companion.rules.paths import cities_along
from companion.rules.scoring import PlayerSheet, ScoreSheet

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _fonts() -> None:
    """Registers DejaVu Sans (shipped with the package): it prints Cyrillic and accents."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = resources.files("companion.sheets").joinpath("fonts")
    for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        with resources.as_file(folder.joinpath(file)) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", fontName=FONT, fontSize=9.5, leading=12.5)
    return {
        "base": base,
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=17, leading=22),
        "head": ParagraphStyle(
            "head", parent=base, fontName=BOLD, fontSize=12, leading=16, spaceBefore=8
        ),
        "small": ParagraphStyle(
            "small", parent=base, fontSize=8, leading=10, textColor=colors.HexColor("#555555")
        ),
    }


def sheet_to_pdf(sheet: ScoreSheet, link: str) -> bytes:
    """The PDF's bytes: standings, the winner and tiebreak, then every player's points."""
    _fonts()
    styles = _styles()
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=f"Ticket to Ride score sheet: {sheet.board.name}",
        leftMargin=16 * mm,
        rightMargin=16 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        invariant=True,
    )
    story: list = [Paragraph(f"Ticket to Ride: {escape(sheet.board.name)}", styles["title"])]
    if not sheet.finished:
        story.append(
            Paragraph("The game is not over: scores as the board stands.", styles["small"])
        )
    winners = " and ".join(escape(w) for w in sheet.winners)
    story.append(
        Paragraph(
            f"<b>{'Winner' if len(sheet.winners) == 1 else 'Shared win'}:</b> {winners}",
            styles["base"],
        )
    )
    if sheet.tiebreak:
        story.append(Paragraph(f"Tiebreak: {escape(sheet.tiebreak)}", styles["base"]))
    story.append(Spacer(1, 4 * mm))
    story.append(_standings(sheet, styles))
    for p in sheet.players:
        story += _player(p, styles)
    story.append(Spacer(1, 6 * mm))
    story.append(_qr(link, styles))
    document.build(story)
    return out.getvalue()


def _bonus(points: int) -> str:
    return f"+{points}" if points else "0"


def _standings(sheet: ScoreSheet, styles: dict[str, ParagraphStyle]) -> Table:
    marklin = bool(sheet.board.edition.passengers)
    europe = bool(sheet.board.edition.stations)
    extra = ["Goods", "Globetrotter"] if marklin else ["Longest path"]
    if europe:
        extra = ["Stations", "Longest path"]
    rows: list[list[Any]] = [["", "Player", "Routes", "Tickets", *extra, "Total"]]
    for p in sorted(sheet.players, key=lambda p: p.rank):
        parts = p.breakdown
        bonuses = (
            [str(parts["goods"]), _bonus(parts["globetrotter_bonus"])]
            if marklin
            else [_bonus(parts["longest_path_bonus"])]
        )
        if europe:
            bonuses = [_bonus(parts["stations"]), *bonuses]
        rows.append(
            [
                ORDINALS.get(p.rank, f"{p.rank}th"),
                Paragraph(escape(p.name), styles["base"]),
                str(parts["routes"]),
                f"{parts['tickets']:+d}",
                *bonuses,
                str(p.total),
            ]
        )
    widths = [
        12 * mm,
        54 * mm,
        20 * mm,
        20 * mm,
        24 * mm,
        *([26 * mm] if marklin or europe else []),
        18 * mm,
    ]
    table = Table(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9.5),
                ("FONT", (0, 0), (-1, 0), BOLD, 9.5),
                ("FONT", (-1, 1), (-1, -1), BOLD, 10),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f2ede1")]),
            ]
        )
    )
    return table


def _player(p: PlayerSheet, styles: dict[str, ParagraphStyle]) -> list:
    base, small = styles["base"], styles["small"]
    story: list = [Paragraph(f"{escape(p.name)}: {p.total} points", styles["head"])]
    routes = ", ".join(f"{escape(r.route.label)} {r.points}" for r in p.routes) or "none"
    story.append(
        Paragraph(
            f"<b>Routes</b> ({plural(len(p.routes), 'route')}, {p.breakdown['routes']} points, "
            f"{plural(p.trains_left, 'train')} left): {routes}",
            base,
        )
    )
    if p.tickets:
        for t in p.tickets:
            if t.chain is None:
                how = "not connected"
            elif t.ticket.is_tour:
                how = "in order" if t.in_order else "connected, not in order"
            else:
                how = "connected: " + escape(DASH.join(cities_along(t.chain, t.ticket.cities[0])))
            story.append(
                Paragraph(
                    f"<b>Ticket</b> {escape(t.ticket.name)} ({t.ticket.points}): "
                    f"<b>{t.points:+d}</b>, {how}",
                    base,
                )
            )
    else:
        story.append(Paragraph("<b>Tickets</b>: none entered", base))
    for trip in p.trips:
        tokens = ", ".join(f"{escape(c)} {v}" for c, v in trip.tokens) or "no tokens left"
        story.append(
            Paragraph(
                f"<b>Passenger trip</b> {escape(DASH.join(trip.cities))}: {tokens}: "
                f"<b>+{trip.points}</b> ({plural(trip.cards, 'passenger card')})",
                base,
            )
        )
    for port in p.ports:
        named = ", ".join(escape(t.name) for t in port.tickets) or "no completed ticket names it"
        story.append(
            Paragraph(f"<b>Port in {escape(port.city)}</b>: <b>+{port.points}</b> ({named})", base)
        )
    if p.unbuilt_ports:
        story.append(Paragraph(f"<b>Ports not built</b>: <b>{-p.unbuilt_ports}</b>", base))
    if p.exchanged:
        story.append(Paragraph(f"<b>Pieces exchanged</b>: <b>{-p.exchanged}</b>", base))
    for city, route in p.borrowed:
        used = f"uses {escape(route.label)}" if route else "borrows nothing that helps"
        story.append(Paragraph(f"<b>Station in {escape(city)}</b>: {used}", base))
    if p.unused_stations:
        story.append(Paragraph(f"<b>Unused stations</b>: <b>+{p.unused_stations}</b>", base))
    if p.globetrotter_bonus:
        story.append(
            Paragraph(
                f"<b>Globetrotter</b> (most completed tickets): <b>+{p.globetrotter_bonus}</b>",
                base,
            )
        )
    path = p.longest_path
    if path.routes:
        bonus = (
            f", <b>+{p.longest_path_bonus}</b> longest path bonus" if p.longest_path_bonus else ""
        )
        story.append(
            Paragraph(
                f"<b>Longest continuous path</b>: {plural(path.length, 'space')}{bonus}: "
                f"{escape(DASH.join(path.cities))}",
                base,
            )
        )
    story.append(
        Paragraph(
            f"Completed tickets: {p.tickets_completed}; not completed: {p.tickets_failed}", small
        )
    )
    return story


def _qr(link: str, styles: dict[str, ParagraphStyle]) -> Table:
    widget = QrCodeWidget(link)
    left, bottom, right, top = widget.getBounds()
    size = 28 * mm
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    text = Paragraph(f"Open this game: {escape(link)}", styles["small"])
    table = Table([[drawing, text]], colWidths=[32 * mm, 140 * mm])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return table
