"""The tables: ``GET /api/tables`` (the lobby's list) and ``POST /api/tables`` (open one, within the limits)."""

from __future__ import annotations

import logging
import secrets
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from contractbridge.laws import DEFAULT_EDITION, EDITIONS
from contractbridge.server import rubbers, tokens
from contractbridge.server.club import AddressDep, ClubDep, system_of
from contractbridge.store import TableRecord

__all__ = ["NewTable", "router"]

log = logging.getLogger("contractbridge.server")
router = APIRouter(prefix="/api/tables", tags=["tables"])


class NewTable(BaseModel):
    """A table to open: its name, edition, whether a director rules irregularities, spectators (``hidden``: no
    hand before the end of a board; ``delayed``: every hand, one whole board behind; ``none``), robots, the
    boards a table of four robots plays by itself, and ``system``: the pairs' system cards and the alert policy
    (L40A1(b), L40B2(a)(iii)), the board event's ``system`` object (docs/disclosure.md), carried by every board."""

    name: str = Field("Table", min_length=1, max_length=100)
    edition: str = DEFAULT_EDITION
    director: bool = False
    spectators: Literal["hidden", "delayed", "none"] = "hidden"
    robots: list[Literal["N", "E", "S", "W"]] = []
    boards: int = Field(0, ge=0, le=10_000)
    scoring: Literal["duplicate", "rubber"] = "duplicate"
    system: dict[str, Any] | None = None


@router.get("")
async def list_tables(tables: ClubDep) -> list[dict[str, Any]]:
    return [s.info() for s in tables.sessions.values()]


@router.post("", status_code=201)
async def new_table(spec: NewTable, tables: ClubDep, address: AddressDep) -> dict[str, Any]:
    settings = tables.settings
    if spec.edition not in EDITIONS:
        raise HTTPException(422, f"unknown edition {spec.edition!r} (use one of {', '.join(EDITIONS)})")
    if spec.scoring == "rubber" and not rubbers.has_rubber_scoring(spec.edition):
        raise HTTPException(422, f"{spec.edition} has no rubber scoring (NBB30, EST30 have)")
    if settings.robot_boards and spec.boards > settings.robot_boards:
        raise HTTPException(422, f"boards: at most {settings.robot_boards} at a table of robots, not {spec.boards}")
    agreements = system_of(spec.system)
    tables.admit(address)
    table_id = secrets.token_hex(6)
    director_token, director_key = tokens.issue(settings.token_lifetime) if spec.director else (None, None)
    async with tables.numbered() as number:
        record = TableRecord(
            id=table_id,
            name=spec.name,
            edition=spec.edition,
            irregular=spec.director,
            spectators=spec.spectators,
            seed=secrets.token_hex(16) if number is None else f"{settings.seed}/{number}",
            boards=spec.boards,
            scoring=spec.scoring,
        )
        # the robots are seated with the table (one transaction) and act only after the answer (TableSession.kick)
        await tables.create(record, director_key, spec.robots, agreements=agreements)
    tables.opened_by(table_id, address)
    log.info("table opened", extra={"table": table_id, "edition": spec.edition, "director": spec.director})
    out: dict[str, Any] = {"id": table_id, "url": f"/t/{table_id}"}
    if director_token is not None:
        out["director_token"] = director_token
        out["director_url"] = f"/t/{table_id}?token={director_token}"
    return out
