"""WBF 2017 auction irregularities (L16C, L17D3, L23–L39): classification, options and their effects.

Every option's effect is stated with its law; judgements (L23A comparable, L25A unintended, L24 could
partner see, L27B1(a) same denominations for artificial calls) are ``Question``s for the director.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.calls import PASS, Bid, Call, CallKind
from contractbridge.cards import Seat
from contractbridge.director import (
    AwaitedCall,
    Status,
    lawful_over,
)
from contractbridge.errors import IllegalCallError, RulingError
from contractbridge.laws.wbf17.changes import WBF17Changes
from contractbridge.laws.wbf17.common import AWAITED, L25A6, sn
from contractbridge.laws.wbf17.insufficient import WBF17Insufficient
from contractbridge.laws.wbf17.leads import WBF17Leads

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction, Effect


__all__ = ["WBF17Auction"]


class WBF17Auction(WBF17Insufficient, WBF17Changes, WBF17Leads):
    """The auction part of the Laws of Duplicate Bridge 2017: where each call goes, and what is settled after
    every event (the law groups live in ``rotation``, ``insufficient``, ``inadmissible``, ``changes``, ``leads``)."""

    name = "WBF17"

    def call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        da = auction
        if da.is_over:
            self._after_final_pass(da, seat, call)
            return
        turn = da.summary().turn
        if seat != turn and seat == turn.lho and turn in da.obligations:
            # L28A: a call at RHO's turn when RHO must pass is in rotation; RHO's pass is deemed made.
            i = da.append(turn, PASS, law="28A")
            da.entries[i].compulsory = True
            da.stand(i, "28A")
            da.note(f"{sn(turn)} had to pass: his pass is deemed made and {sn(seat)}'s call is in rotation (L28A).")
            if da.is_over:
                self._after_final_pass(da, seat, call)
                return
            turn = seat
        if seat == turn:
            self._in_rotation(da, seat, call)
        elif turn == seat.lho and da.has_called(seat):
            law = {CallKind.PASS: "30B2", CallKind.BID: "31C"}.get(call.kind, "32C")
            da.note(f"{sn(seat)} called again at his LHO's turn: a change of call (L{law} → L25).")
            self.change_of_call(da, seat, call)
        else:
            self._out_of_rotation(da, seat, call, turn)

    def follow_up(self, auction: DirectedAuction, effect: Effect) -> None:
        """An option's next step: after a call stands, the rectifications that waited for it (``AWAITED``: L31A,
        L32A, L23A); after an intended call took the place of a slip, LHO's choice about his own call (L25A6)."""
        if effect.index is None:
            raise RulingError(f"the step {effect.data!r} needs the entry it follows")
        if effect.data == AWAITED:
            self._after_standing(auction, effect.index)
        elif effect.data == L25A6 and effect.seat is not None and effect.call is not None:
            self._l25a6(auction, effect.index, effect.seat, effect.call)
        else:
            super().follow_up(auction, effect)

    def describe_watch(self, watch: AwaitedCall) -> str:
        off, seat = sn(watch.offender), sn(watch.seat)
        if watch.kind == "27B":
            return f"{off} must replace the withdrawn {watch.call} with a legal call (27B)."
        if watch.kind in ("31A", "32A"):
            return (
                f"If {seat} passes, {off} must repeat {watch.call} ({watch.kind}1); otherwise {off} may make any "
                f"legal call ({watch.kind}2)."
            )
        return (
            f"At his turn {off} may make any legal call; the director then judges whether it is comparable to "
            f"the cancelled {watch.call} (L23A, {watch.data['family']})."
        )

    def unnoticed_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """L36C: an inadmissible double or redouble first noticed after the opening lead is faced stays in the
        record but the contract is scored as if it had not been made. Other irregular calls are ruled on
        when they are made."""
        da = auction
        if da.is_over or da.turn != seat or call.kind not in (CallKind.DOUBLE, CallKind.REDOUBLE):
            raise IllegalCallError(
                f"{call} by {sn(seat)}: only an inadmissible double or redouble in rotation may go unnoticed (L36C)"
            )
        if da.admissible(seat, call):
            self._in_rotation(da, seat, call)
            return
        idx = da.append(seat, call, Status.STANDING, "36C")
        da.entries[idx].ignored = True
        da.note(
            f"{call} by {sn(seat)} was inadmissible; noticed only after the opening lead, the contract is "
            "scored as if it had not been made (L36C)."
        )

    def _in_rotation(self, da: DirectedAuction, seat: Seat, call: Call) -> None:
        required = da.requirements.get(seat)
        if required is not None and call != required[0] and not (seat in da.obligations and call is PASS):
            raise IllegalCallError(f"{sn(seat)} must repeat {required[0]} (L{required[1]}), not call {call}")
        idx = da.append(seat, call)
        if isinstance(call, Bid) and call.level > 7:
            self._above_seven(da, idx, in_rotation=True)
            return
        watch = da.peek_watch(seat, "27B")
        if watch is not None:
            self._ib_replacement(da, idx, watch)
            return
        if call.kind is not CallKind.PASS and seat in da.obligations:
            if da.admissible(seat, call):
                self._violation(da, idx)
            else:
                self._inadmissible(da, idx, seat)
            return
        if not da.admissible(seat, call):
            self._inadmissible(da, idx, seat)
            return
        if not da.is_sufficient(call):
            self._insufficient(da, idx)
            return
        da.stand(idx)
        self._after_standing(da, idx)

    def settle(self, auction: DirectedAuction) -> None:
        da = auction
        for seat, (call, law) in list(da.requirements.items()):
            if not lawful_over(da.summary(), seat, call):
                # the call to repeat (L31A1, L32A1) is no longer lawful: any legal call, judged as under A2
                del da.requirements[seat]
                da.note(f"{call} is no longer lawful for {sn(seat)}: he may make any legal call and the director "
                        f"rules on comparability (L{law[:3]}2).")  # fmt: skip
                da.watch(AwaitedCall(seat, "comparable", seat, call, {"family": f"{law[:3]}2"}))
        if not da.is_over:
            return
        if self._l17d3(da):
            return
        if not da.ended:
            da.ended = True
            da.obligations.clear()
            da.requirements.clear()
            da.watches.clear()
            self._exposed_at_end(da)
        self._lead_restrictions(da)
