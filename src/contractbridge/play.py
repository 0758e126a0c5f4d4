"""The play by correct procedure (L41, L44): opening lead, following suit, trick winner, tricks per side.

``PlayState`` is the stateful object with a push/pop stack, built on the 52-bit hand sets of ``Hand.bits``.
``push`` refuses an unlawful card with a typed error and changes nothing; ``record`` lets a card stand that
the laws did not allow at that moment (e.g. an accepted lead out of turn, L53), for the director's use.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from contractbridge.cards import Card, Hand, Seat, Side, Strain, Suit
from contractbridge.deal import Deal
from contractbridge.errors import CardNotInHandError, CardOutOfTurnError, IllegalPlayError, RevokeError
from contractbridge.rulebooks import refusal

__all__ = ["PlayState", "Trick", "cards_of", "trick_winner"]

_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
_SEATS: Final = tuple(Seat)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)


_HOLDINGS: Final[tuple[dict[int, tuple[Card, ...]], ...]] = ({}, {}, {}, {})


def _holding(suit: int, ranks: int) -> tuple[Card, ...]:
    """The cards of a 13-bit holding in ``suit`` (cached: a hand is mostly read suit by suit)."""
    cache = _HOLDINGS[suit]
    cards = cache.get(ranks)
    if cards is None:
        cards = cache[ranks] = tuple(_CARDS[13 * suit + r] for r in range(13) if ranks >> r & 1)
    return cards


_NO_CARDS: Final[frozenset[Card]] = frozenset()
_SUIT_SETS: Final[dict[int, frozenset[Card]]] = {0: _NO_CARDS}


def _suit_set(bits: int) -> frozenset[Card]:
    """The cards of a 52-bit set within one suit, as a set (cached, at most 4 × 8,191: a set built from cached
    sets copies their hashes instead of hashing each card again)."""
    cards = _SUIT_SETS.get(bits)
    if cards is None:
        suit = (bits.bit_length() - 1) // 13
        cards = _SUIT_SETS[bits] = frozenset(_holding(suit, bits >> 13 * suit))
    return cards


def cards_of(bits: int) -> frozenset[Card]:
    """The cards of a 52-bit set: one suit's cached set (a card that follows suit), or the union of the suits'."""
    cards = _SUIT_SETS.get(bits)
    if cards is not None:
        return cards
    out = _NO_CARDS
    for mask in _SUIT_MASKS:
        if bits & mask:
            cards = _suit_set(bits & mask)
            out = out | cards if out else cards
    return out


def _winning_index(indices: list[int] | tuple[int, ...], trump: int) -> int:
    """Position in ``indices`` of the winning card: the highest trump, else the highest card of the suit led
    (L44E, L44F). ``trump`` is a suit number, or -1 at notrump."""
    best = 0
    top = indices[0]
    top_suit = top // 13
    for pos in range(1, len(indices)):
        card = indices[pos]
        suit = card // 13
        if suit == top_suit:
            if card > top:
                best, top = pos, card
        elif suit == trump:
            best, top, top_suit = pos, card, suit
    return best


def trick_winner(leader: Seat, cards: tuple[Card, ...] | list[Card], trump: Suit | Strain | None) -> Seat:
    """The seat that wins a trick led by ``leader`` (L44E–F); ``trump`` None or NOTRUMP at notrump."""
    if not cards:
        raise ValueError("a trick without cards has no winner")
    t = -1 if trump is None or trump == Strain.NOTRUMP else int(trump)
    return leader.offset(_winning_index([c.index for c in cards], t))


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: four cards in rotation from ``leader`` (L44B), won by ``winner`` (L44E–F)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def __iter__(self) -> Iterator[tuple[Seat, Card]]:
        """Each card with the seat that played it."""
        return ((self.leader.offset(i), c) for i, c in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) & 3]

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit

    def __str__(self) -> str:
        return f"{self.leader.letter}: " + " ".join(str(c) for c in self.cards) + f" → {self.winner.letter}"


class PlayState:
    """The play of one deal after an auction that ended in a contract in ``strain`` for ``declarer``.

    Declarer's LHO leads (L41A); dummy's cards are played by declarer, so the seat to play is reported as
    ``turn`` (dummy's seat when a card from dummy is due) and ``controller`` names who decides (L41D)."""

    __slots__ = ("_cur", "_hands", "_leader", "_tricks", "_trump", "_won", "declarer", "strain")

    def __init__(self, deal: Deal, strain: Strain, declarer: Seat) -> None:
        self.strain = Strain(strain)
        self.declarer = Seat(declarer)
        self._trump = -1 if self.strain is Strain.NOTRUMP else int(self.strain)
        self._hands = [h.bits for h in deal.hands]
        self._leader = int(self.declarer.lho)
        self._cur: list[int] = []
        self._tricks: list[Trick] = []
        self._won = [0, 0]

    # state --------------------------------------------------------------------------------------
    @property
    def trump(self) -> Suit | None:
        return self.strain.suit

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's LHO (L41A)."""
        return self.declarer.lho

    @property
    def leader(self) -> Seat:
        """The seat that led (or is to lead) to the current trick."""
        return _SEATS[self._leader]

    @property
    def is_over(self) -> bool:
        return len(self._tricks) == 13

    @property
    def turn(self) -> Seat | None:
        """The hand from which the next card is played (dummy's seat for dummy's cards), None when over."""
        if len(self._tricks) == 13:
            return None
        return _SEATS[(self._leader + len(self._cur)) & 3]

    @property
    def controller(self) -> Seat | None:
        """Who chooses the next card: declarer for dummy's cards (L41D), else the seat to play."""
        turn = self.turn
        return self.declarer if turn == self.dummy else turn

    @property
    def opening_lead_made(self) -> bool:
        """Whether the opening lead has been faced, so that dummy is spread (L41C–D)."""
        return bool(self._cur) or bool(self._tricks)

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand.from_bits(self._hands[seat])

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        h = self._hands
        return Hand.from_bits(h[0]), Hand.from_bits(h[1]), Hand.from_bits(h[2]), Hand.from_bits(h[3])

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return list(self._tricks)

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards played to the trick in progress, with their seats."""
        return [(_SEATS[(self._leader + i) & 3], _CARDS[c]) for i, c in enumerate(self._cur)]

    def played(self) -> list[tuple[Seat, Card]]:
        """Every card played so far, in order."""
        out = [pair for t in self._tricks for pair in t]
        out.extend(self.current_trick)
        return out

    def __len__(self) -> int:
        """The number of cards played."""
        return 4 * len(self._tricks) + len(self._cur)

    def tricks_won(self, who: Side | Seat) -> int:
        """Completed tricks won by a side (or by the side of a seat)."""
        side = who.side if isinstance(who, Seat) else who
        return self._won[side]

    @property
    def declarer_tricks(self) -> int:
        return self._won[self.declarer & 1]

    @property
    def defender_tricks(self) -> int:
        return self._won[(self.declarer & 1) ^ 1]

    # legality -----------------------------------------------------------------------------------
    def legal_bits(self) -> int:
        """The cards the seat to play may play, as a 52-bit set: any card to a lead (L44A), else a card
        of the suit led when it holds one (L44C), else any card (L44D)."""
        if len(self._tricks) == 13:
            return 0
        hand = self._hands[(self._leader + len(self._cur)) & 3]
        if not self._cur:
            return hand
        follow = hand & _SUIT_MASKS[self._cur[0] // 13]
        return follow or hand

    def legal_cards(self) -> frozenset[Card]:
        return cards_of(self.legal_bits())

    def is_legal(self, card: Card) -> bool:
        return bool(self.legal_bits() >> card.index & 1)

    def check(self, card: Card, seat: Seat | None = None) -> None:
        """Raise the typed error ``push`` would raise for ``card`` (by ``seat``), or return. A refusal names its
        topic (``card_turn``, ``follow_suit``), never a book: it cites the default edition's law, and a table
        re-cites it in its own (``rulebooks.recited``: WBF17 L44G, L44C; NBB R20)."""
        if len(self._tricks) == 13:
            raise IllegalPlayError(f"{card}: all thirteen tricks have been played")
        turn = (self._leader + len(self._cur)) & 3
        if seat is not None and seat != turn:
            what = "lead" if not self._cur else "play"
            text = f"{card} by {seat.name.lower()}: it is {_SEATS[turn].name.lower()}'s turn to {what}"
            raise refusal(CardOutOfTurnError, text, "card_turn")
        hand = self._hands[turn]
        index = card.index
        if not hand >> index & 1:
            raise CardNotInHandError(f"{card} is not in {_SEATS[turn].name.lower()}'s hand")
        if self._cur:
            mask = _SUIT_MASKS[self._cur[0] // 13]
            if hand & mask and not mask >> index & 1:
                led = _CARDS[self._cur[0]].suit
                who = _SEATS[turn].name.lower()
                text = f"{card} by {who}: must follow suit to the {led.name.lower()} led"
                raise refusal(RevokeError, text, "follow_suit")

    # push / pop ---------------------------------------------------------------------------------
    def push(self, card: Card, seat: Seat | None = None) -> None:
        """Play ``card`` from the hand whose turn it is (``seat``, if given, must be that hand)."""
        self.check(card, seat)
        self._add(card.index)

    def record(self, card: Card, seat: Seat) -> None:
        """Let ``card`` from ``seat`` stand although it was not lawful: a lead from the wrong hand that
        stands (L53, L55, L54) or a revoke (L61–L64). A card to a trick in progress must still come from the
        hand in rotation (topic ``trick_rotation``), and every card must be in that hand."""
        if len(self._tricks) == 13:
            raise IllegalPlayError(f"{card}: all thirteen tricks have been played")
        if not self._hands[seat] >> card.index & 1:
            raise CardNotInHandError(f"{card} is not in {seat.name.lower()}'s hand")
        if self._cur:
            turn = (self._leader + len(self._cur)) & 3
            if seat != turn:
                who, due = seat.name.lower(), _SEATS[turn].name.lower()
                text = f"{card} by {who}: a card to a trick in progress comes from {due}"
                raise refusal(CardOutOfTurnError, text, "trick_rotation")
        else:
            self._leader = int(seat)
        self._add(card.index)

    def _add(self, index: int) -> None:
        cur = self._cur
        self._hands[(self._leader + len(cur)) & 3] ^= 1 << index
        cur.append(index)
        if len(cur) == 4:
            leader = self._leader
            winner = (leader + _winning_index(cur, self._trump)) & 3
            self._tricks.append(
                Trick(_SEATS[leader], (_CARDS[cur[0]], _CARDS[cur[1]], _CARDS[cur[2]], _CARDS[cur[3]]), _SEATS[winner])
            )
            self._won[winner & 1] += 1
            self._leader = winner
            self._cur = []

    def pop(self) -> Card:
        """Take back the last card played (a completed trick is reopened)."""
        if not self._cur:
            if not self._tricks:
                raise IndexError("pop from a play with no cards played")
            trick = self._tricks.pop()
            self._won[trick.winner & 1] -= 1
            self._leader = int(trick.leader)
            self._cur = [c.index for c in trick.cards]
        index = self._cur.pop()
        self._hands[(self._leader + len(self._cur)) & 3] |= 1 << index
        if not self._cur:  # the lead is taken back: the lead is due from the lawful hand again (L44G)
            self._leader = int(self._tricks[-1].winner if self._tricks else self.declarer.lho)
        return _CARDS[index]

    def copy(self) -> PlayState:
        other = PlayState.__new__(PlayState)
        other.strain = self.strain
        other.declarer = self.declarer
        other._trump = self._trump
        other._hands = list(self._hands)
        other._leader = self._leader
        other._cur = list(self._cur)
        other._tricks = list(self._tricks)
        other._won = list(self._won)
        return other

    def __repr__(self) -> str:
        return (
            f"<PlayState {self.strain.letter} by {self.declarer.letter}: {len(self._tricks)} tricks,"
            f" declarer {self.declarer_tricks}, turn {self.turn}>"
        )
