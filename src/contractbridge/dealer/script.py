"""Whole scripts of Hans van Staveren's ``dealer`` (and the Dealer3 dialect), run on this package's engine.

A script is a sequence of statements (newlines do not matter; ``#``, ``//`` and ``/* */`` comments)::

    generate 1000000          # shuffles allowed at most
    produce 10                # deals wanted
    dealer south
    vulnerable NS
    predeal north SAKQ, HAK   # cards given to a seat, by suit
    predeal hearts(south) == 4   # a suit's length fixed (suokko/dealer)
    altcount 1 1 1 1          # controls counted A, K, Q 1 each (pointcount: hcp)
    nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
    condition nt && hcp(south) >= 8
    action printall, average "south hcp" hcp(south), frequency "spades" (spades(south), 0, 13),
           evalcontract

Expressions are those of :func:`~contractbridge.dealer.parse_constraint` with dealer's additions (variables,
``?:``, ``/``, ``%``, ``abs``, ``rnd``, ``avg``, conditions used as numbers and numbers as conditions, and
suokko/dealer's ``leadtricks(seat, strain)``, a value per opening lead of a hand the script predeals); the
actions are in :mod:`.actions`, printing as dealer prints; :func:`parse_script` compiles a
script into the package's :class:`Constraint` and :class:`Expr` values and :meth:`DealerScript.run` deals with
:class:`DealGenerator` (L6: every deal equally likely). An unknown construct raises
:class:`~contractbridge.errors.DealerScriptError` naming its line and column.
"""

from __future__ import annotations

import datetime
import re
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final, TextIO

import numpy as np

from contractbridge.cards import Card, Hand, Seat, Strain, Suit
from contractbridge.deal import Deal, Vulnerability, board_dealer, board_vulnerability
from contractbridge.dealer.actions import (
    Action,
    Average,
    EvalContract,
    EvalTable,
    Frequency,
    PrintCompact,
    PrintEs,
    PrintHands,
    PrintPbn,
    PrintStored,
    report_lines,
)
from contractbridge.dealer.batch import DealBatch
from contractbridge.dealer.bias import check_lengths
from contractbridge.dealer.constraints import Constraint
from contractbridge.dealer.expressions import Expr, LeadTricks, ScriptState, Tricks, parts
from contractbridge.dealer.generation import DealGenerator
from contractbridge.dealer.language import Node, _Parser, _Tok
from contractbridge.errors import ConstraintError, DealError, DealerScriptError, DealGenerationError

__all__ = ["DealerScript", "parse_script", "strip_comments"]

#: dealer's defaults: 10,000,000 shuffles at most; 40 deals when the script prints them.
DEFAULT_GENERATE: Final = 10_000_000
DEFAULT_PRODUCE: Final = 40


# --- the script ----------------------------------------------------------------------------------------------------


@dataclass
class DealerScript:
    """A parsed script: its condition, settings and actions (see the module docstring)."""

    name: str = "<script>"
    condition: Constraint | None = None
    generate: int | None = None
    produce: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    predeal: dict[Seat, Hand] = field(default_factory=dict)
    lengths: dict[tuple[Seat, Suit], int] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    variables: dict[str, Node] = field(default_factory=dict)
    weights: dict[str, tuple[int, ...]] = field(default_factory=dict)
    state: ScriptState = field(default_factory=ScriptState)
    seed: int | None = None

    def pbn_game(self, number: int, deal: Deal) -> str:
        """One produced deal as a PBN game with the mandatory tags (PBN 2.1 §3), as dealer's ``printpbn`` (pbn.cpp):
        today's date; the dealer and vulnerability of the board's number (L2) unless the script sets them."""
        dealer = board_dealer(number) if self.dealer is None else self.dealer
        vulnerability = board_vulnerability(number) if self.vulnerability is None else self.vulnerability
        event = f"Hand simulated by contractbridge dealer with file {self.name}, seed {self.seed}"
        tags = [
            ("Event", event),
            ("Site", "-"),
            ("Date", datetime.date.today().strftime("%Y.%m.%d")),
            ("Board", str(number)),
            ("West", "-"),
            ("North", "-"),
            ("East", "-"),
            ("South", "-"),
            ("Dealer", dealer.letter),
            ("Vulnerable", vulnerability.pbn),
            ("Deal", deal.to_pbn(dealer)),
            ("Declarer", "?"),
            ("Contract", "?"),
            ("Result", "?"),
        ]
        return "".join(f'[{tag} "{value}"]\n' for tag, value in tags) + "\n"

    def run(self, out: TextIO, *, n: int | None = None, seed: int | None = None, pbn: bool = False) -> int:
        """Deal and act as dealer does: ``n`` (or ``produce``, or dealer's default) deals satisfying the
        condition, within ``generate`` shuffles; returns how many were produced. The statistics dealer prints
        last (shuffles used, deals, seed, time) follow the reports; without a seed one is drawn and printed,
        so that any run can be repeated."""
        seed = secrets.randbits(32) if seed is None else seed
        self.seed = seed
        self.state.rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
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
                lengths=self.lengths or None,
            )
        except DealGenerationError as err:
            raise DealerScriptError(str(err), file=self.name) from None
        started = time.perf_counter()
        produced = 0
        counter = _Limited(gen, wanted)
        for batch in counter.batches():
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
            f"Generated {counter.used} hands",
            f"Produced {produced} hands",
            f"Initial random seed {seed}",
            f"Time needed {time.perf_counter() - started:8.3f} sec",
        ]
        out.write(report_lines(stats, pbn))
        return produced


