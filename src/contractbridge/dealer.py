"""Random and constrained dealing, vectorised with NumPy (L6: every deal equally likely).

A batch of deals is a :class:`DealBatch`: an ``(n, 4 seats, 4 suits)`` array of 13-bit rank sets (seats N E S W,
suits C D H S, bit 0 = the two). HCP, suit lengths and controls come from 8192-entry lookup tables, so a
constraint is evaluated over thousands of deals with a handful of array operations.

Constraints are built in Python or parsed from a small language (:func:`parse_constraint`)::

    hcp(N) >= 15 and hcp(N) <= 17 and shape(N) == (4333)
    spades(N) >= 5 and hcp(N) in 15..17
    hcp(north)>=15 && spades(north)>=5                      # dealer-style spelling
    shape(S, any 4333 + any 4432 - 5xxx)                    # dealer-style shape sets
    shape(E) == 4-4-x-x or shape(E) == 5+S

Any ``Hand -> number`` function can be a constraint term (:func:`hand_function`, :func:`register_function`);
vectorised ones (``(n, 4 suits) holdings -> (n,) numbers``) are the fast path.
"""

from __future__ import annotations

import itertools
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Union

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.deal import Deal
from contractbridge.errors import ConstraintError, DealError, DealGenerationError

__all__ = [
    "Constraint",
    "DealBatch",
    "Dealer",
    "Expr",
    "ShapePattern",
    "controls",
    "generate",
    "hand_function",
    "has_card",
    "hcp",
    "length",
    "parse_constraint",
    "register_function",
    "shape",
    "vector_function",
]

Holdings = npt.NDArray[np.uint16]
Numbers = npt.NDArray[np.int64] | npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

# --- lookup tables over a 13-bit holding ------------------------------------------------------------------------

_RANKS13: Final = np.arange(1 << 13, dtype=np.uint32)


def _table(weights: dict[int, int]) -> npt.NDArray[np.int64]:
    out = np.zeros(1 << 13, dtype=np.int64)
    for bit, w in weights.items():
        out += ((_RANKS13 >> bit) & 1).astype(np.int64) * w
    return out


#: Milton Work count: A 4, K 3, Q 2, J 1 (bit 12 = ace).
HCP_TABLE: Final = _table({12: 4, 11: 3, 10: 2, 9: 1})
#: Controls: A 2, K 1.
CONTROLS_TABLE: Final = _table({12: 2, 11: 1})
LENGTH_TABLE: Final = _table(dict.fromkeys(range(13), 1))


# --- batches ----------------------------------------------------------------------------------------------------


class DealBatch:
    """Many deals as arrays. ``holdings[i, seat, suit]`` is a 13-bit rank set."""

    __slots__ = ("_hcp", "_lengths", "holdings")

    def __init__(self, holdings: Holdings) -> None:
        self.holdings = holdings
        self._lengths: npt.NDArray[np.int64] | None = None
        self._hcp: npt.NDArray[np.int64] | None = None

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

    def take(self, index: npt.NDArray[np.intp] | Mask) -> DealBatch:
        return DealBatch(self.holdings[index])

    def hand_bits(self, seat: Seat) -> list[int]:
        """The 52-bit card sets of ``seat``'s hands, as Python ints."""
        h = self.holdings[:, seat, :].astype(np.uint64)
        bits = h[:, 0] | (h[:, 1] << np.uint64(13)) | (h[:, 2] << np.uint64(26)) | (h[:, 3] << np.uint64(39))
        return [int(b) for b in bits]

    def hands(self, seat: Seat) -> list[Hand]:
        return [Hand.from_bits(b) for b in self.hand_bits(seat)]

    def deals(self) -> Iterator[Deal]:
        seats = [self.hand_bits(seat) for seat in Seat]
        for n, e, s, w in zip(*seats, strict=True):
            yield _make_deal(n, e, s, w)

    def __iter__(self) -> Iterator[Deal]:
        return self.deals()

    def __getitem__(self, i: int) -> Deal:
        h = self.holdings[i].astype(np.int64)
        bits = [int(h[s, 0] | h[s, 1] << 13 | h[s, 2] << 26 | h[s, 3] << 39) for s in range(4)]
        return _make_deal(*bits)


