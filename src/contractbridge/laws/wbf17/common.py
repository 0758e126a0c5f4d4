"""Helpers the WBF17 auction modules share: how an obligation and a seat are written in rulings."""

from __future__ import annotations

from contractbridge.cards import Seat
from contractbridge.director import Duration, seat_name

__all__ = ["must_pass", "sn"]


def must_pass(seat: Seat, duration: Duration) -> str:
    """An obligation to pass as a ruling option lists it: ``W: pass_rest``."""
    return f"{seat.letter}: {duration.value}"


def sn(seat: Seat) -> str:
    return seat_name(seat)
