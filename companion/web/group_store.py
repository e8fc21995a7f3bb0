"""Storage of groups: people who play together, without accounts. A group is an
unguessable address; the games started or imported from its page belong to it, and its
standings are reckoned over them (``rules.standings``). It keeps the spellings it merged
(two names for one person); nothing else about its people is stored."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Hashable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from companion.rules.errors import IllegalAction
from companion.rules.game_figures import GameFigures, game_figures
from companion.rules.names import name_key
from companion.rules.record import Logged
from companion.rules.standings import Played, Standings, same_person, standings
from companion.rules.words import _
from companion.web import game_store, unit_of_work
from companion.web.cache import Recent
from companion.web.database import Connection
from companion.web.stored_game import StoredGame

MAX_NAME = 60  # a group's name, in characters
MAX_GAMES = 2000  # games a group's standings count (the latest)


class GroupNotFound(LookupError):
    """No group at this address."""


@dataclass(frozen=True)
class Group:
    """A group as stored: its name and the spellings it merged (spelling -> person)."""

    id: str
    name: str
    created: str
    merges: MappingProxyType[str, str]


def create_group(name: str, client: str | None = None) -> str:
    """Stores a new group and returns its id; counts as a game started by ``client``
    (``game_store.TooManyGames``)."""
    group_id = game_store.new_game_id()
    with unit_of_work.writing(lock=game_store.started_lock(client)) as write:
        if client is not None:
            game_store.count_started(write.db, client)
        write.db.execute(
            "INSERT INTO player_group (id, name, created) VALUES (?, ?, ?)",
            (group_id, _group_name(name), unit_of_work.now()),
        )
    return group_id


def _lock(group_id: str) -> str:
    """The lock a write to a group takes: its merges and games hold while it checks them."""
    return f"group:{group_id}"


def _plain(text: str) -> str:
    """A name as stored: refused if it holds a control character (a NUL byte among
    them, which no database column holds) or what the game record could not."""
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise IllegalAction(_("a name can't hold control characters"))
    game_store.recordable(text)
    return text


def _group_name(name: str) -> str:
    """A group's name as typed, checked."""
    name = _plain(" ".join(name.split()))
    if len(name) > MAX_NAME:
        raise IllegalAction(_("a group's name has %(num)d characters at most", num=MAX_NAME))
    return name


def load_group(group_id: str) -> Group:
    """The group at this address, or ``GroupNotFound``."""
    db = unit_of_work.get_db()
    row = db.execute("SELECT * FROM player_group WHERE id = ?", (group_id,)).fetchone()
    if row is None:
        raise GroupNotFound(group_id)
    merges = {
        r["spelling"]: r["person"]
        for r in db.execute(
            "SELECT spelling, person FROM group_merge WHERE group_id = ? ORDER BY spelling_key",
            (group_id,),
        )
    }
    return Group(row["id"], row["name"], row["created"], MappingProxyType(merges))


def rename(group_id: str, name: str) -> None:
    """Gives the group a new name."""
    name = _group_name(name)
    with unit_of_work.writing(lock=_lock(group_id)) as write:
        load_group(group_id)
        write.db.execute("UPDATE player_group SET name = ? WHERE id = ?", (name, group_id))


def merge(group_id: str, spelling: str, person: str) -> None:
    """From now on ``spelling`` is the same person as ``person`` in the group's games."""
    spelling, person = _plain(spelling), _plain(person)
    if name_key(spelling) == name_key(person):
        raise IllegalAction(_("%(name)s is already one person", name=person))
    if not name_key(spelling) or not name_key(person):
        raise IllegalAction(_("a name must have a letter or a digit"))
    with unit_of_work.writing(lock=_lock(group_id)) as write:
        merges = dict(load_group(group_id).merges)
        if same_person(merges).get(name_key(person)) == name_key(spelling):
            # The other way round until now: ``person`` counted as ``spelling``.
            merges = {a: b for a, b in merges.items() if name_key(a) != name_key(person)}
            write.db.execute(
                "DELETE FROM group_merge WHERE group_id = ? AND spelling_key = ?",
                (group_id, name_key(person)),
            )
        merges[spelling] = person
        same = same_person(merges)
        tables = _tables(write.db, group_id)
        played = _played_names(tables)
        for name in (spelling, person):
            if name_key(name) not in played:
                raise IllegalAction(_("nobody called %(name)s played in this group", name=name))
        # Each name as the games spell it (the latest), not as typed into the form.
        spelling, person = played[name_key(spelling)], played[name_key(person)]
        for names in tables:
            seen: dict[str, str] = {}
            for name in names:
                key = same.get(name_key(name), name_key(name))
                if key in seen:
                    raise IllegalAction(
                        _(
                            "%(one)s and %(other)s played in the same game: two people",
                            one=seen[key],
                            other=name,
                        )
                    )
                seen[key] = name
        write.db.execute(
            "DELETE FROM group_merge WHERE group_id = ? AND spelling_key = ?",
            (group_id, name_key(spelling)),
        )
        write.db.execute(
            "INSERT INTO group_merge (group_id, spelling_key, spelling, person)"
            " VALUES (?, ?, ?, ?)",
            (group_id, name_key(spelling), spelling, person),
        )


