"""How well card players play, measured against double dummy (the quality figure of issue #13).

``measure(deals, play_policy)`` bids each deal with the bidding robots (the contracts of the robots' own
auctions, the same for every policy measured; with ``dd_contract=True`` instead declarer's best double-dummy
strain at its double-dummy level, declarer dealing and bidding it, then three passes), lets
``play_policy(seat)`` play the cards at all four seats (a claim the robots dispute is void and play goes on,
L68D2(b)), then replays the log against the full deal: each card costs its side the double-dummy tricks it
gives away (the best card's tricks minus the card's; an agreed claim costs the difference to the double-dummy
result of the position it was made in). The figures per board:

- ``declarer_cost`` / ``defence_cost``: the tricks each side gave away (means over boards played);
- ``distance``: the absolute difference between declarer's tricks and the double-dummy tricks of the contract
  from the start (mean over boards played).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from contractbridge.auction import Auction
from contractbridge.calls import PASS, Bid, Call
from contractbridge.cards import Card, Seat, Side, Strain
from contractbridge.dd import Position, dd_table, solve_all
from contractbridge.deal import Board, Deal
from contractbridge.play import PlayState
from contractbridge.players import play_board
from contractbridge.robots.bidder import BiddingRobot, bid_deal
from contractbridge.table import Table, TableView

__all__ = ["CardPlayer", "Quality", "measure"]


@dataclass(frozen=True, slots=True)
class Quality:
    """Mean figures over the ``boards`` that were played (not passed out) of ``deals``; the ``decisions`` took
    ``seconds`` (wall clock, the ``slowest`` one alone) and ``cpu_seconds`` of the process's CPU (every thread,
    DDS's included: a figure that a loaded machine inflates less than the wall clock), ``decision_cpu`` each
    decision's CPU seconds."""

    deals: int
    boards: int
    declarer_cost: float
    defence_cost: float
    distance: float
    decisions: int
    seconds: float
    slowest: float = 0.0
    cpu_seconds: float = 0.0
    decision_cpu: tuple[float, ...] = ()

    @classmethod
    def merge(cls, parts: Sequence[Quality]) -> Quality:
        """The figures of several runs over disjoint deals as one (means weighted by boards played)."""
        boards = sum(p.boards for p in parts)
        n = max(boards, 1)
        return cls(
            sum(p.deals for p in parts),
            boards,
            sum(p.declarer_cost * p.boards for p in parts) / n,
            sum(p.defence_cost * p.boards for p in parts) / n,
            sum(p.distance * p.boards for p in parts) / n,
            sum(p.decisions for p in parts),
            sum(p.seconds for p in parts),
            max((p.slowest for p in parts), default=0.0),
            sum(p.cpu_seconds for p in parts),
            tuple(t for p in parts for t in p.decision_cpu),
        )

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def cpu_quantile(self, q: float) -> float:
        """The ``q`` quantile (0.5: the median, 0.9: p90) of the CPU seconds per decision (0 when none)."""
        if len(self.decision_cpu) < 2:
            return self.decision_cpu[0] if self.decision_cpu else 0.0
        return statistics.quantiles(self.decision_cpu, n=100, method="inclusive")[round(q * 100) - 1]

    def __str__(self) -> str:
        return (
            f"{self.boards} boards: declarer gives away {self.declarer_cost:.3f} tricks, defence "
            f"{self.defence_cost:.3f}; |tricks - DD| {self.distance:.3f}; {self.decisions} cards in "
            f"{self.seconds:.1f} s ({1000 * self.seconds_per_decision:.1f} ms per card, slowest "
            f"{1000 * self.slowest:.0f} ms; {self.cpu_seconds:.1f} s of CPU, per card median "
            f"{1000 * self.cpu_quantile(0.5):.1f} ms, p90 {1000 * self.cpu_quantile(0.9):.1f} ms)"
        )


class CardPlayer(Protocol):
    """What ``measure`` asks of a seat's player: its cards (the bidding robot makes the calls), a ``players.Player``
    or a card-play robot alone."""

    def play(self, view: TableView) -> Card: ...


class _Seat:
    """A seat for the measurement: the bidding robot's calls, ``inner``'s cards, timed."""

    def __init__(self, bidder: BiddingRobot, inner: CardPlayer) -> None:
        self.bidder = bidder
        self.inner = inner
        self.seconds = 0.0
        self.slowest = 0.0
        self.cpu: list[float] = []
        self.cards = 0

    def call(self, view: TableView) -> Call:
        return self.bidder.call(view)

    def play(self, view: TableView) -> Card:
        start, cpu = time.perf_counter(), time.process_time()
        card = self.inner.play(view)
        took = time.perf_counter() - start
        self.cpu.append(time.process_time() - cpu)
        self.seconds += took
        self.slowest = max(self.slowest, took)
        self.cards += 1
        return card

    def claim(self, view: TableView) -> tuple[int, str] | None:
        offer = getattr(self.inner, "claim", None)
        return None if offer is None else offer(view)

    def accepts_claim(self, view: TableView) -> bool:
        judge = getattr(self.inner, "accepts_claim", None)
        return True if judge is None else bool(judge(view))


