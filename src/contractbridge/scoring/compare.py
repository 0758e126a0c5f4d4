"""Comparing scores: matchpoints (L78A), IMPs (L78B), total points (L78C), Neuberg, cross-IMPs, Butler, the
WBF continuous victory-point scale, and Law 12 adjusted scores (artificial and weighted assigned).

Matchpoint units follow the seed: 2 for each lower score, 1 for each equal score, 0 for each higher one
(``MPScale.HALF``, i.e. half-matchpoints; top = 2(n−1)). ``MPScale.WHOLE`` gives the 1 / ½ / 0 variant.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from contractbridge.errors import ScoringError

__all__ = [
    "IMPS",
    "IMP_THRESHOLDS",
    "PAIRS",
    "ArtificialScale",
    "AssignedScore",
    "Fault",
    "ImpGapRule",
    "MPScale",
    "Ranking",
    "artificial_score",
    "butler",
    "butler_datum",
    "cross_imps",
    "fouled_board",
    "imps",
    "imps_array",
    "matchpoint_boards",
    "matchpoints",
    "neuberg",
    "percentages",
    "rank",
    "teams_one_at_fault",
    "total_points",
    "victory_points",
    "vp_scale",
]

FloatArray = npt.NDArray[np.float64]
Scores = Iterable[float] | npt.NDArray[Any]


# ---------------------------------------------------------------------------------------------- matchpoints


class MPScale(Enum):
    """Scoring units per comparison (L78A): ``HALF`` = 2 / 1 / 0 (the seed's unit), ``WHOLE`` = 1 / ½ / 0."""

    HALF = 2
    WHOLE = 1

    @property
    def per_win(self) -> float:
        return 2.0 if self is MPScale.HALF else 1.0


def _as_scores(scores: Scores, what: str = "scores") -> FloatArray:
    try:
        arr = np.asarray(scores if isinstance(scores, np.ndarray) else list(scores), dtype=np.float64)
    except (TypeError, ValueError):  # a text or an object among the scores
        raise ScoringError(f"{what} must be a flat list of numbers") from None
    if arr.ndim != 1:
        raise ScoringError(f"{what} must be a flat list of numbers")
    if not np.all(np.isfinite(arr)):
        raise ScoringError(f"{what} must be finite numbers")
    return arr


def matchpoint_boards(
    boards: Sequence[object] | npt.ArrayLike, scores: Scores, scale: MPScale = MPScale.HALF
) -> FloatArray:
    """Matchpoints for many boards at once (L78A). ``boards[i]`` names the board of ``scores[i]`` (any hashable
    labels); each score is compared only with the other scores of its board. Vectorised: one sort, no loop."""
    s = _as_scores(scores)
    labels = np.asarray(boards)
    if labels.shape != s.shape:
        raise ScoringError(f"{labels.size} board labels for {s.size} scores")
    if s.size == 0:
        return np.zeros(0)
    if labels.dtype.kind in "iu":
        b = labels.astype(np.int64, copy=False)
    else:
        b = np.unique(labels, return_inverse=True)[1].reshape(-1)
    order = np.lexsort((s, b))
    sb, ss = b[order], s[order]
    new_board = np.r_[True, sb[1:] != sb[:-1]]
    new_group = new_board | np.r_[True, ss[1:] != ss[:-1]]
    idx = np.arange(s.size)
    board_start = np.maximum.accumulate(np.where(new_board, idx, 0))
    group_start = np.maximum.accumulate(np.where(new_group, idx, 0))
    group_id = np.cumsum(new_group) - 1
    group_size = np.bincount(group_id)[group_id]
    lower = group_start - board_start
    units = 2.0 * lower + (group_size - 1)
    out = np.empty(s.size)
    out[order] = units
    return out if scale is MPScale.HALF else out / 2.0


def matchpoints(scores: Scores, scale: MPScale = MPScale.HALF) -> FloatArray:
    """Matchpoints of the scores of one board, in order (L78A). TV44: +450 +420 +420 +400 −50 → 8 5 5 2 0."""
    s = _as_scores(scores)
    return matchpoint_boards(np.zeros(s.size, dtype=np.int64), s, scale)


def top(n: int, scale: MPScale = MPScale.HALF) -> float:
    """The top on a board with ``n`` comparable scores: 2(n−1) units (L78A)."""
    return scale.per_win * (n - 1)


def percentages(units: Scores, n: int, scale: MPScale = MPScale.HALF) -> FloatArray:
    """Matchpoints as a percentage of the top (L78A). With a single result there is nothing to compare: 50 %."""
    u = _as_scores(units, "matchpoints")
    t = top(n, scale)
    if t == 0:
        return np.full(u.size, 50.0)
    return 100.0 * u / t


def fouled_board(
    forms: Sequence[object] | npt.ArrayLike, scores: Scores, scale: MPScale = MPScale.HALF
) -> tuple[FloatArray, FloatArray]:
    """A fouled board in a pairs event (L87A–B): ``forms[i]`` names the form in which ``scores[i]`` was made
    (the correct one or each changed one). Each group is matchpointed on its own; returns the matchpoints and
    each score's percentage of its own group's top (50 % for a group of one)."""
    units = matchpoint_boards(forms, scores, scale)
    _, group, size = np.unique(np.asarray(forms), return_inverse=True, return_counts=True)
    tops = scale.per_win * (size[group] - 1)
    pct = np.divide(100.0 * units, tops, out=np.full(units.size, 50.0), where=tops > 0)
    return units, pct


def neuberg(units: Scores, n: int, expected: int, scale: MPScale = MPScale.HALF) -> FloatArray:
    """Neuberg's formula: matchpoints earned against ``n`` results scaled to a board played ``expected`` times.

    In 1 / ½ / 0 units M' = (M + ½)·N/n − ½; in 2 / 1 / 0 units M' = (M + 1)·N/n − 1. Identity when n = N."""
    if not 1 <= n <= expected:
        raise ScoringError(f"Neuberg needs 1 ≤ results ({n}) ≤ expected results ({expected})")
    half = scale.per_win / 2
    return (_as_scores(units, "matchpoints") + half) * expected / n - half


@dataclass(frozen=True, slots=True)
class Ranking:
    """A place in a ranking: ``position`` shared by ``tied`` contestants (competition ranking 1, 2=, 2=, 4)."""

    position: int
    tied: bool

    def __str__(self) -> str:
        return f"{self.position}{'=' if self.tied else ''}"


def rank(totals: Scores, higher_is_better: bool = True) -> list[Ranking]:
    """Places for ``totals`` in their given order; equal totals share the better place (1, 2=, 2=, 4)."""
    t = _as_scores(totals, "totals")
    key = -t if higher_is_better else t
    better = (key[None, :] < key[:, None]).sum(axis=1)
    equal = (key[None, :] == key[:, None]).sum(axis=1)
    return [Ranking(int(b) + 1, bool(e > 1)) for b, e in zip(better, equal, strict=True)]


def total_points(scores: Iterable[float]) -> float:
    """L78C: a contestant's score is the sum of his points over all boards."""
    return float(sum(scores))


# ---------------------------------------------------------------------------------------------- IMPs

IMP_THRESHOLDS: Final = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
                         2000, 2250, 2500, 3000, 3500, 4000)  # fmt: skip
