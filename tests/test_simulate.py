"""Simulations (simulate.py): streamed, reproducible whatever the workers, on local processes or a Dask cluster."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from contractbridge import dd
from contractbridge.cards import Seat, Strain
from contractbridge.deal import Deal
from contractbridge.dealer import DealGenerator, hand_function, hcp
from contractbridge.simulate import SimulationResult, iter_simulation, simulate

pytest.importorskip("endplay")

CONSTRAINT = "hcp(N) + hcp(S) >= 24"


def _expected(constraint: str, n: int, seed: int, chunk_size: int) -> np.ndarray:
    """Trick counts rebuilt by hand: the same chunk seeds, the same dealer, DD tables one by one."""
    counts = np.zeros((5, 4, 14), dtype=np.int64)
    children = np.random.SeedSequence(seed).spawn(-(-n // chunk_size))
    for i, child in enumerate(children):
        size = min(chunk_size, n - i * chunk_size)
        for table in dd.dd_tables(list(DealGenerator(constraint, seed=child).batch(size).deals())):
            for strain, seat, tricks in table:
                counts[strain, seat, tricks] += 1
    return counts


def test_in_process_counts_match_dd_tables() -> None:
    """Three chunks, the last one short (2, 2, 1): every DD table counted once."""
    result = simulate(CONSTRAINT, 5, seed=5, workers=0, chunk_size=2)
    assert result.deals == 5 and not result.interrupted
    assert result.tricks.sum() == 5 * 20
    assert (result.tricks == _expected(CONSTRAINT, 5, 5, 2)).all()
    assert 0 < result.acceptance < 1
    means = result.mean_tricks()
    assert means[Strain.NOTRUMP, Seat.NORTH] > means[Strain.NOTRUMP, Seat.EAST]
    assert 0 <= result.making(3, Strain.NOTRUMP, Seat.NORTH) <= 1


def test_processes_give_the_same_result_as_in_process() -> None:
    """Chunk seeds come from SeedSequence.spawn, so the worker count does not change the outcome (two chunks, one
    a worker)."""
    local = simulate(CONSTRAINT, 4, seed=6, workers=0, chunk_size=2)
    pooled = simulate(CONSTRAINT, 4, seed=6, workers=2, chunk_size=2)
    assert (local.tricks == pooled.tricks).all() and local.attempts == pooled.attempts


def north_hcp(deal: Deal, table: dd.DDTable | None) -> Mapping[str, float]:
    points = {14: 4, 13: 3, 12: 2, 11: 1}
    out = {"hcp": float(sum(points.get(int(c.rank), 0) for c in deal[Seat.NORTH]))}
    if table is not None:
        out["nt"] = table.tricks(Strain.NOTRUMP, Seat.NORTH)
    return out


def test_analyse_values_are_aggregated() -> None:
    result = simulate("hcp(N) in 15..17", 1000, seed=7, workers=0, dd=False, analyse=north_hcp)
    assert result.deals == 1000 and result.tricks.sum() == 0
    assert set(result.values["hcp"]) <= {15.0, 16.0, 17.0}
    assert sum(result.values["hcp"].values()) == 1000
    assert 15 < result.mean("hcp") < 17


def test_analyse_sees_the_dd_table() -> None:
    result = simulate(CONSTRAINT, 4, seed=8, workers=0, analyse=north_hcp)
    assert result.mean("nt") == pytest.approx(result.mean_tricks()[Strain.NOTRUMP, Seat.NORTH])


def test_unpicklable_work_for_processes_is_a_clear_error() -> None:
    constraint = hand_function(lambda h: len(h), Seat.NORTH) >= 13
    with pytest.raises(TypeError, match="picklable"):
        simulate(constraint, 4, workers=1, dd=False)
    assert simulate(constraint, 4, workers=0, dd=False).deals == 4


class _Interrupt:
    def __init__(self, after: int) -> None:
        self.calls = 0
        self.after = after

    def __call__(self, deal: Deal, table: dd.DDTable | None) -> float:
        self.calls += 1
        if self.calls > self.after:
            raise KeyboardInterrupt
        return 1.0


def test_interrupted_run_keeps_finished_chunks() -> None:
    result = simulate(None, 1000, seed=9, workers=0, dd=False, chunk_size=100, analyse=_Interrupt(350))
    assert result.interrupted
    assert result.deals == 300
    assert sum(result.values["value"].values()) == 300


def test_results_stream_chunk_by_chunk() -> None:
    parts = list(iter_simulation(hcp(Seat.NORTH) >= 0, 250, seed=1, workers=0, dd=False, chunk_size=100))
    assert [p.deals for p in parts] == [100, 100, 50]
    merged = SimulationResult()
    for p in parts:
        merged.merge(p)
    assert merged.deals == 250


def test_plot_png_and_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = simulate(CONSTRAINT, 4, seed=10, workers=0)
    png = result.plot(tmp_path / "tricks.png")
    svg = result.plot(tmp_path / "tricks.svg", Seat.SOUTH)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in svg.read_text()
    assert result.to_dict()["deals"] == 4


def test_progress_bar_runs() -> None:
    result = simulate(None, 300, seed=2, workers=0, dd=False, progress=True, chunk_size=100)
    assert result.deals == 300


@pytest.mark.parametrize("processes", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_dask_local_cluster(processes: bool) -> None:
    """The same chunks on a Dask cluster (a LocalCluster with one worker) give the same counts."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        processes=processes, n_workers=1, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        on_dask = simulate(CONSTRAINT, 4, seed=11, scheduler=cluster.scheduler_address, chunk_size=2)
    local = simulate(CONSTRAINT, 4, seed=11, workers=0, chunk_size=2)
    assert on_dask.deals == 4
    assert (on_dask.tricks == local.tricks).all()
