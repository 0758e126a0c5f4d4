"""WBF 2017 insufficient bids (L27) and their replacements (L27B1–B4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from contractbridge.calls import Bid, Call, CallKind
from contractbridge.cards import Seat
from contractbridge.director import (
    AwaitedCall,
    BeforeRectification,
    Duration,
    Option,
    Question,
    Ruling,
    Status,
)
from contractbridge.laws.wbf17.common import must_pass, sn
from contractbridge.laws.wbf17.rotation import WBF17Rotation

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction


__all__ = ["WBF17Insufficient"]


class WBF17Insufficient(WBF17Rotation):
    """WBF 2017 insufficient bids (L27) and their replacements (L27B1–B4)."""

    name = "WBF17"

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
            da.note(f"{sn(off)} replaced {e.call} before the director ruled: the replacement stands if legal (L27C).")
            da.dispatch(off, c)

        notes = [] if da.system.described else ["No system description: calls are taken as natural."]
        da.rule(
            Ruling(
                "insufficient_bid",
                "27",
                off,
                f"Insufficient bid {e.call} by {sn(off)} over {last}",
                (
                    Option(
                        "accept", "27A1", f"{e.call} is accepted and treated as legal; no rectification", apply=accept
                    ),
                    Option(
                        "reject",
                        "27B",
                        f"{sn(off)} must replace it with a legal call: the lowest bid in the same "
                        "denomination(s) (27B1(a)) or a comparable call (27B1(b)) costs nothing more; another "
                        f"sufficient bid or a pass obliges {sn(off.partner)} to pass for the rest of the auction "
                        "(27B2)",
                        apply=reject,
                    ),
                ),
                choosers=(lho,),
                before_rectification=(
                    BeforeRectification(lho, "27A1", f"a call by {sn(lho)} accepts {e.call}", accepted_by_call),
                    BeforeRectification(
                        off, "27C", f"{sn(off)}'s replacement stands if legal and L27B is applied to it", premature
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
                    f"{sn(off)} replaced {ib} with another insufficient bid {r}",
                    (
                        Option("accept", "27B4, 27A1", f"{r} is accepted and stands", apply=accept),
                        Option(
                            "reject",
                            "27B4, 27B3",
                            f"{r} is cancelled; {sn(off)} must make a legal substitution and "
                            f"{sn(partner)} must pass for the rest of the auction",
                            apply=lambda: b3("27B4", True),
                            obligations=(must_pass(partner, Duration.REST),),
                        ),
                    ),
                    choosers=(lho,),
                    before_rectification=(
                        BeforeRectification(lho, "27A1", f"a call by {sn(lho)} accepts {r}", by_call),
                    ),
                )
            )
            return
        if r.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            rest = (must_pass(partner, Duration.REST),)
            effect = (
                f"{r} is cancelled; {sn(off)} must substitute a legal call and {sn(partner)} must pass for "
                "the rest of the auction; L26B and L72C may apply"
            )
            if penalised or not da.admissible(off, r):
                da.rule(
                    Ruling(
                        "insufficient_bid",
                        "27B3",
                        off,
                        f"{sn(off)} tried to replace {ib} with {r}",
                        (Option("cancel", "27B3", effect, apply=lambda: b3("27B3", True), obligations=rest),),
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
                    "not_comparable",
                    "27B3",
                    effect,
                    apply=lambda: b3("27B3", True),
                    obligations=rest,
                    answer=False,
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
            f"{r} stands; {sn(partner)} must pass for the rest of the auction; L26B and L72C may apply",
            apply=lambda: b3("27B2", False),
            obligations=(must_pass(partner, Duration.REST),),
            answer=False,
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
                    f"{sn(off)} replaced the artificial {ib} with {r}",
                    (
                        Option(
                            "same_denominations",
                            "27B1(a)",
                            "no further rectification; L26B and L16C do not apply; REVIEW(27D)",
                            apply=same,
                            answer=True,
                        ),
                        Option(
                            "other_denominations",
                            "27B1(b)",
                            "the director then judges comparability (27B1(b))",
                            apply=not_same,
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
                f"{sn(off)} replaced the insufficient {ib} with {r}",
                (
                    Option(
                        "comparable",
                        "27B1(b)",
                        f"{r} stands; no further rectification; L16C does not apply; REVIEW(27D)",
                        apply=yes,
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


def _lowest_in_strain(ib: Bid, last: Bid | None) -> Bid:
    level = ib.level
    while not Bid(level, ib.strain).supersedes(last):
        level += 1
    return Bid(level, ib.strain)
