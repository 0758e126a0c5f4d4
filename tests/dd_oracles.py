"""Readers for the double-dummy results other programs recorded in ``shared/corpus`` (see its MANIFEST.md).

Each reader yields :class:`Oracle` records: the deal, dealer and vulnerability where known, the DD cells given
(``(strain, declarer) -> tricks``, only those the file states), and the recorded par score (NS view) if any.
A tiny regex extraction, enough for the DD tags; the full PBN parser lives in ``contractbridge.formats``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from contractbridge.cards import Seat, Strain
from contractbridge.deal import Deal, Vulnerability

Cells = dict[tuple[Strain, Seat], int]

#: Strain order of the hex strings (DoubleDummyTricks, Ability, sol10, PS Bridge): NT S H D C.
HEX_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: DDS ``TABLE`` lines: strains S H D C NT, each for hands N E S W.
TABLE_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
DDS_VUL = {0: Vulnerability.NONE, 1: Vulnerability.BOTH, 2: Vulnerability.NS, 3: Vulnerability.EW}


@dataclass
class Oracle:
    source: str
    deal: Deal
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    cells: Cells = field(default_factory=dict)
    par_score: int | None = None
    par_contracts: frozenset[str] | None = None  # DDS PAR2 notation, e.g. "4S*-EW-1"


def read_dds_list(path: Path) -> Iterator[Oracle]:
    """DDS ``hands/list*.txt``: ``PBN dealer vul trump first "deal"``, ``TABLE`` (20 ints), ``PAR2``."""
    oracle: Oracle | None = None
    for line in path.read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "PBN":
            m = re.match(r'(\d) (\d) (\d) (\d) "([^"]+)"', rest)
            assert m, line
            dealer, vul = Seat(int(m.group(1))), DDS_VUL[int(m.group(2))]
            oracle = Oracle(f"{path.name}:{m.group(5)}", Deal(m.group(5)), dealer, vul)
        elif word == "TABLE" and oracle is not None:
            nums = [int(x) for x in rest.split()]
            for i, strain in enumerate(TABLE_STRAINS):
                for seat in Seat:
                    oracle.cells[strain, seat] = nums[4 * i + seat]
        elif word == "PAR2" and oracle is not None:
            parts = re.findall(r'"([^"]*)"', rest)
            oracle.par_score = int(parts[0])
            oracle.par_contracts = frozenset(parts[1:])
            yield oracle
            oracle = None


def read_gib_sol(path: Path) -> Iterator[Oracle]:
    """GIB ``sol*.txt``: 67-char deal from West, ``:``, 20 hex digits (NT S H D C × slots E N W S); the digits
    in the E and W slots count North-South's tricks."""
    slots = (Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH)
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        hands, digits = line[:67], line[68:88]
        oracle = Oracle(f"{path.name}:{hands}", Deal("W:" + hands))
        for i, strain in enumerate(HEX_STRAINS):
            for j, seat in enumerate(slots):
                v = int(digits[4 * i + j], 16)
                oracle.cells[strain, seat] = 13 - v if seat in (Seat.EAST, Seat.WEST) else v
        yield oracle


_TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')


def read_pbn(path: Path) -> Iterator[Oracle]:
    """The DD tags of a PBN file: DoubleDummyTricks, Ability, OptimumResultTable, OptimumScore."""
    text = path.read_bytes().decode("latin-1").lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    tags: dict[str, str] = {}
    previous: dict[str, str] = {}
    ort: list[str] = []
    in_ort = False

    def flush() -> Iterator[Oracle]:
        nonlocal tags, ort
        if "Deal" in tags:
            for k, v in tags.items():
                if v == "#":
                    tags[k] = previous.get(k, "")
            oracle = _pbn_oracle(path, tags, ort)
            if oracle is not None:
                yield oracle
            previous.update(tags)
        tags, ort = {}, []

    for line in text.split("\n"):
        m = _TAG.match(line.strip())
        if m:
            name, value = m.groups()
            in_ort = name == "OptimumResultTable"
            if name in ("Event", "Board") and "Deal" in tags:
                yield from flush()
            tags[name] = value
        elif in_ort and line.strip() and not line.startswith(("%", "{", ";")):
            ort.append(line.strip())
        else:
            in_ort = False
    yield from flush()


def _pbn_oracle(path: Path, tags: dict[str, str], ort: list[str]) -> Oracle | None:
    try:
        deal = Deal(tags["Deal"])
    except ValueError:
        return None
    dealer = Seat.parse(tags["Dealer"]) if tags.get("Dealer", "") in list("NESW") else None
    vul = tags.get("Vulnerable")
    vulnerability = Vulnerability.parse(vul) if vul is not None else None
    oracle = Oracle(f"{path.name}:{tags.get('Board', '?')}", deal, dealer, vulnerability)
    ddt = tags.get("DoubleDummyTricks", "")
    if re.fullmatch(r"[0-9a-dA-D]{20}", ddt):
        for i, seat in enumerate((Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)):
            for j, strain in enumerate(HEX_STRAINS):
                oracle.cells[strain, seat] = int(ddt[5 * i + j], 16)
    for m in re.finditer(r"([NESW]):([0-9a-dA-D]{5})", tags.get("Ability", "")):
        for j, strain in enumerate(HEX_STRAINS):
            oracle.cells[strain, Seat.parse(m.group(1))] = int(m.group(2)[j], 16)
    rows = [r.split() for r in ort]
    if rows and not all(r[-1] == "0" for r in rows):  # an all-zero table is a placeholder (Bridge Solver Online)
        for row in rows:
            if len(row) == 3 and row[0] in "NESW" and row[2].isdigit():
                oracle.cells[Strain.parse(row[1]), Seat.parse(row[0])] = int(row[2])
    score = re.fullmatch(r"(NS|EW) \+?(-?\d+)", tags.get("OptimumScore", "").strip())
    if score:
        value = int(score.group(2))
        oracle.par_score = value if score.group(1) == "NS" else -value
    return oracle
