"""Calls out of rotation at the web table (L28–L32): at a director's table a call made when it is not the caller's
turn reaches the table through the one driver (``Driver.call_event``), which records it and offers the edition's
ruling on every page (L29A: the offender's LHO may accept it; L28B: the player whose turn it was may call and so
cancel it; the historic books: the director cancels it, NBB R39(2)); the partner barred, and a call when barred
ruled (L30A, L37; NBB R42(b)). At a table without a director the call is refused as before and nothing changes.
Every deal is seeded; each seat's frames hold its own hand only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from contractbridge.cards import Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import OutOfTurnError
from contractbridge.players import Driver
from contractbridge.store import Store
from contractbridge.table import Table
from web_helpers import Frame, cards_in, open_table, state, until, until_error, visible

WEB_SEED = "test-web-calls"  # the ``client`` fixture's deals (conftest.py)

Sockets = dict[str, WebSocketTestSession]


@pytest.fixture
def seated(client: TestClient, request: pytest.FixtureRequest) -> Iterator[tuple[str, Sockets]]:
    """A director's table of the edition the test is parametrized with (WBF17 by default), four humans and the
    director ("D"); board 1, North to call (L2)."""
    edition = getattr(request, "param", "WBF17")
    table_id, tokens, made = open_table(client, director=True, humans="NESW", edition=edition)
    with ExitStack() as stack:
        links = {s: f"/ws/{table_id}?token={tokens[s]}" for s in "NESW"}
        links["D"] = f"/ws/{table_id}?token={made['director_token']}"
        sockets = {s: stack.enter_context(client.websocket_connect(link)) for s, link in links.items()}
        for ws in sockets.values():
            until(ws, lambda f: f["table"]["seats"]["W"]["connected"])
        yield table_id, sockets


def ruling(frame: Frame) -> dict[str, Any] | None:
    return frame["ruling"]["ruling"] if frame["ruling"] else None


def stored(store: Store, table_id: str) -> list[dict[str, Any]]:
    board = store.current_board(table_id)
    assert board is not None
    return board.events


def out_of_rotation(ws: Sockets) -> dict[str, Any]:
    """East bids 1H at North's turn (his RHO's): every page shows the ruling, South (the offender's LHO) chooses."""
    ws["E"].send_json({"type": "call", "call": "1H"})
    shown = {s: until(ws[s], lambda f: ruling(f) is not None) for s in "NESWD"}
    pending = ruling(shown["D"])
    assert pending is not None
    assert all(ruling(f) == pending for f in shown.values())  # the same ruling on every page
    assert pending["irregularity"] == "call_out_of_rotation" and pending["law"] == "29" and pending["offender"] == "E"
    assert pending["chooser"] == "S" and {o["id"]: o["law"] for o in pending["options"]} == {
        "accept": "29A",
        "cancel": "29B, 31A",
    }
    assert {(b["seat"], b["law"]) for b in pending["before_rectification"]} == {("N", "28B"), ("S", "29A")}
    assert [i["kind"] for i in shown["D"]["irregularities"]] == ["call_out_of_rotation"]  # the director's record
    assert shown["N"]["view"]["turn"] is None and shown["N"]["view"]["legal_calls"] == []  # the auction stops
    for seat in "NESW":  # nobody sees another's hand for it
        assert cards_in(shown[seat]) == cards_in({"hand": shown[seat]["view"]["hand"]})
    return pending


def test_a_bid_out_of_rotation_accepted_by_the_offenders_lho(seated: tuple[str, Sockets], store: Store) -> None:
    """L29A, L31: South accepts East's 1H; it stands as if in rotation and South calls next. Before that, the
    offender (or his partner) cannot choose, nobody else may call (L9B2), and the store holds the call."""
    table_id, ws = seated
    out_of_rotation(ws)
    ws["E"].send_json({"type": "choose", "option": "accept"})  # not the offender's choice (L10C1)
    assert "S's" in until_error(ws["E"])["message"]
    ws["W"].send_json({"type": "call", "call": "1S"})  # not West's to call while the ruling waits
    refused = until_error(ws["W"])
    assert refused["error"] == "RulingPendingError" and "awaits South's choice" in refused["message"]
    assert [e["event"] for e in stored(store, table_id)] == ["board", "call"]  # the refused call left nothing
    ws["S"].send_json({"type": "choose", "option": "accept"})
    accepted = until(ws["S"], lambda f: ruling(f) is None)
    assert accepted["view"]["auction"] == [["E", "1H"]] and accepted["view"]["turn"] == "S"
    assert "1S" in accepted["view"]["legal_calls"]
    events = stored(store, table_id)
    assert events[1:] == [{"event": "call", "seat": "E", "call": "1H"},
                          {"event": "choose", "seat": "S", "option": "accept"}]  # fmt: skip
    table = Table.from_events(events)  # a restart reads the same table back
    assert table.turn is Seat.SOUTH and [i.kind for i in table.irregularities] == ["call_out_of_rotation"]


def test_a_bid_out_of_rotation_not_accepted_must_be_repeated(seated: tuple[str, Sockets], store: Store) -> None:
    """L29B, L31A1: South does not accept; the call is cancelled and the auction goes back to North; North passes,
    so East must repeat 1H (no rectification then): the pages say so and East's only legal call is 1H."""
    table_id, ws = seated
    out_of_rotation(ws)
    ws["S"].send_json({"type": "choose", "option": "cancel"})
    back = until(ws["N"], lambda f: ruling(f) is None and f["view"]["turn"] == "N")
    assert back["view"]["auction"] == []
    ws["N"].send_json({"type": "call", "call": "P"})
    east = until(ws["E"], lambda f: f["view"]["turn"] == "E")
    assert east["view"]["legal_calls"] == ["1H"]
    assert east["ruling"]["requirements"] == {"E": {"call": "1H", "law": "31A1"}}
    ws["E"].send_json({"type": "call", "call": "1H"})
    after = until(ws["W"], lambda f: f["view"]["turn"] == "S")
    assert after["view"]["auction"] == [["N", "P"], ["E", "1H"]] and after["ruling"]["requirements"] == {}
    assert [e["event"] for e in stored(store, table_id)] == ["board", "call", "choose", "call", "call"]


def test_the_player_whose_turn_it_was_calls_and_cancels_it(seated: tuple[str, Sockets]) -> None:
    """L28B: North, whose turn it was, calls before the rectification: East's 1H is cancelled without
    rectification (the information is unauthorized to East-West, L16C2) and the auction goes on from North."""
    _, ws = seated
    out_of_rotation(ws)
    ws["N"].send_json({"type": "call", "call": "1C"})  # no longer out of turn: the table takes it (L28B)
    after = until(ws["D"], lambda f: ruling(f) is None and len(f["view"]["auction"]) == 1)
    assert after["view"]["auction"] == [["N", "1C"]] and after["view"]["turn"] == "E"
    assert after["director"]["record"][0]["status"] != "standing"  # the director's record keeps the cancelled 1H


def test_a_pass_out_of_rotation_bars_the_offender_and_a_call_when_barred_is_ruled(
    seated: tuple[str, Sockets],
) -> None:
    """L30A: East passes at North's turn; South does not accept; East must pass at his next turn (the pages say
    so, his only legal call is a pass). East bids anyway: the table records a call in violation of the obligation
    to pass and the director rules it (L37)."""
    _, ws = seated
    ws["E"].send_json({"type": "call", "call": "P"})
    pending = ruling(until(ws["S"], lambda f: ruling(f) is not None))
    assert pending is not None and pending["irregularity"] == "call_out_of_rotation" and pending["chooser"] == "S"
    ws["S"].send_json({"type": "choose", "option": "cancel"})
    until(ws["N"], lambda f: f["view"]["turn"] == "N")
    ws["N"].send_json({"type": "call", "call": "1C"})
    east = until(ws["E"], lambda f: f["view"]["turn"] == "E")
    assert east["view"]["legal_calls"] == ["P"]
    assert east["ruling"]["obligations"] == {"E": "pass_next"} and east["ruling"]["obligation_laws"] == {"E": "30A"}
    ws["E"].send_json({"type": "call", "call": "1H"})  # barred: the director's table records it
    barred = ruling(until(ws["D"], lambda f: len(f["irregularities"]) == 2))
    assert barred is not None and barred["irregularity"] == "pass_obligation_violated" and barred["law"] == "37"
    assert barred["chooser"] == "director"
    ws["S"].send_json({"type": "choose", "option": barred["options"][0]["id"]})
    assert until_error(ws["S"])["error"] == "RulingError"  # the director's choice
    ws["D"].send_json({"type": "choose", "option": barred["options"][0]["id"]})
    ruled = until(ws["D"], lambda f: ruling(f) is None)
    assert [i["kind"] for i in ruled["irregularities"]] == ["call_out_of_rotation", "pass_obligation_violated"]


@pytest.mark.parametrize("seated", ["NBB30"], indirect=True)
def test_a_historic_book_the_director_cancels_and_bars_the_partner(seated: tuple[str, Sockets]) -> None:
    """NBB R39(2): East's bid at North's turn is cancelled by the director (nobody at the table chooses) and West
    must pass at his first turn; West bids anyway: an illegal call, North chooses its rectification (NBB R42(b))."""
    _, ws = seated
    ws["E"].send_json({"type": "call", "call": "1H"})
    pending = ruling(until(ws["D"], lambda f: ruling(f) is not None))
    assert pending is not None and pending["irregularity"] == "call_out_of_turn" and pending["law"] == "NBB R39(2)"
    assert pending["chooser"] == "director" and [o["id"] for o in pending["options"]] == ["cancel"]
    ws["S"].send_json({"type": "choose", "option": "cancel"})
    assert until_error(ws["S"])["error"] == "RulingError"
    ws["D"].send_json({"type": "choose", "option": "cancel"})
    until(ws["N"], lambda f: f["view"]["turn"] == "N")
    for seat, call in (("N", "P"), ("E", "1S"), ("S", "2C")):
        until(ws[seat], lambda f: f["view"]["turn"] == seat)  # noqa: B023 - used at once
        ws[seat].send_json({"type": "call", "call": call})
    west = until(ws["W"], lambda f: f["view"]["turn"] == "W")
    assert west["view"]["legal_calls"] == ["P"] and west["ruling"]["obligations"] == {"W": "pass_next"}
    ws["W"].send_json({"type": "call", "call": "2S"})
    illegal = ruling(until(ws["N"], lambda f: ruling(f) is not None))
    assert illegal is not None and illegal["irregularity"] == "illegal_call" and illegal["law"] == "NBB R42(b)"
    assert illegal["chooser"] == "N"


def test_a_robot_chooser_accepts(client: TestClient) -> None:
    """The driver's robot, the offender's LHO, accepts the call out of rotation (L29A) at once."""
    table_id, tokens, _ = open_table(client, director=True, humans="NE", robots=["S"])
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:
        until(east, lambda f: f["view"]["turn"] == "N")
        east.send_json({"type": "call", "call": "1D"})
        accepted = until(east, lambda f: f["view"]["auction"][:1] == [["E", "1D"]])
        assert accepted["ruling"]["ruling"] is None


def test_a_call_out_of_turn_is_refused_at_a_table_without_a_director(client: TestClient, store: Store) -> None:
    """L17C: without a director the table enforces the rotation; nothing is recorded, every frame unchanged."""
    table_id, tokens, _ = open_table(client, humans="NE")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:
        first = until(east, lambda f: f["view"]["turn"] == "N")
        east.send_json({"type": "call", "call": "1H"})
        refused = until_error(east)
        assert refused["error"] == "OutOfTurnError" and refused["message"] == "1H: it is north's turn, not east's"
        assert [e["event"] for e in stored(store, table_id)] == ["board"]
        east.send_json({"type": "ping"})
        assert state(east)["type"] == "pong"  # no state frame came: nothing changed
        assert first["ruling"] is None


def test_frames_hold_each_seats_own_view_through_a_ruling(seated: tuple[str, Sockets], store: Store) -> None:
    """Hidden information: through a call out of rotation, its ruling and the calls after it, each seat's frames
    show no card it may not see (the oracle computed from the stored log)."""
    table_id, ws = seated
    out_of_rotation(ws)
    ws["S"].send_json({"type": "choose", "option": "accept"})
    until(ws["W"], lambda f: f["view"]["turn"] == "S")
    events = stored(store, table_id)
    for seat in "NESW":
        ws[seat].send_json({"type": "ping"})
        while (frame := state(ws[seat]))["type"] != "pong":
            if frame["type"] == "state":
                assert cards_in(frame) <= visible(events[: frame["seq"]], Seat.parse(seat))


@pytest.mark.parametrize("irregular", [False, True])
def test_the_driver_makes_a_persons_call_its_event(irregular: bool) -> None:
    """``Driver.call_event``: without a director a call out of turn is ``OutOfTurnError`` (L17C) and the table is
    unchanged; at a director's table it is the event the table records and rules (L29)."""
    table = Table(Board(1, Deal.random("driver-calls")), irregular=irregular)
    driver = Driver(table, {})
    assert driver.call_event(Seat.NORTH, "1C") == {"event": "call", "seat": "N", "call": "1C"}  # North deals (L2)
    if not irregular:
        with pytest.raises(OutOfTurnError, match="1H: it is north's turn, not east's"):
            driver.call_event(Seat.EAST, "1H")
        assert len(table.to_events()) == 1
        return
    table.apply(driver.call_event(Seat.EAST, "1H"))
    assert table.pending_irregularity is not None and table.pending_irregularity.seat is Seat.EAST
    assert table.rules.name == "WBF17" and table.record is not None and table.record.pending is not None


def test_a_call_after_the_final_pass_over_a_face_down_lead_lets_the_table_go_on_l39c_l26b_l41a(
    seated: tuple[str, Sockets], store: Store
) -> None:
    """North's 1NT is passed out to East, who leads face down (L41A); West then bids 2C (L39): the director cancels it
    (L39A, L39C) and North forbids the suit of the card lying face down (L26B). The director has the lead withdrawn
    into East's hand (L41A: no penalty card, named to nobody); East leads again, face down, under the restriction,
    and once North and West have no questions the lead is faced and the play goes on (it used to stop with no
    ruling: "cannot yet rule")."""
    table_id, ws = seated
    for seat, call in zip("NESW", ("1NT", "P", "P", "P"), strict=True):
        ws[seat].send_json({"type": "call", "call": call})
        until(ws[seat], lambda f, s=seat: f["view"]["auction"] and f["view"]["auction"][-1][0] == s)
    lead = min(cards_in({"hand": until(ws["E"], lambda f: f["view"]["turn"] == "E")["view"]["hand"]}))
    ws["E"].send_json({"type": "play", "card": lead})  # a person's opening lead is made face down (L41A)
    down = until(ws["D"], lambda f: bool(((f["disclosure"] or {}).get("clarification") or {}).get("face_down")))
    assert not down["view"]["current_trick"]
    ws["W"].send_json({"type": "call", "call": "2C"})
    assert ruling(until(ws["D"], lambda f: ruling(f) is not None))["law"] == "39"  # type: ignore[index]
    ws["D"].send_json({"type": "choose", "option": "cancel"})
    restriction = until(ws["N"], lambda f: (ruling(f) or {}).get("law") == "26B")
    assert ruling(restriction)["chooser"] == "N"  # type: ignore[index]
    suit = lead[0]
    ws["N"].send_json({"type": "choose", "option": f"forbid_{suit}"})
    again = until(ws["E"], lambda f: ruling(f) is None and f["view"]["turn"] == "E" and bool(f["view"]["legal_cards"]))
    assert lead in cards_in({"hand": again["view"]["hand"]}) and all(c[0] != suit for c in again["view"]["legal_cards"])
    for seat in "NSW":  # the withdrawn card is East's alone (L41A)
        assert lead not in json.dumps(state(ws[seat]))
    second = again["view"]["legal_cards"][0]
    ws["E"].send_json({"type": "play", "card": second})
    ws["N"].send_json({"type": "no_questions"})
    ws["W"].send_json({"type": "no_questions"})
    faced = until(ws["D"], lambda f: bool(f["view"]["current_trick"]))
    assert faced["view"]["current_trick"][0] == ["E", second] and faced["ruling"]["ruling"] is None
    events = stored(store, table_id)
    assert [e["event"] for e in events].count("face_down_lead") == 2 and events[-1]["event"] == "play"
    table = Table.from_events(events)  # a restart reads the same table back
    assert table.pending_irregularity is None and table.turn is Seat.SOUTH
