"""The opening lead at the web table (WBF17 L41A–D): made face down, the clarification period in which the presumed
declarer and the leader's partner may ask or say "no questions" (robots at once), then the lead faced and dummy
spread. The face-down card is its leader's alone (frames, logs); the period lives in the board's log (reconnects,
restarts, other processes) and does not wait forever for a player who left (``clarification_timeout``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from contractbridge.cards import Card, Hand, Seat
from contractbridge.errors import IllegalCallError, IllegalPlayError, ParseError
from contractbridge.server import Settings, create_app
from contractbridge.server.logs import JsonFormatter, TextFormatter
from contractbridge.store import Store
from contractbridge.table import Table
from test_disclosure import STAYMAN, TO_THE_END, ev, table
from web_helpers import Frame, cards_in, open_table, until, visible

WEB_SEED = "test-web-clarification"  # the ``client`` fixture's deals (conftest.py)

#: 2H by North after Stayman, the final pass made: East leads (L41A), South is the presumed dummy
CLARIFICATION = [*STAYMAN, *TO_THE_END[:-2]]


def period(t: Table, seat: Seat | None = None) -> dict[str, Any] | None:
    shown = t.rules.disclosure(t, seat)
    assert shown is not None
    found: dict[str, Any] | None = shown["clarification"]
    return found


# ---- the laws at a Table -----------------------------------------------------------------------------------------
def test_the_face_down_lead_then_the_questions_then_the_lead_faced_l41() -> None:
    t = table(*CLARIFICATION)
    assert period(t) == {"leader": "E", "face_down": False, "waiting": ["N", "W"], "open": False, "ready": False,
                         "law": "41A, 41B, 41C"}  # fmt: skip
    t.apply(ev("face_down_lead", "E", card="SJ"))
    assert period(t, Seat.EAST)["card"] == "SJ" and period(t)["card"] == "SJ"  # type: ignore[index]
    assert all("card" not in (period(t, s) or {}) for s in (Seat.NORTH, Seat.SOUTH, Seat.WEST))  # L41A: face down
    assert t.view(Seat.NORTH).dummy_hand is None  # dummy is spread only once the lead is faced (L41D)
    t.apply(ev("question", "W", call=3))  # the leader's partner asks (L41B); North explains his partner's 2C
    assert period(t)["open"] and not period(t)["ready"]  # type: ignore[index]
    t.apply(ev("answer", "N", text="Stayman"))
    t.apply(ev("no_questions", "W"))
    assert period(t)["waiting"] == ["N"]  # type: ignore[index]
    t.apply(ev("no_questions", "N"))
    assert period(t)["ready"]  # type: ignore[index]
    t.apply(ev("play", "E", card="SJ"))  # L41C: faced
    assert period(t) is None and t.view(Seat.WEST).dummy_hand is not None
    assert Table.from_events(t.to_events()).to_events() == t.to_events()  # the log round-trips


@pytest.mark.parametrize(
    ("event", "match"),
    [
        (ev("face_down_lead", "W", card="S2"), r"east makes the opening lead \(L41A\)"),
        (ev("face_down_lead", "E", card="SA"), r"SA is not a card he may lead \(L41A, L44\)"),
        (ev("face_down_lead", "E"), "'card' is the card led"),
        (ev("no_questions", "S"), r"presumed declarer and the leader's partner, each once"),  # the presumed dummy
        (ev("no_questions", "E"), r"presumed declarer and the leader's partner, each once"),
    ],
)
def test_a_lead_or_a_no_questions_the_laws_do_not_allow_is_refused_and_changes_nothing(
    event: dict[str, Any], match: str
) -> None:
    t = table(*CLARIFICATION)
    before = t.to_events()
    with pytest.raises((IllegalCallError, IllegalPlayError, ParseError), match=match):
        t.apply(event)
    assert t.to_events() == before


def test_once_face_down_the_leader_asks_nothing_and_a_player_who_waived_asks_at_his_turn_to_play_l41b_l20f2() -> None:
    t = table(*CLARIFICATION, ev("face_down_lead", "E", card="SJ"), ev("no_questions", "W"))
    with pytest.raises(IllegalCallError, match=r"his opening lead is face down"):
        t.apply(ev("question", "E", call=3))
    with pytest.raises(IllegalCallError, match=r"no further question .*\(L41B\)"):
        t.apply(ev("question", "W", call=3))
    with pytest.raises(IllegalCallError, match="his lead is face down already"):
        t.apply(ev("face_down_lead", "E", card="SJ"))
    with pytest.raises(IllegalCallError, match="each once"):
        t.apply(ev("no_questions", "W"))
    early = table(*CLARIFICATION, ev("no_questions", "N"))  # he may say so before the lead is made, too
    assert period(early)["waiting"] == ["W"]  # type: ignore[index]
    with pytest.raises(IllegalCallError, match=r"only after the final pass"):
        table(*STAYMAN, ev("face_down_lead", "W", card="S2"))


def test_a_log_without_a_face_down_lead_reads_as_before() -> None:
    """Backward compatible (docs/architecture.md §5): the lead played at once, as every older log has it."""
    t = table(*CLARIFICATION, ev("play", "E", card="SJ"))
    assert period(t) is None and t.view(Seat.NORTH).dummy_hand is not None
    strict = table(*CLARIFICATION, irregular=False)  # a table without a director has the period too
    played = table(*CLARIFICATION, ev("play", "E", card="SJ"), irregular=False)
    assert period(strict) is not None and period(played) is None


def test_the_server_log_keeps_the_face_down_card_secret() -> None:
    record = logging.LogRecord("contractbridge.server", logging.INFO, "", 0, "event", None, None)
    record.event = {"event": "face_down_lead", "seat": "E", "card": "SJ", "at": [8, 0]}
    for formatter in (TextFormatter(), JsonFormatter()):
        text = formatter.format(record)
        assert "face_down_lead" in text and "SJ" not in text


# ---- the web table -----------------------------------------------------------------------------------------------
def web_period(frame: Frame) -> dict[str, Any] | None:
    disclosure = frame.get("disclosure")
    found: dict[str, Any] | None = (disclosure or {}).get("clarification") if disclosure else frame.get("clarification")
    return found


def face_down(frame: Frame) -> bool:
    found = web_period(frame)
    return found is not None and found["face_down"]


def error_of(ws: Any, limit: int = 50) -> Frame:
    for _ in range(limit):
        frame: Frame = ws.receive_json()
        if frame["type"] == "error":
            return frame
    raise AssertionError("no error frame came")


def grand_slam(ws: Any) -> Frame:
    """North (a person) opens 7NT on board 1 (North deals, L2); the robots can only pass, double or redouble, so
    North declares and East, a robot, leads. The frame where the lead lies face down and West, a robot, has said he
    has no question: only North may still ask."""

    def ready(f: Frame) -> bool:
        return (len(f["view"]["auction"]) > 1 and bool(f["view"]["legal_calls"])) or (
            face_down(f) and web_period(f)["waiting"] == ["N"]  # type: ignore[index]
        )

    ws.send_json({"type": "call", "call": "7NT"})
    frame = until(ws, ready)
    while not face_down(frame):  # East doubled: North passes
        ws.send_json({"type": "call", "call": "P"})
        frame = until(ws, ready)
    return frame


def leaks(frames: list[Frame], events: list[dict[str, Any]], seat: Seat | None) -> set[str]:
    """The cards ``frames`` showed that ``seat`` may not see (a face-down lead is no played card: ``visible``)."""
    out: set[str] = set()
    for frame in frames:
        if frame.get("type") == "state":
            out |= cards_in(frame) - visible(events[: frame["seq"]], seat)
    return out


def test_a_human_declarer_asks_before_the_robots_lead_is_faced(client: TestClient, store: Store) -> None:
    """The robot leads face down; North, declarer, sees no card and no dummy, asks about East's call and gets West's
    answer, then says "no questions": only then is the lead faced and dummy spread (L41B–D). No frame of North's or
    of a spectator's shows the face-down card; the director's does."""
    table_id, tokens, made = open_table(client, humans="N", robots=["E", "S", "W"], director=True, spectators="hidden")
    connect = client.websocket_connect
    with connect(f"/ws/{table_id}?token={tokens['N']}") as north, connect(f"/ws/{table_id}") as spectator, \
            connect(f"/ws/{table_id}?token={made['director_token']}") as director:  # fmt: skip
        down = grand_slam(north)
        assert web_period(down) == {"leader": "E", "face_down": True, "waiting": ["N"], "open": False,
                                    "ready": False, "law": "41A, 41B, 41C"}  # fmt: skip
        assert down["view"]["current_trick"] == [] and down["view"]["dummy_hand"] is None
        card = until(director, face_down)["disclosure"]["clarification"]["card"]
        north.send_json({"type": "question", "call": 2})  # East's call, explained by West (L41B, L20F3)
        answered = until(north, lambda f: bool(f["disclosure"]["answers"]))
        assert answered["disclosure"]["answers"][0]["seat"] == "W" and face_down(answered)
        assert answered["view"]["current_trick"] == []  # still face down: the question period goes on
        mine = str(min(Hand.parse(answered["view"]["hand"])))  # North's card on the table now: L54E, L24
        north.send_json({"type": "play", "card": mine})  # a director's table records it; the director rules (L24D)
        ruled = until(director, lambda f: (f["director"] or {}).get("ruling") is not None)["director"]["ruling"]
        assert ruled["law"] == "54E" and [o["id"] for o in ruled["options"]] == ["auction_exposure"]
        director.send_json({"type": "choose", "option": "auction_exposure"})
        back = until(north, lambda f: f["ruling"]["ruling"] is None)
        assert Card.parse(mine) in Hand.parse(back["view"]["hand"])  # back into his hand (L24D)
        assert face_down(back) and back["view"]["current_trick"] == []  # East's lead still lies face down (L41A)
        north.send_json({"type": "claim", "tricks": 13})  # nor to claim: the play has not started (L41C)
        assert error_of(north)["error"] == "ClaimError"
        north.send_json({"type": "no_questions"})
        faced = until(north, lambda f: bool(f["view"]["current_trick"]))
        assert faced["view"]["current_trick"] == [["E", card]] and faced["view"]["dummy_hand"]  # L41C, L41D
        assert web_period(faced) is None
        watched = until(spectator, lambda f: bool(f["view"]["current_trick"]))
        assert watched["view"]["current_trick"] == [["E", card]]
    board = store.current_board(table_id)
    assert board is not None
    kinds = [e["event"] for e in board.events]
    lead = kinds.index("face_down_lead")
    assert kinds[lead:] == ["face_down_lead", "no_questions", "question", "answer", "play", "choose", "no_questions",
                            "play"]  # fmt: skip
    assert board.events[lead]["card"] == card and board.events[lead + 1]["seat"] == "W"


def test_every_frame_keeps_the_face_down_card_to_its_leader(client: TestClient, store: Store) -> None:
    """The leader's partner (West, a person) and declarer (North, a person) both have to say "no questions"; the
    frames of North, West and a spectator never show East's face-down card before it is faced."""
    table_id, tokens, _ = open_table(client, humans="NW", robots=["E", "S"], spectators="hidden")
    frames: dict[str, list[Frame]] = {"N": [], "W": [], "spectator": []}
    connect = client.websocket_connect

    def record(who: str, ws: Any) -> Callable[[Callable[[Frame], bool]], Frame]:
        def wait(test: Callable[[Frame], bool]) -> Frame:
            while True:
                frame: Frame = ws.receive_json()
                frames[who].append(frame)
                if frame["type"] == "state" and test(frame):
                    return frame

        return wait

    link = f"/ws/{table_id}?token="
    with connect(link + tokens["N"]) as north, connect(link + tokens["W"]) as west, \
            connect(f"/ws/{table_id}") as spectator:  # fmt: skip
        north_wait, west_wait, spectator_wait = record("N", north), record("W", west), record("spectator", spectator)
        north.send_json({"type": "call", "call": "7NT"})
        while True:  # West passes (or the robots' double is passed out), until East has led face down
            frame = west_wait(lambda f: f["view"]["turn"] == "W" or face_down(f))
            if face_down(frame):
                break
            west.send_json({"type": "call", "call": "P"})
            if north_wait(lambda f: f["view"]["turn"] in ("N", "E") or face_down(f))["view"]["turn"] == "N":
                north.send_json({"type": "call", "call": "P"})
        assert web_period(frame)["waiting"] == ["N", "W"]  # type: ignore[index]
        west.send_json({"type": "no_questions"})
        assert north_wait(lambda f: web_period(f) is not None and web_period(f)["waiting"] == ["N"])["view"][
            "current_trick"
        ] == []  # fmt: skip
        north.send_json({"type": "no_questions"})
        for wait in (north_wait, west_wait, spectator_wait):
            wait(lambda f: bool(f["view"]["current_trick"]))
    board = store.current_board(table_id)
    assert board is not None
    for who, seat in (("N", Seat.NORTH), ("W", Seat.WEST), ("spectator", None)):
        assert not leaks(frames[who], board.events, seat), who
    lead = next(e["card"] for e in board.events if e["event"] == "face_down_lead")
    faced_at = next(i for i, e in enumerate(board.events) if e["event"] == "play") + 1
    early = [f for f in frames["W"] + frames["spectator"] if f["type"] == "state" and f["seq"] < faced_at]
    assert early and all(lead not in cards_in(f) for f in early)


