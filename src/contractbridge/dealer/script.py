"""Whole scripts of Hans van Staveren's ``dealer`` (and the Dealer3 dialect), run on this package's engine.

A script is a sequence of statements (newlines do not matter; ``#``, ``//`` and ``/* */`` comments)::

    generate 1000000          # shuffles allowed at most
    produce 10                # deals wanted
    dealer south
    vulnerable NS
    predeal north SAKQ, HAK   # cards given to a seat, by suit
    nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
    condition nt && hcp(south) >= 8
    action printall, average "south hcp" hcp(south), frequency "spades" (spades(south), 0, 13),
           evalcontract (north, 3N, nv)

Expressions are those of :func:`~contractbridge.dealer.parse_constraint` with dealer's additions (variables,
``?:``, ``/``, ``%``, conditions used as numbers and numbers as conditions); :func:`parse_script` compiles a
script into the package's :class:`Constraint` and :class:`Expr` values and :meth:`DealerScript.run` deals with
:class:`DealGenerator` (L6: every deal equally likely). An unknown construct raises
:class:`~contractbridge.errors.DealerScriptError` naming its line and column.
"""

from __future__ import annotations

import re
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, TextIO

import numpy as np

from contractbridge.cards import SUITS_HIGH_FIRST, Card, Hand, Seat
from contractbridge.contract import Contract
from contractbridge.deal import Deal, Vulnerability
from contractbridge.dealer.batch import DealBatch
from contractbridge.dealer.constraints import Constraint
from contractbridge.dealer.expressions import Expr, Score, Tricks
from contractbridge.dealer.generation import DealGenerator
from contractbridge.dealer.language import Node, _Parser, _Tok
from contractbridge.errors import ConstraintError, DealError, DealerScriptError, DealGenerationError

__all__ = ["DealerScript", "parse_script", "strip_comments"]

#: dealer's defaults: 10,000,000 shuffles at most; 40 deals when the script prints them.
DEFAULT_GENERATE: Final = 10_000_000
DEFAULT_PRODUCE: Final = 40


# --- actions -------------------------------------------------------------------------------------------------------


class Action(ABC):
    """One of ``action``'s items: it sees every deal produced, and may print a report at the end."""

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


def hands_text(number: int, deal: Deal, seats: Sequence[Seat]) -> str:
    """Hands side by side as dealer's ``printall`` lays them out: the deal's number, then one line per suit
    (spades first), 20 columns per hand; a void is ``-``."""
    lines = [f"{number:4d}."]
    for suit in SUITS_HIGH_FIRST:
        cells = [_holding(deal.hands[seat], suit) for seat in seats]
        lines.append("".join(f"{cell:<20}" for cell in cells).rstrip())
    return "\n".join(lines) + "\n\n"


def _holding(hand: Hand, suit: object, void: str = "-") -> str:
    ranks = "".join(card.rank.letter for card in hand if card.suit == suit)
    return ranks or void


@dataclass
class PrintHands(Action):
    """``printall`` (all four hands), ``printew`` (East and West), ``print(SEAT, …)``."""

    seats: tuple[Seat, ...]
    prints_deals = True

    def deal(self, number: int, deal: Deal, script: DealerScript, pbn: bool) -> str:
        return script.pbn_game(number, deal) if pbn else hands_text(number, deal, self.seats)

    def report(self, pbn: bool) -> str:
        return ""


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
        columns = [e.values(batch).astype(np.int64).tolist() for e in self.exprs]
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
            f"{seat.name[0].lower()} "
            + ".".join(_holding(deal.hands[seat], suit, void="") for suit in SUITS_HIGH_FIRST)
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


def _report(lines: Sequence[str], pbn: bool) -> str:
    """Report lines; in a PBN output each is a ``%`` comment line (PBN 2.1 §2.3), so the file stays PBN."""
    return "".join(("% " if pbn else "") + line + "\n" for line in lines)


@dataclass
class Average(Action):
    """``average "label" expr``: the mean over the deals produced."""

    label: str
    expr: Expr
    total: float = 0.0
    count: int = 0

    def observe(self, batch: DealBatch) -> None:
        self.total += float(np.sum(self.expr.values(batch)))
        self.count += len(batch)

    def report(self, pbn: bool) -> str:
        mean = self.total / self.count if self.count else 0.0
        return _report([f"{self.label or repr(self.expr)}: {mean:g}"], pbn)


