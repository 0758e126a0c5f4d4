"""Run every benchmark: each ``benchmarks/bench_*.py`` module has ``main()`` that prints its figures and a
ratio against a peer measured in the same run. ``python -m benchmarks [NAME …]`` runs only those named."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("bench_"))
    wanted = [n if n.startswith("bench_") else f"bench_{n}" for n in argv] or names
    for name in wanted:
        print(f"== {name}")
        importlib.import_module(f"benchmarks.{name}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
