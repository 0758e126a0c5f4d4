"""WBF 2017 changes of call (L25) and cards exposed during the auction (L24)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.director import (
    AuctionSummary,
    BeforeRectification,
    Duration,
    Effect,
    EffectKind,
    Entry,
    Option,
    PenaltyCard,
    Question,
    Ruling,
    Status,
    lawful_over,
)
from contractbridge.errors import IllegalCallError
from contractbridge.laws.base import Edition
from contractbridge.laws.wbf17.common import L25A6, must_pass, sn

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction


__all__ = ["WBF17Changes"]


class WBF17Changes(Edition):
    """WBF 2017 changes of call (L25) and cards exposed during the auction (L24)."""

    name = "WBF17"

    def change_of_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        da = auction
        i = da.last_standing_index(seat)
        if i is None:
            raise IllegalCallError(f"{sn(seat)} has no call to change (L25)")
        orig = da.entries[i].call
        later = [j for j in range(i + 1, len(da.entries)) if da.entries[j].status is Status.STANDING]
        if any(da.entries[j].seat == seat.partner for j in later):
            j = da.append(seat, call)
            da.withdraw(j, "25A4", Status.CANCELLED, ui_for=seat.side)
            da.note(f"{sn(seat.partner)} has called since {orig}: no change is possible; {orig} stands (L25A4, L25B3).")
            da.rulings.append(
                {"irregularity": "change_of_call", "law": "25A4", "option": "cancel", "offender": seat.letter}
            )
            return
        new = da.append(seat, call)
        lho = seat.lho

        def place(law: str, ui: bool) -> tuple[Effect, ...]:
            """``call`` takes the place of ``orig`` and is subject to its own law (L25A1, L25B1): where it is lawful
            there (``orig`` withdrawn) LHO may then withdraw his call (L25A6); else it is made again."""
            out = [Effect(EffectKind.WITHDRAW_CALL, index=i, law=law, ui_for=seat.side if ui else None)]
            if later and all(da.entries[j].seat == lho for j in later) and _lawful_at(da, i, da.entries[new]):
                return (
                    *out,
                    Effect(EffectKind.MOVE_LAST, index=i + 1),
                    Effect(EffectKind.STAND, index=i + 1, law=law),
                    Effect(EffectKind.FOLLOW_UP, seat, data=L25A6, index=i + 1, call=call),
                )
            out.append(Effect(EffectKind.MOVE_LAST))
            out += [Effect(EffectKind.WITHDRAW_CALL, index=j, law="25A6", ui_for=seat.side) for j in later]
            if later:
                out.append(
                    Effect(
                        EffectKind.NOTE,
                        data=f"{call} is not lawful where {orig} stood: the calls made over it are withdrawn (L25A6) "
                        "and it is rectified under its own law.",
                    )
                )
            return (*out, Effect(EffectKind.CALL, seat, call=call))

        accept = (Effect(EffectKind.LEAD_PENALTY, seat, law="25B1"), *place("25B1", True))
        reject = (
            Effect(EffectKind.CANCEL_CALL, index=new, law="25B2", ui_for=seat.side),
            Effect(EffectKind.LEAD_PENALTY, seat, law="25B2"),
        )
        considered = Ruling(
            "change_of_call",
            "25B",
            seat,
            f"{sn(seat)} changed {orig} to {call} (a considered change)",
            (
                Option("accept", "25B1", f"{orig} is withdrawn and {call} stands; L26 may apply", accept),
                Option(
                    "reject",
                    "25B2",
                    f"{call} is cancelled and {orig} stands; L16C applies to {call}; L26 may apply",
                    reject,
                ),
            ),
            choosers=(lho,),
            before_rectification=()
            if later
            else (
                BeforeRectification(
                    lho,
                    "25B1",
                    f"a call by {sn(lho)} over {call} accepts it",
                    "accept",
                    (*accept, Effect(EffectKind.CALL, lho)),
                ),
            ),
        )

        da.rule(
            Ruling(
                "change_of_call",
                "25",
                seat,
                f"{sn(seat)} changed {orig} to {call}",
                (
                    Option(
                        "unintended",
                        "25A1",
                        f"{call} replaces {orig} and is subject to its own law; L26 does not apply"
                        + ("; the call made over it may be withdrawn (25A6)" if later else ""),
                        place("25A1", False),
                        answer=True,
                    ),
                    Option(
                        "considered",
                        "25B",
                        f"{sn(lho)} may accept the change (25B1); otherwise {orig} stands (25B2)",
                        (Effect(EffectKind.RULE, ruling=considered),),
                        answer=False,
                    ),
                ),
                question=Question(
                    "unintended",
                    "25A",
                    f"Was {orig} not the call {sn(seat)} meant at that moment (a "
                    "mechanical error or slip of the tongue, not a change of mind)?",
                ),
            )
        )

    def _l25a6(self, da: DirectedAuction, index: int, seat: Seat, call: Call) -> None:
        """L25A6: ``call`` (entry ``index``) took the place of ``seat``'s unintended call; his LHO may withdraw the
        call he made over it."""
        lho = seat.lho
        mine = [
            j
            for j in range(index + 1, len(da.entries))
            if da.entries[j].seat == lho and da.entries[j].status is Status.STANDING
        ]
        if not mine:
            return
        held = [j for j in range(mine[0], len(da.entries)) if da.entries[j].status is Status.STANDING]
        keep_lawful = _lawful_prefix(da, len(da.entries) - 1)
        for j in held:  # out of the auction until LHO decides
            da.entries[j].status = Status.PENDING
        options = [
            Option(
                "withdraw",
                "25A6",
                f"{sn(lho)} withdraws his call; it is AI for his side, UI for the opponents",
                tuple(Effect(EffectKind.WITHDRAW_CALL, index=j, law="25A6", ui_for=seat.side) for j in held),
            )
        ]
        if keep_lawful:
            keep = tuple(Effect(EffectKind.STAND, index=j, law="25A6") for j in held)
            options.insert(0, Option("keep", "25A6", f"{sn(lho)}'s call stands", keep))
        da.rule(
            Ruling(
                "change_of_call",
                "25A6",
                seat,
                f"{sn(seat)}'s intended {call} replaced his earlier call",
                tuple(options),
                choosers=(lho,),
            )
        )

    def exposed_cards(self, auction: DirectedAuction, seat: Seat, cards: Sequence[Card], led: bool) -> None:
        da = auction
        partner = seat.partner
        names = " ".join(str(c) for c in cards)
        if len(cards) >= 2:
            law, effect = "24C", f"{sn(partner)} must pass at his next turn"
        elif led or cards[0].is_honour:
            law = "24B"
            effect = f"{sn(partner)} must pass at his next turn (a{' card led' if led else 'n honour'})"
        else:
            law, effect = "24A", "no further rectification during the auction"

        seen = (
            Effect(EffectKind.EXPOSE, seat, tuple(cards), data="led" if led else ""),
            *(
                ()
                if law == "24A"
                else (
                    Effect(EffectKind.OBLIGE, partner, law=law, duration=Duration.NEXT),
                    Effect(EffectKind.REVIEW, law="72C"),
                )
            ),
            Effect(
                EffectKind.NOTE,
                data=f"{names} stay face up until the auction ends: AI for the non-offenders, UI for "
                f"{sn(seat)}'s side (L24, L16C); penalty cards if {sn(seat)} defends (L24E).",
            ),
        )
        unseen = (Effect(EffectKind.NOTE, data=f"{partner} could not have seen {names}: L24 does not apply."),)

        da.rule(
            Ruling(
                "card_exposed",
                "24",
                seat,
                f"{sn(seat)} exposed {names}{' (led)' if led else ''} during the auction",
                (
                    Option(
                        "seen",
                        law,
                        effect + "; the cards stay face up and become penalty cards if "
                        f"{sn(seat)} defends (24E), or go back if he declares or is dummy (24D)",
                        seen,
                        obligations=() if law == "24A" else (must_pass(partner, Duration.NEXT),),
                        answer=True,
                    ),
                    Option("unseen", "24", "L24 does not apply", unseen, answer=False),
                ),
                question=Question(
                    "partner_could_see",
                    "24",
                    f"Could {sn(partner)} have seen the face of {names} through {sn(seat)}'s own fault?",
                ),
            )
        )

    def _exposed_at_end(self, da: DirectedAuction) -> None:
        owners = {s for s, _, _ in da.exposed}
        for owner in owners:
            cards = [(c, led) for s, c, led in da.exposed if s == owner]
            if da.is_defender(owner):
                for card, led in cards:
                    major = card.is_honour or led or len(cards) >= 2
                    da.penalty_cards.append(PenaltyCard(owner, card, major, "24E, 50B"))
            else:
                da.note(f"{sn(owner)} is not a defender: his exposed cards go back into his hand (L24D).")


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
