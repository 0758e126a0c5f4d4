"""Rulings (L10C1, L81C): what happened, who offended, who chooses among which options, each with its law.

A ``Ruling`` is pending until its chooser picks an ``Option`` (a ``choose`` event) or, when the law needs a
judgement, until the director answers its ``Question`` (a ``judge`` event). ``BeforeRectification`` lists
the calls the laws let a player make before the director rules (L9B2: an acceptance by LHO's call, L27A1,
L29A; a call in rotation, L28B …) and what each does.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from enum import Enum
from typing import Any, Final, Protocol

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Side, Suit
from contractbridge.director.effects import AwaitedCall, Duration
from contractbridge.errors import RulingError

__all__ = [
    "DIRECTOR",
    "PLAY_EFFECTS",
    "BeforeRectification",
    "Cites",
    "Effect",
    "EffectKind",
    "Option",
    "Question",
    "Ruling",
    "none_option",
    "seat_name",
]

#: who chooses in a ruling without a choice for a player (an event's ``seat``)
DIRECTOR: Final = "director"


def seat_name(seat: Seat) -> str:
    return seat.name.capitalize()


class Cites(Protocol):
    """What cites a law for a topic in a message (``Edition.cited``: ``" (L9B2)"``, or ``""`` for a book without
    that rule)."""

    def cited(self, topic: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Question:
    """A matter of judgement the director must decide (docs/architecture.md §3.5): answered by a ``judge`` event."""

    id: str
    law: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "law": self.law, "text": self.text}


class EffectKind(Enum):
    """What an option does to the table, as data: the play period's (the table maps each to events) and the
    auction period's (``director.apply`` applies each to the record)."""

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
    TAKE_BACK = "take_back"  # the last ``data`` cards played go back to the hands, the last first (L47, L62)
    PLAY = "play"  # ``seat`` plays ``cards`` (L58B: the card the chosen option keeps)
    AWARD = "award"  # the claimer's side gets ``data`` of the remaining tricks (L69, L70, L71)
    PLAY_ON = "play_on"  # the disputed claim is void and play continues (L68D2(b))
    REPLAY = "replay"  # ``seat`` plays ``cards[0]`` again to trick ``data`` unless released (L62C2)
    ESTABLISHED = "established"  # the corrected revoke by ``seat`` in trick ``data`` counts as established (L43B2(b))
    NONE = "none"  # no rectification
    # the auction period (L13–L15, L16C, L17D3, L23–L39; the historic codes' R39–R43), applied to the record by
    # ``director.apply``; "the call made" is the call a player made before rectification (``BeforeRectification``)
    STAND = "stand"  # entry ``index`` (the last entry if None) stands, under ``law`` (L27A1, L29A, L25B1)
    WITHDRAW_CALL = "withdraw_call"  # entry ``index`` is withdrawn (L25, L27B); ``ui_for``: the L16C flag
    CANCEL_CALL = "cancel_call"  # entry ``index`` is cancelled (L29B, L36B, L37B); ``ui_for`` as above
    CANCEL_FROM = "cancel_from"  # entry ``index`` and every later call are cancelled (L15A1, L36A, L38B)
    ENTER_CALL = "enter_call"  # ``seat``'s ``call`` (the call made if None) is entered, pending, under ``law``
    MOVE_LAST = "move_last"  # the last entry takes position ``index`` (L25A1), or leaves the record if None
    CALL = "call"  # ``seat`` makes ``call`` (the call made if None) at the table, ruled on under its own law
    OBLIGE = "oblige"  # ``seat`` must pass for ``duration`` (L23–L38; NBB R39, R40)
    RELEASE = "release"  # ``seat``'s obligation to pass ends (L37A; NBB R42 accepted)
    LEAD_PENALTY = "lead_penalty"  # L26B may restrict ``seat``'s partner's lead if ``seat`` defends
    RESTRICT_LEAD = "restrict_lead"  # declarer's L26B choice for offender ``seat``: forbid ``suits`` (or none)
    EXPOSE = "expose"  # ``cards`` of ``seat`` stay face up (``data`` "led": led) until the play (L24; NBB R43)
    UNEXPOSE = "unexpose"  # ``cards`` of ``seat`` are no longer exposed (NBB R43(a)(II))
    FORGET_UI = "forget_ui"  # the L16C flag of entry ``index`` is dropped (L23B: a comparable call)
    WATCH = "watch"  # ``watch`` waits for a seat's next call (L27B, L30B1(b), L31A, L32A; NBB R40)
    END_WATCH = "end_watch"  # ``seat``'s awaited rectification of kind ``data`` is done
    MARK_WATCH = "mark_watch"  # ``seat``'s awaited rectification of kind ``data`` has had its penalty (L27B3: once)
    RULE = "rule"  # ``ruling``, which follows from this option, becomes pending (L25B, L27B1(b))
    FOLLOW_UP = "follow_up"  # the edition's next step ``data`` after entry ``index`` (WBF17: L31A/L32A, L25A6)
    REVIEW = "review"  # the director reviews under ``law`` after play (a REVIEW flag; an adjusted score)
    NOTE = "note"  # ``data`` is noted in the record
    NEW_DEAL = "new_deal"  # a new deal is demanded (``law``): the board ends and the same dealer deals again


