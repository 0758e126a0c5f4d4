"""The web table's face-down lead goes through the laws and the one driver (L41A–C): a card of a seat other than the
leader while the lead lies face down is refused by the laws at a table without a director, saying what it would be
(L17D1, L54E, L24); at a director's table the director has the face-down lead withdrawn after the opponents'
misexplanation was corrected (a ``retract`` he records, L47E2(a)), and the robot leads again, face down."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from contractbridge.cards import Hand
from contractbridge.store import Store
from test_web_clarification import error_of, face_down, grand_slam, web_period
from web_helpers import open_table, until

WEB_SEED = "test-web-clarification"  # the deals of test_web_clarification: North opens 7NT, East leads face down


def test_a_card_of_the_presumed_declarer_is_refused_by_the_laws_without_a_director(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="N", robots=["E", "S", "W"])
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
        down = grand_slam(north)
        seq = down["seq"]
        mine = str(min(Hand.parse(down["view"]["hand"])))
        north.send_json({"type": "play", "card": mine})
        refused = error_of(north)
        assert refused["error"] == "CardOutOfTurnError" and f"{mine} by north" in refused["message"]
        assert "(L17D1, L54E, L24)" in refused["message"] and "without a director refuses" in refused["message"]
        north.send_json({"type": "no_questions"})
        faced = until(north, lambda f: bool(f["view"]["current_trick"]))
        assert faced["seq"] == seq + 2  # nothing was recorded for the refused card: no_questions, the lead faced


def test_the_director_has_the_face_down_lead_withdrawn_and_the_robot_leads_again_l47e2a(
    client: TestClient, store: Store
) -> None:
    """North's 7NT was not alerted (the director records a failure to alert, L20F5(b)(ii), and finds it a mistaken
    explanation, L75B1); East, the robot leader, asks to withdraw his face-down lead; the director judges it made
    because of it: it goes back, East leads again face down, and North's "no questions" faces it (L41A–C)."""
    table_id, tokens, made = open_table(client, humans="N", robots=["E", "S", "W"], director=True)
    link = f"/ws/{table_id}?token="
    with client.websocket_connect(link + tokens["N"]) as north, \
            client.websocket_connect(link + made["director_token"]) as director:  # fmt: skip
        grand_slam(north)
        first = until(director, face_down)["disclosure"]["clarification"]["card"]
        north.send_json({"type": "retract", "seat": "E", "reason": "misexplanation"})  # only the director records
        assert error_of(north)["error"] == "RulingError"
        director.send_json({"type": "retract", "seat": "E", "reason": "misexplanation"})  # nothing corrected yet
        assert "found no misexplanation" in error_of(director)["message"]
        director.send_json({"type": "misexplanation", "seat": "N", "call": 1, "kind": "no_alert"})
        director.send_json({"type": "judge", "question": "mistaken_explanation", "answer": True})
        director.send_json({"type": "retract", "seat": "E", "reason": "misexplanation"})
        asked = until(north, lambda f: (f["ruling"]["ruling"] or {}).get("law") == "47E2(a)")
        assert first not in json.dumps(asked["ruling"]) and face_down(asked)  # the card is East's alone (L41A)
        director.send_json({"type": "judge", "question": "face_down_lead_withdrawal", "answer": True})
        again = until(
            north, lambda f: face_down(f) and web_period(f)["waiting"] == ["N"] and f["ruling"]["ruling"] is None
        )
        north.send_json({"type": "no_questions"})
        faced = until(north, lambda f: bool(f["view"]["current_trick"]))
        assert faced["view"]["dummy_hand"] and web_period(again) is not None
    board = store.current_board(table_id)
    assert board is not None
    kinds = [e["event"] for e in board.events]
    assert kinds.count("face_down_lead") == 2 and kinds[-1] == "play"
    withdrawn = kinds.index("retract")
    assert kinds[withdrawn + 1] == "judge" and "face_down_lead" in kinds[withdrawn + 2 :]
    lead = [e for e in board.events if e["event"] == "face_down_lead"][-1]
    assert board.events[-1]["card"] == lead["card"] and board.events[-1]["seat"] == "E"
