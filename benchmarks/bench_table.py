"""The play loop: random deals, a contract each, the 52 cards played at random among the legal ones (L44), on the
same deals and contracts for every side (benchmarks/_harness.py: alternating rounds, medians, ratios).

- ``Table``: the contract bid by declarer as dealer and passed out (4 calls), then 52 ``table.play`` calls,
  each card chosen from ``table.legal_cards()``: the whole stateful object, event log and all.
- ``PlayState``: the play core alone (``push`` and ``legal_cards``).
- ``PlayState`` in bits (#28): the same play through the robots' API, no ``Card`` values: each card chosen from
  ``indices_of(state.legal_bits())`` and played by ``push_index``. An extra line: the headline is ``Table``.
- ``Table``, the play alone: the same tables bid before the clock starts, then their 52 cards as above: what
  ``Table`` adds to ``PlayState`` per card (the event log, the phase, its checks), without the auction.
- The floor (#28): the same user loop over an object with ``Table``'s API that does no work at all (``phase``
  a property, ``legal_cards`` answering the legal sets of the same playout, computed off the clock, ``call``
  and ``play`` counting): no Python ``Table`` can beat it, so its ratio against endplay bounds the ``Table``
  line's from above. An extra line, for the 50× target: it shows what the loop's own Python costs.
- The peer: a tuned endplay loop, as a competent user writes it: ``Deal.play`` with the legal cards read from
  ``deal.curhand`` once per card (the led suit's ranks, ``hand[led]``, when there is a trick to follow; the
  whole hand otherwise), not ``Deal.legal_moves``, which asks DDS at every card and would flatter us 2×.

``BENCH_BOARDS`` (default 2,000; 300 under ``--quick``) sets our boards a round, ``BENCH_PEER_BOARDS`` (default
300; 100 under ``--quick``) endplay's. Rates are by CPU time (benchmarks/_harness.py), wall clock beside.
"""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING

from benchmarks._harness import Side, compare, endplay_denoms, peer, report, sized
from contractbridge import Board, Deal, Phase, Seat, Strain, Table
from contractbridge.calls import PASS, Bid, Call
from contractbridge.cards import Card
from contractbridge.play import PlayState, indices_of

if TYPE_CHECKING:
    from endplay.types import Denom, Player

Contracted = tuple[Deal, Strain, Seat, int]
PeerBoard = tuple[str, "Denom", "Player"]  # endplay's: the deal's PBN, the trump strain, the opening leader


def _boards(n: int) -> list[Contracted]:
    rng = random.Random(2017)
    return [(Deal.random(i), Strain(rng.randrange(5)), Seat(rng.randrange(4)), rng.randint(1, 7)) for i in range(n)]


def _table(boards: list[Contracted]) -> None:
    rng = random.Random(1)
    for i, (deal, strain, declarer, level) in enumerate(boards):
        table = Table(Board(i % 16 + 1, deal, dealer=declarer))
        for call in (Bid(level, strain), PASS, PASS, PASS):
            table.call(call)
        while table.phase is Phase.PLAY:
            table.play(rng.choice(tuple(table.legal_cards())))


def _bid_tables(boards: list[Contracted]) -> list[Table]:
    """The tables of ``boards`` with their auctions over: the play alone is then timed (``_play_tables``)."""
    tables = []
    for i, (deal, strain, declarer, level) in enumerate(boards):
        table = Table(Board(i % 16 + 1, deal, dealer=declarer))
        for call in (Bid(level, strain), PASS, PASS, PASS):
            table.call(call)
        tables.append(table)
    return tables


def _play_tables(tables: list[Table]) -> None:
    rng = random.Random(1)
    for table in tables:
        while table.phase is Phase.PLAY:
            table.play(rng.choice(tuple(table.legal_cards())))


def _play_state(boards: list[Contracted]) -> None:
    rng = random.Random(1)
    for deal, strain, declarer, _ in boards:
        state = PlayState(deal, strain, declarer)
        while not state.is_over:
            state.push(rng.choice(tuple(state.legal_cards())))


def _play_bits(boards: list[Contracted]) -> None:
    rng = random.Random(1)
    for deal, strain, declarer, _ in boards:
        state = PlayState(deal, strain, declarer)
        while not state.is_over:
            state.push_index(rng.choice(indices_of(state.legal_bits())))


