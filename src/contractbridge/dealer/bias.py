"""Dealing with some suit lengths fixed in advance: dealer's ``predeal spades(north) == 5`` (L6: every deal that
has those lengths and the predealt cards is equally likely).

For each suit, the seats whose length is fixed take that many of the suit's cards, a uniformly random choice
among those not predealt; the cards left over are dealt at random to the seats' remaining places, and a deal
giving a seat more cards of a suit whose length is fixed for it is dealt again. Each deal with the lengths asked
for is reached in as many ways as any other, so the deals kept are uniform. Cells that the others determine
(the last free suit of a seat, the last free seat of a suit) are fixed first, so no deal is dealt again for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Seat, Suit
from contractbridge.dealer.batch import Holdings
from contractbridge.errors import DealGenerationError

#: ``(seat, suit) -> length`` for the cells fixed.
Lengths = Mapping[tuple[Seat, Suit], int]


def _name(suit: Suit) -> str:
    return ("Club", "Diamond", "Heart", "Spade")[suit]


def check_lengths(lengths: Lengths, predealt: tuple[int, ...]) -> dict[tuple[Seat, Suit], int]:
    """The lengths, with the cells they determine added; raises :class:`DealGenerationError` (in dealer's words)
    when no deal has them together with the predealt cards (``predealt``: each seat's 52-bit card set)."""
    held = [[((predealt[seat] >> (13 * suit)) & 0x1FFF).bit_count() for suit in Suit] for seat in Seat]
    for (seat, suit), k in lengths.items():
        if held[seat][suit] > k:
            raise DealGenerationError(f"More predeal cards than bias allows for {seat.name.title()} in {_name(suit)}")
    for seat in Seat:
        fixed = [suit for suit in Suit if (seat, suit) in lengths]
        total = sum(lengths[seat, s] for s in fixed) + sum(held[seat][s] for s in Suit if s not in fixed)
        if fixed and (total > 13 or (len(fixed) == 4 and total != 13)):
            raise DealGenerationError(f"{total} cards predealt for {seat.name.title()} in {len(fixed)} suits")
    for suit in Suit:
        seats = [seat for seat in Seat if (seat, suit) in lengths]
        total = sum(lengths[s, suit] for s in seats) + sum(held[s][suit] for s in Seat if s not in seats)
        if seats and (total > 13 or (len(seats) == 4 and total != 13)):
            raise DealGenerationError(f"{total} cards predealt to {_name(suit)} in {len(seats)} hands")
    cells = dict(lengths)
    changed = True
    while changed:  # a row or column with one free cell determines it
        changed = False
        lines = [[(seat, suit) for suit in Suit] for seat in Seat] + [[(seat, suit) for seat in Seat] for suit in Suit]
        for line in lines:
            free = [cell for cell in line if cell not in cells]
            if len(free) == 1:
                cells[free[0]] = 13 - sum(cells[cell] for cell in line if cell in cells)
                changed = True
    if not _feasible(cells, held):
        raise DealGenerationError("No shapes are possible for the predeal shape limits.")
    return cells


def _feasible(cells: Mapping[tuple[Seat, Suit], int], held: list[list[int]]) -> bool:
    """Whether a 4×4 table of suit lengths exists with these cells, at least the cards held, and every seat and
    suit summing to 13 (Gale's supply–demand condition, over every set of seats and of suits)."""
    low = [[cells.get((seat, suit), held[seat][suit]) for suit in Suit] for seat in Seat]
    high = [[cells.get((seat, suit), 13) for suit in Suit] for seat in Seat]
    if any(low[i][j] < held[i][j] or high[i][j] < low[i][j] for i in range(4) for j in range(4)):
        return False
    supply = [13 - sum(low[i]) for i in range(4)]
    demand = [13 - sum(low[i][j] for i in range(4)) for j in range(4)]
    if min(supply) < 0 or min(demand) < 0:
        return False
    subsets = [c for k in range(5) for c in combinations(range(4), k)]
    return all(
        sum(supply[i] for i in rows)
        <= sum(demand[j] for j in cols) + sum(high[i][j] - low[i][j] for i in rows for j in range(4) if j not in cols)
        for rows in subsets
        for cols in subsets
    )


class BiasDealer:
    """Deals full deals with the fixed lengths (see the module docstring), in batches."""

    def __init__(self, lengths: Lengths, predealt: tuple[int, ...], rng: np.random.Generator) -> None:
        self.cells = check_lengths(lengths, predealt)
        self.predealt = predealt
        self.rng = rng
        taken = 0
        for bits in predealt:
            taken |= bits
        held = [[((predealt[seat] >> (13 * suit)) & 0x1FFF).bit_count() for suit in Suit] for seat in Seat]
        #: per suit: its cards not predealt, and how many of them each fixed seat still takes
        self.suits = [
            (
                np.array([13 * suit + r for r in range(13) if not (taken >> (13 * suit + r)) & 1], dtype=np.uint8),
                [(seat, self.cells[seat, suit] - held[seat][suit]) for seat in Seat if (seat, suit) in self.cells],
            )
            for suit in Suit
        ]
        self.places = [
            13 - sum(held[seat]) - sum(k for suit in Suit for s, k in self.suits[suit][1] if s == seat) for seat in Seat
        ]
        self.misses = 0
        self.forbidden = np.zeros((4, 4), dtype=bool)
        for seat, suit in self.cells:
            self.forbidden[seat, suit] = True

    def deal(self, n: int) -> Holdings:
        """Up to ``n`` deals with the lengths (those dealt again are dropped): ``(m, 4, 4)`` holdings."""
        bits = np.broadcast_to(np.array(self.predealt, dtype=np.uint64), (n, 4)).copy()
        spare: list[npt.NDArray[np.uint8]] = []
        for cards, fixed in self.suits:
            order = cards[self._permutations(n, cards.size)]
            start = 0
            for seat, k in fixed:
                bits[:, seat] |= _bits(order[:, start : start + k])
                start += k
            spare.append(order[:, start:])
        rest = np.concatenate(spare, axis=1)
        rest = np.take_along_axis(rest, self._permutations(n, rest.shape[1]), axis=1)
        ok = np.ones(n, dtype=bool)
        start = 0
        for seat in Seat:
            part = rest[:, start : start + self.places[seat]]
            start += self.places[seat]
            suits = part // 13
            for suit in Suit:
                if self.forbidden[seat, suit]:
                    ok &= ~np.any(suits == suit, axis=1)
            bits[:, seat] |= _bits(part)
        self.misses = 0 if ok.any() else self.misses + 1
        if self.misses > 100:
            raise DealGenerationError("the suit lengths predealt leave too few deals to find by chance")
        bits = bits[ok]
        holdings = (bits[:, :, None] >> np.array([0, 13, 26, 39], dtype=np.uint64)) & np.uint64(0x1FFF)
        return holdings.astype(np.uint16)

    def _permutations(self, n: int, m: int) -> npt.NDArray[np.intp]:
        """``n`` independent uniform permutations of ``range(m)``."""
        return np.argsort(self.rng.random((n, m)), axis=1)


def _bits(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """The 52-bit set of each row's cards."""
    if cards.shape[1] == 0:
        return np.zeros(cards.shape[0], dtype=np.uint64)
    out: npt.NDArray[np.uint64] = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    return out
