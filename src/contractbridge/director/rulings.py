"""Rulings (L10C1, L81C): what happened, who offended, who chooses among which options, each with its law.

A ``Ruling`` is pending until its chooser picks an ``Option`` (a ``choose`` event) or, when the law needs a
judgement, until the director answers its ``Question`` (a ``judge`` event). ``BeforeRectification`` lists
the calls the laws let a player make before the director rules (L9B2: an acceptance by LHO's call, L27A1,
L29A; a call in rotation, L28B …) and what each does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.errors import RulingError

__all__ = ["DIRECTOR", "BeforeRectification", "Option", "Question", "Ruling", "seat_name"]

#: who chooses in a ruling without a choice for a player (an event's ``seat``)
DIRECTOR: Final = "director"


def seat_name(seat: Seat) -> str:
    return seat.name.capitalize()


@dataclass(frozen=True, slots=True)
class Question:
    """A matter of judgement the director must decide (docs/architecture.md §3.5): answered by a ``judge`` event."""

    id: str
    law: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "law": self.law, "text": self.text}


@dataclass(frozen=True, slots=True)
class Option:
    """One rectification the chooser may pick (or the outcome of one answer to the pending question)."""

    id: str
    law: str
    effect: str
    apply: Callable[[], None] = field(compare=False, repr=False)
    obligations: tuple[str, ...] = ()
    answer: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "law": self.law, "effect": self.effect}
        if self.obligations:
            out["obligations"] = list(self.obligations)
        if self.answer is not None:
            out["if_answer"] = self.answer
        return out


@dataclass(frozen=True, slots=True)
class BeforeRectification:
    """A call the laws let ``seat`` make before rectification, and what it does (L9B2: L27A1, L28B, L29A …)."""

    seat: Seat
    law: str
    effect: str
    apply: Callable[[Call], None] = field(compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "law": self.law, "effect": self.effect}


@dataclass(frozen=True, slots=True)
class Ruling:
    """A pending ruling: what happened, who offended, who chooses and among what (L10C1: every option)."""

    irregularity: str
    law: str
    offender: Seat | None
    description: str
    options: tuple[Option, ...]
    chooser: Seat | None = None
    question: Question | None = None
    before_rectification: tuple[BeforeRectification, ...] = ()
    review: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a ruling needs at least one option")

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise RulingError(
            f"{option_id!r} is not an option of the pending {self.irregularity} ruling "
            f"(options: {', '.join(o.id for o in self.options)})"
        )

    def awaits(self) -> str:
        """What the table waits for; nobody acts before it (L9B2), except as ``before_rectification`` allows."""
        if self.question is not None:
            return f"awaits the director's judgement ({self.question.law})"
        if self.chooser is not None:
            return f"awaits {seat_name(self.chooser)}'s choice of rectification (L10C1, L9B2)"
        return "awaits the director's ruling (L9B2)"

    def to_dict(self) -> dict[str, Any]:
        return {
            "irregularity": self.irregularity,
            "law": self.law,
            "offender": None if self.offender is None else self.offender.letter,
            "description": self.description,
            "chooser": DIRECTOR if self.chooser is None else self.chooser.letter,
            "question": None if self.question is None else self.question.to_dict(),
            "options": [o.to_dict() for o in self.options],
            "before_rectification": [f.to_dict() for f in self.before_rectification],
            "review": list(self.review),
            "notes": list(self.notes),
        }

    def explain(self) -> str:
        """A director's explanation in words (L10C1)."""
        lines = [f"{self.description} (L{self.law})."]
        if self.question is not None:
            lines.append(f"The director must judge: {self.question.text} ({self.question.law})")
            for opt in self.options:
                answer = "yes" if opt.answer else "no"
                lines.append(f"  if {answer}: {opt.effect} ({opt.law})")
        elif self.chooser is not None and len(self.options) == 2 and self.options[0].id == "accept":
            accept, other = self.options
            lines.append(
                f"{seat_name(self.chooser)} may accept it ({accept.law}: {accept.effect}) or not; "
                f"if not, {other.effect} ({other.law})."
            )
        elif self.chooser is not None:
            choices = "; or ".join(f"{o.id}: {o.effect} ({o.law})" for o in self.options)
            lines.append(f"{seat_name(self.chooser)} may choose — {choices}.")
        else:
            for opt in self.options:
                lines.append(f"The director rules — {opt.id}: {opt.effect} ({opt.law}).")
        for f in self.before_rectification:
            lines.append(f"If {seat_name(f.seat)} calls before the director rules: {f.effect} ({f.law}).")
        lines.extend(self.notes)
        if self.review:
            lines.append("After play the director checks " + ", ".join(self.review) + ".")
        return "\n".join(lines)
