"""The spectators: ``GET /api/tables/{id}/boards`` lists the boards finished at the table with their deals,
events and results (what anybody may see once a board is over; refused at a table without spectators). A
spectator watches the table over its WebSocket without a token (``frames.spectator_frame``)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

from contractbridge.server.club import ClubDep, SessionDep

__all__ = ["router"]

router = APIRouter(prefix="/api/tables/{table_id}/boards", tags=["spectators"])


@router.get("")
async def finished_boards(table_id: str, table: SessionDep, tables: ClubDep) -> list[dict[str, Any]]:
    if table.record.spectators == "none":
        raise HTTPException(403, "this table takes no spectators")
    db = tables.db

    def read() -> list[dict[str, Any]]:
        results = {r["board"]: r for r in db.results(table_id)}
        boards = (db.board(i) for i in db.board_ids(table_id))
        return [{"board": b.number, "events": b.events, "result": results.get(b.number)} for b in boards
                if b.finished]  # fmt: skip

    return await asyncio.to_thread(read)
