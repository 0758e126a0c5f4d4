"""The director: irregularities turned into rulings, and rulings applied (L9–L16, L23–L39; the play period
plugs into the same machinery).

- ``rulings``: ``Ruling``, ``Option`` (with its ``Effect`` values), ``Question``, ``BeforeRectification``: what a
  ruling offers, with laws, in both periods and every edition;
- ``effects``: what outlives a ruling in both periods — rectifications awaiting a call, obligations to pass, L16C
  information flags, lead restrictions, penalty cards — and the status of a call;
- ``apply``: the one function that applies an auction-period option's ``Effect`` values (and a call the laws
  allow before rectification, L9B2) to the record;
- ``record``: ``DirectedAuction``, the record of calls with their status, the one auction model of an
  irregular table.

The law itself lives in the editions (``contractbridge.laws``); an irregular ``Table`` owns one record.

May import: the values and the core (``auction``, ``events``, ``systems``, ``rulebooks``); never ``laws`` (the
editions build on this package: the record finds an edition by name through ``rulebooks``) nor anything above.
"""

from __future__ import annotations

from contractbridge.director.effects import AwaitedCall, Duration, InfoFlag, LeadRestriction, Obligation, PenaltyCard
from contractbridge.director.record import (
    AuctionSummary,
    DirectedAuction,
    Entry,
    Status,
    admissible_over,
    lawful_over,
)
from contractbridge.director.rulings import (
    DIRECTOR,
    PLAY_EFFECTS,
    BeforeRectification,
    Effect,
    EffectKind,
    Option,
    Question,
    Ruling,
    none_option,
    seat_name,
)

__all__ = [
    "DIRECTOR",
    "PLAY_EFFECTS",
    "AuctionSummary",
    "AwaitedCall",
    "BeforeRectification",
    "DirectedAuction",
    "Duration",
    "Effect",
    "EffectKind",
    "Entry",
    "InfoFlag",
    "LeadRestriction",
    "Obligation",
    "Option",
    "PenaltyCard",
    "Question",
    "Ruling",
    "Status",
    "admissible_over",
    "lawful_over",
    "none_option",
    "seat_name",
]
