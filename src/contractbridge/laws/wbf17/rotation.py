"""WBF 2017 calls out of rotation (L28–L34, L17D3) and the L23A comparable-call judgement after them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.calls import Bid, Call, CallKind
from contractbridge.cards import Seat
from contractbridge.director import (
    AwaitedCall,
    BeforeRectification,
    Duration,
    Effect,
    EffectKind,
    Option,
    Question,
    Ruling,
    Status,
    lawful_over,
)
from contractbridge.laws.wbf17.common import must_pass, sn
from contractbridge.laws.wbf17.inadmissible import WBF17Inadmissible

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction


__all__ = ["WBF17Rotation"]

#: the comparable-call families after a cancelled call out of rotation: (law asked, law if yes, law if no)
_COMPARABLE_LAWS: dict[str, tuple[str, str, str]] = {
    "30B1(b)": ("30B1(b)", "30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2", "31A2(a)", "31A2(b)"),
    "31B2": ("31B2", "31B2, 31A2(a)", "31B2, 31A2(b)"),
    "32A2": ("32A2", "32A2(a)", "32A2(b)"),
    "32B2": ("32B2", "32B2, 32A2(a)", "32B2, 32A2(b)"),
}


class WBF17Rotation(WBF17Inadmissible):
    """WBF 2017 calls out of rotation (L28–L34, L17D3) and the L23A comparable-call judgement after them."""

    name = "WBF17"

    def _out_of_rotation(self, da: DirectedAuction, seat: Seat, call: Call, turn: Seat) -> None:
        idx = da.append(seat, call)
        if isinstance(call, Bid) and call.level > 7:
            self._above_seven(da, idx, in_rotation=False)
            return
        if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE) and not da.admissible(seat, call):
            self._inadmissible(da, idx, turn)
            return
        where = "RHO" if turn == seat.rho else "partner" if turn == seat.partner else "LHO"
        meaning = da.meaning(idx)
        partner_idx = da.last_standing_index(seat.partner)
        partner_artificial = partner_idx is not None and da.meaning(partner_idx).artificial
        notes = da.system.reading_notes()
        if call.kind is CallKind.PASS and not (meaning.artificial or partner_artificial):
            family = "30"
        elif call.kind in (CallKind.PASS, CallKind.BID):
            family = "31"
            if call.kind is CallKind.PASS:
                notes.append("An artificial pass, or a pass of partner's artificial call: L31 applies (L30C).")
        else:
            family = "32"
        if meaning.artificial:
            notes.append("The call is artificial: L30–L32 apply to the denominations it specified (L29C).")
        insufficient = not da.is_sufficient(call)
        lho, off_side = seat.lho, seat.side
        effects = {
            ("30", "RHO"): ("30A", f"{sn(seat)} must pass at his next turn", (must_pass(seat, Duration.NEXT),)),
            ("31", "RHO"): (
                "31A",
                f"if {sn(turn)} passes, {sn(seat)} must repeat {call} (31A1); if "
                f"{sn(turn)} bids, doubles or redoubles, {sn(seat)} may make any legal call and the "
                "director rules on comparability (31A2)",
                (),
            ),
            ("32", "RHO"): (
                "32A",
                f"if {sn(turn)} passes, {sn(seat)} must repeat {call} (32A1); otherwise "
                f"{sn(seat)} may make any legal call and the director rules on comparability (32A2)",
                (),
            ),
        }
        if (family, where) in effects:
            law, effect, obligations = effects[(family, where)]
        else:
            law = {"30": "30B1", "31": "31B", "32": "32B"}[family]
            effect = (
                f"{sn(turn)} calls; {sn(seat.partner)} may make any legal call (16C2: the cancelled call is UI "
                f"to him); at his turn {sn(seat)} may make any legal call — if the director rules it comparable "
                f"there is no further rectification, otherwise {sn(seat.partner)} must pass at his next turn"
            )
            obligations = ()

        cancelled = Effect(EffectKind.CANCEL_CALL, index=idx, law="29B", ui_for=off_side)
        if law == "30A":
            then: tuple[Effect, ...] = (
                Effect(EffectKind.OBLIGE, seat, law="30A", duration=Duration.NEXT),
                Effect(EffectKind.REVIEW, law="72C"),
            )
        elif law in ("31A", "32A"):
            then = (Effect(EffectKind.WATCH, watch=AwaitedCall(turn, law, seat, call, {"index": idx})),)
        else:
            asked = {"30B1": "30B1(b)", "31B": "31B2", "32B": "32B2"}[law]
            watch = AwaitedCall(seat, "comparable", seat, call, {"family": asked, "index": idx})
            then = (Effect(EffectKind.WATCH, watch=watch),)
        accepted_law = "29A, 27A1" if insufficient else "29A"
        accept = (Effect(EffectKind.STAND, index=idx, law=accepted_law),)
        options = [
            Option(
                "cancel",
                f"29B, {law}",
                f"the call is cancelled and the auction reverts to {sn(turn)}; " + effect,
                (cancelled, *then),
                obligations=obligations,
            )
        ]
        if not insufficient:
            accepted = f"{call} stands as if in rotation; {sn(lho)} calls next"
            options.insert(0, Option("accept", "29A", accepted, accept))
        else:
            notes.append(
                "The call out of rotation is insufficient: its rectification is L31, not L27 (L27A2); LHO may "
                "still accept it by calling (L29A), and it then stands as a legal call (as L27A1)."
            )
        before_rectification: list[BeforeRectification] = []
        if turn.side != off_side:
            before_rectification.append(
                BeforeRectification(
                    turn,
                    "28B",
                    f"{sn(turn)}'s call is in rotation; {call} is cancelled with no "
                    "rectification (16C2: UI to the offending side; L26 does not apply)",
                    "forfeit",
                    (
                        Effect(EffectKind.CANCEL_CALL, index=idx, law="28B", ui_for=off_side),
                        Effect(EffectKind.CALL, turn),
                    ),
                )
            )
        if lho != turn:
            before_rectification.append(
                BeforeRectification(
                    lho,
                    accepted_law,
                    f"that accepts {call}{', insufficient as it is,' if insufficient else ''}; the auction "
                    f"continues from {sn(lho)}'s call",
                    "accept",
                    (*accept, Effect(EffectKind.CALL, lho)),
                )
            )
        if where == "LHO":
            notes.append(
                "Called at LHO's turn: L28B is taken as the specific rule for LHO's call; "
                "the director should confirm (L28B/L29A)."
            )
        da.rule(
            Ruling(
                "call_out_of_rotation",
                "29",
                seat,
                f"{call} by {sn(seat)} out of rotation at his {where}'s turn ({sn(turn)}'s turn)",
                tuple(options),
                choosers=(lho,),
                before_rectification=tuple(before_rectification),
                notes=tuple(notes),
            )
        )

    def _after_standing(self, da: DirectedAuction, idx: int) -> None:
        """Rectifications that wait for a seat's next call (L31A, L32A, L30B1(b), L31A2, L32A2)."""
        e = da.entries[idx]
        w = da.take_watch(e.seat, "31A", "32A")
        if w is not None:
            if e.call.kind is CallKind.PASS and not lawful_over(da.summary(), w.offender, w.call):
                da.note(f"{sn(e.seat)} passed, but {w.call} would not be lawful now: {sn(w.offender)} may make any "
                        f"legal call and the director rules on comparability (L27A2, L{w.kind}2).")  # fmt: skip
                da.watch(AwaitedCall(w.offender, "comparable", w.offender, w.call, {"family": f"{w.kind}2", **w.data}))
            elif e.call.kind is CallKind.PASS:
                law = f"{w.kind}1"
                da.require(w.offender, w.call, law)
                da.note(f"{sn(e.seat)} passed: {sn(w.offender)} must repeat {w.call} (L{law}).")
            else:
                da.watch(AwaitedCall(w.offender, "comparable", w.offender, w.call, {"family": f"{w.kind}2", **w.data}))
        w = da.take_watch(e.seat, "comparable")
        if w is not None:
            self._comparable(da, idx, w)

    def _comparable(self, da: DirectedAuction, idx: int, w: AwaitedCall) -> None:
        """L23A judgement on the offender's replacement of a cancelled call out of rotation."""
        asked, yes_law, no_law = _COMPARABLE_LAWS[w.data["family"]]
        e = da.entries[idx]
        off, partner = w.offender, w.offender.partner
        orig_idx = w.data.get("index")
        yes = (Effect(EffectKind.FORGET_UI, index=orig_idx), Effect(EffectKind.REVIEW, law="23C"))
        no = (
            Effect(EffectKind.OBLIGE, partner, law=no_law.split(", ")[-1], duration=Duration.NEXT),
            Effect(EffectKind.LEAD_PENALTY, off, law=no_law),
            Effect(EffectKind.REVIEW, law="72C"),
        )

        da.rule(
            Ruling(
                "replacement_call",
                asked,
                off,
                f"{sn(off)} replaced his cancelled {w.call} with {e.call}",
                (
                    Option(
                        "comparable",
                        yes_law,
                        "no further rectification; L26B does not apply; L16C2 does not apply "
                        "(L23B); the director reviews under 23C after play",
                        yes,
                        answer=True,
                    ),
                    Option(
                        "not_comparable",
                        no_law,
                        f"{sn(partner)} must pass at his next turn; L16C, L26B and L72C may apply",
                        no,
                        obligations=(must_pass(partner, Duration.NEXT),),
                        answer=False,
                    ),
                ),
                question=Question(
                    "comparable",
                    "23A",
                    f"Is {e.call} comparable to the cancelled {w.call} (same or "
                    "similar meaning, a subset of its meanings, or the same purpose)?",
                ),
            )
        )

    def _l17d3(self, da: DirectedAuction) -> bool:
        """L17D3/L34: three passes follow a call, one of them a pass out of rotation that took a turn
        (``Auction.missed_turn`` of the standing calls)."""
        auction = da.auction()
        missed, at = auction.missed_turn, auction.missed_turn_at
        if missed is None or at is None or auction.last_bid is None or da.ended:
            return False
        i = [k for k, e in enumerate(da.entries) if e.status is Status.STANDING][at]
        e = da.entries[i]
        da.cancel_from(i, "17D3", ui_for=e.seat.side)
        da.note(
            f"{sn(missed)} lost his turn to {sn(e.seat)}'s pass out of rotation: the auction is not over; it "
            f"reverts to {sn(missed)} and the later passes are cancelled (L17D3, L34)."
        )
        da.rulings.append(
            {
                "irregularity": "retention_of_right_to_call",
                "law": "17D3, 34",
                "option": "revert",
                "offender": e.seat.letter,
            }
        )
        return True
