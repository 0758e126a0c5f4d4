"""Issue #25, the proprieties and disclosure (WBF 2017 L16B, L20F, L21B, L40, L73C, L75) at a ``Table``: each pair's
system card and the event's alert policy, alerts, questions and answers with who may see them, breaks in tempo as
REVIEW(16B), a misexplanation or failure to alert as a ruling whose judgement is the director's, the L21B1(a)
change of call, and the L12C1 adjusted score after play (``laws.wbf17.disclosure``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.calls import Call
from contractbridge.cards import Seat, Side
from contractbridge.cli import app
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError, EventLogError, IllegalCallError, ParseError, RulingError
from contractbridge.laws.wbf17 import board_review
from contractbridge.systems.agreements import AlertPolicy, PartnershipAgreements
from contractbridge.table import Phase, Table

Event = dict[str, Any]

DEAL = Deal("N:A.Q8542.J82.KQ85 JT76.97.KT76.743 Q542.J3.A953.AJ9 K983.AKT6.Q4.T62")
#: NS play Stayman; EW a natural system with an artificial 2C response to partner's 1NT they forgot to write down
CARDS = (
    PartnershipAgreements()
    .with_call(Side.NS, "1NT P 2C", "Stayman: asks for a four-card major", artificial=True)
    .with_call(Side.NS, "1NT P 2C P 2H", "four hearts, no four spades", suits="H")
)


def ev(event: str, seat: str, **more: Any) -> Event:
    return {"event": event, "seat": seat, **more}


def table(*events: Event, agreements: PartnershipAgreements | None = CARDS, irregular: bool = True) -> Table:
    t = Table(Board(1, DEAL), irregular=irregular, agreements=agreements)
    for event in events:
        t.apply(event)
    return t


def calls(text: str, first: str = "N") -> list[Event]:
    seat, out = Seat.parse(first), []
    for token in text.split():
        out.append(ev("call", seat.letter, call=token))
        seat = seat.next
    return out


STAYMAN = calls("1NT P 2C")  # S's 2C is call 3, W to call
#: 2H by North after Stayman, East's opening lead, North claims eight tricks and both defenders agree
TO_THE_END = [*calls("P 2H P P P", "W"), ev("play", "E", card="SJ"), ev("claim", "N", tricks=8)]
AGREED = [ev("agree", "E"), ev("agree", "W")]


def seen(t: Table, seat: Seat | None, key: str) -> list[dict[str, Any]]:
    shown = t.rules.disclosure(t, seat)
    assert shown is not None
    return list(shown[key])


# ---- the system card and the alert policy (L40A1(b), L40B1(c), L40B2(a)(iii)) -----------------------------------
def test_each_pair_has_its_own_card_edited_as_a_value_and_serialised_in_the_board_event_l40a1b() -> None:
    before = [Call.parse("1NT"), Call.parse("P")]
    stayman = CARDS.meaning(before, Call.parse("2C"), Seat.SOUTH)
    assert stayman.artificial and stayman.text.startswith("Stayman")
    assert not CARDS.meaning(before, Call.parse("2C"), Seat.WEST).artificial  # EW's card does not describe it
    edited = CARDS.with_call(Side.EW, "1NT P 2C", "Stayman too", artificial=True)
    assert edited.meaning(before, Call.parse("2C"), Seat.EAST).artificial
    assert not CARDS.card(Side.EW)  # the original is unchanged
    assert edited.without_call(Side.EW, "1NT P 2C").to_dict() == CARDS.to_dict()
    with pytest.raises(ParseError, match="does not describe"):
        CARDS.without_call(Side.EW, "1NT P 2C")
    first = table().to_events()[0]
    assert first["system"]["NS"]["1NT P 2C"] == {"artificial": True, "suits": [], "text": CARDS.card(Side.NS)[
        "1NT P 2C"][0].text}  # fmt: skip
    again = PartnershipAgreements.from_dict(json.loads(json.dumps(first["system"])))
    assert again.to_dict() == CARDS.to_dict()


def test_an_entry_without_text_is_explained_by_what_the_card_gives_l20f1() -> None:
    """A card's entry with no ``text`` is explained by what the card does give (its marks, the suits it specifies,
    the agreement's name), or as on the card with no description: never a word that hides that nothing is written
    (L20F1 explains the agreement as it stands); the card round-trips without a text it never had."""
    from contractbridge.laws.wbf17.disclosure import answer_text

    def parsed(text: str) -> list[Call]:
        return [Call.parse(token) for token in text.split()]

    bare = PartnershipAgreements.from_dict(
        {"NS": {"1NT P 2D": {"artificial": True, "alert": True, "suits": ["H"]}, "1C": {}},
         "EW": {"P 1NT P 2S": {"suits": ["C", "D"], "alert": False, "agreement": "minor transfer"}}}
    )  # fmt: skip
    said = bare.described_call(parsed("1NT P"), Call.parse("2D"), Seat.SOUTH)
    hearts = "on the card, no description: artificial, alertable, specifies hearts"
    assert said is not None and said.text == hearts
    club = bare.described_call([], Call.parse("1C"), Seat.NORTH)
    assert club is not None and club.text == "on the card, no description"
    minors = bare.described_call(parsed("P 1NT P"), Call.parse("2S"), Seat.WEST)
    assert minors is not None
    assert minors.text == (
        "on the card, no description: not alertable, specifies diamonds and clubs, agreement minor transfer"
    )
    auction = parsed("1NT P 2D")
    assert answer_text(auction, {2: said}) == f"2D: {hearts}"
    assert not any("text" in entry for side in ("NS", "EW") for entry in bare.to_dict()[side].values())
    assert PartnershipAgreements.from_dict(bare.to_dict()).to_dict() == bare.to_dict()
    written = bare.with_call(Side.NS, "1C", "on the card, no description: artificial", artificial=False)
    assert written.to_dict()["NS"]["1C"]["text"] == "on the card, no description: artificial"  # a text that is written


def test_the_alert_policy_is_data_every_artificial_call_by_default_l40b1c() -> None:
    before = [Call.parse("1NT"), Call.parse("P")]
    assert CARDS.alertable(before, Call.parse("2C"), Seat.SOUTH)
    assert not CARDS.alertable([*before, Call.parse("2C"), Call.parse("P")], Call.parse("2H"), Seat.NORTH)
    quiet = CARDS.with_policy(AlertPolicy(artificial=False))
    assert not quiet.alertable(before, Call.parse("2C"), Seat.SOUTH)
    marked = quiet.with_call(Side.NS, "1NT P 2C", "Stayman", artificial=True, alert=True)
    assert marked.alertable(before, Call.parse("2C"), Seat.SOUTH)  # the card's own mark (L40B1(b))
    high = CARDS.with_call(Side.NS, "4NT", "Blackwood", artificial=True).with_policy(
        AlertPolicy(above=Call.parse("3NT"))
    )
    assert not high.alertable([], Call.parse("4NT"), Seat.NORTH)  # no alerts above 3NT under this policy
    assert AlertPolicy.from_dict(high.to_dict()["alert_policy"]) == high.policy
    for bad in ({"above": "X"}, {"artificial": "yes"}, {"colour": 1}, []):
        with pytest.raises(ParseError):
            AlertPolicy.from_dict(bad)
    with pytest.raises(ParseError, match="suits is a list of suit letters"):
        PartnershipAgreements.from_dict({"NS": {"1C": {"suits": "H"}}})


# ---- alerts ---------------------------------------------------------------------------------------------------
def test_the_partner_of_the_caller_alerts_and_a_late_alert_is_misinformation_l40b2_l21b1a() -> None:
    t = table(*STAYMAN, ev("alert", "N"))
    (alert,) = seen(t, None, "alerts")
    assert alert | {"UI": ["S"]} == alert and (alert["call"], alert["bid"], alert["late"]) == (3, "2C", False)
    with pytest.raises(IllegalCallError, match=r"caller's partner alerts a call \(L40B2\(a\)\(iii\)\)"):
        table(*STAYMAN, ev("alert", "S", call=3))
    with pytest.raises(IllegalCallError, match="already alerted"):
        table(*STAYMAN, ev("alert", "N"), ev("alert", "N", call=3))
    late = table(*STAYMAN, ev("call", "W", call="P"), ev("alert", "N", call=3))
    assert seen(late, None, "alerts")[0]["late"] is True and "21B1(a)" in seen(late, None, "alerts")[0]["law"]
    with pytest.raises(IllegalCallError, match="auction period is over"):
        table(*STAYMAN, *TO_THE_END[:-1], ev("alert", "N", call=3))


def test_the_director_sees_the_alertable_calls_not_alerted_as_evidence_only() -> None:
    t = table(*STAYMAN)
    assert seen(t, None, "not_alerted") == [{"call": 3, "bid": "2C", "seat": "S"}]
    assert "not_alerted" not in (t.rules.disclosure(t, Seat.WEST) or {})
    assert not seen(table(*STAYMAN, ev("alert", "N")), None, "not_alerted")


def test_a_self_alert_policy_online_the_caller_alerts_and_his_partner_never_sees_it() -> None:
    online = CARDS.with_policy(AlertPolicy(self_alert=True))
    t = table(*STAYMAN, ev("alert", "S", explanation="Stayman"), agreements=online)
    assert seen(t, Seat.WEST, "alerts")[0]["explanation"] == "Stayman" and not seen(t, Seat.NORTH, "alerts")
    with pytest.raises(IllegalCallError, match="the caller himself alerts"):
        table(*STAYMAN, ev("alert", "N", call=3), agreements=online)


# ---- questions and answers (L20F1–F3) ----------------------------------------------------------------------------
def test_a_question_at_ones_own_turn_about_the_opponents_calls_answered_by_the_callers_partner_l20f1() -> None:
    asked = table(*STAYMAN, ev("question", "W", call=3))
    assert seen(asked, Seat.WEST, "questions")[0]["awaiting"] == ["N"]
    t = table(*STAYMAN, ev("question", "W", call=3), ev("answer", "N", text="Stayman"))
    (question,) = seen(t, Seat.SOUTH, "questions")
    assert question == {
        "number": 1,
        "seat": "W",
        "call": 3,
        "answerers": ["N"],
        "awaiting": [],
        "UI": ["E"],
        "law": "20F1, 20F3",
    }
    assert seen(t, Seat.EAST, "answers") == [
        {"question": 1, "seat": "N", "text": "Stayman", "UI": ["S"], "law": "20F1, 75A"}
    ]
    assert t.to_events()[-1] == {"event": "answer", "seat": "N", "question": 1, "text": "Stayman", "at": [3, 0]}
    with pytest.raises(IllegalCallError, match=r"at his own turn to call \(L20F1\)"):
        table(*STAYMAN, ev("question", "E", call=3))
    with pytest.raises(IllegalCallError, match=r"opponents' calls only"):
        table(*calls("1NT P 2C P"), ev("question", "N", call=3))
    with pytest.raises(IllegalCallError, match="no question to him is open"):
        table(*STAYMAN, ev("question", "W", call=3), ev("answer", "S", text="Stayman"))
    with pytest.raises(IllegalCallError, match="no question to him is open"):  # answered at once, before a call
        table(*STAYMAN, ev("question", "W", call=3), ev("call", "W", call="P"), ev("answer", "N", text="Stayman"))
    with pytest.raises(ParseError, match="'text' is the explanation given"):
        table(*STAYMAN, ev("question", "W", call=3), ev("answer", "N", text=" "))
    with pytest.raises(IllegalCallError, match="there is no call 9"):
        table(*STAYMAN, ev("question", "W", call=9))


def test_a_question_about_the_whole_auction_is_answered_by_both_opponents_l20f1() -> None:
    t = table(*calls("1NT P 2C P"), ev("question", "N"), ev("answer", "E", text="no agreements"))
    t.apply(ev("answer", "W", text="natural"))
    assert [a["seat"] for a in seen(t, None, "answers")] == ["E", "W"]
    with pytest.raises(IllegalCallError, match="no question to him is open"):
        t.apply(ev("answer", "W", text="again"))


def test_after_the_final_pass_a_question_at_ones_turn_to_play_dummy_never_l20f2() -> None:
    lead = [*STAYMAN, *TO_THE_END[:-1]]
    t = table(*lead, ev("question", "N", call=2))  # declarer at dummy's turn (S plays second)
    assert seen(t, None, "questions")[0]["law"] == "20F2, 20F3"
    with pytest.raises(IllegalCallError, match="dummy may not ask"):
        table(*lead, ev("question", "S", call=2))
    with pytest.raises(IllegalCallError, match=r"own turn to play \(L20F2, L41B\)"):
        table(*lead, ev("question", "W", call=3))
    clarification = [*STAYMAN, *TO_THE_END[:-2]]  # the final pass made, the opening lead not yet faced (L41B)
    for asker, call in (("W", 3), ("N", 2)):  # the leader's partner and the presumed declarer
        assert seen(table(*clarification, ev("question", asker, call=call)), None, "questions")[0]["law"] == "41B, 20F3"
    with pytest.raises(IllegalCallError, match="dummy may not ask"):
        table(*clarification, ev("question", "S", call=2))
    with pytest.raises(IllegalCallError, match="the board is over"):
        table(*STAYMAN, *TO_THE_END, *AGREED, ev("question", "W", call=3))


def test_a_player_who_must_pass_may_not_ask_l20f1_footnote() -> None:
    # E's pass out of rotation (dealer N) not accepted: E must pass at his next turn (L30A)
    t = table(ev("call", "E", call="P"), ev("choose", "S", option="cancel"), ev("call", "N", call="1NT"))
    assert t.record is not None and Seat.EAST in t.record.obligations and t.turn == Seat.EAST
    with pytest.raises(IllegalCallError, match=r"must pass may not ask \(L20F1, footnote\)"):
        t.apply(ev("question", "E", call=1))


def test_a_strict_table_records_disclosure_and_the_log_round_trips() -> None:
    t = table(
        *STAYMAN, ev("alert", "N"), ev("question", "W", call=3), ev("answer", "N", text="Stayman"), irregular=False
    )
    again = Table.from_jsonl(t.to_jsonl())
    assert again.to_events() == t.to_events() and seen(again, None, "answers") == seen(t, None, "answers")
    assert t.undo()["event"] == "answer" and not seen(t, None, "answers") and seen(t, None, "questions")
    with pytest.raises(RulingError, match="irregular=True"):
        t.apply(ev("misexplanation", "W", call=3, kind="no_alert"))


def test_a_question_and_its_answer_are_heard_by_all_four_but_online_only_by_those_concerned_l20f() -> None:
    at_table = table(*STAYMAN, ev("question", "W", call=3), ev("answer", "N", text="Stayman"))
    assert all(seen(at_table, s, "questions") and seen(at_table, s, "answers") for s in Seat)
    online = CARDS.with_policy(AlertPolicy(self_alert=True))
    t = table(*STAYMAN, ev("question", "W", call=3), ev("answer", "S", text="Stayman"), agreements=online)
    assert [bool(seen(t, s, "questions")) for s in Seat] == [False, False, True, True]  # N E S W: asker, answerer
    assert [bool(seen(t, s, "answers")) for s in Seat] == [False, True, True, True]  # the asker's side, the answerer


# ---- a break in tempo (L16B, L73C) and the director's judgement after play (L12C1) ------------------------------
def test_a_hesitation_raises_review_16b_and_the_adjustment_needs_the_directors_judgement_l16b1() -> None:
    t = table(*STAYMAN, ev("hesitation", "S", noted_by="W"), *TO_THE_END, *AGREED)
    assert seen(t, Seat.EAST, "hesitations") == [
        {"seat": "S", "kind": "hesitation", "action": "2C", "noted_by": "W", "UI": ["N"], "law": "16B1, 73C"}
    ]
    assert board_review.open_flags(t) == ["16B"]
    bare = {"event": "review", "law": "16B", "answer": "adjusted", "ns": 7, "ew": 7}
    with pytest.raises(RulingError, match="logical_alternative"):
        t.apply(bare)
    with pytest.raises(RulingError, match=r"no infraction of L16B1\(a\)"):
        t.apply({**bare, "logical_alternative": True, "demonstrably_suggested": False})
    t.apply({**bare, "logical_alternative": True, "demonstrably_suggested": True})
    final = board_review.final_score(t)
    assert final is not None and (final.ns, final.ew) == (-50, 50)  # 2H by N one down instead of +110
    with pytest.raises(IllegalCallError, match="an opponent notes"):
        table(*STAYMAN, ev("hesitation", "S", noted_by="N"))
    with pytest.raises(IllegalCallError, match="has not called"):
        table(*STAYMAN, ev("hesitation", "W"))
    remark = table(*STAYMAN, ev("hesitation", "W", kind="remark", noted_by="N"))  # L16B1: before he has called
    assert (
        seen(remark, Seat.SOUTH, "hesitations")[0] | {"kind": "remark", "action": None}
        == seen(remark, Seat.SOUTH, "hesitations")[0]
    )
    assert remark.record is not None and "REVIEW(16B)" in remark.record.review_flags
    with pytest.raises(ParseError, match="'kind' is one of"):
        table(*STAYMAN, ev("hesitation", "S", kind="sigh"))


def test_no_damage_needs_no_judgement_and_the_score_stands() -> None:
    t = table(
        *STAYMAN, ev("hesitation", "S"), *TO_THE_END, *AGREED, {"event": "review", "law": "16B", "answer": "no_damage"}
    )
    final = board_review.final_score(t)
    assert final is not None and (final.ns, final.ew) == (110, -110)


# ---- a misexplanation or a failure to alert (L20F5, L21B, L40B, L75) -----------------------------------------------
MISEXPLAINED = [*STAYMAN, ev("question", "W", call=3), ev("answer", "N", text="natural, clubs")]


def test_the_director_judges_mistaken_explanation_or_mistaken_call_never_the_engine_l21b1b_l75() -> None:
    t = table(*MISEXPLAINED, ev("misexplanation", "N", call=3, kind="explanation"))
    ruling = t.record.pending if t.record is not None else None
    assert ruling is not None and ruling.question is not None and ruling.question.id == "mistaken_explanation"
    assert ruling.offender == Seat.NORTH and t.turn is None  # the table waits for the judgement (L9B2)
    assert any("Stayman" in n for n in ruling.notes) and any(
        "presumes a mistaken explanation" in n for n in ruling.notes
    )
    with pytest.raises(BridgeError, match="must first judge"):
        t.apply(ev("call", "W", call="P"))
    t.apply({"event": "judge", "question": "mistaken_explanation", "answer": True})
    assert t.record is not None and "REVIEW(75B1)" in t.record.review_flags
    mistaken_call = {"event": "judge", "question": "mistaken_explanation", "answer": False}
    called = table(*MISEXPLAINED, ev("misexplanation", "W", call=3), mistaken_call)
    assert called.record is not None and "REVIEW(75B1)" not in called.record.review_flags
    assert any(n.startswith("L75C") for n in called.record.notes)


def test_the_explainers_partner_waits_until_the_auction_is_over_or_as_a_defender_the_end_of_play_l20f5() -> None:
    with pytest.raises(RulingError, match=r"during the auction.*L20F5\(a\)"):
        table(*MISEXPLAINED, ev("misexplanation", "S", call=3))
    # EW's 2D response to 1NT misexplained by E; E declares 2H and his partner W, dummy, calls after the final pass
    ew = PartnershipAgreements().with_call(Side.EW, "P 1NT P 2D", "transfer to hearts", artificial=True)
    auction = [*calls("P 1NT P 2D"), ev("question", "N", call=4), ev("answer", "E", text="natural")]
    over = table(*auction, *calls("P 2H P P P"), agreements=ew)
    assert over.declarer == Seat.EAST and over.phase is Phase.PLAY
    over.apply(ev("misexplanation", "W", call=4))
    assert over.record is not None and over.record.pending is not None and over.record.pending.offender == Seat.EAST
    # the defenders' side: N misexplains S's Stayman and S defends 3NT by E
    defence = [*STAYMAN, ev("question", "W", call=3), ev("answer", "N", text="clubs"), *calls("X P 3NT P P P", "W")]
    with pytest.raises(RulingError, match=r"end of play \(L20F5\(b\)\(i\)"):
        table(*defence, ev("misexplanation", "S", call=3))


def test_a_card_naming_only_its_system_is_read_as_such_in_the_ruling_l40a1b() -> None:
    """A card that names the Club system and writes no call describes none: the ruling says the call is natural
    on the card *and* which system the card names, for the director to judge (L40A1(b), L21B1(b))."""
    named = PartnershipAgreements(systems={Side.NS: "club"})
    t = table(*MISEXPLAINED, ev("misexplanation", "N", call=3, kind="explanation"), agreements=named)
    ruling = t.record.pending if t.record is not None else None
    assert ruling is not None and any("not on the card, which names the club system" in n for n in ruling.notes)


def test_a_failure_to_alert_and_an_alert_where_none_was_due_are_misexplanations_l20f5a() -> None:
    t = table(*STAYMAN, ev("call", "W", call="P"), ev("misexplanation", "W", call=3, kind="no_alert"))
    assert t.record is not None and t.record.pending is not None
    with pytest.raises(RulingError, match="alerted in time"):
        table(*STAYMAN, ev("alert", "N"), ev("misexplanation", "W", call=3, kind="no_alert"))
    with pytest.raises(RulingError, match="was not alerted"):
        table(*STAYMAN, ev("misexplanation", "W", call=3, kind="alert"))
    with pytest.raises(RulingError, match="never explained"):
        table(*STAYMAN, ev("misexplanation", "W", call=3, kind="explanation"))
    with pytest.raises(ParseError, match="'kind'"):
        table(*STAYMAN, ev("misexplanation", "W", call=3, kind="rude"))


def test_a_misinformed_player_changes_his_call_and_his_lho_may_change_his_l21b1a_l21b2() -> None:
    t = table(*MISEXPLAINED, *calls("P 2D", "W"))
    with pytest.raises(RulingError, match="no misexplanation"):
        t.apply(ev("misinformation", "W", call="X"))
    t.apply(ev("misexplanation", "N", call=3))
    t.apply({"event": "judge", "question": "mistaken_explanation", "answer": True})
    t.apply(ev("misinformation", "W", call="X"))
    t.apply({"event": "judge", "question": "influenced", "answer": True})
    assert t.record is not None and t.record.pending is not None and t.record.pending.chooser == Seat.NORTH
    t.apply({"event": "choose", "seat": "N", "option": "change"})
    assert str(t.auction) == "1NT P 2C X" and t.turn == Seat.NORTH
    again = Table.from_jsonl(t.to_jsonl())  # the log replays to the same record
    assert again.record is not None and again.record.to_dict() == t.record.to_dict()
    flags = t.record.to_dict()["information"]
    assert [(f["seat"], f["call"], f["UI"]) for f in flags] == [("W", "P", "NS"), ("N", "2D", "NS")]  # L16C
    found = [ev("misexplanation", "N", call=3), {"event": "judge", "question": "mistaken_explanation", "answer": True}]
    not_influenced = {"event": "judge", "question": "influenced", "answer": False}
    stands = table(
        *MISEXPLAINED, ev("call", "W", call="P"), *found, ev("misinformation", "W", call="X"), not_influenced
    )
    assert str(stands.auction) == "1NT P 2C P" and stands.turn == Seat.NORTH
    with pytest.raises(IllegalCallError, match="has called since"):
        table(*MISEXPLAINED, *calls("P 2D P", "W"), *found, ev("misinformation", "W", call="X"))


def test_the_caller_who_heard_his_partners_explanation_and_acted_raises_review_75a() -> None:
    t = table(*MISEXPLAINED, *calls("P 2H P P P", "W"), ev("misexplanation", "W", call=3))
    assert t.record is not None and t.record.pending is not None and t.record.pending.review == ("75A",)
    t.apply({"event": "judge", "question": "mistaken_explanation", "answer": True})
    assert {"REVIEW(75B1)", "REVIEW(75A)"} <= set(t.record.review_flags)
    quiet = table(*MISEXPLAINED, ev("misexplanation", "W", call=3))  # S has not acted since: no L75A flag
    assert quiet.record is not None and quiet.record.pending is not None and quiet.record.pending.review == ()


def test_a_ruling_on_an_explanation_is_undone_with_its_event_and_a_break_in_tempo_over_a_card() -> None:
    t = table(*MISEXPLAINED, ev("misexplanation", "W", call=3))
    assert t.undo()["event"] == "misexplanation" and t.record is not None and t.record.pending is None
    assert t.turn == Seat.WEST and not t.irregularities
    played = table(*STAYMAN, *TO_THE_END[:-1], ev("play", "S", card="S2"), ev("hesitation", "N", noted_by="W"))
    assert seen(played, Seat.EAST, "hesitations")[0]["action"] == "S2"  # declarer's play from dummy (L41D)
    with pytest.raises(IllegalCallError, match="dummy's cards are declarer's plays"):
        table(*STAYMAN, *TO_THE_END[:-1], ev("hesitation", "S"))


def test_historic_books_have_no_alert_procedure() -> None:
    t = Table(Board(1, DEAL), "NBB30", irregular=True)
    with pytest.raises(EventLogError, match="unknown event 'alert'"):
        t.apply(ev("alert", "N"))


def test_contractbridge_rule_json_shows_the_disclosure_record(tmp_path: Path) -> None:
    log = table(*MISEXPLAINED, ev("hesitation", "S", noted_by="W")).to_events()
    path = tmp_path / "board.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log), encoding="utf-8")
    shown = CliRunner().invoke(app, ["rule", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    state = json.loads(shown.output)
    assert state["disclosure"]["answers"][0]["text"] == "natural, clubs"
    assert state["disclosure"]["hesitations"][0]["seat"] == "S" and "REVIEW(16B)" in state["review"]
    assert Phase(state["phase"]) is Phase.AUCTION


# ---- the web table: questions and answers as messages, each frame with what its seat may see (L20F) -------------
def test_the_web_table_takes_questions_and_answers_and_shows_each_seat_its_part() -> None:
    from fastapi.testclient import TestClient

    from contractbridge.server import create_app
    from contractbridge.store import Store

    store = Store("sqlite://")
    try:
        with TestClient(create_app(store, rate=1000, burst=1000, seed="test-disclosure")) as client:
            made = client.post("/api/tables", json={}).json()
            token = {
                s: client.post(f"/api/tables/{made['id']}/seats/{s}", json={"name": s}).json()["token"] for s in "NESW"
            }
            url = f"/ws/{made['id']}?token="
            connect = client.websocket_connect
            with (
                connect(url + token["N"]) as north,
                connect(url + token["E"]) as east,
                connect(url + token["S"]) as south,
            ):
                assert north.receive_json()["view"]["dealer"] == "N"  # board 1 (L2)
                north.send_json({"type": "call", "call": "1NT"})
                east.send_json({"type": "question", "call": 1})  # E at his turn asks about N's 1NT: S answers
                south.send_json({"type": "answer", "text": "15-17 balanced"})
                sockets = {"N": north, "E": east, "S": south}
                frame = {}
                for name, ws in sockets.items():
                    frame[name] = _until(ws, lambda f: bool(f.get("disclosure") and f["disclosure"]["answers"]))
                assert frame["E"]["disclosure"]["answers"][0]["text"] == "15-17 balanced"
                assert frame["N"]["disclosure"]["answers"][0]["UI"] == ["N"]  # L75A: the caller heard it
                assert frame["E"]["disclosure"]["questions"][0]["law"] == "20F1, 20F3"
                east.send_json({"type": "question", "call": "1"})
                assert _until(east, lambda f: True, error=True)["error"] == "ProtocolError"
                south.send_json({"type": "answer", "text": "again"})
                assert _until(south, lambda f: True, error=True)["error"] == "IllegalCallError"
    finally:
        store.close()


def _until(ws: Any, test: Any, *, error: bool = False, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == ("error" if error else "state") and test(frame):
            return frame
    raise AssertionError("the frame never came")


def test_a_defender_reports_his_partners_misexplanation_at_the_end_of_play_and_the_score_is_adjusted_l75d3() -> None:
    """N explains S's Stayman as natural; E declares 3NT; S, a defender, calls the director only once play has ended
    (L20F5(b)(i)); the director finds a mistaken explanation and assigns a score on the basis L75D3 names."""
    defence = [*MISEXPLAINED, *calls("X P 3NT P P P", "W"), ev("play", "S", card="HJ"), ev("claim", "E", tricks=7)]
    t = table(*defence, ev("agree", "N"), ev("agree", "S"))
    assert t.phase is Phase.DONE and t.result is not None and t.result.tricks == 7  # 3NT by E two down
    t.apply(ev("misexplanation", "S", call=3))
    t.apply({"event": "judge", "question": "mistaken_explanation", "answer": True})
    assert board_review.open_flags(t) == ["75A", "75B1"]  # S heard N's explanation and called and played after it
    t.apply({"event": "review", "law": "75A", "answer": "no_damage"})
    adjusted = {"event": "review", "law": "75B1", "answer": "adjusted", "ns": 9, "ew": 9}
    with pytest.raises(RulingError, match="'agreement'"):
        t.apply(adjusted)
    t.apply({**adjusted, "agreement": True})
    final = board_review.final_score(t)
    assert final is not None and (final.ns, final.ew) == (-400, 400)  # 3NT by E made: NS -400 not +100
    again = Table.from_jsonl(t.to_jsonl())
    assert board_review.final_score(again) == final


def test_rule_reads_pair_cards_and_the_policy_from_a_system_file(tmp_path: Path) -> None:
    """``contractbridge rule --system FILE``: the same object as the board event's ``system`` (docs/disclosure.md)."""
    log = table(*STAYMAN, agreements=None).to_events()
    path, system = tmp_path / "board.jsonl", tmp_path / "system.json"
    path.write_text("".join(json.dumps(e) + "\n" for e in log), encoding="utf-8")
    system.write_text(json.dumps(CARDS.with_policy(AlertPolicy(above=Call.parse("3NT"))).to_dict()), encoding="utf-8")
    shown = CliRunner().invoke(app, ["rule", str(path), "--system", str(system), "--json"])
    assert shown.exit_code == 0, shown.output
    state = json.loads(shown.output)
    assert state["disclosure"]["not_alerted"] == [{"call": 3, "bid": "2C", "seat": "S"}]
    assert state["disclosure"]["policy"]["above"] == "3NT"
    system.write_text(json.dumps({"NS": {"1NT P 2C": {"suits": "H"}}}), encoding="utf-8")
    bad = CliRunner().invoke(app, ["rule", str(path), "--system", str(system)])
    assert bad.exit_code == 2 and "suits is a list of suit letters" in bad.output


