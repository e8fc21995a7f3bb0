"""The built package: an sdist and a wheel made from the checkout, the wheel installed in a
fresh virtualenv and run from an empty folder, far from the checkout."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import GAMES
from tests.patience import HANG

ROOT = Path(__file__).resolve().parents[1]
# What a build reads from the checkout (MANIFEST.in only if there is one).
SOURCES = (
    "pyproject.toml",
    "MANIFEST.in",
    "README.md",
    "companion",
    "templates",
    "static",
)

pytestmark = pytest.mark.slow

# Runs in the fresh virtualenv, from an empty folder: what the installed app serves, as JSON.
PROBE = r"""
import hashlib, json, os, re
import companion
from companion.web import create_app

app = create_app()
client = app.test_client()
home = client.get("/")
html = home.get_data(as_text=True)
links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
sheets = {link.split("?")[0]: client.get(link) for link in links}
found = {
    "companion": companion.__file__,
    "instance": app.instance_path,
    "home": [home.status_code, home.mimetype, "New game" in html],
    "stylesheets": sorted(sheets),
    "css": {
        name: [css.status_code, css.mimetype, hashlib.sha256(css.data).hexdigest()]
        for name, css in sheets.items()
    },
    "templates": app.jinja_env.list_templates(),
}
del os.environ["COMPANION_INSTANCE_PATH"]
found["default_instance"] = create_app({"SECRET_KEY": "x", "DATABASE": ":memory:"}).instance_path
print(json.dumps(found))
"""


@dataclass
class Installed:
    venv: Path
    bin: Path
    site: Path
    env: dict[str, str]


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=HANG
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def files_under(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built as ``python -m build`` does: an sdist of a copy of the checkout
    (the checkout itself is left untouched), then the wheel from the unpacked sdist."""
    tmp = tmp_path_factory.mktemp("build")
    source, dist = tmp / "source", tmp / "dist"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, source / name)
    hook = "import sys; from setuptools import build_meta; print(build_meta.build_{}(sys.argv[1]))"
    sdist = run(sys.executable, "-c", hook.format("sdist"), dist, cwd=source).split()[-1]
    with tarfile.open(dist / sdist) as archive:
        archive.extractall(tmp / "unpacked", filter="data")
    unpacked = tmp / "unpacked" / sdist.removesuffix(".tar.gz")
    return dist / run(sys.executable, "-c", hook.format("wheel"), dist, cwd=unpacked).split()[-1]


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Installed:
    """The wheel installed by pip into a fresh virtualenv; its dependencies (Flask and the
    rest) are the test environment's, put on its path by a .pth file."""
    venv = tmp_path_factory.mktemp("installed") / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv.parent)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    pip = [sys.executable, "-m", "pip", "--python", bin_dir / "python", "install"]
    run(*pip, "--no-deps", "--no-index", "--quiet", wheel, cwd=venv.parent)
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(run(bin_dir / "python", "-c", where, cwd=venv.parent).strip())
    paths = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "dependencies.pth").write_text("\n".join(paths) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "COMPANION"))}
    return Installed(venv, bin_dir, site, env)


def test_the_wheel_carries_every_module_map_font_template_and_static_file(wheel):
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    expected = {f"companion/{f}" for f in files_under(ROOT / "companion")}
    expected |= {f"companion/web/templates/{f}" for f in files_under(ROOT / "templates")}
    expected |= {f"companion/web/static/{f}" for f in files_under(ROOT / "static")}
    assert {"companion/web/templates/base.html", "companion/web/static/style.css"} <= expected
    assert expected - shipped == set()
    assert [n for n in shipped if not n.startswith(("companion/", "companion-"))] == []


def test_the_installed_wheel_serves_every_page_from_an_empty_folder(installed, tmp_path):
    empty, instance = tmp_path / "empty", tmp_path / "instance"
    empty.mkdir()
    env = {**installed.env, "COMPANION_INSTANCE_PATH": str(instance)}

    found = json.loads(run(installed.bin / "python", "-c", PROBE, cwd=empty, env=env))

    assert Path(found["companion"]).is_relative_to(installed.site)  # not the checkout
    assert found["home"] == [200, "text/html", True]
    assert found["stylesheets"] == ["/palette.css", "/static/style.css"]
    assert found["css"]["/static/style.css"] == [
        200,
        "text/css",
        sha256(ROOT / "static" / "style.css"),
    ]
    assert found["css"]["/palette.css"][:2] == [200, "text/css"]
    assert set(found["templates"]) >= files_under(ROOT / "templates")
    assert found["instance"] == str(instance) and (instance / "secret_key").is_file()
    # Without COMPANION_INSTANCE_PATH: Flask's convention for an installed package.
    assert found["default_instance"] == str(installed.venv / "var" / "companion.web-instance")
    assert list(empty.iterdir()) == []


def test_the_installed_command_scores_a_record_from_an_empty_folder(installed, tmp_path):
    companion = installed.bin / "companion"
    record = GAMES / "four_players.json"
    sheet = json.loads(run(companion, "score", record, "--json", cwd=tmp_path, env=installed.env))
    assert sheet["winners"] == ["Ann"]  # worked by hand in tests/rules/test_games.py
    assert list(tmp_path.iterdir()) == []
