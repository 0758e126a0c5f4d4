"""Issue #12 at a real table: a revoke corrected before it is established, and cards exposed in the play, under
NBB30, EST30 and NL36 (laws-historic.md §3.5, §3.2; digest TV73, TV74 — the historic digest's ids, which collide
with laws-wbf2017.md's). The table's mechanism is the WBF17 one (an ``attention`` event in the play takes the
revoke card back, ``Table.take_back``); only the rule is the edition's (``laws.nbb30.revokes``)."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import CardNotInHandError, IllegalPlayError, RulingError
from contractbridge.table import Phase, Table
from director_helpers import choose
from play_helpers import replayed
from test_historic_table_play import RUBBER, cards, one_spade, play

#        N: ♠AKQ2 ♥KJ4 ♦T98 ♣A53     E: ♠JT9 ♥AQ8 ♦KQ76 ♣K42
#        S: ♠8765 ♥T976 ♦J5 ♣QJ6     W: ♠43 ♥532 ♦A432 ♣T987   (1S by N: S dummy, E leads)


def attention(table: Table, seat: str, **extra: object) -> None:
    table.apply({"event": "attention", "seat": seat, **extra})


def pending(table: Table) -> tuple[str, Seat | None, tuple[str, ...]]:
    record = table.record
    assert record is not None and record.pending is not None
    return record.pending.law, record.pending.chooser, tuple(o.id for o in record.pending.options)


def west_revokes(name: str) -> Table:
    """E leads DK, dummy plays D5, W (holding ♦A432) discards C7 and N plays D8: a revoke in following, not yet
    established (neither E nor W has played to trick 2, R55(2))."""
    table = one_spade(name)
    play(table, "DK D5 C7 D8")
    return table


def finish(table: Table) -> None:
    while table.turn is not None:
        table.play(min(table.legal_cards()))


# ---- TV73: a defender's revoke corrected ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "law", "withdrawn"),
    [("NBB30", "NBB R55(1)", "exposed"), ("EST30", "EST-L35", "exposed"), ("NL36", "NL36 27.1", "penalty_card")],
)
def test_tv73_a_defender_s_corrected_revoke_declarer_chooses_r55_1_a_i(name: str, law: str, withdrawn: str) -> None:
    """digest TV73: W corrects (attention) before it is established: his C7 and N's D8 after it go back; declarer
    N chooses: the withdrawn card exposed (NBB R55(1)(a)(I), EST-L35) / a penalty card (NL36 27.1(a)), or W's
    highest or lowest diamond."""
    table = west_revokes(name)
    attention(table, "W")
    assert pending(table) == (law, Seat.NORTH, (withdrawn, "highest", "lowest"))
    assert table.play_state is not None and table.play_state.current_trick == [
        (Seat.EAST, Card.parse("DK")), (Seat.SOUTH, Card.parse("D5"))
    ]  # fmt: skip
    assert Card.parse("C7") in table.hand(Seat.WEST) and Card.parse("D8") in table.hand(Seat.NORTH)
    assert table.turn is None
    with pytest.raises(RulingError):
        table.apply(choose("E", "highest"))
    table.apply(choose("N", "highest"))
    assert table.turn == Seat.WEST and table.legal_cards() == cards("DA")
    replayed(table)
    play(table, "DA DT")  # the non-offender plays again as he likes (R55(1)(b))
    finish(table)
    result = table.result
    assert result is not None and result.adjustments == ()  # corrected: no revoke left to transfer tricks for
    replayed(table)


def test_tv73_the_withdrawn_card_nbb_exposed_may_be_called_nl36_penalty_card_must_be_played() -> None:
    """NBB R55(1)(a)(I) with R44: W's C7 is exposed; W follows with any diamond, and later plays any club until
    declarer calls the C7. NL36 27.1(a) with 32.2: the C7 is a penalty card he must play at the first lawful
    opportunity — here the first club trick."""
    nbb = west_revokes("NBB30")
    attention(nbb, "W")
    nbb.apply(choose("N", "exposed"))
    assert nbb.legal_cards() == cards("DA D4 D3 D2")
    play(nbb, "D2 D8")  # E wins, leads a club
    play(nbb, "C2 CQ")
    assert nbb.turn == Seat.WEST and nbb.legal_cards() == cards("CT C9 C8 C7")
    nbb.apply({"event": "call_card", "seat": "N", "card": "C7"})
    assert nbb.legal_cards() == cards("C7")
    replayed(nbb)
    nl36 = west_revokes("NL36")
    attention(nl36, "W")
    nl36.apply(choose("N", "penalty_card"))
    assert nl36.legal_cards() == cards("DA D4 D3 D2")  # following suit first (26.2)
    play(nl36, "D2 D8 C2 CQ")
    assert nl36.turn == Seat.WEST and nl36.legal_cards() == cards("C7")
    replayed(nl36)


def test_the_offender_s_partner_s_correct_card_is_not_taken_back_r55_1_b() -> None:
    """E revokes (C2) on N's diamond lead; dummy S and W (DA, a correct card) play after him; N draws attention:
    the three cards go back, E plays a diamond (declarer chose lowest: D6), S plays again as he likes, and W's
    DA stays his card to this trick (NBB R55(1)(b); EST-L35; NL36 26.4)."""
    for name in RUBBER:
        table = one_spade(name)
        play(table, "SJ S5 S3 SQ")
        play(table, "D8 C2 DJ DA")
        attention(table, "N")
        assert pending(table)[1] == Seat.NORTH
        table.apply(choose("N", "lowest"))
        assert table.turn == Seat.EAST and table.legal_cards() == cards("D6")
        play(table, "D6 D5")
        assert table.turn == Seat.WEST and table.legal_cards() == cards("DA")
        replayed(table)


# ---- TV74: declarer's own revoke corrected -----------------------------------------------------------------
def north_revokes(name: str) -> Table:
    """W wins trick 1 (DA) and leads H2; declarer N discards S2 holding ♥KJ4."""
    table = one_spade(name)
    play(table, "D6 D5 DA D8")
    play(table, "H2 S2")
    return table


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R55(1)"), ("EST30", "EST-L35"), ("NL36", "NL36 27.1")])
def test_tv74_declarer_s_revoke_after_lho_played_lho_chooses_highest_or_lowest(name: str, law: str) -> None:
    """digest TV74: E (declarer's LHO) has played after N's revoke; N corrects: E may require N's highest or lowest
    heart (R55(1)(a)(II); EST-L35; NL36 27.1(b)); E plays again as he likes."""
    table = north_revokes(name)
    table.play("HA")
    attention(table, "N")
    assert pending(table) == (law, Seat.EAST, ("highest", "lowest"))
    table.apply(choose("E", "lowest"))
    assert table.turn == Seat.NORTH and table.legal_cards() == cards("H4")
    play(table, "H4")
    assert table.turn == Seat.EAST and table.legal_cards() == cards("HA HQ H8")
    replayed(table)


@pytest.mark.parametrize("name", RUBBER)
def test_declarer_takes_his_revoke_back_without_penalty_before_lho_plays(name: str) -> None:
    """R55(1)(a)(II): LHO has not played after him: declarer takes the card back, no penalty — the ruling is
    automatic, applied by the attention itself; he plays any heart."""
    table = north_revokes(name)
    attention(table, "W")
    assert table.record is not None and table.record.pending is None
    assert table.record.rulings[-1]["option"] == "no_penalty" and table.turn == Seat.NORTH
    assert table.legal_cards() == cards("HK HJ H4")
    replayed(table)


@pytest.mark.parametrize("name", RUBBER)
def test_dummy_s_revoke_is_put_back_without_penalty_r55_1_a_iii(name: str) -> None:
    """Dummy S discards C6 on E's DK holding ♦J5: corrected at once without penalty (R55(1)(a)(III); NL36
    27.1(c)); declarer plays a diamond from dummy."""
    table = one_spade(name)
    play(table, "DK C6")
    attention(table, "E")
    assert table.record is not None and table.record.pending is None
    assert table.record.rulings[-1]["option"] == "no_penalty"
    assert table.turn == Seat.SOUTH and table.legal_cards() == cards("DJ D5")
    replayed(table)


# ---- who draws attention, and when it is too late ----------------------------------------------------------
def test_an_established_revoke_is_not_corrected_r55_2() -> None:
    """E has led to trick 2 after W's revoke: it is established; attention is refused and changes nothing, and the
    revoke costs its tricks at the end (R55(6))."""
    table = west_revokes("NBB30")
    table.play("S9")
    before = table.to_events()
    with pytest.raises(RulingError, match="established"):
        attention(table, "N")
    assert table.to_events() == before
    finish(table)
    assert table.result is not None and table.result.adjustments


def test_dummy_draws_attention_to_a_defender_s_revoke_r51_2_versus_nl36_30_2_d() -> None:
    """Dummy S points out W's revoke: under NBB R51(2) and EST-L22 it is corrected but declarer may not penalise it;
    under NL36 30.2(d) dummy (who has not looked) may, and declarer chooses; having looked (30.1) he may not."""
    for name, law in [("NBB30", "NBB R51(2)"), ("EST30", "EST-L22")]:
        table = west_revokes(name)
        attention(table, "S")
        assert table.record is not None and table.record.pending is None
        assert table.record.rulings[-1] == {"irregularity": "corrected_revoke", "law": law, "option": "no_penalty",
                                            "offender": "W"}  # fmt: skip
        assert table.turn == Seat.WEST and table.legal_cards() == cards("DA D4 D3 D2")
        replayed(table)
    nl36 = west_revokes("NL36")
    attention(nl36, "S")
    assert pending(nl36)[1] == Seat.NORTH
    looked = west_revokes("NL36")
    attention(looked, "S", dummy_looked=True)
    assert looked.record is not None and looked.record.rulings[-1]["law"] == "NL36 30.1, 30.2(d)"
    replayed(looked)


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R55\\(4\\)"), ("NL36", "NL36 27.3")])
def test_dummy_who_looked_asks_declarer_he_may_not_take_his_card_back_r55_4(name: str, law: str) -> None:
    table = north_revokes(name)
    with pytest.raises(RulingError, match=law):
        attention(table, "S", dummy_looked=True)
    attention(table, "S")  # not having looked, dummy may ask his partner (R55(4))
    assert table.turn == Seat.NORTH and table.legal_cards() == cards("HK HJ H4")


@pytest.mark.parametrize("name", RUBBER)
def test_tv70_a_revoke_in_trick_12_is_never_established(name: str) -> None:
    """digest TV70 at the table: after eleven tricks (lowest cards) N leads the SA; W discards the H5 holding the S4.
    His partner's card to trick 13 does not establish it (R55(2); EST-L36; NL36 27.2): it may still be corrected
    then; played out, nothing is transferred, and once the play is over nothing is corrected."""

    def revoked() -> Table:
        table = one_spade(name)
        while len(table.tricks) < 11:
            table.play(min(table.legal_cards()))
        play(table, "SA ST S7 H5")
        return table

    table = revoked()
    play(table, "SK SJ")  # E, the offender's partner, has played to trick 13
    attention(table, "N")
    assert pending(table)[1] == Seat.NORTH and Card.parse("H5") in table.hand(Seat.WEST)
    replayed(table)
    done = revoked()
    play(done, "SK SJ S8 S4")
    result = done.result
    assert result is not None and result.adjustments == ()
    with pytest.raises(RulingError, match="play is over"):
        attention(done, "N")


def test_attention_with_nothing_to_correct_is_refused() -> None:
    table = one_spade("NBB30")
    play(table, "DK D5 D2 D8")
    with pytest.raises(RulingError, match="no irregularity is pending"):
        attention(table, "N")


# ---- §3.2: a card dropped in the play ----------------------------------------------------------------------
def test_a_defender_s_card_dropped_in_the_play_nbb_r44_versus_nl36_penalty_card_32_1() -> None:
    """W drops his C9 face up (Def.XXVI(a); NL36 32.1). NBB R44(1)/EST-L33: it stays face up and
    declarer may call it when W is to play; uncalled, W plays as he likes (R44(2)). NL36 32.2: a penalty card he
    must play at the first lawful opportunity."""
    for name, law in [("NBB30", "NBB R44(1)"), ("EST30", "EST-L33"), ("NL36", "NL36 32.1")]:
        table = one_spade(name)
        play(table, "DK D5")
        table.apply({"event": "expose", "seat": "W", "cards": ["C9"]})
        assert table.record is not None and (Seat.WEST, Card.parse("C9"), False) in table.record.exposed
        assert table.record.notes[-1].endswith(f"({law}).")
        assert table.legal_cards() == cards("DA D4 D3 D2")  # following suit comes first
        play(table, "D2 D8 C2 CQ")
        expected = "C9" if name == "NL36" else "CT C9 C8 C7"
        assert table.turn == Seat.WEST and table.legal_cards() == cards(expected)
        replayed(table)


def test_declarer_s_and_dummy_s_exposed_cards_cost_nothing_r44_4() -> None:
    for seat in ("N", "S"):
        table = one_spade("NL36")
        play(table, "DK")
        table.apply({"event": "expose", "seat": seat, "cards": ["C5" if seat == "N" else "CQ"]})
        assert table.record is not None and table.record.exposed == [] and "NBB R44(4)" in table.record.notes[-1]
        assert table.phase is Phase.PLAY and table.turn == Seat.SOUTH


def test_an_exposure_the_table_cannot_take_is_a_typed_error_and_changes_nothing() -> None:
    table = one_spade("NBB30")
    play(table, "DK D5")
    before = table.to_events()
    with pytest.raises(CardNotInHandError):
        table.apply({"event": "expose", "seat": "W", "cards": ["SA"]})
    with pytest.raises(IllegalPlayError, match="'play' event"):
        table.apply({"event": "expose", "seat": "W", "cards": ["C9"], "led": True})
    table.apply({"event": "expose", "seat": "W", "cards": ["C9"]})
    with pytest.raises(IllegalPlayError, match="face up"):
        table.apply({"event": "expose", "seat": "W", "cards": ["C9"]})
    assert len(table.to_events()) == len(before) + 1
