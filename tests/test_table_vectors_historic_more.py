"""Issue #25: the historic play vectors that were function-level only, replayed at ``Table(board, edition,
irregular=True)`` through the event log under every edition each concerns (``shared/spec/laws-historic.md`` §8.3;
the ids TV46–TV96 collide with laws-wbf2017.md's, so each test names the digest)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import BridgeError, RulingError
from contractbridge.table import Table
from play_helpers import replayed
from test_historic_table_play import cards, one_spade, play
from test_historic_table_revokes import finish

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
RUBBER = ("NBB30", "EST30", "NL36")
Event = dict[str, Any]

# the deal of test_historic_table_play: N AKQ2.KJ4.T98.A53, E JT9.AQ8.KQ76.K42, S 8765.T976.J5.QJ6,
# W 43.532.A432.T987; 1S by N, E leads, S is dummy


def choose(seat: str, option: str, **extra: object) -> Event:
    return {"event": "choose", "seat": seat, "option": option, **extra}


def last_ruling(table: Table) -> tuple[str, str]:
    assert table.record is not None and table.record.pending is None
    ruling = table.record.rulings[-1]
    return ruling["law"], ruling["option"]


# ---- TV86: a penalty names a suit the offender does not hold (NBB R57, EST-L45, NL36 26.5) --------------------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R57"), ("EST30", "EST-L45"), ("NL36", "NL36 26.5")])
def test_historic_tv86_a_lead_penalty_in_a_suit_the_offending_side_lacks_lapses(edition: str, law: str) -> None:
    """digest TV86: N draws three rounds of trumps (both defenders void), W leads ♦A out of turn at N's lead and
    declarer names spades (R46(2)(I); NL36 26.6(b)); when E wins the ♥A he holds no spade: the penalty lapses and he
    leads any card, the record saying why."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA  SK ST S6 S4  SQ SJ S7 C7")
    table.play("DA", "W")
    table.apply(choose("N", "lead_S"))
    play(table, "H4 HA H6 H2")  # E wins: the first lead of the offending side
    assert table.turn == E and table.legal_cards() == frozenset(table.hand(E))
    assert table.record is not None
    assert any("the penalty" in n and f"lapses ({law})" in n for n in table.record.notes), table.record.notes
    replayed(table)


# ---- TV87: a player demands a penalty he is not entitled to (NBB R58(1), EST-L46) -----------------------------------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R58(1)"), ("EST30", "EST-L46")])
def test_historic_tv87_a_wrong_penalty_demanded_costs_the_side_any_penalty(edition: str, law: str) -> None:
    """digest TV87: W leads ♦A out of turn (E's opening lead); declarer demands "highest", a penalty for premature
    play: his side loses any penalty for the lead, which stands as if in turn (R46(2)(III))."""
    table = one_spade(edition)
    table.play("DA", "W")
    table.apply(choose("N", "highest"))
    assert last_ruling(table) == (law, "accept")
    assert table.turn == N and table.record is not None and not table.record.lead_restrictions
    assert table.play_state is not None and table.play_state.current_trick == [(W, Card("DA"))]
    replayed(table)


def test_historic_tv87_nl36_has_no_r58_a_penalty_not_offered_is_refused() -> None:
    """NL36 has no rule like R58(1) (31.2: which penalty applies is settled before it is paid): refused, nothing
    changes, and declarer still chooses."""
    table = one_spade("NL36")
    table.play("DA", "W")
    with pytest.raises(RulingError, match="not an option"):
        table.apply(choose("N", "highest"))
    assert table.record is not None and table.record.pending is not None and len(table.to_events()) == 6


def test_historic_tv87_a_word_no_book_knows_is_refused_not_a_wrong_penalty() -> None:
    table = one_spade("NBB30")
    table.play("DA", "W")
    with pytest.raises(RulingError, match="not an option"):
        table.apply(choose("N", "leed_H"))
    assert table.record is not None and table.record.pending is not None


# ---- TV88: the partner of the entitled player names the penalty (NBB R59, EST-L47, NL36 31.3) -----------------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R59"), ("EST30", "EST-L47"), ("NL36", "NL36 31.3")])
def test_historic_tv88_dummy_names_declarers_penalty_the_right_is_lost(edition: str, law: str) -> None:
    """digest TV88: W leads ♦A out of turn; dummy S (partner of declarer, the only one entitled) says "lead a heart":
    the right to any penalty for that lead is lost — it stands."""
    table = one_spade(edition)
    table.play("DA", "W")
    table.apply(choose("S", "lead_H"))
    assert last_ruling(table) == (law, "accept")
    assert not table.record.lead_restrictions  # type: ignore[union-attr]
    assert table.turn == N
    replayed(table)


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R59"), ("EST30", "EST-L47"), ("NL36", "NL36 31.3")])
def test_historic_tv88_partners_who_consulted_lose_the_penalty(edition: str, law: str) -> None:
    """N leads ♥4 and W plays ♥2 before his partner E (R47(1); NL36 26.8): declarer, having asked dummy which
    penalty to take (``consulted``), loses it (R59: the partner named it; NL36 31.3: the partners consulted) — W's
    card counts as played at its turn (R21), E plays as he likes."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA  H4")
    table.play("H2", "W")
    assert table.record is not None and table.record.pending is not None
    table.apply(choose("N", "lowest", consulted=True))
    assert last_ruling(table) == (law, "no_penalty")
    assert table.turn == E and table.legal_cards() == cards("HA HQ H8")
    play(table, "HQ H6")
    assert table.turn == W and table.legal_cards() == cards("H2")  # the early card, at its turn
    replayed(table)


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R45"), ("NL36", "NL36 26.6(a)")])
def test_either_defender_may_demand_the_penalty_for_a_lead_from_the_wrong_hand(edition: str, law: str) -> None:
    """R45 / NL36 26.6(a): "either defender may require" — W (not the ruling's first chooser E) demands the lead
    from the right hand: it counts."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA")  # N wins trick 1
    table.play("S6", "S")  # from dummy instead of N's hand
    table.apply(choose("W", "correct"))
    assert last_ruling(table) == (law, "correct")
    assert table.turn == N and table.legal_cards() == cards("SK SQ S2")
    replayed(table)


