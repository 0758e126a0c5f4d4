"""``contractbridge draw`` and ``rubber-game``: forming a 1930s table and playing a rubber against the robots.

``play_rubber`` is the rubber loop: each hand dealt by the session and played at the terminal table of ``play``
(``commands.terminal.TerminalTable``), the We/They sheet after every hand; ``terminal_rubber`` runs it for
``rubber-game`` and for ``contractbridge play --edition NBB30 --rubber``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from contractbridge.cards import Seat
from contractbridge.commands.terminal import Quit, TerminalTable
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_RUBBER_EDITION, rubber_editions
from contractbridge.players import Player
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import ClubTable, RubberSession
from contractbridge.rubbergame.formation import Lineup

__all__ = ["play_rubber", "register", "terminal_rubber"]


def _describe(lineup: Lineup) -> str:
    lines = [f"{s.name.capitalize():>5}: {lineup.seats[s]}" for s in Seat]
    lines.append(f"Dealer: {lineup.seats[lineup.dealer]} ({lineup.dealer.name.capitalize()})")
    lines.append("Sitting out: " + (", ".join(lineup.sitting_out) or "nobody"))
    return "\n".join(lines)


def play_rubber(
    console: Console,
    session: RubberSession,
    robots: Mapping[Seat, Player],
    read: Callable[[str], str],
    save: Callable[[RubberSession], None] = lambda _: None,
    hint_robot: Callable[[Seat], Player] | None = None,
) -> bool:
    """Play ``session``'s rubber to its end at the terminal table of ``play`` (``TerminalTable``: the auction grid,
    each card and trick, ``hint``, ``claim``, ``undo``): ``robots`` act for their seats, the person at the terminal
    for the others (``read`` asks him; ``Quit`` ends it); the We/They sheet is printed after every hand and the
    log saved. False if a hand stopped unfinished."""
    while not session.sheet.is_finished:
        table = session.deal()
        console.print(f"\nHand {session.hands + 1}: {session.lineup.seats[table.board.dealer]} "
                      f"({table.board.dealer.letter}) deals, vulnerable: {table.board.vulnerability}")  # fmt: skip
        session.tell_partscores(robots.values())
        if not TerminalTable(console, table, robots, read, None, hint_robot, own_score=False).run().done:
            return False
        for e in session.score():
            console.print(f"  {e.side} {e.points} {e.item.value} ({e.law})")
        console.print(str(session.sheet))
        save(session)
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
        log: Annotated[Path | None, typer.Option("--log", "-l", help="Save the rubber's event log (JSONL)")] = None,
    ) -> None:
        """Play a whole rubber against the robots, the We/They sheet after each hand (laws-historic.md §4)."""
        console = Console(highlight=False)
        try:
            yours = {Seat.parse(ch) for ch in seat if not ch.isspace()}
        except BridgeError as err:
            console.print(f"[red]error: {err}[/red]")
            raise typer.Exit(1) from None
        robots: dict[Seat, Player] = {s: BiddingRobot(system) for s in Seat if s not in yours}
        terminal_rubber(console, edition, robots, seed, log, lambda _: BiddingRobot(system))


def terminal_rubber(
    console: Console,
    edition: str,
    robots: Mapping[Seat, Player],
    seed: int | None,
    log: Path | None,
    hint_robot: Callable[[Seat], Player] | None = None,
) -> None:
    """A rubber under ``edition`` at the terminal (``rubber-game``; ``play --rubber``): ``robots`` play their
    seats, the person at the terminal the others (``hint_robot``: who answers ``hint``); the log (if any) is saved
    after every hand and at the end. An edition without a rubber game is a clear error (exit code 1)."""
    try:
        session = RubberSession(edition, seed=seed)
    except BridgeError as err:
        console.print(f"[red]error: {err}[/red]")
        raise typer.Exit(1) from None

    def save(s: RubberSession) -> None:
        if log is not None:
            log.write_text(s.to_jsonl(), encoding="utf-8")

    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    console.print(_describe(session.lineup))
    try:
        if not play_rubber(console, session, robots, read, save, hint_robot):
            console.print("\nRubber stopped: the hand could not be finished.")
    except Quit:
        console.print("\nRubber stopped.")
    save(session)
