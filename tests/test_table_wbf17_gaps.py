"""Issue #25: the last WBF 2017 play-period gaps of docs/director-play.md and docs/disclosure.md at a
``Table(irregular=True)``, through the event log and ``contractbridge rule --json`` (``shared/spec/laws-wbf2017.md``):
L43B3 for a defender's irregularity other than a revoke (a lead out of turn, a premature play, an exposed card);
L53C (the "wrong" defender plays to declarer's lead out of turn); L60A1 after a premature play; L40B4 (a call
under an agreement the event's regulations do not allow)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat, Side
from contractbridge.cli import app
from contractbridge.deal import Board, Deal
from contractbridge.errors import IrregularityPendingError, ParseError, RulingError, RulingPendingError
from contractbridge.laws.wbf17 import board_review
from contractbridge.systems.agreements import AlertPolicy, PartnershipAgreements
from contractbridge.table import Table
from play_helpers import N_WINS_T1, S_ON_LEAD, W_WINS_T1, choose, pending, replayed, table_of
from test_table_exposures import expose

Event = dict[str, Any]
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
DUMMY_FIRST: Event = {"event": "attention", "seat": "N", "broke_43a2": True}  # N had looked at a defender's card


def rule_json(table: Table, tmp_path: Path) -> dict[str, Any]:
    """``contractbridge rule LOG --json`` on ``table``'s log."""
    path = tmp_path / "board.jsonl"
    path.write_text(table.to_jsonl(), encoding="utf-8")
    out = CliRunner().invoke(app, ["rule", str(path), "--json"])
    assert out.exit_code == 0, out.output
    state: dict[str, Any] = json.loads(out.output)
    return state


# ---- L43B3: dummy who broke L43A2 is first to draw attention to a defender's irregularity -----------------------
def test_l43b3_a_defenders_lead_out_of_turn_stands_as_in_turn_no_l56_choice(tmp_path: Path) -> None:
    """W holds trick 1; E leads ♥K out of turn (L56 pending) and dummy N, who had broken L43A2, is the first to draw
    attention to it: no immediate rectification (declarer loses his L56 choice), play continues as if the lead had
    been in turn, and after play only EW's score may be adjusted (L43B3)."""
    table = table_of(*W_WINS_T1, "E:HK", more=(DUMMY_FIRST,))
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender) == ("dummy_attention", "43B3", E)
    assert ruling.review == ("43B3",)
    assert [o.id for o in ruling.options] == ["no_rectification"]  # not L56's accept / penalty card
    table.apply(choose("no_rectification", "director"))
    assert table.record is not None and table.record.penalty_cards == []
    assert table.play_state is not None and table.play_state.current_trick == [(E, Card("HK"))] and table.turn == S
    assert "REVIEW(43B3)" in table.record.review_flags
    replayed(table)
    assert rule_json(table, tmp_path)["review"] == ["REVIEW(43B3)"]
    # dummy without the breach may not draw attention (L43A1(b)): the pending L56 ruling stays
    plain = table_of(*W_WINS_T1, "E:HK")
    with pytest.raises(RulingPendingError):
        plain.apply({"event": "attention", "seat": "N"})
    assert pending(plain).law == "56"


def test_l43b3_is_a_play_period_law_an_opening_lead_out_of_turn_keeps_its_l54_ruling() -> None:
    """E faces the opening lead out of turn: there is no dummy yet (L41), so the L54 ruling stays (declarer's)."""
    table = table_of("E:HK")
    with pytest.raises(RulingPendingError):
        table.apply({**DUMMY_FIRST})
    assert pending(table).law == "54"


def test_l43b3_a_defenders_premature_play_goes_back_no_penalty_card_no_l57a_restriction() -> None:
    """S leads ♣6 at trick 3 and E plays ♣Q before his partner W (L57A pending: a major PC and declarer's choice for
    W). Dummy who broke L43A2 draws attention first: ♣Q goes back to E's hand, no PC, W plays any legal card (L43B3)."""
    table = table_of(*S_ON_LEAD, "C6", "E:CQ", more=(DUMMY_FIRST,))
    assert pending(table).law == "43B3" and pending(table).offender == E
    table.apply(choose("no_rectification", "director"))
    assert table.record is not None and table.record.penalty_cards == [] and table.turn == W
    assert Card("CQ") in table.hand(E) and table.legal_cards() == set(table.hand(W).cards_in(Card("C2").suit))
    assert "REVIEW(43B3)" in table.record.review_flags
    replayed(table)


