"""The bidding robot: a seat policy that bids by a system (EST30: Culbertson or Club) and explains its calls.

``choose`` is the pure core: it sees only the seat's own hand, the auction, the vulnerability and the
rubber score, never another hand (docs/architecture.md §3.6). ``BiddingRobot`` wraps it as a ``Player`` for the
table (``call(view)``); for the play it uses the lowest legal card until a card-play robot exists.
``explain`` gives any call's meaning under the system; it is authorised information for every seat (L20F).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat
from contractbridge.deal import Deal, Vulnerability
from contractbridge.errors import BridgeError, CallOutOfTurnError
from contractbridge.laws import edition as find_edition
from contractbridge.robots.explanations import agreed_meaning
from contractbridge.rulebooks import refusal
from contractbridge.systems import CallMeaning, System, SystemOptions, system
from contractbridge.systems.base import DEFAULT_OPTIONS, HandEval, hand_to_bid, situation_after

if TYPE_CHECKING:
    from contractbridge.systems.agreements import PartnershipAgreements
    from contractbridge.table import TableView

__all__ = ["BidRecord", "BiddingRobot", "bid_deal", "choose", "explain"]


def _system(which: str | System) -> System:
    return which if isinstance(which, System) else system(which)


def choose(
    hand: Hand,
    auction: Auction,
    vulnerability: Vulnerability = Vulnerability.NONE,
    seat: Seat | None = None,
    options: SystemOptions | None = None,
    system: str | System = "culbertson",
    partscores: tuple[int, int] = (0, 0),
    opponents: str | System | None = None,
) -> tuple[Call, CallMeaning]:
    """The call ``system`` makes with ``hand`` for the seat to call in ``auction``, and its meaning.
    ``partscores`` are the rubber part-scores below the line, indexed by side (NS, EW); ``opponents`` is the
    opponents' system (their explanations, L20F), by default the same."""
    if auction.is_over:
        raise refusal(BridgeError, "the auction is over: no call to choose", "auction_over")
    if seat is not None and seat != auction.turn:
        raise CallOutOfTurnError(f"it is {auction.turn}'s turn to call, not {seat}'s")
    theirs = None if opponents is None else _system(opponents)
    return _system(system).choose(hand, auction, vulnerability, options, partscores, theirs)


def explain(
    auction: Auction,
    index: int,
    vulnerability: Vulnerability = Vulnerability.NONE,
    options: SystemOptions | None = None,
    system: str | System = "culbertson",
    partscores: tuple[int, int] = (0, 0),
    opponents: str | System | None = None,
    agreements: PartnershipAgreements | None = None,
) -> CallMeaning:
    """What call ``index`` (0-based) of ``auction``, made by a side playing ``system``, means (L20F); with the
    pairs' ``agreements``, as the caller's pair declared it (``explanations.agreed_meaning``: L20F1, L40B, L75C)."""
    ours, theirs = _system(system), None if opponents is None else _system(opponents)
    if agreements is None:
        return ours.explain(auction, index, vulnerability, options, partscores, theirs)
    return agreed_meaning(agreements, auction, index, vulnerability, ours, options, partscores, theirs)


@dataclass(frozen=True, slots=True)
class BidRecord:
    """One robot call: who, what, and why (the robot's own reason; the system's meaning is ``explain``)."""

    seat: Seat
    call: Call
    meaning: CallMeaning


def bid_deal(
    deal: Deal,
    dealer: Seat = Seat.NORTH,
    vulnerability: Vulnerability = Vulnerability.NONE,
    systems: str | System | Iterable[str | System] = "culbertson",
    options: SystemOptions | None = None,
    partscores: tuple[int, int] = (0, 0),
) -> tuple[Auction, list[BidRecord]]:
    """Four robots bid ``deal``: each seat sees only its own hand. ``systems`` is one system for all four
    seats, or four (N, E, S, W)."""
    if isinstance(systems, (str, System)):
        per_seat = [_system(systems)] * 4
    else:
        per_seat = [_system(s) for s in systems]
        if len(per_seat) != 4:
            raise BridgeError(f"give one system or four (N, E, S, W), not {len(per_seat)}")
    opts = options or DEFAULT_OPTIONS
    # each seat reads the auction by its side's system and the opponents' (L20F): one situation per pair of
    # systems, extended call by call rather than looked up again for each call
    pairs = [per_seat[seat].sides(seat, per_seat[seat.lho]) for seat in Seat]
    situations = {pair: situation_after(pair, (), dealer, vulnerability, opts, partscores) for pair in pairs}
    # each hand summarised once, for this deal only (not kept in ``evaluate``'s cache: a new deal's hands)
    hands = [HandEval(hand_to_bid(deal[seat])) for seat in Seat]
    auction = Auction(dealer)
    records: list[BidRecord] = []
    while not auction.is_over:
        seat = auction.turn
        assert seat is not None
        call, meaning = situations[pairs[seat]].choose(hands[seat])
        auction.push(call)
        records.append(BidRecord(seat, call, meaning))
        if not auction.is_over:
            for pair, situation in situations.items():
                situations[pair] = situation.after(call)
    return auction, records


class BiddingRobot:
    """A seat policy (the table's ``Player`` protocol): ``call(view)`` bids by the system from the seat's
    own view; ``play(view)`` plays the lowest legal card (no card-play robot yet)."""

    def __init__(
        self,
        system: str | System = "culbertson",
        options: SystemOptions | None = None,
        partscores: tuple[int, int] = (0, 0),
        opponents: str | System | None = None,
    ) -> None:
        self.system = _system(system)
        self.opponents = None if opponents is None else _system(opponents)
        self.options = options or DEFAULT_OPTIONS
        self.partscores = partscores
        self.last_meaning: CallMeaning | None = None

    def call(self, view: TableView) -> Call:
        """The robot's call for the seat whose view this is."""
        auction: Auction = view.auction
        if view.seat != auction.turn:
            raise CallOutOfTurnError(f"it is {auction.turn}'s turn to call, not {view.seat}'s")
        options = self.options_for(view.edition)
        call, meaning = self.system.choose(
            view.hand, auction, view.vulnerability, options, self.partscores, self.opponents
        )
        self.last_meaning = meaning
        return call

    def options_for(self, edition: str) -> SystemOptions:
        """The robot's options with the trick values of ``edition`` (what makes a game at this table)."""
        values = find_edition(edition).scoring
        return self.options if values == self.options.trick_values else replace(self.options, trick_values=values)

    def play(self, view: TableView) -> Card:
        """The lowest legal card (a placeholder policy for the play)."""
        legal = view.legal_cards
        if not legal:
            raise BridgeError(f"{view.seat} has no card to play now")
        card: Card = min(legal, key=lambda c: (c.rank, c.suit))
        return card

    def explain(
        self,
        auction: Auction,
        index: int,
        vulnerability: Vulnerability = Vulnerability.NONE,
        agreements: PartnershipAgreements | None = None,
    ) -> CallMeaning:
        """The system's meaning of call ``index`` of ``auction`` (authorised information, L20F); with the pairs'
        ``agreements``, the caller's pair's as declared (``explanations.agreed_meaning``: L20F1, L40B, L75C)."""
        return explain(
            auction, index, vulnerability, self.options, self.system, self.partscores, self.opponents, agreements
        )

    def __repr__(self) -> str:
        return f"BiddingRobot({self.system.name!r})"