def telegram_person(group_id: str, telegram_id: int) -> str | None:
    """The player of the group a Telegram user is, as the group knows them, if it does."""
    row = (
        unit_of_work.get_db()
        .execute(
            "SELECT person FROM group_telegram WHERE group_id = ? AND telegram_id = ?",
            (group_id, str(telegram_id)),
        )
        .fetchone()
    )
    return None if row is None else str(row["person"])


def _tables(db: Connection, group_id: str) -> list[list[str]]:
    """The names each of the group's games seats, the oldest game first."""
    rows = db.execute("SELECT players FROM game WHERE group_id = ? ORDER BY created", (group_id,))
    return [[p["name"] for p in json.loads(row["players"])] for row in rows]


def _played_names(tables: list[list[str]]) -> dict[str, str]:
    """Each name the games seat, by its key, as the latest game spells it."""
    return {name_key(name): name for names in tables for name in names}


def tell_telegram(
    group_id: str, telegram_id: int, person: str, telegram_name: str
) -> tuple[str, str | None]:
    """From now on the Telegram user is ``person`` in the group (a name its games seat).
    Where the group knew them until now by their Telegram name (``telegram_name``: the seat
    they took under it), that name becomes the same person as ``person`` (a merge), so that
    those games follow them; a name they chose before is only replaced (a wrong choice put
    right merges nobody). Returns the name kept for them (as the games spell it) and the
    name merged, if one was."""
    person = _plain(person)
    earlier = telegram_person(group_id, telegram_id)
    played = _played_names(_tables(unit_of_work.get_db(), group_id))
    if name_key(person) not in played:
        raise IllegalAction(_("nobody called %(name)s played in this group", name=person))
    person = played[name_key(person)]
    known = same_person(load_group(group_id).merges)
    merged = None
    if (
        earlier is not None
        and name_key(earlier) == name_key(telegram_name)
        and name_key(earlier) in played
        and known.get(name_key(earlier), name_key(earlier))
        != known.get(name_key(person), name_key(person))
    ):
        try:
            merge(group_id, earlier, person)
            merged = played[name_key(earlier)]
        except IllegalAction:
            pass  # two people after all (they sat at one table): only the choice is kept
    _remember_telegram(group_id, telegram_id, person, replace=True)
    return person, merged


def seat_telegram(group_id: str, telegram_id: int, seats: list[str], name: str) -> None:
    """A game started in the group from Telegram: the seat under the user's Telegram name
    (``name``) is theirs, if the group did not know them yet."""
    if any(name_key(seat) == name_key(name) for seat in seats):
        _remember_telegram(group_id, telegram_id, name, replace=False)


def _remember_telegram(group_id: str, telegram_id: int, person: str, replace: bool) -> None:
    """The Telegram user is ``person`` in the group; one known already stays as they were
    unless ``replace``."""
    known = "UPDATE SET person = excluded.person" if replace else "NOTHING"
    with unit_of_work.writing(lock=_lock(group_id)) as write:
        write.db.execute(
            "INSERT INTO group_telegram (group_id, telegram_id, person) VALUES (?, ?, ?)"
            f" ON CONFLICT (group_id, telegram_id) DO {known}",
            (group_id, str(telegram_id), person),
        )


def take_out(group_id: str, game_id: str) -> bool:
    """The game no longer counts in the group (it stays at its own address, as it was);
    False if it was not the group's."""
    with unit_of_work.writing(lock=_lock(group_id)) as write:
        load_group(group_id)
        row = write.db.execute(
            "SELECT 1 FROM game WHERE id = ? AND group_id = ?", (game_id, group_id)
        ).fetchone()
        write.db.execute(
            "UPDATE game SET group_id = NULL WHERE id = ? AND group_id = ?", (game_id, group_id)
        )
    return row is not None


def unmerge(group_id: str, spelling: str) -> bool:
    """``spelling`` is its own person again; False if it was not merged."""
    with unit_of_work.writing(lock=_lock(group_id)) as write:
        load_group(group_id)
        row = write.db.execute(
            "SELECT 1 FROM group_merge WHERE group_id = ? AND spelling_key = ?",
            (group_id, name_key(spelling)),
        ).fetchone()
        write.db.execute(
            "DELETE FROM group_merge WHERE group_id = ? AND spelling_key = ?",
            (group_id, name_key(spelling)),
        )
    return row is not None


def played(game: StoredGame) -> Played:
    """A stored game as the standings see it, with its figures from its log."""
    log = [Logged(a.action, a.recorded, a.undone) for a in game.history]
    return Played(game.id, game.created, game.scored(), game_figures(game.state(), log))


# The group games worked out lately, by database, id and version: a group's page reads one
# row a game and works out only the games changed since; and the standings lately worked
# out, by database, games and versions, merges, and the map and variant shown.
PLAYED: Recent[tuple[str, str, int], Played] = Recent(4096)
STANDINGS: Recent[Hashable, Standings] = Recent(64)


