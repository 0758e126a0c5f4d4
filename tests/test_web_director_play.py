"""The director at the web table during the play (issue #14): a disputed claim with the L70 check's suggestion and
the director's award, scored and stored; a player's call of the director (L9B1); an opening lead out of turn (L54)
and the penalty card it leaves (L50D2) ruled through the page's messages; a revoke recorded; an irregularity the
table cannot rule yet refused without changing anything. Every deal is seeded."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from contractbridge.cards import Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import ClaimError
from contractbridge.server import claimruling, create_app
from contractbridge.store import Store
from contractbridge.table import Table
from web_helpers import Frame, cards_in, lead_face_down, open_table, state, until, until_error, visible

Sockets = dict[str, WebSocketTestSession]
Seated = tuple[str, Sockets, dict[str, list[str]]]


def cards_of(pbn: str) -> list[str]:
    """The cards of a PBN hand (``AK.Q..JT9``), spades first."""
    return [suit + rank for suit, holding in zip("SHDC", pbn.split("."), strict=True) for rank in holding]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'club.db'}", rate=1000, burst=1000, seed="director-play")) as c:
        yield c


@pytest.fixture
def seated(client: TestClient) -> Iterator[Seated]:
    """A director's table with four humans and the director ("D"), the auction 1NT by North passed out to the
    opening lead (East's); and the hands, as the director sees them."""
    table_id, tokens, made = open_table(client, director=True, humans="NESW")
    with ExitStack() as stack:
        links = {s: f"/ws/{table_id}?token={tokens[s]}" for s in "NESW"}
        sockets = {s: stack.enter_context(client.websocket_connect(link)) for s, link in links.items()}
        sockets["D"] = stack.enter_context(client.websocket_connect(f"/ws/{table_id}?token={made['director_token']}"))
        for seat, call in zip("NESW", ("1NT", "P", "P", "P"), strict=True):
            until(sockets[seat], lambda f: f["view"]["turn"] == seat)  # noqa: B023 - used at once
            sockets[seat].send_json({"type": "call", "call": call})
        hands = until(sockets["D"], lambda f: f["view"]["phase"] == "play")["hands"]
        yield table_id, sockets, {seat: cards_of(hand) for seat, hand in hands.items()}


def test_a_disputed_claim_is_ruled_by_the_director_scored_and_stored(
    client: TestClient, seated: Seated, tmp_path: Path
) -> None:
    """L68D2(a): play stops; the director sees the statement, every hand and the L70 check's proposed ruling,
    and awards the tricks; the table scores the award and the store keeps it across a restart."""
    table_id, ws, _ = seated
    lead = until(ws["E"], lambda f: bool(f["view"]["legal_cards"]))
    lead_face_down(ws, "E", lead["view"]["legal_cards"][0])
    until(ws["N"], lambda f: bool(f["view"]["current_trick"]))
    ws["N"].send_json({"type": "claim", "tricks": 13, "statement": "cash clubs"})
    until(ws["E"], lambda f: f["view"]["claim"] is not None)
    ws["E"].send_json({"type": "dispute"})
    ws["N"].send_json({"type": "rule", "tricks": 13})  # only the director rules (L81)
    assert until_error(ws["N"])["error"] == "RulingError"
    found = until(ws["D"], lambda f: "claim_ruling" in f)["claim_ruling"]
    assert found["claim"]["statement"] == "cash clubs" and found["claim"]["status"] == "disputed"
    ruling = found["ruling"]
    assert ruling is not None and ruling["law"].startswith("70") and ruling["irregularity"] == "claim"
    assert {o["id"] for o in ruling["options"]} >= {"confirm"} and 0 <= found["worst"] <= 13
    award = int(next(o for o in ruling["options"] if o["id"] == "confirm")["effects"][0]["data"])
    assert award == min(13, found["worst"])  # the worst normal line, every doubt against the claimer (L70A)
    ws["D"].send_json({"type": "rule", "tricks": 14})  # more than remain
    assert until_error(ws["D"])["error"] == "ClaimError"
    ws["D"].send_json({"type": "rule", "tricks": award})
    west: list[Frame] = []  # every frame West saw from the first bid to the award
    while not west or west[-1]["type"] != "state" or west[-1]["result"] is None:
        west.append(state(ws["W"]))
    done = west[-1]
    assert done["result"]["ruling"]["tricks"] == award and done["result"]["tricks"] == award  # declarer claimed
    assert done["deal"] is not None  # every hand is shown once the board is over
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with TestClient(create_app(url)) as again, again.websocket_connect(f"/ws/{table_id}") as watcher:
        resumed = state(watcher)  # another server on the same store resumes the ruled board
        assert resumed["result"]["ruling"]["tricks"] == award
        assert resumed["result"]["score_ns"] == done["result"]["score_ns"] and resumed["deal"] is not None
    ws["N"].send_json({"type": "next", "board": 1})
    until(ws["N"], lambda f: f["view"]["board"] == 2)
    db = Store(f"sqlite:///{tmp_path / 'club.db'}")
    try:
        (result,) = db.results(table_id)
        assert result["ruling"] == {"law": "70", "claimer": "N", "tricks": award, "remaining": 13}
        assert result["tricks"] == award
        events = db.board(db.board_ids(table_id)[0]).events
    finally:
        db.close()
    for frame in west[:-1]:  # the L70 check and the other hands are the director's until the award (L68C)
        assert frame["type"] != "state" or ("claim_ruling" not in frame and frame["deal"] is None)
        assert frame["type"] != "state" or cards_in(frame) <= visible(events[: frame["seq"]], Seat.WEST)
    assert sum(len(cards_in(f)) for f in west if f["type"] == "state") > 13 * len(west) // 2  # cards were checked


def test_an_opening_lead_out_of_turn_and_its_penalty_card(seated: Seated) -> None:
    """L54: West faces the opening lead although East is on lead; declarer (North) chooses among the options the
    table offers, each with its law. He has it withdrawn: a major penalty card (L54D, L50), and before East's lead
    declarer chooses the lead restriction (L50D2)."""
    _, ws, hands = seated
    ws["N"].send_json({"type": "play", "card": hands["S"][0]})  # dummy is not faced yet: not North's to play
    refused = until_error(ws["N"])
    assert refused["error"] == "CardNotInHandError" and "south" not in refused["message"].lower()  # no hint
    card = hands["W"][0]
    ws["W"].send_json({"type": "play", "card": card})  # out of turn: the director's table records it
    seen = until(ws["D"], lambda f: bool(f["ruling"] and f["ruling"]["ruling"]))
    ruling = seen["ruling"]["ruling"]
    assert ruling["irregularity"] == "opening_lead_out_of_turn" and ruling["chooser"] == "N"
    options = {o["id"]: o["law"] for o in ruling["options"]}
    assert options["accept"].startswith("54B") and options["spread"] == "54A" and len(options) == 3
    assert [i["kind"] for i in seen["irregularities"]] == ["lead_out_of_turn"]
    ws["E"].send_json({"type": "choose", "option": "accept"})  # declarer's choice, not the offender's side's
    assert until_error(ws["E"])["error"] == "RulingError"
    withdraw = next(o for o in options if o not in ("accept", "spread"))
    ws["N"].send_json({"type": "choose", "option": withdraw})
    after = until(ws["D"], lambda f: bool(f["ruling"]["ruling"]) and f["ruling"]["ruling"]["law"] != "54")
    assert [pc["card"] for pc in after["ruling"]["penalty_cards"]] == [card]  # a major penalty card (L50)
    lead = after["ruling"]["ruling"]
    assert lead["chooser"] == "N" and "50D2" in lead["law"]  # declarer's lead options before East leads
    ws["N"].send_json({"type": "choose", "option": lead["options"][0]["id"]})
    east = until(ws["E"], lambda f: bool(f["view"]["legal_cards"]))
    assert east["view"]["current_trick"] == []  # East leads now, restricted as declarer chose


def test_a_premature_play_is_ruled_a_revoke_is_recorded_and_a_call_is_shown(seated: Seated) -> None:
    """West plays before dummy: the table records it and rules it (L57), the director picks the rectification.
    A revoke stands and is recorded for the director (L61–L64). A player calls the director (L9B1): every page
    shows the call until the director attends."""
    _, ws, hands = seated
    lead = until(ws["E"], lambda f: bool(f["view"]["legal_cards"]))
    led = lead["view"]["legal_cards"][0]
    lead_face_down(ws, "E", led)
    faced = until(ws["N"], lambda f: bool(f["view"]["legal_cards"]))  # declarer plays from dummy (South)
    ws["W"].send_json({"type": "play", "card": hands["W"][0]})  # before dummy: a premature play (L57)
    ruled = until(ws["D"], lambda f: bool(f["ruling"] and f["ruling"]["ruling"]))["ruling"]["ruling"]
    assert ruled["irregularity"] == "premature_play" and ruled["law"].startswith("57") and ruled["offender"] == "W"
    ws["D"].send_json({"type": "choose", "option": ruled["options"][0]["id"]})
    faced = until(ws["N"], lambda f: bool(f["view"]["legal_cards"]) and not (f["ruling"] and f["ruling"]["ruling"]))
    seq = faced["seq"]
    dummy = cards_of(faced["view"]["dummy_hand"])
    off_suit = [c for c in dummy if c[0] != led[0]]
    assert len(off_suit) < len(dummy) and off_suit  # the seeded deal: dummy can follow, so this is a revoke
    ws["N"].send_json({"type": "play", "card": off_suit[0]})
    seen = until(ws["D"], lambda f: f["seq"] > seq)
    assert seen["seq"] == seq + 1
    assert "revoke" in [i["kind"] for i in seen["irregularities"]]
    assert next(i for i in seen["irregularities"] if i["kind"] == "revoke")["seat"] == "S"
    ws["E"].send_json({"type": "director", "reason": "revoke"})
    called = until(ws["D"], lambda f: f["table"]["director_call"] is not None)
    assert called["table"]["director_call"] == {"seat": "E", "reason": "revoke", "law": "9B1"}
    ws["E"].send_json({"type": "attend"})
    assert until_error(ws["E"])["error"] == "RulingError"
    ws["D"].send_json({"type": "attend"})
    until(ws["W"], lambda f: f["table"]["director_call"] is None)


def test_a_card_the_table_cannot_rule_yet_is_refused_and_leaves_nothing(client: TestClient) -> None:
    """A card played during the auction has no ruling at this table yet (L24 is reached by ``expose``): refused
    with a typed error, nothing recorded, the auction goes on."""
    table_id, tokens, _ = open_table(client, director=True, humans="NE")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north, \
            client.websocket_connect(f"/ws/{table_id}?token={tokens['E']}") as east:  # fmt: skip
        north.send_json({"type": "call", "call": "1NT"})
        mine = until(east, lambda f: f["view"]["turn"] == "E")
        east.send_json({"type": "play", "card": cards_of(mine["view"]["hand"])[0]})
        refused = until_error(east)
        assert refused["error"] == "RulingError" and "cannot yet rule" in refused["message"]
        east.send_json({"type": "call", "call": "P"})
        after = until(east, lambda f: len(f["view"]["auction"]) == 2)
        assert after["seq"] == mine["seq"] + 1  # the refused card left nothing behind


def test_no_director_to_call_at_a_table_without_one(client: TestClient) -> None:
    table_id, tokens, _ = open_table(client, humans="N")
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as north:
        north.send_json({"type": "director", "reason": "revoke"})
        assert until_error(north)["error"] == "RulingError"


def test_the_award_is_scored_by_the_table_for_either_side() -> None:
    """``claimruling.awarded``: the table's own L70 ruling on the disputed claim, its ``award_K`` chosen by the
    director as at the terminal (one path), so the table's own scoring counts it; a defender's award goes to the
    defenders. ``suggestion`` is the L70 check
    of ``claims.check_claim``; an award beyond the remaining tricks is refused (L68A)."""
    table = Table(Board(1, Deal.random("award")), irregular=True)
    for call in ("1NT", "P", "P", "P"):
        table.call(call)
    for _ in range(16):  # four tricks
        table.play(max(table.legal_cards()))
    assert claimruling.disputed(table) is None and claimruling.suggestion(table) is None
    assert table.play_state is not None
    won, remaining = table.play_state.declarer_tricks, 9
    table.claim("E", 3, "cash spades")
    table.dispute("N")
    found = claimruling.suggestion(table)
    assert found is not None and found["claim"]["seat"] == "E" and found["ruling"]["law"].startswith("70")
    assert not any("bare claim" in n for n in found["notes"])  # the statement was read (L68C)
    scored = claimruling.awarded(table, 3)
    assert scored.result is not None and scored.result.tricks == won + remaining - 3 and scored.result.claimed
    assert scored.claim_state is not None and scored.claim_state.ruled == 3
    assert table.record is not None and table.record.pending is not None and table.record.pending.question is None
    assert scored.to_events()[-1] == {"event": "choose", "seat": "director", "option": "award_3"}  # the table's path
    assert table.claim_state is not None and table.claim_state.disputed_by == Seat.NORTH  # the table is untouched
    with pytest.raises(ClaimError):
        claimruling.awarded(table, remaining + 1)
