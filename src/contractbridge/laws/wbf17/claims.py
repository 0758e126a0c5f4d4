"""Claims and concessions (L68–L71): the claim statement as a value, and the L70 check of a disputed claim.

``ClaimStatement`` is the line of play a claimer states (L68C): conditions (``draw trumps first``) and an
order of steps — a card to play (``SA``), a suit to cash from the top (``cash hearts``), a ruff (``ruff a
club``). ``ClaimStatement.parse`` reads the text form and ``str`` writes it back.

``check_claim`` is the director's L70 tool. From the claim position it searches **every line of play
consistent with the statement**, the opponents seeing all four hands (double dummy), and returns the
worst outcome for the claimer among *normal* lines (L70A: every doubtful point against the claimer, every
card choice the statement leaves open taken against him; the claimer's partner's choices too, L70D2). The
figure is proposed as a ruling for the director to confirm or override, together with the double-dummy
figure from DDS (``contractbridge.dd``) as evidence.

"Normal" (careless or inferior, not irrational; L70 footnote) is made computable by these rules, our reading
where the law leaves judgement, all from what the claimer can see (his side's cards and the cards played):

- a lead the statement does not fix may be of any suit: the order of cashing is open (no default order, L70E2),
  so suits may be blocked, a loser led early, an unmentioned trump left out (L70C); but a suit in which the hand
  on lead holds a master is led from its masters, never a low card away from them;
- when an opponent's card is winning the trick, the last hand wins it if it can, and an earlier hand beats it
  when it holds a master that does, by following or by ruffing (letting it go is irrational); otherwise any card
  of the suit led may be played (an unstated finesse is not credited, L70E1);
- a hand that cannot follow does not throw a master card while it holds a non-master to throw, and as the last
  hand does not ruff its partner's winning card nor fail to ruff an opponent's winner when it can.

An opponent's outstanding trump the statement does not mention is assumed forgotten (L70C); the check also
reports the figure if the director judges it was not forgotten (trumps then drawn first), as the 70C
question's other outcome.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from contractbridge.cards import Card, Seat, Side, Strain, Suit
from contractbridge.dd import Position, best_cards
from contractbridge.deal import Deal
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling
from contractbridge.errors import ClaimError, ParseError
from contractbridge.play import PlayState

__all__ = [
    "ClaimCheck",
    "ClaimStatement",
    "ClaimTooComplexError",
    "Step",
    "StepKind",
    "agreed_claim_review",
    "check_claim",
    "check_concession",
    "claim_or_concession",
    "disputed_claim",
    "position_of",
]


class ClaimTooComplexError(ClaimError):
    """The search over the claim's normal lines exceeded its budget: the director decides unaided."""


# --------------------------------------------------------------------------------------------------
# the statement
# --------------------------------------------------------------------------------------------------
class StepKind(Enum):
    PLAY = "play"  # play this card at the first turn of its hand where it is legal
    CASH = "cash"  # lead this suit from the top while the hand on lead holds it
    RUFF = "ruff"  # lead this suit and ruff it in the other hand


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    card: Card | None = None
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if (self.kind is StepKind.PLAY) != (self.card is not None) or (self.kind is not StepKind.PLAY) != (
            self.suit is not None
        ):
            raise ParseError(f"a {self.kind.value} step needs {'a card' if self.kind is StepKind.PLAY else 'a suit'}")

    def __str__(self) -> str:
        if self.card is not None:
            return str(self.card)
        assert self.suit is not None
        name = self.suit.name.lower()
        return f"cash {name}" if self.kind is StepKind.CASH else f"ruff a {name[:-1]}"


_SEPARATORS: Final = re.compile(r"\s*(?:,|;|\bthen\b|\band\b)\s*", re.IGNORECASE)
_DRAW: Final = re.compile(r"(?:draw(?:ing)?|pull(?:ing)?) (?:the )?trumps?(?: first)?")
_CASH: Final = re.compile(r"(?:cash(?:ing)?|run(?:ning)?|play(?:ing)?) (?:the |my )?(\S+)")
_RUFF: Final = re.compile(r"ruff(?:ing)? (?:a |an |the )?(\S+)")
_FINESSE: Final = re.compile(r"finess(?:e|ing) (?:in |the |a )?(\S+)")


def _suit(word: str) -> Suit:
    word = word.lower()
    for suit in Suit:
        name = suit.name.lower()
        if word in (name, name[:-1]):
            return suit
    return Suit.parse(word)


