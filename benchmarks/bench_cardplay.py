"""The card-play robot (issue #13): speed at the default effort and quality against double dummy, beside the
old lowest-card player and a random player measured in the same run on the same contracts.

Deals: ``CB_BENCH_CARDPLAY_DEALS`` (default 500) seeded random deals, bid by the Culbertson robots. Figures:
cards per second and mean time per decision of the robot; for each player the tricks declarer and the
defence give away against double dummy, and the mean absolute distance of the result from the double-dummy
result of the contract (target for four robots: at most 0.8).
"""

from __future__ import annotations

import os

from contractbridge.deal import Deal
from contractbridge.players import RandomPlayer
from contractbridge.robots import BiddingRobot, CardPlayRobot, Effort
from contractbridge.robots.quality import measure

DEALS = int(os.environ.get("CB_BENCH_CARDPLAY_DEALS", "500"))


def main() -> None:
    deals = [Deal.random(f"bench-cardplay-{i}") for i in range(DEALS)]
    lowest = measure(deals, lambda seat: BiddingRobot())
    random = measure(deals, lambda seat: RandomPlayer(int(seat)))
    effort = Effort.from_environment()
    robot = measure(deals, lambda seat: CardPlayRobot(seed=int(seat), effort=effort))
    print(f"lowest legal card (old player): {lowest}")
    print(f"random legal card (peer):       {random}")
    print(f"card-play robot ({effort}): {robot}")
    rate = robot.decisions / robot.seconds if robot.seconds else 0.0
    print(
        f"robot speed: {rate:.1f} cards/s, {1000 * robot.seconds_per_decision:.0f} ms per decision, slowest "
        f"{1000 * robot.slowest:.0f} ms, {1000 * robot.cpu_seconds / max(robot.decisions, 1):.0f} ms of CPU per "
        "decision (aim: a card under 500 ms on 2 cores)"
    )
    for name, other in (("lowest card", lowest), ("random", random)):
        gave = other.declarer_cost + other.defence_cost
        mine = robot.declarer_cost + robot.defence_cost
        print(f"tricks given away per board: robot {mine:.2f} vs {name} {gave:.2f} (ratio {mine / gave:.3f})")


if __name__ == "__main__":
    main()
