"""The pieces of net.limits: whom a limit counts, its buckets, its quiet log."""

from __future__ import annotations

import logging

from russian_bank.net.limits import Bucket, Gate, Quiet, Rates, address_key

from .helpers import logged


def test_an_address_is_an_ipv4_address_or_an_ipv6_network_of_64_bits():
    assert address_key("127.0.0.2") == "127.0.0.2"
    assert address_key("::ffff:10.1.2.3") == "10.1.2.3"
    a, b = address_key("2001:db8:1:2::1"), address_key("2001:db8:1:2:ffff::9")
    assert a == b == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != a
    assert address_key("fe80::1%eth0") == "fe80::/64"


def test_a_bucket_refills_with_time_and_never_above_its_size():
    b = Bucket(3, 0.5, now=0.0)
    assert [b.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert not b.take(1.0) and b.take(2.5)  # half a token a second
    assert b.refill(100.0) == 3


def test_new_rooms_per_address_a_minute_and_the_forgotten_addresses():
    r = Rates(per_minute=2)
    assert [r.take("a", 0.0) for _ in range(3)] == [True, True, False]
    assert r.take("b", 0.0)  # another address has its own
    assert r.take("a", 30.0) and not r.take("a", 31.0)  # one back every 30 s
    for i in range(5000):  # many addresses, none refilled yet: all kept
        r.take(f"x{i}", 0.0)
    assert len(r.buckets) == 5002
    for i in range(5000):  # as many later: those refilled meanwhile are forgotten
        r.take(f"y{i}", 1000.0)
    assert "x0" not in r.buckets and "y0" in r.buckets and len(r.buckets) <= 5000
    assert Rates(0).take("a", 0.0)  # 0: no limit


def test_one_log_line_a_while_with_how_many_times_since():
    q = Quiet(every=60)
    with logged() as log:
        said = [q.say("k", t / 10, "refused %s", "x") for t in range(1000)]  # 100 s
        q.say("other", 1.0, "something else")
    assert said.count(True) == 2
    lines = [r.getMessage() for r in log.lines if r.levelno == logging.WARNING]
    assert lines == [
        "refused x",
        "refused x (600 times since the last such line)",
        "something else",
    ]


def test_the_gate_counts_each_address_and_all_and_forgets_who_left():
    g = Gate(per_address=2, total=3, lines=5, quiet=Quiet(60))
    a1, a2 = g.arrive("10.0.0.1", 0), g.arrive("10.0.0.1", 0)
    assert a1[0] == a2[0] == "10.0.0.1"
    key, line, status = g.arrive("10.0.0.1", 0)
    assert (key, status) == ("", 429) and "your address" in line
    g.leave("")  # (the turned-away one closed)
    assert g.arrive("10.0.0.2", 0)[0] == "10.0.0.2"
    assert g.arrive("10.0.0.3", 0)[1:] == (
        "the server holds all the connections it can: try again later",
        503,
    )
    g.leave("")
    g.leave("10.0.0.1")
    assert g.open == {"10.0.0.1": 1, "10.0.0.2": 1} and g.admitted == 2
    for _ in range(3):
        g.arrive("10.0.0.4", 0)
    assert g.sockets == 5 and g.arrive("10.0.0.5", 0) == ("", "", 0)  # past the margin
