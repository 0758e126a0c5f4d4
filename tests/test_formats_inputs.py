"""Bounded input (issue #18 items 4–5): every reader refuses a file over its documented limit and fails only with
a typed error that names the file, line and column; the CLI prints one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.errors import FormatError
from contractbridge.formats import inputs, lin, pbn

runner = CliRunner()


def _one_line_error(result: object) -> str:
    output = " ".join(getattr(result, "output", "").split())
    assert "Traceback" not in output
    exception = getattr(result, "exception", None)
    assert exception is None or isinstance(exception, SystemExit), exception
    return output


def test_read_bytes_refuses_a_file_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    path.write_bytes(b"x" * 101)
    assert inputs.read_bytes(path, 101) == b"x" * 101
    with pytest.raises(FormatError, match="larger than the limit of 100 bytes") as err:
        inputs.read_bytes(path, 100)
    assert err.value.file == str(path)
    with pytest.raises(FormatError, match="larger than the limit"):
        pbn.read_file(path, limit=100)
    with pytest.raises(FormatError, match="larger than the limit"):
        lin.read_file(path, limit=100)
    with pytest.raises(FormatError, match="cannot read"):
        inputs.read_bytes(tmp_path / "missing.pbn", 100)


@pytest.mark.parametrize(
    ("data", "message", "line", "column"),
    [
        (b'{"a":\n  [1, 2,\xff]}', "not UTF-8: byte 0xff", 2, 9),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply", 1, 1),
        (b'{"tricks": ' + b"9" * 5000 + b"}", "digits", 1, 1),
        (b'{"a": 1,\n "b": }', "Expecting value", 2, 7),
    ],
)
def test_read_json_fails_only_with_a_located_format_error(
    tmp_path: Path, data: bytes, message: str, line: int, column: int
) -> None:
    path = tmp_path / "sheet.json"
    path.write_bytes(data)
    with pytest.raises(FormatError, match=message) as err:
        inputs.read_json(path, 1 << 20)
    assert (err.value.file, err.value.line, err.value.column) == (str(path), line, column)


def test_rubber_load_of_a_huge_file_is_a_one_line_error(tmp_path: Path) -> None:
    """The MemoryError of issue #18: ``rubber --load`` read the whole file; now it stops at the limit."""
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(inputs.LIMITS["rubber"] + 1)
    result = runner.invoke(app, ["rubber", "--load", str(huge)], input="quit\n")
    assert result.exit_code != 0
    assert "larger than the limit of 4,194,304 bytes" in _one_line_error(result)
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"edition": "NBB30", "hands": 5}')
    result = runner.invoke(app, ["rubber", "--load", str(wrong)], input="quit\n")
    assert result.exit_code != 0 and "the hands of a rubber sheet are a JSON list" in _one_line_error(result)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 50_000 + "]" * 50_000)
    result = runner.invoke(app, ["rubber", "--load", str(nested)], input="quit\n")
    assert result.exit_code != 0 and "nested too deeply" in _one_line_error(result)


def test_matchpoint_csv_with_bad_bytes_or_a_huge_field_is_reported(tmp_path: Path) -> None:
    latin = tmp_path / "latin.csv"
    latin.write_bytes("1,Müller,11,450\n".encode("latin-1"))
    result = runner.invoke(app, ["matchpoint", str(latin)])
    assert result.exit_code == 2 and "latin.csv:1:4: not UTF-8" in _one_line_error(result)
    wide = tmp_path / "wide.csv"
    wide.write_text('1,"' + "x" * 200_000 + '",11,450\n2,1,12,420\n')
    result = runner.invoke(app, ["matchpoint", str(wide)])
    assert result.exit_code == 2 and "wide.csv:1: a field is longer than 131,072 characters" in _one_line_error(result)


@pytest.mark.parametrize(
    ("description", "message"),
    [
        ({"2C": {"suits": 5}}, "'2C': suits is a list of letters"),
        ({"2C": {"suits": [None]}}, "'2C': suits is a list of letters"),
        ({"2C": {"artificial": "yes"}}, "'2C': artificial is true or false"),
        ([1, 2], "a JSON object of auction keys expected"),
        ({"2C": 3}, "'2C': expected an object"),
    ],
)
def test_system_descriptions_are_shape_checked(tmp_path: Path, description: object, message: str) -> None:
    path = tmp_path / "system.json"
    path.write_text(json.dumps(description), encoding="utf-8")
    with pytest.raises(FormatError, match=message):
        inputs.read_system(path)
