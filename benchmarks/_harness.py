"""What every benchmark shares: each job is timed beside its fairest peer in the same run, the two alternating
round by round (so that a busy machine slows both alike), with every memo cache of ours cleared before each of
our rounds (``clear_caches``: no round reads what an earlier one computed).

The figures are CPU time first (this process's, which counts DDS's threads, plus any finished child
processes'): on a machine shared with other jobs the wall clock counts their time too. Wall-clock figures are
printed beside. The ratio is the median of the per-round CPU ratios ours / peer (above 1 we are faster), printed
with its range over the rounds. ``BENCH_ROUNDS`` sets the rounds (default 5, at least 3); ``python -m benchmarks
--quick`` (``BENCH_QUICK=1``) runs 3 rounds of smaller jobs."""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from endplay.types import Denom

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
ROUNDS = max(3, int(os.environ.get("BENCH_ROUNDS", "3" if QUICK else "5")))

#: Memo dictionaries of ours that are not ``functools`` caches: (module, name), emptied by ``clear_caches``.
_MEMO_DICTS = (
    ("contractbridge.formats.pbn_values", "_CALLS"),
    ("contractbridge.play", "_SUIT_INDICES"),  # the cards of each suit holding (#28)
    ("contractbridge.play", "_SUIT_SETS"),
    ("contractbridge.cards", "_SUIT_TEXT"),  # a suit's text read → its holding (#28: the readers' memo)
    ("contractbridge.cards", "_RANKS_TEXT"),  # a holding → its text, made on first use
    ("contractbridge.laws.wbf17.disclosure", "_FOLDS"),  # the clarification period's folds of the logs read
)


def sized(full: int, quick: int) -> int:
    """``full`` items a round, or ``quick`` under ``--quick``."""
    return quick if QUICK else full


def endplay_denoms() -> tuple[Denom, ...]:
    """endplay's ``Denom`` for each of our strains, in our order (``Strain.CLUBS`` … ``Strain.NOTRUMP``): the peers'
    inputs."""
    from endplay.types import Denom

    return (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)


def cpu_time() -> float:
    """CPU seconds of this process (every thread, DDS's included) and of its finished children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def clear_caches() -> None:
    """Empty every memo cache of ours that is loaded: each module-level ``functools`` cache of a
    ``contractbridge`` module, the memo dictionaries of ``_MEMO_DICTS``, the double-dummy cache and the bidding
    situations (``systems.base.clear_caches``, which also resets their count)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("contractbridge") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
    for name, attr in _MEMO_DICTS:
        memo = sys.modules.get(name)
        if memo is not None:
            getattr(memo, attr).clear()
    dd = sys.modules.get("contractbridge.dd")
    if dd is not None:
        dd.clear_cache()
    systems = sys.modules.get("contractbridge.systems.base")
    if systems is not None:  # its situations, their count and the hands' summaries (systems.base.clear_caches)
        systems.clear_caches()


@dataclass(frozen=True)
class Timing:
    """One timed call: CPU and wall seconds."""

    cpu: float
    wall: float


def timed(fn: Callable[[], object]) -> Timing:
    cpu, wall = cpu_time(), time.perf_counter()
    fn()
    return Timing(cpu_time() - cpu, time.perf_counter() - wall)


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a label, the work (a callable), and how many items one call handles;
    ``prepare``, if given, runs before each timed call, off the clock (e.g. tables bid before their play);
    ``cold`` (true for ours) clears our memo caches before each timed call, off the clock."""

    label: str
    run: Callable[[], object]
    items: int
    prepare: Callable[[], object] | None = None
    cold: bool = True

    def timing(self) -> Timing:
        """One timed call, off-the-clock preparation first."""
        if self.cold:
            clear_caches()
        if self.prepare is not None:
            self.prepare()
        return timed(self.run)


def peer(label: str, run: Callable[[], object], items: int) -> Side:
    """Another library's side: nothing of ours to clear."""
    return Side(label, run, items, cold=False)


@dataclass(frozen=True)
class Comparison:
    ours: float
    """Median items per CPU second, ours."""
    peer: float
    """Median items per CPU second, the peer."""
    ratios: tuple[float, ...]
    """Per-round CPU ratios ours / peer."""
    ours_wall: float
    """Median items per wall-clock second, ours."""
    peer_wall: float
    wall_ratio: float
    """Median of the per-round wall-clock ratios."""

    @property
    def ratio(self) -> float:
        """Median of the per-round CPU ratios ours / peer."""
        return statistics.median(self.ratios)


def compare(ours: Side, peer: Side, rounds: int = ROUNDS) -> Comparison:
    """Time ``ours`` and ``peer`` alternately for ``rounds`` rounds (the first of each pair alternating too)."""
    mine: list[Timing] = []
    theirs: list[Timing] = []
    for k in range(rounds):
        if k % 2 == 0:
            mine.append(ours.timing())
            theirs.append(peer.timing())
        else:
            theirs.append(peer.timing())
            mine.append(ours.timing())

    def rates(side: Side, times: list[Timing], clock: str) -> list[float]:
        return [side.items / max(getattr(t, clock), 1e-9) for t in times]

    cpu_m, cpu_t = rates(ours, mine, "cpu"), rates(peer, theirs, "cpu")
    wall_m, wall_t = rates(ours, mine, "wall"), rates(peer, theirs, "wall")
    return Comparison(
        statistics.median(cpu_m),
        statistics.median(cpu_t),
        tuple(m / t for m, t in zip(cpu_m, cpu_t, strict=True)),
        statistics.median(wall_m),
        statistics.median(wall_t),
        statistics.median(m / t for m, t in zip(wall_m, wall_t, strict=True)),
    )


@dataclass(frozen=True)
class Rate:
    cpu: float
    wall: float


def median_rate(side: Side, rounds: int = ROUNDS) -> Rate:
    """Median items per CPU second and per wall second of ``side`` alone (a figure without a peer)."""
    times = [side.timing() for _ in range(rounds)]
    return Rate(
        statistics.median(side.items / max(t.cpu, 1e-9) for t in times),
        statistics.median(side.items / max(t.wall, 1e-9) for t in times),
    )


def report(job: str, ours: Side, peer: Side, result: Comparison, unit: str, target: float | None = None) -> None:
    """One job's lines: both figures by CPU and wall clock, the CPU ratio with its range, the target if any."""
    aim = "" if target is None else f"   (target >= {target:g}x: {'met' if result.ratio >= target else 'NOT met'})"
    print(f"{job}")
    print(f"  {'':<62} {unit + '/s CPU':>16} {unit + '/s wall':>16}")
    print(f"  ours  {ours.label:<56} {result.ours:>16,.0f} {result.ours_wall:>16,.0f}")
    print(f"  peer  {peer.label:<56} {result.peer:>16,.0f} {result.peer_wall:>16,.0f}")
    print(
        f"  ratio ours/peer by CPU, median of {len(result.ratios)} rounds: {result.ratio:.2f}x "
        f"(range {min(result.ratios):.2f}-{max(result.ratios):.2f}; wall clock {result.wall_ratio:.2f}x){aim}"
    )
