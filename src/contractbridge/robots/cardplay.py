"""The card-play robot: perfect-information Monte Carlo play (the method of GIB), seeing only its seat's view.

For each decision ``CardPlayRobot``:

1. groups the legal cards into equals (cards of one suit in the hand to play with nothing but played cards
   between them are one choice); one group left is a clear decision and costs no sampling;
2. deals the hidden hands many times consistently with everything the seat knows (``robots.sampling``:
   own hand, dummy once faced, the played cards, the voids shown, and the auction read through both sides'
   systems, ``robots.inference``), keeping the deals of its previous decision that are still consistent;
3. solves the samples double dummy in batches (``dd.solve_all``), within the ``Effort`` (samples per
   decision, a budget of CPU time per card: the process's, DDS's threads included, so that the robot plays
   the same on a busy machine as on a quiet one);
4. plays the card with the best expected score for the form of scoring (``robots.outcomes``); at the
   opening lead the 1930s conventions (``robots.leads``) decide among cards the samples value alike.

``hint(view)`` says what it would play and why; ``claim(view)`` and ``accepts_claim(view)`` are its claims
(L68–L70): declarer on lead claims the tricks it can guarantee from its own view on every layout
(``robots.claims.sure_line``) when every sample gives it no more; a defender agrees when no sample gives the claimer
fewer tricks than claimed.
"""

from __future__ import annotations

import os
import time
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from contractbridge.calls import Bid
from contractbridge.cards import Card, Hand, Rank, Seat, Suit
from contractbridge.errors import BridgeError
from contractbridge.robots.claims import sure_line
from contractbridge.robots.inference import Tier, read_auction
from contractbridge.robots.leads import conventional_card, lead_preference
from contractbridge.robots.outcomes import Form, Outcomes, best_tricks, card_values, solve_samples
from contractbridge.robots.sampling import Knowledge, Sample, Sampler
from contractbridge.systems import System, SystemOptions, system

if TYPE_CHECKING:
    from contractbridge.table import TableView

__all__ = ["EFFORTS", "ROBOT_EFFORT_ENV", "CardPlayRobot", "Decision", "Effort", "equal_groups"]

#: At the opening lead, cards within this share of the spread of values count as alike (then convention).
LEAD_SLACK = 0.1


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard the robot thinks: ``samples`` deals per decision, solved ``batch`` at a time until
    ``time_limit`` seconds of CPU time have been spent (None: no limit) once ``min_samples`` are solved; the
    robot also stops once ``agree`` deals are solved and one card is best in every one of them (a clear
    decision). The limit is the process's CPU time (``time.process_time``: DDS's threads included), not the
    wall clock, so other programs on a busy machine do not make the robot think less; it counts the dealing
    too, and the robot does not start a batch it expects to end past the limit. A claim needs
    ``claim_samples`` agreeing deals. With a time limit the number of deals solved depends on the machine's
    speed, so a seeded robot repeats its choices exactly only with ``time_limit=None``.

    ``Effort.parse`` reads the named levels of :data:`EFFORTS` (``low`` for tests: small and reproducible;
    ``normal``, the default; ``high``) or ``SAMPLES[/SECONDS]``."""

    samples: int = 20
    time_limit: float | None = 0.4
    min_samples: int = 4
    batch: int = 4
    claim_samples: int = 8
    agree: int = 8

    def __post_init__(self) -> None:
        if min(self.samples, self.min_samples, self.batch, self.claim_samples, self.agree) < 1:
            raise BridgeError("effort: samples, min_samples, batch, claim_samples and agree must be at least 1")
        if self.time_limit is not None and self.time_limit <= 0:
            raise BridgeError(f"effort: the time limit must be positive seconds or None, not {self.time_limit}")

    @classmethod
    def parse(cls, text: str | Effort) -> Effort:
        """``low``, ``normal``, ``high`` (:data:`EFFORTS`), or ``SAMPLES`` / ``SAMPLES/SECONDS`` (e.g. ``40/1.5``:
        40 deals, at most 1.5 s of CPU a card; without seconds, no time limit)."""
        if isinstance(text, Effort):
            return text
        named = EFFORTS.get(text.strip().lower())
        if named is not None:
            return named
        samples, _, seconds = text.partition("/")
        try:
            n = int(samples)
            limit = float(seconds) if seconds else None
        except ValueError:
            names = ", ".join(EFFORTS)
            raise BridgeError(f"unknown robot effort {text!r} (use {names}, SAMPLES or SAMPLES/SECONDS)") from None
        return cls(samples=n, time_limit=limit, min_samples=min(n, 4), batch=min(n, 4), claim_samples=min(n, 8))

    @classmethod
    def from_environment(cls) -> Effort:
        """The effort named by the environment variable :data:`ROBOT_EFFORT_ENV` (``normal`` when unset): the
        default of every robot seat built without an explicit effort (terminal, web table, table manager)."""
        return cls.parse(os.environ.get(ROBOT_EFFORT_ENV) or "normal")


#: The environment variable that sets the robots' default effort (e.g. ``low`` in the test suite).
ROBOT_EFFORT_ENV: Final = "CONTRACTBRIDGE_ROBOT_EFFORT"

#: The named efforts: ``low`` (4 deals a card, no time limit: reproducible and quick, for tests), ``normal``
#: (the default: at most 20 deals and about 0.4 s of CPU a card) and ``high`` (80 deals, 2 s a card).
EFFORTS: dict[str, Effort] = {
    "low": Effort(samples=4, time_limit=None, min_samples=2, batch=2, claim_samples=6, agree=4),
    "normal": Effort(),
    "high": Effort(samples=80, time_limit=2.0, min_samples=8, batch=8, claim_samples=16, agree=24),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: the card, why (``only choice`` or ``samples``), each candidate (one per group of equal
    cards) with its expected value and mean tricks for the side to play, the number of samples and the tier
    of constraints they kept, and ``unanimous``: declarer's side's final tricks if every sample agrees on
    them after ``card``, else None; ``exhaustive`` when the samples were every layout the sampler could find;
    ``kept`` how many deals were kept from the previous decision."""

    card: Card
    reason: str
    cards: tuple[Card, ...] = ()
    values: tuple[float, ...] = ()
    tricks: tuple[float, ...] = ()
    samples: int = 0
    tier: Tier | None = None
    unanimous: int | None = None
    exhaustive: bool = False
    kept: int = 0

    def describe(self) -> str:
        if self.reason != "samples":
            return f"{self.card}: {self.reason}"
        tier = "none" if self.tier is None else self.tier.name.lower()
        kept = "all constraints" if self.tier is Tier.REBID else f"constraints relaxed to {tier}"
        order = sorted(range(len(self.cards)), key=lambda j: -self.values[j])
        items = ", ".join(f"{self.cards[j]} {self.tricks[j]:.2f} tricks (value {self.values[j]:+.1f})" for j in order)
        return f"{self.card}: {self.samples} sampled deals ({kept}, {self.kept} kept from the last card); {items}"


