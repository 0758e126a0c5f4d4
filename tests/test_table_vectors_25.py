"""Issue #25: the digest vectors the audit found defective, replayed at a ``Table(irregular=True)`` through the
event log the way a club uses the product (``shared/spec/laws-wbf2017.md`` §12, ``laws-historic.md``)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat, Suit
from contractbridge.deal import Board, Deal
from contractbridge.table import Phase, Table
from play_helpers import replayed
from test_historic_table import after_exposure
from test_table_claims import DISPUTE, claim
from test_table_claims import log as claim_log
from test_table_revoke_transfers import PLAY as REVOKE_PLAY
from test_table_revoke_transfers import log as revoke_log

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


@pytest.mark.parametrize(("edition", "kind"), [("NL36", "a penalty card"), ("EST30", "an exposed card declarer may call")])
def test_a_defenders_cards_exposed_in_the_play_are_each_named_in_good_english_nl36_32(edition: str, kind: str) -> None:
    """The record's note on a defender's exposure in the play (NL36 32, NBB R44, EST-L33): 'each a penalty card'."""
    table = after_exposure(edition, "E", "DQ", "no_penalty")
    table.play("DQ")
    table.apply({"event": "expose", "seat": "W", "cards": ["C7", "C8"]})
    assert table.record is not None
    assert any(n.startswith(f"West exposed C7, C8: each {kind} (") for n in table.record.notes), table.record.notes
