"""The contract: the final bid with its doubling status (L22A, L19D; Definitions "Contract")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from contractbridge.calls import Bid
from contractbridge.cards import Strain
from contractbridge.errors import BridgeError, ParseError
from contractbridge.rulebooks import refusal

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


@dataclass(frozen=True, slots=True, init=False)
class Contract:
    """``Contract(4, Strain.SPADES, Doubling.DOUBLED)``, written ``4SX``. The declarer is not part of the
    contract; the auction and the scoring functions carry it separately.

    There are only 105 contracts (7 levels × 5 strains × 3 doublings, L18A, L19D): each is built once and
    ``Contract(...)`` returns that instance, so that building one per scored result costs a dictionary look-up
    (docs/performance.md)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __new__(cls, level: int, strain: Strain, doubling: Doubling = Doubling.NONE) -> Contract:
        try:
            interned = _INTERNED.get((level, strain, doubling))
        except TypeError:  # an unhashable argument: _build says what is wrong
            interned = None
        if interned is None or level.__class__ is not int or cls is not Contract:
            return cls._build(level, strain, doubling)
        return interned

    @classmethod
    def _build(cls, level: int, strain: Strain, doubling: Doubling) -> Contract:
        """Check and normalise the arguments (L18A: levels 1 to 7); the interned instance when there is one."""
        if not isinstance(level, int) or not 1 <= level <= 7:
            raise refusal(BridgeError, f"a contract level must be 1 to 7, not {level!r}", "bid_level")
        strain, doubling = Strain(strain), Doubling(doubling)
        if cls is Contract and _INTERNED:
            return _INTERNED[int(level), strain, doubling]
        contract = object.__new__(cls)
        object.__setattr__(contract, "level", int(level))
        object.__setattr__(contract, "strain", strain)
        object.__setattr__(contract, "doubling", doubling)
        return contract

    def __reduce__(self) -> tuple[type[Contract], tuple[int, Strain, Doubling]]:
        """Pickling and copying rebuild through the constructor, so a copy is the interned instance."""
        return (self.__class__, (self.level, self.strain, self.doubling))

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4S``, ``3NTX``, ``6♥XX``, ``7nt``; a trailing declarer is not accepted here."""
        m = _CONTRACT_RE.fullmatch(text.strip().upper())
        if m is None:
            raise ParseError(f"not a contract: {text!r} (write level, strain and X/XX, e.g. 4S, 3NTX, 6HXX)")
        level = int(m.group(1))
        if not 1 <= level <= 7:
            raise refusal(ParseError, f"not a contract: {text!r}: the level must be 1 to 7", "bid_level")
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
_INTERNED: Final[dict[tuple[int, Strain, Doubling], Contract]] = {}
_INTERNED.update(
    {
        (level, strain, doubling): Contract._build(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    }
)