@dataclass
class Frequency(Action):
    """``frequency "label" (expr, low, high)`` and the 2-D ``(expr, low, high, expr, low, high)``: how often
    each value occurs; values outside a range are counted as ``Low``/``High``."""

    label: str
    axes: tuple[tuple[Expr, int, int], ...]
    counts: dict[tuple[int, ...], int] = field(default_factory=dict)

    def observe(self, batch: DealBatch) -> None:
        columns = [np.clip(e.values(batch), low - 1, high + 1).astype(np.int64) for e, low, high in self.axes]
        keys, numbers = np.unique(np.stack(columns, axis=1), axis=0, return_counts=True)
        for key, n in zip(keys.tolist(), numbers.tolist(), strict=True):
            self.counts[tuple(key)] = self.counts.get(tuple(key), 0) + n

    def _name(self, value: int, low: int, high: int) -> str:
        return "Low" if value < low else "High" if value > high else str(value)

    def report(self, pbn: bool) -> str:
        lines = [f"Frequency {self.label}:"]
        if len(self.axes) == 1:
            (_, low, high) = self.axes[0]
            values = [v for v in (low - 1, high + 1) if self.counts.get((v,), 0)]
            for v in sorted([*range(low, high + 1), *values]):
                lines.append(f"{self._name(v, low, high):>5}\t{self.counts.get((v,), 0):8d}")
            return _report(lines, pbn)
        (_, low1, high1), (_, low2, high2) = self.axes
        columns = range(low2 - 1, high2 + 2)
        lines.append("     " + "".join(f"{self._name(c, low2, high2):>7}" for c in columns))
        for r in range(low1 - 1, high1 + 2):
            cells = "".join(f"{self.counts.get((r, c), 0):7d}" for c in columns)
            lines.append(f"{self._name(r, low1, high1):>5}{cells}")
        return _report(lines, pbn)


@dataclass
class EvalContract(Action):
    """``evalcontract (SEAT, CONTRACT, vul|nv)``: the contract played double dummy by the seat on every deal
    produced; reports the average score for declarer's side (L77) and how often it makes."""

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
        return _report([line], pbn)


# --- the script ----------------------------------------------------------------------------------------------------


@dataclass
class DealerScript:
    """A parsed script: its condition, settings and actions (see the module docstring)."""

    name: str = "<script>"
    condition: Constraint | None = None
    generate: int | None = None
    produce: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability = Vulnerability.NONE
    predeal: dict[Seat, Hand] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    variables: dict[str, Node] = field(default_factory=dict)
    seed: int | None = None

    def pbn_game(self, number: int, deal: Deal) -> str:
        """One produced deal as a PBN game with the mandatory tags (PBN 2.1 §3), as dealer's ``printpbn``."""
        dealer = Seat.NORTH if self.dealer is None else self.dealer
        event = f"Hand simulated by contractbridge dealer with file {self.name}, seed {self.seed}"
        tags = [
            ("Event", event),
            ("Site", "-"),
            ("Date", "-"),
            ("Board", str(number)),
            ("West", "-"),
            ("North", "-"),
            ("East", "-"),
            ("South", "-"),
            ("Dealer", dealer.letter),
            ("Vulnerable", self.vulnerability.pbn),
            ("Deal", deal.to_pbn(dealer)),
            ("Declarer", "?"),
            ("Contract", "?"),
            ("Result", "?"),
        ]
        return "".join(f'[{tag} "{value}"]\n' for tag, value in tags) + "\n"

    def run(self, out: TextIO, *, n: int | None = None, seed: int | None = None, pbn: bool = False) -> int:
        """Deal and act as dealer does: ``n`` (or ``produce``, or dealer's default) deals satisfying the
        condition, within ``generate`` shuffles; returns how many were produced. The statistics dealer prints
        last (shuffles, deals, seed, time) follow the reports."""
        self.seed = seed
        actions = self.actions or [PrintPbn() if pbn else PrintHands(tuple(Seat))]
        printing = any(a.prints_deals for a in actions)
        wanted = n if n is not None else self.produce
        limit = DEFAULT_GENERATE if self.generate is None else self.generate
        if wanted is None:
            wanted = DEFAULT_PRODUCE if printing else limit
        # A condition that solves double dummy works in small batches: each shuffle it reads is solved.
        size = 16 if _uses_dd(self.condition) else 8192
        try:
            gen = DealGenerator(
                self.condition,
                predeal=self.predeal or None,
                seed=seed,
                batch_size=max(1, min(size, limit)),
                max_attempts=limit,
            )
        except DealGenerationError as err:
            raise DealerScriptError(str(err), file=self.name) from None
        started = time.perf_counter()
        produced = 0
        for batch in _limited(gen, wanted):
            for action in actions:
                action.observe(batch)
            if printing:
                for offset, deal in enumerate(batch.deals()):
                    for action in actions:
                        out.write(action.deal(produced + offset + 1, deal, self, pbn))
            produced += len(batch)
        for action in actions:
            out.write(action.report(pbn))
        stats = [
            f"Generated {gen.attempts} hands",
            f"Produced {produced} hands",
            f"Initial random seed {seed if seed is not None else 'random'}",
            f"Time needed {time.perf_counter() - started:8.3f} sec",
        ]
        out.write(_report(stats, pbn))
        return produced


