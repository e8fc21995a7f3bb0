"""The score sheet as a PDF (reportlab): the same content as the page, a QR code back.

Put into words in the language spoken (``companion.rules.words.speaking``; the web app
speaks the request's language)."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Circle, Drawing, Group, Polygon, PolyLine, Rect, String
from reportlab.graphics.shapes import Line as Stroke
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from companion.render import board_picture, lettering, palette, score_chart
from companion.render.lettering import BOLD, FONT
from companion.render.score_chart import Series
from companion.render.text_sheet import ordinal, sheet_title, signed
from companion.rules import counted
from companion.rules.board import SEA, Board
from companion.rules.counted import figure
from companion.rules.score_sheet import Line, PlayerSheet, ScoreSheet
from companion.rules.variants import game_title
from companion.rules.words import Message, Text, _, join

# reportlab checks every attribute set on a shape against its kind (a third of a sheet's
# time); the shapes drawn here are this module's own, made the same way for every sheet.
rl_config.shapeChecking = 0


def _e(text: object) -> str:
    """Text (a message put into words first) escaped for a reportlab paragraph."""
    return escape(str(text))


def paper_styles() -> dict[str, ParagraphStyle]:
    """The printed sheets' type: body, title, heads, lines, small print."""
    base = ParagraphStyle("base", fontName=FONT, fontSize=9.5, leading=12.5)
    return {
        "base": base,
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=17, leading=22),
        "head": ParagraphStyle(
            "head", parent=base, fontName=BOLD, fontSize=12, leading=16, spaceBefore=8
        ),
        "line": ParagraphStyle("line", parent=base, fontSize=8.5, leading=11, leftIndent=5 * mm),
        "small": ParagraphStyle(
            "small", parent=base, fontSize=8, leading=10, textColor=colors.HexColor(palette.LABEL)
        ),
    }


def sheet_to_pdf(
    sheet: ScoreSheet, link: str, progress: Sequence[Series] = (), colour_blind: bool = False
) -> bytes:
    """The PDF's bytes, a sheet to pin up: the winner and tiebreak, the standings and the
    way back to the game (``link``), the board with every player's routes and the longest
    path, the score through the game (``progress``, when given), then every player's
    points, line by line; the pieces in the colour-blind palette with ``colour_blind``, and
    then every car on the board marked with its owner's mark."""
    lettering.register()
    return _pdf(sheet, link, progress, colour_blind)


def _pdf(sheet: ScoreSheet, link: str, progress: Sequence[Series], colour_blind: bool) -> bytes:
    styles = paper_styles()
    drawn = palette.pieces([p.player for p in sheet.players], colour_blind)
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=str(_("Ticket to Ride score sheet: %(map)s", map=game_title(sheet.board))),
        leftMargin=16 * mm,
        rightMargin=16 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        invariant=True,
    )
    story: list[Flowable] = [Paragraph(_e(sheet_title(sheet)), styles["title"])]
    if not sheet.finished:
        story.append(
            Paragraph(_e(_("The game is not over: scores as the board stands.")), styles["small"])
        )
    label, names = sheet.headline
    story.append(Paragraph(f"<b>{_e(label)}:</b> {_e(names)}", styles["base"]))
    if sheet.tiebreak and sheet.finished:
        tiebreak = _("Tiebreak: %(tiebreak)s", tiebreak=sheet.tiebreak)
        story.append(Paragraph(_e(tiebreak), styles["base"]))
    story.append(Spacer(1, 4 * mm))
    story.append(_standings(sheet, styles, drawn))
    # The way back to the game, on the first page: never alone on a last one.
    story.append(Spacer(1, 3 * mm))
    story.append(qr_block(link, _("Open this game: %(link)s", link=link), styles["small"]))
    story += _board(sheet, styles, drawn, every_car=colour_blind)
    if progress:
        story += _chart(progress, styles)
    for p in sheet.players:
        story.append(KeepTogether(_player(p, styles)))  # a player's lines stay together
    document.build(story)
    return out.getvalue()


