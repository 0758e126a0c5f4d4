"""The director's rulings read a call not written on a pair's card by the system the card names, when the project
implements it (L40A1(b): the pair's agreements, disclosed by its card; ``PartnershipAgreements.meaning``): the
Club system's 1C is artificial (L29C, L30C), Culbertson's cue-bid replacing an insufficient bid is artificial
(L27B1(a)), and a misexplanation ruling quotes what the named system says (L21B, L20F1). A named system the
project does not implement is taken as natural, and the ruling says so for the director to judge."""

from __future__ import annotations

from typing import Any

from contractbridge.calls import Call
from contractbridge.cards import Seat, Side, Suit
from contractbridge.deal import Board, Deal
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Table
from director_helpers import call, choose, replay

CLUB_EW = PartnershipAgreements(systems={Side.EW: "club"})
UNKNOWN_EW = PartnershipAgreements(systems={Side.EW: "precision"})


def test_meaning_reads_the_named_system_for_calls_not_on_the_card_l40a1b() -> None:
    one_club = Call.parse("1C")
    club = CLUB_EW.meaning([], one_club, Seat.EAST)
    assert club.artificial and Suit.CLUBS not in club.specified_suits and club.rule == "EST-B55"
    # the other pair's card names no system: natural; the card's own entry comes before the system
    assert not CLUB_EW.meaning([], one_club, Seat.NORTH).artificial
    written = CLUB_EW.with_call(Side.EW, "P 1C", "natural, 3+ clubs", suits="C")
    assert written.meaning([Call.parse("P")], one_club, Seat.EAST).text == "natural, 3+ clubs"
    # the named system's reading depends on the standing auction: 1C by the responder is no Club opening
    assert CLUB_EW.meaning([Call.parse("1C"), Call.parse("P")], Call.parse("1D"), Seat.WEST).artificial
    # a call the system does not cover is natural, as is every call of a system the project does not implement
    assert CLUB_EW.system_meaning([Call.parse("1S")], Call.parse("2NT"), Seat.EAST) is None
    assert UNKNOWN_EW.system_meaning([], one_club, Seat.EAST) is None
    assert UNKNOWN_EW.meaning([], one_club, Seat.EAST).text == "natural"
    # ``described`` stays "a call is written on a card"
    assert not CLUB_EW.described and written.described


def test_the_alert_policy_reads_the_named_system_l40b2aiii() -> None:
    assert CLUB_EW.alertable([], Call.parse("1C"), Seat.EAST)
    assert not CLUB_EW.alertable([], Call.parse("1D"), Seat.EAST)
    assert not UNKNOWN_EW.alertable([], Call.parse("1C"), Seat.EAST)


def test_an_artificial_club_out_of_rotation_is_ruled_on_as_artificial_l29c() -> None:
    """E opens the Club system's artificial 1C out of rotation (dealer N): L29C applies only when the named
    system is read; an unimplemented one is taken as natural and the note says the director judges."""
    club = replay(call("E", "1C"), system=CLUB_EW)
    assert club.pending is not None and any("L29C" in n for n in club.pending.notes)
    assert "No system description for NS: its calls are taken as natural." in club.pending.notes
    both = replay(call("E", "1C"), system=CLUB_EW.with_system(Side.NS, "culbertson"))
    assert both.pending is not None and not any("No system description" in n for n in both.pending.notes)
    natural = replay(call("E", "1C"))
    assert natural.pending is not None and not any("L29C" in n for n in natural.pending.notes)
    assert any("No system description" in n for n in natural.pending.notes)
    unknown = replay(call("E", "1C"), system=UNKNOWN_EW)
    assert unknown.pending is not None and not any("L29C" in n for n in unknown.pending.notes)
    assert any("precision system, which is not implemented" in n for n in unknown.pending.notes)


