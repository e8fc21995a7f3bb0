"""A variant's game through the app: imported, stored and exported with its variant, its
sheet scored with the variant's decks and bonuses."""

from __future__ import annotations

import io
import json

from companion.rules.record import parse_record
from tests.web.helpers import page


def test_an_imported_mega_game_keeps_its_variant_and_scores_with_it(client):
    record = {
        "map": "usa",
        "variant": "mega",
        "players": ["Ann", "Bob"],
        "actions": [
            {"player": "Ann", "claim": ["Chicago", "Pittsburgh"], "color": "orange"},
            {"player": "Bob", "claim": ["Seattle", "Portland"], "track": 1},
            {"player": "Ann", "claim": ["Pittsburgh", "New York"], "color": "white"},
        ],
        "tickets": {"Ann": [["Chicago", "New York"], ["Los Angeles", "Miami"]]},
    }
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(json.dumps(record).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.headers["Location"].split("?")[0]
    exported = client.get(f"{url}/record.json").get_json()
    assert exported["variant"] == "mega"
    # Ann, by hand: routes 4 + 2; Chicago–New York 5 (1910 deck); Los Angeles–Miami −19
    # (the Mega deck's reprint; the base card says 20); longest path +10; Globetrotter +15.
    sheet = page(client, f"{url}/sheet")
    assert "Globetrotter" in sheet
    ann = next(p for p in parse_record(exported).score().players if p.name == "Ann")
    assert ann.total == 4 + 2 + 5 - 19 + 10 + 15
