"""``contractbridge show``, ``convert`` and ``check``: PBN, LIN and JSON-lines files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as Grid

from contractbridge.calls import PASS
from contractbridge.cards import Seat
from contractbridge.errors import BridgeError, FormatError
from contractbridge.formats import diagram, files, lin, pbn
from contractbridge.formats.record import Record

FileArg = Annotated[Path, typer.Argument(help="a .pbn, .lin or .jsonl file", exists=True, dir_okay=False)]


def _fail(err: BridgeError) -> typer.Exit:
    Console(stderr=True, soft_wrap=True).print(f"[red]{err}[/red]", highlight=False)
    return typer.Exit(1)


def _auction_grid(record: Record) -> Grid:
    """The auction in columns W N E S (the classic layout), alerts marked ``!``."""
    order = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    grid = Grid(*(s.name.title() for s in order), box=None, padding=(0, 2))
    cells = [""] * order.index(record.dealer)
    for c in record.calls:
        cells.append(("Pass" if c.call is PASS else str(c.call)) + ("!" if c.alert else ""))
    for i in range(0, len(cells), 4):
        grid.add_row(*(cells[i : i + 4] + [""] * 4)[:4])
    return grid


def _show(console: Console, record: Record, ascii: bool) -> None:
    board = record.board() if record.number is not None else None  # no made-up number on the diagram
    if record.event:
        console.print(f"[bold]{record.event}[/bold]", highlight=False)
    if board is None:
        console.print(f"Dealer {record.dealer.letter}  Vul {record.vulnerability.pbn}", highlight=False)
    if ascii:
        console.print(diagram.text(board or record.deal, ascii=True), end="", highlight=False)
    else:
        console.print(diagram.rich_diagram(board or record.deal))
    if any(record.players):
        console.print("  ".join(f"{s.letter}: {n}" for s, n in zip(Seat, record.players, strict=True) if n))
    if record.calls:
        console.print(_auction_grid(record))
        notes = [f"{c.call}: {c.explanation}" for c in record.calls if c.explanation]
        for note in notes:
            console.print(f"  {note}", highlight=False)
    contract, declarer = record.final_contract()
    if record.plays:
        tricks = [" ".join(str(c) for c in record.plays[i : i + 4]) for i in range(0, len(record.plays), 4)]
        console.print("Play: " + " | ".join(tricks), highlight=False)
    tricks_taken = record.tricks()
    if contract is not None and declarer is not None:
        result = "" if tricks_taken is None else f", {tricks_taken} tricks"
        claim = " (claimed)" if record.claim is not None and len(record.plays) < 52 and record.plays else ""
        console.print(f"Contract {contract} by {declarer.name.title()}{result}{claim}", highlight=False)
    elif record.calls and not contract:
        console.print("Passed out")
    console.print()


def register(app: typer.Typer) -> None:
    @app.command("show")
    def show_command(
        file: FileArg,
        board: Annotated[int | None, typer.Option("--board", "-b", help="only boards with this number")] = None,
        ascii: Annotated[bool, typer.Option("--ascii", help="plain ASCII diagrams")] = False,
    ) -> None:
        """Show the boards of a file: diagram, auction, play and result."""
        console = Console(highlight=False)
        try:
            located = files.read_records(file, skip_bad=True)
        except FormatError as err:
            raise _fail(err) from None
        shown = [loc.record for loc in located if board is None or loc.record.number == board]
        if not shown:
            raise _fail(FormatError(f"no board {board}" if board else "no boards", file=str(file)))
        for record in shown:
            _show(console, record, ascii)

    @app.command("convert")
    def convert_command(
        source: FileArg,
        target: Annotated[Path, typer.Argument(help="the file to write (.pbn, .lin or .jsonl)")],
    ) -> None:
        """Convert between PBN, LIN and JSON lines (by extension); same format: rewrite losslessly."""
        console = Console(stderr=True, highlight=False, soft_wrap=True)
        try:
            kind_in, kind_out = files.format_of(source), files.format_of(target)
            if kind_in == kind_out == "pbn":
                pbn.write_file(pbn.read_file(source), target)
                return
            if kind_in == kind_out == "lin":
                lin.write_file(lin.read_file(source), target)
                return
            located = files.read_records(source, skip_bad=True)
            files.write_records([loc.record for loc in located], target)
        except (FormatError, OSError) as err:
            raise _fail(err if isinstance(err, FormatError) else FormatError(str(err), file=str(target))) from None
        console.print(f"{len(located)} boards written to {target}")

    @app.command("check")
    def check_command(
        file: FileArg,
        replay: Annotated[bool, typer.Option("--replay", help="also replay each auction and play by the laws")] = False,
    ) -> None:
        """Report every problem of a file as file:line:column; exit status 1 if there is any."""
        problems = files.check(file, replay=replay)
        console = Console(highlight=False, soft_wrap=True)
        for problem in problems:
            console.print(str(problem))
        if problems:
            console.print(f"{len(problems)} problem{'s' if len(problems) > 1 else ''}")
            raise typer.Exit(1)
        console.print(f"{file}: no problems")