def _standings(
    sheet: ScoreSheet, styles: dict[str, ParagraphStyle], drawn: dict[str, palette.Piece]
) -> Table:
    """The standings: a column for each part of the score the edition has, each player
    beside their mark (``drawn``: their pieces)."""
    small = ParagraphStyle(
        "cell",
        parent=styles["base"],
        fontName=BOLD,
        fontSize=8.5,
        leading=10,
        alignment=TA_RIGHT,
    )
    # Room for a title's longest word («Европейский», «Исследователь») in each column: a
    # title whose longest word would not fit is set smaller, never broken inside a word.
    free = 178 * mm - 12 * mm - 6 * mm - 36 * mm - 16 * mm
    room = free / len(sheet.columns) - 12  # the cell's padding, 6 points a side
    titles = []
    for column in sheet.columns:
        longest = max(stringWidth(w, BOLD, small.fontSize) for w in str(column.title).split())
        size = min(small.fontSize, small.fontSize * room / longest)
        fitted = ParagraphStyle("fitted", parent=small, fontSize=size, leading=size * 1.2)
        titles.append(Paragraph(_e(column.title), fitted))
    rows: list[list[Any]] = [["", "", str(_("Player")), *titles, str(_("Total"))]]
    for p in sheet.ranked:
        rows.append(
            [
                ordinal(p.rank),
                _disc(drawn[p.name]),
                Paragraph(escape(p.name), styles["base"]),
                *(figure(signed(s.points)) for s in p.sections),
                figure(p.total),
            ]
        )
    widths = [
        12 * mm,
        6 * mm,
        36 * mm,
        *[free / len(sheet.columns)] * len(sheet.columns),
        16 * mm,
    ]
    table = Table(rows, colWidths=widths)
    # The totals bold; the player's column reads from the left, as names do.
    table.setStyle(
        striped(("FONT", (-1, 1), (-1, -1), BOLD, 10), ("ALIGN", (2, 0), (2, 0), "LEFT"))
    )
    return table


def striped(*more: tuple[Any, ...]) -> TableStyle:
    """A standings table's style: a ruled head, numbers to the right, rows striped."""
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, 9.5),
            ("FONT", (0, 0), (-1, 0), BOLD, 9.5),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f2ede1")]),
            *more,
        ]
    )


def _line(line: Line, base: ParagraphStyle) -> Paragraph:
    points = "" if line.points is None else f"<b>{figure(signed(line.points))}</b>  "
    how = f": {_e(line.how)}" if line.how else ""
    return Paragraph(f"{points}{_e(line.what)}{how}", base)


