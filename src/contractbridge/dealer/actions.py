"""The actions of a dealer script (``action printall, average …``), printing as dealer does.

The layouts follow suokko/dealer's ``main.cpp`` and ``dealer.cpp`` (read, not copied): ``printall`` numbers each
deal (``%4d.``) and lays the four hands side by side, a suit per line, each card followed by a space and each
hand but the last padded to 20 columns (a void is ``-``); ``printew`` does the same for West then East, without
the number; ``print(SEAT, …)`` keeps the deals and prints them at the end, seat by seat (``North hands:``), four
deals across, each seat's sheet ended by a form feed. ``average`` prints ``label: value`` (C's ``%g``),
``frequency`` the values that occurred (``Low``/``High`` for those outside the range), ``evalcontract`` the
average double-dummy score of every contract for North and for South as declarer (L77).

A value per opening lead (``leadtricks``) is printed as dealer prints it: ``frequency`` of one becomes a table of
its values (rows) by lead (columns, ``SA`` …), ``average`` adds up the mean over the leads of each deal, and the
printing actions and a 2-D ``frequency`` take that mean truncated to a whole number.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from contractbridge.cards import SUITS_HIGH_FIRST, Card, Hand, Seat, Strain, Suit
from contractbridge.contract import Contract
from contractbridge.deal import Deal
from contractbridge.dealer.batch import DealBatch, Numbers, mean, whole
from contractbridge.dealer.constraints import Constraint
from contractbridge.dealer.expressions import Expr, Score, ScriptState, Tricks, lead_cards

if TYPE_CHECKING:
    from contractbridge.dealer.script import DealerScript


class Action(ABC):
    """One of ``action``'s items: it sees every deal produced, and may print a report at the end."""

    #: whether the action is given each deal to print (dealer then produces 40 deals unless told otherwise)
    prints_deals: bool = False

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        """Text for one produced deal (printing actions only)."""
        return ""

    def observe(self, batch: DealBatch) -> None:
        """Take in a batch of produced deals."""
        return None

    @abstractmethod
    def report(self, pbn: bool) -> str:
        """Text printed after the last deal."""


def _cell(hand: Hand, suit: Suit) -> str:
    """One suit of a hand as dealer lays it out: each card then a space; a void is ``- ``."""
    return "".join(f"{card.rank.letter} " for card in hand if card.suit == suit) or "- "


def _side_by_side(hands: Sequence[Hand]) -> str:
    """Hands side by side, a suit per line (spades first), each but the last padded to 20 columns."""
    lines = []
    for suit in SUITS_HIGH_FIRST:
        cells = [_cell(hand, suit) for hand in hands]
        lines.append("".join(cell.ljust(20) for cell in cells[:-1]) + cells[-1] + "\n")
    return "".join(lines) + "\n"


def hands_text(number: int, deal: Deal, seats: Sequence[Seat]) -> str:
    """``printall`` (all four seats: the deal's number first) and ``printew`` (West, East: no number)."""
    header = f"{number:4d}.\n" if len(seats) == 4 else ""
    return header + _side_by_side([deal.hands[seat] for seat in seats])


def _holding(hand: Hand, suit: object) -> str:
    return "".join(card.rank.letter for card in hand if card.suit == suit)


@dataclass
class PrintHands(Action):
    """``printall`` (all four hands) and ``printew`` (West and East)."""

    seats: tuple[Seat, ...]
    prints_deals = True

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        return script.pbn_game(number, deal) if pbn else hands_text(number, deal, self.seats)

    def report(self, pbn: bool) -> str:
        return ""


@dataclass
class PrintStored(Action):
    """``print(SEAT, …)``: the deals are kept and printed after the last, one sheet per seat (in the order
    North, East, South, West), four deals across."""

    seats: frozenset[Seat]
    kept: list[Deal] = field(default_factory=list)
    prints_deals = True

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        if pbn:
            return script.pbn_game(number, deal)
        self.kept.append(deal)
        return ""

    def report(self, pbn: bool) -> str:
        if pbn:
            return ""
        out = []
        for seat in Seat:
            if seat not in self.seats:
                continue
            out.append(f"\n\n{seat.name.title()} hands:\n\n\n\n")
            for first in range(0, len(self.kept), 4):
                group = self.kept[first : first + 4]
                out.append("".join(f"{first + k + 1:4d}.{'':15}" for k in range(len(group))) + "\n")
                out.append(_side_by_side([deal.hands[seat] for deal in group]))
            out.append("\f")
        return "".join(out)


@dataclass
class PrintPbn(Action):
    """``printpbn``: each deal as a PBN game (PBN 2.1 §3: the mandatory tags)."""

    prints_deals = True

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        return script.pbn_game(number, deal)

    def report(self, pbn: bool) -> str:
        return ""


