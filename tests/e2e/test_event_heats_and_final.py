"""A Russian club's evening of 16 in the browser, as a tournament director runs it: heats
of 2 rounds at tables of 4; after round 1's draw a late arrival sits down at once, a
player drops out before their table's first move (the table plays one short) and another
after it (the table goes on without them); a table picks its pieces' colours; the clock
runs and the last call reaches every table; in round 2 a table plays Europe; then a final
of the top 4. The heats' standings (wins, the WBC's sum, average finish), who advances,
the final's balanced seats and the overall places are worked out here from the
documented rules and the scores below, never read back from the app.

The organizer and the watchers speak Russian (the event's language); the phones that
record the games were switched to English by their players."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

from playwright.sync_api import Page, expect

from companion.rules.names import place_key
from tests.e2e.phone import claim, go, screenshot, tap
from tests.helpers import SIX_SPACE_ROUTES

PLAYERS = [
    "Аня", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя",
    "Игорь", "Катя", "Лёша", "Маша", "Нина", "Олег", "Петя", "Рита",
]  # fmt: skip
LATE = "Сева"

# A table's runner claims the seven 6-train routes and Dallas–Houston: 105 + 1 points and
# the longest path at the table (+10), 2 trains left: the final round. The others claim
# what their table's plan gives them, in seat order after the runner, and then draw cards.
RUNNER = [*SIX_SPACE_ROUTES, ("Dallas", "Houston")]
RUNNER_POINTS = 105 + 1 + 10
POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}  # a route's points by its length
LENGTH = {
    ("Pittsburgh", "Saint Louis"): 5,
    ("Little Rock", "Nashville"): 3,
    ("Kansas City", "Oklahoma City"): 2,
    ("Nashville", "Pittsburgh"): 4,
    ("Atlanta", "Nashville"): 1,
    ("Miami", "Atlanta"): 5,
    ("Denver", "Santa Fe"): 2,
    ("Denver", "Omaha"): 4,
    ("Phoenix", "Santa Fe"): 3,
    ("Chicago", "Omaha"): 4,
    ("Pittsburgh", "Raleigh"): 2,
    ("Portland", "San Francisco"): 5,
    ("New Orleans", "Atlanta"): 4,
    ("Charleston", "Raleigh"): 2,
    ("Helena", "Denver"): 4,
    ("Boston", "New York"): 2,
}
# Each game's plan: the other seats' claims, in seat order after the runner (a table's
# scores all differ, and so do the tables').
PLANS = {
    (1, 1): [[("Pittsburgh", "Saint Louis")], [("Little Rock", "Nashville")],
             [("Kansas City", "Oklahoma City")], []],
    (1, 2): [[("Nashville", "Pittsburgh"), ("Atlanta", "Nashville")], []],
    (1, 3): [[("Miami", "Atlanta")], [], [("Denver", "Santa Fe")]],
    (1, 4): [[("Denver", "Omaha"), ("Little Rock", "Nashville")], [("Phoenix", "Santa Fe")], []],
    (2, 1): [[("Chicago", "Omaha")], [("Pittsburgh", "Raleigh"), ("Atlanta", "Nashville")], []],
    (2, 2): [[("Portland", "San Francisco")], [("New Orleans", "Atlanta")],
             [("Charleston", "Raleigh")]],
    (2, 3): [[("Helena", "Denver"), ("Denver", "Santa Fe")], [], [("Pittsburgh", "Saint Louis")]],
    (3, 1): [[("Nashville", "Pittsburgh")], [("Boston", "New York")], []],
}  # fmt: skip
# At the end each seat enters one ticket nobody connects: −9 (seat 5: −13).
TICKETS = [
    ("chica", "Chicago|Santa Fe", 9),
    ("montr", "Montréal|Atlanta", 9),
    ("sault", "Sault St. Marie|Oklahoma City", 9),
    ("seatt", "Seattle|Los Angeles", 9),
    ("vanco", "Vancouver|Santa Fe", 13),
]


def _organizer_form(page: Page, action: str) -> None:
    """Sends the organizer's form that posts to ``action`` (the page speaks Russian: the
    form is found by what it does, not by its words)."""
    tap(page, page.locator(f"#organizer form[action$='/{action}'] button[type=submit]").first)


def _tables(page: Page, number: int) -> list[tuple[list[str], str]]:
    """Round ``number``'s tables as the organizer's page shows them: the players in seat
    order and the table's game address."""
    found = []
    cards = page.locator(f"#round-{number} li.event-table")
    for i in range(cards.count()):
        card = cards.nth(i)
        seats = card.locator(".seats .who").all_inner_texts()
        found.append((seats, str(card.locator("a.button[href^='/g/']").get_attribute("href"))))
    return found


