"""The ``contractbridge`` command (Typer + Rich).

Each group of commands lives in its own module under ``contractbridge.commands`` and exposes
``register(app)``; the modules are listed in ``COMMAND_MODULES``. A module is imported only when one of its
commands runs or shows its own help: ``contractbridge --help`` lists the commands from
``contractbridge.commands.INDEX`` (their names and the first paragraph of their help, shipped as data and
checked against the modules by tests/test_cli_lazy.py), so that it does not load the laws, the table and the
robots (docs/performance.md). A module missing from the index is imported to list its commands.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from contractbridge.commands import INDEX

COMMAND_MODULES: tuple[str, ...] = (
    "table",
    "scoring",
    "director",
    "bidding",
    "formats",
    "analysis",
    "dealer",
    "rubbergame",
    "tablemanager",
    "server",
    "tournament",
)


def commands_of(module: str) -> dict[str, Any]:
    """The commands that ``contractbridge.commands.<module>`` registers, by name, in its order (click commands
    of Typer's own copy of click, hence ``Any``)."""
    sub = typer.Typer()
    importlib.import_module(f"contractbridge.commands.{module}").register(sub)
    return dict(typer.main.get_group(sub).commands)


class LazyCommands(TyperGroup):
    """The top-level group: lists every command from the index, imports a module when one of its commands is
    resolved to run (or to show its help); ``on_load`` (``main`` sets it) prepares each command loaded."""

    on_load: Callable[[Any], object] | None = None

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._homes = {name: module for module in COMMAND_MODULES for name, _ in INDEX.get(module, ())}
        self._loaded: dict[str, list[str]] = {}  # module → its commands' names, once imported
        for module in COMMAND_MODULES:
            if module not in INDEX:  # not indexed (e.g. a module added since): listed from the module itself
                self._load(module)

    def _load(self, module: str) -> None:
        if module in self._loaded:
            return
        commands = commands_of(module)
        self._loaded[module] = list(commands)
        for name, command in commands.items():
            if self.on_load is not None:
                self.on_load(command)
            self.commands[name] = command

    def list_commands(self, ctx: Any) -> list[str]:
        return [name for module in COMMAND_MODULES for name in self._names(module)]

    def _names(self, module: str) -> list[str]:
        return [name for name, _ in INDEX[module]] if module in INDEX else self._loaded[module]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The loaded command, or a stand-in that carries its listed help (the help listing needs no more)."""
        command = self.commands.get(cmd_name)
        if command is not None or cmd_name not in self._homes:
            return command
        shown = dict(INDEX[self._homes[cmd_name]])[cmd_name]
        return TyperCommand(cmd_name, help=reflow(shown))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] in self._homes:
            self._load(self._homes[args[0]])
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=LazyCommands, no_args_is_help=True, add_completion=False, help="Contract bridge faithful to the laws."
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

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


def name_placeholders(command: Any) -> Any:
    """Help placeholders that read like the rest of the help (#17 item 8): an option's value is named after the
    option (``--seed SEED``) instead of Typer's ``<int>``/``<str>``; an argument or a flag shows no type. (Typer
    builds its parameters on its own copy of click, hence ``Any``.)"""
    if command.help:
        command.help = reflow(command.help)
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


def reflow(text: str) -> str:
    """A docstring's paragraphs each on one line: Rich wraps them to the terminal, instead of keeping the source's
    line breaks (the help showed a line cut at 120 columns as a short line)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(text).split("\n\n"))


def _no_type(ctx: Any) -> None:
    return None


def main() -> None:
    command = typer.main.get_command(app)
    if isinstance(command, LazyCommands):
        command.on_load = name_placeholders
    name_placeholders(command)(args=resume_alone(sys.argv[1:]))


def resume_alone(args: list[str]) -> list[str]:
    """``--resume`` with no file is ``--resume last``: the last match or rubber kept in the data directory
    (``commands.match``; Typer has no option with an optional value)."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--resume" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append("last")
    return out


if __name__ == "__main__":  # python -m contractbridge.cli
    main()