#: the effects of the play period: the table applies them (``Table``: the card that awaited the ruling stands or goes
#: back, cards taken back or played, the claim ruled), then its edition (``Edition.carry_out``: penalty cards,
#: restrictions); the record's ``director.apply`` leaves them alone
PLAY_EFFECTS: Final = frozenset(
    {
        EffectKind.ACCEPT,
        EffectKind.WITHDRAW,
        EffectKind.PENALTY_CARD,
        EffectKind.PICK_UP,
        EffectKind.REQUIRE_LEAD,
        EffectKind.FORBID_LEAD,
        EffectKind.REQUIRE_PLAY,
        EffectKind.FORBID_PLAY,
        EffectKind.LEAD_FROM,
        EffectKind.PLAY_SECOND_FROM,
        EffectKind.EXCHANGE_ROLES,
        EffectKind.DEFENDER_CHOOSES,
        EffectKind.DESIGNATE,
        EffectKind.SUBSTITUTE,
        EffectKind.TRANSFER,
        EffectKind.TAKE_BACK,
        EffectKind.PLAY,
        EffectKind.AWARD,
        EffectKind.PLAY_ON,
        EffectKind.REPLAY,
        EffectKind.ESTABLISHED,
    }
)


@dataclass(frozen=True, slots=True)
class Effect:
    """One change an option makes: ``kind`` to ``seat`` about ``cards``/``suits``; ``data`` qualifies it. An
    auction-period effect names the record's entry (``index``), a ``call``, its ``law``, the side the L16C
    information is unauthorized for (``ui_for``), how long an obligation lasts (``duration``), the rectification
    that waits (``watch``) or the ruling that follows (``ruling``)."""

    kind: EffectKind
    seat: Seat | None = None
    cards: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    data: str = ""
    _: KW_ONLY
    index: int | None = None
    call: Call | None = None
    law: str = ""
    ui_for: Side | None = None
    duration: Duration | None = None
    watch: AwaitedCall | None = None
    ruling: Ruling | None = None

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
        if self.index is not None:
            out["index"] = self.index
        if self.call is not None:
            out["call"] = str(self.call)
        if self.law:
            out["law"] = self.law
        if self.ui_for is not None:
            out["UI"] = str(self.ui_for)
        if self.duration is not None:
            out["duration"] = self.duration.value
        if self.watch is not None:
            out["awaits"] = {"seat": self.watch.seat.letter, "kind": self.watch.kind}
        if self.ruling is not None:
            out["ruling"] = {"irregularity": self.ruling.irregularity, "law": self.ruling.law}
        return out


@dataclass(frozen=True, slots=True)
class Option:
    """One rectification the chooser may pick (or the outcome of one ``answer`` to the ruling's question), with
    its law. The law states it as data: ``effect`` in words, ``effects`` as values, applied in order by one
    function — the record's (``director.apply``) and, for ``PLAY_EFFECTS``, the table's."""

    id: str
    law: str
    effect: str
    effects: tuple[Effect, ...] = ()
    _: KW_ONLY
    obligations: tuple[str, ...] = ()
    answer: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "law": self.law, "effect": self.effect}
        if self.effects:
            out["effects"] = [e.to_dict() for e in self.effects]
        if self.obligations:
            out["obligations"] = list(self.obligations)
        if self.answer is not None:
            out["if_answer"] = self.answer
        return out


