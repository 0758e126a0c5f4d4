"""Parse the whole corpus (shared/corpus/pbn and lin): games per second, and the ratio against endplay's PBN and
LIN parsers (``endplay.parsers.pbn``/``lin``) on the files both read.

"Parse" means what endplay's ``Board`` holds: the deal, the calls, the cards, contract, declarer and result
as typed values. A second figure adds our full ``Record`` (the auction checked by the laws, the cards put in
the order played by the trick winners), which endplay does not do. Each round starts with the readers' memo
caches cleared (deals, calls), so no round reads what an earlier one parsed; figures are medians of 3 rounds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from contractbridge.errors import FormatError
from contractbridge.formats import lin, pbn
from contractbridge.formats._text import decode
from contractbridge.formats.pbn_values import _CALLS, deal_of

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


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


def _clear_caches() -> None:
    deal_of.cache_clear()
    _CALLS.clear()


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    """The median time of ``repeat`` cold rounds."""
    times = []
    for _ in range(repeat):
        _clear_caches()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    try:
        from endplay.parsers import lin as elin
        from endplay.parsers import pbn as epbn
    except ImportError:  # pragma: no cover - endplay is a dev dependency
        elin = epbn = None
    if not CORPUS.is_dir():
        print("shared/corpus is absent; nothing to measure")
        return
    for kind, ours, peer, pattern in (("PBN", _ours_pbn, epbn, "pbn/*.pbn"), ("LIN", _ours_lin, elin, "lin/*")):
        texts = {p.name: decode(p.read_bytes())[0] for p in sorted(CORPUS.glob(pattern))}
        games = sum(ours(t) for t in texts.values())
        total = _best(lambda texts=texts, ours=ours: [ours(t) for t in texts.values()])
        print(f"{kind}: whole corpus, {len(texts)} files, {games} games: {games / total:,.0f} games/s")
        if peer is None:
            print("  endplay not installed: no ratio")
            continue
        common = {}
        for name, text in texts.items():
            try:
                if peer.loads(text):
                    common[name] = text
            except Exception:
                continue
        n = sum(ours(t) for t in common.values())
        mine = _best(lambda common=common, ours=ours: [ours(t) for t in common.values()])
        theirs = _best(lambda common=common, peer=peer: [peer.loads(t) for t in common.values()])
        full = _best(lambda common=common, ours=ours: [ours(t, True) for t in common.values()])
        print(
            f"  files both read: {len(common)} ({n} games): contractbridge {n / mine:,.0f} games/s, "
            f"endplay {n / theirs:,.0f} games/s, ratio {theirs / mine:.2f}x"
        )
        print(
            f"  with full records (auction by the laws, play order): {n / full:,.0f} games/s, "
            f"ratio {theirs / full:.2f}x"
        )


if __name__ == "__main__":
    main()
