"""Run every benchmark: each ``benchmarks/bench_*.py`` module has ``main()`` that prints its figures and a
ratio against a peer measured in the same run. ``python -m benchmarks [--quick] [NAME …]`` runs only those
named; ``--quick`` (``BENCH_QUICK=1``) runs 3 rounds of smaller jobs (under 2 minutes on 2 cores; the whole run
under 15). Figures are CPU time first, wall clock beside (benchmarks/_harness.py)."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> None:
    if "--quick" in argv:
        os.environ["BENCH_QUICK"] = "1"  # read by benchmarks._harness, imported below
        argv = [a for a in argv if a != "--quick"]
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_"))
    wanted = [n if n.startswith("bench_") else f"bench_{n}" for n in argv] or names
    unknown = sorted(set(wanted) - set(names))
    if unknown:
        sys.exit(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(names)})")
    start, cpu = time.perf_counter(), time.process_time()
    for name in wanted:
        print(f"== {name}", flush=True)
        began, used = time.perf_counter(), time.process_time()
        importlib.import_module(f"benchmarks.{name}").main()
        print(
            f"== {name}: {time.perf_counter() - began:.0f} s wall, {time.process_time() - used:.0f} s CPU", flush=True
        )
    print(
        f"== all done in {time.perf_counter() - start:.0f} s wall, {time.process_time() - cpu:.0f} s CPU"
        f" (this process; the machine's load: {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
