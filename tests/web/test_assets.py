"""Each fact in one place: the colours are written in ``render/palette.py`` and the letters
the search folds in ``rules/letters.py``; the pages' style and script take them from
there (``/palette.css``, ``/letters.js``) and hold no copy of their own."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from companion.render import palette
from companion.render.palette import PAPER, ROUTE_COLORS, WATER
from companion.rules.letters import CYRILLIC_TO_LATIN, LOOK_ALIKES

TOP = Path(__file__).resolve().parents[2]
STATIC = TOP / "static"
# Every colour the palette names, its routes' and its pieces' included.
PALETTE = {v for k, v in vars(palette).items() if k.isupper() and isinstance(v, str)}
PALETTE |= {*ROUTE_COLORS.values(), *palette.PIECE_COLORS.values(), *palette.OUTLINES.values()}


def _linked(client, kind: str) -> str:
    """The address of the page's own ``kind`` ("palette.css", "letters.js")."""
    page = client.get("/").get_data(as_text=True)
    found = re.search(rf'"(/{re.escape(kind)}\?v=\w+)"', page)
    assert found, f"the page links no {kind}"
    return found.group(1)


def test_the_search_folds_with_the_servers_own_letters(client):
    answer = client.get(_linked(client, "letters.js"))
    assert answer.status_code == 200 and "immutable" in answer.headers["Cache-Control"]
    text = answer.get_data(as_text=True)
    tables = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert tables == {"latin": CYRILLIC_TO_LATIN, "lookAlikes": LOOK_ALIKES}


def test_the_pages_take_every_colour_from_the_palette(client):
    answer = client.get(_linked(client, "palette.css"))
    assert answer.status_code == 200 and answer.mimetype == "text/css"
    css = answer.get_data(as_text=True)
    for name, color in ROUTE_COLORS.items():
        assert f".swatch.{name} {{ background: {color}; }}" in css
        assert f".goods.{name} {{ background: {color};" in css
    assert PAPER in css and WATER in css


def test_the_style_the_script_and_the_templates_hold_no_copy_of_a_colour_or_a_letter():
    sources = [STATIC / "style.css", STATIC / "companion.js", *(TOP / "templates").glob("*.html")]
    copied = {
        f"{path.name}: {color}"
        for path in sources
        for color in PALETTE
        if color.startswith("#") and color.lower() in path.read_text(encoding="utf-8").lower()
    }
    assert copied == set()
    script = (STATIC / "companion.js").read_text(encoding="utf-8")
    assert not any(f'"{c}"' in script for c in CYRILLIC_TO_LATIN)  # no Cyrillic table


def test_an_address_that_names_other_content_is_sent_to_the_one_that_names_this(client):
    for kind in ("palette.css", "letters.js"):
        answer = client.get(f"/{kind}?v=0ld")
        assert answer.status_code == 302 and answer.headers["Location"] == _linked(client, kind)
        assert "immutable" not in answer.headers.get("Cache-Control", "")


def test_a_page_names_each_static_file_by_its_content_and_it_is_kept_a_year(client):
    page = client.get("/").get_data(as_text=True)
    linked = dict(re.findall(r'"/static/([\w./-]+)\?v=(\w+)"', page))
    assert {"style.css", "companion.js"} <= set(linked)
    for name, version in linked.items():
        content = (STATIC / name).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:12], name
        answer = client.get(f"/static/{name}?v={version}")
        assert answer.status_code == 200 and answer.get_data() == content
        cache = answer.headers["Cache-Control"]
        assert "immutable" in cache and f"max-age={365 * 24 * 3600}" in cache, cache
        assert "no-cache" not in cache
        answer.close()


def test_a_static_file_asked_for_under_another_version_is_not_kept(client):
    """An old page's address gets the file as it is now, to be asked for again."""
    for address in ("/static/style.css?v=0ld", "/static/style.css"):
        answer = client.get(address)
        assert answer.status_code == 200
        assert "immutable" not in answer.headers.get("Cache-Control", ""), address
        answer.close()


def test_a_changed_static_file_gets_a_new_version(tmp_path):
    from companion.web.assets import static_version

    (tmp_path / "a.css").write_text("p { color: red }")
    before = static_version(str(tmp_path), "a.css")
    (tmp_path / "a.css").write_text("p { color: blue; }")
    assert static_version(str(tmp_path), "a.css") not in (before, None)
    assert static_version(str(tmp_path), "missing.css") is None
