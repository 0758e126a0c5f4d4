"""WBF 2017 lead restrictions after a withdrawn call (L26B): created at the end of the auction, chosen by
declarer before the restricted player's first lead, enforced by the table through ``Edition.legal_cards``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.cards import Suit
from contractbridge.director import (
    Effect,
    EffectKind,
    LeadRestriction,
    Option,
    Ruling,
)
from contractbridge.laws.base import Edition
from contractbridge.laws.wbf17.common import sn
from contractbridge.laws.wbf17.retractions import withdraw_for_restriction

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction
    from contractbridge.laws.base import PlayTable


__all__ = ["WBF17Leads"]


class WBF17Leads(Edition):
    """WBF 2017 lead restrictions after a withdrawn call (L26B): created at the end of the auction, chosen by"""

    name = "WBF17"

    def _lead_restrictions(self, da: DirectedAuction) -> None:
        penalties, da.lead_penalties = da.lead_penalties, []
        declarer, leader = da.declarer, da.opening_leader
        for offender in dict.fromkeys(o for o, _ in penalties):
            laws = ", ".join(dict.fromkeys(law for o, law in penalties if o == offender))
            if declarer is None or not da.is_defender(offender):
                da.note(f"L26B does not apply: {sn(offender)} is not a defender ({laws}).")
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

    def settle_play(self, table: PlayTable) -> None:
        """L26B: when the offender's partner is not the opening leader, declarer chooses the restriction when
        that player first has the lead (the ban then lasts while he keeps the lead)."""
        record, play = table.record, table.play_state
        if record is None or play is None or play.current_trick:
            return
        if not len(play) and record.pending is None:
            withdraw_for_restriction(table, record.lead_restrictions)  # L41A: a lead face down before it
        for r in record.lead_restrictions:
            if not r.decided and play.turn == r.leader:
                self._lead_ruling(record, r)
                return

    def _lead_ruling(self, da: DirectedAuction, r: LeadRestriction) -> None:
        def decide(suit: Suit | None) -> tuple[Effect, ...]:
            return (Effect(EffectKind.RESTRICT_LEAD, r.offender, suits=() if suit is None else (suit,)),)

        options = [Option("none", "26B", "no lead restriction", decide(None))]
        options += [
            Option(
                f"forbid_{s.letter}",
                "26B",
                f"{sn(r.leader)} may not lead {s.letter} while he keeps the lead",
                decide(s),
            )
            for s in r.suits
        ]
        da.rule(
            Ruling(
                "lead_restriction",
                "26B",
                r.offender,
                f"{sn(r.offender)}'s withdrawn call ({r.law}); {sn(r.leader)} is on lead",
                tuple(options),
                choosers=(r.chooser,),
                notes=(
                    f"{sn(r.offender)} specified {', '.join(s.letter for s in Suit if s not in r.suits) or 'no suit'}"
                    " in the legal auction.",
                ),
            )
        )
