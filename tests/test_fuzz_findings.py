"""Regression tests for what the 20,000-input fuzz campaigns found (issue #18 item 5; tests/fuzz_formats.py,
tests/fuzz_eventlog.py): each reproducer, shrunk to a few bytes, now gives the project's typed error with its
line, never a plain ``ValueError``, ``TypeError``, ``RecursionError`` or ``UnicodeDecodeError``."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from contractbridge import Table
from contractbridge.cards import Seat
from contractbridge.commands.director import read_log, replay_log
from contractbridge.errors import EventLogError, FormatError
from contractbridge.eventlog import EventLogWarning
from contractbridge.formats import files
from contractbridge.formats import json as fjson
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import RubberSession

LOGS = Path(__file__).parent / "logs"
BOARD = (
    b'{"event": "board", "number": 1, "deal": '
    b'"N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "dealer": "N"}\n'
)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"[" * 20_000, "nested too deeply"),  # was RecursionError
        (b'{"event": "call", "seat": "N", "call": ' + b"9" * 6000 + b"}", "digits"),  # was ValueError
        (b'{"event": "call", "seat": "N", "call": [', "not JSON"),
    ],
)
def test_event_log_records_refuse_a_bad_line_with_its_number(line: bytes, message: str, tmp_path: Path) -> None:
    text = (BOARD + line + b"\n").decode("utf-8")
    with pytest.raises(FormatError, match=message) as caught:
        fjson.loads_records(text)
    assert caught.value.line == 2 and caught.value.column is not None
    path = tmp_path / "board.jsonl"  # `contractbridge check --replay`, the same reader
    path.write_text(text, encoding="utf-8")
    [problem] = files.check(path, replay=True)
    assert (problem.file, problem.line) == (str(path), 2)


def test_event_log_records_file_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_bytes(BOARD * 10)
    with pytest.raises(FormatError, match="larger than the limit of 100 bytes"):
        fjson.read_file(path, limit=100)
    assert len(fjson.read_file(path)) == 10


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (BOARD + b'{"event": "call", "seat": "N", "call": "1\xf5"}\n', 2),  # was UnicodeDecodeError
        (BOARD + b"[" * 20_000 + b"\n", 2),  # was RecursionError
        (BOARD + b'{"event": "pass", "n": ' + b"9" * 6000 + b"}\n", 2),  # was ValueError
        (BOARD + b'{"event": "call", "seat": 5, "call": "1C"}\n', 2),
    ],
)
def test_rule_reads_a_bad_log_with_a_typed_error_naming_the_line(data: bytes, line: int, tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    with pytest.raises(EventLogError) as caught:
        read_log(path)
    assert caught.value.number == line and str(caught.value).startswith(f"{path}")


def test_rule_log_is_bounded_and_recovers_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(BOARD + b'{"event": "call", "seat": "N", "ca')
    with pytest.warns(EventLogWarning, match="line 2: torn last line dropped"):
        assert len(read_log(path)) == 1
    with pytest.raises(EventLogError, match="larger than 100 bytes"):
        read_log(path, max_bytes=100)


@pytest.mark.parametrize("suits", [True, [5], "H", {"H": 1}])
def test_agreements_of_another_shape_in_a_board_event_are_a_typed_error(suits: object, tmp_path: Path) -> None:
    """Was a ``TypeError`` from ``PartnershipAgreements.from_dict`` (the board event's ``system``), through
    ``Table.from_jsonl`` and through ``contractbridge rule``."""
    first, *rest = (LOGS / "irregular_system.jsonl").read_text(encoding="utf-8").splitlines()
    board = json.loads(first)
    board["system"] = {"1C": {"artificial": True, "suits": suits}}
    text = "\n".join([json.dumps(board), *rest]) + "\n"
    with pytest.raises(EventLogError, match="suits is a list of suit letters") as caught:
        Table.from_jsonl(text)
    assert caught.value.number == 1
    path = tmp_path / "log.jsonl"
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings(), pytest.raises(EventLogError, match="suits is a list of suit letters"):
        warnings.simplefilter("error")
        replay_log(read_log(path))


@pytest.fixture(scope="module")
def rubber_log() -> str:
    session = RubberSession("NBB30", seed=5)
    session.play_rubber({s: BiddingRobot() for s in Seat})
    return session.to_jsonl()


@pytest.mark.parametrize(
    ("score", "message"),
    [
        ('"premiums": ["NS"]', "string indices"),  # was TypeError
        ('"premiums": [{"side": "NS", "points": "many", "law": ""}]', "invalid literal"),  # was ValueError
        ('"transfer": 1e999', "beyond a float"),  # was OverflowError
        ('"transfer": ' + "9" * 5000, "digits"),  # was ValueError
    ],
)
def test_a_rubber_game_log_with_a_bad_score_event_is_a_typed_error(rubber_log: str, score: str, message: str) -> None:
    lines = rubber_log.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('{"event": "score"'))
    lines[at] = '{"event": "score", ' + score + "}"
    with pytest.raises(EventLogError, match=message) as caught:
        RubberSession.from_jsonl("\n".join(lines) + "\n")
    assert caught.value.number == at + 1


def test_a_rubber_game_log_scoring_an_unfinished_hand_is_a_typed_error(rubber_log: str) -> None:
    """Was an ``AssertionError`` (``score`` after the board event, the hand not played)."""
    lines = rubber_log.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('{"event": "score"'))
    assert lines[1].startswith('{"event": "board"')
    with pytest.raises(EventLogError, match="a score event before the hand is finished") as caught:
        RubberSession.from_jsonl("\n".join([*lines[:2], *lines[at:]]) + "\n")
    assert caught.value.number == 3
