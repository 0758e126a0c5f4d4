"""Scoring an event's results (#23 item 3): L77 scores, matchpoints (L78A) with Neuberg and factoring, Butler
and cross-IMPs (L78B), artificial (L12C2) and weighted (L12C1(c)) adjusted scores, fouled boards (L87),
totals, percentages, ranks with ties, NS/EW winners."""

from __future__ import annotations

from dataclasses import replace

import pytest

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.errors import TournamentError
from contractbridge.scoring import compare
from contractbridge.tournament.results import (
    CROSS_IMPS,
    MATCHPOINTS,
    Artificial,
    Form,
    Method,
    Rounding,
    TableResult,
    parse_assigned,
    rank_event,
    score_board,
    score_match,
    session_scores,
)

NONE = Vulnerability.NONE


def played(board: int, ns: str, ew: str, contract: str, declarer: str, tricks: int, **kw: object) -> TableResult:
    return TableResult(board, (ns,), (ew,), Contract.parse(contract), Seat.parse(declarer), tricks, **kw)  # type: ignore[arg-type]


def test_matchpoints_tv44_and_the_l77_scores() -> None:
    results = [played(1, "1", "5", "4S", "N", 11), played(1, "2", "6", "4S", "N", 10),
               played(1, "3", "7", "4S", "S", 10), played(1, "4", "8", "3NT", "N", 9),
               played(1, "9", "10", "4S", "N", 9)]  # fmt: skip
    scored = score_board(results, NONE)
    assert [s.score_ns for s in scored] == [450, 420, 420, 400, -50]  # L77
    assert [s.ns for s in scored] == [8, 5, 5, 2, 0]  # TV44: top 2(n−1) = 8
    assert [s.ew for s in scored] == [0, 3, 3, 6, 8]
    assert [s.pct_ns for s in scored] == [100, 62.5, 62.5, 25, 0]


def test_neuberg_for_an_artificial_score_as_magic_contest_prints_it() -> None:
    # 3 results and one A+/A+ table: the 3 are factored to 4 tables, the A+ is 60 % of the top 6 (L12C2)
    results = [
        played(1, "1", "5", "4S", "N", 10),
        played(1, "2", "6", "4S", "N", 10),
        played(1, "3", "7", "4S", "N", 9),
        TableResult(1, ("4",), ("8",), artificial=Artificial(60, 60)),
    ]
    scored = score_board(results, NONE)
    assert scored[0].top == 6
    assert scored[0].ns == pytest.approx(compare.neuberg([3], 3, 4)[0])  # (3 + 1)·4/3 − 1
    assert (scored[3].ns, scored[3].ew) == (pytest.approx(3.6), pytest.approx(3.6))
    assert scored[2].ns == pytest.approx(compare.neuberg([0], 3, 4)[0])


def test_not_played_has_no_score_and_counts_as_a_table_for_neuberg() -> None:
    results = [played(2, "1", "5", "3NT", "S", 9), played(2, "2", "6", "3NT", "S", 10),
               TableResult(2, ("3",), ("7",), not_played=True)]  # fmt: skip
    scored = score_board(results, Vulnerability.BOTH)
    assert scored[2].ns is None and scored[2].score_ns is None
    assert scored[1].ns == pytest.approx(compare.neuberg([2], 2, 3)[0])
    no_neuberg = score_board(results, Vulnerability.BOTH, replace(MATCHPOINTS, neuberg=False))
    assert no_neuberg[1].ns == pytest.approx(2 * 2 / 1)  # factored to the full top


def test_weighted_assigned_score() -> None:
    assigned = compare.AssignedScore.of(("1/2", 620), ("1/2", -100))
    results = [played(3, "1", "5", "4S", "N", 10), played(3, "2", "6", "4S", "N", 9),
               TableResult(3, ("3",), ("7",), assigned=assigned)]  # fmt: skip
    scored = score_board(results, Vulnerability.NS)
    # the assigned result: 620 beats 620? no: ties +620 (1), beats −100 (2) → ½·3; −100 ties −100 (1) → ½·1
    assert scored[2].ns == pytest.approx(2.0)
    # +620 ties ½ (1) and beats −100 ½ (2) against the assigned score, and beats −100 (2)
    assert scored[0].ns == pytest.approx(2 + 1.5)


