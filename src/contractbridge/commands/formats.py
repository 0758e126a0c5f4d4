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
from contractbridge.formats import convert, diagram, files, lin, pbn
from contractbridge.formats.inputs import LIMITS, MiB
from contractbridge.formats.record import Record

FileArg = Annotated[Path, typer.Argument(help="a .pbn, .lin or .jsonl file", exists=True, dir_okay=False)]
MaxSize = Annotated[
    int | None,
    typer.Option("--max-size", metavar="MB", help="refuse files larger than this (default 64 MB)", min=1),
]


def _limit(megabytes: int | None) -> int | None:
    return None if megabytes is None else megabytes * MiB


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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


def board_files(records: list[Record], target: Path) -> list[tuple[Path, Record]]:
    """Where each record goes when a JSON-lines target gets one board a file: ``TARGET-<board>.jsonl`` (a board
    number met again gets ``-2``, ``-3`` …; a record without a number is named by its place)."""
    if len(records) == 1:
        return [(target, records[0])]
    out: list[tuple[Path, Record]] = []
    seen: dict[str, int] = {}
    for i, record in enumerate(records, 1):
        name = str(record.number) if record.number is not None else f"{i}"
        seen[name] = seen.get(name, 0) + 1
        suffix = name if seen[name] == 1 else f"{name}-{seen[name]}"
        out.append((target.with_name(f"{target.stem}-{suffix}{target.suffix}"), record))
    return out


def _write(records: list[Record], target: Path, kind: str, *, force: bool) -> list[str]:
    if kind != "jsonl":
        files.write_records(records, target)
        return [str(target)]
    places = board_files(records, target)
    _refuse_existing([path for path, _ in places], force)
    for path, record in places:
        files.write_records([record], path)
    return [str(path) for path, _ in places]


def _refuse_existing(paths: list[Path], force: bool) -> None:
    """A file of the user's is never replaced unasked: ``--force`` says to."""
    taken = [path for path in paths if path.exists()]
    if taken and not force:
        raise FormatError("exists: convert never replaces a file unasked (--force replaces it)", file=str(taken[0]))


def _boards(count: int, source: Path) -> int:
    """``count``, the boards read from ``source``; none is a ``FormatError``: nothing is written (an empty, binary
    or mistaken file is not 'converted' into an empty one)."""
    if count == 0:
        raise FormatError("no boards: nothing written", file=str(source))
    return count


def _dealt(games: list[pbn.PbnGame]) -> int:
    """The games with a deal, written or inherited (boards, whether they read or not)."""
    return sum(game.tag("Deal") is not None or "Deal" in game.inherited for game in games)


def _convert(
    source: Path, target: Path, kinds: tuple[str, str], limit: int, force: bool, console: Console
) -> tuple[int, list[str]]:
    """Write ``source``'s boards to ``target`` (the same format rewritten as read; else through the neutral
    records, warning of what the target cannot hold); the number of boards and the files written."""
    kind_in, kind_out = kinds
    if kind_in == kind_out == "pbn":  # rewritten as read, a header game (no deal) too
        pf = pbn.read_file(source, limit=limit)
        count = _boards(_dealt(pf.games), source)
        pbn.write_file(pf, target)
        return count, [str(target)]
    if kind_in == "lin":
        lf = lin.read_file(source, limit=limit)
        if kind_out == "lin":
            count = _boards(len(lf.boards), source)
            lin.write_file(lf, target)
            return count, [str(target)]
        for tag, lost in sorted(convert.lost(lf, kind_out).items()):
            console.print(f"warning: {source}: {_plural(lost, tag + '|…|')} not carried over", highlight=False)
        if kind_out == "pbn":
            try:
                games = convert.lin_to_pbn(lf)
            except FormatError as err:  # a LIN board's error has its line and column, not the file
                raise err.located(file=str(source)) from None
            count = _boards(len(games), source)
            pbn.write_file(games, target, lf.info)
            return count, [str(target)]
    dealt = None  # the games with a deal (boards, read or not), when the source may hold more than one
    if kind_in == "lin":
        dealt = len(lf.boards)
    if kind_in == "pbn":
        games = pbn.read_file(source, limit=limit).games
        dealt = _dealt(games)
        for tag, lost in sorted(convert.pbn_lost(games, kind_out).items()):
            name = tag if tag == convert.COMMENTARY else f"[{tag}]"
            console.print(f"warning: {source}: {name} of {_plural(lost, 'board')} not carried over")
    records = [loc.record for loc in files.read_records(source, skip_bad=True, limit=limit)]
    _boards(len(records), source)
    if dealt is not None and dealt > len(records):
        skipped = _plural(dealt - len(records), "board")
        console.print(f"warning: {source}: {skipped} not read, not written (contractbridge check {source} says why)")
    return len(records), _write(records, target, kind_out, force=force)


def register(app: typer.Typer) -> None:
    @app.command("show")
    def show_command(
        file: FileArg,
        board: Annotated[int | None, typer.Option("--board", "-b", help="only boards with this number")] = None,
        ascii: Annotated[bool, typer.Option("--ascii", help="plain ASCII diagrams")] = False,
        max_size: MaxSize = None,
    ) -> None:
        """Show the boards of a file: diagram, auction, play and result."""
        console = Console(highlight=False)
        try:
            located = files.read_records(file, skip_bad=True, limit=_limit(max_size))
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
        max_size: MaxSize = None,
        force: Annotated[bool, typer.Option("--force", help="replace TARGET if it exists")] = False,
    ) -> None:
        """Convert between PBN, LIN and JSON lines (by extension); same format: rewrite losslessly. LIN to PBN
        keeps a vugraph file's event, teams, results line and commentary. JSON lines hold one board a file: a
        file of several boards becomes TARGET-<board>.jsonl, one per board. An existing TARGET is refused
        unless --force."""
        console = Console(stderr=True, highlight=False, soft_wrap=True)
        try:
            kind_in, kind_out = files.format_of(source), files.format_of(target)
            limit = LIMITS[kind_in] if max_size is None else max_size * MiB
            if kind_out != "jsonl":  # a JSON-lines target's files are named by its boards (_write checks them)
                _refuse_existing([target], force)
            count, written = _convert(source, target, (kind_in, kind_out), limit, force, console)
        except (FormatError, OSError) as err:
            raise _fail(err if isinstance(err, FormatError) else FormatError(str(err), file=str(target))) from None
        where = written[0] if len(written) == 1 else f"{_plural(len(written), 'file')} {target.stem}-*.jsonl"
        console.print(f"{_plural(count, 'board')} written to {where}", highlight=False)

    @app.command("check")
    def check_command(
        file: FileArg,
        replay: Annotated[bool, typer.Option("--replay", help="also replay each auction and play by the laws")] = False,
        max_size: MaxSize = None,
    ) -> None:
        """Report every problem of a file as file:line:column; exit status 1 if there is any."""
        problems = files.check(file, replay=replay, limit=_limit(max_size))
        console = Console(highlight=False, soft_wrap=True)
        for problem in problems:
            console.print(str(problem))
        if problems:
            console.print(f"{len(problems)} problem{'s' if len(problems) > 1 else ''}")
            raise typer.Exit(1)
        console.print(f"{file}: no problems")
