"""The web tests' own helpers (web_helpers.py): a WebSocket frame that never comes fails the test at once, saying
what was awaited and what came last, instead of stalling it until pytest-timeout's 300 s."""

from __future__ import annotations

import queue
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from web_helpers import asks_before_the_lead, open_table, state, until

WEB_SEED = "test-web-helpers"  # the ``client`` fixture's deals (conftest.py)


def test_a_frame_that_never_comes_fails_saying_what_was_awaited(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="NS")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
        first = state(ws)
        assert first["view"]["turn"] == "N"  # board 1: North deals (L2); South, human, never calls here
        with pytest.raises(AssertionError) as failed:
            until(ws, lambda f: f["view"]["turn"] == "S", timeout=0.2)
        message = str(failed.value)
        assert "no frame in 0.2 s" in message
        assert 'lambda f: f["view"]["turn"] == "S"' in message  # what was awaited
        assert "the last frames received: " in message and '"turn": "N"' in message  # the frame seen last
        with pytest.raises(AssertionError, match="awaiting a frame; the last frames received: "):
            state(ws, timeout=0.2)
        with pytest.raises(AssertionError, match="awaiting a state frame passing asks_before_the_lead;"):
            until(ws, asks_before_the_lead, timeout=0.2)  # a named test is named
        ws.send_json({"type": "call", "call": "P"})  # the socket still works, no frame was lost
        assert until(ws, lambda f: f["view"]["turn"] == "E")["view"]["auction"] is not None


class PublicSocket:
    """A test session with only the public receiving API of Starlette's ``WebSocketTestSession``
    (``receive_json``, which waits for ever), fed by the test."""

    def __init__(self) -> None:
        self.queue: queue.Queue[Any] = queue.Queue()

    def receive_json(self) -> Any:
        item = self.queue.get()
        if isinstance(item, BaseException):
            raise item
        return item


def test_state_waits_through_the_public_api_and_loses_no_frame_after_a_timeout() -> None:
    ws: Any = PublicSocket()
    ws.queue.put({"type": "state", "view": {"board": 1, "phase": "auction", "turn": "N", "auction": []}})
    assert state(ws)["view"]["turn"] == "N"
    with pytest.raises(AssertionError, match=r"no frame in 0\.1 s while awaiting East's call; .*\"turn\": \"N\""):
        state(ws, "East's call", timeout=0.1)
    ws.queue.put({"type": "state", "view": {"board": 1, "phase": "auction", "turn": "E", "auction": []}})
    assert state(ws)["view"]["turn"] == "E"  # the receive that outlived the timeout hands its frame on
    ws.queue.put({"type": "error", "message": "not your turn"})
    assert state(ws) == {"type": "error", "message": "not your turn"}
    ws.queue.put(WebSocketDisconnect(1008, "bad token"))
    with pytest.raises(WebSocketDisconnect):  # a closed socket says so, as receive_json does
        state(ws)
