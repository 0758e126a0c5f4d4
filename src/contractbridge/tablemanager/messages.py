"""The messages of the Blue Chip Bridge table-manager protocol, version 18 (bluechipbridge.co.uk/protocol.htm),
written once as data: ``FORMS`` holds each kind of message as a template that both writes it (``render``) and
reads it (``read``); the server and the client use nothing else.

In a template, ``{name}`` is a field (its pattern, reader and writer are in ``_FIELDS``) and ``[text]`` is text a
message may carry or omit (never written); blanks may be added or left out between words, and a final full stop
left out. Reading ignores case, as the hosts in use do. A form marked ``tail`` tolerates text after the message:
the ``Alert.``/``Infos.`` explanation of a call, a suffix such as ``North plays 5C. Forced`` (BEN), or the
configuration BEN names after the protocol version when it sends information (``--sendinfo``);
``Message.tail`` keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Card, Hand, Rank, Seat, Suit
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError, ParseError

__all__ = [
    "FORMS",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "Form",
    "Kind",
    "Message",
    "ProtocolError",
    "format_call",
    "format_card",
    "format_hand",
    "parse_call",
    "parse_card",
    "parse_hand",
    "read",
    "render",
    "seat_name",
]

PROTOCOL_VERSION: Final = 18
#: The longest line read (a call's explanation included).
MAX_LINE: Final = 1000


class ProtocolError(BridgeError):
    """A table-manager message that does not fit the protocol or the state of the board."""


class Kind(StrEnum):
    """Every message of the protocol; the client sends the first group, the table manager the second, both
    send calls and cards."""

    CONNECT = "connect"
    READY_TEAMS = "ready for teams"
    READY_START = "ready to start"
    READY_DEAL = "ready for deal"
    READY_CARDS = "ready for cards"
    READY_BID = "ready for bid"
    READY_CARD = "ready for card"
    READY_DUMMY_CARD = "ready for dummy's card"
    READY_DUMMY = "ready for dummy"
    CALL = "call"
    PLAY = "play"
    SEATED = "seated"
    TEAMS = "teams"
    START_OF_BOARD = "start of board"
    BOARD = "board"
    CARDS = "cards"
    DUMMY_CARDS = "dummy's cards"
    TO_LEAD = "to lead"
    DUMMY_TO_LEAD = "dummy to lead"
    TIMING = "timing"
    END_OF_SESSION = "end of session"
    ERROR = "error"


@dataclass(frozen=True)
class Form:
    """One kind of message: its template, who may send it, and whether it tolerates a tail."""

    kind: Kind
    template: str
    by_client: bool
    by_server: bool
    tail: bool = False


#: The protocol, one line per message (the order is the order of a board).
FORMS: Final[tuple[Form, ...]] = (
    Form(Kind.CONNECT, 'Connecting "{team}" as {seat} using protocol version {version}', True, False, tail=True),
    Form(Kind.SEATED, '{seat} ("{team}") seated', False, True),
    Form(Kind.READY_TEAMS, "{seat} ready for teams", True, False),
    Form(Kind.TEAMS, 'Teams : N/S : "{ns}"[.] E/W : "{ew}"', False, True),
    Form(Kind.READY_START, "{seat} ready to start", True, False),
    Form(Kind.START_OF_BOARD, "Start of board", False, True),
    Form(Kind.READY_DEAL, "{seat} ready for deal", True, False),
    Form(Kind.BOARD, "Board number {number}. Dealer {dealer}. {vulnerability} vulnerable.", False, True),
    Form(Kind.READY_CARDS, "{seat} ready for cards", True, False),
    Form(Kind.CARDS, "{seat}'s cards : {hand}", False, True),
    Form(Kind.READY_BID, "{seat} ready for {other}'s bid", True, False),
    Form(Kind.CALL, "{seat} {call}", True, True, tail=True),
    Form(Kind.TO_LEAD, "{seat} to lead", False, True),
    Form(Kind.DUMMY_TO_LEAD, "Dummy to lead", False, True),
    Form(Kind.READY_CARD, "{seat} ready for {other}'s card to trick {trick}", True, False),
    Form(Kind.READY_DUMMY_CARD, "{seat} ready for dummy's card to trick {trick}", True, False),
    Form(Kind.PLAY, "{seat} plays {card}", True, True, tail=True),
    Form(Kind.READY_DUMMY, "{seat} ready for dummy", True, False),
    Form(Kind.DUMMY_CARDS, "Dummy's cards : {hand}", False, True),
    Form(
        Kind.TIMING,
        "Timing - N/S : this board {ns_board}, total {ns_total}. E/W : this board {ew_board}, total {ew_total}.",
        False,
        True,
    ),
    Form(Kind.END_OF_SESSION, "End of session", False, True),
    Form(Kind.ERROR, "Error: {text}", False, True),
)
_BY_KIND: Final = {f.kind: f for f in FORMS}


@dataclass(frozen=True)
class Message:
    """One message read or to be written; only the fields of its kind are set."""

    kind: Kind
    seat: Seat | None = None
    other: Seat | None = None
    team: str = ""
    version: int = 0
    ns: str = ""
    ew: str = ""
    number: int = 0
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    hand: Hand | None = None
    call: Call | None = None
    card: Card | None = None
    trick: int = 0
    ns_board: str = ""
    ns_total: str = ""
    ew_board: str = ""
    ew_total: str = ""
    text: str = ""
    tail: str = ""

    @property
    def explanation(self) -> tuple[bool, str] | None:
        """A call's explanation: ``(True, text)`` after ``Alert.``, ``(False, text)`` after ``Infos.``."""
        m = re.match(r"\W*(alert|infos)\.?\s*(.*)", self.tail, re.I | re.S)
        if m is None:
            return None
        return m[1].lower() == "alert", m[2].strip()

    def __str__(self) -> str:
        return render(self)


