"""LIN reading and LIN→PBN conversion scale linearly in the number of boards (#24 item 3): a generated vugraph
file of 10,000 boards (open and closed room, a results line, players, auction and play) against its first
1,000 boards. The figure is the time per board of each; the ratio of the whole times should be about 10 (the
issue asks at most 12; a quadratic reader gave 19 for 4× the boards).

Run: ``PYTHONPATH=src python -m benchmarks lin_scaling``."""

from __future__ import annotations

import functools
import statistics
from collections.abc import Callable

from benchmarks._harness import ROUNDS, clear_caches, timed
from contractbridge.deal import Deal, board_dealer, board_vulnerability
from contractbridge.formats import convert, lin, pbn
from contractbridge.formats.record import Record

BOARDS = 10_000
SMALL = 1_000


def vugraph_text(boards: int) -> str:
    """A vugraph LIN file of ``boards`` boards (half open room, half closed), each with its results entry."""
    deals = [Deal.random(seed) for seed in range(16)]
    entries: list[str] = []
    lines: list[str] = []
    for i in range(boards):
        number, room = 1 + i // 2, "oc"[i % 2]
        record = Record(
            deals[i % 16],
            board_dealer(number),
            board_vulnerability(number),
            number=number,
            players=("n", "e", "s", "w"),
        )
        pairs = "".join(str(p) for p in lin.LinBoard.from_record(record).pairs)
        lines.append(f"qx|{room}{number}|{pairs}")
        entries.append(f"{1 + i % 7}N{'NESW'[i % 4]}=")
    last = 1 + (boards - 1) // 2
    header = f"vg|Generated,Seg 1,I,1,{last},HOME,0,AWAY,0|rs|{','.join(entries)}|\n"
    return header + "\n".join(lines) + "\n"


def _per_board(job: Callable[[str], object], texts: dict[int, str]) -> dict[int, float]:
    """Median CPU seconds per board of ``job`` on each text, the sizes alternating round by round, our caches
    cleared before each round (the LIN deal cache among them)."""
    times: dict[int, list[float]] = {n: [] for n in texts}
    for _ in range(ROUNDS):
        for n, text in texts.items():
            clear_caches()
            times[n].append(timed(functools.partial(job, text)).cpu / n)
    return {n: statistics.median(values) for n, values in times.items()}


def main() -> None:
    texts = {n: vugraph_text(n) for n in (SMALL, BOARDS)}
    for label, job in (
        ("read LIN", lambda t: [b.to_record() for b in lin.loads(t).boards]),
        ("LIN→PBN", lambda t: pbn.dumps(convert.lin_to_pbn(lin.loads(t)))),
    ):
        per = _per_board(job, texts)
        small, big = per[SMALL], per[BOARDS]
        ratio = big * BOARDS / (small * SMALL)
        print(
            f"{label}: {1e6 * small:,.0f} µs CPU/board at {SMALL:,} boards, {1e6 * big:,.0f} µs at {BOARDS:,}; "
            f"{BOARDS:,} boards take {ratio:.1f}× the CPU time of {SMALL:,} (linear: 10×, the issue's bound 12×)"
        )


if __name__ == "__main__":
    main()