class PerDeal(Action):
    """An action printing values of expressions for each deal: they are computed batch by batch as the deals
    are observed, and taken in order as the deals are printed."""

    prints_deals = True

    def __init__(self, exprs: Sequence[Expr]) -> None:
        self.exprs = tuple(exprs)
        self.pending: deque[tuple[int, ...]] = deque()

    def observe(self, batch: DealBatch) -> None:
        columns = [whole(e.values(batch)).tolist() for e in self.exprs]
        self.pending.extend(zip(*columns, strict=True) if columns else [()] * len(batch))

    def report(self, pbn: bool) -> str:
        return ""


class PrintCompact(PerDeal):
    """``printcompact`` (a line per hand: ``n AK32.Q4.T9876.5``) and ``printoneline`` (the four on one line),
    each optionally followed by the value of an expression: ``printoneline (hcp(north))``."""

    def __init__(self, one_line: bool, expr: Expr | None = None) -> None:
        super().__init__([] if expr is None else [expr])
        self.one_line = one_line

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        values = self.pending.popleft()
        if pbn:
            return script.pbn_game(number, deal)
        hands = [
            f"{seat.name[0].lower()} " + ".".join(_holding(deal.hands[seat], suit) for suit in SUITS_HIGH_FIRST)
            for seat in Seat
        ]
        text = (" " if self.one_line else "\n").join(hands) + "\n"
        return text + "".join(f"{v}\n" for v in values)


class PrintEs(PerDeal):
    """``printes (item, …)``: for each deal, strings as written and expressions' whole values, nothing
    between them (a string may hold a newline)."""

    def __init__(self, items: Sequence[Expr | str]) -> None:
        super().__init__([item for item in items if not isinstance(item, str)])
        self.items = tuple(items)

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        values = iter(self.pending.popleft())
        return "".join(item if isinstance(item, str) else str(next(values)) for item in self.items)


def report_lines(lines: Sequence[str], pbn: bool) -> str:
    """Report lines; in a PBN output each is a ``%`` comment line (PBN 2.1 §2.3), so the file stays PBN."""
    return "".join(("% " if pbn else "") + line + "\n" for line in lines)


@dataclass
class Average(Action):
    """``average "label" expr``: the mean over the deals produced. With a condition, ``average "label" (expr,
    condition)``, it is printed only if the condition holds when the deals are done: dealer tests it once, on
    the last deal dealt, with ``avg`` reading this average."""

    label: str
    expr: Expr
    state: ScriptState
    condition: Constraint | None = None
    total: float = 0.0
    count: int = 0
    last: DealBatch | None = None

    def observe(self, batch: DealBatch) -> None:
        self.total += float(np.sum(mean(self.expr.values(batch))))
        self.count += len(batch)
        if len(batch):
            self.last = batch.take(np.array([len(batch) - 1]))

    def report(self, pbn: bool) -> str:
        mean = self.total / self.count if self.count else 0.0
        self.state.average = mean
        if self.condition is not None:
            last = self.last if self.last is not None else DealBatch(np.zeros((1, 4, 4), dtype=np.uint16))
            if not self.condition.mask(last)[0]:
                return ""
        return report_lines([(f"{self.label}: " if self.label else "") + f"{mean:g}"], pbn)