def test_fouled_board_groups_are_compared_apart() -> None:
    results = [
        played(4, "1", "5", "4S", "N", 10),
        played(4, "2", "6", "4S", "N", 9),
        played(4, "3", "7", "2H", "E", 8, fouled="b"),
        played(4, "4", "8", "2H", "E", 9, fouled="b"),
    ]
    scored = score_board(results, NONE)
    assert scored[0].ns == pytest.approx(compare.neuberg([2], 2, 4)[0])  # L87B: each form on its own
    assert scored[2].ns == pytest.approx(compare.neuberg([2], 2, 4)[0])


def test_fouled_board_groups_are_imped_apart() -> None:
    # L87B: each form of a fouled board rated on its own, at IMPs too: a datum and cross-IMPs per group
    correct = [played(4, "1", "5", "4S", "N", 10), played(4, "2", "6", "4S", "N", 9)]
    fouled = [played(4, "3", "7", "2H", "E", 8, fouled="b"), played(4, "4", "8", "2H", "E", 9, fouled="b")]
    results = [correct[0], fouled[0], correct[1], fouled[1]]
    for form in (CROSS_IMPS, Form(method=Method.BUTLER, decimals=0)):
        scored = score_board(results, NONE, form)
        apart = score_board(correct, NONE, form) + score_board(fouled, NONE, form)
        assert [(s.ns, s.ew) for s in scored] == [(s.ns, s.ew) for s in (apart[0], apart[2], apart[1], apart[3])]
    cross = score_board(results, NONE, CROSS_IMPS)
    assert (cross[1].ns, cross[3].ns) == (1, -1)  # -110 against -140 only: 30 points, 1 IMP


def test_butler_and_cross_imps() -> None:
    results = [played(5, "1", "5", "4S", "N", 10), played(5, "2", "6", "4S", "N", 9),
               played(5, "3", "7", "2S", "N", 10), played(5, "4", "8", "4S", "N", 11)]  # fmt: skip
    butler = score_board(results, NONE, Form(method=Method.BUTLER, decimals=0))
    assert butler[0].datum == compare.butler_datum([420, -50, 170, 450])
    assert [s.ns for s in butler] == list(compare.butler([420, -50, 170, 450]))
    cross = score_board(results, NONE, CROSS_IMPS)
    assert [s.ns for s in cross] == pytest.approx(list(compare.cross_imps([420, -50, 170, 450])))
    adjusted = score_board([*results, TableResult(5, ("9",), ("10",), artificial=Artificial.parse("A60/40"))], NONE,
                           CROSS_IMPS)  # fmt: skip
    assert (adjusted[4].ns, adjusted[4].ew) == (3.0, -3.0)  # L12C2(b): average-plus/minus in IMPs


def test_cross_imps_meet_an_assigned_score_both_ways() -> None:
    """L78B with L12C1: +420 and -50 played, 4S-1 (-50) assigned at the third table. Each score meets the other
    two: +420 gains 10 and 10, the -50 played loses 10 and ties (-5, not -10), the assigned -50 loses 10 and ties
    (-5); NS's IMPs balance. A split score's EW side (4S=, -420 for EW) meets the other EW pairs' scores (L12C1(b))."""
    results = [played(1, "1", "4", "4S", "N", 10), played(1, "3", "5", "4S", "N", 9),
               TableResult(1, ("2",), ("6",), assigned=parse_assigned("4S N -1", NONE))]  # fmt: skip
    assert [(s.ns, s.ew) for s in score_board(results, NONE, CROSS_IMPS)] == [(10, -10), (-5, 5), (-5, 5)]
    summed = score_board(results, NONE, replace(CROSS_IMPS, average=False))
    assert [s.ns for s in summed] == [20, -10, -10]
    split = [*results[:2], TableResult(1, ("2",), ("6",), assigned=parse_assigned("4S N -1", NONE),
                                       assigned_ew=parse_assigned("4S N =", NONE))]  # fmt: skip
    # EW 4 (-420): v EW 5 (+50) -10, v EW 6 (-420) 0; EW 5: +10, +10; EW 6: 0, -10; each averaged over 2
    assert [(s.ns, s.ew) for s in score_board(split, NONE, CROSS_IMPS)] == [(10, -5), (-5, 10), (-5, -5)]


