"""Per-suit evaluations of a 13-bit holding as 8192-entry lookup tables, for dealer's functions ``loser``,
``top2`` … ``top5``, ``quality`` and ``cccc`` (bit 0 = the two, bit 12 = the ace, as in :mod:`.batch`).

``quality`` and ``cccc`` follow Kaplan and Rubens' "Four C's" (The Bridge World, October 1982), scaled by 100
to whole numbers as dealer prints them: the suit quality is length × honour count / 10, the honour count being
A 4, K 3, Q 2, J 1, T ½ (another ½ for a ten with the jack or two higher honours, ½ for a nine with the ten,
the eight or two higher honours, in suits of up to six cards), with the queen and jack of a long suit counted
as held (seven cards: one of them, eight: both). ``cccc`` adds to the suits' qualities the 3-2-1 count with its
short-honour corrections and the shortness points, less ½ for a 4-3-3-3 hand and 1 for any other.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

_A, _K, _Q, _J, _T, _NINE, _EIGHT = 12, 11, 10, 9, 8, 7, 6


def _has(holding: int, bit: int) -> bool:
    return bool((holding >> bit) & 1)


def _losers(holding: int) -> int:
    """Losing-trick count of a suit: the top ``min(length, 3)`` places not filled by A, K, Q."""
    length = holding.bit_count()
    return sum(1 for k, bit in enumerate((_A, _K, _Q)) if k < min(length, 3) and not _has(holding, bit))


def _top(n: int, holding: int) -> int:
    """How many of the ``n`` highest cards (A, K, Q, J, T) the suit holds."""
    return sum(_has(holding, bit) for bit in range(_A, _A - n, -1))


def _quality(holding: int) -> float:
    """Kaplan–Rubens suit quality (see the module docstring), unscaled."""
    length = holding.bit_count()
    if length == 0:
        return 0.0
    higher = sum(_has(holding, bit) for bit in (_A, _K, _Q))
    count = 4.0 * _has(holding, _A) + 3 * _has(holding, _K) + 2 * _has(holding, _Q) + _has(holding, _J)
    if _has(holding, _T):
        count += 0.5
        if length <= 6 and (_has(holding, _J) or higher >= 2):
            count += 0.5
    nine_backed = _has(holding, _T) or _has(holding, _EIGHT) or higher + _has(holding, _J) >= 2
    if length <= 6 and _has(holding, _NINE) and nine_backed:
        count += 0.5
    missing = [points for bit, points in ((_Q, 2), (_J, 1)) if not _has(holding, bit)]
    if length >= 8:
        count += sum(missing)
    elif length == 7 and missing:
        count += max(missing)
    return length * count / 10


def _honours_321(holding: int) -> float:
    """The 3-2-1 count of Kaplan–Rubens with its corrections for short honours."""
    length = holding.bit_count()
    a, k, q, j = (_has(holding, bit) for bit in (_A, _K, _Q, _J))
    points = 3.0 * a
    if k:
        points += 0.5 if length == 1 else 2
    if q:
        if length >= 3:
            points += 1 if (a or k) else 0.75
        elif length == 2:
            points += 0.5 if (a or k) else 0.25
    if j and length >= 3:
        points += {0: 0.0, 1: 0.25}.get(a + k + q, 0.5)
    return points + (3 - length if length < 3 else 0)


def _table(function: object) -> npt.NDArray[np.int64]:
    assert callable(function)
    return np.array([function(h) for h in range(1 << 13)], dtype=np.int64)


#: Losers of a suit (dealer's ``loser``).
LOSER_TABLE: Final = _table(_losers)
#: ``TOP_TABLES[n]``: how many of the top ``n`` honours a suit holds (dealer's ``top2`` … ``top5``).
TOP_TABLES: Final = {n: _table(lambda h, n=n: _top(n, h)) for n in range(2, 6)}
#: How many of one rank a suit holds (dealer's ``aces`` … ``tens``, also named ``pt4`` … ``pt0``).
HONOUR_TABLES: Final = {
    name: _table(lambda h, bit=bit: int(_has(h, bit)))
    for name, bit in (("aces", _A), ("kings", _K), ("queens", _Q), ("jacks", _J), ("tens", _T))
}
#: dealer's ``c13`` (``pt9``): A 6, K 4, Q 2, J 1.
C13_TABLE: Final = _table(lambda h: 6 * _has(h, _A) + 4 * _has(h, _K) + 2 * _has(h, _Q) + _has(h, _J))
#: Kaplan–Rubens suit quality × 100, rounded (dealer's ``quality``).
QUALITY_TABLE: Final = _table(lambda h: round(100 * _quality(h)))
#: One suit's share of the Kaplan–Rubens hand value × 100: quality, 3-2-1 count and shortness.
CCCC_SUIT_TABLE: Final = _table(lambda h: round(100 * (_quality(h) + _honours_321(h))))
#: What Kaplan–Rubens deduct for the pattern, × 100: ½ for 4-3-3-3, 1 for any other.
CCCC_FLAT: Final = 50
CCCC_OTHER: Final = 100
