"""Assigned adjusted scores entered for an event (#23, the club evening's findings): a weighted assigned score
(L12C1(c): "4S N = 60% + 4S N -1 40%") and a split one (L12C1(b): each side its own score, the two need not
balance) with ``event result --assigned`` / ``--assigned-ns`` + ``--assigned-ew``; bad input refused with the
place named and the event file unchanged."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.deal import Vulnerability
from contractbridge.errors import TournamentError
from contractbridge.scoring import compare
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.results import BUTLER_RUTER, TableResult, parse_assigned, score_board

runner = CliRunner()
BOARD_1 = ["--round", "3", "--table", "2", "--board", "1"]  # a 3-table Mitchell's board 1: its third table


def _run(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """Board 1 (none vulnerable) played at two of its three tables: 4S= (+420) by pairs 1 v 4, 4S-1 (-50) by
    3 v 5; the third table, pairs 2 v 6, awaits the Director's ruling."""
    file = tmp_path / "e.json"
    _run("event", "create", str(file), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    _run("event", "result", str(file), "--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10")
    _run("event", "result", str(file), "--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "9")
    return file


def _board_one(file: Path) -> dict[str, tuple[float | None, float | None]]:
    """Each table's (NS, EW) matchpoints on board 1, by its NS pair."""
    event = Event.from_json(file.read_text(encoding="utf-8"))
    [(_, scored)] = [(r, s) for r, s in event.scored() if r.number == 1]
    return {s.result.ns[0]: (s.ns, s.ew) for s in scored}


def test_parse_assigned_scores_each_result_by_l77() -> None:
    nv = Vulnerability.NONE
    assert parse_assigned("4S N =", nv).outcomes == ((Fraction(1), 420),)
    assert parse_assigned("4SN-1", nv).outcomes == ((Fraction(1), -50),)
    assert parse_assigned("3nt by s +1", Vulnerability.NS).outcomes == ((Fraction(1), 630),)
    assert parse_assigned("4S N = 60% + 4S N -1 40%", nv).outcomes == ((Fraction(3, 5), 420), (Fraction(2, 5), -50))
    assert parse_assigned("3NTX E +1 2/3 + pass 1/3", nv).outcomes == ((Fraction(2, 3), -650), (Fraction(1, 3), 0))
    for bad, message in (("4S = 60%", "not an assigned score"), ("4S N = 60% + 4S N -1 30%", "add up to 1"),
                         ("4S N = + 4S N -1", "has its weight"), ("7NT S +1", "14 tricks"),
                         ("4S N = 60% 4S N -1 40%", "joined by"), ("", "not an assigned score"),
                         ("4S N = 1/0", "zero denominator"),
                         ("4S N = 1/2 + 4S N -1 1 / 00", "zero denominator")):  # fmt: skip
        with pytest.raises(TournamentError, match=message):
            parse_assigned(bad, nv)


def test_a_weighted_assigned_score_from_the_command_line(evening: Path) -> None:
    """L12C1(c): 60 % of 4S= and 40 % of 4S-1, each outcome matchpointed against the other tables' scores and
    combined with the weights (+420 ties +420 and beats -50: 3; -50 ties -50: 1; 0.6·3 + 0.4·1 = 2.2 of 4)."""
    _run("event", "result", str(evening), *BOARD_1, "--assigned", "4S N = 60% + 4S N -1 40%", "--reason",
         "misinformation (L21B)")  # fmt: skip
    points = _board_one(evening)
    assert points["2"] == pytest.approx((2.2, 1.8))
    assert points["1"] == pytest.approx((3.4, 0.6)) and points["3"] == pytest.approx((0.4, 3.6))
    saved = json.loads(evening.read_text(encoding="utf-8"))["results"][-1]
    assert (saved["assigned"], saved["reason"]) == ("4S N = 60% + 4S N -1 40%", "misinformation (L21B)")
    traveller = _run("event", "travellers", str(evening), "--board", "1")
    assert "+420 60% +" in traveller and "2.2" in traveller


def test_a_split_score_scores_each_side_by_its_own(evening: Path) -> None:
    """L12C1(b): NS get 4S= (+420), EW 4S-1 (+50 for them): NS 2 is compared with the other NS pairs, EW 6 with
    the other EW pairs (the two need not balance: 3 + 3 of a top of 4); the other tables meet the side of their
    own line (NS 1's +420 ties NS 2's; EW 4's -420 is below EW 6's +50)."""
    _run("event", "result", str(evening), *BOARD_1, "--assigned-ns", "4S N =", "--assigned-ew", "4S N -1",
         "--reason", "L12C1(b)")  # fmt: skip
    points = _board_one(evening)
    assert points == {"1": (3.0, 0.0), "3": (0.0, 3.0), "2": (3.0, 3.0)}
    fixed = _run("event", "result", str(evening), *BOARD_1, "--assigned", "4S N -1", "--reason", "ruling revised",
                 "--correct")  # fmt: skip
    assert "assigned NS 4S N = / EW 4S N -1 (L12C1(b)) replaced by assigned 4S N -1 (ruling revised)" in " ".join(
        fixed.split()
    )
    assert _board_one(evening)["2"] == (1.0, 3.0)  # one balancing score: -50 ties -50, below +420


def test_bad_assigned_scores_are_refused_and_change_nothing(evening: Path) -> None:
    saved = evening.read_text(encoding="utf-8")
    for args, message in (
        (["--assigned", "4S = 60% + 4S N -1 40%", "--reason", "r"], "not an assigned score"),
        (["--assigned", "4S N = 60% + 4S N -1 30%", "--reason", "r"], "add up to 1"),
        (["--assigned", "4S N ="], "reason"),
        (["--assigned-ns", "4S N =", "--reason", "r"], "--assigned-ns and --assigned-ew"),
        (["--assigned", "4S N =", "--assigned-ew", "4S N -1", "--reason", "r"], "split score"),
        (["--assigned", "4S N =", "--adjusted", "A60/40", "--reason", "r"], "one"),
        (["4S", "N", "-t", "10", "--assigned", "4S N =", "--reason", "r"], "one"),
        (["--assigned", " ", "--reason", "r"], "a result"),
        (["--assigned", "4S N = 1/0", "--reason", "r"], "zero denominator"),
    ):
        bad = runner.invoke(app, ["event", "result", str(evening), *BOARD_1, *args])
        assert bad.exit_code == 2 and message in bad.output, (args, bad.output)
        assert "Traceback" not in bad.output
        assert evening.read_text(encoding="utf-8") == saved


def test_assigned_scores_in_imp_forms_and_teams() -> None:
    """Butler (L78B): each side's assigned score against the datum, weighted (L12C1(c)); a split score's sides
    each by their own. A team match scores one assigned score (L86B1; tests/test_event_teams_adjusted.py), not a
    split one (its board is one comparison, L78B): refused, typed."""
    nv = Vulnerability.NONE
    results = [TableResult(1, ("1",), ("4",), contract=None, passed_out=True),
               TableResult(1, ("3",), ("5",), assigned=parse_assigned("4S N =", nv),
                           assigned_ew=parse_assigned("4S N -1", nv))]  # fmt: skip
    played = score_board(results[:1], nv, BUTLER_RUTER)
    split = score_board(results, nv, BUTLER_RUTER)[1]
    datum = played[0].datum
    assert datum == 0
    assert (split.ns, split.ew) == (compare.imps(420 - datum), -compare.imps(-50 - datum))
    teams = Event("League", "teams", "round-robin", 4, 1, 4, "1")
    with pytest.raises(TournamentError, match=r"split assigned score .* team match"):
        teams.enter(Entry(1, 1, 1, assigned="3NT N =", assigned_ew="3NT N -1", reason="r"))
