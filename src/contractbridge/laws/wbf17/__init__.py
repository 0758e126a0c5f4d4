"""WBF17: the Laws of Duplicate Bridge 2017 (NBB/VBL edition)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from contractbridge.laws.wbf17.auction import WBF17Auction
from contractbridge.laws.wbf17.board import WBF17Board
from contractbridge.laws.wbf17.cardplay import WBF17CardPlay
from contractbridge.laws.wbf17.concessions import WBF17Concessions
from contractbridge.laws.wbf17.disclosure import WBF17Disclosure

__all__ = ["WBF17"]


class WBF17(WBF17Disclosure, WBF17CardPlay, WBF17Auction, WBF17Board, WBF17Concessions):
    """The whole 2017 code as far as implemented: board irregularities (L13–L15), the auction (L16–L39), the L26B
    lead restrictions in the play, penalty cards at the table (L50D1, L51A), concessions (L68B2), and disclosure:
    alerts, questions and answers, breaks in tempo and misexplanations (L16B, L20F, L21B, L40, L75)."""

    name = "WBF17"
    title = "Laws of Duplicate Bridge 2017"
    CITATIONS: ClassVar[Mapping[str, str]] = {
        "pending_ruling": "L9B",
        "auction_period": "L17D1",
        "opening_lead": "L41A",
        "card_in_auction": "L24",
        "exchange_of_roles": "L54A",
        "card_turn": "L44G, L53–L57",
        "trick_rotation": "L44B",
        "follow_suit": "L44C; a revoke, L61",
        "dummy_no_part": "L43A1(c)",
        "claim": "L68",
        "claim_statement": "L68C",
        "claim_stops_play": "L68D",
        "claim_agreement": "L69A",
        "claim_ruling": "L70",
        "claim_to_director": "L68D2(a)",
        "director_needed": "L81",
        "director_call": "L9B1",
        "judgement": "L12, L85",
        "score": "L77",
        "play_on": "L68D2(b)",
        # the auction: the strict Auction's refusals and the record's (``rulebooks.refusal``, ``rulebooks.recited``)
        "call_after_auction": "L22A, L39",
        "auction_over": "L22A",
        "call_turn": "L17C, L28–L32",
        "bid_level": "L18A",
        "bid_above_seven": "L18A, L35C, L38",
        "bid_never_stands": "L38A",
        "insufficient_bid": "L18D; rectification L27",
        "inadmissible_double": "L19A1, L36",
        "inadmissible_redouble": "L19B1, L36",
        "double": "L19A",
        "redouble": "L19B",
        "unnoticed_call": "L36C",
        "before_rectification": "L9B2",
        "awaits_choice": "L10C1, L9B2",
        "awaits_director": "L9B2",
        "unauthorized_information": "L16C",
        "board_number": "L2",
        # disclosure at a table without the web's pages (the terminal): a question, and what a player may not read
        "question": "L20F1",
        "question_call": "L20F1, L20F3",
        "own_system_card": "L40B2(b), L20G3",
        # the clarification period before the face-down opening lead is faced (the driver's and the terminal's words)
        "clarification": "L41B",
        # the director called about an explanation or an alert, and the face-down lead withdrawn after its correction
        "misexplanation": "L20F4, L20F5, L75",
        "face_down_withdrawal": "L41A, L47E2(a)",
    }
