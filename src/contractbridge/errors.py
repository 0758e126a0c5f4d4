"""Typed errors. Every error the library raises on bad input is a ``ValueError`` subclass.

An action that raises leaves every object as it was (docs/architecture.md §3.3).
"""

from __future__ import annotations


class BridgeError(ValueError):
    """Base class of every error raised by contractbridge on bad input or an unlawful action.

    A module below the editions names the matter of law an error is about as data (``topic``, cited after the
    message's ``text``) and never a book: the citation is the edition in force's (``rulebooks.refusal``,
    ``rulebooks.recited``), so an NBB30 table never cites a 2017 law."""

    #: the matter of law the error is about (an ``Edition.CITATIONS`` key), if a core module raised it
    topic: str | None = None
    #: the message without its citation
    text: str = ""


class ParseError(BridgeError):
    """A string could not be read as the value asked for (card, hand, deal, call, contract …)."""


class DealError(ParseError):
    """A deal is not a valid distribution of the 52 cards (duplicates, missing cards, wrong hand sizes)."""


class IllegalCallError(BridgeError):
    """A call the laws do not allow at this moment (L17–L22)."""


class OutOfTurnError(BridgeError):
    """A call or card by a player whose turn it is not; ``except OutOfTurnError`` catches both kinds."""


class CallOutOfTurnError(OutOfTurnError, IllegalCallError):
    """A call by a player whose turn it is not (L17C, L28–L32)."""


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


class CardOutOfTurnError(OutOfTurnError, IllegalPlayError):
    """A card led or played by a player whose turn it is not (L44, L53–L57)."""


class PlayNotStartedError(IllegalPlayError):
    """A card played before the auction has ended with a contract."""


class ClarificationPeriodError(IllegalPlayError):
    """The face-down opening lead faced before the clarification period ends (WBF17 L41B–C)."""


class ClaimError(BridgeError):
    """A claim or concession that is not possible in the current position (L68)."""


class EditionError(ParseError):
    """An edition name that is not one of the supported rule books (WBF17, NBB30, EST30, NL36, NL75)."""


class IrregularityPendingError(BridgeError):
    """An action at a table where an irregularity awaits the director's ruling first (L9B, L81)."""


class EventLogError(BridgeError):
    """An event log that cannot be replayed; names the event (1-based ``number``, the line of a JSONL
    file) and why."""

    def __init__(self, message: str, number: int | None = None) -> None:
        super().__init__(message)
        self.number = number


class ScoringError(BridgeError):
    """Input a score cannot be computed from: tricks outside 0–13, an honours claim the strain does not allow,
    an empty or malformed list of results to compare (L77, L78, NBB R27–R37)."""


class ScoreCorrectionError(ScoringError):
    """A score-sheet correction asked for outside the window the rules allow (NBB R37, EST-S12)."""


class EditionNotSupportedError(BridgeError):
    """A known edition whose rules for this matter are not implemented yet; never a silent fallback."""


class RulingError(BridgeError):
    """A ``choose`` or ``judge`` that does not fit the pending ruling (wrong chooser, option or question)."""


class RulingPendingError(IrregularityPendingError):
    """An action while a ruling is pending that the laws do not allow before rectification (L9B2)."""


class JudgementRequiredError(RulingError):
    """The ruling needs a director's judgement (a ``judge`` event) before anything else can happen."""


class FormatError(ParseError):
    """A file (PBN, LIN, JSON lines) that cannot be read; says which file, line and column, and why."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None, column: int | None = None):
        self.reason = message
        self.file = file
        self.line = line
        self.column = column
        super().__init__(self._render())

    def _render(self) -> str:
        where = ":".join(str(p) for p in (self.file or "<input>", self.line, self.column) if p is not None)
        return f"{where}: {self.reason}"

    def located(self, *, file: str | None = None, line: int | None = None, column: int | None = None) -> FormatError:
        """A copy with the missing parts of the location filled in."""
        return FormatError(
            self.reason,
            file=self.file or file,
            line=self.line if self.line is not None else line,
            column=self.column if self.column is not None else column,
        )


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
        self.reason = message
        if text:
            caret = " " * max(column - 1, 0) + "^"
            message = f"{message} (column {column})\n  {text}\n  {caret}"
        super().__init__(message)


class DealerScriptError(ParseError):
    """A dealer script that cannot be read or run: ``line`` and ``column`` (1-based) point at the construct."""

    def __init__(self, message: str, *, file: str = "<script>", line: int = 0, column: int = 0, source: str = ""):
        self.file, self.line, self.column, self.reason = file, line, column, message
        where = f"{file}:{line}:{column}: " if line else f"{file}: "
        caret = f"\n  {source}\n  {' ' * max(column - 1, 0)}^" if source else ""
        super().__init__(where + message + caret)


class DealGenerationError(BridgeError):
    """Constrained dealing gave up: no deal (or too few) satisfied the constraint within the attempts allowed,
    or the predealt cards cannot be completed."""


class TournamentError(BridgeError):
    """An event, a movement or an event's results that the laws or the event's form do not allow (L6–L8, L12,
    L77–L79, L87): a pair twice at one table, a result for a board not in that round, a published file whose
    tables do not read."""
