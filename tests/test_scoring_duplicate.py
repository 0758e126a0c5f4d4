"""Duplicate scoring, Law 77: the test vectors TV09–TV39 of laws-wbf2017.md §12.2, every entry of the §7.1
cumulative undertrick table, and all 35 × 3 × 2 × 14 results against an independent formulation."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from contractbridge.cards import Seat, Side, Strain
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.errors import ParseError, ScoringError
from contractbridge.scoring import duplicate

# (id, contract, vulnerable, tricks, expected for declarer's side) — laws-wbf2017.md §12.2
VECTORS = [
    ("TV09", "4SX", True, 7, -800),
    ("TV10", "4S", False, 10, 420),
    ("TV11", "4S", True, 11, 650),
    ("TV12", "3NT", False, 9, 400),
    ("TV13", "3NT", True, 10, 630),
    ("TV14", "1NT", False, 7, 90),
    ("TV15", "2SX", False, 8, 470),
    ("TV16", "1SXX", False, 7, 520),
    ("TV17", "1CX", False, 8, 240),
    ("TV18", "6NT", True, 12, 1440),
    ("TV19", "7NT", False, 13, 1520),
    ("TV20", "7CXX", True, 13, 2660),
    ("TV21", "6S", False, 12, 980),
    ("TV22", "2H", False, 10, 170),
    ("TV23", "5CX", False, 11, 550),
    ("TV24", "3NTX", True, 10, 950),
    ("TV25", "3NTX", False, 5, -800),
    ("TV26", "3NTX", False, 4, -1100),
    ("TV27", "3NTXX", False, 4, -2200),
    ("TV28", "3NTX", True, 4, -1400),
    ("TV29", "3NTXX", True, 3, -3400),
    ("TV30", "4H", True, 6, -400),
    ("TV31", "6S", True, 11, -100),
    ("TV32", "2C", False, 9, 110),
    ("TV33", "2DX", True, 9, 380),
    ("TV34", "1NTXX", True, 9, 1560),
    ("TV35", "7SX", False, 0, -3500),
    ("TV36a", "4D", False, 10, 130),
    ("TV36b", "5D", False, 11, 400),
    ("TV37", "2NT", False, 8, 120),
    ("TV38", "4SXX", True, 10, 1080),
]


@pytest.mark.parametrize(("vid", "text", "vul", "tricks", "expected"), VECTORS, ids=[v[0] for v in VECTORS])
def test_l77_vectors(vid: str, text: str, vul: bool, tricks: int, expected: int) -> None:
    assert duplicate.score(Contract.parse(text), Seat.NORTH, tricks, vul) == expected


def test_l77_breakdowns_of_the_vectors() -> None:
    """The itemised sums printed beside TV15, TV17, TV20, TV33 and TV34."""
    tv15 = duplicate.breakdown(Contract.parse("2SX"), Seat.SOUTH, 8, False)
    assert (tv15.trick_points, tv15.game_bonus, tv15.insult, tv15.overtricks) == (120, 300, 50, 0)
    assert tv15.is_game
    tv17 = duplicate.breakdown(Contract.parse("1CX"), Seat.SOUTH, 8, False)
    assert (tv17.trick_points, tv17.game_bonus, tv17.insult, tv17.overtricks) == (40, 50, 50, 100)
    assert not tv17.is_game
    tv20 = duplicate.breakdown(Contract.parse("7CXX"), Seat.EAST, 13, True)
    assert (tv20.trick_points, tv20.game_bonus, tv20.slam_bonus, tv20.insult) == (560, 500, 1500, 100)
    tv33 = duplicate.breakdown(Contract.parse("2DX"), Seat.EAST, 9, True)
    assert (tv33.trick_points, tv33.game_bonus, tv33.insult, tv33.overtricks) == (80, 50, 50, 200)
    tv34 = duplicate.breakdown(Contract.parse("1NTXX"), Seat.EAST, 9, True)
    assert (tv34.trick_points, tv34.game_bonus, tv34.insult, tv34.overtricks) == (160, 500, 100, 800)
    tv09 = duplicate.breakdown(Contract.parse("4SX"), Seat.EAST, 7, True)
    assert tv09.undertricks == 800 and not tv09.made and tv09.trick_points == 0


def test_tv31_failed_slam_has_no_bonus() -> None:
    """TV31: 6♠ V down 1 → −100, no slam bonus, no part-score bonus (L77)."""
    b = duplicate.breakdown(Contract.parse("6S"), Seat.NORTH, 11, True)
    assert (b.slam_bonus, b.game_bonus, b.undertricks, b.total) == (0, 0, 100, -100)


def test_tv39_passed_out_scores_zero() -> None:
    """TV39: all four pass → 0 to each side (L22B, L77)."""
    assert duplicate.score(None, None, None, True) == 0
    b = duplicate.board_score(None, None, None, Vulnerability.BOTH)
    assert (b.ns, b.ew, b.detail.passed_out) == (0, 0, True)


# §7.1 cumulative undertrick table: down → (NV undbl, NV dbl, NV rdbl, V undbl, V dbl, V rdbl)
CUMULATIVE = {
    1: (50, 100, 200, 100, 200, 400),
    2: (100, 300, 600, 200, 500, 1000),
    3: (150, 500, 1000, 300, 800, 1600),
    4: (200, 800, 1600, 400, 1100, 2200),
    5: (250, 1100, 2200, 500, 1400, 2800),
    6: (300, 1400, 2800, 600, 1700, 3400),
    7: (350, 1700, 3400, 700, 2000, 4000),
    13: (650, 3500, 7000, 1300, 3800, 7600),
}
EACH_FURTHER = (50, 300, 600, 100, 300, 600)
COLUMNS = [(v, d) for v in (False, True) for d in Doubling]


@pytest.mark.parametrize("down", sorted(CUMULATIVE))
def test_l77_cumulative_undertrick_table(down: int) -> None:
    for (vul, dbl), expected in zip(COLUMNS, CUMULATIVE[down], strict=True):
        assert duplicate.undertrick_penalty(down, dbl, vul) == expected


def test_l77_each_further_undertrick() -> None:
    """The table's "each further" row: beyond 7 down each undertrick adds the same amount."""
    for (vul, dbl), step in zip(COLUMNS, EACH_FURTHER, strict=True):
        for down in range(8, 14):
            diff = duplicate.undertrick_penalty(down, dbl, vul) - duplicate.undertrick_penalty(down - 1, dbl, vul)
            assert diff == step


