"""``contractbridge draw`` and ``rubber-game``: forming a 1930s table and playing a rubber against the robots.

``play_rubber`` is the rubber loop: each hand dealt by the session and played at the terminal table of ``play``
(``commands.terminal.TerminalTable``), the We/They sheet after every hand; ``terminal_rubber`` runs it for
``rubber-game`` and for ``contractbridge play --edition NBB30 --rubber``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from contractbridge.cards import Seat
from contractbridge.commands.terminal import PracticeOption, Quit, TerminalTable
from contractbridge.errors import BridgeError
from contractbridge.eventlog import MAX_LOG_BYTES, DurableLog, EventLog
from contractbridge.laws import DEFAULT_RUBBER_EDITION, rubber_editions
from contractbridge.players import Player
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import ClubTable, RubberSession
from contractbridge.rubbergame.formation import Lineup

__all__ = ["HandLog", "play_rubber", "register", "terminal_rubber"]


def _describe(lineup: Lineup) -> str:
    lines = [f"{s.name.capitalize():>5}: {lineup.seats[s]}" for s in Seat]
    lines.append(f"Dealer: {lineup.seats[lineup.dealer]} ({lineup.dealer.name.capitalize()})")
    lines.append("Sitting out: " + (", ".join(lineup.sitting_out) or "nobody"))
    return "\n".join(lines)


class HandLog(DurableLog):
    """One hand's part of a rubber's session log, kept by that hand's terminal table like a board's own log
    (write-ahead, undo a truncation, eventlog contract points 2–3): the session's events before the hand stay,
    the hand's events follow them. ``close`` leaves the rubber's log open for the next hand."""

    def __init__(self, log: EventLog, session: RubberSession) -> None:
        self.path = log.path
        self._log = log
        self._base = len(session.to_events())  # the hand's own events, if resumed mid-hand, follow these

    def __len__(self) -> int:
        return len(self._log) - self._base

    def append(self, event: Mapping[str, Any]) -> None:
        self._log.append(event)

    def _truncate(self, length: int) -> None:
        self._log.undo(len(self) - length)

    def close(self) -> None:
        """The rubber's log stays open: the next hand and the score follow in it."""


def play_rubber(
    console: Console,
    session: RubberSession,
    robots: Mapping[Seat, Player],
    read: Callable[[str], str],
    log: EventLog | None = None,
    hint_robot: Callable[[Seat], Player] | None = None,
    *,
    practice: bool = False,
) -> bool:
    """Play ``session``'s rubber to its end at the terminal table of ``play`` (``TerminalTable``: the auction grid,
    each card and trick, ``hint``, ``claim``, ``undo``): ``robots`` act for their seats, the person at the terminal
    for the others (``read`` asks him; ``Quit`` ends it); the We/They sheet is printed after every hand. Every
    call and card is in ``log`` (the rubber's session log) before it is shown, so a quit or a crash loses
    nothing: a resumed session continues the hand in play. False if a hand stopped unfinished."""
    while not session.sheet.is_finished:
        table = session.table if session.table is not None else session.deal()
        console.print(f"\nHand {session.hands + 1}: {session.lineup.seats[table.board.dealer]} "
                      f"({table.board.dealer.letter}) deals, vulnerable: {table.board.vulnerability}")  # fmt: skip
        session.tell_partscores(robots.values())
        hand_log = None if log is None else HandLog(log, session)
        terminal = TerminalTable(console, table, robots, read, hand_log, hint_robot, practice=practice, own_score=False)
        if not terminal.run().done:
            return False
        for e in session.score():
            console.print(f"  {e.side} {e.points} {e.item.value} ({e.law})")
        if log is not None:
            log.sync(session.to_events())
        console.print(str(session.sheet))
    r = session.sheet.result()
    winner = "nobody" if r.winner is None else str(r.winner)
    law = session.sheet.rules.laws["result"]
    console.print(f"Rubber over: NS {r.totals[0]}, EW {r.totals[1]}; {winner} wins by {r.points} ({law}).")
    return True


