"""The terminal table's face-down opening lead of a person (WBF17 L41A–C): made face down while another person at the
terminal may still ask before it is faced (``Driver.lead_face_down``), its card named to nobody else before it is
faced; ``director N`` calls the director about an explanation (L20F4, L20F5, L75) and ``withdraw`` asks for the
face-down lead's withdrawal after the director found the opponents' explanation mistaken since it (L47E2(a)), which
the director judges with ``rule -i`` as in the library."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from contractbridge.cards import Card, Seat
from contractbridge.cli import app
from contractbridge.deal import Board
from contractbridge.table import Table
from test_disclosure import CARDS, DEAL

runner = CliRunner()


def _one_nt(path: Path, *, irregular: bool = False) -> None:
    """1NT by South: West leads, East is his partner (he may ask, L41B), North the presumed dummy (he may not)."""
    t = Table(Board(1, DEAL), irregular=irregular)
    for call in ["P", "P", "1NT", "P", "P", "P"]:
        t.call(call)
    path.write_text(t.to_jsonl())


def _stayman(path: Path) -> None:
    """2H by North after Stayman (S's 2C, call 3, is Stayman on NS's card) at a director's table: East leads, West is
    his partner, South the presumed dummy."""
    t = Table(Board(1, DEAL), irregular=True, agreements=CARDS)
    for call in ["1NT", "P", "2C", "P", "2H", "P", "P", "P"]:
        t.call(call)
    path.write_text(t.to_jsonl())


def _events(path: Path, start: int) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()][start:]


def _play(log: Path, typed: list[str], *args: str) -> Result:
    result = runner.invoke(app, ["play", "--resume", str(log), *args], input="".join(f"{t}\n" for t in typed))
    assert result.exit_code == 0, result.output
    return result


def test_a_persons_lead_is_face_down_while_another_person_here_may_ask_then_faced_l41a_l41c(tmp_path: Path) -> None:
    """West and East at the terminal (random robots North and South): West's lead is face down, the robot declarer
    has no questions, East is asked; only then is it faced and dummy spread (L41C–D)."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = _play(log, ["S3", "", "quit"], "--random-seats", "NS")
    assert [(e["event"], e["seat"], e.get("card")) for e in _events(log, 7)[:4]] == [
        ("face_down_lead", "W", "S3"), ("no_questions", "S", None), ("no_questions", "E", None), ("play", "W", "S3"),
    ]  # fmt: skip
    out = result.output
    assert "W leads face down (L41A)" in out and "E: W has led face down; explain N, or Enter: no questions>" in out
    faced = out.index("W plays ♠3")
    assert "Your hand (E)" in out[faced:]  # East is shown the table with dummy spread before his card


@pytest.mark.parametrize(("seats", "down"), [("W", False), ("WN", False), ("WE", True), ("WS", True), ("WSE", True)])
def test_face_down_only_when_another_person_here_may_ask_l41b(tmp_path: Path, seats: str, down: bool) -> None:
    """The presumed dummy (North) may not ask (L41B): West's lead with North or nobody beside him is faced at once; with
    the presumed declarer or the leader's partner at the terminal it lies face down until each has no questions."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    _play(log, ["S3", "", "", "quit"], "--seat", seats)
    kinds = [e["event"] for e in _events(log, 7)]
    assert (kinds[0] == "face_down_lead") is down and ("play" in kinds)
    if down:
        asked = {e["seat"] for e in _events(log, 7) if e["event"] == "no_questions"}
        assert asked == {"S", "E"}


def _before_faced(output: str, leader: str = "W") -> str:
    """What the terminal showed between the leader's face-down lead and its facing (or the end)."""
    start = output.index(f"{leader} leads face down")
    end = output.find(f"{leader} plays ", start)
    return output[start : None if end < 0 else end]


def test_no_prompt_or_line_names_the_face_down_card_before_it_is_faced_l41a(tmp_path: Path) -> None:
    """Whatever card West leads face down, East, who asks a question and tries West's card at his prompt, is shown
    exactly the same screen until the lead is faced: nothing shown to him names it (L41A)."""
    shown = set()
    for lead in ["S3", "HA", "DQ", "C10"]:
        log = tmp_path / f"{lead}.jsonl"
        _one_nt(log)
        typed = [lead, "explain 3", "W:S3", "W:HA", "show", "help", "", "quit"]  # the robot North answers
        result = _play(log, typed, "--seat", "WE")
        before = _before_faced(result.output)
        card = Card.parse(lead)
        assert card.symbol not in before and "N answers: 1NT: " in before and "only his own card" in before
        shown.add(before)
        assert _events(log, 7)[0] == {"event": "face_down_lead", "seat": "W", "card": str(card), "at": [6, 0]}
    assert len(shown) == 1, "the screen before the lead is faced depends on the face-down card"