@dataclass(frozen=True, slots=True)
class ClaimStatement:
    """The claimer's stated line (L68C): ``draw_trumps`` first, then ``steps`` in order; ``finesses``: the suits
    he announced he would finesse in (``finesse hearts``, ``finesse the HQ``: NL36 29.1 forbids any other)."""

    steps: tuple[Step, ...] = ()
    draw_trumps: bool = False
    finesses: tuple[Suit, ...] = ()

    @classmethod
    def parse(cls, text: str) -> ClaimStatement:
        """``"draw trumps first, then SA, cash hearts, ruff a club, finesse diamonds"``; an empty text is a bare
        claim."""
        steps: list[Step] = []
        finesses: list[Suit] = []
        draw = False
        for raw in _SEPARATORS.split(text.strip()):
            item = raw.strip().lower().rstrip(".")
            if not item:
                continue
            if _DRAW.fullmatch(item):
                draw = True
            elif m := _FINESSE.fullmatch(item):
                word = m.group(1)
                finesses.append(Card.parse(word).suit if len(word) == 2 and word[0] in "shdc" else _suit(word))
            elif m := _RUFF.fullmatch(item):
                steps.append(Step(StepKind.RUFF, suit=_suit(m.group(1))))
            elif m := _CASH.fullmatch(item):
                word = m.group(1)
                try:
                    steps.append(Step(StepKind.PLAY, card=Card.parse(word)))
                except ParseError:
                    steps.append(Step(StepKind.CASH, suit=_suit(word)))
            else:
                try:
                    steps.append(Step(StepKind.PLAY, card=Card.parse(item)))
                except ParseError:
                    raise ParseError(
                        f"claim statement: cannot read {raw.strip()!r} (write e.g. 'draw trumps first, then SA, "
                        "cash hearts, ruff a club')"
                    ) from None
        return cls(tuple(steps), draw, tuple(dict.fromkeys(finesses)))

    def mentions_trumps(self, trump: Suit | None) -> bool:
        """Whether the statement deals with trumps (L70C1): drawing them, or a trump card or suit named."""
        if trump is None:
            return False
        return self.draw_trumps or any(
            s.suit == trump or (s.card is not None and s.card.suit == trump) for s in self.steps
        )

    def __str__(self) -> str:
        parts = (["draw trumps first"] if self.draw_trumps else []) + [str(s) for s in self.steps]
        parts += [f"finesse {s.name.lower()}" for s in self.finesses]
        return ", then ".join(parts)

    def __repr__(self) -> str:
        return f"ClaimStatement.parse({str(self)!r})"


# --------------------------------------------------------------------------------------------------
# the search over normal lines
# --------------------------------------------------------------------------------------------------
_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
_SUIT: Final = tuple(0x1FFF << (13 * s) for s in range(4))


