"""The web table through the table driver (players.Driver; issue #22 item 3): a card out of turn is an error
frame, not a dropped connection (#26), and robots refuse an undo once a reply has been seen (#26)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from contractbridge.server import create_app
from contractbridge.store import Store

Frame = dict[str, Any]


@pytest.fixture
def client() -> Iterator[TestClient]:
    store = Store("sqlite://")
    with TestClient(create_app(store, rate=1000, burst=1000, seed="test-web-driver")) as c:
        yield c
    store.close()


def seated(client: TestClient, humans: str, robots: list[str]) -> tuple[str, dict[str, str]]:
    made = client.post("/api/tables", json={"robots": robots}).json()
    tokens = {s: client.post(f"/api/tables/{made['id']}/seats/{s}", json={"name": s}).json()["token"] for s in humans}
    return made["id"], tokens


def until(ws: WebSocketTestSession, test: Any, limit: int = 400) -> Frame:
    for _ in range(limit):
        frame: Frame = ws.receive_json()
        if frame["type"] == "state" and test(frame):
            return frame
    raise AssertionError("the frame never came")


def test_a_card_out_of_turn_is_an_error_frame_and_the_connection_goes_on_issue_26(client: TestClient) -> None:
    table_id, tokens = seated(client, "NESW", [])
    sockets = {s: client.websocket_connect(f"/ws/{table_id}?token={t}") for s, t in tokens.items()}
    with sockets["N"] as north, sockets["E"] as east, sockets["S"] as south, sockets["W"] as west:
        ws = {"N": north, "E": east, "S": south, "W": west}
        for seat, call in zip("NESW", ["1NT", "P", "P", "P"], strict=True):
            ws[seat].send_json({"type": "call", "call": call})
        lead = until(south, lambda f: f["view"]["phase"] == "play")
        assert lead["view"]["turn"] == "E"
        south.send_json({"type": "play", "card": lead["view"]["hand"][0]})  # dummy, out of turn: an error frame
        frame = south.receive_json()
        while frame["type"] != "error":
            frame = south.receive_json()
        assert frame["error"] == "OutOfTurnError" and "east's turn, not south's" in frame["message"]
        east.send_json({"type": "ping"})  # the table goes on for everyone
        mine = until(east, lambda f: bool(f["view"]["legal_cards"]))
        east.send_json({"type": "play", "card": mine["view"]["legal_cards"][0]})
        assert until(south, lambda f: len(f["view"]["current_trick"]) == 1)


def test_robots_refuse_an_undo_after_their_reply_issue_26(client: TestClient) -> None:
    table_id, tokens = seated(client, "N", ["E", "S", "W"])
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
        north.send_json({"type": "call", "call": "1C"})
        until(north, lambda f: len(f["view"]["auction"]) >= 2)  # East, a robot, has called since
        north.send_json({"type": "undo"})
        frame = north.receive_json()
        while frame["type"] != "error":
            frame = north.receive_json()
        assert frame["error"] == "ProtocolError" and "refuse" in frame["message"]
        after = until(north, lambda f: True)
        assert after["view"]["auction"][0] == ["N", "1C"] and after["table"]["undo"] is None
