"""Scoring an event from its table results: each result scored by L77, then compared per the event's form
(matchpoints L78A with Neuberg and factoring, cross-IMPs and Butler L78B, total points L78C), adjusted scores
(L12C1(c) weighted, L12C2 artificial), fouled boards (L87), totals, percentages and ranks with ties.

The arithmetic is ``scoring.duplicate`` (L77) and ``scoring.compare`` (L78, L12); this module only decides
which results are compared with which, and how the form rounds what it prints (``Form``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from enum import Enum
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Board, Vulnerability
from contractbridge.errors import BridgeError, TournamentError
from contractbridge.scoring import compare, duplicate

__all__ = [
    "BUTLER_RUTER",
    "CROSS_IMPS",
    "MATCHPOINTS",
    "MATCHPOINTS_MAGIC_CONTEST",
    "MATCHPOINTS_RUTER",
    "Artificial",
    "Form",
    "MatchScore",
    "Method",
    "Rounding",
    "ScoredResult",
    "Standing",
    "TableResult",
    "assigned_cell",
    "board_imps",
    "imp_text",
    "parse_assigned",
    "parse_assigned_cell",
    "rank_event",
    "score_board",
    "score_match",
    "session_scores",
]


class Method(Enum):
    """How a board's results are compared: matchpoints (L78A), cross-IMPs or IMPs against a Butler datum
    (L78B), total points (L78C)."""

    MATCHPOINTS = "matchpoints"
    CROSS_IMPS = "cross-imps"
    BUTLER = "butler"
    TOTAL_POINTS = "total-points"


class Rounding(Enum):
    """How a printed number is rounded: halves up (away from zero) or halves to even."""

    HALF_UP = ROUND_HALF_UP
    HALF_EVEN = ROUND_HALF_EVEN


@dataclass(frozen=True, slots=True)
class Form:
    """The event's form of scoring and the conventions of the program that prints it (docs/tournaments.md).

    ``relative``: matchpoints printed as the difference from the board's average (Ruter's club form: a top is
    +top/2). ``total``: ``"sum"`` or ``"mean"`` (per board played). ``factor``: a contestant that played fewer
    boards than the most has its sum scaled up to that many boards. ``from_rounded``: totals add the board
    numbers as printed. ``drop``/``datum_unit``: the Butler datum's convention. Decimals: board points, board
    percentages, totals, total percentages. ``share``: contestants that have played different boards (a live
    ranking) are ranked by their share of what they played (percentage of the tops; points per board) instead of
    totals; when all played boards of the same weight the ranking is the totals' (L78)."""

    method: Method = Method.MATCHPOINTS
    name: str = "matchpoints"
    scale: compare.MPScale = compare.MPScale.HALF
    neuberg: bool = True
    relative: bool = False
    total: str = "sum"
    factor: bool = False
    from_rounded: bool = True
    rounding: Rounding = Rounding.HALF_UP
    decimals: int = 1
    percent_decimals: int = 0
    total_decimals: int = 1
    total_percent_decimals: int = 2
    drop: int = 1
    datum_unit: int = 10
    average: bool = True
    artificial: compare.ArtificialScale = compare.PAIRS
    imp_artificial: compare.ArtificialScale = compare.IMPS
    session: bool = False
    share: bool = False

    @property
    def percentages(self) -> bool:
        return self.method is Method.MATCHPOINTS

    def round(self, value: float, decimals: int) -> float:
        """``value`` rounded to ``decimals`` the form's way (from its shortest exact-looking decimal); never -0.0
        (an even cross-IMP board printed "-0.00" for one side)."""
        exact = Decimal(f"{value:.12g}")
        return float(exact.quantize(Decimal(1).scaleb(-decimals), rounding=self.rounding.value)) + 0.0


