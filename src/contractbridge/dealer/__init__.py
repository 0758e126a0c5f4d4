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

The package: ``batch`` (arrays and lookup tables), ``expressions`` (numbers per deal), ``constraints``
(yes/no tests), ``shapes`` (hand patterns), ``suit_tables`` (dealer's per-suit evaluations), ``language`` (the
parser), ``generation`` (:class:`DealGenerator`) and ``script`` (whole scripts of Hans van Staveren's
``dealer``: ``contractbridge dealer SCRIPT``).
The generator was called ``Dealer`` in 0.1; it was renamed because ``Board.dealer`` is a seat.
"""

from __future__ import annotations

from contractbridge.dealer.batch import (
    CONTROLS_TABLE,
    HCP_TABLE,
    LENGTH_TABLE,
    DealBatch,
    Holdings,
    Mask,
    Numbers,
)
from contractbridge.dealer.constraints import And, Compare, Constraint, HasCard, Not, Or, TrueConstraint, has_card
from contractbridge.dealer.expressions import (
    Arith,
    Const,
    Expr,
    HandFunction,
    Operand,
    TableFeature,
    VectorFunction,
    controls,
    hand_function,
    hcp,
    length,
    vector_function,
)
from contractbridge.dealer.generation import DealGenerator, Predeal, generate
from contractbridge.dealer.language import FunctionFactory, parse_constraint, register_function
from contractbridge.dealer.shapes import ALL_SHAPES, ShapeIs, ShapePattern, parse_shape_pattern, shape

__all__ = [
    "ALL_SHAPES",
    "CONTROLS_TABLE",
    "HCP_TABLE",
    "LENGTH_TABLE",
    "And",
    "Arith",
    "Compare",
    "Const",
    "Constraint",
    "DealBatch",
    "DealGenerator",
    "Expr",
    "FunctionFactory",
    "HandFunction",
    "HasCard",
    "Holdings",
    "Mask",
    "Not",
    "Numbers",
    "Operand",
    "Or",
    "Predeal",
    "ShapeIs",
    "ShapePattern",
    "TableFeature",
    "TrueConstraint",
    "VectorFunction",
    "controls",
    "generate",
    "hand_function",
    "has_card",
    "hcp",
    "length",
    "parse_constraint",
    "parse_shape_pattern",
    "register_function",
    "shape",
    "vector_function",
]