# --- the words ---------------------------------------------------------------------------------------------------

_SEAT_NAMES: Final = ("North", "East", "South", "West")
_VUL_TEXT: Final = {
    Vulnerability.NONE: "Neither",
    Vulnerability.NS: "N/S",
    Vulnerability.EW: "E/W",
    Vulnerability.BOTH: "Both",
}
_CALL_WORDS: Final = {"passes": PASS, "doubles": DOUBLE, "redoubles": REDOUBLE}


def seat_name(seat: Seat) -> str:
    """``Seat.NORTH`` → ``North``."""
    return _SEAT_NAMES[seat]


def _parse_seat(text: str) -> Seat:
    for seat in Seat:
        if text.strip().lower() == _SEAT_NAMES[seat].lower():
            return seat
    raise ProtocolError(f"not a seat: {text!r} (North, East, South or West)")


def format_card(card: Card) -> str:
    """``Card("C7")`` → ``7C`` (rank first)."""
    return f"{card.rank.letter}{card.suit.letter}"


def parse_card(text: str) -> Card:
    """``7C``, ``TS``, ``10S``; suit first (``HT``) as some clients write it."""
    t = text.strip().upper().replace("10", "T")
    if len(t) == 2 and t[0] in "SHDC" and t[1] not in "SHDC":
        t = t[1] + t[0]
    if len(t) != 2:
        raise ProtocolError(f"not a card: {text!r}")
    try:
        return Card(Suit.parse(t[1]), Rank.parse(t[0]))
    except ParseError:
        raise ProtocolError(f"not a card: {text!r}") from None


def format_hand(hand: Hand) -> str:
    """``S A K 3. H -. D Q J 9 8. C 7 6 2.``"""
    parts = []
    for suit in SUITS_HIGH_FIRST:
        ranks = sorted(hand.ranks(suit), reverse=True)
        parts.append(f"{suit.letter} {' '.join(r.letter for r in ranks) if ranks else '-'}.")
    return " ".join(parts)


def parse_hand(text: str) -> Hand:
    """The hand of a ``… cards : S A K 3. H -. …`` line."""
    cards: list[Card] = []
    try:
        for part in text.split("."):
            words = part.split()
            if not words:
                continue
            suit = Suit.parse(words[0])
            cards.extend(Card(suit, Rank.parse(w.replace("10", "T"))) for w in words[1:] if w != "-")
        return Hand(cards)
    except ParseError as err:
        raise ProtocolError(f"not a hand: {text!r} ({err})") from None


def _call_words(call: Call) -> str:
    """``passes``, ``doubles``, ``redoubles``, ``bids 1NT``."""
    for words, c in _CALL_WORDS.items():
        if call == c:
            return words
    return f"bids {call}"


def _parse_call_words(text: str) -> Call:
    words = text.lower().split()
    if words[0] in _CALL_WORDS:
        return _CALL_WORDS[words[0]]
    try:
        return Call.parse(words[-1])
    except ParseError:
        raise ProtocolError(f"not a call: {text!r}") from None


def format_call(seat: Seat, call: Call) -> str:
    """``North bids 1NT``, ``North passes``, ``North doubles``, ``North redoubles``."""
    return render(Message(Kind.CALL, seat=seat, call=call))


