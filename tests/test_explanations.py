"""Who explains which calls and what a robot answers (L20F1, L20F3, L40B, L75C): the one builder the terminal and
the web table share (``laws.wbf17.disclosure.explained_calls``, ``answer_text``)."""

from __future__ import annotations

from typing import Any

from contractbridge import Board, Deal
from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.laws.wbf17.disclosure import answer_text, explained_calls
from contractbridge.systems.agreements import PartnershipAgreements
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
    texts = {0: "five spades", 4: None}
    assert answer_text(calls, [0, 4], texts.__getitem__) == "1S: five spades; 4NT: no agreement"
    assert answer_text(calls, [], texts.__getitem__) == "no calls to explain"