class _Limited:
    """The generator's batches until ``wanted`` deals are produced or the shuffles allowed run out; ``used``
    counts the shuffles dealt up to the last deal produced (as dealer counts them: it stops there)."""

    def __init__(self, gen: DealGenerator, wanted: int) -> None:
        self.gen, self.wanted, self.used = gen, wanted, 0

    def batches(self) -> Iterator[DealBatch]:
        left, gen = self.wanted, self.gen
        if left <= 0:
            return
        try:
            for batch in gen.batches():
                self.used = gen.attempts
                if len(batch) >= left:
                    self.used = gen.batch_start + int(gen.positions[left - 1]) + 1
                    yield batch.take(np.arange(left))
                    return
                if len(batch):
                    yield batch
                left -= len(batch)
        except DealGenerationError:
            if gen.attempts < gen.max_attempts:
                raise
            self.used = gen.attempts
            return  # dealer stops when ``generate`` shuffles are spent, and reports what it produced


def _uses_dd(node: object) -> bool:
    """Whether a condition or expression reads double-dummy tricks."""
    return any(isinstance(part, Tricks | LeadTricks) for part in parts(node))


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

    def __init__(
        self,
        text: str,
        script: DealerScript,
        weights: dict[str, tuple[int, ...]] | None = None,
        predeal: dict[Seat, Hand] | None = None,
    ) -> None:
        """``weights``: the counts as the whole script leaves them (dealer applies ``pointcount`` and ``altcount``
        to every use of a count, before or after them); without them the counts' own are used. ``predeal``: the
        cards the whole script predeals (dealer reads them for ``leadtricks`` when it deals, so a leader's hand
        predealt after its use counts); without it, those predealt so far, and a ``leadtricks`` of a leader not
        yet predealt is ``deferred`` to a second reading."""
        super().__init__(text, variables=script.variables, lenient=True, weights=weights, state=script.state)
        self.script = script
        self.final_predeal = predeal
        self.deferred = False
        self.statements: dict[str, Callable[[], None]] = {
            "generate": lambda: self._count("generate"),
            "produce": lambda: self._count("produce"),
            "dealer": self._dealer,
            "vulnerable": self._vulnerable,
            "predeal": self._predeal,
            "pointcount": lambda: self._pointcount(0),
            "altcount": self._altcount,
            "condition": self._condition,
            "action": self._actions,
        }

    def predealt(self, seat: Seat) -> Hand | None:
        return (self.script.predeal if self.final_predeal is None else self.final_predeal).get(seat)

    def _lead_tricks(self, tok: _Tok, declarer: Seat, strain: Strain) -> Expr:
        hand = self.predealt(declarer.offset(1))
        if self.final_predeal is None and (hand is None or len(hand) != 13):
            self.deferred = True
            return LeadTricks(declarer, strain, ())
        return super()._lead_tricks(tok, declarer, strain)

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
                what = "variable" if self._peek_operator() else "statement"
                raise self._error(f"unknown {what} {tok.text!r}", tok)
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
        if name.text.lower() in self.variables:
            raise self._error(f"variable {name.text!r} is defined twice (dealer: redefined variable)", name)
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
        """``generate N``/``produce N``; as in dealer the first one given counts."""
        tok = self.tok
        if tok.kind != "num" or "." in tok.text or int(tok.text) <= 0:
            raise self._error(f"{what} takes a positive whole number")
        self._advance()
        if getattr(self.script, what) is None:
            setattr(self.script, what, int(tok.text))

    def _altcount(self) -> None:
        """``altcount K v…``: ``pointcount`` for another count, K = 0 (hcp), 1 (controls), 2 … 6 (tens … aces),
        7 … 10 (top2 … top5), 11 (c13), as dealer numbers them."""
        tok = self.tok
        index = self._int()
        if not 0 <= index < len(_COUNTS):
            raise self._error(f"altcount takes a count from 0 to {len(_COUNTS) - 1}", tok)
        self._pointcount(index)

    def _pointcount(self, index: int) -> None:
        """``pointcount v…``: the values of the ranks for hcp, from the ace down; ranks not given count 0."""
        values: list[int] = []
        while self.tok.kind == "num" or (self._is("-") and self._peek_number()):
            tok = self.tok
            values.append(self._int())
            if len(values) > 13:
                raise self._error("too many pointcount values (13 ranks)", tok)
        weights = (0,) * (13 - len(values)) + tuple(reversed(values))
        self.script.weights[_COUNTS[index]] = weights

    def _peek_operator(self) -> bool:
        """Whether the token after this one is an operator (a name then ``>`` is a variable never defined)."""
        tok, pos = self.tok, self.pos
        self._advance()
        operator = self.tok.kind == "op" and self.tok.text not in ("(", ",", ")")
        self.tok, self.pos = tok, pos
        return operator

    def _peek_number(self) -> bool:
        tok, pos = self.tok, self.pos
        self._advance()
        number = self.tok.kind == "num"
        self.tok, self.pos = tok, pos
        return number

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
        names them in full there: north, east, south, west), or fix a suit's length: ``predeal spades(north)
        == 5`` (suokko/dealer's form)."""
        while True:
            if self.tok.kind == "name" and self.tok.text.lower() in _SUIT_NAMES:
                self._predeal_length()
            else:
                self._predeal_seat()
            word = self.tok.text.lower() if self.tok.kind == "name" else ""
            if word.upper() not in {seat.name for seat in Seat} and word not in _SUIT_NAMES:
                return

    def _predeal_length(self) -> None:
        start = self._advance()
        suit = _SUIT_NAMES[start.text.lower()]
        self._expect("(")
        seat = self._seat()
        self._expect(")")
        self._expect("==")
        length = self._int()
        if (seat, suit) in self.script.lengths:
            raise self._error(
                f"{seat.name.title()}'s {suit.name.lower()} length is already set to {self.script.lengths[seat, suit]}",
                start,
            )
        lengths = {**self.script.lengths, (seat, suit): length}
        self._check_predeal(lengths, self.script.predeal, start)
        self.script.lengths[seat, suit] = length

    def _check_predeal(self, lengths: dict[tuple[Seat, Suit], int], predeal: dict[Seat, Hand], tok: _Tok) -> None:
        """Refuse suit lengths no deal can have with the cards predealt (as dealer refuses them)."""
        if not (min(lengths.values(), default=0) >= 0 and max(lengths.values(), default=0) <= 13):
            raise self._error("a suit's length is 0 to 13", tok)
        bits = tuple(predeal.get(seat, Hand()).bits for seat in Seat)
        try:
            check_lengths(lengths, bits)
        except DealGenerationError as err:
            raise self._error(f"cannot predeal: {err}", tok) from None

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
        if self.script.lengths:
            self._check_predeal(self.script.lengths, {**self.script.predeal, seat: hand}, start)
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
            return PrintHands((Seat.WEST, Seat.EAST))
        if word == "printpbn":
            return PrintPbn()
        if word == "print":
            self._expect("(")
            seats = [self._seat()]
            while self._is(","):
                self._advance()
                seats.append(self._seat())
            self._expect(")")
            return PrintStored(frozenset(seats))
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
            return self._average()
        if word == "frequency":
            return self._frequency()
        if word == "evalcontract":
            if not self._is("("):
                return EvalTable()
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
                items.append(self._string())
            else:
                items.append(self._number(self.expression(), self.tok))
            if not self._is(","):
                break
            self._advance()
        self._expect(")")
        return PrintEs(items)

    def _average(self) -> Action:
        """``average ["label"] expr`` or ``average ["label"] (expr, condition)`` (dealer's defs.y)."""
        label = self._label()
        start, pos = self.tok, self.pos
        if self._is("("):
            self._advance()
            expr = self._number(self.expression(), start)
            if self._is(","):
                self._advance()
                tok = self.tok
                condition = self._constraint(self.expression(), tok)
                self._expect(")")
                return Average(label, expr, self.script.state, condition)
            self.tok, self.pos = start, pos
        return Average(label, self._number(self.expression(), self.tok), self.script.state)

    def _string(self) -> str:
        """A string as written, or dealer's ``\\n`` outside quotes (a newline)."""
        text = self._advance().text
        return "\n" if text == "\\n" else text[1:-1]

    def _label(self) -> str:
        return self._string() if self.tok.kind == "string" else ""

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


_SUIT_NAMES: Final = {
    **{suit.name.lower(): suit for suit in Suit},
    **{suit.name.lower()[:-1]: suit for suit in Suit},
}
#: The counts ``altcount`` numbers, in dealer's order (pointcount.h).
_COUNTS: Final = ("hcp", "controls", "tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13")


def parse_script(text: str, name: str = "<script>") -> DealerScript:
    """Read a dealer script (see the module docstring). Raises :class:`DealerScriptError` with the line and
    column of anything it does not know."""
    script = DealerScript(name=name)
    try:
        cleaned = strip_comments(text)
        first = _ScriptParser(cleaned, script)
        first.statements_all()
        if script.weights or first.deferred:  # read again with the counts and predeal as the script leaves them
            weights, predeal = script.weights, script.predeal
            script = DealerScript(name=name)
            _ScriptParser(cleaned, script, weights, predeal).statements_all()
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
