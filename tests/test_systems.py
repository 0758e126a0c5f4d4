"""The bidding systems: the recommended calls of the worked examples E07–E30 and the vectors TV103–TV125
(shared/spec/laws-historic.md §7, §8.4), explanations (L20F) and errors."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from contractbridge import Auction, Hand, Seat, Strain, Vulnerability
from contractbridge.calls import Call
from contractbridge.errors import BridgeError, OutOfTurnError
from contractbridge.robots import choose, explain
from contractbridge.systems import CULBERTSON, Forcing, SystemOptions, game_level, system
from contractbridge.systems.club import CLUB

NV, VUL = Vulnerability.NONE, Vulnerability.BOTH


def call(
    hand: str, calls: str = "", vul: Vulnerability = NV, sys: str = "culbertson", dealer: Seat = Seat.NORTH
) -> str:
    c, meaning = choose(Hand(hand), Auction(dealer, calls), vul, system=sys)
    assert meaning.satisfied_by(Hand(hand)), meaning
    return str(c)


@pytest.mark.parametrize(
    ("example", "hand", "auction", "vul", "expected"),
    [
        ("E07 EST-B15", "74.AQ842.A985.T7", "", NV, "1H"),
        ("E08 EST-B20", "75.AQ94.A986.J52", "", NV, "1H"),
        ("E09 EST-B21", "AKJ92.32.A.AJT92", "", NV, "2S"),
        ("E10 EST-B21", "AQ4.AK4.KQ4.K432", "", NV, "2NT"),
        ("E11 EST-B22", "AQ2.AKQJ96.T.852", "", NV, "3H"),
        ("E12 EST-B23", "A9.KQJ98754.T3.7", "", NV, "4H"),
        ("E12 EST-B23 vul", "A9.KQJ98754.T3.7", "", VUL, "4H"),
        ("E13 EST-B24", "AJ8.K95.KQT.Q875", "", NV, "1NT"),
        ("E21 EST-B27", "A95.KT876.84.K76", "1D", NV, "1H"),
        ("E22 EST-B28", "9.74.AQT965.A974", "1H", NV, "2D"),
        ("E22 EST-B28 vul", "9.74.AQT965.A974", "1H", VUL, "2D"),
        ("E23 EST-B29", "AKJ65.92.AQ8.K96", "1H", NV, "2S"),
        ("E24a EST-B30", "AK64.AQT5..AJ875", "1D", NV, "2D"),
        ("E24b EST-B30", "AK64.AT96.A7.KQJ", "1D", NV, "2D"),
        ("E25 TV115 EST-B31", "AQ75.AJT7.93.K72", "1D", NV, "X"),
        ("E26 EST-B33", "A62.JT874.T.AT73", "1D X P", NV, "2H"),
        ("E27 EST-B34", "KQ4.QJT954.6.A72", "1D X P", NV, "3H"),
        ("E28 EST-B35", "Q98.KT74.A985.K8", "1NT X P", NV, "P"),
        ("E29 EST-B39", "T.K965.A863.J982", "1H P", NV, "3H"),
        ("E30 EST-B43", "J54.J932.AKT87.5", "1S P", NV, "2D"),
    ],
)
def test_worked_examples_recommended_call(
    example: str, hand: str, auction: str, vul: Vulnerability, expected: str
) -> None:
    """§7 E07–E30: where the book gives a call, the robot makes it."""
    assert call(hand, auction, vul) == expected, example


def test_e14_rebid_with_four_trump_tricks() -> None:
    """E14 / TV110, EST-B25: A K J 10 8 (4 trump tricks) may be bid twice."""
    assert call("AKJT8.K32.A32.32", "1S P 1NT P") == "2S"


def test_tv104_opening_minimums() -> None:
    """TV104, EST-B10/B11/B16: 2½ HT opens in 1st/2nd seat, not in 3rd/4th (3 HT); PT ≥ 4 always."""
    assert call("75.AQ94.A986.J52") == "1H"
    assert call("75.AQ94.A986.J52", "P") == "1H"
    assert call("75.AQ94.A986.J52", "P P") == "P"
    assert call("75.AQ94.A986.J52", "P P P") == "P"
    assert call("752.AQ94.A98.J52") == "P"  # 2½ HT but PT 3½


def test_tv109_raise_bands() -> None:
    """TV109, EST-B36: with ≥ 2½ HT and normal support, ST 3½ / 5 / 6 / 7½ / 8½ → 2 / 3 / 4 / 5 / 6."""
    bands = {2: SystemOptions().single_raise_st, 3: F(9, 2), 4: F(11, 2), 5: F(15, 2), 6: F(17, 2)}
    for st, level in ((F(7, 2), 2), (F(5), 3), (F(6), 4), (F(15, 2), 5), (F(17, 2), 6), (F(13, 2), 4), (F(8), 5)):
        assert CULBERTSON.raise_level(st, F(5, 2), bands) == level
    # EST-B43: under 2½ HT one level less, never below the single raise
    assert CULBERTSON.raise_level(F(11, 2), F(3, 2), bands) == 3
    assert CULBERTSON.raise_level(F(7, 2), F(3, 2), bands) == 2


@pytest.mark.parametrize(("bid", "vul", "tricks"), [("4H", NV, 7), ("4S", VUL, 8), ("5C", NV, 8), ("5D", VUL, 9)])
def test_tv112_game_preempt_playing_tricks(bid: str, vul: Vulnerability, tricks: int) -> None:
    """TV112, EST-B23: 4H/4S NV 7, vul 8; 5C/5D NV 8, vul 9."""
    meaning = explain(Auction(Seat.NORTH, bid), 0, vul)
    assert meaning.tricks == tricks and meaning.rule == "EST-B23"


def test_tv113_one_level_overcall() -> None:
    """TV113, EST-B27: 1½ HT + 5-card biddable suit, or 2 HT + 4-card biddable suit."""
    assert call("A5432.K2.5432.32", "1D") == "1S"  # 5 cards, 1½
    assert call("AQ32.K2.5432.432", "1D") == "1S"  # 4 cards, 2
    assert call("AQ32.32.5432.432", "1D") == "P"  # 4 cards, 1½
    assert call("A5432.K2.5432.32", "1D", VUL) == "P"  # vulnerable: ½ more (judgement)


def test_tv114_two_level_overcall() -> None:
    """TV114, EST-B28: NV 5-card suit ≈ 4 trump tricks + 1½ HT; vul ≥ 4 trump tricks and ≥ 2 HT; partner
    raises with 3 ST (NV) or 2 ST (vul)."""
    hand = "32.32.AQ5432.K32"  # AQ 1½ + Kx ½ = 2 HT; diamonds 1½ + 3 = 4½ trump tricks
    assert call(hand, "1S") == "2D"
    assert call(hand, "1S", VUL) == "2D"
    weak = "32.32.KQ5432.432"  # 1 HT: too weak either way
    assert call(weak, "1S") == "P"
    raise_nv = explain(Auction(Seat.NORTH, "1S 2D P 3D"), 3, NV)
    raise_vul = explain(Auction(Seat.NORTH, "1S 2D P 3D"), 3, VUL)
    assert raise_nv.tricks == 3 and raise_vul.tricks == 2


@pytest.mark.parametrize(
    ("auction", "index", "kind"),
    [("1S P P X", 3, "informatory"), ("2NT X", 1, "penalty"), ("1S 2H 3S X", 3, "penalty"), ("3C X", 1, "penalty")],
)
def test_tv116_double_classification(auction: str, index: int, kind: str) -> None:
    """TV116, EST-B26/B51/B52: informatory only if partner has not bid and the bid is at most 2S."""
    meaning = explain(Auction(Seat.NORTH, auction), index)
    assert ("EST-B31" in meaning.rule) is (kind == "informatory")
    assert ("EST-B52" in meaning.rule) is (kind == "penalty")
    assert (meaning.forcing is Forcing.ROUND) is (kind == "informatory")


def test_tv117_pass_of_doubled_nt() -> None:
    """TV117, EST-B35: 1NT X P with 2 HT: pass allowed (E28)."""
    assert call("Q98.KT74.A985.K8", "1NT X P") == "P"
    assert call("Q98.KT74.9852.98", "1NT X P") != "P"  # ½ HT: must bid


def test_pass_with_four_sure_trump_tricks() -> None:
    """EST-B35 exception 2: their suit doubled, four sure trump tricks in it."""
    assert call("32.32.KQJT98.432", "1D X P") == "P"


@pytest.mark.parametrize(
    ("hand", "expected"), [("A32.K32.A432.432", "2NT"), ("A32.A32.KQ32.432", "3NT"), ("AK2.AQ2.A432.432", "4NT")]
)
def test_tv118_responses_to_1nt(hand: str, expected: str) -> None:
    """TV118, EST-B45: 2½ HT → 2NT, 3 HT → 3NT, 4½ HT → 4NT."""
    assert call(hand, "1NT P") == expected


@pytest.mark.parametrize(
    ("hand", "expected"), [("32.K432.5432.432", "2NT"), ("32.A432.K432.432", "3NT"), ("32.A432.A432.K32", "4NT")]
)
def test_tv119_responses_to_forcing_two(hand: str, expected: str) -> None:
    """TV119, EST-B46: no support, no biddable suit: ½ HT → 2NT, 1½ → 3NT, 2½ → 4NT."""
    assert call(hand, "2S P") == expected


def test_tv120_responder_must_not_pass() -> None:
    """TV120, EST-B41: biddable suit + 1 HT, or no biddable suit + 1½ HT: must bid."""
    assert call("KJ432.32.5432.32", "1H P") == "1S"
    assert call("A32.32.K432.5432", "1H P") == "1NT"
    assert call("5432.32.K432.532", "1H P") == "P"


def test_tv121_redouble() -> None:
    """TV121, EST-B47: the redouble after an informatory double of partner's opening shows ≥ 2½ HT."""
    assert call("A32.32.AQ32.5432", "1H X") == "XX"
    meaning = explain(Auction(Seat.NORTH, "1H X XX"), 2)
    assert meaning.ht_min == F(5, 2)


