"""Plain values for the play-period law of the historic codes: a ruling as data, a verdict, a revoke.

The play functions of each edition (``NBB30Play`` and its overrides) take hands, seats, tricks and the
irregular action, and return these; nothing here changes a table (the table's play hooks are separate).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from contractbridge.cards import Card, Seat, Suit
from contractbridge.errors import RulingError

__all__ = ["DIRECTIVES", "ClaimMoment", "PlayDirective", "Revoke", "Role", "Verdict"]

#: the kinds of ``PlayDirective`` (what the seat must play to the trick)
DIRECTIVES: Final = ("card", "not_card", "highest", "lowest", "win", "not_win", "suit")


class Role(Enum):
    """A hand's part in the play."""

    DECLARER = "declarer"
    DUMMY = "dummy"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A yes/no answer of the law (a concession valid, a finesse allowed, a penalty still due) and why."""

    allowed: bool
    law: str
    reason: str

    def __bool__(self) -> bool:
        return self.allowed


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke that was claimed: the trick it was made in (1–13), the revoking hand's role,
    whether it was made in leading (a penalty lead not made), whether that hand was lawfully face up
    (dummy, a claim), and whether it involved a card missing from the hand (NBB R49(b), NL36 33.3)."""

    trick: int
    role: Role = Role.DEFENDER
    in_leading: bool = False
    lawfully_exposed: bool = False
    missing_card: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.trick, bool) or not isinstance(self.trick, int) or not 1 <= self.trick <= 13:
            raise RulingError(f"a revoke is made in trick 1 to 13, not {self.trick!r}")


class ClaimMoment(Enum):
    """When a revoke penalty is claimed (NBB R55(9), EST-L39, NL36 27.4(2))."""

    BEFORE_CUT = "before the cut for the next deal"
    DURING_CUT = "while the cut for the next deal is being made"
    AFTER_CUT = "after the cut for the next deal"
    RUBBER_OPEN = "after the last deal of the rubber, before its score is agreed"
    RUBBER_SETTLED = "after the rubber score was agreed"


@dataclass(frozen=True, slots=True)
class PlayDirective:
    """What ``seat`` must play to trick ``trick`` (1-based) under ``law``: ``card`` (a card played too early, or
    dummy's suggestion) or any card but ``not_card``, his ``highest`` or ``lowest`` of the suit led, a card
    that ``win``s the trick so far or one that does ``not_win`` it, or a card of ``suit`` when void."""

    seat: Seat
    trick: int
    kind: str
    law: str
    card: Card | None = None
    suit: Suit | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.letter, "trick": self.trick, "kind": self.kind, "law": self.law}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.suit is not None:
            out["suit"] = self.suit.letter
        return out
