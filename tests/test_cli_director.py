"""``contractbridge rule LOG.jsonl`` (docs/architecture.md §5): state and pending ruling as JSON and in words."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from contractbridge.cli import app

DEAL = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"


def write(tmp_path: Path, *events: dict[str, object]) -> Path:
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def calls(*pairs: str) -> list[dict[str, object]]:
    return [{"event": "call", "seat": p[0], "call": p[1:]} for p in pairs]


def test_rule_prints_json_and_explanation_tv60(tmp_path: Path) -> None:
    log = write(tmp_path, {"event": "board", "number": 1, "deal": DEAL, "irregular": True}, *calls("N1S", "E1H"))
    result = CliRunner().invoke(app, ["rule", str(log)])
    assert result.exit_code == 0, result.output
    text = result.output
    state = json.loads(text[: text.index("\n}\n") + 2])
    ruling = state["ruling"]
    assert ruling["irregularity"] == "insufficient_bid" and ruling["law"] == "27" and ruling["chooser"] == "S"
    assert [(o["id"], o["law"]) for o in ruling["options"]] == [("accept", "27A1"), ("reject", "27B")]
    assert "South may accept it (27A1" in text and "(27A1)" in text


def test_rule_without_a_deal_and_obligations_tv62(tmp_path: Path) -> None:
    log = write(
        tmp_path,
        {"event": "board", "number": 1},
        *calls("N1S", "E1H"),
        {"event": "choose", "seat": "S", "option": "reject"},
        *calls("EP"),
        {"event": "judge", "question": "comparable", "answer": False},
    )
    result = CliRunner().invoke(app, ["rule", str(log), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)
    assert state["obligations"] == {"W": "pass_rest"} and state["ruling"] is None
    assert state["review"] == ["REVIEW(72C)", "REVIEW(16C)"]


def test_rule_interactive_walks_through_the_choices(tmp_path: Path) -> None:
    log = write(tmp_path, {"event": "board", "number": 1, "deal": DEAL}, *calls("N1S", "E1H"))
    out = tmp_path / "ruled.jsonl"
    result = CliRunner().invoke(app, ["rule", str(log), "-i", "--json", "-o", str(out)], input="reject\n")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in out.read_text().splitlines()]
    assert events[-1] == {"event": "choose", "seat": "S", "option": "reject"}


def test_rule_never_replaces_a_file(tmp_path: Path) -> None:
    """``rule -o`` names a new file: an existing one is refused before the walk and kept as it was."""
    log = write(tmp_path, {"event": "board", "number": 1, "deal": DEAL}, *calls("N1S", "E1H"))
    out = tmp_path / "mine.jsonl"
    out.write_text("my own notes\n")
    result = CliRunner().invoke(app, ["rule", str(log), "-i", "-o", str(out)], input="reject\n")
    assert result.exit_code == 2 and "exists" in result.output
    assert out.read_text() == "my own notes\n"


def test_rule_interactive_judgement(tmp_path: Path) -> None:
    log = write(tmp_path, {"event": "board", "number": 1}, *calls("N1S", "E1H"),
                {"event": "choose", "seat": "S", "option": "reject"}, *calls("EP"))  # fmt: skip
    result = CliRunner().invoke(app, ["rule", str(log), "-i", "--json"], input="n\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output[result.output.index("{") :])["obligations"] == {"W": "pass_rest"}


def test_rule_bad_log_is_a_clear_error(tmp_path: Path) -> None:
    log = write(tmp_path, {"event": "board", "number": 1}, *calls("N1S"), {"event": "judge", "question": "x"})
    result = CliRunner().invoke(app, ["rule", str(log)])
    assert result.exit_code == 2 and "log.jsonl:3: judge" in result.output  # the line of the bad event
    log = write(tmp_path, {"event": "board", "number": 1}, *calls("N1S", "E1H"))
    result = CliRunner().invoke(app, ["rule", str(log), "--edition", "NBB30"])  # the players' own penalty
    assert result.exit_code == 0 and "NBB R40(1)" in result.output


def test_rule_with_a_system_description(tmp_path: Path) -> None:
    log = write(tmp_path, {"event": "board", "number": 1, "deal": DEAL}, *calls("E2C"))
    system = tmp_path / "system.json"
    system.write_text(json.dumps({"2C": {"artificial": True, "suits": []}}), encoding="utf-8")
    result = CliRunner().invoke(app, ["rule", str(log), "--json", "--system", str(system)])
    assert result.exit_code == 0, result.output
    assert any("L29C" in n for n in json.loads(result.output)["ruling"]["notes"])


def test_rule_by_a_historic_edition_nl36_25_2(tmp_path: Path) -> None:
    """Issue #12 item 5: ``rule LOG --edition NL36`` rules a logged board by that edition (laws-historic.md
    TV62: a defender's bid after the auction, NL36 25.2), where the log's own edition (WBF17) rules otherwise."""
    log = write(tmp_path, {"event": "board", "number": 1, "deal": DEAL}, *calls("N1S", "EP", "SP", "WP", "E2H"))
    state = json.loads(CliRunner().invoke(app, ["rule", str(log), "--edition", "NL36", "--json"]).output)
    assert state["edition"] == "NL36" and state["ruling"]["law"] == "NL36 25.2" and state["ruling"]["chooser"] == "N"
    wbf = json.loads(CliRunner().invoke(app, ["rule", str(log), "--json"]).output)
    assert wbf["edition"] == "WBF17" and wbf["ruling"]["law"] != "NL36 25.2"
    bad = CliRunner().invoke(app, ["rule", str(log), "--edition", "NL99"])
    assert bad.exit_code == 2 and "unknown edition 'NL99'" in bad.output


def test_rule_replays_the_players_events_and_a_new_deal_nbb_r40_r39(tmp_path: Path) -> None:
    """The players' own events go to the record (``attention``: NBB R40(1), laws-historic.md TV50), with or
    without a deal in the log; a demanded new deal (TV53, NBB R39(1)) shows as the board's end."""
    attention = write(
        tmp_path, {"event": "board", "number": 1}, *calls("N1H", "E1D"), {"event": "attention", "seat": "S"}
    )
    for args in (["--edition", "NL36"], ["--edition", "NBB30"]):
        state = json.loads(CliRunner().invoke(app, ["rule", str(attention), "--json", *args]).output)
        assert state["obligations"] == {"W": "pass_next"} and state["obligation_laws"] == {"W": "NBB R40(1)"}
        assert state["turn"] == "E" and not any("replay stopped" in n for n in state["notes"])
    redeal = write(
        tmp_path,
        {"event": "board", "number": 1, "deal": DEAL, "edition": "EST30"},
        *calls("S1S"),
        {"event": "choose", "seat": "W", "option": "new_deal"},
    )
    result = CliRunner().invoke(app, ["rule", str(redeal)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output[: result.output.index("\n}\n") + 2])
    assert state["phase"] == "new_deal" and state["new_deal"] == {"law": "EST-L13", "dealer": "N"}
    assert state["turn"] is None and state["legal_calls"] == []
