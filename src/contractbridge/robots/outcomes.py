"""The value of each candidate card over the sampled deals: double-dummy tricks, then score by the form of
scoring (rubber points, matchpoints, IMPs).

``solve_samples`` turns each sample (original hands) into the current position (played cards removed,
the trick in progress) and solves them in batches (``dd.solve_all``, DDS ``SolveAllBoardsBin``); the result
is the number of tricks declarer's side ends with, per sample and per candidate card. ``card_values``
scores those with L77 (``scoring.duplicate``) for the side to play, and averages per card:

- ``rubber``: the expected score in points (the trick, game and slam values of L77 stand in for the rubber
  sheet, whose game and rubber bonuses depend on the state of the rubber);
- ``matchpoints``: the expected share of the other candidate cards each card beats, per deal (ties half);
- ``imps``: the expected IMPs against the best card of each deal (L78B scale).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Card, Hand, Seat, Strain
from contractbridge.contract import Contract
from contractbridge.dd import Position, solve_all
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError
from contractbridge.robots.sampling import Holdings
from contractbridge.scoring import compare, duplicate

__all__ = ["Form", "Outcomes", "best_tricks", "card_values", "solve_samples"]


class Form(StrEnum):
    """The form of scoring a robot plays for."""

    RUBBER = "rubber"
    MATCHPOINTS = "matchpoints"
    IMPS = "imps"

    @classmethod
    def parse(cls, text: str | Form) -> Form:
        try:
            return cls(text)
        except ValueError:
            raise BridgeError(f"unknown form of scoring {text!r} (use rubber, matchpoints or imps)") from None


@dataclass(frozen=True, slots=True)
class Outcomes:
    """``tricks[i, j]``: declarer's side's total tricks in sample ``i`` if card ``cards[j]`` is played now."""

    cards: tuple[Card, ...]
    tricks: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.tricks.shape[0])


def _position(row: Holdings, played: int, trump: Strain, leader: Seat, trick: tuple[Card, ...]) -> Position:
    hands = {}
    for seat in Seat:
        h = row[seat]
        bits = int(h[0]) | int(h[1]) << 13 | int(h[2]) << 26 | int(h[3]) << 39
        hands[seat] = Hand.from_bits(bits & ~played)
    return Position(Deal.partial(hands), trump, leader, trick)


def solve_samples(
    holdings: Holdings,
    played: int,
    trump: Strain,
    leader: Seat,
    trick: Sequence[Card],
    candidates: Sequence[Card],
    declarer_side_to_play: bool,
    tricks_won: int,
    remaining: int,
) -> Outcomes:
    """Solve every sample double dummy with ``leader`` having led ``trick`` so far. ``tricks_won`` is what
    declarer's side has already won, ``remaining`` the tricks still to play (the current one included)."""
    positions = [_position(row, played, trump, leader, tuple(trick)) for row in holdings]
    results = solve_all(positions) if positions else []
    out = np.zeros((len(results), len(candidates)), dtype=np.int64)
    for i, res in enumerate(results):
        for j, card in enumerate(candidates):
            got = res[card]
            out[i, j] = tricks_won + (got if declarer_side_to_play else remaining - got)
    return Outcomes(tuple(candidates), out)


def best_tricks(
    holdings: Holdings,
    played: int,
    trump: Strain,
    leader: Seat,
    trick: Sequence[Card],
    declarer_side_to_play: bool,
    tricks_won: int,
    remaining: int,
) -> npt.NDArray[np.int64]:
    """Declarer's side's total tricks in each sample when both sides play double dummy from here on."""
    positions = [_position(row, played, trump, leader, tuple(trick)) for row in holdings]
    best = np.array([max(res.values()) for res in solve_all(positions)] if positions else [], dtype=np.int64)
    return tricks_won + (best if declarer_side_to_play else remaining - best)


def card_values(
    outcomes: Outcomes,
    form: Form,
    contract: Contract,
    declarer: Seat,
    vulnerable: bool,
    for_declarer: bool,
) -> npt.NDArray[np.float64]:
    """The expected value of each candidate card for the side to play (declarer's side if ``for_declarer``)."""
    table = np.array([duplicate.score(contract, declarer, t, vulnerable) for t in range(14)], dtype=np.float64)
    if not for_declarer:
        table = -table
    scores = table[outcomes.tricks]
    if form is Form.RUBBER:
        return np.asarray(scores.mean(axis=0), dtype=np.float64)
    if form is Form.IMPS:
        best = scores.max(axis=1, keepdims=True)
        imps = compare.imps_array((scores - best).ravel()).reshape(scores.shape)
        return np.asarray(imps.mean(axis=0), dtype=np.float64)
    n = scores.shape[1]
    if n == 1:
        return np.ones(1)
    beats = (scores[:, :, None] > scores[:, None, :]).sum(axis=2) + 0.5 * (
        (scores[:, :, None] == scores[:, None, :]).sum(axis=2) - 1
    )
    return np.asarray((beats / (n - 1)).mean(axis=0), dtype=np.float64)
