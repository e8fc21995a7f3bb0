"""The rules package stays pure: no web framework, no database, no PDF."""

from __future__ import annotations

import subprocess
import sys


def test_companion_rules_imports_neither_flask_nor_a_database():
    probe = (
        "import sys, companion.rules, companion.rules.playout, companion.render.text_sheet;"
        "bad = ('flask', 'werkzeug', 'sqlite3', 'sqlalchemy', 'reportlab');"
        "print(','.join(m for m in bad if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_the_app_factory_is_found_by_flask():
    import companion

    assert companion.create_app().name == "companion.web"
