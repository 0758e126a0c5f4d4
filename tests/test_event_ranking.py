"""Club events' rankings (#23, the club evening's findings): the NS line listed before the EW line wherever a
ranking is shown or written (L78; a Mitchell without arrow-switch has two winners), a live ranking by each pair's
share of the boards it has played, a board with a single result."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.tournament.event import Entry, Event

runner = CliRunner()


def _run(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def _mitchell(**kwargs: object) -> Event:
    """A 3-table Mitchell, one board a round: pairs 1-3 sit NS, 4-6 EW; round 1 plays boards 1, 2, 3."""
    return Event("Club pairs", "matchpoints", "mitchell", 3, 1, 6, "7", **kwargs)  # type: ignore[arg-type]


def _played_round_one(event: Event) -> Event:
    for table, (contract, tricks) in enumerate((("4S", 10), ("3NT", 9), ("2H", 8)), start=1):
        event = event.enter(Entry(1, table, table, contract, "N", tricks))
    for table, (contract, tricks) in enumerate((("4S", 9), ("3NT", 8), ("2H", 9)), start=1):
        board = 1 + table % 3  # round 2: the boards move down a table
        event = event.enter(Entry(2, table, board, contract, "N", tricks))
    return event


def test_a_mitchell_ranks_the_ns_line_before_the_ew_line_everywhere(tmp_path: Path) -> None:
    event = _played_round_one(_mitchell())
    ranking = event.ranking()
    lines = [s.direction for s in ranking]
    assert lines == ["NS"] * 3 + ["EW"] * 3  # NS pairs 1-3, then EW pairs 4-6
    assert (ranking[0].rank.position, ranking[3].rank.position) == (1, 1)  # two winners
    assert [s["direction"] for s in event.ranking_json()] == lines
    index = str(event.site()["index.html"])
    assert index.index(">NS<") < index.index(">EW<")
    pbn = event.pbn_scores()
    table = pbn[pbn.index("[TotalScoreTable") :]
    assert table.index('"N-S"') < table.index('"E-W"')
    file = tmp_path / "e.json"
    file.write_text(event.to_json(), encoding="utf-8")
    printed = [line for line in _run("event", "rank", str(file)).splitlines() if "│" in line and (
        "NS" in line or "EW" in line)]  # fmt: skip
    assert [("NS" in line) for line in printed] == [True] * 3 + [False] * 3


def test_a_howell_is_one_list() -> None:
    event = Event("Howell", "matchpoints", "howell", 3, 2, 6, "7")
    for e in event.movement.round(1):
        for board in e.boards:
            event = event.enter(Entry(1, e.table, board, "3NT", "S", 9 if e.table % 2 else 8))
    assert {s.direction for s in event.ranking()} == {None}
    assert [s.rank.position for s in event.ranking()] == sorted(s.rank.position for s in event.ranking())
