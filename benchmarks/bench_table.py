"""Random boards through ``Table``: a random legal auction, then the full play with random legal cards;
against the same play loop through endplay's ``Deal.play`` / ``legal_moves`` on the same deals and contracts.

``BENCH_BOARDS`` (default 10,000) sets the number of boards; endplay is measured on the first
``BENCH_PEER_BOARDS`` of them (default 300; it is much slower), and the ratio compares boards per second.
"""

from __future__ import annotations

import os
import random
import time

from contractbridge import Board, Deal, Phase, Seat, Strain, Table

_ENDPLAY_DENOM = {Strain.CLUBS: "clubs", Strain.DIAMONDS: "diamonds", Strain.HEARTS: "hearts", Strain.SPADES: "spades"}
_ENDPLAY_PLAYER = {Seat.NORTH: "north", Seat.EAST: "east", Seat.SOUTH: "south", Seat.WEST: "west"}
Played = tuple[str, Strain, Seat] | None


def _ours(n: int) -> tuple[float, list[Played]]:
    """Seconds for ``n`` boards through ``Table``, and each board's deal and contract (None if passed out)."""
    rng = random.Random(2017)
    contracts: list[Played] = []
    start = time.perf_counter()
    for i in range(n):
        table = Table(Board(i % 16 + 1, Deal.random(i)))
        while table.phase is Phase.AUCTION:
            table.call(rng.choice(table.legal_calls()))
        while table.phase is Phase.PLAY:
            table.play(rng.choice(tuple(table.legal_cards())))
        contract, declarer = table.contract, table.declarer
        if contract is None or declarer is None:
            contracts.append(None)
        else:
            contracts.append((table.board.deal.to_pbn(), contract.strain, declarer))
    return time.perf_counter() - start, contracts


def _endplay(boards: list[Played]) -> float:
    """Seconds for the same play loop through endplay."""
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    rng = random.Random(2017)
    start = time.perf_counter()
    for item in boards:
        if item is None:
            continue
        pbn, strain, declarer = item
        trump = Denom.nt if strain is Strain.NOTRUMP else Denom[_ENDPLAY_DENOM[strain]]
        deal = EDeal(pbn, first=Player[_ENDPLAY_PLAYER[declarer.lho]], trump=trump)
        for _ in range(52):
            deal.play(rng.choice(deal.legal_moves()))
    return time.perf_counter() - start


def main() -> None:
    n = int(os.environ.get("BENCH_BOARDS", "10000"))
    m = min(n, int(os.environ.get("BENCH_PEER_BOARDS", "300")))
    ours_s, contracts = _ours(n)
    played = sum(c is not None for c in contracts)
    print(
        f"contractbridge Table: {n} boards ({played} played, {n - played} passed out) in {ours_s:.2f} s"
        f" = {n / ours_s:,.0f} boards/s (random auction + full play)"
    )
    try:
        peer_s = _endplay(contracts[:m])
    except ImportError:
        print("endplay is not installed: no ratio")
        return
    print(f"endplay Deal.play/legal_moves: {m} boards in {peer_s:.2f} s = {m / peer_s:,.0f} boards/s (play only)")
    print(f"ratio ours / endplay (boards per second): {(n / ours_s) / (m / peer_s):.1f}x")


if __name__ == "__main__":
    main()
