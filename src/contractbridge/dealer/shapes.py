"""Hand patterns: :class:`ShapePattern` (``4-4-x-x``, ``(4333)``, ``any 5332``, ``5+S`` …) and ``shape()``."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

import numpy as np

from contractbridge.cards import Seat, Suit
from contractbridge.dealer.batch import DealBatch, Mask
from contractbridge.dealer.constraints import Constraint, OneSeat
from contractbridge.errors import ConstraintError

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
    fixed = sum(int(item) for item in items if item.isdigit())
    if fixed > 13 or (fixed != 13 and all(item.isdigit() for item in items)):
        # dealer refuses these too ("wrong number of cards in shape"): no hand has such a pattern
        what = f"{fixed} cards" if fixed > 13 else f"only {fixed} cards"
        column = m.end() - len(m.group(0).lstrip()) + 1
        raise ConstraintError(f"shape {m.group(0).strip()} has {what}; a hand has 13", m.string, column)
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


def parse_shape_pattern(text: str, pos: int, *, listed: bool = False) -> tuple[ShapePattern, int]:
    """Read a shape pattern expression starting at ``pos``; returns it and the position after it. ``listed``
    (inside dealer's ``shape(SEAT, …)``) also takes a comma or nothing between terms as ``+``, as dealer does:
    ``shape(north, any 4333, any 4432 5422)``."""
    m = _PATTERN_TERM.match(text, pos)
    if m is None:
        raise ConstraintError("expected a shape pattern such as 4-4-x-x, (4333), any 5332 or 5+S", text, pos + 1)
    shapes = _term_shapes(m)
    end = m.end()
    while True:
        op = re.match(r"\s*([+,-]?)" if listed else r"\s*([+-])", text[end:])
        if op is None:
            break
        nxt = _PATTERN_TERM.match(text, end + op.end())
        if nxt is None:
            break
        other = _term_shapes(nxt)
        shapes = shapes - other if op.group(1) == "-" else shapes | other
        end = nxt.end()
    return ShapePattern(frozenset(shapes)), end


@dataclass(frozen=True, eq=False)
class ShapeIs(OneSeat, Constraint):
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


def shape(seat: Seat, pattern: str | ShapePattern) -> Constraint:
    """``seat``'s hand pattern is one of ``pattern`` (see :class:`ShapePattern`)."""
    if isinstance(pattern, str):
        pattern = ShapePattern.parse(pattern)
    return ShapeIs(Seat(seat), pattern)
