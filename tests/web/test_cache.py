"""The app's one kind of cache: at most so many values, the least lately used forgotten
first; a value worked out twice at once is shared."""

from __future__ import annotations

from companion.web.cache import Recent


def test_the_least_lately_used_is_forgotten_first():
    kept: Recent[str, int] = Recent(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # "b" is now the least lately used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
    assert len(kept) == 2


def test_a_value_the_same_as_one_kept_gives_back_the_one_kept():
    kept: Recent[str, list[int]] = Recent(4)
    first = kept.put("game", [7])
    second = kept.put("game", [7], same=lambda known, new: known == new)
    assert second is first
    other = kept.put("game", [8], same=lambda known, new: known == new)
    assert other == [8] and kept.get("game") is other


def test_forgetting_leaves_nothing():
    kept: Recent[str, int] = Recent(4)
    kept.put("a", 1)
    kept.forget()
    assert kept.get("a") is None and len(kept) == 0
