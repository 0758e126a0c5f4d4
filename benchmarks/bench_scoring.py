"""Scoring, each job beside its fairest peer (benchmarks/_harness.py: CPU time, alternating rounds, medians).

- Duplicate scoring (L77), the contract built per call as a user writes it: ``score(Contract(level, strain,
  doubling), declarer, tricks, vulnerable)`` over all 23,520 cases (35 contracts × 3 doublings × 14 trick counts
  × 4 declarers × the 4 board vulnerabilities, L2), against endplay's ``Contract(level=…, denom=…, declarer=…,
  penalty=…, result=…).score(vul)`` on the same cases (each library's own values prepared beforehand, as a program
  holds them: declarer's ``vulnerable`` for ours, the board's ``Vul`` for endplay, whose fastest case ``Vul.both``
  is a quarter of them). Both give the same 23,520 numbers (checked first).
- The same, ours reading declarer's vulnerability from the board's ``Vulnerability`` in each call
  (``vulnerability.is_vulnerable(declarer)``), as endplay does inside ``score(vul)``.
- The same cases as NumPy arrays through ``score_array``, against the same endplay peer.
- ``breakdown`` (the itemised L77 score kept for display), contract built per call, against the same peer.
- Matchpointing 1,000 boards × 50 results (L78A): ``compare.matchpoint_boards`` (one sort for the whole
  session) against a straightforward pure-Python comparison of every pair of scores on each board.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

import numpy as np

from benchmarks._harness import Side, compare, endplay_denoms, peer, report, sized
from contractbridge import Contract, Doubling, Seat, Strain, Vulnerability
from contractbridge.scoring import compare as mp
from contractbridge.scoring import duplicate

if TYPE_CHECKING:
    from endplay.types import Denom, Penalty, Player, Vul

BOARDS = 1_000
RESULTS = 50
REPEAT = sized(5, 1)
SCORES = (-800, -500, -200, -100, -50, 90, 110, 120, 140, 170, 400, 420, 430, 450, 460, 620, 650, 980, 1430)
Case = tuple[int, Strain, Doubling, Seat, int, Vulnerability]  # level, strain, doubling, declarer, tricks, board's
OurCase = tuple[int, Strain, Doubling, Seat, int, bool]  # … declarer's side vulnerable
#: endplay's: level, denomination, declarer, penalty, result (tricks over the contract), the board's vulnerability
PeerCase = tuple[int, "Denom", "Player", "Penalty", int, "Vul"]


def _cases() -> list[Case]:
    return [
        (level, strain, doubling, seat, tricks, vul)
        for level, strain, doubling, tricks, seat, vul in itertools.product(
            range(1, 8), Strain, Doubling, range(14), Seat, Vulnerability
        )
    ]


def _our_cases(cases: list[Case]) -> list[OurCase]:
    """The cases with declarer's vulnerability, as ``score`` takes it."""
    return [
        (level, strain, doubling, seat, tricks, vul.is_vulnerable(seat))
        for level, strain, doubling, seat, tricks, vul in cases
    ]


def _endplay_cases(cases: list[Case]) -> list[PeerCase]:
    """The cases in endplay's values (``PeerCase``)."""
    from endplay.types import Penalty, Player, Vul

    denom = endplay_denoms()
    penalty = {Doubling.NONE: Penalty.passed, Doubling.DOUBLED: Penalty.doubled, Doubling.REDOUBLED: Penalty.redoubled}
    player = {Seat.NORTH: Player.north, Seat.EAST: Player.east, Seat.SOUTH: Player.south, Seat.WEST: Player.west}
    board_vul = (Vul.none, Vul.ns, Vul.ew, Vul.both)  # by Vulnerability: NONE, NS, EW, BOTH (L2)
    return [
        (
            level,
            denom[strain],
            player[seat],
            penalty[doubling],
            tricks - 6 - level,
            board_vul[vul],
        )
        for level, strain, doubling, seat, tricks, vul in cases
    ]


def _ours(cases: list[OurCase]) -> list[int]:
    score = duplicate.score
    return [
        score(Contract(level, strain, doubling), seat, tricks, vul)
        for level, strain, doubling, seat, tricks, vul in cases
    ]


