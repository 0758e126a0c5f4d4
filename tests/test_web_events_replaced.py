"""A director's correction at the web table's events keeps the result it replaced (L79C: a scoring error corrected;
L12C: an adjusted score in place of the table's result): stored with who replaced it and when, listed to the
director only, never scored, kept by the event as the CLI's event file keeps it (``Event.replaced``). The store on
SQLite and on PostgreSQL, and a database of revision 0005 upgraded with its data."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from contractbridge.eventstore import EventRecord, EventStore, ResultRecord
from contractbridge.store import Store, migrate
from contractbridge.tournament.event import Entry, Event
from web_helpers import postgres

Json = dict[str, Any]
MITCHELL = {"name": "Tuesday pairs", "movement": "mitchell", "tables": 4, "boards_per_round": 1}
WEB_SEED = "test-web-events-replaced"  # the ``client`` fixture's deals (conftest.py)
WHERE = {"round": 1, "table": 2, "board": 2}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_correction_keeps_the_result_it_replaced_l79c(client: TestClient) -> None:
    made = client.post("/api/events", json=MITCHELL).json()
    event, director = made["id"], bearer(made["director_token"])
    pairs = {n: bearer(client.post(f"/api/events/{event}/pairs/{n}", json={"names": f"Pair {n}"},
                                   headers=director).json()["token"]) for n in range(1, 9)}  # fmt: skip
    client.post(f"/api/events/{event}/rounds", headers=director)
    travel = {**WHERE, "contract": "4S", "declarer": "S", "tricks": 10, "lead": "HK"}
    assert client.post(f"/api/events/{event}/results", json=travel, headers=pairs[2]).status_code == 201
    assert client.post(f"/api/events/{event}/results/confirm", json=WHERE, headers=pairs[6]).status_code == 200
    assert client.get(f"/api/events/{event}", headers=director).json()["replaced"] == []
    # the director corrects the tricks (L79C), then gives an adjusted score instead (L12C2, reason L81C8)
    fixed = client.post(f"/api/events/{event}/results", json={**travel, "tricks": 9}, headers=director)
    assert fixed.status_code == 201, fixed.text
    adjusted = {**WHERE, "adjusted": "A60/40", "reason": "misinformation"}
    assert client.post(f"/api/events/{event}/results", json=adjusted, headers=director).status_code == 201
    state = client.get(f"/api/events/{event}", headers=director).json()
    gone = state["replaced"]
    assert [(g["tricks"], g["entered_by"], g.get("adjusted")) for g in gone] == [
        (10, "pair 2", None),
        (9, "director", None),
    ]
    assert all(g["replaced_by"] == "director" and g["replaced_at"] and (g["round"], g["table"], g["board"]) == (1, 2, 2)
               for g in gone)  # fmt: skip
    line = next(p for p in state["places"] if (p["round"], p["table"]) == (1, 2))["results"][0]
    assert (line["adjusted"], line["reason"]) == ("A60/40", "misinformation")  # only the last one is the result
    # never scored: the one board counted at table 2 is the adjusted score; pairs do not see the replaced lines
    [ns] = [s for s in client.get(f"/api/events/{event}/ranking").json() if s["id"] == "2"]
    assert ns["boards"] == 1
    assert "replaced" not in client.get(f"/api/events/{event}", headers=pairs[2]).json()
    assert "replaced" not in client.get(f"/api/events/{event}").json()


def test_a_board_played_online_replaced_by_the_director_is_kept(store: Store) -> None:
    events = EventStore(store)
    events.create(EventRecord("e1", "Club", "matchpoints", "mitchell", 4, 1, 8, "seed"), director_key="k")
    played = Entry(1, 1, 1, "3NT", "N", 9, "SA")
    gone = events.add_result("e1", ResultRecord(Entry(1, 1, 1, adjusted="A50/50", reason="fouled"), "director",
                                                True), replace=True, played=played)  # fmt: skip
    assert gone == ResultRecord(played, "played", True)  # the record it stores, for the caller (L79C)
    [kept] = events.replaced("e1")
    assert (kept.result.entry, kept.result.entered_by, kept.replaced_by) == (played, "played", "director")
    assert [r.entry.adjusted for r in events.results("e1")] == ["A50/50"]


def replace_twice(store: Store) -> None:
    """The store's part, on any database: a result entered, corrected, corrected again; each kept, oldest first."""
    events = EventStore(store)
    events.create(EventRecord("e1", "Club", "matchpoints", "mitchell", 4, 1, 8, "seed"), director_key="k")
    first = ResultRecord(Entry(1, 2, 2, "4S", "S", 10, "HK"), "pair 2", True)
    assert events.add_result("e1", first) is None
    second = ResultRecord(Entry(1, 2, 2, "4S", "S", 9, "HK"), "director", True)
    assert events.add_result("e1", second, replace=True) == first
    third = ResultRecord(Entry(1, 2, 2, adjusted="A40/60", reason="L23"), "director", True)
    assert events.add_result("e1", third, replace=True) == second
    assert events.results("e1") == [third]
    kept = events.replaced("e1")
    assert [k.result for k in kept] == [first, second] and {k.replaced_by for k in kept} == {"director"}
    assert kept[0].replaced_at <= kept[1].replaced_at and kept[0].replaced_at.utcoffset() == timedelta(
        0
    )  # UTC, any database
    assert events.replaced("other") == []


