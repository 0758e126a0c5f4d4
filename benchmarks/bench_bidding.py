"""Robot calls per second over 10,000 random deals (Culbertson and Club), against a trivial peer measured in
the same run: a policy that makes a random legal call (biased to pass so that auctions end)."""

from __future__ import annotations

import random
import time

from contractbridge import PASS, Auction, Deal, Seat, Vulnerability
from contractbridge.robots import bid_deal

DEALS = 10_000


def _random_policy(deals: list[Deal]) -> tuple[int, float]:
    rng = random.Random(1)
    calls = 0
    start = time.perf_counter()
    for i, _deal in enumerate(deals):
        auction = Auction(Seat(i % 4))
        while not auction.is_over:
            legal = auction.legal_calls()
            auction.push(PASS if rng.random() < 0.8 else rng.choice(legal))
            calls += 1
    return calls, time.perf_counter() - start


def _robots(deals: list[Deal], system: str) -> tuple[int, float]:
    calls = 0
    start = time.perf_counter()
    for i, deal in enumerate(deals):
        _, records = bid_deal(deal, Seat(i % 4), Vulnerability(i // 4 % 4), system)
        calls += len(records)
    return calls, time.perf_counter() - start


def main() -> None:
    deals = [Deal.random(seed) for seed in range(DEALS)]
    base_calls, base_time = _random_policy(deals)
    base_rate = base_calls / base_time
    print(f"random legal calls (peer): {base_calls} calls in {base_time:.2f} s = {base_rate:,.0f} calls/s")
    for system in ("culbertson", "club"):
        calls, elapsed = _robots(deals, system)
        rate = calls / elapsed
        print(f"{system} robots: {calls} calls over {DEALS} deals in {elapsed:.2f} s = {rate:,.0f} calls/s "
              f"(ratio to the peer {rate / base_rate:.3f})")


if __name__ == "__main__":
    main()
