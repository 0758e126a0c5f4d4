"""Duplicate scoring: the Law 77 table, from declarer's side's point of view.

``score(Contract.parse("4SX"), Seat.NORTH, tricks=7, vulnerable=True)`` → ``-800``. ``breakdown`` returns the
same total split into the items of the L77 table; ``board_score`` signs it for NS and EW from a board's
vulnerability. A passed-out board scores 0 for both sides (L22B).

``breakdown`` is the definition; ``score`` reads a table of all 5,880 totals built from it once (35 contracts
× 3 doublings × 14 trick counts × 2 vulnerabilities), and ``score_array`` reads the same table for NumPy
arrays of results (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Seat, Side, Strain
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Board, Vulnerability
from contractbridge.errors import ScoringError
from contractbridge.scoring.rules import FIRST_NOTRUMP_40

__all__ = [
    "BoardScore",
    "DuplicateScore",
    "PlayedResult",
    "board_score",
    "breakdown",
    "result_score",
    "score",
    "score_array",
    "undertrick_penalty",
]

#: L77: the multiplier of trick points for an undoubled, doubled, redoubled contract.
_MULTIPLIER: Final = {Doubling.NONE: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}
#: L77: each doubled overtrick (not vulnerable); doubled again when redoubled, doubled again when vulnerable.
_DOUBLED_OVERTRICK: Final = 100
#: L77: the bonus for making a doubled / redoubled contract ("insult").
_INSULT: Final = {Doubling.NONE: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
_GAME_BONUS: Final = {False: 300, True: 500}
_PART_SCORE_BONUS: Final = 50
_SMALL_SLAM: Final = {False: 500, True: 750}
_GRAND_SLAM: Final = {False: 1000, True: 1500}
#: L77 undertricks, doubled: value of the 1st, of the 2nd and 3rd, of the 4th and each later one.
_DOUBLED_UNDERTRICKS: Final = {False: (100, 200, 300), True: (200, 300, 300)}
_UNDOUBLED_UNDERTRICK: Final = {False: 50, True: 100}
#: L77 trick values: ♣♦ 20, ♥♠ 30, NT 40 for the first odd trick and 30 after (the edition's ``scoring``)
_TRICKS: Final = FIRST_NOTRUMP_40
GAME: Final = _TRICKS.game
"""Trick points that make a game on one board (L77)."""


def _check_tricks(tricks: int) -> None:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(f"tricks must be a whole number from 0 to 13, not {tricks!r} (L77, L79)")


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """Points the defenders score for ``down`` undertricks (L77): undoubled 50/100 each; doubled 100, 200, 200,
    then 300 each not vulnerable (the "extra from the 4th" of L77), 200 then 300 each vulnerable; redoubled
    twice the doubled figure."""
    if isinstance(down, bool) or not isinstance(down, int) or not 0 <= down <= 13:
        raise ScoringError(f"undertricks must be a whole number from 0 to 13, not {down!r} (L77)")
    if doubling is Doubling.NONE:
        return down * _UNDOUBLED_UNDERTRICK[vulnerable]
    first, second_third, later = _DOUBLED_UNDERTRICKS[vulnerable]
    doubled = sum(first if k == 1 else second_third if k <= 3 else later for k in range(1, down + 1))
    return doubled * (2 if doubling is Doubling.REDOUBLED else 1)


@dataclass(frozen=True, slots=True)
class DuplicateScore:
    """One board's score split into the items of the L77 table. Amounts are non-negative; ``total`` is signed
    for declarer's side (the defenders score ``-total``)."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    vulnerable: bool
    trick_points: int = 0
    overtricks: int = 0
    slam_bonus: int = 0
    game_bonus: int = 0
    """300/500 for a game, or the 50 part-score bonus."""
    insult: int = 0
    """50 for making a doubled contract, 100 for a redoubled one."""
    undertricks: int = 0
    """Points the defenders score when the contract fails."""

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def made(self) -> bool:
        return self.contract is not None and self.undertricks == 0

    @property
    def is_game(self) -> bool:
        """100 or more trick points on this board (L77)."""
        return self.trick_points >= GAME

    @property
    def total(self) -> int:
        """Signed score for declarer's side."""
        made = self.trick_points + self.overtricks + self.slam_bonus + self.game_bonus + self.insult
        return made - self.undertricks

    def for_side(self, side: Side) -> int:
        """The signed score for ``side`` (0 for both on a passed-out board, L22B)."""
        if self.declarer is None:
            return 0
        return self.total if self.declarer.side is side else -self.total


