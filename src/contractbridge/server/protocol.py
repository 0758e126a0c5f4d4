"""What a client may send over the web table's WebSocket, checked before anything reaches the table.

Every message is one JSON object with a ``type``; a bad message raises ``ProtocolError`` (a ``BridgeError``)
and the server answers with an error frame: the connection and the table survive.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Final

from contractbridge.errors import BridgeError

__all__ = ["MAX_MESSAGE", "MESSAGE_TYPES", "Message", "ProtocolError", "RateLimitError", "RateLimiter", "parse"]

#: The longest message accepted, in characters.
MAX_MESSAGE: Final = 4096

#: Each type a client may send and the fields it needs (name → Python type).
MESSAGE_TYPES: Final[dict[str, dict[str, type]]] = {
    "call": {"call": str},  # optional: alert (bool), explanation (str), L20F, L40B
    "play": {"card": str},
    "question": {},  # optional: call (int, the call asked about; none: the opponents' whole auction), L20F1-F3
    "answer": {"text": str},  # the explanation asked for (L20F1); optional: question (int; none: the last open)
    "alert": {},  # optional: call (int; none: partner's last call), explanation (str), L40B2(a)(iii)
    "no_questions": {},  # the presumed declarer or the leader's partner has no question before the lead is faced (L41B)
    "hesitation": {"seat": str},  # an opponent notes a break in tempo by ``seat`` (L16B2); optional: kind (str)
    "misexplanation": {"seat": str, "call": int},  # the director only: ``seat`` called him (kind: L20F5, L75)
    "retract": {"seat": str, "reason": str},  # the director only: ``seat`` asks to withdraw his card (L47, L41A)
    "claim": {"tricks": int},  # optional: statement (str), L68
    "agree": {},
    "dispute": {},
    "undo": {},  # ask to take back one's last action; the opponents must accept
    "undo_accept": {},
    "undo_reject": {},
    "choose": {"option": str},  # the chooser of a pending ruling (L10C1)
    "judge": {"question": str, "answer": bool},  # the director only
    "rule": {"tricks": int},  # the director's award of a disputed claim to the claimer's side (L70)
    "attend": {},  # the director has come to the table: the call is answered
    "director": {},  # a player calls the director (L9B1); optional: reason (str)
    "robot": {"seat": str},  # a robot fills an empty seat
    "next": {"board": int},  # the next board, once this one is done
    "ping": {},
    "hello": {"token": str},  # the connection's secret link, sent first instead of in the URL (never logged)
    "release": {},  # a player gives up his seat; the director releases any seat (optional: seat)
}


class ProtocolError(BridgeError):
    """A message that is not one the web table understands, or not allowed to this connection."""


class RateLimitError(ProtocolError):
    """A connection sent messages faster than the table accepts them."""


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    data: dict[str, Any]


def parse(text: str | bytes | None) -> Message:
    """Read one client message (a text frame: ``None`` or bytes are a binary frame); ``ProtocolError`` says what
    is wrong with it."""
    if not isinstance(text, str):
        raise ProtocolError("a message is a text frame holding a JSON object, not a binary frame")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE} characters, not {len(text)}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise ProtocolError(f"a message is a JSON object: {err.__class__.__name__}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise ProtocolError(f"unknown message type {kind!r} (known: {', '.join(MESSAGE_TYPES)})")
    for name, expected in MESSAGE_TYPES[kind].items():
        value = data.get(name)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ProtocolError(f"{kind!r} needs {name!r} as a {expected.__name__}")
    optional = (("alert", bool), ("explanation", str), ("statement", str), ("reason", str), ("seat", str))
    for name, expected in optional:
        if name in data and not isinstance(data[name], expected):
            raise ProtocolError(f"{kind!r}: {name!r} must be a {expected.__name__}")
    numbers = {"question": ("call", "a call of the auction"), "alert": ("call", "a call of the auction"),
               "answer": ("question", "a question asked")}  # fmt: skip
    if kind in numbers and numbers[kind][0] in data:
        name, what = numbers[kind]
        if not isinstance(data[name], int) or isinstance(data[name], bool):
            raise ProtocolError(f"{kind!r}: {name!r} must be the number of {what}")
    if "kind" in data and not isinstance(data["kind"], str):
        raise ProtocolError(f"{kind!r}: 'kind' must be a str")
    return Message(kind, data)


@dataclass(slots=True)
class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``. The first message over the
    limit raises ``RateLimitError``: the server answers it once and closes the connection."""

    rate: float = 20.0
    burst: float = 40.0
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def check(self) -> None:
        """Take one token or raise ``RateLimitError``."""
        now = time.monotonic()
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            raise RateLimitError(f"too many messages: at most {self.rate:g} a second (bursts of {self.burst:g})")
        self.tokens -= 1
