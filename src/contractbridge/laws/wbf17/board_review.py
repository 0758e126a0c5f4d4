"""WBF 2017 end-of-board review at the table (L12C1, L64C): once the board is done, every REVIEW flag of the
auction and the play (``record.review_flags``: 27D, 16C, 50E4, 64C …) is answered by a ``review`` event of the
director — no damage, an adjusted result per side (L12C1(b), non-balancing where the sides differ: TV149) or a
weighted score (L12C1(c)) — kept in the record's rulings, and ``final_score`` gives ``review.settle``'s score
with every step and its law. An established revoke always raises REVIEW(64C) (the director judges whether the
L64A transfer compensates), with a double-dummy figure offered as evidence (``equity_evidence``).

The event: ``{"event": "review", "law": "64C", "answer": "no_damage"}``, ``{"event": "review", "law": "64C",
"answer": "adjusted", "ns": 9, "ew": 9}`` (declarer's tricks in the result assigned to each side; one side
only for a non-balancing adjustment), or ``{"event": "review", "law": "64C", "answer": "weighted", "weights":
[[0.6, 9], [0.4, 10]]}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Seat, Side, Suit
from contractbridge.errors import BridgeError, RulingError, RulingPendingError
from contractbridge.laws.wbf17.corrections import standing_revokes
from contractbridge.laws.wbf17.inquiries import AS_IF_ESTABLISHED
from contractbridge.laws.wbf17.misplays import restriction_revokes
from contractbridge.laws.wbf17.play.review import Adjusted, Answer, Flag, NoDamage, Result, Weighted, settle
from contractbridge.laws.wbf17.play.review import Final as Settled
from contractbridge.laws.wbf17.play.revokes import (
    Notice,
    Revoke,
    RevokeKind,
    Transfer,
    dd_evidence,
    equity,
    transfers,
)
from contractbridge.values import Phase

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = [
    "REVIEW",
    "REVOKE_NOTICE",
    "answers",
    "equity_evidence",
    "final_score",
    "flags",
    "notes",
    "open_flags",
    "record_answer",
    "record_notice",
    "revoke_transfers",
]

#: the event kind of the director's answer to a review flag
REVIEW: Final = "review"

#: the event kind of when attention was first drawn to a revoke found after the board (L64B4, L64B5):
#: ``{"event": "revoke_notice", "seat": "W", "trick": 3, "notice": "after_next_deal_call"}`` (or "after_round")
REVOKE_NOTICE: Final = "revoke_notice"


def flags(table: PlayTable) -> list[Flag]:
    """The review flags of the board, in the order they were raised."""
    record = table.record
    if record is None:
        return []
    return [Flag(f[7:-1] if f.startswith("REVIEW(") else f) for f in record.review_flags]


def answers(table: PlayTable) -> dict[str, Answer]:
    """The director's answers so far, by the flag's law."""
    record = table.record
    if record is None:
        return {}
    return {r["law"]: _answer(table, r["answer"]) for r in record.rulings if r.get("irregularity") == REVIEW}


def _tricks(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 13:
        raise RulingError(f"review: a result is declarer's tricks, 0 to 13, not {value!r}")
    return value


def _answer(table: PlayTable, data: Mapping[str, Any]) -> Answer:
    """The answer an event describes, for the table's contract and declarer (``RulingError`` if malformed)."""
    kind = data.get("answer")
    contract, declarer = table.contract, table.declarer
    if kind == "no_damage":
        return NoDamage()
    if kind == "adjusted":
        ns, ew = (None if data.get(k) is None else Result(contract, declarer, _tricks(data[k])) for k in ("ns", "ew"))
        if ns is None and ew is None:
            raise RulingError("review: an adjusted score names the result for NS, EW or both (L12C1(b))")
        return Adjusted(ns, ew)
    if kind == "weighted":
        parts = data.get("weights")
        if not isinstance(parts, list) or not all(isinstance(p, list) and len(p) == 2 for p in parts):
            raise RulingError("review: a weighted score lists [weight, tricks] pairs (L12C1(c))")
        try:
            return Weighted(tuple((float(w), Result(contract, declarer, _tricks(t))) for w, t in parts))
        except (TypeError, ValueError) as err:
            raise RulingError(f"review: bad weights {parts!r} ({err})") from None
    raise RulingError(f"review: the answer is no_damage, adjusted or weighted, not {kind!r}")


