"""The effects of rectification that outlive a ruling, shared by the auction and the play period: rectifications
awaiting a seat's next call (L27B, L30B–L32), obligations to pass (L23–L38), the L16C information flags, lead
restrictions (L26B; later L50D2, L51B) and penalty cards (L24E, L50); and the status of a call in the record. The
table enforces them through its edition (``Edition.legal_cards``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Side, Suit

if TYPE_CHECKING:
    from contractbridge.play import PlayState

__all__ = ["AwaitedCall", "Duration", "InfoFlag", "LeadRestriction", "Obligation", "PenaltyCard", "Status"]


@dataclass(slots=True)
class AwaitedCall:
    """A rectification waiting for a seat's next standing (or attempted) call: e.g. the offender's
    replacement after a call out of rotation (L30B1(b), L31A2), or RHO's call after a bid out of
    rotation at RHO's turn (L31A). ``kind`` names the law; the edition interprets it."""

    seat: Seat
    kind: str
    offender: Seat
    call: Call
    data: dict[str, Any] = field(default_factory=dict)


class Status(Enum):
    """What became of a call in the record (L16C treats withdrawn and cancelled alike)."""

    STANDING = "standing"
    PENDING = "pending"
    WITHDRAWN = "withdrawn"
    CANCELLED = "cancelled"


class Duration(Enum):
    """How long an obligation to pass lasts: the next turn only, or the rest of the auction."""

    NEXT = "pass_next"
    REST = "pass_rest"


@dataclass(frozen=True, slots=True)
class Obligation:
    seat: Seat
    duration: Duration
    law: str


@dataclass(frozen=True, slots=True)
class InfoFlag:
    """L16C: information from a withdrawn or cancelled call is UI for ``ui_for`` and AI for the other side."""

    seat: Seat
    call: Call
    ui_for: Side
    law: str
    index: int = -1

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "call": str(self.call),
            "UI": str(self.ui_for),
            "AI": str(self.ui_for.opponents),
            "law": self.law,
        }


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """A restriction on ``leader``'s leads chosen by ``chooser``: L26B lets declarer forbid one of ``suits`` at
    the offender's partner's first lead, and the ban lasts while he keeps the lead. ``required`` is the other
    kind a rectification may impose (a suit the leader must lead if he can, e.g. L50D2(a) for the play-period
    director). Until ``decided`` nothing binds the lead."""

    offender: Seat
    leader: Seat
    chooser: Seat
    suits: tuple[Suit, ...]
    law: str
    opening_lead: bool
    forbidden: Suit | None = None
    decided: bool = False
    required: Suit | None = None

    @property
    def banned(self) -> tuple[Suit, ...]:
        """The suits the leader may not lead once decided (L26B forbids one)."""
        return () if self.forbidden is None else (self.forbidden,)

    def in_force(self, play: PlayState) -> bool:
        """Whether the restriction binds the card now: ``leader`` is about to lead and has kept the lead since
        his first lead of the hand (L26B: "for as long as he retains the lead")."""
        if not self.decided or (not self.banned and self.required is None):
            return False
        if play.current_trick or play.turn != self.leader:
            return False
        tricks = play.tricks
        first = next((i for i, t in enumerate(tricks) if t.leader == self.leader), len(tricks))
        return all(t.winner == self.leader for t in tricks[first:])

    def restrict(self, cards: frozenset[Card]) -> frozenset[Card]:
        """The cards of ``cards`` the restriction lets the leader lead; all of them when he cannot comply."""
        if self.required is not None:
            kept = frozenset(c for c in cards if c.suit is self.required)
        else:
            kept = frozenset(c for c in cards if c.suit not in self.banned)
        return kept or cards

    def to_dict(self) -> dict[str, Any]:
        out = {
            "offender": self.offender.letter,
            "leader": self.leader.letter,
            "chooser": self.chooser.letter,
            "may_forbid": [s.letter for s in self.suits],
            "law": self.law,
            "opening_lead": self.opening_lead,
            "decided": self.decided,
            "forbidden": "".join(s.letter for s in self.banned) or None,
        }
        if self.required is not None:
            out["required"] = self.required.letter
        return out


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A card exposed during the auction whose owner became a defender (L24E), classified per L50B."""

    seat: Seat
    card: Card
    major: bool
    law: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "card": str(self.card),
            "kind": "major" if self.major else "minor",
            "law": self.law,
        }
