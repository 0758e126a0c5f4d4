"""Deals consistent with what one seat knows: the hidden hands, dealt many times (L6 uniform dealing, filtered).

``Knowledge.from_view`` reads a ``TableView`` (never the deal): the cards each seat is known to have held
(the seat's own hand, dummy once faced, a claimer's faced hand, every card played) and the suits each seat
has shown out of. ``Sampler.draw`` deals the unseen cards with ``contractbridge.dealer`` (the known cards
predealt, the cards only one hidden hand can hold — the other has shown out — predealt to it), keeps the
deals that satisfy the auction's constraints, and relaxes the constraints in the documented order
(:data:`~contractbridge.robots.inference.RELAXATION_ORDER`) when too few deals pass: it never fails.
Samples are 13-card original hands, as a ``(n, 4 seats, 4 suits)`` array of 13-bit rank sets (the
``DealBatch`` layout).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Hand, Seat, Suit
from contractbridge.dealer import Constraint, DealGenerator, length
from contractbridge.errors import DealGenerationError
from contractbridge.robots.inference import AuctionReading, Tier

if TYPE_CHECKING:
    from contractbridge.table import TableView

__all__ = ["Holdings", "Knowledge", "Sample", "Sampler", "holdings_of"]

Holdings = npt.NDArray[np.uint16]

_SUIT_MASK: Final = 0x1FFF
#: Shuffles per attempt, attempts per tier before the sampler relaxes a tier, and hands checked one by one
#: (honour tricks, the exact call) per attempt.
_BATCH: Final = 2048
_ATTEMPTS: Final = 4
_CHECKS: Final = 192


def holdings_of(bits: int) -> tuple[int, int, int, int]:
    """A 52-bit card set as four 13-bit rank sets (clubs first)."""
    return (bits & _SUIT_MASK, bits >> 13 & _SUIT_MASK, bits >> 26 & _SUIT_MASK, bits >> 39 & _SUIT_MASK)


def _bits(row: npt.NDArray[np.uint16]) -> int:
    return int(row[0]) | int(row[1]) << 13 | int(row[2]) << 26 | int(row[3]) << 39


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows of the four original hands: ``known[s]`` the cards ``s`` is known to have held,
    ``visible[s]`` whether all of ``s``'s remaining cards are seen, ``voids[s]`` the suits ``s`` has shown out
    of, ``played`` every card played so far."""

    seat: Seat
    known: tuple[int, int, int, int]
    visible: tuple[bool, bool, bool, bool]
    voids: tuple[frozenset[Suit], ...]
    played: int

    @classmethod
    def from_view(cls, view: TableView) -> Knowledge:
        known = [0, 0, 0, 0]
        visible = [False] * 4
        voids: list[set[Suit]] = [set(), set(), set(), set()]
        played = 0
        shown: list[tuple[Seat, Hand | None]] = [(view.seat, view.hand)]
        if view.dummy is not None:
            shown.append((view.dummy, view.dummy_hand))
        if view.claim is not None:
            shown.append((view.claim.seat, view.claimer_hand))
        for seat, hand in shown:
            if hand is not None:
                known[seat] |= hand.bits
                visible[seat] = True
        tricks = [list(t) for t in view.tricks]
        if view.current_trick:
            tricks.append(list(view.current_trick))
        for trick in tricks:
            led = trick[0][1].suit
            for seat, card in trick:
                known[seat] |= card.bit
                played |= card.bit
                if card.suit != led:
                    voids[seat].add(led)
        return cls(view.seat, tuple(known), tuple(visible), tuple(frozenset(v) for v in voids), played)  # type: ignore[arg-type]

    @property
    def hidden(self) -> tuple[Seat, ...]:
        return tuple(s for s in Seat if not self.visible[s])

    @property
    def unseen(self) -> int:
        """The cards whose owner is not known."""
        taken = 0
        for bits in self.known:
            taken |= bits
        return ((1 << 52) - 1) & ~taken

    def consistent(self, holdings: Holdings, *, voids: bool = True) -> npt.NDArray[np.bool_]:
        """Which samples hold every known card in the right hand (and, with ``voids``, no card of a suit the
        hand has shown out of beyond those it played)."""
        ok = np.ones(holdings.shape[0], dtype=np.bool_)
        for seat in Seat:
            want = np.array(holdings_of(self.known[seat]), dtype=np.uint16)
            ok &= np.all((holdings[:, seat, :] & want) == want, axis=1)
            if voids:
                for suit in self.voids[seat]:
                    ok &= (holdings[:, seat, suit] & ~want[suit]) == 0
        return ok


