"""Double-dummy tables, unconstrained and constrained dealing: ours against endplay, in the same run.

Ratios above 1 mean we are faster. DD tables go through the same DDS library either way, so the table ratio
measures our overhead (aim: >= 1.0, i.e. none); the cached figure shows what a repeated deal costs."""

from __future__ import annotations

import time
from collections.abc import Callable

from contractbridge import dd
from contractbridge.dealer import Dealer

CONSTRAINT = "hcp(north)>=15 && spades(north)>=5"


def _row(label: str, ours: float, peer: str, theirs: float) -> None:
    print(f"{label:<20} ours {ours:10.1f}   {peer} {theirs:10.1f}   ratio {ours / theirs:.2f}")


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_tables() -> None:
    from endplay.dds import calc_all_tables

    deals = list(Dealer(seed=2024).deals(2 * dd.MAX_TABLES_PER_CALL))
    first, second = deals[: dd.MAX_TABLES_PER_CALL], deals[dd.MAX_TABLES_PER_CALL :]
    ep_first = [dd.to_endplay(d) for d in first]
    ep_second = [dd.to_endplay(d) for d in second]
    dd.clear_cache()
    # Each side solves each half once, in alternating order, so that deal difficulty and machine load even out.
    theirs = _timed(lambda: calc_all_tables(ep_first))
    ours = _timed(lambda: dd.dd_tables(second))
    ours += _timed(lambda: dd.dd_tables(first))
    theirs += _timed(lambda: calc_all_tables(ep_second))
    n = len(deals)
    cached = _timed(lambda: dd.dd_tables(deals))
    _row("DD tables/s", n / ours, "endplay calc_all_tables", n / theirs)
    print(f"DD tables/s cached ours {n / cached:10.0f}   ratio {theirs / cached:.0f}")


def bench_unconstrained() -> None:
    from endplay.dealer import generate_deal, generate_deals

    n_ours, n_theirs = 200_000, 2_000
    ours = _timed(lambda: sum(1 for _ in Dealer(seed=1).deals(n_ours)))
    arrays = _timed(lambda: Dealer(seed=1).batch(n_ours))
    theirs = _timed(lambda: sum(1 for _ in generate_deals(produce=n_theirs, seed=1)))
    single = _timed(lambda: [generate_deal(seed=i) for i in range(50)])
    r_ours, r_theirs = n_ours / ours, n_theirs / theirs
    _row("deals/s", r_ours, "endplay generate_deals", r_theirs)
    print(f"deals/s as arrays  ours {n_ours / arrays:10.0f}   ratio {n_ours / arrays / r_theirs:.1f}")
    print(f"endplay generate_deal (one call per deal) {50 / single:.0f}/s   ratio {r_ours / (50 / single):.0f}")


def bench_constrained() -> None:
    from endplay.dealer import generate_deals

    n_ours, n_theirs = 20_000, 200
    ours = _timed(lambda: sum(1 for _ in Dealer(CONSTRAINT, seed=1).deals(n_ours)))
    theirs = _timed(lambda: sum(1 for _ in generate_deals(CONSTRAINT, produce=n_theirs, seed=1)))
    r_ours, r_theirs = n_ours / ours, n_theirs / theirs
    print(f"constrained deals/s ({CONSTRAINT})")
    _row("", r_ours, "endplay generate_deals", r_theirs)


def main() -> None:
    print(f"DDS {dd.dds_version()}")
    bench_unconstrained()
    bench_constrained()
    bench_tables()


if __name__ == "__main__":
    main()
