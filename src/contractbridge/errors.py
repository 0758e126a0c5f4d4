"""Typed errors. Every error the library raises on bad input is a ``ValueError`` subclass.

An action that raises leaves every object as it was (DESIGN.md §3.3).
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Base class of every error raised by contractbridge on bad input or an unlawful action."""


class ParseError(BridgeError):
    """A string could not be read as the value asked for (card, hand, deal, call, contract …)."""


class DealError(ParseError):
    """A deal is not a valid distribution of the 52 cards (duplicates, missing cards, wrong hand sizes)."""


class IllegalCallError(BridgeError):
    """A call the laws do not allow at this moment (L17–L22)."""


class OutOfTurnError(IllegalCallError):
    """A call or card by a player whose turn it is not (L17C, L28–L32; L44, L53–L57)."""


class InsufficientBidError(IllegalCallError):
    """A bid that does not supersede the last bid (L18D; rectified under L27)."""


class InadmissibleCallError(IllegalCallError):
    """A double or redouble not permitted by L19, or a bid above seven (L35, L36, L38)."""


class AuctionClosedError(IllegalCallError):
    """A call after the auction has ended (L39)."""


class IllegalPlayError(BridgeError):
    """A card the laws do not allow at this moment."""


class CardNotInHandError(IllegalPlayError):
    """A card that is not (or no longer) in the hand that is to play."""


class RevokeError(IllegalPlayError):
    """Failure to follow suit when able (L44C, L61A)."""


class PlayNotStartedError(IllegalPlayError):
    """A card played before the auction has ended with a contract."""


class ClaimError(BridgeError):
    """A claim or concession that is not possible in the current position (L68)."""


class EventLogError(BridgeError):
    """An event log that cannot be replayed; names the event and why."""


class DDSUnavailableError(BridgeError):
    """The double-dummy solver (DDS, shipped by the optional ``endplay`` package) cannot be loaded.

    Install the ``dd`` extra: ``pip install 'contractbridge[dd]'``."""


class DoubleDummyError(BridgeError):
    """A position the double-dummy solver cannot analyse (inconsistent hands, trick or leader)."""


class ConstraintError(ParseError):
    """A deal constraint that cannot be read; ``column`` (1-based) points at the offending text."""

    def __init__(self, message: str, text: str = "", column: int = 0) -> None:
        self.text = text
        self.column = column
        if text:
            caret = " " * max(column - 1, 0) + "^"
            message = f"{message} (column {column})\n  {text}\n  {caret}"
        super().__init__(message)


class DealGenerationError(BridgeError):
    """Constrained dealing gave up: no deal (or too few) satisfied the constraint within the attempts allowed,
    or the predealt cards cannot be completed."""
