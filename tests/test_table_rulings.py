"""The auction director at a real table (issue #16, #10): each ruling replayed through ``Table(irregular=True)``.

Every test here failed on the main branch before the record became the table's one auction state
(laws-wbf2017.md §12 test vectors cited per test)."""

from __future__ import annotations

import pytest

from contractbridge import Board, Card, Deal, Phase, Seat, Suit, Table
from contractbridge.calls import Call
from contractbridge.director import LeadRestriction
from contractbridge.errors import ClaimError
from contractbridge.play import PlayState
from contractbridge.table import IrregularityKind

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
HEARTS = frozenset(c for c in DEAL[Seat.EAST] if c.suit is Suit.HEARTS)


def tv66_table() -> Table:
    """TV66: 1S P 2S (W) 2D insufficient; N rejects; W passes (not comparable) → E passes REST; 4S by N."""
    table = Table(Board(1, DEAL), irregular=True)
    for seat, c in (("N", "1S"), ("E", "P"), ("S", "2S"), ("W", "2D")):
        table.call(c, seat)
    table.apply({"event": "choose", "seat": "N", "option": "reject"})
    table.call("P", "W")
    table.apply({"event": "judge", "question": "comparable", "answer": False})
    for c in ("4S", "P", "P", "P"):
        table.call(c)
    return table


def test_l26b_lead_ban_is_enforced_tv66() -> None:
    """#16.1: after declarer forbids hearts, East may not lead one (L26B); at an irregular table the heart is
    recorded as an irregularity, a revoke that stands (L61A: a suit an opponent specified in rectification, when
    able), on a replay too (it used to stop the table with no ruling; tests/test_restriction_revoke.py)."""
    table = tv66_table()
    table.apply({"event": "choose", "seat": "N", "option": "forbid_H"})
    assert table.turn == Seat.EAST
    legal = table.legal_cards()
    assert legal == frozenset(DEAL[Seat.EAST]) - HEARTS and table.view("E").legal_cards == legal
    table.play("HA", "E")
    revoke = table.irregularities[-1]
    assert revoke.kind is IrregularityKind.RESTRICTED_CARD and revoke.seat == Seat.EAST
    assert "26B" in revoke.message and table.pending_irregularity is None and table.turn == Seat.SOUTH
    assert Table.from_events(table.to_events()).irregularities[-1] == revoke
    table.undo()
    table.play("SJ", "E")  # any other suit is fine
    assert table.turn == Seat.SOUTH


def test_l26b_ban_lasts_while_the_leader_keeps_the_lead_and_a_requirement_binds_likewise() -> None:
    """L26B: the ban binds the leader's first lead and every lead while he keeps the lead; a requirement
    (the other kind a rectification may impose) restricts the same way; a leader who cannot comply leads
    anything."""
    play = PlayState(DEAL, Call.parse("4S").strain, Seat.NORTH)  # type: ignore[attr-defined]
    ban = LeadRestriction(Seat.WEST, Seat.EAST, Seat.NORTH, tuple(Suit), "26B", True, Suit.HEARTS, True)
    east = frozenset(DEAL[Seat.EAST])
    assert ban.in_force(play) and ban.restrict(east) == east - HEARTS
    need = LeadRestriction(Seat.WEST, Seat.EAST, Seat.NORTH, (), "50D2", True, None, True, Suit.HEARTS)
    assert need.restrict(east) == HEARTS and need.restrict(east - HEARTS) == east - HEARTS
    for card in ("DK", "D5", "DA", "D8"):  # E leads, W wins: E has lost the lead
        play.push(Card(card))
    assert not ban.in_force(play)
    undecided = LeadRestriction(Seat.WEST, Seat.EAST, Seat.NORTH, tuple(Suit), "26B", True)
    assert not undecided.in_force(PlayState(DEAL, Call.parse("4S").strain, Seat.NORTH))  # type: ignore[attr-defined]


def test_the_edition_hook_gives_the_restricted_cards() -> None:
    """``Edition.legal_cards`` (the hook the play-period director adds penalty cards to) applies L26B."""
    table = tv66_table()
    table.apply({"event": "choose", "seat": "N", "option": "forbid_H"})
    rules = table.rules
    assert rules.legal_cards(table, Seat.EAST, frozenset(DEAL[Seat.EAST])) == frozenset(DEAL[Seat.EAST]) - HEARTS


def test_l26b_on_a_player_who_is_not_the_opening_leader_is_offered_at_his_first_lead_tv84() -> None:
    """#16.2 (L39C, L26B): 4S by N; East, the opening leader, bids 5H after the final pass; the restriction on
    West is chosen by declarer when West first has the lead, and binds him then."""
    table = Table(Board(1, DEAL), irregular=True)
    for c in ("4S", "P", "P", "P"):
        table.call(c)
    table.call("5H", "E")
    table.apply({"event": "choose", "seat": "director", "option": "cancel"})
    assert table.pending_irregularity is None and table.turn == Seat.EAST  # E leads: no choice yet
    for card in ("D6", "D5", "DA", "D8"):  # W wins the first trick with the DA
        table.play(card)
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.LEAD_RESTRICTION and table.turn is None
    assert pending.seat == Seat.EAST and pending.trick == 2
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.chooser == Seat.NORTH
    table.apply({"event": "choose", "seat": "N", "option": "forbid_C"})
    assert table.turn == Seat.WEST
    assert table.legal_cards() == frozenset(c for c in table.hand(Seat.WEST) if c.suit is not Suit.CLUBS)
    table.undo()
    assert table.turn is None and len(table.play_state or []) == 4  # type: ignore[arg-type]