def _play(page: Page, plan_key: tuple[int, int], seats: list[str], runner: int,
          left: str | None = None, first_move: bool = False) -> None:  # fmt: skip
    """Plays a table's game on its (English) phone: whoever's turn it is claims their next
    route or draws cards, until it is over; then every player but one who left enters
    their ticket. ``first_move``: one turn only, drawing cards (the table's first move)."""
    if first_move:
        acting = page.locator(".acting a.chosen").inner_text()
        tap(page, page.locator(".turns form:has(input[value=cards]) button"))
        expect(page.locator(".note")).to_contain_text(acting)
        return
    others = [s for s in range(len(seats)) if s != runner and seats[s] != left]
    planned = {seat: [] for seat in range(len(seats))}
    for seat, claims in zip(others, PLANS[plan_key], strict=False):
        planned[seat] = list(claims)
    planned[runner] = list(RUNNER)
    while not page.locator(".banner.over").count():
        acting = page.locator(".acting a.chosen").inner_text()
        routes = planned[seats.index(acting)]
        if routes:
            a, b = routes.pop(0)
            key = place_key(a)
            claim(page, key[:5], key, re.compile(rf"^\s*{re.escape(b)}"))
        else:
            tap(page, page.locator(".turns form:has(input[value=cards]) button"))
        expect(page.locator(".note")).to_contain_text(acting)
    assert not any(planned.values())
    tap(page, page.locator(".banner.over a[href$='/tickets']"))
    for seat, name in enumerate(seats):
        if name == left:
            continue
        letters, cities, _value = TICKETS[seat]
        tap(page, page.locator(".players a", has=page.locator(f".who:text-is('{name}')")))
        page.fill(".ticket-search", letters)
        tap(page, page.locator(f".deck li[data-cities='{cities}'] button"))


def _scores(plan_key: tuple[int, int], seats: list[str], runner: int,
            left: str | None = None) -> list[int]:  # fmt: skip
    """Each seat's final score, from the plan and the rules' route points."""
    others = [s for s in range(len(seats)) if s != runner and seats[s] != left]
    routes = dict.fromkeys(range(len(seats)), 0)
    for seat, claims in zip(others, PLANS[plan_key], strict=False):
        routes[seat] = sum(POINTS[LENGTH[c]] for c in claims)
    routes[runner] = RUNNER_POINTS
    return [0 if seats[s] == left else routes[s] - TICKETS[s][2] for s in range(len(seats))]


def _places(scores: list[int]) -> list[int]:
    """Places by score (the plans leave no tie)."""
    assert len(set(scores)) == len(scores)
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def _heats_by_hand(
    games: list[tuple[list[str], list[int]]],
) -> list[tuple[str, int, Fraction, Fraction]]:
    """The heats' standings by the WBC's method, best first: (name, wins, sum, average
    finish): wins; then the sum of score ÷ best opponent's (a score below 1 counts as 1,
    the ratio at most 2) plus 100 for a win, 20 for second and, at a table of 5, 5 for
    third; then the lower average."""
    lines: dict[str, tuple[int, Fraction, list[int]]] = {}
    for seats, scores in games:
        places = _places(scores)
        for i, name in enumerate(seats):
            best = max(s for j, s in enumerate(scores) if j != i)
            value = min(Fraction(max(scores[i], 1), max(best, 1)), Fraction(2))
            value += {1: 100, 2: 20}.get(places[i], 0)
            if places[i] == 3 and len(seats) == 5:  # third at a table of 5
                value += 5
            wins, total, finishes = lines.get(name, (0, Fraction(0), []))
            lines[name] = (wins + (places[i] == 1), total + value, [*finishes, places[i]])
    ranked = [
        (name, wins, total, Fraction(sum(f), len(f))) for name, (wins, total, f) in lines.items()
    ]
    return sorted(ranked, key=lambda line: (-line[1], -line[2], line[3]))


def _lang_en(page: Page, server: str) -> None:
    go(page, f"{server}/language/en?next=/")


