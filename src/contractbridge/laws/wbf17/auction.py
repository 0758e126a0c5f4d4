"""WBF 2017 auction irregularities (L16C, L17D3, L23–L39): classification, options and their effects.

Every option's effect is stated with its law; judgements (L23A comparable, L25A unintended, L24 could
partner see, L27B1(a) same denominations for artificial calls) are ``Question``s for the director.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from contractbridge.calls import PASS, Bid, Call, CallKind
from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import (
    AuctionSummary,
    AwaitedCall,
    BeforeRectification,
    Duration,
    Entry,
    LeadRestriction,
    Option,
    PenaltyCard,
    Question,
    Ruling,
    Status,
    lawful_over,
    seat_name,
)
from contractbridge.errors import IllegalCallError
from contractbridge.laws.base import Edition

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction
    from contractbridge.table import Table

__all__ = ["WBF17Auction"]

#: the comparable-call families after a cancelled call out of rotation: (law asked, law if yes, law if no)
_COMPARABLE_LAWS: dict[str, tuple[str, str, str]] = {
    "30B1(b)": ("30B1(b)", "30B1(b)(i)", "30B1(b)(ii)"),
    "31A2": ("31A2", "31A2(a)", "31A2(b)"),
    "31B2": ("31B2", "31B2, 31A2(a)", "31B2, 31A2(b)"),
    "32A2": ("32A2", "32A2(a)", "32A2(b)"),
    "32B2": ("32B2", "32B2, 32A2(a)", "32B2, 32A2(b)"),
}


def _ob(seat: Seat, duration: Duration) -> str:
    return f"{seat.letter}: {duration.value}"


def _sn(seat: Seat) -> str:
    return seat_name(seat)


class WBF17Auction(Edition):
    """The auction part of the Laws of Duplicate Bridge 2017."""

    name = "WBF17"

    # ---- entry points ---------------------------------------------------------------------------
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
            da.note(f"{_sn(turn)} had to pass: his pass is deemed made and {_sn(seat)}'s call is in rotation (L28A).")
            if da.is_over:
                self._after_final_pass(da, seat, call)
                return
            turn = seat
        if seat == turn:
            self._in_rotation(da, seat, call)
        elif turn == seat.lho and da.has_called(seat):
            law = {CallKind.PASS: "30B2", CallKind.BID: "31C"}.get(call.kind, "32C")
            da.note(f"{_sn(seat)} called again at his LHO's turn: a change of call (L{law} → L25).")
            self.change_of_call(da, seat, call)
        else:
            self._out_of_rotation(da, seat, call, turn)

    def describe_watch(self, watch: AwaitedCall) -> str:
        off, seat = _sn(watch.offender), _sn(watch.seat)
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
                f"{call} by {_sn(seat)}: only an inadmissible double or redouble in rotation may go unnoticed (L36C)"
            )
        if da.admissible(seat, call):
            self._in_rotation(da, seat, call)
            return
        idx = da.append(seat, call, Status.STANDING, "36C")
        da.entries[idx].ignored = True
        da.note(
            f"{call} by {_sn(seat)} was inadmissible; noticed only after the opening lead, the contract is "
            "scored as if it had not been made (L36C)."
        )

    def _in_rotation(self, da: DirectedAuction, seat: Seat, call: Call) -> None:
        required = da.requirements.get(seat)
        if required is not None and call != required[0] and not (seat in da.obligations and call is PASS):
            raise IllegalCallError(f"{_sn(seat)} must repeat {required[0]} (L{required[1]}), not call {call}")
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

    def _after_standing(self, da: DirectedAuction, idx: int) -> None:
        """Rectifications that wait for a seat's next call (L31A, L32A, L30B1(b), L31A2, L32A2)."""
        e = da.entries[idx]
        w = da.take_watch(e.seat, "31A", "32A")
        if w is not None:
            if e.call.kind is CallKind.PASS and not lawful_over(da.summary(), w.offender, w.call):
                da.note(f"{_sn(e.seat)} passed, but {w.call} would not be lawful now: {_sn(w.offender)} may make any "
                        f"legal call and the director rules on comparability (L27A2, L{w.kind}2).")  # fmt: skip
                da.watch(AwaitedCall(w.offender, "comparable", w.offender, w.call, {"family": f"{w.kind}2", **w.data}))
            elif e.call.kind is CallKind.PASS:
                law = f"{w.kind}1"
                da.require(w.offender, w.call, law)
                da.note(f"{_sn(e.seat)} passed: {_sn(w.offender)} must repeat {w.call} (L{law}).")
            else:
                da.watch(AwaitedCall(w.offender, "comparable", w.offender, w.call, {"family": f"{w.kind}2", **w.data}))
        w = da.take_watch(e.seat, "comparable")
        if w is not None:
            self._comparable(da, idx, w)

    # ---- L29: call out of rotation --------------------------------------------------------------
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
        notes = [] if da.system.described else ["No system description: calls are taken as natural."]
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
            ("30", "RHO"): ("30A", f"{_sn(seat)} must pass at his next turn", (_ob(seat, Duration.NEXT),)),
            ("31", "RHO"): (
                "31A",
                f"if {_sn(turn)} passes, {_sn(seat)} must repeat {call} (31A1); if "
                f"{_sn(turn)} bids, doubles or redoubles, {_sn(seat)} may make any legal call and the "
                "director rules on comparability (31A2)",
                (),
            ),
            ("32", "RHO"): (
                "32A",
                f"if {_sn(turn)} passes, {_sn(seat)} must repeat {call} (32A1); otherwise "
                f"{_sn(seat)} may make any legal call and the director rules on comparability (32A2)",
                (),
            ),
        }
        if (family, where) in effects:
            law, effect, obligations = effects[(family, where)]
        else:
            law = {"30": "30B1", "31": "31B", "32": "32B"}[family]
            effect = (
                f"{_sn(turn)} calls; {_sn(seat.partner)} may make any legal call (16C2: the cancelled call is UI "
                f"to him); at his turn {_sn(seat)} may make any legal call — if the director rules it comparable "
                f"there is no further rectification, otherwise {_sn(seat.partner)} must pass at his next turn"
            )
            obligations = ()

        def cancel() -> None:
            da.withdraw(idx, "29B", status=Status.CANCELLED, ui_for=off_side)
            if law == "30A":
                da.oblige(seat, Duration.NEXT, "30A")
                da.add_review("72C")
            elif law in ("31A", "32A"):
                da.watch(AwaitedCall(turn, law, seat, call, {"index": idx}))
            else:
                da.watch(
                    AwaitedCall(
                        seat,
                        "comparable",
                        seat,
                        call,
                        {"family": {"30B1": "30B1(b)", "31B": "31B2", "32B": "32B2"}[law], "index": idx},
                    )
                )

        accepted_law = "29A, 27A1" if insufficient else "29A"

        def accept() -> None:
            da.stand(idx, accepted_law)
            da.entries[idx].took_turn_of = turn

        options = [
            Option(
                "cancel",
                f"29B, {law}",
                f"the call is cancelled and the auction reverts to {_sn(turn)}; " + effect,
                cancel,
                obligations,
            )
        ]
        if not insufficient:
            options.insert(
                0, Option("accept", "29A", f"{call} stands as if in rotation; {_sn(lho)} calls next", accept)
            )
        else:
            notes.append(
                "The call out of rotation is insufficient: its rectification is L31, not L27 (L27A2); LHO may "
                "still accept it by calling (L29A), and it then stands as a legal call (as L27A1)."
            )
        before_rectification: list[BeforeRectification] = []
        if turn.side != off_side:

            def l28b(c: Call) -> None:
                da.resolve("28B", "forfeit")
                da.withdraw(idx, "28B", status=Status.CANCELLED, ui_for=off_side)
                da.dispatch(turn, c)

            before_rectification.append(
                BeforeRectification(
                    turn,
                    "28B",
                    f"{_sn(turn)}'s call is in rotation; {call} is cancelled with no "
                    "rectification (16C2: UI to the offending side; L26 does not apply)",
                    l28b,
                )
            )
        if lho != turn:

            def l29a(c: Call) -> None:
                da.resolve(accepted_law, "accept")
                accept()
                da.dispatch(lho, c)

            before_rectification.append(
                BeforeRectification(
                    lho,
                    accepted_law,
                    f"that accepts {call}{', insufficient as it is,' if insufficient else ''}; the auction "
                    f"continues from {_sn(lho)}'s call",
                    l29a,
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
                f"{call} by {_sn(seat)} out of rotation at his {where}'s turn ({_sn(turn)}'s turn)",
                tuple(options),
                chooser=lho,
                before_rectification=tuple(before_rectification),
                notes=tuple(notes),
            )
        )

    def _comparable(self, da: DirectedAuction, idx: int, w: AwaitedCall) -> None:
        """L23A judgement on the offender's replacement of a cancelled call out of rotation."""
        asked, yes_law, no_law = _COMPARABLE_LAWS[w.data["family"]]
        e = da.entries[idx]
        off, partner = w.offender, w.offender.partner
        orig_idx = w.data.get("index")

        def yes() -> None:
            da.information = [f for f in da.information if f.index != orig_idx]
            da.add_review("23C")

        def no() -> None:
            da.oblige(partner, Duration.NEXT, no_law.split(", ")[-1])
            da.add_lead_penalty(off, no_law)
            da.add_review("72C")

        da.rule(
            Ruling(
                "replacement_call",
                asked,
                off,
                f"{_sn(off)} replaced his cancelled {w.call} with {e.call}",
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
                        f"{_sn(partner)} must pass at his next turn; L16C, L26B and L72C may apply",
                        no,
                        (_ob(partner, Duration.NEXT),),
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

    # ---- L27: insufficient bid ------------------------------------------------------------------
    def _insufficient(self, da: DirectedAuction, idx: int) -> None:
        e = da.entries[idx]
        off, lho, last = e.seat, e.seat.lho, da.summary().last_bid

        def accept() -> None:
            da.stand(idx, "27A1")

        def reject() -> None:
            da.withdraw(idx, "27B")
            da.watch(AwaitedCall(off, "27B", off, e.call, {"index": idx}))

        def accepted_by_call(c: Call) -> None:
            da.resolve("27A1", "accept")
            accept()
            da.dispatch(lho, c)

        def premature(c: Call) -> None:
            da.resolve("27C", "reject")
            reject()
            da.note(f"{_sn(off)} replaced {e.call} before the director ruled: the replacement stands if legal (L27C).")
            da.dispatch(off, c)

        notes = [] if da.system.described else ["No system description: calls are taken as natural."]
        da.rule(
            Ruling(
                "insufficient_bid",
                "27",
                off,
                f"Insufficient bid {e.call} by {_sn(off)} over {last}",
                (
                    Option("accept", "27A1", f"{e.call} is accepted and treated as legal; no rectification", accept),
                    Option(
                        "reject",
                        "27B",
                        f"{_sn(off)} must replace it with a legal call: the lowest bid in the same "
                        "denomination(s) (27B1(a)) or a comparable call (27B1(b)) costs nothing more; another "
                        f"sufficient bid or a pass obliges {_sn(off.partner)} to pass for the rest of the auction "
                        "(27B2)",
                        reject,
                    ),
                ),
                chooser=lho,
                before_rectification=(
                    BeforeRectification(lho, "27A1", f"a call by {_sn(lho)} accepts {e.call}", accepted_by_call),
                    BeforeRectification(
                        off, "27C", f"{_sn(off)}'s replacement stands if legal and L27B is applied to it", premature
                    ),
                ),
                notes=tuple(notes),
            )
        )

    def _ib_replacement(self, da: DirectedAuction, idx: int, w: AwaitedCall) -> None:
        """L27B1–B4: classify the offender's replacement of an insufficient bid."""
        e = da.entries[idx]
        r, ib, off = e.call, w.call, w.offender
        partner, lho = off.partner, off.lho
        ib_idx: int = w.data["index"]
        penalised = bool(w.data.get("b3"))
        os_side = off.side

        def done(law: str) -> None:
            da.take_watch(off, "27B")
            da.stand(idx, law)
            self._after_standing(da, idx)

        def b3(law: str, cancel_replacement: bool) -> None:
            if cancel_replacement:
                da.withdraw(idx, law, Status.CANCELLED, ui_for=os_side)
            if not penalised:
                da.withdraw(ib_idx, "27B", ui_for=os_side)
                da.oblige(partner, Duration.REST, law)
                da.add_lead_penalty(off, law)
                da.add_review("72C")
                w.data["b3"] = True
            if not cancel_replacement:
                done(law)

        if isinstance(r, Bid) and not da.is_sufficient(r):

            def accept() -> None:
                da.take_watch(off, "27B")
                da.stand(idx, "27B4, 27A1")

            def by_call(c: Call) -> None:
                da.resolve("27A1", "accept")
                accept()
                da.dispatch(lho, c)

            da.rule(
                Ruling(
                    "insufficient_bid",
                    "27B4",
                    off,
                    f"{_sn(off)} replaced {ib} with another insufficient bid {r}",
                    (
                        Option("accept", "27B4, 27A1", f"{r} is accepted and stands", accept),
                        Option(
                            "reject",
                            "27B4, 27B3",
                            f"{r} is cancelled; {_sn(off)} must make a legal substitution and "
                            f"{_sn(partner)} must pass for the rest of the auction",
                            lambda: b3("27B4", True),
                            (_ob(partner, Duration.REST),),
                        ),
                    ),
                    chooser=lho,
                    before_rectification=(
                        BeforeRectification(lho, "27A1", f"a call by {_sn(lho)} accepts {r}", by_call),
                    ),
                )
            )
            return
        if r.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            effect = (
                f"{r} is cancelled; {_sn(off)} must substitute a legal call and {_sn(partner)} must pass for "
                "the rest of the auction; L26B and L72C may apply"
            )
            if penalised or not da.admissible(off, r):
                da.rule(
                    Ruling(
                        "insufficient_bid",
                        "27B3",
                        off,
                        f"{_sn(off)} tried to replace {ib} with {r}",
                        (Option("cancel", "27B3", effect, lambda: b3("27B3", True), (_ob(partner, Duration.REST),)),),
                    )
                )
                return
            self._ask_comparable_27(
                da,
                idx,
                ib,
                r,
                off,
                done,
                no=Option(
                    "not_comparable", "27B3", effect, lambda: b3("27B3", True), (_ob(partner, Duration.REST),), False
                ),
            )
            return
        if penalised:
            done("27B3")
            return
        lowest = _lowest_in_strain(ib, da.summary().last_bid) if isinstance(ib, Bid) else None
        b2 = Option(
            "not_comparable",
            "27B2",
            f"{r} stands; {_sn(partner)} must pass for the rest of the auction; L26B and L72C may apply",
            lambda: b3("27B2", False),
            (_ob(partner, Duration.REST),),
            False,
        )
        if lowest is not None and r == lowest:
            natural = not (da.meaning(ib_idx).artificial or da.meaning(idx).artificial)
            if natural:
                da.add_review("27D")
                da.note(
                    f"{r} is the lowest bid in the denomination of {ib}: no further rectification; L26B and "
                    "L16C do not apply (L27B1(a))."
                )
                done("27B1(a)")
                return

            def same() -> None:
                da.add_review("27D")
                done("27B1(a)")

            def not_same() -> None:
                self._ask_comparable_27(da, idx, ib, r, off, done, no=b2)

            da.rule(
                Ruling(
                    "insufficient_bid",
                    "27B1(a)",
                    off,
                    f"{_sn(off)} replaced the artificial {ib} with {r}",
                    (
                        Option(
                            "same_denominations",
                            "27B1(a)",
                            "no further rectification; L26B and L16C do not apply; REVIEW(27D)",
                            same,
                            answer=True,
                        ),
                        Option(
                            "other_denominations",
                            "27B1(b)",
                            "the director then judges comparability (27B1(b))",
                            not_same,
                            answer=False,
                        ),
                    ),
                    question=Question(
                        "same_denominations",
                        "27B1(a)",
                        f"Does {r} specify the same denomination(s) as {ib}, as the lowest such bid?",
                    ),
                )
            )
            return
        self._ask_comparable_27(da, idx, ib, r, off, done, no=b2)

    def _ask_comparable_27(
        self, da: DirectedAuction, idx: int, ib: Call, r: Call, off: Seat, done: Callable[[str], None], no: Option
    ) -> None:
        def yes() -> None:
            da.add_review("27D")
            done("27B1(b)")

        da.rule(
            Ruling(
                "insufficient_bid",
                "27B",
                off,
                f"{_sn(off)} replaced the insufficient {ib} with {r}",
                (
                    Option(
                        "comparable",
                        "27B1(b)",
                        f"{r} stands; no further rectification; L16C does not apply; REVIEW(27D)",
                        yes,
                        answer=True,
                    ),
                    no,
                ),
                question=Question(
                    "comparable",
                    "23A",
                    f"Is {r} comparable to the withdrawn {ib} (same or similar "
                    "meaning, a subset of its meanings, or the same purpose)?",
                ),
            )
        )

    # ---- L36, L37, L38, L39 ---------------------------------------------------------------------
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
                f"{_sn(lho)} called over the inadmissible {e.call}: both are cancelled and the auction reverts "
                f"to {_sn(turn)} as if nothing had happened; L26B does not apply (L36A)."
            )

        where = "" if in_rotation else f" out of rotation ({_sn(turn)}'s turn)"
        da.rule(
            Ruling(
                "inadmissible_double" if e.call.kind is CallKind.DOUBLE else "inadmissible_redouble",
                "36",
                off,
                f"Inadmissible {e.call} by {_sn(off)}{where} (L19, L35A)",
                (
                    Option(
                        "cancel",
                        law,
                        f"{e.call} is cancelled; {_sn(off)} makes any legal call at his turn; "
                        f"{_sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        cancel,
                        (_ob(off.partner, Duration.REST),),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "36A",
                        f"{e.call} and {_sn(lho)}'s call are cancelled; the auction reverts to "
                        f"{_sn(turn)} with no further rectification",
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
                    + (
                        "; " + _sn(off) + " must still pass at every later turn" if ob.duration is Duration.REST else ""
                    ),
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
                f"{e.call} by {_sn(off)}, who must pass (L{ob.law}; L35B)",
                (
                    Option(
                        "cancel",
                        "37B",
                        f"{e.call} is cancelled and replaced by a pass; {_sn(off)} and "
                        f"{_sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        cancel,
                        (_ob(off, Duration.REST), _ob(off.partner, Duration.REST)),
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
                f"{_sn(lho)} called after {e.call}: his call is cancelled too; L26B and L72C cannot be invoked (L38D)."
            )

        replaced = (
            "replaced by a pass" if in_rotation else "cancelled (out of rotation: the offender passes at his turn)"
        )
        da.rule(
            Ruling(
                "bid_above_seven",
                "38",
                off,
                f"{e.call} by {_sn(off)}: a bid of more than seven (L35C); a contract above "
                "seven may never be played (L38A)",
                (
                    Option(
                        "cancel",
                        "38B, 38C",
                        f"{e.call} and all later calls are cancelled; it is {replaced}; {_sn(off)} and "
                        f"{_sn(off.partner)} must pass for the rest of the auction; L26B and L72C may apply",
                        lambda: rectify(True),
                        (_ob(off, Duration.REST), _ob(off.partner, Duration.REST)),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "38B, 38D",
                        f"{_sn(lho)}'s call is cancelled as well; L26B and L72C cannot be invoked",
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
                f"{call} by {_sn(seat)} after the final pass is cancelled with no rectification: {who} (L39A, L39B)."
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
                f"{call} by the defender {_sn(seat)} after the final pass",
                (
                    Option(
                        "cancel",
                        "39A, 39C",
                        f"{call} is cancelled; declarer may restrict {_sn(seat.partner)}'s lead (L26B)",
                        cancel,
                    ),
                ),
                before_rectification=(
                    BeforeRectification(lho, "39B", f"{call} is cancelled with no rectification", lho_called),
                ),
            )
        )

    # ---- L25: change of call --------------------------------------------------------------------
    def change_of_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        da = auction
        i = da.last_standing_index(seat)
        if i is None:
            raise IllegalCallError(f"{_sn(seat)} has no call to change (L25)")
        orig = da.entries[i].call
        later = [j for j in range(i + 1, len(da.entries)) if da.entries[j].status is Status.STANDING]
        if any(da.entries[j].seat == seat.partner for j in later):
            j = da.append(seat, call)
            da.withdraw(j, "25A4", Status.CANCELLED, ui_for=seat.side)
            da.note(
                f"{_sn(seat.partner)} has called since {orig}: no change is possible; {orig} stands (L25A4, L25B3)."
            )
            da.rulings.append(
                {"irregularity": "change_of_call", "law": "25A4", "option": "cancel", "offender": seat.letter}
            )
            return
        new = da.append(seat, call)
        lho = seat.lho

        def place(law: str, ui: bool) -> None:
            """``call`` takes the place of ``orig`` and is subject to its own law (L25A1, L25B1)."""
            da.withdraw(i, law, ui_for=seat.side if ui else None)
            entry = da.entries.pop(new)
            if later and all(da.entries[j].seat == lho for j in later) and _lawful_at(da, i + 1, entry):
                da.insert(i + 1, entry)
                da.stand(i + 1, law)
                self._l25a6(da, [j + 1 for j in later], seat, call)
                return
            for j in later:
                da.withdraw(j, "25A6", ui_for=seat.side)
            if later:
                da.note(
                    f"{call} is not lawful where {orig} stood: the calls made over it are withdrawn (L25A6) "
                    "and it is rectified under its own law."
                )
            self.call(da, seat, call)

        def accept() -> None:
            da.add_lead_penalty(seat, "25B1")
            place("25B1", True)

        def reject() -> None:
            da.withdraw(new, "25B2", Status.CANCELLED, ui_for=seat.side)
            da.add_lead_penalty(seat, "25B2")

        def accepted_by_call(c: Call) -> None:
            da.resolve("25B1", "accept")
            accept()
            da.dispatch(lho, c)

        def considered() -> None:
            da.rule(
                Ruling(
                    "change_of_call",
                    "25B",
                    seat,
                    f"{_sn(seat)} changed {orig} to {call} (a considered change)",
                    (
                        Option("accept", "25B1", f"{orig} is withdrawn and {call} stands; L26 may apply", accept),
                        Option(
                            "reject",
                            "25B2",
                            f"{call} is cancelled and {orig} stands; L16C applies to {call}; L26 may apply",
                            reject,
                        ),
                    ),
                    chooser=lho,
                    before_rectification=()
                    if later
                    else (
                        BeforeRectification(
                            lho, "25B1", f"a call by {_sn(lho)} over {call} accepts it", accepted_by_call
                        ),
                    ),
                )
            )

        da.rule(
            Ruling(
                "change_of_call",
                "25",
                seat,
                f"{_sn(seat)} changed {orig} to {call}",
                (
                    Option(
                        "unintended",
                        "25A1",
                        f"{call} replaces {orig} and is subject to its own law; L26 does not apply"
                        + ("; the call made over it may be withdrawn (25A6)" if later else ""),
                        lambda: place("25A1", False),
                        answer=True,
                    ),
                    Option(
                        "considered",
                        "25B",
                        f"{_sn(lho)} may accept the change (25B1); otherwise {orig} stands (25B2)",
                        considered,
                        answer=False,
                    ),
                ),
                question=Question(
                    "unintended",
                    "25A",
                    f"Was {orig} not the call {_sn(seat)} meant at that moment (a "
                    "mechanical error or slip of the tongue, not a change of mind)?",
                ),
            )
        )

    def _l25a6(self, da: DirectedAuction, later: list[int], seat: Seat, call: Call) -> None:
        lho = seat.lho
        mine = [j for j in later if da.entries[j].seat == lho and da.entries[j].status is Status.STANDING]
        if not mine:
            return

        held = [j for j in range(mine[0], len(da.entries)) if da.entries[j].status is Status.STANDING]
        keep_lawful = _lawful_prefix(da, len(da.entries) - 1)
        for j in held:  # out of the auction until LHO decides
            da.entries[j].status = Status.PENDING

        def withdraw() -> None:
            for j in held:
                da.withdraw(j, "25A6", ui_for=seat.side)

        def keep() -> None:
            for j in held:
                da.stand(j, "25A6")

        options = [
            Option(
                "withdraw",
                "25A6",
                f"{_sn(lho)} withdraws his call; it is AI for his side, UI for the opponents",
                withdraw,
            )
        ]
        if keep_lawful:
            options.insert(0, Option("keep", "25A6", f"{_sn(lho)}'s call stands", keep))
        da.rule(
            Ruling(
                "change_of_call",
                "25A6",
                seat,
                f"{_sn(seat)}'s intended {call} replaced his earlier call",
                tuple(options),
                chooser=lho,
            )
        )

    # ---- L24: cards exposed during the auction --------------------------------------------------
    def exposed_cards(self, auction: DirectedAuction, seat: Seat, cards: Sequence[Card], led: bool) -> None:
        da = auction
        partner = seat.partner
        names = " ".join(str(c) for c in cards)
        if len(cards) >= 2:
            law, effect = "24C", f"{_sn(partner)} must pass at his next turn"
        elif led or cards[0].is_honour:
            law = "24B"
            effect = f"{_sn(partner)} must pass at his next turn (a{' card led' if led else 'n honour'})"
        else:
            law, effect = "24A", "no further rectification during the auction"

        def seen() -> None:
            da.exposed.extend((seat, c, led) for c in cards)
            if law != "24A":
                da.oblige(partner, Duration.NEXT, law)
                da.add_review("72C")
            da.note(
                f"{names} stay face up until the auction ends: AI for the non-offenders, UI for "
                f"{_sn(seat)}'s side (L24, L16C); penalty cards if {_sn(seat)} defends (L24E)."
            )

        def unseen() -> None:
            da.note(f"{partner} could not have seen {names}: L24 does not apply.")

        da.rule(
            Ruling(
                "card_exposed",
                "24",
                seat,
                f"{_sn(seat)} exposed {names}{' (led)' if led else ''} during the auction",
                (
                    Option(
                        "seen",
                        law,
                        effect + "; the cards stay face up and become penalty cards if "
                        f"{_sn(seat)} defends (24E), or go back if he declares or is dummy (24D)",
                        seen,
                        () if law == "24A" else (_ob(partner, Duration.NEXT),),
                        answer=True,
                    ),
                    Option("unseen", "24", "L24 does not apply", unseen, answer=False),
                ),
                question=Question(
                    "partner_could_see",
                    "24",
                    f"Could {_sn(partner)} have seen the face of {names} through {_sn(seat)}'s own fault?",
                ),
            )
        )

    # ---- after every event ----------------------------------------------------------------------
    def settle(self, auction: DirectedAuction) -> None:
        da = auction
        for seat, (call, law) in list(da.requirements.items()):
            if not lawful_over(da.summary(), seat, call):
                # the call to repeat (L31A1, L32A1) is no longer lawful: any legal call, judged as under A2
                del da.requirements[seat]
                da.note(f"{call} is no longer lawful for {_sn(seat)}: he may make any legal call and the director "
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

    def _l17d3(self, da: DirectedAuction) -> bool:
        """L17D3/L34: three passes follow a call, one of them a pass out of rotation that took a turn."""
        s = da.summary()
        if s.last_bid is None or da.ended:
            return False
        tail = [i for i, e in enumerate(da.entries) if e.status is Status.STANDING][-s.passes :]
        for i in tail:
            e = da.entries[i]
            if e.took_turn_of is not None:
                da.cancel_from(i, "17D3", ui_for=e.seat.side)
                da.note(
                    f"{_sn(e.took_turn_of)} lost his turn to {_sn(e.seat)}'s pass out of rotation: the auction "
                    f"is not over; it reverts to {_sn(e.took_turn_of)} and the later passes are cancelled "
                    "(L17D3, L34)."
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
        return False

    def _exposed_at_end(self, da: DirectedAuction) -> None:
        owners = {s for s, _, _ in da.exposed}
        for owner in owners:
            cards = [(c, led) for s, c, led in da.exposed if s == owner]
            if da.is_defender(owner):
                for card, led in cards:
                    major = card.is_honour or led or len(cards) >= 2
                    da.penalty_cards.append(PenaltyCard(owner, card, major, "24E, 50B"))
            else:
                da.note(f"{_sn(owner)} is not a defender: his exposed cards go back into his hand (L24D).")

    def _lead_restrictions(self, da: DirectedAuction) -> None:
        penalties, da.lead_penalties = da.lead_penalties, []
        declarer, leader = da.declarer, da.opening_leader
        for offender in dict.fromkeys(o for o, _ in penalties):
            laws = ", ".join(dict.fromkeys(law for o, law in penalties if o == offender))
            if declarer is None or not da.is_defender(offender):
                da.note(f"L26B does not apply: {_sn(offender)} is not a defender ({laws}).")
                continue
            if any(r.offender == offender for r in da.lead_restrictions):
                continue
            suits = tuple(s for s in reversed(Suit) if s not in da.specified_suits(offender))
            restriction = LeadRestriction(
                offender, offender.partner, declarer, suits, f"26B ({laws})", offender.partner == leader
            )
            da.lead_restrictions.append(restriction)
            if restriction.opening_lead:
                self._lead_ruling(da, restriction)
                return

    def settle_play(self, table: Table) -> None:
        """L26B: when the offender's partner is not the opening leader, declarer chooses the restriction when
        that player first has the lead (the ban then lasts while he keeps the lead)."""
        record, play = table.record, table.play_state
        if record is None or play is None or play.current_trick:
            return
        for r in record.lead_restrictions:
            if not r.decided and play.turn == r.leader:
                self._lead_ruling(record, r)
                return

    def _lead_ruling(self, da: DirectedAuction, r: LeadRestriction) -> None:
        def decide(suit: Suit | None) -> Callable[[], None]:
            def apply() -> None:
                k = da.lead_restrictions.index(r)
                da.lead_restrictions[k] = LeadRestriction(
                    r.offender, r.leader, r.chooser, r.suits, r.law, r.opening_lead, suit, True
                )

            return apply

        options = [Option("none", "26B", "no lead restriction", decide(None))]
        options += [
            Option(
                f"forbid_{s.letter}",
                "26B",
                f"{_sn(r.leader)} may not lead {s.letter} while he keeps the lead",
                decide(s),
            )
            for s in r.suits
        ]
        da.rule(
            Ruling(
                "lead_restriction",
                "26B",
                r.offender,
                f"{_sn(r.offender)}'s withdrawn call ({r.law}); {_sn(r.leader)} is on lead",
                tuple(options),
                chooser=r.chooser,
                notes=(
                    f"{_sn(r.offender)} specified {', '.join(s.letter for s in Suit if s not in r.suits) or 'no suit'}"
                    " in the legal auction.",
                ),
            )
        )


def _lowest_in_strain(ib: Bid, last: Bid | None) -> Bid:
    level = ib.level
    while not Bid(level, ib.strain).supersedes(last):
        level += 1
    return Bid(level, ib.strain)


def _lawful_at(da: DirectedAuction, position: int, entry: Entry) -> bool:
    """Whether ``entry`` would be lawful (L18–L19) after the standing calls before ``position``."""
    probe = AuctionSummary(da.dealer, [(e.seat, e.call) for e in da.entries[:position] if e.status is Status.STANDING])
    return not probe.is_over and probe.turn == entry.seat and lawful_over(probe, entry.seat, entry.call)


def _lawful_prefix(da: DirectedAuction, upto: int) -> bool:
    """Whether the standing calls up to entry ``upto`` form a lawful auction by L18–L19, none of them after the
    auction has ended (L22)."""
    calls: list[tuple[Seat, Call]] = []
    for e in da.entries[: upto + 1]:
        if e.status is Status.STANDING:
            before = AuctionSummary(da.dealer, calls)
            if before.is_over or not lawful_over(before, e.seat, e.call):
                return False
            calls.append((e.seat, e.call))
    return True
