"""A club's evening from start to end in the browser: 12 players, 3 rounds of North
America at tables of 4, drawn by the event; every game played to its end from its
table's phone; then the room's screen read, its standings by each method checked against
standings worked out here by hand from the rules and the scores below."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from playwright.sync_api import Page, expect

from companion.rules.names import place_key
from tests.e2e.phone import claim, go, screenshot, tap
from tests.helpers import SIX_SPACE_ROUTES

PLAYERS = [
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lev",
]  # fmt: skip

# The runner claims the seven 6-train routes (7 × 15 = 105 points, 42 trains), then
# Dallas–Houston (1 train, 1 point): 2 trains left, the final round begins. Her longest
# path is Seattle–Helena–Duluth–Toronto, 18 trains, the longest at the table: +10.
RUNNER = [*SIX_SPACE_ROUTES, ("Dallas", "Houston")]
RUNNER_SCORE = 105 + 1 + 10
# Each table: the seat of its runner, the others' claims by seat (route points: 1 train 1,
# 2 trains 2, 3 trains 4, 4 trains 7, 5 trains 10), and so every seat's final score. Those
# who claim nothing more draw train cards or tickets.
TABLES = {
    1: (0, {1: [("Pittsburgh", "Saint Louis")], 2: [("Little Rock", "Nashville")]}),
    2: (
        1,
        {
            0: [("Nashville", "Pittsburgh"), ("Atlanta", "Nashville")],
            2: [("Pittsburgh", "Saint Louis")],
            3: [("Kansas City", "Oklahoma City")],
        },
    ),
    # Seats 1 and 4 tie on 2 − 9 points, no ticket completed and no longest path: the rule
    # book's tiebreakers leave it, and the event (its option "at every place") gives the
    # tie to the later seat.
    3: (2, {0: [("Boston", "New York")], 3: [("Pittsburgh", "Raleigh")]}),
}
# At the end each seat enters one ticket from the deck, worth 9, that nobody connects
# (Chicago and Montréal have no route; Sault St. Marie, Oklahoma City, Seattle and Los
# Angeles sit in networks apart): −9 each.
TICKETS = [("chica", "Santa Fe"), ("montr", "Atlanta"), ("sault", "Oklahoma"), ("seatt", "Los")]
ROUTES = {1: [RUNNER_SCORE, 10, 4, 0], 2: [8, RUNNER_SCORE, 10, 2], 3: [2, 0, RUNNER_SCORE, 2]}
SCORES = {table: [points - 9 for points in seats] for table, seats in ROUTES.items()}
PLACES = {1: [1, 2, 3, 4], 2: [3, 1, 2, 4], 3: [3, 4, 1, 2]}  # later seat wins the tie


DREW = {"train cards": "Drew cards", "tickets": "Drew tickets"}


def _claim_between(page: Page, a: str, b: str) -> None:
    key = place_key(a)
    claim(page, key[:5], key, re.compile(rf"^\s*{re.escape(b)}"))


def _play_to_the_end(page: Page, table: int, seats: list[str]) -> None:
    """Plays the table's game from its phone, turn by turn for whoever's turn it is, until
    it is over."""
    runner, claims = TABLES[table]
    planned = {seat: list(claims.get(seat, [])) for seat in range(len(seats))}
    planned[runner] = list(RUNNER)
    drew = "tickets"
    while not page.locator(".banner.over").count():
        acting = page.locator(".acting a.chosen").inner_text()
        routes = planned[seats.index(acting)]
        if routes:
            _claim_between(page, *routes.pop(0))
            expect(page.locator(".note")).to_contain_text(f"{acting} claimed")
        else:  # cards, then tickets: the next tap lands elsewhere, no double tap to wait out
            drew = "tickets" if drew == "train cards" else "train cards"
            tap(page, page.locator(".turns button", has_text=DREW[drew]))
            expect(page.locator(".note")).to_have_text(f"{acting} drew {drew}")
    assert not any(planned.values())  # every planned claim was made
    tap(page, page.locator(".banner.over a", has_text="Enter the tickets"))
    for name, (letters, other) in zip(seats, TICKETS, strict=True):
        tap(page, page.locator(".players a", has_text=name))
        page.fill(".ticket-search", letters)
        tap(page, page.locator(".deck li:visible button", has_text=other))
        expect(page.locator(".tickets li")).to_contain_text("not connected")


def _by_hand(
    games: list[tuple[list[str], list[int], list[int]]], method: str
) -> list[tuple[object, ...]]:
    """The standings worked out from the rules' definitions: each line (rank, name, games,
    wins, points, the ranking value to two decimals, the average finish), best first;
    players still equal after the average finish share the first rank of their group
    (the event draws lots among them), equal lines by name."""
    lines = {}
    for name in PLAYERS:
        mine: list[tuple[int, int, list[int]]] = []  # (score, place, the others' scores)
        for seats, scores, places in games:
            if name in seats:
                i = seats.index(name)
                mine.append((scores[i], places[i], scores[:i] + scores[i + 1 :]))
        wins = sum(1 for _s, place, _o in mine if place == 1)
        points = sum(s for s, _p, _o in mine)
        value: Fraction
        if method == "wins":
            # score ÷ best opponent's (below 1 counts as 1; at most 2) + place points
            value = sum(
                (
                    min(Fraction(max(s, 1), max(max(others), 1)), Fraction(2))
                    + {1: 100, 2: 20}.get(place, 0)
                    for s, place, others in mine
                ),
                Fraction(0),
            )
            key = (wins, value)
        elif method == "share":  # the average of score as a % of the winner's
            value = sum(
                (Fraction(100 * max(s, 1), max(max(others + [s]), 1)) for s, _p, others in mine),
                Fraction(0),
            ) / len(mine)
            key = (0, value)
        else:
            value = Fraction(points)
            key = (0, value)
        average = Fraction(sum(place for _s, place, _o in mine), len(mine))
        # Best first: the method's key, then the lower average finish.
        order = (key[0], key[1], -average)
        shown = f"{float(value):.2f}".replace("-", "\u2212")
        total = str(points).replace("-", "\u2212")  # a true minus, as the screen prints it
        lines[name] = (order, len(mine), wins, total, shown, f"{float(average):.2f}")
    ranked = [
        (1 + sum(1 for other in lines.values() if other[0] > line[0]), name, *line[1:])
        for name, line in lines.items()
    ]
    return sorted(ranked, key=lambda line: (line[0], line[1]))


def test_a_three_round_evening_of_twelve_is_played_to_the_end_and_ranked(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    page = phone
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events input[name=name]", "Friday club")
    page.fill("#events textarea[name=players]", "\n".join(PLAYERS))
    page.fill("#events input[name=rounds]", "3")
    page.locator("#events input[name=later_seat][value=every]").check()
    tap(page, page.locator("#events button[type=submit]"))
    organizer = page.url
    public = page.locator("#organizer .link input").input_value()
    table_phones = [phones() for _ in range(3)]
    games: list[tuple[list[str], list[int], list[int]]] = []
    for number in (1, 2, 3):
        if number > 1:
            go(page, organizer)
            tap(page, page.locator("#organizer button", has_text=f"Draw round {number}"))
        tables = page.locator(f"#round-{number} li.event-table")
        expect(tables).to_have_count(3)
        drawn = [tables.nth(t).locator(".seats .who").all_inner_texts() for t in range(3)]
        links = [
            tables.nth(t)
            .locator("a.button", has_text="Open the table's game")
            .get_attribute("href")
            for t in range(3)
        ]
        assert sorted(p for seats in drawn for p in seats) == sorted(PLAYERS)
        for table, (seats, link, table_phone) in enumerate(
            zip(drawn, links, table_phones, strict=True), start=1
        ):
            go(table_phone, server + str(link))
            _play_to_the_end(table_phone, table, seats)
            games.append((seats, SCORES[table], PLACES[table]))
    screenshot(table_phones[0], "evening-game-over")

    go(page, public)
    for number in (1, 2, 3):
        tables = page.locator(f"#round-{number} li.event-table")
        for t in range(3):
            seats, scores, places = games[(number - 1) * 3 + t]
            expect(tables.nth(t).locator(".chip").first).to_have_text("finished")
            # In place order (the earlier seat first among equals), the winner marked.
            order = sorted(range(len(seats)), key=lambda i: (places[i], i))
            shown = tables.nth(t).locator(".seats .pts").all_inner_texts()
            assert tables.nth(t).locator(".seats .who").all_inner_texts() == [
                seats[i] for i in order
            ]
            assert [int(re.sub(r"[^\d-]", "", p.replace("−", "-"))) for p in shown] == [
                scores[i] for i in order
            ]
            assert tables.nth(t).locator(".seats li.won .who").all_inner_texts() == [
                seats[i] for i in order if places[i] == 1
            ]
    for method in ("wins", "share", "points"):
        method_link = page.locator(f"#standings nav.methods a[href='?by={method}']")
        if method_link.get_attribute("aria-current") != "true":
            tap(page, method_link)
        rows = page.locator("#standings tbody tr")
        expect(rows).to_have_count(12)
        lines = [rows.nth(i).locator("td, th").all_inner_texts() for i in range(12)]
        expected = {line[1]: [str(v) for v in line] for line in _by_hand(games, method)}
        group = {
            name: sum(1 for o in expected.values() if o[0] == line[0])
            for name, line in expected.items()
        }
        for shown in lines:
            rank, name, *figures, average = shown
            wanted = expected[name]
            # Still equal after the average finish: a draw by lot orders the group.
            drawn = group[name] > 1
            assert ("‡" in rank) == drawn, (method, shown)
            rank = re.sub(r"\D", "", rank)
            assert int(wanted[0]) <= int(rank) < int(wanted[0]) + group[name], (method, shown)
            assert figures == wanted[2:-1], (method, shown)
            assert average == wanted[-1], (method, shown)
        ranks = sorted(int(re.sub(r"\D", "", line[0])) for line in lines)
        assert ranks == list(range(1, 13)), method
        screenshot(page, f"evening-standings-{method}")
