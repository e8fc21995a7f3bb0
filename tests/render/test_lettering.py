"""The sheets' lettering is registered once a process, whole, before any picture uses it:
threads that ask for their first pictures at once in a fresh process all get them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.patience import HANG

ROOT = Path(__file__).resolve().parents[2]

# Eight threads measure a city's name at the same moment, half in the bold face, in a
# process that has registered nothing yet.
FIRST_MEASURES = """
import threading
from companion.render import lettering
start = threading.Barrier(8)
errors = []
def measure(bold):
    start.wait()
    try:
        lettering.width("Москва", 12, bold=bold)
    except Exception as error:
        errors.append(repr(error))
threads = [threading.Thread(target=measure, args=(n % 2 == 0,)) for n in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(errors)
"""

# A fresh worker: the app made, a game imported, then 8 pictures asked for at once (the
# PDF, the result card and the board picture).
FIRST_PICTURES = """
import io, json, sys, tempfile, threading
from companion.web import create_app
folder = tempfile.mkdtemp()
app = create_app({"SECRET_KEY": "x", "DATABASE": folder + "/c.sqlite",
                  "WTF_CSRF_ENABLED": False}, instance_path=folder)
record = open(sys.argv[1], encoding="utf-8").read().encode()
url = app.test_client().post("/import", data={"record": (io.BytesIO(record), "g.json")},
                             content_type="multipart/form-data").headers["Location"]
url = url.split("?")[0]
pictures = ["/sheet.pdf", "/card.png", "/board"] * 3
start = threading.Barrier(8)
answers = []
def ask(picture):
    client = app.test_client()
    start.wait()
    answers.append(client.get(url + picture).status_code)
threads = [threading.Thread(target=ask, args=(p,)) for p in pictures[:8]]
for t in threads: t.start()
for t in threads: t.join()
print(sorted(answers))
"""


def fresh_processes(script: str, *arguments: str, count: int = 6) -> list[str]:
    """What ``count`` fresh Python processes running ``script`` at once print."""
    running = [
        subprocess.Popen(
            [sys.executable, "-c", script, *arguments],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    said = []
    for process in running:
        out, err = process.communicate(timeout=HANG)
        assert process.returncode == 0, err
        said.append(out.strip())
    return said


def test_threads_measuring_at_once_in_a_fresh_process_all_find_the_bold_face():
    assert fresh_processes(FIRST_MEASURES) == ["[]"] * 6


def test_a_fresh_worker_asked_for_8_pictures_at_once_draws_them_all():
    record = str(ROOT / "tests" / "games" / "four_players.json")
    assert fresh_processes(FIRST_PICTURES, record, count=2) == [str([200] * 8)] * 2
