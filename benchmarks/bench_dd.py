"""Double-dummy tables, ours against endplay, in the same run (benchmarks/_harness.py: alternating rounds, medians).

Both sides call the same DDS library (``CalcAllTables``, 40 deals a call), so the ratio measures our overhead
(aim: about 1.0, i.e. none). Every round solves fresh deals, the same ones for both sides, with our cache
cleared first: nothing is remembered from an earlier round. A cached figure (a deal solved before, answered by
our LRU cache without DDS) is printed separately and labelled as such: it is not a solving speed.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from benchmarks._harness import ROUNDS, Side, compare, peer, report, sized, timed
from contractbridge import Deal, dd
from contractbridge.dealer import DealGenerator

if TYPE_CHECKING:
    import endplay.types

#: Fresh deals a round (``BENCH_DD_DEALS``, default one DDS call's worth: 40; 4 under ``--quick``).
DEALS_PER_ROUND = int(os.environ.get("BENCH_DD_DEALS", str(sized(dd.MAX_TABLES_PER_CALL, 4))))


def _rounds(seed: int) -> list[list[Deal]]:
    generator = DealGenerator(seed=seed)
    return [list(generator.deals(DEALS_PER_ROUND)) for _ in range(ROUNDS)]


def _each_round(sets: list[list[Deal]], solve: Callable[[list[Deal]], object]) -> Callable[[], object]:
    """A run that solves the next round's deals (fresh each time; the harness clears our cache first)."""
    it: Iterator[list[Deal]] = iter(sets)

    def run() -> object:
        deals = next(it)
        return solve(deals)

    return run


def _endplay_tables(deals: list[endplay.types.Deal]) -> None:
    """endplay's ``calc_all_tables`` in calls of 40 deals, as ours makes them (DDS's limit)."""
    from endplay.dds import calc_all_tables

    for start in range(0, len(deals), dd.MAX_TABLES_PER_CALL):
        calc_all_tables(deals[start : start + dd.MAX_TABLES_PER_CALL])


def main() -> None:

    print(f"DDS {dd.dds_version()}, {DEALS_PER_ROUND} fresh deals a round")
    sets = _rounds(2024)
    peer_sets = [[dd.to_endplay(d) for d in deals] for deals in sets]
    ours = Side("dd.dd_tables (fresh deals, cache cleared)", _each_round(sets, dd.dd_tables), DEALS_PER_ROUND)
    peer_it = iter(peer_sets)
    theirs = peer("endplay calc_all_tables (40 deals a call)", lambda: _endplay_tables(next(peer_it)), DEALS_PER_ROUND)
    report("DD tables of fresh deals", ours, theirs, compare(ours, theirs), "tables")

    sets = _rounds(2025)
    arrays = [dd.holdings_array(deals) for deals in sets]
    peer_sets = [[dd.to_endplay(d) for d in deals] for deals in sets]
    array_it, peer_it = iter(arrays), iter(peer_sets)
    ours = Side(
        "dd.dd_tables_array (holdings arrays, no cache)", lambda: dd.dd_tables_array(next(array_it)), DEALS_PER_ROUND
    )
    theirs = peer("endplay calc_all_tables (40 deals a call)", lambda: _endplay_tables(next(peer_it)), DEALS_PER_ROUND)
    report("DD tables of fresh deals, array path", ours, theirs, compare(ours, theirs), "tables")

    deals = sets[-1]
    dd.dd_tables(deals)  # solved once: every later look-up is a cache hit
    cached = statistics.median(
        DEALS_PER_ROUND / max(timed(lambda: dd.dd_tables(deals)).cpu, 1e-9) for _ in range(ROUNDS)
    )
    print(
        f"CACHED, not solving: dd.dd_tables on deals solved before (our LRU cache): {cached:,.0f} tables a CPU second"
    )


if __name__ == "__main__":
    main()
