"""Issue #12 item 3 at a real table: the play-period rulings of NBB30, EST30 and NL36 reached through the Edition
hooks (``card_irregularity``, ``legal_cards``, ``adjust_tricks``, ``claim_agreement``,
``objection_cancels_claim``) of ``Table(irregular=True, edition=...)``, each ruling chosen by a ``choose`` event
(or applied by an ``attention`` event when automatic) and every log refolding to the same table. Vector ids are
those of laws-historic.md §8.3 (they collide with laws-wbf2017.md's: "digest TVnn" below is the historic one)."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import ClaimError, IrregularityPendingError, RulingError
from contractbridge.table import IrregularityKind, Phase, Table
from director_helpers import choose
from play_helpers import replayed

#        N: ♠AKQ2 ♥KJ4 ♦T98 ♣A53     E: ♠JT9 ♥AQ8 ♦KQ76 ♣K42
#        S: ♠8765 ♥T976 ♦J5 ♣QJ6     W: ♠43 ♥532 ♦A432 ♣T987
DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
RUBBER = ("NBB30", "EST30", "NL36")


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(c) for c in text.split())


def one_spade(edition: str) -> Table:
    """N opens 1S, all pass: N declares, S is dummy, E leads (NBB R18)."""
    table = Table(Board(1, DEAL, dealer=Seat.NORTH), edition, irregular=True)
    for c in ("1S", "P", "P", "P"):
        table.call(c)
    return table


def play(table: Table, text: str) -> None:
    for c in text.split():
        table.play(c)


def options(table: Table) -> tuple[str, ...]:
    assert table.record is not None and table.record.pending is not None
    return tuple(o.id for o in table.record.pending.options)


# ---- §3.3 leads out of turn -------------------------------------------------------------------------------
def test_a_defender_s_lead_out_of_turn_stops_the_table_for_declarer_s_choice_r46_2() -> None:
    """W leads DA at E's turn: declarer N chooses among the edition's remedies (NBB R46(2) I–III; NL36 26.6(b):
    penalty card or a named suit); nobody plays until he has chosen."""
    for name, law in [("NBB30", "NBB R46(2)"), ("EST30", "EST-L30"), ("NL36", "NL36 26.6(b)")]:
        table = one_spade(name)
        table.play("DA", "W")
        pending = table.pending_irregularity
        assert pending is not None and pending.kind == IrregularityKind.LEAD_OUT_OF_TURN and pending.seat == Seat.WEST
        assert table.record is not None and table.record.pending is not None
        assert table.record.pending.law == law and table.record.pending.chooser == Seat.NORTH
        assert table.turn is None and table.legal_cards() == frozenset()
        with pytest.raises(IrregularityPendingError):
            table.play("DK", "E")
        with pytest.raises(RulingError, match="North"):
            table.apply(choose("E", "accept"))
        replayed(table)
    assert options(one_spade_with("NBB30", "DA W")) == (
        "lead_S", "lead_H", "lead_D", "lead_C", "exposed_forbid", "accept", "declarer_becomes_dummy"
    )  # fmt: skip
    assert options(one_spade_with("NL36", "DA W")) == ("penalty_card", "lead_S", "lead_H", "lead_D", "lead_C", "accept")


def one_spade_with(name: str, card_seat: str) -> Table:
    table = one_spade(name)
    card, seat = card_seat.split()
    table.play(card, seat)
    return table


@pytest.mark.parametrize("name", RUBBER)
def test_a_named_suit_binds_the_offending_side_s_first_lead_r46_2_i_nl36_26_6_b(name: str) -> None:
    """Declarer names hearts: E, on lead now, must lead a heart (the offending side's first lead); W's DA is
    back in his hand (exposed until his side has the lead under NBB/EST, R46(2)(I))."""
    table = one_spade_with(name, "DA W")
    table.apply(choose("N", "lead_H"))
    assert table.pending_irregularity is None and table.turn == Seat.EAST
    assert table.legal_cards() == cards("HA HQ H8") and Card.parse("DA") in table.hand(Seat.WEST)
    replayed(table)
    play(table, "H8 H6 H5 HK")  # N wins: the restriction is spent (E's side has led)
    play(table, "SA S9 S5 S3")
    assert Seat.EAST not in {r.leader for r in table.record.lead_restrictions if r.in_force(table.play_state)}  # type: ignore[union-attr]


def test_tv77_declarer_playing_to_a_wrong_opening_lead_becomes_dummy_r46_3_est_l30() -> None:
    """digest TV77: W (declarer N's RHO) leads DA; N plays to it from his own hand: the lead stands, S declares
    and N is dummy. NL36 has no such clause (26.6; digest Appendix C): the lead is only accepted."""
    for name in ("NBB30", "EST30"):
        table = one_spade_with(name, "DA W")
        table.apply(choose("N", "declarer_becomes_dummy"))
        assert table.declarer == Seat.SOUTH and table.dummy == Seat.NORTH
        assert table.turn == Seat.NORTH and table.actor == Seat.SOUTH and table.tricks == []
        assert table.play_state is not None and table.play_state.current_trick == [(Seat.WEST, Card.parse("DA"))]
        replayed(table)
        play(table, "D8 D6 D5")
        assert table.tricks[0].winner == Seat.WEST
    nl36 = one_spade_with("NL36", "DA W")
    assert "declarer_becomes_dummy" not in options(nl36)
    nl36.apply(choose("N", "accept"))
    assert nl36.declarer == Seat.NORTH and nl36.turn == Seat.NORTH


def test_exposed_card_and_forbidden_suit_nbb_r46_2_ii_versus_nl36_penalty_card_26_6_b() -> None:
    """NBB: (II) W's DA is exposed and E, leading now, may not lead diamonds while it stays exposed; NL36:
    the DA is a penalty card W must play at the first lawful opportunity (32.2), E may lead anything."""
    nbb = one_spade_with("NBB30", "DA W")
    nbb.apply(choose("N", "exposed_forbid"))
    assert nbb.legal_cards() == cards("SJ ST S9 HA HQ H8 CK C4 C2")
    assert nbb.record is not None and (Seat.WEST, Card.parse("DA"), False) in nbb.record.exposed
    replayed(nbb)
    nl36 = one_spade_with("NL36", "DA W")
    nl36.apply(choose("N", "penalty_card"))
    assert nl36.legal_cards() == frozenset(DEAL[Seat.EAST])
    play(nl36, "DK D5")
    assert nl36.turn == Seat.WEST and nl36.legal_cards() == cards("DA")
    replayed(nl36)


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R45"), ("EST30", "EST-L32"), ("NL36", "NL36 26.6(a)")])
def test_tv80_declarer_leads_from_the_wrong_hand_same_suit_from_the_right_one(name: str, law: str) -> None:
    """digest TV80: N won trick 1; declarer leads D5 from dummy: a defender (the first entitled, E) requires the
    lead from N's hand, a diamond since he has one (R45; EST-L32; NL36 26.6(a))."""
    table = one_spade(name)
    play(table, "SJ S5 S4 SQ")
    table.play("D5", "S")
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.law == law and table.record.pending.chooser == Seat.EAST
    assert options(table) == ("correct", "accept")
    table.apply(choose("E", "correct"))
    assert table.turn == Seat.NORTH and table.legal_cards() == cards("DT D9 D8")
    assert Card.parse("D5") in table.hand(Seat.SOUTH)
    replayed(table)


def test_declarer_leads_when_a_defender_is_on_lead_r46_1() -> None:
    """NBB R46(1): N leads SA at E's turn; E requires it taken back; E leads."""
    table = one_spade_with("NBB30", "SA N")
    assert options(table) == ("retract", "accept")
    table.apply(choose("E", "retract"))
    assert table.turn == Seat.EAST and Card.parse("SA") in table.hand(Seat.NORTH)
    assert table.legal_cards() == frozenset(DEAL[Seat.EAST])
    replayed(table)


# ---- §3.4 premature play ----------------------------------------------------------------------------------
def premature(name: str) -> Table:
    """N wins trick 1 and leads H4; W plays H2 before his partner E (whose turn it is)."""
    table = one_spade(name)
    play(table, "SJ S5 S4 SQ H4")
    table.play("H2", "W")
    return table


def test_tv82_premature_play_options_per_edition_r47_1_est_l31_nl36_26_8() -> None:
    """digest TV82: NBB/EST: highest, lowest, win, not win, or a named discard; NL36: highest or lowest, or a named
    suit if void (no win / not win, [DIFF] Appendix C)."""
    suits = ("S", "H", "D", "C")
    for name in ("NBB30", "EST30"):
        assert options(premature(name)) == ("highest", "lowest", "win", "not_win", *(f"discard_{s}" for s in suits))
    assert options(premature("NL36")) == ("highest", "lowest", *(f"named_suit_{s}" for s in suits))


@pytest.mark.parametrize("name", RUBBER)
def test_premature_play_partner_lowest_and_the_early_card_counts_as_played(name: str) -> None:
    """Declarer chooses "lowest": E must play H8; W's H2 counts as played (NBB R21): at his turn he plays it."""
    table = premature(name)
    table.apply(choose("N", "lowest"))
    assert table.turn == Seat.EAST and table.legal_cards() == cards("H8")
    assert Card.parse("H2") in table.hand(Seat.WEST)
    replayed(table)
    play(table, "H8 H6")
    assert table.turn == Seat.WEST and table.legal_cards() == cards("H2")
    table.play("H2")
    assert str(table.tricks[-1]) == "N: H4 H8 H6 H2 → E"
    replayed(table)


def test_premature_play_win_requires_a_winning_card_so_far_nbb_r47_1_ii() -> None:
    table = premature("NBB30")
    table.apply(choose("N", "win"))
    assert table.legal_cards() == cards("HA HQ H8")  # every heart beats the H4 so far
    table2 = premature("NBB30")
    table2.apply(choose("N", "not_win"))
    assert table2.legal_cards() == cards("HA HQ H8")  # none can lose to the H4: the penalty lapses (R57)


def test_declarer_plays_from_the_other_hand_early_no_penalty_on_attention_r47_2() -> None:
    """digest TV83: N leads H4 and plays HT from dummy before E: no penalty (R47(2)); the ruling is automatic,
    applied when a player draws attention to it; dummy's HT counts as played at its turn."""
    table = one_spade("NBB30")
    play(table, "SJ S5 S4 SQ H4")
    table.play("HT", "S")
    assert table.record is not None and table.record.pending is not None and table.record.pending.chooser is None
    assert options(table) == ("fourth_hand_may_play",)
    table.apply({"event": "attention", "seat": "E"})
    assert table.turn == Seat.EAST and table.pending_irregularity is None
    table.play("H8")
    assert table.turn == Seat.SOUTH and table.legal_cards() == cards("HT")
    replayed(table)


# ---- §3.5 revokes -----------------------------------------------------------------------------------------
def revoke_then_claim(name: str) -> Table:
    """W revokes (C7 on E's DK) in trick 1, which E wins; his side plays to trick 2 (established, R55(2)), N
    wins it; N claims the other 11 tricks and the defenders agree. EW's only trick is the revoke trick."""
    table = one_spade(name)
    play(table, "DK D5 C7 D8")
    play(table, "S9 S8 S4 SA")
    table.claim(Seat.NORTH, 11)
    table.agree(Seat.EAST)
    table.agree(Seat.WEST)
    return table


@pytest.mark.parametrize(
    ("name", "tricks", "law"), [("NBB30", 13, "NBB R55(6)"), ("NL36", 13, "NL36 27.4"), ("EST30", 12, None)]
)
def test_tv68_revoke_trick_eligible_in_nbb_and_nl36_only_after_establishment_in_est(
    name: str, tricks: int, law: str | None
) -> None:
    """digest TV67/TV68: the revoke trick counts for NBB R55(6) and NL36 27.4 (1 eligible trick: 1 transferred,
    [JUDGEMENT] cap), not for EST-L38 (only tricks won after establishment: none)."""
    table = revoke_then_claim(name)
    result = table.result
    assert result is not None and result.tricks == tricks
    assert [i.kind for i in table.irregularities] == [IrregularityKind.REVOKE]
    if law is None:
        assert result.adjustments == ()
    else:
        assert result.adjustments == (f"1 trick from EW to NS for 1 revoke ({law})",)
    replayed(table)


@pytest.mark.parametrize(("name", "moved"), [("NBB30", 2), ("EST30", 2), ("NL36", 2), ("WBF17", 1)])
def test_revoke_penalty_two_tricks_when_eligible_r55_6(name: str, moved: int) -> None:
    """The same revoke with the hand played out (lowest legal cards): EW win tricks 1, 2, 6, 8, 9 — two tricks
    move to NS under every 1930s book (digest TV67), while WBF17 L64A2 moves one (the revoke trick)."""
    table = one_spade(name)
    play(table, "DK D5 C7 D8")
    while table.turn is not None:
        table.play(min(table.legal_cards()))
    won = [n for n, t in enumerate(table.tricks, 1) if t.winner.side == Seat.EAST.side]
    assert won == [1, 2, 6, 8, 9]
    result = table.result
    assert result is not None and table.play_state is not None
    assert result.tricks == table.play_state.declarer_tricks + moved


@pytest.mark.parametrize("name", RUBBER)
def test_tv71_dummy_s_revoke_is_never_penalised(name: str) -> None:
    """digest TV71: dummy (S) shows out of diamonds with DJ5 in hand: no transfer (R55(1)(a)(III); NL36 27.4(1))."""
    table = one_spade(name)
    play(table, "DK C6 D2 D8")
    while table.turn is not None:
        table.play(min(table.legal_cards()))
    result = table.result
    assert result is not None and result.adjustments == () and table.play_state is not None
    assert result.tricks == table.play_state.declarer_tricks


def test_a_revoke_not_established_costs_nothing_r55_2() -> None:
    """W revokes in trick 2 and N claims at once: neither W nor E played to trick 3, so the revoke was never
    established (a claim does not establish it, R26(2))."""
    table = one_spade("NBB30")
    play(table, "SJ S5 S4 SQ")
    play(table, "D8 DK D5 C7")
    table.claim(Seat.EAST, 0)
    table.agree(Seat.NORTH)
    result = table.result
    assert result is not None and result.adjustments == ()


def test_a_lead_against_the_penalty_is_a_revoke_in_leading_def_xxviii() -> None:
    """Declarer named hearts; E leads a spade instead: the card stands (a revoke: failing to lead as a penalty
    requires, NBB Def.XXVIII footnote), established when W plays to that trick."""
    table = one_spade_with("NBB30", "DA W")
    table.apply(choose("N", "lead_H"))
    table.play("SJ")
    assert [i.kind for i in table.irregularities][-1] == IrregularityKind.RESTRICTED_CARD
    assert table.turn == Seat.SOUTH
    replayed(table)


# ---- §3.7 claims and concessions --------------------------------------------------------------------------
def test_tv89_nl36_a_defender_s_concession_needs_his_partner_29_2() -> None:
    """digest TV89: E concedes the rest; under NL36 his partner W must agree, and W's objection voids it (play goes
    on); under NBB30 declarer's agreement settles it (R26)."""
    nl36 = one_spade("NL36")
    nl36.claim(Seat.EAST, 0)
    assert nl36.claim_state is not None and nl36.claim_state.needed == {Seat.NORTH, Seat.WEST}
    nl36.dispute(Seat.WEST)
    assert nl36.claim_state is None and nl36.phase is Phase.PLAY and nl36.turn == Seat.EAST
    replayed(nl36)
    nbb = one_spade("NBB30")
    nbb.claim(Seat.EAST, 0)
    with pytest.raises(ClaimError):
        nbb.agree(Seat.WEST)
    nbb.agree(Seat.NORTH)
    assert nbb.phase is Phase.DONE and nbb.result is not None and nbb.result.tricks == 13


def test_an_objection_to_declarer_s_claim_means_play_on_r54() -> None:
    """No director in the 1930s books: a defender who objects requires declarer to play on (R54; NL36 29.1)."""
    table = one_spade("NBB30")
    play(table, "SJ S5 S4 SQ")
    table.claim(Seat.NORTH, 12)
    table.dispute(Seat.EAST)
    assert table.claim_state is None and table.turn == Seat.NORTH


# ---- §3.6 quitted tricks ----------------------------------------------------------------------------------
def looked(name: str, reason: str | None = None) -> Table:
    """After trick 1 (N wins), W turns it over: a ``quitted_trick`` event (with R24's reason, if any)."""
    table = one_spade(name)
    play(table, "SJ S5 S4 SQ")
    event = {"event": "quitted_trick", "seat": "W", **({} if reason is None else {"reason": reason})}
    table.apply(event)
    return table


def test_tv96_a_quitted_trick_looked_at_side_by_side_r53_est_l28_nl36_28_3() -> None:
    """digest TV96: NBB: declarer names the suit the defenders lead at their next lead (R53); EST: forbidden but no
    penalty (EST-L28); NL36: declarer's side scores 50 premium points (28.3), play goes on at once."""
    nbb = looked("NBB30")
    assert nbb.turn is None and nbb.record is not None and nbb.record.pending is not None
    assert nbb.record.pending.law == "NBB R24, R53" and nbb.record.pending.chooser == Seat.NORTH
    nbb.apply(choose("N", "lead_C"))
    play(nbb, "D8 DK D5 D2")  # E wins trick 2 and must lead a club
    assert nbb.turn == Seat.EAST and nbb.legal_cards() == cards("CK C4 C2")
    replayed(nbb)
    est = looked("EST30")
    assert est.turn == Seat.NORTH and est.record is not None and est.record.pending is None
    assert est.record.notes[-1] == "West looked at a quitted trick: forbidden, but no penalty (EST-L28)."
    nl36 = looked("NL36")
    assert nl36.turn == Seat.NORTH and nl36.record is not None
    assert nl36.record.to_dict()["premiums"] == [{"side": "NS", "points": 50, "law": "NL36 28.3"}]
    replayed(nl36)


def test_a_quitted_trick_turned_for_a_reason_of_r24_costs_nothing() -> None:
    """R24(d): a player who fears he revoked may look (NBB); NL36 28.3 has no such exception: 50 points."""
    nbb = looked("NBB30", "fear_of_revoke")
    assert nbb.turn == Seat.NORTH and nbb.record is not None and "allowed (fear_of_revoke)" in nbb.record.notes[-1]
    nl36 = looked("NL36", "fear_of_revoke")
    assert nl36.record is not None and nl36.record.premiums == [(Seat.NORTH.side, 50, "NL36 28.3")]
    with pytest.raises(RulingError, match="unknown reason"):
        looked("NBB30", "curiosity")
    with pytest.raises(RulingError, match="no play yet"):
        Table(Board(1, DEAL, dealer=Seat.NORTH), "NBB30", irregular=True).apply({"event": "quitted_trick", "seat": "W"})


# ---- §3.2 exposed cards and penalty cards from a lead out of turn -----------------------------------------
def test_tv75_nl36_a_single_penalty_card_following_suit_first_32_2_26_2() -> None:
    """digest TV75 at the table: W's DA a penalty card (26.6(b)); E leads a heart: W follows with a heart and the
    DA stays (26.2 first); E then leads a diamond: W must play the DA (32.2)."""
    table = one_spade_with("NL36", "DA W")
    table.apply(choose("N", "penalty_card"))
    play(table, "HA H6")
    assert table.turn == Seat.WEST and table.legal_cards() == cards("H5 H3 H2")
    play(table, "H2 H4")  # E wins
    play(table, "DK D5")
    assert table.turn == Seat.WEST and table.legal_cards() == cards("DA")
    replayed(table)


def test_tv76_nbb_an_exposed_card_binds_only_when_declarer_calls_it_r44() -> None:
    """digest TV76 at the table: W's DA exposed (R46(2)(II)); to N's diamond lead W may play any diamond until
    declarer calls the DA (``call_card``, R44(1)); then it must be played."""
    table = one_spade_with("NBB30", "DA W")
    table.apply(choose("N", "exposed_forbid"))
    play(table, "SJ S5 S3 SQ D8 D6 D5")
    assert table.turn == Seat.WEST and table.legal_cards() == cards("DA D4 D3 D2")
    table.apply({"event": "call_card", "seat": "N", "card": "DA"})
    assert table.legal_cards() == cards("DA")
    table.play("DA")
    assert table.turn == Seat.WEST and table.legal_cards() == frozenset(table.hand(Seat.WEST))
    replayed(table)


# ---- §3.9 dummy -------------------------------------------------------------------------------------------
def test_tv93_dummy_points_out_a_lead_out_of_turn_r51_2_est_l22_nl36_30_2_d() -> None:
    """digest TV93: after trick 1 (N wins) W leads out of turn; dummy S draws attention. NBB/EST: declarer may not
    penalise it — the lead stands; NL36: dummy (who has not looked) may, and declarer still chooses; a dummy who
    had looked at a hand lost that right (30.1)."""
    for name, law in [("NBB30", "NBB R51(2)"), ("EST30", "EST-L22")]:
        table = one_spade(name)
        play(table, "SJ S5 S4 SQ")
        table.play("C7", "W")
        table.apply({"event": "attention", "seat": "S"})
        assert table.pending_irregularity is None and table.play_state is not None
        assert table.play_state.current_trick == [(Seat.WEST, Card.parse("C7"))] and table.turn == Seat.NORTH
        assert table.record is not None and table.record.rulings[-1]["law"] == law
        replayed(table)
    nl36 = one_spade("NL36")
    play(nl36, "SJ S5 S4 SQ")
    nl36.play("C7", "W")
    nl36.apply({"event": "attention", "seat": "S"})
    assert nl36.record is not None and nl36.record.pending is not None and nl36.record.pending.chooser == Seat.NORTH
    looked = one_spade("NL36")
    play(looked, "SJ S5 S4 SQ")
    looked.play("C7", "W")
    looked.apply({"event": "attention", "seat": "S", "dummy_looked": True})
    assert looked.pending_irregularity is None and looked.turn == Seat.NORTH
    replayed(looked)


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R50"), ("EST30", "EST-L22"), ("NL36", "NL36 30.3")])
def test_tv94_dummy_suggests_a_card_lho_requires_it_played_or_not(name: str, law: str) -> None:
    """digest TV94: N (declarer) is on lead after trick 1; dummy S touches his HT as if suggesting it. Dummy's LHO
    (W) requires declarer to play it, or not to play it (R50; EST-L22; NL36 30.3), following suit first."""
    for option, allowed in [("play", "HT"), ("not_play", "H9 H7 H6")]:
        table = one_spade(name)
        play(table, "SJ S5 S4 SQ")
        table.apply({"event": "dummy_suggests", "seat": "S", "card": "HT"})
        assert table.turn is None and table.record is not None and table.record.pending is not None
        assert table.record.pending.law == law and table.record.pending.chooser == Seat.WEST
        table.apply(choose("W", option))
        play(table, "H4 H8")
        assert table.turn == Seat.SOUTH and table.legal_cards() == cards(allowed)
        replayed(table)
    with pytest.raises(RulingError, match="not dummy"):
        one_spade_with(name, "SJ E").apply({"event": "dummy_suggests", "seat": "N", "card": "SA"})


# ---- property: any mix of irregular cards, reports and choices keeps the table consistent -------------------
@pytest.mark.parametrize("seed", range(40))
def test_random_irregular_play_always_has_a_legal_card_and_replays(seed: int) -> None:
    """Seeded random play with cards out of turn, revokes, quitted tricks, dummy's suggestions and random choices
    of every pending ruling: only typed errors, never a seat to play without a legal card, and the log (with
    undos on the way) refolds to the same record and result."""
    import random

    from contractbridge.errors import BridgeError

    rng = random.Random(seed)
    table = Table(Board(1, Deal.random(seed), dealer=Seat.NORTH), RUBBER[seed % 3], irregular=True)
    for c in rng.choice([["1S", "P", "P", "P"], ["1NT", "P", "P", "P"], ["2H", "P", "P", "P"]]):
        table.call(c)
    for _ in range(90):
        record = table.record
        assert record is not None
        if table.phase is Phase.DONE:
            break
        ruling = record.pending
        if ruling is not None:
            if ruling.chooser is None:
                seat = next(s for s in Seat if s not in (ruling.offender, table.dummy))
                table.apply({"event": "attention", "seat": seat.letter})
            else:
                table.apply(choose(ruling.chooser.letter, rng.choice(ruling.options).id))
            continue
        x = rng.random()
        before = table.to_events()
        try:
            if x > 0.97 and len(table.to_events()) > 6:
                table.undo()
            elif x < 0.12:
                seat = rng.choice(list(Seat))
                hand = sorted(table.hand(seat))
                if hand:
                    table.play(rng.choice(hand), seat)
            elif x < 0.15:
                table.apply({"event": "quitted_trick", "seat": rng.choice(list(Seat)).letter})
            elif x < 0.17 and table.dummy is not None and len(table.hand(table.dummy)):
                card = rng.choice(sorted(table.hand(table.dummy)))
                table.apply({"event": "dummy_suggests", "seat": table.dummy.letter, "card": str(card)})
            else:
                legal = table.legal_cards()
                assert legal, f"{table.turn} must play but has no legal card"
                table.play(rng.choice(sorted(legal)))
        except BridgeError:  # a typed refusal (a card not in turn at a stopped table …) changes nothing
            assert table.to_events() == before
    again = Table.from_events(table.to_events())
    assert again.to_events() == table.to_events()
    assert again.record is not None and table.record is not None and again.record.to_dict() == table.record.to_dict()
    assert again.result == table.result


# ---- the typed events of the play (issue #12: quitted_trick, dummy_suggests) -------------------------------
def test_quitted_trick_and_dummy_suggests_are_typed_events_old_logs_replay() -> None:
    """``quitted_trick`` (R24, R53) and ``dummy_suggests`` (R50) parse to frozen dataclasses and are written back as
    they always were; a log written before they were typed replays to the same table."""
    from contractbridge import events
    from contractbridge.errors import ParseError

    quitted = {"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke"}
    assert events.parse(quitted) == events.QuittedTrick(Seat.WEST, "fear_of_revoke")
    assert events.to_dict(events.parse(quitted)) == quitted
    assert events.to_dict(events.parse({"event": "quitted_trick", "seat": "W"})) == {
        "event": "quitted_trick",
        "seat": "W",
    }
    suggests = {"event": "dummy_suggests", "seat": "S", "card": "HT"}
    assert events.parse(suggests) == events.DummySuggests(Seat.SOUTH, Card.parse("HT"))
    assert events.to_dict(events.parse(suggests)) == suggests
    with pytest.raises(ParseError, match="reason"):
        events.parse({"event": "quitted_trick", "seat": "W", "reason": 3})
    with pytest.raises(ParseError):
        events.parse({"event": "dummy_suggests", "seat": "S"})
    old = [*one_spade("NBB30").to_events(), *({"event": "play", "card": c} for c in ["SJ", "S5", "S4", "SQ"]),
           {"event": "quitted_trick", "seat": "W"}, {"event": "choose", "seat": "N", "option": "lead_C"},
           {"event": "dummy_suggests", "seat": "S", "card": "D5"}]  # fmt: skip
    table = Table.from_events(old)
    assert table.record is not None and table.record.pending is not None and table.record.pending.chooser == Seat.WEST
    assert table.to_events()[-3:] == old[-3:]
