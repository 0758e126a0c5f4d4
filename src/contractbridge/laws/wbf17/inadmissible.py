"""WBF 2017 inadmissible calls and calls after the final pass (L35–L39).

L36 inadmissible doubles and redoubles, L37 a call by a player who must pass, L38 bids above seven, L39 calls
after the final pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.calls import PASS, Call, CallKind
from contractbridge.cards import Seat
from contractbridge.director import (
    BeforeRectification,
    Duration,
    Effect,
    EffectKind,
    Option,
    Ruling,
    Status,
)
from contractbridge.laws.base import Edition
from contractbridge.laws.wbf17.common import must_pass, sn

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction


__all__ = ["WBF17Inadmissible"]


class WBF17Inadmissible(Edition):
    """WBF 2017 inadmissible calls and calls after the final pass (L35–L39)."""

    name = "WBF17"

    def _inadmissible(self, da: DirectedAuction, idx: int, turn: Seat) -> None:
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho
        in_rotation = turn == off
        law = "36B" if in_rotation else "36B4"

        cancel = (
            Effect(EffectKind.CANCEL_CALL, index=idx, law=law, ui_for=off.side),
            Effect(EffectKind.OBLIGE, off.partner, law=law, duration=Duration.REST),
            Effect(EffectKind.LEAD_PENALTY, off, law=law),
            Effect(EffectKind.REVIEW, law="72C"),
        )
        lho_called = (
            Effect(EffectKind.ENTER_CALL, lho),
            Effect(EffectKind.CANCEL_FROM, index=idx, law="36A", ui_for=off.side),
            Effect(
                EffectKind.NOTE,
                data=f"{sn(lho)} called over the inadmissible {e.call}: both are cancelled and the auction reverts "
                f"to {sn(turn)} as if nothing had happened; L26B does not apply (L36A).",
            ),
        )

        where = "" if in_rotation else f" out of rotation ({sn(turn)}'s turn)"
        da.rule(
            Ruling(
                "inadmissible_double" if e.call.kind is CallKind.DOUBLE else "inadmissible_redouble",
                "36",
                off,
                f"Inadmissible {e.call} by {sn(off)}{where} (L19, L35A)",
                (
                    Option(
                        "cancel",
                        law,
                        f"{e.call} is cancelled; {sn(off)} makes any legal call at his turn; "
                        f"{sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        cancel,
                        obligations=(must_pass(off.partner, Duration.REST),),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "36A",
                        f"{e.call} and {sn(lho)}'s call are cancelled; the auction reverts to "
                        f"{sn(turn)} with no further rectification",
                        "forfeit",
                        lho_called,
                    ),
                ),
            )
        )

    def _violation(self, da: DirectedAuction, idx: int) -> None:
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho
        ob = da.obligations[off]
        sufficient = da.is_sufficient(e.call)

        cancel = (
            Effect(EffectKind.CANCEL_CALL, index=idx, law="37B", ui_for=off.side),
            Effect(EffectKind.ENTER_CALL, off, call=PASS, law="37B"),
            Effect(EffectKind.STAND, law="37B"),
            *(Effect(EffectKind.OBLIGE, s, law="37B", duration=Duration.REST) for s in off.side.seats),
            Effect(EffectKind.LEAD_PENALTY, off, law="37B"),
            Effect(EffectKind.REVIEW, law="72C"),
        )
        lho_called = (
            Effect(EffectKind.STAND, index=idx, law="37A"),
            *((Effect(EffectKind.RELEASE, off),) if ob.duration is Duration.NEXT else ()),
            Effect(EffectKind.CALL, lho),
        )

        before_rectification = (
            (
                BeforeRectification(
                    lho,
                    "37A",
                    f"{e.call} and every later call stand; L26B does not apply"
                    + ("; " + sn(off) + " must still pass at every later turn" if ob.duration is Duration.REST else ""),
                    "forfeit",
                    lho_called,
                ),
            )
            if sufficient
            else ()
        )
        da.rule(
            Ruling(
                "pass_obligation_violated",
                "37",
                off,
                f"{e.call} by {sn(off)}, who must pass (L{ob.law}; L35B)",
                (
                    Option(
                        "cancel",
                        "37B",
                        f"{e.call} is cancelled and replaced by a pass; {sn(off)} and "
                        f"{sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        cancel,
                        obligations=(must_pass(off, Duration.REST), must_pass(off.partner, Duration.REST)),
                    ),
                ),
                before_rectification=before_rectification,
            )
        )

    def _above_seven(self, da: DirectedAuction, idx: int, in_rotation: bool) -> None:
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho

        def rectify(penalties: bool) -> tuple[Effect, ...]:
            """L38B, L38C: the bid and every later call are cancelled; the offending side passes throughout."""
            deemed = (
                (Effect(EffectKind.ENTER_CALL, off, call=PASS, law="38C"), Effect(EffectKind.STAND, law="38C"))
                if in_rotation
                else ()
            )
            return (
                Effect(EffectKind.CANCEL_FROM, index=idx, law="38B", ui_for=off.side),
                *deemed,
                *(Effect(EffectKind.OBLIGE, s, law="38C", duration=Duration.REST) for s in off.side.seats),
                *(
                    (Effect(EffectKind.LEAD_PENALTY, off, law="38C"), Effect(EffectKind.REVIEW, law="72C"))
                    if penalties
                    else ()
                ),
            )

        lho_called = (
            Effect(EffectKind.ENTER_CALL, lho),
            *rectify(False),
            Effect(
                EffectKind.NOTE,
                data=f"{sn(lho)} called after {e.call}: his call is cancelled too; L26B and L72C cannot be invoked "
                "(L38D).",
            ),
        )

        replaced = (
            "replaced by a pass" if in_rotation else "cancelled (out of rotation: the offender passes at his turn)"
        )
        da.rule(
            Ruling(
                "bid_above_seven",
                "38",
                off,
                f"{e.call} by {sn(off)}: a bid of more than seven (L35C); a contract above "
                "seven may never be played (L38A)",
                (
                    Option(
                        "cancel",
                        "38B, 38C",
                        f"{e.call} and all later calls are cancelled; it is {replaced}; {sn(off)} and "
                        f"{sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        rectify(True),
                        obligations=(must_pass(off, Duration.REST), must_pass(off.partner, Duration.REST)),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "38B, 38D",
                        f"{sn(lho)}'s call is cancelled as well; L26B and L72C cannot be invoked",
                        "forfeit",
                        lho_called,
                    ),
                ),
            )
        )

    def _after_final_pass(self, da: DirectedAuction, seat: Seat, call: Call) -> None:
        idx = da.append(seat, call)
        defender = da.is_defender(seat)
        if da.is_passed_out or not defender or call.kind is CallKind.PASS:
            da.withdraw(idx, "39B", Status.CANCELLED)
            who = (
                "the auction was passed out"
                if da.is_passed_out
                else "a pass by a defender"
                if defender
                else f"a call by the {'declarer' if seat == da.declarer else 'dummy'}"
            )
            da.note(
                f"{call} by {sn(seat)} after the final pass is cancelled with no rectification: {who} (L39A, L39B)."
            )
            da.rulings.append(
                {
                    "irregularity": "call_after_final_pass",
                    "law": "39A, 39B",
                    "option": "cancel",
                    "offender": seat.letter,
                }
            )
            return
        lho = seat.lho

        cancel = (
            Effect(EffectKind.CANCEL_CALL, index=idx, law="39A", ui_for=seat.side),
            Effect(EffectKind.LEAD_PENALTY, seat, law="39C"),
        )
        lho_called = (Effect(EffectKind.CANCEL_CALL, index=idx, law="39A, 39B"), Effect(EffectKind.CALL, lho))

        da.rule(
            Ruling(
                "call_after_final_pass",
                "39",
                seat,
                f"{call} by the defender {sn(seat)} after the final pass",
                (
                    Option(
                        "cancel",
                        "39A, 39C",
                        f"{call} is cancelled; declarer may restrict {sn(seat.partner)}'s lead (L26B)",
                        cancel,
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho, "39B", f"{call} is cancelled with no rectification", "forfeit", lho_called
                    ),
                ),
            )
        )
