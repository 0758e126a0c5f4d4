"""Claims by robots at a table (L68–L70): a robot declarer on lead claims only the tricks it can guarantee from its
own view (``sure_line``: on every layout of the unseen cards, against any defence), and only when its samples agree
that it cannot take more, stating that line card by card (``SureLine.statement``, L68C) in the form
``ClaimStatement.parse`` reads, so a disputed claim is judged by it (L70D, L70E); the robot defenders agree or dispute
by the samples. The claim procedure is the table driver's (``players.Driver``); ``offer_claim`` and ``robot_claims``
run just its claim and the robots' answers.

``robot_claims(players)`` gives an ``on_action`` callback for ``players.play_board`` (or pass
``claims=True``): after each action, if the seat to act is a robot declarer on lead that claims, the claim
goes to the table; the driver then asks each defender whose player can judge claims. Every robot sees its
own ``TableView`` only. A defender that cannot judge (a human, a random player) is left to answer itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from contractbridge.cards import FULL_PACK, Card, Hand, Rank, Seat, Suit
from contractbridge.players import ClaimingPlayer, Driver, Player
from contractbridge.robots.sampling import Knowledge
from contractbridge.table import Table, TableView

__all__ = ["ClaimingPlayer", "SureLine", "offer_claim", "robot_claims", "sure_line", "sure_tricks"]


def offer_claim(table: Table, players: Mapping[Seat, Player]) -> bool:
    """Let the robot declarer on lead claim if it wants to (``Driver.robot_claim``); True if a claim was made.
    The opponents answer at the driver's next steps (robots by their own judgement, L69A, L68D2)."""
    offer = Driver(table, players, claims=True).robot_claim()
    if offer is not None:
        table.apply(offer.event)
    return offer is not None


def robot_claims(players: Mapping[Seat, Player]) -> Callable[[Table], None]:
    """An ``on_action`` callback for ``play_board`` that lets robot declarers claim (see the module)."""

    def after(table: Table) -> None:
        offer_claim(table, players)

    return after


# ---- the tricks a declarer can guarantee (L70: a claim is judged on every normal line) ----------------------------
#: the positions ``sure_line`` searches at most: a longer search only finds fewer sure tricks, never false ones
SURE_BUDGET = 20_000

#: a hand as ranks per suit (``Suit`` order), highest first
_Ranks = tuple[tuple[int, ...], ...]
#: a sure trick of the line: the card led (suit, rank), the partner's (suit, rank), and which wins (0: the leader)
_Move = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class SureLine:
    """``tricks`` of the remaining tricks that declarer's side takes on every layout of the unseen cards whatever the
    defenders do, by a fixed line of its own cards that starts with ``first`` (None: no trick is sure): ``cards``,
    the side's two cards of each sure trick in the order they are played (the card led, then the partner's)."""

    tricks: int
    first: Card | None
    cards: tuple[Card, ...] = ()

    def statement(self, tricks: int) -> str:
        """The line that takes ``tricks`` of them as a claim statement in the form ``ClaimStatement.parse`` reads
        (L68C: the line of play, clearly stated; L70D, L70E: the director judges the claim by it): each card the
        side plays, in order, e.g. ``"SA, S2, HK, H3"``; empty for no trick (a concession)."""
        return ", ".join(str(c) for c in self.cards[: 2 * min(tricks, self.tricks)])


def sure_line(view: TableView) -> SureLine:
    """The tricks declarer's side, on lead (no trick in progress), can guarantee from declarer's view: its own hand,
    dummy and the played cards (L68–L70: a claim is judged on every layout and all normal lines of play); see
    ``sure_tricks``."""
    declarer, dummy_hand = view.declarer, view.dummy_hand
    if declarer is None or view.contract is None or dummy_hand is None or view.current_trick or view.turn is None:
        return SureLine(0, None)
    if view.seat != declarer or view.turn not in (declarer, declarer.partner):  # a defender's view: not his line
        return SureLine(0, None)
    on_lead, partner = (view.hand, dummy_hand) if view.turn == view.seat else (dummy_hand, view.hand)
    unseen = Hand.from_bits(FULL_PACK & ~(on_lead.bits | partner.bits | Knowledge.from_view(view).played))
    return sure_tricks(on_lead, partner, unseen, view.contract.strain.suit)


def sure_tricks(on_lead: Hand, partner: Hand, unseen: Hand, trump: Suit | None) -> SureLine:
    """The tricks a side takes for certain with ``on_lead``'s hand to lead and ``partner``'s, the defenders holding
    ``unseen`` between them in any layout and defending as they like (L70: every normal line).

    A line here is a fixed order of the side's cards; a trick counts as sure when the card that wins it for the
    side beats every card the defenders may still hold: a master (above every unseen card of its suit, or the suit
    led as often as there are unseen cards in it: the defenders must follow, L44C), and in a suit contract a
    side-suit card only once trumps are drawn so (else a void defender may ruff), a ruff only with a master trump.
    The line ends at the first trick that is not sure. A search of at most ``SURE_BUDGET`` positions: it may miss a
    line (fewer sure tricks), never overstates."""
    search = _Search(
        tuple(len(unseen.ranks(s)) for s in Suit),
        tuple(max((int(r) for r in unseen.ranks(s)), default=0) for s in Suit),
        None if trump is None else int(trump),
    )
    hands = tuple(tuple(tuple(int(r) for r in h.ranks(s)) for s in Suit) for h in (on_lead, partner))
    tricks, move = search.best(hands[0], hands[1], (0, 0, 0, 0))
    cards = tuple(Card(Suit(suit), Rank(rank)) for suit, rank in search.line(hands[0], hands[1], (0, 0, 0, 0)))
    return SureLine(tricks, None if move is None else Card(Suit(move[0]), Rank(move[1])), cards)