class _Idle:
    """The floor: ``Table``'s API over a playout's legal sets found beforehand, no law applied, nothing logged."""

    __slots__ = ("_played", "_sets")

    def __init__(self, board: Board, sets: list[frozenset[Card]]) -> None:
        self._sets, self._played = sets, 0

    @property
    def phase(self) -> Phase:
        return _PLAY if self._played < 52 else _DONE

    def call(self, call: Call) -> None:
        pass

    def legal_cards(self) -> frozenset[Card]:
        return self._sets[self._played]

    def play(self, card: Card) -> None:
        self._played += 1


_PLAY, _DONE = Phase.PLAY, Phase.DONE


def _legal_sets(boards: list[Contracted]) -> list[list[frozenset[Card]]]:
    """Each board's legal sets (L44) along the playout that ``_table`` makes (the same random choices)."""
    rng = random.Random(1)
    out = []
    for deal, strain, declarer, _ in boards:
        state, sets = PlayState(deal, strain, declarer), []
        while not state.is_over:
            sets.append(legal := state.legal_cards())
            state.push(rng.choice(tuple(legal)))
        out.append(sets)
    return out


def _idle(boards: list[Contracted], sets: list[list[frozenset[Card]]]) -> None:
    rng = random.Random(1)
    for i, (deal, strain, declarer, level) in enumerate(boards):
        table = _Idle(Board(i % 16 + 1, deal, dealer=declarer), sets[i])
        for call in (Bid(level, strain), PASS, PASS, PASS):
            table.call(call)
        while table.phase is Phase.PLAY:
            table.play(rng.choice(tuple(table.legal_cards())))


def _endplay(boards: list[PeerBoard]) -> None:
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal

    rng = random.Random(1)
    for pbn, trump, first in boards:
        deal = EDeal(pbn, first=first, trump=trump)
        for _ in range(52):
            hand = deal.curhand
            trick = deal.curtrick
            if trick:
                led = trick[0].suit
                ranks = list(hand[led])
                if ranks:
                    deal.play(ECard(suit=led, rank=rng.choice(ranks)))
                    continue
            deal.play(rng.choice(list(hand)))


def _endplay_boards(boards: list[Contracted]) -> list[PeerBoard]:
    from endplay.types import Player

    denom = endplay_denoms()
    return [(deal.to_pbn(), denom[strain], Player(int(declarer.lho))) for deal, strain, declarer, _ in boards]


def main() -> None:
    n = int(os.environ.get("BENCH_BOARDS", str(sized(2000, 300))))
    m = min(n, int(os.environ.get("BENCH_PEER_BOARDS", str(sized(300, 100)))))
    boards = _boards(n)
    table = Side("Table (4 calls + 52 cards, legal_cards each card)", lambda: _table(boards), n)
    state = Side("PlayState (push + legal_cards)", lambda: _play_state(boards), n)
    bits = Side("PlayState in bits (push_index + indices_of(legal_bits))", lambda: _play_bits(boards), n)
    bid: list[list[Table]] = []
    play_only = Side(
        "Table, the 52 cards (tables bid off the clock)",
        lambda: _play_tables(bid.pop()),
        n,
        prepare=lambda: bid.append(_bid_tables(boards)),
    )
    try:
        peer_boards = _endplay_boards(boards[:m])
    except ImportError:
        print("endplay is not installed: Table against PlayState only")
        report("play loop: Table against the play core", table, state, compare(table, state), "boards", target=0.8)
        return
    tuned = peer("endplay Deal.play, the led suit's ranks read once a card", lambda: _endplay(peer_boards), m)
    report("play loop: Table", table, tuned, compare(table, tuned), "boards", target=50)
    report("play loop: PlayState", state, tuned, compare(state, tuned), "boards")
    report(
        "play loop: PlayState in bits, the robots' API (not the Table line)",
        bits,
        tuned,
        compare(bits, tuned),
        "boards",
    )
    sets = _legal_sets(boards)
    floor = Side("the floor: the same loop over a table doing nothing", lambda: _idle(boards, sets), n)
    report(
        "play loop: the floor, no Python Table beats it (not a target)", floor, tuned, compare(floor, tuned), "boards"
    )
    report("play loop: Table against the play core", table, state, compare(table, state), "boards", target=0.8)
    # informative, not the target's line: tables bid beforehand sit far apart in memory, so it swings (0.55–0.9)
    report(
        "play loop: the play alone, Table against the play core", play_only, state, compare(play_only, state), "boards"
    )


if __name__ == "__main__":
    main()
