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
    typed = "S4\n\n\nclaim 5\nall ours\ny\n"  # West leads face down: South and East here have no questions (L41A-B)
    result = runner.invoke(app, ["play", "--resume", str(start), "--log", str(log)], input=typed)
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


def _one_nt_log(path: Path) -> Table:
    table = Table(Board(1, DEAL))
    for c in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(c)
    path.write_text(table.to_jsonl())
    return table


def test_resume_recovers_a_torn_last_line_and_refuses_a_corrupt_middle_line(tmp_path: Path) -> None:
    """#18 item 2: the torn last line is dropped with a warning naming it; a bad earlier line is refused."""
    log = tmp_path / "b.jsonl"
    table = _one_nt_log(log)
    log.write_text(table.to_jsonl() + '{"event": "play", "seat": "W", "ca')
    result = runner.invoke(app, ["play", "--resume", str(log)], input="S4\nquit\n")
    assert result.exit_code == 0, result.output
    assert "line 8: torn last line dropped" in result.output
    assert Table.from_jsonl(log.read_text()).tricks == [] and "S4" in log.read_text()
    lines = table.to_jsonl().splitlines(keepends=True)
    log.write_text("".join(lines[:3]) + '{"event": "call", "se\n' + "".join(lines[3:]))
    result = runner.invoke(app, ["play", "--resume", str(log)], input="quit\n")
    assert result.exit_code == 1 and "line 4: not JSON" in result.output
    huge = tmp_path / "huge.jsonl"
    huge.write_text(table.to_jsonl() + " " * 5000)
    result = runner.invoke(app, ["replay", str(huge), "--max-log-bytes", "2000"])
    assert result.exit_code == 2 and "larger than 2000 bytes" in result.output


def test_item7_papercuts(tmp_path: Path) -> None:
    """#17 item 7: claim in the auction refused at once; an empty line lists the legal choices; undo at the start
    says so; a missing --resume file is one clear line."""
    keys = "claim 3\n\nundo\nquit\n"
    result = runner.invoke(app, ["play", "--seed", "4", "--seat", "S"], input=keys)
    assert result.exit_code == 0, result.output
    assert "claims are made during the play (L68)" in result.output and "statement" not in result.output
    assert "Legal: P, or a bid from" in result.output
    assert "nothing to undo: you have not called or played yet" in result.output
    missing = runner.invoke(app, ["play", "--resume", str(tmp_path / "missing.jsonl")])
    assert missing.exit_code == 1 and "No such file or directory" in missing.output and "Errno" not in missing.output


def test_robots_decide_a_claim_by_double_dummy(tmp_path: Path) -> None:
    """#17 item 6: the robots answer a claim themselves; a disputed claim at a strict table is void and play
    continues (L68D2(b)); an agreed one ends the board."""
    pytest.importorskip("endplay")
    log = tmp_path / "b.jsonl"
    _one_nt_log(log)  # 1NT by South; West leads; N, E, W are robots
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="claim 13\nall mine\nquit\n")
    assert "E disputes the claim" in result.output and "play continues by agreement (L68D2(b))" in result.output
    assert "[y/n]" not in result.output
    assert Table.from_jsonl(log.read_text()).claim_state is None
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="claim 0\nyou take the rest\n")
    assert result.exit_code == 0, result.output
    final = Table.from_jsonl(log.read_text())
    assert final.result is not None and final.result.claimed and final.result.tricks == 0


@pytest.mark.usefixtures("quick_robots")  # the running total, not the play
def test_a_match_of_boards_keeps_a_running_total(tmp_path: Path) -> None:
    """#13 item 7: N boards, the contract and result of each, IMPs against double-dummy par, a running total;
    one log a board."""
    pytest.importorskip("endplay")
    log = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", "--boards", "2", "--robot-seats", "NESW", "--seed", "3", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert result.output.count("running total") == 2 and "Result:" in result.output
    assert Table.from_jsonl((tmp_path / "m-1.jsonl").read_text()).phase is Phase.DONE
    assert Table.from_jsonl((tmp_path / "m-2.jsonl").read_text()).board.number == 2


def test_replay_of_a_multi_board_file_points_to_convert(tmp_path: Path) -> None:
    log = tmp_path / "two.jsonl"
    log.write_text(Table(Board(1, DEAL)).to_jsonl() + Table(Board(2, DEAL)).to_jsonl())
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1 and "holds 2 boards" in result.output and "x-<board>.jsonl" in result.output


def test_undo_against_robots_refused_once_they_replied_unless_practice(tmp_path: Path) -> None:
    """#26: the robots refuse to take back a call they have replied to; a practice table (``--practice``: one
    person against robots, nothing at stake) grants it, and the log is cut back to before the call."""
    pytest.importorskip("endplay")
    deal = Deal.random(7)  # board 1: North deals; South calls after the robots of North and East
    log = tmp_path / "strict.jsonl"
    result = runner.invoke(app, ["play", "--seed", "7", "--seat", "S", "--log", str(log)], input="P\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "the robots refuse" in result.output and "play --practice" in result.output
    strict = Table.from_jsonl(log.read_text())
    assert strict.board.deal == deal and len(strict.auction) >= 4  # S's pass and W's reply stand
    log = tmp_path / "practice.jsonl"
    keys = "P\nundo\nquit\n"
    result = runner.invoke(app, ["play", "--seed", "7", "--seat", "S", "--practice", "--log", str(log)], input=keys)
    assert result.exit_code == 0, result.output
    assert "Taken back:" in result.output and "refuse" not in result.output
    practice = Table.from_jsonl(log.read_text())
    assert len(practice.auction) == 2 and practice.turn == Seat.SOUTH  # N and E called; S's turn again
