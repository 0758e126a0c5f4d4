"""The web's event creation takes the decimals of a weighted assigned score's points (L12C1(c): a condition of
contest, as ``event create --weighted-decimals``): refused with the tournament's message when not 0, 1 or 2
(nothing stored), kept by the store (revision 0007), shown on the results page with the other conditions, and the
ranking is the CLI's for the same results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.eventstore import EventStore
from contractbridge.store import Store

WEB_SEED = "test-web-events-weighted"  # the ``client`` fixture's deals (conftest.py)
LEAGUE = {"form": "teams", "movement": "round-robin", "teams": 4, "boards_per_round": 1}
WEIGHTED = "4H N = 1/3 + 4H N -1 2/3"  # against the open room's 4H=: 2/3 × 10 IMPs to the home team


def test_a_team_league_rounds_weighted_imps_as_its_conditions_say(client: TestClient, store: Store,
                                                                  tmp_path: Path) -> None:  # fmt: skip
    made = client.post("/api/events", json={**LEAGUE, "weighted_decimals": 1}).json()
    event, director = made["id"], {"Authorization": f"Bearer {made['director_token']}"}
    assert EventStore(store).event(event).weighted_decimals == 1
    for body in ({"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "N", "tricks": 10},
                 {"round": 1, "table": 2, "board": 1, "assigned": WEIGHTED, "reason": "r"}):  # fmt: skip
        assert client.post(f"/api/events/{event}/results", json=body, headers=director).status_code == 201
    state = client.get(f"/api/events/{event}", headers=director).json()
    assert (state["weighted_decimals"], state["weighted_places"]) == (1, 1)
    [board] = state["travellers"]["boards"]
    assert [row[-2:] for row in board["rows"]] == [["6.7", "-6.7"], ["-6.7", "6.7"]]
    file = tmp_path / "league.json"
    where = ["--round", "1", "--board", "1"]
    runner = CliRunner()
    for args in (["create", str(file), "--form", "teams", "--movement", "round-robin", "--teams", "4",
                  "--weighted-decimals", "1"],
                 ["result", str(file), *where, "--table", "1", "4H", "N", "-t", "10"],
                 ["result", str(file), *where, "--table", "2", "--assigned", WEIGHTED, "--reason", "r"]):  # fmt: skip
        assert runner.invoke(app, ["event", *args]).exit_code == 0
    cli = json.loads(runner.invoke(app, ["event", "rank", str(file), "--json"]).output)
    assert client.get(f"/api/events/{event}/ranking").json() == cli
    default = client.post("/api/events", json=LEAGUE).json()
    shown = client.get(f"/api/events/{default['id']}").json()
    assert (shown["weighted_decimals"], shown["weighted_places"]) == (None, 2)  # the form's own: the hundredth


def test_a_bad_condition_is_refused_and_nothing_stored(client: TestClient, store: Store) -> None:
    for value, status, message in ((3, 400, "0, 1 or 2 decimals, not 3"), (-1, 400, "not -1"),
                                   ("two", 422, "weighted_decimals")):  # fmt: skip
        refused: Any = client.post("/api/events", json={**LEAGUE, "weighted_decimals": value})
        assert refused.status_code == status and message in refused.text, refused.text
    assert EventStore(store).events() == []
