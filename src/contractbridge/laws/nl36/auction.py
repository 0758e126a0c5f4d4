"""NL36's auction matters in the play period (laws-historic.md §2.3): 25.1 review and 25.2 late call.

NL36 is a play-period code; everything else of the auction is borrowed from NBB30 (its profile, §0), and a
borrowed rule keeps its NBB citation, so every ruling shows where its law comes from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.laws.nbb30.auction import NBB30Auction

__all__ = ["NL36Auction"]


class NL36Auction(NBB30Auction):
    """NL36 25.1–25.2 over the NBB30 auction."""

    name = "NL36"
    LAWS: ClassVar[Mapping[str, str]] = {
        **NBB30Auction.LAWS,
        "review_closed": "NL36 25.1",
        "review_play": "NL36 25.1",
        "late_call": "NL36 25.2",
    }
