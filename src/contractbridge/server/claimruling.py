"""The director's ruling on a disputed claim at the web table (L68D2(a), L70): what the director's page shows and
how the award is scored. No law is decided here: the suggestion is ``contractbridge.claims.check_claim`` (the L70
check of every normal line) and the score is the table's own.

The session keeps the award with the board's result in the store (``Store.finish_board(..., ruling=...)``) and
scores it with ``awarded``, through the table's own ruling on the disputed claim (the director's ``choose`` of
``award_K``, as at the terminal; L70: "scored as if the tricks had been won and lost in play").
"""

from __future__ import annotations

from typing import Any, Final

from contractbridge.claims import ClaimStatement, ClaimTooComplexError, check_claim
from contractbridge.director import DIRECTOR
from contractbridge.errors import BridgeError, ClaimError, DDSUnavailableError, DoubleDummyError
from contractbridge.table import Claim, Table

__all__ = ["BUDGET", "LAW", "awarded", "disputed", "suggestion"]

#: The positions the L70 search may visit for the page's suggestion (beyond it the director decides unaided).
BUDGET: Final = 100_000
#: The law the director's award is made under.
LAW: Final = "70"


def disputed(table: Table) -> Claim | None:
    """The claim awaiting the director (L68D2(a)) at a director's table, if any."""
    claim = table.claim_state
    if not table.irregular or claim is None or claim.disputed_by is None:
        return None
    return claim


def _check(table: Table, claim: Claim, statement: ClaimStatement, double_dummy: bool) -> dict[str, Any]:
    play = table.play_state
    assert play is not None
    check = check_claim(play, claim.seat, claim.tricks, statement, budget=BUDGET, double_dummy=double_dummy)
    return {
        "worst": check.worst,
        "remembered": check.remembered,
        "dd": check.dd,
        "exact": check.exact,
        "line": [f"{s.letter}:{c}" for s, c in check.line],
        "text": check.describe(),
        "ruling": check.ruling().to_dict(),
    }


def suggestion(table: Table) -> dict[str, Any] | None:
    """What the director's page shows for a disputed claim: the claim and its statement, and the L70 check's
    proposed ruling (``ruling``, options with laws; ``worst`` the figure on the worst normal line, ``dd`` the
    double-dummy figure as evidence). A statement the claims language cannot read is checked as a bare claim
    (every doubtful point against the claimer, L70A), saying so; a search too large leaves the director unaided.
    None when no claim is disputed."""
    claim = disputed(table)
    if claim is None:
        return None
    out: dict[str, Any] = {"claim": claim.to_dict(), "notes": []}
    try:
        statement = ClaimStatement.parse(claim.statement)
    except BridgeError as err:
        statement = ClaimStatement()
        out["notes"].append(f"The statement is checked as a bare claim: {err}")
    try:
        try:
            out.update(_check(table, claim, statement, double_dummy=True))
        except (DDSUnavailableError, DoubleDummyError):  # no solver here: the check without its evidence figure
            out.update(_check(table, claim, statement, double_dummy=False))
    except ClaimTooComplexError as err:
        out["notes"].append(f"No suggestion: {err}")
        out["ruling"] = None
    return out


def awarded(table: Table, tricks: int) -> Table:
    """The board scored with the director's award of ``tricks`` of the remaining tricks to the claimer's side, by
    the table's own director as at the terminal: on a copy of the table, the pending L70 ruling's ``award_K``
    option is chosen (a ``choose`` event of the director, so the copy's log holds the award); where the table
    asks a judgement first (the 70C question) or its edition has no claim ruling, ``Table.settle_claim`` rules
    the figure. The table scores it (with the edition's automatic adjustments, L64A). ``ClaimError`` for an award
    out of range (L68A, L70)."""
    claim = disputed(table)
    if claim is None:
        raise ClaimError("rule: no claim awaits the director (L68D2(a))")
    if not 0 <= tricks <= claim.remaining:
        raise ClaimError(f"rule: an award of {tricks} tricks; {claim.remaining} remain (L70)")
    scored = table.copy()
    ruling = None if scored.record is None else scored.record.pending
    option = f"award_{tricks}"
    if ruling is not None and ruling.question is None and option in ruling.option_ids:
        scored.apply({"event": "choose", "seat": DIRECTOR, "option": option})
    else:
        scored.settle_claim(tricks)
    return scored
