"""The play by correct procedure (L41, L44): opening lead, following suit, trick winner, tricks per side.

``PlayState`` is the stateful object with a push/pop stack, built on the 52-bit hand sets of ``Hand.bits``.
``push`` refuses an unlawful card with a typed error and changes nothing; ``record`` lets a card stand that
the laws did not allow at that moment (e.g. an accepted lead out of turn, L53), for the director's use.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from contractbridge.cards import FULL_PACK, Card, Hand, Seat, Side, Strain, Suit
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError, CardNotInHandError, CardOutOfTurnError, IllegalPlayError, RevokeError
from contractbridge.rulebooks import refusal

__all__ = ["PlayState", "Trick", "cards_of", "indices_of", "trick_winner"]

_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
_SEATS: Final = tuple(Seat)
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_NOTRUMP: Final = Strain.NOTRUMP


#: The cards of each one-suit 52-bit set, as indices and as a set, made on first use (at most 4 × 8,192 each): a
#: set built from cached sets copies their hashes instead of calling ``Card.__hash__`` again. Memo caches, which
#: the benchmarks empty before each round (``benchmarks._harness.clear_caches``).
_SUIT_INDICES: Final[dict[int, tuple[int, ...]]] = {}
_SUIT_SETS: Final[dict[int, frozenset[Card]]] = {}
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_MASKS
_NOT_PACK: Final = ~FULL_PACK  # the bits of anything but a 52-bit card set (a negative number has them all)


def _suit_indices(bits: int) -> tuple[int, ...]:
    """The card indices of a 52-bit set within one suit, lowest first (cached)."""
    indices = _SUIT_INDICES.get(bits)
    if indices is None:
        found = []
        rest = bits
        while rest:
            low = rest & -rest
            found.append(low.bit_length() - 1)
            rest ^= low
        indices = _SUIT_INDICES[bits] = tuple(found)
    return indices


def _suit_set(bits: int) -> frozenset[Card]:
    """The cards of a 52-bit set within one suit, as a set (cached)."""
    cards = _SUIT_SETS.get(bits)
    if cards is None:
        cards = _SUIT_SETS[bits] = frozenset(map(_CARDS.__getitem__, _suit_indices(bits)))
    return cards


def cards_of(bits: int) -> frozenset[Card]:
    """The cards of a 52-bit set: one suit's cached set (a card that follows suit), or the union of the suits'
    (one ``union`` call: a lead, #28)."""
    sets = _SUIT_SETS
    cards = sets.get(bits)
    if cards is not None:
        return cards
    try:
        return sets[bits & _CLUBS].union(sets[bits & _DIAMONDS], sets[bits & _HEARTS], sets[bits & _SPADES])
    except KeyError:  # a holding not seen yet
        clubs, diamonds, hearts, spades = (_suit_set(bits & mask) for mask in _SUIT_MASKS)
        return clubs.union(diamonds, hearts, spades)


def indices_of(bits: int) -> tuple[int, ...]:
    """The card indices (``Card.index``) of a 52-bit set, lowest first, from tuples cached per suit holding:
    with ``PlayState.legal_bits`` and ``PlayState.push_index``, the play in bits (#28)."""
    known = _SUIT_INDICES
    try:
        indices = known.get(bits)
        if indices is not None:
            return indices
        if bits & _NOT_PACK:
            raise BridgeError(f"not a 52-bit card set: {bits!r}")
    except TypeError:  # not an integer at all
        raise BridgeError(f"not a 52-bit card set: {bits!r}") from None
    try:
        return known[bits & _CLUBS] + known[bits & _DIAMONDS] + known[bits & _HEARTS] + known[bits & _SPADES]
    except KeyError:  # a holding not seen yet
        clubs, diamonds, hearts, spades = (_suit_indices(bits & mask) for mask in _SUIT_MASKS)
        return clubs + diamonds + hearts + spades


#: Each card's standing in a trick (L44E–F), by the trump's number (clubs … spades, then notrump, read as -1 or as
#: ``Strain.NOTRUMP``) and the suit led: a trump above every card of another suit, a card of the suit led by its
#: rank, any other card never wins (-1). The winner is the card of the highest standing.
_TRICK_SCORES: Final = tuple(
    tuple(tuple(i + 52 if i // 13 == trump else i if i // 13 == led else -1 for i in range(52)) for led in range(4))
    for trump in (0, 1, 2, 3, -1)
)


def _winning_index(indices: Sequence[int], trump: int) -> int:
    """Position in ``indices`` of the winning card, the one of highest standing (``_TRICK_SCORES``): the highest
    trump, else the highest card of the suit led (L44E, L44F). ``trump`` is a suit number, or -1 at notrump."""
    scores = _TRICK_SCORES[trump][indices[0] // 13]
    keys = [scores[i] for i in indices]
    return keys.index(max(keys))


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Suit | Strain | None) -> Seat:
    """The seat that wins a trick led by ``leader`` (L44E–F) with ``cards`` (any sequence); ``trump`` None or
    NOTRUMP at notrump."""
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
    ``turn`` (dummy's seat when a card from dummy is due) and ``controller`` names who decides (L41D).

    The state is integers (#28): the hands as 52-bit sets, the hand to play, the led suit's mask (0 to a lead)
    and the number of cards played; a completed trick is kept as card indices and becomes a ``Trick`` when
    ``tricks`` is first asked for. ``legal_bits``, ``indices_of`` and ``push_index`` are the play in bits, for
    robots and simulations that need no ``Card`` values."""

    __slots__ = (
        "_count",
        "_cur",
        "_done",
        "_follow",
        "_hands",
        "_leader",
        "_trick_values",
        "_trump",
        "_turn",
        "_won",
        "declarer",
        "strain",
    )

    def __init__(self, deal: Deal, strain: Strain, declarer: Seat) -> None:
        self.strain = strain if isinstance(strain, Strain) else Strain(strain)
        self.declarer = declarer if isinstance(declarer, Seat) else Seat(declarer)
        self._trump = -1 if self.strain is _NOTRUMP else int(self.strain)
        north, east, south, west = deal.hands
        self._hands = [north.bits, east.bits, south.bits, west.bits]
        self._leader = self._turn = (self.declarer + 1) & 3  # declarer's LHO leads (L41A)
        self._follow = 0
        self._count = 0
        self._cur: list[int] = []
        self._done: list[tuple[int, list[int], int]] = []  # leader, the four card indices, winner
        self._trick_values: list[Trick] = []  # ``Trick`` values of the first completed tricks, made on demand
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
        return self._count == 52

    @property
    def turn(self) -> Seat | None:
        """The hand from which the next card is played (dummy's seat for dummy's cards), None when over."""
        return None if self._count == 52 else _SEATS[self._turn]

    @property
    def controller(self) -> Seat | None:
        """Who chooses the next card: declarer for dummy's cards (L41D), else the seat to play."""
        turn = self.turn
        return self.declarer if turn == self.dummy else turn

    @property
    def opening_lead_made(self) -> bool:
        """Whether the opening lead has been faced, so that dummy is spread (L41C–D)."""
        return self._count > 0

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
        values = self._trick_values
        for leader, (a, b, c, d), winner in self._done[len(values) :]:
            values.append(Trick(_SEATS[leader], (_CARDS[a], _CARDS[b], _CARDS[c], _CARDS[d]), _SEATS[winner]))
        return list(values)

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards played to the trick in progress, with their seats."""
        return [(_SEATS[(self._leader + i) & 3], _CARDS[c]) for i, c in enumerate(self._cur)]

    def played(self) -> list[tuple[Seat, Card]]:
        """Every card played so far, in order."""
        out = [pair for t in self.tricks for pair in t]
        out.extend(self.current_trick)
        return out

    def __len__(self) -> int:
        """The number of cards played."""
        return self._count

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
        of the suit led when it holds one (L44C), else any card (L44D); 0 when the play is over."""
        hand = self._hands[self._turn]  # every hand is empty once the play is over
        return hand & self._follow or hand

    def legal_cards(self) -> frozenset[Card]:
        return cards_of(self.legal_bits())

    def is_legal(self, card: Card) -> bool:
        return bool(self.legal_bits() >> card.index & 1)

    def check(self, card: Card, seat: Seat | None = None) -> None:
        """Raise the typed error ``push`` would raise for ``card`` (by ``seat``), or return. A refusal names its
        topic (``card_turn``, ``follow_suit``), never a book: it cites the default edition's law, and a table
        re-cites it in its own (``rulebooks.recited``: WBF17 L44G, L44C; NBB R20)."""
        if self._count == 52:
            raise IllegalPlayError(f"{card}: all thirteen tricks have been played")
        turn = self._turn
        if seat is not None and seat != turn:
            what = "lead" if not self._cur else "play"
            text = f"{card} by {seat.name.lower()}: it is {_SEATS[turn].name.lower()}'s turn to {what}"
            raise refusal(CardOutOfTurnError, text, "card_turn")
        hand = self._hands[turn]
        index = card.index
        if not hand >> index & 1:
            raise CardNotInHandError(f"{card} is not in {_SEATS[turn].name.lower()}'s hand")
        follow = self._follow
        if hand & follow and not follow >> index & 1:
            led = _CARDS[self._cur[0]].suit
            who = _SEATS[turn].name.lower()
            text = f"{card} by {who}: must follow suit to the {led.name.lower()} led"
            raise refusal(RevokeError, text, "follow_suit")

    # push / pop ---------------------------------------------------------------------------------
    def push(self, card: Card, seat: Seat | None = None) -> None:
        """Play ``card`` from the hand whose turn it is (``seat``, if given, must be that hand)."""
        index = card.index
        if (seat is not None and seat != self._turn) or not self.legal_bits() >> index & 1:
            self.check(card, seat)  # the typed error of an unlawful card
        self._add(index)

    def push_index(self, index: int) -> None:
        """``push`` in bits: play the card of index ``index`` (``Card.index``, 13 × suit + rank − 2; one of
        ``indices_of(legal_bits())``) from the hand whose turn it is. An unlawful card is refused with
        ``push``'s typed error (L44) and changes nothing."""
        if index.__class__ is not int:  # a NumPy integer is read as its ``int``; a text, a float… are refused
            try:
                index = operator.index(index)
            except TypeError:
                raise IllegalPlayError(f"not a card index: {index!r} (0 to 51)") from None
        if not 0 <= index < 52:
            raise IllegalPlayError(f"not a card index: {index!r} (0 to 51)")
        if not self.legal_bits() >> index & 1:
            self.check(_CARDS[index])
        self._add(index)

    def record(self, card: Card, seat: Seat) -> None:
        """Let ``card`` from ``seat`` stand although it was not lawful: a lead from the wrong hand that
        stands (L53, L55, L54) or a revoke (L61–L64). A card to a trick in progress must still come from the
        hand in rotation (topic ``trick_rotation``), and every card must be in that hand."""
        if self._count == 52:
            raise IllegalPlayError(f"{card}: all thirteen tricks have been played")
        if not self._hands[seat] >> card.index & 1:
            raise CardNotInHandError(f"{card} is not in {seat.name.lower()}'s hand")
        if self._cur:
            if seat != self._turn:
                who, due = seat.name.lower(), _SEATS[self._turn].name.lower()
                text = f"{card} by {who}: a card to a trick in progress comes from {due}"
                raise refusal(CardOutOfTurnError, text, "trick_rotation")
        else:
            self._leader = self._turn = int(seat)
        self._add(card.index)

    def _add(self, index: int) -> None:
        turn = self._turn
        self._hands[turn] ^= 1 << index
        cur = self._cur
        cur.append(index)
        self._count = count = self._count + 1
        if count & 3:  # the cards of the trick in progress, 0 once it is complete
            if count & 3 == 1:
                self._follow = _SUIT_MASKS[index // 13]
            self._turn = (turn + 1) & 3
            return
        # the trick's winner (L44E–F): ``_winning_index`` unrolled over the four cards, the hot path of a playout
        a, b, c, d = cur
        scores = _TRICK_SCORES[self._trump][a // 13]
        top, pos = scores[a], 0
        if scores[b] > top:
            top, pos = scores[b], 1
        if scores[c] > top:
            top, pos = scores[c], 2
        if scores[d] > top:
            pos = 3
        leader = self._leader
        winner = (leader + pos) & 3
        self._done.append((leader, cur, winner))
        self._won[winner & 1] += 1
        self._leader = self._turn = winner
        self._follow = 0
        self._cur = []

    def pop(self) -> Card:
        """Take back the last card played (a completed trick is reopened)."""
        if not self._cur:
            if not self._done:
                raise IndexError("pop from a play with no cards played")
            leader, cards, winner = self._done.pop()
            del self._trick_values[len(self._done) :]
            self._won[winner & 1] -= 1
            self._leader = leader
            self._cur = list(cards)  # a copy: the completed trick may be shared with a ``copy``
        cur = self._cur
        index = cur.pop()
        self._count -= 1
        seat = (self._leader + len(cur)) & 3
        self._hands[seat] |= 1 << index
        if cur:
            self._turn = seat
            self._follow = _SUIT_MASKS[cur[0] // 13]
        else:  # the lead is taken back: the lead is due from the lawful hand again (L44G)
            self._leader = self._turn = self._done[-1][2] if self._done else (self.declarer + 1) & 3
            self._follow = 0
        return _CARDS[index]

    def copy(self) -> PlayState:
        other = PlayState.__new__(PlayState)
        other.strain = self.strain
        other.declarer = self.declarer
        other._trump = self._trump
        other._hands = list(self._hands)
        other._leader = self._leader
        other._turn = self._turn
        other._follow = self._follow
        other._count = self._count
        other._cur = list(self._cur)
        other._done = list(self._done)
        other._trick_values = list(self._trick_values)
        other._won = list(self._won)
        return other

    def __repr__(self) -> str:
        return (
            f"<PlayState {self.strain.letter} by {self.declarer.letter}: {len(self._done)} tricks,"
            f" declarer {self.declarer_tricks}, turn {self.turn}>"
        )
