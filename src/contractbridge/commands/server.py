"""``contractbridge serve``: the web table (FastAPI + Uvicorn) over the store (SQLite by default)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

__all__ = ["register"]

LIMITS = "Limits (0: none; also CONTRACTBRIDGE_WEB_<NAME> in the environment)"


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        db: Annotated[
            str | None,
            typer.Option("--db", help="database URL or SQLite file path (default: SQLite in your data dir)"),
        ] = None,
        host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=0, max=65535, help="port to listen on (0: any free)")] = 8000,
        robot_delay: Annotated[
            float, typer.Option("--robot-delay", min=0, help="seconds before each robot action")
        ] = 0.4,
        seed: Annotated[
            str | None, typer.Option("--seed", help="reproducible deals (demonstrations, tests); default: secret")
        ] = None,
        robot_effort: Annotated[
            str, typer.Option("--robot-effort", metavar="EFFORT", help="the robots' card play: low, normal, high")
        ] = "",
        json_logs: Annotated[
            bool, typer.Option("--json-logs", help="log one JSON object a line (for a log collector)")
        ] = False,
        workers: Annotated[
            int,
            typer.Option(
                "--workers",
                min=1,
                help="server processes on this host (more than 1: PostgreSQL only; each table "
                "is owned by one process, the others forward to it)",
            ),
        ] = 1,
        robot_processes: Annotated[
            int | None, typer.Option("--robot-processes", min=0, help="processes robots think in [cores, at most 4]")
        ] = None,
        tables_per_client: Annotated[
            int | None, typer.Option(min=0, help="tables one address may have open [20]", rich_help_panel=LIMITS)
        ] = None,
        tables_per_minute: Annotated[
            int | None, typer.Option(min=0, help="tables one address may open a minute [10]", rich_help_panel=LIMITS)
        ] = None,
        max_tables: Annotated[
            int | None, typer.Option(min=0, help="tables open on the server [1000]", rich_help_panel=LIMITS)
        ] = None,
        robot_boards: Annotated[
            int | None, typer.Option(min=0, help="boards a table of robots plays [100]", rich_help_panel=LIMITS)
        ] = None,
        token_lifetime: Annotated[
            float | None,
            typer.Option(min=0, help="seconds a seat's or director's link is valid [86400]", rich_help_panel=LIMITS),
        ] = None,
        rate: Annotated[
            float | None, typer.Option(min=0, help="messages a second per connection [20]", rich_help_panel=LIMITS)
        ] = None,
        burst: Annotated[
            float | None, typer.Option(min=0, help="burst of messages per connection [40]", rich_help_panel=LIMITS)
        ] = None,
        clarification_timeout: Annotated[
            float | None,
            typer.Option(
                min=0,
                help="seconds the questions before the opening lead is faced wait for a player (0: no limit) [90]",
                rich_help_panel=LIMITS,
            ),
        ] = None,
    ) -> None:
        """Serve the web table: open http://HOST:PORT/ for the lobby."""
        try:
            import uvicorn

            from contractbridge.server import create_app
            from contractbridge.server.logs import configure
            from contractbridge.server.settings import Settings
            from contractbridge.store import Store
        except ImportError as err:
            typer.echo(f"error: the web table needs its extra: pip install 'contractbridge[web]' ({err})", err=True)
            raise typer.Exit(2) from None
        from contractbridge.errors import BridgeError
        from contractbridge.robots.cardplay import ROBOT_EFFORT_ENV, Effort

        configure(json_lines=json_logs)
        try:
            if robot_effort:  # the default effort of the robot seats (server.robots.robot_player)
                Effort.parse(robot_effort)
                os.environ[ROBOT_EFFORT_ENV] = robot_effort
            settings = Settings.from_env(
                robot_delay=robot_delay, seed=seed, tables_per_client=tables_per_client, max_tables=max_tables,
                tables_per_minute=tables_per_minute, robot_boards=robot_boards, token_lifetime=token_lifetime,
                rate=rate, burst=burst, robot_processes=robot_processes, clarification_timeout=clarification_timeout,
            )  # fmt: skip
            store = Store(db)
        except BridgeError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        if workers > 1 and store.dialect != "postgresql":
            store.close()
            typer.echo(f"error: --workers {workers}: a {store.dialect} store serves one process only; several "
                       "processes share a PostgreSQL store (--db postgresql+psycopg://user@host/club)",
                       err=True)  # fmt: skip
            raise typer.Exit(2)
        typer.echo(f"contractbridge web table on http://{host}:{port}/ (store: {store.safe_url}"
                   f"{f', {workers} processes' if workers > 1 else ''})", err=True)  # fmt: skip
        if workers == 1:
            uvicorn.run(create_app(store, settings), host=host, port=port, log_config=None, timeout_graceful_shutdown=5)
            store.close()
            return
        store.close()  # each worker opens its own (Uvicorn's factory: server.app.from_environment)
        from contractbridge.server.app import JSON_LOGS_ENV

        os.environ.update({**settings.to_env(), "CONTRACTBRIDGE_DB": store.url, JSON_LOGS_ENV: str(int(json_logs))})
        uvicorn.run("contractbridge.server.app:from_environment", factory=True, workers=workers, host=host, port=port,
                    log_config=None, timeout_graceful_shutdown=5)  # fmt: skip
