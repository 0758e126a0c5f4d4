"""Formats behind one interface (#22 item 4): every format registers itself (suffixes, sniffing, limit) and
offers load/loads/dump/dumps of the neutral ``Record``; the formats import values and records only, never the
table or the laws (checked from the source, imports inside functions included)."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest

import contractbridge
from contractbridge.calls import PASS
from contractbridge.cards import Seat
from contractbridge.deal import Deal, Vulnerability
from contractbridge.errors import FormatError
from contractbridge.formats import files, registry
from contractbridge.formats.inputs import LIMITS
from contractbridge.formats.record import Record, RecordCall

FORMATS_DIR = Path(contractbridge.__file__).parent / "formats"
#: What the formats may not import: the table and the laws, and every layer above them.
ABOVE = (
    "table",
    "laws",
    "director",
    "claims",
    "players",
    "robots",
    "rubbergame",
    "server",
    "commands",
    "tablemanager",
    "store",
    "simulate",
    "eventlog",
    "replay",
    "cli",
    "systems",
)


def _imports(path: Path) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
    return out


def test_formats_import_values_and_records_only() -> None:
    bad = [
        f"{path.name}:{line}: {module}"
        for path in sorted(FORMATS_DIR.glob("*.py"))
        for line, module in _imports(path)
        if any(module == f"contractbridge.{m}" or module.startswith(f"contractbridge.{m}.") for m in ABOVE)
    ]
    assert bad == []


def test_every_format_is_registered_with_suffixes_limit_and_sniffing() -> None:
    formats = registry.formats()
    assert set(formats) == {"pbn", "lin", "jsonl"}
    assert {s for f in formats.values() for s in f.suffixes} == {".pbn", ".lin", ".jsonl", ".json"}
    assert all(f.limit == LIMITS[f.name] for f in formats.values())
    assert registry.of_path("a.PBN").name == "pbn" and files.format_of("x.json") == "jsonl"
    assert registry.sniff('\ufeff[Event "x"]').name == "pbn"  # type: ignore[union-attr]
    assert registry.sniff("pn|a,b,c,d|md|1S...|").name == "lin"  # type: ignore[union-attr]
    assert registry.sniff('{"event": "board"}').name == "jsonl"  # type: ignore[union-attr]
    assert registry.sniff("hello") is None
    with pytest.raises(FormatError, match="unknown file type"):
        registry.of_path("a.txt")


@pytest.mark.parametrize("name", ["pbn", "lin", "jsonl"])
def test_load_loads_dump_dumps_round_trip_records(name: str) -> None:
    fmt = registry.by_name(name)
    records = [
        Record(Deal.random(seed), Seat(seed % 4), Vulnerability(seed % 4), number=seed, players=("a", "b", "c", "d"))
        for seed in range(1, 6)
    ]
    text = fmt.dumps(records)
    assert [(r.deal, r.dealer, r.vulnerability, r.number) for r in fmt.loads(text)] == [
        (r.deal, r.dealer, r.vulnerability, r.number) for r in records
    ]
    buffer = io.StringIO()
    fmt.dump(records, buffer)
    buffer.seek(0)
    assert [r.deal for r in fmt.load(buffer)] == [r.deal for r in records]


def test_check_replays_through_the_installed_replayer(tmp_path: Path) -> None:
    seen: list[int] = []
    path = tmp_path / "a.pbn"
    passed_out = tuple(RecordCall(PASS) for _ in range(4))
    files.write_records(
        [
            Record(Deal.random(3), Seat.NORTH, Vulnerability.NONE, number=1),  # no auction: nothing to replay
            Record(Deal.random(4), Seat.EAST, Vulnerability.NS, number=2, calls=passed_out),
        ],
        path,
    )
    previous = registry.replayer()
    registry.install_replayer(lambda log: seen.append(len(log)))
    try:
        assert files.check(path, replay=True) == [] and seen == [5]  # the board event and four calls
    finally:
        registry.install_replayer(previous)
    assert previous is not None and files.check(path, replay=True) == []  # the table's replayer: all legal
