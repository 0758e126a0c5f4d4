"""contractbridge: contract bridge faithful to the laws (see docs/architecture.md for the map)."""

from contractbridge import replay as _replay  # noqa: F401  (installs the formats' replayer, #22 item 4)
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
