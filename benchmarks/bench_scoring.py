"""Matchpointing 1,000 boards × 50 results (L78A): NumPy (``compare.matchpoint_boards``, one sort for the whole
session) against a straightforward pure-Python comparison of every pair of scores on each board."""

from __future__ import annotations

import random
import time

import numpy as np

from contractbridge.scoring import compare

BOARDS = 1_000
RESULTS = 50
SCORES = (-800, -500, -200, -100, -50, 90, 110, 120, 140, 170, 400, 420, 430, 450, 460, 620, 650, 980, 1430)


def pure_python(boards: list[int], scores: list[int]) -> list[int]:
    by_board: dict[int, list[int]] = {}
    for b, s in zip(boards, scores, strict=True):
        by_board.setdefault(b, []).append(s)
    out = []
    for b, s in zip(boards, scores, strict=True):
        field = by_board[b]
        out.append(sum(2 if s > t else 1 if s == t else 0 for t in field) - 1)
    return out


def best_of(runs: int, fn: object, *args: object) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn(*args)  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    rng = random.Random(2017)
    boards = [b for b in range(BOARDS) for _ in range(RESULTS)]
    scores = [rng.choice(SCORES) for _ in boards]
    board_array, score_array = np.asarray(boards), np.asarray(scores)
    t_np, mp_np = best_of(5, compare.matchpoint_boards, board_array, score_array)
    t_py, mp_py = best_of(2, pure_python, boards, scores)
    assert np.asarray(mp_np).tolist() == mp_py, "the two implementations disagree"
    n = BOARDS * RESULTS
    print(f"matchpointing {BOARDS} boards x {RESULTS} results ({n} scores)")
    print(f"  numpy        {t_np * 1e3:8.2f} ms  ({n / t_np / 1e6:.1f} M scores/s)")
    print(f"  pure python  {t_py * 1e3:8.2f} ms  ({n / t_py / 1e6:.2f} M scores/s)")
    print(f"  ratio        {t_py / t_np:8.1f}x")


if __name__ == "__main__":
    main()
