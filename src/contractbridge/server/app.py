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
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from contractbridge.errors import BridgeError
from contractbridge.server import frames
from contractbridge.server.club import Club
from contractbridge.server.logs import protect
from contractbridge.server.routes import ROUTERS
from contractbridge.server.routes.lobby import STATIC
from contractbridge.server.routes.tables import NewTable
from contractbridge.server.session import TableSession
from contractbridge.server.settings import Settings
from contractbridge.store import Store

__all__ = ["NewTable", "create_app"]

log = logging.getLogger("contractbridge.server")


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
    ``settings`` (default: ``Settings()``); ``robot_delay``, ``rate``, ``burst`` and ``seed``, when given,
    replace those settings."""
    given: dict[str, Any] = {"robot_delay": robot_delay, "rate": rate, "burst": burst, "seed": seed}
    club = Club(dataclasses.replace(settings or Settings(), **{k: v for k, v in given.items() if v is not None}))
    protect()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = store if isinstance(store, Store) else await asyncio.to_thread(Store, store)
        club.store = db
        limits = club.settings
        for record in await asyncio.to_thread(db.tables):
            if limits.robot_boards and record.boards > limits.robot_boards:
                record = dataclasses.replace(record, boards=limits.robot_boards)
            try:
                club.sessions[record.id] = await TableSession.open(db, record, limits.robot_delay,
                                                                   limits.token_lifetime)  # fmt: skip
            except BridgeError as err:
                log.error("table not resumed", extra={"table": record.id, "error": str(err)})
        log.info("serving", extra={"store": db.safe_url, "tables": len(club.sessions)})
        try:
            yield
        finally:
            for session in club.sessions.values():
                await session.close()
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
