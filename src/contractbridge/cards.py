"""The vocabulary of the pack: suits, ranks, cards, strains, seats, sides and hands (L1, L3).

All values are immutable and hashable; ``repr`` round-trips (``Card('SA')``, ``Hand('AKQ2.KJ4.T98.A53')``).
A card's index is ``13 * suit + (rank - 2)``, so a hand is a 52-bit integer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from contractbridge.errors import BridgeError, CardNotInHandError, ParseError

__all__ = ["Card", "Hand", "Rank", "Seat", "Side", "Strain", "Suit"]


class Suit(IntEnum):
    """A suit, ordered as the laws rank them: clubs lowest, spades highest (L1A)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The 13 bits of this suit in a hand's bit set."""
        return 0x1FFF << (13 * self)

    @property
    def strain(self) -> Strain:
        return Strain(int(self))

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``S``, ``h``, ``♦``, ``clubs`` …"""
        key = text.strip().upper()
        if key in _SUIT_NAMES:
            return _SUIT_NAMES[key]
        raise ParseError(f"not a suit: {text!r} (use S, H, D, C or ♠ ♥ ♦ ♣)")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


#: Suits in the order a hand is written (PBN): spades, hearts, diamonds, clubs.
SUITS_HIGH_FIRST: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_NAMES: Final[dict[str, Suit]] = {}
for _s in Suit:
    _SUIT_NAMES[_s.letter] = _s
    _SUIT_NAMES[_s.symbol] = _s
    _SUIT_NAMES[_s.name] = _s
    _SUIT_NAMES[_s.name[:-1]] = _s
for _sym, _s in zip("♧♢♡♤", Suit, strict=True):
    _SUIT_NAMES[_sym] = _s


class Rank(IntEnum):
    """A rank, two lowest, ace highest (L1A). Honours are A K Q J 10 (Definitions)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def is_honour(self) -> bool:
        return self >= Rank.TEN

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``A``, ``k``, ``T`` or ``10``, ``9`` …"""
        key = text.strip().upper()
        if key in _RANK_NAMES:
            return _RANK_NAMES[key]
        raise ParseError(f"not a rank: {text!r} (use A K Q J T or 10, 9 … 2)")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_NAMES: Final[dict[str, Rank]] = {r.letter: r for r in Rank}
_RANK_NAMES["10"] = Rank.TEN


class Strain(IntEnum):
    """A denomination, ordered as L18E ranks them: clubs < diamonds < hearts < spades < notrump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``NT``, ``N``, ``S``, ``♥``, ``notrump`` …"""
        key = text.strip().upper()
        if key in _STRAIN_NAMES:
            return _STRAIN_NAMES[key]
        if key in _SUIT_NAMES:
            return _SUIT_NAMES[key].strain
        raise ParseError(f"not a strain: {text!r} (use C, D, H, S or NT)")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_STRAIN_NAMES: Final[dict[str, Strain]] = {
    "NT": Strain.NOTRUMP,
    "N": Strain.NOTRUMP,
    "SA": Strain.NOTRUMP,
    "NOTRUMP": Strain.NOTRUMP,
    "NOTRUMPS": Strain.NOTRUMP,
}


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def opponents(self) -> Side:
        return Side(1 - self)

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise ParseError(f"not a side: {text!r} (use NS or EW)")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """A compass seat; rotation is clockwise N → E → S → W (L3)."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def next(self) -> Seat:
        """The seat to the left, next in rotation."""
        return _SEATS[(self + 1) & 3]

    @property
    def lho(self) -> Seat:
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return _SIDES[self & 1]

    def offset(self, n: int) -> Seat:
        """The seat ``n`` places to the left."""
        return _SEATS[(self + n) & 3]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        if key in _SEAT_NAMES:
            return _SEAT_NAMES[key]
        raise ParseError(f"not a seat: {text!r} (use N, E, S or W)")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SIDES: Final = (Side.NS, Side.EW)
_SEAT_NAMES: Final[dict[str, Seat]] = {s.letter: s for s in Seat} | {s.name: s for s in Seat}


