"""NL75 Art.17–22, the correct procedure of the auction (laws-historic.md §2.4, §2.5).

The excerpt has no penalties (M4): the irregularities are borrowed from NBB30 and keep their NBB citations
([JUDGEMENT] profile P_NL75, §0). What NL75 itself says: a double naming a wrong bid is a double of the
actual bid (Art.19), the review and explanation rights (Art.20), a call changed after misinformation
(Art.21), and a passed-out board is not redealt (Art.22(a))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from contractbridge.calls import Bid, Call
from contractbridge.cards import Seat
from contractbridge.director import (
    AuctionSummary,
    Effect,
    EffectKind,
    Entry,
    Option,
    Ruling,
    Status,
    lawful_over,
    seat_name,
)
from contractbridge.errors import RulingError
from contractbridge.laws.nbb30.auction import NBB30Auction
from contractbridge.laws.nbb30.record import Moment, Review

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction

__all__ = ["NL75Auction"]

_sn = seat_name


class NL75Auction(NBB30Auction):
    """The 1975 Dutch auction procedure over the NBB30 irregularities."""

    name = "NL75"
    LAWS: ClassVar[Mapping[str, str]] = {
        **NBB30Auction.LAWS,
        "pass_out": "NL75 Art.22(a)",
        "named_double": "NL75 Art.19",
        "review_auction": "NL75 Art.20",
        "review_closed": "NL75 Art.20",
        "review_play": "NL75 Art.20",
        "misinformation": "NL75 Art.21",
    }

    def passed_out_effect(self) -> tuple[str, str, bool]:
        law = self.law("pass_out")
        return law, f"No bid was made: the hands go back into the board; there is no redeal ({law}).", False

    def named_call(self, auction: DirectedAuction, seat: Seat, call: Call, named: Bid) -> None:
        """Art.19: a wrong level or denomination named in a double or redouble is ignored."""
        auction.note(f"{call} naming {named} counts as {call} of the last bid ({self.law('named_double')}).")
        self.call(auction, seat, call)

    def review(
        self, auction: DirectedAuction, seat: Seat, moment: Moment, *, first_turn_to_play: bool, who_doubled: bool
    ) -> Review:
        """Art.20: during the auction, all calls at one's own turn unless obliged to pass; after it, declarer
        and the defenders at their first turn to play (dummy is not listed)."""
        da, law = auction, self.law("review_auction")
        if moment is Moment.AUCTION:
            if da.turn != seat:
                raise RulingError(f"{_sn(seat)} may ask for the calls only at his own turn ({law})")
            if seat in da.obligations:
                raise RulingError(f"{_sn(seat)} must pass and so may not ask for the calls to be repeated ({law})")
            return Review(seat, law, tuple(da.standing()))
        if not da.is_over or da.contract is None:
            raise RulingError("the auction has not closed in a contract")
        if seat == da.dummy:
            raise RulingError(f"only declarer and the defenders may have the calls repeated after the auction ({law})")
        if not first_turn_to_play:
            raise RulingError(f"{_sn(seat)} may have the calls repeated only at his first turn to play ({law})")
        return Review(seat, law, tuple(da.standing()))

    def misinformation_change(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """Art.21: a call based on an opponent's misinformation may be changed without penalty while the
        player's partner has not called since; his LHO may then change his own later call."""
        da, law = auction, self.law("misinformation")
        i = da.last_standing_index(seat)
        if i is None:
            raise RulingError(f"{_sn(seat)} has made no call to change ({law})")
        later = [j for j in range(i + 1, len(da.entries)) if da.entries[j].status is Status.STANDING]
        if any(da.entries[j].seat == seat.partner for j in later):
            raise RulingError(
                f"{_sn(seat.partner)} has called since: too late to change the call ({law}; "
                "Art.40b is not in the excerpt)"
            )
        before = AuctionSummary(da.dealer, [(e.seat, e.call) for e in da.entries[:i] if e.status is Status.STANDING])
        if not lawful_over(before, seat, call):
            raise RulingError(f"{call} would not have been a lawful call in place of {da.entries[i].call} ({law})")
        orig = da.entries[i].call
        da.withdraw(i, law)
        da.insert(i + 1, Entry(seat, call, Status.STANDING, law))
        da.note(f"{_sn(seat)} changed {orig} to {call} without penalty: he was misinformed ({law}).")
        lho_calls = [j + 1 for j in later]
        if not lho_calls:
            return
        k = lho_calls[0]
        lho_call = da.entries[k].call
        after = AuctionSummary(da.dealer, [(e.seat, e.call) for e in da.entries[:k] if e.status is Status.STANDING])

        change = (
            Effect(EffectKind.WITHDRAW_CALL, index=k, law=law),
            Effect(EffectKind.NOTE, data=f"{_sn(seat.lho)} withdraws {lho_call} and calls again ({law})."),
        )
        keep = (
            Effect(EffectKind.STAND, index=k, law=law),
            Effect(EffectKind.NOTE, data=f"{_sn(seat.lho)} keeps {lho_call} ({law})."),
        )
        options = [Option("change", law, f"{lho_call} is withdrawn; {_sn(seat.lho)} calls again", change)]
        if lawful_over(after, seat.lho, lho_call):
            options.insert(0, Option("keep", law, f"{lho_call} stands", keep))
        da.entries[k].status = Status.PENDING
        da.rule(
            Ruling(
                "misinformation",
                law,
                None,
                f"{_sn(seat)} changed his call after misinformation",
                tuple(options),
                choosers=(seat.lho,),
            )
        )
