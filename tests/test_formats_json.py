"""JSON lines event logs (docs/architecture.md §5) and the board-record schema (docs/formats.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contractbridge import FormatError
from contractbridge.formats import json as fjson
from contractbridge.formats import lin, pbn
from contractbridge.table import Table
from shared_data import CORPUS, corpus_files

FILES = corpus_files("lin/*") + [
    CORPUS / "pbn" / n
    for n in (
        "endplay_tests_example2.pbn",
        "ben_bbohelper_daylong_2024-06-02.pbn",
        "pbntools_jfrpary_wb120802.pbn",
        "bridgebots_sample_bfc_commentary.pbn",
        "pbnref_correct_10.pbn",
    )
]


def _records(path: Path) -> list[fjson.Record]:
    if path.suffix.lower() == ".lin":
        return list(lin.read_file(path).records())
    out = []
    for game in pbn.read_file(path).games:
        try:
            if game.deal is not None:
                out.append(game.to_record())
        except FormatError:  # e.g. a game with neither dealer nor board number
            continue
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_records_round_trip_through_event_logs(corpus: Path, path: Path) -> None:
    records = _records(path)
    text = fjson.dumps_records(records)
    back = fjson.loads_records(text)
    assert fjson.dumps_records(back) == text
    for a, b in zip(records, back, strict=True):
        assert (a.deal, a.dealer, a.vulnerability, a.players, a.calls, a.plays) == (
            b.deal,
            b.dealer,
            b.vulnerability,
            b.players,
            b.calls,
            b.plays,
        )
        assert a.tricks() == b.tricks()
        assert fjson.record_from_dict(fjson.record_to_dict(a)) == a


def test_event_log_is_the_tables(corpus: Path) -> None:
    """Our event lines are the ones Table writes: a replayed table writes back the same log."""
    record = next(lin.read_file(corpus / "lin" / "lin2pbn_test.lin").records())
    logs = fjson.loads_logs(fjson.dumps_records([record]))
    table = Table.from_events(logs[0])
    assert fjson.dumps_logs([table.to_events()]) == fjson.dumps_logs(logs)


def test_errors_name_line_and_column() -> None:
    deal = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"
    board = f'{{"event": "board", "number": 1, "deal": "{deal}"}}'
    with pytest.raises(FormatError) as bad_json:
        fjson.loads_logs(f'{board}\n\n{{"event": "call", "call": 1S}}\n', file="x.jsonl")
    assert (bad_json.value.file, bad_json.value.line, bad_json.value.column) == ("x.jsonl", 3, 28)
    with pytest.raises(FormatError, match="first event must be"):
        fjson.loads_logs('{"event": "call", "call": "1S"}\n')
    with pytest.raises(FormatError) as bad_call:
        fjson.loads_records(f'{board}\n{board}\n{{"event": "call", "call": "8S"}}\n', file="y.jsonl")
    assert bad_call.value.line == 2 and "8S" in str(bad_call.value)
    with pytest.raises(FormatError, match="record field 'dealer'"):
        fjson.record_from_dict(
            {"deal": "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987", "dealer": "Q"}
        )
