"""What every benchmark shares: each job is timed beside its fairest peer in the same run, the two alternating
round by round (so that a busy machine slows both alike), and the figure is the median of ``BENCH_ROUNDS``
rounds (default 3, at least 3). The ratio printed is the median of the per-round ratios; above 1 we are faster."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

ROUNDS = max(3, int(os.environ.get("BENCH_ROUNDS", "3")))


def seconds(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a label, the work (a callable), and how many items one call handles;
    ``prepare``, if given, runs before each timed call, off the clock (e.g. tables bid before their play)."""

    label: str
    run: Callable[[], object]
    items: int
    prepare: Callable[[], object] | None = None

    def rate(self) -> float:
        """Items per second of one timed call."""
        if self.prepare is not None:
            self.prepare()
        return self.items / seconds(self.run)


@dataclass(frozen=True)
class Comparison:
    ours: float
    """Median items per second, ours."""
    peer: float
    """Median items per second, the peer."""
    ratio: float
    """Median of the per-round ratios ours / peer."""


def compare(ours: Side, peer: Side, rounds: int = ROUNDS) -> Comparison:
    """Time ``ours`` and ``peer`` alternately for ``rounds`` rounds; medians of the rates and of the ratios."""
    mine: list[float] = []
    theirs: list[float] = []
    for k in range(rounds):
        first, second = (ours, peer) if k % 2 == 0 else (peer, ours)
        a = first.rate()
        b = second.rate()
        mine.append(a if first is ours else b)
        theirs.append(b if first is ours else a)
    ratio = statistics.median(m / t for m, t in zip(mine, theirs, strict=True))
    return Comparison(statistics.median(mine), statistics.median(theirs), ratio)


def median_rate(side: Side, rounds: int = ROUNDS) -> float:
    """Median items per second of ``side`` alone (a figure printed without a peer, or beside a peer's)."""
    return statistics.median(side.rate() for _ in range(rounds))


def report(job: str, ours: Side, peer: Side, result: Comparison, unit: str, target: float | None = None) -> None:
    """One job's lines: both figures, the ratio, and the target when the issue sets one."""
    aim = "" if target is None else f"   (target >= {target:g}x: {'met' if result.ratio >= target else 'NOT met'})"
    print(f"{job}")
    print(f"  ours  {ours.label:<56} {result.ours:>14,.0f} {unit}/s")
    print(f"  peer  {peer.label:<56} {result.peer:>14,.0f} {unit}/s")
    print(f"  ratio ours/peer, median of {ROUNDS} rounds: {result.ratio:.2f}x{aim}")
