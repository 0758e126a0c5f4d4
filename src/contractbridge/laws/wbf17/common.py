"""Helpers the WBF17 modules share: how an obligation and a seat are written in rulings, the names of the edition's
``follow_up`` steps, and the refusal of an action while a ruling is pending (L9B2)."""

from __future__ import annotations

from contractbridge.cards import Seat
from contractbridge.director import Duration, seat_name
from contractbridge.errors import RulingPendingError
from contractbridge.laws.base import PlayTable, ruling_pending

__all__ = ["AWAITED", "L25A6", "must_pass", "require_no_ruling", "sn"]

#: the ``FOLLOW_UP`` step after a call stands: the rectifications waiting for it (L30B1(b), L31A, L32A, L23A)
AWAITED = "awaited"
#: the ``FOLLOW_UP`` step after an intended call took the place of an unintended one: LHO's later call (L25A6)
L25A6 = "25A6"


def must_pass(seat: Seat, duration: Duration) -> str:
    """An obligation to pass as a ruling option lists it: ``W: pass_rest``."""
    return f"{seat.letter}: {duration.value}"


def sn(seat: Seat) -> str:
    return seat_name(seat)


def require_no_ruling(table: PlayTable, what: str) -> None:
    """``RulingPendingError`` for ``what`` while a ruling is pending: no action before the rectification (L9B2)."""
    if ruling_pending(table):
        raise RulingPendingError(f"{what}: a ruling is pending (L9B2)")
