"""Where the terminal keeps what is played, and the summary of a match (issue #27).

``play`` with no ``--log`` keeps its logs under the user's data directory (``$XDG_DATA_HOME/contractbridge``,
else ``~/.local/share/contractbridge``): a match is a directory of one log a board (``board-N.jsonl``) and its
settings (``match.json``), a rubber one session log (``rubbers/<time>.jsonl``). ``--resume`` with no file (the
word ``last``) continues the newest of them. Nothing here ever replaces a file: names are new, or refused.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table as Grid

from contractbridge.cards import Side
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError
from contractbridge.systems.agreements import PartnershipAgreements

__all__ = ["LAST", "BoardLine", "Match", "data_dir", "last_rubber", "new_rubber_log", "print_summary"]

#: ``--resume last`` (or ``--resume`` alone): the newest match, or rubber with ``--rubber``.
LAST = "last"
DATA_ENV = "XDG_DATA_HOME"


def data_dir() -> Path:
    """The user's data directory for contractbridge (XDG base directories: ``$XDG_DATA_HOME`` or
    ``~/.local/share``)."""
    base = os.environ.get(DATA_ENV) or str(Path.home() / ".local" / "share")
    return Path(base) / "contractbridge"


def _stamp() -> str:
    return time.strftime("%Y-%m-%d_%H%M%S")


def _newest(directory: Path, pattern: str, what: str) -> Path:
    found = sorted(directory.glob(pattern)) if directory.is_dir() else []
    if not found:
        raise BridgeError(f"no {what} to resume in {directory}: play one first (or name its log: --resume FILE)")
    return found[-1]


def new_rubber_log() -> Path:
    """A new, unused name for a rubber's session log under the data directory (the file is not made here)."""
    directory = data_dir() / "rubbers"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{_stamp()}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = directory / f"{_stamp()}-{n}.jsonl"
    return path


def last_rubber() -> Path:
    """The newest rubber log under the data directory."""
    return _newest(data_dir() / "rubbers", "*.jsonl", "rubber")


@dataclass(frozen=True)
class Match:
    """A match of ``boards`` boards from board ``first``, one log a board in ``directory``; ``seed`` (if any)
    deals board ``first + i`` from ``seed + i``, so that a resumed match deals the boards it would have dealt;
    ``deals`` (boards read from a file, by number) are played as they are instead."""

    directory: Path
    first: int
    boards: int
    edition: str
    seed: int | None
    deals: Mapping[int, Board] = field(default_factory=dict)
    agreements: PartnershipAgreements | None = None  # the pairs' cards, in each board's board event (L40A1(b))
    irregular: bool = False  # tables with a director (``play --director``)

    @classmethod
    def create(
        cls,
        first: int,
        boards: int,
        edition: str,
        seed: int | None,
        deals: Mapping[int, Board] | None = None,
        agreements: PartnershipAgreements | None = None,
        *,
        irregular: bool = False,
    ) -> Match:
        """A new match directory under the data directory, with its ``match.json`` (the boards of a file and the
        pairs' cards kept in it, so that a resumed match plays them)."""
        root = data_dir() / "matches"
        root.mkdir(parents=True, exist_ok=True)
        stamp, n = _stamp(), 1
        while True:
            directory = root / (stamp if n == 1 else f"{stamp}-{n}")
            try:
                directory.mkdir()
                break
            except FileExistsError:
                n += 1
        from contractbridge.tournament.handrecords import board_to_dict

        match = cls(directory, first, boards, edition, seed, dict(deals or {}), agreements, irregular)
        fields: dict[str, Any] = {"first": first, "boards": boards, "edition": edition, "seed": seed}
        if irregular:
            fields["irregular"] = True
        if match.deals:
            fields["deals"] = [board_to_dict(b) for _, b in sorted(match.deals.items())]
        if agreements is not None:
            fields["system"] = agreements.to_dict()
        (directory / "match.json").write_text(json.dumps(fields) + "\n", encoding="utf-8")
        return match

    @classmethod
    def load(cls, directory: Path) -> Match:
        """The match kept in ``directory`` (a typed error when it is not one)."""
        from contractbridge.tournament.handrecords import board_from_dict

        try:
            fields = json.loads((directory / "match.json").read_text(encoding="utf-8"))
            seed = fields["seed"]
            deals = {b.number: b for b in map(board_from_dict, fields.get("deals", ()))}
            cards = fields.get("system")
            agreements = None if cards is None else PartnershipAgreements.from_dict(cards)
            irregular = fields.get("irregular") is True
            return cls(directory, int(fields["first"]), int(fields["boards"]), str(fields["edition"]),
                       None if seed is None else int(seed), deals, agreements, irregular)  # fmt: skip
        except (OSError, ValueError, KeyError, TypeError, BridgeError) as err:
            raise BridgeError(f"{directory} is not a match of the terminal table ({err})") from None

    @classmethod
    def last(cls) -> Match:
        """The newest match under the data directory."""
        return cls.load(_newest(data_dir() / "matches", "*/match.json", "match").parent)

    @property
    def numbers(self) -> range:
        return range(self.first, self.first + self.boards)

    def log(self, number: int) -> Path:
        """The log of board ``number``."""
        return self.directory / f"board-{number}.jsonl"

    def board(self, number: int) -> Board:
        """Board ``number``: the file's, or dealt from the match's seed (L2: its dealer and vulnerability)."""
        if number in self.deals:
            return self.deals[number]
        return Board(number, Deal.random(None if self.seed is None else self.seed + number - self.first))


@dataclass(frozen=True)
class BoardLine:
    """One board of a match for its summary: the result, the score and par for the player's side, the IMPs
    against par (L78B), and how many tricks the contract takes double dummy."""

    number: int
    result: str
    score: int | None
    par: int | None
    imps: int | None
    dd_tricks: int | None
    contract: str | None

    @property
    def dd_note(self) -> str:
        if self.contract is None or self.dd_tricks is None:
            return "passed out" if self.contract is None else "no double-dummy analysis"
        return f"double dummy {self.contract} takes {self.dd_tricks} tricks"


def print_summary(console: Console, lines: Sequence[BoardLine], side: Side) -> None:
    """The end of a match: each board's result, score, par and IMPs; the total; the best and worst board."""
    if not lines:
        return
    grid = Grid("Board", "Result", "Score", "Par", "IMP", title=f"Match summary ({side.name})", box=None)
    for line in lines:
        grid.add_row(str(line.number), line.result, _signed(line.score), _signed(line.par), _signed(line.imps))
    console.print(grid)
    scored = [line for line in lines if line.imps is not None]
    total = sum(line.imps or 0 for line in scored)
    boards = "1 board" if len(lines) == 1 else f"{len(lines)} boards"
    console.print(f"[bold]{boards}, {total:+d} IMP against par[/bold]")
    if len(scored) > 1:
        best = max(scored, key=lambda x: x.imps or 0)
        worst = min(scored, key=lambda x: x.imps or 0)
        for word, line in (("Best", best), ("Worst", worst)):
            console.print(f"{word} board: {line.number}, {line.result}, {line.imps:+d} IMP ({line.dd_note})")


def _signed(value: int | None) -> str:
    return "—" if value is None else f"{value:+d}"
