"""Comparisons: matchpoints (L78A), IMPs (L78B), total points (L78C), Neuberg, cross-IMPs, Butler, WBF VPs and
Law 12 adjusted scores. Test vectors TV40–TV49 of laws-wbf2017.md §12.3."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.errors import ScoringError
from contractbridge.scoring import compare
from contractbridge.scoring.compare import (
    IMPS,
    PAIRS,
    ArtificialScale,
    AssignedScore,
    Fault,
    ImpGapRule,
    MPScale,
)


@pytest.mark.parametrize(
    ("vid", "table1", "table2", "expected"),
    [("TV40", 420, 170, 6), ("TV41", 620, -100, 12), ("TV42", 1440, 980, 10)],
)
def test_l78b_team_vectors(vid: str, table1: int, table2: int, expected: int) -> None:
    assert compare.imps(table1 - table2) == expected
    assert compare.imps(table2 - table1) == -expected


def test_tv43_imp_table_edges() -> None:
    """TV43: 10 → 0, 20 → 1, 4000 → 24, 7600 → 24 (L78B)."""
    assert [compare.imps(d) for d in (10, 20, 4000, 7600)] == [0, 1, 24, 24]


# Every range of the L78B table: (low, high, IMP)
L78B = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
        (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
        (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
        (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
        (4000, 7600, 24)]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "imp"), L78B)
def test_l78b_every_range(low: int, high: int, imp: int) -> None:
    for d in range(low, high + 10, 10):
        for rule in ImpGapRule:
            assert compare.imps(d, rule) == imp
            assert compare.imps(-d, rule) == -imp


def test_l78b_gap_rules_for_differences_off_the_table() -> None:
    """Documented choice for non-multiples of 10 (datums, weighted scores): nearest ten, or lower bounds."""
    assert [compare.imps(d) for d in (14.9, 15, 45, 84.9, -15)] == [0, 1, 2, 2, -1]
    lower = ImpGapRule.LOWER_BOUND
    assert [compare.imps(d, lower) for d in (15, 19.9, 45, 49.9, 50)] == [0, 0, 1, 1, 2]


def test_tv44_matchpoints() -> None:
    """TV44: +450 +420 +420 +400 −50 → 8 5 5 2 0, top 8 (L78A)."""
    mp = compare.matchpoints([450, 420, 420, 400, -50])
    assert mp.tolist() == [8, 5, 5, 2, 0]
    assert compare.top(5) == 8
    assert compare.percentages(mp, 5).tolist() == [100.0, 62.5, 62.5, 25.0, 0.0]
    assert compare.matchpoints([450, 420, 420, 400, -50], MPScale.WHOLE).tolist() == [4, 2.5, 2.5, 1, 0]
    assert compare.top(5, MPScale.WHOLE) == 4


def test_matchpoints_single_result_is_average() -> None:
    assert compare.matchpoints([620]).tolist() == [0]
    assert compare.percentages([0], 1).tolist() == [50.0]


def _pure_python(boards: list[int], scores: list[int]) -> list[int]:
    out = []
    for b, s in zip(boards, scores, strict=True):
        out.append(sum(2 if s > t else 1 if s == t else 0 for c, t in zip(boards, scores, strict=True) if c == b) - 1)
    return out


def test_vectorised_matchpointing_equals_pair_by_pair_comparison() -> None:
    """L78A on many boards of different sizes, checked against the comparison of every pair of scores."""
    rng = random.Random(7)
    boards = [rng.randrange(30) for _ in range(600)]
    scores = [rng.choice((-200, -100, -50, 90, 110, 140, 420, 450, 620)) for _ in boards]
    got = compare.matchpoint_boards(boards, scores)
    assert got.tolist() == _pure_python(boards, scores)


def test_matchpoint_boards_accepts_labels_and_rejects_mismatch() -> None:
    got = compare.matchpoint_boards(["b1", "b2", "b1"], [100, 50, 100])
    assert got.tolist() == [1, 0, 1]
    with pytest.raises(ScoringError):
        compare.matchpoint_boards(["b1"], [100, 50])
    with pytest.raises(ScoringError):
        compare.matchpoints([100, float("nan")])


def test_neuberg() -> None:
    """Neuberg: M' = (M + 1)·N/n − 1 in 2/1/0 units; the identity when the board was played N times."""
    assert compare.neuberg([6, 3, 0], 4, 4).tolist() == [6, 3, 0]
    assert compare.neuberg([4, 2, 0], 3, 4).tolist() == pytest.approx([17 / 3, 3, 1 / 3])
    assert compare.neuberg([2, 1, 0], 3, 4, MPScale.WHOLE).tolist() == pytest.approx([17 / 6, 1.5, 1 / 6])
    with pytest.raises(ScoringError):
        compare.neuberg([0], 5, 4)


