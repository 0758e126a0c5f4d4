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

        def cancel() -> None:
            da.withdraw(idx, law, Status.CANCELLED, ui_for=off.side)
            da.oblige(off.partner, Duration.REST, law)
            da.add_lead_penalty(off, law)
            da.add_review("72C")

        def lho_called(c: Call) -> None:
            da.resolve("36A", "forfeit")
            da.withdraw(idx, "36A", Status.CANCELLED, ui_for=off.side)
            j = da.append(lho, c)
            da.withdraw(j, "36A", Status.CANCELLED, ui_for=off.side)
            da.note(
                f"{sn(lho)} called over the inadmissible {e.call}: both are cancelled and the auction reverts "
                f"to {sn(turn)} as if nothing had happened; L26B does not apply (L36A)."
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
                        apply=cancel,
                        obligations=(must_pass(off.partner, Duration.REST),),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "36A",
                        f"{e.call} and {sn(lho)}'s call are cancelled; the auction reverts to "
                        f"{sn(turn)} with no further rectification",
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

        def cancel() -> None:
            da.withdraw(idx, "37B", Status.CANCELLED, ui_for=off.side)
            j = da.append(off, PASS, law="37B")
            da.stand(j, "37B")
            for s in off.side.seats:
                da.oblige(s, Duration.REST, "37B")
            da.add_lead_penalty(off, "37B")
            da.add_review("72C")

        def lho_called(c: Call) -> None:
            da.resolve("37A", "forfeit")
            da.stand(idx, "37A")
            if ob.duration is Duration.NEXT:
                del da.obligations[off]
            da.dispatch(lho, c)

        before_rectification = (
            (
                BeforeRectification(
                    lho,
                    "37A",
                    f"{e.call} and every later call stand; L26B does not apply"
                    + ("; " + sn(off) + " must still pass at every later turn" if ob.duration is Duration.REST else ""),
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
                        apply=cancel,
                        obligations=(must_pass(off, Duration.REST), must_pass(off.partner, Duration.REST)),
                    ),
                ),
                before_rectification=before_rectification,
            )
        )

    def _above_seven(self, da: DirectedAuction, idx: int, in_rotation: bool) -> None:
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho

        def rectify(penalties: bool) -> None:
            da.cancel_from(idx, "38B", ui_for=off.side)
            if in_rotation:
                j = da.append(off, PASS, law="38C")
                da.stand(j, "38C")
            for s in off.side.seats:
                da.oblige(s, Duration.REST, "38C")
            if penalties:
                da.add_lead_penalty(off, "38C")
                da.add_review("72C")

        def lho_called(c: Call) -> None:
            da.resolve("38B, 38D", "forfeit")
            da.append(lho, c)
            rectify(False)
            da.note(
                f"{sn(lho)} called after {e.call}: his call is cancelled too; L26B and L72C cannot be invoked (L38D)."
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
                        apply=lambda: rectify(True),
                        obligations=(must_pass(off, Duration.REST), must_pass(off.partner, Duration.REST)),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "38B, 38D",
                        f"{sn(lho)}'s call is cancelled as well; L26B and L72C cannot be invoked",
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

        def cancel() -> None:
            da.withdraw(idx, "39A", Status.CANCELLED, ui_for=seat.side)
            da.add_lead_penalty(seat, "39C")

        def lho_called(c: Call) -> None:
            da.resolve("39B", "forfeit")
            da.withdraw(idx, "39A, 39B", Status.CANCELLED)
            self._after_final_pass(da, lho, c)

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
                        apply=cancel,
                    ),
                ),
                before_rectification=(
                    BeforeRectification(lho, "39B", f"{call} is cancelled with no rectification", lho_called),
                ),
            )
        )
