"""Dealing, each job beside its fairest peer (benchmarks/_harness.py: alternating rounds, medians, ratios).

- Random deals as objects: ``DealGenerator(seed).deals(n)`` against endplay's ``generate_deals`` (one call for
  many deals, not ``generate_deal`` once per deal). Both yield deal objects whose hands are built on access
  (endplay's are views of a C struct, ours ``BatchDeal``); a second row touches all four hands of every deal.
- Random deals as arrays (``DealGenerator.batch``) against Thomas Andrews' C dealer ``deal`` (Debian package
  ``deal``, run with its silent formatter), when it is installed: the physical limit.
- Constrained deals (``CONSTRAINT``): ours against endplay's ``generate_deals`` with the same constraint, and
  against ``deal`` with the same constraint in Tcl, when installed. The rate is deals accepted per second.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from benchmarks._harness import ROUNDS, Side, compare, report, sized
from benchmarks._harness import peer as other
from contractbridge import Seat
from contractbridge.dealer import DealGenerator

CONSTRAINT = "hcp(north)>=15 && spades(north)>=5"
DEAL_TCL = "main {\n  reject unless {[hcp north] >= 15 && [spades north] >= 5}\n  accept\n}\n"
DEAL_SILENT = "/usr/share/deal/format/none"


def _deal_tool() -> str | None:
    """The ``deal`` program (Debian installs it in /usr/games), if installed with its silent formatter."""
    found = shutil.which("deal") or shutil.which("deal", path="/usr/games")
    return found if found is not None and Path(DEAL_SILENT).is_file() else None


def _run_deal(tool: str, n: int, script: str | None) -> None:
    args = [tool, "-s", "1", "-i", DEAL_SILENT]
    if script is not None:
        args += ["-i", script]
    subprocess.run([*args, str(n)], check=True, stdout=subprocess.DEVNULL)


def _touch(deals: object) -> None:
    for d in deals:  # type: ignore[attr-defined]
        _ = (d[Seat.NORTH], d[Seat.EAST], d[Seat.SOUTH], d[Seat.WEST])


def _touch_endplay(deals: object) -> None:
    for d in deals:  # type: ignore[attr-defined]
        _ = (d.north, d.east, d.south, d.west)


def main() -> None:
    from endplay.dealer import generate_deals

    tool = _deal_tool()
    n_ours, n_peer = sized(200_000, 50_000), sized(5_000, 1_000)
    ours = Side(
        "DealGenerator.deals (Deal objects)", lambda: sum(1 for _ in DealGenerator(seed=1).deals(n_ours)), n_ours
    )
    peer = other("endplay generate_deals", lambda: sum(1 for _ in generate_deals(produce=n_peer, seed=1)), n_peer)
    report("random deals as objects", ours, peer, compare(ours, peer), "deals", target=30)

    ours = Side(
        "DealGenerator.deals, all four hands touched", lambda: _touch(DealGenerator(seed=1).deals(n_ours)), n_ours
    )
    peer = other(
        "endplay generate_deals, all four hands touched",
        lambda: _touch_endplay(generate_deals(produce=n_peer, seed=1)),
        n_peer,
    )
    report("random deals as objects, hands used", ours, peer, compare(ours, peer), "deals")

    arrays = Side(
        "DealGenerator.batch (NumPy arrays)",
        lambda: DealGenerator(seed=1).batch(sized(1_000_000, 200_000)),
        sized(1_000_000, 200_000),
    )
    if tool is None:
        print("random deals as arrays: `deal` is not installed (apt-get install deal): no C peer")
    else:
        c_peer = other(
            "deal (Thomas Andrews, C), silent",
            lambda: _run_deal(tool, sized(1_000_000, 200_000), None),
            sized(1_000_000, 200_000),
        )
        report("random deals as arrays", arrays, c_peer, compare(arrays, c_peer), "deals")

    n_ours, n_peer = sized(50_000, 10_000), sized(300, 100)
    print(f"constrained: {CONSTRAINT}")
    ours = Side(
        "DealGenerator.deals (Deal objects)",
        lambda: sum(1 for _ in DealGenerator(CONSTRAINT, seed=1).deals(n_ours)),
        n_ours,
    )
    peer = other(
        "endplay generate_deals", lambda: sum(1 for _ in generate_deals(CONSTRAINT, produce=n_peer, seed=1)), n_peer
    )
    report("constrained deals", ours, peer, compare(ours, peer), "deals")
    if tool is None:
        print("constrained deals: `deal` is not installed (apt-get install deal): no C peer")
        return
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "constraint.tcl"
        script.write_text(DEAL_TCL)
        c_peer = other("deal (Thomas Andrews, C + Tcl), silent", lambda: _run_deal(tool, n_ours, str(script)), n_ours)
        report(
            f"constrained deals against the C dealer ({ROUNDS} rounds)",
            ours,
            c_peer,
            compare(ours, c_peer),
            "deals",
            target=1,
        )


if __name__ == "__main__":
    main()
