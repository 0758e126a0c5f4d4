"""Fuzz target for the JSON-lines event-log reader (issue #18 items 5–6): ``target(data)`` must give a table or
an ``EventLogError`` with a line number, nothing else, and what it reads must round-trip.

Seeds are real logs: boards played by seeded random players (calls, cards, claims, undo) and the boards of the
LIN corpus replayed by the laws. Mutations: byte flips, insertions, deletions, truncation, line splicing and
swapping, deep nesting, huge numbers, invalid UTF-8, long lines, values of another JSON type. Standalone:
``python tests/fuzz_eventlog.py [COUNT [SEED]]`` prints the figures (untyped exceptions, inputs over 1 s of
process CPU time, ``time.process_time``: on a shared machine wall time measures the neighbours) and saves each
input over a second, to be re-timed alone.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from contractbridge import Board, Deal, Table
from contractbridge.errors import BridgeError, EventLogError
from contractbridge.eventlog import EventLogWarning, read_table
from contractbridge.players import RandomPlayer, play_board
from fuzz_formats import JSON_VALUES
from shared_data import corpus_files

ALPHABET = b'{}[]",:\\ \n\r\t0123456789eE+-.truefalsnull"event"callplayseatNESWSHDCAKQJT\xff\xfe\xc3\xa9\x00'


def seeds(count: int = 12) -> list[bytes]:
    """Logs to mutate: seeded random boards (some with a claim), the logs of ``tests/logs`` (irregular, with
    agreements) and lawful boards of the LIN corpus."""
    out: list[bytes] = []
    for seed in range(count):
        table = Table(Board(seed % 16 + 1, Deal.random(seed)), irregular=seed % 3 == 0)
        rng = random.Random(seed)
        players = {s: RandomPlayer(rng.getrandbits(32)) for s in range(4)}
        stop_after = rng.randrange(4, 80)

        def stop(t: Table, limit: int = stop_after) -> None:
            if len(t.to_events()) >= limit:
                raise StopIteration

        with contextlib.suppress(StopIteration, BridgeError):
            play_board(table, players, on_action=stop)  # type: ignore[arg-type]
        out.append(table.to_jsonl().encode("utf-8"))
    from contractbridge.formats import lin

    out += [p.read_bytes() for p in sorted((Path(__file__).parent / "logs").glob("*.jsonl"))]
    for path in corpus_files("lin/pbntools_*")[:4]:
        for record in list(lin.read_file(path).records())[:3]:
            try:
                out.append(Table.from_events(record.to_events()).to_jsonl().encode("utf-8"))
            except BridgeError:
                continue
    return out


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _flip(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        if b:
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    return bytes(b)


def _insert(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + bytes(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 12))) + data[pos:]


def _delete(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + data[pos + rng.randrange(1, 30) :]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _splice(data: bytes, rng: random.Random, other: bytes) -> bytes:
    a, b = _lines(data), _lines(other)
    i, j = rng.randrange(len(a) + 1), rng.randrange(len(b))
    return b"\n".join(a[:i] + b[j : j + rng.randrange(1, 5)] + a[i:])


def _swap(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _nest(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([9, 50, 1000, 100_000])
    opener, closer = (b"[", b"]") if rng.random() < 0.5 else (b'{"a":', b"}")
    nested = opener * depth + b"1" + closer * depth
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    if rng.random() < 0.5:
        return b"\n".join([*lines[:i], b'{"event": "call", "seat": "N", "call": ' + nested + b"}", *lines[i:]])
    return b"\n".join([*lines[:i], nested, *lines[i:]])


def _huge(data: bytes, rng: random.Random) -> bytes:
    number = rng.choice([b"9" * 5000, b"1e999", b"-0", b"NaN", b"Infinity", b"1" * 200])
    return (
        data.replace(b'"number": ', b'"number": ' + number + b', "x": ', 1)
        if rng.random() < 0.5
        else (data + b'{"event": "claim", "seat": "S", "tricks": ' + number + b"}\n")
    )


def _unicode(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\xff\xfe", b"\xed\xa0\x80", b"\xc3", "♠é\u202e".encode(), b"\\ud800", b"\x00" * 8])
    return data[:pos] + junk + data[pos:]


def _long(data: bytes, rng: random.Random) -> bytes:
    pad = b'"' + b"x" * rng.choice([1000, 60_000]) + b'"'
    return data + b'{"event": "call", "seat": "N", "call": ' + pad + b"}\n"


def _retype(data: bytes, rng: random.Random) -> bytes:
    """A value of another JSON type before a key's value (which moves to a key of its own)."""
    keys = [m.end() for m in re.finditer(rb'": ', data)]
    if not keys:
        return data
    at = rng.choice(keys)
    return data[:at] + rng.choice(JSON_VALUES) + b', "_": ' + data[at:]


MUTATIONS: list[Callable[..., bytes]] = [_flip, _insert, _delete, _truncate, _splice, _swap, _nest, _huge, _unicode]
MUTATIONS += [_long, _retype, _retype]


def mutate(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    for _ in range(rng.randrange(1, 4)):
        op = rng.choice(MUTATIONS)
        data = op(data, rng, rng.choice(pool)) if op is _splice else op(data, rng)
    return data


def target(data: bytes) -> None:
    """Read ``data``: a table that round-trips, or an ``EventLogError`` naming its line."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EventLogWarning)
        try:
            table = read_table(data)
        except EventLogError as err:
            if err.number is None and "larger than" not in str(err):
                raise AssertionError(f"EventLogError without a line: {err}") from err
            return
    again = Table.from_jsonl(table.to_jsonl())
    assert again.to_events() == table.to_events(), "read → write → read changed the log"


@dataclass
class Figures:
    inputs: int = 0
    untyped: list[str] = field(default_factory=list)
    slow: int = 0
    slowest: float = 0.0
    slow_inputs: list[tuple[float, bytes]] = field(default_factory=list)

    def __str__(self) -> str:
        return (
            f"event-log fuzz: {self.inputs} inputs, {len(self.untyped)} untyped exceptions, "
            f"{self.slow} over 1 s (slowest {self.slowest:.2f} s)"
        )


def run(count: int, seed: int = 0) -> Figures:
    rng = random.Random(seed)
    pool = seeds()
    figures = Figures()
    for _ in range(count):
        data = mutate(rng.choice(pool), rng, pool)
        start = time.process_time()
        try:
            target(data)
        except Exception as err:  # the figure: anything but a typed error
            figures.untyped.append(f"{type(err).__name__}: {err}"[:200])
        elapsed = time.process_time() - start
        figures.slowest = max(figures.slowest, elapsed)
        if elapsed > 1.0:
            figures.slow += 1
            figures.slow_inputs.append((elapsed, data))
        figures.inputs += 1
    return figures


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print(result)
    for line in result.untyped[:20]:
        print(" ", line)
    for i, (elapsed, data) in enumerate(result.slow_inputs):
        Path(f"fuzz-eventlog-slow-{i}.bin").write_bytes(data)
        print(f"  {elapsed:.2f} s CPU, {len(data):,} bytes → fuzz-eventlog-slow-{i}.bin")
