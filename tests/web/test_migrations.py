"""The schema's numbered steps (``companion/web/migrations.py``): a new database takes them
all; a database of every past version (``past_schemas/``, each the schema a commit of the
companion made) is upgraded to the latest with what it held; a step is taken once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.web import create_app, game_store, migrations, unit_of_work
from companion.web.database import Connection, Database, Unavailable
from tests.databases import new_schema, postgres_server

PAST = sorted((Path(__file__).parent / "past_schemas").glob("*.sql"))
KINDS = ["sqlite", "postgresql"]


def _url(kind: str, tmp_path: Path) -> str:
    return str(tmp_path / "c.sqlite") if kind == "sqlite" else new_schema(postgres_server())


def _shape(db: Connection) -> dict[str, object]:
    """Every table's columns and the indexes of the database."""
    tables = {t: sorted(db.columns(t)) for t in [*migrations.tables(), "schema_step"]}
    if db.kind == "sqlite":
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    else:
        rows = db.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
            " AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
        )
    return {"tables": tables, "indexes": sorted(r[0] for r in rows)}


def _fresh_shape(tmp_path: Path, kind: str) -> dict[str, object]:
    database = Database(_url(kind, tmp_path / "fresh"))
    (tmp_path / "fresh").mkdir(exist_ok=True)
    database.init_schema()
    with database.connection() as db:
        shape = _shape(db)
    database.close()
    return shape


def _made_as(url: str, past: Path, *rows: tuple[str, tuple[object, ...]]) -> None:
    """A database made at ``url`` by a past version's schema, holding ``rows`` (statements
    and their values)."""
    database = Database(url)
    with database.connection() as db:
        db.execute("BEGIN")
        for statement in migrations.statements(past.read_text("utf-8")):
            db.execute(statement)
        for statement, values in rows:
            db.execute(statement, values)
        db.commit()
    database.close()


def _steps_taken(db: Connection) -> list[int]:
    return [r[0] for r in db.execute("SELECT number FROM schema_step ORDER BY number")]


def test_the_steps_are_numbered_one_after_another_from_one():
    numbers = [s.number for s in migrations.steps()]
    assert numbers == list(range(1, len(numbers) + 1))
    assert migrations.LATEST == len(numbers) >= 2


@pytest.mark.parametrize("kind", KINDS)
def test_a_new_database_takes_every_step_once(kind, tmp_path):
    database = Database(_url(kind, tmp_path))
    database.init_schema()
    database.init_schema()  # a second start takes none again
    with database.connection() as db:
        assert _steps_taken(db) == list(range(1, migrations.LATEST + 1))
        assert "event_game_by_game" in _shape(db)["indexes"]  # type: ignore[operator]
    database.close()


@pytest.mark.slow  # a database per past version, on both
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("past", PAST, ids=[p.stem for p in PAST])
def test_a_database_of_every_past_version_upgrades_with_its_games(kind, past, tmp_path):
    url = _url(kind, tmp_path)
    players = json.dumps([{"name": "Аня", "color": "red"}, {"name": "Bob", "color": "blue"}])
    claim = json.dumps({"player": "Аня", "claim": ["Denver", "Omaha"], "color": "pink"})
    _made_as(
        url,
        past,
        (
            "INSERT INTO game (id, map, players, created, updated) VALUES (?, ?, ?, ?, ?)",
            ("old-game", "usa", players, "2026-11-25T10:00:00", "2026-11-25T10:05:00"),
        ),
        (
            "INSERT INTO action (game_id, seq, body, recorded) VALUES (?, ?, ?, ?)",
            ("old-game", 0, claim, "2026-11-25T10:05:00"),
        ),
    )

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": url}, instance_path=tmp_path)
    with app.app_context():
        db = unit_of_work.get_db()
        assert _steps_taken(db) == list(range(1, migrations.LATEST + 1))
        assert _shape(db) == _fresh_shape(tmp_path, kind)
        game = game_store.load_game("old-game")
        assert [p.name for p in game.record.players] == ["Аня", "Bob"]
        assert game.state().routes_of("Аня")  # the claim replays on the upgraded tables


