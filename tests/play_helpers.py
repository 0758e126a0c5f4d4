"""Shared situations for the play-period table tests (issue #11): 1NT by S on one deal, an event log builder, and
the replay check (JSONL round trip: same log, turn, tricks, irregularities, legal cards and record), and a robot
that claims everything and disputes every claim."""

from __future__ import annotations

from typing import Any

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.table import Table, TableView

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# 1NT by S; W leads. N: S AK54 H AQ32 D AK7 C AK; E: S T98 H KJT98 D QJ8 C QJ; S: S 76 H 7654 D T9 C T9876;
# W: S QJ32 D 65432 C 5432.
DEAL = Deal("N:AK54.AQ32.AK7.AK T98.KJT98.QJ8.QJ 76.7654.T9.T9876 QJ32..65432.5432")
Event = dict[str, Any]


def log(*cards: str, more: tuple[Event, ...] = ()) -> list[Event]:
    """The board with 1NT by S, then ``cards`` (``"SQ"`` in turn, ``"E:HK"`` from a named seat), then ``more``."""
    calls = [{"event": "call", "call": c} for c in ["P", "P", "1NT", "P", "P", "P"]]
    plays: list[Event] = []
    for text in cards:
        seat, _, card = text.rpartition(":")
        plays.append({"event": "play", "card": card, **({"seat": seat} if seat else {})})
    return [Table(Board(1, DEAL), irregular=True).to_events()[0], *calls, *plays, *more]


def choose(option: str, seat: str = "S") -> Event:
    return {"event": "choose", "seat": seat, "option": option}


def table_of(*cards: str, more: tuple[Event, ...] = ()) -> Table:
    table = Table.from_events(log(*cards, more=more))
    replayed(table)
    return table


def replayed(table: Table) -> Table:
    """``table`` read back from its own JSONL log: the same events, phase, result, claim, declarer, turn, tricks,
    hands, irregularities, legal cards and record (the log is the truth, DESIGN §3.2)."""
    again = Table.from_jsonl(table.to_jsonl())
    assert again.to_events() == table.to_events()
    assert (again.phase, again.result, again.claim_state, again.declarer) == (
        table.phase,
        table.result,
        table.claim_state,
        table.declarer,
    )
    assert (again.turn, again.tricks, again.irregularities, again.legal_cards()) == (
        table.turn,
        table.tricks,
        table.irregularities,
        table.legal_cards(),
    )
    assert all(again.hand(s) == table.hand(s) for s in Seat)
    assert again.record is not None and table.record is not None
    assert again.record.to_dict() == table.record.to_dict()
    return again


def pending(table: Table) -> Any:
    assert table.record is not None and table.record.pending is not None
    return table.record.pending


W_WINS_T1 = ("SQ", "S4", "S8", "S6")  # W leads ♠Q and holds the trick
N_WINS_T1 = ("S2", "SA", "S8", "S6")  # dummy wins trick 1
E_WINS_T1 = ("S2", "S4", "S8", "S6")  # E wins trick 1
S_ON_LEAD = (*N_WINS_T1, "D7", "D8", "DT", "D2")  # dummy wins trick 1, S trick 2 with ♦T


class Stubborn:
    """A robot that bids 1NT as North (else passes), plays its lowest legal card, claims every remaining trick
    as declarer on lead, and disputes every claim it is asked about."""

    def call(self, view: TableView) -> Call:
        bid = Call.parse("1NT")
        return bid if view.seat == Seat.NORTH and bid in view.legal_calls else Call.parse("P")

    def play(self, view: TableView) -> Card:
        return min(view.legal_cards)

    def claim(self, view: TableView) -> tuple[int, str] | None:
        return 13 - len(view.tricks), "all of them"

    def accepts_claim(self, view: TableView) -> bool:
        return False
