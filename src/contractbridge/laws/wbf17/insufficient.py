"""WBF 2017 insufficient bids (L27) and their replacements (L27B1–B4)."""

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
)
from contractbridge.director.apply import apply_effects
from contractbridge.laws.wbf17.common import AWAITED, must_pass, sn
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
        accept = (Effect(EffectKind.STAND, index=idx, law="27A1"),)
        reject = (
            Effect(EffectKind.WITHDRAW_CALL, index=idx, law="27B"),
            Effect(EffectKind.WATCH, watch=AwaitedCall(off, "27B", off, e.call, {"index": idx})),
        )
        premature = f"{sn(off)} replaced {e.call} before the director ruled: the replacement stands if legal (L27C)."
        notes = da.system.reading_notes()
        da.rule(
            Ruling(
                "insufficient_bid",
                "27",
                off,
                f"Insufficient bid {e.call} by {sn(off)} over {last}",
                (
                    Option("accept", "27A1", f"{e.call} is accepted and treated as legal; no rectification", accept),
                    Option(
                        "reject",
                        "27B",
                        f"{sn(off)} must replace it with a legal call: the lowest bid in the same "
                        "denomination(s) (27B1(a)) or a comparable call (27B1(b)) costs nothing more; another "
                        f"sufficient bid or a pass obliges {sn(off.partner)} to pass for the rest of the auction "
                        "(27B2)",
                        reject,
                    ),
                ),
                choosers=(lho,),
                before_rectification=(
                    BeforeRectification(
                        lho,
                        "27A1",
                        f"a call by {sn(lho)} accepts {e.call}",
                        "accept",
                        (*accept, Effect(EffectKind.CALL, lho)),
                    ),
                    BeforeRectification(
                        off,
                        "27C",
                        f"{sn(off)}'s replacement stands if legal and L27B is applied to it",
                        "reject",
                        (*reject, Effect(EffectKind.NOTE, data=premature), Effect(EffectKind.CALL, off)),
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
        penalised = bool(w.data.get("penalised"))
        os_side = off.side

        def done(law: str) -> tuple[Effect, ...]:
            """The replacement stands and the rectifications waiting for it follow."""
            return (
                Effect(EffectKind.END_WATCH, off, data="27B"),
                Effect(EffectKind.STAND, index=idx, law=law),
                Effect(EffectKind.FOLLOW_UP, data=AWAITED, index=idx),
            )

        def b3(law: str, cancel_replacement: bool) -> tuple[Effect, ...]:
            """L27B2/B3: partner passes for the rest of the auction (once), L26B and L72C may apply."""
            out = [Effect(EffectKind.CANCEL_CALL, index=idx, law=law, ui_for=os_side)] if cancel_replacement else []
            if not penalised:
                out += [
                    Effect(EffectKind.WITHDRAW_CALL, index=ib_idx, law="27B", ui_for=os_side),
                    Effect(EffectKind.OBLIGE, partner, law=law, duration=Duration.REST),
                    Effect(EffectKind.LEAD_PENALTY, off, law=law),
                    Effect(EffectKind.REVIEW, law="72C"),
                    Effect(EffectKind.MARK_WATCH, off, data="27B"),
                ]
            return (*out, *(() if cancel_replacement else done(law)))

        if isinstance(r, Bid) and not da.is_sufficient(r):
            accept = (
                Effect(EffectKind.END_WATCH, off, data="27B"),
                Effect(EffectKind.STAND, index=idx, law="27B4, 27A1"),
            )
            da.rule(
                Ruling(
                    "insufficient_bid",
                    "27B4",
                    off,
                    f"{sn(off)} replaced {ib} with another insufficient bid {r}",
                    (
                        Option("accept", "27B4, 27A1", f"{r} is accepted and stands", accept),
                        Option(
                            "reject",
                            "27B4, 27B3",
                            f"{r} is cancelled; {sn(off)} must make a legal substitution and "
                            f"{sn(partner)} must pass for the rest of the auction",
                            b3("27B4", True),
                            obligations=(must_pass(partner, Duration.REST),),
                        ),
                    ),
                    choosers=(lho,),
                    before_rectification=(
                        BeforeRectification(
                            lho,
                            "27A1",
                            f"a call by {sn(lho)} accepts {r}",
                            "accept",
                            (*accept, Effect(EffectKind.CALL, lho)),
                        ),
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
                        (Option("cancel", "27B3", effect, b3("27B3", True), obligations=rest),),
                    )
                )
                return
            no = Option("not_comparable", "27B3", effect, b3("27B3", True), obligations=rest, answer=False)
            da.rule(self._comparable_27(idx, ib, r, off, done("27B1(b)"), no))
            return
        if penalised:
            apply_effects(da, done("27B3"))
            return
        lowest = _lowest_in_strain(ib, da.summary().last_bid) if isinstance(ib, Bid) else None
        b2 = Option(
            "not_comparable",
            "27B2",
            f"{r} stands; {sn(partner)} must pass for the rest of the auction; L26B and L72C may apply",
            b3("27B2", False),
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
                apply_effects(da, done("27B1(a)"))
                return
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
                            (Effect(EffectKind.REVIEW, law="27D"), *done("27B1(a)")),
                            answer=True,
                        ),
                        Option(
                            "other_denominations",
                            "27B1(b)",
                            "the director then judges comparability (27B1(b))",
                            (
                                Effect(
                                    EffectKind.RULE, ruling=self._comparable_27(idx, ib, r, off, done("27B1(b)"), b2)
                                ),
                            ),
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
        da.rule(self._comparable_27(idx, ib, r, off, done("27B1(b)"), b2))

    @staticmethod
    def _comparable_27(idx: int, ib: Call, r: Call, off: Seat, done: tuple[Effect, ...], no: Option) -> Ruling:
        """L27B1(b): the director judges whether the replacement ``r`` is comparable (L23A); if so it stands
        (``done``), else ``no``."""
        return Ruling(
            "insufficient_bid",
            "27B",
            off,
            f"{sn(off)} replaced the insufficient {ib} with {r}",
            (
                Option(
                    "comparable",
                    "27B1(b)",
                    f"{r} stands; no further rectification; L16C does not apply; REVIEW(27D)",
                    (Effect(EffectKind.REVIEW, law="27D"), *done),
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


def _lowest_in_strain(ib: Bid, last: Bid | None) -> Bid:
    level = ib.level
    while not Bid(level, ib.strain).supersedes(last):
        level += 1
    return Bid(level, ib.strain)
