"""What one client may hold open counts by who it is: an IPv4 address, or an IPv6 /64 (a
device may use any address of the /64 its network hands out)."""

from __future__ import annotations

from companion.web.holds import Holds, client_of


def test_an_ipv4_client_is_its_address():
    assert client_of("203.0.113.7") == "203.0.113.7"


def test_every_address_of_one_ipv6_64_is_one_client():
    first = client_of("2001:db8:1:2::1")
    assert first == client_of("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != first


def test_an_ipv4_address_written_as_ipv6_is_the_ipv4_client():
    assert client_of("::ffff:203.0.113.7") == "203.0.113.7"


def test_a_link_local_address_with_its_zone_counts_by_its_64():
    assert client_of("fe80::1%eth0") == "fe80::/64"


def test_what_is_not_an_address_counts_as_it_is():
    assert client_of("") == ""
    assert client_of("unix:/run/companion.sock") == "unix:/run/companion.sock"


def test_a_64_holds_its_most_across_its_addresses():
    holds = Holds()
    taken = [holds.take(client_of(f"2001:db8::{n:x}"), 3) for n in range(1, 6)]
    assert taken == [True, True, True, False, False]
    holds.give_back(client_of("2001:db8::1"))
    assert holds.take(client_of("2001:db8::99"), 3)