def none_option(law: str, effect: str, option_id: str = "no_rectification") -> Option:
    """The only outcome when the law gives no rectification."""
    return Option(option_id, law, effect, (Effect(EffectKind.NONE),))


@dataclass(frozen=True, slots=True)
class BeforeRectification:
    """A call the laws let ``seat`` make before rectification, and what it does (L9B2: L27A1, L28B, L29A …): it
    settles the ruling as ``option`` under ``law`` and has ``effects`` (applied by ``director.apply``; "the call
    made" is that call). With ``only``, no other call is allowed (``refusal`` says why: NBB R40(2))."""

    seat: Seat
    law: str
    effect: str
    option: str
    effects: tuple[Effect, ...]
    _: KW_ONLY
    only: Call | None = None
    refusal: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "law": self.law,
            "effect": self.effect,
            "effects": [e.to_dict() for e in self.effects],
        }


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling: what happened, who offended, who chooses and among what (L10C1: every option), each with its law.

    ``choosers`` is empty when the director decides (a ``question``, or several options) or when the law leaves
    no choice (one option, or the historic codes' automatic penalties); two seats when either may choose and
    ``prevails`` breaks a tie (L55A). ``premium`` is points a historic code scores for the irregularity (NL36
    28.3). A law function returns the ruling as data, every option with its effects (no closures).
    """

    irregularity: str
    law: str
    offender: Seat | None
    description: str
    options: tuple[Option, ...]
    _: KW_ONLY
    choosers: tuple[Seat, ...] = ()
    prevails: Seat | None = None
    question: Question | None = None
    before_rectification: tuple[BeforeRectification, ...] = ()
    review: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    premium: tuple[Side, int] | None = None

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a ruling needs at least one option")

    @property
    def chooser(self) -> Seat | None:
        """The seat whose choice counts (``None``: the director decides, or nobody does)."""
        if self.prevails is not None:
            return self.prevails
        return self.choosers[0] if len(self.choosers) == 1 else None

    @property
    def automatic(self) -> bool:
        """Nobody chooses and nothing is asked: the first option is the outcome (the historic codes' penalties)."""
        return not self.choosers and self.question is None

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise RulingError(
            f"{option_id!r} is not an option of the {self.irregularity} ruling (options: {', '.join(self.option_ids)})"
        )

    def outcome(self, answer: bool) -> Option:
        """The option that follows the director's answer to ``question``."""
        if self.question is None:
            raise RulingError(f"the {self.irregularity} ruling asks the director nothing")
        for opt in self.options:
            if opt.answer is answer:
                return opt
        raise RulingError(f"the {self.irregularity} ruling has no outcome for the answer {answer}")

    def awaits(self, edition: Cites) -> str:
        """What the table waits for; nobody acts before it (L9B2), except as ``before_rectification`` allows. The
        laws are cited by the ``edition`` in force: a 1930s book cites no 2017 law (#25)."""
        if self.question is not None:
            return f"awaits the director's judgement ({self.question.law})"
        if self.chooser is not None:
            return f"awaits {seat_name(self.chooser)}'s choice of rectification{edition.cited('awaits_choice')}"
        return f"awaits the director's ruling{edition.cited('awaits_director')}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "irregularity": self.irregularity,
            "law": self.law,
            "offender": None if self.offender is None else self.offender.letter,
            "description": self.description,
            "chooser": DIRECTOR if self.chooser is None else self.chooser.letter,
            "choosers": [s.letter for s in self.choosers],
            "question": None if self.question is None else self.question.to_dict(),
            "options": [o.to_dict() for o in self.options],
            "before_rectification": [f.to_dict() for f in self.before_rectification],
            "review": list(self.review),
            "notes": list(self.notes),
        }
        if self.prevails is not None:
            out["prevails"] = self.prevails.letter
        if self.premium is not None:
            out["premium"] = {"side": str(self.premium[0]), "points": self.premium[1]}
        return out

    @property
    def cited_law(self) -> str:
        """The ruling's law as a message cites it: a 2017 law is a number (``L54``); a book names itself
        (``NBB R46(2)``)."""
        return f"L{self.law}" if self.law[:1].isdigit() else self.law

    def explain(self) -> str:
        """A director's explanation in words (L10C1)."""
        lines = [f"{self.description} ({self.cited_law})."]
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
