"""Whether an established revoke may still be penalised (laws-historic.md §3.5, §3.6): the facts the players report.

An established revoke costs tricks at the end only when its penalty is claimed (NBB R55(6)); the table takes a
revoke it recorded as claimed in time unless the players say otherwise, and three facts take the right away:

- the penalty claimed too late: ``{"event": "attention", "seat": "E", "moment": "after_cut"}`` once the board is
  over (``moment``: one of ``ClaimMoment``'s names, lower case) — NBB R55(9), EST-L39, NL36 27.4(2) (the window
  closes when the cut for the next deal begins; NL36 when it is completed); digest TV72;
- a look at the quitted trick refused: ``{"event": "quitted_trick", "seat": "W", "reason": "fear_of_revoke",
  "refused_by": "N"}`` — the player who fears he revoked asks before his side plays to the next trick; the
  opponent who refuses loses the penalty for a revoke in that trick (NBB R24(d), EST-L28(d); NL36 28.3 has no such
  permission: refused);
- dummy away from the table: ``{"event": "dummy_left", "seat": "S"}`` (``"back": true`` when he returns) — the
  defenders may not claim a penalty for declarer's revoke made meanwhile unless one of them asked declarer about
  it before it was established: ``{"event": "revoke_question", "seat": "E"}`` (NBB R55(4), EST-L37; not in NL36
  27.3).

Each is a judgement of fact the players make (the book has no director): the event is the input, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from contractbridge.cards import Card, Seat, Side
from contractbridge.director import seat_name
from contractbridge.errors import EventLogError, RulingError
from contractbridge.events import Attention, DummyLeft, QuittedTrick, RevokeQuestion
from contractbridge.laws.nbb30.record import PlayersAuction
from contractbridge.laws.nbb30.values import ClaimMoment
from contractbridge.values import IrregularityKind

if TYPE_CHECKING:
    from contractbridge.events import Event
    from contractbridge.laws.base import PlayTable
    from contractbridge.laws.nbb30.play import NBB30Play
    from contractbridge.values import Irregularity

__all__ = ["MOMENTS", "revoke_fact", "unclaimable"]

#: the ``moment`` of a late ``attention``: ``ClaimMoment`` by its lower-case name
MOMENTS: dict[str, ClaimMoment] = {m.name.lower(): m for m in ClaimMoment}


def revoke_fact(laws: NBB30Play, table: PlayTable, event: Event) -> bool:
    """``Edition.play_event`` for the facts above; False for any other event."""
    if isinstance(event, Attention) and "moment" in event.extra:
        _claimed_at(laws, table, event.seat, event.extra["moment"])
        return True
    if isinstance(event, QuittedTrick) and "refused_by" in event.extra:
        _look_refused(laws, table, event.seat, event.reason, event.extra["refused_by"])
        return True
    if isinstance(event, DummyLeft | RevokeQuestion):
        _dummy_away(laws, table, event)
        return True
    return False


def _record(table: PlayTable) -> PlayersAuction:
    record = table.record
    if not isinstance(record, PlayersAuction) or table.play_state is None:
        raise RulingError("there is no play yet")
    return record


def _claimed_at(laws: NBB30Play, table: PlayTable, seat: Seat, moment: object) -> None:
    record, play = _record(table), table.play_state
    assert play is not None
    if not isinstance(moment, str) or moment not in MOMENTS:
        raise EventLogError(f"attention: 'moment' is one of {', '.join(MOMENTS)}, not {moment!r}")
    if not (play.is_over or (table.claim_state is not None and table.claim_state.settled)):
        raise RulingError(f"the play is not over: an established revoke's penalty is taken at the end "
                          f"({laws.cite('revoke_penalty')})")  # fmt: skip
    revokes = (IrregularityKind.REVOKE, IrregularityKind.RESTRICTED_CARD)
    if not any(i.kind in revokes and i.seat is not None and i.seat.side != seat.side for i in table.irregularities):
        raise RulingError(f"{seat_name(seat)} claims a revoke penalty, but the other side made no revoke")
    verdict = laws.revoke_claim_in_time(MOMENTS[moment])
    outcome = "the penalty applies" if verdict.allowed else "too late: no penalty"
    record.note(f"{seat_name(seat)} claimed the revoke penalty {verdict.reason}: {outcome} ({verdict.law}).")


def _look_refused(laws: NBB30Play, table: PlayTable, seat: Seat, reason: str | None, refused_by: object) -> None:
    record, play = _record(table), table.play_state
    assert play is not None
    law = laws.cite("quitted_permission") if "fear_of_revoke" in laws.QUITTED_EXCEPTIONS else laws.cite("quitted")
    if reason != "fear_of_revoke" or "fear_of_revoke" not in laws.QUITTED_EXCEPTIONS:
        raise RulingError(f"only a player who fears he revoked asks permission to look at a quitted trick ({law})")
    if not isinstance(refused_by, str):
        raise EventLogError(f"quitted_trick: 'refused_by' names the opponent who refused, not {refused_by!r}")
    refuser = Seat.parse(refused_by)
    if refuser.side == seat.side:
        raise RulingError(f"{seat_name(refuser)} is {seat_name(seat)}'s partner: only an opponent may refuse ({law})")
    if not play.tricks or any(s.side == seat.side for s, _ in play.current_trick):
        raise RulingError(f"{seat_name(seat)} asks too late: his side has played to the next trick ({law})")
    record.note(f"{seat_name(refuser)} refused {seat_name(seat)} a look at trick {len(play.tricks)}: "
                f"{refuser.side} may claim no penalty for a revoke in it ({law}).")  # fmt: skip


def _dummy_away(laws: NBB30Play, table: PlayTable, event: DummyLeft | RevokeQuestion) -> None:
    record, play, seat = _record(table), table.play_state, event.seat
    assert play is not None
    law = laws.cite("revoke_inquiry")
    if isinstance(event, DummyLeft):
        if seat != play.dummy:
            raise RulingError(f"dummy_left: {seat_name(seat)} is not dummy ({law})")
        record.note(f"Dummy {'is back at' if event.back else 'left'} the table ({law}).")
        return
    if seat.side == play.declarer.side:
        raise RulingError(f"revoke_question: a defender asks declarer whether he revoked, not {seat_name(seat)}")
    record.note(f"{seat_name(seat)} asked declarer whether he revoked ({law}).")


# ---- at the end: which standing revokes may not be penalised -----------------------------------------------
def unclaimable(laws: NBB30Play, table: PlayTable, revoke: Irregularity, place: int) -> str | None:
    """Why the established ``revoke`` (its card the ``place``-th played) may not be penalised: the law, or
    ``None`` when it may be."""
    log = table.to_events()
    assert revoke.seat is not None
    side, trick = revoke.seat.side, revoke.trick
    claims = [e for e in log if e["event"] == "attention" and "moment" in e and Seat.parse(e["seat"]).side != side]
    if claims and not any(laws.revoke_claim_in_time(MOMENTS[e["moment"]]) for e in claims):
        return laws.cite("revoke_time")
    refused = (n for n, e in enumerate(log) if e["event"] == "quitted_trick" and "refused_by" in e)
    if any(Seat.parse(log[n]["seat"]).side == side and _tricks_before(log, n) == trick for n in refused):
        return laws.cite("quitted_permission")
    play = table.play_state
    assert play is not None
    away = laws.DUMMY_AWAY_COSTS_REVOKE and play.declarer == revoke.seat
    if away and _dummy_away_at(log, revoke.event) and not _asked_in_time(log, revoke.event, place, side, play.played()):
        return laws.cite("revoke_inquiry")
    return None


def _tricks_before(log: Sequence[Mapping[str, Any]], index: int) -> int:
    """The tricks complete before event ``index`` (plays counted; the log's cards taken back are refolds)."""
    return sum(1 for e in log[:index] if e["event"] == "play") // 4


def _dummy_away_at(log: Sequence[Mapping[str, Any]], index: int) -> bool:
    away = False
    for e in log[:index]:
        if e["event"] == "dummy_left":
            away = not e.get("back", False)
    return away


def _asked_in_time(
    log: Sequence[Mapping[str, Any]], index: int, place: int, side: Side, played: Sequence[tuple[Seat, Card]]
) -> bool:
    """Whether a defender asked declarer about his revoke (event ``index``, the ``place``-th card) before it was
    established: before his side's first card to the next trick (R55(2))."""
    first_next = (place // 4 + 1) * 4
    established = next((p for p in range(first_next, len(played)) if played[p][0].side == side), len(played))
    at = place
    for e in log[index + 1 :]:
        if e["event"] == "play":
            at += 1
            if at >= established:
                return False
        elif e["event"] == "revoke_question":
            return True
    return False
