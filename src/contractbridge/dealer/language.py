"""The constraint language (:func:`parse_constraint`): a recursive-descent parser with typed errors carrying the
1-based column, and the registry of functions it knows (:func:`register_function`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from contractbridge.cards import Card, Hand, Seat, Strain, Suit
from contractbridge.contract import Contract, Doubling
from contractbridge.dealer.constraints import Compare, Constraint, HasCard, TrueConstraint
from contractbridge.dealer.expressions import (
    TABLE_FEATURES,
    Abs,
    Avg,
    Cccc,
    Const,
    Expr,
    HandFunction,
    IfElse,
    Imps,
    LeadTricks,
    Rnd,
    Score,
    ScriptState,
    TableFeature,
    Tricks,
    Truth,
    VectorFunction,
    length,
)
from contractbridge.dealer.shapes import ShapeIs, parse_shape_pattern
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
      | (?P<op>&&|\|\||==|!=|<=|>=|<|>|=|!|\+|-|\*|/|%|\?|:|\(|\)|,)
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<string>"[^"]*"|\\n)
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


Node = Expr | Constraint


class _Parser:
    """Recursive descent over the constraint language; errors carry the 1-based column (in ``text``).

    ``variables`` are names a script defined (dealer's ``name = expression``); with ``lenient`` a number is also a
    condition (true where not zero), as in dealer scripts; ``weights`` replace counts' own (``pointcount``);
    ``state`` is what ``rnd`` and ``avg`` read."""

    def __init__(
        self,
        text: str,
        pos: int = 0,
        *,
        variables: dict[str, Node] | None = None,
        lenient: bool = False,
        weights: dict[str, tuple[int, ...]] | None = None,
        state: ScriptState | None = None,
    ):
        self.text = text
        self.pos = pos
        self.variables = {} if variables is None else variables
        self.lenient = lenient
        self.weights = {} if weights is None else weights
        self.state = ScriptState() if state is None else state
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
        node = self.expression()
        if self.tok.kind != "end":
            raise self._error(f"unexpected {self.tok.text!r}")
        return self._constraint(node, self.tok)

    def expression(self) -> Node:
        """One expression, ending before the first token that cannot continue it (dealer's ``?:`` lowest)."""
        start = self.tok
        node = self._or()
        if not self._is("?"):
            return node
        self._advance()
        then = self.expression()
        colon = self._expect(":")
        otherwise = self.expression()
        condition = self._constraint(node, start)
        if isinstance(then, Constraint) and isinstance(otherwise, Constraint):
            return (condition & then) | (~condition & otherwise)
        return IfElse(condition, self._number(then, start), self._number(otherwise, colon))

    def _constraint(self, node: Node, tok: _Tok) -> Constraint:
        if isinstance(node, Constraint):
            return node
        if self.lenient:
            return node.truth()
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
        # In a dealer script ``!`` binds tightest, as in dealer's grammar (defs.y): ``!0 * 2`` is 2 (_unary's).
        if self._is("not", "!") and not self.lenient:
            op = self._advance()
            return ~self._constraint(self._not(), op)
        return self._comparison()

    def _comparison(self) -> Expr | Constraint:
        start = self.tok
        if self._is("shape"):
            return self._shape()
        left = self._compare_chain(start, _EQUALITY_OPS, lambda: self._compare_chain(start, _ORDER_OPS, self._sum))
        if self._is("in"):
            self._advance()
            low = self._int()
            if self.tok.kind != "range":
                raise self._error("expected '..' in a range such as 15..17")
            self._advance()
            high = self._int()
            return self._number(left, start).between(low, high)
        return left

    def _compare_chain(self, start: _Tok, ops: frozenset[str], operand: Callable[[], Node]) -> Node:
        """Comparisons as dealer's grammar (defs.y) has them, left to right, ``<`` … ``>=`` binding tighter
        than ``==``/``!=``: ``2 == 2 != 0`` is ``(2 == 2) != 0``, a condition counting as 1 or 0."""
        left = operand()
        while self.tok.kind == "op" and self.tok.text in ops:
            op = self._advance()
            left = Compare(self._number(left, start), _CMP_OPS[op.text], self._number(operand(), op))
        return left

    def _number(self, node: Node, tok: _Tok) -> Expr:
        """A number; a condition counts 1 where it holds, 0 elsewhere (dealer compares conditions so)."""
        return node if isinstance(node, Expr) else Truth(node)

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
        while self._is("*", "/", "%"):
            op = self._advance()
            left, right = self._number(node, start), self._number(self._unary(), op)
            node = left * right if op.text == "*" else left / right if op.text == "/" else left % right
        return node

    def _unary(self) -> Expr | Constraint:
        if self._is("-"):
            op = self._advance()
            return -self._number(self._unary(), op)
        if self._is("not", "!"):  # an operand negated, as dealer allows: 2 * !0
            op = self._advance()
            return ~self._constraint(self._shape() if self._is("shape") else self._unary(), op)
        return self._atom()

    def _atom(self) -> Expr | Constraint:
        tok = self.tok
        if tok.kind == "num":
            self._advance()
            return Const(float(tok.text) if "." in tok.text else int(tok.text))
        if self._is("("):
            self._advance()
            node = self.expression()
            self._expect(")")
            return node
        if tok.kind == "name":
            name = tok.text.lower()
            if name in self.variables:
                self._advance()
                return self.variables[name]
            if name in ("true", "false"):
                self._advance()
                return TrueConstraint() if name == "true" else ~TrueConstraint()
            if name == "avg":
                self._advance()
                return Avg(self.state)
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
        if name in _NO_SEAT:
            return _NO_SEAT[name](self)
        seat = self._seat()
        if name == "hascard":
            return self._has_card(seat)
        if name in ("tricks", "leadtricks"):
            self._expect(",")
            strain = self._strain()
            self._expect(")")
            return Tricks(seat, strain) if name == "tricks" else self._lead_tricks(tok, seat, strain)
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
        feature = _ALIASES.get(name, name)
        if feature in TABLE_FEATURES:
            return TableFeature(feature, seat, tuple(suits) or tuple(Suit), self.weights.get(feature))
        factory = _FUNCTIONS.get(name)
        if factory is None and name not in _SUIT_FUNCTIONS and name != "cccc":
            known = ", ".join(sorted({*_KNOWN, *_SUIT_FUNCTIONS, *_FUNCTIONS}))
            raise self._error(f"unknown function {tok.text!r} (known: {known})", tok)
        if suits:
            raise self._error(f"{name}() takes only a seat", tok)
        if name in _SUIT_FUNCTIONS:
            return length(seat, _SUIT_FUNCTIONS[name])
        if name == "cccc":
            return Cccc(seat)
        assert factory is not None
        return factory(seat)

    def predealt(self, seat: Seat) -> Hand | None:
        """The cards a script predeals to ``seat`` (none outside a script)."""
        return None

    def _lead_tricks(self, tok: _Tok, declarer: Seat, strain: Strain) -> Expr:
        """suokko/dealer's ``leadtricks(declarer, strain)``: the opening leader's (declarer's left, L54A) 13 cards
        must be predealt, so that every deal has the same leads."""
        leader = declarer.offset(1)
        hand = self.predealt(leader)
        if hand is None or len(hand) != 13:
            raise self._error(
                f"leadtricks({declarer.name.lower()}, {strain.name.lower()}): the opening leader, "
                f"{leader.name.lower()}, needs 13 cards predealt (the seat given is declarer's, as in tricks)",
                tok,
            )
        return LeadTricks.of(declarer, strain, hand)

    def _strain(self) -> Strain:
        tok = self.tok
        strain = _STRAIN_WORDS.get(tok.text.lower()) if tok.kind == "name" else None
        if strain is None:
            raise self._error("expected a strain: spades, hearts, diamonds, clubs or notrump (S, H, D, C, N)")
        self._advance()
        return strain

    def _score(self) -> Expr:
        """``score(vul|nv, [x|xx]CONTRACT, tricks)`` (dealer: the score of the contract, signed for declarer)."""
        tok = self.tok
        if tok.kind != "name" or tok.text.lower() not in ("vul", "nv", "nonvul"):
            raise self._error("expected vul or nv")
        self._advance()
        self._expect(",")
        contract = self.contract()
        self._expect(",")
        tricks = self._number(self.expression(), self.tok)
        self._expect(")")
        return Score(tok.text.lower() == "vul", contract, tricks)

    def contract(self) -> Contract:
        """A contract as dealer writes it (its scanner, scan.l): ``x`` then the level and a capital strain letter,
        then ``x`` if doubled: ``x3N``, ``x4S``, ``x4Hx``; here also without the first ``x`` (``3N``) and with
        ``xx`` for redoubled (``x2Cxx``). Lower-case strains are refused, as dealer refuses them."""
        m = _CONTRACT.match(self.text, self.tok.pos)
        if m is None:
            if _CONTRACT_ANY_CASE.match(self.text, self.tok.pos) is not None:
                raise self._error("a contract's strain is a capital letter, as in dealer: x7C, x3N, x4Hx")
            raise self._error("expected a contract such as x3N, x4S or x4Hx (doubled)")
        doubling = Doubling(len(m.group(4)))
        contract = Contract(int(m.group(2)), _STRAIN_WORDS[m.group(3).lower()], doubling)
        self.pos = m.end()
        self.tok = self._lex()
        return contract

    def _argument(self) -> Expr:
        """The one argument of ``imps``, ``abs``, ``rnd``, and its closing parenthesis."""
        node = self._number(self.expression(), self.tok)
        self._expect(")")
        return node

    def _imps(self) -> Expr:
        return Imps(self._argument())

    def _abs(self) -> Expr:
        """dealer's ``abs(x)``."""
        node = self._argument()
        return Abs(node)

    def _rnd(self) -> Expr:
        return Rnd(self._argument(), self.state)

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
            pattern, end = parse_shape_pattern(self.text, self.pos, listed=True)
            self.pos = end
            self.tok = self._lex()
            self._expect(")")
            return ShapeIs(seat, pattern)
        self._expect(")")
        op = self.tok
        if not (self._is("==", "=", "!=", "in")):
            raise self._error("expected ==, != or in after shape(SEAT), or write shape(SEAT, pattern)")
        pattern, end = parse_shape_pattern(self.text, op.pos + len(op.text))
        self.pos = end
        self.tok = self._lex()
        node: Constraint = ShapeIs(seat, pattern)
        return ~node if op.text == "!=" else node


_NO_SEAT: Final[dict[str, Callable[[_Parser], Expr]]] = {
    "score": _Parser._score,
    "imps": _Parser._imps,
    "abs": _Parser._abs,
    "rnd": _Parser._rnd,
}
#: dealer's other names: singulars, ``hcps``, and ``pt0`` … ``pt9`` for tens … c13 (its scanner, scan.l).
_PT_NAMES: Final = ("tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13")
_ALIASES: Final = {
    "control": "controls",
    "losers": "loser",
    "hcps": "hcp",
    **{name[:-1]: name for name in _PT_NAMES[:5]},
    **{f"pt{i}": name for i, name in enumerate(_PT_NAMES)},
}
_KNOWN: Final = frozenset(
    {"shape", "hascard", "tricks", "leadtricks", "cccc", "avg", *_NO_SEAT, *_ALIASES, *TABLE_FEATURES} - {"length"}
)
_STRAIN_WORDS: Final = {
    **{s.name.lower(): s for s in Strain},
    **{s.letter.lower(): s for s in Strain},
    "notrump": Strain.NOTRUMP,
    "notrumps": Strain.NOTRUMP,
    "nt": Strain.NOTRUMP,
    "n": Strain.NOTRUMP,
}
_CONTRACT_TEXT: Final = r"\s*(x?)([1-7])(NT|N|S|H|D|C)(x{0,2})(?![A-Za-z0-9])"
_CONTRACT: Final = re.compile(_CONTRACT_TEXT)
_CONTRACT_ANY_CASE: Final = re.compile(_CONTRACT_TEXT, re.IGNORECASE)
_CMP_OPS: Final = {">=": ">=", ">": ">", "<=": "<=", "<": "<", "==": "==", "=": "==", "!=": "!="}
_ORDER_OPS: Final = frozenset({">=", ">", "<=", "<"})
_EQUALITY_OPS: Final = frozenset({"==", "=", "!="})
_SEAT_WORDS: Final = {s.letter: s for s in Seat} | {s.name: s for s in Seat}


def parse_constraint(text: str) -> Constraint:
    """Read a constraint of the dealing language (see the module docstring and README).

    Raises :class:`~contractbridge.errors.ConstraintError` with the column of the problem."""
    if not text.strip():
        return TrueConstraint()
    return _Parser(text).parse()
