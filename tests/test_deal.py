"""Deals and boards: L2 dealer and vulnerability (TV01–TV08), L6 dealing."""

import dataclasses
import pickle

import pytest

from contractbridge import Board, BridgeError, Deal, DealError, Hand, Seat, Side, Vulnerability

DEAL = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"


@pytest.mark.parametrize(
    ("tv", "number", "dealer", "vul"),
    [
        ("TV01", 1, Seat.NORTH, Vulnerability.NONE),
        ("TV02", 7, Seat.SOUTH, Vulnerability.BOTH),
        ("TV03", 12, Seat.WEST, Vulnerability.NS),
        ("TV04", 16, Seat.WEST, Vulnerability.EW),
        ("TV05", 23, Seat.SOUTH, Vulnerability.BOTH),
        ("TV06", 30, Seat.EAST, Vulnerability.NONE),
        ("TV07", 32, Seat.WEST, Vulnerability.EW),
    ],
)
def test_l2_board_markings(tv: str, number: int, dealer: Seat, vul: Vulnerability) -> None:
    board = Board(number, Deal(DEAL))
    assert (board.dealer, board.vulnerability) == (dealer, vul), tv


def test_l2_full_table_for_first_16_boards_and_cycle() -> None:
    table = {
        1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
        5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
        9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
        13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
    }  # fmt: skip
    deal = Deal(DEAL)
    for n in range(1, 161):
        board = Board(n, deal)
        dealer, vul = table[(n - 1) % 16 + 1]
        assert (board.dealer.letter, board.vulnerability.pbn) == (dealer, vul)


def test_tv08_nonconforming_markings_govern() -> None:
    board = Board(5, Deal(DEAL), dealer=Seat.EAST, vulnerability=Vulnerability.NONE)
    assert board.dealer is Seat.EAST and board.vulnerability is Vulnerability.NONE
    assert not board.follows_l2
    assert eval(repr(board)) == board


def test_board_markings_read_as_their_types_and_the_board_is_a_value() -> None:
    """L2: markings given as numbers are read as their types; a board compares, hashes, pickles and ``replace``s by
    value, cannot be changed, and refuses a number that is not a board's (#28: ``Board`` sets its fields once)."""
    board = Board(5, Deal(DEAL), 1, 0)  # type: ignore[arg-type]
    assert board.dealer is Seat.EAST and board.vulnerability is Vulnerability.NONE
    assert board == Board(5, Deal(DEAL), dealer=Seat.EAST, vulnerability=Vulnerability.NONE)
    assert hash(board) == hash(Board(5, Deal(DEAL), Seat.EAST, Vulnerability.NONE))
    assert pickle.loads(pickle.dumps(board)) == board
    assert dataclasses.replace(board, number=6) == Board(6, Deal(DEAL), Seat.EAST, Vulnerability.NONE)
    assert Board(6, Deal(DEAL)).dealer is Seat.EAST and Board(16, Deal(DEAL)).dealer is Seat.WEST
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.number = 6  # type: ignore[misc]
    for bad in (0, -3, 1.0, "5", None):
        with pytest.raises(BridgeError, match="a board number must be 1 or more"):
            Board(bad, Deal(DEAL))  # type: ignore[arg-type]
    for dealer, vulnerability in ((7, None), ("N", None), (None, 9), (None, "All")):  # L2: typed, not ValueError
        with pytest.raises(BridgeError, match=r"a board's (dealer|vulnerability) is a"):
            Board(5, Deal(DEAL), dealer, vulnerability)  # type: ignore[arg-type]


def test_vulnerability_per_side() -> None:
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH) and not Vulnerability.NS.is_vulnerable(Side.EW)
    assert Vulnerability.parse("Both") is Vulnerability.BOTH and Vulnerability.parse("-") is Vulnerability.NONE


def test_deal_any_first_seat_and_round_trip() -> None:
    deal = Deal(DEAL)
    rotated = Deal(deal.to_pbn(first=Seat.WEST))
    assert rotated == deal and deal[Seat.NORTH] == Hand("AKQ2.KJ4.T98.A53")
    assert eval(repr(deal)) == deal and pickle.loads(pickle.dumps(deal)) == deal


