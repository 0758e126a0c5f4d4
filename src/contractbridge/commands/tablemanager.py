"""``contractbridge serve-tm | tm-client``: the Blue Chip Bridge table-manager protocol over TCP on localhost."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from contractbridge.cards import Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError
from contractbridge.robots import Effort, default_robot
from contractbridge.table import Table

__all__ = ["register"]

console = Console(highlight=False)


def _fail(err: BridgeError | OSError) -> typer.Exit:
    console.print(f"[red]error:[/red] {err}")
    return typer.Exit(2)


def _write_new(path: Path, tables: list[Table]) -> None:
    """The event logs of ``tables`` (JSON lines) into a new file ``path``."""
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write("".join(t.to_jsonl() for t in tables))
    except OSError as err:
        raise _fail(err) from None
    console.print(f"event logs of {len(tables)} board(s) written to {path}")


def register(app: typer.Typer) -> None:
    @app.command("serve-tm")
    def serve_tm(
        port: Annotated[
            int, typer.Option("--port", "-p", help="TCP port on 127.0.0.1 (0: any free port)", min=0, max=65535)
        ] = 2000,
        boards: Annotated[int, typer.Option("--boards", "-n", help="how many boards to play")] = 1,
        seed: Annotated[str, typer.Option("--seed", help="seed of the deals (board N: SEED-N)")] = "tm",
        log: Annotated[Path | None, typer.Option("--log", help="write the event logs (JSON lines) here")] = None,
        ns: Annotated[str | None, typer.Option("--ns", help="North-South's team name (default: North's)")] = None,
        ew: Annotated[str | None, typer.Option("--ew", help="East-West's team name (default: East's)")] = None,
        reconnect: Annotated[
            float, typer.Option("--reconnect", help="seconds a dropped seat has to connect again")
        ] = 30.0,
        refusals: Annotated[
            int, typer.Option("--refusals", help="lines refused per seat (its connection closed) before the end")
        ] = 3,
    ) -> None:
        """Run a table manager (Blue Chip Bridge protocol v18): four clients connect, one per seat, and play the
        boards; a seat that drops may connect again and the board in progress starts again."""
        from contractbridge.tablemanager import TableManagerServer

        if boards < 1:
            raise _fail(BridgeError(f"--boards must be at least 1, not {boards}"))
        if log is not None and log.exists():
            raise _fail(BridgeError(f"--log {log} exists; the table manager never replaces a file"))
        deals = [Board(n, Deal.random(f"{seed}-{n}")) for n in range(1, boards + 1)]

        def done(table: Table) -> None:
            console.print(f"board {table.board.number}: {table.result}")

        teams = None if ns is None and ew is None else (ns or "N/S", ew or "E/W")
        try:
            server = TableManagerServer(
                deals, port=port, teams=teams, on_board=done, reconnect_timeout=reconnect, refusals=refusals
            )
        except BridgeError as err:
            raise _fail(err) from None

        async def main() -> None:
            await server.start()
            console.print(f"table manager listening on 127.0.0.1:{server.port} for {boards} board(s)")
            await server.serve()

        failure: BridgeError | OSError | None = None
        try:
            asyncio.run(main())
        except (BridgeError, OSError) as err:
            failure = err
        if log is not None:  # what was played is kept even when the session failed
            _write_new(log, server.tables)
            if server.abandoned:
                _write_new(log.with_suffix(".abandoned.jsonl"), server.abandoned)
        if failure is not None:
            raise _fail(failure)

    @app.command("tm-client")
    def tm_client(
        seat: Annotated[str, typer.Option("--seat", "-s", help="N, E, S or W")],
        host: Annotated[str, typer.Option("--host", help="the table manager's host")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", "-p", help="the table manager's port", min=1, max=65535)] = 2000,
        name: Annotated[str, typer.Option("--name", help="team name sent when connecting")] = "contractbridge",
        system: Annotated[str, typer.Option("--system", help="culbertson or club")] = "culbertson",
        seed: Annotated[int | None, typer.Option("--seed", help="seed of the robot's choices")] = None,
        samples: Annotated[int, typer.Option("--samples", help="sampled deals per card")] = 20,
        time_limit: Annotated[float, typer.Option("--time", help="seconds per card (0: no limit)")] = 0.5,
        reconnect: Annotated[int, typer.Option("--reconnect", help="times to connect again if dropped")] = 3,
    ) -> None:
        """Sit our robot at a table manager for one seat and play until the session ends."""
        from contractbridge.tablemanager import TableManagerClient

        try:
            effort = Effort(samples=samples, time_limit=time_limit or None)
            robot = default_robot(system, seed=seed, effort=effort)
            client = TableManagerClient(robot, Seat.parse(seat), name=name, host=host, port=port, reconnect=reconnect)
            views = asyncio.run(client.run())
        except (BridgeError, OSError) as err:
            raise _fail(err) from None
        for view in views:
            console.print(f"board {view.number}: {view.contract or 'passed out'}, tricks NS {view.tricks_won[0]}")
