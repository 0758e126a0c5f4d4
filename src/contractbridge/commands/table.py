"""``contractbridge deal``, ``replay`` and ``play``: a hand diagram, an event-log replay and a terminal table."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from contractbridge.calls import Call
from contractbridge.cards import Card, Hand, Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError, EventLogError
from contractbridge.formats.diagram import diagram
from contractbridge.laws import DEFAULT_EDITION, EDITIONS
from contractbridge.players import Player, RandomPlayer
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.table import Phase, Table, TableView


# state summary ---------------------------------------------------------------------------------------------
def state_dict(table: Table) -> dict[str, Any]:
    """The state of a table as JSON-ready data (phase, turn, contract, tricks, result, pending irregularity)."""
    play = table.play_state
    result = table.result
    claim = table.claim_state
    return {
        "board": table.board.number,
        "edition": table.edition,
        "phase": table.phase.value,
        "turn": None if table.turn is None else table.turn.letter,
        "auction": str(table.auction),
        "contract": None if table.contract is None else str(table.contract),
        "declarer": None if table.declarer is None else table.declarer.letter,
        "tricks": [" ".join(str(c) for c in t.cards) for t in table.tricks],
        "tricks_ns": 0 if play is None else play.tricks_won(Seat.NORTH),
        "tricks_ew": 0 if play is None else play.tricks_won(Seat.EAST),
        "claim": None if claim is None else claim.to_dict(),
        "result": None if result is None else result.to_dict(),
        "pending_irregularity": None if table.pending_irregularity is None else table.pending_irregularity.to_dict(),
        "irregularities": [i.to_dict() for i in table.irregularities],
    }


def _print_state(console: Console, table: Table) -> None:
    console.print(f"Board {table.board.number} ({table.edition}), phase [bold]{table.phase.value}[/bold]")
    console.print(f"Auction (dealer {table.board.dealer.letter}): {table.auction or '—'}")
    for i, trick in enumerate(table.tricks, start=1):
        console.print(f"  trick {i:2}: {trick}")
    if table.claim_state is not None:
        c = table.claim_state
        console.print(f"Claim by {c.seat.letter} of {c.tricks} of {c.remaining} tricks: {c.status}")
    if table.pending_irregularity is not None:
        p = table.pending_irregularity
        by = "" if p.seat is None else f" by {p.seat.letter}"
        console.print(f"[yellow]Pending irregularity: {p.kind}{by}: {p.message}[/yellow]")
    result = table.result
    if result is not None:
        console.print(f"Result: [bold]{result}[/bold]")
    elif table.turn is not None:
        console.print(f"Turn: {table.turn.letter}")


# the terminal table -----------------------------------------------------------------------------------------
class _Quit(Exception):
    """The person at the terminal ended the session (EOF or ``quit``)."""


def _choices(view: TableView) -> str:
    if view.legal_calls:
        return " ".join(str(c) for c in view.legal_calls)
    return " ".join(str(c) for c in sorted(view.legal_cards, reverse=True))


def _show_view(console: Console, table: Table, view: TableView) -> None:
    hands: dict[Seat, Hand | None] = {s: None for s in Seat}
    hands[view.seat] = view.hand
    if view.dummy is not None and view.dummy_hand is not None:
        hands[view.dummy] = view.dummy_hand
    trick = " ".join(f"{s.letter}:{c}" for s, c in view.current_trick)
    centre = f"{trick}\nNS {view.tricks_won[0]}  EW {view.tricks_won[1]}" if view.phase is Phase.PLAY else ""
    console.print(diagram(table.board, hands, centre))
    console.print(f"Auction (dealer {view.dealer.letter}): {view.auction or '—'}")
    if view.contract is not None and view.declarer is not None:
        console.print(f"Contract {view.contract} by {view.declarer.letter}")


def _undo(table: Table, robots: Mapping[Seat, Player]) -> None:
    """Take back the last event, and the robots' actions since the last person's action."""
    table.undo()
    while len(table.to_events()) > 1 and table.actor in robots:
        table.undo()


def _human_turn(console: Console, table: Table, robots: Mapping[Seat, Player], read: Callable[[str], str]) -> bool:
    """One prompt for the seat to act; returns False when the person asked to stop."""
    actor = table.actor
    assert actor is not None
    view = table.view(actor)
    _show_view(console, table, view)
    what = "call" if view.phase is Phase.AUCTION else f"card from {table.turn.letter if table.turn else '?'}"
    console.print(f"Legal: {_choices(view)}")
    line = read(f"{actor.letter} {what} (undo, claim N, explain N, quit)> ").strip()
    if line.lower() in ("quit", "exit", "q"):
        return False
    try:
        if line.lower().startswith("explain"):
            _explain(console, table, robots, line)
        elif line.lower() == "undo":
            _undo(table, robots)
        elif line.lower().startswith("claim"):
            _claim(console, table, actor, line, read)
        elif view.phase is Phase.AUCTION:
            table.call(Call.parse(line), actor)
        else:
            table.play(Card.parse(line), table.turn)
    except (BridgeError, IndexError) as err:
        console.print(f"[red]{err}[/red]")
    return True


def _explain(console: Console, table: Table, robots: Mapping[Seat, Player], line: str) -> None:
    """``explain N``: what call N (1-based) means by the system of the robot partnership that made it (L20F)."""
    parts = line.split()
    auction = table.auction
    if len(parts) != 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(auction):
        raise BridgeError(f"write: explain N, N from 1 to {len(auction)} (the number of a call made so far)")
    index = int(parts[1]) - 1
    seat = auction.seat_of(index)
    for who in (seat, seat.partner):
        robot = robots.get(who)
        if isinstance(robot, BiddingRobot):
            console.print(robot.explain(auction, index, table.board.vulnerability).describe())
            return
    console.print(f"{seat.letter}'s call {auction.calls[index]}: no system on record for that side")


def _claim(console: Console, table: Table, actor: Seat, line: str, read: Callable[[str], str]) -> None:
    parts = line.split()
    if len(parts) != 2 or not parts[1].isdigit():
        raise BridgeError("write: claim N (the number of the remaining tricks your side will win)")
    table.claim(actor, int(parts[1]), read("statement (line of play)> ").strip())
    claim = table.claim_state
    assert claim is not None
    for seat in sorted(claim.needed):
        if read(f"{seat.letter}: agree to the claim? [y/n]> ").strip().lower().startswith("y"):
            table.agree(seat)
        else:
            table.dispute(seat)
            console.print("[yellow]The claim is disputed: the director decides (L70).[/yellow]")
            return


def _run(
    console: Console,
    table: Table,
    robots: Mapping[Seat, Player],
    read: Callable[[str], str],
    save: Callable[[Table], None],
) -> None:
    while table.phase is not Phase.DONE:
        actor = table.actor
        if actor is None:
            console.print("[yellow]Play has stopped: the director is needed.[/yellow]")
            break
        robot = robots.get(actor)
        if robot is not None:
            view = table.view(actor)
            if view.phase is Phase.AUCTION:
                call = robot.call(view)
                table.call(call, actor)
                console.print(f"{actor.letter} calls {call}")
            else:
                card = robot.play(view)
                seat = table.turn
                table.play(card, seat)
                console.print(f"{'?' if seat is None else seat.letter} plays {card}")
        elif not _human_turn(console, table, robots, read):
            break
        save(table)
    _print_state(console, table)


def _read_with(console: Console) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise _Quit from None

    return read


def _parse_seats(text: str) -> list[Seat]:
    try:
        return [Seat.parse(ch) for ch in text if not ch.isspace()]
    except BridgeError as err:
        raise typer.BadParameter(str(err)) from None


BoardOption = Annotated[int, typer.Option("--board", "-b", min=1, help="Board number (dealer, vulnerability: L2)")]
SeedOption = Annotated[int | None, typer.Option("--seed", "-s", help="Random seed (the same seed, the same deal)")]


def register(app: typer.Typer) -> None:
    @app.command("deal")
    def deal_command(
        board: BoardOption = 1,
        seed: SeedOption = None,
    ) -> None:
        """Deal a random board and print its four hands."""
        b = Board(board, Deal.random(seed))
        console = Console(highlight=False)
        console.print(diagram(b))
        console.print(b.deal.to_pbn())

    @app.command("replay")
    def replay_command(
        file: Annotated[Path, typer.Argument(help="Event log, one JSON object per line (DESIGN.md §5)")],
        as_json: Annotated[bool, typer.Option("--json", help="Print the final state as JSON")] = False,
    ) -> None:
        """Replay an event log; print the final state, or the first error with its line number."""
        console = Console(highlight=False)
        try:
            table = Table.from_jsonl(file.read_text(encoding="utf-8"))
        except OSError as err:
            Console(stderr=True).print(f"[red]error: {file}: {err.strerror}[/red]")
            raise typer.Exit(2) from None
        except EventLogError as err:
            Console(stderr=True).print(f"[red]error: {file}: {err}[/red]", highlight=False)
            raise typer.Exit(1) from None
        if as_json:
            console.print_json(json.dumps(state_dict(table)))
        else:
            _print_state(console, table)

    @app.command("play")
    def play_command(
        board: BoardOption = 1,
        seed: SeedOption = None,
        edition: Annotated[str, typer.Option("--edition", "-e", help=f"Laws: {', '.join(EDITIONS)}")] = DEFAULT_EDITION,
        log: Annotated[Path | None, typer.Option("--log", "-l", help="Save the event log here (JSONL)")] = None,
        resume: Annotated[Path | None, typer.Option("--resume", help="Continue from an event log")] = None,
        random_seats: Annotated[str, typer.Option("--random-seats", help="Seats a random robot plays, e.g. EW")] = "",
        robot_seats: Annotated[str, typer.Option("--robot-seats", help="Seats the bidding robot plays, e.g. NEW")] = "",
        seat: Annotated[str, typer.Option("--seat", help="Your seat; the bidding robots take the other three")] = "",
        system: Annotated[str, typer.Option("--system", help="The bidding robots' system: culbertson or club")] = (
            "culbertson"
        ),
    ) -> None:
        """An interactive table: each seat's call or card is asked in turn (undo, claim N, quit)."""
        console = Console(highlight=False)
        try:
            if resume is not None:
                table = Table.from_jsonl(resume.read_text(encoding="utf-8"))
            else:
                table = Table(Board(board, Deal.random(seed)), edition=edition)
        except (BridgeError, OSError) as err:
            console.print(f"[red]error: {err}[/red]")
            raise typer.Exit(1) from None
        rng = random.Random(seed)
        robots: dict[Seat, Player] = {s: RandomPlayer(rng.getrandbits(64)) for s in _parse_seats(random_seats)}
        try:
            yours = set(_parse_seats(seat))
            others = [s for s in Seat if s not in yours] if yours else []
            robots.update({s: BiddingRobot(system) for s in [*_parse_seats(robot_seats), *others]})
        except BridgeError as err:
            console.print(f"[red]error: {err}[/red]")
            raise typer.Exit(1) from None

        def save(t: Table) -> None:
            if log is not None:
                log.write_text(t.to_jsonl(), encoding="utf-8")

        save(table)
        try:
            _run(console, table, robots, _read_with(console), save)
        except _Quit:
            save(table)
            console.print()
            _print_state(console, table)
        if log is not None:
            console.print(f"Event log saved to {log}")