def _make_deal(n: int, e: int, s: int, w: int) -> Deal:
    """A deal from four disjoint 13-card bit sets, skipping re-validation (the dealer built them)."""
    deal = object.__new__(Deal)
    object.__setattr__(deal, "_hands", (Hand.from_bits(n), Hand.from_bits(e), Hand.from_bits(s), Hand.from_bits(w)))
    return deal


# --- numeric expressions ----------------------------------------------------------------------------------------

Operand = Union["Expr", int, float]


class Expr(ABC):
    """A number per deal (``hcp(N)``, ``spades(S) + hearts(S)`` …). Compare it to get a :class:`Constraint`."""

    @abstractmethod
    def values(self, batch: DealBatch) -> Numbers:
        """The value for each deal of ``batch``."""

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

    def __repr__(self) -> str:
        return repr(self.value)


_ARITH: Final[dict[str, Callable[[Numbers, Numbers], Numbers]]] = {
    "+": np.add,
    "-": np.subtract,
    "*": np.multiply,
}


@dataclass(frozen=True, eq=False)
class Arith(Expr):
    left: Expr
    op: str
    right: Expr

    def values(self, batch: DealBatch) -> Numbers:
        return _ARITH[self.op](self.left.values(batch), self.right.values(batch))

    def __repr__(self) -> str:
        return f"({self.left!r} {self.op} {self.right!r})"


@dataclass(frozen=True, eq=False)
class TableFeature(Expr):
    """A per-suit lookup summed over the suits given: HCP, length, controls."""

    name: str
    seat: Seat
    suits: tuple[Suit, ...] = tuple(Suit)

    def values(self, batch: DealBatch) -> Numbers:
        if self.name == "length":
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


_TABLES: Final = {"hcp": HCP_TABLE, "controls": CONTROLS_TABLE, "length": LENGTH_TABLE}


@dataclass(frozen=True, eq=False)
class HandFunction(Expr):
    """Any ``Hand -> number`` function of one seat's hand (evaluated deal by deal: the general, slower path)."""

    function: Callable[[Hand], float]
    seat: Seat
    name: str = ""

    def values(self, batch: DealBatch) -> Numbers:
        return np.array([self.function(h) for h in batch.hands(self.seat)], dtype=np.float64)

    def __repr__(self) -> str:
        return f"{self.name or getattr(self.function, '__name__', 'f')}({self.seat.letter})"


@dataclass(frozen=True, eq=False)
class VectorFunction(Expr):
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


# --- constraints ------------------------------------------------------------------------------------------------


class Constraint(ABC):
    """A yes/no test on a deal, evaluated over batches. Combine with ``&``, ``|``, ``~``."""

    @abstractmethod
    def mask(self, batch: DealBatch) -> Mask:
        """Which deals of ``batch`` satisfy the constraint."""

    def __call__(self, deal: Deal) -> bool:
        """Whether one deal satisfies the constraint."""
        return bool(self.mask(DealBatch.from_deals([deal]))[0])

    def __and__(self, other: Constraint) -> Constraint:
        return And(self, other)

    def __or__(self, other: Constraint) -> Constraint:
        return Or(self, other)

    def __invert__(self) -> Constraint:
        return Not(self)


@dataclass(frozen=True)
class TrueConstraint(Constraint):
    def mask(self, batch: DealBatch) -> Mask:
        return np.ones(len(batch), dtype=np.bool_)

    def __repr__(self) -> str:
        return "true"