def parse_call(line: str) -> tuple[Seat, Call]:
    """The seat and call of a call message (an ``Alert.``/``Infos.`` explanation after it is ignored)."""
    m = read(line)
    if m.kind is not Kind.CALL or m.seat is None or m.call is None:
        raise ProtocolError(f"not a call: {line!r}")
    return m.seat, m.call


def _parse_vulnerability(text: str) -> Vulnerability:
    return {v.lower(): k for k, v in _VUL_TEXT.items()}[text.lower()]


@dataclass(frozen=True)
class _Field:
    pattern: str
    read: Callable[[str], Any]
    write: Callable[[Any], str]


_SEAT: Final = _Field("north|east|south|west", _parse_seat, seat_name)
_NUMBER: Final = _Field(r"\d+", int, str)
_TIME: Final = _Field(r"\d+:\d\d(?::\d\d)?", str, str)
_QUOTED: Final = _Field(r'[^"]*', str, str)
_FIELDS: Final[Mapping[str, _Field]] = {
    "seat": _SEAT,
    "other": _SEAT,
    "dealer": _SEAT,
    "team": _QUOTED,
    "ns": _QUOTED,
    "ew": _QUOTED,
    "version": _NUMBER,
    "number": _NUMBER,
    "trick": _NUMBER,
    "vulnerability": _Field("neither|n/s|e/w|both", _parse_vulnerability, _VUL_TEXT.__getitem__),
    "hand": _Field(r"(?:[shdc]\s*(?:-|(?:10|[2-9tjqka]\s*)+)\s*\.?\s*){0,4}", parse_hand, format_hand),
    "card": _Field(r"(?:10|[2-9tjqka])[shdc]|[shdc](?:10|[2-9tjqka])", parse_card, format_card),
    "call": _Field(r"passes|doubles|redoubles|bids\s*[1-7]\s*(?:nt|n|[cdhs])", _parse_call_words, _call_words),
    "ns_board": _TIME,
    "ns_total": _TIME,
    "ew_board": _TIME,
    "ew_total": _TIME,
    "text": _Field(r".*", str, str),
}
_TOKEN: Final = re.compile(r"\{(\w+)\}|\[([^\]]*)\]|( +)|([^{\[ ]+)")


def _compile(form: Form) -> re.Pattern[str]:
    parts: list[str] = []
    for name, optional, _blank, literal in _TOKEN.findall(form.template.removesuffix(".")):
        if name:
            parts.append(f"(?P<{name}>{_FIELDS[name].pattern})")
        elif optional:
            parts.append(f"(?:{re.escape(optional)})?")
        elif literal:
            parts.append(re.escape(literal))
    end = r"(?P<tail>(?:[\s.,;:!-].*)?)" if form.tail else r"[\s.]*"
    return re.compile(r"\s*" + r"\s*".join(parts) + end + r"\s*", re.I | re.S)


_PATTERNS: Final = tuple((form, _compile(form)) for form in FORMS)


def read(line: str, *, by_client: bool | None = None) -> Message:
    """The message ``line`` holds; ``by_client`` True/False admits only what a client/the table manager may
    send. Raises ``ProtocolError`` naming the line when it is none of the protocol's."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of {len(line)} characters is no table-manager message (at most {MAX_LINE})")
    line = " ".join(line.split())  # runs of blanks are one blank: no field or tail needs more
    for form, pattern in _PATTERNS:
        if by_client is not None and not (form.by_client if by_client else form.by_server):
            continue
        m = pattern.fullmatch(line)
        if m is None:
            continue
        values: dict[str, Any] = {}
        for name, text in m.groupdict().items():
            if name == "tail":
                values[name] = (text or "").strip()
            elif text is not None:
                values[name] = _FIELDS[name].read(text.strip())
        return Message(form.kind, **values)
    raise ProtocolError(f"not a table-manager message: {line!r}")


def render(message: Message) -> str:
    """The line (without CR LF) that carries ``message``; a call's or card's ``tail`` follows it."""
    form = _BY_KIND[message.kind]
    out: list[str] = []
    for name, _optional, blank, literal in _TOKEN.findall(form.template):
        if name:
            value = getattr(message, name)
            if value is None:
                raise ProtocolError(f"a {message.kind} message needs its {name}")
            out.append(_FIELDS[name].write(value))
        else:
            out.append(blank or literal)
    line = "".join(out)
    if not (form.tail and message.tail):
        return line
    return f"{line}{' ' if message.tail[0].isalnum() else ''}{message.tail}"
