"""The bad-input audit of the whole CLI (the project's standard): a missing, empty, binary, non-UTF-8, truncated or
mistaken file, a directory for a file, an out-of-range number: each command says what is wrong and where (exit
status 1 or 2), never with a traceback, and changes no file of the user's. Then the regressions the audit found,
each fixed at its cause."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.errors import FormatError, ParseError, TournamentError
from contractbridge.formats import inputs
from contractbridge.scoring.rubber import Rubber
from contractbridge.tournament import usebio
from contractbridge.tournament.movements import MAX_BOARDS_PER_ROUND, MAX_TABLES

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LOG = EXAMPLES / "insufficient.jsonl"


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    """Exit status and output of a command; any exception but the CLI's own exit is a finding."""
    result = runner.invoke(app, args, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args}: {type(result.exception).__name__}: {result.exception}") from result.exception
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def event_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("event") / "ev.json"
    assert _invoke(["event", "create", str(path), "--tables", "3"])[0] == 0
    return path


# ---------------------------------------------------------------------------------------------- the audit

#: The bad inputs a user really produces, from a good file's bytes (``None``: no file; ``"dir"``: a directory).
KINDS: dict[str, Callable[[bytes], bytes | str | None]] = {
    "missing": lambda good: None,
    "empty": lambda good: b"",
    "binary": lambda good: bytes(range(256)) * 4,
    "latin-1": lambda good: good[: len(good) // 2] + b"\xe9" + good[len(good) // 2 :],
    "truncated": lambda good: good[: len(good) // 3],
    "huge line": lambda good: b"x" * 300_000,
    "directory": lambda good: "dir",
}


def _example(name: str) -> Callable[[Path], bytes]:
    return lambda event: (EXAMPLES / name).read_bytes()


#: Each file-reading command: the suffix and good content of its file, and its arguments around the file.
COMMANDS: dict[str, tuple[str, Callable[[Path], bytes], Callable[[str], list[str]]]] = {
    "show pbn": (".pbn", _example("hands.pbn"), lambda f: ["show", f]),
    "check lin": (".lin", _example("match.lin"), lambda f: ["check", "--replay", f]),
    "convert jsonl": (".jsonl", _example(LOG.name), lambda f: ["convert", f]),
    "replay": (".jsonl", _example(LOG.name), lambda f: ["replay", f]),
    "rule": (".jsonl", _example(LOG.name), lambda f: ["rule", f]),
    "matchpoint": (".csv", _example("session.csv"), lambda f: ["matchpoint", f]),
    "results": (".pbn", _example("hands.pbn"), lambda f: ["results", f]),
    "event rank": (".json", lambda event: event.read_bytes(), lambda f: ["event", "rank", f]),
    "rubber --load": (".json", lambda event: Rubber().dumps().encode(), lambda f: ["rubber", "--load", f]),
    "rule --system": (".json", _example("ns-card.json"), lambda f: ["rule", str(LOG), "--system", f]),
    "dealer": (".dlr", _example("notrump.dlr"), lambda f: ["dealer", f, "-n", "1"]),
    "event create --boards": (".pbn", _example("hands.pbn"), lambda f: ["event", "create"]),
}

#: What reads as it should: PBN (PBN 2.1 §3.2) and LIN are ISO 8859-1 text, a PBN cut after a whole board holds
#: boards, an empty LIN file has no problem, an empty log has no pending ruling, and an empty or cut dealer script
#: is a script (dealer's defaults: generate, printall).
READS = {
    ("show pbn", "latin-1"), ("show pbn", "truncated"), ("results", "latin-1"), ("check lin", "empty"),
    ("check lin", "latin-1"),
    ("rule", "empty"), ("dealer", "empty"), ("dealer", "truncated"), ("event create --boards", "latin-1"),
}  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_refuses_a_bad_file_with_a_typed_error(
    command: str, kind: str, tmp_path: Path, event_file: Path
) -> None:
    suffix, good, args = COMMANDS[command]
    content = KINDS[kind](good(event_file))
    path = tmp_path / f"input{suffix}"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    argv = args(str(path))
    if command == "convert jsonl":
        argv.append(str(tmp_path / "out.pbn"))
    if command == "event create --boards":
        argv += [str(tmp_path / "new.json"), "--boards", str(path)]
    status, output = _invoke(argv)
    if (command, kind) not in READS:
        assert status in (1, 2), output
        # Typer's own check names the argument; a cut file's boards are too few for the movement
        assert str(path) in output or "Invalid value" in output or "the deals have no board" in output, output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name in before} == before


# ---------------------------------------------------------------------------------------------- regressions


def test_rubber_load_of_another_json_file_is_refused_and_the_file_kept(tmp_path: Path, event_file: Path) -> None:
    """Was: any JSON object (an event file, ``{}``) read as an empty sheet, and written over with it at the first
    prompt's end (EOF) – the user's file replaced."""
    for text in (event_file.read_text(encoding="utf-8"), "{}", '{"hands": []}', '{"edition": "NBB30"}'):
        path = tmp_path / "other.json"
        path.write_text(text, encoding="utf-8")
        status, output = _invoke(["rubber", "--load", str(path)])
        assert status == 2 and "not a rubber sheet" in output and str(path) in output
        assert path.read_text(encoding="utf-8") == text


def test_a_rubber_sheet_reads_back_and_its_flags_are_booleans() -> None:
    sheet = Rubber.loads(Rubber("EST30").dumps())
    assert sheet.to_dict() == Rubber("EST30").to_dict()
    data = {**Rubber().to_dict(), "agreed": "false"}  # bool("false") was True
    with pytest.raises(ParseError, match="'agreed' is true or false"):
        Rubber.from_dict(data)


def test_rubber_edition_error_names_no_file() -> None:
    status, output = _invoke(["rubber", "-e", "XX"])
    assert status == 2 and "no rubber scoring for edition 'XX'" in output and "None" not in output


@pytest.mark.parametrize(
    "args",
    [
        ["tm-client", "-s", "N", "-p", "-1"],
        ["tm-client", "-s", "N", "-p", "99999999999999999999"],
        ["serve-tm", "-p", "70000"],
        ["generate", "", "-n", "-1"],
        ["simulate", "", "-n", "-5"],
        ["simulate", "", "-n", "1", "-w", "99999999999999999999"],
    ],
)
def test_out_of_range_numbers_are_usage_errors(args: list[str]) -> None:
    """Was: ``OverflowError`` from the socket (a port), nothing or a silent success (a negative count)."""
    status, output = _invoke(args)
    assert status == 2 and "Invalid value" in output


def test_any_size_limit_reads_without_allocating_it(tmp_path: Path) -> None:
    """Was: ``OverflowError``/``MemoryError`` for ``--max-size``/``--max-log-bytes`` of a huge number (the limit
    was read at once)."""
    huge = "99999999999999999999"
    assert _invoke(["show", "--max-size", huge, str(EXAMPLES / "hands.pbn")])[0] == 0
    assert _invoke(["replay", "--max-log-bytes", huge, str(LOG)])[0] == 0
    path = tmp_path / "big.pbn"
    path.write_bytes(b"%" * 1000)
    assert inputs.read_bytes(path, 10**30) == b"%" * 1000
    with pytest.raises(FormatError, match="larger than the limit of 999 bytes"):
        inputs.read_bytes(path, 999)
    assert inputs.read_at_most(path, 10) == b"%" * 10


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--tables", str(MAX_TABLES + 1), f"from 3 to {MAX_TABLES}"),
        ("--tables", "99999999999999999999", f"from 3 to {MAX_TABLES}"),  # was the machine out of memory
        ("--boards-per-round", "10000000", f"from 1 to {MAX_BOARDS_PER_ROUND}"),  # was MemoryError
        ("--boards-per-round", "99999999999999999999", f"from 1 to {MAX_BOARDS_PER_ROUND}"),  # was OverflowError
        ("--pairs", "0", "seats 7 or 8 pairs, not 0"),  # was taken for no --pairs
    ],
)
def test_event_create_refuses_sizes_beyond_any_session(option: str, value: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "ev.json"
    status, output = _invoke(["event", "create", str(path), option, value])
    assert status == 2 and message in output and not path.exists()


def _bad_dealer_pbn(tmp_path: Path) -> Path:
    path = tmp_path / "hands.pbn"
    path.write_bytes((EXAMPLES / "hands.pbn").read_bytes().replace(b'[Dealer "N"]', b'[Dealer "\xe9N"]', 1))
    return path


def test_boards_of_a_pbn_file_name_the_file_of_a_bad_tag(tmp_path: Path) -> None:
    """Was ``<input>:12:1`` (``event create --boards``, ``play --deals``): the file's name was lost."""
    path = _bad_dealer_pbn(tmp_path)
    status, output = _invoke(["event", "create", str(tmp_path / "ev.json"), "--boards", str(path)])
    assert status == 2 and f"{path}:12:1: [Dealer" in output and "<input>" not in output
    status, output = _invoke(["play", "--deals", str(path), "--robot-seats", "NESW", "--log", str(tmp_path / "l")])
    assert status == 1 and f"{path}:12:1: [Dealer" in output and not (tmp_path / "l").exists()


def test_convert_writes_nothing_without_a_board_and_says_what_it_wrote(tmp_path: Path) -> None:
    """Was: an empty or binary source 'converted' into a file, exit status 0, with no word (PBN→PBN, LIN→LIN said
    nothing at all)."""
    for name, data in (("empty.pbn", b""), ("binary.pbn", bytes(range(256))), ("empty.lin", b"")):
        source = tmp_path / name
        source.write_bytes(data)
        for suffix in (".pbn", ".lin", ".jsonl"):
            target = tmp_path / f"out{suffix}"
            status, output = _invoke(["convert", str(source), str(target)])
            assert status == 1 and f"{source}: no boards: nothing written" in output and not target.exists()
    for source, suffix in ((EXAMPLES / "hands.pbn", ".pbn"), (EXAMPLES / "match.lin", ".lin")):
        target = tmp_path / f"same{suffix}"
        status, output = _invoke(["convert", str(source), str(target)])
        assert status == 0 and f"4 boards written to {target}" in output
        assert target.read_bytes() == source.read_bytes()
        status, output = _invoke(["convert", str(source), str(target)])
        assert status == 1 and f"{target}: exists: convert never replaces" in output and "<input>" not in output


def test_convert_warns_of_a_board_it_could_not_read(tmp_path: Path) -> None:
    """Was: a board with a bad tag left out of the target without a word."""
    source = _bad_dealer_pbn(tmp_path)
    target = tmp_path / "out.lin"
    status, output = _invoke(["convert", str(source), str(target)])
    assert status == 0 and "1 board not read, not written" in output and "3 boards written" in output


def test_convert_lin_to_pbn_names_the_file_of_a_bad_board(tmp_path: Path) -> None:
    source = tmp_path / "match.lin"
    source.write_bytes((EXAMPLES / "match.lin").read_bytes().replace(b"mb|2N|", b"mb|2\xe9N|", 1))
    status, output = _invoke(["convert", str(source), str(tmp_path / "out.pbn")])
    assert status == 1 and f"{source}:1:" in output and "not a call" in output and "<input>" not in output
    assert not (tmp_path / "out.pbn").exists()


def test_a_file_that_cannot_be_read_is_named_once(tmp_path: Path) -> None:
    """Was ``error: X: X: No such file or directory`` (replay, results)."""
    missing = tmp_path / "missing"
    for args in (["replay", f"{missing}.jsonl"], ["results", f"{missing}.pbn"], ["results", f"{missing}.xml"]):
        status, output = _invoke(args)
        assert status in (1, 2) and output.count(str(missing)) == 1, output


def test_usebio_with_an_unknown_encoding_is_a_typed_error() -> None:
    """Was a ``LookupError`` from the XML parser (found by tests/test_fuzz_cli_readers.py)."""
    with pytest.raises(TournamentError, match="not XML"):
        usebio.loads(b'<?xml version="1.0" encoding="UT-8"?><USEBIO/>', "x.xml")


def test_an_event_file_that_is_not_one_changes_nothing(tmp_path: Path, event_file: Path) -> None:
    path = tmp_path / "ev.json"
    data = json.loads(event_file.read_text(encoding="utf-8"))
    data["movement"]["tables"] = "three"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    status, output = _invoke(["event", "result", str(path), "4S", "N", "-t", "10", "--round", "1", "--table", "1",
                              "--board", "1"])  # fmt: skip
    assert status == 2 and str(path) in output and path.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "not JSON (nested too deeply)"),  # was RecursionError
        ('{"format": ' + "9" * 5000 + "}", "not JSON (Exceeds the limit"),  # was ValueError
    ],
)
def test_an_event_file_too_deep_or_too_long_a_number_is_a_typed_error(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "ev.json"
    path.write_text(text, encoding="utf-8")
    status, output = _invoke(["event", "rank", str(path)])
    assert status == 2 and f"{path}: {message}" in " ".join(output.split())


def test_an_event_file_whose_result_the_event_refuses_names_the_file(tmp_path: Path, event_file: Path) -> None:
    """Was ``round 1, table 1, board 11: …`` with no file (found by tests/test_fuzz_cli_readers.py)."""
    path = tmp_path / "ev.json"
    path.write_bytes(event_file.read_bytes())
    status, output = _invoke(["event", "result", str(path), "4S", "N", "-t", "10", "--round", "1", "--table", "1",
                              "--board", "1"])  # fmt: skip
    assert status == 0, output
    data = json.loads(path.read_text(encoding="utf-8"))
    data["results"][0]["board"] = 11
    path.write_text(json.dumps(data), encoding="utf-8")
    status, output = _invoke(["event", "rank", str(path)])
    assert status == 2 and f"{path}: round 1, table 1, board 11: board 11 is not played there" in output


@pytest.mark.parametrize(("name", "message"), [("plot.txt", "writes a .png or .svg"), ("plot.png", "exists")])
def test_simulate_refuses_a_plot_it_cannot_write_before_solving(name: str, message: str, tmp_path: Path) -> None:
    """Was: matplotlib's ``ValueError`` for a ``.txt`` name after every deal was solved (the results lost), and an
    existing plot written over."""
    plot = tmp_path / name
    plot.write_bytes(b"mine")
    status, output = _invoke(["simulate", "", "-n", "1", "-w", "0", "--plot", str(plot)])
    assert status == 2 and message in output and plot.read_bytes() == b"mine"
    status, output = _invoke(["simulate", "", "-n", "1", "-w", "0", "--plot", str(tmp_path / "no" / "plot.svg")])
    assert status == 2 and "no directory" in " ".join(output.split())


@pytest.mark.parametrize("scores", ["SA", ["420", "x"], [object()]])
def test_scores_that_are_not_numbers_are_a_scoring_error(scores: object) -> None:
    """Was numpy's plain ``ValueError``/``TypeError`` (``could not convert string to float``)."""
    from contractbridge.errors import ScoringError
    from contractbridge.scoring import compare

    with pytest.raises(ScoringError, match="must be a flat list of numbers"):
        compare.matchpoints(scores)  # type: ignore[arg-type]