def _from_board(cases: list[Case]) -> list[int]:
    score = duplicate.score
    return [
        score(Contract(level, strain, doubling), seat, tricks, vul.is_vulnerable(seat))
        for level, strain, doubling, seat, tricks, vul in cases
    ]


def _itemised(cases: list[OurCase]) -> list[int]:
    breakdown = duplicate.breakdown
    return [
        breakdown(Contract(level, strain, doubling), seat, tricks, vul).total
        for level, strain, doubling, seat, tricks, vul in cases
    ]


def _endplay(cases: list[PeerCase]) -> list[int]:
    from endplay.types import Contract as EContract

    return [
        EContract(level=level, denom=denom, declarer=declarer, penalty=penalty, result=result).score(vul)
        for level, denom, declarer, penalty, result, vul in cases
    ]


def bench_duplicate() -> None:
    cases = _cases()
    try:
        peer_cases = _endplay_cases(cases)
    except ImportError:
        print("duplicate scoring: endplay is not installed, no peer")
        return
    ours_cases = _our_cases(cases)
    ours_scores = _ours(ours_cases)
    assert _from_board(cases) == ours_scores
    disagree = sum(a != b for a, b in zip(ours_scores, _endplay(peer_cases), strict=True))
    print(f"duplicate scoring, all {len(cases):,} cases: {disagree} disagreements with endplay")
    # Each round scores every case REPEAT times: rounds long enough for a busy machine to even out.
    n = REPEAT * len(cases)
    peer_cases *= REPEAT
    ours_cases *= REPEAT
    cases *= REPEAT
    theirs = peer("endplay Contract(...).score(vul)", lambda: _endplay(peer_cases), n)
    ours = Side("score(Contract(...), ...) (interned contracts, L77 table)", lambda: _ours(ours_cases), n)
    report("duplicate score, the contract built per call", ours, theirs, compare(ours, theirs), "scores", target=5)

    board = Side("score(..., vulnerability.is_vulnerable(declarer))", lambda: _from_board(cases), n)
    report("duplicate score, the board's vulnerability read per call", board, theirs, compare(board, theirs), "scores")

    columns = [np.array(col) for col in zip(*((lv, st, db, t, v) for lv, st, db, _, t, v in ours_cases), strict=True)]
    assert duplicate.score_array(*columns).tolist() == ours_scores * REPEAT
    arrays = Side("scoring.duplicate.score_array (NumPy)", lambda: duplicate.score_array(*columns), n)
    report("duplicate score, arrays of results", arrays, theirs, compare(arrays, theirs), "scores")

    items = Side("breakdown(Contract(...), ...) (itemised, for display)", lambda: _itemised(ours_cases), n)
    report(
        "duplicate score itemised (what score cost before the table)", items, theirs, compare(items, theirs), "scores"
    )


def pure_python(boards: list[int], scores: list[int]) -> list[int]:
    by_board: dict[int, list[int]] = {}
    for b, s in zip(boards, scores, strict=True):
        by_board.setdefault(b, []).append(s)
    out = []
    for b, s in zip(boards, scores, strict=True):
        field = by_board[b]
        out.append(sum(2 if s > t else 1 if s == t else 0 for t in field) - 1)
    return out


def bench_matchpoints() -> None:
    rng = random.Random(2017)
    boards = [b for b in range(BOARDS) for _ in range(RESULTS)]
    scores = [rng.choice(SCORES) for _ in boards]
    board_array, score_array = np.asarray(boards), np.asarray(scores)
    assert np.asarray(mp.matchpoint_boards(board_array, score_array)).tolist() == pure_python(boards, scores)
    n = BOARDS * RESULTS
    ours = Side(
        "compare.matchpoint_boards (NumPy, one sort)", lambda: mp.matchpoint_boards(board_array, score_array), n
    )
    plain = peer("pure Python, every pair on each board", lambda: pure_python(boards, scores), n)
    report(f"matchpointing {BOARDS} boards x {RESULTS} results (L78A)", ours, plain, compare(ours, plain), "scores")


def main() -> None:
    bench_duplicate()
    bench_matchpoints()


if __name__ == "__main__":
    main()
