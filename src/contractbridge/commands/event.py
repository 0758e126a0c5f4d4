"""``contractbridge event``: a club's evening without the web — create the event file, print the movement,
enter each table's results (or the Director's adjusted scores), rank, and export PBN, USEBIO, the HTML site and
the hand records. The event lives in one JSON file the director names; ``create`` never replaces an existing
file, and the other commands rewrite only a contractbridge event file, atomically."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contractbridge.errors import BridgeError, EventLogError, TournamentError

if TYPE_CHECKING:
    from contractbridge.deal import Board
    from contractbridge.tournament.event import Entry, Event
    from contractbridge.tournament.handrecords import HandRecord

event_app = typer.Typer(no_args_is_help=True, help="Run a pairs event from a JSON event file (create, movement, "
                        "result, travellers, rank, export).")  # fmt: skip

EventFile = Annotated[Path, typer.Argument(help="The event's JSON file.")]
_LIMIT = 16 * 1024 * 1024


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def load_event(path: Path) -> Event:
    """The event kept in the event file ``path`` (a ``TournamentError`` when it is not one)."""
    from contractbridge.formats.inputs import read_utf8
    from contractbridge.tournament.event import Event

    return Event.from_json(read_utf8(path, _LIMIT), str(path))


def _save(path: Path, text: str) -> None:
    """Replace the event file atomically (a new file beside it, then renamed over it)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@event_app.command("create")
