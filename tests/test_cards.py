"""Values of the pack (L1) and seats (L3)."""

import pickle

import pytest

from contractbridge import Card, Hand, ParseError, Rank, Seat, Side, Strain, Suit


def test_l1a_suit_and_rank_order() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert sorted(Rank)[0] is Rank.TWO and max(Rank) is Rank.ACE


def test_l18e_strain_order() -> None:
    assert Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < Strain.NOTRUMP
    assert Strain.NOTRUMP.suit is None and Strain.SPADES.suit is Suit.SPADES


@pytest.mark.parametrize("text", ["SA", "as", "♠A", "A♠", "sa "])
def test_card_parse_spellings(text: str) -> None:
    assert Card(text) is Card(Suit.SPADES, Rank.ACE)


def test_card_ten_spellings_and_repr_round_trip() -> None:
    assert Card("H10") is Card("HT") is Card("10h")
    for i in range(52):
        card = Card.from_index(i)
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("bad", ["", "S1", "ZA", "S11", "SAA", "10"])
def test_card_parse_errors(bad: str) -> None:
    with pytest.raises(ParseError, match="not a card"):
        Card(bad)


def test_cards_are_interned_so_equality_is_identity() -> None:
    """#15: equality of cards is identity: every way to get a card (parse, suit and rank, index, copy, pickle)
    gives the one interned card; a card equals no other value."""
    import copy

    for i in range(52):
        card = Card.from_index(i)
        same = (Card(str(card)), Card(card.suit, card.rank), copy.copy(card), copy.deepcopy(card))
        assert all(c is card for c in (*same, pickle.loads(pickle.dumps(card))))
        assert card == card and card != Card.from_index((i + 1) % 52) and card != i and card != str(card)
        assert hash(card) == i


def test_card_is_immutable() -> None:
    with pytest.raises(AttributeError):
        Card("SA").rank = Rank.TWO  # type: ignore[misc]


def test_seat_rotation_l3() -> None:
    assert Seat.NORTH.next is Seat.EAST and Seat.WEST.next is Seat.NORTH
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.rho is Seat.NORTH and Seat.EAST.lho is Seat.SOUTH
    assert Seat.SOUTH.side is Side.NS and Seat.WEST.side is Side.EW
    assert Side.NS.opponents is Side.EW and Side.EW.seats == (Seat.EAST, Seat.WEST)


def test_hand_parse_and_properties() -> None:
    hand = Hand("AKQ2.KJ4.T98.A53")
    assert len(hand) == 13 and hand.shape == (4, 3, 3, 3)
    assert Card("SK") in hand and Card("S3") not in hand
    assert hand.ranks(Suit.DIAMONDS) == (Rank.TEN, Rank.NINE, Rank.EIGHT)
    assert next(iter(hand)) == Card("SA") and list(hand)[-1] == Card("C3")
    assert eval(repr(hand)) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_hand_ten_and_void_spellings() -> None:
    assert Hand("AK10.-.QJ1098.") == Hand("AKT..QJT98.")
    assert Hand("-.-.-.-").to_pbn() == "..."


@pytest.mark.parametrize(
    ("bad", "why"),
    [("AKQ.KJ4.T98", "four suits"), ("AKZ.K.Q.J", "'Z' is not a rank"), ("AA.K.Q.J", "appears twice")],
)
def test_hand_parse_errors(bad: str, why: str) -> None:
    with pytest.raises(ParseError, match=why):
        Hand(bad)


def test_hand_parse_reads_each_suit_text_once_and_still_refuses_bad_suits() -> None:
    """#15: a suit's text is parsed once and remembered; the same text in another suit or hand reads the same, and
    a bad suit beside remembered good ones is still refused with the message naming the hand and the suit."""
    import random

    rng = random.Random(1)
    for _ in range(300):
        bits = rng.getrandbits(52)
        text = Hand.from_bits(bits).to_pbn()
        assert Hand(text).bits == Hand(text).bits == bits
        assert Hand(".".join(reversed(text.split(".")))) == Hand(".".join(reversed(text.split("."))))
    with pytest.raises(ParseError, match=r"hand 'AK\.QJ\.T9\.8X': 'X' is not a rank \(in the clubs\)"):
        Hand("AK.QJ.T9.8X")
    with pytest.raises(ParseError, match=r"'AK\.QJ\.T9\.88': C8 appears twice"):
        Hand("AK.QJ.T9.88")
    assert Hand("AK.QJ.T9.8") == Hand([Card(c) for c in ("SA", "SK", "HQ", "HJ", "DT", "D9", "C8")])


def test_hand_set_operations() -> None:
    a, b = Hand("AK.-.-.-"), Hand("K.2.-.-")
    assert (a | b) == Hand("AK.2..") and (a & b) == Hand("K...") and (a - b) == Hand("A...")
    assert a.remove(Card("SA")) == Hand("K...") and a.add(Card("C2")) == Hand("AK...2")
    with pytest.raises(ValueError, match="not in the hand"):
        a.remove(Card("C2"))
