"""An event's standings as a PDF to pin up (reportlab): the standings by the event's
method, how they rank (the house rule and the later-seat option where they apply), then
each round's tables with their players in seat order and their points, and a QR code to
the event's public page. Put into words in the language spoken."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any, Protocol
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from companion.render import lettering
from companion.render.lettering import FONT
from companion.render.pdf_sheet import paper_styles, qr_block, striped
from companion.rules.counted import figure
from companion.rules.event import STAGE_NAMES, EventSetup
from companion.rules.event_standings import (
    EXPLAINED,
    LATER_SEAT_RULE,
    METHODS,
    POINTS,
    RATIO_BOUND_RULE,
    RATIO_HOUSE_RULE,
    TIEBREAKS,
    WINS,
    EventStanding,
    OverallStanding,
    columns,
)
from companion.rules.words import Text, _

WIDE = 178 * mm  # the page's width between its margins


class TableLine(Protocol):
    """A table of a round as the sheet prints it."""

    @property
    def number(self) -> int: ...
    @property
    def players(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def status_words(self) -> Text: ...
    @property
    def taken_out(self) -> bool: ...
    @property
    def places(self) -> tuple[int, ...]: ...
    @property
    def ranked(self) -> list[tuple[int, str, int]]: ...


def _e(text: object) -> str:
    return escape(str(text))


def event_to_pdf(
    setup: EventSetup,
    map_title: Text,
    standings: Sequence[EventStanding],
    rounds: Sequence[Sequence[TableLine]],
    link: str,
    overall: Sequence[OverallStanding] = (),
    stage_names: Mapping[int, Text] | None = None,
) -> bytes:
    """The PDF's bytes: the standings (once stages follow the heats, ``overall`` first,
    then the heats'), how they rank, each round's tables (``rounds``, the first round
    first, a stage's named by ``stage_names``) and a QR code that opens the event's public
    page (``link``)."""
    lettering.register()
    styles = paper_styles()
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=str(_("%(event)s: the standings", event=setup.name)),
        leftMargin=16 * mm,
        rightMargin=16 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
        invariant=True,
    )
    story: list[Flowable] = [
        Paragraph(_e(_("%(event)s: the standings", event=setup.name)), styles["title"]),
        Paragraph(_e(map_title), styles["base"]),
        Spacer(1, 3 * mm),
        Paragraph(_e(_("Ranked by %(method)s.", method=METHODS[setup.method])), styles["base"]),
        Paragraph(_e(EXPLAINED[setup.method]), styles["small"]),
    ]
    notes: list[Text] = [TIEBREAKS, _("Finished games count; a game taken out does not.")]
    if setup.method != POINTS:
        notes.append(RATIO_HOUSE_RULE)
    if setup.method == WINS:
        notes.append(RATIO_BOUND_RULE)
    if setup.later_seat in LATER_SEAT_RULE:
        notes.append(LATER_SEAT_RULE[setup.later_seat])
    story += [Paragraph(_e(note), styles["small"]) for note in notes]
    if overall:
        story += [
            Spacer(1, 3 * mm),
            Paragraph(_e(_("Overall")), styles["head"]),
            _overall(overall, styles),
            Spacer(1, 2 * mm),
            Paragraph(_e(_("Heats")), styles["head"]),
        ]
    story += [Spacer(1, 3 * mm), _standings(setup.method, standings, styles)]
    if any(s.by_lot for s in standings):
        story.append(
            Paragraph(_e(_("‡ Placed by lot among players still equal.")), styles["small"])
        )
    caption = _("Follow the event: %(link)s", link=link)
    story += [Spacer(1, 3 * mm), qr_block(link, caption, styles["small"])]
    for number, tables in enumerate(rounds, start=1):
        if tables:
            named = _("Round %(num)d", num=number)
            stage = (stage_names or {}).get(number)
            head = Paragraph(_e(f"{named} · {stage}" if stage else named), styles["head"])
            story.append(KeepTogether([head, _round(tables, styles)]))  # a round on one page
    document.build(story)
    return out.getvalue()


def _standings(
    method: str, standings: Sequence[EventStanding], styles: dict[str, ParagraphStyle]
) -> Table:
    head = ["#", *columns(method)]
    rows: list[list[Any]] = [[str(h) for h in head]]
    for s in standings:
        rows.append(
            [
                f"{s.rank}‡" if s.by_lot else str(s.rank),
                Paragraph(_e(s.name), styles["base"]),
                s.games,
                s.wins,
                figure(s.points),
                figure(s.shown),
                s.average_shown,
            ]
        )
    widths = [10 * mm, 58 * mm, 18 * mm, 16 * mm, 22 * mm, 24 * mm, 30 * mm]
    table = Table(rows, colWidths=widths)
    table.setStyle(striped())
    return table


def _overall(overall: Sequence[OverallStanding], styles: dict[str, ParagraphStyle]) -> Table:
    """The whole event's places: each player's furthest stage and their place in it."""
    rows: list[list[Any]] = [
        ["#", str(_("Player")), str(_("Stage reached")), str(_("Place in it")), str(_("Points"))]
    ]
    for o in overall:
        rows.append(
            [
                str(o.rank),
                Paragraph(_e(o.line.name), styles["base"]),
                str(STAGE_NAMES[o.stage]),
                f"{o.line.rank}‡" if o.line.by_lot else str(o.line.rank),
                figure(o.line.points),
            ]
        )
    table = Table(rows, colWidths=[10 * mm, 64 * mm, 40 * mm, 30 * mm, 34 * mm])
    table.setStyle(striped())
    return table


def _round(tables: Sequence[TableLine], styles: dict[str, ParagraphStyle]) -> Flowable:
    """A round's tables, two abreast: each its players with their points, in place order
    once finished (the winner marked), in seat order before."""
    cells = []
    for t in tables:
        state = f"{_e(t.status_words)}" + (f" · {_e(_('taken out'))}" if t.taken_out else "")
        title = Paragraph(
            f"<b>{_e(_('Table %(num)d', num=t.number))}</b> ({state})", styles["base"]
        )
        seats: list[list[Any]] = [
            [
                f"{number}." if t.places else "",
                Paragraph(
                    f"<b>{_e(name)}</b> ({_e(_('winner'))})"
                    if t.places and number == 1
                    else _e(name),
                    styles["base"],
                ),
                figure(points),
            ]
            for number, name, points in t.ranked
        ]
        inner = Table(seats, colWidths=[7 * mm, 56 * mm, 16 * mm])
        inner.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9.5),
                    ("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
                    ("LINEBELOW", (0, 0), (-1, -2), 0.3, colors.lightgrey),
                ]
            )
        )
        cells.append([title, inner])
    rows = [cells[i : i + 2] + [""] * (2 - len(cells[i : i + 2])) for i in range(0, len(cells), 2)]
    grid = Table(rows, colWidths=[WIDE / 2] * 2)
    grid.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)])
    )
    return grid
