"""Rubber scoring per edition: every entry of NBB Tab (seed 000), EST-T1 and EST-T2 (seed 001), the EST-S07
inline table, and the laws-historic.md §8.1 vectors TV01–TV43; the score sheet, corrections (R37), JSON."""

from __future__ import annotations

import dataclasses

import pytest
from rich.console import Console

from contractbridge.cards import Seat, Side, Strain
from contractbridge.commands.rubber_sheet import render
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Deal
from contractbridge.errors import ParseError, ScoreCorrectionError, ScoringError
from contractbridge.scoring.rubber import (
    CorrectionKind,
    Honours,
    HonoursKind,
    Item,
    Rubber,
    RubberRules,
    honours_in,
    rubber_rules,
)

#: each edition's sheet data, as the edition carries it (``laws.nbb30.rubber``, ``laws.est30.rubber``, #22)
NBB30, EST30 = rubber_rules("NBB30"), rubber_rules("EST30")
BOTH = pytest.mark.parametrize("rules", [NBB30, EST30], ids=["NBB30", "EST30"])
NV, V = False, True
U, X, XX = Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED


def odd_trick_values(rules: RubberRules, strain: Strain, k: int) -> tuple[int, int, int]:
    return tuple(rules.trick_value(strain, k) * rules.multiplier[d] for d in Doubling)  # type: ignore[return-value]


# ---------------------------------------------------------------------------------- the books' tables


@BOTH
def test_trick_values_nbb_tab_est_t1_est_t2(rules: RubberRules) -> None:
    """NBB Tab (undoubled, doubled), EST-T1 and EST-T2 (both games; undoubled, doubled, redoubled)."""
    for strain in (Strain.CLUBS, Strain.DIAMONDS):
        for k in range(1, 8):
            assert odd_trick_values(rules, strain, k) == (20, 40, 80)
    for strain in (Strain.HEARTS, Strain.SPADES):
        for k in range(1, 8):
            assert odd_trick_values(rules, strain, k) == (30, 60, 120)
    for k in (1, 3, 5, 7):
        assert odd_trick_values(rules, Strain.NOTRUMP, k) == (30, 60, 120)
    for k in (2, 4, 6):
        assert odd_trick_values(rules, Strain.NOTRUMP, k) == (40, 80, 160)


@BOTH
def test_overtrick_row(rules: RubberRules) -> None:
    """ "Elke overtrek" / "Igalt ülevõttelt": trick value undoubled; NV 100 / 200; V 200 / 400."""
    assert rules.overtrick_score(Contract.parse("2H"), 1, NV) == 30
    assert rules.overtrick_score(Contract.parse("2H"), 1, V) == 30
    assert rules.overtrick_score(Contract.parse("2C"), 1, V) == 20
    expected = {(NV, X): 100, (NV, XX): 200, (V, X): 200, (V, XX): 400}
    for (vul, dbl), value in expected.items():
        assert rules.overtrick_score(Contract(2, Strain.CLUBS, dbl), 1, vul) == value


# NBB Tab: k → (NV undoubled, NV doubled, V undoubled, V doubled), cumulative; redoubled = 2 × doubled
NBB_TAB = {
    1: (50, 100, 100, 200),
    2: (100, 250, 250, 500),
    3: (150, 450, 450, 900),
    4: (200, 700, 700, 1400),
    5: (250, 1000, 1000, 2000),
    6: (300, 1350, 1350, 2700),
    7: (350, 1750, 1750, 3500),
    8: (400, 2200, 2200, 4400),
}


@BOTH
@pytest.mark.parametrize("k", sorted(NBB_TAB))
def test_undertricks_nbb_tab(rules: RubberRules, k: int) -> None:
    nvu, nvd, vu, vd = NBB_TAB[k]
    assert rules.undertrick_score(k, U, NV) == nvu
    assert rules.undertrick_score(k, X, NV) == nvd
    assert rules.undertrick_score(k, U, V) == vu
    assert rules.undertrick_score(k, X, V) == vd
    # "Bij een herdubbel het dubbele der gedubbelde punten."
    assert rules.undertrick_score(k, XX, NV) == 2 * nvd
    assert rules.undertrick_score(k, XX, V) == 2 * vd