MATCHPOINTS: Final = Form()
"""Matchpoints 2/1/0 (L78A), Neuberg for missing and adjusted results, one decimal, totals of the printed
board scores, percentages to two decimals."""
MATCHPOINTS_MAGIC_CONTEST: Final = Form(name="MatchPoints;MP1 (Magic Contest)")
"""Magic Contest (FFB): as ``MATCHPOINTS``; board percentages to whole numbers."""
MATCHPOINTS_RUTER: Final = Form(name="MatchPoints;MP1 (Ruter)", relative=True, decimals=0, total_decimals=0)
"""Ruter (Norway) club form: matchpoints printed as the difference from the board's average, whole numbers."""
BUTLER_RUTER: Final = Form(
    method=Method.BUTLER, name="IMP;Butler-2;Mean (Ruter)", decimals=0, total="mean", total_decimals=2
)
"""Ruter's Butler: datum = mean without the highest and lowest score, to the nearest 10; total = IMPs per board."""
CROSS_IMPS: Final = Form(method=Method.CROSS_IMPS, name="cross-IMPs", decimals=2, total_decimals=2)
"""Cross-IMPs averaged over the comparisons of each board."""


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score (L12C2) as percentages of the board for NS and EW: ``Artificial(60, 40)``
    is A60/40 (NS in no way at fault, EW directly at fault)."""

    ns: float
    ew: float

    def __post_init__(self) -> None:
        for value in (self.ns, self.ew):
            if not 0 <= value <= 100:
                raise TournamentError(f"an artificial score is a percentage from 0 to 100, not {value!r} (L12C2)")

    @classmethod
    def parse(cls, text: str) -> Artificial:
        """``A60/40``, ``A50/50``, ``A40/40`` …, or the two cells ``A+``/``A=``/``A-`` of a score table."""
        body = text.strip().upper().removeprefix("A")
        try:
            ns, _, ew = body.partition("/")
            return cls(float(ns), float(ew))
        except ValueError:
            raise TournamentError(f"not an artificial score: {text!r} (A60/40, A50/50, A40/40 …; L12C2)") from None

    def __str__(self) -> str:
        return f"A{self.ns:g}/{self.ew:g}"


_ARTIFICIAL_CELLS: Final = {"A+": 60.0, "A=": 50.0, "A": 50.0, "A-": 40.0}


_OUTCOME: Final = re.compile(
    r"\s*(?:(?P<passed>PASS|P)\b|(?P<contract>[1-7]\s*(?:NT|N|[CDHS♣♦♥♠])\s*(?:XX|X)?)\s*(?:BY\s+)?"
    r"(?P<declarer>[NESW])\s*(?P<result>=|[+-]\s*\d{1,2}))\s*(?P<weight>\d+(?:\.\d+)?\s*%|\d+\s*/\s*\d+)?\s*",
    re.IGNORECASE,
)
#: How an assigned score is written: each result a contract, its declarer and the tricks made or short, and its
#: weight when there are several (L12C1(c)).
ASSIGNED_SYNTAX: Final = "'4S N =', '4S N = 60% + 4S N -1 40%', '3NT S +1 2/3 + 4S N -1 1/3' or 'pass'"


def parse_assigned(text: str, vulnerability: Vulnerability | Board) -> compare.AssignedScore:
    """An assigned adjusted score as the Director writes it (``ASSIGNED_SYNTAX``): one result (L12C1(b)) or
    several, each with its weight as a percentage or a fraction, the weights adding up to the whole (L12C1(c));
    each result scored by L77 for NS on this board."""
    outcomes: list[tuple[Fraction, int]] = []
    weighted = []
    at, body = 0, text.strip()
    while True:
        m = _OUTCOME.match(body, at)
        if m is None or not m.group(0).strip():
            raise TournamentError(f"not an assigned score: {text!r} (at {body[at:at + 12]!r}): write "
                                  f"{ASSIGNED_SYNTAX} (L12C1)")  # fmt: skip
        weight = (m.group("weight") or "").replace(" ", "")
        weighted.append(bool(weight))
        if "/" in weight and not int(weight.partition("/")[2]):
            raise TournamentError(f"{text!r}: the weight {weight!r} (at {m.group(0).strip()!r}) has a zero "
                                  f"denominator: write a fraction such as 2/3 or a percentage (L12C1(c))")  # fmt: skip
        share = Fraction(1) if not weight else Fraction(weight[:-1]) / 100 if weight.endswith("%") else Fraction(weight)
        outcomes.append((share, _outcome_score(m, text, vulnerability)))
        at = m.end()
        if at == len(body):
            break
        if body[at] != "+":
            raise TournamentError(f"not an assigned score: {text!r}: results are joined by '+', e.g. "
                                  f"{ASSIGNED_SYNTAX} (L12C1(c))")  # fmt: skip
        at += 1
    if len(outcomes) > 1 and not all(weighted):
        raise TournamentError(f"{text!r}: each result of a weighted assigned score has its weight (L12C1(c))")
    try:
        return compare.AssignedScore(tuple(outcomes))
    except BridgeError as exc:
        raise TournamentError(f"{text!r}: {exc}") from None


def _outcome_score(m: re.Match[str], text: str, vulnerability: Vulnerability | Board) -> int:
    if m.group("passed"):
        return 0  # L22B
    contract = Contract.parse(m.group("contract"))
    result = m.group("result").replace(" ", "")
    tricks = contract.tricks_needed + (0 if result == "=" else int(result))
    if not 0 <= tricks <= 13:
        raise TournamentError(f"{text!r}: {contract} {result} is {tricks} tricks, not 0 to 13 (L77)")
    return duplicate.board_score(contract, Seat.parse(m.group("declarer")), tricks, vulnerability).ns


def _weighted_text(score: compare.AssignedScore) -> str:
    if len(score.outcomes) == 1:
        return f"{score.outcomes[0][1]:+d}"
    return " + ".join(f"{s:+d} {float(w) * 100:.4g}%" for w, s in score.outcomes)


_CELL_OUTCOME: Final = re.compile(r"([+-]?[0-9]{1,5})(?:\s+([0-9]{1,6})/([0-9]{1,6}))?")


def assigned_cell(score: compare.AssignedScore) -> str:
    """An assigned score as a results file's cell (PBN ``Assigned``, USEBIO ``ASSIGNED_SCORE``): each outcome's
    L77 score for NS and its exact weight, ``+420 2/3 + -50 1/3`` (``+420`` alone), read by ``parse_assigned_cell``
    (L12C1(c))."""
    if len(score.outcomes) == 1:
        return f"{score.outcomes[0][1]:+d}"
    return " + ".join(f"{s:+d} {w.numerator}/{w.denominator}" for w, s in score.outcomes)


def parse_assigned_cell(text: str) -> compare.AssignedScore:
    """The assigned score of an ``assigned_cell`` text; ``TournamentError`` when it is not one."""
    outcomes = []
    parts = text.strip().split(" + ")
    for part in parts:
        m = _CELL_OUTCOME.fullmatch(part.strip())
        if m is None or (m.group(2) is None) != (len(parts) == 1) or (m.group(2) is not None and not int(m.group(3))):
            raise TournamentError(f"assigned score {text!r} is not of the form '+420' or '+420 2/3 + -50 1/3' "
                                  "(L12C1(c))")  # fmt: skip
        weight = Fraction(1) if m.group(2) is None else Fraction(int(m.group(2)), int(m.group(3)))
        outcomes.append((weight, int(m.group(1))))
    try:
        return compare.AssignedScore(tuple(outcomes))
    except BridgeError as exc:
        raise TournamentError(f"assigned score {text!r}: {exc}") from None


def artificial_cell(cell: str) -> float | None:
    """The percentage of a score-table cell ``A+`` / ``A=`` / ``A-`` (L12C2: 60, 50, 40), else None."""
    return _ARTIFICIAL_CELLS.get(cell.strip().upper())


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result on one board. ``ns``/``ew``: the contestants of each side (one pair id each, or the
    two players of an individual). Played: ``contract``/``declarer``/``tricks`` (``passed_out`` for a board
    passed out, L22B). Else ``artificial`` (L12C2), ``assigned`` (L12C1(c); with ``assigned_ew``, EW's own score,
    a split score: each side scored by its own, the two need not balance, as L12C1(e) and L11A give) or
    ``not_played``.
    ``fouled`` names the form of the board in which the result was made (L87), ``None`` for the correct one."""

    board: int
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    passed_out: bool = False
    lead: str | None = None
    artificial: Artificial | None = None
    assigned: compare.AssignedScore | None = None
    not_played: bool = False
    fouled: str | None = None
    round: int | None = None
    table: int | None = None
    section: str | None = None
    assigned_ew: compare.AssignedScore | None = None
    #: Teams: the side of this table at fault when its assigned score stands for non-comparable results (L86B2(b):
    #: the other side gets the better of average-plus and the assigned score, this side the complement).
    at_fault: str | None = None

    def __post_init__(self) -> None:
        kinds = [self.contract is not None or self.passed_out, self.artificial is not None,
                 self.assigned is not None, self.not_played]  # fmt: skip
        if sum(kinds) != 1:
            raise TournamentError(
                f"board {self.board}, {'/'.join(self.ns)} v {'/'.join(self.ew)}: a result is exactly one of a "
                "contract with its tricks, passed out, an artificial score (L12C2), an assigned score (L12C1(c)) "
                "or not played"
            )
        if self.contract is not None and (self.declarer is None or self.tricks is None):
            raise TournamentError(f"board {self.board}: a contract needs its declarer and tricks (L79A)")
        if self.tricks is not None and (isinstance(self.tricks, bool) or self.tricks not in range(14)):
            raise TournamentError(f"board {self.board}: tricks are a whole number from 0 to 13, not "
                                  f"{self.tricks!r} (L77, L79A)")  # fmt: skip
        if set(self.ns) & set(self.ew):
            raise TournamentError(f"board {self.board}: {sorted(set(self.ns) & set(self.ew))} on both sides")
        if self.assigned_ew is not None and self.assigned is None:
            raise TournamentError(f"board {self.board}: a split score gives NS's assigned score too (L12C1(e))")
        if self.at_fault is not None and (self.at_fault not in ("NS", "EW") or self.assigned is None):
            raise TournamentError(f"board {self.board}: the side at fault is NS or EW, given with an assigned score "
                                  f"(L86B2(b)), not {self.at_fault!r}")  # fmt: skip

    @property
    def assigned_for_ew(self) -> compare.AssignedScore | None:
        """The assigned score EW are scored by (their own when split, L12C1(e)), for NS as ever."""
        return self.assigned_ew if self.assigned_ew is not None else self.assigned

    @property
    def adjustment(self) -> str | None:
        """The adjusted score as a traveller shows it: ``A60/40`` (L12C2), ``+620 60% + -100 40%`` (L12C1(c)),
        ``NS +420 / EW -50`` (split, L12C1(e)); None for a result played."""
        if self.artificial is not None:
            return str(self.artificial)
        if self.assigned is None:
            return None
        if self.assigned_ew is None:
            return _weighted_text(self.assigned)
        return f"NS {_weighted_text(self.assigned)} / EW {_weighted_text(self.assigned_ew)}"

    @property
    def played(self) -> bool:
        return self.contract is not None or self.passed_out

    def score_ns(self, vulnerability: Vulnerability | Board) -> int | None:
        """The L77 score for NS (L22B: 0 when passed out); None when the board was not played at this table."""
        if not self.played:
            return None
        try:
            return duplicate.board_score(self.contract, self.declarer, self.tricks, vulnerability).ns
        except BridgeError as exc:
            raise TournamentError(f"board {self.board}, {'/'.join(self.ns)} v {'/'.join(self.ew)}: {exc}") from None


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result with its score and its points by the form: ``ns``/``ew`` unrounded, ``top`` the board's top
    (matchpoints), ``pct_ns``/``pct_ew`` percentages of the top."""

    result: TableResult
    score_ns: int | None
    ns: float | None
    ew: float | None
    top: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    datum: int | None = None


def score_board(
    results: Sequence[TableResult],
    vulnerability: Vulnerability | Board,
    form: Form = MATCHPOINTS,
    *,
    expected: int | None = None,
) -> tuple[ScoredResult, ...]:
    """Score one board's results by the form, in the given order. Every result of the list counts as a table
    for the top (matchpoints: 2(n−1), L78A), or the ``expected`` results (the tables the movement plays it at)
    when more; results that are missing or adjusted are factored to that top by Neuberg's formula when
    ``form.neuberg`` (else in proportion; a lone result is an average, 50 %); each form of a fouled board is
    compared on its own and factored to the whole board (L87B)."""
    if not results:
        return ()
    numbers = {r.board for r in results}
    if len(numbers) != 1:
        raise TournamentError(f"score_board takes the results of one board, not of boards {sorted(numbers)}")
    scores = [r.score_ns(vulnerability) for r in results]
    if form.method is Method.MATCHPOINTS:
        return _matchpoints(results, scores, form, max(len(results), expected or 0))
    groups: dict[str | None, list[int]] = defaultdict(list)
    for i, r in enumerate(results):
        groups[r.fouled].append(i)
    out: dict[int, ScoredResult] = {}
    for members in groups.values():  # each form of a fouled board rated on its own (L87B)
        scored = _imps([results[i] for i in members], [scores[i] for i in members], form)
        out.update(zip(members, scored, strict=True))
    return tuple(out[i] for i in range(len(results)))


def _matchpoints(
    results: Sequence[TableResult], scores: Sequence[int | None], form: Form, expected: int
) -> tuple[ScoredResult, ...]:
    top = compare.top(expected, form.scale)
    units: dict[int, float] = {}
    units_ew: dict[int, float] = {}  # the EW line's, for NS: another when a split score is on the board (L12C1(e))
    groups: dict[str | None, list[int]] = defaultdict(list)
    for i, (r, s) in enumerate(zip(results, scores, strict=True)):
        if s is not None or r.assigned is not None:
            groups[r.fouled].append(i)
    for members in groups.values():
        split = any(results[i].assigned_ew is not None for i in members)
        for line, ew in ((units, False), (units_ew, True)) if split else ((units, False),):
            for i, value in _line_units(members, results, scores, form, ew).items():
                n = len(members)
                if form.neuberg and n < expected:
                    value = float(compare.neuberg([value], n, expected, form.scale)[0])
                elif n < expected:
                    value = value * (expected - 1) / (n - 1) if n > 1 else top / 2
                line[i] = value
    out = []
    offset = top / 2 if form.relative else 0.0
    for i, (r, s) in enumerate(zip(results, scores, strict=True)):
        if i in units:
            ns_mp, ew_mp = units[i], top - units_ew.get(i, units[i])
        elif r.artificial is not None:
            ns_mp, ew_mp = r.artificial.ns / 100 * top, r.artificial.ew / 100 * top
        else:  # not played: no score for either side (L12C2 is the Director's: enter it as artificial)
            out.append(ScoredResult(r, None, None, None, top))
            continue
        pct_ns = 100 * ns_mp / top if top else 50.0
        pct_ew = 100 * ew_mp / top if top else 50.0
        out.append(ScoredResult(r, s, ns_mp - offset, ew_mp - offset, top, pct_ns, pct_ew))
    return tuple(out)


def _line_units(
    members: Sequence[int], results: Sequence[TableResult], scores: Sequence[int | None], form: Form, ew: bool
) -> dict[int, float]:
    """The matchpoints (for NS) of one line's comparison (L78A): the scores played, and each assigned score
    weighted outcome by outcome (L12C1(c)) — the EW line's when ``ew`` (a split score's EW side is compared with
    the other EW pairs, its NS side with the other NS pairs: L12C1(e))."""
    plain = [i for i in members if scores[i] is not None]
    weighted = {j: a for j in members if (a := results[j].assigned_for_ew if ew else results[j].assigned) is not None}
    field = [s for s in (scores[i] for i in plain) if s is not None]
    mp = compare.matchpoints(field, form.scale) if field else np.zeros(0)
    units: dict[int, float] = {}
    for k, i in enumerate(plain):
        units[i] = float(mp[k]) + sum(
            form.scale.per_win - float(a.matchpoints([scores[i] or 0], form.scale)) for a in weighted.values()
        )
    for j, a in weighted.items():
        # two weighted scores on one board: each meets the other at its weighted mean (L78C)
        others = [float(scores[i] or 0) for i in plain] + [float(b.mean) for k, b in weighted.items() if k != j]
        units[j] = float(a.matchpoints(others, form.scale))
    return units


def _imp_artificial(percent: float, scale: compare.ArtificialScale) -> float:
    """An artificial score given as a percentage, in IMPs on ``scale`` (the form's ``imp_artificial``, the
    organiser's values L12C2(b) allows): above 50 % average-plus, 50 % average, below 50 % average-minus."""
    return scale.plus if percent > 50 else scale.average if percent == 50 else scale.minus


def _imps(results: Sequence[TableResult], scores: Sequence[int | None], form: Form) -> tuple[ScoredResult, ...]:
    played = [i for i, s in enumerate(scores) if s is not None]
    values = np.asarray([scores[i] for i in played], dtype=np.float64)
    datum: int | None = None
    points: dict[int, tuple[float, float]] = {}
    if played and form.method is Method.CROSS_IMPS:
        points = _cross_imps(played, results, scores, form)
    elif played:
        if form.method is Method.BUTLER:
            datum = compare.butler_datum(values, form.drop, form.datum_unit)
            compared: npt.NDArray[Any] = compare.imps_array(values - datum)
        else:
            compared = values
        points = {i: (float(v), -float(v)) for i, v in zip(played, compared, strict=True)}
    out = []
    for i, r in enumerate(results):
        if i in points:
            out.append(ScoredResult(r, scores[i], *points[i], datum=datum))
        elif r.artificial is not None:
            scale = form.imp_artificial
            ns, ew = _imp_artificial(r.artificial.ns, scale), _imp_artificial(r.artificial.ew, scale)
            out.append(ScoredResult(r, None, ns, ew, datum=datum))
        elif r.assigned is not None and r.assigned_for_ew is not None and datum is not None:
            # each side's assigned score against the datum, weighted outcome by outcome (L12C1(c)); a split
            # score's sides each by their own (L12C1(e))
            ns, ew = (float(a.imps(datum)) for a in (r.assigned, r.assigned_for_ew))
            out.append(ScoredResult(r, None, ns, -ew, datum=datum))
        elif r.assigned is not None and r.assigned_for_ew is not None and form.method is Method.TOTAL_POINTS:
            # total points (L78C): the assigned score itself, weighted, the weighted total (L12C1(c)); a split
            # score's sides each by their own (L12C1(e))
            out.append(ScoredResult(r, None, float(r.assigned.mean), -float(r.assigned_for_ew.mean)))
        else:
            out.append(ScoredResult(r, None, None, None, datum=datum))
    return tuple(out)


def _cross_imps(
    played: Sequence[int], results: Sequence[TableResult], scores: Sequence[int | None], form: Form
) -> dict[int, tuple[float, float]]:
    """Each table's (NS, EW) cross-IMPs (L78B): every score of a line against every other of that line, the
    scores played and the assigned ones alike, an assigned score weighted outcome by outcome (L12C1(c)) and
    two assigned scores meeting at their weighted means (L78C), as ``_line_units`` does for matchpoints; a split
    score's NS side among the NS pairs, its EW side among the EW pairs (L12C1(e)). Summed, or averaged over the
    comparisons when ``form.average``."""
    among = compare.cross_imps([scores[i] or 0 for i in played], average=False)
    assigned = [j for j, r in enumerate(results) if r.assigned is not None and r.artificial is None]
    count = len(played) + len(assigned) - 1
    sides: list[dict[int, float]] = []
    for ew in (False, True):
        weighted = {
            j: a for j in assigned if (a := results[j].assigned_for_ew if ew else results[j].assigned) is not None
        }
        line = {
            i: float(among[k]) - sum(float(a.imps(scores[i] or 0)) for a in weighted.values())
            for k, i in enumerate(played)
        }
        for j, a in weighted.items():
            others = [float(scores[i] or 0) for i in played] + [float(b.mean) for k, b in weighted.items() if k != j]
            line[j] = sum(float(a.imps(o)) for o in others)
        sides.append({i: v / count if form.average and count else v for i, v in line.items()})
    return {i: (v, -sides[1][i]) for i, v in sides[0].items()}


def session_scores(boards: Iterable[Sequence[ScoredResult]], form: Form) -> tuple[tuple[ScoredResult, ...], ...]:
    """The boards with L12C2(c) applied when ``form.session``: a contestant given average-plus (in no way at
    fault) who scored more on the other boards of the session, or average-minus (directly at fault) who scored
    less, gets that score instead: its percentage of the tops (matchpoints), or its IMPs a board; the other
    boards are those it has a result on that is not artificial (L12C2(a), (b): ``form.artificial``,
    ``form.imp_artificial``)."""
    given = tuple(tuple(b) for b in boards)
    if not form.session:
        return given
    mp = form.method is Method.MATCHPOINTS
    got: dict[str, float] = defaultdict(float)
    of: dict[str, float] = defaultdict(float)
    for board in given:
        for s in board:
            if s.result.artificial is not None:
                continue
            for ids, pct, value in ((s.result.ns, s.pct_ns, s.ns), (s.result.ew, s.pct_ew, s.ew)):
                for contestant in ids:
                    if mp and pct is not None and s.top:
                        got[contestant] += pct * s.top
                        of[contestant] += s.top
                    elif not mp and value is not None:
                        got[contestant] += value
                        of[contestant] += 1
    scale = form.artificial if mp else form.imp_artificial

    def side(ids: tuple[str, ...], awarded: float) -> float:
        if len(ids) != 1 or not of[ids[0]]:
            return awarded
        session = got[ids[0]] / of[ids[0]]
        if awarded >= scale.plus:  # in no way at fault, or directly at fault: L12C2(c)
            return compare.artificial_score(compare.Fault.NONE, replace(scale, plus=awarded), session)
        if awarded <= scale.minus:
            return compare.artificial_score(compare.Fault.DIRECTLY, replace(scale, minus=awarded), session)
        return awarded

    out = []
    for board in given:
        scored = []
        for s in board:
            r = s.result
            if r.artificial is None or s.ns is None or s.ew is None:
                scored.append(s)
            elif mp and s.top and s.pct_ns is not None and s.pct_ew is not None:
                pct_ns, pct_ew = side(r.ns, s.pct_ns), side(r.ew, s.pct_ew)
                offset = s.top / 2 if form.relative else 0.0
                scored.append(ScoredResult(r, s.score_ns, pct_ns / 100 * s.top - offset,
                                           pct_ew / 100 * s.top - offset, s.top, pct_ns, pct_ew))  # fmt: skip
            elif not mp:
                scored.append(ScoredResult(r, s.score_ns, side(r.ns, s.ns), side(r.ew, s.ew), datum=s.datum))
            else:
                scored.append(s)
        out.append(tuple(scored))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Standing:
    """A contestant's line of the ranking: total (rounded as the form prints it), percentage (matchpoints),
    place with ties (``rank.position``, ``rank.tied``), boards scored and the direction it played; ``average``:
    the points per board scored (IMPs, total points; None for matchpoints, whose share is the percentage)."""

    id: str
    direction: str | None
    total: float
    percentage: float | None
    rank: compare.Ranking
    boards: int
    names: str = ""
    points: tuple[tuple[int, float], ...] = field(default=(), compare=False)
    average: float | None = None

    def share(self, form: Form) -> str:
        """Its share of the boards it played as printed: the percentage (matchpoints) or the points per board."""
        if self.percentage is not None:
            return f"{self.percentage:.{form.total_percent_decimals}f}"
        return "" if self.average is None else f"{self.average:.2f}"


def rank_event(
    boards: Iterable[Sequence[ScoredResult]],
    form: Form = MATCHPOINTS,
    *,
    by_direction: bool = False,
    names: Mapping[str, str] | None = None,
) -> tuple[Standing, ...]:
    """Totals, percentages and places of every contestant (L78). ``by_direction`` ranks the NS and EW lines of a
    Mitchell apart (two winners), the NS line listed first, and names each contestant's line; else one ranking,
    without lines. Totals add each board's points as printed when ``form.from_rounded``; the percentage is the
    share of the tops of the boards scored (artificial scores included at their percentage; boards with no other
    result to compare, a top of 0, weigh nothing: a contestant that has only those is at 50 %, average). A pair
    that missed boards is compared by that share: its percentage is factored to the boards it played, and with
    ``form.share`` it is ranked by it (by its points per board, ``average``, for IMPs) once the pairs ranked
    together have played boards of different weights (a live ranking)."""
    points: dict[str, list[tuple[int, float]]] = defaultdict(list)
    tops: dict[str, float] = defaultdict(float)
    lines: dict[str, set[str]] = defaultdict(set)
    for board in boards:
        for s in board:
            for side, ids, value in (("NS", s.result.ns, s.ns), ("EW", s.result.ew, s.ew)):
                if value is None:
                    continue
                shown = form.round(value, form.decimals) if form.from_rounded else value
                for contestant in ids:
                    points[contestant].append((s.result.board, shown))
                    lines[contestant].add(side)
                    if s.top is not None:
                        tops[contestant] += s.top
    standings: list[Standing] = []
    most = max((len(p) for p in points.values()), default=0)
    unranked = compare.Ranking(0, False)
    for contestant, pts in points.items():
        achieved = sum(v for _, v in pts)
        total = achieved / len(pts) if form.total == "mean" else achieved * most / len(pts) if form.factor else achieved
        percentage: float | None = None
        average: float | None = None
        if form.percentages:
            top = tops[contestant]
            achieved += top / 2 if form.relative else 0.0
            percentage = form.round(100 * achieved / top if top else 50.0, form.total_percent_decimals)
        else:
            average = form.round(achieved / len(pts), max(form.total_decimals, 2))
        direction = next(iter(lines[contestant])) if by_direction and len(lines[contestant]) == 1 else None
        standings.append(Standing(contestant, direction, form.round(total, form.total_decimals), percentage,
                                  unranked, len(pts), (names or {}).get(contestant, ""), tuple(pts),
                                  average))  # fmt: skip
    out: list[Standing] = []
    groups: list[str | None] = ["NS", "EW"] if by_direction else [None]
    for group in groups:
        members = [s for s in standings if group is None or s.direction == group]
        weights = {tops[s.id] if form.percentages else s.boards for s in members}
        if form.share and len(weights) > 1:  # played boards of different weights: their shares compare (L78)
            keys = [(s.percentage if form.percentages else s.average) or 0.0 for s in members]
        else:
            keys = [s.total for s in members]
        out.extend(replace(s, rank=place) for s, place in zip(members, compare.rank(keys), strict=True))
    return tuple(sorted(out, key=lambda s: (groups.index(s.direction) if s.direction in groups else len(groups),
                                            s.rank.position, _id_key(s.id))))  # fmt: skip


def _id_key(contestant: str) -> tuple[int, str]:
    return (int(contestant), "") if contestant.isdigit() else (1 << 30, contestant)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A teams match: each board's IMPs for the home team (L78B: the home team's NS score in one room against
    the visitors' NS score in the other; a weighted assigned score's to the hundredth, ``board_imps``), the IMP
    totals and the VPs (WBF 2013 scale, ``compare.vp_scale``)."""

    boards: tuple[tuple[int, float], ...]
    home_imps: float
    away_imps: float
    vp: tuple[float, float]


def _hundredths(value: Fraction | float, decimals: int = 2) -> float:
    """Weighted IMPs to the hundredth (``decimals``), halves away from zero (the laws set no rounding, L12C1(c):
    the conditions of contest's, ``Event.weighted_decimals``), a whole number as an ``int``."""
    exact = Fraction(value)
    unit = Decimal(1).scaleb(-decimals)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(unit, ROUND_HALF_UP)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


def imp_text(value: float) -> str:
    """IMPs as the results files write them: whole (``3``), or to the hundredth (``3.60``, weighted, L12C1(c))."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def board_imps(
    open_room: TableResult,
    closed_room: TableResult,
    board: Vulnerability | Board,
    scale: compare.ArtificialScale = compare.IMPS,
    decimals: int = 2,
) -> float:
    """The IMPs of one board of a team match for the open room's NS team (the home team; the closed room's EW),
    the one rule the match, its VPs, the travellers and the exports read:

    - both rooms played: the difference of the two NS scores (L78B), when they played the same form (else not
      comparable: L87C, L86B2, refused);
    - an artificial score in a room (L12C2(b)): average-plus / average-minus on ``scale`` (the form's
      ``imp_artificial``, ±3 by default) to each side by its own percentage, the other room not compared; one
      the two teams' IMPs do not balance on (A60/60: each contestant's own score, both +3) is refused — a match's
      board is one number for the home team, the visitors' its opposite;
    - an assigned score in one room against the other room's played result (L86B1): each weighted outcome IMPed
      against that result, the IMPs weighted (L12C1(c)), to the hundredth (``decimals``: a condition of contest,
      halves away from zero); with the side at fault named
      (non-comparable results, L86B2(b)), the other side gets the better of average-plus and that, the side at
      fault the complement (``compare.teams_one_at_fault``).

    An assigned score against another adjusted score, or a split one (L12C1(e): a match's board is one
    comparison), is refused (L86B2: the Director's artificial scores)."""
    if open_room.board != closed_room.board:
        raise TournamentError(f"rooms of boards {open_room.board} and {closed_room.board} are not one board")
    rooms = (open_room, closed_room)
    scores = [room.score_ns(board) for room in rooms]
    if scores[0] is not None and scores[1] is not None:
        if open_room.fouled != closed_room.fouled:
            raise TournamentError(f"board {open_room.board}: the rooms played different forms of a fouled board "
                                  "and cannot be compared (L87C, L86B2): the Director awards adjusted "
                                  "scores (L12C2)")  # fmt: skip
        return compare.imps(scores[0] - scores[1])
    if any(room.artificial is not None for room in rooms):
        if any(room.assigned is not None for room in rooms):
            raise TournamentError(_TWO_ADJUSTED.format(board=open_room.board))
        home = away = 0.0
        for room, home_ns in zip(rooms, (True, False), strict=True):
            if room.artificial is not None:
                ns, ew = _imp_artificial(room.artificial.ns, scale), _imp_artificial(room.artificial.ew, scale)
                home, away = (home + ns, away + ew) if home_ns else (home + ew, away + ns)
        if home != -away:
            raise TournamentError(_UNBALANCED.format(board=open_room.board, home=imp_text(home), away=imp_text(away)))
        return home
    k = 0 if rooms[0].assigned is not None else 1
    room, other = rooms[k], scores[1 - k]
    if room.assigned is None:
        return 0  # a room not played, without the Director's score: nothing to compare
    if other is None or room.assigned_ew is not None:
        raise TournamentError(_TWO_ADJUSTED.format(board=open_room.board) if other is None else
                              f"board {room.board}: a split assigned score (L12C1(e)) is not scored in a team "
                              "match, whose board is one comparison of the two rooms (L78B): give one assigned "
                              "score (L86B1)")  # fmt: skip
    if room.at_fault is None and room.fouled != rooms[1 - k].fouled:
        raise TournamentError(f"board {room.board}: the rooms played different forms and an assigned score against "
                              "the other room's result is not comparable (L87C, L86B2): the side at fault is "
                              "named (L86B2(b)) or the Director gives artificial scores (L12C2)")  # fmt: skip
    sign = 1 if k == 0 else -1  # the home team sits NS in the open room, EW in the closed one
    home = sign * _hundredths(room.assigned.imps(other), decimals)
    if room.at_fault is None:
        return home
    if (room.at_fault == "NS") == (k == 0):  # the home team at fault: the visitors are the non-offending side
        _, home = compare.teams_one_at_fault(-home, scale)
    else:
        home, _ = compare.teams_one_at_fault(home, scale)
    return _hundredths(Fraction(home), decimals)


_UNBALANCED: Final = ("board {board}: the artificial scores give the home team {home} IMP and the visitors {away} "
                      "(each contestant its own, L12C2(b)): a team match's board is one number for the home team, "
                      "the visitors' its opposite (L78B), so scores that do not balance are not scored here: give "
                      "one side average-plus and the other average-minus (A60/40, A40/60) or both average "
                      "(A50/50)")  # fmt: skip


_TWO_ADJUSTED: Final = ("board {board}: both rooms of the match have an adjusted score, one of them assigned: "
                        "they cannot be compared (L86B2): the Director gives artificial scores (L12C2; no side or "
                        "both at fault, L86B2(a), (c)), or one side at fault, the better of average-plus and an "
                        "assigned score against a room's played result (L86B2(b))")  # fmt: skip


def score_match(
    rooms: Sequence[tuple[TableResult, TableResult, Vulnerability | Board]],
    *,
    home: str,
    corrected: bool = True,
    scale: compare.ArtificialScale = compare.IMPS,
    decimals: int = 2,
) -> MatchScore:
    """Score a teams match from its boards: for each board the two rooms' results and the board (vulnerability).
    ``home`` names the home team's id as it appears on the results (its pair sits NS in one room and EW in the
    other). Each board by ``board_imps`` (an artificial score average-plus/minus on ``scale``, L12C2(b); an
    assigned score weighted outcome by outcome, L86B1, L12C1(c), to ``decimals``)."""
    per_board: list[tuple[int, float]] = []
    for open_room, closed_room, board in rooms:
        signs = []
        for room in (open_room, closed_room):
            if home in room.ns:
                signs.append(1)
            elif home in room.ew:
                signs.append(-1)
            else:
                raise TournamentError(f"board {room.board}: team {home!r} is not at this table")
        if signs[0] == signs[1]:
            raise TournamentError(f"board {open_room.board}: the home team sits the same way in both rooms")
        per_board.append((open_room.board, signs[0] * board_imps(open_room, closed_room, board, scale, decimals)))
    home_imps = _hundredths(sum((Fraction(str(i)) for _, i in per_board if i > 0), Fraction(0)), decimals)
    away_imps = _hundredths(-sum((Fraction(str(i)) for _, i in per_board if i < 0), Fraction(0)), decimals)
    vp = compare.victory_points(home_imps - away_imps, len(per_board), corrected) if per_board else (10.0, 10.0)
    return MatchScore(tuple(per_board), home_imps, away_imps, vp)
