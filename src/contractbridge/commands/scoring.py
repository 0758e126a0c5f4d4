"""Scoring commands: ``score`` (duplicate, L77), ``imps`` (L78B), ``rubber`` (interactive sheet, NBB30/EST30),
``matchpoint`` (a CSV of results → matchpoints per board and the ranking, L78A)."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contractbridge.cards import Seat, Side
from contractbridge.commands.rubber_sheet import render
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError, ParseError
from contractbridge.formats.inputs import LIMITS, read_json, read_utf8
from contractbridge.laws import DEFAULT_RUBBER_EDITION, rubber_editions
from contractbridge.scoring import compare, duplicate
from contractbridge.scoring.rubber import Honours, Rubber

T = TypeVar("T")
_NUMBERS = {"ignore_unknown_options": True}  # lets "-450" be an argument, not an option


def _fail(message: str) -> typer.Exit:
    """Report ``message`` on stderr, unwrapped (file:line references stay whole), and exit with status 2."""
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("score")(score)
    app.command("imps", context_settings=_NUMBERS)(imps)
    app.command("rubber")(rubber)
    app.command("matchpoint")(matchpoint)


# ---------------------------------------------------------------------------------------------- score


def score(
    contract: Annotated[str, typer.Argument(help="Contract, e.g. 4S, 3NTX, 6HXX; 'pass' for a passed-out board.")],
    declarer: Annotated[str | None, typer.Argument(help="Declarer: N, E, S or W.")] = None,
    tricks: Annotated[int | None, typer.Option("--tricks", "-t", help="Tricks won by declarer's side (0-13).")] = None,
    vul: Annotated[str, typer.Option("--vul", "-v", help="Vulnerable sides: None, NS, EW or All.")] = "None",
) -> None:
    """Duplicate score of one board (L77), signed for NS and for EW."""
    console = Console()
    try:
        vulnerability = Vulnerability.parse(vul)
        if contract.strip().upper() in ("P", "PASS", "PASSED", "PASSED OUT"):
            result = duplicate.board_score(None, None, None, vulnerability)
        else:
            if declarer is None:
                raise ParseError("the declarer is required after the contract: N, E, S or W")
            if tricks is None:
                raise ParseError("--tricks is required: the tricks declarer's side won (0-13)")
            result = duplicate.board_score(Contract.parse(contract), Seat.parse(declarer), tricks, vulnerability)
    except BridgeError as exc:
        raise _fail(str(exc)) from None
    d = result.detail
    if d.contract is None:
        console.print("Passed out (L22B): NS 0, EW 0")
        return
    items = [
        ("trick points", d.trick_points),
        ("overtricks", d.overtricks),
        ("slam bonus", d.slam_bonus),
        ("game bonus" if d.is_game else "part-score bonus", d.game_bonus),
        ("for making it doubled" if d.insult == 50 else "for making it redoubled", d.insult),
        ("undertricks (to the defenders)", d.undertricks),
    ]
    # the heading on its own line: as a table title it wrapped inside the narrow table ("…, not" / "vul")
    vulnerable = "vulnerable" if d.vulnerable else "not vulnerable"
    console.print(f"{d.contract} by {d.declarer}, {d.tricks} tricks, {vulnerable}")
    table = RichTable()
    table.add_column("L77 item")
    table.add_column("points", justify="right")
    for name, points in items:
        if points:
            table.add_row(name, str(points))
    console.print(table)
    console.print(f"NS {result.ns:+d}   EW {result.ew:+d}")


# ---------------------------------------------------------------------------------------------- imps


def imps(
    difference: Annotated[float, typer.Argument(help="Point difference (or the first of two scores).")],
    other: Annotated[
        float | None, typer.Argument(help="Optional second score: the difference is the first minus it.")
    ] = None,
) -> None:
    """IMPs for a point difference (L78B). Differences that are not multiples of 10 are rounded to the nearest
    10 first."""
    diff = difference - other if other is not None else difference
    typer.echo(f"{diff:g} points = {compare.imps(diff):+d} IMP")


# ---------------------------------------------------------------------------------------------- rubber


def rubber(
    edition: Annotated[
        str, typer.Option("--edition", "-e", help=f"Rubber laws: {', '.join(rubber_editions())}.")
    ] = DEFAULT_RUBBER_EDITION,
    load: Annotated[Path | None, typer.Option("--load", help="Continue the sheet saved in this JSON file.")] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Save the sheet to this JSON file after each hand.")
    ] = None,
) -> None:
    """Keep a rubber score sheet interactively: enter each hand's contract, declarer, tricks and honours.

    At the contract prompt: a contract (4S, 3NTX), 'pass' for a passed-out hand, 'end' to end the rubber by
    agreement, 'quit' to stop (the sheet stays saved)."""
    console = Console()
    if save is not None and save.exists() and (load is None or save.resolve() != load.resolve()):
        raise _fail(f"{save} exists: --save names a new file (--load continues a saved sheet)")
    try:
        sheet = Rubber.from_dict(read_json(load, LIMITS["rubber"], "rubber sheet")) if load else Rubber(edition)
    except (OSError, BridgeError) as exc:
        message = str(exc)  # the readers name the file already; the sheet's own checks do not
        raise _fail(message if load is None or str(load) in message else f"{load}: {message}") from None
    target = save or load
    _show_sheet(console, sheet)
    while not sheet.is_finished:
        try:
            if not _one_hand(console, sheet):
                break
        except _EndOfInput:
            console.print()
            break
        _show_sheet(console, sheet)
        if target is not None:
            target.write_text(sheet.dumps(), encoding="utf-8")
    result = sheet.result()
    if sheet.is_finished:
        ns, ew = result.totals
        verdict = "undecided (ended by agreement)" if not result.decided else ""
        winner = f"{result.winner} by {result.points}" if result.winner is not None else "a tie"
        console.print(f"Rubber: NS {ns}, EW {ew} — {winner} {verdict}".rstrip())
    if target is not None:
        target.write_text(sheet.dumps(), encoding="utf-8")
        console.print(f"Saved to {target}")


class _EndOfInput(Exception):
    """The input ended (EOF or Ctrl-C): the sheet stays as saved."""


def _ask(console: Console, prompt: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Ask until ``parse`` accepts the answer: a bad field is asked again, the rest of the hand is kept."""
    while True:
        try:
            text = typer.prompt(prompt, default=default, show_default=default is not None)
        except (EOFError, KeyboardInterrupt, typer.Abort):
            raise _EndOfInput from None
        try:
            return parse(text.strip())
        except BridgeError as exc:
            console.print(f"[red]{exc}[/red]", highlight=False)


