"""The card-play robot (issues #13, #28): speed at the default effort and quality against double dummy, beside
the old lowest-card player and a random player measured in the same run on the same contracts.

Deals: ``CB_BENCH_CARDPLAY_DEALS`` (default 20; 4 under ``--quick``) seeded random deals the robot's tests never
use, each played in declarer's best double-dummy strain at the double-dummy level (declarer deals and bids it,
three passes), all four seats the same player, no claims; measured in ``CB_BENCH_CARDPLAY_JOBS`` worker
processes (default 1; each with one DDS thread when more than one). Figures: for each player the tricks
declarer and the defence give away against double dummy, and the mean absolute distance of declarer's tricks
from the double-dummy tricks (target for four robots: at most 0.5); for the robot at the effort of
``CONTRACTBRIDGE_ROBOT_EFFORT`` (default ``normal``) the median and p90 CPU time per card (targets 30 ms and
100 ms: CPU time, which a loaded machine does not inflate as it does the wall clock), wall clock beside.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from benchmarks._harness import sized
from contractbridge import dd
from contractbridge.cards import Seat
from contractbridge.deal import Deal
from contractbridge.players import RandomPlayer
from contractbridge.robots import BiddingRobot, CardPlayRobot, Effort
from contractbridge.robots.quality import CardPlayer, Quality, measure

DEALS = int(os.environ.get("CB_BENCH_CARDPLAY_DEALS", str(sized(20, 4))))
JOBS = int(os.environ.get("CB_BENCH_CARDPLAY_JOBS", "1"))
PLAYERS = ("lowest", "random", "robot")


def _player(kind: str, seat: Seat) -> CardPlayer:
    if kind == "lowest":
        return BiddingRobot()
    if kind == "random":
        return RandomPlayer(int(seat))
    return CardPlayRobot(seed=int(seat), effort=Effort.from_environment())


def _chunk(kind: str, start: int, stop: int, threads: int) -> Quality:
    """Measure ``kind`` on deals ``start`` … ``stop - 1`` (board numbers ``start + 1`` …)."""
    if threads:
        dd.set_threads(threads)
    deals = [Deal.random(f"bench-cardplay-unseen-{i}") for i in range(start, stop)]
    return measure(deals, lambda seat: _player(kind, seat), first=start + 1, claims=False, dd_contract=True)


def _measure_all() -> dict[str, Quality]:
    if JOBS <= 1:
        return {kind: _chunk(kind, 0, DEALS, 0) for kind in PLAYERS}
    size = -(-DEALS // JOBS)
    with ProcessPoolExecutor(JOBS) as pool:
        futures = {
            kind: [pool.submit(_chunk, kind, a, min(a + size, DEALS), 1) for a in range(0, DEALS, size)]
            for kind in PLAYERS
        }
        return {kind: Quality.merge([f.result() for f in parts]) for kind, parts in futures.items()}


def main() -> None:
    figures = _measure_all()
    lowest, random, robot = (figures[k] for k in PLAYERS)
    print(f"lowest legal card (old player): {lowest}")
    print(f"random legal card (peer):       {random}")
    print(f"card-play robot ({Effort.from_environment()}): {robot}")
    median, p90 = 1000 * robot.cpu_quantile(0.5), 1000 * robot.cpu_quantile(0.9)
    print(
        f"robot CPU per card: median {median:.1f} ms (target <= 30: {'met' if median <= 30 else 'NOT met'}), p90"
        f" {p90:.1f} ms (target <= 100: {'met' if p90 <= 100 else 'NOT met'}), mean"
        f" {1000 * robot.cpu_seconds / max(robot.decisions, 1):.1f} ms; wall clock mean"
        f" {1000 * robot.seconds_per_decision:.1f} ms, slowest {1000 * robot.slowest:.0f} ms ({JOBS} job(s))"
    )
    print(
        f"robot |declarer tricks - DD|: {robot.distance:.3f} (target <= 0.5:"
        f" {'met' if robot.distance <= 0.5 else 'NOT met'}) over {robot.boards} unseen deals"
    )
    for name, other in (("lowest card", lowest), ("random", random)):
        gave = other.declarer_cost + other.defence_cost
        mine = robot.declarer_cost + robot.defence_cost
        print(f"tricks given away per board: robot {mine:.2f} vs {name} {gave:.2f} (ratio {mine / gave:.3f})")


if __name__ == "__main__":
    main()
