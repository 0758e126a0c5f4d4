"""``contractbridge draw`` and ``rubber-game``: forming a 1930s table and playing a rubber against the robots.

``play_rubber`` is the rubber loop (deal, auction and play with the robots, the We/They sheet after every
hand); ``terminal_rubber`` runs it for ``rubber-game`` and for ``contractbridge play --edition NBB30 --rubber``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Side
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_RUBBER_EDITION, rubber_editions
from contractbridge.players import Player
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import ClubTable, RubberSession
from contractbridge.rubbergame.formation import Lineup
from contractbridge.scoring.rubber import Entry
from contractbridge.table import Phase, Table

__all__ = ["play_rubber", "register", "terminal_rubber"]


class _Stop(Exception):
    """The person at the terminal ended the rubber (EOF or ``quit``)."""


def _describe(lineup: Lineup) -> str:
    lines = [f"{s.name.capitalize():>5}: {lineup.seats[s]}" for s in Seat]
    lines.append(f"Dealer: {lineup.seats[lineup.dealer]} ({lineup.dealer.name.capitalize()})")
    lines.append("Sitting out: " + (", ".join(lineup.sitting_out) or "nobody"))
    return "\n".join(lines)


def _human_action(console: Console, table: Table, seat: Seat, read: Callable[[str], str]) -> None:
    view = table.view(seat)
    console.print(f"Your hand ({seat.letter}): {view.hand}")
    if view.dummy_hand is not None and view.dummy is not None:
        console.print(f"Dummy ({view.dummy.letter}): {view.dummy_hand}")
    console.print(f"Auction: {table.auction or '—'}")
    while True:
        if table.phase is Phase.AUCTION:
            legal = " ".join(str(c) for c in view.legal_calls)
            line = read(f"{seat.letter} call ({legal})> ").strip()
        else:
            legal = " ".join(str(c) for c in sorted(view.legal_cards, reverse=True))
            line = read(f"card from {table.turn.letter if table.turn is not None else '?'} ({legal})> ").strip()
        if line.lower() in ("quit", "q", "exit"):
            raise _Stop
        try:
            if table.phase is Phase.AUCTION:
                table.call(Call.parse(line), seat)
            else:
                table.play(Card.parse(line), table.turn)
            return
        except BridgeError as err:
            console.print(f"[red]{err}[/red]")


def play_rubber(
    console: Console,
    session: RubberSession,
    robots: Mapping[Seat, Player],
    read: Callable[[str], str],
    save: Callable[[RubberSession], None] = lambda _: None,
) -> None:
    """Play ``session``'s rubber to its end: ``robots`` act for their seats, the person at the terminal for
    the others (``read`` asks him); the We/They sheet is printed after every hand and the log saved."""
    while not session.sheet.is_finished:
        table = session.deal()
        console.print(f"\nHand {table.board.number}: {session.lineup.seats[table.board.dealer]} "
                      f"({table.board.dealer.letter}) deals, vulnerable: {table.board.vulnerability}")  # fmt: skip
        for bidder in robots.values():
            if isinstance(bidder, BiddingRobot):
                bidder.partscores = (session.sheet.below_line(Side.NS), session.sheet.below_line(Side.EW))
        while table.phase is not Phase.DONE:
            actor = table.actor
            if actor is None:
                raise BridgeError("play has stopped (a claim or an irregularity): not supported in a rubber yet")
            robot = robots.get(actor)
            if robot is None:
                _human_action(console, table, actor, read)
            elif table.phase is Phase.AUCTION:
                table.call(robot.call(table.view(actor)), actor)
            else:
                table.play(robot.play(table.view(actor)), table.turn)
        result = table.result
        lines: list[Entry] = session.score()
        console.print(f"Auction: {table.auction}   Result: {result}")
        for e in lines:
            console.print(f"  {e.side} {e.points} {e.item.value} ({e.law})")
        console.print(str(session.sheet))
        save(session)
    r = session.sheet.result()
    winner = "nobody" if r.winner is None else str(r.winner)
    law = session.sheet.rules.laws["result"]
    console.print(f"Rubber over: NS {r.totals[0]}, EW {r.totals[1]}; {winner} wins by {r.points} ({law}).")


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
        terminal_rubber(console, edition, {s: BiddingRobot(system) for s in Seat if s not in yours}, seed, log)


def terminal_rubber(
    console: Console, edition: str, robots: Mapping[Seat, Player], seed: int | None, log: Path | None
) -> None:
    """A rubber under ``edition`` at the terminal (``rubber-game``; ``play --rubber``): ``robots`` play their
    seats, the person at the terminal the others; the log (if any) is saved after every hand and at the end.
    An edition without a rubber game is a clear error (exit code 1)."""
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
            raise _Stop from None

    console.print(_describe(session.lineup))
    try:
        play_rubber(console, session, robots, read, save)
    except _Stop:
        console.print("\nRubber stopped.")
    save(session)
