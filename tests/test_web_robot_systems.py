"""The web table's robots bid and explain their pair's declared agreements (L20F1, L40A1(b), L40B, L75C): a table
opened with a card naming the Club system has its robots open the Club's artificial 1C and explain it as the Club
system does; a card naming a system they do not play gets an honest "cannot explain", not Culbertson as if agreed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from contractbridge.auction import Auction
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