def test_a_russian_evening_of_heats_and_a_final(server: str, phones: Callable[..., Page]) -> None:
    page = phones("ru-RU")  # the organizer's phone
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events input[name=name]", "Клубный вечер")
    page.fill("#events textarea[name=players]", "\n".join(PLAYERS))
    page.fill("#events input[name=rounds]", "2")
    tap(page, page.locator("#events button[type=submit]"))
    organizer = page.url
    public = page.locator("#organizer .link input").input_value()
    expect(page.locator("h1")).to_have_text("Клубный вечер")
    expect(page.locator("#round-1 li.event-table")).to_have_count(4)

    # A late arrival sits down at once at table 1 (its game begins again, with 5).
    page.fill("#organizer form[action$='/join'] input[name=player]", LATE)
    page.locator("#organizer form[action$='/join'] select[name=table]").select_option("1")
    _organizer_form(page, "join")
    expect(page.locator(".note")).to_contain_text(f"{LATE} садится за стол 1 уже сейчас")
    # A dropout before table 2's first move: the table plays one short.
    gone_before = _tables(page, 1)[1][0][0]
    page.locator("#organizer form[action$='/leave'] select[name=player]").select_option(gone_before)
    _organizer_form(page, "leave")
    expect(page.locator(".note")).to_contain_text(f"{gone_before} выбывает")
    round_one = _tables(page, 1)
    assert [len(seats) for seats, _game in round_one] == [5, 3, 4, 4]
    assert LATE in round_one[0][0] and gone_before not in round_one[1][0]

    # The clock runs; the last call; every table's page (in the event's Russian) shows both.
    page.fill("#organizer form.clock-form input[name=minutes]", "90")
    _organizer_form(page, "clock")
    _organizer_form(page, "last-call")
    watcher = phones("ru-RU")
    for _seats, game in round_one:
        go(watcher, server + game)
        expect(watcher.locator("p.clock[data-ends]")).to_contain_text("Тур 1")
        expect(watcher.locator(".banner.last-call")).to_contain_text("Последний круг")

    # Table 4 picks its colours before its first move: its first two seats swap theirs.
    go(watcher, server + round_one[3][1])
    colours = watcher.locator("#colours select[name=color]")
    first, second = colours.nth(0).input_value(), colours.nth(1).input_value()
    colours.nth(0).select_option(second)
    colours.nth(1).select_option(first)
    tap(watcher, watcher.locator("#colours button[type=submit]"))
    expect(watcher.locator("#colours select[name=color]").nth(0)).to_have_value(second)

    table = phones()  # the tables' phone, its players reading English
    _lang_en(table, server)
    games: list[tuple[list[str], list[int]]] = []
    # Table 3: its first move, then a player drops out and the table goes on without them.
    seats3, game3 = round_one[2]
    go(table, server + game3)
    _play(table, (1, 3), seats3, runner=0, first_move=True)
    gone_after = seats3[2]
    go(page, organizer)
    page.locator("#organizer form[action$='/leave'] select[name=player]").select_option(gone_after)
    page.locator("#organizer input[name=after][value=go-on]").check()
    _organizer_form(page, "leave")
    expect(page.locator(".note")).to_contain_text(f"{gone_after} выбывает: стол играет дальше")
    go(watcher, server + game3)
    expect(watcher.locator(".banner.left-game")).to_contain_text(gone_after)
    for number, (seats, game) in enumerate(round_one, start=1):
        left = gone_after if number == 3 else None
        go(table, server + game)
        _play(table, (1, number), seats, runner=0, left=left)
        games.append((seats, _scores((1, number), seats, 0, left)))

    # Round 2: the 15 players still in, at 4, 4, 4 and 3; table 4 plays Europe.
    go(page, organizer)
    _organizer_form(page, "draw")
    round_two = _tables(page, 2)
    still = [p for p in [*PLAYERS, LATE] if p not in (gone_before, gone_after)]
    assert sorted(p for seats, _g in round_two for p in seats) == sorted(still)
    assert [len(seats) for seats, _g in round_two] == [4, 4, 4, 3]
    card = page.locator("#round-2 li.event-table").nth(3)
    card.locator("details.table-map summary").click()
    card.locator("select[name=board]").select_option("europe/base")
    tap(page, card.locator("form[action$='/table-map'] button"))
    expect(page.locator("#round-2 li.event-table").nth(3).locator(".table-board")).to_have_text(
        "Европа"
    )
    winners = {seats[_places(scores).index(1)] for seats, scores in games}
    for number, (seats, game) in enumerate(round_two[:3], start=1):
        # The runner: the first seat whose player has not won yet (so wins spread).
        runner = next((s for s, p in enumerate(seats) if p not in winners), 0)
        go(table, server + game)
        _play(table, (2, number), seats, runner=runner)
        scores = _scores((2, number), seats, runner)
        games.append((seats, scores))
        winners.add(seats[_places(scores).index(1)])

    # The heats' standings on the public page, against those worked out here.
    heats = _heats_by_hand(games)
    go(page, public)
    rows = page.locator("#standings tbody tr")
    shown = [rows.nth(i).locator("td, th").all_inner_texts() for i in range(rows.count())]
    # A name's cell may carry a chip after it ("больше не играет": dropped out).
    names = [
        rows.nth(i).locator("th").evaluate("e => e.firstChild.textContent.trim()")
        for i in range(rows.count())
    ]
    by_name = dict(zip(names, shown, strict=True))
    for name, wins, total, average in heats:
        line = by_name[name]
        equal = [h for h in heats if (h[1], h[2], h[3]) == (wins, total, average)]
        rank = int(re.sub(r"\D", "", line[0]))
        first = 1 + sum(1 for h in heats if (-h[1], -h[2], h[3]) < (-wins, -total, average))
        assert first <= rank < first + len(equal), (name, line)
        assert line[3] == str(wins) and line[5] == f"{float(total):.2f}", (name, line)
        assert line[6] == f"{float(average):.2f}", (name, line)

    # The final of the top 4: heat winners first, then the others, by the standings.
    go(page, organizer)
    expect(page.locator("#organizer details.draw-stage")).to_have_attribute("open", "")
    page.locator("#organizer input[name=stage][value=final]").check()
    page.fill("#organizer input[name=advancing]", "4")
    _organizer_form(page, "stage")
    expect(page.locator("#round-3 h2")).to_contain_text("Финал")
    still_in = [h for h in heats if h[0] not in (gone_before, gone_after)]
    order = [h for h in still_in if h[1]] + [h for h in still_in if not h[1]]
    seeds_shown = re.findall(r"\d+\. (\S+)", page.locator("#round-3 .seeds").inner_text())
    # Seed by seed, a player of the standing worked out (players still equal after the
    # average finish are ordered by the event's lot, which only the app draws).
    standing = {h[0]: (h[1], h[2], h[3]) for h in still_in}
    assert [standing[name] for name in seeds_shown] == [standing[h[0]] for h in order[:4]]
    final_seats, final_game = _tables(page, 3)[0]
    assert sorted(final_seats) == sorted(seeds_shown)
    # Seats balanced: no order of the four repeats their earlier seats less.
    sat: dict[str, list[int]] = {}
    for seats, _s in games + [(seats, []) for seats, _g in round_two[3:]]:
        for seat, name in enumerate(seats):
            sat.setdefault(name, [0] * 5)[seat] += 1

    def weight(order: tuple[str, ...]) -> tuple[int, int]:
        repeats = [sat.get(p, [0] * 5)[seat] for seat, p in enumerate(order)]
        return sum(repeats), sum(r * r for r in repeats)

    assert weight(tuple(final_seats)) == min(map(weight, permutations(final_seats)))

    go(table, server + final_game)
    _play(table, (3, 1), final_seats, runner=0)
    final_scores = _scores((3, 1), final_seats, 0)
    final_places = _places(final_scores)
    go(page, public)
    overall = page.locator("#standings table.overall tbody tr")
    names = overall.locator("th").all_inner_texts()
    expected = [final_seats[i] for i in sorted(range(4), key=lambda i: final_places[i])]
    assert names[:4] == expected
    # Then the heats' standings: those who played, and the dropout who never did.
    rest = [h[0] for h in heats if h[0] not in expected] + [gone_before]
    assert sorted(names[4:]) == sorted(rest)
    stages = [overall.nth(i).locator("td .stage").inner_text() for i in range(overall.count())]
    assert stages[:4] == ["Финал"] * 4 and set(stages[4:]) == {"Отборочные"}
    screenshot(page, "evening-heats-and-final")
    go(page, public + "/tv")
    expect(page.locator(".tv-round")).to_contain_text("Финал")