def _tricks(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 13:
        raise ParseError(f"tricks are a whole number from 0 to 13, not {text!r}")
    return int(text)


def _one_hand(console: Console, sheet: Rubber) -> bool:
    """Record one hand; False when the person asked to stop."""
    command = _ask(console, "Contract (e.g. 4SX; pass / end / quit)", _contract_or_command)
    if command == "quit":
        return False
    if command == "end":
        sheet.end_by_agreement()
        return True
    if command == "pass":
        sheet.record(None)
        return True
    assert isinstance(command, Contract)
    declarer = _ask(console, "Declarer (N/E/S/W)", Seat.parse)
    tricks = _ask(console, "Tricks won by declarer's side (0-13)", _tricks)
    strain = command.strain

    def honours(text: str) -> Honours | None:
        return None if text.lower() in ("", "none", "-", "no") else Honours.parse(text, strain)

    claim = _ask(console, "Honours (none, or side and points, e.g. NS 100)", honours, default="none")
    try:
        sheet.record(command, declarer, tricks, claim)
    except BridgeError as exc:
        console.print(f"[red]{exc}[/red] — the hand was not recorded.", highlight=False)
    return True


def _contract_or_command(text: str) -> Contract | str:
    word = text.lower()
    if word in ("quit", "q", "exit", "end"):
        return "quit" if word != "end" else "end"
    if word in ("pass", "p"):
        return "pass"
    return Contract.parse(text)


def _show_sheet(console: Console, sheet: Rubber) -> None:
    """The sheet, then what it does not label: the entries above the line, the games and who is vulnerable."""
    console.print(render(sheet))
    above = [e for e in sheet.entries if not e.below]
    for entry in above:
        console.print(f"  above the line: {entry.side.name} {entry.points} for {entry.item.value} ({entry.law})")
    games = ", ".join(f"{side.name} {sheet.games(side)}" for side in (Side.NS, Side.EW))
    vulnerable = [side.name for side in (Side.NS, Side.EW) if sheet.vulnerable(side)]
    console.print(f"Games: {games}; vulnerable: {' and '.join(vulnerable) or 'neither side'}")


# ---------------------------------------------------------------------------------------------- matchpoint

_FIELDS = ("board", "NS pair", "EW pair", "NS score")


@dataclass(frozen=True, slots=True)
class Result:
    """One line of a results file: the NS score of ``board`` between two pairs."""

    board: str
    ns_pair: str
    ew_pair: str
    ns_score: int
    line: int


_CSV_FIELD = 131_072  # the csv module's default field limit


def _rows(lines: list[str]) -> Iterator[list[str] | None]:
    """CSV rows, None for a row the csv module refuses (a field over its limit)."""
    reader = csv.reader(lines)
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error:
            yield None


def read_results(path: Path) -> list[Result]:
    """Read ``board, NS pair, EW pair, NS score`` lines (a header line is allowed; ``#`` starts a comment).
    Every bad line is reported, as ``FILE:LINE: field …``; the file itself is never changed."""
    text = read_utf8(path, LIMITS["csv"])
    results: list[Result] = []
    errors: list[str] = []
    for number, row in enumerate(_rows(text.splitlines()), start=1):
        if row is None:
            errors.append(f"{path}:{number}: a field is longer than {_CSV_FIELD:,} characters")
            continue
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if number == 1 and cells[0].lower() == "board":
            continue
        if len(cells) < len(_FIELDS) or not all(cells[: len(_FIELDS)]):
            missing = next(name for i, name in enumerate(_FIELDS) if i >= len(cells) or not cells[i])
            errors.append(f"{path}:{number}: field '{missing}' is missing")
            continue
        if len(cells) > len(_FIELDS):
            errors.append(f"{path}:{number}: {len(cells)} fields, expected 4 ({', '.join(_FIELDS)})")
            continue
        try:
            ns_score = int(cells[3].replace("+", "", 1))
        except ValueError:
            errors.append(f"{path}:{number}: field 'NS score' is not a whole number: {cells[3]!r}")
            continue
        if ns_score % 10:
            errors.append(f"{path}:{number}: field 'NS score' is not a bridge score (a multiple of 10): {ns_score}")
            continue
        results.append(Result(cells[0], cells[1], cells[2], ns_score, number))
    if errors:
        raise ParseError("\n".join(errors))
    seen: dict[tuple[str, str], int] = {}
    for r in results:
        for pair in (r.ns_pair, r.ew_pair):
            first = seen.setdefault((r.board, pair), r.line)
            if first != r.line:
                errors.append(f"{path}:{r.line}: pair {pair} already has a result on board {r.board} (line {first})")
    if errors:
        raise ParseError("\n".join(errors))
    if not results:
        raise ParseError(f"{path}: no results")
    return results


def matchpoint(
    file: Annotated[Path, typer.Argument(help="CSV: board, NS pair, EW pair, NS score (one result a line).")],
    whole: Annotated[bool, typer.Option("--whole", help="1 / ½ / 0 per comparison instead of 2 / 1 / 0.")] = False,
) -> None:
    """Matchpoint a pairs session (L78A): matchpoints per board for both directions, then the ranking by
    percentage over the boards each pair played."""
    console = Console()
    try:
        results = read_results(file)
    except ParseError as exc:
        raise _fail(str(exc)) from None
    scale = compare.MPScale.WHOLE if whole else compare.MPScale.HALF
    boards = [r.board for r in results]
    ns = compare.matchpoint_boards(boards, [r.ns_score for r in results], scale)
    ew = compare.matchpoint_boards(boards, [-r.ns_score for r in results], scale)
    count: dict[str, int] = defaultdict(int)
    for b in boards:
        count[b] += 1
    scored: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    per_board = RichTable(title=f"Matchpoints ({'1/½/0' if whole else '2/1/0'} per comparison)")
    for name in ("board", "NS", "EW", "NS score", "NS MP", "EW MP"):
        per_board.add_column(name, justify="right" if name != "NS" and name != "EW" else "left")
    order = sorted(range(len(results)), key=lambda i: (_board_key(results[i].board), -results[i].ns_score))
    for i in order:
        r = results[i]
        top = compare.top(count[r.board], scale)
        for pair, mp in ((r.ns_pair, ns[i]), (r.ew_pair, ew[i])):
            scored[pair][0] += float(mp)
            scored[pair][1] += top
        per_board.add_row(r.board, r.ns_pair, r.ew_pair, f"{r.ns_score:+d}", f"{ns[i]:g}", f"{ew[i]:g}")
    console.print(per_board)
    pairs = sorted(scored)
    pct = [100 * scored[p][0] / scored[p][1] if scored[p][1] else 50.0 for p in pairs]
    places = compare.rank(pct)
    ranking = RichTable(title="Ranking")
    for name in ("place", "pair", "MP", "top", "%"):
        ranking.add_column(name, justify="left" if name == "pair" else "right")
    for i in sorted(range(len(pairs)), key=lambda i: (places[i].position, pairs[i])):
        p = pairs[i]
        ranking.add_row(str(places[i]), p, f"{scored[p][0]:g}", f"{scored[p][1]:g}", f"{pct[i]:.2f}")
    console.print(ranking)


def _board_key(board: str) -> tuple[int, str]:
    return (int(board), "") if board.isdigit() else (1 << 30, board)


__all__ = ["Result", "read_results", "register"]
