"""Past one machine: two ``companion serve`` hosts (two ports stand in for two machines),
each with its own instance folder, on one PostgreSQL database and one secret key, as a
reverse proxy would spread a club's phones over them. A phone on each host follows the
same game live; a phone may land on either host from one request to the next."""

from __future__ import annotations

import json
import re
import threading

import pytest

from benchmarks.phones import Phone, start_server
from tests.databases import new_schema, postgres_server
from tests.patience import HANG

pytestmark = [pytest.mark.slow, pytest.mark.load]

SINCE = re.compile(r"since=(\d+)")


@pytest.fixture
def two_hosts(tmp_path):  # type: ignore[no-untyped-def]
    database = new_schema(postgres_server())
    settings = {"COMPANION_SECRET_KEY": "one key for the site, on every host"}
    servers = []
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        servers.append(start_server(database, folder, workers=2, settings=settings, patience=HANG))
    yield [base for _server, base in servers]
    for server, _base in servers:
        server.terminate()
        server.wait(HANG)


class Heard:
    """The versions a phone's stream heard, each waking whoever waits for one."""

    def __init__(self) -> None:
        self.versions: list[int] = []
        self._said = threading.Condition()

    def __call__(self, version: int, when: float) -> None:
        with self._said:
            self.versions.append(version)
            self._said.notify_all()

    def reached(self, version: int) -> bool:
        """Whether the stream says ``version`` or a later one (waiting at most ``HANG``
        seconds: only a hang takes that long)."""
        with self._said:
            return self._said.wait_for(
                lambda: bool(self.versions) and self.versions[-1] >= version, HANG
            )


def test_a_claim_on_one_host_reaches_the_phone_following_on_the_other(two_hosts):
    first, second = two_hosts
    ann = Phone(first, timeout=HANG)
    game = ann.new_game("usa", "Ann", "Bob")
    bob = Phone(second, timeout=HANG)
    heard = Heard()
    bob.listen(game, heard)
    assert heard.reached(0)  # the version as it connects
    token = ann.token(game)
    answer = ann.post(f"{game}/claim", {"csrf_token": token, "player": "Ann", "route": 0})
    assert answer.status == 303, answer.body[:300]
    made = int(SINCE.search(ann.get(game).body)[1])  # type: ignore[index]
    assert heard.reached(made)
    page = bob.live_update(game).body
    assert int(SINCE.search(page)[1]) == made  # type: ignore[index]
    assert "Ann claimed" in page or "Ann:" in page
    # Bob's answer goes the other way: Ann's phone on the first host hears it.
    ann_heard = Heard()
    Phone(first, cookies=dict(ann.cookies), timeout=HANG).listen(game, ann_heard)
    bob_token = bob.token(game)
    answer = bob.post(f"{game}/claim", {"csrf_token": bob_token, "player": "Bob", "route": 5})
    assert answer.status == 303, answer.body[:300]
    assert ann_heard.reached(made + 1)
    for phone in (ann, bob):
        phone.close()


def test_a_phone_may_land_on_either_host_from_one_request_to_the_next(two_hosts):
    first, second = two_hosts
    on_first = Phone(first, timeout=HANG)
    game = on_first.new_game("usa", "Ann", "Bob")
    token = on_first.token(game)
    # The same phone (its cookies: its session and form protection) on the other host.
    on_second = Phone(second, cookies=on_first.cookies, timeout=HANG)
    form = {"csrf_token": token, "player": "Ann", "drew": "cards", "token": "landed-elsewhere"}
    answer = on_second.post(f"{game}/turn", form)
    assert answer.status == 303, answer.body[:300]
    again = on_first.post(f"{game}/turn", form)  # the same form, sent again to the first
    assert again.status == 303
    record = json.loads(on_first.get(f"{game}/record.json").body)
    assert len(record["actions"]) == 1  # recorded once, wherever it was sent
    for phone in (on_first, on_second):
        phone.close()
