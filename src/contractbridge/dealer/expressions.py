"""Numeric expressions over a batch of deals: ``hcp(N)``, ``spades(S) + hearts(S)``, any hand function.

Compare an expression to get a :class:`~contractbridge.dealer.constraints.Constraint`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Final, Union

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Card, Hand, Seat, Strain, Suit
from contractbridge.contract import Contract
from contractbridge.dealer.batch import (
    CONTROLS_TABLE,
    HCP_TABLE,
    LENGTH_TABLE,
    DealBatch,
    Holdings,
    Numbers,
    lead_groups,
    per_lead,
    rank_table,
)
from contractbridge.dealer.constraints import Compare, Constraint, OneSeat
from contractbridge.dealer.suit_tables import (
    C13_TABLE,
    CCCC_FLAT,
    CCCC_OTHER,
    CCCC_SUIT_TABLE,
    HONOUR_TABLES,
    LOSER_TABLE,
    QUALITY_TABLE,
    TOP_TABLES,
)

Operand = Union["Expr", int, float]


class Expr(ABC):
    """A number per deal (``hcp(N)``, ``spades(S) + hearts(S)`` …). Compare it to get a :class:`Constraint`."""

    @abstractmethod
    def values(self, batch: DealBatch) -> Numbers:
        """The value for each deal of ``batch``."""

    @property
    def seats(self) -> frozenset[Seat]:
        """The seats whose hands this reads (the generator deals them first and rejects early)."""
        return frozenset(Seat)

    def _cmp(self, op: str, other: Operand) -> Constraint:
        return Compare(self, op, _expr(other))

    def __ge__(self, other: Operand) -> Constraint:
        return self._cmp(">=", other)

    def __gt__(self, other: Operand) -> Constraint:
        return self._cmp(">", other)

    def __le__(self, other: Operand) -> Constraint:
        return self._cmp("<=", other)

    def __lt__(self, other: Operand) -> Constraint:
        return self._cmp("<", other)

    def __eq__(self, other: Operand) -> Constraint:  # type: ignore[override]
        return self._cmp("==", other)

    def __ne__(self, other: Operand) -> Constraint:  # type: ignore[override]
        return self._cmp("!=", other)

    def __hash__(self) -> int:
        return id(self)

    def between(self, low: Operand, high: Operand) -> Constraint:
        """``low <= self <= high`` (the language's ``in low..high``)."""
        return (self >= low) & (self <= high)

    def __add__(self, other: Operand) -> Expr:
        return Arith(self, "+", _expr(other))

    def __radd__(self, other: Operand) -> Expr:
        return Arith(_expr(other), "+", self)

    def __sub__(self, other: Operand) -> Expr:
        return Arith(self, "-", _expr(other))

    def __rsub__(self, other: Operand) -> Expr:
        return Arith(_expr(other), "-", self)

    def __mul__(self, other: Operand) -> Expr:
        return Arith(self, "*", _expr(other))

    def __rmul__(self, other: Operand) -> Expr:
        return Arith(_expr(other), "*", self)

    def __neg__(self) -> Expr:
        return Arith(Const(0), "-", self)

    def __truediv__(self, other: Operand) -> Expr:
        """dealer's ``/``: truncated towards zero for whole numbers."""
        return Arith(self, "/", _expr(other))

    def __mod__(self, other: Operand) -> Expr:
        return Arith(self, "%", _expr(other))

    def truth(self) -> Constraint:
        """The expression as a condition, as in C and dealer: true where it is not zero."""
        return Compare(self, "!=", Const(0))


def _expr(x: Operand) -> Expr:
    if isinstance(x, Expr):
        return x
    if isinstance(x, bool) or not isinstance(x, int | float):
        raise TypeError(f"not a number or expression: {x!r}")
    return Const(x)


@dataclass(frozen=True, eq=False)
class Const(Expr):
    value: int | float

    def values(self, batch: DealBatch) -> Numbers:
        return np.full(len(batch), self.value)

    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset()

    def __repr__(self) -> str:
        return repr(self.value)


def _divide(a: Numbers, b: Numbers, *, remainder: bool) -> Numbers:
    """C's ``/`` and ``%`` as dealer computes them: the quotient truncated towards zero; dividing by zero gives
    the largest or smallest 32-bit number (0 for 0), and the remainder 0 (dealer.cpp's ``value`` operators)."""
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    zero = b == 0
    safe = np.where(zero, 1, b)
    quotient = np.trunc(np.true_divide(a, safe))
    if np.issubdtype(np.result_type(a, b), np.integer):
        quotient = quotient.astype(np.int64)
    if remainder:
        out: Numbers = np.where(zero, 0, a - quotient * safe)
    else:
        out = np.where(zero, np.sign(a) * (2**31 - 1) - (a < 0), quotient)
    return out


_ARITH: Final[dict[str, Callable[[Numbers, Numbers], Numbers]]] = {
    "+": np.add,
    "-": np.subtract,
    "*": np.multiply,
    "/": partial(_divide, remainder=False),
    "%": partial(_divide, remainder=True),
}


@dataclass(frozen=True, eq=False)
class Arith(Expr):
    left: Expr
    op: str
    right: Expr

    def values(self, batch: DealBatch) -> Numbers:
        return _ARITH[self.op](*per_lead(self.left.values(batch), self.right.values(batch)))

    @property
    def seats(self) -> frozenset[Seat]:
        return self.left.seats | self.right.seats

    def __repr__(self) -> str:
        return f"({self.left!r} {self.op} {self.right!r})"


@dataclass(frozen=True, eq=False)
class TableFeature(OneSeat, Expr):
    """A per-suit lookup summed over the suits given: HCP, length, controls. ``weights`` (the value of each rank,
    the two first) replace a count's own, as dealer's ``pointcount`` and ``altcount`` do."""

    name: str
    seat: Seat
    suits: tuple[Suit, ...] = tuple(Suit)
    weights: tuple[int, ...] | None = None

    def values(self, batch: DealBatch) -> Numbers:
        if self.weights is not None:
            per_suit = weights_table(self.weights)[batch.holdings[:, self.seat]]
        elif self.name == "length":
            per_suit = batch.lengths()[:, self.seat]
        elif self.name == "hcp":
            per_suit = batch.hcp()[:, self.seat]
        else:
            per_suit = _TABLES[self.name][batch.holdings[:, self.seat]]
        if len(self.suits) == 1:
            out: Numbers = per_suit[:, self.suits[0]]
            return out
        total: Numbers = per_suit[:, list(self.suits)].sum(axis=1)
        return total

    def __repr__(self) -> str:
        if self.name == "length" and len(self.suits) == 1:
            return f"{self.suits[0].name.lower()}({self.seat.letter})"
        suits = "" if len(self.suits) == 4 else ", " + "".join(s.letter for s in self.suits)
        return f"{self.name}({self.seat.letter}{suits})"


_TABLES: Final = {
    "hcp": HCP_TABLE,
    "controls": CONTROLS_TABLE,
    "length": LENGTH_TABLE,
    "loser": LOSER_TABLE,
    "quality": QUALITY_TABLE,
    **{f"top{n}": table for n, table in TOP_TABLES.items()},
    **HONOUR_TABLES,
    "c13": C13_TABLE,
}
#: The names a :class:`TableFeature` may have: per-suit lookups summed over suits.
TABLE_FEATURES: Final = frozenset(_TABLES)


@lru_cache(maxsize=32)
def weights_table(weights: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """The lookup table of a count giving ``weights[r]`` for the rank at bit ``r`` (the two at bit 0)."""
    return rank_table(dict(enumerate(weights)))


class ScriptState:
    """What a running script's expressions share: its random source (dealer's ``rnd``) and the last average
    reported (dealer's ``avg``)."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng()
        self.average = 0.0


@dataclass(frozen=True, eq=False)
class Rnd(Expr):
    """dealer's ``rnd(n)``: a whole number from 0 to n - 1 drawn at random for each deal (0 when n < 1)."""

    bound: Expr
    state: ScriptState

    @property
    def seats(self) -> frozenset[Seat]:
        return self.bound.seats

    def values(self, batch: DealBatch) -> Numbers:
        bound = self.bound.values(batch).astype(np.int64)
        out: Numbers = np.where(bound > 0, np.floor(self.state.rng.random(bound.shape) * np.maximum(bound, 1)), 0)
        return out.astype(np.int64)

    def __repr__(self) -> str:
        return f"rnd({self.bound!r})"


@dataclass(frozen=True, eq=False)
class Avg(Expr):
    """dealer's ``avg``: the last average an ``average`` action reported, × 1,000,000, as a whole number (0
    while dealing)."""

    state: ScriptState

    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset()

    def values(self, batch: DealBatch) -> Numbers:
        return np.full(len(batch), int(self.state.average * 1_000_000), dtype=np.int64)

    def __repr__(self) -> str:
        return "avg"


@dataclass(frozen=True, eq=False)
class Truth(Expr):
    """A condition as a number, 1 where it holds and 0 elsewhere (dealer compares conditions this way:
    ``(spades(N) == hearts(N)) == 1``)."""

    condition: Constraint

    def values(self, batch: DealBatch) -> Numbers:
        out: Numbers = self.condition.marks(batch).astype(np.int64)
        return out

    @property
    def seats(self) -> frozenset[Seat]:
        return self.condition.seats

    def __repr__(self) -> str:
        return f"({self.condition!r})"


@dataclass(frozen=True, eq=False)
class IfElse(Expr):
    """dealer's ``condition ? then : otherwise``, deal by deal (a condition per opening lead holds where it holds
    for every lead; the value chosen may be one per lead)."""

    condition: Constraint
    then: Expr
    otherwise: Expr

    def values(self, batch: DealBatch) -> Numbers:
        values = per_lead(self.condition.mask(batch), self.then.values(batch), self.otherwise.values(batch))
        out: Numbers = np.where(*values)
        return out

    @property
    def seats(self) -> frozenset[Seat]:
        return self.condition.seats | self.then.seats | self.otherwise.seats

    def __repr__(self) -> str:
        return f"({self.condition!r} ? {self.then!r} : {self.otherwise!r})"


@dataclass(frozen=True, eq=False)
class Cccc(OneSeat, Expr):
    """Kaplan–Rubens hand value × 100 (dealer's ``cccc``; see :mod:`.suit_tables`)."""

    seat: Seat

    def values(self, batch: DealBatch) -> Numbers:
        suits = CCCC_SUIT_TABLE[batch.holdings[:, self.seat]].sum(axis=1)
        flat = np.sort(batch.lengths()[:, self.seat], axis=1)[:, 0] == 3  # 4-3-3-3
        out: Numbers = suits - np.where(flat, CCCC_FLAT, CCCC_OTHER)
        return out

    def __repr__(self) -> str:
        return f"cccc({self.seat.letter})"


@dataclass(frozen=True, eq=False)
class Tricks(OneSeat, Expr):
    """Double-dummy tricks for ``seat`` as declarer in ``strain`` (dealer's ``tricks``), through DDS."""

    seat: Seat
    strain: Strain

    @property
    def seats(self) -> frozenset[Seat]:
        return frozenset(Seat)

    def values(self, batch: DealBatch) -> Numbers:
        out: Numbers = batch.dd_tricks()[:, self.strain, self.seat].astype(np.int64)
        return out

    def __repr__(self) -> str:
        return f"tricks({self.seat.letter}, {self.strain.letter})"


@dataclass(frozen=True, eq=False)
class LeadTricks(Expr):
    """suokko/dealer's ``leadtricks(seat, strain)``: declarer ``seat``'s double-dummy tricks in ``strain`` after
    each opening lead by the player on declarer's left (L54A), a value per lead (``(n, k)``), through DDS.
    ``leads`` are the leader's predealt cards that can differ (:func:`~.batch.lead_groups`)."""

    seat: Seat
    strain: Strain
    leads: tuple[Card, ...]

    @classmethod
    def of(cls, seat: Seat, strain: Strain, leader_hand: Hand) -> LeadTricks:
        return cls(seat, strain, lead_groups(leader_hand))

    def values(self, batch: DealBatch) -> Numbers:
        return batch.lead_tricks(self.seat, self.strain, self.leads)

    def __repr__(self) -> str:
        return f"leadtricks({self.seat.letter}, {self.strain.letter})"


def parts(node: object) -> Iterator[object]:
    """``node`` and everything it is built of (a walk over the dataclass fields of conditions and expressions)."""
    yield node
    fields: dict[str, object] = getattr(node, "__dataclass_fields__", {})
    for name in fields:
        yield from parts(getattr(node, name))


def lead_cards(node: object) -> tuple[Card, ...]:
    """The opening leads a value per lead is given for: those of the first ``leadtricks`` in ``node``."""
    return next((part.leads for part in parts(node) if isinstance(part, LeadTricks)), ())


@dataclass(frozen=True, eq=False)
class Abs(Expr):
    """dealer's ``abs(x)``, lead by lead for a value per opening lead."""

    inner: Expr

    @property
    def seats(self) -> frozenset[Seat]:
        return self.inner.seats

    def values(self, batch: DealBatch) -> Numbers:
        out: Numbers = np.abs(self.inner.values(batch))
        return out

    def __repr__(self) -> str:
        return f"abs({self.inner!r})"


@dataclass(frozen=True, eq=False)
class Score(Expr):
    """dealer's ``score(vul, contract, tricks)``: the duplicate score of ``contract`` taking ``tricks``, signed
    for declarer's side (L77)."""

    vulnerable: bool
    contract: Contract
    tricks: Expr

    @property
    def seats(self) -> frozenset[Seat]:
        return self.tricks.seats

    def values(self, batch: DealBatch) -> Numbers:
        from contractbridge.scoring.duplicate import score_array

        tricks = np.clip(self.tricks.values(batch), 0, 13).astype(np.int64)
        c = self.contract
        out: Numbers = score_array(c.level, int(c.strain), int(c.doubling), tricks, self.vulnerable)
        return out

    def __repr__(self) -> str:
        return f"score({'vul' if self.vulnerable else 'nv'}, {self.contract}, {self.tricks!r})"


@dataclass(frozen=True, eq=False)
class Imps(Expr):
    """dealer's ``imps(difference)``: IMPs for a point difference, signed like it (L78B)."""

    difference: Expr

    @property
    def seats(self) -> frozenset[Seat]:
        return self.difference.seats

    def values(self, batch: DealBatch) -> Numbers:
        from contractbridge.scoring.compare import imps_array

        difference = self.difference.values(batch)
        out: Numbers = imps_array(difference.ravel()).reshape(difference.shape)
        return out

    def __repr__(self) -> str:
        return f"imps({self.difference!r})"


@dataclass(frozen=True, eq=False)
class HandFunction(OneSeat, Expr):
    """Any ``Hand -> number`` function of one seat's hand (evaluated deal by deal: the general, slower path)."""

    function: Callable[[Hand], float]
    seat: Seat
    name: str = ""

    def values(self, batch: DealBatch) -> Numbers:
        return np.array([self.function(h) for h in batch.hands(self.seat)], dtype=np.float64)

    def __repr__(self) -> str:
        return f"{self.name or getattr(self.function, '__name__', 'f')}({self.seat.letter})"


@dataclass(frozen=True, eq=False)
class VectorFunction(OneSeat, Expr):
    """A vectorised function of one seat's holdings: ``(n, 4 suits) uint16 -> (n,) numbers`` (the fast path)."""

    function: Callable[[Holdings], Numbers]
    seat: Seat
    name: str = ""

    def values(self, batch: DealBatch) -> Numbers:
        return self.function(batch.holdings[:, self.seat, :])

    def __repr__(self) -> str:
        return f"{self.name or getattr(self.function, '__name__', 'f')}({self.seat.letter})"


def hcp(seat: Seat, *suits: Suit) -> Expr:
    """High-card points of ``seat`` (in ``suits`` if given): A 4, K 3, Q 2, J 1."""
    return TableFeature("hcp", Seat(seat), tuple(suits) or tuple(Suit))


def controls(seat: Seat, *suits: Suit) -> Expr:
    """Controls of ``seat``: A 2, K 1."""
    return TableFeature("controls", Seat(seat), tuple(suits) or tuple(Suit))


def length(seat: Seat, suit: Suit) -> Expr:
    """Number of cards ``seat`` holds in ``suit``."""
    return TableFeature("length", Seat(seat), (Suit(suit),))


def hand_function(function: Callable[[Hand], float], seat: Seat, name: str = "") -> Expr:
    return HandFunction(function, Seat(seat), name)


def vector_function(function: Callable[[Holdings], Numbers], seat: Seat, name: str = "") -> Expr:
    return VectorFunction(function, Seat(seat), name)
