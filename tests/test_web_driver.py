"""The web table through the table driver (players.Driver; issue #22 item 3): a card out of turn is an error
frame, not a dropped connection (#26), and robots refuse an undo once a reply has been seen (#26)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web_helpers import lead_face_down, open_table, state, until

WEB_SEED = "test-web-driver"  # the ``client`` fixture's deals (conftest.py)


def test_a_card_out_of_turn_is_an_error_frame_and_the_connection_goes_on_issue_26(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="NESW", robots=[])
    sockets = {s: client.websocket_connect(f"/ws/{table_id}?token={t}") for s, t in tokens.items()}
    with sockets["N"] as north, sockets["E"] as east, sockets["S"] as south, sockets["W"] as west:
        ws = {"N": north, "E": east, "S": south, "W": west}
        for seat, call in zip("NESW", ["1NT", "P", "P", "P"], strict=True):
            ws[seat].send_json({"type": "call", "call": call})
        lead = until(south, lambda f: f["view"]["phase"] == "play")
        assert lead["view"]["turn"] == "E"
        south.send_json({"type": "play", "card": lead["view"]["hand"][0]})  # dummy, out of turn: an error frame
        frame = state(south, "an error frame")
        while frame["type"] != "error":
            frame = state(south, "an error frame")
        assert frame["error"] == "OutOfTurnError" and "east's turn, not south's" in frame["message"]
        east.send_json({"type": "ping"})  # the table goes on for everyone
        mine = until(east, lambda f: bool(f["view"]["legal_cards"]))
        lead_face_down(ws, "E", mine["view"]["legal_cards"][0])
        assert until(south, lambda f: len(f["view"]["current_trick"]) == 1)


def test_robots_refuse_an_undo_after_their_reply_issue_26(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="N", robots=["E", "S", "W"])
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
        north.send_json({"type": "call", "call": "1C"})
        until(north, lambda f: len(f["view"]["auction"]) >= 2)  # East, a robot, has called since
        north.send_json({"type": "undo"})
        frame = state(north, "an error frame")
        while frame["type"] != "error":
            frame = state(north, "an error frame")
        assert frame["error"] == "ProtocolError" and "refuse" in frame["message"]
    # The robots may all have called before the refusal (no state frame follows an error): a new connection is
    # sent the table as it stands.
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
        after = until(north, lambda f: True)
        assert after["view"]["auction"][0] == ["N", "1C"] and after["table"]["undo"] is None
