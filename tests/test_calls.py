"""Calls and contracts (L18–L19, L22)."""

import pickle

import pytest

from contractbridge import DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Doubling, ParseError, Strain


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


def test_contract_parse() -> None:
    c = Contract.parse("4SX")
    assert (c.level, c.strain, c.doubling) == (4, Strain.SPADES, Doubling.DOUBLED)
    assert str(Contract.parse("3ntxx")) == "3NTXX" and c.tricks_needed == 10
    assert eval(repr(c), {"Contract": Contract}) == c
    for bad in ["8S", "0NT", "4SXXX", "4Q", ""]:
        with pytest.raises(ParseError, match="not a contract"):
            Contract.parse(bad)
