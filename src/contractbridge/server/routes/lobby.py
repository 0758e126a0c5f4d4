"""The pages: the lobby (``/``), a table's page (``/t/{id}``; a seat's or the director's link adds its token,
which the page sends over the WebSocket in its first message, never in a URL) and the favicon."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates

from contractbridge.laws import EDITIONS
from contractbridge.server.club import SessionDep

__all__ = ["STATIC", "router"]

HERE = Path(__file__).parent.parent
#: The static files (scripts, style sheet, icon), mounted at ``/static``.
STATIC = HERE / "static"

router = APIRouter(tags=["lobby"])
templates = Jinja2Templates(directory=HERE / "templates")


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "lobby.html", {"editions": EDITIONS})


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table: SessionDep) -> HTMLResponse:
    return templates.TemplateResponse(request, "table.html", {"table": table.info()})


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