class Card:
    """One of the 52 cards. Interned: ``Card('SA') is Card(Suit.SPADES, Rank.ACE)``."""

    __slots__ = ("_hash", "index", "rank", "suit")
    suit: Suit
    rank: Rank
    index: int
    _hash: int

    def __new__(cls, suit_or_text: Suit | str, rank: Rank | None = None) -> Card:
        if isinstance(suit_or_text, str):
            if rank is not None:
                raise TypeError("Card(text) takes no rank")
            return cls.parse(suit_or_text)
        if rank is None:
            raise TypeError("Card(suit, rank) needs a rank")
        return _CARDS[13 * Suit(suit_or_text) + Rank(rank) - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "rank", Rank(index % 13 + 2))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_hash", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Suit then rank (``SA``, ``h10``, ``♦Q``) or rank then suit (``AS``, ``10H``)."""
        card = _CARD_NAMES.get(text.strip().upper())
        if card is None:
            raise ParseError(f"not a card: {text!r} (write suit and rank, e.g. SA, HT, H10, C2)")
        return card

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def is_honour(self) -> bool:
        return self.rank >= Rank.TEN

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (str(self),))

    # Equality is identity (``object.__eq__``, in C: #15): the 52 cards are interned, and copies and pickles
    # come back through ``Card(text)``. The hash is the index, so that sets of cards list in the same order
    # in every process.
    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def symbol(self) -> str:
        """``♠A``, ``♥10``."""
        return self.suit.symbol + ("10" if self.rank == Rank.TEN else self.rank.letter)


_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))
_CARD_NAMES: Final[dict[str, Card]] = {}
for _c in _CARDS:
    for _sn in (_c.suit.letter, _c.suit.symbol):
        for _rn in (_c.rank.letter, "10") if _c.rank == Rank.TEN else (_c.rank.letter,):
            _CARD_NAMES[_sn + _rn] = _c
            _CARD_NAMES[_rn + _sn] = _c

FULL_PACK: Final = (1 << 52) - 1


def _popcount(bits: int) -> int:
    return bits.bit_count()


