"""Bidding robots (Culbertson and the Club system): calls per second over random deals, four robots a deal, each
seeing only its own hand (benchmarks/_harness.py: alternating rounds, medians, ratios).

No other program bids these systems, so the peer is the floor of any policy in this library: a random legal
call (biased to pass so that auctions end) pushed onto the same ``Auction``. "Cold" clears every memo cache of
ours first (``benchmarks._harness.clear_caches``: the situations with their meanings, the option families they
share, hand summaries): each round is a first sight of its deals. "Warm" bids the same deals again.
``BENCH_DEALS`` (default 2,000; 300 under ``--quick``) sets the deals a round. Rates are by CPU time, wall clock
beside; the cold target is 30,000 calls a CPU second (an absolute figure: it depends on the machine).
"""

from __future__ import annotations

import functools
import os
import random

from benchmarks._harness import Side, compare, peer, report, sized
from contractbridge import PASS, Auction, Deal, Seat, Vulnerability
from contractbridge.robots import bid_deal


def _random_policy(deals: list[Deal]) -> int:
    rng = random.Random(1)
    calls = 0
    for i, _deal in enumerate(deals):
        auction = Auction(Seat(i % 4))
        while not auction.is_over:
            legal = auction.legal_calls()
            auction.push(PASS if rng.random() < 0.8 else rng.choice(legal))
            calls += 1
    return calls


def _robots(deals: list[Deal], system: str) -> int:
    calls = 0
    for i, deal in enumerate(deals):
        _, records = bid_deal(deal, Seat(i % 4), Vulnerability(i // 4 % 4), system)
        calls += len(records)
    return calls


def main() -> None:
    n = int(os.environ.get("BENCH_DEALS", str(sized(2000, 300))))
    deals = [Deal.random(seed) for seed in range(n)]
    floor = peer("random legal calls (the floor)", lambda: _random_policy(deals), _random_policy(deals))
    for system in ("culbertson", "club"):
        calls = _robots(deals, system)
        cold = Side(f"{system} robots, caches cleared", functools.partial(_robots, deals, system), calls)
        result = compare(cold, floor)
        report(f"{system}: {calls} calls over {n} deals, cold", cold, floor, result, "calls")
        print(
            f"  target >= 30,000 calls a CPU second cold: {'met' if result.ours >= 30_000 else 'NOT met'}"
            f" ({result.ours:,.0f})"
        )
        _robots(deals, system)
        warm = Side(f"{system} robots, caches warm", functools.partial(_robots, deals, system), calls, cold=False)
        report(f"{system}: the same deals again, warm", warm, floor, compare(warm, floor), "calls")


if __name__ == "__main__":
    main()