def test_a_robot_asked_about_its_partners_call_answers_from_its_system_l20f1() -> None:
    from fastapi.testclient import TestClient

    from contractbridge.server import create_app
    from contractbridge.store import Store

    store = Store("sqlite://")
    try:
        with TestClient(create_app(store, robot_delay=0, rate=1000, burst=1000, seed="test-robot-answer")) as client:
            made = client.post("/api/tables", json={"robots": ["S", "W"]}).json()
            seat = f"/api/tables/{made['id']}/seats/"
            token = {s: client.post(seat + s, json={"name": s}).json()["token"] for s in "NE"}
            url = f"/ws/{made['id']}?token="
            connect = client.websocket_connect
            with connect(url + token["N"]) as north, connect(url + token["E"]) as east:
                north.send_json({"type": "call", "call": "1NT"})
                _until(east, lambda f: len(f["view"]["auction"]) == 1)
                east.send_json({"type": "question", "call": 1})  # S, a robot, explains N's 1NT
                frame = _until(east, lambda f: bool(f["disclosure"]["answers"]))
                (answer,) = frame["disclosure"]["answers"]
                assert answer["seat"] == "S" and answer["text"].startswith("1NT: ") and len(answer["text"]) > 6
                assert frame["disclosure"]["questions"][0]["awaiting"] == []
    finally:
        store.close()