# EST-T1 ("Üks … Seitse", cumulative): k → NV u/d/r, V u/d/r
EST_T1 = {
    1: (50, 100, 200, 100, 200, 400),
    2: (100, 250, 500, 250, 500, 1000),
    3: (150, 450, 900, 450, 900, 1800),
    4: (200, 700, 1400, 700, 1400, 2800),
    5: (250, 1000, 2000, 1000, 2000, 4000),
    6: (300, 1350, 2700, 1350, 2700, 5400),
    7: (350, 1750, 3500, 1750, 3500, 7000),
}
# EST-T2 ("Esimene … Seitsmes", the value of the k-th undertrick alone): k → NV u/d/r, V u/d/r
EST_T2 = {
    1: (50, 100, 200, 100, 200, 400),
    2: (50, 150, 300, 150, 300, 600),
    3: (50, 200, 400, 200, 400, 800),
    4: (50, 250, 500, 250, 500, 1000),
    5: (50, 300, 600, 300, 600, 1200),
    6: (50, 350, 700, 350, 700, 1400),
    7: (50, 400, 800, 400, 800, 1600),
}
COLUMNS = [(vul, dbl) for vul in (NV, V) for dbl in Doubling]


@BOTH
@pytest.mark.parametrize("k", sorted(EST_T1))
def test_undertricks_est_t1_cumulative(rules: RubberRules, k: int) -> None:
    assert tuple(rules.undertrick_score(k, d, v) for v, d in COLUMNS) == EST_T1[k]


@BOTH
@pytest.mark.parametrize("k", sorted(EST_T2))
def test_undertricks_est_t2_per_undertrick(rules: RubberRules, k: int) -> None:
    assert tuple(rules.undertrick_value(k, d, v) for v, d in COLUMNS) == EST_T2[k]


@BOTH
def test_undertricks_est_s07_inline_table(rules: RubberRules) -> None:
    """EST-S07: I…V vähemvõte, "Tavaline / Kontreerit." per undertrick, first game and danger game."""
    nv = [(50, 100), (50, 150), (50, 200), (50, 250), (50, 300)]
    vul = [(100, 200), (150, 300), (200, 400), (250, 500), (300, 600)]
    for k in range(1, 6):
        assert (rules.undertrick_value(k, U, NV), rules.undertrick_value(k, X, NV)) == nv[k - 1]
        assert (rules.undertrick_value(k, U, V), rules.undertrick_value(k, X, V)) == vul[k - 1]


@BOTH
def test_slams_honours_rubber_rows(rules: RubberRules) -> None:
    """NBB Tab, EST-T1, EST-T2: slams 500/750 and 1500/2250; honours 100/150/150; rubbers 700/500/300."""
    assert rules.slam_bonus(Contract.parse("6D"), 12, NV) == 500
    assert rules.slam_bonus(Contract.parse("6D"), 12, V) == 750
    assert rules.slam_bonus(Contract.parse("7D"), 13, NV) == 1500
    assert rules.slam_bonus(Contract.parse("7D"), 13, V) == 2250
    assert rules.honours[HonoursKind.FOUR_TRUMPS] == 100
    assert rules.honours[HonoursKind.FIVE_TRUMPS] == 150
    assert rules.honours[HonoursKind.FOUR_ACES] == 150
    assert (rules.rubber_bonus(0), rules.rubber_bonus(1), rules.unfinished_per_game) == (700, 500, 300)


def test_editions_differ_only_in_their_words() -> None:
    """NBB30 and EST30 score identically (laws-historic.md App. C 18); only citations and wording differ."""
    assert rubber_rules("nbb30") is NBB30 and rubber_rules("EST30") is EST30
    assert NBB30.laws["undertricks"] == "NBB R32" and EST30.laws["undertricks"] == "EST-S07"
    same = {"edition", "title", "laws", "trick_correction_until"}
    for f in dataclasses.fields(RubberRules):
        if f.name not in same:
            assert getattr(NBB30, f.name) == getattr(EST30, f.name), f.name
    with pytest.raises(ScoringError, match="WBF17"):
        rubber_rules("WBF17")


# ---------------------------------------------------------------------------------- §8.1 vectors


def hand(rules: RubberRules, text: str, tricks: int, vul: bool, honours: Honours | None = None) -> dict[str, int]:
    """Declarer N: {"below": …, "above": …, "defence": …} from one hand's lines."""
    out = {"below": 0, "above": 0, "defence": 0}
    for e in rules.score_hand(Contract.parse(text), Seat.NORTH, tricks, vul, honours):
        key = "below" if e.below else "above" if e.side is Side.NS else "defence"
        out[key] += e.points
    return out


