"""NBB30 auction irregularities (NBB R11, R13, R16, R17, R39–R43): the players' own penalties.

There is no director: the offender's left-hand opponent (R39(1), R42, R43(b)) or the player who becomes
declarer (R41, R43(a)) chooses, and some penalties are automatic once any player draws attention to the
irregularity (R39(2), R40(1)); a ruling with ``chooser=None`` is such an automatic one. ``new_deal`` ends
the board: the same dealer deals again. Every citation comes from ``LAWS``, so an edition that words a rule
differently (EST30) or borrows it (NL36, NL75) overrides the citation, not the code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from contractbridge.calls import PASS, Bid, Call, CallKind
from contractbridge.cards import Card, Seat, Suit
from contractbridge.contract import Doubling
from contractbridge.director import (
    AwaitedCall,
    BeforeRectification,
    Duration,
    Effect,
    EffectKind,
    Option,
    Ruling,
    Status,
    lawful_over,
    seat_name,
)
from contractbridge.director.apply import apply_effects, apply_option
from contractbridge.errors import EventLogError, IllegalCallError, RulingError
from contractbridge.laws.base import Edition
from contractbridge.laws.nbb30.record import Moment, PlayersAuction, Review, new_deal_law

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction
    from contractbridge.systems.agreements import PartnershipAgreements

__all__ = ["NBB30Auction"]

_sn = seat_name

#: the sub-cases of R42 (EST-L16 numbers them 1–6)
_R42: Final = {
    "a": "a bid of more than seven",
    "b": "a call while barred",
    "c": "a double of partner's bid",
    "d": "a double or redouble of a bid partner doubled or redoubled",
    "e": "a double or redouble naming the wrong denomination",
    "f": "a call the rules do not recognise",
}


class NBB30Auction(Edition):
    """The auction under the Nederlandsche Bridge-Bond rubber laws (NBB R11–R17, R39–R43)."""

    name = "NBB30"
    penalties_by_players = True
    #: citation of each rule this edition applies, by topic
    LAWS: ClassVar[Mapping[str, str]] = {
        "pass_out": "NBB R11(2)",
        "named_double": "NBB R13(4)",
        "slip": "NBB R16",
        "review_auction": "NBB R17(1)(a)",
        "review_closed": "NBB R17(1)(b)",
        "review_play": "NBB R17(2)",
        "out_of_turn_first": "NBB R39(1)",
        "out_of_turn_rho": "NBB R39(2)",
        "out_of_turn_condoned": "NBB R39(3)",
        "pass_out_of_turn": "NBB R39 [JUDGEMENT: no penalty]",
        "ib_attention": "NBB R40(1)",
        "ib_correction": "NBB R40(2)",
        "ib_condoned": "NBB R40(3)",
        "late_call": "NBB R41",
        "illegal": "NBB R42",
        "illegal_a": "NBB R42(a)",
        "illegal_b": "NBB R42(b)",
        "illegal_c": "NBB R42(c)",
        "illegal_d": "NBB R42(d)",
        "illegal_e": "NBB R42(e)",
        "illegal_f": "NBB R42(f)",
        "redouble_redoubled": "NBB R13(2), R42(b)",
        "exposed_low": "NBB R43(a)",
        "exposed_high": "NBB R43(b)",
        "exposed_play": "NBB R44",
        "redeal": "NBB R10(1)(g)",
        "defective_pack": "NBB R10(2)",
    }
    #: who may set an automatic insufficient-bid penalty going: "another player" (NBB R40(1))
    IB_ATTENTION_BY_OPPONENTS_ONLY: ClassVar[bool] = False
    #: whether cards exposed after the final pass, before the opening lead, are still auction exposures
    #: (EST-L17 "after the deal, before the play starts") or exposed cards of the play (NBB R43: "before
    #: the auction closes", then R44)
    EXPOSURE_UNTIL_PLAY: ClassVar[bool] = False

    #: the strict auction's refusals (``rulebooks.refusal`` topics) and the rule of this book they fall under
    REFUSALS: ClassVar[Mapping[str, str]] = {
        "call_after_auction": "late_call",
        "bid_above_seven": "illegal_a",
        "insufficient_bid": "ib_attention",
        "inadmissible_double": "illegal",
        "inadmissible_redouble": "illegal",
    }

    def law(self, topic: str) -> str:
        """The citation of ``topic`` in this edition."""
        return self.LAWS[topic]

    def cited(self, topic: str) -> str:
        """The table's citation for ``topic``: the book's own (``CITATIONS``), or the auction rule a refusal of the
        strict auction falls under (``REFUSALS``: a late call R41, an insufficient bid R40, an illegal call R42)."""
        rule = self.REFUSALS.get(topic)
        if topic in self.CITATIONS or rule is None:
            return super().cited(topic)
        return f" ({self.law(rule)})"

    # ---- entry points ---------------------------------------------------------------------------
    def new_record(self, dealer: Seat, agreements: PartnershipAgreements | None = None) -> DirectedAuction:
        """The players' record (attention, named doubles, misinformation, a new deal): ``PlayersAuction``."""
        return PlayersAuction(dealer, self, agreements)

    def new_deal(self, record: DirectedAuction) -> str | None:
        """The law under which a player demanded a new deal at this board (it ends without a result)."""
        return new_deal_law(record)

    def call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        da = auction
        ended = new_deal_law(da)
        if ended is not None:
            raise IllegalCallError(f"{call} by {_sn(seat)}: a new deal was demanded ({ended}); this board is over")
        if da.is_over:
            self._late_call(da, seat, call)
            return
        turn = da.summary().turn
        if seat == turn:
            self._in_turn(da, seat, call)
        else:
            self._out_of_turn(da, seat, call, turn)

    def unnoticed_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """An irregular call nobody noticed stands once the next player calls (NBB R39(3), R40(3)); with
        no director there is nothing to rule later, so the call is ruled on as it is made."""
        self.call(auction, seat, call)

    def describe_watch(self, watch: AwaitedCall) -> str:
        if watch.kind == "R40":
            return f"{_sn(watch.offender)} must replace {watch.call} with a sufficient bid ({watch.data['law']})."
        if watch.kind == "R43a":
            law = self.law("exposed_low")
            return f"{_sn(watch.seat)}'s {watch.data['card']}: the declarer-to-be chooses the penalty ({law})."
        return super().describe_watch(watch)

    def attention(self, auction: DirectedAuction, seat: Seat, *, dummy_looked: bool = False) -> None:
        """``seat`` draws attention to the pending irregularity; an automatic penalty applies. Dummy drawing
        attention to an opponent's irregularity in the play: ``dummy_attention`` (R51(2); NL36 30.1, 30.2(d))."""
        da = auction
        ruling = da.pending
        if ruling is None:
            raise RulingError(f"{_sn(seat)} draws attention, but no irregularity is pending")
        if seat == da.dummy and ruling.offender is not None and ruling.offender.side != seat.side:
            self.dummy_attention(da, seat, dummy_looked)
            return
        if ruling.chooser is not None:
            raise RulingError(
                f"the {ruling.irregularity.replace('_', ' ')} is {_sn(ruling.chooser)}'s to penalise ({ruling.law}): "
                f"he chooses among {', '.join(o.id for o in ruling.options)}"
            )
        offender = ruling.offender
        if offender is not None and seat == offender:
            raise RulingError(f"{_sn(seat)} may not draw attention to his own irregularity ({ruling.law})")
        if (
            self.IB_ATTENTION_BY_OPPONENTS_ONLY
            and ruling.irregularity == "insufficient_bid"
            and offender is not None
            and seat.side == offender.side
        ):
            raise RulingError(f"only the opponents may draw attention to an insufficient bid ({ruling.law})")
        option = ruling.options[0]
        da.resolve(option.law, option.id)
        apply_option(da, option)

    def dummy_attention(self, auction: DirectedAuction, dummy: Seat, dummy_looked: bool) -> None:
        """Dummy draws attention to an opponent's irregularity (the play-period editions override this)."""
        raise RulingError(f"{_sn(dummy)} is dummy: he may not draw attention to it")

    # ---- R39: calls out of turn -----------------------------------------------------------------
    def _out_of_turn(self, da: DirectedAuction, seat: Seat, call: Call, turn: Seat) -> None:
        if call.kind is CallKind.PASS:
            idx = da.append(seat, call)
            da.withdraw(idx, self.law("pass_out_of_turn"), Status.CANCELLED)
            da.note(f"A pass out of turn by {_sn(seat)} is cancelled without penalty ({self.law('pass_out_of_turn')}).")
            da.rulings.append(
                {
                    "irregularity": "pass_out_of_turn",
                    "law": self.law("pass_out_of_turn"),
                    "option": "cancel",
                    "offender": seat.letter,
                }
            )
            return
        idx = da.append(seat, call)
        kind = self._illegal_kind(da, seat, call)
        if kind is not None:
            self._illegal(da, idx, kind, in_turn=False)
            return
        if turn == seat.rho:
            self._rho_turn(da, idx, turn)
        elif da.summary().last_bid is None:
            self._first_round(da, idx, turn)
        else:  # a bid at partner's or LHO's turn once bidding has begun: R42(f) (laws-historic.md §2.2 gap)
            self._illegal(da, idx, "f", in_turn=False)

    def _condone(self, da: DirectedAuction, idx: int, turn: Seat) -> BeforeRectification:
        """R39(3): the offender's LHO calls before attention is drawn; the call counts as made in turn."""
        off = da.entries[idx].seat
        law = self.law("out_of_turn_condoned")
        return BeforeRectification(
            off.lho,
            law,
            f"{da.entries[idx].call} counts as made in turn; no penalty",
            "condoned",
            (Effect(EffectKind.STAND, index=idx, law=law), Effect(EffectKind.CALL, off.lho)),
        )

    def _rho_turn(self, da: DirectedAuction, idx: int, turn: Seat) -> None:
        e = da.entries[idx]
        off, law = e.seat, self.law("out_of_turn_rho")
        cancel = (
            Effect(EffectKind.CANCEL_CALL, index=idx, law=law),
            Effect(EffectKind.OBLIGE, off.partner, law=law, duration=Duration.NEXT),
        )

        da.rule(
            Ruling(
                "call_out_of_turn",
                law,
                off,
                f"{e.call} by {_sn(off)} at his RHO's turn ({_sn(turn)}'s turn)",
                (
                    Option(
                        "cancel",
                        law,
                        f"the call is cancelled; the turn goes back to {_sn(turn)}; {_sn(off.partner)} "
                        "must pass at his first turn",
                        cancel,
                        obligations=(f"{off.partner.letter}: pass_next",),
                    ),
                ),
                before_rectification=(self._condone(da, idx, turn),),
                notes=("Automatic once any player draws attention to it.",),
            )
        )

    def _first_round(self, da: DirectedAuction, idx: int, turn: Seat) -> None:
        e = da.entries[idx]
        off, law = e.seat, self.law("out_of_turn_first")
        where = "partner's" if turn == off.partner else "LHO's"

        da.rule(
            Ruling(
                "call_out_of_turn",
                law,
                off,
                f"{e.call} by {_sn(off)} before any bid, at his {where} turn ({_sn(turn)}'s turn)",
                (
                    self._new_deal_option(da, law),
                    Option(
                        "cancel",
                        law,
                        f"the deal stands; {e.call} is cancelled and the auction goes on as if it had not "
                        "been made; no further penalty",
                        (Effect(EffectKind.CANCEL_CALL, index=idx, law=law),),
                    ),
                ),
                choosers=(off.lho,),
                before_rectification=(self._condone(da, idx, turn),),
            )
        )

    def _new_deal_option(self, da: DirectedAuction, law: str) -> Option:
        return Option(
            "new_deal",
            law,
            f"a new deal: the board ends and {_sn(da.dealer)} deals again",
            (Effect(EffectKind.NEW_DEAL, law=law),),
        )

    # ---- in turn: R40 insufficient bid, R42 illegal calls -----------------------------------------
    def _in_turn(self, da: DirectedAuction, seat: Seat, call: Call) -> None:
        watch = da.peek_watch(seat, "R40")
        if watch is not None:
            if not (isinstance(call, Bid) and call.level <= 7 and da.is_sufficient(call)):
                raise IllegalCallError(
                    f"{_sn(seat)} must replace {watch.call} with a sufficient bid, in any denomination "
                    f"({watch.data['law']}), not {call}"
                )
            da.take_watch(seat, "R40")
            da.stand(da.append(seat, call), watch.data["law"])
            return
        idx = da.append(seat, call)
        kind = self._illegal_kind(da, seat, call)
        if kind is not None:
            self._illegal(da, idx, kind, in_turn=True)
        elif not da.is_sufficient(call):
            self._insufficient(da, idx)
        else:
            da.stand(idx)

    def _illegal_kind(self, da: DirectedAuction, seat: Seat, call: Call) -> str | None:
        """Which case of R42 ``call`` is, or None if it is a lawful call (sufficiency aside)."""
        if isinstance(call, Bid):
            if call.level > 7:
                return "a"
            return "b" if seat in da.obligations else None
        if call.kind is CallKind.PASS:
            return None
        if seat in da.obligations:
            return "b"
        s = da.summary()
        if da.admissible(seat, call):
            return None
        if s.last_bidder is None:
            return "f"
        if s.doubling is Doubling.REDOUBLED:
            return "rr"
        partners_bid = s.last_bidder.side == seat.side
        if call.kind is CallKind.DOUBLE:
            if not partners_bid:
                return "d"  # the opponents' bid, already doubled by partner
            return "c" if s.last_bidder == seat.partner else "f"
        if s.doubling is Doubling.DOUBLED:  # redoubling partner's double of an opponent's bid
            return "d"
        return "f"

    def _illegal(self, da: DirectedAuction, idx: int, kind: str, *, in_turn: bool) -> None:
        """R42: offender's LHO may demand a new deal, or cancel the call (the offender is treated as having
        passed), or (cases a and b only) accept it, a bid of more than seven standing as seven."""
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho
        law = self.law("redouble_redoubled" if kind == "rr" else f"illegal_{kind}")
        what = "a redouble of a redoubled bid" if kind == "rr" else _R42[kind]

        cancel = (
            Effect(EffectKind.CANCEL_CALL, index=idx, law=law),
            *(
                (Effect(EffectKind.ENTER_CALL, off, call=PASS, law=law), Effect(EffectKind.STAND, law=law))
                if in_turn
                else (Effect(EffectKind.OBLIGE, off, law=law, duration=Duration.NEXT),)
            ),
        )

        options = [
            self._new_deal_option(da, law),
            Option(
                "cancel",
                law,
                f"{e.call} is cancelled; {_sn(off)} is treated as having passed"
                + ("" if in_turn else " (he passes at his turn)"),
                cancel,
            ),
        ]
        accepted = self._accepted_form(da, e.call, kind, in_turn)
        if accepted is not None:
            stands = (
                (
                    Effect(EffectKind.CANCEL_CALL, index=idx, law=law),
                    Effect(EffectKind.ENTER_CALL, off, call=accepted, law=law),
                    Effect(EffectKind.STAND, law=law),
                )
                if accepted != e.call
                else (Effect(EffectKind.STAND, index=idx, law=law),)
            )
            accept = (*stands, *((Effect(EffectKind.RELEASE, off),) if kind == "b" else ()))
            options.append(
                Option("accept", law, f"{e.call} stands" + (f" as {accepted}" if accepted != e.call else ""), accept)
            )
        forfeit = self._right_lost_by_calling(da, idx, lho, options)
        da.rule(
            Ruling(
                "illegal_call",
                law,
                off,
                f"{e.call} by {_sn(off)}: {what}",
                tuple(options),
                choosers=(lho,),
                before_rectification=() if forfeit is None else (forfeit,),
                notes=("[JUDGEMENT] A second redouble has no defined score: no acceptance (laws-historic.md TV59).",)
                if kind == "rr"
                else (),
            )
        )

    def _accepted_form(self, da: DirectedAuction, call: Call, kind: str, in_turn: bool) -> Call | None:
        """What an accepted illegal call stands as (R42(III), cases a and b only), if it can stand."""
        if kind not in ("a", "b") or not in_turn:
            return None
        if isinstance(call, Bid) and call.level > 7:
            seven = Bid(7, call.strain)
            return seven if da.is_sufficient(seven) else None
        s = da.summary()
        return call if lawful_over(s, da.entries[-1].seat, call) else None

    def _right_lost_by_calling(
        self, da: DirectedAuction, idx: int, lho: Seat, options: Sequence[Option]
    ) -> BeforeRectification | None:
        """What a call by the entitled player before he chooses does: nothing in NBB30 (he must choose)."""
        return None

    def _insufficient(self, da: DirectedAuction, idx: int) -> None:
        e = da.entries[idx]
        off, lho = e.seat, e.seat.lho
        assert isinstance(e.call, Bid)
        ib: Bid = e.call
        attention, correction, condoned = (self.law(t) for t in ("ib_attention", "ib_correction", "ib_condoned"))

        replace = (
            Effect(EffectKind.WITHDRAW_CALL, index=idx, law=attention),
            Effect(EffectKind.OBLIGE, off.partner, law=attention, duration=Duration.NEXT),
            Effect(EffectKind.WATCH, watch=AwaitedCall(off, "R40", off, ib, {"index": idx, "law": attention})),
        )
        lowest = _lowest_in_strain(ib, da)
        corrected = (
            Effect(EffectKind.WITHDRAW_CALL, index=idx, law=correction),
            Effect(EffectKind.ENTER_CALL, off, law=correction),
            Effect(EffectKind.STAND, law=correction),
        )
        refusal = (
            f"{_sn(off)} may correct {ib} himself only to {lowest}, the lowest sufficient bid in the same "
            f"denomination ({correction}); any other change needs attention drawn first ({attention})"
        )

        da.rule(
            Ruling(
                "insufficient_bid",
                attention,
                off,
                f"Insufficient bid {ib} by {_sn(off)} over {da.summary().last_bid}",
                (
                    Option(
                        "replace",
                        attention,
                        f"{_sn(off)} must replace {ib} with a sufficient bid in any denomination; "
                        f"{_sn(off.partner)} must pass at his first turn",
                        replace,
                        obligations=(f"{off.partner.letter}: pass_next",),
                    ),
                ),
                before_rectification=(
                    BeforeRectification(
                        off,
                        correction,
                        f"{_sn(off)} corrects it to {lowest} before attention is drawn: no penalty",
                        "corrected",
                        corrected,
                        only=lowest,
                        refusal=refusal,
                    ),
                    BeforeRectification(
                        lho,
                        condoned,
                        f"a call by {_sn(lho)} condones {ib}: it counts as sufficient",
                        "condoned",
                        (Effect(EffectKind.STAND, index=idx, law=condoned), Effect(EffectKind.CALL, lho)),
                    ),
                ),
                notes=("Automatic once attention is drawn to it.",),
            )
        )

    # ---- R16 slips, second bids -----------------------------------------------------------------
    def change_of_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """A change of call is allowed only as a slip corrected in one breath (R16, a judgement the players
        settle: the ``slip`` question); otherwise a second, different bid before LHO has called is R39(1)."""
        da = auction
        i = da.last_standing_index(seat)
        if i is None or any(e.status is Status.STANDING for e in da.entries[i + 1 :]):
            raise IllegalCallError(f"{_sn(seat)} has no call to change before his LHO calls ({self.law('slip')})")
        orig = da.entries[i].call
        j = da.append(seat, call)
        slip, second = self.law("slip"), self.law("out_of_turn_first")
        corrected = (Effect(EffectKind.WITHDRAW_CALL, index=i, law=slip), Effect(EffectKind.STAND, index=j, law=slip))
        not_slip = (
            Effect(EffectKind.CANCEL_CALL, index=j, law=second),
            Effect(EffectKind.NOTE, data=f"{orig} stands; the second bid {call} is cancelled."),
        )

        if not isinstance(call, Bid):
            da.withdraw(j, slip, Status.CANCELLED)
            da.note(f"{_sn(seat)} cannot change {orig} to {call}: {orig} stands ({slip}).")
            return
        da.rule(
            Ruling(
                "second_bid",
                second,
                seat,
                f"{_sn(seat)} bid {call} after {orig}, before his LHO called",
                (
                    self._new_deal_option(da, second),
                    Option("cancel", second, f"{call} is cancelled and {orig} stands; no further penalty", not_slip),
                    Option("slip", slip, f"a slip of the tongue corrected at once: {call} replaces {orig}", corrected),
                ),
                choosers=(seat.lho,),
                notes=(
                    f"If it was a slip corrected practically in one breath ({slip}), {_sn(seat.lho)} should agree "
                    "to 'slip'; a change of mind is not a slip.",
                ),
            )
        )

    # ---- R41: a call after the auction has closed -------------------------------------------------
    def _late_call(self, da: DirectedAuction, seat: Seat, call: Call) -> None:
        idx = da.append(seat, call)
        law = self.law("late_call")
        declarer = da.declarer
        if declarer is None or not da.is_defender(seat) or call.kind is CallKind.PASS:
            da.withdraw(idx, law, Status.CANCELLED)
            da.note(
                f"{call} by {_sn(seat)} after the auction closed is void: {law} penalises only a defender's "
                "call other than a pass."
            )
            return

        void = Effect(EffectKind.CANCEL_CALL, index=idx, law=law)

        def lead(suit: Suit) -> Option:
            required = f"{_sn(seat.partner)} must lead {suit.letter} the first time he is on lead ({law})."
            return Option(
                f"lead_{suit.letter}",
                law,
                f"{_sn(seat.partner)} must lead {suit.letter} at his first lead",
                (void, Effect(EffectKind.NOTE, data=required)),
            )

        options = (*(lead(s) for s in reversed(Suit)), Option("no_penalty", law, "no lead is required", (void,)))
        da.rule(
            Ruling(
                "late_call",
                law,
                seat,
                f"{call} by the defender {_sn(seat)} after the auction closed",
                options,
                choosers=(declarer,),
            )
        )

    # ---- R13(4), R42(e): a double naming a bid ------------------------------------------------------
    def named_call(self, auction: DirectedAuction, seat: Seat, call: Call, named: Bid) -> None:
        """A double or redouble naming ``named``: a wrong number of tricks is ignored (R13(4)); a wrong
        denomination is an illegal call (R42(e))."""
        da = auction
        if call.kind not in (CallKind.DOUBLE, CallKind.REDOUBLE):
            raise IllegalCallError(f"only a double or redouble names a bid, not {call}")
        last = da.summary().last_bid
        if last is None or named.strain == last.strain or da.turn != seat or not da.admissible(seat, call):
            da.note(f"{call} naming {named} counts as {call} of {last} ({self.law('named_double')}).")
            self.call(da, seat, call)
            return
        self._illegal(da, da.append(seat, call), "e", in_turn=True)

    def misinformation_change(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        raise RulingError(
            f"{self.name} has no rule for a call changed after misinformation; a call stands ({self.law('slip')})"
        )

    # ---- R43: cards exposed during the auction ----------------------------------------------------
    def exposed_cards(self, auction: DirectedAuction, seat: Seat, cards: Sequence[Card], led: bool) -> None:
        da = auction
        names = " ".join(str(c) for c in cards)
        if da.is_over and not self.EXPOSURE_UNTIL_PLAY:
            da.exposed.extend((seat, c, led) for c in cards)
            penalised = da.is_defender(seat)
            da.note(
                f"{names} exposed by {_sn(seat)} after the auction closed: "
                + (
                    f"exposed cards declarer may call ({self.law('exposed_play')})."
                    if penalised
                    else f"no penalty for declarer or dummy ({self.law('exposed_play')}(4))."
                )
            )
            return
        if len(cards) == 1 and not led and not cards[0].is_honour:
            da.exposed.append((seat, cards[0], led))
            da.watch(AwaitedCall(seat, "R43a", seat, PASS, {"card": cards[0]}))
            da.note(
                f"{names} exposed by {_sn(seat)}: if he becomes a defender, declarer chooses the penalty at "
                f"the end of the auction ({self.law('exposed_low')})."
            )
            return
        law = self.law("exposed_high")
        keep = (
            Effect(EffectKind.EXPOSE, seat, tuple(cards), data="led" if led else ""),
            Effect(
                EffectKind.NOTE,
                data=f"The deal stands; {names} are exposed cards if {_sn(seat)} defends (NBB Def.XXVI(g)).",
            ),
        )

        why = "more than one card" if len(cards) > 1 else "a card led" if led else "an honour"
        da.rule(
            Ruling(
                "card_exposed",
                law,
                seat,
                f"{_sn(seat)} exposed {names} ({why}) during the auction",
                (self._new_deal_option(da, law), Option("no_penalty", law, "the deal stands", keep)),
                choosers=(seat.lho,),
            )
        )

    def _exposed_low_ruling(self, da: DirectedAuction) -> None:
        """R43(a) at the end of the auction: the declarer's choice against a defender's single low card."""
        law = self.law("exposed_low")
        w = next((w for w in da.watches if w.kind == "R43a"), None)
        if w is None:
            return
        da.watches.remove(w)
        seat, card = w.seat, w.data["card"]
        if da.declarer is None or not da.is_defender(seat):
            da.note(f"{_sn(seat)} is not a defender: no penalty for {card} ({law}).")
            apply_effects(da, (Effect(EffectKind.UNEXPOSE, seat, (card,)),))  # R43(a): it goes back
            return

        exposed = (
            Effect(EffectKind.NOTE, data=f"{card} is an exposed card in the play: declarer may call it ({law}(I))."),
        )
        forbid = (
            Effect(EffectKind.NOTE, data=f"{_sn(seat.partner)} may not open {card.suit.letter} ({law}(II))."),
            Effect(EffectKind.UNEXPOSE, seat, (card,)),
        )
        options = [
            Option("exposed", f"{law}(I)", f"{card} is an exposed card in the play; declarer may call it", exposed)
        ]
        if seat.partner == da.opening_leader:
            options.append(
                Option(
                    f"forbid_{card.suit.letter}",
                    f"{law}(II)",
                    f"{_sn(seat.partner)} may not open {card.suit.letter}",
                    forbid,
                )
            )
        da.rule(
            Ruling(
                "card_exposed",
                law,
                seat,
                f"{_sn(seat)} exposed {card} during the auction",
                tuple(options),
                choosers=(da.declarer,),
            )
        )

    # ---- after every event ----------------------------------------------------------------------
    def settle(self, auction: DirectedAuction) -> None:
        da = auction
        if not da.is_over or new_deal_law(da) is not None:
            return
        if not da.ended:
            da.ended = True
            da.obligations.clear()
            da.watches = [w for w in da.watches if w.kind == "R43a"]
            if da.is_passed_out:
                da.note(self.passed_out_effect()[1])
        self._exposed_low_ruling(da)

    def passed_out_effect(self) -> tuple[str, str, bool]:
        """(law, what happens, whether the deal moves on to the next dealer with the other pack)."""
        return (
            self.law("pass_out"),
            f"All four passed: the hand is abandoned and the next dealer deals with the "
            f"other pack ({self.law('pass_out')}).",
            True,
        )

    def board_irregularity(self, auction: DirectedAuction, kind: str, facts: Mapping[str, Any]) -> None:
        """``incorrect_count`` (one hand too many cards, another too few: a redeal, R10(1)(g)) and
        ``defective_pack`` (an incomplete pack or duplicates: redeal with a correct pack, R10(2)); in the play,
        ``surplus_card`` and ``missing_card`` (R48, R49; NL36 33: ``tableplay.incorrect_hand``)."""
        from contractbridge.laws.nbb30.play import NBB30Play
        from contractbridge.laws.nbb30.tableplay import incorrect_hand

        if kind in ("surplus_card", "missing_card") and isinstance(self, NBB30Play):
            incorrect_hand(self, auction, kind, facts, self._new_deal_option)
            return
        topics = {"incorrect_count": "redeal", "defective_pack": "defective_pack"}
        if kind not in topics:
            known = ", ".join([*topics, "surplus_card", "missing_card"])
            raise EventLogError(f"unknown board irregularity {kind!r} (known: {known})")
        law = self.law(topics[kind])
        da = auction
        da.rule(
            Ruling(
                kind,
                law,
                None,
                f"{kind.replace('_', ' ')}: the same dealer deals again",
                (self._new_deal_option(da, law),),
            )
        )

    # ---- R17: review of the auction ---------------------------------------------------------------
    def review(
        self, auction: DirectedAuction, seat: Seat, moment: Moment, *, first_turn_to_play: bool, who_doubled: bool
    ) -> Review:
        da = auction
        if moment is Moment.AUCTION:
            law = self.law("review_auction")
            if da.turn != seat:
                raise RulingError(f"{_sn(seat)} may ask for the calls only at his own turn to call ({law})")
            return Review(seat, law, tuple(da.standing()))
        if not da.is_over or da.contract is None:
            raise RulingError("the auction has not closed in a contract")
        if moment is Moment.CLOSED:
            law = self.law("review_closed")
            self._may_review_closed(da, seat, law)
            return Review(seat, law, tuple(da.standing()))
        law = self.law("review_play")
        if who_doubled:
            raise RulingError(
                f"after the opening lead only the contract and whether it was doubled may be asked, not by whom ({law})"
            )
        return Review(seat, law, (), str(da.contract))

    def _may_review_closed(self, da: DirectedAuction, seat: Seat, law: str) -> None:
        """Any player may ask after the auction closes, before the opening lead (R17(1)(b))."""


def _lowest_in_strain(ib: Bid, da: DirectedAuction) -> Bid:
    last = da.summary().last_bid
    level = ib.level
    while not Bid(level, ib.strain).supersedes(last):
        level += 1
    return Bid(level, ib.strain)
