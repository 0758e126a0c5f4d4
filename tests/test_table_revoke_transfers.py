"""Issue #11 wiring: the automatic trick transfers of L64A at the end of play of an irregular table, in
``Table.result`` and printed by ``contractbridge rule`` (digest ``shared/spec/laws-wbf2017.md`` §7.4, L61–L64;
the transfer function itself is property-tested in ``test_play_revokes``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Seat
from contractbridge.cli import app
from contractbridge.deal import Board, Deal
from contractbridge.errors import RevokeError
from contractbridge.table import IrregularityKind, Table

DEAL = Deal("N:AK54.AKQ2.AK7.AK T98.JT987.QJ8.QJ 76.6543.T9.T9876 QJ32..65432.5432")
# 2♣ by S. Trick 3: dummy leads ♦7 and W, holding diamonds, ruffs with ♣5 and wins it (a revoke, L61A).
TRICKS = (
    "C2 CK CJ C6",
    "CA CQ C7 C3",
    "D7 D8 D9 C5",
    "C4 DK DJ C8",
    "C9 D2 DA DQ",
    "CT D3 H2 H7",
    "DT D4 HQ H8",
    "H3 D5 HK H9",
    "HA HT H4 D6",
    "S4 S8 S6 S2",
    "HJ H5 S3 S5",
    "S9 S7 SJ SK",
    "SA ST H6 SQ",
)
PLAY = [card for trick in TRICKS for card in trick.split()]
Event = dict[str, Any]


def log(play: list[str]) -> list[Event]:
    calls = [
        {"event": "call", "seat": s, "call": c} for s, c in zip("NESWNE", ["P", "P", "2C", "P", "P", "P"], strict=True)
    ]
    cards = [{"event": "play", "card": c} for c in play]
    return [Table(Board(1, DEAL), irregular=True).to_events()[0], *calls, *cards]


def test_an_established_revoke_transfers_two_tricks_l64a1() -> None:
    table = Table.from_events(log(PLAY))
    (revoke,) = table.irregularities
    assert (revoke.kind, revoke.seat, revoke.trick) == (IrregularityKind.REVOKE, Seat.WEST, 3)
    assert table.tricks[2].winner == Seat.WEST and table.play_state is not None
    assert table.play_state.declarer_tricks == 10
    result = table.result
    assert result is not None
    # the revoke trick, won by the revoker, and the next trick his side won (trick 10, East)
    assert result.adjustments == ("L64A1: 2 tricks to NS, trick 3 and trick 10",)
    assert result.tricks == 12 and str(result) == "2C by S: 12 tricks (+4)"
    assert result.to_dict()["adjustments"] == ["L64A1: 2 tricks to NS, trick 3 and trick 10"]


def test_no_transfer_before_the_board_is_done_nor_without_a_revoke() -> None:
    assert Table.from_events(log(PLAY[:-1])).result is None
    honest = [*PLAY[:8], "D7", "D8", "D9", "D2"]  # W follows: no revoke
    table = Table.from_events(log(honest))
    assert table.irregularities == [] and table.result is None


def test_a_strict_table_refuses_the_revoke() -> None:
    strict = log(PLAY[:11])
    strict[0] = {**strict[0], "irregular": False}
    table = Table.from_events(strict)
    before = table.to_events()
    with pytest.raises(RevokeError):
        table.play("C5")
    assert table.to_events() == before and table.turn == Seat.WEST


def test_contractbridge_rule_prints_the_transfer_with_its_law(tmp_path: Path) -> None:
    path = tmp_path / "board.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log(PLAY)), encoding="utf-8")
    result = CliRunner().invoke(app, ["rule", str(path)])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output[: result.output.index("\n}\n") + 2])
    assert "L64A1: 2 tricks to NS, trick 3 and trick 10" in state["notes"]
    assert "result: 2C by S: 12 tricks (+4), score NS +170, EW -170" in result.output


def test_a_revoke_by_dummy_transfers_nothing_l64b3() -> None:
    dummy_revoke = "C2 H2 CJ C6  CQ C7 C3 CK  CA D8 C8 C4  D7 DJ D9 D2  DQ DT D3 DK  DA H7 C9 D4  CT C5 HQ H8"
    rest = "  H3 D5 HK H9  HA HT H4 D6  S4 S8 S6 S2  HJ H5 S3 S5  S9 S7 SJ SK  SA ST H6 SQ"
    table = Table.from_events(log((dummy_revoke + rest).split()))
    (revoke,) = table.irregularities
    assert (revoke.seat, revoke.trick) == (Seat.NORTH, 1)
    result = table.result
    assert result is not None and table.play_state is not None
    assert result.adjustments == ("L64B3: no automatic transfer for north's revoke",)
    assert result.tricks == table.play_state.declarer_tricks == 9