def test_an_insufficient_bid_replaced_by_the_named_systems_cue_bid_is_not_mechanical_l27b1a() -> None:
    """N 1D, E 1D (insufficient), rejected, E 2D: natural, the lowest bid in the denomination ends it (L27B1(a));
    by Culbertson, which EW's card names, 2D over 1D is an artificial cue-bid: the director judges (L27B1(a))."""
    base = [call("N", "1D"), call("E", "1D"), choose("S", "reject"), call("E", "2D")]
    assert replay(*base).pending is None
    named = replay(*base, system=PartnershipAgreements(systems={Side.EW: "culbertson"}))
    assert named.pending is not None and named.pending.question is not None
    assert named.pending.question.id == "same_denominations"


DEAL = Deal("N:A.Q8542.J82.KQ85 JT76.97.KT76.743 Q542.J3.A953.AJ9 K983.AKT6.Q4.T62")


def _misexplained(agreements: PartnershipAgreements) -> list[str]:
    """E opens 1C, S passes, W is asked and says "natural, clubs"; E calls it misexplained: the ruling's notes."""
    t = Table(Board(1, DEAL), irregular=True, agreements=agreements)
    events: list[dict[str, Any]] = [
        {"event": "call", "seat": "N", "call": "P"},
        {"event": "call", "seat": "E", "call": "1C"},
        {"event": "question", "seat": "S", "call": 2},
        {"event": "answer", "seat": "W", "text": "natural, clubs"},
        {"event": "misexplanation", "seat": "W", "call": 2, "kind": "explanation"},
    ]
    for event in events:
        t.apply(event)
    assert t.record is not None and t.record.pending is not None
    return t.record.pending.notes


def test_a_misexplanation_ruling_quotes_the_named_system_l21b_l20f1() -> None:
    card = next(n for n in _misexplained(CLUB_EW) if n.startswith("The system card of EW"))
    assert "not on the card, which names the club system: by it, artificial" in card and ", artificial;" in card
    assert "alertable under the event's policy: yes" in card
    unknown = next(n for n in _misexplained(UNKNOWN_EW) if n.startswith("The system card of EW"))
    assert "natural (not on the card, which names the precision system, not implemented" in unknown
    plain = next(n for n in _misexplained(PartnershipAgreements()) if n.startswith("The system card of EW"))
    assert "natural (not on the card)" in plain and "alertable under the event's policy: no" in plain


def test_a_call_out_of_rotation_is_read_as_if_the_skipped_players_had_passed_l29c() -> None:
    """Dealer N: N 1S, then S raises to 2S at E's turn. With the dealer the Club system reads 1S P 2S, partner's
    raise (natural); read as made in turn it would be an opponent's 1S and a cue-bid (artificial)."""
    club_ns = PartnershipAgreements(systems={Side.NS: "club"})
    before, raise_ = [Call.parse("1S")], Call.parse("2S")
    assert not club_ns.meaning(before, raise_, Seat.SOUTH, dealer=Seat.NORTH).artificial
    assert club_ns.meaning(before, raise_, Seat.SOUTH).artificial  # the call in turn: E's cue-bid seat
    da = replay(call("N", "1S"), call("S", "2S"), system=club_ns)
    assert da.pending is not None and not any("L29C" in n for n in da.pending.notes)
    assert not da.meaning(len(da.entries) - 1).artificial


def test_a_call_out_of_rotation_after_which_the_auction_would_have_ended_is_not_read_by_the_system_l29c() -> None:
    """Dealer N: 1S P P, then E bids 2S at W's turn. The pass it skipped would have ended the auction (1S P P P), so
    no system reads the call: natural, the director judges (the Club system read it as a cue-bid before)."""
    before = [Call.parse(c) for c in ("1S", "P", "P")]
    for call_ in ("2S", "X"):
        assert not CLUB_EW.meaning(before, Call.parse(call_), Seat.EAST, dealer=Seat.NORTH).artificial
    assert CLUB_EW.system_meaning(before, Call.parse("2S"), Seat.EAST, dealer=Seat.NORTH) is None
    passed = [Call.parse("P")] * 3  # dealer S: S, W, N passed; West's call at East's turn skips the fourth pass
    assert CLUB_EW.system_meaning(passed, Call.parse("1C"), Seat.WEST, dealer=Seat.SOUTH) is None
    assert CLUB_EW.system_meaning(passed, Call.parse("1C"), Seat.EAST, dealer=Seat.SOUTH) is not None  # in turn
