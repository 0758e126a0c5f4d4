"""Reading the fields of the WBF17 edition's own events (``Extension`` data): a seat, a card, a number; each refusal a
``RulingError`` that names the event and the field, so that a bad event changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contractbridge.cards import Card, Seat
from contractbridge.errors import RulingError

__all__ = ["card_in", "number", "seat_in"]


def seat_in(data: Mapping[str, Any], what: str) -> Seat:
    """The ``seat`` of the event ``what``."""
    try:
        return Seat.parse(str(data.get("seat")))
    except ValueError:
        raise RulingError(f"{what}: 'seat' names a player (N, E, S or W), not {data.get('seat')!r}") from None


def card_in(data: Mapping[str, Any], what: str, key: str = "card") -> Card:
    """The card ``key`` of the event ``what``."""
    try:
        return Card.parse(str(data.get(key)))
    except ValueError:
        raise RulingError(f"{what}: {key!r} names a card (e.g. C8), not {data.get(key)!r}") from None


def number(value: object, what: str, meaning: str, low: int, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (no limit if None); ``meaning`` says what it is."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise RulingError(f"{what}: {meaning}, {span}, not {value!r}")
    return value
