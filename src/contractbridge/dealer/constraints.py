"""Constraints: yes/no tests on deals, evaluated over whole batches, combined with ``&``, ``|``, ``~``.

``And`` evaluates its right side only on the deals its left side accepts, and each constraint names the seats
it reads (``seats``), so that the generator deals those seats first and rejects early.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

import numpy as np

from contractbridge.cards import Card, Seat
from contractbridge.deal import Deal
from contractbridge.dealer.batch import DealBatch, Mask, Numbers, per_lead, settle

if TYPE_CHECKING:
    from contractbridge.dealer.expressions import Expr


class Constraint(ABC):
    """A yes/no test on a deal, evaluated over batches. Combine with ``&``, ``|``, ``~``."""

    @abstractmethod
    def mask(self, batch: DealBatch) -> Mask:
        """Which deals of ``batch`` satisfy the constraint."""

    def marks(self, batch: DealBatch) -> Mask:
        """Where the constraint holds, lead by lead where it compares a value per opening lead (dealer's
        ``leadtricks``, ``(n, k)``), else deal by deal (``mask``). ``mask`` holds where every lead's does."""
        return self.mask(batch)

    @property
    def seats(self) -> frozenset[Seat]:
        """The seats whose hands this reads; all four unless a subclass knows better (the generator deals those
        seats first and rejects early)."""
        return frozenset(Seat)

    def __call__(self, deal: Deal) -> bool:
        """Whether one deal satisfies the constraint."""
        return bool(self.mask(DealBatch.from_deals([deal]))[0])

    def __and__(self, other: Constraint) -> Constraint:
        return And(self, other)

    def __or__(self, other: Constraint) -> Constraint:
        return Or(self, other)

    def __invert__(self) -> Constraint:
        return Not(self)


@dataclass(frozen=True)
class TrueConstraint(Constraint):
    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset()

    def mask(self, batch: DealBatch) -> Mask:
        return np.ones(len(batch), dtype=np.bool_)

    def __repr__(self) -> str:
        return "true"


_CMP: Final[dict[str, Callable[[Numbers, Numbers], Mask]]] = {
    ">=": np.greater_equal,
    ">": np.greater,
    "<=": np.less_equal,
    "<": np.less,
    "==": np.equal,
    "!=": np.not_equal,
}


@dataclass(frozen=True, eq=False)
class Compare(Constraint):
    left: Expr
    op: str
    right: Expr

    @property
    def seats(self) -> frozenset[Seat]:
        return self.left.seats | self.right.seats

    def mask(self, batch: DealBatch) -> Mask:
        return settle(self.marks(batch))

    def marks(self, batch: DealBatch) -> Mask:
        return _CMP[self.op](*per_lead(self.left.values(batch), self.right.values(batch)))

    def __repr__(self) -> str:
        return f"{self.left!r} {self.op} {self.right!r}"


@dataclass(frozen=True)
class _Connective(Constraint):
    """``left``, then ``right`` on the deals ``left`` leaves undecided (cheap tests first pay off)."""

    left: Constraint
    right: Constraint
    settles: ClassVar[bool]
    """The left side's answer that decides a deal without the right side."""
    word: ClassVar[str]

    @property
    def seats(self) -> frozenset[Seat]:
        return self.left.seats | self.right.seats

    def mask(self, batch: DealBatch) -> Mask:
        m = self.left.mask(batch)
        idx = np.flatnonzero(m != self.settles)
        if idx.size:
            m[idx] = self.right.mask(batch.take(idx))
        return m

    def __repr__(self) -> str:
        return f"({self.left!r} {self.word} {self.right!r})"


@dataclass(frozen=True, repr=False)
class And(_Connective):
    """Both; the right side is evaluated only on deals the left side accepts."""

    settles: ClassVar[bool] = False
    word: ClassVar[str] = "and"


@dataclass(frozen=True, repr=False)
class Or(_Connective):
    """Either; the right side is evaluated only on deals the left side rejects."""

    settles: ClassVar[bool] = True
    word: ClassVar[str] = "or"


@dataclass(frozen=True)
class Not(Constraint):
    inner: Constraint

    @property
    def seats(self) -> frozenset[Seat]:
        return self.inner.seats

    def mask(self, batch: DealBatch) -> Mask:
        return settle(self.marks(batch))

    def marks(self, batch: DealBatch) -> Mask:
        """dealer's ``!``, lead by lead."""
        return ~self.inner.marks(batch)

    def __repr__(self) -> str:
        return f"not {self.inner!r}"


class OneSeat:
    """A term that reads one seat's hand, its ``seat``."""

    seat: Seat

    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset((self.seat,))


@dataclass(frozen=True, eq=False)
class HasCard(OneSeat, Constraint):
    seat: Seat
    card: Card

    def mask(self, batch: DealBatch) -> Mask:
        bits = batch.holdings[:, self.seat, self.card.suit]
        out: Mask = ((bits >> (int(self.card.rank) - 2)) & 1).astype(np.bool_)
        return out

    def __repr__(self) -> str:
        return f"hascard({self.seat.letter}, {self.card})"


def has_card(seat: Seat, card: Card | str) -> Constraint:
    """``seat`` holds ``card`` (dealer's ``hascard(north, AS)``)."""
    return HasCard(Seat(seat), card if isinstance(card, Card) else Card.parse(card))