@dataclass
class Frequency(Action):
    """``frequency "label" (expr, low, high)`` and the 2-D ``(expr, low, high, expr, low, high)``: how often
    each value occurs; values outside a range are counted as ``Low``/``High``. Of a value per opening lead, the
    1-D form counts each value by lead (``leads``, the table's columns)."""

    label: str
    axes: tuple[tuple[Expr, int, int], ...]
    counts: npt.NDArray[np.int64] = field(init=False)
    leads: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        self.counts = np.zeros([high - low + 3 for _, low, high in self.axes], dtype=np.int64)

    def observe(self, batch: DealBatch) -> None:
        if not len(batch):
            return
        values = [e.values(batch) for e, _, _ in self.axes]
        if len(values) == 1 and values[0].ndim == 2:
            self._observe_leads(values[0])
            return
        index = [
            np.clip(whole(v) if v.ndim == 2 else v, low - 1, high + 1).astype(np.int64) - (low - 1)
            for v, (_, low, high) in zip(values, self.axes, strict=True)
        ]
        flat = np.ravel_multi_index(tuple(index), self.counts.shape)
        self.counts += np.bincount(flat, minlength=self.counts.size).reshape(self.counts.shape)

    def _observe_leads(self, values: Numbers) -> None:
        """dealer's lead frequency: each deal counts once in every lead's column, in the row of its value."""
        (expr, low, high) = self.axes[0]
        k = values.shape[1]
        if not self.leads:
            self.leads = lead_cards(expr)[:k]
            self.counts = np.zeros((high - low + 3, k), dtype=np.int64)
        rows = np.clip(values, low - 1, high + 1).astype(np.int64) - (low - 1)
        np.add.at(self.counts, (rows, np.arange(k)[np.newaxis, :]), 1)

    def report(self, pbn: bool) -> str:
        lines = [f"Frequency {self.label}:"]
        if self.leads:
            return report_lines(lines + self._grid([f"     {card}" for card in self.leads]), pbn)
        if len(self.axes) == 1:
            (_, low, high) = self.axes[0]
            for k, n in enumerate(self.counts.tolist()):
                if n:
                    v = k + low - 1
                    name = "Low\t" if v < low else "High\t" if v > high else f"{v:5d}\t"
                    lines.append(f"{name}{n:8d}")
            return report_lines(lines, pbn)
        (_, low2, _) = self.axes[1]
        last = self.counts.shape[1] - 1
        heads = ["    Low", *(f" {c + low2 - 1:6d}" for c in range(1, last)), "   High"]
        return report_lines(lines + self._grid(heads), pbn)

    def _grid(self, heads: Sequence[str]) -> list[str]:
        """The 2-D table as dealer prints it, ``heads`` naming the columns: only the rows and columns with a
        count, each row and column summed."""
        low1 = self.axes[0][1]
        counts = self.counts
        rows = np.flatnonzero(counts.any(axis=1)).tolist()
        cols = np.flatnonzero(counts.any(axis=0)).tolist()
        lines = ["    " + "".join(heads[c] for c in cols) + "    Sum"]
        for r in rows:
            name = "Low " if r == 0 else "High" if r == counts.shape[0] - 1 else f"{r + low1 - 1:4d}"
            cells = counts[r, cols].tolist()
            lines.append(name + "".join(f" {n:6d}" for n in cells) + f" {sum(cells):6d}")
        sums = counts[:, cols].sum(axis=0).tolist()
        lines.append("Sum " + "".join(f" {n:6d}" for n in sums) + f" {int(counts.sum()):6d}")
        return [*lines, ""]


def _c_div(a: int, b: int) -> int:
    """C's integer division (truncated towards zero), as dealer's averages are printed."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


@dataclass
class EvalTable(Action):
    """dealer's bare ``evalcontract``: for every contract, the average double-dummy score (L77) with North and
    with South declaring, not vulnerable and vulnerable (``NORTH/SOUTH`` per level, a line per strain)."""

    counts: np.ndarray = field(default_factory=lambda: np.zeros((2, 5, 14), dtype=np.int64))
    count: int = 0
    prints_deals = True

    def observe(self, batch: DealBatch) -> None:
        if not len(batch):
            return
        tricks = batch.dd_tricks()
        for k, seat in enumerate((Seat.NORTH, Seat.SOUTH)):
            for strain in Strain:
                self.counts[k, strain] += np.bincount(tricks[:, strain, seat], minlength=14)
        self.count += len(batch)

    def report(self, pbn: bool) -> str:
        from contractbridge.scoring.duplicate import score_array

        n = max(self.count, 1)
        lines = []
        for vul in (False, True):
            lines.append(f"{'' if vul else 'Not '}Vulnerable")
            lines.append("   " + "".join(f"  {level}       " for level in range(1, 8)))
            for strain in Strain:
                cells = []
                for level in range(1, 8):
                    scores = score_array(level, int(strain), 0, np.arange(14), vul)
                    north, south = (int(np.dot(self.counts[k, strain], scores)) for k in (0, 1))
                    cells.append(f"{_c_div(north, n):4d}/{_c_div(south, n):4d} ")
                lines.append(f"{'cdhsn'[strain]}: " + "".join(cells))
            lines.append("")
        return report_lines(lines, pbn)


@dataclass
class EvalContract(Action):
    """``evalcontract (SEAT, CONTRACT, vul|nv)`` (this package's form): one contract played double dummy by the
    seat on every deal produced; reports the average score for declarer's side (L77) and how often it makes."""

    seat: Seat
    contract: Contract
    vulnerable: bool
    total: int = 0
    made: int = 0
    count: int = 0

    def observe(self, batch: DealBatch) -> None:
        tricks = Tricks(self.seat, self.contract.strain)
        scores = Score(self.vulnerable, self.contract, tricks).values(batch)
        self.total += int(np.sum(scores))
        self.made += int(np.sum(tricks.values(batch) >= self.contract.level + 6))
        self.count += len(batch)

    def report(self, pbn: bool) -> str:
        n = max(self.count, 1)
        vul = "vul" if self.vulnerable else "nv"
        line = (
            f"evalcontract {self.seat.name.lower()} {self.contract} {vul}: average score {self.total / n:.1f}, "
            f"made {100 * self.made / n:.1f}% of {self.count} deals"
        )
        return report_lines([line], pbn)