def _position(play: PlayState, strain: Strain) -> Position:
    """The position of the hand to play, from the full deal (the measurer sees everything)."""
    hands = Deal.partial({s: play.hand(s) for s in Seat})
    trick = tuple(c for _, c in play.current_trick)
    leader = play.current_trick[0][0] if play.current_trick else play.turn
    assert leader is not None
    return Position(hands, strain, leader, trick)


def _costs(table: Table) -> tuple[int, int]:
    """Tricks given away by declarer's side and by the defenders over the board's log (every position of
    the board solved in one DDS batch)."""
    declarer, contract, result = table.declarer, table.contract, table.result
    assert declarer is not None and contract is not None and result is not None and result.tricks is not None
    replay = Table(table.board, table.edition)
    positions: list[Position] = []
    # who moved, the card (None: a claim), declarer's tricks so far, the tricks still to play
    moves: list[tuple[Side, Card | None, int, int]] = []
    events = table.to_events()
    claims = [i for i, e in enumerate(events) if e["event"] == "claim"]
    settled = claims[-1] if result.claimed and claims else None  # a disputed claim was void: play went on (L68D2(b))
    for index, event in enumerate(events[1:], start=1):
        play = replay.play_state
        if play is not None and play.turn is not None and (event["event"] == "play" or index == settled):
            positions.append(_position(play, contract.strain))
            card = Card.parse(event["card"]) if event["event"] == "play" else None
            moves.append((play.turn.side, card, play.declarer_tricks, 13 - len(play.tricks)))
            if card is None:
                break
        replay.apply(event)
    costs = [0, 0]  # indexed by Side
    for (side, card, won, remaining), scores in zip(moves, solve_all(positions), strict=True):
        best = max(scores.values())
        if card is not None:
            costs[side] += best - scores[card]
        else:  # an agreed claim ends the board: compare it with the double-dummy result from there
            dd_total = won + (best if side == declarer.side else remaining - best)
            gap = dd_total - result.tricks
            costs[declarer.side if gap > 0 else declarer.side.opponents] += abs(gap)
    return costs[declarer.side], costs[declarer.side.opponents]


def measure(
    deals: Sequence[Deal],
    play_policy: Callable[[Seat], CardPlayer],
    *,
    system: str = "culbertson",
    claims: bool = True,
    first: int = 1,
    dd_contract: bool = False,
) -> Quality:
    """Play every deal (board numbers ``first``, ``first + 1``, … for vulnerability, L2) and measure (see the
    module)."""
    boards = 0
    declarer_cost = defence_cost = distance = 0.0
    decisions = 0
    seconds = slowest = 0.0
    cpu: list[float] = []
    for number, deal in enumerate(deals, start=first):
        if dd_contract:
            board, auction = _dd_contract(number, deal)
        else:
            board = Board(number, deal)
            auction, _ = bid_deal(deal, board.dealer, board.vulnerability, system)
        if auction.contract is None or auction.declarer is None:
            continue
        seats = {s: _Seat(BiddingRobot(system), play_policy(s)) for s in Seat}
        table = Table(board)
        if dd_contract:
            for call in auction.calls:
                table.call(call)
        play_board(table, seats, claims=claims)  # a disputed claim is void, play goes on (L68D2(b))
        result = table.result
        assert result is not None and result.tricks is not None
        boards += 1
        ours, theirs = _costs(table)
        declarer_cost += ours
        defence_cost += theirs
        distance += abs(result.tricks - dd_table(deal).tricks(auction.contract.strain, auction.declarer))
        decisions += sum(s.cards for s in seats.values())
        seconds += sum(s.seconds for s in seats.values())
        slowest = max(slowest, *(s.slowest for s in seats.values()))
        cpu.extend(t for s in seats.values() for t in s.cpu)
    n = max(boards, 1)
    costs = (declarer_cost / n, defence_cost / n, distance / n)
    return Quality(len(deals), boards, *costs, decisions, seconds, slowest, sum(cpu), tuple(cpu))


def _dd_contract(number: int, deal: Deal) -> tuple[Board, Auction]:
    """Board ``number`` of ``deal`` dealt by the declarer of its best double-dummy contract (the most tricks
    of any strain and seat; the first of equals in our order), and the auction that reaches that contract at
    the double-dummy level: declarer's bid and three passes (one side always takes 7 tricks in notrump)."""
    table = dd_table(deal)
    tricks, strain, declarer = max((table.tricks(t, s), -t, -s) for t in Strain for s in Seat)
    board = Board(number, deal, dealer=Seat(-declarer))
    auction = Auction(board.dealer)
    for call in (Bid(tricks - 6, Strain(-strain)), PASS, PASS, PASS):
        auction.push(call)
    return board, auction
