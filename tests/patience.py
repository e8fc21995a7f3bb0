"""How long a test waits for what must come: a page, a live update, a server starting, a
process ending. A test never fails because the machine is slow, so each such wait runs to
``HANG``, a deadline that only a hang reaches; how fast things are is the benchmarks'
business (``benchmarks/``), never a test's. ``tests/test_patience.py`` walks the tests for
any other limit."""

from __future__ import annotations

HANG = 300.0
"""Seconds: five minutes, which no page, process or answer takes on a machine that is
merely busy."""

HANG_MS = int(HANG * 1000)
"""The same in milliseconds, as Playwright counts."""

A_MOMENT = 0.3
"""Seconds in which what must not happen is given its chance to (``assert not
finished.wait(A_MOMENT)``): a slow machine only makes such a check weaker, never fails it."""
