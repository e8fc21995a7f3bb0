"""Märklin on a phone: a claim that places a passenger, then that passenger's trip."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import screenshot, start_game, tap
from tests.helpers import MARKLIN_GOODS


def test_a_claim_with_a_passenger_and_its_trip(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob", "Cy", "Dee"], "marklin")

    # The table sets the goods colours once: a tap a city (Berlin's is printed on the map).
    tap(page, "text=Goods colours")
    taps = 0
    for city, color in MARKLIN_GOODS.items():
        choice = page.locator(f"input[name='goods-{city}'][value='{color}']")
        if not choice.is_checked():
            choice.locator("xpath=..").click()
            taps += 1
    expect(page.locator("[data-count='red']")).to_have_text("6")
    expect(page.locator("[data-count='white']")).to_have_text("16")
    tap(page, "text=Save the colours")
    assert taps == len(MARKLIN_GOODS) - 1
    expect(page.locator(".note")).to_contain_text("Goods colours saved.")
    tap(page, "nav >> text=Table")

    # Ann claims Köln–Düsseldorf and puts a passenger in Köln.
    page.fill(".city-search", "köln")
    city = page.locator("details.city[data-key^='koln']")
    expect(city).to_have_attribute("open", "")
    city.locator("label.place input").check()
    tap(page, city.locator("button.route", has_text="Düsseldorf").first)
    expect(page.locator(".note")).to_contain_text("passenger in Köln")
    screenshot(page, "m1-passenger-placed")

    # Bob ticks a passenger in Dortmund, then types on: the choice does not follow the search.
    page.fill(".city-search", "dortm")
    page.locator("details.city[data-key^='dortmund'] label.place input").check()
    page.fill(".city-search", "dortmund")
    expect(page.locator("input[name=passenger][value='']")).to_be_checked()
    # Bob claims Düsseldorf–Dortmund, with no passenger.
    tap(
        page,
        page.locator(
            "details.city[data-key^='dortmund'] button.route", has_text="Düsseldorf"
        ).first,
    )
    expect(page.locator(".note")).to_contain_text("Bob claimed")

    # Ann's trip: tap Köln, Düsseldorf, Dortmund; tokens and cost shown, then made.
    tap(page, ".players >> text=Ann")
    tap(page, "text=Ann: passenger trip")
    tap(page, "text=From Köln")
    tap(page, page.locator(".steps a", has_text="Düsseldorf").first)
    tap(page, page.locator(".steps a", has_text="Dortmund").first)
    expect(page.locator("form >> text=Make this trip")).to_be_visible()
    expect(page.locator("main")).to_contain_text("6 points; 1 passenger card.")
    screenshot(page, "m2-trip-preview")
    tap(page, "text=Make this trip")
    expect(page.locator(".note")).to_contain_text(
        "Ann's passenger travelled Köln–Düsseldorf–Dortmund: 3 + 3 = 6 points, 1 passenger card"
    )
    tap(page, "nav >> text=Score")
    expect(page.locator("main")).to_contain_text(
        "Köln–Düsseldorf–Dortmund: Düsseldorf 3, Dortmund 3"
    )
    screenshot(page, "m3-sheet")