@dataclass(frozen=True, slots=True)
class Sample:
    """Drawn deals, the tier of constraints they respect (``Tier.REBID``: everything) and how many of them
    were ``kept`` from the previous decision's sample."""

    holdings: Holdings
    tier: Tier
    kept: int = 0

    def __len__(self) -> int:
        return int(self.holdings.shape[0])


class Sampler:
    """Draws deals consistent with ``knowledge`` and the auction ``reading``."""

    def __init__(self, knowledge: Knowledge, reading: AuctionReading | None, rng: np.random.Generator) -> None:
        self.knowledge = knowledge
        self.reading = reading
        self.rng = rng

    def draw(self, n: int, have: Sample | None = None) -> Sample:
        """``n`` deals (or all there are, fewer only when the unseen cards allow fewer layouts), keeping the
        deals of ``have`` that are still consistent first."""
        kept = None
        tier = Tier.REBID
        if have is not None and len(have):
            mask = self.knowledge.consistent(have.holdings)
            kept = have.holdings[mask][:n]
            tier = have.tier
        parts: list[Holdings] = [] if kept is None else [kept]
        count = count_kept = 0 if kept is None else int(kept.shape[0])
        for level in Tier:
            if level < tier:
                continue
            dealer = self._dealer(level)
            if dealer is None:
                continue
            for _ in range(_ATTEMPTS):
                if count >= n:
                    break
                got = self._accept(dealer, level, n - count)
                if got.shape[0]:
                    parts.append(got)
                    count += int(got.shape[0])
            if count >= n:
                tier = level
                break
            tier = level
        holdings = np.concatenate(parts) if parts else np.empty((0, 4, 4), dtype=np.uint16)
        return Sample(_unique(holdings)[:n], tier, count_kept)

    def _dealer(self, level: Tier) -> DealGenerator | None:
        k = self.knowledge
        predeal = list(k.known)
        hidden = k.hidden
        use_voids = level <= Tier.VOIDS
        if use_voids:
            unseen = k.unseen
            for suit in Suit:
                holders = [s for s in hidden if suit not in k.voids[s]]
                if len(holders) == 1:
                    predeal[holders[0]] |= unseen & suit.mask
                elif not holders and unseen & suit.mask:
                    return None
        constraint: Constraint | None = None
        parts: list[Constraint] = []
        if use_voids:
            for seat in hidden:
                for suit in k.voids[seat]:
                    parts.append(length(seat, suit) == Hand.from_bits(predeal[seat]).length(suit))
        if self.reading is not None and level <= Tier.LENGTHS:
            c = self.reading.constraint(hidden, level)
            if c is not None:
                parts.append(c)
        for p in parts:
            constraint = p if constraint is None else constraint & p
        try:
            return DealGenerator(
                constraint,
                predeal={s: Hand.from_bits(predeal[s]) for s in Seat},
                seed=int(self.rng.integers(1 << 62)),
                batch_size=_BATCH,
            )
        except DealGenerationError:
            return None

    def _accept(self, dealer: DealGenerator, level: Tier, want: int) -> Holdings:
        batch = dealer.shuffle(_BATCH)
        if dealer.constraint is not None:
            batch = batch.take(np.flatnonzero(dealer.constraint.mask(batch)))
        holdings = batch.holdings
        reading = self.reading
        if reading is None or level > Tier.STRENGTH or not len(batch):
            return holdings[:want]
        seats = self.knowledge.hidden
        checked = [s for s in seats if reading.of(s)]
        if not checked:
            return holdings[:want]
        keep: list[int] = []
        for i in range(min(holdings.shape[0], _CHECKS)):
            row = holdings[i]
            if all(reading.accepts(s, Hand.from_bits(_bits(row[s])), level) for s in checked):
                keep.append(i)
                if len(keep) >= want:
                    break
        return holdings[keep]


def _unique(holdings: Holdings) -> Holdings:
    """Drop repeated layouts (late in the play few layouts remain), keeping the first of each in order."""
    if holdings.shape[0] < 2:
        return holdings
    flat = holdings.reshape(holdings.shape[0], 16)
    _, first = np.unique(flat, axis=0, return_index=True)
    return holdings[np.sort(first)]
