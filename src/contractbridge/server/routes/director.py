"""The director: ``GET /api/tables/{id}/director`` is the director's frame (every hand, the record, the
irregularities, the pending ruling) for the director's token as ``Authorization: Bearer …``; the director's
page is the table's page with the director's link."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from contractbridge.server import frames
from contractbridge.server.club import RoleDep, SessionDep

__all__ = ["router"]

router = APIRouter(prefix="/api/tables/{table_id}/director", tags=["director"])


@router.get("")
async def director_frame(table: SessionDep, role: RoleDep) -> dict[str, Any]:
    if role != frames.DIRECTOR:
        raise HTTPException(403, "the director's frame needs the director's token ('Authorization: Bearer …')")
    async with table.lock:
        return table.frame(frames.DIRECTOR, table.info(), table.scores)
