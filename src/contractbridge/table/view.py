"""What a table shows one seat: ``TableView`` (docs/architecture.md §3.6). The plain values it names (``Phase``,
``Claim``, ``Irregularity``) live in ``contractbridge.values``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.play import Trick
from contractbridge.values import Claim, Irregularity, Phase

__all__ = ["TableView"]


@dataclass(frozen=True, slots=True)
class TableView:
    """What one seat may see (docs/architecture.md §3.6): its own remaining hand, dummy's once the opening lead is faced
    (L41C–D), the auction, played cards, a claimer's faced hand (L68C); legal choices when it is to act; the opening
    lead it has made face down, still in its hand (``face_down_lead``, its leader's only: L41A)."""

    seat: Seat
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    edition: str
    phase: Phase
    turn: Seat | None
    hand: Hand
    auction: Auction
    contract: Contract | None
    declarer: Seat | None
    dummy: Seat | None
    dummy_hand: Hand | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, int]
    claim: Claim | None
    claimer_hand: Hand | None
    pending_irregularity: Irregularity | None
    legal_calls: tuple[Call, ...] = ()
    legal_cards: frozenset[Card] = frozenset()
    face_down_lead: Card | None = None

    @property
    def to_act(self) -> bool:
        """Whether this seat decides the next call or card (declarer decides for dummy, L41D)."""
        return bool(self.legal_calls or self.legal_cards)

    @property
    def visible_cards(self) -> Hand:
        """Every card this view shows (for checking that nothing hidden leaks)."""
        bits = self.hand.bits
        for h in (self.dummy_hand, self.claimer_hand):
            if h is not None:
                bits |= h.bits
        for t in self.tricks:
            for c in t.cards:
                bits |= c.bit
        for _, c in self.current_trick:
            bits |= c.bit
        if self.pending_irregularity is not None and isinstance(self.pending_irregularity.action, Card):
            bits |= self.pending_irregularity.action.bit
        return Hand.from_bits(bits)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (seats ``N``…, hands in PBN, cards ``SA``, calls ``1NT``) for a client."""

        def seat(s: Seat | None) -> str | None:
            return None if s is None else s.letter

        return {
            "seat": self.seat.letter,
            "board": self.number,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability.pbn,
            "edition": self.edition,
            "phase": self.phase.value,
            "turn": seat(self.turn),
            "hand": self.hand.to_pbn(),
            "auction": [[s.letter, str(c)] for s, c in self.auction.history()],
            "contract": None if self.contract is None else str(self.contract),
            "declarer": seat(self.declarer),
            "dummy": seat(self.dummy),
            "dummy_hand": None if self.dummy_hand is None else self.dummy_hand.to_pbn(),
            "tricks": [
                {"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
                for t in self.tricks
            ],
            "current_trick": [[s.letter, str(c)] for s, c in self.current_trick],
            "tricks_won": {"NS": self.tricks_won[0], "EW": self.tricks_won[1]},
            "claim": None if self.claim is None else self.claim.to_dict(),
            "claimer_hand": None if self.claimer_hand is None else self.claimer_hand.to_pbn(),
            "pending_irregularity": None if self.pending_irregularity is None else self.pending_irregularity.to_dict(),
            "legal_calls": [str(c) for c in self.legal_calls],
            "legal_cards": [str(c) for c in sorted(self.legal_cards, reverse=True)],
            "face_down_lead": None if self.face_down_lead is None else str(self.face_down_lead),
        }
