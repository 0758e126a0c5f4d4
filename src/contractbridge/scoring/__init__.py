"""Scoring: duplicate (L77), rubber score sheets over each edition's data (``Edition.rubber``) and comparisons
(L78, L12).

``from contractbridge.scoring import duplicate, rubber, compare``. Core: may import the values and
``rulebooks`` (a sheet finds its edition's numbers by name); never ``laws`` (the editions carry their scoring
data built on this package), the table or anything above.
"""

from contractbridge.scoring import compare, duplicate, rubber

__all__ = ["compare", "duplicate", "rubber"]
