"""Where the robots' contracts stand against double dummy (issue #27 item 6): the table of docs/systems.md.

Four robots of one system bid ``count`` random deals (dealer and vulnerability rotating); each deal is solved
double dummy once. By the combined high-card points of the stronger side: how often that side bids a game when
a game makes double dummy for it (in its best strain), and a slam when a slam makes; and the average IMPs of
the robots' result against par (L78B), from that side's point of view. Run it standalone:

    PYTHONPATH=src python tests/robot_par.py 500
"""

from __future__ import annotations

import sys
from collections import defaultdict

from contractbridge import Deal, Seat, Side, Strain, dd
from contractbridge.calls import Bid
from contractbridge.deal import Vulnerability
from contractbridge.evaluation import hcp
from contractbridge.robots.bidder import bid_deal
from contractbridge.scoring import compare, duplicate

BANDS = ((20, 22), (23, 25), (26, 28), (29, 32), (33, 40))


def _band(points: int) -> str | None:
    return next((f"{lo}–{hi}" for lo, hi in BANDS if lo <= points <= hi), None)


def _game_level(bid: Bid) -> int:
    suit = bid.strain.suit
    return 3 if suit is None else 4 if suit.value >= 2 else 5


def table(count: int, systems: tuple[str, ...] = ("culbertson", "club")) -> str:
    """The markdown table over ``count`` deals for each system."""
    rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    solved = []
    for seed in range(count):
        deal = Deal.random(seed)
        dealer, vul = Seat(seed % 4), list(Vulnerability)[(seed // 4) % 4]
        tricks = dd.dd_table(deal)
        solved.append((deal, dealer, vul, tricks, dd.par(tricks, vul, dealer)))
    for name in systems:
        for deal, dealer, vul, tricks, par in solved:
            ns = hcp(deal[Seat.NORTH]).value + hcp(deal[Seat.SOUTH]).value
            side = Side.NS if ns >= 20 else Side.EW
            band = _band(ns if side is Side.NS else 40 - ns)
            if band is None:
                continue
            seats = (Seat.NORTH, Seat.SOUTH) if side is Side.NS else (Seat.EAST, Seat.WEST)
            most = {strain: max(tricks.tricks(strain, s) for s in seats) for strain in Strain}
            best = max(most.values())
            game_makes = any(most[strain] >= 6 + _game_level(Bid(1, strain)) for strain in Strain)
            auction, _ = bid_deal(deal, dealer, vul, name)
            contract, declarer = auction.contract, auction.declarer
            ours = contract is not None and declarer is not None and declarer.side is side
            level = contract.level if ours and contract is not None else 0
            game_bid = ours and contract is not None and level >= _game_level(Bid(contract.level, contract.strain))
            row = rows[(name, band)]
            row[0] += 1
            row[1] += game_makes
            row[2] += game_makes and game_bid
            row[3] += best >= 12
            row[4] += best >= 12 and level >= 6
            made = None if declarer is None or contract is None else tricks.tricks(contract.strain, declarer)
            score = duplicate.board_score(contract, declarer, made, vul).ns
            sign = 1 if side is Side.NS else -1
            row[5] += compare.imps(sign * (score - par.score))
    lines = [
        "| system | HCP of the stronger side | deals | game makes (DD) | game bid | slam makes (DD) | slam bid "
        "| IMPs/deal vs par |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in systems:
        for lo, hi in BANDS:
            r = rows.get((name, f"{lo}–{hi}"))
            if r is None or not r[0]:
                continue
            game = f"{100 * r[2] / r[1]:.0f}%" if r[1] else "—"
            slam = f"{100 * r[4] / r[3]:.0f}%" if r[3] else "—"
            lines.append(f"| {name} | {lo}–{hi} | {r[0]} | {r[1]} | {game} | {r[3]} | {slam} | {r[5] / r[0]:+.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
