"""Irregularities a table records, in one vocabulary: a kind is the id of the ruling that rectifies it (the
director's ``Ruling.irregularity``), so the table, the record and the rulings name things alike."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat

__all__ = ["Irregularity", "IrregularityKind", "kind_of"]


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