@pytest.mark.parametrize("kind", KINDS)
def test_a_database_a_newer_companion_upgraded_is_refused_with_the_reason(kind, tmp_path):
    database = Database(_url(kind, tmp_path))
    database.init_schema()
    with database.connection() as db:
        db.execute(
            "INSERT INTO schema_step (number, about, taken) VALUES (?, ?, ?)",
            (migrations.LATEST + 1, "a newer table", "2027-01-01T00:00:00+00:00"),
        )
    with pytest.raises(RuntimeError, match="newer companion"):
        database.init_schema()
    database.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_taken_out_before_step_3_stays_taken_out_and_its_tables_next_game_plays(
    kind, tmp_path
):
    """Step 3 keeps on each table's game whether it was taken out; a database made before
    it finds that in the organizer's log: the game as it stood at the entry, not the game
    the table was given after."""
    url = _url(kind, tmp_path)
    players = json.dumps([{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}])
    game = "INSERT INTO game (id, map, players, created, updated) VALUES (?, ?, ?, ?, ?)"
    table = (
        "INSERT INTO event_game (event_id, round, table_number, game_id, replaced)"
        " VALUES (?, ?, ?, ?, ?)"
    )
    _made_as(
        url,
        PAST[-1],
        (game, ("taken", "usa", players, "2026-11-27T10:00", "2026-11-27T10:00")),
        (game, ("next", "usa", players, "2026-11-27T10:30", "2026-11-27T10:30")),
        (
            "INSERT INTO event (id, watch, setup, created) VALUES (?, ?, ?, ?)",
            ("club", "club-w", "{}", "2026-11-27T09:00"),
        ),
        (
            "INSERT INTO event_entry (event_id, seq, body, recorded) VALUES (?, ?, ?, ?)",
            ("club", 0, json.dumps({"taken_out": {"round": 1, "table": 2}}), "2026-11-27T10:10"),
        ),
        (table, ("club", 1, 2, "taken", "2026-11-27T10:20")),
        (table, ("club", 1, 2, "next", None)),
    )
    database = Database(url)
    database.init_schema()
    with database.connection() as db:
        rows = db.execute("SELECT game_id, taken_out FROM event_game ORDER BY game_id")
        assert [(r[0], r[1]) for r in rows] == [("next", None), ("taken", "2026-11-27T10:10")]
    database.close()


def _read_only(kind: str, url: str) -> str:
    if kind == "sqlite":
        return f"file:{url}?mode=ro"
    return url.replace("options=", "options=-cdefault_transaction_read_only%3Don%20")


@pytest.mark.parametrize("kind", KINDS)
def test_an_older_database_lacking_only_an_index_is_served_as_it_stands_when_read_only(
    kind, tmp_path
):
    url = _url(kind, tmp_path)
    database = Database(url)
    database.init_schema()
    with database.connection() as db:  # as it was before step 2
        db.execute("DROP INDEX event_game_by_game")
        db.execute("DELETE FROM schema_step WHERE number >= 2")
    database.close()
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "DATABASE": _read_only(kind, url)},
        instance_path=tmp_path,
    )
    assert app.test_client().get("/").status_code == 200
    with app.app_context():
        assert migrations.taken(unit_of_work.get_db()) == 1  # nothing was written


@pytest.mark.parametrize("kind", KINDS)
def test_an_older_database_lacking_a_column_can_not_start_read_only_and_says_why(kind, tmp_path):
    url = _url(kind, tmp_path)
    _made_as(url, PAST[-1])
    with pytest.raises(Unavailable, match="read-only"):
        create_app(
            {"TESTING": True, "SECRET_KEY": "t", "DATABASE": _read_only(kind, url)},
            instance_path=tmp_path,
        )
