"""The schema's numbered steps (``companion/web/migrations.py``): a new database takes them
all; a database of every past version (``past_schemas/``, each the schema a commit of the
companion made) is upgraded to the latest with what it held; a step is taken once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.web import create_app, migrations, store
from companion.web.database import Connection, Database
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
    database = Database(url)
    with database.connection() as db:
        db.execute("BEGIN")
        for statement in migrations.statements(past.read_text("utf-8")):
            db.execute(statement)
        players = json.dumps([{"name": "Аня", "color": "red"}, {"name": "Bob", "color": "blue"}])
        db.execute(
            "INSERT INTO game (id, map, players, created, updated) VALUES (?, ?, ?, ?, ?)",
            ("old-game", "usa", players, "2026-11-25T10:00:00", "2026-11-25T10:05:00"),
        )
        claim = {"player": "Аня", "claim": ["Denver", "Omaha"], "color": "pink"}
        db.execute(
            "INSERT INTO action (game_id, seq, body, recorded) VALUES (?, ?, ?, ?)",
            ("old-game", 0, json.dumps(claim), "2026-11-25T10:05:00"),
        )
        db.commit()
    database.close()

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": url}, instance_path=tmp_path)
    with app.app_context():
        db = store.get_db()
        assert _steps_taken(db) == list(range(1, migrations.LATEST + 1))
        assert _shape(db) == _fresh_shape(tmp_path, kind)
        game = store.load_game("old-game")
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
