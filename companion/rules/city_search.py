"""Finding a city however a player writes it: the printed name, the local names, the other
spellings a map lists, and what people type by ear (э for е, one letter for two, a ь
dropped, й for и, і for и, є for е, a hyphen, a space or none).

Every spelling and what is typed are folded alike (``place_key``: case, accents and
punctuation off, Cyrillic read in Latin letters, a double letter as one), so "Нашвилл",
"Nashville" and "Нашвил" are one. What folding leaves apart is weighed by RapidFuzz's
similarity of the two strings (the Indel distance, normalised to 0–100): "Нэшвилл"
("neshvil") is 86 from "Нашвилл" ("nashvil"). A name spelled as typed comes first, then
the names (or a word of them) that begin with it; only when there is none, the spellings
most like it, best first.

A board searches its own cities with it (``Board.find_cities``). The pages ask the server
(``/g/<game>/find?q=``) as letters are typed, so a page and a record's "did you mean"
rank alike."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.rules.names import place_key

# How alike (0–100) a spelling must be to what is typed to be offered: below it, the
# names offered would be guesses. Checked against the spellings players type for every
# city of every map (tests/rules/typed_cities.toml).
ALIKE = 75
# Fewer letters than this find only names that begin with them: "Бо" is Boston, not a
# misspelling of anything.
FEWEST_FOR_LIKENESS = 3
# A word of a name is weighed alone only when it, and what is typed, are this long: "Хел"
# is Helena, not a misspelling of the "El" of El Paso, nor "Сан" one of "Saint".
FEWEST_FOR_A_WORD = 4
EXACT, BEGINS = 300.0, 200.0
LONGER = 95.0  # the whole name typed, and more after it


@dataclass(frozen=True)
class Spelling:
    """One way to write a city, folded, with its words (for "york" in "new york")."""

    city: str
    key: str
    words: tuple[str, ...]
    joined: str  # without spaces: "санфран" finds "san francisco"


def spellings_of(cities: Iterable[tuple[str, Iterable[str]]]) -> tuple[Spelling, ...]:
    """Each city's spellings (by its printed name), folded once for every search."""
    found: dict[tuple[str, str], Spelling] = {}
    for name, spellings in cities:
        for spelling in spellings:
            key = place_key(spelling)
            if key and (name, key) not in found:
                found[name, key] = Spelling(name, key, tuple(key.split()), key.replace(" ", ""))
    return tuple(found.values())


def _score(typed: str, joined: str, spelling: Spelling) -> float:
    """How well ``spelling`` answers what is typed: EXACT, BEGINS (plus how much of the
    name is typed), or its likeness (0–100)."""
    if spelling.key == typed or spelling.joined == joined:
        return EXACT
    if spelling.joined.startswith(joined) or any(w.startswith(typed) for w in spelling.words):
        return BEGINS + 100 * len(joined) / len(spelling.joined)
    if len(joined) < FEWEST_FOR_LIKENESS:
        return 0.0
    if joined.startswith(spelling.joined) and len(spelling.joined) >= FEWEST_FOR_LIKENESS:
        return LONGER  # the name and more: "Франкфурт-на-Майне", "Ростов-на-Дону"
    from rapidfuzz import fuzz  # here: a record read without a slip never needs it

    # A whole name typed with a slip, or the start of one ("нэшв" for "nashv…").
    start = spelling.joined[: len(joined)]
    alike = max(
        fuzz.ratio(joined, spelling.joined),
        fuzz.ratio(joined, start) - 5,  # a start is less sure than a whole name
    )
    if len(joined) >= FEWEST_FOR_A_WORD:  # one word of a name, typed with a slip
        words = [w for w in spelling.words if len(w) >= FEWEST_FOR_A_WORD]
        alike = max([alike, *(fuzz.ratio(typed, w) for w in words)])
    return alike


def find_cities(spellings: Iterable[Spelling], text: str, limit: int | None = None) -> list[str]:
    """The cities (named as printed) that ``text`` may mean, best first: exact spellings,
    then names beginning with it, then spellings like it."""
    typed = place_key(text)
    if not typed:
        return []
    joined = typed.replace(" ", "")
    best: dict[str, float] = {}
    for spelling in spellings:
        score = _score(typed, joined, spelling)
        if score >= ALIKE and score > best.get(spelling.city, 0.0):
            best[spelling.city] = score
    # A name spelled as typed, or begun by it, is what was meant: a likeness is offered
    # only when none is ("Бостон" is Boston, not Houston too).
    if any(score >= BEGINS for score in best.values()):
        best = {city: score for city, score in best.items() if score >= BEGINS}
    ranked = sorted(best, key=lambda city: (-best[city], city))
    return ranked if limit is None else ranked[:limit]
