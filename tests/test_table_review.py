"""Issue #11 item 4: the end-of-board review at an irregular WBF17 table (L12C1, L64C; digest
``shared/spec/laws-wbf2017.md`` §5.4 L64C, §12.12 TV127/TV134, §12.15 TV149): an established revoke raises
REVIEW(64C); the director answers each flag with a ``review`` event (no damage, adjusted per side, weighted);
``board_review.final_score`` is ``review.settle``'s score with every step and its law; ``contractbridge rule``
shows the flags with the double-dummy evidence and walks the director through them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.errors import EventLogError, RulingError
from contractbridge.laws.wbf17 import board_review
from contractbridge.table import Table
from test_table_revoke_transfers import PLAY, log

Event = dict[str, Any]


def review(answer: str, **more: Any) -> Event:
    return {"event": "review", "law": "64C", "answer": answer, **more}


def test_an_established_revoke_raises_the_64c_review_l64c1() -> None:
    table = Table.from_events(log(PLAY))
    assert [f.law for f in board_review.flags(table)] == ["64C"]
    assert board_review.final_score(table) is None  # not settled yet
    evidence = board_review.equity_evidence(table)
    assert evidence.startswith("L64C1: Is the non-offending side insufficiently compensated")
    assert "Evidence, not a ruling: double dummy" in evidence
    assert not board_review.flags(Table.from_events(log(PLAY[:-1])))  # not before the board is done


def test_no_damage_the_transfer_stands_l64a_l12c1() -> None:
    table = Table.from_events([*log(PLAY), review("no_damage")])
    final = board_review.final_score(table)
    assert final is not None and (final.ns, final.ew) == (170, -170)
    assert [s.law for s in final.steps] == ["77", "64A1", "64C"]
    assert final.explain().splitlines()[0] == "L77: table result 2C by S, 10 tricks → NS +130, EW -130"
    again = Table.from_jsonl(table.to_jsonl())
    assert again.record is not None and table.record is not None
    assert again.record.to_dict() == table.record.to_dict() and board_review.final_score(again) == final


def test_tv149_an_adjusted_score_per_side_may_not_balance_l12c1b() -> None:
    table = Table.from_events([*log(PLAY), review("adjusted", ns=11, ew=12)])
    final = board_review.final_score(table)
    assert final is not None and (final.ns, final.ew) == (150, -170) and not final.balanced
    assert final.steps[-1].law == "64C, 12C1(b)"


def test_a_weighted_score_l12c1c() -> None:
    table = Table.from_events([*log(PLAY), review("weighted", weights=[[0.5, 12], [0.5, 13]])])
    final = board_review.final_score(table)
    assert final is not None and final.ns == pytest.approx((170 + 190) / 2) and final.ew == -final.ns


@pytest.mark.parametrize(
    "event",
    [
        review("adjusted"),
        review("adjusted", ns=14),
        review("weighted", weights=[[0.5, 12]]),
        review("maybe"),
        {"event": "review", "law": "27D", "answer": "no_damage"},
    ],
)
def test_a_bad_review_is_refused_and_changes_nothing(event: Event) -> None:
    table = Table.from_events(log(PLAY))
    before = table.to_events()
    with pytest.raises(RulingError):
        table.apply(event)
    assert table.to_events() == before and board_review.answers(table) == {}


def test_review_only_after_play_and_once() -> None:
    with pytest.raises(EventLogError):
        Table.from_events([*log(PLAY[:-1]), review("no_damage")])
    with pytest.raises(EventLogError):
        Table.from_events([*log(PLAY), review("no_damage"), review("no_damage")])


def test_contractbridge_rule_shows_and_walks_the_review(tmp_path: Path) -> None:
    path = tmp_path / "board.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log(PLAY)), encoding="utf-8")
    shown = CliRunner().invoke(app, ["rule", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "review after play: 64C (open)" in shown.output and "Evidence, not a ruling" in shown.output
    out = tmp_path / "ruled.jsonl"
    walked = CliRunner().invoke(app, ["rule", str(path), "-i", "-o", str(out)], input="adjusted\n11\n11\n")
    assert walked.exit_code == 0, walked.output
    assert "final score: NS +150, EW -150" in walked.output
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[-1]) == review("adjusted", ns=11, ew=11)
