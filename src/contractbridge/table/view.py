"""What a table shows: the phase, claims, the result, and one seat's view (docs/architecture.md §3.6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat, Side
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.play import Trick
from contractbridge.table.irregularities import Irregularity

__all__ = ["Claim", "Phase", "Result", "TableView"]


class Phase(Enum):
    """The period the board is in (L17, L41C; Definitions "Play period")."""

    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim (or concession) that ``seat``'s side wins ``tricks`` of the ``remaining`` tricks (L68A–B).
    ``agreed`` is final once every opponent who plays agreed (L69A); ``disputed_by`` sends it to the
    director (L68D2, L70), whose ruling (``ruled``: the tricks the claimer's side gets) settles it."""

    seat: Seat
    tricks: int
    remaining: int
    statement: str = ""
    agreed_by: frozenset[Seat] = field(default_factory=frozenset)
    disputed_by: Seat | None = None
    needed: frozenset[Seat] = field(default_factory=frozenset)
    ruled: int | None = None

    @property
    def side(self) -> Side:
        return self.seat.side

    @property
    def settled(self) -> bool:
        """Agreed (L69A), or ruled by the director (L70)."""
        return self.agreed or self.ruled is not None

    @property
    def awarded(self) -> int:
        """The remaining tricks the claimer's side gets: the director's figure, else the claim."""
        return self.tricks if self.ruled is None else self.ruled

    @property
    def agreed(self) -> bool:
        return self.disputed_by is None and self.needed <= self.agreed_by

    @property
    def status(self) -> str:
        """``pending``, ``agreed``, ``disputed`` or ``ruled``."""
        if self.ruled is not None:
            return "ruled"
        if self.disputed_by is not None:
            return "disputed"
        return "agreed" if self.agreed else "pending"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "tricks": self.tricks,
            "remaining": self.remaining,
            "statement": self.statement,
            "status": self.status,
            "agreed_by": [s.letter for s in sorted(self.agreed_by)],
            "disputed_by": None if self.disputed_by is None else self.disputed_by.letter,
            **({} if self.ruled is None else {"ruled": self.ruled}),
        }


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished board: contract, declarer and declarer's tricks; or passed out (L22B).
    ``claimed`` when the last tricks were settled by a claim (agreed, L69A, or ruled, L70); ``adjustments`` the
    edition's automatic changes to the tricks after play, each with its law (L64A transfers), already in ``tricks``;
    ``new_deal``: the law under which a player demanded a new deal instead (rubber bridge, NBB R39–R43: no
    result, the same dealer deals again)."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    passed_out: bool
    claimed: bool = False
    adjustments: tuple[str, ...] = ()
    new_deal: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "tricks": self.tricks,
            "passed_out": self.passed_out,
            "claimed": self.claimed,
        }
        if self.adjustments:
            out["adjustments"] = list(self.adjustments)
        if self.new_deal is not None:
            out["new_deal"] = self.new_deal
        return out

    def __str__(self) -> str:
        if self.new_deal is not None:
            return f"new deal ({self.new_deal})"
        if self.passed_out or self.contract is None or self.declarer is None or self.tricks is None:
            return "passed out"
        diff = self.tricks - self.contract.tricks_needed
        return f"{self.contract} by {self.declarer.letter}: {self.tricks} tricks ({'=' if diff == 0 else f'{diff:+d}'})"


@dataclass(frozen=True, slots=True)
class TableView:
    """What one seat may see (docs/architecture.md §3.6): its own remaining hand, dummy's once the opening lead is faced
    (L41C–D), the auction, played cards, a claimer's faced hand (L68C); legal choices when it is to act."""

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
        }