# ---- TV78: dummy exposes a card after a wrong opening lead, before declarer chose (R46(4); NL36 26.6 fn) ---------
@pytest.mark.parametrize(
    ("edition", "law", "left"),
    [
        ("NBB30", "NBB R46(4)", ("exposed_forbid", "accept", "declarer_becomes_dummy")),
        ("EST30", "EST-L30", ("exposed_forbid", "accept", "declarer_becomes_dummy")),
        ("NL36", "NL36 26.6 footnote", ("penalty_card", "accept")),
    ],
)
def test_historic_tv78_dummy_exposing_first_costs_declarer_the_named_suit(
    edition: str, law: str, left: tuple[str, ...]
) -> None:
    """digest TV78: W leads ♦A instead of E; dummy S shows ♥T before N has chosen: option (I), naming the suit, is
    lost (NBB R46(4), EST-L30); NL36 26.6 footnote: only the penalty card (or accepting the lead, 26.6)."""
    table = one_spade(edition)
    table.play("DA", "W")
    assert table.record is not None and table.record.pending is not None
    assert "lead_H" in [o.id for o in table.record.pending.options]
    table.apply({"event": "expose", "seat": "S", "cards": ["HT"]})
    ruling = table.record.pending
    assert ruling is not None and tuple(o.id for o in ruling.options) == left and ruling.chooser == N
    assert any(law in n for n in (*ruling.notes, *table.record.notes))
    naming = [*table.to_events(), choose("N", "lead_H")]  # option (I) now: a penalty he is not entitled to
    if edition == "NL36":
        with pytest.raises(BridgeError, match="not an option"):
            Table.from_events(naming)
    else:
        wrong = law.replace("R46(4)", "R58(1)").replace("L30", "L46")
        assert last_ruling(Table.from_events(naming)) == (wrong, "accept")
    table.apply(choose("N", left[0]))
    assert Card("DA") in table.hand(W) and (W, Card("DA"), False) in table.record.exposed  # type: ignore[attr-defined]
    replayed(table)


def test_historic_tv78_a_defenders_exposure_while_the_lead_awaits_the_choice_is_still_refused() -> None:
    table = one_spade("NBB30")
    table.play("DA", "W")
    with pytest.raises(BridgeError, match="pending"):
        table.apply({"event": "expose", "seat": "E", "cards": ["HA"]})


# ---- TV72: a revoke penalty claimed after the cut for the next deal (R55(9), EST-L39, NL36 27.4(2)) -------------
def west_revokes_established(edition: str) -> Table:
    """E leads ♦K, dummy ♦5, W (holding ♦A432) discards ♣7, N ♦8; E leads to trick 2: W's revoke is established
    (R55(2)); the board is played out (test_historic_table_revokes)."""
    table = one_spade(edition)
    play(table, "DK D5 C7 D8  S9")
    finish(table)
    return table


@pytest.mark.parametrize(
    ("edition", "moment", "law", "transfer"),
    [
        ("NBB30", "after_cut", "NBB R55(9)", False),
        ("EST30", "after_cut", "EST-L39", False),
        ("NL36", "after_cut", "NL36 27.4(2)", False),
        ("NBB30", "during_cut", "NBB R55(9)", False),
        ("NL36", "during_cut", "NL36 27.4(2)", True),  # 27.4(2): until the cut is completed
        ("NBB30", "before_cut", "NBB R55(9)", True),
        ("EST30", "rubber_open", "EST-L39", True),
    ],
)
def test_historic_tv72_a_revoke_penalty_claimed_after_the_cut_costs_nothing(
    edition: str, moment: str, law: str, transfer: bool
) -> None:
    """digest TV72: W's established revoke; N claims the penalty only after the cut for the next deal: no penalty
    (R55(9); EST-L39; NL36 27.4(2), whose window closes when the cut is completed)."""
    table = west_revokes_established(edition)
    before = table.result
    assert before is not None and before.adjustments  # taken as claimed in time until the players say otherwise
    table.apply({"event": "attention", "seat": "N", "moment": moment})
    result = table.result
    assert result is not None and bool(result.adjustments and "from EW to NS" in result.adjustments[-1]) is transfer
    if not transfer:
        assert result.tricks == before.tricks - 2 and any(law in a for a in result.adjustments)
    assert table.record is not None and any(law in n for n in table.record.notes)
    replayed(table)


