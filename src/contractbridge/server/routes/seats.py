"""The seats: ``POST /api/tables/{id}/seats/{seat}`` takes an empty seat (a human gets the seat's secret link, valid
``token_lifetime`` seconds) and ``DELETE`` releases one, with the seat's own token or the director's as
``Authorization: Bearer …``."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from contractbridge.cards import Seat
from contractbridge.server import frames
from contractbridge.server.club import RoleDep, SessionDep
from contractbridge.server.protocol import ProtocolError

__all__ = ["Sit", "router"]

router = APIRouter(prefix="/api/tables/{table_id}/seats", tags=["seats"])
SeatLetter = Literal["N", "E", "S", "W"]


class Sit(BaseModel):
    kind: Literal["human", "robot"] = "human"
    name: str = Field("", max_length=100)


@router.post("/{seat}")
async def sit(table_id: str, seat: SeatLetter, body: Sit, table: SessionDep) -> dict[str, Any]:
    try:
        token = await table.sit(Seat.parse(seat), body.kind, body.name)
    except ProtocolError as err:
        raise HTTPException(409, str(err)) from None
    if token is None:
        return {"seat": seat, "kind": "robot"}
    return {"seat": seat, "kind": "human", "token": token, "url": f"/t/{table_id}?token={token}"}


@router.delete("/{seat}")
async def release(seat: SeatLetter, table: SessionDep, role: RoleDep) -> dict[str, Any]:
    """The seat's player leaves, or the director releases the seat (HTTP 403 for anybody else)."""
    if role != frames.DIRECTOR and role != Seat.parse(seat):
        raise HTTPException(403, "release: a player releases his own seat; the director releases any seat")
    try:
        await table.release(Seat.parse(seat))
    except ProtocolError as err:
        raise HTTPException(409, str(err)) from None
    return {"seat": seat, "kind": "empty"}