@pytest.mark.parametrize(
    ("hand", "auction", "expected"),
    [
        ("A32.5432.432.432", "1C P", "1D"),
        ("A32.K2.KJ432.432", "1C P", "2D"),
        ("A32.K32.K432.432", "1C P", "1NT"),
        ("A32.AK432.K32.32", "1C P", "2H"),
        ("A32.AK32.K32.432", "1C P", "2NT"),
        ("A32.5432.432.432", "1C 1S", "P"),
    ],
)
def test_tv122_club_responses(hand: str, auction: str, expected: str) -> None:
    """TV122, EST-B55: 1 HT → 1D; 2 HT with 5 diamonds → 2D; 2 HT, no 5-card suit → 1NT; 3 HT with 5 hearts →
    2H (forcing); 3 HT without → 2NT (forcing); 1 HT after an overcall → pass."""
    assert call(hand, auction, sys="club") == expected


def test_tv123_club_rebid_after_negative() -> None:
    """TV123, EST-B55: 1C–1D; 5 spades → 1S; no 5-card suit → 1NT."""
    assert call("AQ432.K32.A2.432", "1C P 1D P", sys="club") == "1S"
    assert call("AQ32.K32.A32.432", "1C P 1D P", sys="club") == "1NT"


def test_tv124_club_raise_after_forcing_response() -> None:
    """TV124, EST-B55: no 5-card suit, 4 cards of partner's suit with K+Q (or A+J): raise one level."""
    assert call("A32.KQ32.A32.432", "1C P 2H P", sys="club") == "3H"
    assert call("A32.AJ32.K32.432", "1C P 2H P", sys="club") == "3H"
    assert call("A32.Q432.AK2.432", "1C P 2H P", sys="club") == "2NT"


