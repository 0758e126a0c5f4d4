"""The contract: the final bid with its doubling status (L22A, L19D; Definitions "Contract")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from contractbridge.calls import Bid
from contractbridge.cards import Strain
from contractbridge.errors import BridgeError, ParseError

__all__ = ["Contract", "Doubling"]


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled (L19D)."""

    NONE = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


@dataclass(frozen=True, slots=True)
class Contract:
    """``Contract(4, Strain.SPADES, Doubling.DOUBLED)``, written ``4SX``. The declarer is not part of the
    contract; the auction and the scoring functions carry it separately."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise BridgeError(f"a contract level must be 1 to 7, not {self.level!r} (L18A)")
        object.__setattr__(self, "strain", Strain(self.strain))
        object.__setattr__(self, "doubling", Doubling(self.doubling))

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4S``, ``3NTX``, ``6♥XX``, ``7nt``; a trailing declarer is not accepted here."""
        m = _CONTRACT_RE.fullmatch(text.strip().upper())
        if m is None:
            raise ParseError(f"not a contract: {text!r} (write level, strain and X/XX, e.g. 4S, 3NTX, 6HXX)")
        level = int(m.group(1))
        if not 1 <= level <= 7:
            raise ParseError(f"not a contract: {text!r} (the level must be 1 to 7, L18A)")
        doubling = {"": Doubling.NONE, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[m.group(3)]
        return cls(level, Strain.parse(m.group(2)), doubling)

    @classmethod
    def from_bid(cls, bid: Bid, doubling: Doubling = Doubling.NONE) -> Contract:
        return cls(bid.level, bid.strain, doubling)

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must win: six plus the level (Definitions "Odd trick")."""
        return 6 + self.level

    @property
    def is_slam(self) -> bool:
        return self.level >= 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{self.doubling.suffix}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


_CONTRACT_RE: Final = re.compile(r"([0-9]{1,4})\s*(NT|N|[CDHS♣♦♥♠])\s*(XX|X|)")
