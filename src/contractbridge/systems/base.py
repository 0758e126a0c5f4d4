"""Shared machinery of the bidding systems: call meanings, options, the auction context, the hand summary.

A system is a list of *options* per auction situation, in priority order. Each option is a call, its
meaning (``CallMeaning``: what the call promises, citing its rule) and a test on the hand. The robot makes
the first legal option whose test holds; ``explain`` gives, for a call in an auction, the union of the
meanings of every option of that situation that makes the call (what partner and the opponents may
infer, L20F), or "natural, undiscussed" when the system does not cover it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, Generic, Literal, TypeVar, overload

from contractbridge.auction import Auction
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Hand, Seat, Strain, Suit
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError
from contractbridge.evaluation import (
    HTTable,
    fmt,
    fraction,
    hand_quarters,
    hcp,
    honour_quarters,
    playing_quarters,
    support_bits,
    support_quarters,
    sure_trump_quarters,
    total_honour_tricks,
    trump_quarters,
)
from contractbridge.scoring.rules import FIRST_NOTRUMP_40, TrickValues

__all__ = [
    "CallMeaning",
    "Candidate",
    "Context",
    "Forcing",
    "HandEval",
    "System",
    "SystemOptions",
    "game_level",
]

F = fraction
ZERO: Final = F(0)
HALF: Final = F(1, 2)
FIVE: Final = F(5)
FOUR: Final = F(4)
FOUR_AND_HALF: Final = F(9, 2)
SEVEN_AND_HALF: Final = F(15, 2)
THREE: Final = F(3)
TWO_AND_HALF: Final = F(5, 2)
ANY: Final = (0, 13)
T = TypeVar("T")


class Forcing(Enum):
    """How far a call obliges partner to bid (EST-B05)."""

    NONE = "non-forcing"
    ROUND = "forcing for one round"
    GAME = "forcing to game"


@dataclass(frozen=True, slots=True)
class CallMeaning:
    """What a call says under the system: the structured description an opponent receives (L20F) and the
    director uses ("artificial call", "specified suits"). ``lengths`` is indexed by ``Suit`` (clubs
    first); honour tricks are counted with ``ht_table``; ``tricks`` is the playing or support tricks the
    call promises (partner's arithmetic, EST-B36, B54)."""

    call: Call
    text: str
    rule: str
    lengths: tuple[tuple[int, int], ...] = (ANY, ANY, ANY, ANY)
    ht_min: Fraction | None = None
    ht_max: Fraction | None = None
    ht_table: HTTable = HTTable.CULBERTSON
    hcp_min: int | None = None
    hcp_max: int | None = None
    forcing: Forcing = Forcing.NONE
    artificial: bool = False
    specified_suits: frozenset[Suit] = frozenset()
    tricks: Fraction | None = None
    undiscussed: bool = False

    def satisfied_by(self, hand: Hand) -> bool:
        """Whether ``hand`` meets every constraint of this meaning (lengths, honour tricks, points)."""
        if self.hcp_min is not None or self.hcp_max is not None:
            points = hcp(hand).value
            if (self.hcp_min is not None and points < self.hcp_min) or (
                self.hcp_max is not None and points > self.hcp_max
            ):
                return False
        for suit in Suit:
            lo, hi = self.lengths[suit]
            if not lo <= hand.length(suit) <= hi:
                return False
        if self.ht_min is not None or self.ht_max is not None:
            ht = total_honour_tricks(hand, self.ht_table)
            if self.ht_min is not None and ht < self.ht_min:
                return False
            if self.ht_max is not None and ht > self.ht_max:
                return False
        return True

    def describe(self) -> str:
        """One line: the call, its constraints and the rule."""
        parts: list[str] = []
        for suit in SUITS_HIGH_FIRST:
            lo, hi = self.lengths[suit]
            if (lo, hi) != ANY:
                parts.append(f"{suit.letter} {lo}+" if hi == 13 else f"{suit.letter} {lo}-{hi}")
        if self.ht_min is not None or self.ht_max is not None:
            unit = "HT" if self.ht_table is HTTable.CULBERTSON else "HT (Club table)"
            lo_s = fmt(self.ht_min) if self.ht_min is not None else "0"
            parts.append(f"{lo_s}+ {unit}" if self.ht_max is None else f"{lo_s}–{fmt(self.ht_max)} {unit}")
        if self.hcp_min is not None or self.hcp_max is not None:
            parts.append(f"{self.hcp_min or 0}–{self.hcp_max if self.hcp_max is not None else 37} HCP")
        if self.tricks is not None:
            parts.append(f"{fmt(self.tricks)}+ tricks")
        if self.forcing is not Forcing.NONE:
            parts.append(self.forcing.value)
        if self.artificial:
            parts.append("artificial")
        if self.specified_suits:
            parts.append("specifies " + "".join(s.letter for s in SUITS_HIGH_FIRST if s in self.specified_suits))
        detail = f" ({'; '.join(parts)})" if parts else ""
        return f"{self.call}: {self.text}{detail} [{self.rule}]"

    def __str__(self) -> str:
        return self.describe()


def union(meanings: list[CallMeaning]) -> CallMeaning:
    """The weakest description implied by any of ``meanings`` (all for the same call)."""
    first = meanings[0]
    if len(meanings) == 1:
        return first
    lengths = tuple((min(m.lengths[s][0] for m in meanings), max(m.lengths[s][1] for m in meanings)) for s in Suit)
    same_table = all(m.ht_table is first.ht_table for m in meanings)
    mins = [m.ht_min for m in meanings]
    maxs = [m.ht_max for m in meanings]
    tricks = [m.tricks for m in meanings]
    texts = list(dict.fromkeys(m.text for m in meanings))
    rules = list(dict.fromkeys(m.rule for m in meanings))
    forcings = {m.forcing for m in meanings}
    return CallMeaning(
        call=first.call,
        text="; or ".join(texts),
        rule=", ".join(rules),
        lengths=lengths,
        ht_min=min(mins) if same_table and None not in mins else None,  # type: ignore[type-var]
        ht_max=max(maxs) if same_table and None not in maxs else None,  # type: ignore[type-var]
        ht_table=first.ht_table,
        forcing=forcings.pop() if len(forcings) == 1 else Forcing.NONE,
        artificial=any(m.artificial for m in meanings),
        specified_suits=frozenset.intersection(*(m.specified_suits for m in meanings)),
        tricks=min(tricks) if None not in tricks else None,  # type: ignore[type-var]
    )


def lengths(**ranges: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """``lengths(S=(5, 13))`` → the per-suit ranges tuple indexed by ``Suit``."""
    out = [ANY, ANY, ANY, ANY]
    for letter, rng in ranges.items():
        out[Suit.parse(letter)] = rng
    return tuple(out)


@lru_cache(maxsize=256)
def suit_min(suit: Suit, n: int) -> tuple[tuple[int, int], ...]:
    """The ranges tuple of "at least ``n`` cards in ``suit``" (one shared value per pair)."""
    out = [ANY, ANY, ANY, ANY]
    out[suit] = (n, 13)
    return tuple(out)


@dataclass(frozen=True)
class SystemOptions:
    """The decisions the text leaves open (laws-historic §6.12, docs/systems.md), as parameters."""

    #: EST-B20: "lenient" (HT ≥ 2½, a biddable suit, PT ≥ 4) or "literal" (one of the HT-split clauses).
    one_bid_mode: Literal["lenient", "literal"] = "lenient"
    #: EST-B11: minimum honour tricks to open in 3rd/4th seat.
    third_seat_min_ht: Fraction = THREE
    #: EST-B17: with 5 cards in a higher suit and 6 in a lower one, bid the higher first (as printed).
    five_six_higher_first: bool = True
    #: EST-B24: with ≥ 3 HT and no biddable suit, open a 4-card suit holding ≥ 1 HT rather than 1NT.
    prefer_suit_to_one_nt: bool = True
    #: EST-B21: forcing two minimum, and the minimum with 5-5 or a 6+ card trump suit.
    forcing_two_ht: Fraction = FIVE
    forcing_two_long_ht: Fraction = FOUR_AND_HALF
    #: EST-B21: the non-forcing 2NT opening for strong hands without a 5-card suit.
    two_nt_ht: Fraction = FIVE
    #: EST-B22: non-vulnerable "about 8" playing tricks for a 3-level major pre-empt.
    preempt_nv_pt: Fraction = SEVEN_AND_HALF
    #: EST-B36: support tricks for the single raise ("3½, sometimes 3"; 3 with > 1 HT).
    single_raise_st: Fraction = THREE
    #: EST-B27: extra honour tricks a vulnerable 1-level overcall needs.
    vulnerable_overcall_extra: Fraction = HALF
    #: EST-B29: honour-trick range of a jump overcall.
    jump_overcall_min_ht: Fraction = THREE
    jump_overcall_max_ht: Fraction = FOUR
    #: EST-B30: minimum honour tricks for a cue-bid of the opponents' suit.
    cue_bid_ht: Fraction = FOUR_AND_HALF
    #: EST-B52/B54: undertricks the doubler must be sure of.
    penalty_double_undertricks: int = 2
    #: EST-B55: the Club system's 1C range (Club table) and its 3rd/4th-seat minimum.
    club_min_ht: Fraction = TWO_AND_HALF
    club_max_ht: Fraction = FOUR
    club_third_seat_min_ht: Fraction = THREE
    #: the trick values of the edition played (``Edition.scoring``): what "game" means to the robot
    trick_values: TrickValues = FIRST_NOTRUMP_40

    def __post_init__(self) -> None:
        # hashed on every cached look-up of the robots: hash the fields once, in this process (a str's hash differs
        # between processes under hash randomisation: ``__reduce__`` never carries it to another one)
        object.__setattr__(self, "_hash", hash(self._fields()))

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.__dataclass_fields__)

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    def __reduce__(self) -> tuple[type[SystemOptions], tuple[Any, ...]]:
        """Pickled as its fields only: unpickling builds it again, so its hash is that of the unpickling process
        (the web robot pool's workers), never a stale one from the process that pickled it."""
        return type(self), self._fields()


DEFAULT_OPTIONS: Final = SystemOptions()

# ---------------------------------------------------------------------------------------------------------
# the hand, summarised once


class Tricks(Fraction):
    """A count of one hand (``HandEval``): a ``Fraction`` whose comparisons with integers and fractions skip the
    generic number protocol (the robots compare hands with thresholds tens of thousands of times a second).
    Arithmetic gives plain ``Fraction``s; the counts never enter a meaning, which depends on no hand."""

    __slots__ = ()

    def __ge__(self, other: object) -> bool:
        if type(other) is int:
            return self._numerator >= other * self._denominator  # type: ignore[attr-defined,no-any-return]
        if isinstance(other, Fraction):
            return self._numerator * other._denominator >= other._numerator * self._denominator  # type: ignore[attr-defined,no-any-return]
        return Fraction.__ge__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        if type(other) is int:
            return self._numerator > other * self._denominator  # type: ignore[attr-defined,no-any-return]
        if isinstance(other, Fraction):
            return self._numerator * other._denominator > other._numerator * self._denominator  # type: ignore[attr-defined,no-any-return]
        return Fraction.__gt__(self, other)  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        if type(other) is int:
            return self._numerator <= other * self._denominator  # type: ignore[attr-defined,no-any-return]
        if isinstance(other, Fraction):
            return self._numerator * other._denominator <= other._numerator * self._denominator  # type: ignore[attr-defined,no-any-return]
        return Fraction.__le__(self, other)  # type: ignore[operator]

    def __lt__(self, other: object) -> bool:
        if type(other) is int:
            return self._numerator < other * self._denominator  # type: ignore[attr-defined,no-any-return]
        if isinstance(other, Fraction):
            return self._numerator * other._denominator < other._numerator * self._denominator  # type: ignore[attr-defined,no-any-return]
        return Fraction.__lt__(self, other)  # type: ignore[operator]


_TRICKS: Final = tuple(Tricks(q, 4) for q in range(256))


def _tricks(q: int) -> Fraction:
    """The shared ``Tricks`` of ``q`` quarters."""
    return _TRICKS[q] if 0 <= q < 256 else Tricks(q, 4)


#: ``_SUIT_SETS[mask]``: the set of the suits whose bits (clubs 1, diamonds 2, …) are in ``mask``, shared
_SUIT_SETS: Final = tuple(frozenset(s for s in Suit if mask >> s & 1) for mask in range(16))
#: The keys of ``HandEval``'s counts in its memo: playing tricks by trump (notrump 4), support, trump and
#: defensive tricks by suit or strain
_PT, _ST, _TT, _DEF = 0, 5, 10, 15


class HandEval:
    """Everything the rules ask about one hand, computed once (Culbertson counts unless named club), from
    the four 13-bit holdings in integer quarters (``evaluation``'s fast paths), as shared ``Fraction``s."""

    __slots__ = ("_memo", "biddable", "bits", "club_ht", "hand", "ht", "length", "suit_ht")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        whole = hand.bits
        self.bits = bits = (whole & 0x1FFF, whole >> 13 & 0x1FFF, whole >> 26 & 0x1FFF, whole >> 39 & 0x1FFF)
        cl, di, he, sp = bits
        self.length = (cl.bit_count(), di.bit_count(), he.bit_count(), sp.bit_count())
        (q_cl, q_di, q_he, q_sp), ht, club_ht, biddable = hand_quarters(bits)
        t = _TRICKS  # a hand's honour tricks are well under 64 in quarters
        self.suit_ht = (t[q_cl], t[q_di], t[q_he], t[q_sp])
        self.ht = t[ht]
        self.club_ht = t[club_ht]
        self.biddable = _SUIT_SETS[biddable]
        # the counts asked for, by small-integer key (``_PT`` …), and ``once``'s values by their keys
        self._memo: dict[object, Any] = {}

    def once(self, key: object, compute: Callable[[HandEval], T]) -> T:
        """``compute(self)``, computed once per ``key``: a test that several options of one situation share
        (each option asks "is this suit the one to bid?" of the same choice)."""
        memo = self._memo
        if key in memo:
            return memo[key]  # type: ignore[no-any-return]
        value = memo[key] = compute(self)
        return value

    def pt(self, trump: Suit | None) -> Fraction:
        """Playing tricks (EST-B14/B15)."""
        key = _PT + (4 if trump is None else trump)
        v: Fraction | None = self._memo.get(key)
        if v is None:
            v = self._memo[key] = _tricks(playing_quarters(self.bits, trump))
        return v

    def st(self, trump: Suit) -> Fraction:
        """Support tricks for partner's suit (EST-B38)."""
        v: Fraction | None = self._memo.get(_ST + trump)
        if v is None:
            v = self._memo[_ST + trump] = _tricks(support_quarters(self.bits, trump))
        return v

    def tt(self, suit: Suit) -> Fraction:
        """Trump tricks of a suit for the bidder (EST-B15, B25)."""
        v: Fraction | None = self._memo.get(_TT + suit)
        if v is None:
            v = self._memo[_TT + suit] = _tricks(trump_quarters(self.bits, suit))
        return v

    def defence(self, strain: Strain) -> Fraction:
        """Defensive tricks against ``strain`` (EST-B50)."""
        v: Fraction | None = self._memo.get(_DEF + strain)
        if v is None:
            trump = SUIT_OF[strain]
            v = self._memo[_DEF + strain] = (
                self.ht
                if trump is None
                else _tricks(sure_trump_quarters(self.bits, trump) + self._side_quarters(trump))
            )
        return v

    def sure_trumps(self, suit: Suit) -> Fraction:
        return _tricks(sure_trump_quarters(self.bits, suit))

    def _side_quarters(self, suit: Suit) -> int:
        return honour_quarters(b for s, b in enumerate(self.bits) if s != suit)

    def side_ht(self, suit: Suit) -> Fraction:
        """Honour tricks outside ``suit`` (EST-B20 – B23 "side")."""
        return _tricks(self._side_quarters(suit))

    def spread(self) -> int:
        """In how many suits the hand holds honour tricks ("spread over three suits", EST-B21, B31, B43)."""
        return sum(1 for v in self.suit_ht if v)

    def support(self, suit: Suit, weak: bool = False) -> bool:
        """Normal trump support for ``suit`` (EST-B37; ``weak``: A x and K x too)."""
        return support_bits(self.bits[suit], weak)


def hand_to_bid(hand: Hand) -> Hand:
    """``hand``, checked: a hand to bid holds 13 cards."""
    if len(hand) != 13:
        raise BridgeError(f"a hand to bid holds 13 cards, not {len(hand)}")
    return hand


@lru_cache(maxsize=65536)
def evaluate(hand: Hand) -> HandEval:
    """The cached ``HandEval`` of ``hand``."""
    return HandEval(hand)


# ---------------------------------------------------------------------------------------------------------
# options and the auction context

Test = Callable[..., bool]  # called with one HandEval; lambdas bind their loop values as defaults


def always(_: HandEval) -> bool:
    return True


class Candidate:
    """One call a situation offers: the call, the test a hand must pass to make it, and its meaning
    (``CallMeaning(call, text, rule, **constraints)``), built when first asked for: a situation's options are
    all built, but a robot makes one of them and the explanation (L20F) needs only those making that call."""

    __slots__ = ("_constraints", "_meaning", "_rule", "_text", "call", "key", "test")

    def __init__(self, call: Call, rule: str, text: str, test: Test = always, **constraints: Any) -> None:
        self.call = call
        self.key = call_key(call)
        self.test = test
        self._rule = rule
        self._text = text
        self._constraints = constraints
        self._meaning: CallMeaning | None = None

    @classmethod
    def of(cls, meaning: CallMeaning, test: Test = always) -> Candidate:
        """The option of a meaning already built (one shared by several situations)."""
        candidate = cls(meaning.call, meaning.rule, meaning.text, test)
        candidate._meaning = meaning
        return candidate

    @property
    def meaning(self) -> CallMeaning:
        m = self._meaning
        if m is None:
            m = self._meaning = CallMeaning(self.call, self._text, self._rule, **self._constraints)
        return m

    def __repr__(self) -> str:
        return f"Candidate({self.meaning!r})"


@lru_cache(maxsize=1024)
def game_level(strain: Strain, partscore: int = 0, values: TrickValues = FIRST_NOTRUMP_40) -> int:
    """The lowest level in ``strain`` whose trick score completes a game from ``partscore``, by the trick values
    of the edition played (``Edition.scoring``: 1NT is 40 under L77, 30 under NBB R30 / EST-S05)."""
    return values.game_level(strain, partscore)


_ROTATION: Final = tuple(tuple(Seat((d + i) % 4) for i in range(4)) for d in range(4))
_BIDS: Final = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)
#: ``STRAIN_OF[suit]``: the strain of a suit without an Enum call (the robots ask it in their inner loops).
STRAIN_OF: Final = tuple(Strain(suit) for suit in Suit)
#: ``SUIT_OF[strain]``: the suit of a strain, None at notrump (``Strain.suit`` without an Enum call).
SUIT_OF: Final[tuple[Suit | None, ...]] = (*Suit, None)
#: ``ONLY[suit]``: the one-suit set ``frozenset({suit})``, shared by the meanings that specify it.
ONLY: Final = tuple(frozenset({suit}) for suit in Suit)
#: ``SIDE_OF[seat]``: the seat's side.
SIDE_OF: Final = tuple(seat.side for seat in Seat)
#: ``_VULNERABLE[vulnerability][side]``: whether the side is vulnerable (L2), without an Enum call.
_VULNERABLE: Final = tuple((bool(v & 1), bool(v & 2)) for v in range(4))