def _independent(level: int, strain: Strain, dbl: Doubling, vul: bool, tricks: int) -> int:
    """L77 read off its tables a second way: cumulative undertrick rows, per-level trick points."""
    col = COLUMNS.index((vul, dbl))
    odd = tricks - 6
    if odd < level:
        down = level - odd
        if down in CUMULATIVE:
            return -CUMULATIVE[down][col]
        return -(CUMULATIVE[7][col] + (down - 7) * EACH_FURTHER[col])
    mult = 2**dbl
    base = {Strain.CLUBS: 20 * level, Strain.DIAMONDS: 20 * level, Strain.NOTRUMP: 10 + 30 * level}
    tp = base.get(strain, 30 * level) * mult
    extra = odd - level
    if dbl == Doubling.NONE:
        over = extra * (20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30)
    else:
        over = extra * 50 * mult * (2 if vul else 1)
    bonus = (500 if vul else 300) if tp >= 100 else 50
    slam = {6: 500, 7: 1000}.get(level, 0) * (3 if vul else 2) // 2
    return tp + over + bonus + slam + 50 * dbl


def test_l77_exhaustive_against_independent_formulation() -> None:
    """All 35 contracts × 3 doublings × 2 vulnerabilities × 14 trick counts (L77)."""
    count = 0
    for level, strain, dbl, vul, tricks in itertools.product(range(1, 8), Strain, Doubling, (False, True), range(14)):
        got = duplicate.score(Contract(level, strain, dbl), Seat.WEST, tricks, vul)
        assert got == _independent(level, strain, dbl, vul, tricks), (level, strain, dbl, vul, tricks)
        count += 1
    assert count == 35 * 3 * 2 * 14


def test_score_array_equals_score_everywhere() -> None:
    """The NumPy path reads the same L77 table as ``score``: all 5,880 cases at once, and in any shape."""
    cases = list(itertools.product(range(1, 8), Strain, Doubling, range(14), (False, True)))
    level, strain, dbl, tricks, vul = (np.array(column) for column in zip(*cases, strict=True))
    got = duplicate.score_array(level, strain, dbl, tricks, vul)
    assert got.tolist() == [duplicate.score(Contract(lv, st, d), Seat.EAST, t, v) for lv, st, d, t, v in cases]
    assert got.tolist() == [_independent(lv, st, d, v, t) for lv, st, d, t, v in cases]
    assert duplicate.score_array(4, Strain.SPADES, Doubling.DOUBLED, [7, 10], True).tolist() == [-800, 790]


