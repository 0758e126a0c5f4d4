"""The ASGI application: the routers of ``server.routes`` over one ``Club`` (the store, the open tables, the
settings), the static files, and the error frame of a ``BridgeError``.

At start-up every open table of the store is resumed from its log; at shutdown the robots finish their committed
action and the connections are closed (nothing is lost: every event was committed when it was accepted).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from contractbridge.errors import BridgeError
from contractbridge.server import frames
from contractbridge.server.club import Club
from contractbridge.server.cluster import Cluster
from contractbridge.server.logs import protect
from contractbridge.server.routes import ROUTERS
from contractbridge.server.routes.lobby import STATIC
from contractbridge.server.routes.tables import NewTable
from contractbridge.server.settings import Settings
from contractbridge.store import Store

__all__ = ["JSON_LOGS_ENV", "NewTable", "create_app", "from_environment"]

log = logging.getLogger("contractbridge.server")

#: ``1``: each worker of ``serve --workers`` logs JSON lines (``serve --json-logs``).
JSON_LOGS_ENV = "CONTRACTBRIDGE_WEB_JSON_LOGS"


def create_app(
    store: Store | str | None = None,
    settings: Settings | None = None,
    *,
    robot_delay: float | None = None,
    rate: float | None = None,
    burst: float | None = None,
    seed: str | None = None,
) -> FastAPI:
    """The web table over ``store`` (a ``Store``, a database URL, or None for the default SQLite file) with
    ``settings`` (default: ``Settings.from_env()``, the defaults and ``CONTRACTBRIDGE_WEB_*``, as ``serve`` reads
    them); ``robot_delay``, ``rate``, ``burst`` and ``seed``, when given, replace those settings."""
    given = {"robot_delay": robot_delay, "rate": rate, "burst": burst, "seed": seed}
    replaced: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    club = Club(dataclasses.replace(settings or Settings.from_env(), **replaced))
    protect()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = store if isinstance(store, Store) else await asyncio.to_thread(Store, store)
        club.store = db
        if db.dialect == "postgresql":  # one of several processes, maybe: each table owned by one (#26)
            club.cluster = Cluster(club, db.url)
            await club.cluster.start()
        else:
            for record in await asyncio.to_thread(db.tables):
                try:
                    club.sessions[record.id] = await club.open(record)
                except BridgeError as err:
                    log.error("table not resumed", extra={"table": record.id, "error": str(err)})
        log.info("serving", extra={"store": db.safe_url, "tables": len(club.sessions)})
        try:
            yield
        finally:
            for session in club.sessions.values():
                await session.close()
            if club.cluster is not None:
                await club.cluster.stop()
            club.pool.close()
            log.info("shutdown: every open table saved", extra={"tables": len(club.sessions)})
            if not isinstance(store, Store):
                db.close()

    app = FastAPI(title="contractbridge web table", lifespan=lifespan)
    app.state.club = club
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in ROUTERS:
        app.include_router(router)

    @app.exception_handler(BridgeError)
    async def bridge_error(request: Request, err: BridgeError) -> JSONResponse:
        return JSONResponse(frames.error_frame(err), status_code=400)

    return app


def from_environment() -> FastAPI:
    """The application of one worker of ``serve --workers N`` (Uvicorn's factory): the store of
    ``$CONTRACTBRIDGE_DB``, the settings of ``CONTRACTBRIDGE_WEB_*`` (``Settings.from_env``)."""
    from contractbridge.server.logs import configure

    configure(json_lines=os.environ.get(JSON_LOGS_ENV) == "1")
    return create_app(None, Settings.from_env())
