"""Rulings of the play period as plain data (L10C1: every option, who chooses, each with its law).

``director.Ruling``/``Option`` bind each option to a callable that changes the directed auction; the play
period's law is built before the table seam exists, so its options carry their *effects as values*
(``Effect``) that the table applies when it wires them in: a card withdrawn, a penalty card created or
picked up, a lead or play restriction, roles exchanged, a trick transferred. ``Question`` (a director's
judgement) is shared with the auction director.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import Question
from contractbridge.errors import RulingError

__all__ = [
    "Effect",
    "EffectKind",
    "PlayOption",
    "PlayRuling",
    "Question",
    "none_option",
]


class EffectKind(Enum):
    """What an option does to the table; the table's wiring maps each kind to one event."""

    ACCEPT = "accept"  # the irregular lead or play stands as if in turn (L53, L60A2)
    WITHDRAW = "withdraw"  # the card goes back to the hand
    PENALTY_CARD = "penalty_card"  # a defender's card becomes a penalty card (data: "major"/"minor")
    PICK_UP = "pick_up"  # a penalty card stops being one (L50D2(a), L51B)
    REQUIRE_LEAD = "require_lead"  # the seat must lead ``suit`` (L50D2(a), L51B1(a))
    FORBID_LEAD = "forbid_lead"  # the seat may not lead ``suits`` while it keeps the lead (L50D2(a), L51B)
    REQUIRE_PLAY = "require_play"  # data: "highest"/"lowest" of the suit led, or "suit" (L57A)
    FORBID_PLAY = "forbid_play"  # the seat may not play ``suits`` to this trick (L57A4)
    LEAD_FROM = "lead_from"  # the next lead comes from ``seat`` (L55B2, L56B)
    PLAY_SECOND_FROM = "play_second_from"  # the second card to the trick comes from ``seat`` (L54B1)
    EXCHANGE_ROLES = "exchange_roles"  # declarer spreads his hand and becomes dummy (L54A)
    DEFENDER_CHOOSES = "defender_chooses"  # either defender picks the card (L46B5)
    DESIGNATE = "designate"  # the card counts as designated (L46)
    SUBSTITUTE = "substitute"  # the offender substitutes a legal card (L62B, L52B2)
    TRANSFER = "transfer"  # tricks transferred at the end of play (L64A)
    NONE = "none"  # no rectification


@dataclass(frozen=True, slots=True)
class Effect:
    """One change an option makes: ``kind`` to ``seat`` about ``cards``/``suits``; ``data`` qualifies it."""

    kind: EffectKind
    seat: Seat | None = None
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    data: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"effect": self.kind.value}
        if self.seat is not None:
            out["seat"] = self.seat.letter
        if self.cards:
            out["cards"] = [str(c) for c in self.cards]
        if self.suits:
            out["suits"] = [s.letter for s in self.suits]
        if self.data:
            out["data"] = self.data
        return out


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One rectification a chooser may pick, with its law and its effects (data, applied by the table)."""

    id: str
    law: str
    effect: str
    effects: tuple[Effect, ...] = ()
    #: for an outcome of a director's judgement: the answer that leads to it
    answer: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "law": self.law, "effect": self.effect}
        if self.effects:
            out["effects"] = [e.to_dict() for e in self.effects]
        if self.answer is not None:
            out["if_answer"] = self.answer
        return out


@dataclass(frozen=True, slots=True)
class PlayRuling:
    """A ruling of the play period. ``choosers`` is empty when the director decides (a ``question``) or when
    the law leaves no choice (one option); two seats when either may choose and ``prevails`` breaks a tie
    (L55A)."""

    irregularity: str
    law: str
    offender: Seat | None
    description: str
    options: tuple[PlayOption, ...]
    choosers: tuple[Seat, ...] = ()
    prevails: Seat | None = None
    question: Question | None = None
    review: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a ruling needs at least one option")

    @property
    def chooser(self) -> Seat | None:
        """The one seat that chooses (``None``: the director, or either of several seats)."""
        return self.choosers[0] if len(self.choosers) == 1 else None

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def option(self, option_id: str) -> PlayOption:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise RulingError(
            f"{option_id!r} is not an option of the {self.irregularity} ruling (options: {', '.join(self.option_ids)})"
        )

    def outcome(self, answer: bool) -> PlayOption:
        """The option that follows the director's answer to ``question``."""
        if self.question is None:
            raise RulingError(f"the {self.irregularity} ruling asks the director nothing")
        for opt in self.options:
            if opt.answer is answer:
                return opt
        raise RulingError(f"the {self.irregularity} ruling has no outcome for the answer {answer}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "irregularity": self.irregularity,
            "law": self.law,
            "offender": None if self.offender is None else self.offender.letter,
            "description": self.description,
            "choosers": [s.letter for s in self.choosers] or ["director"],
            "prevails": None if self.prevails is None else self.prevails.letter,
            "question": None if self.question is None else self.question.to_dict(),
            "options": [o.to_dict() for o in self.options],
            "review": list(self.review),
            "notes": list(self.notes),
        }


def none_option(law: str, effect: str, option_id: str = "no_rectification") -> PlayOption:
    """The only outcome when the law gives no rectification."""
    return PlayOption(option_id, law, effect, (Effect(EffectKind.NONE),))
