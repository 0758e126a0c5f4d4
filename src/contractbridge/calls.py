"""Calls: bids, pass, double and redouble (L18–L19, Definitions "Call").

``Call.parse("1NT")`` → ``Bid(1, Strain.NOTRUMP)``; ``Call.parse("p")`` → ``PASS``; ``X``, ``XX``.
A ``Bid`` above seven is representable (L38 treats it as an irregular call) but ``Call.parse`` refuses
one unless asked for it with ``allow_above_seven=True``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from contractbridge.cards import Strain
from contractbridge.errors import BridgeError, ParseError
from contractbridge.rulebooks import refusal

__all__ = ["DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "CallKind", "all_bids"]


class CallKind(Enum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


class Call:
    """Base of every call. Calls are immutable values; ``str`` gives ``1C``…``7NT``, ``P``, ``X``, ``XX``."""

    __slots__ = ()
    kind: CallKind

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @classmethod
    def parse(cls, text: str, *, allow_above_seven: bool = False) -> Call:
        """Read a call, case-insensitively: ``1C``…``7NT`` (``N``, ``NT``, suit symbols), ``P``/``Pass``,
        ``X``/``D``/``Dbl``/``Double``, ``XX``/``R``/``Rdbl``/``Redouble``."""
        key = text.strip().upper()
        simple = _SIMPLE.get(key)
        if simple is not None:
            return simple
        m = _BID_RE.fullmatch(key)
        if m is None:
            raise ParseError(f"not a call: {text!r} (use 1C…7NT, P, X or XX)")
        level = int(m.group(1))
        strain = Strain.parse(m.group(2))
        if level < 1 or (level > 7 and not allow_above_seven):
            raise refusal(ParseError, f"not a call: {text!r}: a bid names 1 to 7 odd tricks", "bid_level")
        return Bid(level, strain)


@dataclass(frozen=True, slots=True, init=False)
class Bid(Call):
    """A bid of ``level`` odd tricks in ``strain`` (L18A).

    The 35 bids of the ladder (L18E) are built once: ``Bid(1, Strain.NOTRUMP) is Bid(1, Strain.NOTRUMP)``, so that
    a bid costs a dictionary look-up (#28). A bid above seven (L38) is built each time; equality, hashing,
    pickling and ``repr`` are by value for every bid."""

    level: int
    strain: Strain

    def __new__(cls, level: int, strain: Strain) -> Bid:
        try:
            interned = _INTERNED.get((level, strain))
        except TypeError:  # an unhashable argument: ``_build`` says what is wrong
            interned = None
        if interned is None or level.__class__ is not int or cls is not Bid:
            return cls._build(level, strain)
        return interned

    @classmethod
    def _build(cls, level: int, strain: Strain) -> Bid:
        """Check and normalise the arguments: a positive level (L18A; above seven, L38), a strain; the interned
        instance when there is one."""
        if not isinstance(level, int) or level < 1:
            raise BridgeError(f"a bid level must be a positive integer, not {level!r}")
        try:
            strain = Strain(strain)
        except (ValueError, TypeError):
            raise BridgeError(f"a bid's strain is a Strain (clubs to notrump, 0–4), not {strain!r}") from None
        if cls is Bid and level <= 7 and _INTERNED:
            return _INTERNED[int(level), strain]
        bid = object.__new__(cls)
        object.__setattr__(bid, "level", level)
        object.__setattr__(bid, "strain", strain)
        return bid

    def __reduce__(self) -> tuple[type[Bid], tuple[int, Strain]]:
        """Pickling and copying rebuild through the constructor, so a copy is the interned instance."""
        return (self.__class__, (self.level, self.strain))

    @property
    def kind(self) -> CallKind:  # type: ignore[override]
        return CallKind.BID

    @property
    def rank(self) -> int:
        """Position in the bidding ladder: ``(level - 1) * 5 + strain`` (L18B, L18E)."""
        return (self.level - 1) * 5 + int(self.strain)

    def supersedes(self, other: Bid | None) -> bool:
        """Whether this bid is sufficient over ``other`` (L18B–C); any bid supersedes no bid."""
        return other is None or self.rank > other.rank

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, Strain.{self.strain.name})"


class _SimpleCall(Call):
    __slots__ = ("_kind", "_text")

    def __init__(self, kind: CallKind, text: str) -> None:
        self._kind = kind
        self._text = text

    @property
    def kind(self) -> CallKind:  # type: ignore[override]
        return self._kind

    def __reduce__(self) -> str:
        return self._kind.name

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._kind.name


PASS: Final[Call] = _SimpleCall(CallKind.PASS, "P")
DOUBLE: Final[Call] = _SimpleCall(CallKind.DOUBLE, "X")
REDOUBLE: Final[Call] = _SimpleCall(CallKind.REDOUBLE, "XX")

_SIMPLE: Final[dict[str, Call]] = {
    "P": PASS,
    "PASS": PASS,
    "PAS": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
}
_BID_RE: Final = re.compile(r"([0-9]{1,4})\s*(NT|N|SA|[CDHS♣♦♥♠])")

_INTERNED: Final[dict[tuple[int, Strain], Bid]] = {}
_INTERNED.update({(level, strain): Bid._build(level, strain) for level in range(1, 8) for strain in Strain})
_ALL_BIDS: Final[tuple[Bid, ...]] = tuple(_INTERNED.values())


def all_bids() -> tuple[Bid, ...]:
    """The 35 bids from 1♣ to 7NT, lowest first."""
    return _ALL_BIDS