def _limited(gen: DealGenerator, wanted: int) -> Iterator[DealBatch]:
    """Batches of accepted deals until ``wanted`` are produced or the shuffles allowed run out."""
    left = wanted
    if left <= 0:
        return
    try:
        for batch in gen.batches():
            if len(batch) > left:
                batch = batch.take(np.arange(left))
            if len(batch):
                yield batch
            left -= len(batch)
            if left <= 0:
                return
    except DealGenerationError:
        return  # dealer stops when ``generate`` shuffles are spent, and reports what it produced


def _uses_dd(node: object) -> bool:
    """Whether a condition or expression reads double-dummy tricks (a walk over the dataclass fields)."""
    if isinstance(node, Tricks):
        return True
    fields: dict[str, object] = getattr(node, "__dataclass_fields__", {})
    return any(_uses_dd(getattr(node, name)) for name in fields)


# --- parsing -------------------------------------------------------------------------------------------------------

_COMMENT: Final = re.compile(r'"[^"]*"|#[^\n]*|//[^\n]*|/\*.*?\*/', re.DOTALL)


def strip_comments(text: str) -> str:
    """The script with its comments (``#``, ``//``, ``/* */``) blanked out, lines and columns kept."""

    def blank(m: re.Match[str]) -> str:
        s = m.group(0)
        return s if s.startswith('"') else re.sub(r"[^\n]", " ", s)

    out = _COMMENT.sub(blank, text)
    unclosed = out.find("/*")
    if unclosed >= 0:
        raise ConstraintError("a /* comment is never closed", text, unclosed + 1)
    return out


_HOLDING: Final = re.compile(r"\s*([SHDC])((?:10|[AKQJT2-9])*)(?![A-Za-z0-9])", re.IGNORECASE)