def test_the_web_director_records_a_misexplanation_and_players_alert_and_note_a_break_in_tempo() -> None:
    """A director's web table: W alerts E's call (L40B2(a)(iii)), N notes E's break in tempo
    (L16B2), and the director records that N called him about the failure to alert (L20F5(a), L75)."""
    from fastapi.testclient import TestClient

    from contractbridge.server import create_app
    from contractbridge.store import Store

    store = Store("sqlite://")
    try:
        with TestClient(create_app(store, rate=1000, burst=1000, seed="test-web-director")) as client:
            made = client.post("/api/tables", json={"director": True}).json()
            seat = f"/api/tables/{made['id']}/seats/"
            token = {s: client.post(seat + s, json={"name": s}).json()["token"] for s in "NESW"}
            url = f"/ws/{made['id']}?token="
            connect = client.websocket_connect
            with connect(url + token["N"]) as north, connect(url + token["E"]) as east, \
                    connect(url + token["W"]) as west, connect(url + made["director_token"]) as director:  # fmt: skip
                north.send_json({"type": "call", "call": "1NT"})
                _until(east, lambda f: f["view"]["turn"] == "E")
                east.send_json({"type": "call", "call": "2C"})
                west.send_json({"type": "alert", "call": 2, "explanation": "both majors"})
                north.send_json({"type": "hesitation", "seat": "E"})
                shown = _until(north, lambda f: bool(f["disclosure"]["hesitations"]))["disclosure"]
                assert shown["alerts"][0]["seat"] == "W" and shown["hesitations"][0]["noted_by"] == "N"
                north.send_json({"type": "misexplanation", "seat": "N", "call": 2, "kind": "alert"})
                assert _until(north, lambda f: True, error=True)["error"] == "RulingError"  # the director's only
                director.send_json({"type": "misexplanation", "seat": "N", "call": 2, "kind": "alert"})
                frame = _until(director, lambda f: bool(f["ruling"] and f["ruling"]["ruling"]))
                ruled = frame["ruling"]["ruling"]
                assert ruled["irregularity"] == "misexplanation" and ruled["question"]["id"] == "mistaken_explanation"
                assert "REVIEW(16B)" in frame["director"]["review"]
    finally:
        store.close()