def test_ranking_with_ties() -> None:
    assert [str(r) for r in compare.rank([55.2, 61.0, 55.2, 40.1])] == ["2=", "1", "2=", "4"]
    assert [str(r) for r in compare.rank([3, 1, 2], higher_is_better=False)] == ["3", "1", "2"]


def test_total_points() -> None:
    """L78C."""
    assert compare.total_points([420, -100, 50]) == 370


def test_cross_imps() -> None:
    # 420 vs 450 → −1, vs −50 → +10; 450: +1, +11; −50: −10, −11
    assert compare.cross_imps([420, 450, -50], average=False).tolist() == [9, 12, -21]
    assert compare.cross_imps([420, 450, -50]).tolist() == [4.5, 6, -10.5]
    assert compare.cross_imps([420]).tolist() == [0]


def test_butler_datum_drops_top_and_bottom_and_rounds_to_ten() -> None:
    scores = [420, 450, -50, 400, 420]
    assert compare.butler_datum(scores) == 410  # (400 + 420 + 420) / 3 = 413.3
    assert compare.butler(scores).tolist() == [0, 1, -10, 0, 0]
    assert compare.butler_datum([100, 110, 120, 125]) == 120  # 115 → halves away from zero
    assert compare.butler_datum([-100, -110, -120, -125]) == -120
    assert compare.butler_datum([620, -100]) == 260
    with pytest.raises(ScoringError):
        compare.butler_datum([])


def test_wbf_vp_scale() -> None:
    """WBF 2013 continuous scale: 20 boards → 1 IMP 10.28, 2 IMP 10.55; 16 boards → 1 IMP 10.31; blitz at
    15·√N IMPs; the two teams' VPs add up to 20; each extra IMP is worth no more than the one before (up to the
    0.01 of rounding)."""
    assert compare.vp_scale(20)[:3] == [10.0, 10.28, 10.55]
    assert compare.vp_scale(16)[1] == 10.31
    assert compare.victory_points(0, 20) == (10.0, 10.0)
    assert compare.victory_points(2, 20) == (10.55, 9.45)
    assert compare.victory_points(-2, 20) == (9.45, 10.55)
    assert compare.victory_points(60, 16) == (20.0, 0.0)  # blitz = 60 for 16 boards
    assert compare.victory_points(59, 16)[0] < 20
    assert compare.victory_points(200, 16) == (20.0, 0.0)
    for boards in range(1, 65):
        scale = compare.vp_scale(boards)
        steps = np.round(np.diff(scale), 2)
        assert (steps >= 0).all() and (np.diff(steps) <= 0.01 + 1e-9).all(), boards
        assert scale[-1] == 20.0
        assert len(scale) - 1 == int(np.ceil(15 * np.sqrt(boards)))
    with pytest.raises(ScoringError):
        compare.vp_scale(0)


def test_tv45_avg_plus_and_minus() -> None:
    """TV45: NS in no way at fault 60 %, EW directly at fault 40 % (L12C2(a))."""
    assert compare.artificial_score(Fault.NONE, PAIRS, session=50) == 60
    assert compare.artificial_score(Fault.DIRECTLY, PAIRS, session=50) == 40
    assert compare.artificial_score(Fault.PARTLY, PAIRS, session=70) == 50


def test_tv46_session_percentage_exception() -> None:
    """TV46: NS 65 % elsewhere → 65 %; EW 35 % elsewhere → 35 % (L12C2(c))."""
    assert compare.artificial_score(Fault.NONE, PAIRS, session=65) == 65
    assert compare.artificial_score(Fault.DIRECTLY, PAIRS, session=35) == 35
    assert compare.artificial_score(Fault.NONE, PAIRS, session=35) == 60
    assert compare.artificial_score(Fault.DIRECTLY, PAIRS, session=65) == 40