def test_the_store_keeps_each_replaced_result_on_sqlite(store: Store) -> None:
    replace_twice(store)


def test_the_store_keeps_each_replaced_result_on_postgresql() -> None:
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        db = Store(url)
        try:
            replace_twice(db)
        finally:
            db.close()


def upgrade_an_0005_database(url: str) -> None:
    """A club's database of revision 0005 (before replaced results were kept) opens at the newest revision with its
    event and its results as they were; its first correction is then kept."""
    from alembic import command
    from alembic.config import Config

    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(migrate.__code__.co_filename).parent / "migrations"))
    with engine.begin() as c:
        config.attributes["connection"] = c
        command.upgrade(config, "0005")
        c.exec_driver_sql(
            "INSERT INTO club_events (id, name, form, movement, tables, boards_per_round, pairs, arrow_switch, seed,"
            " edition, irregular, section, director_token, round, status) VALUES ('e1', 'Old', 'matchpoints',"
            " 'mitchell', 4, 1, 8, '[]', 'seed', 'WBF17', FALSE, 'A', 'k', 1, 'open')"
        )
        c.exec_driver_sql(
            "INSERT INTO event_results (event_id, round, table_no, board, contract, declarer, tricks, lead,"
            " entered_by, confirmed) VALUES ('e1', 1, 2, 2, '4S', 'S', 10, 'HK', 'pair 2', TRUE)"
        )
    engine.dispose()
    db = Store(url)
    try:
        with db.engine.connect() as c:
            assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0007"
        events = EventStore(db)
        old = ResultRecord(Entry(1, 2, 2, "4S", "S", 10, "HK"), "pair 2", True)
        assert events.event("e1").name == "Old" and events.results("e1") == [old] and events.replaced("e1") == []
        events.add_result("e1", ResultRecord(Entry(1, 2, 2, "4S", "S", 11, "HK"), "director", True), replace=True)
        assert [k.result for k in events.replaced("e1")] == [old]
    finally:
        db.close()


def test_an_0005_database_upgrades_with_its_results_on_sqlite(tmp_path: Path) -> None:
    upgrade_an_0005_database(f"sqlite:///{tmp_path / 'club.db'}")


def test_an_0005_database_upgrades_with_its_results_on_postgresql() -> None:
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        upgrade_an_0005_database(url)


def test_the_event_carries_the_replaced_results_like_the_cli_file(client: TestClient) -> None:
    """``EventRoom.event`` is the CLI's ``Event`` with ``replaced`` (its event file's ``"replaced"``), unscored."""
    import asyncio

    from contractbridge.server.events import EventRoom

    made = client.post("/api/events", json=MITCHELL).json()
    event, director = made["id"], bearer(made["director_token"])
    client.post(f"/api/events/{event}/rounds", headers=director)
    travel = {**WHERE, "contract": "4S", "declarer": "S", "tricks": 10, "lead": "HK"}
    client.post(f"/api/events/{event}/results", json=travel, headers=director)
    client.post(f"/api/events/{event}/results", json={**travel, "tricks": 8}, headers=director)
    club = client.app.state.club  # type: ignore[attr-defined]
    value = asyncio.run(EventRoom(club, event).event())
    assert [e.tricks for e in value.replaced] == [10] and [e.tricks for e in value.entries] == [8]
    again = Event.from_json(value.to_json())
    assert again.replaced == value.replaced


def test_the_directors_correction_says_what_it_replaced_and_by_what(client: TestClient) -> None:
    """The web's counterpart of ``event result --correct``'s message: the answer to the director's correction
    names the result replaced and its replacement (L79C, L12C), and the director's list of replaced results says
    what replaced each; a first result replaces nothing and says so by having no ``replaced``."""
    made = client.post("/api/events", json=MITCHELL).json()
    event, director = made["id"], bearer(made["director_token"])
    pair = bearer(client.post(f"/api/events/{event}/pairs/2", json={"names": "Pair 2"},
                              headers=director).json()["token"])  # fmt: skip
    client.post(f"/api/events/{event}/rounds", headers=director)
    travel = {**WHERE, "contract": "4S", "declarer": "S", "tricks": 10}
    first = client.post(f"/api/events/{event}/results", json=travel, headers=pair).json()
    assert "replaced" not in first and "message" not in first
    fixed = client.post(f"/api/events/{event}/results", json={**travel, "tricks": 9}, headers=director).json()
    assert fixed["message"] == "corrected: round 1, table 2, board 2: 4S S 10 tricks replaced by 4S S 9 tricks"
    assert (fixed["replaced"]["tricks"], fixed["replaced"]["entered_by"], fixed["tricks"]) == (10, "pair 2", 9)
    adjusted = {**WHERE, "adjusted": "A60/40", "reason": "misinformation"}
    again = client.post(f"/api/events/{event}/results", json=adjusted, headers=director).json()
    assert again["message"].endswith("4S S 9 tricks replaced by A60/40 (misinformation)")
    gone = client.get(f"/api/events/{event}", headers=director).json()["replaced"]
    assert [(g["tricks"], g["now"].get("tricks"), g["now"].get("adjusted")) for g in gone] == [
        (10, 9, None), (9, None, "A60/40")]  # fmt: skip
    assert gone[1]["note"] == "round 1, table 2, board 2: 4S S 9 tricks replaced by A60/40 (misinformation)"
