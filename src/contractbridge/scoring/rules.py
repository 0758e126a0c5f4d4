"""Trick values and the game threshold, as data an edition carries (``Edition.scoring``): what the rubber
sheet, the duplicate score and the bidding robots' arithmetic ("is this game?") read.

Two tables exist in the books: the modern one (L77: notrump 40 for the first odd trick, 30 for each later
one) and the alternating one of the 1930s codes (NBB R30, EST-S05: notrump 30 for the 1st, 3rd, 5th and 7th
odd trick, 40 for the 2nd, 4th and 6th), so 1NT scores 40 in the first and 30 in the second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from contractbridge.cards import Strain

__all__ = ["ALTERNATING_NOTRUMP", "FIRST_NOTRUMP_40", "TrickValues"]


@dataclass(frozen=True, slots=True)
class TrickValues:
    """Undoubled values of odd tricks: ``minor`` (♣♦), ``major`` (♥♠) each, ``notrump[k-1]`` for the k-th odd
    trick at notrump; ``game`` is the trick score below the line that completes a game."""

    minor: int
    major: int
    notrump: tuple[int, int, int, int, int, int, int]
    game: int = 100

    def trick_value(self, strain: Strain, odd_trick: int) -> int:
        """Undoubled value of the ``odd_trick``-th odd trick (1-based)."""
        if strain is Strain.NOTRUMP:
            return self.notrump[odd_trick - 1]
        return self.minor if strain.is_minor else self.major

    def trick_score(self, strain: Strain, level: int) -> int:
        """Undoubled trick score of ``level`` odd tricks bid and made in ``strain``."""
        return sum(self.trick_value(strain, k) for k in range(1, level + 1))

    def game_level(self, strain: Strain, partscore: int = 0) -> int:
        """The lowest level in ``strain`` whose trick score completes a game from ``partscore`` (7 if none)."""
        for level in range(1, 8):
            if self.trick_score(strain, level) + partscore >= self.game:
                return level
        return 7


#: L77 (and every modern code): 1NT = 40, each further odd trick 30
FIRST_NOTRUMP_40: Final = TrickValues(minor=20, major=30, notrump=(40, 30, 30, 30, 30, 30, 30))
#: NBB R30, EST-S05: notrump odd tricks alternate 30, 40, 30 …; 1NT = 30
ALTERNATING_NOTRUMP: Final = TrickValues(minor=20, major=30, notrump=(30, 40, 30, 40, 30, 40, 30))
