"""Ely Culbertson's approach-forcing system as the Estonian book teaches it (EST-B03 – B54).

Situations, each a list of options in the digest's decision order (laws-historic §6.3 – §6.10):
opening, opener's rebid, responses to one-bids / 1NT / forcing twos / pre-empts, defensive bids
(overcalls, jump overcalls, cue-bids, informatory doubles), answers to partner's informatory double,
advancing partner's overcall, penalty doubles, and a general continuation (fit arithmetic, forcing
to game, NT arithmetic by EST-B12). Thresholds that are matters of judgement come from ``SystemOptions``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Final

from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Strain, Suit
from contractbridge.evaluation import fmt, fraction
from contractbridge.systems.base import (
    ONLY,
    STRAIN_OF,
    SUIT_OF,
    CallMeaning,
    Candidate,
    Context,
    Forcing,
    HandEval,
    System,
    SystemOptions,
    bid_of,
    lengths,
    meaning,
    suit_min,
)

__all__ = ["CULBERTSON", "Culbertson", "suit_order"]

F = fraction
HALF: Final = F(1, 2)
_TWO: Final = F(2)
_THREE: Final = F(3)
_FOUR: Final = F(4)
MAJORS: Final = (Suit.SPADES, Suit.HEARTS)
NT: Final = Strain.NOTRUMP
TWO_SPADES: Final = bid_of(2, Strain.SPADES)
_TWO_SPADES_RANK: Final = TWO_SPADES.rank
MAX4: Final = lengths(S=(0, 4), H=(0, 4), D=(0, 4), C=(0, 4))
MAX5: Final = lengths(S=(0, 5), H=(0, 5), D=(0, 5), C=(0, 5))
#: The passes that close a situation, the same in every situation (one shared option each)
NOTHING_ASKED: Final = Candidate(PASS, "EST-B04", "nothing the system asks for here")
NOTHING_MORE: Final = Candidate(PASS, "EST-B04", "nothing more to show (approach principle)")
LEAVE_DOUBLE_IN: Final = Candidate(PASS, "EST-B53", "leaves partner's penalty double in")
#: EST-B12: the combined honour tricks each no-trump level needs, slam first
_NT_NEED: Final = {6: F(7), 3: F(11, 2), 2: F(5)}


def suit_order(ev: HandEval, suits: frozenset[Suit] | set[Suit], opts: SystemOptions) -> list[Suit]:
    """EST-B17: which of several biddable suits to bid first. Longer first; equal length → higher
    (5-5, and 4-4 by judgement); 5 in a higher suit with 6 in a lower → the higher (as printed,
    ``five_six_higher_first``)."""
    order = sorted(suits, key=lambda s: (ev.length[s], s), reverse=True)
    if opts.five_six_higher_first and len(order) >= 2 and ev.length[order[0]] == 6:
        for s in order[1:]:
            if ev.length[s] == 5 and s > order[0]:
                order.remove(s)
                order.insert(0, s)
                break
    return order


def _first(ev: HandEval, suits: frozenset[Suit] | set[Suit], opts: SystemOptions) -> Suit | None:
    order = suit_order(ev, suits, opts)
    return order[0] if order else None


def _level_for(ctx: Context, strain: Strain, jump: int = 0) -> Bid | None:
    """The cheapest bid in ``strain`` for the seat to call, ``jump`` levels higher; None above seven."""
    return _above(ctx.last_bid, strain, jump)


def _above(last: Bid | None, strain: Strain, jump: int = 0) -> Bid | None:
    """The cheapest bid in ``strain`` over ``last`` (L18), ``jump`` levels higher; None above seven."""
    level = (1 if last is None else last.level + (0 if strain > last.strain else 1)) + jump
    return bid_of(level, strain) if level <= 7 else None


@lru_cache(maxsize=4096)
def _fit_meaning(suit: Suit, level: int, own: bool, shown_num: int, shown_den: int) -> CallMeaning:
    """The meaning of raising our ``suit`` to ``level`` with partner's ``shown`` tricks (``fit_raises``), one
    shared value per situation that gives it (keyed by integers: hashing a Fraction costs a modular inverse)."""
    shown = F(shown_num, shown_den)
    lo = F(6 + level) - shown
    rule = "EST-B54" if own else "EST-B36, B42, B49"
    text = (
        f"{suit.name.lower()} to {level}: {fmt(lo)}+ {'playing' if own else 'support'} tricks with "
        f"partner's {fmt(shown)}"
    )
    return meaning(bid_of(level, STRAIN_OF[suit]), rule, text, lengths=suit_min(suit, 4 if own else 2), tricks=lo)


@lru_cache(maxsize=1024)
def _own_rebid_option(
    bid: Bid, suit: Suit, times: int, ht_num: int, ht_den: int, rule: str, forcing: Forcing
) -> Candidate:
    """``Culbertson._own_rebid``'s option: ``bid`` rebids ``suit``, bid ``times`` times in all, with ``ht_num /
    ht_den`` honour tricks at least (EST-B25). One shared option per value, as ``_fit_meaning``."""
    need = F(4) if times == 2 else F(5)
    min_ht = F(ht_num, ht_den)
    return Candidate(
        bid,
        rule,
        f"rebids {suit.name.lower()}: {fmt(need)}+ trump tricks (bid {times} times)",
        lengths=suit_min(suit, 5),
        ht_min=min_ht or None,
        tricks=need,
        forcing=forcing,
        test=lambda ev: ev.length[suit] >= 5 and ev.tt(suit) >= need and ev.ht >= min_ht,
    )


@lru_cache(maxsize=1024)
def _nt_option(level: int, rule: str, shown_num: int, shown_den: int) -> Candidate:
    """``level`` NT by the partnership table (EST-B12) with partner's ``shown`` honour tricks
    (``nt_by_partnership``): own HT + partner's ≥ the level's need, i.e. own HT ≥ need − partner's. One shared
    option per value, as ``_fit_meaning``."""
    shown = F(shown_num, shown_den)
    mine = _NT_NEED[level] - shown
    text = f"no-trump by the partnership table: {fmt(mine)}+ HT here with {fmt(shown)} shown by partner"
    return Candidate(bid_of(level, NT), rule, text, ht_min=mine, test=lambda ev: ev.ht >= mine)


@lru_cache(maxsize=1024)
def _double_option(strain: Strain, level: int, undertricks: int, shown_num: int, shown_den: int) -> Candidate:
    """A penalty double of ``level`` in ``strain`` (EST-B52, B54): the doubler's defensive tricks + partner's
    ``shown`` honour tricks leave declarer ``undertricks`` short. One shared option per value."""
    need = F(13 - 6 - level + undertricks) - F(shown_num, shown_den)
    text = (
        f"penalty double: {fmt(need)}+ defensive tricks with "
        f"{fmt(F(shown_num, shown_den))} HT shown by partner (two sure undertricks)"
    )
    return Candidate(DOUBLE, "EST-B52, B54", text, test=lambda ev: ev.defence(strain) >= need)


class Culbertson(System):
    """The Culbertson approach-forcing system (EST-B03 – B54)."""

    name = "culbertson"

    # dispatch ----------------------------------------------------------------------------------------------
    def options(self, ctx: Context) -> list[Candidate]:
        situation = self.situation(ctx)
        return situation + self.fallback(ctx) if situation else self.continuation(ctx)

    def situation(self, ctx: Context) -> list[Candidate]:
        """The options of the first-round situations; [] for later rounds (the continuation)."""
        opener = ctx.opener
        me, partner = ctx.seat, ctx.partner
        if opener is None:
            return self.opening(ctx)
        opening_index = ctx.opening_index or 0
        mine = ctx.actions_of(me)
        if opener == me:
            p_calls = ctx.calls_of(partner)
            if len(mine) == 1 and p_calls and p_calls[-1][0] > opening_index:
                return self.penalty_double(ctx) + self.rebid(ctx)
            return []
        if opener == partner:
            if all(i < opening_index for i, _ in ctx.calls_of(me)):
                return self.penalty_double(ctx) + self.response(ctx)
            return []
        if mine:
            return []
        p_actions = ctx.actions_of(partner)
        if not p_actions:
            return self.penalty_double(ctx) + self.overcalls(ctx)
        last_i, last = p_actions[-1]
        pm = ctx.meanings[last_i]
        if last is DOUBLE and pm.forcing is Forcing.ROUND:
            return self.answer_double(ctx, last_i)
        if isinstance(last, Bid) and len(p_actions) == 1:
            return self.penalty_double(ctx) + self.advance(ctx, last, pm)
        return []

    def fallback(self, ctx: Context) -> list[Candidate]:
        """What closes every situation: forced bids when forced to game (EST-B05), else pass."""
        out = self.forced_bids(ctx) if ctx.our_game_forcing() and ctx.rho_call is PASS else []
        out.append(NOTHING_ASKED)
        return out

    # shared pieces -------------------------------------------------------------------------------------------
    def _one_bid_ok(self, ev: HandEval, suit: Suit, min_ht: Fraction, opts: SystemOptions) -> bool:
        """EST-B20 with B16: HT ≥ minimum, PT ≥ 4, the suit biddable (lenient) or one HT-split clause
        (literal: 4 cards with ≥ 1½ in the suit and ≥ 1 outside; 5 with ≥ ½ and ≥ 2; 6+ and ≥ 2½)."""
        if ev.ht < min_ht or suit not in ev.biddable or ev.pt(suit) < 4:
            return False
        if opts.one_bid_mode == "lenient":
            return True
        n, inside = ev.length[suit], ev.suit_ht[suit]
        outside = ev.ht - inside
        return (
            (n == 4 and inside >= F(3, 2) and outside >= 1)
            or (n == 5 and inside >= HALF and outside >= 2)
            or (n >= 6 and outside >= F(5, 2))
        )

    # EST-B20 – B24: openings ---------------------------------------------------------------------------------
    def opening(self, ctx: Context) -> list[Candidate]:
        opts = ctx.options
        late = (ctx.opening_index or len(ctx.auction_calls)) >= 2
        min_ht = opts.third_seat_min_ht if late else F(5, 2)
        out: list[Candidate] = []
        out += self.preempts(ctx)
        out += self.forcing_twos(ctx)

        def pick(ev: HandEval) -> Suit | None:
            return _first(ev, {t for t in ev.biddable if self._one_bid_ok(ev, t, min_ht, opts)}, opts)

        choice = object()  # the key of this situation's choice of suit in each hand's memo
        out.append(
            Candidate(
                bid_of(2, NT),
                "EST-B21",
                "strong balanced hand without a 5-card suit, not forcing",
                lengths=MAX4,
                ht_min=opts.two_nt_ht,
                test=lambda ev: ev.ht >= opts.two_nt_ht and max(ev.length) <= 4,
            )
        )
        for suit in SUITS_HIGH_FIRST:
            out.append(
                Candidate(
                    bid_of(1, STRAIN_OF[suit]),
                    "EST-B20",
                    f"approach bid: biddable {suit.name.lower()}, at least {fmt(min_ht)} HT and 4 playing tricks",
                    lengths=suit_min(suit, 4),
                    ht_min=min_ht,
                    tricks=F(4),
                    specified_suits=ONLY[suit],
                    # the suit chosen among those that qualify (EST-B17): the same choice for each suit's option
                    test=lambda ev, s=suit: ev.once(choice, pick) == s,
                )
            )
        if opts.prefer_suit_to_one_nt:
            nt_min = max(F(3), min_ht)
            for suit in SUITS_HIGH_FIRST:
                out.append(
                    Candidate(
                        bid_of(1, STRAIN_OF[suit]),
                        "EST-B24",
                        f"{suit.name.lower()}: a 4-card suit with an honour "
                        "trick, shown rather than 1NT with 3 HT or more",
                        lengths=suit_min(suit, 4),
                        ht_min=nt_min,
                        tricks=F(4),
                        test=lambda ev, s=suit: (
                            ev.ht >= nt_min and not ev.biddable and ev.pt(None) >= 4 and self._nt_suit(ev) == s
                        ),
                    )
                )
        out.append(
            Candidate(
                bid_of(1, NT),
                "EST-B24",
                "no biddable suit, at least 4 playing tricks",
                lengths=MAX5,
                ht_min=min_ht,
                tricks=F(4),
                test=lambda ev: ev.ht >= min_ht and not ev.biddable and ev.pt(None) >= 4,
            )
        )
        out.append(
            Candidate(PASS, "EST-B10", "no opening bid: " + (f"fewer than {fmt(min_ht)} HT or too few playing tricks"))
        )
        return out

    @staticmethod
    def _nt_suit(ev: HandEval) -> Suit | None:
        """EST-B24 (judgement): the 4-card suit with ≥ 1 HT to open instead of 1NT, highest first."""
        for s in SUITS_HIGH_FIRST:
            if ev.length[s] == 4 and ev.suit_ht[s] >= 1:
                return s
        return None

    def preempts(self, ctx: Context) -> list[Candidate]:
        """EST-B23 (game pre-empts: 4H/4S, 5C/5D) and EST-B22 (3H/3S, 4C/4D)."""
        opts, vul = ctx.options, ctx.vul
        out: list[Candidate] = []
        for suit in SUITS_HIGH_FIRST:
            major = suit in MAJORS
            need = F((8 if vul else 7) + (0 if major else 1))
            level = 4 if major else 5
            out.append(
                Candidate(
                    bid_of(level, STRAIN_OF[suit]),
                    "EST-B23",
                    f"game pre-empt: {suit.name.lower()} very long and "
                    f"strong, almost no side honour tricks, {fmt(need)} playing tricks",
                    lengths=suit_min(suit, 7),
                    specified_suits=ONLY[suit],
                    tricks=need,
                    test=lambda ev, s=suit, need=need: (
                        ev.length[s] >= 7 and ev.tt(s) >= ev.length[s] - 2 and ev.side_ht(s) <= 1 and ev.pt(s) >= need
                    ),
                )
            )
        for suit in SUITS_HIGH_FIRST:
            major = suit in MAJORS
            need = (F(8) if vul else opts.preempt_nv_pt) if major else F(10 if vul else 9)
            level = 3 if major else 4
            out.append(
                Candidate(
                    bid_of(level, STRAIN_OF[suit]),
                    "EST-B22",
                    f"pre-empt: {suit.name.lower()} very long and strong, "
                    f"at least 1½ side HT, {fmt(need)} playing tricks",
                    lengths=suit_min(suit, 6),
                    specified_suits=ONLY[suit],
                    tricks=need,
                    test=lambda ev, s=suit, need=need: (
                        ev.length[s] >= 6 and ev.tt(s) >= 5 and ev.side_ht(s) >= F(3, 2) and ev.pt(s) >= need
                    ),
                )
            )
        return out

    def forcing_twos(self, ctx: Context) -> list[Candidate]:
        """EST-B21: two of a suit, forcing to game: HT ≥ 5 over three suits, or 4½ with a long trump
        (6+ cards or 5-5); never with poor (no 5-card suit) distribution."""
        opts = ctx.options
        least = min(opts.forcing_two_ht, opts.forcing_two_long_ht)

        def ok(ev: HandEval) -> bool:
            if ev.ht < least:  # neither clause can hold: the common case, asked first
                return False
            if not any(ev.length[s] >= 5 and s in ev.biddable for s in Suit):
                return False
            long_trump = max(ev.length) >= 6 or sorted(ev.length)[-2] >= 5
            return (ev.ht >= opts.forcing_two_ht and ev.spread() >= 3) or (
                ev.ht >= opts.forcing_two_long_ht and long_trump and ev.spread() >= 3
            )

        def pick(ev: HandEval) -> Suit | None:
            return _first(ev, {t for t in ev.biddable if ev.length[t] >= 5}, opts) if ok(ev) else None

        choice = object()  # the key of this situation's choice of suit in each hand's memo
        return [
            Candidate(
                bid_of(2, STRAIN_OF[suit]),
                "EST-B21",
                f"forcing two: {suit.name.lower()}, game in hand",
                lengths=suit_min(suit, 5),
                ht_min=opts.forcing_two_long_ht,
                forcing=Forcing.GAME,
                specified_suits=ONLY[suit],
                test=lambda ev, s=suit: ev.once(choice, pick) == s,
            )
            for suit in SUITS_HIGH_FIRST
        ]

    # EST-B19, B25, B44: opener's rebid ------------------------------------------------------------------------
    def rebid(self, ctx: Context) -> list[Candidate]:
        opening = ctx.opening
        assert opening is not None
        p_index, p_call = ctx.calls_of(ctx.partner)[-1]
        pm = ctx.meanings[p_index]
        out: list[Candidate] = []
        my_suit = SUIT_OF[opening.strain]
        if not isinstance(p_call, Bid) or (pm.forcing is Forcing.GAME and p_call.strain is NT):
            return out
        if p_call.strain is NT:
            return self._rebid_after_nt(ctx, p_call, my_suit)
        p_suit = SUIT_OF[p_call.strain]
        assert p_suit is not None
        if p_suit == my_suit or pm.artificial:
            return out  # a raise: the continuation's trick arithmetic decides
        if pm.forcing is Forcing.GAME:
            # EST-B44: support > second suit > rebid > cheapest NT; no pass below game
            raise_bid = _level_for(ctx, p_call.strain)
            if raise_bid is not None:
                out.append(
                    Candidate(
                        raise_bid,
                        "EST-B44",
                        f"after the forcing take-out: normal support for {p_suit.name.lower()}",
                        lengths=suit_min(p_suit, 3),
                        forcing=Forcing.GAME,
                        test=lambda ev, s=p_suit: ev.support(s),
                    )
                )
            out += self._new_suit_rebids(ctx, my_suit, p_suit, F(0), "EST-B44")
            if my_suit is not None:
                out += self._own_rebid(ctx, my_suit, F(5, 2), "EST-B44", Forcing.GAME)
            return out
        # EST-B19: revalue as support for partner's suit
        single = _level_for(ctx, p_call.strain)
        if single is not None:
            jump = _level_for(ctx, p_call.strain, 1)
            if jump is not None:
                out.append(
                    Candidate(
                        jump,
                        "EST-B19",
                        f"jump raise: normal support for {p_suit.name.lower()}, 5+ support tricks",
                        lengths=suit_min(p_suit, 3),
                        tricks=F(5),
                        test=lambda ev, s=p_suit: ev.support(s) and ev.st(s) >= 5,
                    )
                )
            out.append(
                Candidate(
                    single,
                    "EST-B19",
                    f"raise: normal support for {p_suit.name.lower()}, 3½+ support tricks",
                    lengths=suit_min(p_suit, 3),
                    tricks=F(7, 2),
                    test=lambda ev, s=p_suit: ev.support(s) and ev.st(s) >= F(7, 2),
                )
            )
        if my_suit is not None:
            out += self._own_game(ctx, my_suit, ctx.shown_ht(ctx.partner))
            out += self._own_rebid(ctx, my_suit, F(5, 2), "EST-B25", Forcing.NONE)
        out += self._new_suit_rebids(ctx, my_suit, p_suit, F(3), "EST-B19")
        out += self.nt_by_partnership(ctx, ctx.shown_ht(ctx.partner), "EST-B19, B12")
        return out

    def _own_game(self, ctx: Context, suit: Suit, partner_ht: Fraction) -> list[Candidate]:
        """EST-B19/B25, "general strength must also be weighed" (judgement J25a): with a suit to bid three
        times (5 trump tricks), jump to game when own playing tricks + partner's shown honour tricks
        reach the game's tricks."""
        game = ctx.game(STRAIN_OF[suit])
        bid = bid_of(game, STRAIN_OF[suit])
        if not ctx.legal(bid):
            return []
        need = F(6 + game) - partner_ht
        return [
            Candidate(
                bid,
                "EST-B19, B25",
                f"game in {suit.name.lower()}: 5+ trump tricks and {fmt(need)}+ playing "
                f"tricks with partner's {fmt(partner_ht)} HT",
                lengths=suit_min(suit, 5),
                tricks=need,
                test=lambda ev: ev.length[suit] >= 5 and ev.tt(suit) >= 5 and ev.pt(suit) >= need,
            )
        ]

    def _own_rebid(self, ctx: Context, suit: Suit, min_ht: Fraction, rule: str, forcing: Forcing) -> list[Candidate]:
        """EST-B25: rebid one's suit with 4 trump tricks (bid twice), 5 (three times)."""
        strain = STRAIN_OF[suit]
        bid = _level_for(ctx, strain)
        if bid is None or bid.level > max(3, ctx.game(strain) if forcing is Forcing.GAME else 3):
            return []
        times = 1 + sum(1 for _, c in ctx.bids_of(ctx.seat) if c.strain == strain)
        if times > 3:
            return []
        return [_own_rebid_option(bid, suit, times, min_ht.numerator, min_ht.denominator, rule, forcing)]

    def _new_suit_rebids(
        self, ctx: Context, my_suit: Suit | None, p_suit: Suit | None, min_ht: Fraction, rule: str
    ) -> list[Candidate]:
        out: list[Candidate] = []
        forcing = ctx.our_game_forcing()
        taken = set(ctx.suits_bid_by((ctx.seat, ctx.partner))) | set(ctx.opponent_suits)
        for suit in SUITS_HIGH_FIRST:
            if suit in taken:
                continue
            bid = _level_for(ctx, STRAIN_OF[suit])
            if bid is None or (not forcing and bid.level > 2):
                continue
            out.append(
                Candidate(
                    bid,
                    rule,
                    f"a second biddable suit, {suit.name.lower()}",
                    lengths=suit_min(suit, 4),
                    ht_min=min_ht,
                    forcing=Forcing.GAME if forcing else Forcing.NONE,
                    specified_suits=ONLY[suit],
                    test=lambda ev, s=suit, free=frozenset(set(Suit) - taken), opts=ctx.options: (
                        s in ev.biddable and ev.ht >= min_ht and _first(ev, ev.biddable & free, opts) == s
                    ),
                )
            )
        return out

    def _rebid_after_nt(self, ctx: Context, p_call: Bid, my_suit: Suit | None) -> list[Candidate]:
        """EST-B19/B25 with EST-B12 (judgement): after a NT response, rebid a long suit, show a second
        suit at the two level, or raise NT by the partnership HT table; over 1NT, jump to 3NT with more
        than 3½ HT (EST-B44 rule 6)."""
        out: list[Candidate] = []
        shown = ctx.shown_ht(ctx.partner)
        if p_call.level == 1 and ctx.legal(bid_of(3, NT)):
            out.append(
                Candidate(
                    bid_of(3, NT),
                    "EST-B44",
                    "jump raise of the NT response: more than 3½ HT, no long suit to show",
                    ht_min=F(4),
                    lengths=MAX5,
                    test=lambda ev: (
                        ev.ht > F(7, 2)
                        and max(ev.length) <= 5
                        and not any(ev.length[s] >= 5 and ev.tt(s) >= 4 for s in Suit)
                    ),
                )
            )
        out += self.nt_by_partnership(ctx, shown, "EST-B12")
        if p_call.level == 1:
            if my_suit is not None:
                out += self._own_rebid(ctx, my_suit, F(5, 2), "EST-B25", Forcing.NONE)
            out += self._new_suit_rebids(ctx, my_suit, None, F(3), "EST-B19")
        return out

    def nt_by_partnership(self, ctx: Context, partner_ht: Fraction, rule: str) -> list[Candidate]:
        """EST-B12: bid the NT level the combined honour tricks make (own HT + what partner showed)."""
        out: list[Candidate] = []
        for level in _NT_NEED:
            bid = bid_of(level, NT)
            if not ctx.legal(bid):
                continue
            out.append(_nt_option(level, rule, partner_ht.numerator, partner_ht.denominator))
        return out

    # EST-B36 – B49: responses ---------------------------------------------------------------------------------
    def response(self, ctx: Context) -> list[Candidate]:
        opening = ctx.opening
        assert opening is not None
        i = ctx.opening_index
        assert i is not None
        om = ctx.meanings[i]
        if om.forcing is Forcing.GAME:
            return self.response_to_forcing_two(ctx, opening)
        if opening.strain is NT:
            return self.response_to_nt(ctx, opening) if opening.level == 1 else []
        if opening.level >= 3 or (opening.level == 4 and opening.strain.is_minor):
            return self.response_to_preempt(ctx, opening)
        if opening.level == 1:
            return self.response_to_one(ctx, opening)
        return []

    def response_to_one(self, ctx: Context, opening: Bid) -> list[Candidate]:
        """EST-B36 – B43, B47 in the decision order of laws-historic §6.7 (``_responses_to_one``)."""
        return list(_responses_to_one(ctx.options, opening, ctx.rho_call, frozenset(ctx.opponent_suits), ctx.last_bid))

    @staticmethod
    def raise_level(st: Fraction, ht: Fraction, bands: dict[int, Fraction]) -> int:
        """EST-B36 table (gaps go to the lower raise) with the EST-B43 HT rule: under 2½ HT, one level
        less, never below the single raise. 0 = no raise."""
        level = max((lv for lv, need in bands.items() if st >= need), default=0)
        if level > 2 and ht < F(5, 2):
            level -= 1
        return level

    def response_to_nt(self, ctx: Context, opening: Bid) -> list[Candidate]:
        """EST-B45: 2NT with 2½ HT, 3NT with 3 to 4, 4NT with 4½+; otherwise a long suit or pass."""
        out = [
            Candidate(bid_of(4, NT), "EST-B45", "4½+ HT", ht_min=F(9, 2), test=lambda ev: ev.ht >= F(9, 2)),
            Candidate(bid_of(3, NT), "EST-B45", "3–4 HT", ht_min=F(3), ht_max=F(4), test=lambda ev: 3 <= ev.ht <= 4),
            Candidate(
                bid_of(2, NT),
                "EST-B45",
                "more than 2 and fewer than 3 HT",
                ht_min=F(9, 4),
                ht_max=F(11, 4),
                test=lambda ev: 2 < ev.ht < 3,
            ),
        ]
        for s in SUITS_HIGH_FIRST:
            bid = _level_for(ctx, STRAIN_OF[s])
            if bid is None or bid.level > 2:
                continue
            out.append(
                Candidate(
                    bid,
                    "EST-B45, B41",
                    f"{s.name.lower()}: a long suit (5+ with 1 HT, or 6+), not forcing",
                    lengths=suit_min(s, 5),
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s, opts=ctx.options: (
                        s in ev.biddable
                        and (ev.length[s] >= 6 or (ev.length[s] >= 5 and ev.ht >= 1))
                        and _first(ev, {t for t in ev.biddable if ev.length[t] >= 5}, opts) == s
                    ),
                )
            )
        return out

    def response_to_forcing_two(self, ctx: Context, opening: Bid) -> list[Candidate]:
        """EST-B46: raise with support and 1 HT; new suit with 1 HT; 2NT under 1½ (weak); 3NT 1½–2;
        4NT 2½+ (no support, no biddable suit)."""
        out: list[Candidate] = []
        suit = SUIT_OF[opening.strain]
        if suit is not None:
            bid = _level_for(ctx, opening.strain)
            if bid is not None:
                out.append(
                    Candidate(
                        bid,
                        "EST-B46",
                        "raise: normal support and 1+ HT",
                        lengths=suit_min(suit, 3),
                        ht_min=F(1),
                        forcing=Forcing.GAME,
                        test=lambda ev: ev.support(suit) and ev.ht >= 1,
                    )
                )
        free = frozenset(s for s in Suit if s != suit and s not in ctx.opponent_suits)
        for s in SUITS_HIGH_FIRST:
            if s not in free:
                continue
            bid = _level_for(ctx, STRAIN_OF[s])
            if bid is None:
                continue
            out.append(
                Candidate(
                    bid,
                    "EST-B46",
                    f"new suit: biddable {s.name.lower()}, 1+ HT",
                    lengths=suit_min(s, 4),
                    ht_min=F(1),
                    forcing=Forcing.GAME,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s, opts=ctx.options: (
                        s in ev.biddable and ev.ht >= 1 and _first(ev, ev.biddable & free, opts) == s
                    ),
                )
            )
        out += [
            Candidate(
                bid_of(4, NT),
                "EST-B46",
                "no support, no biddable suit, 2½+ HT",
                ht_min=F(5, 2),
                forcing=Forcing.GAME,
                test=lambda ev: ev.ht >= F(5, 2),
            ),
            Candidate(
                bid_of(3, NT),
                "EST-B46",
                "no support, no biddable suit, 1½–2 HT",
                ht_min=F(3, 2),
                ht_max=F(2),
                forcing=Forcing.GAME,
                test=lambda ev: F(3, 2) <= ev.ht <= 2,
            ),
            Candidate(
                bid_of(2, NT),
                "EST-B46",
                "weak: 1 HT or less",
                ht_max=F(1),
                forcing=Forcing.GAME,
                test=lambda ev: ev.ht <= 1,
            ),
        ]
        return out

    def response_to_preempt(self, ctx: Context, opening: Bid) -> list[Candidate]:
        """EST-B22, B48: raise a 3-level major / 4-level minor to game with side sure tricks (NV 2,
        vul more than 1); after a game pre-empt, bid the slam with two sure tricks more."""
        suit = SUIT_OF[opening.strain]
        if suit is None:
            return []
        need = F(3, 2) if ctx.vul else F(2)
        game = ctx.game(opening.strain)
        target = game if opening.level < game else 6
        if target > opening.level + 2 or target <= opening.level:
            target = opening.level + 1
        extra = need if target == game else need + 2
        bid = bid_of(target, opening.strain)
        return [
            Candidate(
                bid,
                "EST-B48",
                f"raise of the pre-empt: {fmt(extra)}+ honour tricks outside {suit.name.lower()}",
                ht_min=extra,
                tricks=extra,
                test=lambda ev: ev.side_ht(suit) >= extra,
            )
        ]

    # EST-B26 – B35: defensive bidding ---------------------------------------------------------------------------
    def overcalls(self, ctx: Context) -> list[Candidate]:
        """EST-B27 – B31 in the order: cue-bid, jump overcall, informatory double, simple overcall."""
        last = ctx.last_bid
        if last is None:
            return []
        return list(_overcalls(ctx.options, ctx.vul, last, frozenset(ctx.opponent_suits), ctx.legal(DOUBLE)))

    def answer_double(self, ctx: Context, double_index: int) -> list[Candidate]:
        """EST-B32 – B35: answer partner's informatory double. Passing is forbidden (B35) unless NT was
        doubled and we hold 2 HT, or their suit was doubled and we hold 4 sure trump tricks in it; after
        an intervening call, pass is free."""
        doubled = ctx.auction_calls[double_index - 1] if ctx.auction_calls[double_index - 1].is_bid else ctx.last_bid
        assert isinstance(doubled, Bid)
        free_to_pass = ctx.rho_call is not PASS
        out: list[Candidate] = []
        opp = set(ctx.opponent_suits)
        unbid = [s for s in SUITS_HIGH_FIRST if s not in opp]
        if not free_to_pass:
            if doubled.strain is NT:
                out.append(
                    Candidate(
                        PASS,
                        "EST-B35",
                        "leaves the double of no-trump in: 2+ HT",
                        ht_min=F(2),
                        test=lambda ev: ev.ht >= 2,
                    )
                )
            else:
                trump = SUIT_OF[doubled.strain]
                assert trump is not None
                out.append(
                    Candidate(
                        PASS,
                        "EST-B35",
                        f"leaves the double in: 4+ sure trump tricks in {trump.name.lower()}",
                        lengths=suit_min(trump, 4),
                        test=lambda ev: ev.sure_trumps(trump) >= 4,
                    )
                )
        for s in unbid:
            base = _level_for(ctx, STRAIN_OF[s])
            if base is None:
                continue
            for jump, rule, text, ht_min in (
                (2, "EST-B34", "jump by two: more than 2 HT and a strong trump suit (4+ trump tricks)", F(5, 2)),
                (1, "EST-B33", "jump by one: 2+ HT", F(2)),
                (0, "EST-B32", "the suit named at the lowest level", None),
            ):
                if base.level + jump > 7:
                    continue
                bid = bid_of(base.level + jump, STRAIN_OF[s])
                min_len = 4 if jump else (3 if free_to_pass else 0)
                out.append(
                    Candidate(
                        bid,
                        rule,
                        f"{text}; {s.name.lower()} chosen by EST-B32",
                        lengths=suit_min(s, min_len),
                        ht_min=ht_min,
                        specified_suits=ONLY[s],
                        test=lambda ev, s=s, jump=jump, min_len=min_len: (
                            self._double_suit(ev, unbid) == s
                            and ev.length[s] >= min_len
                            and self._double_jump(ev, s) == jump
                            and (not free_to_pass or ev.ht >= 1 or ev.length[s] >= 5)
                        ),
                    )
                )
        return out

    @staticmethod
    def _double_suit(ev: HandEval, unbid: list[Suit]) -> Suit | None:
        """EST-B32: a 4-card major headed by the jack or better beats a 5-card minor; a 6-card minor beats
        a 4-card major; otherwise the longest, majors and higher ranks first; with only 3-card suits,
        the cheapest (lowest)."""
        if not unbid:
            return None
        if max(ev.length[s] for s in unbid) <= 3:
            return min(unbid)

        def key(s: Suit) -> tuple[int, int, int]:
            n = ev.length[s]
            good_major = s in MAJORS and n >= 4 and ev.hand.suit_bits(s) >> 9 != 0
            return (n + (1 if good_major else 0), s in MAJORS, s)

        return max(unbid, key=key)

    @staticmethod
    def _double_jump(ev: HandEval, s: Suit) -> int:
        if ev.ht > 2 and ev.tt(s) >= 4 and ev.length[s] >= 4:
            return 2
        if ev.ht >= 2 and ev.length[s] >= 4:
            return 1
        return 0

    def advance(self, ctx: Context, p_bid: Bid, pm: CallMeaning) -> list[Candidate]:
        """Partner overcalled (EST-B28, B29, B30): raise with normal support and 3 support tricks (2 when
        vulnerable); after a jump overcall, raise even with 1 HT; after a cue-bid, name a suit."""
        out: list[Candidate] = []
        suit = SUIT_OF[p_bid.strain]
        opp = set(ctx.opponent_suits)
        free = frozenset(set(Suit) - opp - ({suit} if suit else set()))
        if pm.artificial and pm.forcing is Forcing.GAME:  # partner's cue-bid: show our suit
            for s in SUITS_HIGH_FIRST:
                if s in opp:
                    continue
                bid = _level_for(ctx, STRAIN_OF[s])
                if bid is not None:
                    out.append(
                        Candidate(
                            bid,
                            "EST-B30",
                            f"answers the cue-bid: {s.name.lower()} is the best suit",
                            forcing=Forcing.GAME,
                            specified_suits=ONLY[s],
                            test=lambda ev, s=s: (
                                self._double_suit(ev, [t for t in SUITS_HIGH_FIRST if t not in opp]) == s
                            ),
                        )
                    )
            return out
        if suit is None:
            return out
        need = F(2) if ctx.vul else F(3)
        jump_overcall = pm.ht_min is not None and pm.ht_min >= 3
        single = _level_for(ctx, p_bid.strain)
        if single is not None:
            if jump_overcall:
                out.append(
                    Candidate(
                        single,
                        "EST-B29",
                        f"raise of the jump overcall: support for {suit.name.lower()} and 1+ HT",
                        lengths=suit_min(suit, 2),
                        ht_min=F(1),
                        test=lambda ev: ev.support(suit, weak=True) and ev.ht >= 1,
                    )
                )
            else:
                out.append(
                    Candidate(
                        single,
                        "EST-B28",
                        f"raise: normal support for {suit.name.lower()}, {fmt(need)}+ support tricks",
                        lengths=suit_min(suit, 3),
                        tricks=need,
                        test=lambda ev: ev.support(suit) and ev.st(suit) >= need,
                    )
                )
        for s in SUITS_HIGH_FIRST:
            if s not in free:
                continue
            bid = _level_for(ctx, STRAIN_OF[s])
            if bid is None or bid.level > 2:
                continue
            out.append(
                Candidate(
                    bid,
                    "EST-B27",
                    f"a suit of our own: {s.name.lower()} 5+ cards, 2+ HT",
                    lengths=suit_min(s, 5),
                    ht_min=F(2),
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s, opts=ctx.options: (
                        s in ev.biddable
                        and ev.length[s] >= 5
                        and ev.ht >= 2
                        and not ev.support(suit)
                        and _first(ev, ev.biddable & free, opts) == s
                    ),
                )
            )
        return out

    # EST-B50 – B54: penalty doubles -----------------------------------------------------------------------------
    def penalty_double(self, ctx: Context) -> list[Candidate]:
        """EST-B52/B54: double when sure of two undertricks: (6 + level) − (13 − (own defensive tricks +
        partner's shown HT)) ≥ 2; only after partner has bid, or above 2S."""
        last = ctx.last_bid
        if last is None or not ctx.legal(DOUBLE):
            return []
        if ctx.last_rank <= _TWO_SPADES_RANK and not ctx.bids_of(ctx.partner):
            return []
        shown = ctx.shown_ht(ctx.partner)
        undertricks = ctx.options.penalty_double_undertricks
        return [_double_option(last.strain, last.level, undertricks, shown.numerator, shown.denominator)]

    # the general continuation ------------------------------------------------------------------------------------
    def continuation(self, ctx: Context) -> list[Candidate]:
        """Later rounds: leave partner's penalty double in (EST-B53); raise a fit to the level the
        partnership's tricks reach (EST-B36/B54 arithmetic); NT by EST-B12; keep bidding when forced
        to game (EST-B05); otherwise pass."""
        out: list[Candidate] = []
        me, partner = ctx.seat, ctx.partner
        last_action = ctx.last_action_index()
        if (
            last_action is not None
            and ctx.seat_of(last_action) == partner
            and ctx.auction_calls[last_action] is DOUBLE
            and ctx.meanings[last_action].forcing is Forcing.NONE
        ):
            out += self.penalty_double_duty(ctx)
        out += self.penalty_double(ctx) if ctx.opener is not None else []
        out += self.fit_raises(ctx)
        forced = ctx.our_game_forcing() and ctx.rho_call is PASS
        my_suits = ctx.suits_bid_by((me,))
        if not forced and ctx.opener is not None and my_suits:
            out += self._own_rebid(ctx, my_suits[0], F(0), "EST-B25", Forcing.NONE)
        p_bids = ctx.bids_of(partner)
        p_actions = ctx.actions_of(partner)
        if p_bids and (
            (p_bids[-1][1].strain is NT and not ctx.meanings[p_bids[-1][0]].artificial)
            or (ctx.bids_of(me) and p_actions[-1][1] is not DOUBLE)
        ):
            out += self.nt_by_partnership(ctx, ctx.shown_ht(partner), "EST-B12")
        if forced:
            out += self.forced_bids(ctx)
        out.append(NOTHING_MORE)
        return out

    def penalty_double_duty(self, ctx: Context) -> list[Candidate]:
        """EST-B52/B53: partner leaves a penalty double in, except (a) with a freak distribution (a 7-card
        suit, or 6-5) and (b) a hand useless in defence (under 1 defensive trick) with excellent support
        (5+ support tricks) for a suit the doubler has bid. Exception (c), partner misled by his own
        earlier bidding, needs judgement the robot does not make: it leaves the double in."""
        last = ctx.last_bid
        assert last is not None
        out: list[Candidate] = []
        for suit in ctx.suits_bid_by((ctx.partner,)):
            bid = _level_for(ctx, STRAIN_OF[suit])
            if bid is not None:
                out.append(
                    Candidate(
                        bid,
                        "EST-B53(b)",
                        f"takes out the penalty double: useless in defence, excellent support for {suit.name.lower()}",
                        lengths=suit_min(suit, 3),
                        tricks=F(5),
                        test=lambda ev, s=suit: ev.defence(last.strain) < 1 and ev.support(s) and ev.st(s) >= 5,
                    )
                )
        for suit in SUITS_HIGH_FIRST:
            bid = _level_for(ctx, STRAIN_OF[suit])
            if bid is None or suit in ctx.opponent_suits:
                continue
            out.append(
                Candidate(
                    bid,
                    "EST-B53(a)",
                    f"takes out the penalty double: freak distribution, {suit.name.lower()} 6+ cards",
                    lengths=suit_min(suit, 6),
                    specified_suits=ONLY[suit],
                    test=lambda ev, s=suit: (
                        ev.length[s] >= 6
                        and (ev.length[s] >= 7 or sorted(ev.length)[-2] >= 5)
                        and max(Suit, key=lambda t: (ev.length[t], t)) == s
                    ),
                )
            )
        out.append(LEAVE_DOUBLE_IN)
        return out

    def fit_raises(self, ctx: Context) -> list[Candidate]:
        """Raise a suit our side has named to the level the partnership's tricks reach: own support tricks
        (partner's suit) or playing tricks (own suit raised by partner) + partner's shown tricks. Of two
        suits of partner's, support the longer, the first-named if equal (EST-B42). A small slam also needs
        6 honour tricks between the two hands (judgement J52)."""
        me, partner = ctx.seat, ctx.partner
        p_suits = ctx.suits_bid_by((partner,))
        if not p_suits:
            return []
        mine: dict[Suit, int] = {}  # my first bid of each suit, partner's, and how often partner bid each strain
        theirs: dict[Suit, int] = {}
        times = [0, 0, 0, 0, 0]
        for i, c in ctx.bids_of(me):
            if (suit := SUIT_OF[c.strain]) is not None:
                mine.setdefault(suit, i)
        for i, c in ctx.bids_of(partner):
            times[c.strain] += 1
            if (suit := SUIT_OF[c.strain]) is not None:
                theirs.setdefault(suit, i)
        default = _FOUR if ctx.opener == partner else (_TWO if ctx.vul else _THREE)
        supported = tuple(s for s in p_suits if mine.get(s, 99) > theirs[s])
        raises: list[tuple[Suit, bool, int, int, int, int, int]] = []
        for suit in p_suits:
            strain = STRAIN_OF[suit]
            cheapest = ctx.cheapest(strain)
            if cheapest is None:
                continue
            shown = ctx.shown_tricks(partner, strain) or default
            raises.append(
                (
                    suit,
                    suit not in supported,
                    shown.numerator,
                    shown.denominator,
                    ctx.game(strain),
                    times[strain],
                    cheapest.level,
                )
            )
        if not raises:
            return []
        partner_ht = ctx.shown_ht(partner)
        return list(_fit_raises(tuple(raises), supported, partner_ht.numerator, partner_ht.denominator))

    @staticmethod
    def _preferred(ev: HandEval, suits: Sequence[Suit]) -> Suit | None:
        """EST-B42: of partner's suits, the one we hold most of; the first-named if equal."""
        return max(suits, key=lambda s: (ev.length[s], -suits.index(s)), default=None)

    @staticmethod
    def _fit_level(
        ev: HandEval, suit: Suit, own: bool, shown: Fraction, game: int, times: int, partner_ht: Fraction
    ) -> int:
        if own:
            if ev.length[suit] < 4:
                return 0
            mine = ev.pt(suit)
        else:
            if not ev.support(suit, weak=times >= 2):
                return 0
            mine = ev.st(suit)
        total = int(mine + shown)
        slam = total >= 12 and ev.ht + partner_ht >= 6
        return min(total - 6, 6 if slam else game)

    def forced_bids(self, ctx: Context) -> list[Candidate]:
        """EST-B05: below game after a game force, bid on: game in a fit, a long suit, or NT."""
        out: list[Candidate] = []
        me, partner = ctx.seat, ctx.partner
        for suit in ctx.suits_bid_by((partner,)):
            bid = bid_of(ctx.game(STRAIN_OF[suit]), STRAIN_OF[suit])
            if ctx.legal(bid):
                out.append(
                    Candidate(
                        bid,
                        "EST-B05",
                        f"forced to game: support for {suit.name.lower()}",
                        lengths=suit_min(suit, 2),
                        forcing=Forcing.NONE,
                        test=lambda ev, s=suit: ev.support(s, weak=True),
                    )
                )
        for suit in ctx.suits_bid_by((me,)):
            again = _level_for(ctx, STRAIN_OF[suit])
            if again is not None:
                out.append(
                    Candidate(
                        again,
                        "EST-B05",
                        f"forced: {suit.name.lower()} again, 6+ cards",
                        lengths=suit_min(suit, 6),
                        forcing=Forcing.GAME,
                        test=lambda ev, s=suit: ev.length[s] >= 6,
                    )
                )
        for nt in (bid_of(ctx.game(NT), NT), ctx.cheapest(NT)):
            if nt is not None and ctx.legal(nt):
                out.append(
                    Candidate(
                        nt,
                        "EST-B05",
                        "forced: no-trump, nothing else to show",
                        forcing=Forcing.GAME if nt.level < ctx.game(NT) else Forcing.NONE,
                    )
                )
        return out


