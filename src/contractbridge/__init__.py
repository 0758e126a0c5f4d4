"""contractbridge: contract bridge faithful to the laws (see docs/architecture.md for the map).

The names below are imported from their modules on first use (PEP 562): ``import contractbridge.cli`` (the
command's help) or ``import contractbridge.cards`` loads no more than it needs (docs/performance.md)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from contractbridge.auction import Auction
    from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, CallKind
    from contractbridge.cards import Card, Hand, Rank, Seat, Side, Strain, Suit
    from contractbridge.contract import Contract, Doubling
    from contractbridge.deal import Board, Deal, Vulnerability
    from contractbridge.director import DirectedAuction, Ruling
    from contractbridge.errors import (
        AuctionClosedError,
        BridgeError,
        CallOutOfTurnError,
        CardNotInHandError,
        CardOutOfTurnError,
        ClaimError,
        DealError,
        EditionError,
        EventLogError,
        FormatError,
        IllegalCallError,
        IllegalPlayError,
        InadmissibleCallError,
        InsufficientBidError,
        IrregularityPendingError,
        OutOfTurnError,
        ParseError,
        PlayNotStartedError,
        RevokeError,
    )
    from contractbridge.play import PlayState, Trick
    from contractbridge.table import Phase, Result, Table, TableView

__version__ = "0.1.0"

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Auction",
    "AuctionClosedError",
    "Bid",
    "Board",
    "BridgeError",
    "Call",
    "CallKind",
    "CallOutOfTurnError",
    "Card",
    "CardNotInHandError",
    "CardOutOfTurnError",
    "ClaimError",
    "Contract",
    "Deal",
    "DealError",
    "DirectedAuction",
    "Doubling",
    "EditionError",
    "EventLogError",
    "FormatError",
    "Hand",
    "IllegalCallError",
    "IllegalPlayError",
    "InadmissibleCallError",
    "InsufficientBidError",
    "IrregularityPendingError",
    "OutOfTurnError",
    "ParseError",
    "Phase",
    "PlayNotStartedError",
    "PlayState",
    "Rank",
    "Result",
    "RevokeError",
    "Ruling",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Table",
    "TableView",
    "Trick",
    "Vulnerability",
]

#: The module that defines each public name.
_HOMES: dict[str, str] = {
    "Auction": "contractbridge.auction",
    "AuctionClosedError": "contractbridge.errors",
    "Bid": "contractbridge.calls",
    "Board": "contractbridge.deal",
    "BridgeError": "contractbridge.errors",
    "Call": "contractbridge.calls",
    "CallKind": "contractbridge.calls",
    "CallOutOfTurnError": "contractbridge.errors",
    "Card": "contractbridge.cards",
    "CardNotInHandError": "contractbridge.errors",
    "CardOutOfTurnError": "contractbridge.errors",
    "ClaimError": "contractbridge.errors",
    "Contract": "contractbridge.contract",
    "DOUBLE": "contractbridge.calls",
    "Deal": "contractbridge.deal",
    "DealError": "contractbridge.errors",
    "DirectedAuction": "contractbridge.director",
    "Doubling": "contractbridge.contract",
    "EditionError": "contractbridge.errors",
    "EventLogError": "contractbridge.errors",
    "FormatError": "contractbridge.errors",
    "Hand": "contractbridge.cards",
    "IllegalCallError": "contractbridge.errors",
    "IllegalPlayError": "contractbridge.errors",
    "InadmissibleCallError": "contractbridge.errors",
    "InsufficientBidError": "contractbridge.errors",
    "IrregularityPendingError": "contractbridge.errors",
    "OutOfTurnError": "contractbridge.errors",
    "PASS": "contractbridge.calls",
    "ParseError": "contractbridge.errors",
    "Phase": "contractbridge.table",
    "PlayNotStartedError": "contractbridge.errors",
    "PlayState": "contractbridge.play",
    "REDOUBLE": "contractbridge.calls",
    "Rank": "contractbridge.cards",
    "Result": "contractbridge.table",
    "RevokeError": "contractbridge.errors",
    "Ruling": "contractbridge.director",
    "Seat": "contractbridge.cards",
    "Side": "contractbridge.cards",
    "Strain": "contractbridge.cards",
    "Suit": "contractbridge.cards",
    "Table": "contractbridge.table",
    "TableView": "contractbridge.table",
    "Trick": "contractbridge.play",
    "Vulnerability": "contractbridge.deal",
}


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use, then keep it here."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'contractbridge' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