def _player(p: PlayerSheet, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    base = styles["base"]
    story: list[Flowable] = [
        Paragraph(f"{_e(p.name)}: {_e(figure(counted.points(p.total)))}", styles["head"])
    ]
    for section in p.sections:
        summary = f" ({_e(section.summary)})" if section.summary else ""
        story.append(
            Paragraph(
                f"<b>{_e(section.title)}: {figure(signed(section.points))}</b>{summary}", base
            )
        )
        story += [_line(line, styles["line"]) for line in section.lines]
    return story


def qr_block(link: str, caption: Text, small: ParagraphStyle) -> Table:
    """A QR code that opens ``link``, the caption beside it."""
    table = Table([[_qr(link), Paragraph(_e(caption), small)]], colWidths=[32 * mm, 140 * mm])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return table


def _qr(link: str) -> Drawing:
    """The QR code that opens ``link``, 28 mm square (a drawing of its own each time:
    reportlab's drawings are not shared between threads)."""
    widget = QrCodeWidget(link)
    left, bottom, right, top = _qr_bounds(link)
    size = 28 * mm
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    return drawing


@lru_cache(maxsize=256)
def _qr_bounds(link: str) -> tuple[float, float, float, float]:
    """The QR code's bounds for ``link``: worked out by encoding it, once an address (a
    game's sheet is printed again and again)."""
    left, bottom, right, top = QrCodeWidget(link).getBounds()
    return left, bottom, right, top


WIDE = 178 * mm  # the page's width between its margins
TALLEST = 170 * mm  # the board's picture at most: a page keeps room for its caption
LIT = "#f2b705"  # the longest path's outline
# The board picture's text anchors (SVG's) as reportlab names them: the same words.
ANCHORS: dict[str, Literal["start", "middle", "end"]] = {
    "start": "start",
    "end": "end",
    "middle": "middle",
}


def _color(css: str) -> colors.Color:
    return colors.HexColor(css)


def _rect(
    x: float, y: float, width: float, height: float, rx: float = 0, ry: float = 0, **style: object
) -> Rect:
    """A rectangle drawn with ``style`` (fillColor, strokeColor, strokeWidth…), as
    ``Rect(x, y, width, height, rx, ry, **style)`` makes it. The style is set once it is
    made: types-reportlab types Rect's keywords wrongly (without ``Unpack``)."""
    rect = Rect(x, y, width, height, rx, ry)
    rect.setProperties(style)
    return rect


def _board(
    sheet: ScoreSheet,
    styles: dict[str, ParagraphStyle],
    drawn: dict[str, palette.Piece],
    every_car: bool = False,
) -> list[Flowable]:
    """The board with every player's routes in their colour and marked with their mark
    (on every car with ``every_car``), and, where the edition gives a bonus for it, the
    longest path (the bonus's) outlined."""
    board = sheet.board
    laid = board_picture.layout(board)
    scale = min(WIDE / laid.width, TALLEST / laid.height)
    holders = [p for p in sheet.players if p.longest_path_bonus and p.longest_path.length]
    lit = {r.id for p in holders for r in p.longest_path.routes}
    drawing = Drawing(laid.width * scale, laid.height * scale)
    art = Group(transform=(scale, 0, 0, -scale, 0, laid.height * scale))
    art.add(_rect(0, 0, laid.width, laid.height, fillColor=_color(palette.PAPER), strokeColor=None))
    _draw_water(art, board, laid)
    marks = _draw_routes(art, sheet, laid, drawn, lit, every_car)
    _draw_places(art, board, laid)
    drawing.add(art)
    # The owners' marks and the names, upright: drawn outside the flipped group.
    _write_marks(drawing, marks, laid, scale)
    _write_names(drawing, board, laid, scale)
    caption = Paragraph(f"<b>{_e(_caption(holders))}</b>", styles["head"])
    return [KeepTogether([caption, Spacer(1, 2 * mm), drawing])]


def _draw_water(art: Group, board: Board, laid: board_picture.Layout) -> None:
    """The water under each sea route."""
    for route in board.routes:
        if route.kind == SEA:
            for t in laid.tracks[route.id]:
                art.add(
                    Stroke(
                        t.start.x,
                        t.start.y,
                        t.end.x,
                        t.end.y,
                        strokeColor=_color(palette.WATER),
                        strokeWidth=15,
                        strokeLineCap=1,
                    )
                )


def _draw_routes(
    art: Group,
    sheet: ScoreSheet,
    laid: board_picture.Layout,
    drawn: dict[str, palette.Piece],
    lit: set[int],
    every_car: bool,
) -> list[board_picture.Space]:
    """Each route's spaces, a claimed one's in its owner's colour, those of the ``lit``
    routes outlined; the spaces that carry an owner's mark, to mark them upright after."""
    owners = {r.route.id: p for p in sheet.players for r in p.routes}
    marks: list[board_picture.Space] = []
    for route in sheet.board.routes:
        owner = owners.get(route.id)
        train = None if owner is None else drawn[owner.name]
        outline = LIT if route.id in lit else palette.INK
        for space in board_picture.spaces(route, laid, train, outline, every_car):
            art.add(_space(space, route.id in lit))
            if space.mark:
                marks.append(space)
    return marks


def _draw_places(art: Group, board: Board, laid: board_picture.Layout) -> None:
    """A dot for each city, and the countries' border flags."""
    for name, p in laid.places.items():
        if not board.is_country(name):
            art.add(
                Circle(p.x, p.y, 4.5, fillColor=_color(palette.CITY_DOT), strokeColor=colors.white)
            )
    for flag in board_picture.border_flags(board):
        art.add(_flag(flag))


def _write_marks(
    drawing: Drawing, marks: list[board_picture.Space], laid: board_picture.Layout, scale: float
) -> None:
    """Each owner's mark on the spaces that carry it."""
    for space in marks:
        drawing.add(
            String(
                space.centre.x * scale,
                (laid.height - space.centre.y - board_picture.MARK_FONT * 0.36) * scale,
                space.mark,
                fontName=BOLD,
                fontSize=board_picture.MARK_FONT * scale,
                fillColor=_color(space.ink),
                textAnchor="middle",
            )
        )


def _write_names(drawing: Drawing, board: Board, laid: board_picture.Layout, scale: float) -> None:
    """The names of the cities and the countries, where the picture places them."""
    for name, label in laid.labels.items():
        country = board.is_country(name)
        drawing.add(
            String(
                label.x * scale,
                (laid.height - label.y) * scale,
                name,
                fontName=FONT if country else BOLD,
                fontSize=board_picture.FONT * scale * (1.15 if country else 0.95),
                fillColor=_color(palette.COUNTRY_NAME if country else palette.CITY_NAME),
                textAnchor=ANCHORS[label.anchor],
            )
        )


def _caption(holders: list[PlayerSheet]) -> Message:
    """What the board shows: the longest path outlined, and whose; or each player's routes."""
    if holders:
        return _(
            "The board: the longest path outlined (%(players)s, %(spaces)s)",
            players=join([p.name for p in holders]),
            spaces=counted.spaces(holders[0].longest_path.length),
        )
    return _("The board: each player's routes in their colour")


def _flag(shape: board_picture.FlagShape) -> Group:
    """A border flag as the board's picture draws it (``board_picture.flag_shape``)."""
    ink = _color(palette.INK)
    flag = Group()
    if shape.stripes:
        for x, y, w, h, color in shape.stripes:
            flag.add(_rect(x, y, w, h, fillColor=_color(color), strokeColor=None))
        x, y, w, h = shape.cloth
        flag.add(_rect(x, y, w, h, fillColor=None, strokeColor=ink, strokeWidth=0.9))
    else:
        top = shape.top
        flag.add(
            Polygon(
                [top.x, top.y, top.x + 9, top.y + 3.5, top.x, top.y + 7],
                fillColor=ink,
                strokeColor=ink,
            )
        )
    foot, top = shape.foot, shape.top
    flag.add(Stroke(foot.x, foot.y, top.x, top.y, strokeColor=ink, strokeWidth=1.6))
    return flag


def _space(space: board_picture.Space, lit: bool) -> Group:
    """A route's space as the board's picture draws it (``board_picture.spaces``)."""
    c = space.centre
    shape = Group(transform=_turned(c.x, c.y, space.angle))
    shape.add(
        _rect(
            -space.length / 2,
            -space.height / 2,
            space.length,
            space.height,
            rx=space.corner,
            ry=space.corner,
            fillColor=_color(space.fill),
            strokeColor=_color(space.outline),
            strokeWidth=3.2 if lit else space.outline_width,
            strokeDashArray=[2.5, 1.5] if space.dashed else None,
        )
    )
    if space.locomotive:
        shape.add(Circle(0, 0, 2.2, fillColor=_color(palette.INK), strokeColor=None))
    if space.cross:
        arm, ink = min(space.length, space.height) * 0.32, _color(palette.INK)
        for dy in (arm, -arm):
            shape.add(Stroke(-arm, -dy, arm, dy, strokeColor=ink, strokeWidth=1.3))
    return shape


def _mark(piece: palette.Piece, x: float, y: float, radius: float) -> Group:
    """A player's mark: their seat's number in a disc of their colour, centred on (x, y)."""
    shape = Group()
    shape.add(Circle(x, y, radius, fillColor=_color(piece.color), strokeColor=colors.black))
    shape.add(
        String(
            x,
            y - radius * 0.45,
            piece.mark,
            fontName=BOLD,
            fontSize=radius * 1.3,
            fillColor=_color(piece.ink),
            textAnchor="middle",
        )
    )
    return shape


def _disc(piece: palette.Piece) -> Drawing:
    """A player's mark, for a table's cell."""
    drawing = Drawing(4.4 * mm, 4.4 * mm)
    drawing.add(_mark(piece, 2.2 * mm, 2.2 * mm, 2 * mm))
    return drawing


def _turned(x: float, y: float, angle: float) -> tuple[float, float, float, float, float, float]:
    """The transform that moves the origin to (x, y) and turns by ``angle`` degrees."""
    a = math.radians(angle)
    return (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), x, y)


