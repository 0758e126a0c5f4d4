"""The play (L41, L44): trick winner (TV92–TV94), following suit, push/pop of PlayState."""

import collections

import pytest

from contractbridge import Card, Deal, Hand, Seat, Side, Strain, Suit
from contractbridge.errors import BridgeError, CardNotInHandError, IllegalPlayError, OutOfTurnError, RevokeError
from contractbridge.play import PlayState, Trick, cards_of, indices_of, trick_winner

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def cards(text: str) -> list[Card]:
    return [Card(t) for t in text.split()]


def test_tv92_highest_trump_wins_l44e() -> None:
    """TV92: trumps hearts; SA led, S5, H2, SK → won by H2."""
    assert trick_winner(Seat.NORTH, cards("SA S5 H2 SK"), Suit.HEARTS) == Seat.SOUTH


def test_tv93_highest_of_suit_led_wins_at_notrump_l44f() -> None:
    """TV93: notrump; D3 led, DQ, CA, DK → won by DK; CA is not of the suit led."""
    assert trick_winner(Seat.NORTH, cards("D3 DQ CA DK"), None) == Seat.WEST
    assert trick_winner(Seat.NORTH, cards("D3 DQ CA DK"), Strain.NOTRUMP) == Seat.WEST


def test_trick_winner_reads_any_sequence_of_cards() -> None:
    """L44E: the same winner from a list, a tuple or a deque of the trick's cards."""
    trick = cards("SA S5 H2 SK")
    for seq in (trick, tuple(trick), collections.deque(trick)):
        assert trick_winner(Seat.NORTH, seq, Suit.HEARTS) == Seat.SOUTH


def test_l44e_highest_of_several_trumps_and_l44f_discard_of_trump_at_notrump() -> None:
    assert trick_winner(Seat.NORTH, cards("SA H3 HQ H9"), Suit.HEARTS) == Seat.SOUTH
    assert trick_winner(Seat.NORTH, cards("S2 H3 HQ SK"), Strain.NOTRUMP) == Seat.WEST
    assert trick_winner(Seat.EAST, cards("C2 CA CK CQ"), Suit.SPADES) == Seat.SOUTH


def _l44_winner(leader: Seat, trick: list[Card], strain: Strain) -> Seat:
    """L44E–F read directly: the highest trump if any was played, else the highest card of the suit led."""
    trumps = [c for c in trick if strain is not Strain.NOTRUMP and c.suit == strain.suit]
    contenders = trumps or [c for c in trick if c.suit == trick[0].suit]
    return leader.offset(trick.index(max(contenders, key=lambda c: c.rank)))


def test_l44e_f_every_trick_of_random_playouts_against_the_laws_text() -> None:
    """The play's trick winner (one standing table, L44E–F) agrees with the laws read directly, trick by trick,
    in every strain, for ``PlayState``'s tricks and for ``trick_winner`` of whole and partial tricks."""
    import random

    rng = random.Random(44)
    for n in range(60):
        strain = Strain(n % 5)
        state = PlayState(Deal.random(n), strain, Seat(n % 4))
        while not state.is_over:
            state.push(rng.choice(sorted(state.legal_cards())))
        assert len(state.tricks) == 13
        for trick in state.tricks:
            played = list(trick.cards)
            assert trick.winner == _l44_winner(trick.leader, played, strain)
            for k in range(1, 5):
                assert trick_winner(trick.leader, played[:k], strain) == _l44_winner(trick.leader, played[:k], strain)


def test_l41a_opening_lead_by_declarers_lho() -> None:
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    assert play.turn == Seat.WEST == play.opening_leader
    assert play.dummy == Seat.NORTH
    assert not play.opening_lead_made
    with pytest.raises(OutOfTurnError, match="west's turn to lead"):
        play.push(Card("SA"), Seat.NORTH)


def test_tv94_winner_leads_next_and_dummy_leads_when_dummy_won_l44g() -> None:
    """TV94: dummy (N) wins trick 1 with SA, so the lead to trick 2 comes from dummy, chosen by declarer."""
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    for c in ["S4", "SA", "S9", "S5"]:
        play.push(Card(c))
    assert play.tricks == [Trick(Seat.WEST, tuple(cards("S4 SA S9 S5")), Seat.NORTH)]
    assert play.turn == Seat.NORTH and play.controller == Seat.SOUTH
    assert play.tricks_won(Side.NS) == 1 and play.declarer_tricks == 1 and play.defender_tricks == 0
    for c in ["HK", "HA", "H6", "H2"]:  # E wins the next trick and leads
        play.push(Card(c))
    assert play.turn == Seat.EAST and play.controller == Seat.EAST