#: ``call_key``'s keys of the calls other than bids
_SIMPLE_KEY: Final[dict[Call, int]] = {PASS: -1, DOUBLE: -2, REDOUBLE: -3}
#: The highest ``call_key`` of a bid that can be made (7NT, L18A)
_MAX_RANK: Final = 34


def call_key(call: Call) -> int:
    """An integer that identifies ``call``: a bid's rank on the ladder (L18E), -1, -2, -3 for pass, double and
    redouble. Equal calls have equal keys; the robots compare and look up calls by it (a ``Bid``'s own ``==``
    and hash are Python functions)."""
    if isinstance(call, Bid):
        return (call.level - 1) * 5 + call.strain
    return _SIMPLE_KEY[call]


#: ``_OPPONENTS[seat]``: the seat's left- and right-hand opponents
_OPPONENTS: Final = tuple((seat.lho, seat.rho) for seat in Seat)


def bid_of(level: int, strain: Strain) -> Bid:
    """``Bid(level, strain)``, the shared value for levels 1–7 (the robots build thousands per second)."""
    return _BIDS[level * 5 + strain - 5] if 1 <= level <= 7 else Bid(level, strain)


class _cached(Generic[T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first access)."""

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__

    @overload
    def __get__(self, obj: None, owner: type) -> _cached[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object | None, owner: type) -> T | _cached[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class Context:
    """The auction as one seat sees it, about to call: who opened, what each call meant, what is legal. The facts
    every situation asks (the seat, partner, the opening, the last bid and action, each seat's calls) are read in
    one pass over the calls when it is built; the others when first asked. Never changed once built."""

    __slots__ = (
        "__dict__",
        "_calls_by_seat",
        "_double_ok",
        "_game_forcing",
        "_last_action",
        "_natural_bids",
        "_redouble_ok",
        "_suits_of",
        "auction_calls",
        "dealer",
        "last_bid",
        "last_rank",
        "meanings",
        "opener",
        "opening_index",
        "options",
        "partner",
        "partscores",
        "seat",
        "system",
        "vulnerability",
    )

    def __init__(
        self,
        system: System,
        auction_calls: tuple[Call, ...],
        dealer: Seat,
        vulnerability: Vulnerability,
        options: SystemOptions,
        partscores: tuple[int, int] = (0, 0),
        meanings: tuple[CallMeaning, ...] = (),
    ) -> None:
        self.system = system
        self.auction_calls = auction_calls
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.options = options
        self.partscores = partscores
        self.meanings = meanings
        rotation = _ROTATION[dealer]
        self.seat: Seat = rotation[len(auction_calls) % 4]
        self.partner: Seat = _ROTATION[self.seat][2]
        by_seat: tuple[list[tuple[int, Call]], ...] = ([], [], [], [])
        natural: list[tuple[Seat, Suit]] = []  # who named which suit, bid by bid (the artificial bids left out)
        suits_of: tuple[list[Suit], ...] = ([], [], [], [])  # each seat's natural suits, first mention first
        known = len(meanings)
        opening: int | None = None
        last_bid: Bid | None = None
        last_bid_index = last_action = -1
        forced = False  # our side has made a game-forcing call (EST-B05)
        ours = len(auction_calls) & 1  # the parity of our side's calls: the second, fourth, … before ours
        for i, c in enumerate(auction_calls):
            seat = rotation[i % 4]
            by_seat[seat].append((i, c))
            if i & 1 == ours and i < known and meanings[i].forcing is Forcing.GAME:
                forced = True
            if c is not PASS:
                last_action = i
                if isinstance(c, Bid):
                    last_bid, last_bid_index = c, i
                    if opening is None:
                        opening = i
                    suit = SUIT_OF[c.strain]
                    if suit is not None and not (i < known and meanings[i].artificial):
                        natural.append((seat, suit))
                        if suit not in suits_of[seat]:
                            suits_of[seat].append(suit)
        self._calls_by_seat = by_seat
        self._natural_bids = natural
        self._suits_of = suits_of
        self.opening_index = opening
        self.opener: Seat | None = None if opening is None else rotation[opening % 4]
        self.last_bid = last_bid
        self.last_rank = -1 if last_bid is None else call_key(last_bid)  # its rank (L18E), -1 before any bid
        self._last_action = None if last_action < 0 else last_action
        # L19A, L19B: a double of the opponents' last call if it is a bid, a redouble of their double
        theirs = last_action >= 0 and last_action & 1 != ours
        self._double_ok = theirs and last_action == last_bid_index
        self._redouble_ok = theirs and auction_calls[last_action] is DOUBLE
        # forced to game until our side's bid reaches it
        self._game_forcing = forced and not (
            last_bid is not None and last_bid_index & 1 == ours and last_bid.level >= self.game(last_bid.strain)
        )

    def seat_of(self, index: int) -> Seat:
        return _ROTATION[self.dealer][index % 4]

    def is_ours(self, index: int) -> bool:
        """Whether call ``index`` was made by the seat to call or its partner (seats alternate sides)."""
        return (len(self.auction_calls) - index) % 2 == 0

    @property
    def vul(self) -> bool:
        return _VULNERABLE[self.vulnerability][SIDE_OF[self.seat]]

    @property
    def partscore(self) -> int:
        return self.partscores[SIDE_OF[self.seat]]

    def game(self, strain: Strain) -> int:
        return game_level(strain, self.partscore, self.options.trick_values)

    # --- the calls
    @property
    def opening(self) -> Bid | None:
        i = self.opening_index
        return None if i is None else self.auction_calls[i]  # type: ignore[return-value]

    def calls_of(self, seat: Seat) -> list[tuple[int, Call]]:
        return list(self._calls_by_seat[seat])

    def actions_of(self, seat: Seat) -> list[tuple[int, Call]]:
        """``seat``'s calls other than passes."""
        return [(i, c) for i, c in self._calls_by_seat[seat] if c is not PASS]

    def bids_of(self, seat: Seat) -> list[tuple[int, Bid]]:
        return [(i, c) for i, c in self._calls_by_seat[seat] if isinstance(c, Bid)]

    def suits_bid_by(self, seats: Sequence[Seat]) -> list[Suit]:
        """Suits named (naturally: the artificial bids left out) by ``seats``, in order of first mention."""
        if len(seats) == 1:
            return list(self._suits_of[seats[0]])
        wanted = set(seats)
        out: list[Suit] = []
        for seat, suit in self._natural_bids:
            if seat in wanted and suit not in out:
                out.append(suit)
        return out

    @_cached
    def opponent_suits(self) -> list[Suit]:
        return self.suits_bid_by(_OPPONENTS[self.seat])

    @property
    def rho_call(self) -> Call | None:
        return self.auction_calls[-1] if self.auction_calls else None

    def last_action_index(self) -> int | None:
        return self._last_action

    def legal(self, call: Call) -> bool:
        """L18–L19 for the seat to call (the auction is not over)."""
        if isinstance(call, Bid):
            return self.last_rank < (call.level - 1) * 5 + call.strain <= _MAX_RANK
        if call is PASS:
            return True
        if call is DOUBLE:
            return self._double_ok
        if call is REDOUBLE:
            return self._redouble_ok
        return False

    def cheapest(self, strain: Strain) -> Bid | None:
        """The lowest sufficient bid in ``strain``."""
        last = self.last_bid
        level = 1 if last is None else last.level + (0 if strain > last.strain else 1)
        return bid_of(level, strain) if level <= 7 else None

    def shown_ht(self, seat: Seat) -> Fraction:
        """The most honour tricks any call of ``seat`` has promised (EST-B54, laws-historic §6.10)."""
        best = ZERO
        meanings = self.meanings
        for i, _ in self._calls_by_seat[seat]:
            ht = meanings[i].ht_min
            if ht is not None and ht > best:
                best = ht
        return best

    def shown_tricks(self, seat: Seat, strain: Strain | None = None) -> Fraction | None:
        """The most playing/support tricks ``seat`` has promised (optionally in bids of ``strain``)."""
        best: Fraction | None = None
        for i, c in self._calls_by_seat[seat]:
            m = self.meanings[i]
            if m.tricks is None or (strain is not None and isinstance(c, Bid) and c.strain != strain):
                continue
            best = m.tricks if best is None else max(best, m.tricks)
        return best

    def our_game_forcing(self) -> bool:
        """Our side has made a game-forcing call (EST-B05) and has not reached game."""
        return self._game_forcing


# ---------------------------------------------------------------------------------------------------------
# systems


def meaning(call: Call, rule: str, text: str, **kw: object) -> CallMeaning:
    return CallMeaning(call, text, rule, **kw)  # type: ignore[arg-type]


def undiscussed(call: Call) -> CallMeaning:
    """What any call the system does not cover means: natural, nothing more agreed."""
    text = "natural, undiscussed: the system does not cover this call here"
    if isinstance(call, Bid) and call.strain.suit is not None:
        return CallMeaning(call, text, "undiscussed", specified_suits=ONLY[call.strain.suit], undiscussed=True)
    return CallMeaning(call, text, "undiscussed", undiscussed=True)


class System(ABC):
    """A bidding system: situations → options (see the module docstring). Subclasses give ``options``."""

    name = "system"
    table = HTTable.CULBERTSON

    @abstractmethod
    def options(self, ctx: Context) -> list[Candidate]:
        """The options of this system for the situation ``ctx``, in the book's order of preference."""

    # the public operations -----------------------------------------------------------------------------
    def sides(self, seat: Seat, opponents: System | None) -> tuple[System, System]:
        """The systems of North-South and East-West when ``seat``'s side plays this one."""
        other = opponents or self
        return (self, other) if SIDE_OF[seat] == 0 else (other, self)

    def context(
        self,
        auction: Auction,
        vulnerability: Vulnerability = Vulnerability.NONE,
        options: SystemOptions | None = None,
        partscores: tuple[int, int] = (0, 0),
        opponents: System | None = None,
    ) -> Context:
        """The auction as the seat to call sees it, the opponents' calls read by ``opponents``' system."""
        seat = auction.dealer.offset(len(auction))
        pair = self.sides(seat, opponents)
        opts = options or DEFAULT_OPTIONS
        return situation_after(pair, auction.calls, auction.dealer, vulnerability, opts, partscores).context

    def choose(
        self,
        hand: Hand,
        auction: Auction,
        vulnerability: Vulnerability = Vulnerability.NONE,
        options: SystemOptions | None = None,
        partscores: tuple[int, int] = (0, 0),
        opponents: System | None = None,
    ) -> tuple[Call, CallMeaning]:
        """The call this system makes with ``hand`` for the seat to call, and its meaning. The opponents'
        calls are read by their system (``opponents``, by default this one): authorised information, L20F."""
        seat = auction.turn
        if seat is None:
            raise BridgeError("the auction is over: no call to choose (L22)")
        ev = evaluate(hand_to_bid(hand))
        pair = self.sides(seat, opponents)
        opts = options or DEFAULT_OPTIONS
        return situation_after(pair, auction.calls, auction.dealer, vulnerability, opts, partscores).choose(ev)

    def explain(
        self,
        auction: Auction,
        index: int,
        vulnerability: Vulnerability = Vulnerability.NONE,
        options: SystemOptions | None = None,
        partscores: tuple[int, int] = (0, 0),
        opponents: System | None = None,
    ) -> CallMeaning:
        """What call number ``index`` (0-based) of ``auction``, made by a side playing this system, means
        (L20F); the other side's calls before it are read by ``opponents``' system."""
        if not 0 <= index < len(auction):
            raise BridgeError(f"no call number {index + 1} in an auction of {len(auction)} calls")
        calls = auction.calls
        return self.meaning(calls[:index], calls[index], auction.dealer, vulnerability, options, partscores, opponents)

    def meaning(
        self,
        before: Sequence[Call],
        call: Call,
        dealer: Seat,
        vulnerability: Vulnerability = Vulnerability.NONE,
        options: SystemOptions | None = None,
        partscores: tuple[int, int] = (0, 0),
        opponents: System | None = None,
    ) -> CallMeaning:
        """What ``call`` after the calls ``before`` (from ``dealer``), made by a side playing this system, means
        (L20F); "natural, undiscussed" where the system has no such call there, an irregular call included (an
        insufficient bid, L27, is read as the system's calls at that turn do not include it)."""
        pair = self.sides(dealer.offset(len(before)), opponents)
        opts = options or DEFAULT_OPTIONS
        return situation_after(pair, tuple(before), dealer, vulnerability, opts, partscores).meaning_of(call)


class Situation:
    """One auction as the seat to call sees it, at one table (the systems by side, dealer, vulnerability, the
    options, the part-scores and the calls so far), computed once per auction and extended call by call
    (``after``): the meanings of the calls made, each computed once when the call is made (L20F: the union of
    the options of the situation before it that make it), and the options of the seat to call, shared by every
    table that gives the same situation (``_SITUATIONS``: the 16 dealer × vulnerability pairs that give it)."""

    __slots__ = (
        "_after",
        "_offered",
        "calls",
        "dealer",
        "keys",
        "meanings",
        "options",
        "partscores",
        "systems",
        "vulnerability",
    )

    def __init__(
        self,
        systems: tuple[System, System],
        dealer: Seat,
        vulnerability: Vulnerability,
        options: SystemOptions,
        partscores: tuple[int, int],
        calls: tuple[Call, ...] = (),
        meanings: tuple[CallMeaning, ...] = (),
        keys: tuple[int, ...] = (),
    ) -> None:
        self.systems = systems
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.options = options
        self.partscores = partscores
        self.calls = calls
        self.meanings = meanings
        # the calls' ``call_key``s (ints hash in C, a ``Bid`` by a Python function): computed when not given
        self.keys = keys if len(keys) == len(calls) else tuple(map(call_key, calls))
        self._offered: tuple[Candidate, ...] | None = None
        self._after: dict[int, Situation] | None = None  # by ``call_key``

    @property
    def context(self) -> Context:
        """The auction as the seat to call sees it."""
        calls = self.calls
        seat = _ROTATION[self.dealer][len(calls) % 4]
        system = self.systems[SIDE_OF[seat]]
        return Context(system, calls, self.dealer, self.vulnerability, self.options, self.partscores, self.meanings)

    @property
    def offered(self) -> tuple[Candidate, ...]:
        """The legal options of the seat to call, in the system's order. They depend on no hand, and only on the
        situation as the seat to call sees it (the calls; our and their system, vulnerability and part-score),
        not on who dealt or which side is which."""
        offered = self._offered
        if offered is None:
            calls, vulnerability, partscores = self.calls, self.vulnerability, self.partscores
            seat = _ROTATION[self.dealer][len(calls) % 4]
            side = SIDE_OF[seat]
            key = (
                self.systems[side],
                self.systems[1 - side],
                self.keys,
                _VULNERABLE[vulnerability][side],
                _VULNERABLE[vulnerability][1 - side],
                self.options,
                partscores[side],
                partscores[1 - side],
            )
            offered = _SITUATIONS.get(key)
            if offered is None:
                if len(_SITUATIONS) >= _SITUATIONS_LIMIT:
                    _SITUATIONS.clear()
                ctx = self.context
                offered = _SITUATIONS[key] = _legal_options(ctx, ctx.system.options(ctx))
            self._offered = offered
        return offered

    def meaning_of(self, call: Call) -> CallMeaning:
        """What ``call`` means here: the union of the options that make it, or "natural, undiscussed"."""
        return self.after(call).meanings[-1]

    def choose(self, ev: HandEval) -> tuple[Call, CallMeaning]:
        """The first option whose test the hand passes, and its meaning."""
        for opt in self.offered:
            if opt.test(ev):
                return opt.call, opt.meaning
        raise AssertionError("every situation ends with an unconditional option")  # pragma: no cover

    def after(self, call: Call) -> Situation:
        """The situation once ``call`` is made (the caller has checked that it is legal), with its meaning."""
        key = call_key(call)
        after = self._after
        if after is None:
            after = self._after = {}
        elif (known := after.get(key)) is not None:
            return known
        global _NODES
        _NODES += 1
        made = [o.meaning for o in self.offered if o.key == key]
        meaning = union(made) if made else undiscussed(call)
        nxt = after[key] = Situation(
            self.systems,
            self.dealer,
            self.vulnerability,
            self.options,
            self.partscores,
            (*self.calls, call),
            (*self.meanings, meaning),
            (*self.keys, key),
        )
        return nxt


@lru_cache(maxsize=256)
def _start(
    systems: tuple[System, System],
    dealer: Seat,
    vulnerability: Vulnerability,
    options: SystemOptions,
    partscores: tuple[int, int],
) -> Situation:
    """The situation before the first call; every later one hangs from it (``Situation.after``)."""
    return Situation(systems, dealer, vulnerability, options, partscores)


def situation_after(
    systems: tuple[System, System],
    calls: tuple[Call, ...],
    dealer: Seat,
    vulnerability: Vulnerability,
    options: SystemOptions,
    partscores: tuple[int, int],
) -> Situation:
    """The situation after ``calls``: a walk from the start, each step computed once."""
    global _NODES
    if _NODES >= _SITUATIONS_LIMIT:
        _NODES = 0
        _start.cache_clear()
    node = _start(systems, dealer, vulnerability, options, partscores)
    for call in calls:
        node = node.after(call)
    return node


def _legal_options(ctx: Context, options: list[Candidate]) -> tuple[Candidate, ...]:
    """The options whose call is legal for the seat to call (L18, L19): ``ctx.legal``, with the bids (most
    options) compared with the last bid's rank inline, by their ``call_key``."""
    last_rank = ctx.last_rank
    out = []
    for o in options:
        key = o.key
        if (last_rank < key <= _MAX_RANK) if key >= 0 else ctx.legal(o.call):
            out.append(o)
    return tuple(out)


#: The options of each bidding situation seen (see ``Situation.offered``), emptied when it reaches the limit.
_SITUATIONS: dict[tuple[object, ...], tuple[Candidate, ...]] = {}
_SITUATIONS_LIMIT: Final = 65536
#: How many situations hang from the starts (``_start``), which are forgotten when it reaches the limit.
_NODES = 0


def clear_caches() -> None:
    """Forget every cached situation, context, meaning and hand summary (for cold-cache measurements)."""
    global _NODES
    _SITUATIONS.clear()
    _start.cache_clear()
    _NODES = 0
    evaluate.cache_clear()


__all__ += [
    "ONLY",
    "Situation",
    "bid_of",
    "call_key",
    "clear_caches",
    "evaluate",
    "hand_to_bid",
    "lengths",
    "meaning",
    "situation_after",
    "suit_min",
    "undiscussed",
    "union",
]
