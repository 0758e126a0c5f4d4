"""The card-play robot as the robot seat of the terminal and the web table (issue #13 items 3–5): its effort,
its claims at the terminal (L68–L69), and the web table's robot."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge import Board, Deal, Seat
from contractbridge.cli import app
from contractbridge.errors import BridgeError
from contractbridge.robots import Effort, RobotPlayer
from contractbridge.robots.cardplay import EFFORTS, ROBOT_EFFORT_ENV
from contractbridge.server.robots import robot_player
from contractbridge.table import Phase, Table

pytest.importorskip("endplay")

runner = CliRunner()

#: North holds every top card: after trick 1, North (declarer at 7NT) claims the rest.
TOPS = Deal("N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432")


def _seven_nt_log(path: Path) -> None:
    table = Table(Board(1, TOPS))
    for call in ["7NT", "P", "P", "P"]:
        table.call(call)
    path.write_text(table.to_jsonl())


def test_effort_levels_and_text() -> None:
    assert Effort.parse("normal") == Effort() == EFFORTS["normal"]
    assert Effort.parse("LOW").time_limit is None  # reproducible: no clock in the decision
    custom = Effort.parse("40/1.5")
    assert (custom.samples, custom.time_limit) == (40, 1.5)
    assert Effort.parse("12").time_limit is None
    for bad in ("fast", "0", "10/0", "x/1"):
        with pytest.raises(BridgeError):
            Effort.parse(bad)


def test_effort_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ROBOT_EFFORT_ENV, "high")
    assert Effort.from_environment() == EFFORTS["high"]
    monkeypatch.delenv(ROBOT_EFFORT_ENV)
    assert Effort.from_environment() == EFFORTS["normal"]


def test_robot_declarer_claims_at_the_terminal_and_the_defender_is_asked(tmp_path: Path) -> None:
    """Item 4 at the terminal: the robot declarer claims when every sample agrees (L68A), the robot defender
    agrees by its own sampled test and the person defending is asked (L69A); the agreed claim ends the board."""
    log = tmp_path / "b.jsonl"
    _seven_nt_log(log)
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="ST\ny\n")
    assert result.exit_code == 0, result.output
    assert "N claims 12 of the remaining tricks" in result.output
    assert "W agrees" in result.output and "E: agree to the claim? [y/n]" in result.output
    table = Table.from_jsonl(log.read_text())
    assert table.phase is Phase.DONE and table.result is not None
    assert table.result.claimed and table.result.tricks == 13


def test_a_disputed_robot_claim_is_void_and_not_made_again_in_that_trick(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _seven_nt_log(log)
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="ST\nn\nquit\n")
    assert result.exit_code == 0, result.output
    assert "E disputes the claim" in result.output and "play continues by agreement (L68D2(b))" in result.output
    assert result.output.count("N claims") == 1
    table = Table.from_jsonl(log.read_text())
    assert table.claim_state is None and len(table.tricks) == 1


def test_play_refuses_an_unknown_robot_effort() -> None:
    result = runner.invoke(app, ["play", "--seed", "1", "--seat", "S", "--robot-effort", "fast"], input="quit\n")
    assert result.exit_code == 1 and "unknown robot effort 'fast'" in result.output


def test_the_web_table_robot_is_the_card_play_robot() -> None:
    """The web table's robot seat (``server.robots.robot_player``) bids and plays as the default robot and
    gives its calls' meanings (the table's alerts and explanations)."""
    player = robot_player("WBF2017")
    assert isinstance(player, RobotPlayer) and player.cards.effort == EFFORTS["low"]  # the suite's environment
    assert robot_player("WBF2017", Effort.parse("normal")).cards.effort == Effort()
    table = Table(Board(1, Deal.random(7)))
    players = {s: robot_player("WBF2017") for s in Seat}
    while table.phase is Phase.AUCTION:
        actor = table.actor
        assert actor is not None
        table.call(players[actor].call(table.view(actor)), actor)
    assert any(getattr(p, "last_meaning", None) is not None for p in players.values())
