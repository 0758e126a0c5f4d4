"""``contractbridge serve``: the web table (FastAPI + Uvicorn) over the store (SQLite by default)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        db: Annotated[str | None, typer.Option("--db", help="database URL (default: SQLite in your data dir)")] = None,
        host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
        robot_delay: Annotated[float, typer.Option("--robot-delay", help="seconds before each robot action")] = 0.4,
        seed: Annotated[
            str | None, typer.Option("--seed", help="reproducible deals (demonstrations, tests); default: secret")
        ] = None,
        robot_effort: Annotated[
            str, typer.Option("--robot-effort", metavar="EFFORT", help="the robots' card play: low, normal, high")
        ] = "",
    ) -> None:
        """Serve the web table: open http://HOST:PORT/ for the lobby."""
        try:
            import uvicorn

            from contractbridge.server import create_app
            from contractbridge.server.logs import configure
            from contractbridge.store import Store
        except ImportError as err:
            typer.echo(f"error: the web table needs its extra: pip install 'contractbridge[web]' ({err})", err=True)
            raise typer.Exit(2) from None
        from contractbridge.errors import BridgeError
        from contractbridge.robots.cardplay import ROBOT_EFFORT_ENV, Effort

        configure()
        try:
            if robot_effort:  # the default effort of the robot seats (server.robots.robot_player)
                Effort.parse(robot_effort)
                os.environ[ROBOT_EFFORT_ENV] = robot_effort
            store = Store(db)
        except BridgeError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"contractbridge web table on http://{host}:{port}/ (store: {store.safe_url})", err=True)
        uvicorn.run(create_app(store, robot_delay=robot_delay, seed=seed), host=host, port=port, log_config=None,
                    timeout_graceful_shutdown=5)  # fmt: skip
        store.close()