class _ScriptParser(_Parser):
    """Statements on top of the expression parser; every error carries the absolute column in the script."""

    def __init__(self, text: str, script: DealerScript) -> None:
        super().__init__(text, variables=script.variables, lenient=True)
        self.script = script
        self.statements: dict[str, Callable[[], None]] = {
            "generate": lambda: self._count("generate"),
            "produce": lambda: self._count("produce"),
            "dealer": self._dealer,
            "vulnerable": self._vulnerable,
            "predeal": self._predeal,
            "condition": self._condition,
            "action": self._actions,
        }

    def statements_all(self) -> None:
        while self.tok.kind != "end":
            tok = self.tok
            word = tok.text.lower() if tok.kind == "name" else ""
            if word in self.statements:
                self._advance()
                self.statements[word]()
            elif tok.kind == "name" and self._assignment():
                pass
            elif tok.kind == "name" and not self._starts_expression():
                raise self._error(f"unknown statement {tok.text!r}", tok)
            elif tok.kind in ("name", "num") or self._is("(", "!", "-"):
                self._set_condition(tok, self.expression())  # a bare expression is the condition, as in dealer
            else:
                raise self._error(f"unexpected {tok.text!r}: expected a statement")

    def _assignment(self) -> bool:
        """``name = expression`` (dealer's variables); leaves the tokens as they were otherwise."""
        name, pos = self.tok, self.pos
        self._advance()
        if not (self.tok.kind == "op" and self.tok.text == "="):
            self.tok, self.pos = name, pos
            return False
        self._advance()
        self.variables[name.text.lower()] = self.expression()
        return True

    def _starts_expression(self) -> bool:
        """Whether the name at hand begins an expression: a variable, true/false, or a function call."""
        name, pos = self.tok, self.pos
        if name.text.lower() in (*self.variables, "true", "false", "not"):
            return True
        self._advance()
        call = self._is("(")
        self.tok, self.pos = name, pos
        return call

    def _count(self, what: str) -> None:
        tok = self.tok
        if tok.kind != "num" or "." in tok.text or int(tok.text) <= 0:
            raise self._error(f"{what} takes a positive whole number")
        self._advance()
        setattr(self.script, what, int(tok.text))

    def _dealer(self) -> None:
        self.script.dealer = self._seat()

    def _vulnerable(self) -> None:
        tok = self._advance()
        try:
            self.script.vulnerability = Vulnerability.parse(tok.text)
        except ValueError:
            raise self._error("vulnerable takes none, NS, EW or all", tok) from None

    def _predeal(self) -> None:
        """``predeal SEAT holdings [SEAT holdings …]``: one statement may give cards to several seats (dealer
        names them in full there: north, east, south, west)."""
        self._predeal_seat()
        while self.tok.kind == "name" and self.tok.text.upper() in {seat.name for seat in Seat}:
            self._predeal_seat()

    def _predeal_seat(self) -> None:
        seat = self._seat()
        start = self.tok
        cards: list[str] = []
        while True:
            m = _HOLDING.match(self.text, self.tok.pos)
            if m is None:
                raise self._error("expected a suit holding such as SAKQ or H10 9 (suit letter, then ranks)")
            cards.extend(m.group(1) + rank for rank in re.findall(r"10|.", m.group(2)))
            self.pos = m.end()
            self.tok = self._lex()
            if not self._is(","):
                break
            self._advance()
        try:
            hand = Hand([Card.parse(c) for c in cards])
            hand = Hand([*hand, *self.script.predeal.get(seat, Hand())])
            Deal.partial({**self.script.predeal, seat: hand})
        except (DealError, ValueError) as err:
            raise self._error(f"cannot predeal: {err}", start) from None
        self.script.predeal[seat] = hand

    def _condition(self) -> None:
        tok = self.tok
        self._set_condition(tok, self.expression())

    def _set_condition(self, tok: _Tok, node: Node) -> None:
        if self.script.condition is not None:
            raise self._error("a script has one condition; join them with &&", tok)
        self.script.condition = self._constraint(node, tok)

    def _actions(self) -> None:
        """A comma-separated list of actions; like dealer's grammar (defs.y) it may end in a comma."""
        while self.tok.kind != "end" and not (self.tok.kind == "name" and self.tok.text.lower() in self.statements):
            self.script.actions.append(self._action())
            if not self._is(","):
                return
            self._advance()

    def _action(self) -> Action:
        tok = self._advance()
        word = tok.text.lower() if tok.kind == "name" else ""
        if word == "printall":
            return PrintHands(tuple(Seat))
        if word == "printew":
            return PrintHands((Seat.EAST, Seat.WEST))
        if word == "printpbn":
            return PrintPbn()
        if word == "print":
            self._expect("(")
            seats = [self._seat()]
            while self._is(","):
                self._advance()
                seats.append(self._seat())
            self._expect(")")
            return PrintHands(tuple(seats))
        if word in ("printcompact", "printoneline"):
            expr = None
            if self._is("("):
                self._advance()
                expr = self._number(self.expression(), self.tok)
                self._expect(")")
            return PrintCompact(word == "printoneline", expr)
        if word == "printes":
            return self._printes()
        if word == "average":
            label = self._label()
            return Average(label, self._number(self.expression(), self.tok))
        if word == "frequency":
            return self._frequency()
        if word == "evalcontract":
            self._expect("(")
            seat = self._seat()
            self._expect(",")
            contract = self.contract()
            self._expect(",")
            vul = self._advance()
            if vul.text.lower() not in ("vul", "nv", "nonvul"):
                raise self._error("expected vul or nv", vul)
            self._expect(")")
            return EvalContract(seat, contract, vul.text.lower() == "vul")
        raise self._error(
            f"unknown action {tok.text!r} (known: printall, printew, printpbn, printcompact, printoneline, printes, "
            "print, average, frequency, evalcontract)",
            tok,
        )

    def _printes(self) -> Action:
        self._expect("(")
        items: list[Expr | str] = []
        while True:
            if self.tok.kind == "string":
                items.append(self._advance().text[1:-1])
            else:
                items.append(self._number(self.expression(), self.tok))
            if not self._is(","):
                break
            self._advance()
        self._expect(")")
        return PrintEs(items)

    def _label(self) -> str:
        if self.tok.kind == "string":
            return self._advance().text[1:-1]
        return ""

    def _frequency(self) -> Action:
        label = self._label()
        self._expect("(")
        axes: list[tuple[Expr, int, int]] = []
        while True:
            start = self.tok
            expr = self._number(self.expression(), start)
            self._expect(",")
            low = self._int()
            self._expect(",")
            high = self._int()
            if high < low:
                raise self._error("the range's high end is below its low end", start)
            axes.append((expr, low, high))
            if len(axes) == 2 or not self._is(","):
                break
            self._advance()
        self._expect(")")
        return Frequency(label, tuple(axes))


def parse_script(text: str, name: str = "<script>") -> DealerScript:
    """Read a dealer script (see the module docstring). Raises :class:`DealerScriptError` with the line and
    column of anything it does not know."""
    script = DealerScript(name=name)
    try:
        _ScriptParser(strip_comments(text), script).statements_all()
    except ConstraintError as err:
        offset = max(err.column - 1, 0)
        line = text.count("\n", 0, offset) + 1
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        source = text[line_start : line_end if line_end >= 0 else len(text)]
        raise DealerScriptError(
            err.reason, file=name, line=line, column=offset - line_start + 1, source=source.rstrip()
        ) from None
    return script