"""L78B: the lowest difference of each IMP step 1…24 (0–10 → 0, 20–40 → 1, …, 4000+ → 24)."""


class ImpGapRule(Enum):
    """How a difference that is not a multiple of 10 is read against the L78B table (the seed is silent; real
    table results are always multiples of 10, but datums and weighted scores are not).

    ``NEAREST`` (default): round the difference to the nearest multiple of 10, halves away from zero, then look
    it up (15 → 20 → 1 IMP; 14.9 → 10 → 0). ``LOWER_BOUND``: a step is reached only at its printed lower bound
    (15 and 19.9 → 0 IMP)."""

    NEAREST = "nearest"
    LOWER_BOUND = "lower-bound"


_THRESHOLDS_ARRAY: Final = np.asarray(IMP_THRESHOLDS, dtype=np.float64)


def _round_half_away(x: FloatArray, unit: float) -> FloatArray:
    return np.sign(x) * np.floor(np.abs(x) / unit + 0.5) * unit


def imps_array(diffs: Scores, rule: ImpGapRule = ImpGapRule.NEAREST) -> npt.NDArray[np.int64]:
    """IMPs for many point differences at once (L78B), signed like the differences."""
    d = _as_scores(diffs, "differences")
    mag = np.abs(_round_half_away(d, 10.0) if rule is ImpGapRule.NEAREST else d)
    steps = np.searchsorted(_THRESHOLDS_ARRAY, mag, side="right")
    return (np.sign(d) * steps).astype(np.int64)