# (id, contract, tricks, vulnerable, below, above, defenders' above)
HANDS = [
    ("TV01", "1C", 7, NV, 20, 0, 0),
    ("TV02", "2D", 9, NV, 40, 20, 0),
    ("TV04", "3NT", 9, NV, 100, 0, 0),
    ("TV05", "1NT", 10, NV, 30, 110, 0),
    ("TV06", "2NT", 10, NV, 70, 70, 0),
    ("TV07", "2NTX", 8, NV, 140, 0, 0),
    ("TV08", "1NTXX", 7, NV, 120, 0, 0),
    ("TV09a", "7NT", 13, NV, 240, 1500, 0),
    ("TV09b", "7NT", 13, V, 240, 2250, 0),
    ("TV10", "2HX", 9, NV, 120, 100, 0),
    ("TV11", "2HX", 9, V, 120, 200, 0),
    ("TV12", "2DXX", 10, NV, 160, 400, 0),
    ("TV13", "3CXX", 10, V, 240, 400, 0),
    ("TV14", "1NTX", 8, NV, 60, 100, 0),
    ("TV15", "4S", 7, NV, 0, 0, 150),
    ("TV16", "4SX", 7, NV, 0, 0, 450),
    ("TV17", "4SXX", 8, NV, 0, 0, 500),
    ("TV18a", "4S", 9, V, 0, 0, 100),
    ("TV18b", "4S", 8, V, 0, 0, 250),
    ("TV18c", "4S", 7, V, 0, 0, 450),
    ("TV19", "4SX", 7, V, 0, 0, 900),
    ("TV20", "4SXX", 6, V, 0, 0, 2800),
    ("TV21", "7SX", 5, NV, 0, 0, 2200),
    ("TV22", "7SX", 5, V, 0, 0, 4400),
    ("TV25", "6S", 12, NV, 180, 500, 0),
    ("TV26", "6S", 13, V, 180, 780, 0),
    ("TV27", "7H", 13, NV, 210, 1500, 0),
    ("TV28", "7NT", 13, V, 240, 2250, 0),
    ("TV29", "7S", 12, NV, 0, 0, 50),
    ("TV30", "5C", 13, NV, 100, 40, 0),
    ("TV31", "6NTX", 12, V, 420, 750, 0),
    ("TV32", "4SX", 12, NV, 240, 200, 0),
]


@BOTH
@pytest.mark.parametrize(
    ("vid", "text", "tricks", "vul", "below", "above", "defence"), HANDS, ids=[h[0] for h in HANDS]
)
def test_section_8_1_hands(
    rules: RubberRules, vid: str, text: str, tricks: int, vul: bool, below: int, above: int, defence: int
) -> None:
    assert hand(rules, text, tricks, vul) == {"below": below, "above": above, "defence": defence}


@BOTH
def test_tv23_tv24_per_undertrick_and_cumulative_both_hold(rules: RubberRules) -> None:
    """TV23: 2nd undertrick vul undoubled 150, 2 down 250. TV24: 7th NV doubled 400, 7 down 1750."""
    assert rules.undertrick_value(2, U, V) == 150 and rules.undertrick_score(2, U, V) == 250
    assert rules.undertrick_value(7, X, NV) == 400 and rules.undertrick_score(7, X, NV) == 1750


DEAL = Deal("N:AKQJ.AKQ2.T98.A5 T98.JT98.AKQ.KQJ 7654.7654.765.76 32.3.J432.T98432")
DEAL_ACES = Deal("N:A2.A32.A432.A432 KQJT.KQJT.KQJ.KQ 9876.9876.T98.T9 543.54.765.J8765")


def test_honours_tv33_to_tv38() -> None:
    """R33: dummy's and defenders' honours count; aces only at NT; three honours nothing; not doubled."""
    # TV33: trumps H; dummy (S's partner N) holds H A K Q (and 2) → only 3: nothing; E holds J T 9 8
    assert honours_in(DEAL, Strain.HEARTS) is None  # TV37: three honours do not score
    # TV33 proper: N (dummy when S declares) holds S A K Q J → 100 to NS
    assert honours_in(DEAL, Strain.SPADES) == Honours(Side.NS, HonoursKind.FOUR_TRUMPS)
    # TV34: a defender holds S A K Q J T
    five = Deal("N:7654.7654.765.76 AKQJT.JT98.AKQ.K 98.AKQ2.T98.A543 32.3.J432.QJT982")
    assert honours_in(five, Strain.SPADES) == Honours(Side.EW, HonoursKind.FIVE_TRUMPS)
    # TV35: NT, one hand holds the four aces
    assert honours_in(DEAL_ACES, Strain.NOTRUMP) == Honours(Side.NS, HonoursKind.FOUR_ACES)
    # TV36: trumps H, one hand holds the four aces but only HA among trump honours → 0 (E has K Q J T)
    assert honours_in(DEAL_ACES, Strain.HEARTS) == Honours(Side.EW, HonoursKind.FOUR_TRUMPS)
    assert honours_in(DEAL_ACES, Strain.CLUBS) is None
    # TV38: 4H redoubled, declarer holds H A K Q T → +100, not multiplied
    got = hand(NBB30, "4HXX", 10, NV, Honours(Side.NS, HonoursKind.FOUR_TRUMPS))
    assert got == {"below": 480, "above": 100, "defence": 0}
    # TV34 "contract made or not": the defenders' honours score when declarer goes down too
    got = hand(NBB30, "4S", 9, NV, Honours(Side.EW, HonoursKind.FIVE_TRUMPS))
    assert got == {"below": 0, "above": 0, "defence": 50 + 150}