def _versions(group_id: str) -> list[tuple[str, int]]:
    """The group's games and their versions, oldest first (the latest ``MAX_GAMES``)."""
    rows = unit_of_work.get_db().execute(
        "SELECT id, version FROM game WHERE group_id = ? ORDER BY created DESC, id LIMIT ?",
        (group_id, MAX_GAMES),
    )
    return [(row["id"], row["version"]) for row in rows][::-1]


def _group_games(versions: list[tuple[str, int]]) -> list[Played]:
    """The games as the standings see them."""
    url = unit_of_work.database().url
    games = []
    for game_id, version in versions:
        key = (url, game_id, version)
        games.append(PLAYED.get(key) or PLAYED.put(key, played(game_store.load_game(game_id))))
    return games


def stamp(group: Group) -> tuple[object, ...]:
    """Where the group stands: its database, name, merges, and its games' versions (what
    its standings and its page are made from)."""
    versions = tuple(_versions(group.id))
    return (
        unit_of_work.database().url,
        group.id,
        group.name,
        tuple(group.merges.items()),
        versions,
    )


def group_standings(
    group: Group, map_id: str | None = None, variant: str | None = None
) -> Standings:
    """The group's standings over its games (one map's, and of those one variant's, when
    given): worked out again only when a game, or a merge, changed since."""
    versions = _versions(group.id)
    key = (
        unit_of_work.database().url,
        tuple(versions),
        tuple(group.merges.items()),
        map_id,
        variant,
    )
    found = STANDINGS.get(key)
    if found is None:
        played = _group_games(versions)
        found = STANDINGS.put(key, standings(played, group.merges, map_id, variant))
    return found


def forget() -> None:
    """Forgets what was worked out (the benchmarks' first answers)."""
    PLAYED.forget()
    STANDINGS.forget()


def stats_json(found: Standings) -> dict[str, Any]:
    """The standings as ``/t/<id>/stats.json`` gives them."""
    return {
        "players": [
            {
                "name": s.name,
                "games": s.games,
                "finished": s.finished,
                "wins": s.wins,
                "points": s.points,
                "average": float(s.average) if s.average is not None else None,
                "best": s.best.value if s.best else None,
                "longest_path": s.longest_path.value if s.longest_path else None,
                "tickets_completed": s.tickets_completed,
                "tickets_failed": s.tickets_failed,
                "share": float(s.share) if s.share is not None else None,
            }
            for s in found.people
        ],
        "games": [
            {
                "id": g.id,
                "map": g.map,
                "variant": g.variant,
                "played": g.when,
                "finished": g.finished,
                "winners": [found.person(w) for w in g.winners],
                # Final scores, once the game is over.
                "scores": (
                    {found.person(p.name): p.total for p in g.sheet.players} if g.finished else None
                ),
                "figures": _figures_json(found, g.figures) if g.figures else None,
            }
            for g in found.games
        ],
        "head_to_head": [
            {
                "name": m.person,
                "other": m.other,
                "ahead": m.ahead,
                "behind": m.behind,
                "tied": m.tied,
            }
            for s in found.people
            for m in found.head_to_head.of(s.name)
        ],
        "ratings": [
            {
                "name": r.name,
                "rating": round(r.ordinal, 2),
                "mu": round(r.mu, 4),
                "sigma": round(r.sigma, 4),
                "games": r.games,
                "provisional": r.provisional,
            }
            for r in found.ratings
        ],
        "records": [
            {
                "record": r.key,
                "map": r.map_variant[0],
                "variant": r.map_variant[1],
                "value": r.value,
                "holders": list(r.holders),
                "game": r.game,
            }
            for r in found.records
        ],
    }


def _figures_json(found: Standings, figures: GameFigures) -> dict[str, Any]:
    """A game's figures as ``stats.json`` gives them."""
    average = figures.average_route
    return {
        "turns": figures.turns,
        "seconds": figures.seconds,
        "routes": figures.routes,
        "average_route": float(average) if average is not None else None,
        "ticket_draws": figures.ticket_draws,
        "players": [
            {
                "name": found.person(p.name),
                "turns": p.turns,
                "routes": p.routes,
                "average_route": float(p.average_route) if p.average_route is not None else None,
                "ticket_draws": p.ticket_draws,
                "trains_left": p.trains_left,
                "ships_left": p.ships_left,
            }
            for p in figures.players
        ],
    }


def groups_among(ids: list[str]) -> list[dict[str, Any]]:
    """Of these groups, those that exist, in the order given: id, name, games."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = unit_of_work.get_db().execute(
        f"SELECT g.id, g.name, COUNT(game.id) AS games FROM player_group g"
        f" LEFT JOIN game ON game.group_id = g.id WHERE g.id IN ({marks}) GROUP BY g.id, g.name",
        ids,
    )
    found = {r["id"]: {"id": r["id"], "name": r["name"], "games": r["games"]} for r in rows}
    return [found[i] for i in ids if i in found]
