"""The web table's events take what ``event create`` and ``event result`` take (#23): an event's factoring of boards
with fewer results (a condition of contest, L78D: ``none``, ``neuberg``, ``proportional``; matchpoints only) and
the Director's assigned adjusted scores, weighted (L12C1(c)) or split (L12C1(b)), checked by the tournament's
parser and refused with its message (400, nothing stored); the ranking and the results site score them as the
CLI does. The store keeps them in full (revision 0007), on SQLite and on PostgreSQL; a 0006 database upgrades with
its data and downgrades back only while nothing would be lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from contractbridge.errors import TournamentError
from contractbridge.eventstore import EventRecord, EventStore, ResultRecord
from contractbridge.store import Store, StoreError, migrate
from contractbridge.tournament.event import Entry, Event
from web_helpers import event_cli, postgres, ranking_rows

Json = dict[str, Any]
WEB_SEED = "test-web-events-assigned"  # the ``client`` fixture's deals (conftest.py)
#: A 3-table Mitchell, one board a round: board 1 (none vulnerable, L2) is played at table 1 in round 1 (pairs
#: 1 v 4), table 3 in round 2 (3 v 5) and table 2 in round 3 (2 v 6) — the CLI's tests/test_event_assigned.py.
THREE = {"name": "Wednesday pairs", "tables": 3, "boards_per_round": 1}
BOARD_1 = {"round": 3, "table": 2, "board": 1}
WEIGHTED = "4S N = 60% + 4S N -1 40%"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def evening(client: TestClient, **spec: Any) -> tuple[str, dict[str, str]]:
    """The three-table event with board 1's results at tables 1 (4S=, +420) and 3 (4S-1, -50), entered by the
    director (they count at once); table 2 awaits the Director's ruling."""
    made = client.post("/api/events", json={**THREE, **spec})
    assert made.status_code == 201, made.text
    event, director = made.json()["id"], bearer(made.json()["director_token"])
    for r, t, tricks in ((1, 1, 10), (2, 3, 9)):
        line = {"round": r, "table": t, "board": 1, "contract": "4S", "declarer": "N", "tricks": tricks}
        assert client.post(f"/api/events/{event}/results", json=line, headers=director).status_code == 201
    return event, director


def totals(client: TestClient, event: str) -> dict[str, float]:
    """Each pair's total (the event has board 1's results only: its matchpoints, NS and EW ranked apart)."""
    return {s["id"]: s["total"] for s in client.get(f"/api/events/{event}/ranking").json()}