def test_honours_claims_must_fit_the_strain() -> None:
    with pytest.raises(ScoringError, match="R33"):
        NBB30.score_hand(Contract.parse("3NT"), Seat.NORTH, 9, NV, Honours(Side.NS, HonoursKind.FOUR_TRUMPS))
    with pytest.raises(ScoringError, match="R33"):
        NBB30.score_hand(Contract.parse("4S"), Seat.NORTH, 10, NV, Honours(Side.NS, HonoursKind.FOUR_ACES))
    assert Honours.parse("NS 100", Strain.SPADES) == Honours(Side.NS, HonoursKind.FOUR_TRUMPS)
    assert Honours.parse("ew150", Strain.SPADES) == Honours(Side.EW, HonoursKind.FIVE_TRUMPS)
    assert Honours.parse("EW 150", Strain.NOTRUMP) == Honours(Side.EW, HonoursKind.FOUR_ACES)
    with pytest.raises(ParseError):
        Honours.parse("NS 100", Strain.NOTRUMP)
    with pytest.raises(ParseError):
        Honours.parse("XY 100", Strain.SPADES)


# ---------------------------------------------------------------------------------- the sheet


def play(sheet: Rubber, *hands: tuple[str, Seat, int]) -> None:
    for text, declarer, tricks in hands:
        sheet.record(Contract.parse(text), declarer, tricks)


@pytest.mark.parametrize("edition", ["NBB30", "EST30"])
def test_tv03_tv42_game_and_no_carry_over(edition: str) -> None:
    """TV03 (EST-S03 example): 60 below + 4♠ = 180 below, game; next game from zero. TV42: the opponents'
    70 does not carry into the next game but still counts in their total (NBB R28(2))."""
    sheet = Rubber(edition)
    play(sheet, ("2S", Seat.NORTH, 8), ("2NT", Seat.EAST, 8))
    assert (sheet.below_line(Side.NS), sheet.below_line(Side.EW)) == (60, 70)
    play(sheet, ("4S", Seat.SOUTH, 10))
    assert sum(e.points for e in sheet.entries if e.below and e.side is Side.NS) == 180
    assert sheet.games(Side.NS) == 1 and sheet.vulnerable(Side.NS) and not sheet.vulnerable(Side.EW)
    assert (sheet.below_line(Side.NS), sheet.below_line(Side.EW)) == (0, 0)
    assert sheet.total(Side.EW) == 70


def test_tv39_two_game_rubber_700() -> None:
    sheet = Rubber()
    play(sheet, ("4S", Seat.NORTH, 10), ("3NT", Seat.SOUTH, 9))
    assert sheet.is_finished and sheet.games(Side.NS) == 2
    assert [e.points for e in sheet.entries if e.item is Item.RUBBER] == [700]
    assert sheet.result().totals == (120 + 100 + 700, 0)
    with pytest.raises(ScoringError, match="over"):
        sheet.record(Contract.parse("1C"), Seat.EAST, 7)


