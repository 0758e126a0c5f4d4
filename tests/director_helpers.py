"""Event-log builders for the director's tests (DESIGN.md §5 event shapes)."""

from __future__ import annotations

from typing import Any

from contractbridge.cards import Seat
from contractbridge.director import DirectedAuction
from contractbridge.systems.agreements import PartnershipAgreements

Event = dict[str, Any]


def auction(dealer: str, text: str) -> list[Event]:
    """Calls in rotation from ``dealer``: ``auction("N", "1S P 2S")``."""
    seat = Seat.parse(dealer)
    events: list[Event] = []
    for tok in text.split():
        events.append(call(seat.letter, tok))
        seat = seat.next
    return events


def call(seat: str, c: str) -> Event:
    return {"event": "call", "seat": seat, "call": c}


def change(seat: str, c: str) -> Event:
    return {"event": "change", "seat": seat, "call": c}


def choose(seat: str | None, option: str) -> Event:
    return {"event": "choose", "seat": seat or "director", "option": option}


def judge(question: str, answer: bool) -> Event:
    return {"event": "judge", "question": question, "answer": answer}


def expose(seat: str, *cards: str, led: bool = False) -> Event:
    return {"event": "expose", "seat": seat, "cards": list(cards), "led": led}


def replay(
    *parts: Event | list[Event], dealer: str = "N", system: PartnershipAgreements | None = None
) -> DirectedAuction:
    events: list[Event] = []
    for p in parts:
        events.extend(p if isinstance(p, list) else [p])
    return DirectedAuction.from_events(events, Seat.parse(dealer), "WBF17", system)


def options(da: DirectedAuction) -> list[str]:
    assert da.pending is not None
    return [o.id for o in da.pending.options]


def laws(da: DirectedAuction) -> dict[str, str]:
    assert da.pending is not None
    return {o.id: o.law for o in da.pending.options}


def obligations(da: DirectedAuction) -> dict[str, str]:
    return {s.letter: o.duration.value for s, o in da.obligations.items()}


def standing(da: DirectedAuction) -> str:
    return " ".join(str(c) for c in da.standing_calls())