def test_tv125_club_range() -> None:
    """TV125 / TV101, EST-B55/B56: 1C shows 2½–4 HT by the Club table; E07's hand (Club 2¼) passes."""
    assert call("74.AQ842.A985.T7", sys="club") == "P"
    assert call("74.AQ842.A985.K7", sys="club") == "1C"
    meaning = explain(Auction(Seat.NORTH, "1C"), 0, system="club")
    assert meaning.artificial and meaning.ht_min == F(5, 2) and "2½–4" in meaning.text
    assert not meaning.specified_suits


def test_club_one_diamond_is_artificial() -> None:
    """EST-B55: the negative 1D says nothing about diamonds (director: an artificial call)."""
    meaning = CLUB.explain(Auction(Seat.NORTH, "1C P 1D"), 2)
    assert meaning.artificial and meaning.ht_max == F(5, 4)


def test_explain_undiscussed_and_natural() -> None:
    """A call the system does not cover is explained as natural, undiscussed."""
    meaning = explain(Auction(Seat.NORTH, "1S P 7C"), 2)
    assert meaning.undiscussed and "undiscussed" in meaning.text
    assert "EST-B20" in explain(Auction(Seat.NORTH, "1S"), 0).rule


def test_part_score_changes_game_level() -> None:
    """Rubber score as input: with 60 below the line 2H is game."""
    assert game_level(Call.parse("1H").strain) == 4  # type: ignore[attr-defined]
    assert game_level(Call.parse("1H").strain, 60) == 2  # type: ignore[attr-defined]
    assert game_level(Call.parse("1NT").strain) == 3  # type: ignore[attr-defined]