_CMP: Final[dict[str, Callable[[Numbers, Numbers], Mask]]] = {
    ">=": np.greater_equal,
    ">": np.greater,
    "<=": np.less_equal,
    "<": np.less,
    "==": np.equal,
    "!=": np.not_equal,
}


@dataclass(frozen=True, eq=False)
class Compare(Constraint):
    left: Expr
    op: str
    right: Expr

    def mask(self, batch: DealBatch) -> Mask:
        return _CMP[self.op](self.left.values(batch), self.right.values(batch))

    def __repr__(self) -> str:
        return f"{self.left!r} {self.op} {self.right!r}"


@dataclass(frozen=True)
class And(Constraint):
    """Both; the right side is evaluated only on deals the left side accepts (cheap tests first pay off)."""

    left: Constraint
    right: Constraint

    def mask(self, batch: DealBatch) -> Mask:
        m = self.left.mask(batch)
        idx = np.flatnonzero(m)
        if idx.size:
            m[idx] = self.right.mask(batch.take(idx))
        return m

    def __repr__(self) -> str:
        return f"({self.left!r} and {self.right!r})"


@dataclass(frozen=True)
class Or(Constraint):
    left: Constraint
    right: Constraint

    def mask(self, batch: DealBatch) -> Mask:
        m = self.left.mask(batch)
        idx = np.flatnonzero(~m)
        if idx.size:
            m[idx] = self.right.mask(batch.take(idx))
        return m

    def __repr__(self) -> str:
        return f"({self.left!r} or {self.right!r})"


@dataclass(frozen=True)
class Not(Constraint):
    inner: Constraint

    def mask(self, batch: DealBatch) -> Mask:
        return ~self.inner.mask(batch)

    def __repr__(self) -> str:
        return f"not {self.inner!r}"


# --- shapes -----------------------------------------------------------------------------------------------------

#: Every hand pattern as (spades, hearts, diamonds, clubs): 560 of them.
ALL_SHAPES: Final = tuple(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)


def _shape_code(s: int, h: int, d: int, c: int) -> int:
    return ((s * 14 + h) * 14 + d) * 14 + c


_SUIT_CHARS: Final = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
_ITEM = r"(?:1[0-3]|\d)[+]?|x"
_PATTERN_TERM = re.compile(
    rf"""\s*(?:
        (?P<dashed>(?:{_ITEM})(?:-(?:{_ITEM})){{3}})(?P<dashed_any>\s+any\b)?
      | any\s+(?P<any_prefix>[0-9x]{{4}})
      | \(\s*(?P<paren>[0-9x]{{4}})\s*\)
      | (?P<lengths>(?:1[0-3]|\d)[+-]?\s*[SHDC♠♥♦♣](?:\s*,\s*(?:1[0-3]|\d)[+-]?\s*[SHDC♠♥♦♣])*)(?![A-Za-z0-9])
      | (?P<plain>[0-9x]{{4}})(?P<plain_any>\s+any\b)?
    )""",
    re.VERBOSE | re.IGNORECASE,
)


@dataclass(frozen=True)
class ShapePattern:
    """A set of hand patterns (spades, hearts, diamonds, clubs). Written:

    - ``4-4-x-x``, ``5+-x-x-x``, ``4432``, ``5xxx``: exact order (``x`` any length, ``5+`` five or more);
    - ``(4333)``, ``4333 any``, ``any 4432``: the same numbers in any order;
    - ``5+S``, ``5+♠, 4-♥``: suit lengths (``+`` at least, ``-`` at most), all of them;
    - ``A + B``, ``A - B``: union and difference (as in dealer's ``shape(north, any 4333 + any 5332)``).
    """

    shapes: frozenset[tuple[int, int, int, int]]

    @classmethod
    def parse(cls, text: str) -> ShapePattern:
        pattern, end = parse_shape_pattern(text, 0)
        if text[end:].strip():
            raise ConstraintError(f"unexpected {text[end:].strip()!r} after the shape pattern", text, end + 1)
        return pattern

    def __contains__(self, shape: object) -> bool:
        return shape in self.shapes

    def __or__(self, other: ShapePattern) -> ShapePattern:
        return ShapePattern(self.shapes | other.shapes)

    def __sub__(self, other: ShapePattern) -> ShapePattern:
        return ShapePattern(self.shapes - other.shapes)

    def table(self) -> Mask:
        out = np.zeros(14**4, dtype=np.bool_)
        for shape in self.shapes:
            out[_shape_code(*shape)] = True
        return out


