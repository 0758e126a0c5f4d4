"""Club events' rankings (#23, the club evening's findings): the NS line listed before the EW line wherever a
ranking is shown or written (L78; a Mitchell without arrow-switch has two winners), a live ranking by each pair's
share of the boards it has played, a board with a single result."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
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


def _round(event: Event, number: int, tables: tuple[int, ...], tricks: dict[int, int]) -> Event:
    """Enter ``tables`` of round ``number`` of the 3-table Mitchell: 4S by N on every board, the table's tricks."""
    for e in event.movement.round(number):
        if e.table in tables:
            event = event.enter(Entry(number, e.table, e.boards[0], "4S", "N", tricks[e.table]))
    return event


def test_a_live_ranking_compares_the_share_of_the_boards_each_pair_played() -> None:
    """Pair 1 has two boards, pairs 2 and 3 one each: by totals pair 3 (a lone result, nothing to compare) would
    tie pair 2 below pair 1; by the share of the tops of what each played (L78A) pair 3's average beats pair 2's
    bottom. The boards played are shown beside."""
    event = _round(_mitchell(), 1, (1, 2, 3), {1: 10, 2: 10, 3: 10})
    event = _round(event, 2, (1,), {1: 11})  # table 1 plays board 2 after table 2: 4S+1 beats 4S=
    ns = [s for s in event.ranking() if s.direction == "NS"]
    assert [(s.id, s.total, s.percentage, s.boards, s.rank.position) for s in ns] == [
        ("1", 2.0, 100.0, 2, 1), ("3", 0.0, 50.0, 1, 2), ("2", 0.0, 0.0, 1, 3)]  # fmt: skip
    assert [(s["id"], s["boards"], s["percentage"]) for s in event.ranking_json()][:3] == [
        ("1", 2, 100.0), ("3", 1, 50.0), ("2", 1, 0.0)]  # fmt: skip


def test_the_final_ranking_is_the_totals_when_all_played_the_same_boards() -> None:
    event = _mitchell()
    for number, tricks in ((1, {1: 10, 2: 9, 3: 11}), (2, {1: 9, 2: 10, 3: 10}), (3, {1: 10, 2: 11, 3: 8})):
        event = _round(event, number, (1, 2, 3), tricks)
    ranking = event.ranking()
    assert {s.boards for s in ranking} == {3}
    for line in ("NS", "EW"):
        members = [s for s in ranking if s.direction == line]
        by_total = sorted(members, key=lambda s: -s.total)
        assert [s.rank.position for s in by_total] == sorted(s.rank.position for s in members)
        assert [s.total for s in members] == sorted((s.total for s in members), reverse=True)


def test_imp_pairs_show_the_points_per_board_and_rank_by_them_while_boards_differ(tmp_path: Path) -> None:
    """IMP pairs (L78B): pair 3, one board at +5 IMPs, ranks above pair 1, two boards at +3 each (6 in total):
    the points per board stand beside the total, in the CLI as in the JSON; with the same boards for all, the
    totals rank."""
    from contractbridge.tournament.results import BUTLER_RUTER, ScoredResult, TableResult, rank_event

    def imps(board: int, ns: str, ew: str, value: float) -> ScoredResult:
        return ScoredResult(TableResult(board, (ns,), (ew,), passed_out=True), 0, value, -value)

    form = replace(BUTLER_RUTER, total="sum", total_decimals=0, share=True)
    boards = [[imps(1, "1", "2", 3.0), imps(1, "3", "4", 5.0)], [imps(2, "1", "4", 3.0)]]
    ranking = rank_event(boards, form)
    assert [(s.id, s.total, s.average, s.boards, s.rank.position) for s in ranking] == [
        ("3", 5.0, 5.0, 1, 1), ("1", 6.0, 3.0, 2, 2), ("2", -3.0, -3.0, 1, 3), ("4", -8.0, -4.0, 2, 4)]  # fmt: skip
    assert [s.id for s in rank_event(boards, replace(form, share=False))] == ["1", "3", "2", "4"]  # by totals
    same = [*boards, [imps(2, "3", "2", 0.0)]]
    assert [s.id for s in rank_event(same, form)] == [s.id for s in rank_event(same, replace(form, share=False))]
    file = tmp_path / "butler.json"
    _run("event", "create", str(file), "--form", "butler", "--tables", "3", "--boards-per-round", "1")
    for table, tricks in ((1, 9), (2, 8), (3, 10)):
        _run("event", "result", str(file), "--round", "1", "--table", str(table), "--board", str(table), "3NT",
             "N", "-t", str(tricks))  # fmt: skip
    assert "Per board" in _run("event", "rank", str(file))
    site = Event.from_json(file.read_text(encoding="utf-8")).site()
    assert "<th>Per board</th>" in str(site["index.html"]) and " a board, 1 board</p>" in str(site["card-1.html"])
    assert all(s["average"] is not None and s["percentage"] is None
               for s in json.loads(_run("event", "rank", str(file), "--json")))  # fmt: skip


def test_a_board_with_a_single_result_is_an_average_by_the_events_factoring(tmp_path: Path) -> None:
    """A lone result has nothing to be compared with (L78A: a top of 2(n−1) = 0). Factoring boards with fewer
    results is a condition of contest (L78D), the event's ``factoring``: ``none`` (the default) leaves the board
    its own top, an average of 50 % that weighs nothing; ``neuberg`` factors it to the movement's top (three
    tables: 4), where it is an average, 2 of 4, like any board."""
    from contractbridge.errors import TournamentError

    plain = _mitchell().enter(Entry(1, 1, 1, "4S", "N", 10))
    [(_, [lone])] = plain.scored()
    assert (lone.top, lone.ns, lone.pct_ns, lone.pct_ew) == (0.0, 0.0, 50.0, 50.0)
    assert {s.percentage for s in plain.ranking()} == {50.0}  # not undefined, not 0
    factored = _mitchell(factoring="neuberg").enter(Entry(1, 1, 1, "4S", "N", 10))
    [(_, [lone])] = factored.scored()
    assert (lone.top, lone.ns, lone.ew, lone.pct_ns) == (4.0, 2.0, 2.0, 50.0)
    assert {(s.total, s.percentage) for s in factored.ranking()} == {(2.0, 50.0)}
    two = factored.enter(Entry(2, 3, 1, "4S", "N", 11))  # board 1 again: 2 results of 3, Neuberg to the top of 4
    [(_, results)] = two.scored()
    assert [(s.ns, s.ew) for s in results] == [(0.5, 3.5), (3.5, 0.5)]  # ((0 + 1) × 3/2 − 1, (2 + 1) × 3/2 − 1)
    proportional = _mitchell(factoring="proportional").enter(Entry(1, 1, 1, "4S", "N", 10))
    assert [s.ns for _, b in proportional.scored() for s in b] == [2.0]
    assert Event.from_json(factored.to_json()).factoring == "neuberg"
    assert Event.from_json(plain.to_json()).scored() == plain.scored()
    with pytest.raises(TournamentError, match=r"one of none, neuberg, proportional, not 'scaled' .*L78D"):
        _mitchell(factoring="scaled")
    file = tmp_path / "e.json"
    bad = runner.invoke(app, ["event", "create", str(file), "--factoring", "scaled"])
    assert bad.exit_code == 2 and "L78D" in bad.output and not file.exists()
    _run("event", "create", str(file), "--tables", "3", "--boards-per-round", "1", "--factoring", "neuberg")
    _run("event", "result", str(file), "--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10")
    assert {s["percentage"] for s in json.loads(_run("event", "rank", str(file), "--json"))} == {50.0}
