"""The plain values of a board at a table that every layer names: the period it is in (``Phase``), the
irregularities a table records (``IrregularityKind``, ``Irregularity``), a claim (``Claim``) and the result
(``Result``).

This module sits at the bottom of the package with ``cards``, ``calls``, ``contract`` and ``deal``: it imports
nothing above them, so the laws (``contractbridge.laws``), the director and the table all name these values
without importing one another (docs/architecture.md §2). ``contractbridge.table`` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Side
from contractbridge.contract import Contract

__all__ = ["Claim", "Irregularity", "IrregularityKind", "Phase", "Result", "kind_of"]


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


class IrregularityKind(StrEnum):
    """The irregularities the WBF17 rulings and the play know; an edition may name others (plain strings)."""

    INSUFFICIENT_BID = "insufficient_bid"  # L27
    REPLACEMENT_CALL = "replacement_call"  # L23A judgement after L30–L32
    OUT_OF_ROTATION = "call_out_of_rotation"  # L28–L32
    INADMISSIBLE_DOUBLE = "inadmissible_double"  # L36
    INADMISSIBLE_REDOUBLE = "inadmissible_redouble"  # L36
    BID_ABOVE_SEVEN = "bid_above_seven"  # L38
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"  # L39
    CARD_DURING_AUCTION = "card_exposed"  # L24
    CHANGE_OF_CALL = "change_of_call"  # L25
    PASS_OBLIGATION = "pass_obligation_violated"  # L37
    LEAD_RESTRICTION = "lead_restriction"  # L26B: declarer's choice
    INCORRECT_COUNT = "incorrect_count"  # L13
    SURPLUS_CARD = "surplus_card"  # L13C
    MISSING_CARD = "missing_card"  # L14
    WRONG_HAND = "wrong_hand"  # L15A
    WRONG_BOARD = "wrong_board"  # L15B
    LEAD_OUT_OF_TURN = "lead_out_of_turn"  # L53–L56 (the opening lead: L54)
    PLAY_OUT_OF_TURN = "play_out_of_turn"  # premature play, L57
    REVOKE = "revoke"  # L61–L64
    RESTRICTED_CARD = "restricted_card"  # a card the rectifications in force do not allow (L26B, L50)


def kind_of(name: str) -> str:
    """``name`` as an ``IrregularityKind`` when it is one, else the edition's own id."""
    try:
        return IrregularityKind(name)
    except ValueError:
        return name


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity recorded at an irregular table: what (``kind``), by whom (``seat``; None for the board
    itself, L13–L15), the call or card (``action``, if any), the turn it broke, and ``event``, the 0-based index
    of its event in ``to_events()`` (the board event is 0, so it is also the line number minus one).
    ``trick`` is the 1-based trick number for an irregularity in the play."""

    kind: str
    seat: Seat | None
    action: Call | Card | None
    event: int
    turn: Seat | None
    message: str
    trick: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": str(self.kind),
            "seat": None if self.seat is None else self.seat.letter,
        }
        if self.action is not None:
            out["call" if isinstance(self.action, Call) else "card"] = str(self.action)
        out.update(
            {"event": self.event, "turn": None if self.turn is None else self.turn.letter, "message": self.message}
        )
        if self.trick is not None:
            out["trick"] = self.trick
        return out
