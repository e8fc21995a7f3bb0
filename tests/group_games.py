"""Games worked by hand for the standings' tests (North America: routes score 1, 2, 4, 7,
10, 15 for 1 to 6 spaces; the longest path +10; a ticket adds its value when completed
and takes it away when not; a tie goes to the most tickets completed, then the longest
path, and stays shared past that). Each gives the game as played and the tickets held."""

from __future__ import annotations

from tests.helpers import Table

Tickets = dict[str, list[tuple[str, str]]]

# Six tickets that Cy's routes never join: 22 + 21 + 20 + 20 + 12 + 17 = 112 lost.
CY_FAILS = [
    ("Seattle", "New York"),
    ("Los Angeles", "New York"),
    ("Vancouver", "Montréal"),
    ("Los Angeles", "Miami"),
    ("Boston", "Miami"),
    ("Portland", "Nashville"),
]


def shared_win() -> tuple[Table, Tickets]:
    """Ann and Bob 4 each (a 4 and a 3: 7 + 4, a path of 7; a 7-point ticket failed:
    Calgary–Salt Lake City, Chicago–New Orleans): tied on tickets and on the path, a
    shared win. Cy ends the game with the seven 6-space routes and Dallas–Houston
    (105 + 1), the longest path (+10, 18 spaces) and seven tickets failed (−112 − 5):
    −1."""
    t = Table("Ann", "Bob", "Cy")
    t.claim("Ann", "Denver", "Helena").claim("Ann", "Helena", "Salt Lake City")
    t.claim("Bob", "Chicago", "Pittsburgh", color="orange").claim("Bob", "Pittsburgh", "Nashville")
    t.down_to_three_trains("Cy").claim("Cy", "Dallas", "Houston", track=1)
    t.turn("Ann").turn("Bob").turn("Cy")
    return t, {
        "Ann": [("Calgary", "Salt Lake City")],
        "Bob": [("Chicago", "New Orleans")],
        "Cy": [*CY_FAILS, ("Kansas City", "Houston")],
    }


def bob_runs_away(ann: str = "ann") -> tuple[Table, Tickets]:
    """Bob ends it: 105 + 1 for routes, +10 for the path of 18, Duluth–Houston failed
    (−8): 108. Ann (typed "ann" this time) 2 + 2 for Denver–Santa Fe–El Paso and the
    Denver–El Paso ticket completed (+4): 8."""
    t = Table(ann, "Bob")
    t.claim(ann, "Denver", "Santa Fe").claim(ann, "Santa Fe", "El Paso")
    t.down_to_three_trains("Bob").claim("Bob", "Dallas", "Houston", track=1)
    t.turn(ann).turn("Bob")
    return t, {ann: [("Denver", "El Paso")], "Bob": [("Duluth", "Houston")]}


def unfinished(*names: str) -> tuple[Table, Tickets]:
    """The first player claimed Seattle–Portland, and the game goes no further."""
    t = Table(*names)
    t.claim(names[0], "Seattle", "Portland", track=1)
    return t, {}
