"""Sharing a table: the QR codes carry an address other phones can reach, and the page
says so when it was opened at one only this computer can; the app can sit on a phone's
home screen (a manifest and icons)."""

from __future__ import annotations

import html
import re

import qrcode

from companion.web import create_app, qr
from tests.databases import fresh_database
from tests.web.helpers import WebTable


def _share(page: str) -> str:
    """The share panel of the table page, its entities decoded."""
    text = html.unescape(page)
    return text[text.index('id="share"') : text.index("</section>", text.index('id="share"'))]


def test_a_loopback_address_is_called_out_and_the_networks_offered(client, monkeypatch):
    monkeypatch.setattr(qr, "network_address", lambda: "192.168.1.20")
    table = WebTable(client, "Ann", "Bob")
    share = _share(
        client.get(
            table.url,
            base_url="http://127.0.0.1:5000",
            environ_overrides={"SERVER_NAME": "0.0.0.0"},  # listening on every interface
        ).get_data(as_text=True)
    )
    assert "which only this computer can reach: the codes below use its network address" in share
    assert f'value="http://192.168.1.20:5000{table.url}"' in share
    assert "http://127.0.0.1" not in share


def test_a_server_listening_on_this_computer_only_says_how_to_open_it_up(client):
    table = WebTable(client, "Ann", "Bob")
    page = client.get(table.url, base_url="http://localhost:5000").get_data(as_text=True)
    share = _share(page)
    assert "the app takes connections from this computer only: start it with" in share
    assert "companion run --host 0.0.0.0" in share


def test_a_page_opened_at_the_networks_address_shares_it_without_a_warning(client):
    table = WebTable(client, "Ann", "Bob")
    page = client.get(
        table.url,
        base_url="http://192.168.1.20:5000",
        environ_overrides={"SERVER_NAME": "0.0.0.0"},
    ).get_data(as_text=True)
    share = _share(page)
    assert "only this computer can reach" not in share
    assert f'value="http://192.168.1.20:5000{table.url}"' in share


def test_a_configured_public_address_is_the_one_shared(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "DATABASE": fresh_database(tmp_path / "c.sqlite"),
            "WTF_CSRF_ENABLED": False,
            "PUBLIC_URL": "https://table.example.org",
        },
        instance_path=tmp_path,
    )
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    share = _share(client.get(table.url).get_data(as_text=True))
    assert "only this computer can reach" not in share
    assert f'value="https://table.example.org{table.url}"' in share
    assert 'value="https://table.example.org/w/' in share


def test_the_app_can_be_added_to_a_phones_home_screen(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"] == "/"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon
        response.close()
    russian = client.get("/manifest.webmanifest", headers={"Accept-Language": "ru"})
    assert russian.get_json(force=True)["name"] != body["name"]
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in page and 'rel="apple-touch-icon"' in page


def test_the_browsers_own_icon_request_finds_one(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/png"
    response.close()


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of a QR code drawn as squares of one path (0.8 mm each)."""
    return {
        (round(float(x) / 0.8), round(float(y) / 0.8))
        for x, y in re.findall(r"M([\d.]+),([\d.]+)H", svg)
    }


def _code_of(link: str) -> set[tuple[int, int]]:
    code = qrcode.QRCode(border=2)
    code.add_data(link)
    code.make(fit=True)
    return {
        (col, row)
        for row, line in enumerate(code.get_matrix())
        for col, dark in enumerate(line)
        if dark
    }


def test_the_qr_codes_are_images_that_hold_the_addresses_the_page_gives(client):
    table = WebTable(client, "Ann", "Bob")
    base = "http://192.168.1.20:5000"
    share = _share(client.get(table.url, base_url=base).get_data(as_text=True))
    assert "<svg" not in share  # the live updates leave the codes out
    play, watch = re.findall(r'<img src="([^"]+)"', share)
    watch_link = re.search(r'value="(http://192\.168\.1\.20:5000/w/[\w-]+)"', share)[1]
    for image, link in ((play, base + table.url), (watch, watch_link)):
        response = client.get(image, base_url=base)
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert _modules(response.get_data(as_text=True)) == _code_of(link)
        again = client.get(
            image, base_url=base, headers={"If-None-Match": response.headers["ETag"]}
        )
        assert again.status_code == 304


def test_there_is_no_qr_code_for_a_game_that_is_not_there(client):
    assert client.get("/g/nosuchgame/qr.svg").status_code == 404
    assert client.get("/g/nosuchgame/watch-qr.svg").status_code == 404