def test_historic_tv72_the_moment_is_checked() -> None:
    table = west_revokes_established("NBB30")
    with pytest.raises(BridgeError, match="moment"):
        table.apply({"event": "attention", "seat": "N", "moment": "tomorrow"})
    with pytest.raises(BridgeError, match="other side made no revoke"):
        table.apply({"event": "attention", "seat": "E", "moment": "after_cut"})  # EW's own revoke
    unfinished = one_spade("NBB30")
    play(unfinished, "DK D5 C7 D8  S9")
    with pytest.raises(BridgeError, match="not over"):
        unfinished.apply({"event": "attention", "seat": "N", "moment": "after_cut"})


# ---- R24(d): permission to look at a quitted trick refused (NBB R24(d), EST-L28(d); not NL36 28.3) ---------------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R24(d)"), ("EST30", "EST-L28(d)")])
def test_historic_r24d_a_refused_look_costs_the_refuser_the_penalty_in_that_trick(edition: str, law: str) -> None:
    """W fears he revoked in trick 1 and asks to look before his side plays to trick 2; N refuses: NS may claim no
    penalty for W's (established) revoke in that trick."""
    table = one_spade(edition)
    play(table, "DK D5 C7 D8")
    table.apply({"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke", "refused_by": "N"})
    assert table.record is not None and not table.record.reports  # nobody looked
    play(table, "S9")
    finish(table)
    result = table.result
    assert result is not None and result.adjustments == (f"no penalty for West's revoke in trick 1 ({law})",)
    replayed(table)


def test_historic_r24d_refusals_that_are_not_r24d() -> None:
    table = one_spade("NBB30")
    play(table, "DK D5 C7 D8")
    with pytest.raises(BridgeError, match="partner"):
        table.apply({"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke", "refused_by": "E"})
    with pytest.raises(BridgeError, match="fears"):
        table.apply({"event": "quitted_trick", "seat": "W", "reason": "dispute", "refused_by": "N"})
    play(table, "S9")
    with pytest.raises(BridgeError, match="too late"):
        table.apply({"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke", "refused_by": "N"})
    nl36 = one_spade("NL36")  # 28.3: no permission to ask, looking costs 50
    play(nl36, "DK D5 C7 D8")
    with pytest.raises(BridgeError):
        nl36.apply({"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke", "refused_by": "N"})


# ---- R55(4): dummy left the table; declarer's revoke (NBB R55(4), EST-L37; not NL36 27.3) ------------------------
def declarer_revokes_dummy_away(edition: str, *asked: Event) -> Table:
    """Dummy S leaves the table after the opening lead; E leads ♦K, W ♦2 ... N (holding ♦T98) discards ♣3: a revoke,
    established when dummy plays to trick 2."""
    table = one_spade(edition)
    play(table, "DK")
    table.apply({"event": "dummy_left", "seat": "S"})
    play(table, "D5 D2 C3")
    for event in asked:
        table.apply(event)
    play(table, "S9 S5")  # E wins trick 1 and leads; dummy's card establishes N's revoke
    finish(table)
    return table


@pytest.mark.parametrize(("edition", "barred"), [("NBB30", "NBB R55(4)"), ("EST30", "EST-L37"), ("NL36", None)])
def test_historic_r55_4_dummy_away_the_defenders_lose_the_penalty_for_declarers_revoke(
    edition: str, barred: str | None
) -> None:
    table = declarer_revokes_dummy_away(edition)
    result = table.result
    assert result is not None
    if barred is None:  # NL36 has no such clause: the penalty stands
        assert "from NS to EW" in result.adjustments[-1]
    else:
        assert result.adjustments == (f"no penalty for North's revoke in trick 1 ({barred})",)
    replayed(table)


@pytest.mark.parametrize("edition", ["NBB30", "EST30"])
def test_historic_r55_4_a_defender_who_asked_before_establishment_keeps_the_penalty(edition: str) -> None:
    table = declarer_revokes_dummy_away(edition, {"event": "revoke_question", "seat": "E"})
    result = table.result
    assert result is not None and len(result.adjustments) == 1 and "from NS to EW" in result.adjustments[0]
    back = one_spade(edition)  # dummy back before the revoke: nothing is barred
    play(back, "DK")
    back.apply({"event": "dummy_left", "seat": "S"})
    back.apply({"event": "dummy_left", "seat": "S", "back": True})
    play(back, "D5 D2 C3 S9 S5")
    finish(back)
    assert back.result is not None and "from NS to EW" in back.result.adjustments[-1]
    with pytest.raises(BridgeError, match="not dummy"):
        back.apply({"event": "dummy_left", "seat": "N"})


