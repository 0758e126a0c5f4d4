"""WBF17: the Laws of Duplicate Bridge 2017 (NBB/VBL edition)."""

from __future__ import annotations

from contractbridge.laws.wbf17.auction import WBF17Auction
from contractbridge.laws.wbf17.board import WBF17Board
from contractbridge.laws.wbf17.cardplay import WBF17CardPlay
from contractbridge.laws.wbf17.concessions import WBF17Concessions

__all__ = ["WBF17"]


class WBF17(WBF17CardPlay, WBF17Auction, WBF17Board, WBF17Concessions):
    """The whole 2017 code as far as implemented: board irregularities (L13–L15), the auction (L16–L39), the L26B
    lead restrictions in the play, penalty cards at the table (L50D1, L51A), and concessions (L68B2)."""

    name = "WBF17"
    title = "Laws of Duplicate Bridge 2017"
