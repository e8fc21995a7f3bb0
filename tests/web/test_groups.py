"""A group at its address: its games, its standings in the page and in stats.json (the
games worked by hand in ``group_games``), the spellings it merges, its refusals."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from companion.rules.record import record_to_json
from companion.web import game_store
from tests.group_games import bob_runs_away, shared_win, unfinished
from tests.web.helpers import form_on, page, problem, route_id, seats


def new_group(client, name: str = "Thursday club") -> str:
    response = client.post("/t", data={"name": name})
    assert response.status_code == 303
    return response.headers["Location"]


def import_into(client, group: str, game, **fields) -> None:
    """Imports a game worked by hand into the group, with more of the record's fields."""
    table, tickets = game
    body = json.dumps(record_to_json(table.record(**tickets)) | fields).encode()
    response = client.post(
        f"{group}/import",
        data={"record": (io.BytesIO(body), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)


@pytest.fixture
def group(client) -> str:
    """A group with the three games worked by hand, imported in order."""
    url = new_group(client)
    for played in (shared_win(), bob_runs_away(), unfinished("Ann", "Bob")):
        import_into(client, url, played)
    return url


def stats(client, url: str) -> dict:
    response = client.get(f"{url}/stats.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


def test_a_new_group_opens_at_an_unguessable_address(client):
    url = new_group(client)
    assert re.fullmatch(r"/t/[A-Za-z0-9_-]{20,}", url)
    assert "Thursday club" in page(client, url)


def test_the_standings_in_stats_json_are_the_hand_worked_ones(client, group):
    found = stats(client, group)
    people = {p["name"]: p for p in found["players"]}
    assert [p["name"] for p in found["players"]] == ["Bob", "Ann", "Cy"]
    wanted = {
        # Ann: 4 (a shared win) and 8; Bob: 4 (shared) and 108; the third game unfinished.
        "Ann": dict(
            games=3, wins=1, points=12, average=6.0, best=8, tickets_completed=1, tickets_failed=1
        ),
        "Bob": dict(games=3, wins=2, points=112, average=56.0, best=108, tickets_failed=2),
        "Cy": dict(games=1, wins=0, points=-1, average=-1.0, best=-1, tickets_failed=7),
    }
    for name, figures in wanted.items():
        for key in ("tickets_completed", "tickets_failed"):
            figures.setdefault(key, 0)
        assert {k: people[name][k] for k in figures} == figures, name
    assert [(g["finished"], sorted(g["winners"])) for g in found["games"]] == [
        (True, ["Ann", "Bob"]),
        (True, ["Bob"]),
        (False, []),
    ]
    assert all({"id", "map"} <= set(g) and g["map"] == "usa" for g in found["games"])


def test_the_group_page_shows_the_standings_and_the_records(client, group):
    text = " ".join(re.sub(r"<[^>]+>", " ", page(client, group)).split())
    assert "3 games" in text
    assert "Ann 1 win · 3 games (2 finished) · average 6.0" in text
    assert "Bob 2 wins · 3 games (2 finished) · average 56.0" in text
    assert "Highest score" in text and "108 points" in text
    assert "Biggest win" in text
    assert "Scores over the games" in text and "Wins on each map" in text


def test_a_game_started_from_the_group_belongs_to_it(client):
    url = new_group(client)
    response = client.post(f"{url}/games", data=seats("Ann", "Bob"))
    assert response.status_code == 303
    game = response.headers["Location"].split("?")[0].rsplit("/", 1)[-1]
    assert [g["id"] for g in stats(client, url)["games"]] == [game]
    assert "The standings of Thursday club" in page(client, f"/g/{game}/sheet")


def test_a_game_started_from_the_home_page_belongs_to_no_group(client):
    url = new_group(client)
    assert client.post("/games", data=seats("Ann", "Bob")).status_code == 303
    assert stats(client, url)["games"] == []


def test_the_next_game_is_filled_in_as_the_last_one_was(client, group):
    sent = form_on(client.get(group).get_data(as_text=True), f"{group}/games")
    assert (sent["seats-0-name"], sent["seats-1-name"], sent["seats-2-name"]) == ("Ann", "Bob", "")
    # The records gave no colours: each seat one of its own, so the form starts the game.
    assert sent["seats-0-color"] != sent["seats-1-color"]
    assert client.post(f"{group}/games", data=sent).status_code == 303


def test_two_spellings_merged_count_as_one_person(client, group):
    import_into(client, group, bob_runs_away("Annie"))
    assert "Annie" in [p["name"] for p in stats(client, group)["players"]]
    response = client.post(f"{group}/merge", data={"spelling": " annie", "person": "ANN"})
    assert response.status_code == 303
    assert "Annie counts as Ann" in page(client, group)  # as the games spell them
    people = {p["name"]: p for p in stats(client, group)["players"]}
    assert "Annie" not in people
    assert (people["Ann"]["games"], people["Ann"]["points"]) == (4, 12 + 8)
    response = client.post(f"{group}/unmerge", data={"spelling": "Annie"})
    assert response.status_code == 303
    assert "Annie" in [p["name"] for p in stats(client, group)["players"]]


def test_two_players_of_one_game_are_never_merged(client, group):
    response = client.post(f"{group}/merge", data={"spelling": "Cy", "person": "Ann"})
    assert response.status_code == 409
    text = " ".join(response.get_data(as_text=True).split())
    assert "Ann and Cy played in the same game: two people" in problem(text)
    assert len(stats(client, group)["players"]) == 3


def test_only_names_played_in_the_group_are_merged(client, group):
    response = client.post(f"{group}/merge", data={"spelling": "Zed", "person": "Ann"})
    assert response.status_code == 409
    text = " ".join(response.get_data(as_text=True).split())
    assert problem(text) == "Nobody called Zed played in this group."


def test_one_maps_standings(client, group):
    europe = client.post(f"{group}/games", data={**seats("Ann", "Dan"), "map": "europe"})
    assert europe.status_code == 303
    found = client.get(f"{group}/stats.json?map=europe").get_json()
    assert [p["name"] for p in found["players"]] == ["Ann", "Dan"]
    assert {p["name"]: p["games"] for p in stats(client, group)["players"]}["Ann"] == 4
    assert "All maps" in page(client, f"{group}?map=europe")


def test_the_home_page_offers_the_groups_this_browser_opened(client):
    url = new_group(client, "Fridays")
    page(client, url)
    assert "Fridays" in page(client, "/")


def test_no_group_at_an_address_is_a_404_with_words(client):
    response = client.get("/t/nothing-here")
    assert response.status_code == 404
    assert "There is no group at this address" in response.get_data(as_text=True)
    assert client.get("/t/nothing-here/stats.json").status_code == 404
    assert client.post("/t/nothing-here/games", data=seats("Ann", "Bob")).status_code == 404


def test_a_group_name_too_long_is_refused_and_nothing_is_made(client):
    response = client.post("/t", data={"name": "x" * 61})
    assert response.status_code == 400
    assert "60" in response.get_data(as_text=True)


def test_a_name_with_a_control_character_is_refused_in_words(client, group):
    response = client.post("/t", data={"name": "Club\x00"})
    assert response.status_code == 400
    said = " ".join(response.get_data(as_text=True).split())
    assert problem(html.unescape(said)) == "A name can't hold control characters."
    response = client.post(f"{group}/merge", data={"spelling": "Ann\x07", "person": "Bob"})
    assert response.status_code == 409
    assert client.post(f"{group}/name", data={"name": "\x1b[31m"}).status_code == 400


def test_a_group_can_be_renamed(client):
    url = new_group(client)
    assert client.post(f"{url}/name", data={"name": "  The   Monday lot "}).status_code == 303
    assert "The Monday lot" in page(client, url)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_group_page_speaks_the_chosen_language_only(client, group, language):
    from tests.web.test_no_english import VisibleText, english_words

    client.get(f"/language/{language}?next=/")
    import_into(client, group, bob_runs_away("Annie"))  # a spelling to merge
    assert (
        client.post(f"{group}/merge", data={"spelling": "Annie", "person": "Ann"}).status_code
        == 303
    )
    for url in (group, f"{group}?map=usa"):
        text = VisibleText(language)
        text.feed(client.get(url).get_data(as_text=True))
        names = {"Ann", "Annie", "Bob", "Cy", "Thursday", "club"}  # as the players typed them
        assert english_words(" ".join(text.words)) - names == set(), url


def test_the_standings_work_out_again_only_the_games_changed_since(client, group, monkeypatch):
    from companion.web import game_store

    stats(client, group)
    loaded: list[str] = []
    real = game_store.load_game
    monkeypatch.setattr(
        game_store, "load_game", lambda game_id: loaded.append(game_id) or real(game_id)
    )
    stats(client, group)
    assert loaded == []  # one row a game read, nothing worked out again
    unfinished_game = stats(client, group)["games"][-1]["id"]
    assert client.post(f"/g/{unfinished_game}/turn", data={"player": "Bob"}).status_code == 303
    loaded.clear()
    stats(client, group)
    assert loaded == [unfinished_game]


def test_a_game_imported_twice_can_be_taken_out_of_the_group(client, group):
    import_into(client, group, bob_runs_away())  # the same record again
    assert {p["name"]: p["wins"] for p in stats(client, group)["players"]}["Bob"] == 3
    twice = stats(client, group)["games"][-1]["id"]
    response = client.post(f"{group}/take-out", data={"game": twice})
    assert response.status_code == 303
    assert {p["name"]: p["wins"] for p in stats(client, group)["players"]}["Bob"] == 2
    assert client.get(f"/g/{twice}/sheet").status_code == 200  # kept at its own address
    again = client.post(f"{group}/take-out", data={"game": twice})
    assert again.status_code == 404


@pytest.mark.parametrize(
    ("language", "day"),
    [("en", "Jun 1, 2025"), ("ru", "1 июн. 2025 г."), ("uk", "1 черв. 2025 р.")],
)
def test_an_imported_game_keeps_the_day_it_was_played_in_the_readers_form(client, language, day):
    # A club brings last summer's games in: each is listed on its own day, written as the
    # reader's language writes a date, and its export says when it was played.
    url = new_group(client)
    import_into(client, url, shared_win(), played="2025-06-01T19:30:00+03:00")
    client.get(f"/language/{language}?next=/")
    listed = html.unescape(page(client, url)).replace("\u00a0", " ")
    assert f'<span class="when">{day}</span>' in listed
    game = re.search(r'href="(/g/[^"?#/]+)', page(client, url)).group(1)
    assert client.get(f"{game}/record.json").get_json()["played"] == "2025-06-01T16:30:00+00:00"


def test_the_next_game_keeps_the_last_ones_ticket_decks(client):
    url = new_group(client)
    import_into(client, url, shared_win(), variant="mega")
    form = form_on(page(client, url), "/games")
    assert form["map"] == "usa" and form["variant"] == "mega"


def test_standings_filter_by_variant_and_records_keep_each_variant_apart(client):
    """A base game (Bob 108) and a Mega Game: the shared win played with the 1910 box's
    tickets, where Cy's six lost tickets are reprinted at 20 + 20 + 20 + 19 + 12 + 17 = 108
    (not 112), and Kansas City–Houston at 5: 106 + 10 − 108 − 5 = 3; nobody completed a
    ticket, so no Globetrotter. Ann and Bob share it on 4 (11 − 7, their 7-point tickets
    as in the base game)."""
    url = new_group(client)
    import_into(client, url, bob_runs_away())
    import_into(client, url, shared_win(), variant="mega")
    response = client.get(f"{url}/stats.json", query_string={"map": "usa", "variant": "mega"})
    mega = response.get_json()
    assert [g["variant"] for g in mega["games"]] == ["mega"]
    assert {p["name"]: p["points"] for p in mega["players"]} == {"Ann": 4, "Bob": 4, "Cy": 3}
    every = stats(client, url)
    highest = {
        r["variant"]: (r["value"], r["holders"])
        for r in every["records"]
        if r["record"] == "highest_score"
    }
    assert highest == {"base": (108, ["Bob"]), "mega": (4, ["Ann", "Bob"])}
    text = " ".join(re.sub(r"<[^>]+>", " ", page(client, url)).split())
    assert "Records North America Highest score 108 points" in text
    assert "North America — Mega Game Highest score 4 points" in text
    filtered = page(client, f"{url}?map=usa&variant=mega")
    assert "1 game · North America — Mega Game" in filtered
    # A variant of another map, or none known, leaves the map's standings whole.
    assert len(stats_of(client, url, map="usa", variant="extended")["games"]) == 2


def stats_of(client, url: str, **query) -> dict:
    return client.get(f"{url}/stats.json", query_string=query).get_json()


def test_an_export_imports_as_the_same_game_and_into_its_group_once(client, app):
    group = new_group(client)
    started = client.post(
        f"{group}/games", data=seats("Аня", "Борис"), headers={"Accept-Language": "ru"}
    )
    url = started.headers["Location"].split("?")[0]
    table_id = url.rsplit("/", 1)[-1]
    client.post(f"{url}/claim", data={"player": "Аня", "route": route_id("Denver", "Helena")})
    client.post(f"{url}/turn", data={"player": "Борис", "drew": "cards"})
    undo = re.search(r'name="action" value="(\d+)"', client.get(url).get_data(as_text=True))[1]
    client.post(f"{url}/undo", data={"action": undo})
    body = client.get(f"{url}/record.json").get_data()
    # Into another site: the log as played (its times, the draw taken back), in Russian.
    other = app.test_client()
    copy = other.post("/import", data={"record": (io.BytesIO(body), "g.json")},
                      content_type="multipart/form-data")  # fmt: skip
    assert copy.status_code == 303
    copy_id = copy.headers["Location"].split("?")[0].rsplit("/", 1)[-1]
    with app.app_context():
        played, again = game_store.load_game(table_id), game_store.load_game(copy_id)
        assert [(a.recorded, a.undone) for a in again.history] == [
            (a.recorded, a.undone) for a in played.history
        ]
        assert again.history[1].undone is not None
        assert game_store.game_language(game_id=copy_id) == "ru"
    # Into its own group again, or twice into another: it counts once.
    response = client.post(f"{group}/import", data={"record": (io.BytesIO(body), "g.json")},
                           content_type="multipart/form-data")  # fmt: skip
    assert response.status_code == 400
    assert "in the group already" in html.unescape(response.get_data(as_text=True))
    club = new_group(client, "Fridays")
    import_body(client, club, body)
    second = client.post(f"{club}/import", data={"record": (io.BytesIO(body), "g.json")},
                         content_type="multipart/form-data")  # fmt: skip
    assert second.status_code == 400
    assert len(stats(client, club)["games"]) == 1


def import_body(client, group: str, body: bytes) -> None:
    response = client.post(
        f"{group}/import",
        data={"record": (io.BytesIO(body), "g.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)


def text_of(client, url: str) -> str:
    """The page's text, tags taken out."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(page(client, url))).split())


def section(client, url: str, anchor: str) -> str:
    """The text of one section of the page."""
    found = page(client, url)
    start = found.index(f'id="{anchor}"')
    part = found[start : found.index("</section>", start)]
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(part)).split())


def test_each_persons_score_as_a_share_of_the_winners_is_in_the_standings(client, group):
    # Ann: 4 of the winners' 4 (100 %), then 8 of Bob's 108 (7.41 %): 53.7 on average.
    # Bob won both: 100. Cy: −1, counted as 1, of 4: 25. The unfinished game counts for
    # nothing.
    shares = {p["name"]: p["share"] for p in stats(client, group)["players"]}
    assert shares == {"Ann": 53.7, "Bob": 100.0, "Cy": 25.0}
    text = text_of(client, group)
    assert "Ann 1 win · 3 games (2 finished) · average 6.0 · 53.7% of the winner's score" in text
    assert "Share of the winner's score 25.0%" in text


def test_the_head_to_head_records_count_the_finished_games_both_played(client, group):
    # Game 1: Ann and Bob share the win, Cy last; game 2: Bob ahead of Ann.
    found = {(m["name"], m["other"]): m for m in stats(client, group)["head_to_head"]}
    assert {k: found["Ann", "Bob"][k] for k in ("ahead", "behind", "tied")} == dict(
        ahead=0, behind=1, tied=1
    )
    assert {k: found["Bob", "Cy"][k] for k in ("ahead", "behind", "tied")} == dict(
        ahead=1, behind=0, tied=0
    )
    assert len(found) == 6  # three pairs, each seen from both sides
    text = section(client, group, "head-to-head")
    assert "Ann against Bob 0–1 1 tie against Cy 1–0" in text
    assert "Cy against Bob 0–1 against Ann 0–1" in text


def test_the_ratings_learn_from_the_finished_games_and_say_who_is_provisional(client, group):
    # Bob shared the first game's win and won the second; Ann shared the first and lost
    # the second: Bob rates above Ann. Nobody has played 5 finished games yet.
    found = stats(client, group)["ratings"]
    assert [r["name"] for r in found][:1] == ["Bob"]
    assert {r["name"]: r["games"] for r in found} == {"Bob": 2, "Ann": 2, "Cy": 1}
    assert all(r["provisional"] for r in found)
    assert all(r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=0.01) for r in found)
    text = section(client, group, "ratings")
    assert "A rating is provisional until 5 finished games." in text
    assert text.count("provisional") == 4  # the hint, and each of the three
    assert text.index("Bob") < text.index("Ann")


def test_each_game_on_the_group_page_shows_its_figures_from_its_log(client):
    """Ann claims Denver–Helena (4) and Helena–Salt Lake City (3); Bob draws tickets, then
    cards, and a draw taken back; the log runs from 19:00 to 20:05."""
    from companion.rules.actions import Pass
    from companion.rules.record import action_to_json
    from tests.helpers import Table

    t = Table("Ann", "Bob")
    t.claim("Ann", "Denver", "Helena").play(Pass("Bob", drew="tickets"))
    t.claim("Ann", "Helena", "Salt Lake City").play(Pass("Bob", drew="cards"))
    times = ["19:00:00", "19:10:00", "19:47:00", "20:05:00"]
    log = [
        {"action": action_to_json(a), "at": f"2026-03-05T{at}+00:00"}
        for a, at in zip(t.actions, times, strict=True)
    ]
    extra = Pass("Bob", drew="tickets")
    log.insert(2, {"action": action_to_json(extra), "at": "2026-03-05T19:20:00+00:00",
                   "undone": "2026-03-05T19:21:00+00:00"})  # fmt: skip
    url = new_group(client)
    import_into(client, url, (t, {}), log=log)
    figures = stats(client, url)["games"][0]["figures"]
    assert (figures["turns"], figures["seconds"]) == (4, 65 * 60)
    assert (figures["routes"], figures["average_route"], figures["ticket_draws"]) == (2, 3.5, 1)
    ann, bob = figures["players"]
    assert ann == dict(name="Ann", turns=2, routes=2, average_route=3.5, ticket_draws=0,
                       trains_left=38, ships_left=None)  # fmt: skip
    assert bob == dict(name="Bob", turns=2, routes=0, average_route=None, ticket_draws=1,
                       trains_left=45, ships_left=None)  # fmt: skip
    text = section(client, url, "games")
    assert (
        "The game in figures Turns 4 · Time played (h:mm) 1:05 · Routes claimed 2"
        " · Average route length 3.5 · Ticket draws 1" in text
    )
    assert "Ann 2 2 3.5 0 38" in text and "Bob 2 0 — 1 45" in text


def test_a_game_imported_without_its_log_shows_no_time_played(client, group):
    assert all(g["figures"]["seconds"] is None for g in stats(client, group)["games"])
    assert "Time played" not in section(client, group, "games")


def test_a_game_over_counts_for_the_group_only_once_every_players_tickets_are_in(client):
    # Bob's tickets are entered, ann's are not: on routes alone Bob would win (106 + 10
    # − 8 against 4); the game waits for ann's tickets, and its line says so.
    url = new_group(client)
    table, tickets = bob_runs_away()
    import_into(client, url, (table, {"Bob": tickets["Bob"]}))
    found = stats(client, url)
    assert [(g["finished"], g["winners"], g["scores"]) for g in found["games"]] == [
        (False, [], None)
    ]
    assert {p["name"]: (p["wins"], p["points"]) for p in found["players"]} == {
        "Bob": (0, 0),
        "ann": (0, 0),
    }
    assert found["records"] == [] and found["ratings"] == []
    game = found["games"][0]["id"]
    listed = page(client, url)
    assert "tickets to enter" in listed and f'href="/g/{game}/tickets"' in listed


def test_the_group_page_is_made_once_for_where_the_group_stands(client, group, monkeypatch):
    from companion.web.pages import group as group_pages

    made = []
    real = group_pages._group_page
    monkeypatch.setattr(group_pages, "_group_page", lambda *a: made.append(a) or real(*a))
    first, again = page(client, group), page(client, group)
    assert len(made) == 1  # the second phone's is a copy
    import_into(client, group, shared_win())  # a fourth game: the group stands elsewhere
    after = page(client, group)
    assert len(made) == 2 and "4 games" in after and "3 games" in first and "3 games" in again
    client.post(f"{group}/name", data={"name": "Friday club"})
    assert "Friday club" in page(client, group) and len(made) == 3
