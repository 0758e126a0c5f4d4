"""Parse the whole corpus (shared/corpus/pbn and lin): games per second, and the ratio against endplay's PBN and
LIN parsers (``endplay.parsers.pbn``/``lin``) on the files both read.

"Parse" means what endplay's ``Board`` holds: the deal, the calls, the cards, contract, declarer and result
as typed values. A second figure adds our full ``Record`` (the auction checked by the laws, the cards put in
the order played by the trick winners), which endplay does not do. Each round starts with the readers' memo
caches cleared (deals, calls), so no round reads what an earlier one parsed. Each job alternates with endplay
round by round (``benchmarks/_harness.py``: medians, the median ratio)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from benchmarks._harness import Side, compare, median_rate, report
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


def _cold(work: Callable[[], object]) -> Callable[[], object]:
    """``work`` with the readers' memo caches cleared first, so that no round reads what an earlier one parsed."""

    def run() -> object:
        deal_of.cache_clear()
        _CALLS.clear()
        return work()

    return run


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
        whole = Side(kind, _cold(lambda texts=texts, ours=ours: [ours(t) for t in texts.values()]), games)
        print(f"{kind}: whole corpus, {len(texts)} files, {games} games: {median_rate(whole):,.0f} games/s")
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
        name = kind.lower()
        board = _cold(lambda c=common, o=ours: [o(t) for t in c.values()])
        records = _cold(lambda c=common, o=ours: [o(t, True) for t in c.values()])
        mine = Side(f"{name}.loads: what endplay's Board holds", board, n)
        full = Side(f"{name}.loads + to_record (auction by the laws, play order)", records, n)
        theirs = Side(f"endplay parsers.{name}.loads", lambda c=common, p=peer: [p.loads(t) for t in c.values()], n)
        print(f"  files both read: {len(common)} ({n} games)")
        report(f"{kind}: the values endplay's Board holds", mine, theirs, compare(mine, theirs), "games")
        report(f"{kind}: full records", full, theirs, compare(full, theirs), "games", target=5)


if __name__ == "__main__":
    main()
