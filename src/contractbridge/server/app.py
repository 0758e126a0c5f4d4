"""The ASGI application: the lobby, the table page, the JSON API, the WebSocket of each table, ``/health``.

Tables live in ``TableSession``s; at start-up every open table of the store is resumed from its log, and at
shutdown the robots finish their committed action and the connections are closed (nothing is lost: every
event was committed when it was accepted).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from contractbridge.cards import Seat
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_EDITION, EDITIONS
from contractbridge.server import frames, rubbers
from contractbridge.server.protocol import ProtocolError, RateLimiter, parse
from contractbridge.server.session import Client, TableSession, hash_token
from contractbridge.store import Store, TableRecord

__all__ = ["NewTable", "create_app"]

log = logging.getLogger("contractbridge.server")
HERE = Path(__file__).parent


class NewTable(BaseModel):
    """A table to open: its name, edition, whether a director rules irregularities, spectators, robots."""

    name: str = Field("Table", min_length=1, max_length=100)
    edition: str = DEFAULT_EDITION
    director: bool = False
    spectators: Literal["hidden", "delayed", "none"] = "hidden"
    spectator_delay: int = Field(4, ge=1, le=52)
    robots: list[Literal["N", "E", "S", "W"]] = []
    boards: int = Field(0, ge=0, le=10_000)
    scoring: Literal["duplicate", "rubber"] = "duplicate"


class Sit(BaseModel):
    kind: Literal["human", "robot"] = "human"
    name: str = Field("", max_length=100)


def create_app(
    store: Store | str | None = None,
    *,
    robot_delay: float = 0.0,
    rate: float = 20.0,
    burst: float = 40.0,
    seed: str | None = None,
) -> FastAPI:
    """The web table over ``store`` (a ``Store``, a database URL, or None for the default SQLite file).
    ``robot_delay`` seconds pass before each robot action (so that people see the cards); ``rate`` and
    ``burst`` limit the messages of each WebSocket. ``seed`` makes the deals reproducible (the n-th table opened
    deals from ``f"{seed}/{n}"``: demonstrations and tests); by default each table gets a secret random seed."""
    sessions: dict[str, TableSession] = {}
    opened = itertools.count(1)
    holder: dict[str, Store] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = store if isinstance(store, Store) else await asyncio.to_thread(Store, store)
        holder["store"] = db
        for record in await asyncio.to_thread(db.tables):
            try:
                sessions[record.id] = await TableSession.open(db, record, robot_delay)
            except BridgeError as err:
                log.error("table not resumed", extra={"table": record.id, "error": str(err)})
        log.info("serving", extra={"store": db.safe_url, "tables": len(sessions)})
        try:
            yield
        finally:
            for session in sessions.values():
                await session.close()
            log.info("shutdown: every open table saved", extra={"tables": len(sessions)})
            if not isinstance(store, Store):
                db.close()

    app = FastAPI(title="contractbridge web table", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")

    def session_of(table_id: str) -> TableSession:
        session = sessions.get(table_id)
        if session is None:
            raise HTTPException(404, f"no open table {table_id!r}")
        return session

    @app.exception_handler(BridgeError)
    async def bridge_error(request: Request, err: BridgeError) -> JSONResponse:
        return JSONResponse(frames.error_frame(err), status_code=400)

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "lobby.html", {"editions": EDITIONS})

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        session = session_of(table_id)
        return templates.TemplateResponse(request, "table.html", {"table": session.info()})

    @app.get("/health")
    async def health() -> dict[str, Any]:
        db = holder["store"]
        await asyncio.to_thread(db.tables)
        return {
            "status": "ok",
            "store": db.dialect,
            "tables": len(sessions),
            "connections": sum(len(s.clients) for s in sessions.values()),
        }

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return [s.info() for s in sessions.values()]

    @app.post("/api/tables", status_code=201)
    async def new_table(spec: NewTable) -> dict[str, Any]:
        if spec.edition not in EDITIONS:
            raise HTTPException(422, f"unknown edition {spec.edition!r} (use one of {', '.join(EDITIONS)})")
        if spec.scoring == "rubber" and not rubbers.has_rubber_scoring(spec.edition):
            raise HTTPException(422, f"{spec.edition} has no rubber scoring (NBB30, EST30 have)")
        db = holder["store"]
        table_id = secrets.token_hex(6)
        director_token = secrets.token_urlsafe(18) if spec.director else None
        record = TableRecord(
            id=table_id,
            name=spec.name,
            edition=spec.edition,
            irregular=spec.director,
            spectators=spec.spectators,
            spectator_delay=spec.spectator_delay,
            seed=secrets.token_hex(16) if seed is None else f"{seed}/{next(opened)}",
            boards=spec.boards,
            scoring=spec.scoring,
        )
        await asyncio.to_thread(db.create_table, record, None if director_token is None else hash_token(director_token))
        session = await TableSession.open(db, record, robot_delay)
        sessions[table_id] = session
        for letter in dict.fromkeys(spec.robots):
            await session.sit(Seat.parse(letter), "robot")
        log.info("table opened", extra={"table": table_id, "edition": spec.edition, "director": spec.director})
        out: dict[str, Any] = {"id": table_id, "url": f"/t/{table_id}"}
        if director_token is not None:
            out["director_token"] = director_token
            out["director_url"] = f"/t/{table_id}?token={director_token}"
        return out

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def sit(table_id: str, seat: Literal["N", "E", "S", "W"], body: Sit) -> dict[str, Any]:
        session = session_of(table_id)
        try:
            token = await session.sit(Seat.parse(seat), body.kind, body.name)
        except ProtocolError as err:
            raise HTTPException(409, str(err)) from None
        if token is None:
            return {"seat": seat, "kind": "robot"}
        return {"seat": seat, "kind": "human", "token": token, "url": f"/t/{table_id}?token={token}"}

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        session = sessions.get(table_id)
        await ws.accept()
        if session is None:
            await ws.send_json({"type": "error", "error": "ProtocolError", "message": f"no open table {table_id!r}"})
            await ws.close(code=4404)
            return
        db = holder["store"]
        try:
            role = session.role_of(token, await asyncio.to_thread(db.director_token, table_id))
        except ProtocolError as err:
            await ws.send_json(frames.error_frame(err))
            await ws.close(code=4403)
            return
        client = Client(ws.send_json, role, RateLimiter(rate, burst))
        pump = asyncio.create_task(client.pump())
        await session.join(client)
        try:
            while True:
                text = await ws.receive_text()
                try:
                    client.limiter.check()
                    message = parse(text)
                except ProtocolError as err:
                    client.put(frames.error_frame(err))
                    continue
                await session.handle(client, message)
                if client.limiter.refused > 200:
                    await ws.close(code=1008, reason="too many messages")
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await session.leave(client)
            client.close()
            with contextlib.suppress(Exception):
                await pump

    return app
