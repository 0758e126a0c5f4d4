"""``contractbridge dealer SCRIPT``: run a script of Hans van Staveren's ``dealer`` (see
:mod:`contractbridge.dealer.script`)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from contractbridge.errors import BridgeError

#: The largest script read (a script is a few lines; this only refuses a wrong file).
SCRIPT_LIMIT = 1 << 20


class Output(StrEnum):
    text = "text"
    pbn = "pbn"


def register(app: typer.Typer) -> None:
    @app.command("dealer")
    def dealer_command(
        script: Annotated[Path, typer.Argument(help="a dealer script (- reads standard input)")],
        n: Annotated[int | None, typer.Option("-n", help="deals to produce (overrides the script's produce)")] = None,
        seed: Annotated[int | None, typer.Option("--seed", help="random seed (reproducible output)")] = None,
        fmt: Annotated[Output, typer.Option("--format", "-f", help="text (as the actions say) or pbn")] = Output.text,
    ) -> None:
        """Run a dealer script: generate/produce, dealer, vulnerable, predeal, pointcount/altcount, condition,
        variables, actions (printall, printew, printpbn, printcompact, printoneline, printes, print, average,
        frequency, evalcontract)."""
        from contractbridge.dealer.script import parse_script
        from contractbridge.formats.inputs import read_utf8

        try:
            text = sys.stdin.read(SCRIPT_LIMIT + 1) if str(script) == "-" else read_utf8(script, SCRIPT_LIMIT)
            parsed = parse_script(text, str(script))
            if n is not None and n < 0:
                raise typer.BadParameter("-n must not be negative")
            parsed.run(sys.stdout, n=n, seed=seed, pbn=fmt is Output.pbn)
        except BridgeError as err:
            Console(stderr=True, soft_wrap=True).print(f"error: {err}", markup=False, highlight=False)
            raise typer.Exit(2) from None
