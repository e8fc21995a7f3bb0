"""The score sheet as a PDF (reportlab): the same content as the page, a QR code back.

Put into words in the language spoken (``companion.rules.words.speaking``; the web app
speaks the request's language)."""

from __future__ import annotations

import io
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.rules import counted
from companion.rules.sheet import Line, PlayerSheet, ScoreSheet
from companion.rules.words import _
from companion.sheets.text import ordinal, sheet_title, signed

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"


def _e(text: object) -> str:
    """Text (a message put into words first) escaped for a reportlab paragraph."""
    return escape(str(text))


def _fonts() -> None:
    """Registers DejaVu Sans (shipped with the package): it prints Cyrillic and accents."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = resources.files("companion.sheets").joinpath("fonts")
    for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        with resources.as_file(folder.joinpath(file)) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", fontName=FONT, fontSize=9.5, leading=12.5)
    return {
        "base": base,
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=17, leading=22),
        "head": ParagraphStyle(
            "head", parent=base, fontName=BOLD, fontSize=12, leading=16, spaceBefore=8
        ),
        "line": ParagraphStyle("line", parent=base, fontSize=8.5, leading=11, leftIndent=5 * mm),
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
        title=str(_("Ticket to Ride score sheet: %(map)s", map=sheet.board.title)),
        leftMargin=16 * mm,
        rightMargin=16 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        invariant=True,
    )
    story: list = [Paragraph(_e(sheet_title(sheet)), styles["title"])]
    if not sheet.finished:
        story.append(
            Paragraph(_e(_("The game is not over: scores as the board stands.")), styles["small"])
        )
    label, names = sheet.headline
    story.append(Paragraph(f"<b>{_e(label)}:</b> {_e(names)}", styles["base"]))
    if sheet.tiebreak:
        tiebreak = _("Tiebreak: %(tiebreak)s", tiebreak=sheet.tiebreak)
        story.append(Paragraph(_e(tiebreak), styles["base"]))
    story.append(Spacer(1, 4 * mm))
    story.append(_standings(sheet, styles))
    # The way back to the game, on the first page: never alone on a last one.
    story.append(Spacer(1, 3 * mm))
    story.append(_qr(link, styles))
    for p in sheet.players:
        story += _player(p, styles)
    document.build(story)
    return out.getvalue()


def _standings(sheet: ScoreSheet, styles: dict[str, ParagraphStyle]) -> Table:
    """The standings: a column for each part of the score the edition has."""
    small = ParagraphStyle(
        "cell",
        parent=styles["base"],
        fontName=BOLD,
        fontSize=8.5,
        leading=10,
        alignment=TA_RIGHT,
    )
    titles = [Paragraph(_e(c.title), small) for c in sheet.columns]
    rows: list[list[Any]] = [["", str(_("Player")), *titles, str(_("Total"))]]
    for p in sheet.ranked:
        rows.append(
            [
                ordinal(p.rank),
                Paragraph(escape(p.name), styles["base"]),
                *(signed(s.points) for s in p.sections),
                str(p.total),
            ]
        )
    # Room for a title's longest word («Европейский», «Глобтроттер») in each column.
    free = 178 * mm - 12 * mm - 36 * mm - 16 * mm
    widths = [12 * mm, 36 * mm, *[free / len(sheet.columns)] * len(sheet.columns), 16 * mm]
    table = Table(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9.5),
                ("FONT", (0, 0), (-1, 0), BOLD, 9.5),
                ("FONT", (-1, 1), (-1, -1), BOLD, 10),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f2ede1")]),
            ]
        )
    )
    return table


def _line(line: Line, base: ParagraphStyle) -> Paragraph:
    points = "" if line.points is None else f"<b>{signed(line.points)}</b>  "
    how = f": {_e(line.how)}" if line.how else ""
    return Paragraph(f"{points}{_e(line.what)}{how}", base)


def _player(p: PlayerSheet, styles: dict[str, ParagraphStyle]) -> list:
    base = styles["base"]
    story: list = [Paragraph(f"{_e(p.name)}: {_e(counted.points(p.total))}", styles["head"])]
    for section in p.sections:
        summary = f" ({_e(section.summary)})" if section.summary else ""
        story.append(
            Paragraph(f"<b>{_e(section.title)}: {signed(section.points)}</b>{summary}", base)
        )
        story += [_line(line, styles["line"]) for line in section.lines]
    return story


def _qr(link: str, styles: dict[str, ParagraphStyle]) -> Table:
    widget = QrCodeWidget(link)
    left, bottom, right, top = widget.getBounds()
    size = 28 * mm
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    text = Paragraph(_e(_("Open this game: %(link)s", link=link)), styles["small"])
    table = Table([[drawing, text]], colWidths=[32 * mm, 140 * mm])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return table
