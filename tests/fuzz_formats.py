"""Fuzz targets for every reader but ``Table.from_jsonl`` (tests/fuzz_eventlog.py): PBN (library and
``check --replay``), LIN (library and ``check --replay``), JSON-lines board records (library and ``check
--replay``), the logs of ``contractbridge rule``, rubber score sheets, rubber game logs, CSV result files and
system descriptions.
``read(data, kind)`` must raise nothing but the project's typed errors (``FormatError`` with line and column for
PBN, LIN and ``check``), and what PBN and LIN read must round-trip (``round_trip``); ``target`` does both.

``campaign(kind, count, seed)`` feeds ``count`` mutations of the real corpus (grammar characters, byte flips,
truncation, splicing, huge numbers, unicode, long lines, nested braces, repeated lines) and counts untyped
exceptions and inputs whose reading (``read``, not the round trip) takes over one second of process CPU time
(``time.process_time``: on a shared machine wall time measures the neighbours). Run standalone for the figures
of every reader (each input over a second is saved, to be re-timed alone):
``python tests/fuzz_formats.py [COUNT [SEED [KIND …]]]``.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from contractbridge.cards import Seat
from contractbridge.commands.director import read_log, replay_log
from contractbridge.commands.rubber_sheet import render
from contractbridge.commands.scoring import read_results
from contractbridge.contract import Contract
from contractbridge.errors import BridgeError, FormatError
from contractbridge.eventlog import EventLogWarning
from contractbridge.formats import files, inputs, lin, pbn
from contractbridge.formats import json as fjson
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import RubberSession
from contractbridge.scoring.rubber import Rubber
from shared_data import corpus_files

#: Characters that matter to the grammars, used to mutate.
ALPHABET = '[]"{}|;%\\#\n\r\t =!?^*-+:,.0123456789SHDCNTXPAKQJ_shdcnpxr♠é\ufeff'
#: Characters that trip ``str.isdigit``/``int`` and friends, and bytes that are not UTF-8.
UNICODE = ["²", "٣", "१", "①", "ⅷ", "\u0301", "\x00", "\u2028", "\x85", "\ufeff", "𝟗", "Ⅻ"]
BAD_BYTES = [b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"]
#: Inputs stay under this size: the readers must take under a second on anything smaller (issue #18).
MAX_INPUT = 100_000
READERS = (
    *("pbn", "pbn-check", "lin", "lin-check", "jsonl", "jsonl-check", "rule"),
    *("rubber", "rubber-log", "csv", "system"),
)
#: Readers whose every error is a ``FormatError`` with line and column.
_LOCATED = ("pbn", "pbn-check", "lin", "lin-check", "jsonl-check")
_TMP = Path(tempfile.mkdtemp(prefix="cb-fuzz-"))


# ---------------------------------------------------------------------------------------------- targets


def _read_pbn(data: bytes) -> list[pbn.PbnGame]:
    games = pbn.parse_bytes(data).games
    for game in games:
        game.validate()
        try:
            if game.deal is not None:
                game.to_record()
        except FormatError as err:
            _located(err)
    return games


def _round_trip_pbn(games: list[pbn.PbnGame]) -> None:
    for game in games:
        try:
            if game.deal is not None:
                record = game.to_record()
                again = pbn.loads(pbn.dumps([pbn.PbnGame.from_record(record)]))[0].to_record()
                assert (again.deal, again.calls, again.plays) == (record.deal, record.calls, record.plays)
        except FormatError as err:
            _located(err)
    assert pbn.loads(pbn.dumps(games)) == games, "PBN read → write → read changed the games"


def _read_lin(data: bytes) -> lin.LinFile:
    lf = lin.parse_bytes(data)
    for board in lf.boards:
        board.validate()
        try:
            board.to_record()
        except FormatError as err:
            _located(err)
    return lf


def _round_trip_lin(lf: lin.LinFile) -> None:
    assert lin.loads(lin.dumps(lf)) == lf, "LIN read → write → read changed the pairs"


def _located(err: FormatError) -> None:
    if err.line is None or err.column is None:
        raise AssertionError(f"FormatError without line and column: {err}") from err


def _file(data: bytes, suffix: str) -> Path:
    path = _TMP / f"input{suffix}"
    path.write_bytes(data)
    return path


def read(data: bytes, kind: str) -> object:
    """Read ``data`` as ``kind`` (one of ``READERS``) the way the library and the CLI do, every
    typed view included; returns what a round trip can be checked on (or None)."""
    try:
        if kind == "pbn":
            return _read_pbn(data)
        if kind.endswith("-check"):  # as `contractbridge check --replay` reads it
            for problem in files.check(_file(data, "." + kind.removesuffix("-check")), replay=True):
                _located(problem)
        elif kind == "lin":
            return _read_lin(data)
        elif kind == "jsonl":
            fjson.loads_records(data.decode("utf-8", errors="replace"))
        elif kind == "rule":  # as `contractbridge rule LOG` reads it (a torn last line is dropped with a warning)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", EventLogWarning)
                replay_log(read_log(_file(data, ".jsonl")))
        elif kind == "rubber":  # as `contractbridge rubber --load` reads it
            sheet = Rubber.from_dict(inputs.read_json(_file(data, ".json"), inputs.LIMITS["rubber"], "rubber sheet"))
            render(sheet)
        elif kind == "rubber-log":  # a rubber game's log, as `RubberSession.from_jsonl` reads it
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", EventLogWarning)
                RubberSession.from_jsonl(data.decode("utf-8", errors="replace"))
        elif kind == "csv":  # as `contractbridge matchpoint` reads it
            read_results(_file(data, ".csv"))
        elif kind == "system":  # as `contractbridge rule --system` reads it
            from contractbridge.systems.agreements import PartnershipAgreements

            PartnershipAgreements.from_dict(inputs.read_system(_file(data, ".json")))
        else:
            raise ValueError(f"unknown reader {kind!r}")
    except FormatError as err:
        if kind in _LOCATED:
            _located(err)
    except BridgeError:
        if kind in _LOCATED:
            raise
    return None


def round_trip(result: object) -> None:
    """What PBN and LIN read, written and read again, is the same."""
    if isinstance(result, lin.LinFile):
        _round_trip_lin(result)
    elif isinstance(result, list):
        _round_trip_pbn(result)


def target(data: bytes, kind: str) -> None:
    """``read`` and ``round_trip``: raises only on a finding."""
    round_trip(read(data, kind))


# ---------------------------------------------------------------------------------------------- seeds


def _rubber_seeds() -> list[bytes]:
    out = []
    for edition in ("NBB30", "EST30", "WBF17"):
        try:
            sheet = Rubber(edition)
        except BridgeError:
            continue
        for text, seat, tricks in (("4S", Seat.NORTH, 10), ("3NTX", Seat.EAST, 8), ("2H", Seat.SOUTH, 9)):
            sheet.record(Contract.parse(text), seat, tricks)
        out.append(sheet.dumps().encode("utf-8"))
    return out


def _rubber_log_seeds() -> list[bytes]:
    """Two rubbers played by four robots (NBB30, EST30)."""
    out = []
    for edition, seed in (("NBB30", 5), ("EST30", 11)):
        session = RubberSession(edition, seed=seed)
        session.play_rubber({s: BiddingRobot() for s in Seat})
        out.append(session.to_jsonl().encode("utf-8"))
    return out


_CSV = b"board,NS pair,EW pair,NS score\n1,1,11,450\n1,2,12,420\n1,3,13,-50\n2,1,12,-100\n# late\n2,2,13,140\n"
_SYSTEMS = [
    b'{"2C": {"artificial": true, "suits": []}, "1NT P 2C": {"artificial": true, "suits": ["H", "S"]}}',
    b'{"1C": {"artificial": true}, "1NT": {"notrump": true, "suits": []}, "2D": {"suits": ["D"]}}',
]


def seeds() -> list[tuple[str, bytes]]:
    """(reader, bytes) to mutate: corpus files under 40 KB for PBN and LIN, made-up sheets, results, systems."""
    out: list[tuple[str, bytes]] = []
    for p in corpus_files("pbn/*.pbn"):
        if p.stat().st_size < 40_000:
            out += [("pbn", p.read_bytes()), ("pbn-check", p.read_bytes())]
    for p in corpus_files("lin/*"):
        if p.stat().st_size < 40_000:
            out += [("lin", p.read_bytes()), ("lin-check", p.read_bytes())]
    for p in corpus_files("lin/pbntools_*"):
        records = list(lin.read_file(p).records())
        log = fjson.dumps_records(records).encode("utf-8")
        out += [("jsonl", log), ("jsonl-check", log)]
        out += [("rule", fjson.dumps_records([r]).encode("utf-8")) for r in records[:3]]
    logs = Path(__file__).parent / "logs"
    out += [("rule", p.read_bytes()) for p in sorted(logs.glob("*.jsonl"))]
    out += [("rubber", data) for data in _rubber_seeds()] + [("rubber-log", data) for data in _rubber_log_seeds()]
    out += [("csv", _CSV)] + [("system", data) for data in _SYSTEMS]
    return out


# ---------------------------------------------------------------------------------------------- mutation


def mutate(data: bytes, rng: random.Random, count: int) -> bytes:
    """Grammar-aware edits: insert, delete or replace characters of ``ALPHABET``, reverse a stretch."""
    chars = list(data.decode("utf-8", errors="replace"))
    for _ in range(count):
        op = rng.randrange(4)
        pos = rng.randrange(len(chars) + 1)
        if op == 0 or not chars:
            chars.insert(pos, rng.choice(ALPHABET))
        elif op == 1:
            del chars[min(pos, len(chars) - 1)]
        elif op == 2:
            chars[min(pos, len(chars) - 1)] = rng.choice(ALPHABET)
        else:
            end = min(len(chars), pos + rng.randrange(1, 40))
            chars[pos:end] = chars[pos:end][::-1]
    return "".join(chars).encode("utf-8")


_DIGITS = re.compile(rb"\d+")


_KEYS = re.compile(rb'": ')
#: JSON values of every type, put in place of a key's value (the old value moves to a key of its own).
JSON_VALUES = [b"5", b"-1", b"null", b"true", b"[]", b"{}", b'"s"', b"[5]", b'{"a": 1}', b"1e999", b'["H", 5]']


def havoc(data: bytes, other: bytes, rng: random.Random) -> bytes:
    """One of the heavier mutations (``other`` is a second seed of the same reader, for splicing)."""
    keys = list(_KEYS.finditer(data)) if data[:1] in (b"{", b"[") else []
    if keys and rng.random() < 0.3:  # JSON: a value of another type
        at = rng.choice(keys).end()
        return data[:at] + rng.choice(JSON_VALUES) + b', "_": ' + data[at:]
    op = rng.randrange(9)
    pos = rng.randrange(len(data) + 1)
    if op == 0:  # byte flips
        out = bytearray(data)
        for _ in range(rng.randrange(1, 8)):
            if out:
                out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return bytes(out)
    if op == 1:  # truncation
        return data[:pos]
    if op == 2:  # splicing
        return data[:pos] + other[rng.randrange(len(other) + 1) :]
    if op == 3:  # huge numbers
        runs = list(_DIGITS.finditer(data))
        if runs:
            m = rng.choice(runs)
            digits = rng.choice([b"9" * rng.randrange(20, 6000), b"0" * rng.randrange(2, 300) + b"1", b"-0", b"1e999"])
            return data[: m.start()] + digits + data[m.end() :]
        return data + b"9" * 5000
    if op == 4:  # unicode digits and marks, bytes that are not UTF-8
        piece = rng.choice(UNICODE).encode("utf-8") if rng.random() < 0.7 else rng.choice(BAD_BYTES)
        return data[:pos] + piece + data[pos:]
    if op == 5:  # a long line
        start = rng.randrange(len(data) + 1)
        chunk = data[start : start + rng.randrange(1, 60)].replace(b"\n", b" ").replace(b"\r", b" ") or b"x"
        return data[:pos] + chunk * rng.randrange(100, 60_000 // len(chunk) + 101) + data[pos:]
    if op == 6:  # nesting and unclosed delimiters
        opener = rng.choice([b"{", b"[", b'"', b"[{", b'["', b"|", b"\\", b"{[", b"}"])
        return data[:pos] + opener * rng.randrange(1, 20_000) + data[pos:]
    if op == 7:  # one line repeated
        lines = data.split(b"\n")
        line = rng.choice(lines) + b"\n"
        return data[:pos] + line * rng.randrange(2, max(3, 60_000 // len(line))) + data[pos:]
    return mutate(data, rng, rng.randrange(1, 30))


def variant(pool: list[bytes], rng: random.Random) -> bytes:
    data = rng.choice(pool)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = havoc(data, rng.choice(pool), rng)
    return data[:MAX_INPUT]


# ---------------------------------------------------------------------------------------------- campaigns


@dataclass
class Figures:
    """What a campaign found: inputs fed, untyped exceptions (by kind and place), inputs over a second."""

    reader: str
    inputs: int = 0
    untyped: Counter[str] = field(default_factory=Counter)
    slow: int = 0
    slowest: float = 0.0
    slow_inputs: list[tuple[float, bytes]] = field(default_factory=list)
    examples: dict[str, bytes] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return (
            f"{self.reader}: {self.inputs} inputs, {sum(self.untyped.values())} untyped exceptions "
            f"({len(self.untyped)} distinct), {self.slow} over 1 s (slowest {self.slowest:.2f} s)"
        )


def _signature(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    where = next((f for f in reversed(frames) if "contractbridge" in f.filename), frames[-1] if frames else None)
    place = f"{Path(where.filename).name}:{where.lineno}" if where is not None else "?"
    return f"{type(err).__name__} at {place}"


def campaign(kind: str, count: int, seed: int = 0, *, every: int = 10, progress: bool = False) -> Figures:
    """Feed ``count`` variants of the ``kind`` seeds to ``read`` (and ``round_trip`` every ``every``-th input: the
    round trip costs twice the reading, and the figure is about reading); the generator is seeded, so a run
    repeats. ``progress`` prints the figures so far every 1,000 inputs."""
    rng = random.Random(f"{kind}:{seed}")
    pool = [data for k, data in seeds() if k == kind]
    figures = Figures(kind)
    for n in range(count):
        data = variant(pool, rng)
        start = time.process_time()
        elapsed = 0.0
        try:
            result = read(data, kind)
            elapsed = time.process_time() - start
            if n % every == 0:
                round_trip(result)
        except Exception as err:
            elapsed = elapsed or time.process_time() - start
            sig = _signature(err)
            figures.untyped[sig] += 1
            figures.examples.setdefault(sig, data)
            figures.messages.setdefault(sig, str(err)[:160])
        figures.slowest = max(figures.slowest, elapsed)
        if elapsed > 1.0:
            figures.slow += 1
            figures.slow_inputs.append((elapsed, data))
        figures.inputs += 1
        if progress and figures.inputs % 1000 == 0:
            print(f"  … {figures}", file=sys.stderr, flush=True)
    return figures


def main(count: int, seed: int, kinds: list[str]) -> None:
    for kind in kinds:
        figures = campaign(kind, count, seed, progress=True)
        print(figures, flush=True)
        for i, (sig, data) in enumerate(figures.examples.items()):
            name = f"fuzz-{kind}-{i}.bin"
            Path(name).write_bytes(data)
            print(f"  {figures.untyped.get(sig, 1):5d}  {sig}  → {name}", flush=True)
            if sig in figures.messages:
                print(f"         {figures.messages[sig]}", flush=True)
        for i, (elapsed, data) in enumerate(figures.slow_inputs):
            name = f"fuzz-{kind}-slow-{i}.bin"
            Path(name).write_bytes(data)
            print(f"  {elapsed:.2f} s CPU, {len(data):,} bytes → {name}", flush=True)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 0,
        sys.argv[3:] or list(READERS),
    )
