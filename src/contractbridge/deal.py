"""Deals and duplicate boards (L2, L6).

``Deal("N:AKQ2.KJ4.T98.A53 …")`` reads a PBN deal string with any first seat; ``Deal.random(seed)`` is
reproducible. ``Board(7, deal)`` has dealer and vulnerability from the board number per L2, unless the
board's own markings are given, which then govern (L2, last sentence).
"""

from __future__ import annotations

import random as _random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, TypeVar

from contractbridge.cards import _HOLDINGS, FULL_PACK, Card, Hand, Seat, Side, _parse_hand
from contractbridge.errors import BridgeError, DealError, ParseError
from contractbridge.rulebooks import refusal

__all__ = ["Board", "Deal", "Vulnerability"]


class Vulnerability(IntEnum):
    """Which sides are vulnerable (L2)."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        return bool(self & (1 if side is Side.NS else 2))

    @property
    def pbn(self) -> str:
        """The PBN ``Vulnerable`` tag value: ``None``, ``NS``, ``EW``, ``All``."""
        return ("None", "NS", "EW", "All")[self]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """``None``/``-``/``Love``/``O``, ``NS``, ``EW``, ``All``/``Both``/``B`` (PBN and LIN spellings)."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in _VUL_NAMES:
            return _VUL_NAMES[key]
        raise ParseError(f"not a vulnerability: {text!r} (use None, NS, EW or All)")

    @classmethod
    def of_sides(cls, ns: bool, ew: bool) -> Vulnerability:
        return cls(int(ns) | 2 * int(ew))

    def __str__(self) -> str:
        return self.pbn

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


_VUL_NAMES: Final[dict[str, Vulnerability]] = {
    "": Vulnerability.NONE,
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "O": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "N": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "E": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
    "B": Vulnerability.BOTH,
}


_DEALERS: Final = tuple(Seat)
_NORTH, _EAST, _SOUTH, _WEST = _DEALERS


def board_dealer(number: int) -> Seat:
    """L2: dealer N, E, S, W for boards 1, 2, 3, 4, repeating."""
    return _DEALERS[(number - 1) % 4]  # no ``Enum`` call (~0.3 µs; every ``Board`` without markings asks, #28)


