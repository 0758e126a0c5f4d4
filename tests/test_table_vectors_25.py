"""Issue #25: the digest vectors the audit found defective, replayed at a ``Table(irregular=True)`` through the
event log the way a club uses the product (``shared/spec/laws-wbf2017.md`` §12, ``laws-historic.md``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat, Suit
from contractbridge.cli import app
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError
from contractbridge.players import Action, Driver, RandomPlayer, Wait, WaitKind
from contractbridge.table import Phase, Table
from play_helpers import log, replayed
from test_historic_table import after_exposure
from test_historic_table_play import one_spade
from test_historic_table_revokes import finish, west_revokes
from test_table_claims import DISPUTE, claim
from test_table_claims import log as claim_log
from test_table_lead_out_of_turn import log as lead_log
from test_table_penalty_cards import log as pc_log
from test_table_revoke_transfers import PLAY as REVOKE_PLAY
from test_table_revoke_transfers import log as revoke_log
from test_table_revoke_trick12 import ELEVEN, TRICK_12

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
Event = dict[str, Any]

# W holds ♠QJ32, no heart, ♦65432, ♣5432; N deals and opens 1NT: E leads.
PC_DEAL = Deal("N:AK54.AKQ2.AK7.AK T98.JT987.QJ8.QJ 76.6543.T9.T9876 QJ32..65432.5432")


def two_penalty_cards(*more: Event) -> list[Event]:
    """W exposes ♠Q and ♦4 during the auction (L24: both major penalty cards, L50B); 1NT by N, E to lead."""
    return [
        Table(Board(1, PC_DEAL), irregular=True).to_events()[0],
        {"event": "call", "seat": "N", "call": "1NT"},
        {"event": "call", "seat": "E", "call": "P"},
        {"event": "call", "seat": "S", "call": "P"},
        {"event": "expose", "seat": "W", "cards": ["SQ", "D4"], "led": False},
        {"event": "judge", "question": "partner_could_see", "answer": True},
        {"event": "call", "seat": "W", "call": "P"},
        *more,
    ]


def test_tv107_declarer_forbids_two_suits_while_partner_keeps_the_lead_l51b2b() -> None:
    table = Table.from_events(two_penalty_cards())
    assert table.record is not None and table.record.pending is not None and table.turn is None
    assert "forbid_SD" in [o.id for o in table.record.pending.options]
    table.apply({"event": "choose", "seat": "N", "option": "forbid_SD"})
    assert table.record.penalty_cards == []  # both picked up (L51B2(b))
    [restriction] = table.record.to_dict()["lead_restrictions"]
    assert restriction["forbidden"] == "SD" and restriction["law"] == "51B2(b)"
    east = frozenset(PC_DEAL[E])
    allowed = frozenset(c for c in east if c.suit not in (Suit.SPADES, Suit.DIAMONDS))
    assert table.legal_cards() == allowed == table.view(E).legal_cards
    assert "may not lead S or D while he keeps the lead" in table.record.explain()
    # E wins the first trick with ♥J (N plays low): the ban lasts while he keeps the lead
    for card in ["HJ", "H3", "S2", "H2"]:
        table.play(card)
    assert table.turn == E and table.legal_cards() == allowed - {Card("HJ")}
    replayed(table)


def test_tv107_one_suit_options_still_work_l51b2a() -> None:
    table = Table.from_events(two_penalty_cards({"event": "choose", "seat": "N", "option": "forbid_S"}))
    assert table.legal_cards() == frozenset(c for c in PC_DEAL[E] if c.suit is not Suit.SPADES)
    assert table.record is not None and table.record.to_dict()["lead_restrictions"][0]["forbidden"] == "S"


def test_tv139_play_on_by_agreement_at_a_director_table_voids_the_pending_l70_ruling_l68d2b() -> None:
    table = Table.from_events(claim_log(claim("draw trumps first"), DISPUTE))
    assert table.record is not None and table.record.pending is not None and table.turn is None
    table.play_on(E)  # the README's event: the non-claiming side asked and all four agreed
    assert table.record.pending is None and table.claim_state is None and table.turn == S
    assert table.record.rulings[-1]["law"] == "68D2(b)" and table.record.rulings[-1]["option"] == "play_on"
    for card in ["SA", "C6", "D4", "HQ"]:  # the play continues and its result stands (TV139)
        table.play(card)
    assert table.turn == E and table.phase is Phase.PLAY
    replayed(table)
    table.undo()
    table.undo()
    table.undo()
    table.undo()
    table.undo()  # the play_on: the ruling is pending again
    assert table.record.pending is not None and table.record.pending.irregularity == "claim"


def test_tv149_dummy_who_broke_l43a2_draws_attention_to_a_defenders_revoke_no_correction_l43b3() -> None:
    table = Table.from_events([*revoke_log(REVOKE_PLAY[:12]), {"event": "attention", "seat": "N", "broke_43a2": True}])
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.irregularity, ruling.law, ruling.offender) == ("dummy_attention", "43B3", W)
    assert [o.id for o in ruling.options] == ["no_rectification"]  # not L62B1
    table.apply({"event": "choose", "seat": "director", "option": "no_rectification"})
    assert table.record.penalty_cards == [] and Card("C5") not in table.hand(W)  # the revoke stands as played
    assert "REVIEW(43B3)" in table.record.review_flags  # after play only the defenders' score may be adjusted
    assert table.turn is not None
    replayed(table)
    # without the breach, attention to the same revoke is the L62 correction
    plain = Table.from_events([*revoke_log(REVOKE_PLAY[:12]), {"event": "attention", "seat": "S"}])
    assert plain.record is not None and plain.record.pending is not None and plain.record.pending.law == "62B1"


@pytest.mark.parametrize(
    ("edition", "kind"), [("NL36", "a penalty card"), ("EST30", "an exposed card declarer may call")]
)
def test_a_defenders_cards_exposed_in_the_play_are_each_named_in_good_english_nl36_32(edition: str, kind: str) -> None:
    """The record's note on a defender's exposure in the play (NL36 32, NBB R44, EST-L33): 'each a penalty card'."""
    table = after_exposure(edition, "E", "DQ", "no_penalty")
    table.play("DQ")
    table.apply({"event": "expose", "seat": "W", "cards": ["C7", "C8"]})
    assert table.record is not None
    assert any(n.startswith(f"West exposed C7, C8: each {kind} (") for n in table.record.notes), table.record.notes


# ---- `contractbridge rule --json`: the structured result of a finished board, under every edition ----------------
def rule_json(table: Table, tmp_path: Path) -> dict[str, Any]:
    log = tmp_path / "board.jsonl"
    log.write_text(table.to_jsonl(), encoding="utf-8")
    out = CliRunner().invoke(app, ["rule", str(log), "--json"])
    assert out.exit_code == 0, out.output
    state: dict[str, Any] = json.loads(out.output)
    return state


@pytest.mark.parametrize(
    ("edition", "score", "scoring"),
    # 1S by N, 8 tricks, nobody vulnerable: duplicate 80 + 30 + 50 part score (L77; NL75 the same table);
    # rubber 30 below + 30 above the line, no honours (NBB R30, R31; EST-S06; NL36)
    [
        ("WBF17", 110, "duplicate"),
        ("NL75", 110, "duplicate"),
        ("NBB30", 60, "rubber"),
        ("EST30", 60, "rubber"),
        ("NL36", 60, "rubber"),
    ],
)
def test_rule_json_gives_the_result_and_the_real_phase_of_a_finished_board(
    edition: str, score: int, scoring: str, tmp_path: Path
) -> None:
    table = one_spade(edition)
    finish(table)
    state = rule_json(table, tmp_path)
    assert state["phase"] == "done"  # 13 tricks played, as replay says (the auction record alone said "play")
    assert state["result"] == {
        "contract": "1S",
        "declarer": "N",
        "tricks": 8,
        "tricks_ns": 8,
        "score_ns": score,
        "adjustments": [],
        "claimed": False,
        "passed_out": False,
        "scoring": scoring,
    }


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R55(6)"), ("EST30", "EST-L38"), ("NL36", "NL36 27.4")])
def test_rule_json_result_carries_the_revoke_transfer_with_its_law(edition: str, law: str, tmp_path: Path) -> None:
    table = west_revokes(edition)
    table.play("S9")  # E leads to trick 2: W's revoke is established (R55(2))
    finish(table)
    result = rule_json(table, tmp_path)["result"]
    assert result["adjustments"] == [f"2 tricks from EW to NS for 1 revoke ({law})"]
    assert (result["tricks"], result["tricks_ns"], result["score_ns"]) == (9, 9, 90)  # 7 at the table + 2: 1S+2


def test_rule_json_has_no_result_before_the_board_is_done(tmp_path: Path) -> None:
    state = rule_json(one_spade("WBF17"), tmp_path)
    assert state["phase"] == "play" and state["result"] is None


def test_tv112_dummys_card_to_an_accepted_opening_lead_out_of_turn_stands_nothing_to_rule_l54b2() -> None:
    accepted = [*lead_log(), {"event": "choose", "seat": "S", "option": "accept"}]  # E led ♥K out of turn (TV110)
    table = Table.from_events([*accepted, {"event": "play", "seat": "N", "card": "H2"}])  # second card from dummy
    assert table.record is not None and table.record.pending is None and table.pending_irregularity is None
    assert table.record.rulings[-1]["law"] == "54B2" and table.record.rulings[-1]["option"] == "stands"
    assert not any(r["law"] == "57C3" for r in table.record.rulings)  # not a premature play
    assert table.turn == S  # declarer still plays his own card, then W; dummy's ♥2 cannot be withdrawn
    table.play("H4")
    table.play("S2")
    assert table.turn == N and table.legal_cards() == {Card("H2")}
    table.play("H2")
    assert table.play_state is not None and [str(c) for _, c in table.play_state.tricks[0]] == ["HK", "H4", "S2", "H2"]
    replayed(table)
    for _ in range(4):
        table.undo()
    assert table.turn == S and table.record.pending is None and Card("H2") in table.hand(N)


# ---- historic: a lead out of turn the other side plays to stands (NBB R45, R46(3); EST-L30, L32; NL36 26.6) ------
@pytest.mark.parametrize(
    ("edition", "law", "option", "declarer"),
    [
        ("NBB30", "NBB R46(3)", "declarer_becomes_dummy", S),
        ("EST30", "EST-L30", "declarer_becomes_dummy", S),
        ("NL36", "NL36 26.6", "accept", N),
    ],
)
def test_historic_tv77_declarer_plays_from_his_hand_to_rhos_wrong_opening_lead(
    edition: str, law: str, option: str, declarer: Seat
) -> None:
    """1S by N: W (declarer's RHO) leads ♦A instead of E; N plays ♦8 from his own hand before choosing a penalty:
    the lead stands and N becomes dummy, S declarer (R46(3), EST-L30); NL36 has no such clause: the lead is
    accepted and N stays declarer ([DIFF])."""
    table = one_spade(edition)
    table.play("DA", "W")
    assert table.turn is None and table.record is not None and table.record.pending is not None
    table.play("D8", "N")  # refused before: "awaits the director's ruling"
    assert table.record.pending is None and table.pending_irregularity is None
    assert table.record.rulings[-1]["option"] == option and table.record.rulings[-1]["law"] == law
    assert table.declarer == declarer and table.turn == E
    assert table.play_state is not None and table.play_state.current_trick == [(W, Card("DA")), (N, Card("D8"))]
    replayed(table)
    table.undo()
    assert table.record.pending is not None and table.declarer == N  # the choice is back with declarer


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R45"), ("EST30", "EST-L32"), ("NL36", "NL36 26.6(a)")])
def test_historic_tv81_a_defenders_card_to_a_lead_from_the_wrong_hand_makes_it_stand(edition: str, law: str) -> None:
    """N wins trick 1 and leads ♠6 from dummy S instead; W plays ♠4 to it before a defender objects: the lead
    stands (R45, EST-L32; NL36 26.6: it must be accepted). E, whose objection it was, could have had it taken back;
    a card from the offending side (N) still waits for the defenders' choice."""
    table = one_spade(edition)
    for card in ["S9", "S5", "S3", "SA"]:
        table.play(card)
    table.play("S6", "S")
    with pytest.raises(BridgeError):
        table.play("S2", "N")  # not the other side's next hand: the lead still awaits the defenders' choice
    table.play("S4", "W")
    assert table.record is not None and table.record.pending is None
    assert table.record.rulings[-1]["option"] == "accept" and table.record.rulings[-1]["law"] == law
    assert table.turn == N and table.declarer == N
    replayed(table)


# ---- TV130/TV132: after a corrected revoke the offender's partner plays his card again (L62C1, L62C2) -----------
def trick_12_corrected() -> Table:
    """Trick 12 (test_table_revoke_trick12): N leads ♦7, E discards ♥K holding ♦Q, S ♣7, W ♦3; attention, the
    director corrects it (L62D1): ♥K a major penalty card (L62B1), E plays ♦Q."""
    table = Table.from_events(
        [*log(*ELEVEN, *TRICK_12), {"event": "attention", "seat": "S"}, {"event": "choose", "option": "correct"}]
    )
    assert table.record is not None and [(p.seat, p.card) for p in table.record.penalty_cards] == [(E, Card("HK"))]
    table.play("DQ")
    return table


def test_tv130_the_partners_card_is_played_again_when_no_non_offender_withdrew_l62c2() -> None:
    table = trick_12_corrected()
    table.play("C7")  # S plays the same card again: nothing withdrawn (L62C1 is his option)
    assert table.turn == W and table.legal_cards() == {Card("D3")}  # W may not withdraw (L62C2)
    table.play("D3")
    assert table.record is not None and [p.card for p in table.record.penalty_cards] == [Card("HK")]
    replayed(table)


def test_tv132_after_a_non_offender_withdraws_the_partner_may_too_his_card_a_major_penalty_card_l62c2() -> None:
    table = trick_12_corrected()
    other = next(c for c in table.hand(S) if c != Card("C7"))
    table.play(str(other))  # S withdraws his ♣7 (L62C1)
    assert table.turn == W and Card("D3") in table.legal_cards() and len(table.legal_cards()) > 1
    kept = Table.from_events(table.to_events())
    kept.play("D3")  # at his option he keeps it: no penalty card
    assert kept.record is not None and [p.card for p in kept.record.penalty_cards] == [Card("HK")]
    changed = next(c for c in table.legal_cards() if c != Card("D3"))
    table.play(str(changed))
    assert table.record is not None
    assert [(p.seat, p.card, p.major, p.law) for p in table.record.penalty_cards][-1] == (W, Card("D3"), True, "62C2")
    replayed(table)


def test_tv139_the_driver_waits_for_the_director_then_plays_on_after_the_players_play_on_l68d2b() -> None:
    """``players.Driver`` at a director's table: a disputed claim waits for the director (L68D2(a), L70); once the
    players' ``play_on`` is applied the robots play the board out."""
    table = Table.from_events(claim_log(claim("draw trumps first"), DISPUTE))
    driver = Driver(table, {seat: RandomPlayer(seed=seat.value) for seat in Seat})
    waiting = driver.step()
    assert isinstance(waiting, Wait) and waiting.kind is WaitKind.DIRECTOR
    table.play_on(E)
    while table.phase is not Phase.DONE:
        assert isinstance(driver.step(), Action)
    assert table.result is not None and not table.result.claimed


@pytest.mark.parametrize("edition", ["NBB30", "EST30", "NL36"])
def test_a_1930s_table_never_cites_the_2017_laws_while_a_ruling_waits(edition: str) -> None:
    """W leads out of turn; E's card, a call and the driver's wait name the ruling without L9B/L10C1 (#25)."""
    table = one_spade(edition)
    table.play("DA", "W")
    said: list[str] = []
    for attempt in (lambda: table.play("S9", "E"), lambda: table.call("P")):
        with pytest.raises(BridgeError) as refused:
            attempt()
        said.append(str(refused.value))
    waiting = Driver(table, {}).step()
    assert isinstance(waiting, Wait) and waiting.kind is WaitKind.CHOOSE
    said.append(waiting.why)
    assert all("L9B" not in text and "L10C" not in text for text in said), said
    wbf = Driver(Table.from_events(lead_log()), {}).step()
    assert isinstance(wbf, Wait) and "(L10C1, L9B2)" in wbf.why  # the 2017 table still cites them


def test_rule_no_longer_lists_a_penalty_card_once_it_is_played_l50a(tmp_path: Path) -> None:
    """W exposed ♠Q ♠J in the auction (L24E) and leads ♠J: ``rule`` lists only ♠Q, in JSON and in words."""
    table = Table.from_events(pc_log("W:SJ"))
    log = tmp_path / "board.jsonl"
    log.write_text(table.to_jsonl(), encoding="utf-8")
    state = rule_json(table, tmp_path)
    assert [p["card"] for p in state["penalty_cards"]] == ["SQ"]
    words = CliRunner().invoke(app, ["rule", str(log)]).output
    assert "West's SQ is a major penalty card" in words and "West's SJ is" not in words


# ---- L64B4 (TV129): a revoke first noticed after a call on the next board transfers nothing ----------------------
NOTICE: Event = {"event": "revoke_notice", "seat": "W", "trick": 3, "notice": "after_next_deal_call"}


def test_tv129_a_revoke_noticed_after_the_next_board_began_transfers_nothing_l64b4() -> None:
    played = Table.from_events(revoke_log(REVOKE_PLAY))
    assert played.result is not None and played.result.tricks == 12  # noticed in time: 2 tricks (L64A1)
    table = Table.from_events([*revoke_log(REVOKE_PLAY), NOTICE])
    result = table.result
    assert result is not None and result.tricks == 10  # the tricks as played
    assert result.adjustments == ("L64B4: no automatic transfer for west's revoke",)
    assert table.record is not None and "REVIEW(64C)" in table.record.review_flags  # equity still (L64C)
    replayed(table)
    table.undo()
    assert table.result is not None and table.result.tricks == 12


@pytest.mark.parametrize(
    "bad",
    [
        {**NOTICE, "trick": 4},  # no revoke there
        {**NOTICE, "notice": "in_time"},
        {**NOTICE, "notice": "later"},
        {**NOTICE, "seat": "E"},
    ],
)
def test_a_revoke_notice_that_names_no_revoke_is_refused_and_changes_nothing(bad: Event) -> None:
    table = Table.from_events(revoke_log(REVOKE_PLAY))
    before = table.to_events()
    with pytest.raises(BridgeError):
        table.apply(bad)
    assert table.to_events() == before and table.result is not None and table.result.tricks == 12
    unplayed = Table.from_events(revoke_log(REVOKE_PLAY[:20]))
    with pytest.raises(BridgeError):
        unplayed.apply(NOTICE)  # only once the board is played
