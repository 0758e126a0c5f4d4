"""The constraint language (:func:`parse_constraint`): a recursive-descent parser with typed errors carrying the
1-based column, and the registry of functions it knows (:func:`register_function`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from contractbridge.cards import Card, Seat, Suit
from contractbridge.dealer.constraints import Compare, Constraint, HasCard, TrueConstraint
from contractbridge.dealer.expressions import Const, Expr, HandFunction, TableFeature, VectorFunction, length
from contractbridge.dealer.shapes import ShapeIs, ShapePattern, parse_shape_pattern
from contractbridge.errors import ConstraintError

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
