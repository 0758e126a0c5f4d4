"""The decimals of a weighted assigned score's points are an event's condition of contest (L12C1(c): the laws give
no rounding rule, the TO's conditions do): ``event create --weighted-decimals 0|1|2``, kept in the event file; a
file without it (every file before the condition) scores as it always did: the form's own (a team match's weighted
IMPs to the hundredth, matchpoints to one decimal), halves away from zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.errors import TournamentError
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.site import traveller_rows

runner = CliRunner()
#: 1/3 of 4H= (+420 against +420: 0 IMPs) and 2/3 of 4H-1 (-50 against +420: 10 IMPs to the open room's NS).
WEIGHTED = "4H N = 1/3 + 4H N -1 2/3"


def league(decimals: int | None = None) -> Event:
    """A 4-team round robin, one board a match: board 1 of round 1's match 1 v 4, the open room's 4H= and the
    closed room's assigned score (L86B1): the home team wins 2/3 × 10 = 6.666… IMPs."""
    event = Event("League", "teams", "round-robin", 4, 1, 4, "1", weighted_decimals=decimals)
    event = event.enter(Entry(1, 1, 1, "4H", "N", 10))
    return event.enter(Entry(1, 2, 1, assigned=WEIGHTED, reason="misinformation (L21B)"))


@pytest.mark.parametrize(("decimals", "imps"), [(None, 6.67), (2, 6.67), (1, 6.7), (0, 7)])
def test_a_team_match_s_weighted_imps_are_rounded_as_the_event_says(decimals: int | None, imps: float) -> None:
    event = league(decimals)
    [(_, match)] = event.matches()
    assert dict(match.boards) == {1: imps} and match.home_imps == imps
    [(_, scored)] = event.scored()
    places = 2 if decimals is None else decimals
    home, away = f"{imps:.{places}f}", f"{-imps:.{places}f}"
    assert [row[-2:] for row in traveller_rows(scored, event.scoring)] == [[home, away], [away, home]]
    again = Event.from_json(event.to_json())
    assert again.weighted_decimals == decimals and again.matches() == event.matches()
    assert ('"weighted_decimals"' in event.to_json()) == (decimals is not None)  # old files stay as they were


def test_a_file_without_the_condition_scores_as_before() -> None:
    saved = json.loads(league().to_json())
    assert "weighted_decimals" not in saved
    old = Event.from_json(json.dumps(saved))
    assert old.weighted_places == 2 and dict(old.matches()[0][1].boards) == {1: 6.67}


def pairs_points(tmp_path: Path, *create: str) -> tuple[str, float]:
    """Table 2's NS points on board 1's traveller and pair 2's total, at the CLI: a 3-table Mitchell's board 1,
    4S= (+420) at table 1, 4S-1 (-50) at table 3 and at table 2 the Director's 1/3 of 4S= and 2/3 of 4S-1: NS 2
    gets 1/3 × 1 + 2/3 × 2 = 5/3 of 4 (L12C1(c))."""
    file = tmp_path / f"e{len(list(tmp_path.iterdir()))}.json"
    for args in (["create", str(file), "--tables", "3", "--boards-per-round", "1", *create],
                 ["result", str(file), "--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10"],
                 ["result", str(file), "--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "9"],
                 ["result", str(file), "--round", "3", "--table", "2", "--board", "1", "--assigned",
                  "4S N = 1/3 + 4S N -1 2/3", "--reason", "L12C1(c)"]):  # fmt: skip
        out = runner.invoke(app, ["event", *args])
        assert out.exit_code == 0, out.output
    ranked = runner.invoke(app, ["event", "rank", str(file), "--json"])
    event = Event.from_json(file.read_text(encoding="utf-8"))
    [(_, scored)] = event.scored()
    [row] = [row for row in traveller_rows(scored, event.scoring) if row[0] == "2"]
    return row[-2], next(s["total"] for s in json.loads(ranked.output) if s["id"] == "2")


def test_matchpoints_print_a_weighted_score_as_the_event_says(tmp_path: Path) -> None:
    """A matchpoint event prints its board points to one decimal (the form's); the condition sets it once the
    event has an assigned score, the totals adding them as printed (to the form's one decimal)."""
    assert pairs_points(tmp_path) == ("1.7", 1.7)
    assert pairs_points(tmp_path, "--weighted-decimals", "2") == ("1.67", 1.7)
    assert pairs_points(tmp_path, "--weighted-decimals", "0") == ("2", 2.0)


def test_bad_conditions_are_refused(tmp_path: Path) -> None:
    for bad in (3, -1, True, "2", 1.5):
        with pytest.raises(TournamentError, match="rounded to 0, 1 or 2 decimals"):
            Event("League", "teams", "round-robin", 4, 1, 4, "1", weighted_decimals=bad)  # type: ignore[arg-type]
    saved = json.loads(league(1).to_json())
    with pytest.raises(TournamentError, match="not '1'"):
        Event.from_json(json.dumps({**saved, "weighted_decimals": "1"}))
    file = tmp_path / "e.json"
    out = runner.invoke(app, ["event", "create", str(file), "--weighted-decimals", "3"])
    assert out.exit_code == 2 and "0, 1 or 2 decimals" in out.output and not file.exists()
