"""Scoring: duplicate (L77), rubber score sheets per edition (NBB30, EST30) and comparisons (L78, L12).

``from contractbridge.scoring import duplicate, rubber, compare``.
"""

from contractbridge.scoring import compare, duplicate, rubber

__all__ = ["compare", "duplicate", "rubber"]
