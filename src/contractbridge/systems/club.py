"""The Club system (*Risti süsteem*, EST-B55, B56): an artificial 1C with negative, positive and forcing
responses, honour tricks counted with the Club table (quarters).

The text describes only the 1C opening and its sequences; everything else (other openings, defensive
bidding, later rounds) follows the Culbertson system (laws-historic §6.11 [JUDGEMENT], docs/systems.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from contractbridge.calls import DOUBLE, PASS, Bid, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Strain, Suit
from contractbridge.evaluation import HTTable, fmt, fraction
from contractbridge.systems.base import (
    ONLY,
    STRAIN_OF,
    Candidate,
    Context,
    Forcing,
    HandEval,
    bid_of,
    suit_min,
)
from contractbridge.systems.culbertson import Culbertson

__all__ = ["CLUB", "Club"]

F = fraction
ONE_CLUB: Final = bid_of(1, Strain.CLUBS)
NT: Final = Strain.NOTRUMP
CLUB_TABLE: Final = HTTable.CLUB


def five_card_suit(ev: HandEval, exclude: frozenset[Suit] = frozenset()) -> Suit | None:
    """EST-B55 suit order: a 6-card suit first whatever its rank; of two 5-card suits the higher. Only
    biddable suits (EST-B13) of five cards or more count."""
    suits = [s for s in SUITS_HIGH_FIRST if s not in exclude and ev.length[s] >= 5 and s in ev.biddable]
    if not suits:
        return None
    return max(suits, key=lambda s: (ev.length[s] >= 6, ev.length[s] if ev.length[s] >= 6 else 0, s))


def four_card_suit(ev: HandEval, exclude: frozenset[Suit]) -> Suit | None:
    """EST-B55 step 3: a 4-card (or longer) biddable suit not yet named, the highest."""
    for s in SUITS_HIGH_FIRST:
        if s not in exclude and ev.length[s] >= 4 and s in ev.biddable:
            return s
    return None


def _new_suits(
    ctx: Context,
    named: frozenset[Suit],
    length: int,
    text: str,
    pick: Callable[[HandEval, frozenset[Suit]], Suit | None],
    top: int = 2,
) -> list[Candidate]:
    """EST-B55: each suit the side has not named, bid at its cheapest level if that is ``top`` or lower, made when
    ``pick`` (the book's order of ``length``-card suits) chooses it; ``text`` names the suit at ``{}``."""
    out = []
    for s in SUITS_HIGH_FIRST:
        bid = ctx.cheapest(STRAIN_OF[s])
        if s in named or bid is None or bid.level > top:
            continue
        out.append(
            Candidate(
                bid,
                "EST-B55",
                text.format(s.name.lower()),
                lengths=suit_min(s, length),
                specified_suits=ONLY[s],
                test=lambda ev, s=s: pick(ev, named) == s,
            )
        )
    return out


class Club(Culbertson):
    """The Club system: Culbertson's, with the artificial 1C structure of EST-B55 on top."""

    name = "club"
    table = CLUB_TABLE

    def situation(self, ctx: Context) -> list[Candidate]:
        seq = self._club_sequence(ctx)
        if seq is None:
            return super().situation(ctx)
        if ctx.opener is None:  # pragma: no cover - a sequence needs the 1C opening
            return []
        step = len(seq)
        if step == 1:
            return self.penalty_double(ctx) + self.club_response(ctx)
        if step == 2:
            return self.club_rebid(ctx, seq)
        if seq[1] == bid_of(1, Strain.DIAMONDS) and step in (3, 4, 5):
            return self.after_negative(ctx, seq)
        if step == 3 and isinstance(seq[1], Bid) and seq[1].strain.suit is not None:
            rm = ctx.meanings[ctx.calls_of(ctx.seat)[-1][0]]
            if rm.forcing is Forcing.NONE and not rm.artificial:
                return self.after_positive(ctx, seq[1].strain.suit)
        return []

    def after_positive(self, ctx: Context, mine: Suit) -> list[Candidate]:
        """EST-B55, responder's second call after a positive suit response: support opener's suit (the
        partnership arithmetic), bid a 6-card suit a second time, or show a 4-card suit now (never on the
        first round)."""
        out = self.fit_raises(ctx)
        again = ctx.cheapest(mine.strain)
        if again is not None and again.level <= 3:
            out.append(
                Candidate(
                    again,
                    "EST-B55",
                    f"{mine.name.lower()} a second time: 6+ cards",
                    lengths=suit_min(mine, 6),
                    specified_suits=ONLY[mine],
                    test=lambda ev: ev.length[mine] >= 6,
                )
            )
        named = frozenset(ctx.suits_bid_by((ctx.seat, ctx.partner)))
        out.extend(_new_suits(ctx, named, 4, "a 4-card biddable suit on the second round: {}", four_card_suit))
        return out

    def _club_sequence(self, ctx: Context) -> list[Call] | None:
        """Our side's calls since an artificial 1C opening by our side, if the opponents have only passed
        since the response (an overcall of 1C itself is allowed: EST-B55 "interference")."""
        i, opening = ctx.opening_index, ctx.opening
        if (
            i is None
            or opening is None
            or opening.level != 1
            or opening.strain is not Strain.CLUBS
            or not ctx.is_ours(i)
            or not ctx.meanings[i].artificial
        ):
            return None
        calls = ctx.auction_calls
        parity = len(calls) & 1  # our side's calls: those of the parity of the seat to call (``is_ours``)
        ours: list[Call] = []
        for j in range(i, len(calls)):
            c = calls[j]
            if j & 1 == parity:
                ours.append(c)
            elif c is not PASS and len(ours) >= 2:
                return None
        return ours

    # EST-B55: the opening ---------------------------------------------------------------------------------
    def opening(self, ctx: Context) -> list[Candidate]:
        opts = ctx.options
        late = (ctx.opening_index or len(ctx.auction_calls)) >= 2
        lo = opts.club_third_seat_min_ht if late else opts.club_min_ht
        out = self.preempts(ctx) + self.forcing_twos(ctx)
        out.append(
            Candidate(
                bid_of(2, NT),
                "EST-B21",
                "strong balanced hand without a 5-card suit, not forcing",
                lengths=tuple((0, 4) for _ in Suit),
                ht_min=opts.two_nt_ht,
                test=lambda ev: ev.ht >= opts.two_nt_ht and max(ev.length) <= 4,
            )
        )
        out.append(
            Candidate(
                ONE_CLUB,
                "EST-B55",
                f"artificial: {fmt(lo)}–{fmt(opts.club_max_ht)} HT by the Club table "
                "(stronger hands that fit no other opening too); says nothing about clubs",
                ht_min=lo,
                ht_table=CLUB_TABLE,
                artificial=True,
                forcing=Forcing.ROUND,
                test=lambda ev: ev.club_ht >= lo,
            )
        )
        out.append(Candidate(PASS, "EST-B55", f"no opening: fewer than {fmt(lo)} HT (Club table)"))
        return out

    # EST-B55: responses to 1C ---------------------------------------------------------------------------------
    def club_response(self, ctx: Context) -> list[Candidate]:
        """< 1½ HT: 1D (negative; pass after an overcall). 1½–2½: 5-card suit 1H/1S/2C/2D, else 1NT.
        > 2½: 2H/2S/3C/3D with a 5-card suit, else 2NT (forcing to game)."""
        out: list[Candidate] = []
        pos_level = {Suit.SPADES: 1, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 2}
        lo, hi = F(3, 2), F(5, 2)
        for s in SUITS_HIGH_FIRST:
            bid = bid_of(pos_level[s] + 1, STRAIN_OF[s])
            out.append(
                Candidate(
                    bid,
                    "EST-B55",
                    f"forcing response: more than 2½ HT, biddable {s.name.lower()} of 5+",
                    lengths=suit_min(s, 5),
                    ht_min=hi + F(1, 4),
                    ht_table=CLUB_TABLE,
                    forcing=Forcing.GAME,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s: ev.club_ht > hi and five_card_suit(ev) == s,
                )
            )
        out.append(
            Candidate(
                bid_of(2, NT),
                "EST-B55",
                "forcing response: more than 2½ HT, no biddable 5-card suit",
                ht_min=hi + F(1, 4),
                ht_table=CLUB_TABLE,
                forcing=Forcing.GAME,
                test=lambda ev: ev.club_ht > hi and five_card_suit(ev) is None,
            )
        )
        for s in SUITS_HIGH_FIRST:
            bid = bid_of(pos_level[s], STRAIN_OF[s])
            out.append(
                Candidate(
                    bid,
                    "EST-B55",
                    f"positive response: 1½–2½ HT, biddable {s.name.lower()} of 5+",
                    lengths=suit_min(s, 5),
                    ht_min=lo,
                    ht_max=hi,
                    ht_table=CLUB_TABLE,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s: lo <= ev.club_ht <= hi and five_card_suit(ev) == s,
                )
            )
        out.append(
            Candidate(
                bid_of(1, NT),
                "EST-B55",
                "positive response: 1½–2½ HT, no biddable 5-card suit",
                ht_min=lo,
                ht_max=hi,
                ht_table=CLUB_TABLE,
                test=lambda ev: lo <= ev.club_ht <= hi and five_card_suit(ev) is None,
            )
        )
        if ctx.rho_call in (PASS, DOUBLE):
            out.append(
                Candidate(
                    bid_of(1, Strain.DIAMONDS),
                    "EST-B55",
                    "negative response: fewer than 1½ HT; says nothing about diamonds",
                    ht_max=F(5, 4),
                    ht_table=CLUB_TABLE,
                    artificial=True,
                    test=lambda ev: ev.club_ht < lo,
                )
            )
        else:
            out.append(
                Candidate(
                    PASS,
                    "EST-B55",
                    "after the overcall: fewer than 1½ HT (instead of 1D)",
                    ht_max=F(5, 4),
                    ht_table=CLUB_TABLE,
                    test=lambda ev: ev.club_ht < lo,
                )
            )
        return out

    # EST-B55: opener's rebid ----------------------------------------------------------------------------------
    def club_rebid(self, ctx: Context, seq: list[Call]) -> list[Candidate]:
        response = seq[1]
        i = ctx.calls_of(ctx.partner)[-1][0]
        rm = ctx.meanings[i]
        out: list[Candidate] = []
        if not isinstance(response, Bid):
            return []
        forcing = rm.forcing is Forcing.GAME
        negative = response == bid_of(1, Strain.DIAMONDS) and rm.artificial
        for s in SUITS_HIGH_FIRST:
            bid = ctx.cheapest(STRAIN_OF[s])
            if bid is None or (negative and bid.level > 2):
                continue
            what = (
                "after the negative"
                if negative
                else "after the forcing response"
                if forcing
                else "after the positive response"
            )
            out.append(
                Candidate(
                    bid,
                    "EST-B55",
                    f"{what}: his 5-card suit, {s.name.lower()}",
                    lengths=suit_min(s, 5),
                    forcing=Forcing.GAME if forcing else Forcing.NONE,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s: five_card_suit(ev) == s,
                )
            )
        p_suit = response.strain.suit
        if forcing and p_suit is not None:
            bid = bid_of(response.level + 1, response.strain)
            out.append(
                Candidate(
                    bid,
                    "EST-B55",
                    f"no 5-card suit; 4 {p_suit.name.lower()} with A+J or K+Q: raise one level",
                    lengths=suit_min(p_suit, 4),
                    forcing=Forcing.GAME,
                    test=lambda ev: (
                        five_card_suit(ev) is None and ev.length[p_suit] >= 4 and self._aj_or_kq(ev, p_suit)
                    ),
                )
            )
        nt = ctx.cheapest(NT)
        if nt is not None:
            out.append(
                Candidate(
                    nt,
                    "EST-B55",
                    "no biddable 5-card suit",
                    forcing=Forcing.GAME if forcing else Forcing.NONE,
                    test=lambda ev: five_card_suit(ev) is None,
                )
            )
        return out

    @staticmethod
    def _aj_or_kq(ev: HandEval, suit: Suit) -> bool:
        b = ev.hand.suit_bits(suit)
        return b & 0x1200 == 0x1200 or b & 0xC00 == 0xC00

    # EST-B55: after the negative 1D ---------------------------------------------------------------------------
    def after_negative(self, ctx: Context, seq: list[Call]) -> list[Candidate]:
        """Steps 2–4 of EST-B55 after 1C–1D: responder shows a 5-card suit at the two level or passes;
        opener accepts it (3+ cards) or names a 4-card suit or 2NT; responder repeats a 6-card suit,
        names another 5-card suit, or passes."""
        step = len(seq)
        named = frozenset(c.strain.suit for c in seq[2:] if isinstance(c, Bid) and c.strain.suit is not None)
        out: list[Candidate] = []
        if step == 3:  # responder
            rebid = seq[2]
            opener_suit = rebid.strain.suit if isinstance(rebid, Bid) else None
            if opener_suit is not None:
                out.append(
                    Candidate(
                        PASS,
                        "EST-B55",
                        f"content with {opener_suit.name.lower()} (3+ cards)",
                        lengths=suit_min(opener_suit, 3),
                        test=lambda ev: ev.length[opener_suit] >= 3,
                    )
                )
            out.extend(_new_suits(ctx, named, 5, "length only: {} 5+ (strength already denied)", five_card_suit))
        elif step == 4:  # opener
            resp = seq[3]
            r_suit = resp.strain.suit if isinstance(resp, Bid) else None
            if r_suit is None:
                return []
            out.append(
                Candidate(
                    PASS,
                    "EST-B55",
                    f"accepts {r_suit.name.lower()} (3+ cards)",
                    lengths=suit_min(r_suit, 3),
                    test=lambda ev: ev.length[r_suit] >= 3,
                )
            )
            out.extend(_new_suits(ctx, named, 4, "does not accept: a 4-card biddable suit, {}", four_card_suit, top=3))
            nt = ctx.cheapest(NT)
            if nt is not None:
                out.append(Candidate(nt, "EST-B55", "does not accept, no 4-card biddable suit to name"))
        else:  # responder, step 4 of the text
            my_suits = [c.strain.suit for c in seq[1::2][1:] if isinstance(c, Bid) and c.strain.suit is not None]
            for s in my_suits[:1]:
                bid = ctx.cheapest(STRAIN_OF[s])
                if bid is not None and bid.level <= 3:
                    out.append(
                        Candidate(
                            bid,
                            "EST-B55",
                            f"repeats {s.name.lower()}: 6+ cards",
                            lengths=suit_min(s, 6),
                            test=lambda ev, s=s: ev.length[s] >= 6,
                        )
                    )
            out.extend(_new_suits(ctx, named, 5, "another 5-card suit: {}", five_card_suit, top=3))
        return out


CLUB: Final = Club()
