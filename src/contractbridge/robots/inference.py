"""What the auction says about the hidden hands: each call read through its side's system (L20F).

Every call of the auction has a ``CallMeaning`` (suit lengths, honour tricks, points) under the system of
the side that made it; for the card-play robot each becomes a constraint on the hand that made the call.
The constraints come in tiers, from the most certain to the least, and the sampler drops them from the
least certain end when it cannot draw enough deals (:data:`RELAXATION_ORDER`):

1. ``REBID`` (dropped first): the hand would have made exactly this call under the system: this also reads
   the negative inferences (a pass that denies an opening, a simple raise that denies a jump);
2. ``STRENGTH``: the honour-trick and point ranges the calls promise;
3. ``LENGTHS``: the suit lengths the calls promise;
4. ``VOIDS`` (dropped last, only after a revoke makes the play inconsistent): a player who failed to follow
   holds no card of the suit led.

The cards seen (own hand, dummy, the played cards) are never relaxed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Hand, Seat, Suit
from contractbridge.deal import Vulnerability
from contractbridge.dealer import Constraint, hcp, length, vector_function
from contractbridge.errors import BridgeError
from contractbridge.evaluation import HTTable, club_suit_honour_tricks, culbertson_suit_honour_tricks
from contractbridge.systems import CallMeaning, System, SystemOptions

__all__ = ["RELAXATION_ORDER", "AuctionReading", "CallInference", "Tier", "read_auction"]


class Tier(IntEnum):
    """How much of what the table knows a sample must respect; lower tiers keep more (see the module)."""

    REBID = 0
    STRENGTH = 1
    LENGTHS = 2
    VOIDS = 3
    CARDS = 4


#: The order in which constraints are dropped when samples cannot be drawn (least certain first).
RELAXATION_ORDER: Final = (Tier.REBID, Tier.STRENGTH, Tier.LENGTHS, Tier.VOIDS)


#: Culbertson's cross-suit combinations (K x with Q x, Q x with J x, EST-B08) add ½ honour trick each to the
#: sum of the suits, and four suits make at most two pairings: at most 1.
_PAIRING_BOUND: Final = 1.0


@cache
def _suit_ht(table: HTTable) -> npt.NDArray[np.float64]:
    """Honour tricks of every 13-bit suit holding under ``table`` (no cross-suit combinations)."""
    value = culbertson_suit_honour_tricks if table is HTTable.CULBERTSON else club_suit_honour_tricks
    return np.array([float(value(b)) for b in range(1 << 13)], dtype=np.float64)


def _ht_sum(table: HTTable) -> object:
    suit_ht = _suit_ht(table)

    def total(holdings: npt.NDArray[np.uint16]) -> npt.NDArray[np.float64]:
        return np.asarray(suit_ht[holdings].sum(axis=1), dtype=np.float64)

    return total


@dataclass(frozen=True, slots=True)
class CallInference:
    """Call ``index`` of the auction, made by ``seat``, with its meaning and the system that gave it."""

    index: int
    seat: Seat
    call: Call
    meaning: CallMeaning
    system: System
    opponents: System


@dataclass(frozen=True)
class AuctionReading:
    """The inferences of one auction for the hands of ``seats`` (the hidden hands of one seat's view)."""

    auction: Auction
    vulnerability: Vulnerability
    options: SystemOptions | None
    calls: tuple[CallInference, ...]
    partscores: tuple[int, int] = (0, 0)

    def of(self, seat: Seat) -> tuple[CallInference, ...]:
        return tuple(c for c in self.calls if c.seat == seat)

    def constraint(self, seats: tuple[Seat, ...], keep_from: Tier) -> Constraint | None:
        """The vectorised part (suit lengths, points) for ``seats``, for tiers ``>= keep_from``."""
        parts: list[Constraint] = []
        for inf in self.calls:
            if inf.seat not in seats:
                continue
            m = inf.meaning
            if keep_from <= Tier.LENGTHS:
                for suit in Suit:
                    lo, hi = m.lengths[suit]
                    if lo > 0:
                        parts.append(length(inf.seat, suit) >= lo)
                    if hi < 13:
                        parts.append(length(inf.seat, suit) <= hi)
            if keep_from <= Tier.STRENGTH:
                if m.hcp_min is not None:
                    parts.append(hcp(inf.seat) >= m.hcp_min)
                if m.hcp_max is not None:
                    parts.append(hcp(inf.seat) <= m.hcp_max)
                parts.extend(_ht_bounds(inf.seat, m))
        if not parts:
            return None
        out = parts[0]
        for p in parts[1:]:
            out = out & p
        return out

    def accepts(self, seat: Seat, hand: Hand, keep_from: Tier) -> bool:
        """The per-hand checks: honour tricks (``STRENGTH``) and the exact call (``REBID``)."""
        if keep_from > Tier.STRENGTH:
            return True
        for inf in self.calls:
            if inf.seat != seat:
                continue
            m = inf.meaning
            if (m.ht_min is not None or m.ht_max is not None) and not m.satisfied_by(hand):
                return False
            if keep_from <= Tier.REBID and not self._would_call(inf, hand):
                return False
        return True

    def _would_call(self, inf: CallInference, hand: Hand) -> bool:
        prefix = Auction(self.auction.dealer, self.auction.calls[: inf.index])
        try:
            call, _ = inf.system.choose(hand, prefix, self.vulnerability, self.options, self.partscores, inf.opponents)
        except BridgeError:
            return True
        return call == inf.call


def _ht_bounds(seat: Seat, m: CallMeaning) -> list[Constraint]:
    """A vectorised bound on the honour tricks of ``m`` (the sum of the suits; the exact count with its
    cross-suit combinations is checked hand by hand, ``AuctionReading.accepts``)."""
    if m.ht_min is None and m.ht_max is None:
        return []
    total = vector_function(_ht_sum(m.ht_table), seat, "suit_ht")  # type: ignore[arg-type]
    bonus = _PAIRING_BOUND if m.ht_table is HTTable.CULBERTSON else 0.0
    out: list[Constraint] = []
    if m.ht_min is not None:
        out.append(total >= float(m.ht_min) - bonus)
    if m.ht_max is not None:
        out.append(total <= float(m.ht_max))
    return out


def read_auction(
    auction: Auction,
    vulnerability: Vulnerability,
    ours: System,
    theirs: System,
    our_seat: Seat,
    seats: tuple[Seat, ...],
    options: SystemOptions | None = None,
    partscores: tuple[int, int] = (0, 0),
) -> AuctionReading:
    """Read every call of ``seats`` in ``auction``: calls of ``our_seat``'s side by ``ours``, the others by
    ``theirs`` (each side's explanations are authorised information, L20F); ``partscores`` (NS, EW) are the
    rubber part-scores the auction was bid at. Calls the systems do not cover
    ("undiscussed") promise nothing and are left out."""
    calls: list[CallInference] = []
    for index, (seat, call) in enumerate(auction.history()):
        if seat not in seats:
            continue
        system, other = (ours, theirs) if seat.side == our_seat.side else (theirs, ours)
        try:
            meaning = system.explain(auction, index, vulnerability, options, partscores, other)
        except BridgeError:
            continue
        if meaning.undiscussed:
            continue
        calls.append(CallInference(index, seat, call, meaning, system, other))
    return AuctionReading(auction, vulnerability, options, tuple(calls), partscores)
