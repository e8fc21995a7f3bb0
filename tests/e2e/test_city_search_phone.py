"""The city search on a phone: a city is found however a Russian or Ukrainian player writes
it, the likeliest nearest the search box, as the server ranks it for a record."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import go, start_game, tap


def _typed(page: Page, letters: str) -> None:
    page.locator(".city-search").fill(letters)
    expect(page.locator(".city-search")).to_have_attribute("data-found", letters)


def test_a_city_typed_by_ear_is_found_and_opened(server: str, phone: Page) -> None:
    phone.context.add_cookies([{"name": "lang", "value": "ru", "url": server}])
    start_game(phone, server, ["Аня", "Борис"], button="Начать игру")
    # "Нэшвилл": the app prints "Нашвилл"; the page's own prefix match finds nothing, the
    # server's likeness finds Nashville, alone, and opens it.
    _typed(phone, "Нэшвилл")
    nashville = phone.locator("details.city[data-cities='Nashville']")
    expect(nashville).to_have_attribute("open", "")
    expect(phone.locator("details.city:visible")).to_have_count(1)
    expect(phone.locator(".none-found")).to_be_hidden()
    # A route from it is one tap away: the claim is recorded.
    tap(phone, nashville.locator("button.route", has_text="Атланта"))
    expect(phone.locator(".note")).to_contain_text("Аня")
    expect(phone.locator(".history li").first).to_contain_text(
        "Atlanta (Атланта)–Nashville (Нашвилл)"
    )


def test_the_likeliest_city_sits_nearest_the_search_box(server: str, phone: Page) -> None:
    url = start_game(phone, server, ["Аня", "Борис"])
    go(phone, f"{url}?lang=uk")
    # "Сан" begins Санта-Фе and Сан-Франциско; the shorter name is the likelier one.
    _typed(phone, "Сан")
    expect(phone.locator("details.city:visible")).to_have_count(2)
    tops = {
        city: phone.locator(f"details.city[data-cities='{city}']").bounding_box()["y"]
        for city in ("Santa Fe", "San Francisco")
    }
    assert tops["San Francisco"] < tops["Santa Fe"]
    # "Сент-Луис" typed as heard, "Сэнт Луис": found, alone.
    _typed(phone, "Сэнт Луис")
    expect(phone.locator("details.city:visible")).to_have_count(1)
    expect(phone.locator("details.city[data-cities='Saint Louis']")).to_have_attribute("open", "")


def test_a_name_no_spelling_is_like_says_so(server: str, phone: Page) -> None:
    url = start_game(phone, server, ["Ann", "Bob"])
    go(phone, url)
    _typed(phone, "Zzyzx")
    expect(phone.locator("details.city:visible")).to_have_count(0)
    expect(phone.locator(".none-found")).to_be_visible()