def test_l44c_must_follow_suit_when_able_l44d_else_any_card() -> None:
    play = PlayState(DEAL, Strain.SPADES, Seat.SOUTH)
    play.push(Card("D2"))  # W leads a diamond
    # N holds T98 of diamonds: must follow
    assert play.legal_cards() == frozenset(cards("DT D9 D8"))
    with pytest.raises(RevokeError, match="must follow suit to the diamonds"):
        play.push(Card("SA"))
    play.push(Card("D8"))
    play.push(Card("DK"))
    play.push(Card("D5"))
    # E won with DK and leads; S holds J5 of diamonds only after D5… lead a club: S must follow
    play.push(Card("C2"))
    assert play.legal_cards() == frozenset(cards("CQ CJ C6"))
    play.push(Card("CQ"))
    play.push(Card("CT"))
    # N holds A53 in clubs: must follow
    assert play.legal_cards() == frozenset(cards("CA C5 C3"))


def test_void_player_may_play_any_card_l44d() -> None:
    deal = Deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    play = PlayState(deal, Strain.CLUBS, Seat.NORTH)
    play.push(Card("HA"))  # E leads
    assert play.legal_cards() == frozenset(deal[Seat.SOUTH])
    play.push(Card("D2"))
    play.push(Card("C2"))  # W trumps
    play.push(Card("S2"))
    assert play.tricks[-1].winner == Seat.WEST and play.turn == Seat.WEST


def test_card_not_in_hand_and_wrong_seat_change_nothing() -> None:
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    before = play.copy()
    with pytest.raises(CardNotInHandError, match="SA is not in west's hand"):
        play.push(Card("SA"))
    with pytest.raises(OutOfTurnError):
        play.push(Card("S4"), Seat.EAST)
    assert play.hands == before.hands and len(play) == 0 and play.turn == Seat.WEST


def test_thirteen_tricks_then_no_more_and_pop_all_restores() -> None:
    play = PlayState(DEAL, Strain.HEARTS, Seat.EAST)
    order = []
    while not play.is_over:
        card = min(play.legal_cards())
        order.append(card)
        play.push(card)
    assert len(play.tricks) == 13 and len(play) == 52 and play.turn is None
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert sorted(c for t in play.tricks for c in t.cards) == sorted(Card.from_index(i) for i in range(52))
    with pytest.raises(IllegalPlayError, match="thirteen tricks"):
        play.push(Card("SA"))
    assert play.legal_cards() == frozenset()
    for card in reversed(order):
        assert play.pop() == card
    assert play.hands == DEAL.hands and play.turn == Seat.SOUTH and play.tricks == []
    with pytest.raises(IndexError):
        play.pop()


def test_record_lets_a_lead_out_of_turn_stand_l53_and_pop_restores_the_lawful_leader() -> None:
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    play.record(Card("HT"), Seat.SOUTH)  # declarer leads out of turn; accepted (L53)
    assert play.leader == Seat.SOUTH and play.turn == Seat.WEST
    play.pop()
    assert play.leader == Seat.WEST == play.turn
    play.push(Card("S4"))
    with pytest.raises(OutOfTurnError, match="comes from north"):
        play.record(Card("HA"), Seat.EAST)
    play.record(Card("HK"), Seat.NORTH)  # a revoke that stands (L61–L63)
    assert play.current_trick == [(Seat.WEST, Card("S4")), (Seat.NORTH, Card("HK"))]


def test_cards_of_every_kind_of_set() -> None:
    """#15: ``cards_of`` (built from cached one-suit sets) is the set of the cards of the bits: empty, one suit,
    several suits, the whole pack, and random sets (each twice: the cached answer is the same set)."""
    import random

    rng = random.Random(44)
    sets = [0, 1, 0x1FFF, 0x1FFF << 39, 1 << 51 | 1, (1 << 52) - 1] + [rng.getrandbits(52) for _ in range(200)]
    sets += [rng.getrandbits(13) << 13 * rng.randrange(4) for _ in range(200)]
    for bits in sets * 2:
        assert cards_of(bits) == frozenset(Card.from_index(i) for i in range(52) if bits >> i & 1)