@lru_cache(maxsize=4096)
def _overcalls(
    opts: SystemOptions, vul: bool, last: Bid, opp: frozenset[Suit], double_ok: bool
) -> tuple[Candidate, ...]:
    """The defensive bids over the opponents' ``last`` bid, having named the suits ``opp`` (EST-B27 – B31), the
    informatory double when legal: they depend on nothing else, so one shared tuple serves every situation that
    gives them."""
    free = frozenset(set(Suit) - opp)
    out: list[Candidate] = []
    cue_suit = SUIT_OF[last.strain]
    if cue_suit is not None and cue_suit in opp:
        cue = _above(last, last.strain)
        if cue is not None:
            out.append(
                Candidate(
                    cue,
                    "EST-B30",
                    f"cue-bid: first-round control of {cue_suit.name.lower()} (void or ace), "
                    f"{fmt(opts.cue_bid_ht)}+ HT, asks partner for his suit",
                    ht_min=opts.cue_bid_ht,
                    forcing=Forcing.GAME,
                    artificial=True,
                    test=lambda ev: (
                        ev.ht >= opts.cue_bid_ht
                        and (ev.length[cue_suit] == 0 or bool(ev.hand.suit_bits(cue_suit) & (1 << 12)))
                    ),
                )
            )
    for s in SUITS_HIGH_FIRST:
        if s in opp:
            continue
        jump = _above(last, STRAIN_OF[s], 1)
        if jump is None or jump.level > 3:
            continue
        out.append(
            Candidate(
                jump,
                "EST-B29",
                f"jump overcall: {s.name.lower()} strong and long (or two strong suits), "
                f"about {fmt(opts.jump_overcall_min_ht)} HT",
                lengths=suit_min(s, 5),
                ht_min=opts.jump_overcall_min_ht,
                ht_max=opts.jump_overcall_max_ht,
                specified_suits=ONLY[s],
                test=lambda ev, s=s: (
                    opts.jump_overcall_min_ht <= ev.ht <= opts.jump_overcall_max_ht
                    and s in ev.biddable
                    and ev.length[s] >= 5
                    and _first(ev, ev.biddable & free, opts) == s
                    and (ev.tt(s) >= 4 or len(ev.biddable & free) >= 2)
                ),
            )
        )
    if double_ok and last.rank <= _TWO_SPADES_RANK:
        out.append(
            Candidate(
                DOUBLE,
                "EST-B31",
                "informatory double: 3½ HT over three suits, or 3 HT in two suits with a "
                "good biddable suit; partner must name his suit",
                ht_min=F(3),
                forcing=Forcing.ROUND,
                artificial=True,
                test=lambda ev: (
                    (ev.ht >= F(7, 2) and ev.spread() >= 3)
                    or (ev.ht >= 3 and any(ev.length[s] >= 5 and ev.tt(s) >= 4 for s in ev.biddable & free))
                ),
            )
        )
    simple: dict[Suit, Callable[..., bool]] = {}  # each suit's own test

    def pick(ev: HandEval) -> Suit | None:  # EST-B17 among the suits that qualify
        return _first(ev, {t for t, test in simple.items() if test(ev)}, opts)

    choice = object()  # the key of this situation's choice of suit in each hand's memo
    test: Callable[..., bool]
    for s in SUITS_HIGH_FIRST:
        if s in opp:
            continue
        bid = _above(last, STRAIN_OF[s])
        if bid is None or bid.level > 3:
            continue
        if bid.level == 1:
            extra = opts.vulnerable_overcall_extra if vul else F(0)
            five, four = F(3, 2) + extra, 2 + extra  # the HT needed with 5 cards, with 4

            def one_level(ev: HandEval, s: Suit = s, five: Fraction = five, four: Fraction = four) -> bool:
                return s in ev.biddable and ev.ht >= (five if ev.length[s] >= 5 else four)

            test = simple[s] = one_level
            out.append(
                Candidate(
                    bid,
                    "EST-B27",
                    f"simple overcall: biddable {s.name.lower()}, {fmt(F(3, 2) + extra)} HT "
                    f"with 5 cards or {fmt(2 + extra)} with 4",
                    lengths=suit_min(s, 4),
                    ht_min=F(3, 2) + extra,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s, test=test: test(ev) and ev.once(choice, pick) == s,
                )
            )
        else:
            ht_need, tt_need = (F(2), F(4)) if vul else (F(3, 2), F(7, 2))
            if bid.level == 3:
                ht_need, tt_need = ht_need + HALF, tt_need + 1

            def higher(ev: HandEval, s: Suit = s, h: Fraction = ht_need, t: Fraction = tt_need) -> bool:
                return s in ev.biddable and ev.length[s] >= 5 and ev.ht >= h and ev.tt(s) >= t

            test = simple[s] = higher
            out.append(
                Candidate(
                    bid,
                    "EST-B28",
                    f"simple overcall at the {bid.level} level: {s.name.lower()} 5+ cards "
                    f"with {fmt(tt_need)}+ trump tricks and {fmt(ht_need)}+ HT",
                    lengths=suit_min(s, 5),
                    ht_min=ht_need,
                    tricks=tt_need,
                    specified_suits=ONLY[s],
                    test=lambda ev, s=s, test=test: test(ev) and ev.once(choice, pick) == s,
                )
            )
    return tuple(out)


