"""The rules package stays pure: no web framework, no database, no PDF, in any of its
modules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.patience import HANG

# What the rules never load: a web framework, a template engine, a database, a PDF or a
# picture library, a form library, a server.
IMPURE = ("flask", "werkzeug", "jinja2", "wtforms", "sqlite3", "psycopg", "sqlalchemy")
IMPURE += ("reportlab", "PIL", "qrcode", "gunicorn")


@pytest.mark.slow  # starts processes
def test_every_module_of_the_rules_loads_nothing_impure():
    """Every module of companion.rules, whatever its name, found by walking the package."""
    probe = (
        "import sys, pkgutil, importlib, companion.rules;"
        "names = [m.name for m in pkgutil.walk_packages(companion.rules.__path__,"
        " 'companion.rules.')];"
        "[importlib.import_module(n) for n in names];"
        f"bad = {IMPURE!r};"
        "print(len(names)); print(','.join(m for m in bad if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=HANG
    )
    assert result.returncode == 0, result.stderr
    count, loaded = result.stdout.split("\n")[:2]
    assert int(count) >= 30  # every module, the actions' included
    assert loaded == ""
