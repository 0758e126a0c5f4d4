"""The ``contractbridge`` command (Typer + Rich).

Each group of commands lives in its own module under ``contractbridge.commands`` and exposes
``register(app)``; the modules are listed in ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any

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
    "tournament",
)

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Contract bridge faithful to the laws.")


def _version(value: bool) -> None:
    if value:
        try:
            typer.echo(f"contractbridge {version('contractbridge')}")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree that was never installed
            typer.echo("contractbridge (not installed)")
        raise typer.Exit


@app.callback()
def _main(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit")
    ] = False,
) -> None:
    """Contract bridge faithful to the laws: deal, auction, play, claims, scoring and rulings."""


for _name in COMMAND_MODULES:
    importlib.import_module(f"contractbridge.commands.{_name}").register(app)


def name_placeholders(command: Any) -> Any:
    """Help placeholders that read like the rest of the help (#17 item 8): an option's value is named after the
    option (``--seed SEED``) instead of Typer's ``<int>``/``<str>``; an argument or a flag shows no type. (Typer
    builds its parameters on its own copy of click, hence ``Any``.)"""
    for param in command.params:
        flag = bool(getattr(param, "is_flag", False))  # Typer's parameters are not click.Option/Argument
        if param.metavar is None and not flag:
            param.metavar = (param.name or "value").upper()
        if flag or param.param_type_name == "argument":
            param.display_type_rich = _no_type
    make_help = command.get_help_option

    def help_option(ctx: Any) -> Any:
        option = make_help(ctx)
        if option is not None:
            option.display_type_rich = _no_type
        return option

    command.get_help_option = help_option
    for sub in getattr(command, "commands", {}).values():  # Typer's group is not a click.Group
        name_placeholders(sub)
    return command


def _no_type(ctx: Any) -> None:
    return None


def main() -> None:
    name_placeholders(typer.main.get_command(app))()