def test_tv41_three_game_rubber_and_vulnerability() -> None:
    """TV41: A wins game 1 (A vul), B game 2 (both vul), A game 3 → A +500 (NBB R29, R35(a))."""
    sheet = Rubber("EST30")
    play(sheet, ("4H", Seat.NORTH, 10))
    assert (sheet.vulnerable(Side.NS), sheet.vulnerable(Side.EW)) == (True, False)
    play(sheet, ("5D", Seat.EAST, 11))
    assert (sheet.vulnerable(Side.NS), sheet.vulnerable(Side.EW)) == (True, True)
    # vulnerable undoubled undertricks on the rising scale: 2 down vul = 250 (NBB R32)
    play(sheet, ("4S", Seat.WEST, 8), ("3NT", Seat.SOUTH, 9))
    assert [e.points for e in sheet.entries if e.item is Item.UNDERTRICKS] == [250]
    assert [e.points for e in sheet.entries if e.item is Item.RUBBER and e.side is Side.NS] == [500]
    result = sheet.result()
    assert result.totals == (120 + 250 + 100 + 500, 100)
    assert (result.winner, result.points, result.decided) == (Side.NS, 870, True)


def test_tv40_unfinished_rubber() -> None:
    """TV40: ended by agreement: 300 per game won; the rubber stays undecided (NBB R35(b), R64; EST-T2)."""
    one = Rubber()
    play(one, ("4S", Seat.NORTH, 10))
    assert [(e.side, e.points) for e in one.end_by_agreement()] == [(Side.NS, 300)]
    assert one.result().decided is False and one.result().totals == (420, 0)
    each = Rubber("EST30")
    play(each, ("4S", Seat.NORTH, 10), ("4H", Seat.EAST, 10))
    assert [(e.side, e.points) for e in each.end_by_agreement()] == [(Side.NS, 300), (Side.EW, 300)]
    with pytest.raises(ScoringError):
        each.end_by_agreement()


def test_slam_on_the_sheet_uses_the_sides_vulnerability() -> None:
    sheet = Rubber()
    play(sheet, ("3NT", Seat.EAST, 9), ("6H", Seat.WEST, 12))
    assert [e.points for e in sheet.entries if e.item is Item.SLAM] == [750]


def test_tv43_correction_windows() -> None:
    """TV43 (NBB R37): a trick-score error found after the next deal is complete is not corrected; a premium
    error before the rubber score is agreed is; an addition error at any time is."""
    sheet = Rubber()
    play(sheet, ("2S", Seat.NORTH, 8))
    assert sheet.correction_window(CorrectionKind.TRICK_SCORE, 0).allowed
    sheet.correct(0, Contract.parse("2S"), Seat.NORTH, 9)  # premium change (an overtrick): allowed
    sheet.correct(0, Contract.parse("3S"), Seat.NORTH, 9)  # trick score 60 → 90, still before the next deal
    assert sheet.below_line(Side.NS) == 90
    sheet.next_deal_completed()
    window = sheet.correction_window(CorrectionKind.TRICK_SCORE, 0)
    assert not window.allowed and "R37(a)" in window.reason and "deal for the next hand" in window.reason
    before = sheet.to_dict()
    with pytest.raises(ScoreCorrectionError, match="R37"):
        sheet.correct(0, Contract.parse("2S"), Seat.NORTH, 9)
    assert sheet.to_dict() == before
    sheet.correct(0, Contract.parse("3S"), Seat.NORTH, 9, Honours(Side.EW, HonoursKind.FOUR_TRUMPS))  # premium
    assert sheet.total(Side.EW) == 100
    play(sheet, ("1C", Seat.EAST, 7))
    assert not sheet.correction_window(CorrectionKind.TRICK_SCORE, 0).allowed
    assert sheet.correction_window(CorrectionKind.PREMIUM_SCORE, 0).allowed
    assert sheet.correction_window(CorrectionKind.ADDITION, 0).allowed
    with pytest.raises(ScoringError, match="not over"):
        sheet.agree()


def test_corrections_in_the_last_hand_and_after_agreement() -> None:
    """NBB R37(a): in the last hand of the rubber the trick score may be corrected until the score is agreed;
    after agreement only addition errors. EST-S12 cites its own words."""
    sheet = Rubber("EST30")
    play(sheet, ("4S", Seat.NORTH, 10), ("3NT", Seat.SOUTH, 10))
    sheet.next_deal_completed()
    assert sheet.correction_window(CorrectionKind.TRICK_SCORE, 1).allowed
    assert not sheet.correction_window(CorrectionKind.TRICK_SCORE, 0).allowed
    assert "EST-S12" in sheet.correction_window(CorrectionKind.TRICK_SCORE, 0).reason
    sheet.correct(1, Contract.parse("3NT"), Seat.SOUTH, 9)
    sheet.agree()
    for kind in (CorrectionKind.TRICK_SCORE, CorrectionKind.PREMIUM_SCORE):
        assert not sheet.correction_window(kind, 1).allowed
    assert sheet.correction_window(CorrectionKind.ADDITION, 1).allowed
    with pytest.raises(ScoreCorrectionError, match="agreed"):
        sheet.correct(1, Contract.parse("3NT"), Seat.SOUTH, 10)
    with pytest.raises(ScoringError, match="no hand 3"):
        sheet.correction_window(CorrectionKind.ADDITION, 2)


