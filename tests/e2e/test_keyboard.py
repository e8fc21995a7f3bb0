"""A table played from a keyboard alone (a player who can't use a touch screen, or uses a
switch or a screen reader that moves as a keyboard does): every control is reached with
Tab and Shift+Tab, in an order that follows the page, and works with Enter. A claim, a
draw and an Undo are made without a pointer."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import READY, go, ready, start_game

FOCUSED = """([selector, text]) => {
  const el = document.activeElement;
  return Boolean(el && el.matches(selector) && el.textContent.includes(text));
}"""


def reach(page: Page, selector: str, key: str = "Tab", text: str = "", most: int = 120) -> None:
    """Presses ``key`` until the focus is on a control matching ``selector`` (and saying
    ``text``)."""
    for _ in range(most):
        if page.evaluate(FOCUSED, [selector, text]):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} is never reached with {key}")


def enter(page: Page) -> None:
    """Presses Enter on the focused control; done when the page that answers is ready."""
    before = ready(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{READY}:not([data-ready='{before}'])", state="attached")


def test_a_claim_a_draw_and_an_undo_from_the_keyboard_alone(server: str, phone: Page) -> None:
    table = start_game(phone, server, ["Ann", "Bob"])
    go(phone, table)  # the page as it opens, the focus nowhere yet
    reach(phone, ".city-search")
    phone.keyboard.type("hel")
    expect(phone.locator(".city-search")).to_have_attribute("data-found", "hel")
    # The matches are listed before the search (just above it on the screen): back a few.
    denver = "details.city[data-key^='helena'] button.route:not(.taken)"
    reach(phone, denver, key="Shift+Tab", text="Denver")
    enter(phone)
    expect(phone.locator(".note")).to_contain_text("Ann claimed Denver–Helena")

    reach(phone, ".turns form:has(input[value=cards]) button")
    enter(phone)
    expect(phone.locator(".note")).to_contain_text("Bob drew train cards")

    reach(phone, ".bar .last button", key="Shift+Tab")  # Undo
    enter(phone)
    expect(phone.locator(".note")).to_contain_text("Undone: Bob drew train cards")
    expect(phone.locator(".history li").first).to_contain_text("(undone)")
