"""The web table (FastAPI + WebSockets): a lobby, tables of humans and robots, the director, spectators.

``create_app(store)`` builds the ASGI application; ``contractbridge serve`` runs it with Uvicorn.

A UI: may import everything below it (``players``, ``store``, ``robots``, ``table``, ``laws`` …); nothing
below imports it. It decides no law: what varies by book is asked of the table's edition.
"""

from __future__ import annotations

from contractbridge.server.app import create_app
from contractbridge.server.settings import Settings

__all__ = ["Settings", "create_app"]
