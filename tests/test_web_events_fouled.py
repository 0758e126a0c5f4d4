"""The web table's director enters what ``event result --fouled`` and ``--at-fault`` enter (#23): the form of a
fouled board a table played (L87A; each form compared apart, L87B) and, in a team match, the side at fault beside
an assigned score when the rooms' results are not comparable (L86B2(b)). Both are checked by the tournament's one
function (``fouled_and_fault``), refused with its message (400, nothing stored), kept by the store (revision 0007)
and read back, and the ranking is the CLI's for the same results. A pair's link does neither (403: the Director
rules, L87A, L86B2)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from contractbridge.errors import TournamentError
from contractbridge.eventstore import EventStore
from contractbridge.server.events import EventRoom
from contractbridge.store import Store
from contractbridge.tournament.event import Entry, Event
from web_helpers import event_cli, ranking_rows

Json = dict[str, Any]
WEB_SEED = "test-web-events-fouled"  # the ``client`` fixture's deals (conftest.py)
#: A 4-team round robin, one board a match: round 1's match 1 v 4 plays board 1 at tables 1 (open) and 2 (closed).
LEAGUE = {"form": "teams", "movement": "round-robin", "teams": 4, "boards_per_round": 1}
OPEN = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "N", "tricks": 11}
CLOSED = {"round": 1, "table": 2, "board": 1}
#: A 3-table Mitchell, one board a round: board 1 at table 1 in round 1, table 3 in round 2, table 2 in round 3.
THREE = {"name": "Wednesday pairs", "tables": 3, "boards_per_round": 1}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _post(client: TestClient, event: str, body: Json, headers: dict[str, str]) -> Any:
    return client.post(f"/api/events/{event}/results", json=body, headers=headers)


def test_the_side_at_fault_in_a_team_match_ranks_as_the_cli_ranks_it(client: TestClient, store: Store,
                                                                      tmp_path: Path) -> None:  # fmt: skip
    """TV49 (L86B2(b)): the closed room's NS (the visitors) at fault, the Director assigns 4S= by S (+420) against
    the open room's 4H+1 (+450): the home team gets the better of average-plus (+3) and the assigned score's +1.
    Stored, read back (the store, the director's page), and the ranking is the CLI's for the same results."""
    made = client.post("/api/events", json=LEAGUE).json()
    event, director = made["id"], bearer(made["director_token"])
    assert _post(client, event, OPEN, director).status_code == 201
    body = {**CLOSED, "assigned": "4S S =", "reason": "fouled board (L87C)", "at_fault": "n-s"}
    entered = _post(client, event, body, director)
    assert entered.status_code == 201, entered.text
    assert (entered.json()["at_fault"], entered.json()["text"]) == ("NS", "assigned 4S S = (fouled board (L87C), "
                                                                    "NS at fault)")  # fmt: skip
    [kept] = [r.entry for r in EventStore(store).results(event) if r.entry.table == 2]
    assert (kept.assigned, kept.at_fault) == ("4S S =", "NS")
    web = client.get(f"/api/events/{event}/ranking").json()
    where = ["--round", "1", "--board", "1"]
    ranking, file = event_cli(tmp_path, ["--form", "teams", "--movement", "round-robin", "--teams", "4"],
                        [*where, "--table", "1", "4H", "N", "-t", "11"],
                        [*where, "--table", "2", "--assigned", "4S S =", "--reason", "fouled board (L87C)",
                         "--at-fault", "n-s"])  # fmt: skip
    assert ranking_rows(web) == ranking_rows(ranking)
    room = EventRoom(client.app.state.club, event)  # type: ignore[attr-defined]
    built = asyncio.run(room.event())
    assert [dict(m.boards) for _, m in built.matches()] == [dict(m.boards) for _, m in file.matches()] == [{1: 3}]
    # without the side at fault the assigned score stands: +1 (L86B1), another ranking
    plain = {**body, "at_fault": None, "reason": "ruling revised"}
    assert _post(client, event, plain, director).json()["message"].endswith("replaced by assigned 4S S = (ruling "
                                                                             "revised)")  # fmt: skip
    assert [dict(m.boards) for _, m in asyncio.run(room.event()).matches()] == [{1: 1}]
    [gone] = client.get(f"/api/events/{event}", headers=director).json()["replaced"]
    assert gone["at_fault"] == "NS"  # the replaced result kept in full


def test_fouled_forms_rank_as_the_cli_ranks_them(client: TestClient, store: Store, tmp_path: Path) -> None:
    """L87A, L87B: tables 3 and 2 played form b of board 1, table 1 the correct form: each form is compared apart
    (the two on form b against each other, table 1 alone), as the CLI scores the same results."""
    made = client.post("/api/events", json=THREE).json()
    event, director = made["id"], bearer(made["director_token"])
    spade = {"board": 1, "contract": "4S", "declarer": "N"}
    lines = [({"round": 1, "table": 1, "tricks": 10}, []),
             ({"round": 2, "table": 3, "tricks": 9, "fouled": " b "}, ["--fouled", " b "]),
             ({"round": 3, "table": 2, "tricks": 10, "fouled": "b"}, ["--fouled", "b"])]  # fmt: skip
    for line, _ in lines:
        entered = _post(client, event, {**spade, **line}, director)
        assert entered.status_code == 201, entered.text
    assert [r.entry.fouled for r in EventStore(store).results(event)] == [None, "b", "b"]
    web = client.get(f"/api/events/{event}/ranking").json()
    ranking, _ = event_cli(tmp_path, ["--tables", "3", "--boards-per-round", "1"],
                     *(["--round", str(x["round"]), "--table", str(x["table"]), "--board", "1", "4S", "N", "-t",
                        str(x["tricks"]), *extra] for x, extra in lines))  # fmt: skip
    assert ranking_rows(web) == ranking_rows(ranking)
    unfouled, _ = event_cli(tmp_path, ["--tables", "3", "--boards-per-round", "1"],
                      *(["--round", str(x["round"]), "--table", str(x["table"]), "--board", "1", "4S", "N", "-t",
                         str(x["tricks"])] for x, _ in lines))  # fmt: skip
    assert ranking_rows(web) != ranking_rows(unfouled)  # the forms are compared apart (L87B)
    for _ in range(3):
        client.post(f"/api/events/{event}/rounds", headers=director)
    state = client.get(f"/api/events/{event}", headers=director).json()
    fouled = [r["fouled"] for p in state["places"] for r in p["results"] if r.get("fouled")]
    assert fouled == ["b", "b"]


def test_bad_fouled_forms_and_sides_at_fault_are_refused_as_the_cli_refuses_them(client: TestClient) -> None:
    """The CLI's checks, through the same function, the web's field names in the messages; nothing stored. A
    pair's link may do neither (the Director rules a board fouled, L87A, and the side at fault, L86B2(b))."""
    made = client.post("/api/events", json=LEAGUE).json()
    event, director = made["id"], bearer(made["director_token"])
    assert _post(client, event, OPEN, director).status_code == 201
    before = client.get(f"/api/events/{event}", headers=director).json()
    assigned = {"assigned": "4S S =", "reason": "r"}
    for body, status, message in (
        ({"contract": "4S", "declarer": "S", "tricks": 10, "at_fault": "NS"}, 400, "at_fault names the side at fault"),
        ({**assigned, "at_fault": "N"}, 400, "at_fault is NS or EW"),
        ({"assigned_ns": "4S S =", "assigned_ew": "4S S -1", "reason": "r", "at_fault": "EW"}, 400,
         "at_fault names the side"),
        ({**assigned, "fouled": "  "}, 400, "fouled names the form of the fouled board"),
        ({**assigned, "fouled": "b" * 17}, 422, "16"),
        ({**assigned, "at_fault": "NSEW"}, 422, "3"),
    ):  # fmt: skip
        refused = _post(client, event, {**CLOSED, **body}, director)
        assert refused.status_code == status and message in refused.text, (body, refused.text)
        if status == 400:
            assert refused.json()["error"] == "TournamentError" and "Traceback" not in refused.text
    assert client.get(f"/api/events/{event}", headers=director).json() == before
    # a pairs event: the side at fault is the tournament's refusal (L86B2(b) is a team match's)
    pairs = client.post("/api/events", json=THREE).json()
    refused = _post(client, pairs["id"], {"round": 1, "table": 1, "board": 1, **assigned, "at_fault": "NS"},
                    bearer(pairs["director_token"]))  # fmt: skip
    league = Event("Club", "matchpoints", "mitchell", 3, 1, 6, "1")
    with pytest.raises(TournamentError) as expected:
        league.enter(Entry(1, 1, 1, assigned="4S S =", reason="r", at_fault="NS"), lead=True)
    assert (refused.status_code, refused.json()["message"]) == (400, str(expected.value))
    # a pair's link
    link = client.post(f"/api/events/{event}/pairs/4", json={"names": "Ann - Bo"}, headers=director).json()["token"]
    client.post(f"/api/events/{event}/rounds", headers=director)
    for extra in ({"fouled": "b"}, {"at_fault": "NS"}):
        line = {**CLOSED, "contract": "4S", "declarer": "S", "tricks": 10, **extra}
        refused = _post(client, event, line, bearer(link))
        assert refused.status_code == 403 and "only the director rules" in refused.text, refused.text
