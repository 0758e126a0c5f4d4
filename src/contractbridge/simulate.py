"""Simulations: deal many hands matching a constraint, solve them double-dummy, tabulate.

``simulate("spades(N) >= 5 and hcp(N) in 15..17", 10_000)`` runs generation and DDS in worker processes on
the local cores (each worker loads DDS once); with ``scheduler="tcp://host:8786"`` the chunks run on a Dask
cluster instead. Work is split into chunks with independent seeds (``SeedSequence.spawn``), so a seed gives
the same result whatever the number of workers. Results are streamed: each chunk comes back as a small
:class:`SimulationResult` (counts, not deals) and is merged at once, so a million-deal run holds no million
deals; Ctrl-C stops the run and keeps every chunk already finished (``result.interrupted``).
"""

from __future__ import annotations

import math
import os
import pickle
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Seat, Strain
from contractbridge.deal import Deal
from contractbridge.dealer import Constraint, DealGenerator, Predeal, parse_constraint

if TYPE_CHECKING:
    from rich.table import Table

    from contractbridge.dd import DDTable

__all__ = ["Analyse", "SimulationResult", "iter_simulation", "simulate"]

#: ``analyse(deal, table)`` → a number, or named numbers; ``table`` is None when ``dd=False``.
Analyse = Callable[[Deal, "DDTable | None"], float | Mapping[str, float]]

#: Deals per chunk: a multiple of the 40 tables DDS solves per call.
CHUNK: Final = 200


