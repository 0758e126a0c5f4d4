"""The card-play robot (issue #13): speed at the default effort and quality against double dummy, beside the
old lowest-card player and a random player measured in the same run on the same contracts.

Deals: ``CB_BENCH_CARDPLAY_DEALS`` (default 500) seeded random deals, bid by the Culbertson robots, measured in
``CB_BENCH_CARDPLAY_JOBS`` worker processes (default 1; each with one DDS thread when more than one). Figures:
cards per second, mean and slowest time per decision and CPU per decision of the robot at the effort of
``CONTRACTBRIDGE_ROBOT_EFFORT`` (default ``normal``); for each player the tricks declarer and the defence give
away against double dummy, and the mean absolute distance of the result from the double-dummy result of the
contract (target for four robots: at most 0.8).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from contractbridge import dd
from contractbridge.cards import Seat
from contractbridge.deal import Deal
from contractbridge.players import Player, RandomPlayer
from contractbridge.robots import BiddingRobot, CardPlayRobot, Effort
from contractbridge.robots.quality import Quality, measure

DEALS = int(os.environ.get("CB_BENCH_CARDPLAY_DEALS", "500"))
JOBS = int(os.environ.get("CB_BENCH_CARDPLAY_JOBS", "1"))
PLAYERS = ("lowest", "random", "robot")


def _player(kind: str, seat: Seat) -> Player:
    if kind == "lowest":
        return BiddingRobot()
    if kind == "random":
        return RandomPlayer(int(seat))
    return CardPlayRobot(seed=int(seat), effort=Effort.from_environment())


def _chunk(kind: str, start: int, stop: int, threads: int) -> Quality:
    """Measure ``kind`` on deals ``start`` … ``stop - 1`` (board numbers ``start + 1`` …)."""
    if threads:
        dd.set_threads(threads)
    deals = [Deal.random(f"bench-cardplay-{i}") for i in range(start, stop)]
    return measure(deals, lambda seat: _player(kind, seat), first=start + 1)


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
    rate = robot.decisions / robot.seconds if robot.seconds else 0.0
    print(
        f"robot speed: {rate:.1f} cards/s, {1000 * robot.seconds_per_decision:.0f} ms per decision, slowest "
        f"{1000 * robot.slowest:.0f} ms, {1000 * robot.cpu_seconds / max(robot.decisions, 1):.0f} ms of CPU per "
        f"decision ({JOBS} job(s); aim: a card under 500 ms on 2 cores)"
    )
    for name, other in (("lowest card", lowest), ("random", random)):
        gave = other.declarer_cost + other.defence_cost
        mine = robot.declarer_cost + robot.defence_cost
        print(f"tricks given away per board: robot {mine:.2f} vs {name} {gave:.2f} (ratio {mine / gave:.3f})")


if __name__ == "__main__":
    main()