def test_the_period_survives_a_reconnect_and_a_restart_and_lapses_when_nobody_acts(tmp_path: Path) -> None:
    """The face-down lead and who has said "no questions" are in the board's log: a reconnected page and a
    restarted server show the same period. With ``clarification_timeout`` the lead is faced when nobody acts (a
    player who left must not stop the table); the log says the period lapsed."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    settings = Settings.from_env(rate=1000, burst=1000, clarification_timeout=0)
    with TestClient(create_app(url, settings, seed="clarification")) as client:
        table_id, tokens, _ = open_table(client, humans="N", robots=["E", "S", "W"])
        with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
            down = grand_slam(north)
        with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:  # the page reconnects
            again = until(north, face_down)
            assert web_period(again) == web_period(down) and again["seq"] == down["seq"]
    lapsing = Settings.from_env(rate=1000, burst=1000, clarification_timeout=0.2)
    with TestClient(create_app(url, lapsing)) as client, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:  # fmt: skip
        faced = until(north, lambda f: bool(f["view"]["current_trick"]))  # North left it: the period lapsed
        assert faced["view"]["dummy_hand"] and web_period(faced) is None
    db = Store(url)
    try:
        events = db.current_board(table_id).events  # type: ignore[union-attr]
    finally:
        db.close()
    lapsed = [e for e in events if e["event"] == "no_questions"][-1]
    assert (lapsed["seat"], lapsed["lapsed"]) == ("N", True)
    lead = next(e for e in events if e["event"] == "face_down_lead")
    assert (events[-1]["event"], events[-1]["seat"], events[-1]["card"]) == ("play", "E", lead["card"])


@pytest.mark.slow
def test_the_period_across_two_processes_and_a_take_over(tmp_path: Path) -> None:
    """Two ``serve`` processes on one PostgreSQL (#26): the table is owned by the first, North plays at the second
    (a mirror): the robot's face-down lead reaches him there; the owner is killed (-9) while the lead lies face
    down; the second takes the table over from the store with the period as it was, and North's "no questions"
    faces the lead (L41B–C)."""
    import asyncio
    import json

    import websockets

    from web_helpers import postgres, started_servers

    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        args = ("--robot-processes", "0", "--robot-effort", "1", "--clarification-timeout", "0")
        servers = started_servers(url, 2, "period", args, tmp_path)
        try:
            owner, mirror = servers
            table_id = owner.post("/api/tables", {"name": "two", "robots": ["E", "S", "W"]})["id"]
            token = ""
            for _ in range(100):  # the mirror may not have heard of the table yet
                try:
                    token = mirror.post(f"/api/tables/{table_id}/seats/N", {"name": "N"})["token"]
                    break
                except OSError:
                    asyncio.run(asyncio.sleep(0.2))

            async def receive(ws: Any, test: Callable[[Frame], bool]) -> Frame:
                while True:
                    frame: Frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if frame["type"] == "state" and test(frame):
                        return frame

            async def play() -> tuple[Frame, Frame]:
                link = f"{mirror.ws}/ws/{table_id}?token={token}"
                async with websockets.connect(link) as ws:
                    await receive(ws, lambda f: bool(f["view"]["legal_calls"]))
                    await ws.send(json.dumps({"type": "call", "call": "7NT"}))
                    while True:  # the robots pass or double; North passes after a double
                        frame = await receive(ws, lambda f: len(f["view"]["auction"]) > 1 and (
                            bool(f["view"]["legal_calls"]) or face_down(f)))  # fmt: skip
                        if face_down(frame) and web_period(frame)["waiting"] == ["N"]:  # type: ignore[index]
                            break
                        if frame["view"]["legal_calls"]:
                            await ws.send(json.dumps({"type": "call", "call": "P"}))
                await asyncio.to_thread(owner.kill)  # the owner dies while the lead is face down
                async with websockets.connect(link) as ws:
                    again = await receive(ws, face_down)
                    await ws.send(json.dumps({"type": "no_questions"}))
                    while True:  # refused ("send it again") until the mirror has taken the table over
                        frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
                        if frame["type"] == "error":
                            await asyncio.sleep(0.5)
                            await ws.send(json.dumps({"type": "no_questions"}))
                        elif frame["type"] == "state" and frame["view"]["current_trick"]:
                            return again, frame

            again, faced = asyncio.run(play())
        finally:
            for server in servers:
                if server.process is not None and server.process.poll() is None:
                    server.stop()
    assert web_period(again)["waiting"] == ["N"]  # type: ignore[index]
    assert faced["view"]["dummy_hand"] and faced["view"]["current_trick"][0][0] == "E"