def test_options_change_the_choice() -> None:
    """SystemOptions are live: a third-seat minimum of 2½ HT lets E08 open in third seat."""
    hand, auction = Hand("75.AQ94.A986.J52"), Auction(Seat.NORTH, "P P")
    assert str(choose(hand, auction)[0]) == "P"
    assert str(choose(hand, auction, options=SystemOptions(third_seat_min_ht=F(5, 2)))[0]) == "1H"


def test_errors() -> None:
    with pytest.raises(BridgeError):
        choose(Hand("AKQ.AKQ.AKQ.AKQ"), Auction(Seat.NORTH))
    with pytest.raises(OutOfTurnError):
        choose(Hand("74.AQ842.A985.T7"), Auction(Seat.NORTH), seat=Seat.EAST)
    with pytest.raises(BridgeError):
        choose(Hand("74.AQ842.A985.T7"), Auction(Seat.NORTH, "P P P P"))
    with pytest.raises(BridgeError):
        explain(Auction(Seat.NORTH, "1S"), 3)
    with pytest.raises(BridgeError):
        system("acol")


def test_call_meaning_constraints_and_union() -> None:
    """CallMeaning: lengths, HT (per table), HCP; describe(); the union is what explain() returns."""
    from contractbridge.calls import Bid
    from contractbridge.cards import Strain, Suit
    from contractbridge.evaluation import HTTable
    from contractbridge.systems.base import CallMeaning, lengths, union

    bid = Bid(1, Strain.HEARTS)
    a = CallMeaning(bid, "five hearts", "T1", lengths=lengths(H=(5, 13)), ht_min=F(5, 2), hcp_min=10)
    b = CallMeaning(
        bid,
        "four hearts",
        "T2",
        lengths=lengths(H=(4, 13)),
        ht_min=F(3),
        ht_max=F(4),
        specified_suits=frozenset({Suit.HEARTS}),
    )
    hand = Hand("74.AQ842.A985.T7")  # 2½ HT, 10 HCP
    assert a.satisfied_by(hand) and not b.satisfied_by(hand)
    assert not CallMeaning(bid, "", "T", hcp_max=9).satisfied_by(hand)
    assert not CallMeaning(bid, "", "T", ht_min=F(5, 2), ht_table=HTTable.CLUB).satisfied_by(hand)  # Club 2¼
    u = union([a, b])
    assert u.lengths[Suit.HEARTS] == (4, 13) and u.ht_min == F(5, 2) and u.ht_max is None
    assert u.specified_suits == frozenset() and u.rule == "T1, T2" and u.satisfied_by(hand)
    text = a.describe()
    assert text.startswith("1H: five hearts") and "H 5+" in text and "2½+ HT" in text and "10–37 HCP" in text


def test_b44_jump_raise_of_a_nt_response() -> None:
    """EST-B44 rule 6: opener raises a NT response with a jump holding more than 3½ HT."""
    assert call("AQ32.AK2.K32.Q32", "1S P 1NT P") == "3NT"  # 4½ HT: AQ 1½ + AK 2 + (K x + Q x) 1
    assert call("AQ32.K32.K32.432", "1S P 1NT P") == "P"  # 2½ HT: nothing more