def register(app: typer.Typer) -> None:
    @app.command("draw")
    def draw_command(
        members: Annotated[str, typer.Option("--members", "-m", help='The members, e.g. "Ann,Bob,Cor,Dirk,Eva"')],
        seed: Annotated[int | None, typer.Option("--seed", "-s", help="Random seed for the draw")] = None,
        edition: Annotated[
            str, typer.Option("--edition", "-e", help=f"Rubber laws: {', '.join(rubber_editions())}.")
        ] = DEFAULT_RUBBER_EDITION,
    ) -> None:
        """Draw for the first rubber (NBB R3, R4; EST-L03, L04): who plays, who sits out, who deals."""
        console = Console(highlight=False)
        try:
            table = ClubTable([m for m in members.split(",") if m.strip()], edition=edition.upper())
            lineup = table.first_rubber(seed)
        except BridgeError as err:
            console.print(f"[red]error: {err}[/red]")
            raise typer.Exit(1) from None
        for d in lineup.draws:
            console.print(f"{d.member} draws {d.card}" + (f" (after {d.redraws} redraws)" if d.redraws else ""))
        console.print(_describe(lineup))

    @app.command("rubber-game")
    def rubber_game_command(
        edition: Annotated[
            str, typer.Option("--edition", "-e", help=f"Rubber laws: {', '.join(rubber_editions())}.")
        ] = DEFAULT_RUBBER_EDITION,
        system: Annotated[str, typer.Option("--system", help="The robots' system: culbertson or club")] = "culbertson",
        seat: Annotated[str, typer.Option("--seat", help="Your seat (N, E, S or W); empty: four robots")] = "S",
        seed: Annotated[int | None, typer.Option("--seed", "-s", help="Random seed for the deals")] = None,
        log: Annotated[
            Path | None, typer.Option("--log", "-l", metavar="FILE", help="Write the rubber's log here (a new file)")
        ] = None,
        resume: Annotated[
            Path | None,
            typer.Option("--resume", metavar="FILE", help="Continue the rubber of this log (and append to it)"),
        ] = None,
        practice: PracticeOption = False,
    ) -> None:
        """Play a whole rubber against the robots, the We/They sheet after each hand (NBB R27–R36; EST-S).

        Every call and card is in the log before it is shown; quit at any time and --resume FILE continues the
        rubber where it stopped."""
        console = Console(highlight=False)
        try:
            yours = {Seat.parse(ch) for ch in seat if not ch.isspace()}
        except BridgeError as err:
            console.print(f"[red]error: {err}[/red]")
            raise typer.Exit(1) from None
        robots: dict[Seat, Player] = {s: BiddingRobot(system) for s in Seat if s not in yours}
        terminal_rubber(console, edition, robots, seed, log, lambda _: BiddingRobot(system), resume, practice=practice)


def terminal_rubber(
    console: Console,
    edition: str,
    robots: Mapping[Seat, Player],
    seed: int | None,
    log: Path | None,
    hint_robot: Callable[[Seat], Player] | None = None,
    resume: Path | None = None,
    max_bytes: int = MAX_LOG_BYTES,
    *,
    practice: bool = False,
) -> None:
    """A rubber under ``edition`` at the terminal (``rubber-game``; ``play --rubber``): ``robots`` play their
    seats, the person at the terminal the others (``hint_robot``: who answers ``hint``). ``log`` is a new
    session log (an existing file is refused, never replaced); ``resume`` continues a session log where it
    stopped, mid-hand too, and appends to it (or, with ``log``, copies it there first). An edition without a
    rubber game, or a log that is not a rubber's, is a clear error (exit code 1)."""
    writer: EventLog | None = None
    try:
        if resume is not None:
            writer, events = EventLog.open_events(resume, max_bytes=max_bytes)
            session = RubberSession.from_events(events)
            if log is not None:
                writer.close()
                writer = EventLog.create_events(log, events)
            console.print(
                f"Continuing the rubber of {resume}: {session.edition}, hand {session.hands + 1}", soft_wrap=True
            )
            console.print(str(session.sheet))
        else:
            session = RubberSession(edition, seed=seed)
            if log is not None:
                writer = EventLog.create_events(log, session.to_events())
    except BridgeError as err:
        if writer is not None:
            writer.close()
        console.print(f"[red]error: {escape(str(err))}[/red]")
        raise typer.Exit(1) from None

    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    console.print(_describe(session.lineup))
    try:
        if not play_rubber(console, session, robots, read, writer, hint_robot, practice=practice):
            console.print("\nRubber stopped: the hand could not be finished.")
    except Quit:
        console.print("\nRubber stopped.")
    finally:
        if writer is not None:
            writer.close()
            more = "" if session.sheet.is_finished else f" (continue it with --resume {writer.path})"
            console.print(f"Rubber log saved to {writer.path}{more}", soft_wrap=True)
