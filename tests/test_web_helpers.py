"""The web tests' own helpers (web_helpers.py): a WebSocket frame that never comes fails the test at once, saying
what was awaited and what came last, instead of stalling it until pytest-timeout's 300 s."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

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