def test_l36c_inadmissible_redouble_noticed_too_late_tv80() -> None:
    """#16.3 (L36C, TV80): 4S X P XX(unnoticed) P P P is 4S doubled by N; E's lead is the opening lead."""
    table = Table(Board(1, DEAL), irregular=True)
    for c in ("4S", "X", "P"):
        table.call(c)
    table.apply({"event": "call", "seat": "W", "call": "XX", "attention": False})
    for c in ("P", "P", "P"):
        table.call(c)
    assert table.phase is Phase.PLAY and str(table.contract) == "4SX" and table.declarer == Seat.NORTH
    assert table.turn == Seat.EAST and table.auction.is_over and str(table.auction.contract) == "4SX"
    assert [str(c) for c in table.auction] == ["4S", "X", "P", "XX", "P", "P", "P"]
    table.play("SJ", "E")
    assert table.play_state is not None and len(table.play_state) == 1 and table.irregularities == []


def test_offender_north_is_reported_as_north() -> None:
    """#16.4: Seat.NORTH is 0: a ruling against North names North (L39, L26B; L24)."""
    board = Board(2, DEAL)  # dealer E
    table = Table(board, irregular=True)
    for c in ("1S", "P", "4S", "P", "P", "P"):  # E declares 4S; S leads
        table.call(c)
    table.call("5H", "N")
    table.apply({"event": "choose", "seat": "director", "option": "cancel"})
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.LEAD_RESTRICTION and pending.seat == Seat.NORTH
    exposed = Table(Board(1, DEAL), irregular=True)
    exposed.apply({"event": "expose", "seat": "N", "cards": ["SA"]})
    pending = exposed.pending_irregularity
    assert pending is not None and pending.seat == Seat.NORTH and pending.action == Card("SA")


def test_phase_and_result_while_declarers_l26b_choice_is_pending() -> None:
    """#16.5: the auction ended in 4S; before the opening lead declarer chooses (L26B): play period, no result."""
    table = tv66_table()
    assert table.pending_irregularity is not None and table.turn is None
    assert table.phase is Phase.PLAY and table.result is None and str(table.contract) == "4S"
    assert table.view("N").phase is Phase.PLAY


def test_l68b2_partner_objects_to_a_defenders_concession_tv138() -> None:
    """#16.6 (L68B2, TV138): West concedes the rest, East objects at once: no concession; play continues."""
    table = Table(Board(1, DEAL))
    for c in ("4S", "P", "P", "P"):
        table.call(c)
    table.play("SJ")
    table.claim("W", 0, "you get the rest")
    table.dispute("E")
    assert table.claim_state is None and table.phase is Phase.PLAY and table.turn == Seat.SOUTH
    table.play("S5")
    declarer_claim = Table.from_events(table.to_events())
    declarer_claim.claim("N", 12)
    declarer_claim.dispute("E")  # a dispute of declarer's claim still goes to the director (L68D2, L70)
    assert declarer_claim.claim_state is not None and declarer_claim.claim_state.status == "disputed"
    with pytest.raises(ClaimError, match="claim"):
        declarer_claim.play("SA")


def test_the_play_survives_a_ruling_after_the_opening_lead_l13() -> None:
    """#10: five cards played, then a board irregularity (L13B1) judged playable: the five cards stay."""
    table = Table(Board(1, DEAL), irregular=True)
    for c in ("4S", "P", "P", "P"):
        table.call(c)
    for card in ("D6", "D5", "DA", "D8", "S3"):
        table.play(card)
    table.apply({"event": "board_irregularity", "kind": "incorrect_count", "called": True})
    assert table.turn is None and table.pending_irregularity is not None
    table.apply({"event": "judge", "question": "playable", "answer": True})
    assert table.play_state is not None and len(table.play_state) == 5 and table.turn == Seat.NORTH
    again = Table.from_events(table.to_events())
    assert again.play_state is not None and len(again.play_state) == 5 and again.turn == Seat.NORTH


def test_l29a_lho_may_accept_an_insufficient_call_out_of_rotation() -> None:
    """Decision (L29A vs L9B2, documented in the README): 1S by N; W bids 1H at E's turn (out of rotation and
    insufficient, L27A2 → L31 for its rectification). N, W's LHO, calls over it: that accepts it (L29A) and it
    stands as legal (as L27A1)."""
    table = Table(Board(1, DEAL), irregular=True)
    table.call("1S")
    table.call("1H", "W")
    table.call("2H", "N")
    assert table.pending_irregularity is None and str(table.auction) == "1S 1H 2H" and table.turn == Seat.EAST
    assert table.record is not None and table.record.rulings[-1]["law"] == "29A, 27A1"
