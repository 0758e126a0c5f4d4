"""Event-log builders for the director's tests (docs/architecture.md §5 event shapes)."""

from __future__ import annotations

from typing import Any

from contractbridge.cards import Card, Hand, Seat
from contractbridge.deal import Board, Deal
from contractbridge.director import DirectedAuction
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Table

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
    da = DirectedAuction.from_events(events, Seat.parse(dealer), "WBF17", system)
    at_table(events, dealer, system, da)
    return da


def deal_for(events: list[Event]) -> Deal:
    """A deal in which every card the events expose is in the hand of the seat that exposes it."""
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for e in events:
        if e.get("event") == "expose":
            hands[Seat.parse(e["seat"])].extend(
                Card.parse(c) for c in e["cards"] if Card.parse(c) not in hands[Seat.parse(e["seat"])]
            )
    rest = [c for c in (Card.from_index(i) for i in range(52)) if all(c not in h for h in hands.values())]
    for seat in Seat:
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop())
    return Deal.from_hands({s: Hand(hands[s]) for s in Seat})


def at_table(
    events: list[Event],
    dealer: str,
    system: PartnershipAgreements | None,
    da: DirectedAuction,
    edition: str = "WBF17",
) -> Table:
    """Issue #16 (and #12 for the historic editions): the same log through ``Table(irregular=True)`` under
    ``edition`` reaches the same record, contract, declarer and obligations as the director's record alone."""
    board = Board(1, deal_for(events), dealer=Seat.parse(dealer))
    first = Table(board, edition, irregular=True, agreements=system).to_events()[0]
    table = Table.from_events([first, *events])
    assert table.record is not None and type(table.record) is type(da)
    assert table.record.to_dict() == da.to_dict()
    assert (table.contract, table.declarer) == (da.contract, da.declarer)
    assert table.record.obligations == da.obligations
    assert (table.pending_irregularity is None) == (da.pending is None)
    if da.pending is None and not da.is_over:
        assert table.legal_calls() == da.legal_calls() and table.turn == da.turn
    return table


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
