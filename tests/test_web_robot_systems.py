"""The web table's robots bid and explain their pair's declared agreements (L20F1, L40A1(b), L40B, L75C): a table
opened with a card naming the Club system has its robots open the Club's artificial 1C and explain it as the Club
system does; a card naming a system they do not play gets an honest "cannot explain", not Culbertson as if agreed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.robots import explain
from web_helpers import until

#: board 1 of the first table deals North 2½–4 honour tricks: the Club system opens 1C (artificial), Culbertson passes
WEB_SEED = "club2"


def _east_asks(client: TestClient, system: dict[str, Any]) -> dict[str, Any]:
    made = client.post("/api/tables", json={"robots": ["N", "S", "W"], "system": system}).json()
    token = client.post(f"/api/tables/{made['id']}/seats/E", json={"name": "E"}).json()["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as east:
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "question", "call": 1})
        frame: dict[str, Any] = until(east, lambda f: bool(f["disclosure"]["answers"]))
        return frame


def test_a_robot_pair_whose_card_names_club_bids_and_explains_the_club_system_est_b55_l20f1(client: TestClient) -> None:
    frame = _east_asks(client, {"NS": {"system": "club"}})
    assert frame["view"]["auction"] == [["N", "1C"]]
    club = explain(Auction(Seat.NORTH, ["1C"]), 0, system="club")
    assert club.artificial and club.text != explain(Auction(Seat.NORTH, ["1C"]), 0, system="culbertson").text
    (answer,) = frame["disclosure"]["answers"]
    assert (answer["seat"], answer["text"]) == ("S", f"1C: {club.text}")
    (told,) = frame["explanations"]  # what East was told with the call: the agreement, alerted (L40B1(c))
    assert (told["call"], told["explanation"], told["alert"]) == ("1C", club.text, True)


def test_a_card_naming_a_system_the_robots_do_not_play_gets_an_honest_answer_not_culbertson_l75c(
    client: TestClient,
) -> None:
    frame = _east_asks(client, {"NS": {"system": "Acol"}})
    assert frame["view"]["auction"] == [["N", "P"]]  # the robots bid their own system (Culbertson: no opening)
    (answer,) = frame["disclosure"]["answers"]
    honest = "no agreement the robot can explain: the pair's card names Acol, which the robot does not play"
    assert (answer["seat"], answer["text"]) == ("S", f"P: {honest}")


def test_a_robots_call_over_an_accepted_insufficient_bid_is_told_as_agreed_l27a1_l40b(client: TestClient) -> None:
    """At a director's table the auction is rebuilt from the record: East's insufficient 1H over 1S, accepted by
    South (L27A1), stands as ``Auction.record`` lets it. West's robot then calls over that rebuilt auction, and its
    opponents are told the agreement for its call there (L20F1, L40B), as the robots explain it."""
    made = client.post("/api/tables", json={"robots": ["W"], "director": True}).json()
    table_id = made["id"]
    tokens = {s: client.post(f"/api/tables/{table_id}/seats/{s}", json={"name": s}).json()["token"] for s in "NES"}
    with (
        client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north,
        client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east,
        client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south,
    ):
        until(north, lambda f: f["view"]["turn"] == "N")
        north.send_json({"type": "call", "call": "1S"})
        until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "call", "call": "1H"})  # insufficient (L27)
        ruled = until(south, lambda f: bool(f["ruling"] and f["ruling"]["ruling"]))
        assert "accept" in {o["id"] for o in ruled["ruling"]["ruling"]["options"]}
        south.send_json({"type": "choose", "option": "accept"})  # South, the offender's LHO, accepts it (L27A1)
        until(south, lambda f: f["view"]["turn"] == "S" and not f["ruling"]["ruling"])
        south.send_json({"type": "call", "call": "P"})
        seen = until(north, lambda f: len(f["view"]["auction"]) == 4)
    rebuilt = Auction(Seat.NORTH, ["1S"])
    rebuilt.record(Call.parse("1H"), Seat.EAST)  # as the record rebuilds it: the insufficient bid stands
    rebuilt.push("P")
    west = seen["view"]["auction"][3]
    assert west[0] == "W"
    rebuilt.push(west[1])
    agreed = explain(rebuilt, 3, system="culbertson")
    told = next(e for e in seen["explanations"] if e["seat"] == "W")  # to West's opponents, with the call
    assert (told["call"], told["explanation"], told["alert"]) == (west[1], agreed.text, agreed.artificial)
