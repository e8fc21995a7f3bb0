"""Starting and importing a game: the new-game form and the maps it offers, a game
started from it or imported from a record (into a group, when one is given), and why one
was not. The home page and a group's page share it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import session
from flask_babel import gettext as _
from flask_babel import ngettext

# SelectChoice is new in WTForms 3.3; types-WTForms still describes WTForms 3.2.
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]

from companion.rules.board import Board
from companion.rules.colors import PIECE_COLORS
from companion.rules.errors import CompanionError, RecordError
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import GameRecord, parse_record
from companion.rules.setup import MAX_NAME, Player, complete_split, goods_colors, takes_dice
from companion.rules.untrusted import load_record_json, one_line
from companion.rules.variants import BASE_GAME, variants_of
from companion.rules.words import join
from companion.web import game_store
from companion.web.forms import ImportForm, NewGameForm, SeatForm, form_problem
from companion.web.headers import telegram_user
from companion.web.holds import requester
from companion.web.language import language


def _boards() -> list[Board]:
    """Every map the companion knows, in the order they are offered."""
    return [load_board(m) for m in map_ids()]


def new_game_form() -> NewGameForm:
    form = NewGameForm()
    boards = _boards()
    form.map.choices = [SelectChoice(b.id, _map_choice(b)) for b in boards]
    editions = {b.edition.id: b.edition for b in boards}.values()
    form.house_rules.choices = [
        SelectChoice(rule, _("%(edition)s: %(rule)s", edition=e.name, rule=words))
        for e in editions
        for rule, words in e.house_rules.items()
    ]
    if not form.is_submitted():
        for seat, color in zip(form.seats, PIECE_COLORS, strict=True):
            seat.form.color.data = color
        # Opened from Telegram: the first seat offers the player's own Telegram name.
        user = telegram_user()
        if user is not None:
            form.seats[0].form.name.data = user[1][:MAX_NAME]
    return form


def _map_choice(board: Board) -> str:
    """A map as the new-game form offers it, with how many play on it where not 2 to 5."""
    edition = board.edition
    if (edition.min_players, edition.max_players) == (2, 5):
        return str(board.title)
    return str(
        _(
            "%(map)s (%(low)d–%(high)d players)",
            map=board.title,
            low=edition.min_players,
            high=edition.max_players,
        )
    )


def new_game_context(form: NewGameForm | None = None) -> dict[str, Any]:
    """What ``_new_game.html`` needs: the form and the maps it offers."""
    boards = _boards()
    return {
        "form": form or new_game_form(),
        "boards": boards,
        "split_maps": [b.id for b in boards if b.edition.pieces],
        # How many seats each map offers ("nordic:3"): the form shows as many.
        "seat_maps": " ".join(f"{b.id}:{b.edition.max_players}" for b in boards),
        "dice_maps": join([b.title for b in boards if takes_dice(b.edition)]),
        # The variants beside each map's base game, offered for their own map only.
        "variants": [v for b in boards for v in variants_of(b.id) if v.id != BASE_GAME],
        # Which maps each house rule is for: the form offers a map's own only.
        "rule_maps": {
            rule: " ".join(b.id for b in boards if rule in b.edition.house_rules)
            for b in boards
            for rule in b.edition.house_rules
        },
    }


@dataclass(frozen=True)
class Refusal:
    """Why a game was not started or imported, and the answer's status."""

    problem: str
    status: int


def remember_goods(map_id: str, goods: dict[str, str]) -> None:
    """This browser remembers the goods colours it set on a board, for its next games
    there (never another table's: each browser, each group its own)."""
    remembered = dict(session.get("goods", {}))
    remembered[map_id] = goods
    session["goods"] = remembered


def remembered_goods(map_id: str, group: str | None) -> dict[str, str]:
    """The goods colours a new game on the board starts with: in a group, those of its
    latest game there; else those this browser set there last."""
    if group is not None:
        found = game_store.group_goods(group, map_id)
        if found:
            return found
    goods = session.get("goods", {}).get(map_id, {})
    return goods if isinstance(goods, dict) else {}


def start_game(form: NewGameForm, group: str | None = None) -> str | Refusal:
    """Starts the game the new-game form describes (in ``group``): its id, or why not."""
    if not form.validate_on_submit():
        return Refusal(form_problem(form), 400)
    seated = [s.form for s in form.seats if _seat_name(s.form)]
    players = tuple(Player(_seat_name(s), s.color.data) for s in seated)
    house_rules = tuple(form.house_rules.data or ())
    board = load_board(form.map.data)
    pieces = {}
    if board.edition.pieces:
        for seat in seated:
            split = complete_split(board.edition, seat.trains.data, seat.ships.data)
            if split is not None:
                pieces[_seat_name(seat)] = split
    goods = remembered_goods(board.id, group) if board.edition.goods else {}
    try:
        goods_colors(board, goods)
    except CompanionError:
        goods = {}  # what was remembered no longer adds up: start from the board's own
    try:
        record = GameRecord(
            map=form.map.data,
            players=players,
            goods=goods,
            house_rules=house_rules,
            pieces=pieces,
            dice=bool(form.dice.data),
            variant=form.variant.data or BASE_GAME,
        )
        return game_store.create_game(record, language(), requester(), group)
    except game_store.TooManyGames as error:
        return Refusal(too_many(error), 429)
    except RecordError as error:  # the form's game, not a file: no place in a record to name
        return Refusal(str(error.problem), 400)
    except CompanionError as error:
        return Refusal(str(error), 400)


def _seat_name(seat: SeatForm) -> str:
    """The name written in a seat, without the spaces around it ("" for an empty seat)."""
    return (seat.name.data or "").strip()


def too_many(error: game_store.TooManyGames) -> str:
    return str(
        ngettext(
            "This device has started %(num)d game in the last hour, the most this server allows:"
            " try again later, or carry on with a game already started.",
            "This device has started %(num)d games in the last hour, the most this server allows:"
            " try again later, or carry on with a game already started.",
            error.most,
        )
    )


def import_game(upload: ImportForm, group: str | None = None) -> str | Refusal:
    """Imports the game record sent (into ``group``): the game's id, or why not."""
    if not upload.validate_on_submit():
        return Refusal(form_problem(upload), 400)
    try:
        text = upload.record.data.read().decode("utf-8-sig")
        data = load_record_json(text)
    except (UnicodeDecodeError, RecordError) as error:
        if isinstance(error, UnicodeDecodeError):
            reason = _("it is not UTF-8 text")
        else:
            reason = str(error)
        problem = _("That file is not a JSON game record: %(reason)s.", reason=one_line(reason))
        return Refusal(problem, 400)
    try:
        return game_store.create_game(parse_record(data), language(), requester(), group)
    except game_store.TooManyGames as error:
        return Refusal(too_many(error), 429)
    except CompanionError as error:
        problem = _("That game record can't be imported: %(reason)s", reason=one_line(str(error)))
        return Refusal(problem, 400)