def cli_ranking(tmp_path: Path, *assigned: str, factoring: str = "none") -> list[Json]:
    """The CLI's ranking of the same evening (``event create``, ``event result``, ``event rank --json``)."""
    played = [["--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10"],
              ["--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "9"]]  # fmt: skip
    if assigned:
        played.append(["--round", "3", "--table", "2", "--board", "1", *assigned, "--reason", "L12C1"])
    ranking, _ = event_cli(tmp_path, ["--tables", "3", "--boards-per-round", "1", "--factoring", factoring], *played)
    return ranking


# the director's adjusted scores ---------------------------------------------------------------------------------
def test_a_weighted_assigned_score_is_scored_as_the_cli_scores_it(client: TestClient, tmp_path: Path) -> None:
    """L12C1(c): 60 % of 4S= and 40 % of 4S-1: NS 2 gets 0.6·3 + 0.4·1 = 2.2 of 4, EW 6 1.8; the ranking is the
    CLI's for the same results, and the finished event's traveller writes it as ``event travellers`` does."""
    event, director = evening(client)
    weighted = {**BOARD_1, "assigned": WEIGHTED, "reason": "misinformation (L21B)"}
    made = client.post(f"/api/events/{event}/results", json=weighted, headers=director)
    assert made.status_code == 201, made.text
    line = made.json()
    assert (line["assigned"], line["reason"], line["confirmed"]) == (WEIGHTED, "misinformation (L21B)", True)
    assert line["text"] == f"assigned {WEIGHTED} (misinformation (L21B))"
    assert totals(client, event) == pytest.approx({"1": 3.4, "2": 2.2, "3": 0.4, "4": 0.6, "5": 3.6, "6": 1.8})
    web = client.get(f"/api/events/{event}/ranking").json()
    assert ranking_rows(web) == ranking_rows(cli_ranking(tmp_path, "--assigned", WEIGHTED))
    for _ in range(3):  # the director's page shows the tables of the rounds started
        assert client.post(f"/api/events/{event}/rounds", headers=director).status_code == 200
    state = client.get(f"/api/events/{event}", headers=director).json()
    shown = next(p for p in state["places"] if (p["round"], p["table"]) == (3, 2))["results"][0]
    assert shown["text"] == line["text"] and shown["assigned"] == WEIGHTED  # the director's page: the CLI's words
    travellers = state["travellers"]  # the director's, as ``event travellers`` prints them
    assert travellers["columns"][:4] == ["Table", "NS", "EW", "Contract"]
    [board_1] = [b["rows"] for b in travellers["boards"] if b["board"] == 1]
    assert [row[0] for row in board_1] == ["1", "3", "2"]  # each table, in the order entered
    assert board_1[2][1:4] == ["2", "6", "+420 60% + -50 40%"] and board_1[2][-2:] == ["2.2", "1.8"]
    assert client.post(f"/api/events/{event}/finish", headers=director).status_code == 200
    assert 'href="board-1.html"' in client.get(f"/e/{event}/site/").text
    traveller = client.get(f"/e/{event}/site/board-1.html").text  # as ``event travellers`` writes it
    assert "+420 60% +" in traveller and "2.2" in traveller and "1.8" in traveller


def test_a_split_score_and_its_correction(client: TestClient, tmp_path: Path) -> None:
    """L12C1(b): NS get 4S= (+420), EW 4S-1 (+50 to them), each compared with its own line (3 + 3 of a top of 4);
    the director then revises it to one balancing score, and the split one is kept among the replaced results
    (L79C, L12C), written as the CLI writes it."""
    event, director = evening(client)
    split = {**BOARD_1, "assigned_ns": "4S N =", "assigned_ew": "4S N -1", "reason": "L12C1(b)"}
    made = client.post(f"/api/events/{event}/results", json=split, headers=director)
    assert made.status_code == 201, made.text
    assert (made.json()["assigned"], made.json()["assigned_ew"]) == ("4S N =", "4S N -1")  # Entry's fields
    assert totals(client, event) == {"1": 3.0, "2": 3.0, "3": 0.0, "4": 0.0, "5": 3.0, "6": 3.0}
    assert ranking_rows(client.get(f"/api/events/{event}/ranking").json()) == ranking_rows(
        cli_ranking(tmp_path, "--assigned-ns", "4S N =", "--assigned-ew", "4S N -1")
    )
    revised = {**BOARD_1, "assigned": "4S N -1", "reason": "ruling revised"}
    fixed = client.post(f"/api/events/{event}/results", json=revised, headers=director).json()
    assert fixed["message"] == ("corrected: round 3, table 2, board 1: assigned NS 4S N = / EW 4S N -1 (L12C1(b)) "
                                "replaced by assigned 4S N -1 (ruling revised)")  # fmt: skip
    assert totals(client, event)["2"] == 1.0  # one balancing score: -50 ties -50, below +420
    [gone] = client.get(f"/api/events/{event}", headers=director).json()["replaced"]
    assert (gone["assigned"], gone["assigned_ew"], gone["now"]["text"]) == (
        "4S N =", "4S N -1", "assigned 4S N -1 (ruling revised)"
    )  # fmt: skip


def test_bad_assigned_scores_are_refused_with_the_tournament_s_message_and_change_nothing(client: TestClient) -> None:
    event, director = evening(client)
    before = client.get(f"/api/events/{event}", headers=director).json()
    for body, status, message in (
        ({"assigned": "4S = 60% + 4S N -1 40%", "reason": "r"}, 400, "not an assigned score"),
        ({"assigned": "4S N = 60% + 4S N -1 30%", "reason": "r"}, 400, "add up to 1"),
        ({"assigned": "4S N ="}, 400, "needs the Director's reason"),
        ({"assigned_ns": "4S N =", "reason": "r"}, 400, "assigned_ns and assigned_ew"),
        ({"assigned": "4S N =", "assigned_ew": "4S N -1", "reason": "r"}, 400, "split score is assigned_ns"),
        ({"assigned": "4S N =", "adjusted": "A60/40", "reason": "r"}, 400, "one"),
        ({"contract": "4S", "declarer": "N", "tricks": 10, "assigned": "4S N =", "reason": "r"}, 400, "one"),
        ({"contract": "4S", "declarer": "N", "tricks": 10, "adjusted": "A60/40", "reason": "r"}, 400, "one"),
        ({"assigned": " ", "reason": "r"}, 400, "a result"),
        ({"assigned": "4S N = 1/0", "reason": "r"}, 400, "zero denominator"),
        ({"assigned": "7NT S +1", "reason": "r"}, 400, "14 tricks"),
        ({"assigned": "4S N = " + "1" * 200, "reason": "r"}, 422, "200"),
    ):
        refused = client.post(f"/api/events/{event}/results", json={**BOARD_1, **body}, headers=director)
        assert refused.status_code == status and message in refused.text, (body, refused.text)
        if status == 400:
            assert refused.json()["error"] == "TournamentError" and "Traceback" not in refused.text
    assert client.get(f"/api/events/{event}", headers=director).json() == before


def test_a_pair_gives_no_adjusted_score_and_teams_no_split_one(client: TestClient) -> None:
    event, director = evening(client)
    link = client.post(f"/api/events/{event}/pairs/2", json={"names": "Ann - Bo"}, headers=director).json()["token"]
    client.post(f"/api/events/{event}/rounds", headers=director)
    for score in ({"assigned": "4S N ="}, {"assigned_ns": "4S N =", "assigned_ew": "4S N -1"},
                  {"assigned_ns": "4S N ="}):  # fmt: skip
        refused = client.post(f"/api/events/{event}/results", json={**BOARD_1, **score, "reason": "r"},
                              headers=bearer(link))  # fmt: skip
        assert refused.status_code == 403 and "only the director" in refused.text
    assert "travellers" not in client.get(f"/api/events/{event}", headers=bearer(link)).json()  # the director's
    # a team match's board is one comparison (L78B): a split score there is the tournament's refusal, its message
    teams = client.post("/api/events", json={"form": "teams", "movement": "round-robin", "teams": 4,
                                             "boards_per_round": 1}).json()  # fmt: skip
    split = {"round": 1, "table": 1, "board": 1, "assigned_ns": "3NT N =", "assigned_ew": "3NT N -1", "reason": "r"}
    refused = client.post(f"/api/events/{teams['id']}/results", json=split, headers=bearer(teams["director_token"]))
    league = Event("League", "teams", "round-robin", 4, 1, 4, "1")
    with pytest.raises(TournamentError) as expected:
        league.enter(Entry(1, 1, 1, assigned="3NT N =", assigned_ew="3NT N -1", reason="r"), lead=True)
    assert (refused.status_code, refused.json()["message"]) == (400, str(expected.value))


# the event's factoring (L78D) -----------------------------------------------------------------------------------
@pytest.mark.parametrize("factoring", ["neuberg", "proportional"])
def test_a_factored_event_ranks_as_the_cli_does(client: TestClient, tmp_path: Path, factoring: str) -> None:
    """Board 1 has two results of the movement's three: factored to the movement's top (L78D) the two tables'
    matchpoints are the CLI's for the same event, not the board's own top of 2 (L78A)."""
    event, _ = evening(client, factoring=factoring)
    state = client.get(f"/api/events/{event}").json()
    assert state["factoring"] == factoring
    web = ranking_rows(client.get(f"/api/events/{event}/ranking").json())
    assert web == ranking_rows(cli_ranking(tmp_path, factoring=factoring))
    assert web != ranking_rows(cli_ranking(tmp_path))  # not as a board on its own top (L78A)


def test_a_factoring_is_for_matchpoints_only(client: TestClient, store: Store) -> None:
    """Refused with the tournament's message (``Event``'s one check, as ``event create --factoring``), nothing
    stored; the default is ``none``."""
    for spec, message in (
        ({"form": "cross-imps", "factoring": "neuberg"}, "factoring (neuberg) is for matchpoints"),
        ({"form": "butler", "factoring": "proportional"}, "compares each board's scores by IMPs"),
        ({"form": "teams", "movement": "round-robin", "teams": 4, "factoring": "neuberg"}, "is for matchpoints"),
        ({"factoring": "weighted"}, "one of none, neuberg, proportional, not 'weighted'"),
    ):
        refused = client.post("/api/events", json={**THREE, **spec})
        assert refused.status_code == 400 and message in refused.json()["message"], (spec, refused.text)
    assert EventStore(store).events() == []
    made = client.post("/api/events", json={**THREE, "form": "cross-imps"}).json()
    assert client.get(f"/api/events/{made['id']}").json()["factoring"] == "none"


# the store: revision 0007 ----------------------------------------------------------------------------------------
def _config(connection: sa.Connection) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(migrate.__code__.co_filename).parent / "migrations"))
    config.attributes["connection"] = connection
    return config


