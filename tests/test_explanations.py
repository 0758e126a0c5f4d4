"""Who explains which calls and what a robot answers (L20F1, L20F3, L40B, L75C): the one builder the terminal and
the web table share (``laws.wbf17.disclosure.explained_calls``, ``answer_text``)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge import Board, Deal
from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Seat, Side
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError, ParseError
from contractbridge.laws.wbf17.disclosure import answer_text, explained_calls
from contractbridge.robots import BiddingRobot, explain
from contractbridge.robots.explanations import agreed_meaning
from contractbridge.server.robots import RobotPool, seat_systems
from contractbridge.systems import CULBERTSON
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.systems.base import CallMeaning
from contractbridge.table import Table

DEAL = Deal("N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53")


def _shown(calls: list[str], system: dict[str, Any] | None = None, **question: Any) -> tuple[Table, dict[str, Any]]:
    agreements = None if system is None else PartnershipAgreements.from_dict(system)
    table = Table(Board(1, DEAL), edition="WBF17", agreements=agreements)
    for call in calls:
        table.call(call)
    seat = table.auction.turn
    assert seat is not None
    table.apply({"event": "question", "seat": seat.letter, **question})
    shown = table.rules.disclosure(table)
    assert shown is not None
    return table, shown


def test_a_question_about_one_call_is_answered_about_that_call_only_l20f3() -> None:
    table, shown = _shown(["1S", "P", "2S"], call=1)
    question = shown["questions"][-1]
    assert question["awaiting"] == ["S"]
    assert explained_calls(shown, question, Seat.SOUTH, table.auction.seats) == [0]


def test_a_question_about_the_auction_each_answerer_explains_his_partners_calls_l20f1() -> None:
    table, shown = _shown(["1S", "P", "2S"])
    question = shown["questions"][-1]
    assert question["awaiting"] == ["N", "S"]
    assert explained_calls(shown, question, Seat.NORTH, table.auction.seats) == [2]  # South's 2S
    assert explained_calls(shown, question, Seat.SOUTH, table.auction.seats) == [0]  # North's 1S


def test_under_a_self_alert_policy_each_answerer_explains_his_own_calls_l40b2a() -> None:
    table, shown = _shown(["1S", "P", "2S"], system={"alert_policy": {"self_alert": True}})
    question = shown["questions"][-1]
    assert explained_calls(shown, question, Seat.NORTH, table.auction.seats) == [0]
    assert explained_calls(shown, question, Seat.SOUTH, table.auction.seats) == [2]


def test_the_answer_text_names_each_call_and_says_no_agreement_where_there_is_none_l20f1_l75c() -> None:
    calls = [Call.parse(c) for c in ("1S", "P", "2S", "P", "4NT")]
    five = CallMeaning(calls[0], "five spades", "card")
    assert answer_text(calls, {0: five, 4: None}) == "1S: five spades; 4NT: no agreement"
    assert answer_text(calls, {}) == "no calls to explain"


# ---- a robot explains its pair's agreements, not its own system passed off as agreed (L20F1, L40B, L75C) ----------
def _auction(calls: str) -> Auction:
    return Auction(Seat.NORTH, calls.split())


def test_a_call_the_pairs_card_describes_is_explained_as_described_l40a1b() -> None:
    cards = PartnershipAgreements().with_call(Side.NS, "1NT P 2C", "Stayman", artificial=True)
    robot = BiddingRobot("culbertson")
    meaning = robot.explain(_auction("1NT P 2C"), 2, Vulnerability.NONE, cards)
    assert meaning.text == "Stayman" and meaning.artificial
    assert robot.explain(_auction("1NT P 2C"), 2).text != "Stayman"  # without the cards: the robot's own system


def test_a_card_that_names_the_club_system_is_explained_by_it_est_b55() -> None:
    club = PartnershipAgreements.from_dict({"NS": {"system": "club"}})
    opening = _auction("1C")
    for robot in (BiddingRobot("culbertson"), BiddingRobot("club")):  # whatever the robot itself plays
        assert robot.explain(opening, 0, Vulnerability.NONE, club) == explain(opening, 0, system="club")
    assert explain(opening, 0, system="club").artificial and not explain(opening, 0, system="culbertson").artificial
    # the other side's card names nothing: its calls are the robot's own system's
    over = _auction("1C 1S")
    assert (
        BiddingRobot("culbertson").explain(over, 1, Vulnerability.NONE, club).text
        == explain(over, 1, system="culbertson", opponents="club").text
    )


def test_a_card_that_names_a_system_the_robot_does_not_play_is_said_so_not_explained_as_culbertson_l75c() -> None:
    acol = PartnershipAgreements.from_dict({"EW": {"system": "Acol", "P 1NT": {"text": "12-14 balanced"}}})
    auction = _auction("P 1NT P 2C")
    meaning = agreed_meaning(acol, auction, 3, Vulnerability.NONE, CULBERTSON)
    assert meaning.undiscussed and not meaning.artificial
    assert (
        meaning.text == "no agreement the robot can explain: the pair's card names Acol, which the robot does not play"
    )
    assert agreed_meaning(acol, auction, 1, Vulnerability.NONE, CULBERTSON).text == "12-14 balanced"  # on the card
    with pytest.raises(BridgeError, match="no call number 5"):
        agreed_meaning(acol, auction, 4, Vulnerability.NONE, CULBERTSON)


def test_without_a_card_a_robot_explains_by_its_own_system_as_before() -> None:
    auction = _auction("1S P 2S")
    for robot in (BiddingRobot("culbertson"), BiddingRobot("club")):
        assert robot.explain(auction, 2, Vulnerability.NONE, PartnershipAgreements()) == robot.explain(auction, 2)


def test_the_web_robots_bid_the_system_their_pairs_card_names_where_they_play_it_l40a1b() -> None:
    cards = PartnershipAgreements.from_dict({"NS": {"system": "Club"}, "EW": {"system": "Acol"}})
    assert seat_systems(cards, Seat.NORTH) == ("club", "culbertson")
    assert seat_systems(cards, Seat.EAST) == ("culbertson", "club")  # Acol: not one the robots play
    assert seat_systems(None, Seat.SOUTH) == ("culbertson", "culbertson")
    # North's 2½–4 HT: the Club system opens an artificial 1C (EST-B55), Culbertson passes
    table = Table(Board(1, Deal.random("club2/1/1")), edition="WBF17", agreements=cards)
    pool = RobotPool(0)
    try:
        robot = pool.robot("t", "N", "WBF17")
        robot.systems = seat_systems(cards, Seat.NORTH)
        assert robot.call(table.view(Seat.NORTH)) == Call.parse("1C")
        assert robot.last_meaning is not None and robot.last_meaning.artificial
        robot.systems = ("culbertson", "culbertson")
        assert robot.call(table.view(Seat.NORTH)) == Call.parse("P")
    finally:
        pool.close()


# ---- a system card with a field of the wrong type is refused, naming the call and the field (L40A1(b)) -----------
@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ({"artificial": "yes"}, "artificial is true or false, not 'yes'"),
        ({"artificial": 1}, "artificial is true or false, not 1"),
        ({"alert": "no"}, "alert is true, false or absent, not 'no'"),
        ({"text": 3}, "text is a string, not 3"),
        ({"text": None}, "text is a string, not None"),
        ({"agreement": ["Multi"]}, "agreement is the agreement's name, a string, not ['Multi']"),
        ({"suits": "H"}, "suits is a list of suit letters, not 'H'"),
        ({"suits": ["X"]}, "suits: not a suit: 'X'"),
        ({"artifical": True}, "unknown fields 'artifical'"),
    ],
)
def test_a_card_entry_of_the_wrong_type_is_a_typed_error_naming_the_call_and_the_field(
    entry: dict[str, Any], says: str
) -> None:
    for obj in ({"NS": {"1NT P 2C": entry}}, {"1NT P 2C": entry}):  # a pair's card, and the older flat description
        with pytest.raises(ParseError) as caught:
            PartnershipAgreements.from_dict(obj)
        assert str(caught.value).startswith("description of '1NT P 2C': ") and says in str(caught.value)
        assert isinstance(caught.value, BridgeError) and isinstance(caught.value, ValueError)


def test_the_system_a_card_names_is_a_name_and_travels_with_the_card() -> None:
    for bad in (3, "", "  ", None, ["club"]):
        with pytest.raises(ParseError, match="system is the name of a system"):
            PartnershipAgreements.from_dict({"EW": {"system": bad}})
    cards = PartnershipAgreements.from_dict({"NS": {"system": " club ", "1NT P 2C": {"text": "Stayman"}}})
    assert cards.system_name(Side.NS) == "club" and cards.system_name(Side.EW) is None and cards.described
    again = PartnershipAgreements.from_dict(cards.to_dict())
    assert (
        again.to_dict() == cards.to_dict() == {"NS": {"system": "club", "1NT P 2C": cards.to_dict()["NS"]["1NT P 2C"]}}
    )
    edited = cards.with_system(Side.EW, "Acol").with_system(Side.NS, None).with_policy(cards.policy)
    assert (edited.system_name(Side.NS), edited.system_name(Side.EW)) == (None, "Acol")
    assert cards.system_name(Side.NS) == "club"  # a value: the edit made a copy
    named = PartnershipAgreements.from_dict({"NS": {"system": "club"}})
    assert not named.described  # names a system, writes no call: rulings read the calls as natural (L40A1(b))
    assert PartnershipAgreements.from_dict(named.to_dict()).system_name(Side.NS) == "club"
    for bad in ("  ", 3):  # what from_dict refuses the constructor and with_system refuse too, nothing changed
        with pytest.raises(ParseError, match="system is the name of a system"):
            named.with_system(Side.EW, bad)  # type: ignore[arg-type]
        with pytest.raises(ParseError, match="system is the name of a system"):
            PartnershipAgreements(systems={Side.EW: bad})  # type: ignore[dict-item]
    assert named.to_dict() == {"NS": {"system": "club"}}
