"""Issue #25: the last WBF 2017 digest vectors replayed at a ``Table(irregular=True)`` through the event log and
``contractbridge rule --json`` (``shared/spec/laws-wbf2017.md`` §12): a defective trick (L67, TV136), an agreed
claim or concession reconsidered (L69B, L71; TV140, TV141), the correction and appeal periods (L79C, L92; TV143,
TV144), a missing card found (L14B, TV146), a director's error (L82C, TV48), and the smaller play-period gaps
(L62C3, L43B2(a), L45D–F)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.table import Table

Event = dict[str, Any]

# a deal for the rubber-bridge redeal below (S opens out of turn, EST-L13)
DEAL = "N:AK54.AKQ2.AK7.AK T98.JT987.QJ8.QJ 76.6543.T9.T9876 QJ32..65432.5432"


def rule_json(log: list[Event], tmp_path: Path) -> dict[str, Any]:
    """``contractbridge rule LOG --json`` on the events ``log``."""
    path = tmp_path / "board.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log), encoding="utf-8")
    out = CliRunner().invoke(app, ["rule", str(path), "--json"])
    assert out.exit_code == 0, out.output
    state: dict[str, Any] = json.loads(out.output)
    return state


def table_log(table: Table) -> list[Event]:
    return table.to_events()


def test_a_new_deal_board_has_a_result_naming_its_law_in_rule_json_est_l13(tmp_path: Path) -> None:
    """S opens out of turn and W demands a new deal (EST-L13): the board is over with no contract; ``rule --json``
    keeps the phase ``new_deal`` and gives the result as the data says (no contract, not passed out, the law)."""
    log = [
        {"event": "board", "number": 1, "deal": DEAL, "edition": "EST30"},
        {"event": "call", "seat": "S", "call": "1S"},
        {"event": "choose", "seat": "W", "option": "new_deal"},
    ]
    state = rule_json(log, tmp_path)
    assert state["phase"] == "new_deal" and state["new_deal"] == {"law": "EST-L13", "dealer": "N"}
    result = state["result"]
    assert result["new_deal"] == "EST-L13" and result["passed_out"] is False
    assert (result["contract"], result["declarer"], result["tricks"], result["score_ns"]) == (None, None, None, 0)
    passed = [{"event": "board", "number": 1, "deal": DEAL, "edition": "WBF17", "irregular": True}]
    passed += [{"event": "call", "seat": s, "call": "P"} for s in "NESW"]
    out = rule_json(passed, tmp_path)
    assert out["phase"] == "done" and out["result"]["passed_out"] is True and "new_deal" not in out["result"]
