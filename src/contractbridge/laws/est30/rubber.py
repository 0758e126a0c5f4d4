"""EST30's rubber score sheet as data (EST-S01–S12, tables EST-T1 and EST-T2): NBB30's numbers (the books score
identically) with the Estonian book's citations."""

from __future__ import annotations

import dataclasses
from typing import Final

from contractbridge.laws.nbb30.rubber import RUBBER as NBB30_RUBBER

__all__ = ["RUBBER"]

RUBBER: Final = dataclasses.replace(
    NBB30_RUBBER,
    edition="EST30",
    title="Bridge. Mängu reeglid ja pakkumise süsteemid (Tallinn, 1930s)",
    laws={
        "game": "EST-S03",
        "vulnerability": "EST-S04",
        "tricks": "EST-S05",
        "overtricks": "EST-S06",
        "undertricks": "EST-S07",
        "honours": "EST-S08",
        "slam": "EST-S09",
        "rubber": "EST-S10",
        "unfinished": "EST-S10",
        "result": "EST-S11",
        "correction-tricks": "EST-S12",
        "correction-premium": "EST-S12",
        "correction-addition": "EST-S12",
    },
    # EST-S12 says "before the cards are dealt for the next hand"; read as NBB R37(a) (laws-historic.md §4.8).
    trick_correction_until="the cards are dealt for the next hand",
)
