"""EST30 auction differences from NBB30 (EST-L10–L17, L48; laws-historic.md §2.2, §2.5, Appendix C)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from contractbridge.cards import Seat
from contractbridge.director import BeforeRectification, Effect, EffectKind, Option, seat_name
from contractbridge.errors import RulingError
from contractbridge.laws.nbb30.auction import NBB30Auction

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction

__all__ = ["EST30Auction"]


class EST30Auction(NBB30Auction):
    """The Estonian rules: the same penalties as NBB30 in other words, with three differences — only the
    opponents set the insufficient-bid penalty going (EST-L14), a card shown before the play starts is
    still an auction matter (EST-L17), and a player who calls after an error loses the right to penalise
    it (EST-L48). After the auction only the opening leader may have it repeated (EST-L12)."""

    name = "EST30"
    LAWS: ClassVar[Mapping[str, str]] = {
        "pass_out": "EST-L09",
        "named_double": "EST-L10",
        "slip": "EST-L12",
        "review_auction": "EST-L12",
        "review_closed": "EST-L12",
        "review_play": "EST-L12",
        "out_of_turn_first": "EST-L13",
        "out_of_turn_rho": "EST-L13",
        "out_of_turn_condoned": "EST-L13",
        "pass_out_of_turn": "EST-L13 [JUDGEMENT: no penalty]",
        "ib_attention": "EST-L14",
        "ib_correction": "EST-L14",
        "ib_condoned": "EST-L14",
        "late_call": "EST-L15",
        "illegal": "EST-L16",
        "illegal_a": "EST-L16 item 1",
        "illegal_b": "EST-L16 item 2",
        "illegal_c": "EST-L16 item 3",
        "illegal_d": "EST-L16 item 4",
        "illegal_e": "EST-L16 item 5",
        "illegal_f": "EST-L16 item 6",
        "redouble_redoubled": "EST-L10, EST-L16 item 2",
        "exposed_low": "EST-L17",
        "exposed_high": "EST-L17",
        "exposed_play": "EST-L33",
        "redeal": "EST-L07",
        "defective_pack": "EST-L07",
        "attention_lost": "EST-L48",
    }
    IB_ATTENTION_BY_OPPONENTS_ONLY = True
    EXPOSURE_UNTIL_PLAY = True

    def _right_lost_by_calling(
        self, da: DirectedAuction, idx: int, lho: Seat, options: Sequence[Option]
    ) -> BeforeRectification | None:
        """EST-L48: the entitled player who calls after the error loses the right to penalise it. The call
        then stands as accepted where it can ([JUDGEMENT] a bid above seven as seven), else it counts as
        a pass; no new deal."""
        law = self.law("attention_lost")
        fallback = next((o for o in options if o.id == "accept"), None) or next(o for o in options if o.id == "cancel")

        lost = f"{seat_name(lho)} called after the error: the right to penalise it is lost ({law})."
        effect = f"the right to penalise is lost; the call is treated as under '{fallback.id}'"
        return BeforeRectification(
            lho,
            law,
            effect,
            "right_lost",
            (*fallback.effects, Effect(EffectKind.NOTE, data=lost), Effect(EffectKind.CALL, lho)),
        )

    def _may_review_closed(self, da: DirectedAuction, seat: Seat, law: str) -> None:
        """After the auction, before the lead, only the player making the opening lead may ask (EST-L12)."""
        if seat != da.opening_leader:
            raise RulingError(f"only the opening leader may have the auction repeated before the lead ({law})")
