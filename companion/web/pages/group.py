"""A group's page (``/t/<id>``): its standings across its games, its records and pictures,
the games themselves, and the forms that start or import the next one into it."""

from __future__ import annotations

import json
from collections import Counter

from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from companion.render.group_charts import scores_svg, wins_svg
from companion.render.palette import SEAT_PIECES, Piece, piece_color
from companion.rules.colors import PIECE_COLORS
from companion.rules.errors import IllegalAction
from companion.rules.map_file import load_board, map_ids
from companion.rules.names import name_key
from companion.rules.rating import PROVISIONAL_GAMES
from companion.rules.standings import Standings
from companion.rules.variants import BASE_GAME, game_title, variant_board, variants_of
from companion.web import game_store, group_store
from companion.web.forms import (
    GroupForm,
    ImportForm,
    MergeForm,
    NewGameForm,
    TakeOutForm,
    TelegramPersonForm,
    UnmergeForm,
    form_problem,
    required,
)
from companion.web.group_store import Group
from companion.web.headers import telegram_user
from companion.web.holds import requester
from companion.web.new_game import (
    Refusal,
    import_game,
    new_game_context,
    new_game_form,
    start_game,
    too_many,
)
from companion.web.players import colour_blind
from companion.web.qr import public_url, qr_svg
from companion.web.shared_page import shared_by

bp = Blueprint("group", __name__, url_prefix="/t")

REMEMBERED = 10  # groups this browser offers on the home page


@bp.post("")
def create() -> BaseResponse | tuple[str, int]:
    """Starts a group and opens its page."""
    form = GroupForm()
    if not form.validate_on_submit():
        return _refused(form_problem(form))
    try:
        group_id = group_store.create_group(form.name.data or "", requester())
    except game_store.TooManyGames as error:
        return _refused(too_many(error), 429)
    # A name refused (IllegalAction) is the app's refusal page, as every other.
    return redirect(url_for("group.show", group_id=group_id), code=303)


def _refused(problem: str, status: int = 400) -> tuple[str, int]:
    return render_template("error.html", title=_("Refused"), message=problem), status


def _remember(group_id: str) -> None:
    """This browser offers the group on the home page from now on."""
    known = session.get("groups", [])
    if known[:1] != [group_id]:
        session["groups"] = [group_id, *(g for g in known if g != group_id)][:REMEMBERED]


def _map_asked() -> str | None:
    asked = request.args.get("map")
    return asked if asked in map_ids() else None


def _variant_asked(map_id: str | None) -> str | None:
    """The variant the standings are filtered by: one of the map's asked for, else none."""
    asked = request.args.get("variant")
    if map_id is None or asked not in {v.id for v in variants_of(map_id)}:
        return None
    return asked


def person_pieces(found: Standings) -> dict[str, Piece]:
    """Each person's colour in the pictures: the pieces they played most, unless someone
    listed before them has it (then one of the colours nobody has); and their mark, their
    name's first letters (as few as tell them from the others), which tells them apart
    where colour can't and is never read as a place in a list."""
    blind = colour_blind()
    fallback = [piece_color(None, seat, blind) for seat in range(len(SEAT_PIECES))]
    played: dict[str, Counter[str]] = {}
    for game in found.games:
        for seat, p in enumerate(game.sheet.players):
            color = piece_color(p.player.color, seat, blind)
            played.setdefault(found.person(p.name), Counter())[color] += 1
    colors: dict[str, str] = {}
    for standing in found.people:
        taken = set(colors.values())
        liked = [c for c, _n in played.get(standing.name, Counter()).most_common()]
        free = [c for c in (*liked, *fallback) if c not in taken]
        colors[standing.name] = free[0] if free else fallback[0]
    marks = initials(list(colors))
    return {name: Piece(color, marks[name]) for name, color in colors.items()}


def initials(names: list[str]) -> dict[str, str]:
    """Each name's mark: its first letter, or its first two where another name shares the
    first ("Ann", "Alex" → "An", "Al"), or a number after the letter where two share both."""
    found: dict[str, str] = {}
    for name in names:
        letters = "".join(c for c in name if c.isalnum()) or "?"
        first = letters[:1].upper()
        shared = [o for o in names if o != name and o[:1].upper() == first]
        mark = first if not shared else first + letters[1:2].lower()
        if mark in found.values():
            mark = first + str(sum(1 for m in found.values() if m.startswith(first)) + 1)
        found[name] = mark
    return found