def test_keys_a_disclosure_event_does_not_know_are_kept_in_the_log() -> None:
    t = table(*STAYMAN, ev("question", "W", call=3, asked_at="12:03"))
    assert t.to_events()[-1]["asked_at"] == "12:03" and Table.from_jsonl(t.to_jsonl()).to_events() == t.to_events()


@pytest.mark.parametrize(
    "event",
    [
        {"event": "alert"},
        {"event": "alert", "seat": 5},
        {"event": "alert", "seat": "Q"},
        {"event": "alert", "seat": "N", "call": "3"},
        {"event": "alert", "seat": "N", "call": 0},
        {"event": "alert", "seat": "N", "explanation": 7},
        {"event": "question", "seat": "W", "call": True},
        {"event": "question", "seat": "W", "call": -1},
        {"event": "answer", "seat": "N", "text": 5},
        {"event": "answer", "seat": "N", "text": "x", "question": "1"},
        {"event": "hesitation", "seat": "S", "noted_by": 3},
        {"event": "misexplanation", "seat": "W", "call": True},
        {"event": "misexplanation", "seat": "W", "call": 3, "kind": ["no_alert"]},
        {"event": "misinformation", "seat": "W"},
    ],
)
def test_a_bad_disclosure_event_is_a_typed_error_and_changes_nothing(event: Event) -> None:
    t = table(*STAYMAN)
    before = t.to_events()
    with pytest.raises(BridgeError):
        t.apply(event)
    assert t.to_events() == before and t.record is not None and t.record.pending is None