class Hand:
    """An immutable set of cards (a 52-bit integer). Written as in PBN: ``AKQ2.KJ4.T98.A53``
    (spades.hearts.diamonds.clubs; ``10`` is accepted for the ten and ``-`` for a void)."""

    __slots__ = ("bits",)
    bits: int

    def __init__(self, cards: str | Iterable[Card] = "") -> None:
        if isinstance(cards, str):
            bits = _parse_hand(cards)
        else:
            bits = 0
            for card in cards:
                if not isinstance(card, Card):
                    raise TypeError(f"not a Card: {card!r}")
                if bits & card.bit:
                    raise ParseError(f"card {card} appears twice in the hand")
                bits |= card.bit
        object.__setattr__(self, "bits", bits)

    @classmethod
    def from_bits(cls, bits: int) -> Hand:
        if not 0 <= bits <= FULL_PACK:
            raise BridgeError(f"not a 52-bit card set: {bits!r}")
        hand = object.__new__(cls)
        object.__setattr__(hand, "bits", bits)
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        return cls(text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[type[Hand], tuple[str]]:
        return (Hand, (self.to_pbn(),))

    # set protocol -------------------------------------------------------------------------------
    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.bits >> card.index & 1)

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __iter__(self) -> Iterator[Card]:
        """Cards from the highest: spades A→2, then hearts, diamonds, clubs."""
        bits = self.bits
        while bits:
            top = bits.bit_length() - 1
            yield _CARDS[top]
            bits ^= 1 << top

    def __bool__(self) -> bool:
        return self.bits != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(("Hand", self.bits))

    def __or__(self, other: Hand) -> Hand:
        return Hand.from_bits(self.bits | other.bits)

    def __and__(self, other: Hand) -> Hand:
        return Hand.from_bits(self.bits & other.bits)

    def __sub__(self, other: Hand) -> Hand:
        return Hand.from_bits(self.bits & ~other.bits)

    def isdisjoint(self, other: Hand) -> bool:
        return not self.bits & other.bits

    def issubset(self, other: Hand) -> bool:
        return not self.bits & ~other.bits

    def add(self, card: Card) -> Hand:
        """A new hand with ``card`` added."""
        return Hand.from_bits(self.bits | card.bit)

    def remove(self, card: Card) -> Hand:
        """A new hand without ``card``; raises ``ValueError`` if it is not there."""
        if not self.bits >> card.index & 1:
            raise CardNotInHandError(f"{card} is not in the hand")
        return Hand.from_bits(self.bits & ~card.bit)

    # suits --------------------------------------------------------------------------------------
    def suit_bits(self, suit: Suit) -> int:
        """The 13-bit rank set of ``suit`` (bit 0 = two … bit 12 = ace)."""
        return (self.bits >> (13 * suit)) & 0x1FFF

    def ranks(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first."""
        s = self.suit_bits(suit)
        return tuple(Rank(r + 2) for r in range(12, -1, -1) if s >> r & 1)

    def cards_in(self, suit: Suit) -> tuple[Card, ...]:
        """The cards held in ``suit``, highest first."""
        return tuple(Card(suit, r) for r in self.ranks(suit))

    def length(self, suit: Suit) -> int:
        return self.suit_bits(suit).bit_count()

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return (
            self.length(Suit.SPADES),
            self.length(Suit.HEARTS),
            self.length(Suit.DIAMONDS),
            self.length(Suit.CLUBS),
        )

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.bits & suit.mask)

    # text ---------------------------------------------------------------------------------------
    def to_pbn(self) -> str:
        """``AKQ2.KJ4.T98.A53``; a void is written as nothing between dots (PBN 2.1)."""
        bits, text = self.bits, _RANKS_TEXT
        return f"{text[bits >> 39]}.{text[bits >> 26 & 0x1FFF]}.{text[bits >> 13 & 0x1FFF]}.{text[bits & 0x1FFF]}"

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand({self.to_pbn()!r})"


class _RanksText(dict[int, str]):
    """The ranks of a 13-bit suit holding, highest first (``AKT2``), made on first use (at most 8,192)."""

    def __missing__(self, suit_bits: int) -> str:
        text = self[suit_bits] = "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if suit_bits >> r & 1)
        return text


_RANKS_TEXT: Final = _RanksText()


#: A suit's ranks as written in a hand (``AKT2``, ``10 9``, ``-``) → its 13-bit holding: the few thousand
#: holdings a file writes are read once each (#15). Bounded, so that junk input cannot grow it without end.
_SUIT_TEXT: Final[dict[str, int]] = {}
_SUIT_TEXT_MAX: Final = 1 << 16


def _parse_hand(text: str) -> int:
    raw = text.strip()
    if raw in ("", "-"):
        return 0
    parts = raw.split(".")
    if len(parts) != 4:
        raise ParseError(f"hand {text!r} must have four suits separated by dots (spades.hearts.diamonds.clubs)")
    get = _SUIT_TEXT.get
    spades, hearts, diamonds, clubs = parts  # each suit text read once (#28: no exception for a new one)
    s = get(spades)
    h = get(hearts)
    d = get(diamonds)
    c = get(clubs)
    if s is None:
        s = _learn_suit(text, Suit.SPADES, spades)
    if h is None:
        h = _learn_suit(text, Suit.HEARTS, hearts)
    if d is None:
        d = _learn_suit(text, Suit.DIAMONDS, diamonds)
    if c is None:
        c = _learn_suit(text, Suit.CLUBS, clubs)
    return s << 39 | h << 26 | d << 13 | c


def _learn_suit(text: str, suit: Suit, part: str) -> int:
    """``_parse_suit``, remembered in ``_SUIT_TEXT`` while it has room."""
    ranks = _parse_suit(text, suit, part)
    if len(_SUIT_TEXT) < _SUIT_TEXT_MAX:
        _SUIT_TEXT[part] = ranks
    return ranks


def _parse_suit(text: str, suit: Suit, part: str) -> int:
    """The 13-bit holding of ``part``, the ``suit`` of hand ``text`` (named in the errors)."""
    p = part.strip().upper().replace("10", "T")
    if p in ("-", "—"):
        return 0
    ranks = 0
    for ch in p:
        rank = _RANK_NAMES.get(ch)
        if rank is None:
            raise ParseError(f"hand {text!r}: {ch!r} is not a rank (in the {suit.name.lower()})")
        bit = 1 << (rank - 2)
        if ranks & bit:
            raise ParseError(f"hand {text!r}: {suit.letter}{rank.letter} appears twice")
        ranks |= bit
    return ranks