def _term_shapes(m: re.Match[str]) -> frozenset[tuple[int, int, int, int]]:
    if m.group("lengths"):
        bounds: list[tuple[int, int, int]] = []  # (suit position, at least, at most)
        for item in re.finditer(r"(1[0-3]|\d)([+-]?)\s*([SHDC♠♥♦♣])", m.group("lengths"), re.IGNORECASE):
            n, sign, i = int(item.group(1)), item.group(2), _SUIT_CHARS[item.group(3).upper()]
            bounds.append((i, n if sign != "-" else 0, n if sign != "+" else 13))
        return frozenset(sh for sh in ALL_SHAPES if all(lo <= sh[i] <= hi for i, lo, hi in bounds))
    if m.group("dashed"):
        items, any_order = m.group("dashed").split("-"), bool(m.group("dashed_any"))
    elif m.group("any_prefix"):
        items, any_order = list(m.group("any_prefix")), True
    elif m.group("paren"):
        items, any_order = list(m.group("paren")), True
    else:
        items, any_order = list(m.group("plain")), bool(m.group("plain_any"))
    orders = set(itertools.permutations(items)) if any_order else {tuple(items)}
    return frozenset(sh for sh in ALL_SHAPES if any(_fits(sh, order) for order in orders))


def _fits(shape: tuple[int, int, int, int], items: tuple[str, ...]) -> bool:
    for n, item in zip(shape, items, strict=True):
        item = item.lower()
        if item == "x":
            continue
        if item.endswith("+"):
            if n < int(item[:-1]):
                return False
        elif n != int(item):
            return False
    return True


def parse_shape_pattern(text: str, pos: int) -> tuple[ShapePattern, int]:
    """Read a shape pattern expression starting at ``pos``; returns it and the position after it."""
    m = _PATTERN_TERM.match(text, pos)
    if m is None:
        raise ConstraintError("expected a shape pattern such as 4-4-x-x, (4333), any 5332 or 5+S", text, pos + 1)
    shapes = _term_shapes(m)
    end = m.end()
    while True:
        op = re.match(r"\s*([+-])", text[end:])
        if op is None:
            break
        nxt = _PATTERN_TERM.match(text, end + op.end())
        if nxt is None:
            break
        other = _term_shapes(nxt)
        shapes = shapes | other if op.group(1) == "+" else shapes - other
        end = nxt.end()
    return ShapePattern(frozenset(shapes)), end


