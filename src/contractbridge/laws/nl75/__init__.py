"""NL75: the Dutch duplicate laws of 1975, articles 17–22 (the correct procedure of the auction).

A partial book (laws-historic.md §0, profile P_NL75 [JUDGEMENT]): NL75 for the auction procedure (M3), the
irregularities (M4) and everything else from NBB30, each borrowing reported by ``borrowings()``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.laws.nbb30 import NBB30
from contractbridge.laws.nl75.auction import NL75Auction
from contractbridge.scoring.rules import FIRST_NOTRUMP_40

__all__ = ["NL75"]


class NL75(NL75Auction, NBB30):
    """Articles 17–22 of 1975 over NBB30."""

    name = "NL75"
    title = "Dutch duplicate laws, 1975"
    scoring = FIRST_NOTRUMP_40  # a duplicate code: no rubber sheet (laws-historic.md §0, M7 not present)
    rubber = None
    PROFILE: ClassVar[Mapping[str, str]] = {**NBB30.PROFILE, "M2": "NL75 (Art.17, 22)", "M3": "NL75"}
