"""Hand evaluation: the EST30 tables (EST-B07 – B56), the §8.4 vectors TV97–TV112 and the arithmetic of
the worked examples E07–E30 (shared/spec/laws-historic.md §7)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from contractbridge.cards import Hand, Strain, Suit
from contractbridge.evaluation import (
    HTTable,
    biddable_reason,
    biddable_suits,
    club_suit_honour_tricks,
    culbertson_suit_honour_tricks,
    defensive_tricks,
    fmt,
    has_normal_support,
    hcp,
    honour_tricks,
    is_biddable,
    partnership_nt_contract,
    playing_tricks,
    plus_values,
    positional_honour_tricks,
    shape,
    support_tricks,
    sure_trump_tricks,
    trump_tricks,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
RANKS = "23456789TJQKA"


def bits(holding: str) -> int:
    """A one-suit holding such as "KJx" as a 13-bit rank set; each x is a different small card."""
    out, small = 0, iter("2345678")
    for ch in holding.upper():
        rank = RANKS.index(next(small) if ch == "X" else ch)
        out |= 1 << rank
    return out


def ht(hand: str, table: HTTable = HTTable.CULBERTSON) -> F:
    return honour_tricks(Hand(hand), table).value


@pytest.mark.parametrize(
    ("holding", "value"),
    [
        ("AK", 2),
        ("AQ", F(3, 2)),
        ("AJT", F(3, 2)),
        ("KQT", F(3, 2)),
        ("A", 1),
        ("KQ", 1),
        ("KJx", 1),
        ("Kx", F(1, 2)),
        ("QJx", F(1, 2)),
    ],
)
def test_tv97_culbertson_suit_values(holding: str, value: F) -> None:
    """TV97, EST-B08."""
    assert culbertson_suit_honour_tricks(bits(holding)) == value


def test_tv98_culbertson_cross_suit_combinations() -> None:
    """TV98, EST-B08: K x + Q x in different suits = 1 together; Q x + J x = ½ together."""
    assert ht("K2.Q2.5432.65432") == 1
    assert ht("Q2.J2.5432.65432") == F(1, 2)
    # each suit pairs once; Kx+Qx is taken before Qx+Jx
    assert ht("K2.Q2.Q32.J5432") == F(3, 2)
    # singletons carry no tag (laws-historic §6.1.1)
    assert ht("Q.J.K5432.765432") == F(1, 2)


def test_tv99_at_most_two_per_suit() -> None:
    """TV99, EST-B07: a side suit A K Q J counts 2."""
    assert culbertson_suit_honour_tricks(bits("AKQJ")) == 2


@pytest.mark.parametrize(
    ("holding", "value"),
    [
        ("AK", 2),
        ("AQJ", 2),
        ("AQT", F(3, 2)),
        ("AQ", F(5, 4)),
        ("AJT", F(3, 2)),
        ("A", 1),
        ("KQJ", F(3, 2)),
        ("KQT", F(5, 4)),
        ("KQ", 1),
        ("KJT", F(3, 4)),
        ("Kx", F(1, 2)),
        ("QJx", F(1, 2)),
        ("Qxx", F(1, 4)),
        ("K", 0),
        ("Qx", 0),
    ],
)
def test_tv100_club_table(holding: str, value: F) -> None:
    """TV100, EST-B56."""
    assert club_suit_honour_tricks(bits(holding)) == value


def test_tv101_club_vs_culbertson() -> None:
    """TV101, EST-B08/B56: S 7 4 / H A Q 8 4 2 / D A 9 8 5 / C 10 7 → Club 2¼, Culbertson 2½."""
    assert ht("74.AQ842.A985.T7", HTTable.CLUB) == F(9, 4)
    assert ht("74.AQ842.A985.T7") == F(5, 2)


@pytest.mark.parametrize(
    ("holding", "ok"),
    [
        ("AQxx", True),
        ("AJTx", True),
        ("KQTx", True),
        ("Kxxxx", True),
        ("QJxxx", True),
        ("T9xxxx", True),
        ("KJxx", False),
        ("Jxxxx", False),
        ("Qxxx", False),
    ],
)
def test_tv102_biddable(holding: str, ok: bool) -> None:
    """TV102 / E18, E19, E20, EST-B13."""
    spades = "".join(RANKS[r] for r in range(12, -1, -1) if bits(holding) >> r & 1)
    rest = 13 - len(spades)
    filler = "AKQJT98765432"[: max(0, rest - 8)]
    hand = Hand(f"{spades}.{filler}.{'AKQJ'[: min(4, rest)]}.{'AKQJ'[: max(0, rest - 4 - len(filler))]}")
    assert is_biddable(hand, S) is ok


def test_tv103_e07_opening_arithmetic() -> None:
    """TV103 / E07, EST-B15 (text arithmetic): HT 1½ + 1 = 2½; + five trumps 2; + 4-card side ½; PT 5."""
    hand = Hand("74.AQ842.A985.T7")
    assert ht("74.AQ842.A985.T7") == F(5, 2)
    pt = playing_tricks(hand, H)
    assert pt.value == 5
    assert sorted(i.value for i in pt.items) == [F(1, 2), 1, F(3, 2), 2]


def test_tv105_length_table() -> None:
    """TV105, EST-B14: side suit 4/5/6 → ½/1/1½; trump 4/5/6 → 1/2/3 (small cards only)."""
    for n, side, trump in ((4, F(1, 2), 1), (5, 1, 2), (6, F(3, 2), 3)):
        hand = Hand(f"{'98765432'[:n]}.{'98765432'[:n]}.{'9876'[: 13 - 2 * n]}.{'9876'[: max(0, 9 - 2 * n)]}")
        # spades as trumps: the hearts are the side suit of the same length
        assert playing_tricks(hand, S).value == trump + side + (F(1, 2) if 13 - 2 * n >= 4 else 0)


def test_e08_minimum_one_bid() -> None:
    """E08, EST-B20: HT 2½, PT 4."""
    assert ht("75.AQ94.A986.J52") == F(5, 2)
    assert playing_tricks(Hand("75.AQ94.A986.J52"), H).value == 4


def test_e09_forcing_two_values() -> None:
    """E09, EST-B21: HT 4½ over three suits, PT 7½."""
    assert ht("AKJ92.32.A.AJT92") == F(9, 2)
    assert playing_tricks(Hand("AKJ92.32.A.AJT92"), S).value == F(15, 2)


def test_e10_strong_flat_hand() -> None:
    """E10, EST-B21: HT 5, no biddable suit."""
    assert ht("AQ4.AK4.KQ4.K432") == 5
    assert biddable_suits(Hand("AQ4.AK4.KQ4.K432")) == ()


def test_e11_e12_preempt_playing_tricks() -> None:
    """E11 (EST-B22): solid hearts 6 + AQ 1½ = 7½, side HT 1½. E12 (EST-B23): hearts 8 − 1 = 7, + A = 8."""
    e11 = Hand("AQ2.AKQJ96.T.852")
    assert ht("AQ2.AKQJ96.T.852") == F(7, 2)
    assert playing_tricks(e11, H).value == F(15, 2)
    assert honour_tricks(e11, suits=(S, D, C)).value == F(3, 2)
    e12 = Hand("A9.KQJ98754.T3.7")
    assert playing_tricks(e12, H).value == 8
    assert honour_tricks(e12, suits=(S, D, C)).value == 1


def test_e13_kx_qx_combination_reaches_four_playing_tricks() -> None:
    """E13, EST-B24/B08: HT 1 + 1 (Kx + Qx) + 1½ = 3½; PT 3½ + ½ = 4; no biddable suit."""
    hand = Hand("AJ8.K95.KQT.Q875")
    assert ht("AJ8.K95.KQT.Q875") == F(7, 2)
    assert playing_tricks(hand, None).value == 4
    assert biddable_suits(hand) == ()


@pytest.mark.parametrize(
    ("holding", "tricks", "times"),
    [("AKJT8", 4, "twice"), ("QJT976", 4, "twice"), ("AKQJT", 5, "three times"), ("KQJ9865", 6, "three times")],
)
def test_tv110_e14_e15_e16_e17_rebid_trump_tricks(holding: str, tricks: int, times: str) -> None:
    """TV110 / E14, E15, E16, E17, EST-B25: 4 trump tricks → bid twice; 5 → three times."""
    others = "AKQJT98765432"
    rest = 13 - len(holding)
    hand = Hand(f"{holding}.{others[: min(rest, 4)]}.{others[: min(max(rest - 4, 0), 4)]}.{others[: max(rest - 8, 0)]}")
    value = trump_tricks(hand, S).value
    assert value == tricks
    assert ("three times" if value >= 5 else "twice") == times


def test_e21_to_e30_honour_tricks() -> None:
    """E21–E30 (EST-B27 – B43): the honour-trick sums the digest derives."""
    assert ht("A95.KT876.84.K76") == 2  # E21
    assert ht("9.74.AQT965.A974") == F(5, 2)  # E22
    assert trump_tricks(Hand("9.74.AQT965.A974"), D).value == F(9, 2)  # E22 diamonds as trumps
    assert playing_tricks(Hand("9.74.AQT965.A974"), D).value == 6  # E22 PT
    assert ht("AKJ65.92.AQ8.K96") == 4  # E23
    assert ht("AK64.AQT5..AJ875") == F(9, 2)  # E24a
    assert ht("AK64.AT96.A7.KQJ") == 5  # E24b (KQJ = KQ = 1 in the Culbertson table)
    assert ht("AQ75.AJT7.93.K72") == F(7, 2)  # E25 / TV115
    assert ht("A62.JT874.T.AT73") == 2  # E26
    assert ht("KQ4.QJT954.6.A72") == F(5, 2)  # E27
    assert trump_tricks(Hand("KQ4.QJT954.6.A72"), H).value == 4  # E27: 6 − 2
    assert ht("Q98.KT74.A985.K8") == F(5, 2)  # E28: 2, or 2½ with the Q x + K x pairing (adopted)
    assert ht("J54.J932.AKT87.5") == 2  # E30
    assert not has_normal_support(Hand("J54.J932.AKT87.5"), S)  # E30: J 5 4 is not normal support


def test_tv106_e29_support_tricks() -> None:
    """TV106 / E29, EST-B38 (text): S singleton 2; H K 1 + 4 trumps ½; D A 1 + 4 cards ½; C 4 cards ½ = 5½."""
    st = support_tricks(Hand("T.K965.A863.J982"), H)
    assert st.value == F(11, 2)
    assert sorted(i.value for i in st.items) == [F(1, 2)] * 3 + [1, 1, 2]
    assert ht("T.K965.A863.J982") == F(3, 2)


@pytest.mark.parametrize(
    ("trumps", "short_suit", "value"),
    [("Q32", "", 2), ("Q32", "2", 1), ("Q32", "32", F(1, 2)), ("Q432", "", 3), ("Q432", "2", 2), ("Q432", "32", 1)],
)
def test_tv107_shortness(trumps: str, short_suit: str, value: F) -> None:
    """TV107, EST-B38: shortness with 3 trumps 2/1/½, with 4 trumps 3/2/1; only the shortest suit counts."""
    rest = 13 - len(trumps) - len(short_suit)
    a, b = "9876543"[: rest // 2], "9876543"[: rest - rest // 2]
    hand = Hand(f"{short_suit}.{trumps}.{a}.{b}")
    st = support_tricks(hand, H)
    short_items = [i for i in st.items if i.label.split()[-1] in ("void", "singleton", "doubleton")]
    assert [i.value for i in short_items] == [value]


def test_only_the_shortest_short_suit_counts() -> None:
    """EST-B38: with a void and a singleton, only the void counts."""
    st = support_tricks(Hand(".K965.8.Q9876532"), H)
    assert [i.label for i in st.items if "void" in i.label or "singleton" in i.label] == ["S void"]


@pytest.mark.parametrize(
    ("trumps", "value"),
    [("5432", F(1, 2)), ("65432", 1), ("765432", 2), ("K432", F(3, 2)), ("A432", F(3, 2)), ("Q432", 1)],
)
def test_tv108_trump_valuation_for_support(trumps: str, value: F) -> None:
    """TV108, EST-B38: 4/5/6 small trumps ½/1/2; K +1, A +1, Q +½ (side suits 3-3-3 or so, no honours)."""
    rest = 13 - len(trumps)
    parts = ["987"[: max(0, min(3, rest - 6))], "9876"[: min(4, rest - min(3, max(0, rest - 6)))]]
    parts.append("9876"[: rest - len(parts[0]) - len(parts[1])])
    hand = Hand(f"{parts[0] or ''}.{trumps}.{parts[1]}.{parts[2]}")
    st = support_tricks(hand, H)
    trump_part = sum((i.value for i in st.items if "trump" in i.label), F(0))
    assert trump_part == value


def test_normal_support_est_b37() -> None:
    """EST-B37: Q x x, J 10 x, x x x x; A x / K x only in the special cases."""

    def sup(h: str, weak: bool = False) -> bool:
        return has_normal_support(Hand(f"{h}.AKQ.AKQ.{'AKQJ98765'[: 7 - len(h)]}"), S, weak=weak)

    assert sup("Q32") and sup("JT2") and sup("5432") and sup("A32")
    assert not sup("J32") and not sup("32") and not sup("A2")
    assert sup("A2", weak=True) and sup("K2", weak=True) and not sup("Q2", weak=True)


@pytest.mark.parametrize(("combined", "level"), [(F(9, 2), 1), (5, 2), (F(11, 2), 3), (7, 6), (4, 1), (F(7, 2), 0)])
def test_tv111_partnership_nt(combined: F, level: int) -> None:
    """TV111, EST-B12: 4–4½ one, 5 two, 5½ game, 7 slam."""
    assert partnership_nt_contract(F(combined)) == level


def test_e05_positional_values() -> None:
    """E05, EST-B09: A-Q with the K before it (RHO) = 2, after it (LHO) = 1; K-x 1 / 0."""
    assert positional_honour_tricks("AQ", "rho") == 2
    assert positional_honour_tricks("AQ", "lho") == 1
    assert positional_honour_tricks("K x", "rho") == 1
    assert positional_honour_tricks("Kx", "lho") == 0
    with pytest.raises(ValueError):
        positional_honour_tricks("KQ", "lho")


def test_e06_average_hand_plus_values() -> None:
    """E06, EST-B10: an ace, a K and a Q, a J and a 10 = "2+": 2 HT and two plus values."""
    hand = Hand("A32.K32.Q432.JT2")
    assert ht("A32.K32.Q432.JT2") == 2  # A 1 + (K x + Q x) 1
    assert plus_values(hand).value == 2


def test_sure_trump_tricks_and_defence_est_b50() -> None:
    """EST-B50 / laws-historic §6.1.7: AKQ 3; KQJT 3; QJT98 3; A x x 1; A Q x 1½; K x x ½."""

    def stt(h: str) -> F:
        return sure_trump_tricks(Hand(f"{h}.AKQ.AKQ.{'AKQJ98765'[: 7 - len(h)]}"), S).value

    assert stt("AKQ") == 3 and stt("KQJT") == 3 and stt("QJT98") == 3
    assert stt("A32") == 1 and stt("AQ3") == F(3, 2) and stt("K32") == F(1, 2)
    d = defensive_tricks(Hand("AQ3.K32.5432.432"), Strain.SPADES)
    assert d.value == 2  # AQx 1½ + Kx ½
    assert defensive_tricks(Hand("Q98.KT74.A985.K8"), Strain.NOTRUMP).value == F(5, 2)


def test_hcp_and_shape() -> None:
    hand = Hand("AKQ2.KJ4.T98.A53")
    assert hcp(hand).value == 17
    assert shape(hand) == (4, 3, 3, 3)


def test_breakdown_text_and_fmt() -> None:
    assert fmt(F(5, 2)) == "2½" and fmt(F(1, 4)) == "¼" and fmt(F(0)) == "0" and fmt(F(11, 4)) == "2¾"
    text = str(playing_tricks(Hand("74.AQ842.A985.T7"), H))
    assert text.startswith("playing tricks (hearts trumps) 5 [EST-B14]") and "EST-B08" in text


def test_biddable_reason_est_b13() -> None:
    hand = Hand("KJ32.AQ842.T98765.")
    assert biddable_reason(hand, S) == "S KJ32: 4 cards, 1 HT: 4 cards need 1½ — not biddable (EST-B13)"
    assert biddable_reason(hand, H).endswith("5 cards need ½ — biddable (EST-B13)")
    assert biddable_reason(hand, D).endswith("6+ cards — biddable (EST-B13)")
    assert biddable_reason(hand, C) == "C -: 0 cards, 0 HT: fewer than 4 cards — not biddable (EST-B13)"


@pytest.mark.parametrize("seed", range(4))
def test_quarter_fast_paths_equal_the_breakdowns(seed: int) -> None:
    """The robots' integer-quarter counts (#15) give each ``Breakdown``'s value (EST-B08, B14, B15, B38, B50,
    B56) for every trump, over 250 random deals a seed (1,000 hands), and the robots' ``HandEval`` agrees."""
    from contractbridge import Deal
    from contractbridge.evaluation import (
        honour_quarters,
        playing_quarters,
        quarters,
        support_quarters,
        sure_trump_quarters,
        total_honour_tricks,
        trump_quarters,
    )
    from contractbridge.systems.base import HandEval

    for n in range(250):
        for hand in Deal.random(seed * 250 + n).hands:
            bits = tuple(hand.suit_bits(s) for s in Suit)
            ev = HandEval(hand)
            assert quarters(honour_quarters(bits)) == honour_tricks(hand).value == ev.ht
            assert ev.club_ht == honour_tricks(hand, HTTable.CLUB).value == total_honour_tricks(hand, HTTable.CLUB)
            assert quarters(playing_quarters(bits, None)) == playing_tricks(hand, None).value == ev.pt(None)
            assert ev.biddable == frozenset(biddable_suits(hand))
            for suit in Suit:
                assert quarters(playing_quarters(bits, suit)) == playing_tricks(hand, suit).value == ev.pt(suit)
                assert quarters(support_quarters(bits, suit)) == support_tricks(hand, suit).value == ev.st(suit)
                assert quarters(trump_quarters(bits, suit)) == trump_tricks(hand, suit).value == ev.tt(suit)
                assert quarters(sure_trump_quarters(bits, suit)) == sure_trump_tricks(hand, suit).value
                assert ev.defence(Strain(suit)) == defensive_tricks(hand, Strain(suit)).value
                side = tuple(s for s in Suit if s != suit)
                assert ev.side_ht(suit) == honour_tricks(hand, suits=side).value


def test_hand_counts_compare_as_fractions() -> None:
    """The robots' ``Tricks`` (a hand's count, #15) order exactly as the ``Fraction`` of the same value against
    integers, fractions and floats, from either side."""
    import operator

    from contractbridge.systems.base import Tricks

    others: list[object] = [*range(-1, 9), *(F(n, d) for n in range(0, 40) for d in (1, 2, 3, 4)), 2.5, 2.25, 3.0]
    for q in range(0, 40):
        mine, plain = Tricks(q, 4), F(q, 4)
        for other in others:
            for op in (operator.ge, operator.gt, operator.le, operator.lt, operator.eq):
                assert op(mine, other) == op(plain, other), (q, other, op)
                assert op(other, mine) == op(other, plain), (q, other, op)