@pytest.mark.parametrize(("column", "value"), [(0, 8), (0, 0), (1, 5), (2, 3), (3, 14), (3, -1), (3, 7.5), (4, 2)])
def test_score_array_rejects_values_outside_l77(column: int, value: object) -> None:
    args: list[object] = [4, 3, 0, 10, False]
    args[column] = [value]
    with pytest.raises(ScoringError):
        duplicate.score_array(*args)  # type: ignore[arg-type]


def test_score_takes_the_table_only_for_plain_values() -> None:
    """Anything unusual goes the long way and keeps its meaning (a truthy vulnerability) or its typed error."""
    four_spades = Contract.parse("4S")
    assert duplicate.score(four_spades, Seat.NORTH, 10, 1) == 620  # type: ignore[arg-type]
    assert duplicate.score(four_spades, Seat.NORTH, 10, np.bool_(False)) == 420  # type: ignore[arg-type]
    with pytest.raises(ScoringError, match="tricks"):
        duplicate.score(four_spades, Seat.NORTH, np.int64(10), False)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("vul", "declarer", "ns", "ew"),
    [
        (Vulnerability.NS, Seat.NORTH, -800, 800),
        (Vulnerability.NS, Seat.EAST, 500, -500),
        (Vulnerability.EW, Seat.WEST, 800, -800),
        (Vulnerability.NONE, Seat.SOUTH, -500, 500),
        (Vulnerability.BOTH, Seat.EAST, 800, -800),
    ],
)
def test_board_score_signs_for_ns_and_ew(vul: Vulnerability, declarer: Seat, ns: int, ew: int) -> None:
    """4♠X down 3, vulnerability taken from the board's markings (L2, L77)."""
    b = duplicate.board_score(Contract.parse("4SX"), declarer, 7, vul)
    assert (b.ns, b.ew) == (ns, ew)
    assert b.detail.for_side(Side.NS) == ns


def test_board_score_reads_the_boards_markings() -> None:
    """Board 12: NS vulnerable (L2, TV03); board 5 marked none vulnerable governs (L2, TV08)."""
    deal = Deal.random(1)
    assert duplicate.board_score(Contract.parse("4S"), Seat.NORTH, 10, Board(12, deal)).ns == 620
    assert duplicate.board_score(Contract.parse("4S"), Seat.EAST, 10, Board(12, deal)).ns == -420
    marked = Board(5, deal, dealer=Seat.EAST, vulnerability=Vulnerability.NONE)
    assert duplicate.board_score(Contract.parse("4S"), Seat.EAST, 10, marked).ew == 420


@pytest.mark.parametrize("tricks", [14, -1, True, 7.0, "7"])
def test_bad_tricks_are_typed_errors(tricks: object) -> None:
    with pytest.raises(ScoringError, match="tricks"):
        duplicate.score(Contract.parse("4S"), Seat.NORTH, tricks, False)  # type: ignore[arg-type]


def test_bad_contract_and_declarer_are_typed_errors() -> None:
    with pytest.raises(ParseError):
        Contract.parse("8S")
    with pytest.raises(ScoringError):
        duplicate.score("4S", Seat.NORTH, 10, False)  # type: ignore[arg-type]
    with pytest.raises(ScoringError):
        duplicate.score(Contract.parse("4S"), None, 10, False)
    with pytest.raises(ScoringError, match="missing"):
        duplicate.score(Contract.parse("4S"), Seat.NORTH, None, False)
    with pytest.raises(ScoringError, match="vulnerability"):
        duplicate.board_score(Contract.parse("4S"), Seat.NORTH, 10, "NS")  # type: ignore[arg-type]


def test_scoring_a_table_result() -> None:
    """A finished Table's result scores on its board (L77; passed out L22B)."""
    from contractbridge.table import Table

    passed = Table(Board(1, Deal.random(3)))
    for call in ["P", "P", "P", "P"]:
        passed.call(call)
    assert passed.result is not None
    assert duplicate.result_score(passed.result, passed.board).ns == 0
    table = Table(Board(2, Deal.random(3)))  # board 2: dealer E, NS vulnerable
    for call in ["1NT", "P", "P", "P"]:
        table.call(call)
    table.play(sorted(table.legal_cards())[0])
    table.claim(Seat.EAST, 8)
    table.agree(Seat.SOUTH)
    table.agree(Seat.NORTH)
    assert table.result is not None and table.result.tricks == 8
    got = duplicate.result_score(table.result, table.board)
    assert (got.ns, got.ew) == (-120, 120)
