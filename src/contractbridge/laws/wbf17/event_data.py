"""Reading the fields of the WBF17 edition's own events (``Extension`` data): a seat, a card; each refusal a
``RulingError`` that names the event and the field, so that a bad event changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contractbridge.cards import Card, Seat
from contractbridge.errors import RulingError

__all__ = ["card_in", "seat_in"]


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
