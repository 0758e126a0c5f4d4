"""WBF17 L41A with L26B at a director's table: a lead restriction reached while the opening lead lies face down.

The leader's partner calls after the final pass (L39A, L39C) or changes his final pass (L25B2) after the leader led
face down; declarer then restricts the leader's lead (L26B). The director has the face-down lead withdrawn into the
leader's hand (L41A: "withdrawn only after an irregularity and on the TD's instruction; a withdrawn card goes back into
the defender's hand"): no penalty card, nobody saw it, and it is named to nobody; the leader leads again, face down,
under the restriction, and the clarification period starts anew (L41B). Before this the card that broke the
restriction stopped the table with no ruling (``restricted_card``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contractbridge.cards import Card, Seat, Suit
from contractbridge.errors import IllegalPlayError
from contractbridge.laws.wbf17.play.procedure import FaceDownLead
from contractbridge.server import frames
from contractbridge.table import Table
from test_disclosure import ev, table
from test_face_down_lead import CLARIFICATION, DOWN, SJ, state

CANCEL = {"event": "choose", "seat": "director", "option": "cancel"}
#: West doubles North's 2H after the final pass, East's SJ lying face down; the director cancels it (L39A, L39C)
CALLED = [*DOWN, ev("call", "W", call="X"), CANCEL]
#: West changes his final pass to 2S after East led face down; a considered change (L25B), North rejects it (L25B2)
CHANGED = [
    *DOWN,
    {"event": "change", "seat": "W", "call": "2S"},
    {"event": "judge", "question": "unintended", "answer": False},
    {"event": "choose", "seat": "N", "option": "reject"},
]
H9 = Card.parse("H9")


def forbid(suit: str) -> dict[str, Any]:
    return {"event": "choose", "seat": "N", "option": f"forbid_{suit}"}


def shown_to(t: Table, seat: Seat) -> str:
    return json.dumps(frames.seat_frame(t, seat, {}, [None] * len(t.to_events())))


@pytest.mark.parametrize(("before", "law"), [(CALLED, "26B (39C)"), (CHANGED, "26B (25B2)")])
@pytest.mark.parametrize("suit", ["S", "C"])  # the face-down card's suit, or another: the same, lest it tell the suit
def test_a_restriction_on_the_face_down_leader_has_his_lead_withdrawn_and_led_again_l41a_l26b(
    before: list[dict[str, Any]], law: str, suit: str
) -> None:
    t = table(*before)
    ruling = t.record.pending  # type: ignore[union-attr]
    assert ruling is not None and ruling.law == "26B" and ruling.chooser is Seat.NORTH
    assert t.face_down_lead is not None and t.face_down_lead.card == SJ  # it lies face down while declarer chooses
    t.apply(forbid(suit))
    assert t.face_down_lead is None and t.pending_irregularity is None and t.turn is Seat.EAST
    assert SJ in t.hand(Seat.EAST) and t.record.penalty_cards == []  # type: ignore[union-attr]  # back, no PC
    banned = Suit.parse(suit)
    assert t.legal_cards() == frozenset(c for c in t.hand(Seat.EAST) if c.suit is not banned)
    withdrawn = t.record.rulings[-1]  # type: ignore[union-attr]
    assert withdrawn == {"irregularity": "face_down_lead_withdrawal", "law": f"41A, {law}", "option": "withdraw",
                         "offender": "E"}  # fmt: skip
    note = t.record.notes[-1]  # type: ignore[union-attr]
    assert note.startswith(f"L41A, {law}: East's face-down opening lead") and "no penalty card" in note
    for seat in (Seat.NORTH, Seat.SOUTH, Seat.WEST):  # the card is East's alone (L41A)
        assert "SJ" not in shown_to(t, seat)
    if banned is Suit.SPADES:
        with pytest.raises(IllegalPlayError):
            t.apply(ev("face_down_lead", "E", card="SJ"))  # the restriction binds the new lead
    t.apply(ev("face_down_lead", "E", card="H9"))  # he leads again, face down; both may ask again (L41B)
    assert t.face_down_lead == FaceDownLead(Seat.EAST, H9, (Seat.NORTH, Seat.WEST))
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    t.play("H9", "E")  # faced (L41C): the table goes on
    assert t.pending_irregularity is None and t.turn is Seat.SOUTH and t.record.pending is None  # type: ignore[union-attr]
    assert state(Table.from_events(t.to_events())) == state(t)  # the log replays


def test_undo_of_declarers_choice_lays_the_lead_face_down_again() -> None:
    t = table(*CALLED)
    before = state(t)
    t.apply(forbid("S"))
    t.undo()
    assert state(t) == before and t.face_down_lead is not None and t.face_down_lead.card == SJ


def test_no_restriction_chosen_leaves_the_lead_face_down_l26b() -> None:
    t = table(*CALLED, {"event": "choose", "seat": "N", "option": "none"})
    assert t.face_down_lead is not None and t.face_down_lead.card == SJ
    assert all(r["irregularity"] != "face_down_lead_withdrawal" for r in t.record.rulings)  # type: ignore[union-attr]
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    t.play("SJ", "E")
    assert t.pending_irregularity is None and t.turn is Seat.SOUTH


def test_a_lead_made_face_down_after_the_restriction_stands_l26b() -> None:
    """West's call after the final pass comes before East's lead: declarer restricts it, East leads face down under
    it, and that lead is faced as made."""
    t = table(*CLARIFICATION, ev("call", "W", call="X"), CANCEL, forbid("C"), ev("face_down_lead", "E", card="SJ"))
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    assert t.face_down_lead is not None and t.face_down_lead.card == SJ and t.face_down_lead.ready
    t.play("SJ", "E")
    assert t.pending_irregularity is None and t.turn is Seat.SOUTH


def test_which_auction_rulings_restrict_the_face_down_leader_l39c_l25b2_only() -> None:
    """While the lead lies face down the auction period lasts (L17D1, L41): of the auction's rulings only a call of the
    leader's partner after the final pass (L39C) or his changed final pass (L25B2) give declarer L26B on that lead. The
    leader's own call after the final pass restricts his partner's later lead, not this one (L39C); a pass after the
    final pass is cancelled without rectification (L39B); a card the leader's partner exposes is no lead restriction
    before the lead is faced (L24: a penalty card once the auction period ends)."""
    for restricting in (CALLED, CHANGED):
        t = table(*restricting)
        assert t.record.pending is not None and t.record.pending.irregularity == "lead_restriction"  # type: ignore[union-attr]
    own = table(*DOWN, ev("call", "E", call="X"), CANCEL)
    assert own.record.pending is None and own.face_down_lead is not None  # type: ignore[union-attr]
    assert [(r.offender, r.leader) for r in own.record.lead_restrictions] == [(Seat.EAST, Seat.WEST)]  # type: ignore[union-attr]
    passed = table(*DOWN, ev("call", "W", call="P"))
    assert passed.record.pending is None and passed.face_down_lead is not None  # type: ignore[union-attr]
    exposed = table(*DOWN, {"event": "expose", "seat": "W", "cards": ["C2"]},
                    {"event": "judge", "question": "partner_could_see", "answer": True})  # fmt: skip
    assert exposed.record.lead_restrictions == [] and exposed.face_down_lead is not None  # type: ignore[union-attr]