def _latest_table(found: Standings, me: str | None = None) -> NewGameForm:
    """The new-game form, filled in as the group's latest game was: the same map and the
    same players in the same seats, with the same pieces, and the same ticket decks; the
    Telegram user who opened it (``me``, as the group knows them) in the first seat free,
    if they did not play it."""
    form = new_game_form()
    if found.games and not form.is_submitted():
        latest = found.games[-1]
        form.map.data = latest.map
        form.variant.data = latest.variant
        players = latest.sheet.players
        chosen = [p.player.color for p in players if p.player.color in PIECE_COLORS]
        free = iter(c for c in PIECE_COLORS if c not in chosen)
        for seat, p in zip(form.seats, players, strict=False):
            seat.form.name.data = p.name
            # A record without colours: each seat one nobody else plays.
            color = p.player.color
            seat.form.color.data = color if color in PIECE_COLORS else next(free, None)
        seated = [name_key(found.person(seat.form.name.data or "")) for seat in form.seats]
        if me is not None and name_key(me) not in seated:
            empty = next((seat for seat in form.seats if not seat.form.name.data), None)
            if empty is not None:
                empty.form.name.data = me
    return form


def render_group(
    group_id: str,
    form: NewGameForm | None = None,
    upload: ImportForm | None = None,
    problem: str | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """The group's page, with a refusal's reason when there is one: made once for where
    the group stands (and the Telegram user asking) for every phone that reads it the same,
    unless it shows a form as sent or a refusal."""
    group = group_store.load_group(group_id)
    if form is None and upload is None and problem is None:
        user = telegram_user()
        known = group_store.telegram_person(group_id, user[0]) if user else None
        key = ("group", group_store.stamp(group), user, known)
        return shared_by(key, lambda: _group_page(group, None, None, None)), status
    return _group_page(group, form, upload, problem), status


def _group_page(
    group: Group, form: NewGameForm | None, upload: ImportForm | None, problem: str | None
) -> str:
    group_id = group.id
    map_id = _map_asked()
    variant_id = _variant_asked(map_id)
    every = group_store.group_standings(group)
    found = group_store.group_standings(group, map_id, variant_id) if map_id else every
    # The variants played on the map shown, to filter by when there are several.
    played_variants = list(dict.fromkeys(g.variant for g in every.games if g.map == map_id))
    pieces = person_pieces(every)
    link = public_url(url_for("group.show", group_id=group_id))
    maps = list(dict.fromkeys(g.map for g in every.games))
    titles = {m: load_board(m).title for m in maps}
    finished = [g for g in found.games if g.finished]
    user = telegram_user()
    known = group_store.telegram_person(group_id, user[0]) if user else None
    me = every.person(known) if known else None  # as the standings name them now
    return render_template(
        "group.html",
        group=group,
        found=found,
        map_id=map_id,
        variant_id=variant_id,
        variant_names={v.id: v.name for v in variants_of(map_id)} if map_id else {},
        # "North America", "North America — Mega Game": what the standings are of.
        shown_title=game_title(variant_board(map_id, variant_id or BASE_GAME)) if map_id else None,
        played_variants=played_variants if len(played_variants) > 1 else [],
        # The records' maps and variants, each with its title ("North America — 1910").
        map_variants={
            k: game_title(variant_board(*k))
            for k in dict.fromkeys(r.map_variant for r in found.records)
        },
        several_map_variants=len({g.map_variant for g in every.games}) > 1,
        provisional_games=PROVISIONAL_GAMES,
        maps=maps,
        titles=titles,
        pieces=pieces,
        link=link,
        qr=qr_svg(link),
        scores_chart=scores_svg(
            [{found.person(p.name): p.total for p in g.sheet.players} for g in finished],
            [s.name for s in found.people],
            pieces,
        )
        if finished
        else None,
        wins_chart=wins_svg(
            [(str(titles[m]), wins) for m, wins in every.wins_by_map().items()],
            [s.name for s in every.people],
            pieces,
        )
        if any(g.finished for g in every.games)
        else None,
        spellings=sorted({p.name for g in every.games for p in g.sheet.players}, key=name_key),
        rename=GroupForm(data={"name": group.name}),
        merge_form=MergeForm(),
        unmerge=UnmergeForm(),
        take_out=TakeOutForm(),
        upload=upload or ImportForm(),
        problem=problem,
        new_game_action=url_for("group.new_game", group_id=group_id),
        import_action=url_for("group.import_record", group_id=group_id),
        # Opened from Telegram: which of the group's players the user is.
        telegram_me={"person": me, "people": [p.name for p in every.people]}
        if user and every.people
        else None,
        telegram_form=TelegramPersonForm(),
        **new_game_context(form or _latest_table(every, me)),
    )


@bp.get("/<group_id>")
def show(group_id: str) -> tuple[str, int]:
    """The group's page; this browser remembers the group, to offer it on the home page."""
    page = render_group(group_id)
    _remember(group_id)
    return page


@bp.get("/<group_id>/stats.json")
def stats(group_id: str) -> Response:
    """The standings as JSON (one map's with ``?map=``, one variant's with ``&variant=``)."""
    map_id = _map_asked()
    group = group_store.load_group(group_id)
    found = group_store.group_standings(group, map_id, _variant_asked(map_id))
    body = json.dumps(group_store.stats_json(found), ensure_ascii=False, indent=1)
    response = Response(body, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<group_id>/games")
def new_game(group_id: str) -> BaseResponse | tuple[str, int]:
    """Starts a game in the group."""
    group_store.load_group(group_id)
    form = new_game_form()
    started = start_game(form, group_id)
    if isinstance(started, Refusal):
        return render_group(group_id, form=form, problem=started.problem, status=started.status)
    user = telegram_user()
    if user is not None:  # the seat under the user's Telegram name is theirs
        seats = [s.form.name.data or "" for s in form.seats]
        group_store.seat_telegram(group_id, user[0], seats, user[1])
    return redirect(url_for("table.show", game_id=started), code=303)


@bp.post("/<group_id>/import")
def import_record(group_id: str) -> BaseResponse | tuple[str, int]:
    """Imports a game record into the group."""
    group_store.load_group(group_id)
    upload = ImportForm()
    imported = import_game(upload, group_id)
    if isinstance(imported, Refusal):
        return render_group(
            group_id, upload=upload, problem=imported.problem, status=imported.status
        )
    return redirect(url_for("group.show", group_id=group_id, _anchor="games"), code=303)


@bp.post("/<group_id>/name")
def rename(group_id: str) -> BaseResponse | tuple[str, int]:
    """Gives the group a new name."""
    form = GroupForm()
    if not form.validate_on_submit():
        return render_group(group_id, problem=form_problem(form), status=400)
    try:
        group_store.rename(group_id, form.name.data or "")
    except IllegalAction as error:
        return render_group(group_id, problem=str(error), status=400)
    return redirect(url_for("group.show", group_id=group_id), code=303)


@bp.post("/<group_id>/merge")
def merge(group_id: str) -> BaseResponse | tuple[str, int]:
    """Counts two spellings as one person."""
    form = MergeForm()
    if not form.validate_on_submit():
        return render_group(group_id, problem=form_problem(form), status=400)
    try:
        spelling, person = required(form.spelling.data), required(form.person.data)
        group_store.merge(group_id, spelling.strip(), person.strip())
    except IllegalAction as error:
        return render_group(group_id, problem=str(error), status=409)
    return redirect(url_for("group.show", group_id=group_id, _anchor="people"), code=303)


@bp.post("/<group_id>/telegram")
def telegram(group_id: str) -> BaseResponse | tuple[str, int]:
    """The Telegram user who opened the page says which of the group's players they are."""
    user = telegram_user()
    if user is None:
        return render_group(group_id, problem=_("Open the group from Telegram first."), status=400)
    form = TelegramPersonForm()
    if not form.validate_on_submit():
        return render_group(group_id, problem=form_problem(form), status=400)
    try:
        person = required(form.person.data).strip()
        known, merged = group_store.tell_telegram(group_id, user[0], person, user[1])
    except IllegalAction as error:
        return render_group(group_id, problem=str(error), status=409)
    flash(_("The group knows you as %(person)s.", person=known))
    if merged:
        flash(_("%(name)s's games count as %(person)s's.", name=merged, person=known))
    return redirect(url_for("group.show", group_id=group_id, _anchor="telegram"), code=303)


@bp.post("/<group_id>/unmerge")
def unmerge(group_id: str) -> BaseResponse | tuple[str, int]:
    """Makes a merged spelling its own person again."""
    form = UnmergeForm()
    if not form.validate_on_submit():
        return render_group(group_id, problem=form_problem(form), status=400)
    group_store.unmerge(group_id, required(form.spelling.data))
    return redirect(url_for("group.show", group_id=group_id, _anchor="people"), code=303)


@bp.post("/<group_id>/take-out")
def take_out(group_id: str) -> BaseResponse | tuple[str, int]:
    """Takes a game out of the group (a game imported twice, or started by mistake): it
    stays at its own address, and no longer counts here."""
    form = TakeOutForm()
    if not form.validate_on_submit():
        return render_group(group_id, problem=form_problem(form), status=400)
    if not group_store.take_out(group_id, required(form.game.data)):
        return render_group(
            group_id, problem=_("That game is not one of this group's."), status=404
        )
    return redirect(url_for("group.show", group_id=group_id, _anchor="games"), code=303)
