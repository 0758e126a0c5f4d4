"""Issue #11 at the terminal: a table with a director (a log whose board event says ``"irregular": true``, resumed
with ``play --resume``) takes a card from a named hand out of turn (``E:HK``), stops for the director with the
ruling named, and ``rule -i`` rules it through the table (L54D, then declarer's L50D2 options); play then goes
on and a revoke stands, transferred at the end (L64A)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.deal import Board
from contractbridge.table import Table
from play_helpers import DEAL

REST = "D2 D7 CQ D9 C6 C2 CK CJ CA HK C7 C3 DK D8 DT D3 DA DJ C8 D4 H2 H8 H4 C4 DQ C9 D5 H3 H9 H5 C5 HQ HA HT H6 D6"
END = "S4 S8 S6 S2 HJ H7 S3 S5 S9 S7 SJ SK SA ST CT SQ"


def test_a_board_with_a_lead_out_of_turn_and_a_revoke_at_the_terminal_and_rule_i(tmp_path: Path) -> None:
    log = tmp_path / "board.jsonl"
    log.write_text(Table(Board(1, DEAL), irregular=True).to_jsonl(), encoding="utf-8")
    runner = CliRunner()
    stopped = runner.invoke(app, ["play", "--resume", str(log)], input="P\nP\n1NT\nP\nP\nP\nE:HK\n")
    assert stopped.exit_code == 0, stopped.output
    assert "E plays ♥K" in stopped.output
    said = " ".join(stopped.output.split())  # the console wraps long lines
    assert "director is needed (East faced the opening lead HK out of turn: L54, L81; rule -i LOG)" in said
    ruled = tmp_path / "ruled.jsonl"
    answer = runner.invoke(
        app, ["rule", str(log), "-i", "--json", "-o", str(ruled)], input="withdraw\nno_restriction\n"
    )
    assert answer.exit_code == 0, answer.output
    state = json.loads(answer.output[answer.output.index("{\n") :])
    assert [(p["seat"], p["card"], p["kind"]) for p in state["penalty_cards"]] == [("E", "HK", "major")]
    assert [r["law"] for r in state["rulings"]] == ["54D, 50D", "50D2(b)"]
    cards = "\n".join((REST + " " + END).split()) + "\n"  # E discards ♣Q on the diamond lead: a revoke
    done = runner.invoke(app, ["play", "--resume", str(ruled)], input=cards)
    assert done.exit_code == 0, done.output
    assert "Result: 1NT by S: 10 tricks (+3)" in " ".join(done.output.split())  # nine at the table, one moved
    printed = " ".join(runner.invoke(app, ["rule", str(ruled)]).output.split())
    assert "L64A2: 1 trick to NS, trick 6" in printed and "score NS +180" in printed
    table = Table.from_jsonl(ruled.read_text(encoding="utf-8"))
    assert [i.kind for i in table.irregularities][-1] == "revoke"
