"""WBF 2017 disputed claims at the table (L68D, L70): the director's ruling proposed from the claim statement and
the L70 check (``laws.wbf17.claims.check_claim``: the worst normal line, double dummy over every line the
statement allows), pending in the table's record until the director confirms it, awards another figure (L70B),
or lets play continue because all four agreed to play on (L68D2(b)). The table applies the option chosen (its
``AWARD`` or ``PLAY_ON``) and scores the figure."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from contractbridge.director import Effect, EffectKind, Option, Ruling
from contractbridge.errors import BridgeError, DDSUnavailableError, DoubleDummyError
from contractbridge.laws.wbf17.claims import ClaimStatement, ClaimTooComplexError, check_claim
from contractbridge.values import Claim

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = ["PLAY_ON", "claim_ruling", "claim_suggestion"]

#: the option by which play continues and the claim is void (L68D2(b))
PLAY_ON = "play_on"

#: positions the L70 search may visit at the table before the director is left to rule alone
BUDGET = 200_000


def claim_ruling(table: PlayTable, claim: Claim) -> Ruling:
    """The ruling on ``claim``, disputed: the L70 check's proposal (``confirm``, or the 70C question when an
    opponent's trump was unmentioned) with, when no question is asked, ``award_K`` for every figure the director
    may rule instead (L70B) and ``play_on`` (L68D2(b): the non-claiming side asked and all four agreed). A
    statement outside the structured form is checked as no statement (every doubtful point against the claimer,
    L70A); a search over budget leaves the figure to the director."""
    play = table.play_state
    assert play is not None
    notes: list[str] = [f"Claim statement: {claim.statement!r}." if claim.statement else "No statement (L68C)."]
    try:
        statement = ClaimStatement.parse(claim.statement)
    except BridgeError as err:
        statement = ClaimStatement()
        notes.append(f"The statement is not in the structured form ({err}): checked as no statement (L70A).")
    proposed = None
    for evidence in (True, False):  # without the DDS figure when DDS cannot give it
        try:
            check = check_claim(play, claim.seat, claim.tricks, statement, budget=BUDGET, double_dummy=evidence)
        except ClaimTooComplexError:
            notes.append("The L70 check ran out of budget: the director rules the figure (L70B).")
            break
        except BridgeError as err:  # e.g. a revoke in the trick: no lawful position to search
            if not evidence:
                notes.append(f"The L70 check cannot run ({err}): the director rules the figure (L70B).")
        else:
            proposed = check.ruling()
            break
    awards = tuple(
        Option(
            f"award_{k}",
            "70B",
            f"{claim.side} takes {k} of the remaining {claim.remaining} tricks",
            (Effect(EffectKind.AWARD, data=str(k)),),
        )
        for k in range(claim.remaining + 1)
    )
    void = Effect(EffectKind.PLAY_ON)
    play_on = Option(
        PLAY_ON, "68D2(b)", "all four agreed to play on: the claim is void, the play's result stands", (void,)
    )
    if proposed is None:
        return Ruling(
            "claim",
            "70",
            claim.seat,
            f"{claim.seat.name.capitalize()} claims {claim.tricks} tricks; disputed",
            (*awards, play_on),
            notes=tuple(notes),
        )
    if proposed.question is not None:
        return replace(proposed, notes=(*notes, *proposed.notes))
    confirm = proposed.options[0]
    return replace(proposed, options=(confirm, *awards, play_on), notes=(*notes, *proposed.notes))


def _check(play: PlayState, claim: Claim, statement: ClaimStatement, budget: int, double_dummy: bool) -> dict[str, Any]:
    check = check_claim(play, claim.seat, claim.tricks, statement, budget=budget, double_dummy=double_dummy)
    return {
        "worst": check.worst,
        "remembered": check.remembered,
        "dd": check.dd,
        "exact": check.exact,
        "line": [f"{s.letter}:{c}" for s, c in check.line],
        "text": check.describe(),
        "ruling": check.ruling().to_dict(),
    }


def claim_suggestion(play: PlayState, claim: Claim, budget: int) -> dict[str, Any]:
    """``Edition.claim_suggestion`` under L70: the claim and the L70 check's proposed ruling (``ruling``, options
    with laws; ``worst`` the figure on the worst normal line, ``dd`` the double-dummy figure as evidence). A
    statement the claims language cannot read is checked as a bare claim (every doubtful point against the
    claimer, L70A), saying so; a search too large leaves the director unaided (L70B)."""
    out: dict[str, Any] = {"claim": claim.to_dict(), "notes": []}
    try:
        statement = ClaimStatement.parse(claim.statement)
    except BridgeError as err:
        statement = ClaimStatement()
        out["notes"].append(f"The statement is checked as a bare claim: {err}")
    try:
        try:
            out.update(_check(play, claim, statement, budget, double_dummy=True))
        except (DDSUnavailableError, DoubleDummyError):  # no solver here: the check without its evidence figure
            out.update(_check(play, claim, statement, budget, double_dummy=False))
    except ClaimTooComplexError as err:
        out["notes"].append(f"No suggestion: {err}")
        out["ruling"] = None
    return out
