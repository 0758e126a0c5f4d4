"""EST30: *Bridge. Mängu reeglid ja pakkumise süsteemid* (Tallinn, 1930s), the rules part.

Its own book for the auction (EST-L09–L19, L48) and the play (EST-L20–L49), built on NBB30 and differing
where Appendix C of laws-historic.md says; the rotation of 5–7 members does not exist (EST-L02: four)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.laws.base import DealRules, FormationRules
from contractbridge.laws.est30.auction import EST30Auction
from contractbridge.laws.est30.play import EST30Play
from contractbridge.laws.est30.rubber import RUBBER as EST30_RUBBER
from contractbridge.laws.nbb30 import NBB30

__all__ = ["EST30"]


class EST30(EST30Auction, EST30Play, NBB30):
    """The Estonian rules (profile P_EST30: EST30, gaps filled from NBB30 and reported)."""

    name = "EST30"
    title = "Estonian rules of the 1930s"
    rubber = EST30_RUBBER  # EST-S01–S12, tables EST-T1 and EST-T2
    deal_rules = DealRules("EST-L06", "EST-L07", "EST-L08", False, False, False, False)
    #: EST-L02: exactly four; the rotation of 5–7 members is NBB30's (never reached with four)
    formation = FormationRules(4, "EST-L02", "R1(1)", "EST-L03, L04", "NBB R5, R62(4), R6", "R5")
    #: the book's own words (seed 001, Appendix A): L23 "Ring" the rotation and following suit, L24 "Võtte" the
    #: trick and its winner's lead, L34 "Salgamine" the revoke
    CITATIONS: ClassVar[Mapping[str, str]] = {
        "card_turn": "EST-L23, L24",
        "follow_suit": "EST-L23; a revoke, EST-L34",
        "claim": "EST-L40",
        "claim_ruling": "EST-L41",
    }
    PROFILE: ClassVar[Mapping[str, str]] = {f"M{i}": "EST30" for i in range(1, 9)}
