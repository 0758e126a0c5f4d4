"""The ``contractbridge`` command (Typer + Rich). Each command group lives in its own module under
``contractbridge.commands`` and registers itself here."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Contract bridge faithful to the laws.")


def main() -> None:
    app()