def _chart(progress: Sequence[Series], styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Each player's score through the game; the dashed step is the end's tickets and
    bonuses."""
    laid = score_chart.chart(progress)
    scale = WIDE / score_chart.WIDTH
    height = score_chart.HEIGHT * scale
    drawing = Drawing(WIDE, height + 8 * mm)
    key_y = height + 3 * mm

    def at(x: float, y: float) -> tuple[float, float]:
        return x * scale, height - y * scale

    grey = _color(palette.GRID)
    for y, value in laid.ticks:
        x1, yy = at(score_chart.LEFT, y)
        x2, _y = at(score_chart.WIDTH - score_chart.RIGHT, y)
        drawing.add(
            Stroke(x1, yy, x2, yy, strokeColor=_color(palette.ZERO) if value == 0 else grey)
        )
        drawing.add(
            String(x1 - 4, yy - 3, figure(value), fontName=FONT, fontSize=7, textAnchor="end")
        )
    if laid.finished:
        x, top = at(laid.last_turn_x, score_chart.TOP)
        _x, bottom = at(laid.last_turn_x, score_chart.HEIGHT - score_chart.BOTTOM)
        drawing.add(
            Stroke(x, top, x, bottom, strokeColor=_color(palette.LAST_TURN), strokeDashArray=[3, 3])
        )
    for i, p in enumerate(laid.plotted):
        color = _color(p.series.piece.color)
        points = [v for x, y in p.points for v in at(x, y)]
        drawing.add(PolyLine(points, strokeColor=color, strokeWidth=1.8))
        if p.end is not None and p.points:
            lx, ly = p.points[-1]
            step = [*at(lx, ly), *at(laid.last_turn_x, ly), *at(*p.end)]
            drawing.add(PolyLine(step, strokeColor=color, strokeWidth=1.8, strokeDashArray=[4, 2]))
        if p.mark is not None:
            drawing.add(_mark(p.series.piece, *at(*p.mark), score_chart.MARK_RADIUS * scale))
        score = p.series.final if p.series.final is not None else p.series.track[-1]
        kx = i * WIDE / max(len(laid.plotted), 1)
        drawing.add(_mark(p.series.piece, kx + 5, key_y + 4, 5))
        drawing.add(
            String(kx + 13, key_y + 1, f"{p.series.name}: {score}", fontName=FONT, fontSize=8)
        )
    turns = _("turns: %(num)d", num=laid.turns)
    drawing.add(String(score_chart.LEFT * scale, 0, str(turns), fontName=FONT, fontSize=7))
    title = _("Score through the game")
    return [
        KeepTogether([Paragraph(f"<b>{_e(title)}</b>", styles["head"]), Spacer(1, 2 * mm), drawing])
    ]