def test_l43b3_a_defenders_exposed_card_is_no_penalty_card() -> None:
    """E drops ♥8 after W led to trick 2 (L49, L50 pending); dummy who broke L43A2 pointed at it first: no penalty
    card (L43B3). The same attention to declarer's own irregularity is not 43B3 (only a defender's)."""
    table = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"), DUMMY_FIRST))
    assert pending(table).law == "43B3"
    table.apply(choose("no_rectification", "director"))
    assert table.record is not None and table.record.penalty_cards == [] and Card("H8") in table.hand(E)
    assert table.turn == N
    replayed(table)


# ---- L53C: the "wrong" defender plays to declarer's lead out of turn -------------------------------------------
def test_l53c_the_wrong_defender_plays_to_declarers_lead_out_of_turn_the_lead_stands_l57a_applies() -> None:
    """Dummy N won trick 1; declarer leads ♣6 from his own hand (L55 pending). E, the RHO of the hand that led, plays
    ♣Q before W: the lead stands (L53C), and ♣Q is a premature play before his partner (L57A: a major PC, declarer
    chooses W's card; here the lowest club)."""
    table = table_of(*N_WINS_T1, "S:C6", more=({"event": "play", "seat": "E", "card": "CQ"},))
    assert table.record is not None and table.record.rulings[-1]["law"] == "53C"
    assert table.record.rulings[-1]["option"] == "lead_stands"
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("premature_play", "57A", E, S)
    assert table.play_state is not None and table.play_state.current_trick == [(S, Card("C6"))]
    table.apply(choose("lowest"))
    assert [(pc.seat, pc.card, pc.major) for pc in table.record.penalty_cards] == [(E, Card("CQ"), True)]
    assert table.turn == W and table.legal_cards() == {Card("C2")}
    replayed(table)
    table.undo()
    table.undo()  # the card that made the lead stand goes with it: L55 is pending again
    assert pending(table).law == "55" and all(r["law"] != "53C" for r in table.record.rulings)


# ---- L60A1, L60A2 after a premature play -------------------------------------------------------------------------
def play(seat: str, card: str) -> Event:
    return {"event": "play", "seat": seat, "card": card}


def test_l60a1_declarer_plays_after_a_defenders_premature_play_and_forfeits_its_rectification() -> None:
    """W leads ♠J to trick 2; at dummy's turn E plays ♠9 (L57D pending). Declarer (S, E's LHO) plays ♠7 before the
    ruling: the rectification is forfeited and ♠9 is treated as played in turn (L60A1, L60A2): no penalty card,
    no ruling on S's card; dummy plays, then E's ♠9 and S's ♠7 count as played at their turns."""
    table = table_of(*W_WINS_T1, "SJ", "E:S9")
    assert pending(table).law == "57D"
    table.apply(play("S", "S7"))
    assert table.record is not None and table.record.pending is None and table.record.penalty_cards == []
    assert table.record.rulings[-2] == {
        "irregularity": "premature_play",
        "law": "60A1, 60A2",
        "option": "accepted_by_play",
        "offender": "E",
        "trick": 2,
    }
    assert table.record.rulings[-1]["law"] == "57C3"  # S's card counts as played, settled at once
    assert table.turn == N
    table.apply(play("N", "S5"))
    assert table.turn == E and table.legal_cards() == {Card("S9")}
    table.apply(play("E", "S9"))
    assert table.turn == S and table.legal_cards() == {Card("S7")}
    table.apply(play("S", "S7"))
    assert table.tricks[-1].cards == (Card("SJ"), Card("S5"), Card("S9"), Card("S7"))
    replayed(table)
    table.undo()
    table.undo()
    table.undo()
    table.undo()  # declarer's card that forfeited: the L57D ruling is pending again
    assert pending(table).law == "57D" and Card("S7") in table.hand(S)


