"""Many deals as arrays (:class:`DealBatch`) and the 8192-entry lookup tables over a 13-bit holding.

``holdings[i, seat, suit]`` is a 13-bit rank set (seats N E S W, suits C D H S, bit 0 = the two). HCP, suit
lengths and controls come from lookup tables, so a feature of thousands of deals is one indexing operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Card, Hand, Rank, Seat, Strain
from contractbridge.deal import Deal
from contractbridge.errors import DoubleDummyError

Holdings = npt.NDArray[np.uint16]
Numbers = npt.NDArray[np.int64] | npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

# --- lookup tables over a 13-bit holding ------------------------------------------------------------------------

_RANKS13: Final = np.arange(1 << 13, dtype=np.uint32)


def rank_table(weights: dict[int, int]) -> npt.NDArray[np.int64]:
    """The table of a count that gives ``weights[bit]`` for each rank held (bit 0 = the two)."""
    out = np.zeros(1 << 13, dtype=np.int64)
    for bit, w in weights.items():
        out += ((_RANKS13 >> bit) & 1).astype(np.int64) * w
    return out


#: Milton Work count: A 4, K 3, Q 2, J 1 (bit 12 = ace).
HCP_TABLE: Final = rank_table({12: 4, 11: 3, 10: 2, 9: 1})
#: Controls: A 2, K 1.
CONTROLS_TABLE: Final = rank_table({12: 2, 11: 1})
LENGTH_TABLE: Final = rank_table(dict.fromkeys(range(13), 1))


# --- values per opening lead (suokko/dealer's leadtricks) -----------------------------------------------------
# A value is ``(n,)``, one per deal, or ``(n, k)``, one per opening lead of a predealt hand (dealer.cpp's
# ``value``): arithmetic and comparisons apply lead by lead, a condition holds where it holds for every lead.


def per_lead(*arrays: npt.NDArray[Any]) -> list[npt.NDArray[Any]]:
    """``arrays`` made to combine lead by lead: a per-deal value is repeated for each lead, and two per-lead
    values are paired up to the shorter (as dealer pairs them)."""
    wide = [a.shape[1] for a in arrays if a.ndim == 2]
    if not wide:
        return list(arrays)
    k = min(wide)
    return [a[:, :k] if a.ndim == 2 else a[:, np.newaxis] for a in arrays]


def settle(mask: Mask) -> Mask:
    """A condition per deal: a per-lead one holds where it holds for every lead (dealer's ``value`` as bool)."""
    return np.asarray(mask.all(axis=1), dtype=np.bool_) if mask.ndim == 2 else mask


def whole(values: Numbers) -> npt.NDArray[np.int64]:
    """A whole number per deal: a per-lead value's mean truncated towards zero (dealer's ``value`` as int)."""
    out: npt.NDArray[np.int64] = (
        np.trunc(values.sum(axis=1) / max(values.shape[1], 1)) if values.ndim == 2 else values
    ).astype(np.int64)
    return out


def mean(values: Numbers) -> npt.NDArray[np.float64]:
    """A number per deal: a per-lead value's mean (dealer's ``value`` as double, what ``average`` adds up)."""
    out: npt.NDArray[np.float64] = values.mean(axis=1) if values.ndim == 2 else values.astype(np.float64)
    return out


def lead_groups(hand: Hand) -> tuple[Card, ...]:
    """The opening leads of ``hand`` that can differ double dummy: of touching cards (nothing between them in
    another hand, as at trick one) only the highest, spades first, as DDS reports them and dealer lists them."""
    return tuple(c for c in hand if c.rank == Rank.ACE or Card(c.suit, Rank(c.rank + 1)) not in hand)


# --- batches ----------------------------------------------------------------------------------------------------


class DealBatch:
    """Many deals as arrays. ``holdings[i, seat, suit]`` is a 13-bit rank set."""

    __slots__ = ("_dd", "_hcp", "_leads", "_lengths", "holdings")

    def __init__(self, holdings: Holdings) -> None:
        self.holdings = holdings
        self._lengths: npt.NDArray[np.int64] | None = None
        self._hcp: npt.NDArray[np.int64] | None = None
        self._dd: npt.NDArray[np.uint8] | None = None
        self._leads: dict[tuple[Seat, Strain, tuple[Card, ...]], npt.NDArray[np.int64]] = {}

    @classmethod
    def from_deals(cls, deals: list[Deal]) -> DealBatch:
        rows = [[[(h.bits >> (13 * s)) & 0x1FFF for s in range(4)] for h in d.hands] for d in deals]
        return cls(np.array(rows, dtype=np.uint16).reshape(-1, 4, 4))

    def __len__(self) -> int:
        return int(self.holdings.shape[0])

    def lengths(self) -> npt.NDArray[np.int64]:
        """``(n, 4 seats, 4 suits)`` suit lengths."""
        if self._lengths is None:
            self._lengths = LENGTH_TABLE[self.holdings]
        return self._lengths

    def hcp(self) -> npt.NDArray[np.int64]:
        """``(n, 4 seats, 4 suits)`` high-card points."""
        if self._hcp is None:
            self._hcp = HCP_TABLE[self.holdings]
        return self._hcp

    def dd_tricks(self) -> npt.NDArray[np.uint8]:
        """``(n, 5 strains, 4 seats)`` double-dummy tricks (strains C D H S NT), solved once per batch through the
        project's one DDS (:mod:`contractbridge.dd`)."""
        if self._dd is None:
            from contractbridge.dd import dd_tables_array

            self._dd = dd_tables_array(self.holdings)
        return self._dd

    def lead_tricks(self, declarer: Seat, strain: Strain, leads: tuple[Card, ...]) -> npt.NDArray[np.int64]:
        """``(n, len(leads))``: declarer's double-dummy tricks in ``strain`` after each of ``leads`` by the opening
        leader, declarer's left-hand opponent (L54A), solved once per batch through the project's one DDS."""
        key = (declarer, strain, leads)
        if key not in self._leads:
            from contractbridge.dd import Position, solve_all

            leader = declarer.offset(1)
            deals = list(self.deals())
            for deal in deals:
                if not all(card in deal.hands[leader] for card in leads):
                    raise DoubleDummyError(
                        f"the opening leads {' '.join(map(str, leads))} are not all in {leader.name.lower()}'s hand"
                    )
            solved = solve_all(Position(deal, strain, leader) for deal in deals)
            rows = [[13 - scores[card] for card in leads] for scores in solved]
            self._leads[key] = np.array(rows, dtype=np.int64).reshape(len(self), len(leads))
        return self._leads[key]

    def take(self, index: npt.NDArray[np.intp] | Mask) -> DealBatch:
        """The deals at ``index``, with the double-dummy results already solved for them (not solved again)."""
        out = DealBatch(self.holdings[index])
        out._dd = None if self._dd is None else self._dd[index]
        out._leads = {key: tricks[index] for key, tricks in self._leads.items()}
        return out

    def hand_bits(self, seat: Seat) -> list[int]:
        """The 52-bit card sets of ``seat``'s hands, as Python ints."""
        h = self.holdings[:, seat, :].astype(np.uint64)
        bits = h[:, 0] | (h[:, 1] << np.uint64(13)) | (h[:, 2] << np.uint64(26)) | (h[:, 3] << np.uint64(39))
        return [int(b) for b in bits]

    def hands(self, seat: Seat) -> list[Hand]:
        return [Hand.from_bits(b) for b in self.hand_bits(seat)]

    def deals(self) -> Iterator[Deal]:
        """The deals one by one, each a :class:`BatchDeal` (its ``Hand`` values built on first use)."""
        seats = [self.hand_bits(seat) for seat in Seat]
        new, set_bits = object.__new__, _BITS.__set__
        for bits in zip(*seats, strict=True):
            deal = new(BatchDeal)
            set_bits(deal, bits)
            yield deal

    def __iter__(self) -> Iterator[Deal]:
        return self.deals()

    def __getitem__(self, i: int) -> Deal:
        h = self.holdings[i].astype(np.int64)
        n, e, s, w = (int(h[s, 0] | h[s, 1] << 13 | h[s, 2] << 26 | h[s, 3] << 39) for s in range(4))
        return _make_deal(n, e, s, w)


def _make_deal(n: int, e: int, s: int, w: int) -> Deal:
    """A deal from four disjoint 13-card bit sets, skipping re-validation (the dealer built them)."""
    deal = object.__new__(BatchDeal)
    _BITS.__set__(deal, (n, e, s, w))
    return deal


_HANDS: Final = Deal.__dict__["_hands"]
"""The slot that holds a ``Deal``'s four hands."""


class BatchDeal(Deal):
    """A :class:`Deal` of a batch: it keeps the four 52-bit card sets the generator made and builds its ``Hand``
    values on first use (a generated deal is often only counted, filtered, or handed to DDS). It equals, hashes,
    pickles and prints as the ``Deal`` of the same hands."""

    __slots__ = ("_bits",)
    _bits: tuple[int, int, int, int]

    @property
    def _hands(self) -> tuple[Hand, Hand, Hand, Hand]:  # type: ignore[override]
        try:
            hands: tuple[Hand, Hand, Hand, Hand] = _HANDS.__get__(self, Deal)
        except AttributeError:
            n, e, s, w = self._bits
            hands = (Hand.from_bits(n), Hand.from_bits(e), Hand.from_bits(s), Hand.from_bits(w))
            _HANDS.__set__(self, hands)
        return hands


_BITS: Final = BatchDeal.__dict__["_bits"]
