"""Analysis commands: ``dd`` (double-dummy table and par), ``generate`` (constrained dealing) and ``simulate``."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from contractbridge.cards import SUITS_HIGH_FIRST, Hand, Seat, Strain
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.dealer import DealGenerator
from contractbridge.errors import BridgeError, DealGenerationError

_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DECLARERS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


class Format(StrEnum):
    text = "text"
    pbn = "pbn"
    json = "json"


def pbn_game(board: Board, table: object | None = None, par: object | None = None) -> str:
    """One PBN game for a generated board: the mandatory tags, and the DD results when solved
    (``OptimumScore`` and the ``OptimumResultTable`` section, declarers N S E W × NT S H D C, as PBN 2.1 §3.2.4).

    Kept small on purpose: ``contractbridge.formats.pbn`` is the full writer."""
    from contractbridge.dd import DDTable, ParResult

    tags = [
        ("Event", "contractbridge generate"),
        ("Site", "?"),
        ("Date", "?"),
        ("Board", str(board.number)),
        ("West", "?"),
        ("North", "?"),
        ("East", "?"),
        ("South", "?"),
        ("Dealer", board.dealer.letter),
        ("Vulnerable", board.vulnerability.pbn),
        ("Deal", board.deal.to_pbn(board.dealer)),
        ("Scoring", "?"),
        ("Declarer", "?"),
        ("Contract", "?"),
        ("Result", "?"),
    ]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if isinstance(table, DDTable):
        if isinstance(par, ParResult):
            lines.append(f'[OptimumScore "NS {par.score}"]')
            lines.append(f'[ParContract "{par.contracts_text}"]')
        lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        for seat in _DECLARERS:
            for strain in _ORDER:
                lines.append(f"{seat.letter} {strain.letter:>2} {table.tricks(strain, seat):>2}")
    return "\n".join(lines) + "\n"


def _fail(err: Exception) -> typer.Exit:
    Console(stderr=True, soft_wrap=True).print(f"error: {err}", markup=False, highlight=False)  # a path unbroken
    return typer.Exit(2)


def _dd_grid(table: object, title: str) -> Table:
    from contractbridge.dd import DDTable

    assert isinstance(table, DDTable)
    grid = Table(title=title)
    grid.add_column("")
    for strain in _ORDER:
        grid.add_column(strain.symbol, justify="right")
    for seat in _DECLARERS:
        grid.add_row(seat.name.title(), *(str(table.tricks(strain, seat)) for strain in _ORDER))
    return grid


def honour_tricks_culbertson(hand: Hand) -> float:
    """Culbertson honour tricks (EST-B08), for the constraint language's ``ht(SEAT)``."""
    from contractbridge.evaluation import honour_tricks

    return float(honour_tricks(hand).value)


def honour_tricks_club(hand: Hand) -> float:
    """Club-system honour tricks (EST-B56), for ``club_ht(SEAT)``."""
    from contractbridge.evaluation import HTTable, honour_tricks

    return float(honour_tricks(hand, HTTable.CLUB).value)


def playing_tricks_best(hand: Hand) -> float:
    """Playing tricks (EST) with the hand's longest suit as trumps, for ``pt(SEAT)``."""
    from contractbridge.evaluation import playing_tricks

    longest = max(SUITS_HIGH_FIRST, key=hand.length)
    return float(playing_tricks(hand, longest).value)


def register_evaluation_functions() -> None:
    """``ht``, ``club_ht`` and ``pt`` in the constraint language (dealer.py sits below evaluation.py)."""
    from contractbridge.dealer import register_function

    register_function("ht", honour_tricks_culbertson)
    register_function("club_ht", honour_tricks_club)
    register_function("pt", playing_tricks_best)