@dataclass
class SimulationResult:
    """What a simulation found: per strain and declarer, how often each number of tricks was taken
    (``tricks[strain, seat, k]``), and the frequencies and sums of any ``analyse`` values."""

    deals: int = 0
    attempts: int = 0
    tricks: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros((5, 4, 14), dtype=np.int64))
    values: dict[str, Counter[float]] = field(default_factory=dict)
    interrupted: bool = False

    def merge(self, other: SimulationResult) -> None:
        self.deals += other.deals
        self.attempts += other.attempts
        self.tricks += other.tricks
        for name, counter in other.values.items():
            self.values.setdefault(name, Counter()).update(counter)

    # --- figures ------------------------------------------------------------------------------------------------

    def frequencies(self, strain: Strain, declarer: Seat) -> npt.NDArray[np.float64]:
        """Probability of 0…13 tricks for ``declarer`` in ``strain``."""
        row: npt.NDArray[np.float64] = self.tricks[strain, declarer].astype(np.float64)
        total = float(row.sum())
        return row / total if total else row

    def mean_tricks(self) -> npt.NDArray[np.float64]:
        """``(5 strains, 4 seats)`` average tricks."""
        if not self.deals:
            return np.zeros((5, 4))
        out: npt.NDArray[np.float64] = (self.tricks * np.arange(14)).sum(axis=2) / self.deals
        return out

    def making(self, level: int, strain: Strain, declarer: Seat) -> float:
        """How often ``level`` in ``strain`` by ``declarer`` makes double dummy."""
        row = self.tricks[strain, declarer]
        total = row.sum()
        return float(row[6 + level :].sum() / total) if total else 0.0

    def mean(self, name: str) -> float:
        counter = self.values[name]
        n = sum(counter.values())
        return sum(v * c for v, c in counter.items()) / n if n else math.nan

    @property
    def acceptance(self) -> float:
        """Share of shuffled deals that satisfied the constraint."""
        return self.deals / self.attempts if self.attempts else 0.0

    def table(self) -> Table:
        """A Rich table: average tricks per strain and declarer, and the games and slams made."""
        from rich.table import Table

        t = Table(title=f"{self.deals} deals" + (" (interrupted)" if self.interrupted else ""))
        t.add_column("declarer")
        order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
        for strain in order:
            t.add_column(strain.symbol, justify="right")
        means = self.mean_tricks()
        for seat in Seat:
            t.add_row(seat.name.title(), *(f"{means[strain, seat]:.2f}" for strain in order))
        return t

    def frequency_table(self, declarer: Seat) -> Table:
        """Percentages of each number of tricks in each strain for ``declarer``."""
        from rich.table import Table

        t = Table(title=f"tricks by {declarer.name.title()} ({self.deals} deals)")
        t.add_column("tricks", justify="right")
        order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
        for strain in order:
            t.add_column(strain.symbol, justify="right")
        freqs = [self.frequencies(strain, declarer) for strain in order]
        for k in range(14):
            if any(f[k] > 0 for f in freqs):
                t.add_row(str(k), *(f"{100 * f[k]:.1f}%" for f in freqs))
        return t

    def plot(self, path: str | Path, declarer: Seat = Seat.NORTH) -> Path:
        """A bar chart of the trick distribution of ``declarer`` in each strain (PNG or SVG by suffix;
        needs matplotlib, the ``plot`` extra)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise RuntimeError("plotting needs matplotlib: pip install 'contractbridge[plot]'") from err
        path = Path(path)
        fig, ax = plt.subplots(figsize=(8, 4.5))
        order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
        width = 0.16
        for i, strain in enumerate(order):
            ax.bar(
                np.arange(14) + (i - 2) * width, 100 * self.frequencies(strain, declarer), width, label=strain.letter
            )
        ax.set_xticks(range(14))
        ax.set_xlabel(f"tricks taken by {declarer.name.title()}")
        ax.set_ylabel("% of deals")
        ax.set_title(f"Double-dummy tricks, {self.deals} deals")
        ax.legend()
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)
        return path

    def to_dict(self) -> dict[str, Any]:
        means = self.mean_tricks()
        return {
            "deals": self.deals,
            "attempts": self.attempts,
            "interrupted": self.interrupted,
            "mean_tricks": {
                strain.letter: {seat.letter: round(float(means[strain, seat]), 4) for seat in Seat} for strain in Strain
            },
            "tricks": {
                strain.letter: {seat.letter: self.tricks[strain, seat].tolist() for seat in Seat} for strain in Strain
            },
            "values": {name: {"mean": self.mean(name)} for name in self.values},
        }


# --- one chunk (runs in a worker) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Chunk:
    constraint: Constraint | str | None
    predeal: Predeal | None
    seed: np.random.SeedSequence
    deals: int
    dd: bool
    analyse: Analyse | None


def _run_chunk(chunk: _Chunk) -> SimulationResult:
    from contractbridge import dd

    dealer = DealGenerator(chunk.constraint, predeal=chunk.predeal, seed=chunk.seed)
    batch = dealer.batch(chunk.deals)
    result = SimulationResult(deals=len(batch), attempts=dealer.attempts)
    tables = None
    if chunk.dd:
        parts = []
        for start in range(0, len(batch), PROGRESS_STEP):  # the same tables, solved a few deals at a time
            parts.append(dd.dd_tables_array(batch.holdings[start : start + PROGRESS_STEP]))
            _count(len(parts[-1]))
        tables = np.concatenate(parts) if parts else dd.dd_tables_array(batch.holdings)
        cells = (np.arange(20).reshape(1, 5, 4) * 14 + tables).reshape(-1)
        result.tricks = np.bincount(cells, minlength=280).reshape(5, 4, 14).astype(np.int64)
    if chunk.analyse is not None:
        for i, deal in enumerate(batch.deals()):
            table = dd.DDTable.from_array(tables[i]) if tables is not None else None
            out = chunk.analyse(deal, table)
            items = out.items() if isinstance(out, Mapping) else (("value", out),)
            for name, value in items:
                result.values.setdefault(name, Counter())[float(value)] += 1
    return result


#: Deals solved between two progress reports (#27: the count moves deal by deal, not chunk by chunk).
PROGRESS_STEP: Final = 8
#: The deals solved so far across the processes of a run (a shared counter), when progress is shown.
_progress: Any = None


def _count(deals: int) -> None:
    if _progress is not None:
        with _progress.get_lock():
            _progress.value += deals


def _init_worker(parent: int | None = None, progress: Any = None) -> None:
    """A worker process: load DDS once, one solver thread per process (the processes share the cores); it
    ends itself when its parent is gone (killed, or ended without waiting for it: #27)."""
    import signal
    import threading

    from contractbridge import dd

    global _progress
    _progress = progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    dd.set_threads(1)
    if parent is not None:
        threading.Thread(target=_die_with, args=(parent,), daemon=True, name="die-with-parent").start()


def _die_with(parent: int) -> None:
    """Poll the parent process; exit at once (no clean-up: the work is the parent's) when it has gone."""
    while os.getppid() == parent:
        time.sleep(0.25)
    os._exit(1)


# --- running ----------------------------------------------------------------------------------------------------


def _chunks(
    constraint: Constraint | str | None,
    n: int,
    *,
    predeal: Predeal | None,
    seed: int | None,
    dd: bool,
    analyse: Analyse | None,
    chunk_size: int,
) -> Iterator[_Chunk]:
    if isinstance(constraint, str):
        # parsed here: syntax errors surface at once, and functions registered in this process travel with it
        constraint = parse_constraint(constraint)
    count = max(1, math.ceil(n / chunk_size)) if n > 0 else 0
    seeds = np.random.SeedSequence(seed).spawn(count)
    for i, child in enumerate(seeds):
        size = min(chunk_size, n - i * chunk_size)
        yield _Chunk(constraint, predeal, child, size, dd, analyse)


def iter_simulation(
    constraint: Constraint | str | None,
    n: int,
    *,
    analyse: Analyse | None = None,
    dd: bool = True,
    predeal: Predeal | None = None,
    seed: int | None = None,
    workers: int | None = None,
    scheduler: str | Any | None = None,
    chunk_size: int = CHUNK,
    progress: Any = None,
) -> Generator[SimulationResult, None, None]:
    """The chunks' results as they finish (any order). ``workers=0`` runs in this process; ``None`` uses one
    process per core; ``scheduler`` (a Dask address or ``distributed.Client``) runs on that cluster."""
    chunks = _chunks(constraint, n, predeal=predeal, seed=seed, dd=dd, analyse=analyse, chunk_size=chunk_size)
    if scheduler is not None:
        yield from _run_dask(chunks, scheduler)
        return
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers <= 0:
        global _progress
        _progress = progress
        try:
            for chunk in chunks:
                yield _run_chunk(chunk)
        finally:
            _progress = None
        return
    yield from _run_processes(chunks, workers, progress)


def _run_processes(chunks: Iterator[_Chunk], workers: int, progress: Any = None) -> Iterator[SimulationResult]:
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=get_context("spawn"),
        initializer=_init_worker,
        initargs=(os.getpid(), progress),
    )
    pending: set[Future[SimulationResult]] = set()
    try:
        for chunk in chunks:
            if not pending:
                _check_picklable(chunk)
            pending.add(pool.submit(_run_chunk, chunk))
            if len(pending) >= 2 * workers:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
    finally:
        # Interrupted: drop what has not started and end the chunks under way (their deals are lost; the
        # finished chunks are kept), so that Ctrl-C returns at once rather than when they finish.
        processes = list((getattr(pool, "_processes", None) or {}).values()) if pending else []
        for process in processes:
            process.terminate()
        pool.shutdown(wait=not pending, cancel_futures=True)
        for process in processes:
            process.join(1)


