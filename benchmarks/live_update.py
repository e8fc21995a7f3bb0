"""Times how long another phone's claim takes to show on a phone at the table: two phones
(headless Chromium at 390×844) on one game, the app served on a loopback port; one phone
claims routes through its table page, the other watches its history change in place.
Prints the median, the 90th percentile and the slowest, in milliseconds, from the tap to
the change on the other screen (both phones read one clock: they share a browser).

Run: python benchmarks/live_update.py [claims]   (20 unless given)
"""

from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from companion.rules.map_file import load_board
from companion.web import create_app

CHROMIUM = "/usr/bin/chromium"


def _serve() -> str:
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "DATABASE": str(folder / "bench.sqlite")})
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{http.server_port}"


def main(claims: int) -> None:
    base = _serve()
    # Single-track routes, claimed one after the other by the seats in turn.
    routes = [r for r in load_board("usa").routes if r.tracks == 1][:claims]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        phones = [
            browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            ).new_page()
            for _ in range(2)
        ]
        tapping, watching = phones
        tapping.goto(base)
        tapping.fill("[name='seats-0-name']", "Ann")
        tapping.fill("[name='seats-1-name']", "Bob")
        tapping.click("text=Start the game")
        tapping.wait_for_selector(".bar")
        table = tapping.url.split("?")[0]
        watching.goto(table)
        watching.wait_for_load_state("load")
        watching.evaluate(
            """() => { window.seen = [];
              new MutationObserver(() => seen.push(Date.now()))
                .observe(document.querySelector('main'), {childList: true, subtree: true}); }"""
        )
        delays = []
        for route in routes:
            seen_before = watching.evaluate("seen.length")
            tapped = tapping.evaluate("Date.now()")
            form = tapping.locator("#claim-form")
            form.evaluate(
                "(f, id) => { const b = document.createElement('button');"
                " b.name = 'route'; b.value = id; b.hidden = true; f.append(b); b.click(); }",
                route.id,
            )
            tapping.wait_for_load_state("load")
            watching.wait_for_function(f"seen.length > {seen_before}")
            watching.wait_for_timeout(50)  # the morph's last changes
            delays.append(watching.evaluate(f"seen[{seen_before}]") - tapped)
        browser.close()
    delays.sort()
    p90 = delays[int(0.9 * (len(delays) - 1))]
    print(f"{len(delays)} claims, from the tap on one phone to the change on the other:")
    median = statistics.median(delays)
    print(f"  median {median:.0f} ms, p90 {p90:.0f} ms, slowest {delays[-1]:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