def record_answer(table: PlayTable, data: Mapping[str, Any]) -> None:
    """The director's ``review`` event: after play (L12C1), for a flag raised and not yet answered."""

    record = table.record
    assert record is not None
    if table.phase is not Phase.DONE or table.play_state is None:
        raise RulingError("review: the director settles the review flags once the board is played (L12C1)")
    if record.pending is not None:
        raise RulingPendingError("review: a ruling is pending (L9B2)")
    law = data.get("law")
    raised = [f.law for f in flags(table)]
    if law not in raised:
        raise RulingError(f"review: {law!r} is not a review flag of this board ({', '.join(raised) or 'none'})")
    if law in answers(table):
        raise RulingError(f"review: the flag {law} is already settled")
    answer = dict(data)
    _answer(table, answer)
    record.rulings.append({"irregularity": REVIEW, "law": law, "option": answer["answer"], "answer": answer})


def _notices(table: PlayTable) -> dict[tuple[Seat, int], Notice]:
    """When attention was first drawn to each revoke a ``revoke_notice`` event names (by its seat and trick)."""
    record = table.record
    if record is None:
        return {}
    return {
        (Seat.parse(r["seat"]), r["trick"]): Notice(r["option"])
        for r in record.rulings
        if r.get("irregularity") == REVOKE_NOTICE
    }