# ---- TV95: dummy names the hand to lead unasked (NBB R51(1), EST-L22, NL36 30.4) ----------------------------------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R51(1)"), ("EST30", "EST-L22"), ("NL36", "NL36 30.4")])
def test_historic_tv95_dummys_lho_chooses_the_hand_declarer_leads_from(edition: str, law: str) -> None:
    """digest TV95: N wins trick 1 and is to lead; dummy S says "lead from hand" unasked; W (dummy's LHO) chooses
    dummy: the lead comes from S as if in turn, and W plays next."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA")
    table.apply({"event": "dummy_names_hand", "seat": "S"})
    assert table.turn is None and table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert ruling.chooser == W and ruling.law == law and ruling.option_ids == ("lead_from_hand", "lead_from_dummy")
    with pytest.raises(BridgeError):
        table.apply(choose("N", "lead_from_dummy"))  # declarer may not choose (the offending side)
    table.apply(choose("W", "lead_from_dummy"))
    assert last_ruling(table) == (law, "lead_from_dummy")
    assert table.turn == S and table.actor == N and table.legal_cards() == frozenset(table.hand(S))
    assert table.view(N).legal_cards == table.legal_cards()
    with pytest.raises(BridgeError, match="the lead comes from south"):
        table.play("S2", "N")  # the hand in rotation may not lead now
    table.play("H6")
    assert table.turn == W and table.play_state is not None and table.play_state.current_trick == [(S, Card("H6"))]
    assert [i.kind for i in table.irregularities] == ["dummy_names_hand"]  # the lead itself is none
    play(table, "H2 H4 HA")
    assert table.turn == E and len(table.tricks) == 2
    replayed(table)
    for _ in range(4):
        table.undo()
    assert table.turn == S and table.legal_cards() == frozenset(table.hand(S))


@pytest.mark.parametrize("edition", RUBBER)
def test_historic_tv95_the_hand_in_rotation_chosen_changes_nothing(edition: str) -> None:
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA")
    table.apply({"event": "dummy_names_hand", "seat": "S"})
    table.apply(choose("W", "lead_from_hand"))
    assert table.turn == N and table.legal_cards() == frozenset(table.hand(N))
    with pytest.raises(BridgeError):
        table.apply({"event": "dummy_names_hand", "seat": "N"})  # not dummy
    table.play("S2")
    with pytest.raises(BridgeError, match="on lead"):
        table.apply({"event": "dummy_names_hand", "seat": "S"})  # a trick in progress


# ---- TV91: NL36 29.1 no finesse unless announced; NBB R54 / EST-L41 the defenders settle the open point ----------
# N AKQ2.AQ4.987.532, E JT9.KJT.JT6.QJT9, S 8765.532.AKQ.AK4, W 43.9876.5432.876: 1S by N, E leads; dummy S wins
# the ♣A and leads a heart towards N's ♥AQ (the ♥K with E): the ♥Q would be a finesse
FINESSE_DEAL = "N:AKQ2.AQ4.987.532 JT9.KJT.JT6.QJT9 8765.532.AKQ.AK4 43.9876.5432.876"


def finesse_table(edition: str, statement: str, *dispute: Event) -> Table:
    from contractbridge.deal import Board, Deal

    table = Table(Board(1, Deal(FINESSE_DEAL), dealer=N), edition, irregular=True)
    for c in ("1S", "P", "P", "P"):
        table.call(c)
    play(table, "CQ CA C6 C2")  # dummy S wins trick 1
    table.claim(N, 12, statement)
    for event in dispute or ({"event": "dispute", "seat": "E"},):
        table.apply(event)
    assert table.claim_state is None and table.turn == S  # a defender demanded play: it goes on (R54; NL36 29.1)
    play(table, "H2 H6")
    return table


def test_historic_tv91_nl36_declarer_may_not_finesse_unless_he_announced_it() -> None:
    """digest TV91: N claims ("draw trumps first", no finesse named); E demands play; S leads ♥2, W ♥6: N may play
    the ♥A or the ♥4, not the ♥Q (NL36 29.1)."""
    table = finesse_table("NL36", "draw trumps first")
    assert table.turn == N and table.legal_cards() == cards("HA H4")
    assert table.view(N).legal_cards == cards("HA H4")
    replayed(table)
    announced = finesse_table("NL36", "draw trumps first, then finesse hearts")
    assert announced.legal_cards() == cards("HA HQ H4")
    other_suit = finesse_table("NL36", "finesse diamonds")
    assert other_suit.legal_cards() == cards("HA H4")


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R54"), ("EST30", "EST-L41")])
def test_historic_tv91_nbb_the_defenders_settle_whether_declarer_may_finesse(edition: str, law: str) -> None:
    """NBB R54 / EST-L41: any question the statement leaves open is settled by the defenders — their objection says
    whether he may finesse (``"no_finesse": true``); unsaid, he may (the NL36 rule is not theirs)."""
    free = finesse_table(edition, "draw trumps first")
    assert free.legal_cards() == cards("HA HQ H4")
    barred = finesse_table(edition, "draw trumps first", {"event": "dispute", "seat": "E", "no_finesse": True})
    assert barred.legal_cards() == cards("HA H4")
    from contractbridge.cards import Suit
    from contractbridge.laws import edition as book
    from contractbridge.laws.nbb30.claims import finesse_allowed

    assert finesse_allowed(book(edition), barred.to_events(), N, Suit.HEARTS) == law  # type: ignore[arg-type]
    replayed(barred)


def test_the_claim_statement_names_its_finesses() -> None:
    from contractbridge.cards import Suit
    from contractbridge.laws.wbf17.claims import ClaimStatement

    statement = ClaimStatement.parse("draw trumps first, then finesse the HQ, cash spades, finesse in clubs")
    assert statement.finesses == (Suit.HEARTS, Suit.CLUBS) and ClaimStatement.parse(str(statement)) == statement
    assert ClaimStatement.parse("SA").finesses == ()


# ---- TV90: a trick conceded that could not be lost by any play (NBB R26(3), NL36 29.3) ------------------------------
def three_left(edition: str) -> Table:
    """One spade by N (test_historic_table_play's deal), the lowest cards played for ten tricks: S is to lead and N
    holds ♠AKQ, NS's three tricks on every play; NS have 5."""
    table = one_spade(edition)
    while len(table.tricks) < 10:
        table.play(min(table.legal_cards()))
    assert table.turn == S and table.play_state is not None and table.play_state.declarer_tricks == 5
    return table


@pytest.mark.parametrize(
    ("edition", "law", "words"),
    [
        ("NBB30", "NBB R26(3)", "may not claim"),
        ("EST30", "EST-L40", "may not claim"),
        ("NL36", "NL36 29.3", "void"),
    ],
)
def test_historic_tv90_a_trick_conceded_that_could_not_be_lost_stays(edition: str, law: str, words: str) -> None:
    """digest TV90: N claims only one of the last three tricks (conceding two); the defenders agree. No play could
    lose NS a trick: NBB R26(3), the other side may not claim them; NL36 29.3, the concession is void. NS keep 3."""
    table = three_left(edition)
    table.claim(N, 1)
    for seat in (E, W):
        table.agree(seat)
    result = table.result
    assert result is not None and result.tricks == 8
    [note] = result.adjustments
    assert note.startswith("NS conceded 2 tricks it could not lose by any play") and words in note and law in note
    replayed(table)


def test_historic_tv90_a_concession_that_a_play_could_lose_stands() -> None:
    table = one_spade("NBB30")
    while len(table.tricks) < 9:
        table.play(min(table.legal_cards()))
    remaining = 13 - len(table.tricks)
    table.claim(E, 0)  # EW concede the rest to NS
    table.agree(N)
    result = table.result
    assert result is not None and not result.adjustments
    assert result.tricks == table.play_state.declarer_tricks + remaining  # type: ignore[union-attr]


def test_historic_tv90_the_players_word_where_the_table_cannot_search_and_checked_where_it_can() -> None:
    table = three_left("NBB30")
    table.claim(N, 1)
    for seat in (E, W):
        table.agree(seat)
    with pytest.raises(BridgeError, match="could not lose 2"):
        table.apply({"event": "attention", "seat": "N", "unlosable": 1})  # the search says 2
    table.apply({"event": "attention", "seat": "N", "unlosable": 2})
    assert table.result is not None and table.result.tricks == 8
    early = one_spade("NBB30")  # 13 cards each: beyond the search
    play(early, "S9 S5 S3 SA")
    early.claim(N, 6)
    for seat in (E, W):
        early.agree(seat)
    assert early.result is not None and not early.result.adjustments  # the agreed figure stands
    early.apply({"event": "attention", "seat": "N", "unlosable": 3})  # the players' word
    assert early.result is not None and early.result.tricks == 1 + 6 + 3
    assert any("NBB R26(3)" in a for a in early.result.adjustments)


# ---- NBB Def.XXVI(f) / NL36 26.8 footnote: a defender shows his last card before his partner played to trick 12 ----
def trick_twelve(edition: str) -> Table:
    """The lowest cards for eleven tricks (test_historic_table_play's deal): N leads ♠A to trick 12, E plays ♠T and
    dummy ♠7; W (♠4, ♥5) has not played when E shows his last card, the ♠J."""
    table = one_spade(edition)
    while len(table.tricks) < 11:
        table.play(min(table.legal_cards()))
    play(table, "SA ST S7")
    assert table.turn == W and frozenset(table.hand(W)) == cards("S4 H5")
    table.apply({"event": "expose", "seat": "E", "cards": ["SJ"]})
    return table


def test_historic_def_xxvi_f_partners_last_two_cards_become_exposed() -> None:
    """NBB Def.XXVI(f): W's last two cards are exposed cards declarer may call."""
    table, law = trick_twelve("NBB30"), "NBB Def.XXVI(f)"
    assert table.record is not None and table.record.pending is None
    exposed = {(s, c) for s, c, _ in table.record.exposed}  # type: ignore[attr-defined]
    assert {(W, Card("S4")), (W, Card("H5")), (E, Card("SJ"))} <= exposed
    assert any(law in n and "S4, H5" in n for n in table.record.notes)
    table.apply({"event": "call_card", "seat": "N", "card": "S4"})
    assert table.legal_cards() == cards("S4")
    replayed(table)


def test_historic_est30_has_no_def_xxvi_f_only_the_card_shown_is_exposed_est_l33() -> None:
    table = trick_twelve("EST30")
    assert table.record is not None and table.record.pending is None
    assert {(s, c) for s, c, _ in table.record.exposed} == {(E, Card("SJ"))}  # type: ignore[attr-defined]
    assert table.legal_cards() == cards("S4")


def test_historic_nl36_26_8_footnote_no_penalty_once_declarer_played_from_both_hands() -> None:
    """NL36 26.8: the premature play costs nothing when declarer has played from both his hands (N led, dummy
    played): settled at once, W plays as he likes."""
    table = trick_twelve("NL36")
    assert table.record is not None and table.record.pending is None
    assert (
        table.record.rulings[-1]["law"] == "NL36 26.8 footnote" and table.record.rulings[-1]["option"] == "no_penalty"
    )
    assert table.turn == W and table.legal_cards() == cards("S4")


# eleven tricks after which E leads to trick 12 (E ♦6 ♣2, S ♠8 ♣Q, W ♦A ♣7, N ♠K ♠2)
ELEVEN_TO_EAST = (
    "DK DJ D2 D9 HA HT H3 HJ HQ H7 H2 H4 D7 D5 D3 DT SA SJ S6 S4 C5 CK C6 C9 DQ S5 D4 D8 H9 H5 HK H8 SQ ST S7 S3 "
    "C3 C4 CJ CT H6 C8 CA S9"
)


def test_historic_nl36_26_8_footnote_the_last_card_shown_is_a_premature_play() -> None:
    """NL36 26.8 footnote: E leads ♦6 to trick 12, dummy plays ♠8, and E shows his last card (♣2) before W has
    played: E counts as having played at W's turn; declarer N (who has played from dummy only) may require W's
    highest or lowest diamond, or a named suit if void: he names "lowest"."""
    table = one_spade("NL36")
    play(table, ELEVEN_TO_EAST)
    play(table, "D6 S8")
    table.apply({"event": "expose", "seat": "E", "cards": ["C2"]})
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert ruling.law == "NL36 26.8 footnote" and ruling.chooser == N and "lowest" in ruling.option_ids
    assert "named_suit_H" in ruling.option_ids
    table.apply(choose("N", "lowest"))
    assert table.turn == W and table.legal_cards() == cards("DA")
    assert table.record.directives[-1].law == "NL36 26.8 footnote"  # type: ignore[attr-defined]
    replayed(table)


# ---- a lead against a penalty (a revoke in leading, NBB Def.XXVIII footnote) corrected before it is established ----
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R55(1)"), ("EST30", "EST-L35"), ("NL36", "NL36 27.1")])
def test_historic_a_lead_against_a_penalty_is_corrected_before_partner_plays(edition: str, law: str) -> None:
    """W leads ♦A out of turn; declarer names hearts (E must lead one, R46(2)(I); NL36 26.6(b)). E leads ♦K instead
    (a revoke in leading) and dummy plays; W draws attention before he plays to the trick (R55(2): not established):
    ♦K and dummy's card go back, declarer chooses E's lowest heart (R55(1)(a)(I); EST-L35; NL36 27.1(a))."""
    table = one_spade(edition)
    table.play("DA", "W")
    table.apply(choose("N", "lead_H"))
    table.play("DK", "E")  # against the penalty: it stands (a revoke in leading)
    play(table, "D5")
    table.apply({"event": "attention", "seat": "W"})
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert ruling.law == law and ruling.chooser == N and {"highest", "lowest"} <= set(ruling.option_ids)
    assert Card("DK") in table.hand(E) and Card("D5") in table.hand(S)
    table.apply(choose("N", "lowest"))
    assert table.turn == E and table.legal_cards() == cards("H8")  # the lowest of the suit required
    replayed(table)


def test_historic_a_lead_against_a_penalty_is_established_once_partner_played_r55_2() -> None:
    table = one_spade("NBB30")
    table.play("DA", "W")
    table.apply(choose("N", "lead_H"))
    table.play("DK", "E")
    play(table, "D5 D2")  # W plays to the trick: established (R55(2), a revoke in leading)
    with pytest.raises(BridgeError, match="established"):
        table.apply({"event": "attention", "seat": "N"})


# ---- R49(b)'s quitted trick of five cards (NBB R49(b), NL36 33.3; EST-L43 has no such clause) -------------------
def five_card_trick(edition: str, seat: str) -> Table:
    """Two tricks played; ``seat`` is found a card short, and the card is in trick 1, which holds five cards: it is
    unclear whether the ♠9 or the ♠5 was added by mistake."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA  S2 ST S6 S4")
    table.apply(
        {"event": "board_irregularity", "kind": "missing_card", "seat": seat, "found": "quitted_trick",
         "doubt": ["S9", "S5"]}
    )  # fmt: skip
    return table


@pytest.mark.parametrize(
    ("edition", "seat", "chooser", "law"),
    [("NBB30", "W", N, "NBB R49(b)"), ("NBB30", "S", W, "NBB R49(b)"), ("NL36", "W", N, "NL36 33.3"),
     ("NL36", "S", W, "NL36 33.3")],
)  # fmt: skip
def test_historic_r49_the_opponents_decide_which_card_of_a_five_card_trick_goes_back(
    edition: str, seat: str, chooser: Seat, law: str
) -> None:
    """NBB R49(b): "de tegenspelers" decide ([JUDGEMENT] the short hand's opponents: its LHO chooses); NL36 33.3:
    declarer, or the offender's LHO, as the case may be (declarer for a defender's hand)."""
    table = five_card_trick(edition, seat)
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert ruling.law == law and ruling.chooser == chooser and ruling.option_ids == ("return_S9", "return_S5")
    table.apply(choose(chooser.letter, "return_S5"))
    assert last_ruling(table) == (law, "return_S5") and table.turn == E
    assert any("S5 goes back" in n for n in table.record.notes)
    replayed(table)


def test_historic_est_l43_has_no_five_card_trick_rule_the_report_is_refused() -> None:
    with pytest.raises(BridgeError, match="EST-L43"):
        five_card_trick("EST30", "W")
    with pytest.raises(BridgeError, match="doubt"):
        table = one_spade("NBB30")
        play(table, "S9 S5 S3 SA")
        table.apply({"event": "board_irregularity", "kind": "missing_card", "seat": "W", "found": "other_pack",
                     "doubt": ["S9", "S5"]})  # fmt: skip


# ---- TV83: declarer plays from the other hand before second hand: the fourth hand may play first (R47(2)) ---------
@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R47(2)"), ("EST30", "EST-L31")])
def test_historic_tv83_the_fourth_hand_may_play_before_the_second_no_penalty(edition: str, law: str) -> None:
    """digest TV83: N leads ♥4 and plays dummy's ♥T before E (second hand) has played; W (fourth hand) then plays
    ♥2 before E: no penalty (R47(2); EST-L31). Dummy's ♥T and W's ♥2 count as played at their turns."""
    table = one_spade(edition)
    play(table, "SJ S5 S4 SQ H4")
    table.play("HT", "S")
    table.apply({"event": "attention", "seat": "E"})  # the automatic R47(2) outcome
    table.play("H2", "W")
    assert table.record is not None and table.record.pending is None and last_ruling(table) == (law, "no_penalty")
    assert table.turn == E
    play(table, "H8")
    assert table.legal_cards() == cards("HT")
    play(table, "HT")
    assert table.turn == W and table.legal_cards() == cards("H2")
    play(table, "H2")
    assert table.play_state is not None and [str(c) for _, c in table.play_state.tricks[-1]] == ["H4", "H8", "HT", "H2"]
    replayed(table)


# ---- TV67 and TV69: the revoke tricks at a table played out (R55(6); EST-L38; NL36 27.4) -----------------------
# random lawful cards but E's ruff with ♠T holding diamonds at trick 5 (found offline); EW win tricks 2, 5, 8, 11
TV67_PLAY = (
    "C2 CQ C7 CA C3 CK CJ CT D6 DJ D3 D9 S8 S3 SA SJ D8 E:ST D5 DA D7 S7 D4 DT S6 S4 SK S9 H4 HQ HT H5 DK C6 D2 SQ "
    "HJ H8 H9 H2 HK HA H6 H3 DQ S5 C9 C5 H7 C8 S2 C4"
)
# E discards ♥A holding spades at trick 3 and ruffs with ♠J holding hearts at trick 6; EW win 1, 4, 6, 7, 8, 9
TV69_PLAY = (
    "CK CQ C7 C5 C4 CJ C9 CA SA E:HA S8 S3 D8 DK D5 DA H3 HK H8 HT HJ E:SJ H9 H2 HQ H6 H5 H4 C2 C6 C8 C3 D2 DT DQ "
    "DJ D7 S7 D4 D9 S5 S4 SK S9 SQ ST S6 D3 S2 D6 H7 CT"
)


def played_out(edition: str, text: str) -> Table:
    table = one_spade(edition)
    for item in text.split():
        seat, _, card = item.rpartition(":")
        table.play(card, seat or None)
    assert table.result is not None
    return table


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R55(6)"), ("EST30", "EST-L38"), ("NL36", "NL36 27.4")])
def test_historic_tv67_a_revoke_won_in_trick_5_costs_two_of_the_eligible_tricks(edition: str, law: str) -> None:
    """digest TV67: E revokes in following at trick 5 and wins it; EW also win 2, 8 and 11: 2 tricks transferred —
    eligible NBB/NL36 {5, 8, 11}, EST {8, 11} (trick 2 never)."""
    table = played_out(edition, TV67_PLAY)
    [revoke] = [i for i in table.irregularities if i.kind == "revoke"]
    assert revoke.trick == 5 and revoke.seat == E
    result = table.result
    assert result is not None and result.adjustments == (f"2 tricks from EW to NS for 1 revoke ({law})",)
    assert result.tricks == 9 + 2
    from contractbridge.laws.nbb30.values import Revoke

    rules = table.rules
    assert rules.revoke_transfer([Revoke(5)], [2, 5, 8, 11]) == 2
    assert rules.revoke_transfer([Revoke(5)], [2, 5]) == (0 if edition == "EST30" else 1)  # the revoke trick
    replayed(table)


@pytest.mark.parametrize(("edition", "law"), [("NBB30", "NBB R55(6)"), ("EST30", "EST-L38"), ("NL36", "NL36 27.4")])
def test_historic_tv69_two_revokes_by_one_side_cost_three_tricks(edition: str, law: str) -> None:
    """digest TV69: E revokes at tricks 3 and 6, both established, EW win enough later tricks: 2 + 1 = 3."""
    table = played_out(edition, TV69_PLAY)
    assert [i.trick for i in table.irregularities if i.kind == "revoke"] == [3, 6]
    result = table.result
    assert result is not None and result.adjustments == (f"3 tricks from EW to NS for 2 revokes ({law})",)
    replayed(table)


# ---- TV92: NL36 29.1 both defenders throw in their cards: the claim must be accepted ------------------------------
def test_historic_tv92_nl36_both_defenders_throw_in_the_claim_stands() -> None:
    """digest TV92: declarer claims the rest; both defenders throw in their cards (each agrees): the claim is
    accepted (NL36 29.1) and nobody can require play; one defender alone does not settle it."""
    table = one_spade("NL36")
    play(table, "S9 S5 S3 SA")
    table.claim(N, 12, "draw trumps first")
    table.agree(E)
    assert table.claim_state is not None and not table.claim_state.settled and table.result is None
    table.agree(W)
    assert table.claim_state is not None and table.claim_state.settled
    result = table.result
    assert result is not None and result.tricks == 13 and result.claimed
    with pytest.raises(BridgeError):
        table.apply({"event": "dispute", "seat": "E"})
    replayed(table)


# ---- TV44, TV45: NL36 28.3 at the table: fear of a revoke is no exception; five cards in the trick is -------------
@pytest.mark.parametrize(("reason", "premium"), [("fear_of_revoke", True), ("wrong_count", False)])
def test_historic_tv44_tv45_nl36_a_quitted_trick_turned_over(reason: str, premium: bool) -> None:
    """digest TV44: a defender turns trick 1 to see whether he revoked: declarer's side +50 (NL36 28.3 has no such
    exception); TV45: turned because it holds five cards (28.3(b)): nothing."""
    from contractbridge.cards import Side

    table = one_spade("NL36")
    play(table, "S9 S5 S3 SA")
    table.apply({"event": "quitted_trick", "seat": "W", "reason": reason})
    assert table.record is not None
    expected = [(Side.NS, 50, "NL36 28.3")] if premium else []
    assert table.record.premiums == expected  # type: ignore[attr-defined]
    replayed(table)


# ---- an exposed or penalty card once played is no longer one (R44(1), EST-L33, NL36 32.2): `rule` stops listing it --
@pytest.mark.parametrize(("edition", "option"), [("NBB30", "exposed_forbid"), ("NL36", "penalty_card")])
def test_a_penalty_card_played_leaves_the_record_and_rule_json(edition: str, option: str, tmp_path: Any) -> None:
    """W's ♦A led out of turn becomes an exposed card (R46(2)(II)) / a penalty card (NL36 26.6(b)); W plays it to
    trick 1: `contractbridge rule --json` no longer lists it (#25: it did)."""
    import json

    from typer.testing import CliRunner

    from contractbridge.cli import app

    table = one_spade(edition)
    table.play("DA", "W")
    table.apply(choose("N", option))
    assert table.record is not None and [c for _, c, _ in table.record.exposed] == [Card("DA")]  # type: ignore[attr-defined]
    play(table, "DK D5 DA")
    assert table.record.exposed == []  # type: ignore[attr-defined]
    log = tmp_path / "board.jsonl"
    log.write_text(table.to_jsonl(), encoding="utf-8")
    out = CliRunner().invoke(app, ["rule", str(log), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["exposed_cards"] == []


@pytest.mark.parametrize(
    ("edition", "option", "law"), [("NBB30", "discard_S", "NBB R57"), ("NL36", "named_suit_S", "NL36 26.5")]
)
def test_historic_tv86_a_named_suit_the_partner_lacks_lapses(edition: str, option: str, law: str) -> None:
    """digest TV86 for a play penalty: trumps drawn, N leads ♠2 and W plays ♣8 before E (R47(1); NL36 26.8); declarer
    names spades for E, void in the suit led and without spades: the penalty lapses, E plays any card."""
    table = one_spade(edition)
    play(table, "S9 S5 S3 SA  SK ST S6 S4  SQ SJ S7 C7  S2")
    table.play("C8", "W")
    table.apply(choose("N", option))
    assert table.turn == E and table.legal_cards() == frozenset(table.hand(E))
    assert table.record is not None and any(f"lapses ({law})" in n for n in table.record.notes), table.record.notes
    replayed(table)
