"""Hidden information at the web table (docs/architecture.md §3.6, L41D, L68C): every frame sent to each connection
during
robot-played boards is checked against what that seat could see at that moment, computed from the stored log
alone. North and South are WebSocket clients making random legal choices (and claims), East and West are the
server's robots, and a spectator watches with hands hidden."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from contractbridge.cards import Seat
from contractbridge.store import Store
from web_helpers import Recorder, audit, cards_in, play_client, serve, visible


def _run(tmp_path: Path, boards: int, seed: int) -> tuple[int, int]:
    db = f"sqlite:///{tmp_path / 'audit.db'}"
    # the random clients answer every new state at machine speed against robots without delay: the message-rate
    # limit (#26, a person's pace) is not what this audit tests, so it is raised here
    with serve(db, args=("--rate", "1000", "--burst", "1000")) as server:
        table = server.post("/api/tables", {"name": "audit", "robots": ["E", "W"], "spectators": "hidden"})
        tokens = {s: server.post(f"/api/tables/{table['id']}/seats/{s}", {"name": s})["token"] for s in "NS"}
        recorders = [Recorder(Seat.NORTH), Recorder(Seat.SOUTH), Recorder(None)]
        rng = random.Random(seed)

        async def main() -> None:
            base = f"{server.ws}/ws/{table['id']}"
            await asyncio.gather(
                play_client(f"{base}?token={tokens['N']}", recorders[0], random.Random(rng.random()), boards,
                            claim_rate=0.02, timeout=60 + 6 * boards),
                play_client(f"{base}?token={tokens['S']}", recorders[1], random.Random(rng.random()), boards,
                            claim_rate=0.02, timeout=60 + 6 * boards),
                play_client(base, recorders[2], random.Random(0), boards, timeout=60 + 6 * boards),
            )  # fmt: skip

        asyncio.run(main())
    store = Store(db)
    try:
        assert len(store.results(table["id"])) == boards
        checked = audit(store, table["id"], recorders)
    finally:
        store.close()
    return checked, sum(len(r.frames) for r in recorders)


def test_the_oracle_catches_a_leak() -> None:
    """The audit can fail: East's hand in a frame to South during the auction is a leak."""
    from contractbridge.deal import Board, Deal
    from contractbridge.table import Table

    table = Table(Board(1, Deal.random(7)))
    events = table.to_events()
    east = table.board.deal[Seat.EAST].to_pbn()
    assert cards_in({"x": east}) - visible(events, Seat.SOUTH)
    assert not cards_in({"x": table.board.deal[Seat.SOUTH].to_pbn()}) - visible(events, Seat.SOUTH)


@pytest.mark.usefixtures("quick_robots")  # the robots make the frames the audit reads
def test_no_frame_shows_a_hidden_card_10_boards(tmp_path: Path) -> None:
    checked, frames = _run(tmp_path, 10, 14)
    assert frames > 300 and checked > 1000


@pytest.mark.slow
@pytest.mark.usefixtures("quick_robots")
def test_no_frame_shows_a_hidden_card_100_boards(tmp_path: Path) -> None:
    checked, frames = _run(tmp_path, 100, 100)
    assert frames > 3000 and checked > 10000
