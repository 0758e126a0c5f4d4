"""The web table (FastAPI + WebSockets): a lobby, tables of humans and robots, the director, spectators.

``create_app(store)`` builds the ASGI application; ``contractbridge serve`` runs it with Uvicorn.
"""

from __future__ import annotations

from contractbridge.server.app import create_app

__all__ = ["create_app"]