@lru_cache(maxsize=4096)
def _fit_raises(
    raises: tuple[tuple[Suit, bool, int, int, int, int, int], ...],
    supported: tuple[Suit, ...],
    ht_num: int,
    ht_den: int,
) -> tuple[Candidate, ...]:
    """The raises of ``Culbertson.fit_raises``, each of ``raises`` (suit, our own suit?, partner's shown tricks in
    it as numerator and denominator, its game level, how often partner bid it, its cheapest level) from the highest
    level down, partner having shown ``ht_num / ht_den`` honour tricks: one shared tuple per value (keyed by
    integers, as ``_fit_meaning``)."""
    partner_ht = F(ht_num, ht_den)
    out: list[Candidate] = []
    for suit, own, shown_num, shown_den, game, times, cheapest in raises:
        shown = F(shown_num, shown_den)

        def fit(
            ev: HandEval,
            s: Suit = suit,
            own: bool = own,
            shown: Fraction = shown,
            game: int = game,
            times: int = times,
        ) -> int:
            """The level this hand raises ``s`` to (0: not this suit), the same for each level's option."""
            if not (own or Culbertson._preferred(ev, supported) == s):
                return 0
            return Culbertson._fit_level(ev, s, own, shown, game, times, partner_ht)

        for level in range(7, max(2, cheapest) - 1, -1):  # the legal levels, highest first
            out.append(
                Candidate.of(
                    _fit_meaning(suit, level, own, shown_num, shown_den),
                    # the level computed once per hand (keyed by this suit's ``fit``)
                    lambda ev, level=level, fit=fit: ev.once(fit, fit) == level,
                )
            )
    return tuple(out)