class _Search:
    """The search of ``sure_line`` over the leader's and his partner's cards, with the unseen cards per suit
    (``unseen``: how many; ``top``: the highest rank, 0 for none) and the trump suit's index (None: notrump)."""

    def __init__(self, unseen: tuple[int, ...], top: tuple[int, ...], trump: int | None) -> None:
        self.unseen, self.top, self.trump = unseen, top, trump
        self.memo: dict[tuple[_Ranks, _Ranks, tuple[int, ...]], tuple[int, _Move | None]] = {}
        self.budget = SURE_BUDGET

    def _master(self, suit: int, rank: int, rounds: tuple[int, ...]) -> bool:
        """Whether no defender can still hold a higher card of ``suit``: above all unseen, or all of them gone."""
        return rank > self.top[suit] or rounds[suit] >= self.unseen[suit]

    def best(self, lead: _Ranks, other: _Ranks, rounds: tuple[int, ...]) -> tuple[int, _Move | None]:
        """The most sure tricks with ``lead``'s hand on lead, and the trick that starts that line: the card led
        (suit, rank), the partner's (suit, rank) and which of the two wins it (0: the leader)."""
        key = (lead, other, rounds)
        if key in self.memo:
            return self.memo[key]
        found: tuple[int, _Move | None] = (0, None)
        left = sum(map(len, lead))
        for suit, ranks in enumerate(lead):
            for rank, (reply_suit, reply) in ((r, p) for r in _ends(ranks) for p in self._replies(other, suit)):
                if found[0] == left or self.budget <= 0:
                    break
                self.budget -= 1
                winner = self._winner(suit, rank, reply_suit, reply, rounds)
                if winner is None:
                    continue
                after_lead, after_other = _without(lead, suit, rank), _without(other, reply_suit, reply)
                after = tuple(n + (i == suit) for i, n in enumerate(rounds))
                tricks = (
                    1 + self.best(*((after_lead, after_other) if winner == 0 else (after_other, after_lead)), after)[0]
                )
                if tricks > found[0]:
                    found = (tricks, (suit, rank, reply_suit, reply, winner))
        self.memo[key] = found
        return found

    def line(self, lead: _Ranks, other: _Ranks, rounds: tuple[int, ...]) -> list[tuple[int, int]]:
        """The cards (suit, rank) of the line ``best`` found from here, two a trick (led, then the partner's): the
        moves it kept, followed while they still take a sure trick."""
        cards: list[tuple[int, int]] = []
        while (found := self.memo.get((lead, other, rounds))) is not None and (move := found[1]) is not None:
            suit, rank, reply_suit, reply, winner = move
            cards += [(suit, rank), (reply_suit, reply)]
            lead, other = _without(lead, suit, rank), _without(other, reply_suit, reply)
            lead, other = (lead, other) if winner == 0 else (other, lead)
            rounds = tuple(n + (i == suit) for i, n in enumerate(rounds))
        return cards

    def _replies(self, other: _Ranks, suit: int) -> list[tuple[int, int]]:
        """The partner's cards worth trying: his lowest and highest of the suit led, else his lowest card of each
        other suit and, in a suit contract, his highest trump."""
        if other[suit]:
            return [(suit, r) for r in _ends(other[suit])]
        replies = [(s, ranks[-1]) for s, ranks in enumerate(other) if ranks]
        if self.trump is not None and other[self.trump]:
            replies.append((self.trump, other[self.trump][0]))
        return replies

    def _winner(self, suit: int, rank: int, reply_suit: int, reply: int, rounds: tuple[int, ...]) -> int | None:
        """Which of the two hands wins the trick for certain (0: the leader, 1: his partner), or None when the
        defenders might win it."""
        trump = self.trump
        if reply_suit == suit:
            hand, card = (1, reply) if reply > rank else (0, rank)
        elif reply_suit == trump:
            hand, card = 1, reply
            return hand if self._master(trump, card, rounds) else None  # a ruff: only a higher trump beats it
        else:
            hand, card = 0, rank
        if suit == trump:
            return hand if self._master(suit, card, rounds) else None
        drawn = trump is None or rounds[trump] >= self.unseen[trump]
        return hand if drawn and self._master(suit, card, rounds) else None


def _ends(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The highest and the lowest of ``ranks`` (one card once)."""
    return tuple(dict.fromkeys((ranks[0], ranks[-1]))) if ranks else ()


def _without(hand: _Ranks, suit: int, rank: int) -> _Ranks:
    return tuple(tuple(r for r in ranks if r != rank) if s == suit else ranks for s, ranks in enumerate(hand))