def register(app: typer.Typer) -> None:
    register_evaluation_functions()

    @app.command("dd")
    def dd_command(
        deal: Annotated[str, typer.Argument(help='PBN deal, e.g. "N:AKQ2.KJ4.T98.A53 …"')],
        dealer: Annotated[str, typer.Option("--dealer", "-d", help="dealer (for par)")] = "N",
        vulnerable: Annotated[str, typer.Option("--vul", "-v", help="None, NS, EW or All (for par)")] = "None",
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    ) -> None:
        """Double-dummy tricks for every strain and declarer, and par (DDS)."""
        from contractbridge import dd

        try:
            the_deal = Deal(deal)
            seat = Seat.parse(dealer)
            vul = Vulnerability.parse(vulnerable)
            table = dd.dd_table(the_deal)
            par = dd.par(table, vul, seat)
        except BridgeError as err:
            raise _fail(err) from None
        if as_json:
            out = {
                "deal": the_deal.to_pbn(),
                "tricks": {s.letter: {p.letter: table.tricks(s, p) for p in Seat} for s in Strain},
                "par": {"score": par.score, "contracts": [str(c) for c in par.contracts]},
            }
            typer.echo(json.dumps(out))
            return
        console = Console()
        console.print(the_deal.to_pbn(), markup=False, highlight=False)
        console.print(_dd_grid(table, "double-dummy tricks"))
        console.print(f"par ({vul.pbn} vulnerable, dealer {seat.letter}): {par}")

    @app.command("generate")
    def generate_command(
        constraint: Annotated[str, typer.Argument(help='e.g. "spades(N) >= 5 and hcp(N) in 15..17"')] = "",
        n: Annotated[int, typer.Option("-n", help="number of deals", min=0)] = 1,
        seed: Annotated[int | None, typer.Option("--seed", help="random seed (reproducible output)")] = None,
        fmt: Annotated[Format, typer.Option("--format", "-f", help="text, pbn or json")] = Format.text,
        with_dd: Annotated[bool, typer.Option("--dd", help="solve each deal double dummy")] = False,
        predeal: Annotated[str | None, typer.Option("--predeal", help='partial deal, e.g. "N:AKQ.-.-.- - - -"')] = None,
        output: Annotated[Path | None, typer.Option("--output", "-o", help="write to a new file")] = None,
    ) -> None:
        """Deal hands at random that satisfy a constraint (see README: the constraint language); with --dd each
        deal is solved as it comes, the count shown as it goes."""
        try:
            pre = Deal.partial(predeal) if predeal else None
            dealer = DealGenerator(constraint, predeal=pre, seed=seed)
            _check_acceptance(DealGenerator(constraint, predeal=pre, seed=0), n)
        except BridgeError as err:
            raise _fail(err) from None
        try:
            sink = output.open("x", encoding="utf-8") if output else None  # never replace a user's file
        except FileExistsError:
            raise _fail(BridgeError(f"{output} exists: choose another name (generate never replaces a file)")) from None
        except OSError as err:
            raise _fail(BridgeError(f"{output}: {err.strerror or err}")) from None
        progress = Progress(console=Console(stderr=True), transient=True, disable=n < 200 and not with_dd)
        written = 0
        try:
            with progress:
                task = progress.add_task("dealing" + (" and solving" if with_dd else ""), total=n)
                for number, deal, table in _numbered(dealer.deals(n), with_dd):
                    text = _render(fmt, number, deal, table)
                    if sink is not None:
                        sink.write(text)
                    else:
                        typer.echo(text, nl=False)
                    progress.advance(task)
                    written += 1
        except BridgeError as err:
            raise _fail(err) from None
        except KeyboardInterrupt:
            Console(stderr=True).print(f"interrupted after {written} of {n} deals")
        finally:
            if sink is not None:
                sink.close()
        if output is not None:
            Console(highlight=False, soft_wrap=True).print(f"Wrote {written} deal(s) to {output} ({fmt.value})")

    @app.command("simulate")
    def simulate_command(
        constraint: Annotated[str, typer.Argument(help="deals to simulate (the constraint language)")] = "",
        n: Annotated[int, typer.Option("-n", help="number of deals", min=0)] = 1000,
        seed: Annotated[int | None, typer.Option("--seed", help="random seed")] = None,
        workers: Annotated[
            int | None, typer.Option("--workers", "-w", help="local processes (0: this one)", min=0, max=1024)
        ] = None,
        scheduler: Annotated[
            str | None, typer.Option("--scheduler", help="Dask scheduler address, e.g. tcp://host:8786")
        ] = None,
        declarer: Annotated[str, typer.Option("--declarer", help="seat for the frequency table and plot")] = "N",
        plot: Annotated[Path | None, typer.Option("--plot", help="write the trick distribution (.png/.svg)")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    ) -> None:
        """Deal n hands satisfying a constraint, solve them double dummy and tabulate (Ctrl-C keeps the results)."""
        from contractbridge.simulate import simulate

        try:
            seat = Seat.parse(declarer)
            if plot is not None:  # checked before the deals are solved, so that none is lost to a bad name
                _check_plot(plot)
            result = simulate(
                constraint, n, seed=seed, workers=workers, scheduler=scheduler, progress=not as_json and n >= 200
            )
        except BridgeError as err:
            raise _fail(err) from None
        try:
            written = None if plot is None else result.plot(plot, seat)
        except OSError as err:
            raise _fail(BridgeError(f"{plot}: {err.strerror or err}")) from None
        if as_json:  # the file written is named in the JSON, which stays the only output
            typer.echo(json.dumps({**result.to_dict(), **({} if written is None else {"plot": str(written)})}))
            return
        console = Console()
        console.print(result.table())
        console.print(result.frequency_table(seat))
        console.print(f"acceptance: {100 * result.acceptance:.3f}% of {result.attempts} shuffles")
        if written is not None:
            console.print(f"Wrote the trick distribution to {written}", highlight=False, soft_wrap=True)


def _check_plot(plot: Path) -> None:
    """``--plot`` names a new PNG or SVG file in a directory that exists: never a file replaced (matplotlib writes
    over one), nor a format it refuses after the deals are solved."""
    if plot.suffix.lower() not in (".png", ".svg"):
        raise BridgeError(f"--plot writes a .png or .svg file, not {plot.name!r}")
    if plot.exists():
        raise BridgeError(f"{plot} exists: choose another name (simulate never replaces a file)")
    if not plot.parent.is_dir():
        raise BridgeError(f"{plot}: no directory {plot.parent}")


#: Shuffles of the first batch that estimates how often a constraint is met (#17 item 13).
PROBE = 1 << 16


def _check_acceptance(probe: DealGenerator, n: int) -> None:
    """Refuse at once a constraint that no deal of a first batch meets, or one that would need more shuffles
    than the dealer allows; the estimate comes from ``PROBE`` shuffles."""
    if probe.constraint is None or n <= 0:
        return
    accepted = int(probe.constraint.mask(probe.shuffle(PROBE)).sum())
    if accepted == 0:
        raise DealGenerationError(
            f"no deal of {PROBE:,} satisfied the constraint: it is impossible or rarer than 1 in {PROBE:,} "
            f"(e.g. hcp(N) > 37 cannot be); loosen it"
        )
    cautious = max(accepted - 2 * accepted**0.5, 0.5)  # a low estimate: a few hits say little
    needed = n * PROBE / cautious
    if needed > probe.max_attempts:
        raise DealGenerationError(
            f"the constraint is met by {accepted} deal(s) in {PROBE:,}: {n} deals could need {needed:,.0f} "
            f"shuffles, more than the {probe.max_attempts:,} allowed; loosen it or ask for fewer"
        )


def _numbered(deals: Iterator[Deal], with_dd: bool) -> Iterator[tuple[int, Deal, object | None]]:
    """Deals with board numbers, solved 40 at a time when asked (DDS's batch size)."""
    from contractbridge import dd

    number = 0
    while True:
        chunk = list(itertools.islice(deals, dd.MAX_TABLES_PER_CALL))
        if not chunk:
            return
        tables: list[object | None] = list(dd.dd_tables(chunk)) if with_dd else [None] * len(chunk)
        for deal, table in zip(chunk, tables, strict=True):
            number += 1
            yield number, deal, table


def _render(fmt: Format, number: int, deal: Deal, table: object | None) -> str:
    from contractbridge import dd

    board = Board(number, deal)
    par = None
    if isinstance(table, dd.DDTable):
        par = dd.par(table, board.vulnerability, board.dealer)
    if fmt is Format.pbn:
        return pbn_game(board, table, par) + "\n"
    if fmt is Format.json:
        out: dict[str, object] = {"board": number, "deal": deal.to_pbn()}
        if isinstance(table, dd.DDTable) and par is not None:
            out["tricks"] = {s.letter: {p.letter: table.tricks(s, p) for p in Seat} for s in Strain}
            out["par"] = {"score": par.score, "contracts": [str(c) for c in par.contracts]}
        return json.dumps(out) + "\n"
    line = deal.to_pbn()
    if isinstance(table, dd.DDTable):
        line += "  " + " ".join(
            seat.letter + ":" + "".join(format(table.tricks(s, seat), "x") for s in _ORDER) for seat in Seat
        )
    return line + "\n"