def equal_groups(cards: frozenset[Card] | set[Card], played: int) -> list[tuple[Card, ...]]:
    """``cards`` (of one hand) in groups of equals: same suit, only ``played`` cards (those of completed tricks)
    between them; each group lowest first, groups in suit then rank order."""
    groups: list[tuple[Card, ...]] = []
    for suit in Suit:
        own = sorted((c for c in cards if c.suit == suit), key=lambda c: c.rank)
        run: list[Card] = []
        for card in own:
            if run and all(played >> (13 * suit + r - 2) & 1 for r in range(run[-1].rank + 1, card.rank)):
                run.append(card)
            else:
                if run:
                    groups.append(tuple(run))
                run = [card]
        if run:
            groups.append(tuple(run))
    return groups


def _system(which: str | System) -> System:
    return which if isinstance(which, System) else system(which)


def _hand_to_play(view: TableView) -> Hand:
    return view.dummy_hand if view.turn == view.dummy and view.dummy_hand is not None else view.hand


def _gone(view: TableView, knowledge: Knowledge) -> int:
    """The cards of completed tricks: those in the trick in progress still compete, so they do not make the
    cards around them equals (K and 8 with the T, J, Q between played are equal only once the trick is over)."""
    gone = knowledge.played
    for _, card in view.current_trick:
        gone &= ~card.bit
    return gone


def _to_move(view: TableView) -> Seat:
    """The hand to play next (also while a claim has stopped play)."""
    if view.current_trick:
        return view.current_trick[0][0].offset(len(view.current_trick))
    if view.tricks:
        return view.tricks[-1].winner
    assert view.declarer is not None
    return view.declarer.lho


