"""Letters as players type them: Cyrillic written in Latin letters, and Latin letters that
look like Cyrillic ones slipped into a Cyrillic word (the Rails & Sails rule book itself
prints "Лagos" with a Latin "a").

``latin`` brings any mix of the two alphabets to one Latin spelling, so that "Лагос",
"Лagos" and "Lagos", or "Москва", "Moskva" and "Мoсква", compare equal. The page's search
folds what is typed with these same tables, served to it as ``/letters.js``."""

from __future__ import annotations

import re

# A transliteration of Russian and Ukrainian letters (after accents are taken off: "й" is
# "и" by then, "ё" is "е", "ї" is "і"), close to how players write Russian names in Latin.
CYRILLIC_TO_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "є": "ye",
    "ж": "zh", "з": "z", "и": "i", "і": "i", "й": "y", "к": "k", "л": "l", "м": "m",
    "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya", "ё": "e", "ї": "yi",
}  # fmt: skip

# Latin letters that look like Cyrillic ones, read as the Cyrillic letter they imitate
# when they stand in a word that has Cyrillic letters.
LOOK_ALIKES = {
    "a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "i": "і", "k": "к", "m": "м",
    "o": "о", "p": "р", "t": "т", "x": "х", "y": "у",
}  # fmt: skip

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_WORD = re.compile(r"[\w\u0300-\u036f]+")  # a word, with any accent typed apart
# The Ukrainian apostrophe inside a word ("В’єтнам"): part of the word, not a break.
_APOSTROPHE = re.compile(r"(?<=[\u0400-\u04ff])['’ʼ](?=[\u0400-\u04ff])")


def _word(match: re.Match[str]) -> str:
    word = match.group()
    if _CYRILLIC.search(word):
        word = "".join(LOOK_ALIKES.get(c, c) for c in word)
        return "".join(CYRILLIC_TO_LATIN.get(c, c) for c in word)
    return word


def latin(text: str) -> str:
    """``text`` (lower case, accents off) in Latin letters: "лagos" gives "lagos"."""
    return _WORD.sub(_word, _APOSTROPHE.sub("", text))
