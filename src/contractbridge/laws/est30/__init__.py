"""EST30: *Bridge. Mängu reeglid ja pakkumise süsteemid* (Tallinn, 1930s), the rules part.

Its own book for the auction (EST-L09–L19, L48) and the play (EST-L20–L49), built on NBB30 and differing
where Appendix C of laws-historic.md says; the rotation of 5–7 members does not exist (EST-L02: four)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.laws.base import DealRules
from contractbridge.laws.est30.auction import EST30Auction
from contractbridge.laws.est30.play import EST30Play
from contractbridge.laws.nbb30 import NBB30
from contractbridge.scoring import rubber

__all__ = ["EST30"]


class EST30(EST30Auction, EST30Play, NBB30):
    """The Estonian rules (profile P_EST30: EST30, gaps filled from NBB30 and reported)."""

    name = "EST30"
    title = "Estonian rules of the 1930s"
    rubber = rubber.EST30  # EST-S01–S12, tables EST-T1 and EST-T2
    deal_rules = DealRules("EST-L06", "EST-L07", "EST-L08", False, False, False, False)
    TABLE_SIZE = 4  # EST-L02: exactly four
    FORMATION_LAW = "EST-L02"
    SEATING_LAW = "EST-L03, L04"
    PROFILE: ClassVar[Mapping[str, str]] = {f"M{i}": "EST30" for i in range(1, 9)}
