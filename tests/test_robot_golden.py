"""The bidding robots make exactly the calls, with exactly the meanings and explanations (L20F), that they made
before the hot paths were rebuilt (#15): a golden file of auctions bid on seeded deals by main at 3cda8af.

Each line is one deal: configuration, seed, the calls, and a digest of every meaning the robots gave
(``BidRecord.meaning``) and every explanation of the finished auction (``System.explain``). Regenerate only
for a deliberate change of a system: ``python tests/test_robot_golden.py > tests/data/robot_golden.txt``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from contractbridge import Deal, Seat, Vulnerability
from contractbridge.robots import bid_deal
from contractbridge.scoring.rules import ALTERNATING_NOTRUMP
from contractbridge.systems import SystemOptions, system
from contractbridge.systems.base import clear_caches

GOLDEN = Path(__file__).parent / "data" / "robot_golden.txt"

#: name → (the four seats' systems N, E, S, W; options; part-scores NS, EW)
CONFIGS: dict[str, tuple[list[str], SystemOptions | None, tuple[int, int]]] = {
    "culbertson": (["culbertson"] * 4, None, (0, 0)),
    "club": (["club"] * 4, None, (0, 0)),
    "mixed": (["culbertson", "club", "culbertson", "club"], None, (0, 0)),
    "partscore": (["club", "culbertson", "club", "culbertson"], None, (60, 40)),
    "literal30": (["culbertson"] * 4, SystemOptions(one_bid_mode="literal", trick_values=ALTERNATING_NOTRUMP), (0, 70)),
}
DEALS = 200


def lines() -> list[str]:
    """The golden lines, bid now (caches cleared first, so the result does not depend on earlier tests)."""
    clear_caches()
    out = []
    for name, (systems, options, partscores) in CONFIGS.items():
        for seed in range(DEALS):
            dealer, vul = Seat(seed % 4), Vulnerability(seed // 4 % 4)
            auction, records = bid_deal(Deal.random(seed), dealer, vul, systems, options, partscores)
            digest = hashlib.sha256()
            for index, record in enumerate(records):
                digest.update(repr(record.meaning).encode())
                own = system(systems[record.seat])
                theirs = system(systems[record.seat.lho])
                told = own.explain(auction, index, vul, options, partscores, theirs)
                digest.update(repr(told).encode())
            calls = " ".join(str(r.call) for r in records)
            out.append(f"{name} {seed} {calls} | {digest.hexdigest()[:16]}")
    return out


def test_robots_bid_as_before() -> None:
    """Every call, meaning and explanation over 1,000 seeded deals equals the golden file."""
    expected = GOLDEN.read_text().splitlines()
    got = lines()
    assert len(got) == len(expected)
    for want, have in zip(expected, got, strict=True):
        assert have == want


if __name__ == "__main__":
    print("\n".join(lines()))
