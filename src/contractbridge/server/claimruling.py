"""The director's ruling on a disputed claim at the web table: what the director's page shows and how the award
is scored. No law is decided here: the suggestion is the edition's (``Edition.claim_suggestion``; under WBF17 the
L70 check of every normal line), every citation is the edition's, and the score is the table's own.

The session keeps the award with the board's result in the store (``Store.finish_board(..., ruling=...)``) and
scores it with ``awarded``, through the table's own ruling on the disputed claim (the director's ``choose`` of
``award_K``, as at the terminal; L70: "scored as if the tricks had been won and lost in play").
"""

from __future__ import annotations

from typing import Any, Final

from contractbridge.director import DIRECTOR
from contractbridge.errors import ClaimError
from contractbridge.table import Claim, Table

__all__ = ["BUDGET", "awarded", "disputed", "law", "suggestion"]

#: The positions the L70 search may visit for the page's suggestion (beyond it the director decides unaided).
BUDGET: Final = 100_000


def disputed(table: Table) -> Claim | None:
    """The claim awaiting the director (L68D2(a)) at a director's table, if any."""
    claim = table.claim_state
    if not table.irregular or claim is None or claim.disputed_by is None:
        return None
    return claim


def law(table: Table) -> str:
    """The law the director's award on a disputed claim is made under: the edition's (WBF17 ``70``, NBB30 ``NBB
    R54``), or its name when its book has none."""
    return table.rules.ruling_law("claim_ruling") or table.rules.name


def suggestion(table: Table) -> dict[str, Any] | None:
    """What the director's page shows for a disputed claim: the table's edition's check of it
    (``Edition.claim_suggestion``: under WBF17 the L70 check of every normal line, with its proposed ruling), or
    the claim alone with a note when the edition's book has no such check. None when no claim is disputed."""
    claim = disputed(table)
    if claim is None:
        return None
    play = table.play_state
    assert play is not None
    found = table.rules.claim_suggestion(play, claim, budget=BUDGET)
    if found is None:
        note = f"{table.edition} has no claim check: the director rules unaided"
        return {"claim": claim.to_dict(), "notes": [note], "ruling": None}
    return found


def awarded(table: Table, tricks: int) -> Table:
    """The board scored with the director's award of ``tricks`` of the remaining tricks to the claimer's side, by
    the table's own director as at the terminal: on a copy of the table, the pending L70 ruling's ``award_K``
    option is chosen (a ``choose`` event of the director, so the copy's log holds the award); where the table
    asks a judgement first (the 70C question) or its edition has no claim ruling, ``Table.settle_claim`` rules
    the figure. The table scores it (with the edition's automatic adjustments, L64A). ``ClaimError`` for an award
    out of range (L68A, L70)."""
    claim = disputed(table)
    if claim is None:
        raise ClaimError(f"rule: no claim awaits the director{table.rules.cited('claim_to_director')}")
    if not 0 <= tricks <= claim.remaining:
        law = table.rules.cited("claim_ruling")
        raise ClaimError(f"rule: an award of {tricks} tricks; {claim.remaining} remain{law}")
    scored = table.copy()
    ruling = None if scored.record is None else scored.record.pending
    option = f"award_{tricks}"
    if ruling is not None and ruling.question is None and option in ruling.option_ids:
        scored.apply({"event": "choose", "seat": DIRECTOR, "option": option})
    else:
        scored.settle_claim(tricks)
    return scored
