"""The end-of-board review: the REVIEW flags of the auction and the play settled after play (L12C1).

Each flag (``Flag``: the law to check and what happened) is answered with ``NoDamage``, an ``Adjusted``
result (L12C1(b); one per side where they differ, non-balancing where a law says so: L43B3, L12C1(e)), or a
``Weighted`` score (L12C1(c)). ``settle`` scores the table result, applies the L64A transfers and then the
answers in order, and returns the final score per side with every step and its law.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from contractbridge.cards import Seat, Side
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.errors import RulingError, ScoringError
from contractbridge.scoring.duplicate import board_score

from .revokes import Transfer

__all__ = ["Adjusted", "Answer", "Final", "Flag", "NoDamage", "Result", "Step", "Weighted", "settle"]


@dataclass(frozen=True, slots=True)
class Flag:
    """A matter the director must check after play: ``law`` (``"64C"``, ``"43B3"``, ``"27D"`` …) and why."""

    law: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Result:
    """A possible table result: contract by declarer with tricks (``contract=None``: passed out)."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None

    def score(self, vulnerability: Vulnerability) -> tuple[int, int]:
        """The L77 score (NS, EW)."""
        s = board_score(self.contract, self.declarer, self.tricks, vulnerability)
        return s.ns, s.ew

    def __str__(self) -> str:
        if self.contract is None or self.declarer is None:
            return "passed out"
        return f"{self.contract} by {self.declarer.letter}, {self.tricks} tricks"


@dataclass(frozen=True, slots=True)
class NoDamage:
    """The director finds no damage: the score stands."""


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An assigned score (L12C1(b)): the probable result without the infraction, for each side; ``None`` keeps
    that side's current score (a non-balancing adjustment, e.g. L43B3: only the defenders' score)."""

    ns: Result | None
    ew: Result | None
    law: str = "12C1(b)"


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned score (L12C1(c)): results with weights summing to 1, for both sides unless one side
    is given its own (``ew`` ``None``: the same weights for EW)."""

    ns: tuple[tuple[float, Result], ...]
    ew: tuple[tuple[float, Result], ...] | None = None
    law: str = "12C1(c)"

    def __post_init__(self) -> None:
        for part in (self.ns, self.ew):
            if part is not None and (
                not part or abs(sum(w for w, _ in part) - 1) > 1e-9 or min(w for w, _ in part) < 0
            ):
                raise ScoringError("a weighted score needs results with non-negative weights summing to 1 (L12C1(c))")


Answer = NoDamage | Adjusted | Weighted


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the board's score: what was done, the law, and the score (NS, EW) after it."""

    law: str
    text: str
    ns: float
    ew: float


@dataclass(frozen=True, slots=True)
class Final:
    """The board's final score per side and how it came about."""

    ns: float
    ew: float
    steps: tuple[Step, ...]

    @property
    def balanced(self) -> bool:
        return self.ns == -self.ew

    def explain(self) -> str:
        return "\n".join(f"L{s.law}: {s.text} → NS {s.ns:+g}, EW {s.ew:+g}" for s in self.steps)


def _weighted(parts: tuple[tuple[float, Result], ...], vulnerability: Vulnerability, side: Side) -> float:
    return sum(w * r.score(vulnerability)[side] for w, r in parts)


def settle(
    table: Result,
    vulnerability: Vulnerability,
    *,
    transfers: Sequence[Transfer] = (),
    flags: Sequence[Flag] = (),
    answers: Mapping[str, Answer] | None = None,
) -> Final:
    """The final score: the table result (L77), the L64A transfers, then each flag's answer in order. Every
    flag must be answered (keyed by its law); an answer for a flag not raised is an error."""
    answers = dict(answers or {})
    unknown = set(answers) - {f.law for f in flags}
    if unknown:
        raise RulingError(f"answers for review flags not raised: {', '.join(sorted(unknown))}")
    missing = [f.law for f in flags if f.law not in answers]
    if missing:
        raise RulingError(f"the director has not settled the review flags {', '.join(missing)}")
    ns: float
    ew: float
    ns, ew = table.score(vulnerability)
    steps = [Step("77", f"table result {table}", ns, ew)]
    result = table
    moved = [t for t in transfers if t.count]
    if moved and table.declarer is not None and table.tricks is not None:
        gained = sum(t.count if t.to == table.declarer.side else -t.count for t in moved)
        result = Result(table.contract, table.declarer, min(13, max(0, table.tricks + gained)))
        ns, ew = result.score(vulnerability)
        for t in moved:
            steps.append(Step(t.law, str(t).split(": ", 1)[1], ns, ew))
    for flag in flags:
        answer = answers[flag.law]
        if isinstance(answer, NoDamage):
            steps.append(Step(flag.law, f"{flag.text or 'review'}: no damage, the score stands", ns, ew))
        elif isinstance(answer, Adjusted):
            if answer.ns is not None:
                ns = answer.ns.score(vulnerability)[Side.NS]
            if answer.ew is not None:
                ew = answer.ew.score(vulnerability)[Side.EW]
            who = (
                "both sides"
                if answer.ns is not None and answer.ew is not None
                else ("NS" if answer.ew is None else "EW")
            )
            steps.append(Step(f"{flag.law}, {answer.law}", f"adjusted for {who}", ns, ew))
        else:
            ns = _weighted(answer.ns, vulnerability, Side.NS)
            ew = _weighted(answer.ew if answer.ew is not None else answer.ns, vulnerability, Side.EW)
            parts = "; ".join(f"{w:g} × {r}" for w, r in answer.ns)
            steps.append(Step(f"{flag.law}, {answer.law}", f"weighted score: {parts}", ns, ew))
    return Final(ns, ew, tuple(steps))