def test_tv47_imps() -> None:
    """TV47: teams, one side not at fault → +3 IMP / −3 IMP (L12C2(b)); the TO may set other values."""
    assert compare.artificial_score(Fault.NONE, IMPS) == 3
    assert compare.artificial_score(Fault.DIRECTLY, IMPS) == -3
    assert compare.artificial_score(Fault.PARTLY, IMPS) == 0
    custom = ArtificialScale(2, 0, -2, "IMP")
    assert compare.artificial_score(Fault.NONE, custom) == 2


def test_tv48_director_error_gives_both_avg_plus() -> None:
    """TV48: the TD's wrong ruling: both sides non-offending → each gets average-plus (L82C, L12C2(a))."""
    assert [compare.artificial_score(Fault.NONE, PAIRS) for _ in ["NS", "EW"]] == [60, 60]


def test_tv49_teams_better_of_avg_plus_and_assigned() -> None:
    """TV49: assigned +1 IMP vs avg-plus +3 → NOS +3, OS −3 (L86B2(b)); an assigned +5 beats avg-plus."""
    assert compare.teams_one_at_fault(1) == (3, -3)
    assert compare.teams_one_at_fault(5) == (5, -5)


def test_weighted_assigned_score() -> None:
    """L12C1(c): 2/3 of 620 and 1/3 of −100, matchpointed and IMPed by weight."""
    a = AssignedScore.of(("2/3", 620), ("1/3", -100))
    assert a.mean == Fraction(380)
    # field: 620, 170, −100 → 620 scores 1+2+2 = 5, −100 scores 0+0+1 = 1 → 2/3·5 + 1/3·1 = 11/3
    assert a.matchpoints([620, 170, -100]) == Fraction(11, 3)
    assert a.matchpoints([620, 170, -100], MPScale.WHOLE) == Fraction(11, 6)
    # other table −100: 620 − (−100) = 720 → 12 IMP; −100 − (−100) → 0 → 2/3·12 = 8
    assert a.imps(-100) == 8
    with pytest.raises(ScoringError, match="add up to 1"):
        AssignedScore.of(("1/2", 620), ("1/3", -100))
    with pytest.raises(ScoringError, match="positive"):
        AssignedScore.of((0, 620), (1, -100))
    with pytest.raises(ScoringError):
        AssignedScore(())


@given(st.lists(st.integers(-80, 80).map(lambda x: 10 * x), min_size=1, max_size=30))
def test_matchpoints_share_the_board_total(scores: list[int]) -> None:
    """L78A: every comparison hands out 2 units between the two scores, so a board's units add up to n(n−1);
    the whole-point variant is exactly half; identical scores all get the average."""
    n = len(scores)
    half = compare.matchpoints(scores)
    assert half.sum() == n * (n - 1)
    assert (compare.matchpoints(scores, MPScale.WHOLE) * 2 == half).all()
    assert (compare.matchpoints([scores[0]] * n) == n - 1).all()
    assert (compare.matchpoints([-s for s in scores]) == compare.top(n) - half).all()


def test_tv150_fouled_board_groups_by_form() -> None:
    """TV150: a fouled board in a pairs event: results grouped by the form the board was played in, each group
    matchpointed separately (L87A, L87B)."""
    forms = ["correct", "correct", "fouled", "correct", "fouled", "fouled"]
    scores = [420, 450, -100, 420, 100, 100]
    units, pct = compare.fouled_board(forms, scores)
    assert units.tolist() == [1.0, 4.0, 0.0, 1.0, 3.0, 3.0]  # correct: 450 > 420 = 420; fouled: 100 = 100 > -100
    assert pct.tolist() == [25.0, 100.0, 0.0, 25.0, 75.0, 75.0]
    alone_units, alone_pct = compare.fouled_board(["a", "b", "b"], [50, 100, 200])
    assert alone_units.tolist() == [0.0, 0.0, 2.0] and alone_pct.tolist() == [50.0, 0.0, 100.0]


def test_the_properties_have_no_deadline() -> None:
    """The properties above (L78A's board total) are checked on a shared, loaded machine: the suite's Hypothesis
    profile (conftest.py) sets no deadline, so an example that waits for the processor fails nothing."""
    assert settings.default.deadline is None
