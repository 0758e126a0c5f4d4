"""Calls and contracts (L18–L19, L22)."""

import copy
import dataclasses
import pickle

import pytest

from contractbridge import DOUBLE, PASS, REDOUBLE, Bid, BridgeError, Call, Contract, Doubling, ParseError, Strain


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("1C", Bid(1, Strain.CLUBS)),
        ("1nt", Bid(1, Strain.NOTRUMP)),
        ("3N", Bid(3, Strain.NOTRUMP)),
        ("7♠", Bid(7, Strain.SPADES)),
        ("P", PASS),
        ("pass", PASS),
        ("x", DOUBLE),
        ("XX", REDOUBLE),
        ("Rdbl", REDOUBLE),
    ],
)
def test_parse(text: str, call: Call) -> None:
    assert Call.parse(text) == call


@pytest.mark.parametrize("bad", ["", "0C", "8C", "1Z", "XXX", "1", "NT"])
def test_parse_errors(bad: str) -> None:
    with pytest.raises(ParseError, match="not a call"):
        Call.parse(bad)


def test_l38_bid_above_seven_is_representable() -> None:
    assert Call.parse("8C", allow_above_seven=True) == Bid(8, Strain.CLUBS)


def test_l18b_supersedes() -> None:
    assert Bid(1, Strain.NOTRUMP).supersedes(Bid(1, Strain.SPADES))
    assert Bid(2, Strain.CLUBS).supersedes(Bid(1, Strain.NOTRUMP))
    assert not Bid(1, Strain.HEARTS).supersedes(Bid(1, Strain.SPADES))
    assert not Bid(1, Strain.SPADES).supersedes(Bid(1, Strain.SPADES))


def test_round_trips() -> None:
    for text in ["1C", "7NT", "P", "X", "XX"]:
        call = Call.parse(text)
        assert str(call) == text
        assert pickle.loads(pickle.dumps(call)) == call
    assert eval(repr(Bid(3, Strain.HEARTS))) == Bid(3, Strain.HEARTS)


def test_the_ladder_s_bids_are_interned() -> None:
    """#28: the 35 bids of L18E are built once; ``Call.parse``, copies and pickles give the same instance, and an
    int strain is read as its ``Strain``. A bid above seven (L38) is a value like any other, built each time."""
    bid = Bid(1, Strain.NOTRUMP)
    assert bid is Bid(1, Strain.NOTRUMP) is Bid(1, 4) is Call.parse("1NT") is Bid(level=1, strain=Strain.NOTRUMP)
    assert pickle.loads(pickle.dumps(bid)) is bid and copy.deepcopy(bid) is bid and copy.copy(bid) is bid
    assert type(Bid(2, 3).strain) is Strain and Bid(2, 3) is Bid(2, Strain.SPADES)
    assert Bid(True, Strain.CLUBS) is Bid(1, Strain.CLUBS)  # a bool is an int: the level 1, as it compared before
    high = Bid(8, Strain.CLUBS)
    assert high == Bid(8, Strain.CLUBS) and high is not Bid(8, Strain.CLUBS)
    assert hash(high) == hash(Bid(8, Strain.CLUBS)) and pickle.loads(pickle.dumps(high)) == high
    assert dataclasses.replace(bid, level=3) is Bid(3, Strain.NOTRUMP)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bid.level = 2  # type: ignore[misc]


@pytest.mark.parametrize("level", [0, -1, 1.0, "1", None, [1]])
def test_a_bid_level_that_is_not_a_positive_integer_is_refused(level: object) -> None:
    with pytest.raises(BridgeError, match="a bid level must be a positive integer"):
        Bid(level, Strain.CLUBS)  # type: ignore[arg-type]


@pytest.mark.parametrize("strain", [5, -1, "NT", 4.5, None, [1]])
def test_a_bid_strain_that_is_not_one_is_refused(strain: object) -> None:
    with pytest.raises(BridgeError, match="a bid's strain is a Strain"):
        Bid(1, strain)  # type: ignore[arg-type]


def test_contract_parse() -> None:
    c = Contract.parse("4SX")
    assert (c.level, c.strain, c.doubling) == (4, Strain.SPADES, Doubling.DOUBLED)
    assert str(Contract.parse("3ntxx")) == "3NTXX" and c.tricks_needed == 10
    assert eval(repr(c), {"Contract": Contract}) == c
    for bad in ["8S", "0NT", "4SXXX", "4Q", ""]:
        with pytest.raises(ParseError, match="not a contract"):
            Contract.parse(bad)
