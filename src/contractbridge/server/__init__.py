"""The web table (FastAPI + WebSockets): a lobby, tables of humans and robots, the director, spectators.

``create_app(store, settings)`` builds the ASGI application (``routes``: one router per resource over one
``club.Club``; ``settings.Settings``: the limits); ``contractbridge serve`` runs it with Uvicorn. The package
may import the library below it (table, laws, robots, store), never the CLI.
"""

from __future__ import annotations

from contractbridge.server.app import create_app
from contractbridge.server.settings import Settings

__all__ = ["Settings", "create_app"]
