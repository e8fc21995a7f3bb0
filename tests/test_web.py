"""The web app's frame: the factory, the instance folder, the home page."""

from __future__ import annotations

import pytest

from companion.web import create_app


@pytest.fixture
def app():
    return create_app({"TESTING": True, "SECRET_KEY": "test"})


def test_home_page_lists_the_north_america_board(app):
    response = app.test_client().get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "North America" in page and "Start the game" in page


def test_an_unknown_page_is_a_404(app):
    assert app.test_client().get("/nowhere").status_code == 404


def test_a_secret_key_is_made_once_and_kept_in_the_instance(tmp_path):
    from companion import web

    first = web._instance_secret(tmp_path)
    assert len(first) == 64 and web._instance_secret(tmp_path) == first
