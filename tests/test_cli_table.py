"""The ``deal``, ``replay`` and ``play`` commands."""

import os
import select
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge import Board, Deal, Seat
from contractbridge.cli import app
from contractbridge.table import Phase, Table

runner = CliRunner()
DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def test_deal_prints_the_four_hands_of_a_seeded_board() -> None:
    result = runner.invoke(app, ["deal", "--board", "7", "--seed", "3"])
    assert result.exit_code == 0
    assert Deal.random(3).to_pbn() in result.output
    assert "Dealer S" in result.output and "Vul All" in result.output


def test_replay_prints_the_final_state(tmp_path: Path) -> None:
    table = Table(Board(1, DEAL))
    for c in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(c)
    table.play("S4")
    log = tmp_path / "board.jsonl"
    log.write_text(table.to_jsonl())
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    assert "phase play" in result.output and "Turn: N" in result.output
    result = runner.invoke(app, ["replay", "--json", str(log)])
    assert '"contract": "1NT"' in result.output and '"declarer": "S"' in result.output


def test_replay_reports_the_first_bad_line_and_fails(tmp_path: Path) -> None:
    table = Table(Board(1, DEAL))
    log = tmp_path / "bad.jsonl"
    log.write_text(table.to_jsonl() + '{"event": "call", "seat": "N", "call": "1C"}\n{"event": "call", "call": "1C"}\n')
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1
    assert "line 3" in result.output and "insufficient" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2


def test_play_by_a_recorder_with_undo_errors_and_eof(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    keys = "1C\nundo\n1NT\n1C\nbogus\nP\n"
    result = runner.invoke(app, ["play", "--seed", "1", "--log", str(log)], input=keys)
    assert result.exit_code == 0, result.output
    assert "insufficient" in result.output and "not a call" in result.output
    table = Table.from_jsonl(log.read_text())
    assert str(table.auction) == "1NT P" and table.phase is Phase.AUCTION
    assert table.board.deal == Deal.random(1)


def test_play_resumes_a_log_and_claims(tmp_path: Path) -> None:
    table = Table(Board(1, DEAL))
    for c in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(c)
    start = tmp_path / "start.jsonl"
    start.write_text(table.to_jsonl())
    log = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["play", "--resume", str(start), "--log", str(log)], input="S4\nclaim 5\nall ours\ny\n")
    assert result.exit_code == 0, result.output
    pending = Table.from_jsonl(log.read_text())  # EOF before west agreed: the log holds the claim so far
    assert pending.claim_state is not None and pending.claim_state.agreed_by == {Seat.EAST}
    again = runner.invoke(app, ["play", "--resume", str(start), "--log", str(log)], input="quit\n")
    assert again.exit_code == 1 and "exists: continue it with --resume" in again.output
    result = runner.invoke(app, ["play", "--resume", str(log)], input="y\n")  # appends to the file it resumed
    final = Table.from_jsonl(log.read_text())
    assert final.phase is Phase.DONE and final.result is not None and final.result.tricks == 5
    assert "1NT by S: 5 tricks (-2)" in result.output
    assert "Score: NS -100, EW +100" in result.output and "Par:" in result.output
    result2 = runner.invoke(app, ["play", "--resume", str(start)], input="quit\n")
    assert result2.exit_code == 0


def test_play_with_every_seat_random_finishes_the_board(tmp_path: Path) -> None:
    log = tmp_path / "robots.jsonl"
    result = runner.invoke(app, ["play", "--seed", "11", "--random-seats", "NESW", "--log", str(log)])
    assert result.exit_code == 0, result.output
    table = Table.from_jsonl(log.read_text())
    assert table.phase is Phase.DONE and table.result is not None
    assert "Result:" in result.output
    bad = runner.invoke(app, ["play", "--random-seats", "NQ"])
    assert bad.exit_code != 0
    bad = runner.invoke(app, ["play", "--edition", "ACBL"])
    assert bad.exit_code == 1 and "unknown edition" in bad.output


def test_play_at_a_terminal_exits_cleanly_on_eof(tmp_path: Path) -> None:
    """``make play`` runs ``contractbridge play`` with a terminal on stdin; Ctrl-D ends it with exit code 0."""
    pty = pytest.importorskip("pty")
    log = tmp_path / "tty.jsonl"
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child process
        code = "from contractbridge.cli import main; main()"
        os.execv(sys.executable, [sys.executable, "-c", code, "play", "--seed", "2", "--log", str(log)])
    output = b""

    def read_until(marker: bytes, timeout: float = 20.0) -> None:
        nonlocal output
        end = time.monotonic() + timeout
        while marker not in output and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    return

    read_until(b"N call")
    os.write(fd, b"1C\n")
    read_until(b"E call")
    os.write(fd, b"\x04")  # EOF
    read_until(b"Event log saved")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, output.decode(errors="replace")
    assert str(Table.from_jsonl(log.read_text()).auction) == "1C"