@lru_cache(maxsize=4096)
def _responses_to_one(
    opts: SystemOptions, opening: Bid, rho: Call | None, opp: frozenset[Suit], last: Bid | None
) -> tuple[Candidate, ...]:
    """The responses to partner's one-bid ``opening`` (EST-B36 – B43, B47, in the decision order of laws-historic
    §6.7) after ``rho``'s call, the opponents having named ``opp`` and ``last`` the last bid: they depend on
    nothing else, so one shared tuple serves every situation that gives them."""
    last_rank = -1 if last is None else last.rank
    suit = SUIT_OF[opening.strain]
    assert suit is not None
    out: list[Candidate] = []
    if rho is DOUBLE:
        out.append(
            Candidate(
                REDOUBLE,
                "EST-B47",
                "redouble: holds the outstanding honour tricks",
                ht_min=F(5, 2),
                test=lambda ev: ev.ht >= F(5, 2),
            )
        )
    taken = {suit, *opp}
    free = frozenset(set(Suit) - taken)
    # 1. forcing take-out
    for s in SUITS_HIGH_FIRST:
        if s in taken:
            continue
        jump = _above(last, STRAIN_OF[s], 1)
        if jump is None:
            continue
        out.append(
            Candidate(
                jump,
                "EST-B43",
                f"forcing take-out in {s.name.lower()}: biddable suit, 3½ HT over three "
                "suits (3 with very strong trumps or support)",
                lengths=suit_min(s, 4),
                ht_min=F(3),
                forcing=Forcing.GAME,
                specified_suits=ONLY[s],
                test=lambda ev, s=s: (
                    s in ev.biddable
                    and _first(ev, ev.biddable & free, opts) == s
                    and (
                        (ev.ht >= F(7, 2) and ev.spread() >= 3)
                        or (ev.ht >= 3 and (ev.tt(s) >= 5 or (ev.support(suit) and ev.st(suit) >= 6)))
                    )
                ),
            )
        )
    # 2. raises (EST-B36 table, EST-B43 HT rule)
    bands = {2: opts.single_raise_st, 3: F(9, 2), 4: F(11, 2), 5: F(15, 2), 6: F(17, 2)}

    def raise_to(ev: HandEval) -> int:
        """The level this hand raises to (0: none), the same for each level's option."""
        if not (ev.support(suit) and ev.ht >= F(3, 2)):
            return 0
        return Culbertson.raise_level(ev.st(suit), ev.ht, bands)

    for level in (6, 5, 4, 3, 2):
        bid = bid_of(level, opening.strain)
        if bid.rank <= last_rank:  # not sufficient (L18)
            continue
        out.append(
            Candidate(
                bid,
                "EST-B36, B43",
                f"raise: normal support, more than 1 HT, {fmt(bands[level])}+ support "
                "tricks (one level less with under 2½ HT)",
                lengths=suit_min(suit, 3),
                ht_min=F(3, 2),
                tricks=bands[level],
                # the level computed once per hand (keyed by ``raise_to``)
                test=lambda ev, level=level: ev.once(raise_to, raise_to) == level,
            )
        )
    # 3. new suit
    for s in SUITS_HIGH_FIRST:
        new = _above(last, STRAIN_OF[s])
        if s in taken or new is None or new.level > 3:
            continue
        bid = new
        need = F(1) if bid.level == 1 else F(3, 2) if bid.level == 2 else F(2)
        out.append(
            Candidate(
                bid,
                "EST-B43, B41",
                f"new suit: biddable {s.name.lower()}, {fmt(need)}+ HT (normally 1½–2½), not forcing",
                lengths=suit_min(s, 4),
                ht_min=need,
                specified_suits=ONLY[s],
                test=lambda ev, s=s, need=need: (
                    s in ev.biddable and ev.ht >= need and _first(ev, ev.biddable & free, opts) == s
                ),
            )
        )

    # 4.–5. no-trump
    def nt_free(ev: HandEval) -> bool:
        return not (ev.biddable & free) and not ev.support(suit)

    out.append(
        Candidate(
            bid_of(3, NT),
            "EST-B43",
            "3NT: no biddable suit, no support, 3+ HT",
            ht_min=F(3),
            test=lambda ev: nt_free(ev) and ev.ht >= 3,
        )
    )
    out.append(
        Candidate(
            bid_of(2, NT),
            "EST-B43",
            "2NT: no biddable suit, no support, 2–2½ HT",
            ht_min=F(2),
            ht_max=F(5, 2),
            test=lambda ev: nt_free(ev) and 2 <= ev.ht <= F(5, 2),
        )
    )
    out.append(
        Candidate(
            bid_of(1, NT),
            "EST-B43, B41",
            "1NT: weakness response, about 1½ HT, no support and no suit to show at the one level",
            ht_min=F(1),
            ht_max=F(2),
            test=lambda ev: (
                not ev.support(suit)
                and ((not (ev.biddable & free) and F(3, 2) <= ev.ht < 2) or (bool(ev.biddable & free) and ev.ht == 1))
            ),
        )
    )
    if rho in (PASS, DOUBLE):
        out.append(
            Candidate(PASS, "EST-B41", "too weak to respond: at most 1 HT", ht_max=F(1), test=lambda ev: ev.ht <= 1)
        )
    return tuple(out)


CULBERTSON: Final = Culbertson()