class CardPlayRobot:
    """Plays the cards of a seat (and dummy's, for declarer, L41D) from its ``TableView`` only.

    ``system``/``opponents`` are the bidding systems the robot reads the auction with (its own side's and the
    opponents'), at the rubber ``partscores`` (NS, EW); ``form`` the form of scoring; ``effort`` how hard it
    thinks (None: ``Effort.from_environment()``); ``seed`` makes its choices reproducible (None: random)."""

    def __init__(
        self,
        system: str | System = "culbertson",
        opponents: str | System | None = None,
        options: SystemOptions | None = None,
        form: str | Form = Form.RUBBER,
        effort: Effort | None = None,
        seed: int | None = None,
        partscores: tuple[int, int] = (0, 0),
    ) -> None:
        self.system = _system(system)
        self.partscores = partscores
        self.opponents = self.system if opponents is None else _system(opponents)
        self.options = options
        self.form = Form.parse(form)
        self.effort = Effort.from_environment() if effort is None else effort
        self.seed = seed
        self.last: Decision | None = None
        self._memo: tuple[object, Decision] | None = None
        self._samples: dict[object, Sample] = {}

    # the Player protocol -------------------------------------------------------------------------------
    def play(self, view: TableView) -> Card:
        """The robot's card for the hand to play (its own, or dummy's when it is declarer)."""
        decision = self.decide(view)
        self.last = decision
        return decision.card

    def hint(self, view: TableView) -> str:
        """What the robot would play here and why (the samples and each card's value)."""
        return self.decide(view).describe()

    # decisions -----------------------------------------------------------------------------------------
    def decide(self, view: TableView) -> Decision:
        """The decision for ``view`` (computed once per position)."""
        legal = view.legal_cards
        if not legal or view.contract is None or view.declarer is None or view.turn is None:
            raise BridgeError(f"{view.seat.name.lower()} has no card to play now")
        knowledge = Knowledge.from_view(view)
        key = (view.number, int(view.seat), view.auction.calls, knowledge.played)
        if self._memo is not None and self._memo[0] == key:
            return self._memo[1]
        groups = equal_groups(legal, _gone(view, knowledge))
        hand = _hand_to_play(view)
        if len(groups) == 1:
            decision = Decision(self._within(groups[0], view, hand), "only choice")
        else:
            decision = self._sampled(view, knowledge, groups, hand)
        self._memo = (key, decision)
        return decision

    def _rng(self, view: TableView, played: int) -> np.random.Generator:
        if self.seed is None:
            return np.random.default_rng()
        auction = zlib.crc32(" ".join(str(c) for c in view.auction.calls).encode())
        cards = zlib.crc32(played.to_bytes(7, "little"))
        return np.random.default_rng([self.seed, view.number, int(view.seat), auction, cards])

    def _draw(self, view: TableView, knowledge: Knowledge, n: int) -> Sample:
        hidden = knowledge.hidden
        reading = read_auction(
            view.auction,
            view.vulnerability,
            self.system,
            self.opponents,
            view.seat,
            hidden,
            self.options,
            self.partscores,
        )
        board = (view.number, view.dealer, view.auction.calls, knowledge.known[view.seat])
        sample = Sampler(knowledge, reading, self._rng(view, knowledge.played)).draw(n, self._samples.get(board))
        self._samples = {board: sample}
        return sample

    def _sampled(
        self, view: TableView, knowledge: Knowledge, groups: list[tuple[Card, ...]], hand: Hand, at_least: int = 0
    ) -> Decision:
        """The sampled decision; ``at_least`` deals are solved before the robot may stop (a claim's test)."""
        start = time.process_time()  # the budget is CPU time (Effort): a busy machine does not shorten it
        contract, declarer, mover = view.contract, view.declarer, view.turn
        assert contract is not None and declarer is not None and mover is not None
        wanted = max(self.effort.samples, at_least)
        sample = self._draw(view, knowledge, wanted)
        reps = tuple(g[0] for g in groups)
        ours = mover.side == declarer.side
        leader = view.current_trick[0][0] if view.current_trick else mover
        trick = tuple(c for _, c in view.current_trick)
        won = view.tricks_won[declarer.side]
        remaining = 13 - len(view.tricks)
        pieces = []
        done = 0
        effort = self.effort
        limit = effort.time_limit
        for first in range(0, len(sample), effort.batch):
            begun = time.process_time()
            chunk = sample.holdings[first : first + effort.batch]
            part = solve_samples(chunk, knowledge.played, contract.strain, leader, trick, reps, ours, won, remaining)
            pieces.append(part.tricks)
            done += len(part)
            if done >= max(effort.agree, at_least) and _one_card_best(np.concatenate(pieces), ours):
                break
            now = time.process_time()
            if limit is not None and done >= max(effort.min_samples, at_least) and now + (now - begun) - start > limit:
                break
        if not pieces:
            return Decision(self._within(groups[0], view, hand), "no layout to sample")
        outcomes = Outcomes(reps, np.concatenate(pieces))
        vulnerable = view.vulnerability.is_vulnerable(declarer)
        values = card_values(outcomes, self.form, contract, declarer, vulnerable, ours)
        side_tricks = outcomes.tricks.mean(axis=0) if ours else 13 - outcomes.tricks.mean(axis=0)
        best = float(values.max())
        opening_lead = not view.tricks and not view.current_trick
        if opening_lead:
            slack = LEAD_SLACK * (best - float(values.min()))
            near = [g for j, g in enumerate(groups) if values[j] >= best - slack - 1e-9]
            partner = _partner_suits(view)
            card = min((c for g in near for c in g), key=lambda c: lead_preference(hand, c, contract.strain, partner))
            j = next(i for i, g in enumerate(groups) if card in g)
        else:
            near_idx = [j for j in range(len(groups)) if values[j] >= best - 1e-9]
            j = max(near_idx, key=lambda i: (side_tricks[i], -groups[i][0].rank))
            card = self._within(groups[j], view, hand)
        column = outcomes.tricks[:, j]
        unanimous = int(column[0]) if int(column.min()) == int(column.max()) else None
        return Decision(
            card,
            "samples",
            reps,
            tuple(float(v) for v in values),
            tuple(float(t) for t in side_tricks),
            len(outcomes),
            sample.tier,
            unanimous,
            len(sample) < wanted and len(outcomes) == len(sample),
            sample.kept,
        )

    def _within(self, group: tuple[Card, ...], view: TableView, hand: Hand) -> Card:
        """The card of a group of equals: a defender leads by the convention (top of a sequence); otherwise
        the lowest of equals."""
        defender_leads = not view.current_trick and view.declarer is not None and view.seat.side != view.declarer.side
        if defender_leads:
            conventional = conventional_card(hand, group[0].suit)
            if conventional in group:
                return conventional
            if group[-1].rank >= Rank.TEN:
                return group[-1]
        return group[0]

    # claims (L68–L69) ----------------------------------------------------------------------------------
    def claim(self, view: TableView) -> tuple[int, str] | None:
        """As declarer on lead: the tricks to claim of those remaining and the statement, when its side takes them
        on every layout whatever the defence (``sure_line``: a claim is judged on all normal lines, L70) and every
        sample (at least ``effort.claim_samples``) gives it no more, double dummy; else None. The effort changes
        how many samples are solved, never the guarantee."""
        if view.declarer is None or view.seat != view.declarer or not view.legal_cards or view.claim is not None:
            return None
        decision = self.decide(view)
        enough = decision.samples >= self.effort.claim_samples or decision.exhaustive
        if decision.reason != "samples" or (decision.unanimous is not None and not enough):
            # a clear decision, or one the first samples settled: sample enough deals to judge the claim
            knowledge = Knowledge.from_view(view)
            groups = equal_groups(view.legal_cards, _gone(view, knowledge))
            decision = self._sampled(view, knowledge, groups, _hand_to_play(view), self.effort.claim_samples)
        if decision.unanimous is None or (decision.samples < self.effort.claim_samples and not decision.exhaustive):
            return None
        tricks = decision.unanimous - view.tricks_won[view.declarer.side]
        sure = sure_line(view)
        if tricks > sure.tricks:  # the samples' layouts are not all of them: not a claim it can guarantee (L70)
            return None
        return tricks, sure.statement(tricks)

    def accepts_claim(self, view: TableView) -> bool:
        """Whether this seat agrees to the open claim (L69A): every sampled layout gives the claimer's side
        at least the tricks claimed, whatever the defence does (double dummy)."""
        claim = view.claim
        if claim is None or view.declarer is None or view.contract is None:
            raise BridgeError(f"{view.seat.name.lower()}: there is no claim to agree to")
        knowledge = Knowledge.from_view(view)
        sample = self._draw(view, knowledge, max(self.effort.claim_samples, self.effort.min_samples))
        mover = _to_move(view)
        leader = view.current_trick[0][0] if view.current_trick else mover
        trick = tuple(c for _, c in view.current_trick)
        side = view.declarer.side
        won = view.tricks_won[side]
        remaining = 13 - len(view.tricks)
        totals = best_tricks(
            sample.holdings, knowledge.played, view.contract.strain, leader, trick, mover.side == side, won, remaining
        )
        claimer = totals - won if claim.side == side else remaining - (totals - won)
        return bool(len(claimer)) and int(claimer.min()) >= claim.tricks

    def __repr__(self) -> str:
        return f"CardPlayRobot({self.system.name!r}, form={self.form.value!r})"


def _one_card_best(tricks: npt.NDArray[np.int64], ours: bool) -> bool:
    """Whether one candidate is best (most tricks for the side to play) in every sample solved so far."""
    best = tricks.max(axis=1, keepdims=True) if ours else tricks.min(axis=1, keepdims=True)
    return bool(np.all(tricks == best, axis=0).any())


def _partner_suits(view: TableView) -> list[Suit]:
    partner = view.seat.partner
    return [
        c.strain.suit
        for s, c in view.auction.history()
        if s == partner and isinstance(c, Bid) and c.strain.suit is not None
    ]