_VULNERABILITIES: Final = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def board_vulnerability(number: int) -> Vulnerability:
    """L2: the 16-board vulnerability cycle, in closed form."""
    n = number - 1
    return _VULNERABILITIES[(n + n // 4) % 4]


class Deal:
    """Four hands. Complete by default (52 distinct cards, 13 each); ``Deal.partial`` allows hands of up to
    13 cards, for records that show only some hands."""

    __slots__ = ("_hands",)
    _hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(self, pbn: str | Mapping[Seat, Hand], *, complete: bool = True) -> None:
        if isinstance(pbn, str):  # read as four 52-bit sets, each checked, then one Hand each (#28)
            north, east, south, west = bits = _parse_deal(pbn)
            _validate(bits, complete=complete)
            hands = _hand(north), _hand(east), _hand(south), _hand(west)
        else:
            hands = _hands_from_mapping(pbn)
            _validate((hands[0].bits, hands[1].bits, hands[2].bits, hands[3].bits), complete=complete)
        _HANDS.__set__(self, hands)

    @classmethod
    def _of_bits(cls, north: int, east: int, south: int, west: int, *, complete: bool = True) -> Deal:
        """The deal of four 52-bit card sets (N, E, S, W), checked once as ``Deal`` checks them (L1, L6: no card
        twice, at most 13 a hand, and when ``complete`` the whole pack; a ``DealError`` naming what is wrong): the
        readers' and the dealer's constructor (#28: no ``Hand`` per hand to check, no mapping)."""
        _validate((north, east, south, west), complete=complete)
        deal = _new(cls)
        _HANDS.__set__(deal, (_hand(north), _hand(east), _hand(south), _hand(west)))
        return deal

    @classmethod
    def partial(cls, pbn: str | Mapping[Seat, Hand]) -> Deal:
        """A deal whose hands may hold fewer than 13 cards (unknown cards are simply absent)."""
        return cls(pbn, complete=False)

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        return cls(hands)

    @classmethod
    def random(cls, seed: int | str | None = None) -> Deal:
        """A random deal; the same ``seed`` always gives the same deal (L6: an unbiased shuffle)."""
        rng = _random.Random(seed)
        cards = list(range(52))
        rng.shuffle(cards)
        bits = [0, 0, 0, 0]
        for i, index in enumerate(cards):
            bits[i // 13] |= 1 << index
        return cls._of_bits(bits[0], bits[1], bits[2], bits[3])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Deal if self.is_complete else Deal.partial, (self.to_pbn(),))

    def __getitem__(self, seat: Seat) -> Hand:
        return self._hands[seat]

    def __iter__(self) -> Iterator[tuple[Seat, Hand]]:
        # the seats as a tuple, not ``Seat`` (iterating an ``Enum`` class runs a Python generator), and no
        # ``strict=True`` (3.11's keyword path): ``_hands`` is always four hands (#28)
        return zip(_DEALERS, self._hands)  # noqa: B905

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The hands of N, E, S, W."""
        return self._hands

    @property
    def is_complete(self) -> bool:
        north, east, south, west = self._hands  # the bits counted in C: every new ``Table`` asks (#28)
        return north.bits.bit_count() == east.bits.bit_count() == south.bits.bit_count() == west.bits.bit_count() == 13

    def owner(self, card: Card) -> Seat | None:
        """The seat that holds ``card``, or None in a partial deal."""
        for seat, hand in zip(_DEALERS, self._hands):  # noqa: B905 (four hands: see ``__iter__``)
            if card in hand:
                return seat
        return None

    def replace(self, seat: Seat, hand: Hand) -> Deal:
        hands = list(self._hands)
        hands[seat] = hand
        return Deal(dict(zip(_DEALERS, hands)), complete=self.is_complete and len(hand) == 13)  # noqa: B905

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """``N:AKQ2.KJ4.T98.A53 …`` with hands in rotation from ``first``; an empty hand is ``-``."""
        hands = self._hands[first:] + self._hands[:first]
        return "NESW"[first] + ":" + " ".join(hand.to_pbn() if hand.bits else "-" for hand in hands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other._hands == self._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        if self.is_complete:
            return f"Deal({self.to_pbn()!r})"
        return f"Deal.partial({self.to_pbn()!r})"

    def _repr_html_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.html(self)

    def _repr_svg_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.svg(self)


def _parse_deal(text: str) -> tuple[int, int, int, int]:
    """The cards of N, E, S and W that ``text`` writes, as 52-bit sets (a ``-`` hand is empty)."""
    raw = text.strip()
    plain = _PLAIN_DEAL.fullmatch(raw)
    if plain is not None:  # as PBN writers write it: its 16 suits looked up at once (#28), else hand by hand
        try:
            h = list(map(_HOLDINGS.__getitem__, plain.groups()))
        except KeyError:
            pass
        else:
            hands = (
                h[0] << 39 | h[1] << 26 | h[2] << 13 | h[3],
                h[4] << 39 | h[5] << 26 | h[6] << 13 | h[7],
                h[8] << 39 | h[9] << 26 | h[10] << 13 | h[11],
                h[12] << 39 | h[13] << 26 | h[14] << 13 | h[15],
            )
            north = -_FIRST_SEAT[raw[0]] % 4  # North's hand: the hands go in rotation from the first seat
            return hands[north], hands[(north + 1) % 4], hands[(north + 2) % 4], hands[(north + 3) % 4]
    if len(raw) < 2 or raw[1] != ":":
        raise DealError(f"deal {text!r} must start with the first seat and a colon, e.g. 'N:AKQ2.KJ4.T98.A53 …'")
    first = _FIRST_SEAT.get(raw[0])
    if first is None:
        try:
            first = Seat.parse(raw[0])
        except ParseError:
            raise DealError(f"deal {text!r}: {raw[0]!r} is not a seat (N, E, S or W)") from None
    parts = raw[2:].split()
    if len(parts) != 4:
        raise DealError(f"deal {text!r} must have four hands separated by spaces, found {len(parts)}")
    bits = [0, 0, 0, 0]
    for i, part in enumerate(parts):
        if part == "-":
            continue
        seat = (first + i) % 4
        try:
            bits[seat] = _parse_hand(part)
        except ParseError as err:
            raise DealError(f"deal {text!r}: {_SEAT_NAMES[seat]}'s hand: {err}") from None
    return bits[0], bits[1], bits[2], bits[3]


_FIRST_SEAT: Final = {seat.letter: seat for seat in Seat}
#: A deal of four hands of four suits each, one blank apart, the first seat in capitals: its 16 suits.
_PLAIN_DEAL: Final = re.compile(r"[NESW]:" + " ".join([r"([^.\s]*+)\.([^.\s]*+)\.([^.\s]*+)\.([^.\s]*+)"] * 4))
_SEAT_NAMES: Final = tuple(seat.name.lower() for seat in Seat)


_new: Final = object.__new__
#: The slots of a ``Deal``'s hands and of a ``Hand``'s bits, set once when the value is made (both immutable).
_HANDS: Final = Deal.__dict__["_hands"]
_HAND_BITS: Final = Hand.__dict__["bits"]


def _hand(bits: int) -> Hand:
    """The hand of a 52-bit set already checked (``Hand.from_bits`` without the check)."""
    hand = _new(Hand)
    _HAND_BITS.__set__(hand, bits)
    return hand


_NO_CARDS: Final = Hand()


def _hands_from_mapping(hands: Mapping[Seat, Hand]) -> tuple[Hand, Hand, Hand, Hand]:
    """The hands of N, E, S and W in ``hands``, a seat not there empty (#28: one pass over the seats, one shared
    empty hand; it built four empty hands and iterated ``Seat`` twice, ~3 µs)."""
    get = hands.get
    out = get(_NORTH, _NO_CARDS), get(_EAST, _NO_CARDS), get(_SOUTH, _NO_CARDS), get(_WEST, _NO_CARDS)
    for h in out:
        if not isinstance(h, Hand):
            raise TypeError(f"not a Hand: {h!r}")
    return out


def _validate(bits: tuple[int, int, int, int], *, complete: bool) -> None:
    """No card twice, at most 13 a hand (L1: a pack of 52; L6: 13 each), and when ``complete`` the whole pack."""
    north, east, south, west = bits
    if (
        north | east | south | west == FULL_PACK
        and north.bit_count() == east.bit_count() == south.bit_count() == west.bit_count() == 13
    ):
        return  # 52 cards in four hands of 13: none twice
    seen = 0
    for name, hand in zip(_SEAT_NAMES, bits, strict=True):
        dup = seen & hand
        if dup:
            cards = " ".join(str(c) for c in Hand.from_bits(dup))
            raise DealError(f"{cards} dealt twice (again in {name}'s hand)")
        seen |= hand
        n = hand.bit_count()
        if n > 13 or (complete and n != 13):
            raise DealError(f"{name}'s hand has {n} cards, not 13")
    if complete and seen != FULL_PACK:
        missing = " ".join(str(c) for c in Hand.from_bits(FULL_PACK & ~seen))
        raise DealError(f"cards missing from the deal: {missing}")


_set: Final = object.__setattr__


M = TypeVar("M", bound=IntEnum)


def _marking(kind: type[M], value: int, what: str) -> M:
    """A board's marking (L2) of ``kind`` from ``value``; a typed error, not ``ValueError``, when it is none."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise refusal(BridgeError, f"a board's {what} is a {kind.__name__}, not {value!r}", "board_number") from None


@dataclass(frozen=True, slots=True, init=False)
class Board:
    """A duplicate board: number, deal, dealer and vulnerability (L2).

    Dealer and vulnerability follow from the number unless given; given markings govern (L2)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    def __init__(
        self, number: int, deal: Deal, dealer: Seat | None = None, vulnerability: Vulnerability | None = None
    ) -> None:
        if not isinstance(number, int) or number < 1:
            raise refusal(BridgeError, f"a board number must be 1 or more, not {number!r}", "board_number")
        # markings already of their types are kept as given (#28: an ``Enum`` call costs ~0.3 µs, every
        # ``Table(Board(…))`` pays it); the fields set here at once (a frozen dataclass's ``__init__`` and
        # ``__post_init__`` set each given marking twice)
        if dealer is None:
            dealer = board_dealer(number)
        elif type(dealer) is not Seat:
            dealer = _marking(Seat, dealer, "dealer")
        if vulnerability is None:
            vulnerability = board_vulnerability(number)
        elif type(vulnerability) is not Vulnerability:
            vulnerability = _marking(Vulnerability, vulnerability, "vulnerability")
        _set(self, "number", number)
        _set(self, "deal", deal)
        _set(self, "dealer", dealer)
        _set(self, "vulnerability", vulnerability)

    @property
    def follows_l2(self) -> bool:
        """Whether the markings are those L2 gives this number."""
        return self.dealer == board_dealer(self.number) and self.vulnerability == board_vulnerability(self.number)

    def is_vulnerable(self, who: Seat | Side) -> bool:
        return self.vulnerability.is_vulnerable(who)

    def __repr__(self) -> str:
        if self.follows_l2:
            return f"Board({self.number}, {self.deal!r})"
        return f"Board({self.number}, {self.deal!r}, dealer={self.dealer!r}, vulnerability={self.vulnerability!r})"

    def _repr_html_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.html(self)

    def _repr_svg_(self) -> str:
        from contractbridge.formats import diagram

        return diagram.svg(self)
