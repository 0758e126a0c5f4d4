"""Typed events of the table's log (docs/architecture.md §5): one frozen dataclass per event kind, one parser
(``parse``: a JSON object → event, a ``ParseError`` naming the kind and the field) and one writer
(``to_dict``: event → JSON object; ``to_json_line``: one line of a JSONL log).

The JSON shapes are those logs have always had, so old logs read unchanged. Keys a kind does not know are
kept in ``extra`` and written back (the PBN/LIN converters keep ``alert``, ``explanation``, ``title`` …
there); an event kind nobody knows reads as ``Extension``. The rubber-bridge codes' own actions are typed here
too (``attention``, a call's ``names``, ``misinformation``: laws-historic.md §2; ``call_card``: §3.2;
``quitted_trick``: §3.6; ``dummy_suggests``: §3.9) and go to
the record of an edition that lists them in its ``EVENTS`` (``laws.nbb30.PlayersAuction``).
Optional keys are written only when they differ from their default (``attention``, ``led``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, TypeVar

from contractbridge.calls import Call as CallValue
from contractbridge.cards import Card, Seat
from contractbridge.deal import Vulnerability
from contractbridge.errors import ParseError
from contractbridge.rulebooks import refusal

__all__ = [
    "Agree",
    "Attention",
    "BoardIrregularity",
    "BoardStart",
    "Call",
    "CallCard",
    "Change",
    "Choose",
    "Claim",
    "Dispute",
    "DummySuggests",
    "Event",
    "Expose",
    "Extension",
    "Judge",
    "Misinformation",
    "Play",
    "PlayOn",
    "QuittedTrick",
    "parse",
    "to_dict",
    "to_json_line",
]

#: the ``seat`` of a ``choose`` event made by the director (a ruling without a player's choice)
DIRECTOR: Final = "director"

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class BoardStart:
    """``board``: the first event of every log — the board's number, deal and markings, the edition, whether
    the table records irregularities, and the partnerships' agreements (``system``) if described. A table needs
    the deal; the director's ``rule`` replays an auction without one."""

    kind: ClassVar[str] = "board"
    number: int
    deal: str | None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    edition: str | None = None
    irregular: bool = False
    system: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Call:
    """``call``: ``seat`` (None: the seat to call) makes ``call``; ``attention=False``: nobody drew attention
    to it when it was made (L36C); ``names``: the bid a double or redouble names (NBB R13(4), R42(e); NL75
    Art.19)."""

    kind: ClassVar[str] = "call"
    call: CallValue
    seat: Seat | None = None
    attention: bool = True
    names: CallValue | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Play:
    """``play``: ``card`` from ``seat``'s hand (None: the hand to play)."""

    kind: ClassVar[str] = "play"
    card: Card
    seat: Seat | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Claim:
    """``claim``: ``seat`` claims ``tricks`` of the remaining tricks for his side (L68)."""

    kind: ClassVar[str] = "claim"
    seat: Seat
    tricks: int
    statement: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Agree:
    """``agree``: an opponent of the claimer agrees (L69A)."""

    kind: ClassVar[str] = "agree"
    seat: Seat
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Dispute:
    """``dispute``: a player objects to the claim (L68B2, L68D2)."""

    kind: ClassVar[str] = "dispute"
    seat: Seat
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayOn:
    """``play_on``: the disputed claim is void and play continues by the players' agreement (L68D2(b)); ``seat``
    asks for it. At a table without a director it is the only way on."""

    kind: ClassVar[str] = "play_on"
    seat: Seat
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Change:
    """``change``: ``seat`` replaces his last call with ``call`` (L25)."""

    kind: ClassVar[str] = "change"
    seat: Seat
    call: CallValue
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Expose:
    """``expose``: cards of ``seat`` exposed (``led``: led prematurely) during the auction (L24)."""

    kind: ClassVar[str] = "expose"
    seat: Seat
    cards: tuple[Card, ...]
    led: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choose:
    """``choose``: the chooser (``seat``; None for the director) picks ``option`` of the pending ruling."""

    kind: ClassVar[str] = "choose"
    option: str
    seat: Seat | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Judge:
    """``judge``: the director's ``answer`` to the pending ``question`` (never guessed by the engine)."""

    kind: ClassVar[str] = "judge"
    question: str
    answer: bool
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BoardIrregularity:
    """``board_irregularity``: an irregularity of the board itself (L13–L15); ``facts`` are its other keys."""

    kind: ClassVar[str] = "board_irregularity"
    irregularity: str
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Attention:
    """``attention``: ``seat`` draws attention to the pending irregularity; in the rubber-bridge codes this sets
    the automatic penalty in motion (NBB R39(2), R40(1); who may do so: EST-L13–L17, L48)."""

    kind: ClassVar[str] = "attention"
    seat: Seat
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Misinformation:
    """``misinformation``: ``seat`` changes his last call to ``call`` because an opponent misinformed him
    (NL75 Art.21)."""

    kind: ClassVar[str] = "misinformation"
    seat: Seat
    call: CallValue
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CallCard:
    """``call_card``: declarer (``seat``) calls a defender's exposed ``card``, which must then be played if it
    lawfully can be (NBB R44(1)–(3), EST-L33), or designates one of several penalty cards (NL36 32.2)."""

    kind: ClassVar[str] = "call_card"
    seat: Seat
    card: Card
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class QuittedTrick:
    """``quitted_trick``: ``seat`` turns a quitted trick during the play, for ``reason`` (one of NBB R24(a)–(d):
    ``dispute``, ``wrong_count``, ``replace_card``, ``fear_of_revoke``) or none (NBB R53, EST-L28, NL36 28.3)."""

    kind: ClassVar[str] = "quitted_trick"
    seat: Seat
    reason: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DummySuggests:
    """``dummy_suggests``: dummy (``seat``) suggests playing ``card``, by touching it or otherwise (NBB R50,
    EST-L22, NL36 30.3)."""

    kind: ClassVar[str] = "dummy_suggests"
    seat: Seat
    card: Card
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Extension:
    """An event kind this module does not know (an edition's own, e.g. a player drawing attention): its
    ``name`` and the rest of its keys, for the table's record to read."""

    name: str
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.name


