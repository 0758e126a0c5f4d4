"""Fuzz target for the PBN, LIN and JSON-lines readers: ``target(data)`` must raise nothing but a
``FormatError`` that carries a line and a column.

Run standalone for a time-boxed random-mutation campaign over the corpus:
``python tests/fuzz_formats.py [SECONDS [SEED]]``; ``test_formats_fuzz.py`` drives the same target with hypothesis.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from contractbridge.errors import FormatError
from contractbridge.formats import json as fjson
from contractbridge.formats import lin, pbn

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
#: Characters that matter to the grammars, used to mutate.
ALPHABET = '[]"{}|;%\\#\n\r\t =!?^*-+:,.0123456789SHDCNTXPAKQJ_shdcnpxr♠é\ufeff'


def _exercise_pbn(games: list[pbn.PbnGame]) -> None:
    for game in games:
        game.validate()
        try:
            if game.deal is not None:
                record = game.to_record()
                again = pbn.loads(pbn.dumps([pbn.PbnGame.from_record(record)]))[0].to_record()
                assert (again.deal, again.calls, again.plays) == (record.deal, record.calls, record.plays)
        except FormatError as err:
            _located(err)
    text = pbn.dumps(games)
    assert pbn.loads(text) == games, "PBN read → write → read changed the games"


def _exercise_lin(lf: lin.LinFile) -> None:
    for board in lf.boards:
        board.validate()
        try:
            board.to_record()
        except FormatError as err:
            _located(err)
    assert lin.loads(lin.dumps(lf)) == lf, "LIN read → write → read changed the pairs"


def _located(err: FormatError) -> None:
    if err.line is None or err.column is None:
        raise AssertionError(f"FormatError without line and column: {err}") from err


def target(data: bytes, kind: str) -> None:
    """Read ``data`` as ``kind`` (pbn, lin or jsonl), exercise every typed view and the round trip."""
    try:
        if kind == "pbn":
            _exercise_pbn(pbn.parse_bytes(data).games)
        elif kind == "lin":
            _exercise_lin(lin.parse_bytes(data))
        else:
            fjson.loads_records(data.decode("utf-8", errors="replace"))
    except FormatError as err:
        _located(err)


def mutate(data: bytes, rng: random.Random, count: int) -> bytes:
    text = data.decode("utf-8", errors="replace")
    chars = list(text)
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


def seeds() -> list[tuple[str, bytes]]:
    out = [("pbn", p.read_bytes()) for p in sorted((CORPUS / "pbn").glob("*.pbn")) if p.stat().st_size < 12_000]
    out += [("lin", p.read_bytes()) for p in sorted((CORPUS / "lin").glob("*")) if p.stat().st_size < 12_000]
    for p in sorted((CORPUS / "lin").glob("pbntools_*")):
        out.append(("jsonl", fjson.dumps_records(lin.read_file(p).records()).encode("utf-8")))
    return out


def main(seconds: float, seed: int = 0) -> None:
    rng = random.Random(seed)
    pool = seeds()
    end = time.monotonic() + seconds
    runs = 0
    while time.monotonic() < end:
        kind, data = rng.choice(pool)
        mutated = mutate(data, rng, rng.randrange(1, 20))
        try:
            target(mutated, kind)
        except BaseException:
            Path(f"fuzz-crash.{kind}").write_bytes(mutated)
            print(f"crash input saved to fuzz-crash.{kind}")
            raise
        runs += 1
    print(f"{runs} inputs, no escape")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
