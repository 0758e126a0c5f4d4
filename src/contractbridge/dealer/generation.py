"""Generation: :class:`DealGenerator` deals uniformly at random (L6), keeping the deals a constraint accepts."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Hand, Seat
from contractbridge.deal import Deal
from contractbridge.dealer.batch import DealBatch, Holdings
from contractbridge.dealer.constraints import Constraint, TrueConstraint
from contractbridge.dealer.language import parse_constraint
from contractbridge.errors import DealError, DealGenerationError

Predeal = Deal | Mapping[Seat, Hand | str]


class DealGenerator:
    """Deals uniformly at random (L6), keeping those that satisfy ``constraint``; ``predeal`` fixes cards.

    Reproducible: the same seed, constraint and predeal give the same deals. Works in batches of
    ``batch_size`` shuffles; ``attempts`` and ``produced`` count what was dealt and kept."""

    def __init__(
        self,
        constraint: Constraint | str | None = None,
        *,
        predeal: Predeal | None = None,
        seed: int | np.random.SeedSequence | None = None,
        batch_size: int = 8192,
        max_attempts: int = 100_000_000,
    ) -> None:
        if isinstance(constraint, str):
            constraint = parse_constraint(constraint)
        self.constraint: Constraint | None = None if isinstance(constraint, TrueConstraint) else constraint
        self.rng = np.random.default_rng(seed)
        self.batch_size = batch_size
        self.max_attempts = max_attempts
        self.attempts = 0
        self.produced = 0
        self._owners, self._free, self._labels = _predeal_layout(_predeal_hands(predeal))

    def shuffle(self, n: int) -> DealBatch:
        """``n`` random deals (with the predealt cards in place), unfiltered."""
        return DealBatch(_holdings(self._shuffle_owners(n), _ALL_SEATS))

    def _shuffle_owners(self, n: int) -> npt.NDArray[np.uint8]:
        """``(n, 52)``: the seat that receives each card, in ``n`` uniformly random deals (L6)."""
        owners = np.empty((n, 52), dtype=np.uint8)
        owners[:] = self._owners
        if self._free.size:
            owners[:, self._free] = self.rng.permuted(np.broadcast_to(self._labels, (n, self._labels.size)), axis=1)
        return owners

    def batches(self) -> Iterator[DealBatch]:
        """Endless batches of accepted deals (some may be empty when the constraint is rare).

        Only the hands the constraint reads are sorted out of each shuffle before it is tested; the other hands
        of the deals it accepts are filled in afterwards (the same deals, for less work on the rejected ones)."""
        constraint = self.constraint
        first = _ALL_SEATS if constraint is None else np.array(sorted(constraint.seats), dtype=np.uint8)
        while True:
            if self.attempts >= self.max_attempts:
                raise DealGenerationError(
                    f"gave up after {self.attempts} deals: {self.produced} satisfied the constraint {constraint!r}"
                )
            owners = self._shuffle_owners(self.batch_size)
            self.attempts += self.batch_size
            batch = DealBatch(_holdings(owners, first))
            if constraint is not None:
                accepted = np.flatnonzero(constraint.mask(batch))
                batch = batch.take(accepted) if first.size == 4 else DealBatch(_holdings(owners[accepted], _ALL_SEATS))
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


_ALL_SEATS: Final = np.arange(4, dtype=np.uint8)


def _holdings(owners: npt.NDArray[np.uint8], seats: npt.NDArray[np.uint8]) -> Holdings:
    """``(n, 4, 4)`` holdings of the deals ``owners`` describes, for ``seats`` only (the other seats stay empty)."""
    n = owners.shape[0]
    found = owners.reshape(n, 1, 4, 13) == seats.reshape(1, -1, 1, 1)
    packed = np.packbits(found, axis=-1, bitorder="little").view("<u2").reshape(n, seats.size, 4)
    if seats.size == 4:
        return packed
    holdings = np.zeros((n, 4, 4), dtype=np.uint16)
    holdings[:, seats] = packed
    return holdings


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


def _predeal_layout(
    hands: tuple[Hand, Hand, Hand, Hand],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp], npt.NDArray[np.uint8]]:
    owners = np.zeros(52, dtype=np.uint8)
    taken = 0
    labels: list[int] = []
    for seat, hand in zip(Seat, hands, strict=True):
        if len(hand) > 13:
            raise DealGenerationError(f"cannot predeal {len(hand)} cards to {seat.name.lower()}")
        if hand.bits & taken:
            raise DealGenerationError(f"predealt cards given to two seats: {Hand.from_bits(hand.bits & taken)}")
        taken |= hand.bits
        for card in hand:
            owners[card.index] = seat
        labels += [int(seat)] * (13 - len(hand))
    free = np.array([i for i in range(52) if not (taken >> i) & 1], dtype=np.intp)
    return owners, free, np.array(labels, dtype=np.uint8)


#: The generator's former name (it collided with ``Board.dealer``, a seat); kept for existing imports.
Dealer = DealGenerator