Event = (
    BoardStart
    | Call
    | Play
    | Claim
    | Agree
    | Dispute
    | PlayOn
    | Change
    | Expose
    | Choose
    | Judge
    | BoardIrregularity
    | Attention
    | Misinformation
    | CallCard
    | QuittedTrick
    | DummySuggests
    | Extension
)


# the parser -----------------------------------------------------------------------------------------------
class _Reader:
    """The keys of one event object, taken one by one; what is left is the event's ``extra``."""

    def __init__(self, obj: Mapping[str, Any]) -> None:
        self.name = obj["event"]
        self.rest = {k: v for k, v in obj.items() if k != "event"}

    def take(self, key: str, kind: type[_T], default: Any = ...) -> _T:
        if key not in self.rest:
            if default is ...:
                raise ParseError(f"{self.name!r} event has no {key!r}")
            return default  # type: ignore[no-any-return]
        value = self.rest.pop(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ParseError(f"{self.name!r} event: {key!r} must be a {kind.__name__}, not {value!r}")
        return value

    def value(self, key: str, read: Callable[[str], _T], default: Any = ...) -> _T:
        """The key's text read by ``read`` (``default`` when absent; required without one)."""
        if key not in self.rest and default is not ...:
            return default  # type: ignore[no-any-return]
        return read(self.take(key, str))

    def seat(self, *, required: bool = True) -> Seat | None:
        return self.value("seat", Seat.parse, ... if required else None)


def _board(r: _Reader) -> BoardStart:
    number = r.take("number", int)
    if number < 1:
        raise refusal(ParseError, f"board number {number}: a board number is 1 or more", "board_number")
    system = r.take("system", dict, None)
    return BoardStart(
        number,
        r.take("deal", str, None),
        r.value("dealer", Seat.parse, None),
        r.value("vulnerability", Vulnerability.parse, None),
        r.take("edition", str, None),
        r.take("irregular", bool, False),
        system,
        r.rest,
    )


def _any_call(text: str) -> CallValue:
    return CallValue.parse(text, allow_above_seven=True)


def _call(r: _Reader) -> Call:
    call = r.value("call", _any_call)
    attention = r.take("attention", bool, True)
    return Call(call, r.seat(required=False), attention, r.value("names", _any_call, None), r.rest)


def _play(r: _Reader) -> Play:
    return Play(r.value("card", Card.parse), r.seat(required=False), r.rest)


def _claim(r: _Reader) -> Claim:
    seat = r.seat()
    assert seat is not None
    return Claim(seat, r.take("tricks", int), r.take("statement", str, ""), r.rest)


def _seat_only(
    klass: type[Agree] | type[Dispute] | type[PlayOn] | type[Attention],
) -> Callable[[_Reader], Agree | Dispute | PlayOn | Attention]:
    def read(r: _Reader) -> Agree | Dispute | PlayOn | Attention:
        seat = r.seat()
        assert seat is not None
        return klass(seat, r.rest)

    return read


def _change(r: _Reader) -> Change:
    seat = r.seat()
    assert seat is not None
    return Change(seat, r.value("call", _any_call), r.rest)


def _misinformation(r: _Reader) -> Misinformation:
    seat = r.seat()
    assert seat is not None
    return Misinformation(seat, r.value("call", _any_call), r.rest)


def _expose(r: _Reader) -> Expose:
    seat = r.seat()
    assert seat is not None
    cards = r.take("cards", list)
    if not cards or not all(isinstance(c, str) for c in cards):
        raise ParseError(f"'expose' event: 'cards' must be a non-empty list of cards, not {cards!r}")
    return Expose(seat, tuple(Card.parse(c) for c in cards), r.take("led", bool, False), r.rest)


def _choose(r: _Reader) -> Choose:
    who = r.take("seat", str, DIRECTOR)
    seat = None if who == DIRECTOR else Seat.parse(who)
    return Choose(r.take("option", str), seat, r.rest)


def _judge(r: _Reader) -> Judge:
    question = r.take("question", str)
    if not isinstance(r.rest.get("answer"), bool):
        raise ParseError(f"judge: the answer must be true or false, not {r.rest.get('answer')!r}")
    return Judge(question, r.take("answer", bool), r.rest)


def _board_irregularity(r: _Reader) -> BoardIrregularity:
    return BoardIrregularity(r.take("kind", str), r.rest)


def _call_card(r: _Reader) -> CallCard:
    seat = r.seat()
    assert seat is not None
    return CallCard(seat, r.value("card", Card.parse), r.rest)


def _quitted_trick(r: _Reader) -> QuittedTrick:
    seat = r.seat()
    assert seat is not None
    return QuittedTrick(seat, r.take("reason", str, None), r.rest)


def _dummy_suggests(r: _Reader) -> DummySuggests:
    seat = r.seat()
    assert seat is not None
    return DummySuggests(seat, r.value("card", Card.parse), r.rest)


_PARSERS: Final[Mapping[str, Callable[[_Reader], Event]]] = {
    "board": _board,
    "call": _call,
    "play": _play,
    "claim": _claim,
    "agree": _seat_only(Agree),
    "dispute": _seat_only(Dispute),
    "play_on": _seat_only(PlayOn),
    "change": _change,
    "expose": _expose,
    "choose": _choose,
    "judge": _judge,
    "board_irregularity": _board_irregularity,
    "attention": _seat_only(Attention),
    "misinformation": _misinformation,
    "call_card": _call_card,
    "quitted_trick": _quitted_trick,
    "dummy_suggests": _dummy_suggests,
}


def parse(obj: object) -> Event:
    """The event a JSON object describes; ``ParseError`` (a ``BridgeError``) says what is wrong."""
    if not isinstance(obj, Mapping):
        raise ParseError(f"an event is a JSON object, not {obj!r}")
    name = obj.get("event")
    if not isinstance(name, str):
        raise ParseError(f"an event names its kind in 'event', not {name!r}")
    reader = _Reader(obj)
    read = _PARSERS.get(name)
    return Extension(name, reader.rest) if read is None else read(reader)


# the writer -----------------------------------------------------------------------------------------------
def _letter(seat: Seat | None) -> dict[str, str]:
    return {} if seat is None else {"seat": seat.letter}


def to_dict(event: Event) -> dict[str, Any]:
    """The JSON object of ``event`` (docs/architecture.md §5)."""
    out: dict[str, Any] = {"event": event.kind}
    match event:
        case BoardStart():
            out["number"] = event.number
            if event.deal is not None:
                out["deal"] = event.deal
            if event.dealer is not None:
                out["dealer"] = event.dealer.letter
            if event.vulnerability is not None:
                out["vulnerability"] = event.vulnerability.pbn
            if event.edition is not None:
                out["edition"] = event.edition
            out["irregular"] = event.irregular
            if event.system is not None:
                out["system"] = dict(event.system)
        case Call():
            out.update(_letter(event.seat))
            out["call"] = str(event.call)
            if not event.attention:
                out["attention"] = False
            if event.names is not None:
                out["names"] = str(event.names)
        case Play():
            out.update(_letter(event.seat))
            out["card"] = str(event.card)
        case CallCard() | DummySuggests():
            out.update(seat=event.seat.letter, card=str(event.card))
        case QuittedTrick():
            out["seat"] = event.seat.letter
            if event.reason is not None:
                out["reason"] = event.reason
        case Claim():
            out.update(seat=event.seat.letter, tricks=event.tricks, statement=event.statement)
        case Agree() | Dispute() | PlayOn() | Attention():
            out["seat"] = event.seat.letter
        case Change() | Misinformation():
            out.update(seat=event.seat.letter, call=str(event.call))
        case Expose():
            out.update(seat=event.seat.letter, cards=[str(c) for c in event.cards])
            if event.led:
                out["led"] = True
        case Choose():
            out.update(seat=DIRECTOR if event.seat is None else event.seat.letter, option=event.option)
        case Judge():
            out.update(question=event.question, answer=event.answer)
        case BoardIrregularity():
            out["kind"] = event.irregularity
            out.update(event.facts)
            return out
        case Extension():
            out.update(event.data)
            return out
    out.update(event.extra)
    return out


def to_json_line(event: Event | Mapping[str, Any]) -> str:
    """One line of a JSONL log (compact, UTF-8 kept), newline included."""
    obj = to_dict(event) if not isinstance(event, Mapping) else event
    return json.dumps(obj, ensure_ascii=False) + "\n"
