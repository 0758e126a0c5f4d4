"""The web table's routes, one ``APIRouter`` per resource: the lobby's pages, the tables, the seats, the director,
the spectators, the table's WebSocket, ``/health`` and the events. Each reaches the tables through ``server.club``'s
dependencies. May import the rest of ``server`` and the library below it; only ``server.app`` imports it."""

from __future__ import annotations

from fastapi import APIRouter

from contractbridge.server.routes import director, events, health, lobby, seats, socket, spectators, tables

__all__ = ["ROUTERS"]

ROUTERS: tuple[APIRouter, ...] = (
    lobby.router,
    tables.router,
    seats.router,
    director.router,
    spectators.router,
    socket.router,
    health.router,
    events.router,
)