def test_director_n_at_a_table_without_a_director_is_refused_and_logs_nothing(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = _play(log, ["director 3", "director x", "N:director 3", "quit"], "--seat", "E", "--random-seats", "N")
    out = " ".join(result.output.split())
    assert "the director acts only at a table created with irregular=True" in out
    assert "write: director N (the explanation of call N was wrong)" in out
    assert "North is a robot's seat: a person here calls the director (L20F4, L20F5, L75)" in out
    assert not any(e["event"] == "misexplanation" for e in _events(log, 7))


def test_withdraw_is_refused_without_a_misexplanation_found_since_the_lead_l47e2a(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _one_nt(log, irregular=True)
    result = _play(log, ["S3", "withdraw", "", "quit"], "--seat", "WE")
    out = " ".join(result.output.split())
    assert "found no misexplanation by West's opponents since his lead" in out and "(L47E2(a))" in out
    assert [e["event"] for e in _events(log, 7)][:4] == ["face_down_lead", "no_questions", "no_questions", "play"]


def test_withdraw_of_a_robots_face_down_lead_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _one_nt(log, irregular=True)
    result = _play(log, ["withdraw", "", "quit"], "--seat", "E")  # the robot West leads face down for East
    assert "withdraw: W's lead is a robot's; a person here withdraws his own face-down lead (L41A, L47E2(a))" in (
        " ".join(result.output.split())
    )
    assert not any(e["event"] == "retract" for e in _events(log, 7))


def _rule(log: Path, ruled: Path, answers: str) -> None:
    result = runner.invoke(app, ["rule", str(log), "-i", "-o", str(ruled)], input=answers)
    assert result.exit_code == 0, result.output


def test_the_face_down_lead_withdrawn_after_a_corrected_misexplanation_at_the_terminal_l41a_l47e2a(
    tmp_path: Path,
) -> None:
    """Four people at a director's table. East leads ♠J face down; North has no questions; West asks about South's
    2C and North explains it "natural" (Stayman on their card); South calls the director about it (``S:director 3``):
    play stops; the director finds a mistaken explanation (``rule -i``). East asks to withdraw his lead (``withdraw``):
    play stops; the director judges he led because of it: the card goes back, East leads again face down and the
    questions start anew (L41A–B, L47E2(a)). The card is named in no line before it is faced."""
    log = tmp_path / "b.jsonl"
    _stayman(log)
    first = _play(log, ["SJ", "", "explain 3", "natural", "S:director 3"], "--seat", "NESW")
    said = " ".join(first.output.split())
    assert "S calls the director about the explanation of call 3 (L20F4, L20F5, L75)" in said
    assert "Play has stopped: the director is needed (South called the director about the explanation" in said
    ruled = tmp_path / "b-ruled.jsonl"  # how he rules, and play goes on
    assert f"The director: contractbridge rule {log} -i -o {ruled}; then contractbridge play --resume {ruled}" in (
        first.output
    )
    found = tmp_path / "found.jsonl"
    _rule(log, found, "y\n")  # a mistaken explanation (L75B1, L21B1(b))
    second = _play(found, ["withdraw"], "--seat", "NESW")
    said = " ".join(second.output.split())
    assert "E asks to withdraw his face-down opening lead (L41A, L47E2(a))" in said
    assert "East asks to withdraw his face-down opening lead after a misexplanation" in said
    assert "♠J" not in _before_faced(first.output, "E") and "♠J" not in second.output
    withdrawn = tmp_path / "withdrawn.jsonl"
    _rule(found, withdrawn, "y\n")  # he led because of it (L47E2(a))
    third = _play(withdrawn, ["H9", "", "", "quit"], "--seat", "NESW")
    tail = _events(withdrawn, -5)
    assert tail[0] == {"event": "judge", "question": "face_down_lead_withdrawal", "answer": True}
    assert [(e["event"], e["seat"]) for e in tail[1:]] == [
        ("face_down_lead", "E"), ("no_questions", "N"), ("no_questions", "W"), ("play", "E"),
    ]  # fmt: skip
    assert tail[-1]["card"] == "H9" and "E plays ♥9" in third.output
    table = Table.from_jsonl(withdrawn.read_text())
    assert Card.parse("SJ") in table.hand(Seat.EAST) and table.record is not None
    assert any("went back into his hand" in note for note in table.record.notes)


def test_quit_while_the_lead_lies_face_down_says_so_not_whose_turn_it_is(tmp_path: Path) -> None:
    """The state printed at a quit in the clarification period: the leader has led face down (no "Turn: W"), and
    East's prompt showed no "Legal:" line (nobody plays meanwhile, L41A–C)."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = _play(log, ["H6", "quit"], "--seat", "WE")
    after = result.output[result.output.index("W leads face down") :]
    assert result.output.rstrip().endswith("W has led face down (L41A)") and "Turn: W" not in after
    assert "Legal:" not in after and "♥6" not in after