def record_notice(table: PlayTable, data: Mapping[str, Any]) -> None:
    """A ``revoke_notice`` event on a played board: attention to the established revoke of ``seat`` on ``trick``
    was first drawn only after a player of the non-offending side called on the next board (L64B4, TV129) or
    after the round ended (L64B5): no automatic transfer; L64C equity stays (REVIEW(64C))."""
    record = table.record
    assert record is not None
    if table.phase is not Phase.DONE or table.play_state is None:
        raise RulingError(f"{REVOKE_NOTICE}: attention after the board is recorded once the board is played (L64B4)")
    try:
        seat, trick, notice = Seat.parse(str(data.get("seat"))), data.get("trick"), Notice(data.get("notice"))
    except ValueError:
        raise RulingError(
            f"{REVOKE_NOTICE}: names the revoke's 'seat', its 'trick' and 'notice' "
            f"({Notice.AFTER_NEXT_DEAL_CALL.value} or {Notice.AFTER_ROUND.value}), not {dict(data)!r}"
        ) from None
    if notice is Notice.IN_TIME:
        raise RulingError(f"{REVOKE_NOTICE}: a revoke noticed in time needs no event (L64A)")
    revokes = {(s, place // 4 + 1) for s, _, place in standing_revokes(table)}
    if (seat, trick) not in revokes:
        found = ", ".join(f"{s.letter} trick {t}" for s, t in sorted(revokes)) or "none"
        raise RulingError(f"{REVOKE_NOTICE}: no revoke by {seat.name.lower()} on trick {trick!r} (revokes: {found})")
    if (seat, trick) in _notices(table):
        raise RulingError(f"{REVOKE_NOTICE}: the notice of that revoke is already recorded")
    law = "64B4" if notice is Notice.AFTER_NEXT_DEAL_CALL else "64B5"
    record.rulings.append(
        {"irregularity": REVOKE_NOTICE, "law": law, "option": notice.value, "seat": seat.letter, "trick": trick}
    )


def revoke_transfers(table: PlayTable) -> list[Transfer]:
    """The L64A transfers (with the L64B exceptions) for the revokes an irregular table let stand, once the board
    is done. Each revoke on tricks 1–12 is established by then (L63A1: the offending side played to the next
    trick, or L63A2: a claim or concession); one on trick 13 is not (L63A) and transfers nothing. Tricks settled
    by an agreed claim count for the claimer's side first, then for the other (their order is not recorded)."""

    play, claim = table.play_state, table.claim_state
    if play is None or table.phase is not Phase.DONE:
        return []
    tricks = play.tricks
    noticed, restricted = _notices(table), restriction_revokes(table)
    revokes = [
        Revoke(
            seat,
            place // 4 + 1,
            tricks[place // 4].cards[0].suit,
            RevokeKind.RESTRICTION
            if (seat, card, place // 4 + 1) in restricted
            else RevokeKind.DUMMY
            if seat == play.dummy
            else RevokeKind.FOLLOW_SUIT,
            noticed.get((seat, place // 4 + 1), Notice.IN_TIME),
        )
        for seat, card, place in standing_revokes(table)
        if place // 4 + 1 < 13 and place // 4 < len(tricks)
    ]
    record = table.record
    for entry in [] if record is None else record.rulings:  # L43B2(b): corrected, L64 as if established
        if (found := entry.get(AS_IF_ESTABLISHED)) is not None:
            revokes.append(
                Revoke(Seat.parse(found["seat"]), found["trick"], Suit.parse(found["suit"]), as_if_established=True)
            )
    if not revokes:
        return []
    winners: list[Seat | Side] = [t.winner for t in tricks]
    if claim is not None and claim.settled:
        winners += [claim.side] * claim.awarded
        winners += [claim.side.opponents] * (claim.remaining - claim.awarded)
    return transfers(revokes, winners)


def _table_result(table: PlayTable) -> Result | None:
    """The result the table reached before the L64A transfers (a settled claim's tricks included)."""
    play, result = table.play_state, table.result
    if play is None or result is None or result.tricks is None:
        return None
    gained = sum(t.count if t.to == play.declarer.side else -t.count for t in revoke_transfers(table))
    return Result(result.contract, result.declarer, result.tricks - gained)


def final_score(table: PlayTable) -> Settled | None:
    """The board's score after the review (``review.settle``: the table result, the L64A transfers, then each
    answer), or ``None`` while the board is not done or a flag is unanswered."""
    reached, raised, given = _table_result(table), flags(table), answers(table)
    if reached is None or any(f.law not in given for f in raised):
        return None
    moved = revoke_transfers(table)
    return settle(reached, table.board.vulnerability, transfers=moved, flags=raised, answers=given)


def equity_evidence(table: PlayTable) -> str:
    """The L64C question in words: the transfers and, as evidence only, declarer's tricks double dummy from the
    first revoke trick as if there had been no revoke (left out when DDS is not available)."""
    play, reached, moved = table.play_state, _table_result(table), revoke_transfers(table)
    if play is None or reached is None or reached.tricks is None or not moved:
        return ""
    figure: int | None
    try:
        figure = dd_evidence(table.board.deal, play.strain, play.declarer, play.tricks, moved[0].revoke.trick)
    except BridgeError:
        figure = None
    ruling = equity(moved, reached.tricks, play.declarer, dd_figure=figure)
    question = ruling.question.text if ruling.question is not None else ""
    return "\n".join([f"L{ruling.law}: {question} {ruling.description}.", *ruling.notes])


def open_flags(table: PlayTable) -> list[str]:
    """The laws of the flags not yet answered on a finished board (none while the board is being played)."""
    if table.result is None or table.play_state is None:
        return []
    given = answers(table)
    return [f.law for f in flags(table) if f.law not in given]


def notes(table: PlayTable) -> list[str]:
    """The review of a finished board in words: the flags, the L64C evidence, and once every flag is answered
    (``review`` events) the final score with every step and its law."""
    if table.result is None or table.play_state is None:
        return []
    raised, given = flags(table), answers(table)
    if not raised:
        return []
    out = ["review after play: " + ", ".join(f"{f.law} ({'settled' if f.law in given else 'open'})" for f in raised)]
    evidence = equity_evidence(table)
    if evidence and "64C" not in given:
        out += evidence.splitlines()
    final = final_score(table)
    if final is not None:
        out += [*final.explain().splitlines(), f"final score: NS {final.ns:+g}, EW {final.ew:+g}"]
    return out
