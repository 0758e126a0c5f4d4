"""WBF 2017: an agreed claim or a concession reconsidered within the correction period, at the table (L69B, L71,
L79C1; TV140, TV141).

Once the board is done a player of the side that agreed to lose tricks asks for them back::

    {"event": "reconsider", "seat": "E", "at": "2026-11-26T22:30", "tricks": 1, "won": false}

- a player of the side that **agreed to an opponent's claim** (L69B): a trick his side had actually won (``won``:
  the director's finding from the quitted tricks, 69B1) goes back; one it would probably have won had play continued
  is the director's judgement (the 69B2 question, with the L70 check's worst normal line as evidence);
- a player of the side that **conceded** tricks (L71): the director must cancel the concession of a trick his side
  had actually won (``won``, 71A) or that no normal play could lose (71B, found by ``claims.check_concession``).

The ruling is pending for the director; once chosen the tricks go back in ``Table.result`` (``adjust_tricks``,
with the law). Refused, with the law, after the correction period of the posted results (the agreement is final,
L69A; TV141), for a claim the director ruled (L70: appeal it, L92), and on a board without a settled claim."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Seat, Side
from contractbridge.director import Effect, EffectKind, Ruling
from contractbridge.errors import BridgeError, RulingError
from contractbridge.laws.wbf17.claims import ClaimStatement, agreed_claim_review, check_claim, check_concession
from contractbridge.laws.wbf17.event_data import number, seat_in
from contractbridge.laws.wbf17.periods import periods, require_correction_period, require_done, time_of
from contractbridge.values import Claim

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["RECONSIDER", "given_back", "reconsider", "record_back", "withdrawn_agreement"]

#: the event kind of a side asking, after the board, for tricks it agreed to lose (L69B, L71)
RECONSIDER: Final = "reconsider"

#: the search budget of the L70/L71 checks a reconsideration runs (the claim positions are small)
_BUDGET: Final = 200_000


def _count(value: object, most: int) -> int:
    return number(value, RECONSIDER, "'tricks' is how many tricks the side asks back", 1, most)


def reconsider(table: PlayTable, data: Mapping[str, Any]) -> Ruling:
    """The L69B or L71 ruling on a ``reconsider`` event: each option that gives tricks back to the side that asks
    says how many (a ``TRANSFER`` effect, kept by ``record_back``); ``RulingError`` naming the law when the request
    is refused."""
    require_done(table, RECONSIDER, "a claim or concession is reconsidered after the play, L69B, L71")
    record, play, claim = table.record, table.play_state, table.claim_state
    assert record is not None and play is not None
    if claim is None or not claim.settled:
        raise RulingError(f"{RECONSIDER}: no claim or concession was agreed on this board (L69, L71)")
    if claim.ruled is not None:
        raise RulingError(f"{RECONSIDER}: the director ruled on this claim (L70); his ruling may be appealed (L92)")
    seat = seat_in(data, RECONSIDER)
    if "at" in data or periods(table) is not None:
        require_correction_period(table, time_of(data, RECONSIDER), RECONSIDER, "the agreement is final: L69A, L79C1")
    if any(r.get("irregularity") == RECONSIDER for r in record.rulings):
        raise RulingError(f"{RECONSIDER}: this claim was already reconsidered")
    won = data.get("won", False)
    if not isinstance(won, bool):
        raise RulingError(f"{RECONSIDER}: 'won' (the side had actually won the trick) is true or false, not {won!r}")
    side = seat.side
    conceded = claim.remaining - claim.tricks
    if side == claim.side:  # L71: the claimer's side conceded tricks
        if not conceded:
            raise RulingError(f"{RECONSIDER}: {side} conceded no trick (it claimed them all; L71)")
        count = _count(data.get("tricks", 1), conceded)
        ruling = check_concession(play, claim.seat, conceded, actually_won=count if won else 0, budget=_BUDGET)
        return replace(ruling, irregularity=RECONSIDER)
    if not claim.tricks:
        raise RulingError(f"{RECONSIDER}: {side} lost no trick to the claim (it was a concession of them all; L69)")
    count = _count(data.get("tricks", 1), claim.tricks)
    ruling = agreed_claim_review(
        side, objected_before_next_board=False, within_correction_period=True, actually_won=won
    )
    back = Effect(EffectKind.TRANSFER, seat, data=str(count))
    options = tuple(replace(o, effects=(*o.effects, back)) if o.id == "rescore" else o for o in ruling.options)
    return replace(ruling, irregularity=RECONSIDER, options=options, notes=(*ruling.notes, *_evidence(table)))


def _evidence(table: PlayTable) -> tuple[str, ...]:
    """The L70 check of the agreed claim as evidence for the 69B2 judgement (left out if it cannot be searched)."""
    play, claim = table.play_state, table.claim_state
    assert play is not None and claim is not None
    try:
        check = check_claim(play, claim.seat, claim.tricks, ClaimStatement.parse(claim.statement), budget=_BUDGET)
    except BridgeError:
        try:
            check = check_claim(play, claim.seat, claim.tricks, ClaimStatement(), budget=_BUDGET, double_dummy=False)
        except BridgeError:
            return ()
    return (f"Evidence, not a ruling (L69B2): {check.describe()}.",)


def record_back(table: PlayTable, side: Side, count: int) -> None:
    """Keep in the chosen ruling's entry the tricks that go back to ``side`` (``record_effects``, for the
    ``TRANSFER`` of the option chosen)."""
    record = table.record
    assert record is not None
    record.rulings[-1].update({"side": side.name, "back": count})


def given_back(table: PlayTable) -> list[tuple[Side, int, str]]:
    """The tricks each chosen reconsideration gave back, with its law: ``(side, count, law)``."""
    record = table.record
    if record is None:
        return []
    return [
        (Side[r["side"]], int(r["back"]), str(r["law"]))
        for r in record.rulings
        if r.get("irregularity") == RECONSIDER and "back" in r
    ]


def withdrawn_agreement(table: PlayTable, seat: Seat) -> Claim | None:
    """L69A: a player of the side that agreed to the claim objects before his side calls on a later board: the
    agreement is withdrawn and the claim is disputed (the director rules under L70). ``None`` when the objection is
    not that (the table's usual refusal follows); ``RulingError`` once the results are posted (the next board was
    called: the agreement is final, only L69B's ``reconsider`` remains)."""
    claim = table.claim_state
    if claim is None or not claim.agreed or claim.ruled is not None or seat not in claim.needed:
        return None
    if periods(table) is not None:
        raise RulingError(
            f"dispute by {seat.name.lower()}: the agreement is final once the results are posted (L69A); "
            "within the correction period the side may reconsider (L69B)"
        )
    record = table.record
    if record is not None and any(r.get("irregularity") == RECONSIDER for r in record.rulings):
        raise RulingError(f"dispute by {seat.name.lower()}: this claim was already reconsidered (L69B)")
    return replace(claim, disputed_by=seat)