def test_ranks_with_ties_percentages_and_two_winners() -> None:
    boards = [
        score_board([played(1, "1", "3", "4S", "N", 10), played(1, "2", "4", "4S", "N", 9)], NONE),
        score_board([played(2, "1", "4", "3NT", "S", 9), played(2, "2", "3", "3NT", "S", 8)], Vulnerability.NS),
    ]
    two = rank_event(boards, by_direction=True, names={"1": "Ann - Bo"})
    assert [(s.direction, s.id, s.total, s.percentage, str(s.rank)) for s in two] == [
        ("NS", "1", 4.0, 100.0, "1"), ("NS", "2", 0.0, 0.0, "2"),
        ("EW", "3", 2.0, 50.0, "1="), ("EW", "4", 2.0, 50.0, "1="),
    ]  # fmt: skip  # the NS line listed first, then the EW line (#eventrank item 1)
    assert two[0].names == "Ann - Bo"
    one = rank_event(boards)
    assert [s.direction for s in one] == [None] * 4


def test_a_pair_that_missed_boards_is_factored() -> None:
    boards = [
        score_board([played(1, "1", "3", "4S", "N", 10), played(1, "2", "4", "4S", "N", 9)], NONE),
        score_board([played(2, "1", "4", "3NT", "S", 9), played(2, "5", "3", "3NT", "S", 7)], NONE),
        score_board([played(3, "1", "3", "1NT", "S", 7), played(3, "5", "4", "1NT", "S", 8)], NONE),
    ]
    plain = {s.id: s.total for s in rank_event(boards)}
    factored = {s.id: s.total for s in rank_event(boards, replace(MATCHPOINTS, factor=True))}
    assert plain["1"] == factored["1"] == 4.0  # 3 boards: 2 + 2 + 0
    assert plain["2"] == 0.0 and plain["5"] == 2.0  # pair 5 played 2 boards of 3
    assert factored["5"] == 3.0  # 2 · 3/2
    percentages = {s.id: s.percentage for s in rank_event(boards)}
    assert percentages["5"] == 50.0  # a percentage is of the boards played


def test_rounding_is_a_parameter_of_the_form() -> None:
    assert Form(rounding=Rounding.HALF_UP).round(2.25, 1) == 2.3
    assert Form(rounding=Rounding.HALF_EVEN).round(2.25, 1) == 2.2
    assert Form().round(28.333333333333332, 1) == 28.3


def test_bad_results_are_refused() -> None:
    with pytest.raises(TournamentError, match="exactly one"):
        TableResult(1, ("1",), ("2",))
    with pytest.raises(TournamentError, match="declarer and tricks"):
        TableResult(1, ("1",), ("2",), Contract.parse("4S"))
    with pytest.raises(TournamentError, match="both sides"):
        TableResult(1, ("1",), ("1",), passed_out=True)
    with pytest.raises(TournamentError, match="0 to 13"):
        played(1, "1", "2", "4S", "N", 14)
    with pytest.raises(TournamentError, match="one board"):
        score_board([played(1, "1", "2", "4S", "N", 10), played(2, "3", "4", "4S", "N", 10)], NONE)
    with pytest.raises(TournamentError, match="percentage"):
        Artificial(120, 0)
    with pytest.raises(TournamentError, match="artificial"):
        Artificial.parse("A+-")


