"""Bad input at the table (the project's standard): every event kind added for #25 (defective tricks, missing cards,
reconsiderations, correction periods, the director's error, dummy's and the fifth card's events, disclosure, the
historic codes' table events), sent with missing or ill-typed fields at any moment of a board under every edition,
is refused with a typed error (``BridgeError``/``ValueError``) and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError
from contractbridge.table import Table

KINDS = (
    "defective_trick", "card_missing", "card_found", "reconsider", "results_posted", "score_correction", "appeal",
    "director_error", "dummy_warning", "dummy_misplaced", "fifth_card", "dummy_touched", "question", "answer",
    "alert", "hesitation", "misexplanation", "dummy_names_hand", "dummy_left", "revoke_question", "quitted_trick",
    "attention", "claim", "choose", "judge",
)  # fmt: skip
FIELDS = (
    "seat", "card", "cards", "trick", "tricks", "call", "text", "question", "kind", "law", "moment", "minutes",
    "assigned", "likely", "found", "missing", "number", "doubt", "hand", "option", "answer", "refused_by",
    "broke_43a2", "damaged",
)  # fmt: skip
VALUES = (None, 1, -1, 99, "x", "N", "SA", [], {}, ["SA"], True, "1NT", 3.5, [1, 2])


def _board(edition: str, cards: int) -> list[dict[str, object]]:
    table = Table(Board(1, Deal.random(3)), edition=edition, irregular=True)
    for call in ("1NT", "P", "P", "P"):
        table.call(call)
    for _ in range(cards):
        table.play(sorted(table.legal_cards())[0])
    return table.to_events()


@pytest.mark.parametrize("edition", ["WBF17", "NBB30", "EST30", "NL36"])
@pytest.mark.parametrize("cards", [0, 6, 52])
def test_ill_formed_events_are_refused_and_change_nothing(edition: str, cards: int) -> None:
    base = _board(edition, cards)
    rng = random.Random(f"{edition}/{cards}")
    for kind in KINDS:
        for _ in range(12):
            event: dict[str, object] = {"event": kind}
            for name in rng.sample(FIELDS, rng.randint(0, 4)):
                event[name] = rng.choice(VALUES)
            table = Table.from_events(base)
            before = json.dumps(table.to_events())
            try:
                table.apply(event)
            except (BridgeError, ValueError):
                assert json.dumps(table.to_events()) == before, event