def test_bad_input_changes_nothing() -> None:
    sheet = Rubber()
    play(sheet, ("2S", Seat.NORTH, 8))
    before = sheet.to_dict()
    with pytest.raises(ScoringError, match="tricks"):
        sheet.record(Contract.parse("4S"), Seat.NORTH, 14)
    with pytest.raises(ScoringError, match="declarer"):
        sheet.record(Contract.parse("4S"), None, 10)
    with pytest.raises(ScoringError):
        sheet.record(None, Seat.NORTH, 10)
    assert sheet.to_dict() == before
    with pytest.raises(ScoringError, match="edition"):
        Rubber("XYZ")


def test_correction_that_would_end_the_rubber_early_is_refused() -> None:
    sheet = Rubber()
    play(sheet, ("4S", Seat.NORTH, 10), ("2S", Seat.SOUTH, 8), ("1C", Seat.EAST, 7))
    before = sheet.to_dict()
    with pytest.raises(ScoreCorrectionError, match="hand 2: trick score"):
        sheet.correct(1, Contract.parse("4S"), Seat.SOUTH, 10)
    assert sheet.to_dict() == before


def test_record_deal_reads_honours_from_the_hands() -> None:
    """NBB R33: the sheet can take the honours from the deal itself (dummy included)."""
    sheet = Rubber()
    lines = sheet.record_deal(Contract.parse("4S"), Seat.SOUTH, 10, DEAL)
    assert [(e.item, e.side, e.points) for e in lines if e.item is Item.HONOURS] == [(Item.HONOURS, Side.NS, 100)]
    assert [e.item for e in sheet.record_deal(None, None, None, DEAL)] == []


def test_passed_out_hand_scores_nothing() -> None:
    sheet = Rubber()
    assert sheet.record(None) == []
    assert len(sheet.hands) == 1 and sheet.result().totals == (0, 0)


def test_json_round_trip_and_bad_json() -> None:
    sheet = Rubber("EST30", we=Side.EW)
    play(sheet, ("4S", Seat.NORTH, 10))
    sheet.record(Contract.parse("4H"), Seat.EAST, 11, Honours(Side.NS, HonoursKind.FOUR_TRUMPS))
    again = Rubber.loads(sheet.dumps())
    assert again.to_dict() == sheet.to_dict() and again.entries == sheet.entries and again.we is Side.EW
    data = sheet.to_dict()
    data["hands"][1]["tricks"] = 15
    with pytest.raises(ParseError, match="hand 2"):
        Rubber.from_dict(data)
    with pytest.raises(ParseError):
        Rubber.loads("{not json")


def test_sheet_renders_we_they_with_the_line() -> None:
    sheet = Rubber()
    play(sheet, ("2S", Seat.NORTH, 9), ("3NT", Seat.EAST, 9), ("4S", Seat.SOUTH, 10))
    text = str(sheet)
    lines = text.splitlines()
    assert "We (NS)" in lines[0] and "They (EW)" in lines[0]
    line = next(i for i, row in enumerate(lines) if row.startswith("==="))
    assert "30" in lines[line - 1]  # the overtrick sits just above the line
    assert lines[line + 1].split("|")[0].strip() == "60"
    assert lines[-1].split("|")[0].strip() == "210"
    console = Console(record=True, width=60)
    console.print(render(sheet))
    rendered = console.export_text()
    assert "We (NS)" in rendered and "210" in rendered and "100" in rendered


def test_record_a_table_result() -> None:
    """A table's result goes onto the sheet as it is (NBB R27)."""
    from contractbridge.deal import Board
    from contractbridge.table import Table

    table = Table(Board(1, DEAL), edition="NBB30")
    for call in ["4S", "P", "P", "P"]:
        table.call(call)
    table.play(sorted(table.legal_cards())[0])
    table.claim(Seat.NORTH, 10)
    table.agree(Seat.EAST)
    table.agree(Seat.WEST)
    assert table.result is not None
    sheet = Rubber()
    sheet.record_result(table.result, honours_in(DEAL, Strain.SPADES))
    assert (sheet.below_line(Side.NS), sheet.games(Side.NS), sheet.total(Side.NS)) == (0, 1, 220)
