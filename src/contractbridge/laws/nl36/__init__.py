"""NL36: the Dutch *Spelregels voor tafelarbiters* of 1936, "Vierde tijdvak" (the play, laws 25–33).

A partial book (laws-historic.md §0, profile P_NL36 [JUDGEMENT]): NL36 for the play (M5, M6) and the
50-point premium of 28.3 (M7), NBB30 for everything else; ``borrowings()`` lists each rule taken from NBB30."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.cards import Seat
from contractbridge.laws.nbb30 import NBB30
from contractbridge.laws.nl36.auction import NL36Auction
from contractbridge.laws.nl36.play import QUITTED_PREMIUM, NL36Play

__all__ = ["NL36", "QUITTED_PREMIUM"]


class NL36(NL36Auction, NL36Play, NBB30):
    """Laws 25–33 of 1936, the rest from NBB30."""

    name = "NL36"
    title = "Dutch laws for table arbiters, 1936"
    PROFILE: ClassVar[Mapping[str, str]] = {
        **NBB30.PROFILE,
        "M5": "NL36",
        "M6": "NL36",
        "M7": "NBB30 + NL36 28.3",
    }
    #: claims are law 29 of 1936 (29.1 declarer, 29.2 a defender); the other topics fall back to NBB30's
    CITATIONS: ClassVar[Mapping[str, str]] = {
        **NBB30.CITATIONS,
        "card_turn": "NL36 26.2",
        "follow_suit": "NL36 26.2; a revoke, 27",
        "claim": "NL36 29",
        "claim_agreement": "NL36 29.2",
        "claim_ruling": "NL36 29.1",  # the defenders demand the statement or play on; no director
    }

    def claim_agreement(self, claimer: Seat, dummy: Seat) -> frozenset[Seat]:
        """29.2: a defender's concession is void unless his partner agrees, so a defender's claim (which concedes
        the tricks it does not claim) needs his partner as well as declarer ([DIFF] Appendix C)."""
        needed = super().claim_agreement(claimer, dummy)
        return needed if claimer.side == dummy.side else needed | {claimer.partner}