def imps(diff: float, rule: ImpGapRule = ImpGapRule.NEAREST) -> int:
    """IMPs for one point difference (L78B). TV40: 250 → 6; TV43: 10 → 0, 20 → 1, 4000 → 24, 7600 → 24."""
    return int(imps_array([diff], rule)[0])


def cross_imps(scores: Scores, average: bool = True, rule: ImpGapRule = ImpGapRule.NEAREST) -> FloatArray:
    """Cross-IMPs on one board: each score IMPed against every other score of the board (L78B), summed, or
    averaged over the n−1 comparisons when ``average`` (the usual way to keep boards of different sizes equal)."""
    s = _as_scores(scores)
    if s.size < 2:
        return np.zeros(s.size)
    table = imps_array((s[:, None] - s[None, :]).ravel(), rule).reshape(s.size, s.size)
    total = table.sum(axis=1).astype(np.float64)
    return np.asarray(total / (s.size - 1) if average else total, dtype=np.float64)


def butler_datum(scores: Scores, drop: int = 1, unit: int = 10) -> int:
    """Butler datum: the mean of the board's scores without the ``drop`` highest and ``drop`` lowest (all scores
    when that would leave none), rounded to the nearest ``unit`` with halves away from zero."""
    s = np.sort(_as_scores(scores))
    if s.size == 0:
        raise ScoringError("a datum needs at least one score")
    if isinstance(drop, bool) or not isinstance(drop, int) or drop < 0 or unit < 1:
        raise ScoringError(f"a datum drops 0 or more scores at each end ({drop!r}) and rounds to 1 or more ({unit!r})")
    kept = s[drop:-drop] if drop and s.size > 2 * drop else s
    return int(_round_half_away(np.asarray([kept.mean()]), float(unit))[0])


def butler(
    scores: Scores, rule: ImpGapRule = ImpGapRule.NEAREST, drop: int = 1, unit: int = 10
) -> npt.NDArray[np.int64]:
    """Each score IMPed against the board's Butler datum (L78B; ``drop`` and ``unit`` as for ``butler_datum``)."""
    s = _as_scores(scores)
    return imps_array(s - butler_datum(s, drop, unit), rule)


# ---------------------------------------------------------------------------------------------- victory points

_TAU: Final = (math.sqrt(5) - 1) / 2


def _vp_formula(margin: float, blitz: float) -> float:
    return 10.0 + 10.0 * (1.0 - float(_TAU ** (3 * margin / blitz))) / (1.0 - _TAU**3)


def vp_scale(boards: int, corrected: bool = False) -> list[float]:
    """The WBF (2013) continuous 20-VP scale for a match of ``boards`` boards: the winner's VPs for IMP margins
    0, 1, 2, … up to the blitz margin B = 15·√boards, from VP(M) = 10 + 10·(1 − τ^(3M/B)) / (1 − τ³) with
    τ = (√5 − 1)/2, rounded to 0.01; from B on, 20. Rounding can make one IMP worth 0.01 more than the IMP
    before it; ``corrected`` raises the value before such a step by 0.01, so that no step is worth more than the
    one before it (as the WBF's printed tables and Ruter's results do; docs/tournaments.md)."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(f"a match has 1 or more boards, not {boards!r}")
    blitz = 15 * math.sqrt(boards)
    scale = [round(_vp_formula(m, blitz), 2) for m in range(math.ceil(blitz))] + [20.0]
    if corrected:
        cents = [round(v * 100) for v in scale]
        for m in range(1, len(cents) - 1):
            if cents[m + 1] - cents[m] > cents[m] - cents[m - 1]:
                cents[m] += 1
        scale = [c / 100 for c in cents]
    return scale


def victory_points(margin: float, boards: int, corrected: bool = False) -> tuple[float, float]:
    """VPs (team, opponents) for an IMP ``margin`` (positive = team won) over ``boards`` boards, WBF continuous
    scale (see ``vp_scale``); the two always add up to 20. A fractional margin is read off the formula."""
    scale = vp_scale(boards, corrected)
    m = abs(margin)
    if m >= len(scale) - 1:
        win = 20.0
    elif float(m).is_integer():
        win = scale[int(m)]
    else:
        win = round(_vp_formula(m, 15 * math.sqrt(boards)), 2)
    win = min(win, 20.0)
    return (win, round(20 - win, 2)) if margin >= 0 else (round(20 - win, 2), win)


# ---------------------------------------------------------------------------------------------- Law 12


class Fault(Enum):
    """A contestant's share of the fault for a board that could not be played (L12C2(a))."""

    NONE = "in no way at fault"
    PARTLY = "partly at fault"
    DIRECTLY = "directly at fault"


