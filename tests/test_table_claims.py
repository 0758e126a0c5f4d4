"""Issue #11 wiring: a disputed claim at an irregular WBF17 table (L68D2, L70; digest
``shared/spec/laws-wbf2017.md`` §12.13 TV137, TV139) becomes the director's pending ruling, proposed by the L70
check of ``laws.wbf17.claims`` from the claim statement; the director's ``judge``/``choose`` settles it and the
table scores the figure; replaying the log gives the same table."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import ClaimError, JudgementRequiredError, RulingError
from contractbridge.table import Phase, Table
from play_helpers import replayed

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# 4♥ by S. S wins ten tricks, then leads SA HA HK; N D4 D3 D2; E HQ C3 C2; W C6 C5 C4: E's ♥Q is out (TV137).
DEAL = Deal("N:J85.76.T95432.T9 762.Q542.87.8732 AKQ.AKJT3.AK6.AK T943.98.QJ.QJ654")
Event = dict[str, Any]
TRICKS = "ST S8 S7 SK  SQ S9 SJ S6  CA CQ CT C8  CK CJ C9 C7  HJ H9 H7 H5  HT H8 H6 H4  DA DQ DT D8  DK DJ D9 D7"
TRICKS += "  H3 S4 S5 H2  D6 S3 D5 S2"


def log(*more: Event) -> list[Event]:
    calls = [{"event": "call", "call": c} for c in ["P", "P", "4H", "P", "P", "P"]]
    cards = [{"event": "play", "card": c} for c in TRICKS.split()]
    return [Table(Board(1, DEAL), irregular=True).to_events()[0], *calls, *cards, *more]


def claim(statement: str = "", tricks: int = 3) -> Event:
    return {"event": "claim", "seat": "S", "tricks": tricks, "statement": statement}


DISPUTE: Event = {"event": "dispute", "seat": "E"}


def director(option: str) -> Event:
    return {"event": "choose", "seat": "director", "option": option}


def test_tv137_disputed_claim_unmentioned_trump_is_the_directors_judgement_l70c() -> None:
    table = Table.from_events(log(claim(), DISPUTE))
    assert table.phase is Phase.PLAY and table.turn is None
    ruling = table.record.pending if table.record is not None else None
    assert ruling is not None and (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == (
        "claim",
        "70C",
        S,
        None,
    )
    assert ruling.question is not None and ruling.question.id == "70C2"
    outcomes = [(o.id, o.law, o.answer) for o in ruling.options]
    assert outcomes == [("confirm", "70C", True), ("not_forgotten", "70C2", False)]
    assert any("E:HQ" in note for note in ruling.notes)  # the losing line, card by card
    assert any(note.startswith("Evidence, not a ruling: double dummy") for note in ruling.notes)
    with pytest.raises(JudgementRequiredError):  # the engine asks; the director answers
        table.apply(director("confirm"))
    table.apply({"event": "judge", "question": "70C2", "answer": True})
    assert table.phase is Phase.DONE and table.claim_state is not None and table.claim_state.status == "ruled"
    result = table.result
    assert result is not None and result.claimed and result.tricks == 12  # 10 won + 2: one trick to EW (TV137)
    replayed(table)
    table.undo()
    assert table.record is not None and table.record.pending is not None and table.result is None


def test_tv137_trump_not_forgotten_all_three_tricks_l70c2() -> None:
    table = Table.from_events(log(claim(), DISPUTE, {"event": "judge", "question": "70C2", "answer": False}))
    result = table.result
    assert result is not None and result.tricks == 13
    replayed(table)


def test_l70_statement_that_draws_trumps_is_confirmed_or_overridden_l70b() -> None:
    table = Table.from_events(log(claim("draw trumps first"), DISPUTE))
    ruling = table.record.pending if table.record is not None else None
    assert ruling is not None and ruling.law == "70" and ruling.question is None
    assert [o.id for o in ruling.options] == ["confirm", "award_0", "award_1", "award_2", "award_3", "play_on"]
    assert ruling.options[0].effect == "NS takes 3 of the remaining 3 tricks"
    with pytest.raises(RulingError):  # the director rules, not a player (L70)
        table.apply({"event": "choose", "seat": "S", "option": "confirm"})
    table.apply(director("confirm"))
    assert table.result is not None and table.result.tricks == 13
    overridden = Table.from_events(log(claim("draw trumps first"), DISPUTE, director("award_1")))
    assert overridden.result is not None and overridden.result.tricks == 11  # L70B: the director's figure
    replayed(overridden)


def test_a_free_text_statement_is_checked_as_none_l70a() -> None:
    table = Table.from_events(log(claim("my hand is good"), DISPUTE))
    ruling = table.record.pending if table.record is not None else None
    assert ruling is not None and ruling.law == "70C"
    assert any("not in the structured form" in n for n in ruling.notes)


def test_tv139_play_on_by_agreement_voids_the_claim_l68d2b() -> None:
    table = Table.from_events(log(claim("draw trumps first"), DISPUTE, director("play_on")))
    assert table.claim_state is None and table.phase is Phase.PLAY and table.turn == S
    for card in ["HA", "C4", "D2", "HQ", "HK", "C5", "D3", "C2", "SA", "C6", "D4", "C3"]:
        table.play(card)
    assert table.result is not None and table.result.tricks == 13 and not table.result.claimed  # the play stands
    replayed(table)


def test_agreement_and_dispute_after_the_ruling_are_refused() -> None:
    table = Table.from_events(log(claim("draw trumps first"), DISPUTE, director("confirm")))
    before = table.to_events()
    for event in ({"event": "agree", "seat": "W"}, {"event": "dispute", "seat": "W"}):
        with pytest.raises(ClaimError):
            table.apply(event)
    with pytest.raises(ClaimError):
        table.settle_claim(2)
    assert table.to_events() == before


def test_a_strict_table_leaves_a_disputed_claim_alone() -> None:
    table = Table(Board(1, DEAL))
    for event in log(claim(), DISPUTE)[1:]:
        table.apply(event)
    assert table.claim_state is not None and table.claim_state.status == "disputed" and table.result is None


def test_play_on_voids_a_disputed_claim_and_keeps_it_in_the_log_l68d2b() -> None:
    """L68D2(b): at a table without a director a disputed claim is void and play continues by agreement; the
    claim, the dispute and the ``play_on`` stay in the log (the claimer's hand was seen: L68C) and replay."""
    table = Table(Board(1, DEAL))
    for event in log()[1:]:
        table.apply(event)
    turn = table.turn
    table.apply(claim())
    with pytest.raises(ClaimError, match="not disputed"):
        table.play_on(E)  # only a disputed claim is made void
    table.apply(DISPUTE)
    table.play_on(E)
    assert table.claim_state is None and table.phase is Phase.PLAY and table.turn == turn
    assert [e["event"] for e in table.to_events()[-3:]] == ["claim", "dispute", "play_on"]
    assert Table.from_events(table.to_events()).to_events() == table.to_events()
    table.undo()
    assert table.claim_state is not None and table.claim_state.status == "disputed"
    with pytest.raises(ClaimError, match="no claim"):
        Table.from_events(table.to_events()[:-2]).play_on(E)
