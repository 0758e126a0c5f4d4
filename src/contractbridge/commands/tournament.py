"""Tournament commands: ``results`` (read a published results file, re-score every board, recompute the
ranking and report every published number that differs) and ``event`` (a club's evening without the web:
create, movement cards, enter results, rank, export)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contractbridge.errors import BridgeError

__all__ = ["register", "results"]


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("results")(results)
    from contractbridge.commands.event import event_app

    app.add_typer(event_app, name="event")


def results(
    file: Annotated[Path, typer.Argument(help="A published results file: PBN with ScoreTable, or USEBIO XML.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the boards, points and ranking as JSON.")] = False,
    html: Annotated[Path | None, typer.Option("--html", help="Write the results site into this new directory.")] = None,
    boards: Annotated[
        int | None, typer.Option("--boards", help="Boards per teams match (VP scale) when the file does not say.")
    ] = None,
    dd: Annotated[bool, typer.Option("--dd", help="Add DD tables and par to the site's boards (DDS).")] = False,
) -> None:
    """Re-score every board of a published results file from its contracts and results (L77), recompute the
    matchpoints, IMPs or VPs by the event's form (L78, L12C2), print the ranking, and say where the file's
    published numbers differ from the recomputed ones and why."""
    from contractbridge.tournament import usebio
    from contractbridge.tournament.pbn_scores import read_published, recompute

    try:
        if file.suffix.lower() == ".xml":
            event = usebio.read_file(file)
        else:
            from contractbridge.formats import pbn

            event = read_published(pbn.read_file(file))
        recomputed = recompute(event, boards_per_match=boards)
    except (BridgeError, OSError) as exc:
        message = str(exc)  # the readers name the file already; the scoring's checks do not
        raise _fail(message if message.startswith(str(file)) else f"{file}: {message}") from None
    if as_json:
        typer.echo(json.dumps(recomputed.to_json(), ensure_ascii=False, indent=1))
    else:
        _print(recomputed)
    if html is not None:
        from contractbridge.tournament import site
        from contractbridge.tournament.handrecords import hand_records

        records = [(b.record, s) for b, s in recomputed.boards]
        try:
            hands = None
            if dd:
                boards_ = [board for board in (r.to_board() for r, _ in records) if board is not None]
                hands = {h.board.number: h for h in hand_records(boards_)}
            files = site.render_site(event.name, recomputed.event.form, records, recomputed.ranking,
                                     hand_records=hands, differences=recomputed.differences)  # fmt: skip
            written = site.write_site(html, files)
        except (BridgeError, OSError) as exc:
            raise _fail(str(exc)) from None
        if not as_json:
            Console(highlight=False).print(f"wrote {len(written)} files to {html}")


def _print(recomputed: object) -> None:
    from contractbridge.tournament.pbn_scores import Recomputed

    assert isinstance(recomputed, Recomputed)
    console = Console(highlight=False)
    event = recomputed.event
    form = event.form
    title = f"{event.name} — {form.name}" + (f" ({event.program})" if event.program else "")
    table = RichTable(title=title)
    for name in ("Rank", "Id", "Names", "Dir", "Total", "%", "Boards"):
        table.add_column(name, justify="left" if name in ("Names", "Id") else "right")
    for s in recomputed.ranking:
        table.add_row(str(s.rank), s.id, s.names, s.direction or "", f"{s.total:.{form.total_decimals}f}",
                      "" if s.percentage is None else f"{s.percentage:.{form.total_percent_decimals}f}",
                      str(s.boards))  # fmt: skip
    console.print(table)
    if recomputed.boards_per_match is not None:
        console.print(f"VPs on the WBF 2013 scale for {recomputed.boards_per_match} boards a match")
    ties = [d for d in recomputed.differences if d.tie_break]
    real = [d for d in recomputed.differences if not d.tie_break]
    if not real:
        console.print("every published score, board result, total, percentage and rank is reproduced"
                      + (f" ({len(ties)} tied places broken by the program)" if ties else ""))  # fmt: skip
    for d in recomputed.differences:
        console.print(("tie: " if d.tie_break else "differs: ") + str(d))
