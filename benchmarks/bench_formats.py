"""Parse the whole corpus (shared/corpus/pbn and lin): games per second, and the ratio against endplay's PBN and
LIN parsers (``endplay.parsers.pbn``/``lin``) on the files both read.

"Parse" means what endplay's ``Board`` holds: the deal, the calls, the cards, contract, declarer and result
as typed values. A second figure adds our full ``Record`` (the auction checked by the laws, the cards put in
the order played by the trick winners), which endplay does not do. Each of our rounds starts with every memo
cache of ours cleared (the LIN and PBN deal caches, the calls), so no round reads what an earlier one parsed.
Each job alternates with endplay round by round (``benchmarks/_harness.py``: CPU time, medians, the median
ratio). The corpus is ``../shared/corpus`` beside the repository (``BENCH_CORPUS`` to point elsewhere); without
it the job says so and measures nothing. Under ``--quick`` only the first 8 PBN files are read."""

from __future__ import annotations

import functools
import importlib
import os
import statistics
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks._harness import QUICK, Side, compare, median_rate, peer, report
from contractbridge.errors import FormatError
from contractbridge.formats import lin, pbn
from contractbridge.formats._text import decode

#: ``../shared/corpus`` relative to the repository (this file is ``<repository>/benchmarks/bench_formats.py``).
CORPUS = Path(os.environ.get("BENCH_CORPUS", Path(__file__).resolve().parents[1].parent / "shared" / "corpus"))


def _ours_pbn(text: str, record: bool = False) -> int:
    games = pbn.loads(text)
    for game in games:
        try:
            if record:
                if game.deal is not None:
                    game.to_record()
                continue
            _ = (game.deal, game.auction, game.play, game.contract, game.declarer, game.result)
        except FormatError:
            pass
    return len(games)


def _ours_lin(text: str, record: bool = False) -> int:
    boards = lin.loads(text).boards
    for board in boards:
        if record:
            board.to_record()
        else:
            _ = (board.deal, board.calls, board.plays, board.claim)
    return len(boards)


def _each(read: Callable[..., object], texts: dict[str, str], *args: object) -> list[object]:
    """``read(text, *args)`` for every text."""
    return [read(t, *args) for t in texts.values()]


def main() -> None:
    try:
        elin: ModuleType | None = importlib.import_module("endplay.parsers.lin")
        epbn: ModuleType | None = importlib.import_module("endplay.parsers.pbn")
    except ImportError:  # pragma: no cover - endplay is a dev dependency
        elin = epbn = None
    if not CORPUS.is_dir():
        print(f"skipped: no corpus at {CORPUS} (BENCH_CORPUS sets another place)")
        return
    for kind, ours, parser, pattern in (("PBN", _ours_pbn, epbn, "pbn/*.pbn"), ("LIN", _ours_lin, elin, "lin/*")):
        paths = sorted(CORPUS.glob(pattern))[: 8 if QUICK and kind == "PBN" else None]
        texts = {p.name: decode(p.read_bytes())[0] for p in paths}
        games = sum(ours(t) for t in texts.values())
        if not games:
            print(f"{kind}: skipped, no game in {CORPUS / pattern} (BENCH_CORPUS sets another place)")
            continue
        whole = median_rate(Side(kind, functools.partial(_each, ours, texts), games))
        print(
            f"{kind}: {'the first 8 files' if len(paths) == 8 else 'whole corpus'}, {len(texts)} files, {games}"
            f" games: {whole.cpu:,.0f} games/s CPU ({whole.wall:,.0f} wall)"
        )
        if parser is None:
            print("  endplay not installed: no ratio")
            continue
        common = {}
        for name, text in texts.items():
            try:
                if parser.loads(text):
                    common[name] = text
            except Exception:
                continue
        n = sum(ours(t) for t in common.values())
        name = kind.lower()
        mine = Side(f"{name}.loads: what endplay's Board holds", functools.partial(_each, ours, common), n)
        full = Side(
            f"{name}.loads + to_record (auction by the laws, play order)",
            functools.partial(_each, ours, common, True),
            n,
        )
        theirs = peer(f"endplay parsers.{name}.loads", functools.partial(_each, parser.loads, common), n)
        print(f"  files both read: {len(common)} ({n} games)")
        report(f"{kind}: the values endplay's Board holds", mine, theirs, compare(mine, theirs), "games", target=5)
        report(f"{kind}: full records", full, theirs, compare(full, theirs), "games", target=3)
        _per_file(kind, ours, parser, common)


def _per_file(kind: str, ours: Callable[..., int], parser: Any, common: dict[str, str]) -> None:
    """The ratios above are weighted by games, so a large file sets them (the held-out check, docs/performance.md):
    the largest file's share, and the median over the files of each file's own ratio (3 alternating rounds a
    file, our caches cleared before each). A file's ratio compares the time each side takes to read it, so a file
    of which the two read different numbers of games (PBN ``[Deal]`` lines with no blank line between them: a game
    each for us, as a repeated tag starts a game, one board for endplay) compares unlike work: it is left out of
    the median, and named."""
    counts = {name: ours(text) for name, text in common.items()}
    largest = max(counts, key=counts.__getitem__)
    total = sum(counts.values())
    share = counts[largest] / total
    print(f"  the largest file, {largest}, holds {counts[largest]} of the {total} games ({share:.0%})")
    boards = {name: len(parser.loads(text)) for name, text in common.items()}
    unlike = [name for name in common if counts[name] != boards[name]]
    for name in unlike:
        print(f"  left out of the median: {name} (ours {counts[name]} games, endplay's {boards[name]})")
    typed, full = [], []
    for name, text in common.items():
        if name in unlike:
            continue
        theirs = peer("", functools.partial(parser.loads, text), counts[name])
        typed.append(compare(Side("", functools.partial(ours, text), counts[name]), theirs, rounds=3).ratio)
        full.append(compare(Side("", functools.partial(ours, text, True), counts[name]), theirs, rounds=3).ratio)
    print(
        f"  {kind} per file, the median of {len(typed)} files' own ratios by CPU: typed"
        f" {statistics.median(typed):.2f}x (quartiles {_quartiles(typed)}), full records"
        f" {statistics.median(full):.2f}x (quartiles {_quartiles(full)})"
    )


def _quartiles(ratios: list[float]) -> str:
    low, _, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios[0],) * 3
    return f"{low:.2f}-{high:.2f}"


if __name__ == "__main__":
    main()