def upgrade_an_0006_database(url: str) -> None:
    """A club's database of revision 0006 opens at 0007 with its event (not factored: as it was scored) and its
    results and replaced results as they were; a weighted assigned score and a factoring are then kept in full;
    a downgrade to 0006 is refused while they are there (nothing lost, nothing changed) and done once they are
    not."""
    from alembic import command

    engine = sa.create_engine(url)
    with engine.begin() as c:
        command.upgrade(_config(c), "0006")
        c.exec_driver_sql(
            "INSERT INTO club_events (id, name, form, movement, tables, boards_per_round, pairs, arrow_switch, seed,"
            " edition, irregular, section, director_token, round, status) VALUES ('e1', 'Old', 'matchpoints',"
            " 'mitchell', 3, 1, 6, '[]', 'seed', 'WBF17', FALSE, 'A', 'k', 3, 'open')"
        )
        c.exec_driver_sql(
            "INSERT INTO event_results (event_id, round, table_no, board, adjusted, reason, entered_by, confirmed)"
            " VALUES ('e1', 1, 1, 1, 'A60/40', 'slow play', 'director', TRUE)"
        )
        c.exec_driver_sql(
            "INSERT INTO event_replaced_results (event_id, round, table_no, board, contract, declarer, tricks,"
            " entered_by, confirmed, replaced_by) VALUES ('e1', 1, 1, 1, '4S', 'N', 10, 'pair 1', TRUE, 'director')"
        )
    engine.dispose()
    db = Store(url)
    try:
        with db.engine.connect() as c:
            assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0007"
        events = EventStore(db)
        assert events.event("e1").factoring == "none" and events.event("e1").event().factoring == "none"
        artificial = ResultRecord(Entry(1, 1, 1, adjusted="A60/40", reason="slow play"), "director", True)
        assert events.results("e1") == [artificial]
        assert [k.result.entry for k in events.replaced("e1")] == [Entry(1, 1, 1, "4S", "N", 10)]
        long = "4S N = 1/3 + 4S N -1 1/3 + 4S N -2 1/6 + 3NT S +1 1/6"  # longer than the old 32 characters
        assert len(long) > 32
        weighted = ResultRecord(Entry(2, 3, 1, assigned=long, reason="L12C1(c)"), "director", True)
        split = ResultRecord(Entry(3, 2, 1, assigned="4S N =", assigned_ew=WEIGHTED, reason="L12C1(b)"), "director",
                             True)  # fmt: skip
        events.add_result("e1", weighted)
        events.add_result("e1", split)
        events.add_result("e1", ResultRecord(Entry(2, 3, 1, "4S", "N", 9), "director", True), replace=True)
        assert events.results("e1") == [artificial, ResultRecord(Entry(2, 3, 1, "4S", "N", 9), "director", True),
                                        split]  # fmt: skip
        assert events.replaced("e1")[-1].result == weighted  # in full among the replaced results too
        events.create(EventRecord("e2", "New", "matchpoints", "mitchell", 3, 1, 6, "s", factoring="neuberg"), "k")
        assert events.event("e2").factoring == "neuberg"
        assert events.event("e1").event(entries=tuple(r.entry for r in events.results("e1"))).scored()
        # a fouled board's form (L87A) and a team match's side at fault (L86B2(b)) are kept too
        fouled = ResultRecord(Entry(1, 2, 2, "4S", "N", 9, fouled="b"), "director", True)
        faulted = ResultRecord(Entry(1, 1, 1, assigned="4S N =", reason="r", at_fault="EW"), "director", True)
        events.add_result("e1", fouled)
        events.add_result("e2", faulted)
        assert (events.results("e1")[1], events.results("e2")) == (fouled, [faulted])
        # the decimals of a weighted score's points, a condition of contest (L12C1(c))
        events.create(EventRecord("e3", "Weighted", "teams", "round-robin", 4, 1, 4, "s", weighted_decimals=0), "k")
        assert (events.event("e3").weighted_decimals, events.event("e1").weighted_decimals) == (0, None)
        _downgrade(db, refused=True)
        with db.engine.begin() as c:
            for table in ("event_results", "event_replaced_results"):
                c.exec_driver_sql(f"DELETE FROM {table} WHERE assigned IS NOT NULL")
            c.exec_driver_sql("DELETE FROM club_events WHERE id = 'e2'")
        _downgrade(db, refused=True)  # the fouled form alone: 0006 would compare it with the correct form
        with db.engine.begin() as c:
            c.exec_driver_sql("DELETE FROM event_results WHERE fouled IS NOT NULL")
        _downgrade(db, refused=True)  # the weighted decimals alone: 0006 would score with the form's own
        with db.engine.begin() as c:
            c.exec_driver_sql("DELETE FROM club_events WHERE id = 'e3'")
        _downgrade(db, refused=False)
    finally:
        db.close()


