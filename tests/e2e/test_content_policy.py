"""The pages keep to their own Content-Security-Policy: a game played on a phone, through
every page and the live updates, makes the browser block nothing."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import claim, more, start_game, tap

WATCH = """() => {
  window.blocked = window.blocked || [];
  document.addEventListener('securitypolicyviolation',
    e => window.blocked.push(e.violatedDirective + ' ' + e.blockedURI));
}"""


def _blocked(page: Page) -> list[str]:
    return page.evaluate("window.blocked || []")  # type: ignore[no-any-return]


def test_a_game_on_a_phone_breaks_no_content_security_policy(server: str, phone: Page) -> None:
    page = phone
    page.add_init_script(f"({WATCH})()")
    reports: list[str] = []
    page.on("console", lambda m: reports.append(m.text) if "Content Security" in m.text else None)
    start_game(page, server, ["Ann", "Bob"])
    claim(page, "denv", "denver", "Helena")
    expect(page.locator(".note")).to_contain_text("Ann claimed")
    assert page.evaluate("typeof htmx") == "object"  # the scripts ran
    more(page)
    assert _blocked(page) == [], _blocked(page)
    for tab in ("Board", "Tickets", "Score"):
        tap(page, f"nav >> text={tab}")
        assert _blocked(page) == [], (tab, _blocked(page))
    assert reports == []