def _cards(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _above(index: int) -> int:
    """The bits of the cards of the same suit ranking above ``index``."""
    return _SUIT[index // 13] & ~((2 << index) - 1)


class _Search:
    """Min over the claimer's normal lines and every opponent card: the fewest tricks the claimer's side takes."""

    def __init__(
        self, hands: list[int], trump: int, side: int, steps: tuple[Step, ...], draw: bool, budget: int, claim_all: bool
    ) -> None:
        self.hands = hands
        self.claim_all = claim_all
        self.trump = trump
        self.side = side
        self.steps = steps
        self.draw = draw
        self.budget = budget
        self.memo: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.exact = True

    # helpers ------------------------------------------------------------------------------------
    def _ours(self, seat: int) -> bool:
        return seat & 1 == self.side

    def _opponents_bits(self) -> int:
        h = self.hands
        return h[(self.side + 1) & 3] | h[(self.side + 3) & 3]

    def _is_master(self, index: int) -> bool:
        return not self._opponents_bits() & _above(index)

    def _all_masters(self, leader: int) -> bool:
        """Whether the claimer's side takes every remaining trick from the start of a trick led by ``leader``:
        the opponents hold no trump and every card of the claimer's side outranks their cards of its suit. Each
        lead of the claimer's side then wins; an opponent's lead in a suit one of its hands holds is beaten (an
        earlier hand beats with a master, the last hand wins when able)."""
        opp = self._opponents_bits()
        if self.trump >= 0 and opp & _SUIT[self.trump]:
            return False
        mine = self.hands[self.side] | self.hands[self.side + 2]
        if not all(opp & _SUIT[c // 13] < 1 << c for c in _cards(mine)):
            return False
        return self._ours(leader) or all(mine & _SUIT[s] for s in range(4) if opp & _SUIT[s])

    def _winner(self, leader: int, trick: list[int]) -> int:
        best, top = 0, trick[0]
        for pos in range(1, len(trick)):
            card = trick[pos]
            if card // 13 == top // 13:
                if card > top:
                    best, top = pos, card
            elif card // 13 == self.trump:
                best, top = pos, card
        return (leader + best) & 3

    def _distinct(self, seat: int, cands: int, trick: list[int]) -> list[int]:
        """One card of each run of equivalent cards (no card between them held elsewhere or on the table)."""
        others = 0
        for s in range(4):
            if s != seat:
                others |= self.hands[s]
        for c in trick:
            others |= 1 << c
        out: list[int] = []
        prev = -1
        for c in _cards(cands):
            if prev >= 0 and prev // 13 == c // 13 and not others & (((1 << c) - 1) & ~((2 << prev) - 1)):
                prev = c
                continue
            out.append(c)
            prev = c
        return out

    def _step(self, p: int) -> int:
        """The first step not yet done or impossible."""
        h = self.hands
        mine = h[self.side] | h[self.side + 2]
        while p < len(self.steps):
            step = self.steps[p]
            if step.card is not None and mine >> step.card.index & 1:
                return p
            if step.kind is StepKind.CASH and step.suit is not None and mine & _SUIT[step.suit]:
                return p
            if step.kind is StepKind.RUFF and step.suit is not None and self.trump >= 0:
                s = _SUIT[step.suit]
                for a, b in ((self.side, self.side + 2), (self.side + 2, self.side)):
                    if h[a] & s and not h[b] & s and h[b] & _SUIT[self.trump]:
                        return p
            p += 1
        return p

    def candidates(self, seat: int, leader: int, trick: list[int], p: int) -> list[int]:
        hand = self.hands[seat]
        legal = hand & _SUIT[trick[0] // 13] if trick else 0
        void = not legal
        legal = legal or hand
        if not self._ours(seat):
            return self._distinct(seat, legal, trick)
        trumps = _SUIT[self.trump] if self.trump >= 0 else 0
        if not trick:
            if self.draw and trumps & self._opponents_bits() and hand & trumps:
                return [max(_cards(hand & trumps))]
            if p < len(self.steps):
                step = self.steps[p]
                if step.card is not None and hand >> step.card.index & 1:
                    return [step.card.index]
                if step.suit is not None and hand & _SUIT[step.suit]:
                    held = _cards(hand & _SUIT[step.suit])
                    return [max(held) if step.kind is StepKind.CASH else min(held)]
            return self._distinct(seat, self._normal_leads(hand), trick)
        if p < len(self.steps):
            step = self.steps[p]
            if (
                step.card is not None
                and legal >> step.card.index & 1
                and not self._outrun(seat, leader, trick, step.card.index, legal)
            ):
                return [step.card.index]
            led_by_us = self._ours(leader)
            if step.kind is StepKind.RUFF and led_by_us and void and step.suit == trick[0] // 13 and hand & trumps:
                return self._distinct(seat, hand & trumps, trick)
        return self._distinct(seat, self._normal(seat, leader, trick, legal, void, trumps), trick)

    def _outrun(self, seat: int, leader: int, trick: list[int], card: int, legal: int) -> bool:
        """Whether an opponent's card now winning beats the stated ``card`` while another card would win: the
        stated finesse has been overtaken, and the claimer plays on normally (he keeps the step for later)."""
        if self._winner(leader, trick) & 1 == self.side or self._winner(leader, [*trick, card]) == seat:
            return False
        return any(self._winner(leader, [*trick, c]) == seat for c in _cards(legal))

    def _normal_leads(self, hand: int) -> int:
        """Any suit may be led, but a suit in which the hand on lead holds a master is led from its masters (a low
        card led away from them is irrational); and a claimer of every remaining trick does not give up the lead
        in a suit the opponents command while his side commands one the hand on lead holds (our reading)."""
        opp = self._opponents_bits()
        mine = self.hands[self.side] | self.hands[self.side + 2]
        out, commanded = hand, 0
        for s in range(4):
            held = hand & _SUIT[s]
            masters = sum(1 << c for c in _cards(held) if opp & _SUIT[s] < 1 << c)
            if masters:
                out &= ~(held & ~masters)
            if held and (mine & _SUIT[s]).bit_length() > (opp & _SUIT[s]).bit_length():
                commanded |= _SUIT[s]  # the side's highest card of the suit outranks the opponents' highest
        if self.claim_all and out & commanded:
            out &= commanded
        return out

    def _normal(self, seat: int, leader: int, trick: list[int], legal: int, void: bool, trumps: int) -> int:
        """The cards a careless but rational player of the claimer's side may play to ``trick`` (our reading)."""
        last = len(trick) == 3
        partner_wins = self._winner(leader, trick) == (seat + 2) & 3
        if not partner_wins:
            beats = [c for c in _cards(legal) if self._winner(leader, [*trick, c]) == seat]
            if beats and (last or any(self._is_master(c) for c in beats)):
                return sum(1 << c for c in beats)
        if not void:
            return legal
        if last and partner_wins and legal & ~trumps:
            legal &= ~trumps
        masters = sum(1 << c for c in _cards(legal & ~trumps) if self._is_master(c))
        throwable = legal & ~trumps & ~masters
        if throwable:
            return legal & ~masters
        return legal

    def below(self, leader: int, trick: list[int], p: int, target: int) -> bool:
        """Whether some line (claimer normal, opponents anything) gives the claimer's side fewer than ``target``
        of the remaining tricks. Bounds per position are memoised (``lo <= min <= hi``) with the move that
        reached ``hi``, so the worst line can be replayed."""
        if target <= 0:
            return False
        p = self._step(p)
        h = self.hands
        key = (h[0], h[1], h[2], h[3], leader, p, *trick)
        lo, hi, _ = self.memo.get(key, (0, 99, -1))
        if hi < target:
            return True
        if lo >= target:
            return False
        if not (h[0] | h[1] | h[2] | h[3]):
            return True
        if not trick and self._all_masters(leader):
            return bin(h[leader]).count("1") < target  # every remaining trick is the claimer's side's
        self.budget -= 1
        if self.budget < 0:
            raise ClaimTooComplexError("too many lines to search; the director rules unaided (L70)")
        seat = (leader + len(trick)) & 3
        cands = self.candidates(seat, leader, trick, p)
        if not self._ours(seat):
            cands.reverse()  # the opponents' high cards first: a lost trick is found sooner
        for c in cands:
            h[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == 4:
                winner = self._winner(leader, trick)
                nxt_p = p + 1 if self._ruffed_step_done(p, leader, trick) else p
                won = 1 if self._ours(winner) else 0
                found = self.below(winner, [], nxt_p, target - won)
            else:
                found = self.below(leader, trick, p, target)
            trick.pop()
            h[seat] ^= 1 << c
            if found:
                self.memo[key] = (lo, target - 1, c)
                return True
        self.memo[key] = (target, hi, self.memo.get(key, (0, 99, -1))[2])
        return False

    def worst(self, leader: int, trick: list[int], target: int) -> int:
        """The fewest tricks of the remaining the claimer's side takes on a normal line (at most ``target``). Once
        a line below ``target`` is found, a search that runs out of budget keeps the worst line found so far
        (``exact`` is then false); before that it raises ``ClaimTooComplexError``."""
        if not self.below(leader, trick, 0, target):
            return target
        target -= 1
        hands, cards = list(self.hands), list(trick)
        try:
            while self.below(leader, trick, 0, target):
                target -= 1
        except ClaimTooComplexError:  # the search stopped mid-line: put the cards back
            self.hands[:], trick[:] = hands, cards
            self.exact = False
        return target

    def _ruffed_step_done(self, p: int, leader: int, trick: list[int]) -> bool:
        if p >= len(self.steps):
            return False
        step = self.steps[p]
        return step.kind is StepKind.RUFF and self._ours(leader) and step.suit == trick[0] // 13

    def line(self, leader: int, trick: list[int], p: int) -> list[tuple[int, int]]:
        """The worst line found, card by card, replayed from the memoised moves on a copy of the hands."""
        saved = list(self.hands)
        out: list[tuple[int, int]] = []
        trick = list(trick)
        while True:
            p = self._step(p)
            h = self.hands
            if not (h[0] | h[1] | h[2] | h[3]):
                break
            hit = self.memo.get((h[0], h[1], h[2], h[3], leader, p, *trick))
            seat = (leader + len(trick)) & 3
            # a position decided without search (all masters, or enough tricks already) takes the same tricks on any
            # normal card: the first candidate, which follows the statement (L70D/E read its order: SA before C2)
            c = hit[2] if hit is not None and hit[2] >= 0 else self.candidates(seat, leader, trick, p)[0]
            out.append((seat, c))
            h[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == 4:
                winner = self._winner(leader, trick)
                p = p + 1 if self._ruffed_step_done(p, leader, trick) else p
                leader, trick = winner, []
        self.hands[:] = saved
        return out


# --------------------------------------------------------------------------------------------------
# the check
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """The L70 check of a claim: ``claimed`` of the ``remaining`` tricks (the current one included) for the
    claimer's side; ``worst`` they take on the worst normal line (``line``, card by card, trick ``losing`` the
    first trick too many); ``remembered`` the figure if the director judges an unmentioned trump was not
    forgotten (L70C; ``None`` when the question does not arise); ``dd`` the double-dummy figure (evidence);
    ``exact`` false when the search ran out of budget after finding a losing line (``worst`` is then at most)."""

    claimer: Seat
    claimed: int
    remaining: int
    first_trick: int
    worst: int
    line: tuple[tuple[Seat, Card], ...]
    losing: int | None
    remembered: int | None = None
    dd: int | None = None
    exact: bool = True

    @property
    def sound(self) -> bool:
        """Whether no normal line loses a claimed trick."""
        return self.worst >= self.claimed

    def describe(self) -> str:
        side = self.claimer.side
        if self.sound:
            return f"the claim of {self.claimed} is sound: every normal line takes at least {self.worst} tricks"
        cards = " ".join(f"{s.letter}:{c}" for s, c in self.line)
        return (
            f"the claim of {self.claimed} fails: on the line {cards} {side} takes only {self.worst}, losing trick "
            f"{self.losing}" + ("" if self.exact else " (the search stopped there: a worse line may exist)")
        )

    def ruling(self) -> Ruling:
        """The proposed L70 ruling: the worst normal figure for the claimer, to confirm or override; with the
        70C question when an unmentioned trump was outstanding."""
        side = self.claimer.side
        notes = [self.describe()]
        if self.dd is not None:
            notes.append(f"Evidence, not a ruling: double dummy the claimer's side takes {self.dd} tricks.")
        award = min(self.claimed, self.worst)
        confirm = Option(
            "confirm",
            "70A" if self.remembered is None else "70C",
            f"{side} takes {award} of the remaining {self.remaining} tricks",
            (Effect(EffectKind.AWARD, data=f"{award}"),),
        )
        if self.remembered is None:
            override = Option("override", "70A", "the director rules another number of tricks (L70B)")
            return Ruling(
                "claim",
                "70",
                self.claimer,
                f"{self.claimer.name.capitalize()} claims {self.claimed} tricks",
                (confirm, override),
                notes=tuple(notes),
            )
        kept = min(self.claimed, self.remembered)
        forgot = Option(confirm.id, "70C", confirm.effect, confirm.effects, answer=True)
        remembered = Option(
            "not_forgotten",
            "70C2",
            f"{side} takes {kept} of the remaining {self.remaining} tricks (trumps drawn)",
            (Effect(EffectKind.AWARD, data=f"{kept}"),),
            answer=False,
        )
        question = Question("70C2", "70C", "Is it plausible that the claimer had forgotten the outstanding trump?")
        return Ruling(
            "claim",
            "70C",
            self.claimer,
            f"{self.claimer.name.capitalize()} claims {self.claimed} tricks, an opponent's trump unmentioned",
            (forgot, remembered),
            question=question,
            notes=tuple(notes),
        )


def position_of(state: PlayState) -> Position:
    """The claim position of a play in progress: the cards still held, trumps, and the trick in progress."""
    current = state.current_trick
    leader = current[0][0] if current else state.leader
    hands = Deal.partial(dict(zip(Seat, state.hands, strict=True)))
    return Position(hands, state.strain, leader, tuple(c for _, c in current))


def _worst(
    position: Position, side: Side, statement: ClaimStatement, budget: int, target: int, *, claim_all: bool = False
) -> tuple[int, _Search]:
    trump = -1 if position.trump is Strain.NOTRUMP else int(position.trump)
    hands = [h.bits for h in position.hands.hands]
    search = _Search(hands, trump, int(side), statement.steps, statement.draw_trumps, budget, claim_all)
    return search.worst(int(position.leader), [c.index for c in position.trick], target), search


def check_claim(
    position: Position | PlayState,
    claimer: Seat,
    claimed: int,
    statement: ClaimStatement | str = "",
    *,
    budget: int = 400_000,
    double_dummy: bool = True,
) -> ClaimCheck:
    """Check ``claimer``'s claim of ``claimed`` of the remaining tricks (L70) from ``position`` (or a play in
    progress). ``budget`` bounds the positions searched (``ClaimTooComplexError`` beyond it); ``double_dummy``
    adds the DDS figure as evidence (needs the ``dd`` extra)."""
    if isinstance(position, PlayState):
        if position.is_over:
            raise ClaimError("no tricks remain to claim (L68)")
        position = position_of(position)
    if isinstance(statement, str):
        statement = ClaimStatement.parse(statement)
    remaining = len(position.hands[position.to_play])
    first = 14 - remaining
    if not 0 <= claimed <= remaining:
        raise ClaimError(f"a claim of {claimed} tricks: only {remaining} remain (L68A)")
    side = claimer.side
    worst, search = _worst(position, side, statement, budget, claimed, claim_all=claimed == remaining)
    leader, trick = int(position.leader), [c.index for c in position.trick]
    moves = search.line(leader, trick, 0)
    line = tuple((Seat(s), _CARDS[c]) for s, c in moves)
    losing = _losing_trick(search, leader, trick, moves, side, remaining - claimed, first) if worst < claimed else None
    remembered = None
    trump = position.trump.suit
    if trump is not None and not statement.mentions_trumps(trump):
        opp = position.hands[Seat(int(side) + 1)].bits | position.hands[Seat((int(side) + 3) & 3)].bits
        if opp & trump.mask:
            remembered = _worst(
                position, side, ClaimStatement(statement.steps, True), budget, claimed, claim_all=claimed == remaining
            )[0]
    dd = _dd_figure(position, side) if double_dummy else None
    return ClaimCheck(claimer, claimed, remaining, first, worst, line, losing, remembered, dd, search.exact)


def _losing_trick(
    search: _Search, leader: int, trick: list[int], moves: list[tuple[int, int]], side: Side, allowed: int, first: int
) -> int:
    """The number of the trick on ``moves`` where the claimer's side loses one trick more than it conceded."""
    cards = list(trick)
    lost, number = 0, first
    for _, c in moves:
        cards.append(c)
        if len(cards) == 4:
            winner = search._winner(leader, cards)
            if winner & 1 != side:
                lost += 1
                if lost > allowed:
                    return number
            leader, cards, number = winner, [], number + 1
    return number


def _dd_figure(position: Position, side: Side) -> int:
    """Double dummy from the claim position: the claimer's side's tricks (current trick included)."""
    best, _ = best_cards(position)
    remaining = len(position.hands[position.to_play])
    return best if position.to_play.side == side else remaining - best


def check_concession(
    position: Position | PlayState, conceder: Seat, conceded: int, *, actually_won: int = 0, budget: int = 400_000
) -> Ruling:
    """A concession stands (L71) unless, within the correction period (L79C), the conceding side had actually won
    a conceded trick (71A, ``actually_won``) or it could not have been lost by any normal play (71B): those
    tricks go back to the conceding side. The search is ``check_claim``'s, the conceder as "claimer"."""
    if isinstance(position, PlayState):
        position = position_of(position)
    remaining = len(position.hands[position.to_play])
    if not 0 <= conceded <= remaining:
        raise ClaimError(f"a concession of {conceded} tricks: only {remaining} remain (L68B)")
    kept = remaining - conceded
    worst = _worst(position, conceder.side, ClaimStatement(), budget, remaining)[0]
    back = max(actually_won, worst - kept, 0)
    side = conceder.side
    if not back:
        return Ruling(
            "concession",
            "71",
            conceder,
            f"{side} conceded {conceded} tricks",
            (Option("stands", "71", "the concession stands: a normal line could lose those tricks"),),
        )
    law = "71A" if actually_won >= worst - kept else "71B"
    return Ruling(
        "concession",
        law,
        conceder,
        f"{side} conceded {conceded} tricks",
        (
            Option(
                "cancel",
                law,
                f"{back} conceded trick(s) go back to {side}: "
                + ("already won" if law == "71A" else "no normal play could lose them"),
                (Effect(EffectKind.TRANSFER, conceder, data=str(back)),),
            ),
        ),
        notes=("Only within the correction period (L79C); the board is rescored.",),
    )


# --------------------------------------------------------------------------------------------------
# L68–L69 procedure
# --------------------------------------------------------------------------------------------------
def claim_or_concession(
    seat: Seat, tricks: int, remaining: int, *, later_tricks: bool = True, abandoned: bool = False
) -> Ruling:
    """What a statement about tricks is (L68): about the current trick only, no claim (preamble: cards shown
    are no penalty cards, L16/L57A may apply); a claim of ``tricks`` concedes the rest (68A, 68B1); abandoning
    the hand concedes them all (68B1). Play stops (68D)."""
    if not later_tricks:
        return Ruling(
            "statement",
            "68",
            seat,
            "A statement about the current trick only: no claim or concession",
            (Option("continue", "68", "play continues; cards shown are not penalty cards (L16, L57A may apply)"),),
        )
    if abandoned:
        tricks = 0
    law = "68B1" if tricks < remaining else "68A"
    return Ruling(
        "claim",
        law,
        seat,
        f"{seat.name.capitalize()} claims {tricks} and concedes {remaining - tricks} tricks",
        (Option("stop", "68D", "play stops; the opponents agree (L69) or dispute it (L68D2, L70)"),),
        notes=("The claimer faces his hand and states his line of play, including the order (68C).",),
    )


def disputed_claim(
    claimer: Seat,
    *,
    defender_conceded_partner_objects: bool = False,
    play_on_requested: bool = False,
    all_agree: bool = False,
) -> Ruling:
    """A claim or concession not agreed (L68B2, L68D2): a defender's concession his partner objects to at once
    is none, play continues, the shown cards are no PCs but UI for partner (68B2); the non-claiming side may ask
    to play on, and if all four agree the claim is void and the result of the play stands (68D2(b)); otherwise
    the director rules under L70."""
    if defender_conceded_partner_objects:
        return Ruling(
            "concession",
            "68B2",
            claimer,
            "A defender's concession his partner objected to at once",
            (
                Option(
                    "continue",
                    "68B2",
                    "no concession; play continues; cards shown are not penalty cards; "
                    "what partner saw is UI for him (L16C)",
                ),
            ),
        )
    if play_on_requested and all_agree:
        return Ruling(
            "claim",
            "68D2(b)",
            claimer,
            "All four agreed to play on",
            (
                Option(
                    "play_on",
                    "68D2(b)",
                    "the claim is void; L16 and L50 do not apply; the result of the continued play stands",
                ),
            ),
        )
    return Ruling(
        "claim",
        "68D2(a)",
        claimer,
        "A disputed claim: the director is called",
        (Option("director", "68D2(a), 70", "no action until the director arrives; he rules under L70"),),
    )


_PROBABLY_WON: Final = Question("69B2", "69B2", "Would the side probably have won the trick had play continued?")


def agreed_claim_review(
    side: Side, *, objected_before_next_board: bool, within_correction_period: bool, actually_won: bool = False
) -> Ruling:
    """An agreed claim or concession (L69): final once the agreeing side calls on a later board without objection
    (69A); within the correction period it may be withdrawn for a trick the side had actually won (69B1) or would
    probably have won had play continued (69B2, a judgement: ``check_claim``'s worst line is the evidence)."""
    if objected_before_next_board:
        return Ruling(
            "claim",
            "69A",
            None,
            "Agreement withdrawn before the next board: the claim is disputed",
            (Option("dispute", "69A, 70", "the director rules under L70"),),
        )
    if not within_correction_period:
        return Ruling(
            "claim",
            "69A",
            None,
            "The agreement is final",
            (Option("final", "69A", "scored as if the tricks had been won and lost in play"),),
        )
    if actually_won:
        return Ruling(
            "claim",
            "69B1",
            None,
            f"{side} agreed to lose a trick it had actually won",
            (Option("rescore", "69B1", f"the board is rescored with that trick to {side}"),),
        )
    return Ruling(
        "claim",
        "69B2",
        None,
        f"{side} withdraws its agreement within the correction period",
        (
            Option("rescore", "69B2", f"the trick goes to {side}", answer=True),
            Option("final", "69A", "the agreement stands", answer=False),
        ),
        question=_PROBABLY_WON,
    )