def test_a_teams_match_in_imps_and_vps() -> None:
    # home team "A" sits NS in the open room, EW in the closed room (L78B)
    rooms = [
        (played(1, "A", "B", "4S", "N", 10), played(1, "B", "A", "2S", "N", 10), NONE),  # +420 v +170: +6
        (played(2, "A", "B", "3NT", "S", 8), played(2, "B", "A", "3NT", "S", 9), Vulnerability.NS),  # -100, -600
        (
            TableResult(3, ("A",), ("B",), artificial=Artificial(60, 40)),
            played(3, "B", "A", "1NT", "N", 7),
            NONE,
        ),
    ]
    match = score_match(rooms, home="A")
    assert match.boards == ((1, 6), (2, -12), (3, 3))
    assert (match.home_imps, match.away_imps) == (9, 12)
    assert match.vp == compare.victory_points(-3, 3, True)
    with pytest.raises(TournamentError, match="same way"):
        score_match([(played(1, "A", "B", "4S", "N", 10), played(1, "A", "B", "4S", "N", 10), NONE)], home="A")


def test_an_even_cross_imp_board_prints_no_negative_zero() -> None:
    """420, -50, 170 across the field: 170 gains 6 IMPs and loses 6 (L78B), EW's 0 printed "0.00", never "-0.00"."""
    results = [played(1, "1", "4", "4S", "N", 10), played(1, "3", "5", "4S", "N", 9),
               played(1, "2", "6", "3S", "N", 10)]  # fmt: skip
    even = score_board(results, NONE, CROSS_IMPS)[2]
    assert even.ew is not None and f"{CROSS_IMPS.round(even.ew, 2):.2f}" == "0.00"
    assert f"{CROSS_IMPS.round(-0.001, 2):.2f}" == "0.00"


def test_l12c2c_an_artificial_score_by_the_session_s_other_boards() -> None:
    """L12C2(c) (TV46): pair 1, in no way at fault, scored 100 % on its other board: it gets that, not 60 %;
    pair 4, directly at fault, scored 0 %: it gets that, not 40 %. A form without ``session`` keeps A60/40, and
    so does a contestant whose other boards are between the two."""
    one = [played(1, "1", "4", "4S", "N", 10), played(1, "2", "5", "4S", "N", 9), played(1, "3", "6", "4S", "N", 9)]
    two = [TableResult(2, ("1",), ("4",), artificial=Artificial(60, 40)), played(2, "2", "5", "3NT", "S", 9),
           played(2, "3", "6", "3NT", "S", 9)]  # fmt: skip
    boards = [score_board(one, NONE), score_board(two, NONE)]
    session = replace(MATCHPOINTS, session=True)
    plain = session_scores(boards, MATCHPOINTS)[1][0]
    assert (plain.pct_ns, plain.pct_ew) == (60.0, 40.0)
    adjusted = session_scores(boards, session)[1][0]
    assert (adjusted.pct_ns, adjusted.pct_ew, adjusted.ns, adjusted.ew) == (100.0, 0.0, 4.0, 0.0)
    ranked = {s.id: s.percentage for s in rank_event(session_scores(boards, session), session)}
    assert ranked["1"] == 100.0 and ranked["4"] == 0.0
    kept = [TableResult(2, ("2",), ("5",), artificial=Artificial(60, 40)), *two[1:]]  # pair 2: 0 %, pair 5: 75 %
    middle = session_scores([score_board(one, NONE), score_board(kept, NONE)], session)[1][0]
    assert (middle.pct_ns, middle.pct_ew) == (60.0, 40.0)  # neither exception: 0 % < 60 and 75 % > 40
    imps = replace(CROSS_IMPS, session=True)
    crossed = session_scores([score_board(one, NONE, imps), score_board(two, NONE, imps)], imps)[1][0]
    assert (crossed.ns, crossed.ew) == (10.0, -10.0)  # 470 elsewhere: +10 IMPs beats +3, -10 is below -3 (L12C2b)
