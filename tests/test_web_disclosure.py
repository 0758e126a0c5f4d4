"""What the web table offers a seat for questions, answers and alerts, and what it refuses (WBF17 L20F1–F3, L41B,
L40B2(a)(iii)): the seat's ``disclosure.may``, computed by the events' own checks, lists exactly what the table
would accept from him now; a message the laws do not allow is refused with a typed error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from contractbridge import errors
from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.errors import BridgeError
from contractbridge.server.frames import director_frame, seat_frame
from contractbridge.store import Store
from contractbridge.systems.agreements import AlertPolicy, PartnershipAgreements
from contractbridge.table import Table
from test_disclosure import AGREED, CARDS, STAYMAN, TO_THE_END, calls, ev, seen, table

Frame = dict[str, Any]


def may(t: Table, seat: Seat) -> dict[str, Any]:
    shown = t.rules.disclosure(t, seat)
    assert shown is not None
    found: dict[str, Any] = shown["may"]
    return found


def accepted(t: Table, event: dict[str, Any]) -> bool:
    """Whether the table takes ``event`` now (then taken back: the table is as it was)."""
    try:
        t.apply(event)
    except BridgeError:
        return False
    t.undo()
    return True


def test_the_seat_may_ask_about_the_opponents_calls_at_his_turn_and_alert_his_partners_l20f1() -> None:
    t = table(*STAYMAN)  # 1NT P 2C by N E S: West to call
    assert may(t, Seat.WEST) == {"ask": [1, 3], "ask_auction": True, "answer": [], "alert": [
        {"call": 2, "due": False, "late": True}], "tempo": ["N", "S"]}  # fmt: skip
    assert may(t, Seat.NORTH)["alert"] == [{"call": 3, "due": True, "late": False}]  # Stayman: on NS's card
    assert may(t, Seat.NORTH)["ask"] == [] and not may(t, Seat.NORTH)["ask_auction"]  # not his turn (L20F1)
    assert may(table(*calls("1NT")), Seat.WEST)["tempo"] == ["N"]  # South has not called yet (L16B2)
    asked = table(*STAYMAN, ev("question", "W", call=3))
    assert may(asked, Seat.NORTH)["answer"] == [1] and may(asked, Seat.SOUTH)["answer"] == []
    over = may(table(*STAYMAN, *TO_THE_END, *AGREED), Seat.WEST)  # the board is over: only a break in tempo (L16B2)
    assert over == {"ask": [], "ask_auction": False, "answer": [], "alert": [], "tempo": ["N"]}  # S is dummy (L41D)


def test_a_call_the_policy_puts_beyond_alerting_is_not_offered() -> None:
    above = CARDS.with_policy(AlertPolicy(above=Call.parse("3NT")))
    t = table(*calls("1NT P 4S"), agreements=above)
    assert [a["call"] for a in may(t, Seat.NORTH)["alert"]] == []  # 4S is above 3NT: no alert is due (L20F5(a))
    assert [a["call"] for a in may(table(*calls("1NT P 4S")), Seat.NORTH)["alert"]] == [3]


@pytest.mark.parametrize(
    "events",
    [
        calls("1NT"),
        STAYMAN,
        [*STAYMAN, *calls("P 2H P P P", "W")],
        [*STAYMAN, *TO_THE_END[:6]],
        [*STAYMAN, *TO_THE_END],
    ],
)
def test_may_lists_exactly_what_the_table_accepts(events: list[dict[str, Any]]) -> None:
    """Every question and alert ``may`` offers is accepted, every other one refused (L20F1, L20F2, L41B,
    L40B2(a)(iii)): the page never decides the law."""
    t = table(*events)
    for seat in Seat:
        offered = may(t, seat)
        numbers = range(1, len(t.auction) + 1)
        assert offered["ask"] == [n for n in numbers if accepted(t, ev("question", seat.letter, call=n))]
        assert offered["ask_auction"] == accepted(t, ev("question", seat.letter))
        assert [a["call"] for a in offered["alert"]] == [
            n for n in numbers if accepted(t, ev("alert", seat.letter, call=n))
        ]
        opponents = (seat.lho.letter, seat.rho.letter)
        assert offered["tempo"] == [s for s in opponents if accepted(t, ev("hesitation", s, noted_by=seat.letter))]


# ---- over the WebSocket ----------------------------------------------------------------------------------------
WEB_SEED = "test-web-disclosure"  # the ``client`` fixture's deals (conftest.py)


def until(ws: Any, test: Callable[[Frame], bool], *, error: bool = False) -> Frame:
    for _ in range(200):
        frame: Frame = ws.receive_json()
        if frame["type"] == ("error" if error else "state") and test(frame):
            return frame
    raise AssertionError("the frame never came")


def test_a_seat_the_laws_do_not_let_ask_is_refused_with_a_typed_error_and_nothing_changes(client: TestClient) -> None:
    made = client.post("/api/tables", json={}).json()
    seats = f"/api/tables/{made['id']}/seats/"
    token = {s: client.post(seats + s, json={"name": s}).json()["token"] for s in "NESW"}
    url = f"/ws/{made['id']}?token="
    connect = client.websocket_connect
    with connect(url + token["N"]) as north, connect(url + token["E"]) as east, \
            connect(url + token["S"]) as south, connect(f"/ws/{made['id']}") as spectator:  # fmt: skip
        north.send_json({"type": "call", "call": "1NT"})  # board 1: North deals (L2)
        frame = until(north, lambda f: len(f["view"]["auction"]) == 1)
        assert frame["disclosure"]["may"]["ask"] == []  # East's turn, not North's (L20F1)
        seq = frame["seq"]
        north.send_json({"type": "question", "call": 1})  # his own call, and not his turn
        assert until(north, lambda f: True, error=True)["error"] == "IllegalCallError"
        east.send_json({"type": "alert", "call": 1})  # an opponent's call: his partner alerts it (L40B2(a)(iii))
        assert until(east, lambda f: True, error=True)["error"] == "IllegalCallError"
        east.send_json({"type": "question", "call": 1})
        south.send_json({"type": "answer", "question": "1", "text": "15-17"})  # the question's number is a number
        assert until(south, lambda f: True, error=True)["error"] == "ProtocolError"
        east.send_json({"type": "call", "call": "P"})
        frame = until(south, lambda f: len(f["view"]["auction"]) == 2)
        assert frame["disclosure"]["questions"][0]["awaiting"] == []  # unanswered before the next call (L20F1)
        south.send_json({"type": "question", "call": 1})  # South's turn, about his partner's call (L20F1)
        assert until(south, lambda f: True, error=True)["error"] == "IllegalCallError"
        spectator.send_json({"type": "question", "call": 2})  # a spectator asks nothing
        assert until(spectator, lambda f: True, error=True)["error"] == "ProtocolError"
        north.send_json({"type": "answer", "text": "pass"})  # nobody asked him
        assert until(north, lambda f: True, error=True)["error"] == "IllegalCallError"
        south.send_json({"type": "call", "call": "2C"})
        shown = until(north, lambda f: len(f["view"]["auction"]) == 3)
        assert shown["seq"] == seq + 3 and len(shown["disclosure"]["questions"]) == 1  # the refusals logged nothing


def test_an_answer_names_the_question_it_answers_l20f1(client: TestClient) -> None:
    """West asks about North's 1NT and then about the whole auction: South has two questions to answer and names
    the one his text answers."""
    made = client.post("/api/tables", json={"robots": ["E"]}).json()
    seats = f"/api/tables/{made['id']}/seats/"
    token = {s: client.post(seats + s, json={"name": s}).json()["token"] for s in "NSW"}
    url = f"/ws/{made['id']}?token="
    connect = client.websocket_connect
    with connect(url + token["N"]) as north, connect(url + token["S"]) as south, connect(url + token["W"]) as west:
        north.send_json({"type": "call", "call": "1NT"})
        until(south, lambda f: f["view"]["turn"] == "S")
        south.send_json({"type": "call", "call": "2C"})
        until(west, lambda f: f["view"]["turn"] == "W")
        west.send_json({"type": "question", "call": 1})
        west.send_json({"type": "question"})
        frame = until(south, lambda f: len(f["disclosure"]["questions"]) == 2)
        assert frame["disclosure"]["may"]["answer"] == [1, 2]
        south.send_json({"type": "answer", "question": 1, "text": "15-17 balanced"})
        frame = until(west, lambda f: bool(f["disclosure"]["answers"]))
        assert frame["disclosure"]["answers"] == [
            {"question": 1, "seat": "S", "text": "15-17 balanced", "UI": ["N"], "law": "20F1, 75A"}
        ]
        assert until(south, lambda f: f["disclosure"]["may"]["answer"] == [2])


def test_each_seats_frame_holds_only_the_questions_and_answers_it_may_see_under_self_alert_l20f1() -> None:
    """Under a ``self_alert`` policy (online play) the question reaches its answerer only and the answer the asking
    side: the frames the page is built from say no more (docs/disclosure.md)."""
    online = CARDS.with_policy(AlertPolicy(self_alert=True))
    t = table(*STAYMAN, ev("question", "W", call=3), ev("answer", "S", text="Stayman"), agreements=online)
    metas = [None] * len(t.to_events())
    shown = {s: seat_frame(t, s, {}, metas)["disclosure"] for s in Seat}
    assert [len(shown[s]["questions"]) for s in Seat] == [0, 0, 1, 1]  # N E S W: the asker and the answerer
    assert [len(shown[s]["answers"]) for s in Seat] == [0, 1, 1, 1]  # the asking side and the answerer
    assert "Stayman" not in json.dumps(shown[Seat.NORTH])  # the caller's partner learns nothing (L16B1)
    assert len(director_frame(t, {}, metas)["disclosure"]["answers"]) == 1


def test_a_book_without_an_alert_procedure_refuses_a_question_with_a_typed_error(client: TestClient) -> None:
    """The 1930s books have no questions as events (docs/disclosure.md): the frame has no disclosure record, so the
    page shows no panel, and a question sent anyway is refused and changes nothing."""
    made = client.post("/api/tables", json={"edition": "NBB30"}).json()
    seats = f"/api/tables/{made['id']}/seats/"
    token = {s: client.post(seats + s, json={"name": s}).json()["token"] for s in "NE"}
    url = f"/ws/{made['id']}?token="
    with client.websocket_connect(url + token["N"]) as north, client.websocket_connect(url + token["E"]) as east:
        north.send_json({"type": "call", "call": "1NT"})
        frame = until(east, lambda f: len(f["view"]["auction"]) == 1)
        assert frame["disclosure"] is None
        east.send_json({"type": "question", "call": 1})
        assert issubclass(getattr(errors, until(east, lambda f: True, error=True)["error"]), BridgeError)
        east.send_json({"type": "call", "call": "P"})
        assert until(east, lambda f: len(f["view"]["auction"]) == 2)["seq"] == frame["seq"] + 1


def test_a_question_about_the_whole_auction_asks_only_the_opponents_with_calls_to_explain_l20f1() -> None:
    """The partner of each opponent who called answers (L20F1); an opponent whose partner has not called has nothing
    to explain and is not asked (under a self-alert policy: each opponent who called explains his own)."""
    t = table(*calls("1NT"), ev("question", "E"))  # only North has called: South explains his 1NT
    assert seen(t, None, "questions")[0]["answerers"] == ["S"] and may(t, Seat.NORTH)["answer"] == []
    with pytest.raises(errors.IllegalCallError, match="no question to him is open"):
        t.apply(ev("answer", "N", text="no calls to explain"))
    online = table(*calls("1NT"), ev("question", "E"), agreements=CARDS.with_policy(AlertPolicy(self_alert=True)))
    assert seen(online, None, "questions")[0]["answerers"] == ["N"]
    both = table(*calls("1NT P 2C P"), ev("question", "N"))  # East and West have both called
    assert seen(both, None, "questions")[0]["answerers"] == ["E", "W"]
    with pytest.raises(errors.IllegalCallError, match=r"the opponents have not called \(L20F1\)"):
        table(ev("question", "N"))


def test_a_robot_asked_about_the_whole_auction_answers_for_its_partners_calls_only(client: TestClient) -> None:
    """East, a person, asks about the whole auction after North's opening: South, a robot, explains North's call;
    North, whose partner has not called, is not asked, so no answer says "no calls to explain"."""
    made = client.post("/api/tables", json={"robots": ["N", "S", "W"]}).json()
    token = client.post(f"/api/tables/{made['id']}/seats/E", json={"name": "E"}).json()["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as east:
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "question"})
        frame = until(east, lambda f: bool(f["disclosure"]["answers"]))
        (question,) = frame["disclosure"]["questions"]
        assert question["answerers"] == ["S"] and question["awaiting"] == []
        (answer,) = frame["disclosure"]["answers"]
        _, opening = frame["view"]["auction"][0]
        assert answer["seat"] == "S" and answer["text"].startswith(f"{opening}: ")


STAYMAN_CARDS = {  # both pairs play Stayman, alerted under the default policy (L40B1(c)); the event's policy: to 3NT
    "NS": {"1NT P 2C": {"artificial": True, "text": "Stayman"}},
    "EW": {"1NT P 2C": {"artificial": True, "text": "Stayman"}},
    "alert_policy": {"above": "3NT"},
}


def test_a_table_opened_with_the_pairs_cards_and_the_policy_says_an_alert_is_due_l40(tmp_path: Path) -> None:
    """``POST /api/tables`` with ``system`` (the board event's object, docs/disclosure.md): every board of the table
    carries it, a restart too, so ``may.alert`` says ``due`` where the pair's card makes a call alertable under the
    event's policy (L40B2(a)(iii)); a card that is not one is refused (HTTP 422) and opens nothing."""
    from contractbridge.server import Settings, create_app

    url = f"sqlite:///{tmp_path / 'cards.db'}"
    settings = Settings.from_env(rate=1000, burst=1000)
    with TestClient(create_app(url, settings)) as client:
        bad = client.post("/api/tables", json={"system": {"NS": {"1Q": {}}}})
        assert bad.status_code == 422 and "1Q" in bad.json()["detail"] and client.get("/api/tables").json() == []
        made = client.post("/api/tables", json={"system": STAYMAN_CARDS}).json()
        seats = f"/api/tables/{made['id']}/seats/"
        token = {s: client.post(seats + s, json={"name": s}).json()["token"] for s in "NESW"}
        with client.websocket_connect(f"/ws/{made['id']}?token={token['N']}") as north:
            assert state_of(north)["disclosure"]["policy"]["above"] == "3NT"
            for seat in "NESW":  # board 1 is passed out
                with client.websocket_connect(f"/ws/{made['id']}?token={token[seat]}") as ws:
                    ws.send_json({"type": "call", "call": "P"})
                    until(ws, lambda f: len(f["view"]["auction"]) == "NESW".index(seat) + 1)  # noqa: B023
    with TestClient(create_app(url, settings)) as client:  # the server restarts: the next board keeps the cards
        link, connect = f"/ws/{made['id']}?token=", client.websocket_connect
        with connect(link + token["E"]) as east, connect(link + token["S"]) as south, \
                connect(link + token["W"]) as west:  # fmt: skip
            east.send_json({"type": "next", "board": 1})
            until(east, lambda f: f["view"]["board"] == 2)  # East deals (L2)
            for ws, call in ((east, "1NT"), (south, "P"), (west, "2C")):
                ws.send_json({"type": "call", "call": call})
            frame = until(east, lambda f: len(f["view"]["auction"]) == 3)
            assert frame["disclosure"]["may"]["alert"] == [{"call": 3, "due": True, "late": False}]
            assert until(south, lambda f: len(f["view"]["auction"]) == 3)["disclosure"]["may"]["alert"] == []
    db = Store(url)
    try:
        boards = [db.board(i).events[0] for i in db.board_ids(made["id"])]
    finally:
        db.close()
    expected = PartnershipAgreements.from_dict(STAYMAN_CARDS).to_dict()
    assert [b["number"] for b in boards] == [1, 2] and all(b["system"] == expected for b in boards)


def state_of(ws: Any) -> Frame:
    return until(ws, lambda f: True)