def test_l60a1_only_the_next_hand_forfeits_other_cards_wait_l9b2() -> None:
    """A card from a hand other than the offender's LHO (here dummy, whose turn it was) forfeits nothing: it waits for
    the ruling (L9B2)."""
    table = table_of(*W_WINS_T1, "SJ", "E:S9")
    before = table.to_events()
    with pytest.raises(IrregularityPendingError):
        table.apply(play("N", "S5"))  # dummy, whose turn it was
    assert table.to_events() == before and pending(table).law == "57D"


# ---- L40B4: a special partnership understanding the event does not allow ------------------------------------------
def multi_table(policy: AlertPolicy, *more: Event) -> Table:
    """EW play the Multi 2D (an SPU, L40B1(a)); the event's regulation may list it as not allowed (L40B2(a))."""
    cards = PartnershipAgreements().with_call(
        Side.EW, "P 2D", "Multi: a weak two in a major", artificial=True, agreement="Multi 2D"
    )
    t = Table(Board(1, MULTI_DEAL), irregular=True, agreements=cards.with_policy(policy))
    for event in [*(call_events("P 2D P P P")), *more]:
        t.apply(event)
    return t


def call_events(text: str) -> list[Event]:
    seat, out = N, []
    for token in text.split():
        out.append({"event": "call", "seat": seat.letter, "call": token})
        seat = seat.next
    return out


MULTI_DEAL = Deal("N:A.Q8542.J82.KQ85 JT76.97.KT76.743 Q542.J3.A953.AJ9 K983.AKT6.Q4.T62")
NOT_ALLOWED = AlertPolicy(disallowed=frozenset({"Multi 2D"}))
#: 2D by E passed out: S leads, E claims 8 tricks, N and S agree
TO_THE_END: list[Event] = [
    {"event": "play", "seat": "S", "card": "HJ"},
    {"event": "claim", "seat": "E", "tricks": 8},
    {"event": "agree", "seat": "N"},
    {"event": "agree", "seat": "S"},
]


def test_l40b4_a_call_under_an_agreement_the_event_does_not_allow_raises_review_40b4(tmp_path: Path) -> None:
    """E opens a Multi 2D the event's regulation does not allow: REVIEW(40B4) and a note; after play the director
    states whether NS were damaged (his judgement, an explicit input) and the L12C1 adjustment follows."""
    t = multi_table(NOT_ALLOWED, *TO_THE_END)
    assert t.record is not None and t.record.review_flags == ["REVIEW(40B4)"]
    assert any("Multi 2D" in n and "L40B4" in n for n in t.record.notes)
    assert board_review.open_flags(t) == ["40B4"]
    state = rule_json(t, tmp_path)
    assert state["review"] == ["REVIEW(40B4)"]
    adjusted = {"event": "review", "law": "40B4", "answer": "adjusted", "ns": 7, "ew": 7}
    with pytest.raises(RulingError, match="'damaged'"):
        t.apply(adjusted)
    with pytest.raises(RulingError, match="not damaged"):
        t.apply({**adjusted, "damaged": False})
    t.apply({**adjusted, "damaged": True})
    final = board_review.final_score(t)
    assert final is not None and (final.ns, final.ew) == (50, -50)  # 2D by E one down, not made: NS -90
    assert [s.law for s in final.steps] == ["77", "40B4, 12C1(b)"]
    again = Table.from_jsonl(t.to_jsonl())
    assert again.record is not None and again.record.to_dict() == t.record.to_dict()
    assert board_review.final_score(again) == final


def test_l40b4_an_allowed_agreement_or_a_natural_call_raises_nothing_and_the_policy_reads_back() -> None:
    allowed = multi_table(AlertPolicy(), *TO_THE_END)
    assert allowed.record is not None and allowed.record.review_flags == [] and allowed.record.notes == []
    assert AlertPolicy.from_dict(NOT_ALLOWED.to_dict()) == NOT_ALLOWED
    assert AlertPolicy().to_dict() == {"artificial": True, "above": None, "self_alert": False}
    with pytest.raises(ParseError, match="disallowed"):
        AlertPolicy.from_dict({"disallowed": "Multi 2D"})