@dataclass(frozen=True, eq=False)
class ShapeIs(Constraint):
    seat: Seat
    pattern: ShapePattern

    def mask(self, batch: DealBatch) -> Mask:
        lengths = batch.lengths()[:, self.seat]
        s, h, d, c = (lengths[:, suit] for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
        table: Mask = self.pattern.table()
        out: Mask = table[((s * 14 + h) * 14 + d) * 14 + c]
        return out

    def __repr__(self) -> str:
        return f"shape({self.seat.letter}) in <{len(self.pattern.shapes)} patterns>"


@dataclass(frozen=True, eq=False)
class HasCard(Constraint):
    seat: Seat
    card: Card

    def mask(self, batch: DealBatch) -> Mask:
        bits = batch.holdings[:, self.seat, self.card.suit]
        out: Mask = ((bits >> (int(self.card.rank) - 2)) & 1).astype(np.bool_)
        return out

    def __repr__(self) -> str:
        return f"hascard({self.seat.letter}, {self.card})"


def has_card(seat: Seat, card: Card | str) -> Constraint:
    """``seat`` holds ``card`` (dealer's ``hascard(north, AS)``)."""
    return HasCard(Seat(seat), card if isinstance(card, Card) else Card.parse(card))


def shape(seat: Seat, pattern: str | ShapePattern) -> Constraint:
    """``seat``'s hand pattern is one of ``pattern`` (see :class:`ShapePattern`)."""
    if isinstance(pattern, str):
        pattern = ShapePattern.parse(pattern)
    return ShapeIs(Seat(seat), pattern)


# --- the constraint language ------------------------------------------------------------------------------------

FunctionFactory = Callable[[Seat], Expr]
_FUNCTIONS: dict[str, FunctionFactory] = {}


def register_function(name: str, function: Callable[..., object], *, vectorised: bool = False) -> None:
    """Make ``name(SEAT)`` available in the constraint language. ``function`` is ``Hand -> number``, or with
    ``vectorised=True`` ``(n, 4 suits) uint16 holdings -> (n,) numbers``."""
    key = name.lower()
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", key):
        raise ValueError(f"not a function name: {name!r}")
    if vectorised:
        _FUNCTIONS[key] = lambda seat: VectorFunction(function, seat, key)  # type: ignore[arg-type]
    else:
        _FUNCTIONS[key] = lambda seat: HandFunction(function, seat, key)  # type: ignore[arg-type]


_SUIT_FUNCTIONS: Final = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<num>\d+(?:\.\d+)?)(?!\.\d)
      | (?P<range>\.\.)
      | (?P<op>&&|\|\||==|!=|<=|>=|<|>|=|!|\+|-|\*|\(|\)|,)
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


