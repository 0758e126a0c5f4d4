"""The table's WebSocket, ``/ws/{id}``: one per player, director or spectator, one frame per change.

A connection without a token watches as a spectator until its first message, a ``hello`` with its link's token,
makes it the seat's or the director's (a token that is not the table's is refused and the connection closed;
at a table without spectators the ``hello`` must come within ``hello_timeout`` seconds). An old link's
``?token=`` still works; no log holds it (``server.logs``). A frame that is not a text frame holding a JSON
object gets an error frame and the connection goes on; the first message over the rate limit gets one error
frame and the connection is closed (code 1008).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket

from contractbridge.server import frames
from contractbridge.server.club import ClubDep
from contractbridge.server.protocol import ProtocolError, RateLimiter, RateLimitError, parse
from contractbridge.server.session import Client, TableSession

__all__ = ["router"]

router = APIRouter(tags=["connections"])

#: Close codes: the table is not open; the link is refused; the table ended the connection (its seat released,
#: its link expired, too slow); too many messages.
NOT_FOUND, REFUSED, ENDED, TOO_MANY = 4404, 4403, 4001, 1008


@router.websocket("/ws/{table_id}")
async def table_socket(ws: WebSocket, table_id: str, tables: ClubDep, token: str | None = None) -> None:
    session = await tables.find(table_id)
    await ws.accept()
    if session is None:
        await ws.send_json(frames.error_frame(ProtocolError(f"no open table {table_id!r}")))
        await ws.close(code=NOT_FOUND)
        return
    director_key = await asyncio.to_thread(tables.db.director_token, table_id)
    try:
        if token is None and session.record.spectators == "none":
            token = await _hello(ws, tables.settings.hello_timeout)
        try:
            role, key = session.role_of(token, director_key)
        except ProtocolError:
            if not token or tables.cluster is None:
                raise
            # the seat may have been taken at another process a moment ago: read it back from the store
            await (session.reseat() if session.owned else session.refresh())
            role, key = session.role_of(token, director_key)
    except ProtocolError as err:
        await ws.send_json(frames.error_frame(err))
        await ws.close(code=REFUSED)
        return
    client = Client(ws.send_text, role, RateLimiter(tables.settings.rate, tables.settings.burst), key)
    pump = asyncio.create_task(client.pump())
    await session.join(client)
    reader = asyncio.create_task(_read(ws, session, client, director_key))
    try:
        await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        await session.leave(client)
        client.close()
        with contextlib.suppress(Exception):
            await pump
        code = reader.result() if reader.done() and not reader.cancelled() and reader.exception() is None else ENDED
        if code is not None:
            with contextlib.suppress(Exception):
                await ws.close(code=code)


async def _hello(ws: WebSocket, timeout: float) -> str:
    """The token of the connection's first message, which must be a ``hello``."""
    try:
        event = await asyncio.wait_for(ws.receive(), timeout)
    except TimeoutError:
        raise ProtocolError(f"this table takes no spectators: send your link's hello within {timeout:g} s") from None
    message = parse(event.get("text"))
    if message.type != "hello":
        raise ProtocolError("this table takes no spectators: the first message is a hello with your link's token")
    return str(message.data["token"])


async def _read(ws: WebSocket, session: TableSession, client: Client, director_key: str | None) -> int | None:
    """Carry out the connection's messages until it goes (None) or sends too many (the close code)."""
    while True:
        event = await ws.receive()
        if event["type"] == "websocket.disconnect":
            return None
        try:
            client.limiter.check()
            message = parse(event.get("text"))
        except RateLimitError as err:
            client.put(frames.error_frame(err))
            client.close()
            return TOO_MANY
        except ProtocolError as err:
            client.put(frames.error_frame(err))
            continue
        if message.type != "hello":
            await session.handle(client, message)
            continue
        try:
            await session.rejoin(client, *session.role_of(str(message.data["token"]), director_key))
        except ProtocolError as err:  # a link that is not this table's, or expired: as with ?token=
            client.put(frames.error_frame(err))
            client.close()
            return REFUSED