def _check_picklable(chunk: _Chunk) -> None:
    try:
        pickle.dumps(chunk)
    except (pickle.PicklingError, AttributeError, TypeError) as err:
        raise TypeError(
            "the constraint and analyse function must be picklable to run in worker processes "
            f"(module-level functions, not lambdas), or use workers=0: {err}"
        ) from None


def _run_dask(chunks: Iterator[_Chunk], scheduler: str | Any) -> Iterator[SimulationResult]:
    try:
        import distributed
    except ImportError as err:
        raise RuntimeError("running on a cluster needs Dask: pip install 'contractbridge[cluster]'") from err
    dask: Any = distributed  # untyped library
    as_completed = dask.as_completed
    own = isinstance(scheduler, str)
    client: Any = dask.Client(scheduler) if own else scheduler
    try:
        window = max(2 * sum(client.nthreads().values()), 2)
        futures = as_completed()
        in_flight = 0
        for chunk in chunks:
            futures.add(client.submit(_run_chunk, chunk, pure=False))
            in_flight += 1
            if in_flight >= window:
                yield next(futures).result()
                in_flight -= 1
        for future in futures:
            yield future.result()
    finally:
        if own:
            client.close()


def simulate(
    constraint: Constraint | str | None,
    n: int,
    *,
    analyse: Analyse | None = None,
    dd: bool = True,
    predeal: Predeal | None = None,
    seed: int | None = None,
    workers: int | None = None,
    scheduler: str | Any | None = None,
    chunk_size: int = CHUNK,
    progress: bool = False,
) -> SimulationResult:
    """Deal ``n`` hands satisfying ``constraint``, solve each double dummy (``dd``) and run ``analyse`` on it;
    returns the merged :class:`SimulationResult`. Ctrl-C returns what was finished, marked ``interrupted``."""
    result = SimulationResult()
    counter = get_context("spawn").Value("q", 0) if progress else None
    stream = iter_simulation(
        constraint,
        n,
        analyse=analyse,
        dd=dd,
        predeal=predeal,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        chunk_size=chunk_size,
        progress=counter,
    )
    bar = None
    stop = threading.Event()
    if progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        bar = Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()
        )
        bar.start()
        task = bar.add_task("deals solved", total=n)

        def refresh(solved: Any = counter) -> None:  # the count of solved deals, as the workers report them
            while not stop.wait(0.2):
                bar.update(task, completed=solved.value)

        threading.Thread(target=refresh, daemon=True, name="simulate-progress").start()
    try:
        for part in stream:
            result.merge(part)
            if bar is not None:
                bar.update(task, completed=result.deals)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        stop.set()
        stream.close()
        if bar is not None:
            bar.stop()
    return result