@pytest.mark.parametrize(
    ("hand", "auction", "expected"),
    [
        ("AKJT8.K32.A32.32", "1S P 2C P", "2S"),
        ("AKJT8.J32.K32.32", "1S P 2C P 2S P 2NT P", "P"),
        ("QJT976.A3.KQ2.32", "1S P 1NT P", "2S"),
        ("AKQJT.A32.32.432", "1S P 2C P", "2S"),
        ("AKQJT.A32.32.432", "1S P 2C P 2S P 2NT P", "3S"),
        ("KQJ9865.A3.K2.32", "1S P 2C P 2S P 2NT P", "3S"),
    ],
)
def test_e14_e17_rebid_counts_by_the_robot(hand: str, auction: str, expected: str) -> None:
    """E14–E17 / TV110, EST-B25: 4 trump tricks → the suit is bid twice, 5 → three times."""
    assert call(hand, auction) == expected


def test_club_positive_responder_second_round() -> None:
    """EST-B55: after a positive response a 6-card suit may be bid twice, a 4-card suit only now."""
    assert call("A32.KJ843.AQ32.2", "1C P 1H P 2C P", sys="club") == "2D"
    assert call("32.KJ8432.A32.32", "1C P 1H P 2C P", sys="club") == "2H"


def test_b53_partner_leaves_the_penalty_double_in_except() -> None:
    """EST-B52/B53: leave partner's penalty double in, except (a) a freak hand, (b) useless in defence with
    excellent support for the doubler's suit."""
    auction = "1S 2H 2S 3H X P"  # N's double after partner's bid is for penalties (EST-B52)
    assert "EST-B52" in explain(Auction(Seat.NORTH, auction), 4).rule
    assert call("432.J32.Q5432.32", auction) == "P"
    assert call("32.2.QJ98765.432", auction) == "4D"  # (a) a 7-card suit
    assert call("J87652.2.98765.3", auction) == "3S"  # (b) no defence, 5 support tricks for spades


def test_options_are_built_once_per_bidding_situation() -> None:
    """#15: the options depend on the situation as the seat to call sees it, not on who dealt: South after
    N 1S, E pass with North-South vulnerable is West after E 1S, S pass with East-West vulnerable. Both get
    the same options (built once) and so the same calls and explanations (L20F)."""
    from contractbridge.systems import base

    base.clear_caches()
    north = Auction(Seat.NORTH, "1S P")
    east = Auction(Seat.EAST, "1S P")
    for text in ("K32.Q54.A932.J87", "AQ2.K5.QJ32.T987", "5.KQJ876.A32.432", "T98765.2.K32.432"):
        hand = Hand(text)
        assert choose(hand, north, Vulnerability.NS) == choose(hand, east, Vulnerability.EW)
    assert len(base._SITUATIONS) == 3  # the opening, the pass over it, and responder's: once each
    assert explain(north.copy(), 0, Vulnerability.NS) == explain(east.copy(), 0, Vulnerability.EW)
    # The other side vulnerable instead changes every seat's situation: three more.
    choose(Hand("K32.Q54.A932.J87"), north, Vulnerability.EW)
    assert len(base._SITUATIONS) == 6


def test_game_level_follows_the_editions_trick_values_est_s05_l77() -> None:
    """Issue #10: with 60 below the line, 1NT is game under WBF17 scoring (L77: 40) but not under EST30 (EST-S05,
    NBB R30: 1NT scores 30), so the EST30 robot needs 2NT; the robot takes the values from its table's edition."""
    from contractbridge.laws import edition
    from contractbridge.robots.bidder import BiddingRobot

    est30, wbf17 = edition("EST30").scoring, edition("WBF17").scoring
    assert game_level(Strain.NOTRUMP, 60, est30) == 2 and game_level(Strain.NOTRUMP, 60, wbf17) == 1
    assert game_level(Strain.NOTRUMP, 0, est30) == game_level(Strain.NOTRUMP, 0, wbf17) == 3
    assert est30.trick_score(Strain.NOTRUMP, 1) == 30 and wbf17.trick_score(Strain.NOTRUMP, 1) == 40
    auction = Auction(Seat.NORTH)
    for values, level in ((est30, 2), (wbf17, 1)):
        ctx = system("culbertson").context(auction, options=SystemOptions(trick_values=values), partscores=(60, 0))
        assert ctx.game(Strain.NOTRUMP) == level
    robot = BiddingRobot()
    assert robot.options_for("EST30").trick_values == est30 and robot.options_for("WBF17").trick_values == wbf17
