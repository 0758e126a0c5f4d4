"""``GET /health``: the store answers, how many tables and connections, the limits in force."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from contractbridge.server.club import ClubDep

__all__ = ["router"]

router = APIRouter(tags=["health"])


@router.get("/health")
async def health(tables: ClubDep) -> dict[str, Any]:
    db = tables.db
    await asyncio.to_thread(db.tables)
    return {
        "status": "ok",
        "store": db.dialect,
        "tables": len(tables.sessions),
        "connections": sum(len(s.clients) for s in tables.sessions.values()),
        "limits": tables.settings.limits(),
    }