class _Parser:
    """Recursive descent over the constraint language; errors carry the 1-based column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.tok = self._lex()

    # lexing on demand, so that shape patterns can be read raw
    def _lex(self) -> _Tok:
        rest = self.text[self.pos :]
        stripped = len(rest) - len(rest.lstrip())
        if not rest.strip():
            return _Tok("end", "", len(self.text))
        m = _TOKEN.match(self.text, self.pos)
        if m is None:
            p = self.pos + stripped
            raise ConstraintError(f"unexpected character {self.text[p]!r}", self.text, p + 1)
        kind = m.lastgroup or "op"
        start = m.start(kind)
        self.pos = m.end()
        return _Tok(kind, m.group(kind), start)

    def _advance(self) -> _Tok:
        tok = self.tok
        self.tok = self._lex()
        return tok

    def _error(self, message: str, tok: _Tok | None = None) -> ConstraintError:
        tok = tok or self.tok
        return ConstraintError(message, self.text, tok.pos + 1)

    def _is(self, *texts: str) -> bool:
        t = self.tok
        return t.kind in ("op", "name") and t.text.lower() in texts

    def _expect(self, text: str) -> _Tok:
        if not self._is(text):
            found = "the end" if self.tok.kind == "end" else repr(self.tok.text)
            raise self._error(f"expected {text!r}, found {found}")
        return self._advance()

    # grammar
    def parse(self) -> Constraint:
        node = self._or()
        if self.tok.kind != "end":
            raise self._error(f"unexpected {self.tok.text!r}")
        return self._constraint(node, self.tok)

    def _constraint(self, node: Expr | Constraint, tok: _Tok) -> Constraint:
        if isinstance(node, Constraint):
            return node
        raise self._error("a number is not a condition; compare it, e.g. hcp(N) >= 12", tok)

    def _or(self) -> Expr | Constraint:
        start = self.tok
        node = self._and()
        while self._is("or", "||"):
            op = self._advance()
            right = self._and()
            node = self._constraint(node, start) | self._constraint(right, op)
        return node

    def _and(self) -> Expr | Constraint:
        start = self.tok
        node = self._not()
        while self._is("and", "&&"):
            op = self._advance()
            right = self._not()
            node = self._constraint(node, start) & self._constraint(right, op)
        return node

    def _not(self) -> Expr | Constraint:
        if self._is("not", "!"):
            op = self._advance()
            return ~self._constraint(self._not(), op)
        return self._comparison()

    def _comparison(self) -> Expr | Constraint:
        start = self.tok
        if self._is("shape"):
            return self._shape()
        left = self._sum()
        if self.tok.kind == "op" and self.tok.text in _CMP_OPS:
            op = self._advance()
            right = self._sum()
            return Compare(self._number(left, start), _CMP_OPS[op.text], self._number(right, op))
        if self._is("in"):
            self._advance()
            low = self._int()
            if self.tok.kind != "range":
                raise self._error("expected '..' in a range such as 15..17")
            self._advance()
            high = self._int()
            return self._number(left, start).between(low, high)
        return left

    def _number(self, node: Expr | Constraint, tok: _Tok) -> Expr:
        if isinstance(node, Expr):
            return node
        raise self._error("a condition cannot be compared as a number", tok)

    def _int(self) -> int:
        tok = self.tok
        sign = 1
        if self._is("-"):
            self._advance()
            sign, tok = -1, self.tok
        if tok.kind != "num" or "." in tok.text:
            raise self._error("expected a whole number", tok)
        self._advance()
        return sign * int(tok.text)

    def _sum(self) -> Expr | Constraint:
        start = self.tok
        node = self._term()
        while self._is("+", "-"):
            op = self._advance()
            right = self._term()
            left = self._number(node, start)
            node = left + self._number(right, op) if op.text == "+" else left - self._number(right, op)
        return node

    def _term(self) -> Expr | Constraint:
        start = self.tok
        node = self._unary()
        while self._is("*"):
            op = self._advance()
            node = self._number(node, start) * self._number(self._unary(), op)
        return node

    def _unary(self) -> Expr | Constraint:
        if self._is("-"):
            op = self._advance()
            return -self._number(self._unary(), op)
        return self._atom()

    def _atom(self) -> Expr | Constraint:
        tok = self.tok
        if tok.kind == "num":
            self._advance()
            return Const(float(tok.text) if "." in tok.text else int(tok.text))
        if self._is("("):
            self._advance()
            node = self._or()
            self._expect(")")
            return node
        if tok.kind == "name":
            name = tok.text.lower()
            if name in ("true", "false"):
                self._advance()
                return TrueConstraint() if name == "true" else ~TrueConstraint()
            return self._call(tok)
        if tok.kind == "end":
            raise self._error("unexpected end of the constraint")
        raise self._error(f"unexpected {tok.text!r}")

    def _seat(self) -> Seat:
        tok = self.tok
        if tok.kind != "name" or tok.text.upper() not in _SEAT_WORDS:
            raise self._error("expected a seat: N, E, S, W (or north, east, south, west)")
        self._advance()
        return _SEAT_WORDS[tok.text.upper()]

    def _call(self, tok: _Tok) -> Expr | Constraint:
        name = tok.text.lower()
        self._advance()
        self._expect("(")
        seat = self._seat()
        if name == "hascard":
            return self._has_card(seat)
        suits: list[Suit] = []
        while self._is(","):
            self._advance()
            t = self.tok
            if t.kind != "name":
                raise self._error("expected a suit (S, H, D, C or spades …)")
            try:
                suits.append(Suit.parse(t.text))
            except ValueError:
                raise self._error(f"not a suit: {t.text!r}") from None
            self._advance()
        self._expect(")")
        if name in ("hcp", "controls"):
            return TableFeature(name, seat, tuple(suits) or tuple(Suit))
        if suits:
            raise self._error(f"{name}() takes only a seat", tok)
        if name in _SUIT_FUNCTIONS:
            return length(seat, _SUIT_FUNCTIONS[name])
        factory = _FUNCTIONS.get(name)
        if factory is None:
            known = ", ".join(sorted({"hcp", "controls", "shape", "hascard", *_SUIT_FUNCTIONS, *_FUNCTIONS}))
            raise self._error(f"unknown function {tok.text!r} (known: {known})", tok)
        return factory(seat)

    def _has_card(self, seat: Seat) -> Constraint:
        comma = self.tok
        if not self._is(","):
            raise self._error("expected ',' and a card, e.g. hascard(N, SA)")
        m = re.compile(r"\s*([^\s,()]+)").match(self.text, comma.pos + 1)
        if m is None:
            raise self._error("expected a card, e.g. SA or AS", comma)
        try:
            card = Card.parse(m.group(1))
        except ValueError:
            raise ConstraintError(f"not a card: {m.group(1)!r}", self.text, m.start(1) + 1) from None
        self.pos = m.end()
        self.tok = self._lex()
        self._expect(")")
        return HasCard(seat, card)

    def _shape(self) -> Constraint:
        self._advance()
        self._expect("(")
        seat = self._seat()
        if self._is(","):
            # dealer style: shape(north, any 4333 + any 5332); the pattern starts right after the comma
            pattern, end = self._raw_pattern(self.pos)
            self.pos = end
            self.tok = self._lex()
            self._expect(")")
            return ShapeIs(seat, pattern)
        self._expect(")")
        op = self.tok
        if not (self._is("==", "=", "!=", "in")):
            raise self._error("expected ==, != or in after shape(SEAT), or write shape(SEAT, pattern)")
        pattern, end = self._raw_pattern(op.pos + len(op.text))
        self.pos = end
        self.tok = self._lex()
        node: Constraint = ShapeIs(seat, pattern)
        return ~node if op.text == "!=" else node

    def _raw_pattern(self, pos: int) -> tuple[ShapePattern, int]:
        return parse_shape_pattern(self.text, pos)


_CMP_OPS: Final = {">=": ">=", ">": ">", "<=": "<=", "<": "<", "==": "==", "=": "==", "!=": "!="}
_SEAT_WORDS: Final = {s.letter: s for s in Seat} | {s.name: s for s in Seat}


def parse_constraint(text: str) -> Constraint:
    """Read a constraint of the dealing language (see the module docstring and README).

    Raises :class:`~contractbridge.errors.ConstraintError` with the column of the problem."""
    if not text.strip():
        return TrueConstraint()
    return _Parser(text).parse()


# --- dealing ----------------------------------------------------------------------------------------------------

Predeal = Deal | Mapping[Seat, Hand | str]


class Dealer:
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
        owners = np.empty((n, 52), dtype=np.uint8)
        owners[:] = self._owners
        if self._free.size:
            owners[:, self._free] = self.rng.permuted(np.broadcast_to(self._labels, (n, self._labels.size)), axis=1)
        seats = owners.reshape(n, 1, 4, 13) == np.arange(4, dtype=np.uint8).reshape(1, 4, 1, 1)
        packed = np.packbits(seats, axis=-1, bitorder="little")
        holdings = packed.view("<u2").reshape(n, 4, 4)
        return DealBatch(holdings)

    def batches(self) -> Iterator[DealBatch]:
        """Endless batches of accepted deals (some may be empty when the constraint is rare)."""
        while True:
            if self.attempts >= self.max_attempts:
                raise DealGenerationError(
                    f"gave up after {self.attempts} deals: {self.produced} satisfied the constraint {self.constraint!r}"
                )
            batch = self.shuffle(self.batch_size)
            self.attempts += self.batch_size
            if self.constraint is not None:
                batch = batch.take(np.flatnonzero(self.constraint.mask(batch)))
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
    return list(Dealer(constraint, predeal=predeal, seed=seed).deals(n))


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
