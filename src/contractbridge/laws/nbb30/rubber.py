"""NBB30's rubber score sheet as data (NBB R27–R37 and its score table): the numbers and the citation of each
rule, read by the one implementation in ``contractbridge.scoring.rubber``."""

from __future__ import annotations

from typing import Final

from contractbridge.contract import Doubling
from contractbridge.scoring.rubber import HonoursKind, RubberRules
from contractbridge.scoring.rules import ALTERNATING_NOTRUMP

__all__ = ["RUBBER"]

RUBBER: Final = RubberRules(
    edition="NBB30",
    title="Nederlandsche Bridge-Bond, Spelreglement voor Contract-Bridge (1930s)",
    tricks=ALTERNATING_NOTRUMP,
    multiplier={Doubling.NONE: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4},
    doubled_overtrick={False: 100, True: 200},
    undertricks={
        (False, Doubling.NONE): (50, 0),
        (False, Doubling.DOUBLED): (100, 50),
        (False, Doubling.REDOUBLED): (200, 100),
        (True, Doubling.NONE): (100, 50),
        (True, Doubling.DOUBLED): (200, 100),
        (True, Doubling.REDOUBLED): (400, 200),
    },
    honours={HonoursKind.FOUR_TRUMPS: 100, HonoursKind.FIVE_TRUMPS: 150, HonoursKind.FOUR_ACES: 150},
    small_slam={False: 500, True: 750},
    grand_slam={False: 1500, True: 2250},
    two_game_rubber=700,
    three_game_rubber=500,
    unfinished_per_game=300,
    laws={
        "game": "NBB R28",
        "vulnerability": "NBB R29",
        "tricks": "NBB R30",
        "overtricks": "NBB R31",
        "undertricks": "NBB R32",
        "honours": "NBB R33",
        "slam": "NBB R34",
        "rubber": "NBB R35(a)",
        "unfinished": "NBB R35(b)",
        "result": "NBB R36",
        "correction-tricks": "NBB R37(a)",
        "correction-premium": "NBB R37(b)",
        "correction-addition": "NBB R37(c)",
    },
    trick_correction_until="the deal for the next hand is completed",
)