@dataclass(frozen=True, slots=True)
class ArtificialScale:
    """Artificial adjusted scores (L12C2): average-plus, average, average-minus in the event's unit. The TO may
    set other values with the RA's approval (L12C2(b)); pass your own scale."""

    plus: float
    average: float
    minus: float
    unit: str


PAIRS: Final = ArtificialScale(60.0, 50.0, 40.0, "%")
"""Pairs: average-plus at least 60 %, average 50 %, average-minus at most 40 % (L12C2(a))."""
IMPS: Final = ArtificialScale(3.0, 0.0, -3.0, "IMP")
"""Teams: average-plus +3 IMP, average-minus −3 IMP (L12C2(b))."""


def artificial_score(fault: Fault, scale: ArtificialScale = PAIRS, session: float | None = None) -> float:
    """The artificial adjusted score of one contestant (L12C2(a)/(b)). ``session`` is what the contestant
    achieved on the other boards of the session (percentage, or IMPs per board): a contestant in no way at
    fault who did better than average-plus, or one directly at fault who did worse than average-minus, gets
    that instead (L12C2(c); TV46). When the TD's own error prevented a result, both sides are in no way at fault
    (L82C; TV48)."""
    if fault is Fault.NONE:
        return session if session is not None and session > scale.plus else scale.plus
    if fault is Fault.DIRECTLY:
        return session if session is not None and session < scale.minus else scale.minus
    return scale.average


def teams_one_at_fault(assigned_nos: float, scale: ArtificialScale = IMPS) -> tuple[float, float]:
    """L86B2(b), teams, one contestant at fault with non-comparable results: the non-offending side gets the
    better of average-plus and its assigned score; the offending side gets the complement (TV49)."""
    nos = max(scale.plus, assigned_nos)
    return nos, -nos


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """A weighted assigned adjusted score (L12C1(c)): ``((weight, score), …)`` with positive weights summing
    to 1, each score a result that could have been reached legally. Scored by weight: each outcome is
    matchpointed / IMPed and the results are combined with the weights."""

    outcomes: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        outs = tuple((Fraction(w), int(s)) for w, s in self.outcomes)
        if not outs:
            raise ScoringError("a weighted assigned score needs at least one outcome (L12C1(c))")
        if any(w <= 0 for w, _ in outs):
            raise ScoringError("each weight of an assigned score must be positive (L12C1(c))")
        if sum(w for w, _ in outs) != 1:
            raise ScoringError(f"the weights of an assigned score must add up to 1, not {sum(w for w, _ in outs)}")
        object.__setattr__(self, "outcomes", outs)

    @classmethod
    def of(cls, *outcomes: tuple[Fraction | int | str, int]) -> AssignedScore:
        """``AssignedScore.of(("2/3", 620), ("1/3", -100))``."""
        return cls(tuple((Fraction(w), s) for w, s in outcomes))

    @property
    def mean(self) -> Fraction:
        """The weighted total-points score (L78C)."""
        return sum((w * s for w, s in self.outcomes), Fraction(0))

    def matchpoints(self, others: Iterable[float], scale: MPScale = MPScale.HALF) -> Fraction:
        """Matchpoints against the other scores of the board, weighted outcome by outcome (L78A, L12C1(c))."""
        field = [Fraction(o) for o in others]
        per_win = int(scale.per_win)
        total = Fraction(0)
        for w, s in self.outcomes:
            units = sum(per_win if s > o else Fraction(per_win, 2) if s == o else 0 for o in field)
            total += w * units
        return total

    def imps(self, other: float, rule: ImpGapRule = ImpGapRule.NEAREST) -> Fraction:
        """IMPs against the score at the other table, weighted outcome by outcome (L78B, L12C1(c))."""
        return sum((w * imps(s - other, rule) for w, s in self.outcomes), Fraction(0))
