"""The unit of work: a write says the versions it raised, and the pages following what it
changed hear of them once it commits, never before nor after a rollback."""

from __future__ import annotations

import pytest

from companion.web import game_store, unit_of_work
from tests.web.helpers import WebTable


def test_a_write_says_the_versions_it_raised_and_they_are_heard_once_it_commits(
    app, client, monkeypatch
):
    table = WebTable(client, "Ann", "Bob")
    heard: list[tuple[str, int | None]] = []
    monkeypatch.setattr(
        unit_of_work.CHANGES, "notify", lambda key, version=None: heard.append((key, version))
    )
    with app.test_request_context():
        with game_store.writing_game(table.id) as write:
            version = game_store.touch(write, table.id)
            assert write.raised == {table.id: version} and version == 1
            assert heard == []  # not yet: nothing is committed
        assert heard == [(table.id, 1)]
        with pytest.raises(RuntimeError), game_store.writing_game(table.id) as write:
            game_store.touch(write, table.id)
            raise RuntimeError("refused after the version was raised")
        assert heard == [(table.id, 1)]  # rolled back: nothing to hear
        assert game_store.game_version(table.id) == 1


def test_what_a_request_read_is_read_again_under_a_write_and_after_it(app, client):
    table = WebTable(client, "Ann", "Bob")
    with app.test_request_context():
        unit_of_work.kept_reads()["x"] = "read before"
        assert unit_of_work.kept_reads() == {"x": "read before"}
        with unit_of_work.writing():
            assert unit_of_work.kept_reads() == {}  # under the lock: nothing kept
            unit_of_work.kept_reads()["x"] = "read under the lock"
        assert unit_of_work.kept_reads() == {}  # after it: read again
        assert game_store.load_game(table.id).version == 0
