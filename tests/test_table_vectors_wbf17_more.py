"""Issue #25: the last WBF 2017 digest vectors replayed at a ``Table(irregular=True)`` through the event log and
``contractbridge rule --json`` (``shared/spec/laws-wbf2017.md`` §12): a defective trick (L67, TV136), an agreed
claim or concession reconsidered (L69B, L71; TV140, TV141), the correction and appeal periods (L79C, L92; TV143,
TV144), a missing card found (L14B, TV146), a director's error (L82C, TV48), and the smaller play-period gaps
(L62C3, L43B2(a), L45D–F)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat, Suit
from contractbridge.cli import app
from contractbridge.commands.director import board_result
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.errors import BridgeError, CardNotInHandError, RulingError
from contractbridge.scoring.compare import imps as compare_imps
from contractbridge.table import Table
from play_helpers import W_WINS_T1, replayed, table_of
from play_helpers import log as pc_log
from test_historic_table_revokes import finish
from test_table_claims import claim
from test_table_claims import log as claim_log
from test_table_exposures import expose
from test_table_misplays import L52_BOARD, L52_MORE, L52_PLAY
from test_table_revoke_transfers import PLAY as REVOKE_PLAY
from test_table_revoke_transfers import log as revoke_log

Event = dict[str, Any]
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# a deal for the rubber-bridge redeal below (S opens out of turn, EST-L13)
DEAL = "N:AK54.AKQ2.AK7.AK T98.JT987.QJ8.QJ 76.6543.T9.T9876 QJ32..65432.5432"


def rule_json(log: list[Event], tmp_path: Path) -> dict[str, Any]:
    """``contractbridge rule LOG --json`` on the events ``log``."""
    path = tmp_path / "board.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log), encoding="utf-8")
    out = CliRunner().invoke(app, ["rule", str(path), "--json"])
    assert out.exit_code == 0, out.output
    state: dict[str, Any] = json.loads(out.output)
    return state


def table_log(table: Table) -> list[Event]:
    return table.to_events()


def test_a_new_deal_board_has_a_result_naming_its_law_in_rule_json_est_l13(tmp_path: Path) -> None:
    """S opens out of turn and W demands a new deal (EST-L13): the board is over with no contract; ``rule --json``
    keeps the phase ``new_deal`` and gives the result as the data says (no contract, not passed out, the law)."""
    log = [
        {"event": "board", "number": 1, "deal": DEAL, "edition": "EST30"},
        {"event": "call", "seat": "S", "call": "1S"},
        {"event": "choose", "seat": "W", "option": "new_deal"},
    ]
    state = rule_json(log, tmp_path)
    assert state["phase"] == "new_deal" and state["new_deal"] == {"law": "EST-L13", "dealer": "N"}
    result = state["result"]
    assert result["new_deal"] == "EST-L13" and result["passed_out"] is False
    assert (result["contract"], result["declarer"], result["tricks"], result["score_ns"]) == (None, None, None, 0)
    passed = [{"event": "board", "number": 1, "deal": DEAL, "edition": "WBF17", "irregular": True}]
    passed += [{"event": "call", "seat": s, "call": "P"} for s in "NESW"]
    out = rule_json(passed, tmp_path)
    assert out["phase"] == "done" and out["result"]["passed_out"] is True and "new_deal" not in out["result"]


# ---- L79C1, L92B, L92D: the correction and appeal periods (TV143, TV144) ----------------------------------------
# 4H by S: after 10 tricks S holds SA HA HK, E the outstanding HQ; S claims the last 3 and E, W agree (L69A)
AGREED: list[Event] = [claim("", 3), {"event": "agree", "seat": "E"}, {"event": "agree", "seat": "W"}]


def posted(at: str = "2026-11-26T22:10", **more: Any) -> Event:
    return {"event": "results_posted", "at": at, **more}


def test_tv143_the_correction_and_appeal_periods_close_30_minutes_after_the_results_l79c1_l92b(tmp_path: Path) -> None:
    """Results posted at 22:10, no other period set: requests for rulings or appeals and corrections of the agreed
    score close at 22:40 (TV143). A correction in time is scored; one a minute late is refused with the deadline."""
    table = Table.from_events(claim_log(*AGREED, posted()))
    assert table.result is not None and table.result.tricks == 13
    assert table.record is not None
    [entry] = [r for r in table.record.rulings if r["irregularity"] == "results_posted"]
    assert entry["periods"]["correction_ends"] == "2026-11-26T22:40" == entry["periods"]["appeal_ends"]
    with pytest.raises(RulingError, match=r"correction period ended at 2026-11-26T22:40 \(L79C1\)"):
        table.apply({"event": "score_correction", "at": "2026-11-26T22:41", "tricks": 12})
    with pytest.raises(RulingError, match=r"period for appeals ended at 2026-11-26T22:40 \(L92B\)"):
        table.apply({"event": "appeal", "at": "2026-11-26T22:41", "seat": "E", "concurs": True})
    assert len(table.to_events()) == len(claim_log(*AGREED, posted()))  # a refused event changes nothing
    table.apply({"event": "score_correction", "at": "2026-11-26T22:40", "tricks": 12, "reason": "EW won trick 11"})
    assert table.result is not None and table.result.tricks == 12
    assert "L79C1: declarer's tricks corrected from 13 to 12" in table.result.adjustments
    replayed(table)
    result = rule_json(table_log(table), tmp_path)["result"]
    assert (result["tricks"], result["score_ns"]) == (12, 480)  # 4H+2, nobody vulnerable (L77)
    # the TO may set another period (L79C1: "unless the TO sets a later time")
    later = Table.from_events(claim_log(*AGREED, posted(correction_minutes=60)))
    later.apply({"event": "score_correction", "at": "2026-11-26T23:05", "tricks": 12})
    assert later.result is not None and later.result.tricks == 12


def test_the_periods_are_checked_data_and_need_a_finished_board_l79c1() -> None:
    with pytest.raises(BridgeError, match="ISO 8601"):
        Table.from_events(claim_log(*AGREED, posted("at ten past ten")))
    with pytest.raises(BridgeError, match="'form' is one of pairs, teams, individual"):
        Table.from_events(claim_log(*AGREED, posted(form="swiss")))
    with pytest.raises(BridgeError, match="not over yet"):
        Table.from_events(claim_log(posted()))
    with pytest.raises(BridgeError, match="already posted"):
        Table.from_events(claim_log(*AGREED, posted(), posted()))
    with pytest.raises(BridgeError, match="0 to 13"):
        Table.from_events(claim_log(*AGREED, {"event": "score_correction", "at": "2026-11-26T22:20", "tricks": 14}))


@pytest.mark.parametrize(
    ("form", "concurs", "heard"),
    [("pairs", False, "L92D1"), ("pairs", True, None), ("individual", False, None), ("teams", False, "L92D2")],
)
def test_tv144_an_appeal_is_heard_only_with_the_partners_or_captains_agreement_l92d(
    form: str, concurs: bool, heard: str | None
) -> None:
    """In a pairs event one partner appeals and the other does not agree: not heard; in an individual event the
    same appeal is heard (TV144, L92D1); in teams the captain must agree (L92D2)."""
    table = Table.from_events(claim_log(*AGREED, posted(form=form)))
    appeal = {"event": "appeal", "at": "2026-11-26T22:30", "seat": "E", "concurs": concurs}
    if heard is not None:
        with pytest.raises(RulingError, match=f"not heard: .*\\({heard}\\)"):
            table.apply(appeal)
        return
    table.apply(appeal)
    assert table.record is not None
    assert table.rules.review_notes(table)[-2:] == [
        "results posted 2026-11-26T22:10: corrections until 2026-11-26T22:40 (L79C1), appeals until "
        "2026-11-26T22:40 (L92B)",
        f"appeal by East at 2026-11-26T22:30: heard (L{'92D1' if form == 'individual' else '92A'})",
    ]
    entry = table.record.rulings[-1]
    assert (entry["irregularity"], entry["option"], entry["seat"], entry["form"]) == ("appeal", "heard", "E", form)
    replayed(table)


def test_an_appeal_names_a_ruling_made_at_this_table_l92a() -> None:
    with pytest.raises(BridgeError, match="no ruling under '64C'"):
        Table.from_events(
            claim_log(
                *AGREED,
                {
                    "event": "appeal",
                    "seat": "N",
                    "concurs": True,
                    "against": "64C",
                    "at": "2026-11-26T22:00",
                    "form": "pairs",
                },
            )
        )
    with pytest.raises(BridgeError, match="'form' is one of"):  # no results posted: the appeal names the form
        Table.from_events(
            claim_log(*AGREED, {"event": "appeal", "seat": "N", "concurs": True, "at": "2026-11-26T22:00"})
        )


# ---- L69B, L71: an agreed claim or a concession reconsidered in the correction period (TV140, TV141) -------------
def test_tv141_the_agreeing_side_gets_back_a_trick_it_would_probably_have_won_l69b2() -> None:
    """EW agreed to S's claim of the last 3 tricks, S not mentioning E's ♥Q. Within the correction period EW ask for
    a trick back: whether they would probably have won it is the director's judgement (69B2), with the L70 check's
    worst normal line (SA ruffed) as evidence; yes: the board is rescored with that trick to EW (TV141)."""
    events = claim_log(*AGREED, posted(), {"event": "reconsider", "seat": "E", "at": "2026-11-26T22:35"})
    table = Table.from_events(events)
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.irregularity, ruling.law, ruling.question is not None) == ("reconsider", "69B2", True)
    assert any("Evidence, not a ruling (L69B2)" in n and "takes only 2" in n for n in ruling.notes)
    table.apply({"event": "judge", "question": "69B2", "answer": True})
    assert table.result is not None and table.result.tricks == 12
    assert "L69B2: 1 trick back to EW" in table.result.adjustments
    replayed(table)
    # the director judges they would not have won it: the agreement stands (L69A)
    kept = Table.from_events([*events, {"event": "judge", "question": "69B2", "answer": False}])
    assert kept.result is not None and kept.result.tricks == 13 and not kept.result.adjustments


def test_tv141_after_the_correction_period_the_agreement_is_final_l69a() -> None:
    late = {"event": "reconsider", "seat": "W", "at": "2026-11-26T22:41"}
    with pytest.raises(BridgeError, match=r"correction period ended at 2026-11-26T22:40 \(the agreement is final"):
        Table.from_events(claim_log(*AGREED, posted(), late))
    won = Table.from_events(claim_log(*AGREED, {"event": "reconsider", "seat": "W", "won": True}))  # no results yet
    assert won.record is not None and won.record.pending is not None and won.record.pending.law == "69B1"
    won.apply({"event": "choose", "seat": "director", "option": "rescore"})
    assert won.result is not None and won.result.tricks == 12


CONCEDED: list[Event] = [claim("", 2), {"event": "agree", "seat": "E"}, {"event": "agree", "seat": "W"}]


def test_tv140_a_conceded_trick_declarer_had_already_won_goes_back_within_the_period_l71a(tmp_path: Path) -> None:
    """S conceded a trick; the quitted tricks show he had already won it ('won', the director's finding); raised 20
    minutes after the results were posted: the director cancels the concession (L71A, L79C1; TV140)."""
    events = claim_log(*CONCEDED, posted(), {"event": "reconsider", "seat": "N", "at": "2026-11-26T22:30", "won": True})
    table = Table.from_events(events)
    assert table.record is not None and table.record.pending is not None
    assert (table.record.pending.law, [o.id for o in table.record.pending.options]) == ("71A", ["cancel"])
    table.apply({"event": "choose", "seat": "director", "option": "cancel"})
    assert table.result is not None and table.result.tricks == 13
    assert "L71A: 1 trick back to NS" in table.result.adjustments
    replayed(table)
    assert rule_json(table_log(table), tmp_path)["result"]["tricks"] == 13


def test_a_concession_no_normal_play_could_lose_is_cancelled_l71b() -> None:
    """S claims 1 of the last 3: no normal line loses more than one trick (the ♥Q), so one conceded trick goes back
    (71B, found by the search); conceding 1 of 3 stands when a normal line loses it (the SA ruffed, L71)."""
    events = claim_log(
        claim("", 1),
        {"event": "agree", "seat": "E"},
        {"event": "agree", "seat": "W"},
        {"event": "reconsider", "seat": "S"},
    )
    table = Table.from_events(events)
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "71B"
    table.apply({"event": "choose", "seat": "director", "option": "cancel"})
    assert table.result is not None and table.result.tricks == 12
    stands = Table.from_events(claim_log(*CONCEDED, {"event": "reconsider", "seat": "S"}))
    assert stands.record is not None and stands.record.pending is not None
    assert [o.id for o in stands.record.pending.options] == ["stands"]
    stands.apply({"event": "choose", "seat": "director", "option": "stands"})
    assert stands.result is not None and stands.result.tricks == 12 and not stands.result.adjustments
    with pytest.raises(RulingError, match="already reconsidered"):
        stands.apply({"event": "reconsider", "seat": "S"})
    with pytest.raises(BridgeError, match=r"not over yet \(a claim or concession is reconsidered after the play"):
        Table.from_events(
            claim_log(
                claim("draw trumps first", 3), {"event": "dispute", "seat": "E"}, {"event": "reconsider", "seat": "E"}
            )
        )


# ---- L82C: the director's own error, both sides non-offending (TV48) ---------------------------------------------
def corrected_revoke_board() -> Table:
    """2C by S: W's revoke on trick 3 corrected under the director's L62B1 ruling, then the board played out."""
    table = Table.from_events(
        [*revoke_log(REVOKE_PLAY[:12]), {"event": "attention", "seat": "S"}, {"event": "choose", "option": "correct"}]
    )
    finish(table)
    return table


def test_tv48_the_directors_error_an_assigned_score_treats_both_sides_as_non_offending_l82c(tmp_path: Path) -> None:
    """The director later finds his L62B1 ruling was wrong and no correction lets the board be scored normally: the
    likely results (his judgement, an input) are 8 or 9 tricks for S; each side gets the one most favourable to it,
    computed (L82C, L12C1(b)): NS +110 (2C+1), EW +90 (2C=) — a non-balancing score."""
    table = corrected_revoke_board()
    table.apply({"event": "director_error", "ruling": "62B1", "results": [9, 8]})
    assert table.record is not None
    score = table.record.rulings[-1]["adjusted_score"]
    assert (score["ns"], score["ew"], score["tricks_ns"], score["tricks_ew"]) == (110, -90, 9, 8)
    assert score["law"] == "82C, 12C1(b)"
    replayed(table)
    state = rule_json(table_log(table), tmp_path)
    assert state["result"]["adjusted_score"] == score
    assert "L82C, 12C1(b): the director's error, both sides non-offending: NS +110, EW -90" in state["notes"]


@pytest.mark.parametrize(
    ("facts", "ns", "ew", "unit"),
    [
        ({"form": "pairs"}, 60.0, 60.0, "%"),  # TV48: avg-plus to both (L12C2(a))
        ({"form": "pairs", "session_ns": 65, "session_ew": 35}, 65.0, 60.0, "%"),  # L12C2(c): NS's session is better
        ({"form": "teams"}, 3.0, 3.0, "IMP"),  # L12C2(b)
    ],
)
def test_tv48_an_artificial_score_for_the_directors_error_is_average_plus_to_both_l82c_l12c2(
    facts: Event, ns: float, ew: float, unit: str
) -> None:
    table = corrected_revoke_board()
    table.apply({"event": "director_error", "ruling": "62B1", "artificial": True, **facts})
    assert table.record is not None
    score = table.record.rulings[-1]["adjusted_score"]
    assert (score["kind"], score["ns"], score["ew"], score["unit"]) == ("artificial", ns, ew, unit)


def test_the_directors_error_names_a_ruling_given_at_this_table_l82c() -> None:
    table = corrected_revoke_board()
    with pytest.raises(RulingError, match=r"a ruling given at this table \(62B1\), not '54'"):
        table.apply({"event": "director_error", "ruling": "54", "results": [9]})
    with pytest.raises(RulingError, match="'results' lists declarer's tricks"):
        table.apply({"event": "director_error", "ruling": "62B1"})
    with pytest.raises(RulingError, match="names the 'form'"):
        table.apply({"event": "director_error", "ruling": "62B1", "artificial": True})
    table.apply(posted())
    with pytest.raises(RulingError, match=r"correction periods ended at 2026-11-26T22:40 \(L81C3"):
        table.apply({"event": "director_error", "ruling": "62B1", "results": [9], "at": "2026-11-26T23:00"})


# ---- L14B: a missing card found after the opening lead (TV146) -------------------------------------------------
# W's only heart, ♥7, is on the floor from the start; 1NT by N, E leads
MISSING_DEAL = Deal("N:AK54.AKQ2.AK7.AK T98.JT98.QJ8.QJ5 76.6543.T9.T9762 QJ32.7.65432.843")


def one_notrump() -> Table:
    """1NT by N on MISSING_DEAL: E to lead."""
    table = Table(Board(1, MISSING_DEAL), irregular=True)
    for call in ("1NT", "P", "P", "P"):
        table.call(call)
    return table


def plays(table: Table, cards: str) -> None:
    for card in cards.split():
        table.play(card)


def missing_heart() -> Table:
    """Tricks 1–2 spades (N wins both), trick 3 N leads ♥2: W, his ♥7 missing, discards ♦2 (unnoticed, lawful as
    far as anyone knows) and E wins with ♥8."""
    table = one_notrump()
    table.play("ST")
    table.apply({"event": "card_missing", "seat": "W", "card": "H7"})
    for card in ["S7", "S2", "SA", "SK", "S9", "S6", "S3", "H2", "H8", "H3"]:
        table.play(card)
    assert table.turn == W and Card("H7") not in table.legal_cards()  # he cannot play a card he does not hold
    assert table.legal_cards() == frozenset(table.hand(W)) - {Card("H7")}  # so he may play any other
    with pytest.raises(CardNotInHandError, match=r"H7 is missing from west's hand \(L14B\)"):
        table.play("H7")
    table.play("D2")
    return table


def test_tv146_a_missing_card_found_after_trick_5_makes_the_earlier_show_out_a_revoke_l14b4(tmp_path: Path) -> None:
    """After trick 5 W's missing ♥7 is found on the floor: it goes back to his hand, deemed always there, and his
    show-out on trick 3 was a revoke (L14B2, L14B4; TV146): L64A2, one trick to NS (EW won trick 3), REVIEW(64C)."""
    table = missing_heart()
    finish_tricks(table, 5)
    table.apply({"event": "card_found", "seat": "W", "card": "H7"})
    assert table.record is not None
    entry = table.record.rulings[-1]
    assert (entry["law"], entry["revokes"], entry["offender"]) == ("14B2, 14B4", [3], "W")
    assert (
        "deemed always there (L14B2, 14B4): failing to play it to trick 3 was a revoke (L61–L64)"
        in table.record.notes[-1]
    )
    assert "unauthorized information for East (L14C)" in table.record.notes[-1]
    finish(table)
    assert table.result is not None and table.result.adjustments[0].startswith("L64A2: 1 trick to NS, trick 3")
    assert "REVIEW(64C)" in table.record.review_flags
    replayed(table)
    result = rule_json(table_log(table), tmp_path)["result"]
    assert result["adjustments"] == list(table.result.adjustments) and result["tricks"] == table.result.tricks


def test_a_missing_card_is_a_card_its_owner_holds_and_is_found_once_l14() -> None:
    table = missing_heart()
    with pytest.raises(RulingError, match="already missing"):
        table.apply({"event": "card_missing", "seat": "W", "card": "H7"})
    with pytest.raises(RulingError, match="not among the cards east still holds"):
        table.apply({"event": "card_missing", "seat": "E", "card": "H7"})
    with pytest.raises(RulingError, match="H8 is not missing"):
        table.apply({"event": "card_found", "seat": "E", "card": "H8"})
    with pytest.raises(RulingError, match="'card' names a card"):
        table.apply({"event": "card_found", "seat": "W", "card": "seven"})


def finish_tricks(table: Table, tricks: int) -> None:
    while len(table.tricks) < tricks or (table.play_state is not None and table.play_state.current_trick):
        table.play(min(table.legal_cards()))


# ---- L67: a defective trick (TV136) ------------------------------------------------------------------------------
def hearts_from_north(*more: str) -> Table:
    """1NT by N (MISSING_DEAL, W's ♥7 in his hand): N wins two spade tricks and cashes ♥A, ♥K (E's ♥9 on trick 4)."""
    table = one_notrump()
    for card in ["ST", "S7", "S2", "SA", "SK", "S9", "S6", "S3", "HA", "H8", "H3", "H7", "HK", "H9", "H4", "D2", *more]:
        table.play(card)
    return table


def test_tv136_a_card_omitted_from_trick_4_found_after_trick_5_is_a_deemed_revoke_l67b1(tmp_path: Path) -> None:
    """E failed to play to trick 4, found after both sides played to trick 5: he faces a heart (he has one) and adds
    it (the log's ♥9); N still won trick 4; E is deemed to have revoked: one trick under L64A2 (TV136)."""
    table = hearts_from_north("HQ", "HT", "H5", "D3")
    table.apply({"event": "defective_trick", "seat": "E", "trick": 4, "omitted": True})
    assert table.record is not None
    entry = table.record.rulings[-1]
    assert (entry["law"], entry["offender"], entry["trick"]) == ("67B1(a)", "E", 4)
    assert "the trick stays with North; deemed a revoke: one trick under L64A2" in table.record.notes[-1]
    finish(table)
    assert table.result is not None and table.result.adjustments[0].startswith("L64A2: 1 trick to NS")
    assert "REVIEW(64C)" in table.record.review_flags
    replayed(table)
    assert rule_json(table_log(table), tmp_path)["result"]["adjustments"] == list(table.result.adjustments)


def test_a_card_omitted_found_in_time_is_only_added_l67a1() -> None:
    """Found before a player of each side has played to trick 5 (only N has led to it): E adds his card, no more."""
    table = hearts_from_north("HQ")
    table.apply({"event": "defective_trick", "seat": "E", "trick": 4, "omitted": True})
    assert table.record is not None and table.record.rulings[-1]["law"] == "67A1"
    finish(table)
    assert table.result is not None and not table.result.adjustments


def test_a_card_added_to_a_defective_trick_does_not_change_who_won_it_l67b1() -> None:
    """A log where E's card said to be added later to trick 6 is the one that won it cannot be right: refused."""
    table = hearts_from_north("HQ", "HT", "H5", "D3", "H2", "HJ", "H6", "D4", "C5", "C2")
    with pytest.raises(RulingError, match=r"does not change who won it \(south, L67B1\), but the log has east"):
        table.apply({"event": "defective_trick", "seat": "E", "trick": 6, "omitted": True})
    with pytest.raises(RulingError, match=r"'trick' is a quitted trick \(L67\), 1 to 6, not 7"):
        table.apply({"event": "defective_trick", "seat": "E", "trick": 7, "omitted": True})
    with pytest.raises(RulingError, match="north led to trick 4; a trick is not led without a card"):
        table.apply({"event": "defective_trick", "seat": "N", "trick": 4, "omitted": True})
    with pytest.raises(RulingError, match="'omitted'"):
        table.apply({"event": "defective_trick", "seat": "E", "trick": 4})


def test_an_extra_card_found_later_goes_back_and_the_earlier_show_out_is_a_revoke_l67b2() -> None:
    """E's ♥J stuck to his ♥8 on trick 3 (among the quitted cards, so missing from his hand, L14B1); on trick 6 he
    shows out of hearts; found after trick 6: it goes back to his hand, deemed always there, his show-out on trick 6
    a revoke (L67B2(b)); exposed, a defender's honour: a major penalty card (L67B2 footnote, L50B)."""
    table = one_notrump()
    plays(table, "ST S7 S2 SA  SK S9 S6 S3  HA H8")
    table.apply({"event": "card_missing", "seat": "E", "card": "HJ"})
    plays(table, "H3 H7  HK H9 H4 D2  HQ HT H5 D3  H2 C5 H6 D4")  # E, ♥J missing, discards ♣5 on trick 6
    table.apply({"event": "defective_trick", "seat": "E", "trick": 3, "extra": "HJ", "exposed": True})
    assert table.record is not None
    entry = table.record.rulings[-1]
    assert (entry["law"], entry["revokes"], entry["extra"]) == ("67B2", [6], "HJ")
    assert [(p.seat, str(p.card), p.major) for p in table.record.penalty_cards] == [(E, "HJ", True)]
    replayed(table)


def test_a_defenders_extra_card_found_in_time_is_a_penalty_card_l67a2_l45e1() -> None:
    table = one_notrump()
    plays(table, "ST S7 S2 SA  SK S9")
    table.apply({"event": "card_missing", "seat": "E", "card": "C5"})  # ♣5 stuck to his ♠9 on trick 2
    table.play("S6")
    table.play("S3")
    table.apply({"event": "defective_trick", "seat": "E", "trick": 2, "extra": "C5"})
    assert table.record is not None and table.record.rulings[-1]["law"] == "67A2, 45E1"
    assert [(p.seat, str(p.card), p.major) for p in table.record.penalty_cards] == [(E, "C5", False)]
    with pytest.raises(RulingError, match="C8 is not missing"):
        table.apply({"event": "defective_trick", "seat": "E", "trick": 2, "extra": "C8"})


# ---- L62C3: both sides revoked on one trick -----------------------------------------------------------------------
def test_both_sides_revoke_on_one_trick_and_only_one_side_played_to_the_next_both_are_corrected_l62c3() -> None:
    """2C by S, trick 3: N leads ♦7, E ♦8, S (holding ♦T9) discards ♥3 and W (holding diamonds) ruffs with ♣5 and
    leads ♣4 to trick 4. W's revoke is established (L63A1) but only EW have played to trick 4: attention to S's
    revoke corrects both (L62C3): every card from S's ♥3 on goes back, W's ♣5 is a major penalty card, and S must
    now follow with a diamond."""
    table = Table.from_events([*revoke_log([*REVOKE_PLAY[:8], "D7", "D8", "H3", "C5", "C4"])])
    table.apply({"event": "attention", "seat": "E"})
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.law == "62C3"
    table.apply({"event": "choose", "option": "correct"})
    assert table.play_state is not None and len(table.play_state.played()) == 10 and table.turn == S
    assert table.legal_cards() == {Card("D9"), Card("DT")}
    assert [(p.seat, str(p.card), p.major, p.law) for p in table.record.penalty_cards] == [(W, "C5", True, "62C3")]
    table.play("D9")
    assert Card("C5") not in table.legal_cards()  # W follows suit first (L44C)
    replayed(table)


# ---- L45D, L45E, L45F, L43B2(a) at the table --------------------------------------------------------------------
def test_dummys_card_declarer_did_not_name_goes_back_in_time_l45d1() -> None:
    """1NT by N, E leads ♠T and dummy (S) puts ♠7 on it unasked: attention before each side played to the next
    trick: ♠7 goes back (L45D1) and declarer names dummy's card."""
    table = one_notrump()
    plays(table, "ST S7")
    table.apply({"event": "dummy_misplaced"})
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.law == "45D1" and table.turn is None
    table.apply({"event": "choose", "option": "withdraw"})
    assert table.turn == S and Card("S7") in table.hand(S)
    table.play("S6")
    replayed(table)


def test_dummys_card_not_named_found_too_late_stays_l45d2() -> None:
    table = one_notrump()
    plays(table, "ST S7 S2 SA SK S9")
    table.apply({"event": "dummy_misplaced", "trick": 1})
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.law == "45D2" and "no automatic transfer" in table.record.pending.notes[0]
    table.apply({"event": "choose", "option": "no_rectification"})
    assert len(table.tricks) == 1 and table.turn == S
    with pytest.raises(RulingError, match="dummy has not played to trick 2"):
        table.apply({"event": "dummy_misplaced", "trick": 2})


@pytest.mark.parametrize(("lead", "pcs"), [(False, [(W, "C3", False)]), (True, [])])
def test_a_fifth_card_on_a_trick_is_a_defenders_penalty_card_unless_it_was_a_lead_l45e1(
    lead: bool, pcs: list[tuple[Seat, str, bool]]
) -> None:
    """W puts ♣3 on the completed trick 1: whether it was a lead is the director's judgement (L45E); not a lead, a
    defender's fifth card is a penalty card (L45E1, L50B: a low card, minor)."""
    table = one_notrump()
    plays(table, "ST S7 S2 SA")
    table.apply({"event": "fifth_card", "seat": "W", "card": "C3"})
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.question is not None and table.record.pending.question.id == "45E_lead"
    table.apply({"event": "judge", "question": "45E_lead", "answer": lead})
    assert [(p.seat, str(p.card), p.major) for p in table.record.penalty_cards] == pcs
    assert table.record.rulings[-1]["law"] == ("45E1, 53, 56" if lead else "45E1, 50")
    replayed(table)
    table.play("S5")
    with pytest.raises(RulingError, match="completed trick"):
        table.apply({"event": "fifth_card", "seat": "W", "card": "C4"})


def test_declarers_fifth_card_goes_back_to_his_hand_l45e2() -> None:
    table = one_notrump()
    plays(table, "ST S7 S2 SA")
    table.apply({"event": "fifth_card", "seat": "N", "card": "S4"})
    table.apply({"event": "judge", "question": "45E_lead", "answer": False})
    assert table.record is not None and table.record.penalty_cards == [] and table.turn == N
    assert table.record.rulings[-1]["law"] == "45E2"


def test_dummy_touching_a_card_play_continues_review_if_he_suggested_a_play_l45f() -> None:
    table = one_notrump()
    plays(table, "ST")
    table.apply({"event": "dummy_touched", "seat": "S", "suggested_play": True})
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "45F"
    table.apply({"event": "choose", "option": "no_rectification"})
    assert "REVIEW(45F)" in table.record.review_flags and table.turn == S
    finish(table)
    assert table.rules.open_reviews(table) == ["45F"]  # answered by the director after play (L12C1)


def test_dummy_who_broke_l43a2_warns_declarer_the_defenders_choose_the_hand_to_lead_from_l43b2a() -> None:
    """N won trick 1 and is to lead; dummy (S), who had watched declarer play (L43A2(b)), warns him: either defender
    chooses the hand declarer leads from (L43B2(a)); E (after N) chooses dummy: S's lead is accepted as in turn."""
    table = one_notrump()
    plays(table, "ST S7 S2 SA")
    table.apply({"event": "dummy_warning", "seat": "S", "broke_43a2": True})
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.law, ruling.chooser, [o.id for o in ruling.options]) == (
        "43B2(a)",
        E,
        ["lead_from_north", "lead_from_south"],
    )
    table.apply({"event": "choose", "seat": "E", "option": "lead_from_south"})
    table.play("H3", "S")  # from dummy, not in turn: accepted at once
    assert table.record.pending is None and table.turn == W
    assert table.record.rulings[-1]["law"] == "55A, 53A"
    replayed(table)
    # without the breach the warning is lawful (L42B2): nothing to rule
    plain = one_notrump()
    plays(plain, "ST S7 S2 SA")
    plain.apply({"event": "dummy_warning", "seat": "S"})
    assert plain.record is not None and plain.record.pending is None and plain.turn == N


# ---- §12.1–12.3 boards and scores at the table (TV01–TV42): the board event, and a board finished by an agreed
# claim scored by ``contractbridge rule --json``'s result (``board_result``, L77) ---------------------------------
@pytest.mark.parametrize(
    ("tv", "number", "marked", "dealer", "vulnerability"),
    [
        (1, 1, None, "N", "None"),
        (2, 7, None, "S", "All"),
        (3, 12, None, "W", "NS"),
        (4, 16, None, "W", "EW"),
        (5, 23, None, "S", "All"),
        (6, 30, None, "E", "None"),
        (7, 32, None, "W", "EW"),
        (8, 5, E, "E", "None"),  # a board marked dealer E, none vulnerable: its markings govern (L2)
    ],
)
def test_tv01_to_tv08_the_board_event_of_a_table_carries_its_dealer_and_vulnerability_l2(
    tv: int, number: int, marked: Seat | None, dealer: str, vulnerability: str
) -> None:
    board = Board(number, MISSING_DEAL) if marked is None else Board(number, MISSING_DEAL, marked, Vulnerability.NONE)
    table = Table(board, irregular=True)
    first = table.to_events()[0]
    assert (first["dealer"], first["vulnerability"]) == (dealer, vulnerability), f"TV{tv:02d}"
    assert Table.from_events(table.to_events()).turn == Seat.parse(dealer)  # the dealer calls first (L17A)


def claimed_board(contract: str, vulnerable: bool, tricks: int) -> Table:
    """N declares ``contract`` (``X``/``XX`` doubled by E, redoubled by S) on board 2 (NS vulnerable, dealer E) or
    board 1 (nobody vulnerable, dealer N); E leads and N claims ``tricks`` of the 13, E and W agree (L68, L69A)."""
    table = Table(Board(2 if vulnerable else 1, MISSING_DEAL), irregular=True)
    while table.turn != N:
        table.call("P")
    bid = contract.rstrip("X")
    table.call(bid)
    doubles = len(contract) - len(bid)
    table.call("X" if doubles else "P")
    table.call("XX" if doubles == 2 else "P")
    while table.play_state is None:
        table.call("P")
    table.play(min(table.legal_cards()))
    table.claim("N", tricks)
    table.agree("E")
    table.agree("W")
    return table


SCORES = [
    (9, "4SX", True, 7, -800),
    (10, "4S", False, 10, 420),
    (11, "4S", True, 11, 650),
    (12, "3NT", False, 9, 400),
    (13, "3NT", True, 10, 630),
    (14, "1NT", False, 7, 90),
    (15, "2SX", False, 8, 470),
    (16, "1SXX", False, 7, 520),
    (17, "1CX", False, 8, 240),
    (18, "6NT", True, 12, 1440),
    (19, "7NT", False, 13, 1520),
    (20, "7CXX", True, 13, 2660),
    (21, "6S", False, 12, 980),
    (22, "2H", False, 10, 170),
    (23, "5CX", False, 11, 550),
    (24, "3NTX", True, 10, 950),
    (25, "3NTX", False, 5, -800),
    (26, "3NTX", False, 4, -1100),
    (27, "3NTXX", False, 4, -2200),
    (28, "3NTX", True, 4, -1400),
    (29, "3NTXX", True, 3, -3400),
    (30, "4H", True, 6, -400),
    (31, "6S", True, 11, -100),
    (32, "2C", False, 9, 110),
    (33, "2DX", True, 9, 380),
    (34, "1NTXX", True, 9, 1560),
    (35, "7SX", False, 0, -3500),
    (36, "4D", False, 10, 130),
    (36, "5D", False, 11, 400),
    (37, "2NT", False, 8, 120),
    (38, "4SXX", True, 10, 1080),
]


@pytest.mark.parametrize(("tv", "contract", "vulnerable", "tricks", "score"), SCORES)
def test_tv09_to_tv38_a_board_finished_at_the_table_is_scored_by_rule_json_l77(
    tv: int, contract: str, vulnerable: bool, tricks: int, score: int
) -> None:
    table = claimed_board(contract, vulnerable, tricks)
    result = board_result(table)
    assert result is not None and result["contract"] == contract and result["declarer"] == "N"
    assert (result["tricks"], result["score_ns"]) == (tricks, score), f"TV{tv}"


def test_tv39_a_board_passed_out_at_the_table_scores_nothing_and_is_not_redealt_l22b(tmp_path: Path) -> None:
    table = Table(Board(1, MISSING_DEAL), irregular=True)
    for _ in range(4):
        table.call("P")
    state = rule_json(table_log(table), tmp_path)
    assert state["phase"] == "done" and state["result"]["passed_out"] is True and state["result"]["score_ns"] == 0
    assert "new_deal" not in state["result"]  # no redeal (L22B)


@pytest.mark.parametrize(
    ("tv", "one", "two", "imps"),
    [(40, ("4S", False, 10), ("2S", False, 10), 6), (41, ("4S", True, 10), ("4S", True, 9), 12),
     (42, ("6NT", True, 12), ("6S", False, 12), 10)],
)  # fmt: skip
def test_tv40_to_tv42_the_same_board_at_two_tables_in_imps_l78b(
    tv: int, one: tuple[str, bool, int], two: tuple[str, bool, int], imps: int
) -> None:
    """NS's scores at the two tables of a team match (+420/+170, +620/−100, +1440/+980) in IMPs (L78B); the
    difference is the vector's (TV42's two scores need different vulnerabilities, so two boards here)."""
    first, second = (board_result(claimed_board(*played)) for played in (one, two))
    assert first is not None and second is not None
    assert compare_imps(first["score_ns"] - second["score_ns"]) == imps, f"TV{tv}"


# ---- §12.12 the L64 transfers at the table (TV123–TV128, TV134): 2♠ by S, each play replayed from its log ----------
REVOKE_BOARDS = {
    123: (
        "N:Q632.A843.KJ4.96 A87.T95.732.KQT5 JT94.J2.AT86.A83 K5.KQ76.Q95.J742",
        "SK S2 S8 ST C2 C6 CT CA S9 S5 SQ SA D7 D6 D9 DJ H3 S7 HJ H6 D2 DA DQ D4 SJ D5 S6 C5 D8 H7 DK D3 C9 CQ C8 C4 "
        "CK C3 CJ S3 H4 HT H2 HK C7 HA H9 S4 DT HQ H8 H5",
    ),
    124: (
        "N:KQJ76.AJ3.T3.T72 9852.986.J962.K6 T43.KQ75.AKQ7.A8 A.T42.854.QJ9543",
        "C9 CT CK CA DQ D4 D3 D6 C8 CQ C2 C6 SA S7 S5 ST H2 H3 S9 HK H6 H7 H4 HA SJ S2 S4 C4 SQ S8 S3 HT SK D2 DK D8 "
        "HJ H9 H5 D5 DT D9 D7 C5 S6 H8 HQ CJ C7 DJ DA C3",
    ),
    125: (
        "N:Q84.AQ94..A97632 A752.JT5.9643.KQ KT963.3.QT7.JT85 J.K8762.AKJ852.4",
        "DA SQ D9 D7 C9 CK CJ C4 S2 S9 SJ S4 DK C6 D3 DQ HK H9 D6 H3 D5 HQ D4 DT CT H2 C7 CQ S7 SK H6 S8 C5 H8 C2 H5 "
        "ST D2 HA SA HT S6 H7 H4 C8 D8 C3 HJ S3 DJ CA S5",
    ),
    126: (
        "N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53",
        "S4 SJ H8 S8 SA HT S5 ST DA D3 D2 D4 HA H4 DK H5 S6 H7 C7 S9 D5 D7 D8 DQ C9 C3 CK C4 CJ C6 CT CQ DJ HQ D6 C2 "
        "H9 H3 H2 H6 S2 SQ CA HK S3 D9 C8 S7 C5 SK DT HJ",
    ),
    127: (
        "N:JT8.K74.AJ94.KJ4 9765.853.K76.Q97 AKQ3.AQ.T52.AT53 42.JT962.Q83.862",
        "H9 H4 H5 HA S3 S4 SJ S6 CJ C9 C3 C6 DJ DK D2 D3 D7 D5 D8 D9 C4 H3 CT C2 CA C8 CK C7 SQ S2 ST S5 C5 H2 S8 CQ "
        "DA D6 DT DQ HK H8 HQ HJ D4 S9 SK H6 SA HT H7 S7",
    ),
    128: (
        "N:KJ6.AJ842.K.AT76 AQ975432.T7.987. .KQ653.AJT653.K8 T8.9.Q42.QJ95432",
        "C5 C6 S5 C8 D9 D5 D2 DK SK D8 DA S8 CT S4 CK CQ S7 H3 ST SJ HJ H7 H6 H9 S6 HT D6 C4 HA SQ HQ C3 SA H5 D4 H4 "
        "D7 DT DQ H8 CJ CA S9 HK S3 DJ C2 H2 S2 D3 C9 C7",
    ),
    134: (
        "N:AQ6.AKJ5.J8.KJ74 KT932.82.AQT94.A 875.T93.763.Q532 J4.Q764.K52.T986",
        "C9 C4 CA C2 S2 S7 SJ SA HJ DQ H3 HQ C6 CJ S3 CQ D4 D7 D5 DJ H5 H2 D3 H4 C7 D9 C3 CT S4 S6 ST S5 SK S8 H6 SQ "
        "DA D6 D2 D8 H8 HT H7 HA CK DT C5 C8 HK S9 H9 DK",
    ),
}


def revoke_board(tv: int) -> Table:
    deal, cards = REVOKE_BOARDS[tv]
    table = Table(Board(1, Deal(deal)), irregular=True)
    for call in ("P", "P", "2S", "P", "P", "P"):
        table.call(call)
    plays(table, cards)
    return table


def won_after(table: Table, trick: int, side: tuple[Seat, Seat]) -> int:
    return sum(1 for t in table.tricks[trick:] if t.winner in side)


@pytest.mark.parametrize(
    ("tv", "revokes", "facts", "adjustments", "tricks"),
    [
        # E revokes on trick 5 and wins it, EW win 2 more: 2 tricks (L64A1); S took 8 at the table, 10 count
        (123, [(E, 5)], lambda t: t.tricks[4].winner == E and won_after(t, 5, (E, W)) == 2,
         ["L64A1: 2 tricks to NS, trick 5 and trick 9"], 10),
        # … and EW win no trick after it: only the revoke trick (L64A1)
        (124, [(E, 5)], lambda t: t.tricks[4].winner == E and won_after(t, 5, (E, W)) == 0,
         ["L64A1: 1 trick to NS, trick 5"], 11),
        # E revokes, W wins trick 5, EW win later: 1 trick (L64A2)
        (125, [(E, 5)], lambda t: t.tricks[4].winner == W and won_after(t, 5, (E, W)) >= 1,
         ["L64A2: 1 trick to NS, trick 5"], 7),
        # declarer S revokes, dummy wins trick 4 (not declarer, for L64): 1 trick to EW (L64A2, footnote)
        (126, [(S, 4)], lambda t: t.tricks[3].winner == N and won_after(t, 4, (N, S)) >= 1,
         ["L64A2: 1 trick to EW, trick 4"], 7),
        # E revokes on trick 6, declarer wins it, EW win nothing from trick 6 on: no transfer (L64B1), L64C
        (127, [(E, 6)], lambda t: t.tricks[5].winner == S and won_after(t, 6, (E, W)) == 0,
         ["L64B1: no automatic transfer for east's revoke"], 12),
        # E revokes in spades on tricks 3 and 7: the second transfers nothing (L64B2), L64C2(a)
        (128, [(E, 3), (E, 7)], lambda t: t.tricks[2].cards[0].suit is t.tricks[6].cards[0].suit is Suit.SPADES,
         ["L64A2: 1 trick to NS, trick 4", "L64B2: no automatic transfer for east's revoke"], 6),
        # both sides established revokes: none for either (L64B7), L64C2(b)
        (134, [(E, 3), (S, 6)], lambda t: True,
         ["L64B7: no automatic transfer for east's revoke", "L64B7: no automatic transfer for south's revoke"], 5),
    ],
)  # fmt: skip
def test_tv123_to_tv128_tv134_the_l64_transfers_at_the_table(
    tv: int, revokes: list[tuple[Seat, int]], facts: Any, adjustments: list[str], tricks: int
) -> None:
    table = revoke_board(tv)
    assert [(i.seat, i.trick) for i in table.irregularities if i.kind == "revoke"] == revokes
    assert facts(table), f"TV{tv}: the play is not the vector's"
    assert table.result is not None and list(table.result.adjustments) == adjustments, f"TV{tv}"
    assert table.result.tricks == tricks
    assert table.rules.open_reviews(table) == ["64C"]  # the director checks equity after any revoke (L64C)


# ---- §12.9–12.10 tricks and penalty cards at the table (TV92–TV94, TV104, TV106, TV108, TV109) -------------------
# E is void in spades and diamonds; S declares, W leads
TRICK_DEAL = Deal("N:65432.JT.QJT9.76 .765432..AKQJT98 K987.AKQ.AK8765. AQJT.98.432.5432")


def south_declares(contract: str) -> Table:
    table = Table(Board(1, TRICK_DEAL), irregular=True)
    for call in ("P", "P", contract, "P", "P", "P"):
        table.call(call)
    return table


def test_tv92_a_trump_wins_the_trick_l44e() -> None:
    table = south_declares("1H")
    plays(table, "SA S5 H2 SK")  # E, void in spades, ruffs
    assert table.tricks[0].winner == E and table.turn == E


def test_tv93_tv94_the_highest_card_of_the_suit_led_wins_and_leads_next_dummy_too_l44f_l44g() -> None:
    table = south_declares("1NT")
    plays(table, "D3 DQ CA DK")  # ♣A is not the suit led (TV93)
    assert table.tricks[0].winner == S and table.turn == S
    dummy = south_declares("1NT")
    plays(dummy, "D3 DQ CA D5")
    assert dummy.tricks[0].winner == N and dummy.turn == N  # the lead comes from dummy (TV94)


def test_tv104_two_low_cards_dropped_accidentally_are_both_major_penalty_cards_l50b() -> None:
    accidental = {"event": "judge", "question": "50B", "answer": False}
    table = table_of(*W_WINS_T1, "SJ", more=(expose("E", "H8"), accidental))
    assert table.record is not None and [(str(p.card), p.major) for p in table.record.penalty_cards] == [("H8", False)]
    table.apply(expose("E", "H9"))
    table.apply({"event": "choose", "seat": "director", "option": "penalty_card"})
    assert sorted((str(p.card), p.major) for p in table.record.penalty_cards) == [("H8", True), ("H9", True)]


def test_tv106_declarer_names_which_of_two_major_penalty_cards_is_played_l51a() -> None:
    more = (
        expose("E", "H8", "H9"),
        {"event": "choose", "seat": "director", "option": "penalty_card"},
        {"event": "choose", "seat": "S", "option": "no_restriction"},
    )
    table = Table.from_events([*pc_log(*W_WINS_T1), *more, *pc_log("D2", "DA", "D8", "D9", "H2")[7:]])
    assert table.turn == E and table.legal_cards() == {Card("H8"), Card("H9")}
    table.apply({"event": "call_card", "seat": "S", "card": "H8"})
    assert table.legal_cards() == {Card("H8")}


@pytest.mark.parametrize(("option", "law", "pcs"), [("accept", "52B1(a)", {"HK"}), ("refuse", "52B2", {"HK", "HJ"})])
def test_tv108_another_card_instead_of_the_major_penalty_card_declarer_accepts_or_refuses_l52b(
    option: str, law: str, pcs: set[str]
) -> None:
    """E must play his major PC ♥K but plays ♥J: declarer accepts (♥K stays a PC) or refuses (♥K is played, ♥J a
    major PC); a revoke with no automatic transfer, so REVIEW(64C) (L52B, L64B3; TV108)."""
    table = Table.from_events([*pc_log(*L52_BOARD, more=L52_MORE), *pc_log(*L52_PLAY)[7:]])
    assert table.record is not None and table.record.pending is not None and table.record.pending.review == ("64C",)
    table.apply({"event": "choose", "seat": "S", "option": option})
    assert table.record.rulings[-1]["law"] == law
    assert {str(p.card) for p in table.record.penalty_cards} == pcs


def test_tv109_declarers_card_dropped_face_up_is_no_penalty_card_l48a() -> None:
    table = table_of(*W_WINS_T1, "SJ", more=(expose("S", "H7"),))
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "48A"
    table.apply({"event": "choose", "seat": "director", "option": "no_rectification"})
    assert table.record.penalty_cards == [] and Card("H7") in table.hand(S)  # he need not play it


# ---- §12.13 a defender's claim (TV142) --------------------------------------------------------------------------
DEFENDER_CLAIM_DEAL = Deal("N:Q543.752.J92.AJ4 AT982.Q94.Q65.32 J6.86.43.KQT9765 K7.AKJT3.AKT87.8")
DEFENDER_CLAIM_PLAY = (
    "S7 SQ S8 SJ D9 DQ D3 DK D7 DJ D6 D4 H2 HQ H8 H3 H4 H6 HT H7 C8 CJ C2 CT D2 D5 C5 D8 DA H5 H9 C7 DT C4 S9 C6 HJ "
    "S3 ST C9"
)


def test_tv142_a_defenders_claim_that_needs_his_partner_to_choose_one_play_is_not_accepted_l70d2() -> None:
    """1NT by S; after 10 tricks W (♠K ♥AK) claims the last 3; E (♠A2 ♣3) might overtake ♠K, a normal play the claim
    cannot rely on (L70D2): disputed, the director's L70 ruling gives EW 1 trick, the line card by card (TV142)."""
    table = Table(Board(1, DEFENDER_CLAIM_DEAL), irregular=True)
    for call in ("P", "P", "1NT", "P", "P", "P"):
        table.call(call)
    plays(table, DEFENDER_CLAIM_PLAY)
    assert table.turn == W and str(table.hand(E)) == "A2...3" and table.play_state is not None
    before = table.play_state.declarer_tricks
    table.claim("W", 3)
    table.dispute("S")
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert ruling.law == "70" and ruling.option("confirm").effect == "EW takes 1 of the remaining 3 tricks"
    assert any("E:SA" in note and "EW takes only 1" in note for note in ruling.notes)
    table.apply({"event": "choose", "seat": "director", "option": "confirm"})
    assert table.result is not None and table.result.tricks == before + 2 and table.result.claimed
    replayed(table)


def test_tv141_an_objection_before_the_next_board_withdraws_the_agreement_the_director_rules_l69a_l70() -> None:
    """EW agreed to S's claim but E objects before his side calls on the next board: the claim is disputed and the
    director rules under L70 (L69A); once the results are posted the agreement is final (only L69B remains)."""
    table = Table.from_events(claim_log(*AGREED))
    assert table.result is not None and table.result.tricks == 13
    table.dispute("E")
    assert table.result is None and table.claim_state is not None and table.claim_state.disputed_by == E
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "70C"
    table.apply({"event": "judge", "question": "70C2", "answer": True})  # he had forgotten the ♥Q
    assert table.result is not None and table.result.tricks == 12  # one trick to EW (L70C)
    replayed(table)
    final = Table.from_events(claim_log(*AGREED, posted()))
    with pytest.raises(RulingError, match=r"the agreement is final once the results are posted \(L69A\)"):
        final.dispute("W")