def create(
    file: EventFile,
    movement: Annotated[
        str, typer.Option("--movement", help="mitchell, mitchell-relay (even tables), howell or round-robin (teams)")
    ] = "mitchell",
    tables: Annotated[int, typer.Option("--tables", help="Tables (Howell 3-8, Mitchell 3 or more).")] = 4,
    boards_per_round: Annotated[int, typer.Option("--boards-per-round", help="Boards a round.")] = 2,
    pairs: Annotated[int | None, typer.Option("--pairs", help="Pairs (one fewer than 2 x tables: a sit-out).")] = None,
    form: Annotated[str, typer.Option("--form", help="matchpoints, cross-imps, butler or teams")] = "matchpoints",
    teams: Annotated[
        int | None, typer.Option("--teams", help="Teams of a round robin (--form teams): two tables a match.")
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The event's name (default: Club pairs, or Club teams).")
    ] = None,
    seed: Annotated[str, typer.Option("--seed", help="Seed the boards are dealt from.")] = "1",
    arrow_switch: Annotated[
        list[int] | None,
        typer.Option("--arrow-switch", metavar="ROUND", help="A round whose boards are arrow-switched (repeatable)."),
    ] = None,
    boards: Annotated[
        Path | None, typer.Option("--boards", help="Play the deals of this PBN file (instead of dealing them).")
    ] = None,
    factoring: Annotated[
        str,
        typer.Option(
            "--factoring",
            help="Matchpoints, a board with fewer results than the movement plays it (a condition of contest, "
            "L78D): none (its own top, L78A; a lone result is an average that weighs nothing), neuberg or "
            "proportional (factored to the movement's top); matchpoints only, refused for the IMP forms and teams.",
        ),
    ] = "none",
    weighted_decimals: Annotated[
        int | None,
        typer.Option(
            "--weighted-decimals",
            metavar="0|1|2",
            help="With an assigned score, the decimals board points are printed to, a weighted score's (L12C1(c)) "
            "rounded there halves away from zero (the laws give no rounding: a condition of contest). Default: the "
            "form's own (teams 2: each outcome IMPed, then weighted to the hundredth; matchpoints 1; cross-imps 2; "
            "butler 0).",
        ),
    ] = None,
) -> None:
    """Create a new event file (never replacing an existing one) and print its movement."""
    from contractbridge.tournament.event import Event
    from contractbridge.tournament.site import create_new

    try:
        deals: tuple[Board, ...] = ()
        if boards is not None:
            from contractbridge.formats.pbn import read_file
            from contractbridge.tournament.handrecords import boards_from_pbn

            try:
                deals = boards_from_pbn(read_file(boards))
            except TournamentError as exc:  # no board in the file: say which file
                raise TournamentError(f"{boards}: {exc}") from None
        if teams is not None:
            tables, pairs = 2 * (teams // 2), teams
        if name is None:
            name = "Club teams" if form == "teams" else "Club pairs"
        event = Event(name, form, movement, tables, boards_per_round, 2 * tables if pairs is None else pairs, seed,
                      tuple(arrow_switch or ()), deals=deals, factoring=factoring,
                      weighted_decimals=weighted_decimals)  # fmt: skip
        create_new(file, event.to_json())
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None
    Console(highlight=False).print(event.movement.printout())


@event_app.command("movement")
def movement(
    file: EventFile,
    pair: Annotated[int | None, typer.Option("--pair", help="Print this pair's movement card.")] = None,
) -> None:
    """Print the movement (every round, every table), or one pair's movement card."""
    try:
        event = load_event(file)
        m = event.movement
        if pair is None:
            Console(highlight=False).print(m.printout())
            return
        table = RichTable(title=f"Pair {pair}: movement card")
        for column in ("Round", "Table", "Line", "Against", "Boards"):
            table.add_column(column, justify="right")
        for place in m.card(pair):
            table.add_row(str(place.round), str(place.table), place.direction,
                          "sits out" if place.opponent is None else str(place.opponent),
                          f"{place.boards[0]}-{place.boards[-1]}")  # fmt: skip
        Console(highlight=False).print(table)
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None


@event_app.command("result")
def result(
    file: EventFile,
    round_number: Annotated[int, typer.Option("--round", help="Round.")],
    table: Annotated[int, typer.Option("--table", help="Table.")],
    board: Annotated[int, typer.Option("--board", help="Board.")],
    contract: Annotated[str | None, typer.Argument(help="Contract (4S, 3NTX, pass).")] = None,
    declarer: Annotated[str | None, typer.Argument(help="Declarer: N, E, S or W.")] = None,
    tricks: Annotated[int | None, typer.Option("--tricks", "-t", help="Tricks declarer's side won.")] = None,
    lead: Annotated[str | None, typer.Option("--lead", help="The opening lead, e.g. SK.")] = None,
    adjusted: Annotated[str | None, typer.Option("--adjusted", help="Artificial score, e.g. A60/40 (L12C2).")] = None,
    assigned: Annotated[
        str | None,
        typer.Option(
            "--assigned",
            metavar="SCORE",
            help="Assigned score for both sides (L12C1): a result, e.g. '4S N -1' ('4SN-1', 'pass'), or weighted "
            "(L12C1(c)): '4S N = 60% + 4S N -1 40%' (weights in percent adding up to 100, or fractions: "
            "'3NT S = 2/3 + 3NT S -1 1/3').",
        ),
    ] = None,
    assigned_ns: Annotated[
        str | None,
        typer.Option(
            "--assigned-ns",
            metavar="SCORE",
            help="A split score (L12C1(e): the sides' scores need not balance): NS's assigned score, written as "
            "--assigned; with --assigned-ew.",
        ),
    ] = None,
    assigned_ew: Annotated[
        str | None,
        typer.Option("--assigned-ew", metavar="SCORE", help="A split score: EW's assigned score (L12C1(e))."),
    ] = None,
    reason: Annotated[str | None, typer.Option("--reason", help="The Director's reason for the adjustment.")] = None,
    correct: Annotated[
        bool, typer.Option("--correct", help="Replace the result entered there (L79C; an adjusted score, L12C).")
    ] = False,
    log: Annotated[
        Path | None,
        typer.Option("--log", metavar="LOG", help="The board as played: its event log (play --deals --log LOG)."),
    ] = None,
    fouled: Annotated[
        str | None,
        typer.Option(
            "--fouled",
            metavar="FORM",
            help="The fouled form of the board this table played, e.g. b (L87A): each form is compared apart (L87B).",
        ),
    ] = None,
    at_fault: Annotated[
        str | None,
        typer.Option(
            "--at-fault",
            metavar="NS|EW",
            help="Teams, with --assigned: the side of this table at fault when the rooms' results are not "
            "comparable; the other side gets the better of average-plus and the assigned score (L86B2(b)).",
        ),
    ] = None,
) -> None:
    """Enter one table's result on one board (or the Director's adjusted score with its reason: artificial,
    --adjusted A60/40, L12C2; assigned, --assigned '4S N = 60% + 4S N -1 40%', L12C1; split, --assigned-ns
    '4S N =' --assigned-ew '4S N -1', L12C1(e); in a team match one assigned score, IMPed against the other
    room, L86B1, with --at-fault NS|EW for non-comparable results, L86B2(b)). A result for a board not played
    at that table in that round, an impossible one, or a second one is refused and the file is left as it was;
    --correct replaces the one entered (which the file keeps)."""
    from contractbridge.tournament.event import Entry

    try:
        from contractbridge.tournament.event import assigned_scores, fouled_and_fault  # the web's checks too

        event = load_event(file)
        given = assigned_scores(assigned, assigned_ns, assigned_ew, ("--assigned", "--assigned-ns", "--assigned-ew"))
        if adjusted is None and contract is None and log is None and given == (None, None):
            raise TournamentError(
                "give the contract (or 'pass'), --log LOG, or an adjusted score with --reason: "
                "--adjusted A60/40, --assigned '4S N -1', or --assigned-ns and --assigned-ew"
            )
        if sum(x is not None for x in (adjusted, contract, given[0])) > 1:
            raise TournamentError("a result is a contract, an artificial score (--adjusted) or an assigned one "
                                  "(--assigned, --assigned-ns/--assigned-ew): one")  # fmt: skip
        fouled, at_fault = fouled_and_fault(fouled, at_fault, given, ("--fouled", "--at-fault", "--assigned"))
        if log is not None:
            if adjusted is not None or contract is not None or given[0] is not None:
                raise TournamentError("a result is a played board's log, a contract or an adjusted score: one")
            entry = replace(_played_entry(event, log, round_number, table, board, fouled is None), fouled=fouled)
        else:
            entry = Entry(round_number, table, board, contract, declarer, tricks, lead, adjusted, reason, fouled,
                          *given, at_fault=at_fault)  # fmt: skip
            if correct and lead is None:  # a correction of the score keeps the lead recorded with it
                entry = replace(entry, lead=_lead_of(event, entry))
        updated = event.enter(entry, correct=correct, lead=True, held=fouled is None)  # fouled: another deal
        _save(file, updated.to_json())
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None
    if correct:
        from contractbridge.tournament.event import correction

        Console(highlight=False).print(f"corrected: {correction(updated.replaced[-1], entry)}")
    scored = dict((r.number, s) for r, s in updated.scored())
    for s in scored.get(board, ()):
        if (s.result.round, s.result.table) == (round_number, table) and s.score_ns is not None:
            Console(highlight=False).print(f"board {board}, table {table}: NS {s.score_ns:+d} (L77)")


def _played_entry(event: Event, log: Path, round_number: int, table: int, board: int, same: bool) -> Entry:
    """The result of a board played at the terminal, read from its event log: contract, declarer, tricks and
    the opening lead, once the play is over and (``same``: not a fouled board's) the log's board is the event's
    board (its deal, dealer and vulnerability: L6, L2)."""
    from contractbridge.eventlog import read_table
    from contractbridge.table import Phase
    from contractbridge.tournament.event import Entry

    try:
        played = read_table(log)
    except EventLogError as exc:
        raise TournamentError(f"{log}: not a board's event log: {exc}") from None
    if same and event.board(board) != played.board:
        raise TournamentError(f"{log} is not the event's board {board}: its board {played.board.number} has "
                              "another deal, dealer or vulnerability (L6, L2)")  # fmt: skip
    result = played.result
    if played.phase is not Phase.DONE or result is None or result.new_deal is not None:
        raise TournamentError(f"{log}: board {board} is not finished (play --resume {log} finishes it)")
    if result.contract is None or result.declarer is None:
        return Entry(round_number, table, board, "pass")
    cards = played.play_state.played() if played.play_state is not None else []
    lead = str(cards[0][1]) if cards else None  # faced before a claim in trick 1 too
    return Entry(round_number, table, board, str(result.contract), result.declarer.letter, result.tricks, lead)


def _lead_of(event: Event, entry: Entry) -> str | None:
    """The lead entered with the result ``entry`` corrects, when the contract and declarer are unchanged."""
    old = next((x for x in event.entries if (x.round, x.table, x.board) == (entry.round, entry.table, entry.board)),
               None)  # fmt: skip
    same = old is not None and (old.contract, old.declarer) == (entry.contract, entry.declarer)
    return old.lead if same and old is not None else None


@event_app.command("rank")
def rank(file: EventFile, as_json: Annotated[bool, typer.Option("--json", help="JSON ranking.")] = False) -> None:
    """The ranking so far (a Mitchell without arrow-switch: NS and EW winners, NS first), with the boards each
    pair has scored: while they differ, pairs rank by their share of what they played (matchpoints: the
    percentage; IMPs: the points per board beside the total, L78)."""
    try:
        event = load_event(file)
        ranking = event.ranking()
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None
    form = event.scoring
    if as_json:
        typer.echo(json.dumps(event.ranking_json(), ensure_ascii=False, indent=1))
        return
    if not ranking:
        Console(highlight=False).print(f"{event.name}: no results entered yet (event result)")
        return
    table = RichTable(title=event.name)
    share = "%" if form.percentages else "Per board"
    for column in ("Line", "Rank", "Pair", "Names", "Total", share, "Boards"):
        table.add_column(column, justify="left" if column == "Names" else "right")
    for s in ranking:
        table.add_row(s.direction or "", str(s.rank), s.id, s.names, f"{s.total:.{form.total_decimals}f}",
                      s.share(form), str(s.boards))  # fmt: skip
    Console(highlight=False).print(table)


@event_app.command("travellers")
def travellers(
    file: EventFile,
    board: Annotated[int | None, typer.Option("--board", help="This board's traveller only.")] = None,
) -> None:
    """Print each board's traveller: every table's contract, declarer, tricks, lead, score (L77) and both sides'
    points by the event's form (L78), adjusted scores as entered (L12C2)."""
    from contractbridge.tournament.site import TRAVELLER, traveller_rows

    try:
        event = load_event(file)
        scored = event.scored()
        if board is not None and board not in event.movement.boards:
            raise TournamentError(f"the event plays boards {event.movement.boards[0]}-{event.movement.boards[-1]}, "
                                  f"not {board}")  # fmt: skip
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None
    console = Console(highlight=False)
    shown = [(record, results) for record, results in scored if board in (None, record.number)]
    if not shown:
        console.print("no results entered yet" if board is None else f"board {board}: no results entered yet")
    for record, results in shown:
        table = RichTable(title=f"Board {record.number}")
        for column in TRAVELLER:
            table.add_column(column, justify="left" if column in ("NS", "EW", "Contract") else "right")
        for row in traveller_rows(results, event.scoring):
            table.add_row(*row)
        console.print(table)


@event_app.command("names")
def names(
    file: EventFile,
    pair: Annotated[int, typer.Argument(help="Pair number.")],
    players: Annotated[str, typer.Argument(help="The pair's names, e.g. 'Ann Smith - Bo Lee'.")],
) -> None:
    """Enter a pair's names."""
    try:
        event = load_event(file)
        if pair not in event.movement.pairs or pair == event.movement.phantom:
            raise TournamentError(f"no pair {pair} in this event")
        if not players.strip():
            raise TournamentError(f"pair {pair}: give the players' names, e.g. 'Ann Smith - Bo Lee'")
        updated = replace(event, names={**event.names, str(pair): players})
        _save(file, updated.to_json())
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None


@event_app.command("export")
def export(
    file: EventFile,
    pbn: Annotated[
        Path | None,
        typer.Option(
            "--pbn",
            help="Write the results as PBN 2.1 (ScoreTable; a teams event's matches and VPs too) to a new file.",
        ),
    ] = None,
    usebio: Annotated[
        Path | None, typer.Option("--usebio", help="Write the results as USEBIO 1.2 XML (a teams event: its matches).")
    ] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write the results site into a new directory.")] = None,
    hands: Annotated[
        Path | None,
        typer.Option(
            "--hands", help="Write the hand records (DD, par): PBN, or a printable sheet for a .html or .pdf name."
        ),
    ] = None,
) -> None:
    """Export the event: results as PBN and USEBIO (a pairs event, or a teams event: its matches' IMPs and VPs,
    once every match begun is finished), the HTML results site, the hand records with DD and par. Each target
    must be new: nothing existing is replaced."""
    from contractbridge.tournament import site

    try:
        event = load_event(file)
        name = event.name
        if not event.entries and (pbn, usebio, html) != (None, None, None):
            raise TournamentError(f"{file}: no results entered yet, nothing to publish (--hands alone works before "
                                  "play)")  # fmt: skip
        if pbn is not None:
            site.create_new(pbn, event.pbn_scores())
        if usebio is not None:
            site.create_new(usebio, event.usebio())
        records: tuple[HandRecord, ...] = ()
        if hands is not None or html is not None:
            from contractbridge.tournament.handrecords import hand_records, html_sheet, pbn_hand_records, pdf_sheet

            records = hand_records(event.boards)
            if hands is not None:
                suffix = hands.suffix.lower()
                sheet: str | bytes = (html_sheet(records, name) if suffix in (".html", ".htm")
                                      else pdf_sheet(records, name) if suffix == ".pdf"
                                      else pbn_hand_records(records, name))  # fmt: skip
                site.create_new(hands, sheet)
        if html is not None:
            site.write_site(html, event.site(records))
    except (BridgeError, OSError) as exc:
        raise _fail(str(exc)) from None