def test_indices_of_every_kind_of_set() -> None:
    """#28: ``indices_of`` lists the card indices of the bits, lowest first (cached per suit: each set twice); a
    value that is not a 52-bit set is refused with a typed error."""
    import random

    rng = random.Random(28)
    sets = [0, 1, 0x1FFF, 0x1FFF << 39, 1 << 51 | 1, (1 << 52) - 1] + [rng.getrandbits(52) for _ in range(200)]
    for bits in sets * 2:
        assert indices_of(bits) == tuple(i for i in range(52) if bits >> i & 1)
        assert frozenset(Card.from_index(i) for i in indices_of(bits)) == cards_of(bits)
    for bad in (-1, 1 << 52, "3", 1.5, None, [1]):  # out of range, or not an integer at all
        with pytest.raises(BridgeError, match="not a 52-bit card set"):
            indices_of(bad)  # type: ignore[arg-type]
    from contractbridge import play as play_module

    for cache in (play_module._SUIT_SETS, play_module._SUIT_INDICES):  # emptied by the benchmarks before each round
        cache.clear()
    for bits in sets:
        assert frozenset(Card.from_index(i) for i in indices_of(bits)) == cards_of(bits)


def test_push_index_is_push_in_bits() -> None:
    """#28: random playouts by ``push_index`` over ``indices_of(legal_bits())`` and by ``push`` over
    ``legal_cards()`` make the same tricks (L44); every unlawful index is refused with ``push``'s error and
    changes nothing."""
    import random

    rng = random.Random(7)
    for n in range(30):
        deal = Deal.random(n)
        bits, cards_ = PlayState(deal, Strain(n % 5), Seat(n % 4)), PlayState(deal, Strain(n % 5), Seat(n % 4))
        while not bits.is_over:
            legal = indices_of(bits.legal_bits())
            assert legal == tuple(sorted(c.index for c in cards_.legal_cards()))
            for index in range(52):  # every card the laws do not allow now: push's error, nothing changed
                if index not in legal:
                    card = Card.from_index(index)
                    with pytest.raises(IllegalPlayError) as by_card:
                        cards_.push(card)
                    with pytest.raises(IllegalPlayError) as by_index:
                        bits.push_index(index)
                    assert (type(by_index.value), str(by_index.value)) == (type(by_card.value), str(by_card.value))
            choice = rng.choice(legal)
            bits.push_index(choice)
            cards_.push(Card.from_index(choice))
            assert (bits.turn, bits.leader, len(bits)) == (cards_.turn, cards_.leader, len(cards_))
        assert bits.tricks == cards_.tricks and bits.declarer_tricks == cards_.declarer_tricks
        for bad in (-1, 52, 1 << 60, "3", 1.5, None, [1]):
            with pytest.raises(IllegalPlayError, match="not a card index"):
                bits.push_index(bad)  # type: ignore[arg-type]
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    play.push_index(Card("S4").index)
    with pytest.raises(RevokeError, match="must follow suit"):
        play.push_index(Card("HK").index)  # north holds spades (L44C)
    assert len(play) == 1 and play.turn == Seat.NORTH


def test_pop_reopens_a_trick_that_a_copy_still_holds() -> None:
    """#28: a completed trick is kept as card indices that a copy shares; taking it back in one state leaves
    the other's tricks, hands and legal cards as they were, and the ``Trick`` values come back the same."""
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    for text in ("S4", "SA", "S9", "S5"):
        play.push(Card(text))
    first = play.tricks
    other = play.copy()
    assert play.pop() == Card("S5") and play.turn == Seat.SOUTH
    assert play.legal_cards() == frozenset(cards("S8 S7 S6 S5"))
    assert play.tricks == [] and other.tricks == first and other.turn == Seat.NORTH == other.leader
    assert other.hand(Seat.SOUTH) == DEAL.hands[Seat.SOUTH] - Hand("5...")
    play.push(Card("S8"))
    assert play.tricks[0].cards[3] == Card("S8") and other.tricks[0].cards[3] == Card("S5")
    assert other.pop() == Card("S5") and other.pop() == Card("S9") and other.turn == Seat.EAST
    assert other.legal_cards() == frozenset(cards("SJ ST S9"))


def test_push_index_reads_a_numpy_integer_as_its_int() -> None:
    """#28: a NumPy index is played as its ``int``: the hands' bits stay Python ints (they were NumPy before)."""
    import numpy as np

    bits = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    bits.push_index(np.int64(indices_of(bits.legal_bits())[0]))
    assert type(bits.legal_bits()) is int and len(bits) == 1
