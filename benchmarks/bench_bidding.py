"""Bidding robots (Culbertson and the Club system): calls per second over random deals, four robots a deal, each
seeing only its own hand (benchmarks/_harness.py: alternating rounds, medians, ratios).

No other program bids these systems, so the peer is the floor of any policy in this library: a random legal
call (biased to pass so that auctions end) pushed onto the same ``Auction``. "Cold" clears every cache of the
robots first (situations, contexts, meanings, hand summaries): each round is a first sight of its deals.
"Warm" bids the same deals again. ``BENCH_DEALS`` (default 2,000) sets the deals a round.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from benchmarks._harness import ROUNDS, Side, compare, report
from contractbridge import PASS, Auction, Deal, Seat, Vulnerability
from contractbridge.robots import bid_deal
from contractbridge.systems.base import clear_caches


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


def _cpu_rate(run: Callable[[], object], items: int) -> float:
    """Median items per second of ``run`` by the CPU time of this process."""
    rates = []
    for _ in range(ROUNDS):
        start = time.process_time()
        run()
        rates.append(items / (time.process_time() - start))
    return statistics.median(rates)


def _robots(deals: list[Deal], system: str, cold: bool) -> int:
    if cold:
        clear_caches()
    calls = 0
    for i, deal in enumerate(deals):
        _, records = bid_deal(deal, Seat(i % 4), Vulnerability(i // 4 % 4), system)
        calls += len(records)
    return calls


def main() -> None:
    n = int(os.environ.get("BENCH_DEALS", "2000"))
    deals = [Deal.random(seed) for seed in range(n)]
    peer = Side("random legal calls (the floor)", lambda: _random_policy(deals), _random_policy(deals))
    for system in ("culbertson", "club"):
        calls = _robots(deals, system, cold=True)
        cold = Side(f"{system} robots, caches cleared", lambda s=system: _robots(deals, s, cold=True), calls)
        result = compare(cold, peer)
        report(f"{system}: {calls} calls over {n} deals, cold", cold, peer, result, "calls")
        cpu = _cpu_rate(lambda s=system: _robots(deals, s, cold=True), calls)
        print(f"  the same, by this process's CPU time (median of {ROUNDS}; a shared machine's wall clock counts"
              f" other jobs' time too): {cpu:,.0f} calls/s")
        print(f"  target >= 10,000 calls/s cold: {'met' if result.ours >= 10_000 else 'NOT met'} by the wall clock,"
              f" {'met' if cpu >= 10_000 else 'NOT met'} by CPU time"
              " (an absolute figure: it depends on the machine and its load)")
        _robots(deals, system, cold=False)
        warm = Side(f"{system} robots, caches warm", lambda s=system: _robots(deals, s, cold=False), calls)
        report(f"{system}: the same deals again, warm", warm, peer, compare(warm, peer), "calls")


if __name__ == "__main__":
    main()