def breakdown(contract: Contract | None, declarer: Seat | None, tricks: int | None, vulnerable: bool) -> DuplicateScore:
    """The L77 score of one board, item by item. ``contract=None`` is a passed-out board (L22B): all zero."""
    if contract is None:
        return DuplicateScore(None, None, None, bool(vulnerable))
    if not isinstance(contract, Contract):
        raise ScoringError(f"not a contract: {contract!r}")
    if not isinstance(declarer, Seat):
        raise ScoringError(f"the declarer must be a Seat, not {declarer!r}")
    if tricks is None:
        raise ScoringError("the number of tricks declarer's side won is missing (L79A)")
    _check_tricks(tricks)
    vul = bool(vulnerable)
    need = contract.tricks_needed
    if tricks < need:
        return DuplicateScore(
            contract, declarer, tricks, vul, undertricks=undertrick_penalty(need - tricks, contract.doubling, vul)
        )
    level, strain, doubling = contract.level, contract.strain, contract.doubling
    trick_points = _TRICKS.trick_score(strain, level) * _MULTIPLIER[doubling]
    over = tricks - need
    if doubling is Doubling.NONE:
        overtricks = over and over * _TRICKS.trick_value(strain, level + 1)  # none beyond the 7th odd trick
    else:
        per = _DOUBLED_OVERTRICK * (2 if doubling is Doubling.REDOUBLED else 1) * (2 if vul else 1)
        overtricks = over * per
    slam = _GRAND_SLAM[vul] if level == 7 else _SMALL_SLAM[vul] if level == 6 else 0
    game = _GAME_BONUS[vul] if trick_points >= GAME else _PART_SCORE_BONUS
    return DuplicateScore(
        contract,
        declarer,
        tricks,
        vul,
        trick_points=trick_points,
        overtricks=overtricks,
        slam_bonus=slam,
        game_bonus=game,
        insult=_INSULT[doubling],
    )


def _totals() -> tuple[int, ...]:
    """Every L77 total from ``breakdown``, at ``_index(level, strain, doubling, tricks, vulnerable)``."""
    return tuple(
        breakdown(Contract(level, strain, doubling), Seat.NORTH, tricks, vul).total
        for level, strain, doubling, tricks, vul in product(range(1, 8), Strain, Doubling, range(14), (False, True))
    )


#: ``_TOTALS[(((level - 1) * 5 + strain) * 3 + doubling) * 28 + tricks * 2 + vulnerable]`` is the L77 score.
_TOTALS: Final = _totals()
_TOTALS_ARRAY: Final = np.array(_TOTALS, dtype=np.int64)


def score(contract: Contract | None, declarer: Seat | None, tricks: int | None, vulnerable: bool) -> int:
    """The L77 score signed for declarer's side; 0 for a passed-out board (``contract=None``, L22B)."""
    if (
        contract.__class__ is Contract
        and declarer.__class__ is Seat
        and tricks.__class__ is int
        and 0 <= tricks <= 13
        and (vulnerable is True or vulnerable is False)
    ):
        return _TOTALS[
            ((contract.level * 5 + contract.strain) * 3 + contract.doubling) * 28 - 420 + tricks * 2 + vulnerable
        ]
    return breakdown(contract, declarer, tricks, vulnerable).total


IntArray = npt.NDArray[np.int64]


def score_array(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    tricks: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
) -> IntArray:
    """``score`` for whole arrays of results (broadcast together): levels 1–7, ``Strain`` and ``Doubling`` values
    as integers, tricks 0–13, vulnerability as booleans. Every total is signed for declarer's side (L77); a
    passed-out board has no contract and is left to the caller (it scores 0, L22B)."""
    arrays = [np.asarray(a) for a in (level, strain, doubling, tricks, vulnerable)]
    for name, a, low, high in zip(
        ("level", "strain", "doubling", "tricks", "vulnerable"), arrays, (1, 0, 0, 0, 0), (7, 4, 2, 13, 1), strict=True
    ):
        if a.size and (a.dtype.kind not in "iub" or a.min() < low or a.max() > high):
            raise ScoringError(f"{name} must hold whole numbers from {low} to {high} (L77)")
    lv, st, db, tr, vu = (a.astype(np.int64) for a in arrays)
    index: IntArray = (((lv - 1) * 5 + st) * 3 + db) * 28 + tr * 2 + vu
    out: IntArray = _TOTALS_ARRAY[index]
    return out


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A board's result signed for each side: ``ns == -ew`` (L77, L22B)."""

    detail: DuplicateScore

    @property
    def ns(self) -> int:
        return self.detail.for_side(Side.NS)

    @property
    def ew(self) -> int:
        return self.detail.for_side(Side.EW)


def board_score(
    contract: Contract | None, declarer: Seat | None, tricks: int | None, vulnerability: Vulnerability | Board
) -> BoardScore:
    """Score a board with the vulnerability of its markings (L2; pass the ``Board`` or its ``Vulnerability``):
    declarer's side is vulnerable or not as the board says; the result is signed for NS and for EW."""
    if isinstance(vulnerability, Board):
        vulnerability = vulnerability.vulnerability
    if not isinstance(vulnerability, Vulnerability):
        raise ScoringError(f"not a vulnerability: {vulnerability!r} (use Vulnerability.NONE, NS, EW or BOTH)")
    vul = declarer is not None and vulnerability.is_vulnerable(declarer)
    return BoardScore(breakdown(contract, declarer, tricks, vul))


class PlayedResult(Protocol):
    """Anything with a board's outcome: ``contract`` (``None`` when passed out), ``declarer`` and ``tricks``
    — e.g. ``Table.result``."""

    @property
    def contract(self) -> Contract | None: ...
    @property
    def declarer(self) -> Seat | None: ...
    @property
    def tricks(self) -> int | None: ...


def result_score(result: PlayedResult, vulnerability: Vulnerability | Board) -> BoardScore:
    """Score a table's result (``Table.result``) on its board: ``result_score(table.result, table.board)``."""
    return board_score(result.contract, result.declarer, result.tricks, vulnerability)
