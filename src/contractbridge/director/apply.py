"""How a ruling's option changes the record: its ``Effect`` values, applied in order by one function.

The law builds an option as data (``laws``: which entry stands or is cancelled, who must pass, what waits); the
record settles the ruling (``DirectedAuction.resolve``) and hands the chosen option here. A call the laws allow
before rectification (``BeforeRectification``, L9B2) is applied the same way, "the call made" being that call.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.director.effects import Status
from contractbridge.director.rulings import PLAY_EFFECTS, BeforeRectification, Effect, EffectKind, Option, seat_name
from contractbridge.errors import IllegalCallError, RulingError

if TYPE_CHECKING:
    from contractbridge.director.record import DirectedAuction

__all__ = ["apply_effects", "apply_option", "call_before_rectification"]


def apply_option(record: DirectedAuction, option: Option) -> None:
    """Carry out ``option`` of the ruling just settled: its effects on the record (those of the play period are
    the table's, ``PLAY_EFFECTS``)."""
    apply_effects(record, option.effects)


def call_before_rectification(record: DirectedAuction, allowed: BeforeRectification, call: Call) -> None:
    """``call`` by ``allowed.seat`` while the ruling is pending: it settles the ruling as the law says (L9B2)."""
    if allowed.only is not None and call != allowed.only:
        raise IllegalCallError(allowed.refusal or f"{seat_name(allowed.seat)} may only call {allowed.only} here")
    record.resolve(allowed.law, allowed.option)
    apply_effects(record, allowed.effects, made=call)


def apply_effects(record: DirectedAuction, effects: tuple[Effect, ...], made: Call | None = None) -> None:
    """Apply ``effects`` to ``record`` in order; ``made`` is the call made before rectification, if any."""
    for e in effects:
        call = made if e.call is None else e.call
        match e.kind:
            case EffectKind.STAND:
                record.stand(_index(record, e, last=True), e.law)
            case EffectKind.WITHDRAW_CALL:
                record.withdraw(_index(record, e), e.law, ui_for=e.ui_for)
            case EffectKind.CANCEL_CALL:
                record.withdraw(_index(record, e), e.law, Status.CANCELLED, ui_for=e.ui_for)
            case EffectKind.CANCEL_FROM:
                record.cancel_from(_index(record, e), e.law, ui_for=e.ui_for)
            case EffectKind.ENTER_CALL:
                record.append(_seat(e), _call(e, call), law=e.law)
            case EffectKind.MOVE_LAST:
                entry = record.entries.pop()
                if e.index is not None:
                    record.insert(e.index, entry)
            case EffectKind.CALL:
                record.dispatch(_seat(e), _call(e, call))
            case EffectKind.OBLIGE:
                if e.duration is None:
                    raise RulingError(f"{e.kind.value}: an obligation to pass needs its duration")
                record.oblige(_seat(e), e.duration, e.law)
            case EffectKind.RELEASE:
                record.obligations.pop(_seat(e), None)
            case EffectKind.LEAD_PENALTY:
                record.add_lead_penalty(_seat(e), e.law)
            case EffectKind.RESTRICT_LEAD:
                offender = _seat(e)
                forbidden = e.suits[0] if e.suits else None
                record.lead_restrictions = [
                    replace(r, forbidden=forbidden, decided=True) if r.offender == offender else r
                    for r in record.lead_restrictions
                ]
            case EffectKind.EXPOSE:
                record.exposed.extend((_seat(e), c, e.data == "led") for c in e.cards)
            case EffectKind.UNEXPOSE:
                record.exposed = [x for x in record.exposed if not (x[0] == e.seat and x[1] in e.cards)]
            case EffectKind.FORGET_UI:
                record.information = [f for f in record.information if f.index != e.index]
            case EffectKind.WATCH:
                if e.watch is None:
                    raise RulingError(f"{e.kind.value}: no rectification to wait for")
                record.watch(replace(e.watch, data=dict(e.watch.data)))
            case EffectKind.END_WATCH:
                record.take_watch(_seat(e), e.data)
            case EffectKind.MARK_WATCH:
                watch = record.peek_watch(_seat(e), e.data)
                if watch is not None:
                    watch.data["penalised"] = True
            case EffectKind.RULE:
                if e.ruling is None:
                    raise RulingError(f"{e.kind.value}: no ruling follows")
                record.rule(e.ruling)
            case EffectKind.FOLLOW_UP:
                record.edition.follow_up(record, e)
            case EffectKind.REVIEW:
                record.add_review(e.law)
            case EffectKind.NOTE:
                record.note(e.data)
            case EffectKind.NEW_DEAL:
                record.note(
                    f"A new deal was demanded ({e.law}): the board is over and {seat_name(record.dealer)} deals again."
                )
            case EffectKind.NONE:
                pass
            case _ if e.kind in PLAY_EFFECTS:
                pass  # the table applies them (``Table``), then its edition (``Edition.carry_out``)
            case _:
                raise RulingError(f"{e.kind.value} is an effect of the play period, not of the auction record")


def _index(record: DirectedAuction, e: Effect, last: bool = False) -> int:
    """The entry ``e`` is about: its ``index``, or with ``last`` the last entry when it names none."""
    index = len(record.entries) - 1 if e.index is None and last else e.index
    if index is None or not 0 <= index < len(record.entries):
        raise RulingError(f"{e.kind.value}: which call? (entry {e.index} of {len(record.entries)})")
    return index


def _seat(e: Effect) -> Seat:
    if e.seat is None:
        raise RulingError(f"{e.kind.value}: whose? (no seat)")
    return e.seat


def _call(e: Effect, call: Call | None) -> Call:
    if call is None:
        raise RulingError(f"{e.kind.value}: which call? (none given, none made)")
    return call