def test_random_is_reproducible_and_valid() -> None:
    assert Deal.random(42) == Deal.random(42)
    assert Deal.random(42) != Deal.random(43)
    for seed in range(50):
        deal = Deal.random(seed)
        assert deal.is_complete


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "first seat"),
        ("X:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "not a seat"),
        ("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6", "four hands"),
        ("N:AKQ2.KJ4.T98.A53 AT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "SA dealt twice"),
        ("N:AKQ2.KJ4.T98.A5 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "north's hand has 12"),
        ("N:AKQ2.KJ4.T98.A5Z JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "north's hand"),
        # #28: the whole pack, none twice, but 14 and 12 cards (the one test on the bits fails; the loop says why)
        ("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 87654.T976.J5.QJ6 3.532.A432.T987", "south's hand has 14"),
        ("W:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T98", "south's hand has 12"),
        ("n:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T98", "west's hand has 12"),
    ],
)
def test_deal_errors_say_what_is_wrong(bad: str, why: str) -> None:
    with pytest.raises(DealError, match=why):
        Deal(bad)


def test_partial_deals_are_checked_on_their_bits() -> None:
    """#28: a partial deal read from its hands' bits still refuses a card twice (L1) and 14 cards (L6)."""
    with pytest.raises(DealError, match=r"SA dealt twice \(again in south's hand"):
        Deal.partial("N:AKQ2.-.-.- - A.-.-.- -")
    with pytest.raises(DealError, match="east's hand has 14 cards"):
        Deal.partial("N:- AKQJT98765432.A.-.- - -")
    assert Deal.partial("E:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-")[Seat.NORTH] == Deal.partial("N:J.-.-.- - - -")[Seat.NORTH]


def test_a_deal_from_a_mapping_of_hands() -> None:
    """A deal from its hands by seat (``Deal.from_hands``): a seat not given holds no card in a partial deal, a
    complete one needs all four (L6), and a value that is not a ``Hand`` is refused by name."""
    deal = Deal(DEAL)
    assert Deal(dict(deal)) == deal == Deal.from_hands({Seat(i): hand for i, hand in enumerate(deal.hands)})
    north = Deal.partial({Seat.NORTH: deal[Seat.NORTH]})
    assert north[Seat.NORTH] == deal[Seat.NORTH] and north[Seat.EAST] == north[Seat.WEST] == Hand()
    assert not north.is_complete and north == Deal.partial("N:AKQ2.KJ4.T98.A53 - - -")
    with pytest.raises(DealError, match="east's hand has 0 cards"):
        Deal({Seat.NORTH: deal[Seat.NORTH]})
    with pytest.raises(TypeError, match=r"not a Hand: 'AKQ2\.KJ4\.T98\.A53'"):
        Deal.partial({Seat.NORTH: "AKQ2.KJ4.T98.A53"})  # type: ignore[dict-item]


def test_partial_deal() -> None:
    deal = Deal.partial("N:AKQ2.KJ4.T98.A53 - - -")
    assert not deal.is_complete and len(deal[Seat.EAST]) == 0
    assert eval(repr(deal)) == deal and pickle.loads(pickle.dumps(deal)) == deal


def test_deal_from_bits_is_checked_once_as_deal_checks_it() -> None:
    """#28: ``Deal._of_bits`` (the readers' and the dealer's constructor) checks the four sets as ``Deal`` does:
    no card twice (L1), at most 13 a hand and, when complete, the whole pack (L6)."""
    deal = Deal(DEAL)
    north, east, south, west = (hand.bits for hand in deal.hands)
    built = Deal._of_bits(north, east, south, west)
    assert built == deal and hash(built) == hash(deal) and built.hands == deal.hands and built.is_complete
    assert Deal._of_bits(north, 0, 0, 0, complete=False) == Deal.partial("N:AKQ2.KJ4.T98.A53 - - -")
    with pytest.raises(DealError, match=r"dealt twice \(again in east's hand\)"):
        Deal._of_bits(north, east | north & -north, south, west)
    with pytest.raises(DealError, match="north's hand has 12 cards"):
        Deal._of_bits(north & north - 1, east, south, west)
    with pytest.raises(DealError, match="west's hand has 14 cards"):
        Deal._of_bits(0, 0, 0, west | north & -north, complete=False)


@pytest.mark.parametrize("first", list(Seat))
def test_deal_text_as_pbn_writers_write_it_and_otherwise(first: Seat) -> None:
    """#28: a deal in capitals, one blank between hands, is read suit by suit from a table of every holding; the
    same deal written otherwise (small letters, ``10``, blanks, ``-`` for a void) is read hand by hand alike."""
    for seed in range(40):
        deal = Deal.random(seed)
        text = deal.to_pbn(first)
        assert Deal(text) == deal
        assert Deal(f"  {text.lower()[0].upper()}{text.lower()[1:]}  ") == deal
        assert Deal(text.replace(" ", "   ").replace("T", "10")) == deal
    assert Deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")[Seat.EAST] == Hand(
        "-.AKQJT98765432.-.-"
    )