def _downgrade(db: Store, *, refused: bool) -> None:
    from alembic import command

    with db.engine.connect() as c:
        if refused:
            with pytest.raises(StoreError, match="cannot keep the assigned scores"), c.begin():
                command.downgrade(_config(c), "0006")
        else:
            with c.begin():
                command.downgrade(_config(c), "0006")
        version = c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        columns = {col["name"] for col in sa.inspect(c).get_columns("event_results")}
    new = {"assigned", "assigned_ew", "fouled", "at_fault"}
    assert (version, new & columns) == (("0007", new) if refused else ("0006", set()))


def test_an_0006_database_upgrades_and_keeps_assigned_scores_on_sqlite(tmp_path: Path) -> None:
    upgrade_an_0006_database(f"sqlite:///{tmp_path / 'club.db'}")


def test_an_0006_database_upgrades_and_keeps_assigned_scores_on_postgresql() -> None:
    with postgres() as url:
        if url is None:
            pytest.skip("Debian's PostgreSQL server cannot be started here")
        upgrade_an_0006_database(url)


def test_the_cli_and_the_web_build_the_same_event(client: TestClient) -> None:
    """``EventRoom.event`` is the CLI's ``Event``: its factoring and its assigned entries, as the event file has
    them."""
    import asyncio

    from contractbridge.server.events import EventRoom

    event, director = evening(client, factoring="neuberg")
    client.post(f"/api/events/{event}/results", json={**BOARD_1, "assigned": WEIGHTED, "reason": "r"},
                headers=director)  # fmt: skip
    room = EventRoom(client.app.state.club, event)  # type: ignore[attr-defined]
    built = asyncio.run(room.event())
    again = Event.from_json(built.to_json())
    assert (again.factoring, again.entries[-1].assigned) == ("neuberg", WEIGHTED)
    assert again.ranking_json() == built.ranking_json()
