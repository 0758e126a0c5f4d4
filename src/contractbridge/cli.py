"""The ``contractbridge`` command (Typer + Rich).

Each group of commands lives in its own module under ``contractbridge.commands`` and exposes
``register(app)``; the modules are listed in ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib

import typer

COMMAND_MODULES: tuple[str, ...] = (
    "table",
    "scoring",
    "director",
    "bidding",
    "formats",
    "analysis",
    "rubbergame",
    "tablemanager",
    "server",
)

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Contract bridge faithful to the laws.")

for _name in COMMAND_MODULES:
    importlib.import_module(f"contractbridge.commands.{_name}").register(app)


def main() -> None:
    app()
