"""Generation: :class:`DealGenerator` deals uniformly at random (L6), keeping the deals a constraint accepts."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Hand, Seat
from contractbridge.deal import Deal
from contractbridge.dealer.batch import DealBatch, Holdings
from contractbridge.dealer.bias import BiasDealer, Lengths
from contractbridge.dealer.constraints import Constraint, TrueConstraint
from contractbridge.dealer.language import parse_constraint
from contractbridge.errors import DealError, DealGenerationError

Predeal = Deal | Mapping[Seat, Hand | str]


class DealGenerator:
    """Deals uniformly at random (L6), keeping those that satisfy ``constraint``; ``predeal`` fixes cards and
    ``lengths`` suit lengths (``{(Seat.NORTH, Suit.SPADES): 5}``, see :mod:`.bias`).

    Reproducible: the same seed, constraint and predeal give the same deals. Works in batches of
    ``batch_size`` shuffles, never dealing more than ``max_attempts``; ``attempts`` and ``produced`` count what
    was dealt and kept, and ``positions`` which shuffles of the last batch (from ``batch_start``) were kept."""

    def __init__(
        self,
        constraint: Constraint | str | None = None,
        *,
        predeal: Predeal | None = None,
        seed: int | np.random.SeedSequence | None = None,
        batch_size: int = 8192,
        max_attempts: int = 100_000_000,
        lengths: Lengths | None = None,
    ) -> None:
        if isinstance(constraint, str):
            constraint = parse_constraint(constraint)
        self.constraint: Constraint | None = None if isinstance(constraint, TrueConstraint) else constraint
        self.rng = np.random.default_rng(seed)
        self.batch_size = batch_size
        self.max_attempts = max_attempts
        self.attempts = 0
        self.produced = 0
        self.batch_start = 0
        self.positions: npt.NDArray[np.intp] = np.empty(0, dtype=np.intp)
        self._predealt, self._free, need = _predeal_layout(_predeal_hands(predeal))
        self._bias = BiasDealer(lengths, self._predealt, self.rng) if lengths else None
        # The free cards are shuffled and dealt in seat order, the seats the constraint reads first: a deal is
        # tested once those hands are dealt (the first ``_read_cards`` positions), and finished only if kept.
        reads = tuple(Seat) if self.constraint is None else tuple(sorted(self.constraint.seats))
        order = reads + tuple(seat for seat in Seat if seat not in reads)
        starts = np.cumsum([0] + [need[seat] for seat in order])
        self._slices = {seat: (int(starts[k]), int(starts[k + 1])) for k, seat in enumerate(order)}
        self._reads = reads
        self._read_cards = int(starts[len(reads)])

    def shuffle(self, n: int) -> DealBatch:
        """``n`` random deals (with the predealt cards in place), unfiltered."""
        cards = self._cards(n)
        self._shuffle(cards, 0, cards.shape[1])
        return DealBatch(self._holdings(cards, tuple(Seat)))

    def _cards(self, n: int) -> npt.NDArray[np.uint8]:
        return np.broadcast_to(self._free, (n, self._free.size)).copy()

    def _shuffle(self, cards: npt.NDArray[np.uint8], start: int, stop: int) -> None:
        """Fisher–Yates over the columns ``start`` … ``stop - 1`` of every row at once: each position takes a
        uniformly random card among those not yet placed (L6). Positions before ``stop`` are then a uniform
        random draw, whatever happens to the rest; continuing from ``stop`` later completes the permutation."""
        n, m = cards.shape
        rows = np.arange(n)
        for k in range(start, min(stop, m - 1)):
            j = self.rng.integers(k, m, size=n)
            here = cards[:, k].copy()
            cards[:, k] = cards[rows, j]
            cards[rows, j] = here

    def _holdings(self, cards: npt.NDArray[np.uint8], seats: tuple[Seat, ...]) -> Holdings:
        """``(n, 4, 4)`` holdings of the dealt ``cards`` for ``seats`` (the other seats stay empty)."""
        holdings = np.zeros((cards.shape[0], 4, 4), dtype=np.uint16)
        for seat in seats:
            lo, hi = self._slices[seat]
            bits = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards[:, lo:hi].astype(np.uint64)), axis=1)
            bits |= np.uint64(self._predealt[seat])
            holdings[:, seat] = (bits[:, None] >> _SUIT_SHIFTS) & np.uint64(0x1FFF)
        return holdings

    def batches(self) -> Iterator[DealBatch]:
        """Endless batches of accepted deals (some may be empty when the constraint is rare).

        Only the hands the constraint reads are dealt before it is tested; the other hands of the deals it keeps
        are dealt afterwards, from the cards left (the same distribution, for less work on the rejected ones)."""
        constraint = self.constraint
        while True:
            if self.attempts >= self.max_attempts:
                raise DealGenerationError(
                    f"gave up after {self.attempts} deals: {self.produced} satisfied the constraint {constraint!r}"
                )
            size = min(self.batch_size, self.max_attempts - self.attempts)
            self.batch_start = self.attempts
            if self._bias is not None:
                batch = DealBatch(self._bias.deal(size))
                size = len(batch)
                accepted = np.arange(size) if constraint is None else np.flatnonzero(constraint.mask(batch))
                batch = batch if constraint is None else batch.take(accepted)
            else:
                cards = self._cards(size)
                self._shuffle(cards, 0, self._read_cards)
                batch = DealBatch(self._holdings(cards, self._reads))
                accepted = np.arange(size)
                if constraint is not None:
                    accepted = np.flatnonzero(constraint.mask(batch))
                    if len(self._reads) == 4:
                        batch = batch.take(accepted)
                    else:
                        cards = cards[accepted]
                        self._shuffle(cards, self._read_cards, cards.shape[1])
                        batch = DealBatch(self._holdings(cards, tuple(Seat)))
            self.attempts += size
            self.positions = accepted
            self.produced += len(batch)
            yield batch

    def batch(self, n: int) -> DealBatch:
        """Exactly ``n`` accepted deals as one batch."""
        parts: list[Holdings] = []
        have = 0
        if n > 0:
            for b in self.batches():
                part = b.holdings[: n - have]
                parts.append(part)
                have += len(part)
                if have >= n:
                    break
        holdings = np.concatenate(parts) if parts else np.empty((0, 4, 4), dtype=np.uint16)
        return DealBatch(holdings)

    def deals(self, n: int | None = None) -> Iterator[Deal]:
        """``n`` accepted deals (endless if None), as :class:`Deal` values."""
        if n is not None and n <= 0:
            return
        left = n
        for b in self.batches():
            chunk = b if left is None or len(b) <= left else b.take(np.arange(left))
            yield from chunk.deals()
            if left is not None:
                left -= len(chunk)
                if left <= 0:
                    return


def generate(
    constraint: Constraint | str | None = None,
    n: int = 1,
    *,
    predeal: Predeal | None = None,
    seed: int | None = None,
) -> list[Deal]:
    """``n`` random deals satisfying ``constraint`` (a :class:`Constraint` or the language's text)."""
    return list(DealGenerator(constraint, predeal=predeal, seed=seed).deals(n))


_SUIT_SHIFTS: Final = np.array([0, 13, 26, 39], dtype=np.uint64)


def _predeal_hands(predeal: Predeal | None) -> tuple[Hand, Hand, Hand, Hand]:
    if predeal is None:
        return (Hand(), Hand(), Hand(), Hand())
    if isinstance(predeal, Deal):
        return predeal.hands
    hands = []
    for seat in Seat:
        h = predeal.get(seat, Hand())
        hands.append(Hand(h) if isinstance(h, str) else h)
    try:
        d = Deal.partial(dict(zip(Seat, hands, strict=True)))
    except DealError as err:
        raise DealGenerationError(f"cannot predeal: {err}") from None
    return d.hands


def _predeal_layout(hands: tuple[Hand, Hand, Hand, Hand]) -> tuple[tuple[int, ...], npt.NDArray[np.uint8], list[int]]:
    """The predealt cards of each seat (bit sets), the cards left to deal, and how many each seat still needs."""
    taken = 0
    for seat, hand in zip(Seat, hands, strict=True):
        if len(hand) > 13:
            raise DealGenerationError(f"cannot predeal {len(hand)} cards to {seat.name.lower()}")
        if hand.bits & taken:
            raise DealGenerationError(f"predealt cards given to two seats: {Hand.from_bits(hand.bits & taken)}")
        taken |= hand.bits
    free = np.array([i for i in range(52) if not (taken >> i) & 1], dtype=np.uint8)
    return tuple(hand.bits for hand in hands), free, [13 - len(hand) for hand in hands]


#: The generator's former name (it collided with ``Board.dealer``, a seat); kept for existing imports.
