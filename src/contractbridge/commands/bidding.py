"""``contractbridge evaluate | bid | auction``: hand evaluation and the EST30 bidding robots from the shell."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from contractbridge.auction import Auction
from contractbridge.cards import SUITS_HIGH_FIRST, Hand, Seat, Strain
from contractbridge.deal import Deal, Vulnerability
from contractbridge.errors import BridgeError, ParseError
from contractbridge.evaluation import (
    Breakdown,
    HTTable,
    biddable_reason,
    biddable_suits,
    defensive_tricks,
    fmt,
    has_normal_support,
    hcp,
    honour_tricks,
    playing_tricks,
    plus_values,
    shape,
    support_tricks,
    trump_tricks,
)
from contractbridge.robots import bid_deal, choose
from contractbridge.systems import system as get_system

__all__ = ["register"]

console = Console(highlight=False)

SystemOpt = Annotated[str, typer.Option("--system", "-s", help="culbertson or club")]
OppOpt = Annotated[str | None, typer.Option("--opponents", help="the opponents' system (default: the same)")]
VulOpt = Annotated[str, typer.Option("--vul", help="vulnerable sides: None, NS, EW, All")]
DealerOpt = Annotated[str, typer.Option("--dealer", help="the dealer: N, E, S or W")]
PartOpt = Annotated[str, typer.Option("--partscores", help="rubber part-scores below the line, NS,EW (e.g. 60,0)")]


def _partscores(text: str) -> tuple[int, int]:
    try:
        ns, ew = (int(x) for x in text.split(","))
    except ValueError:
        raise ParseError(f"--partscores takes two numbers NS,EW such as 60,0, not {text!r}") from None
    if not (0 <= ns < 100 and 0 <= ew < 100):
        raise ParseError(f"a part-score is 0 to 99 points below the line, not {text!r}")
    return ns, ew


def _fail(err: BridgeError) -> typer.Exit:
    console.print(f"[red]error:[/red] {err}")
    return typer.Exit(2)


def _row(table: Table, b: Breakdown) -> None:
    table.add_row(b.name, fmt(b.value), b.rule, " + ".join(f"{i.label} {fmt(i.value)}" for i in b.items) or "—")


def evaluate(hand: Annotated[str, typer.Argument(help="the hand, spades.hearts.diamonds.clubs")]) -> None:
    """Every figure of the EST30 evaluation for HAND, each with its breakdown (EST-B07 – B56)."""
    try:
        h = Hand(hand)
    except BridgeError as err:
        raise _fail(err) from None
    table = Table(title=f"{h}  shape {'-'.join(map(str, shape(h)))}")
    for col in ("figure", "value", "rule", "breakdown"):
        table.add_column(col)
    _row(table, hcp(h))
    _row(table, honour_tricks(h))
    _row(table, honour_tricks(h, HTTable.CLUB))
    _row(table, plus_values(h))
    for suit in SUITS_HIGH_FIRST:
        if h.length(suit) >= 4:
            _row(table, trump_tricks(h, suit))
            _row(table, playing_tricks(h, suit))
    _row(table, playing_tricks(h, None))
    for suit in SUITS_HIGH_FIRST:
        if h.length(suit) >= 3:
            _row(table, support_tricks(h, suit))
    for strain in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP):
        _row(table, defensive_tricks(h, strain))
    console.print(table)
    suits = biddable_suits(h)
    console.print("biddable suits (EST-B13): " + (" ".join(s.letter for s in suits) or "none"))
    for suit in SUITS_HIGH_FIRST:
        support = "normal trump support" if has_normal_support(h, suit) else "no normal support"
        console.print(f"  {biddable_reason(h, suit)}; {support} (EST-B37)")


def bid(
    hand: Annotated[str, typer.Argument(help="the hand, spades.hearts.diamonds.clubs")],
    auction: Annotated[str, typer.Option("--auction", "-a", help='the calls so far, e.g. "1H P"')] = "",
    dealer: DealerOpt = "N",
    vul: VulOpt = "None",
    system: SystemOpt = "culbertson",
    opponents: OppOpt = None,
    partscores: PartOpt = "0,0",
) -> None:
    """The call the robot makes with HAND after AUCTION, and why."""
    try:
        h = Hand(hand)
        a = Auction(Seat.parse(dealer), auction)
        v = Vulnerability.parse(vul)
        theirs = None if opponents is None else get_system(opponents)
        call, meaning = choose(h, a, v, system=get_system(system), partscores=_partscores(partscores),
                               opponents=theirs)
    except BridgeError as err:
        raise _fail(err) from None
    console.print(f"[bold]{a.turn} bids {call}[/bold]")
    console.print(meaning.describe())


def auction(
    deal: Annotated[str, typer.Option("--deal", "-d", help='the deal, PBN: "N:AKQ2.… … … …"')],
    dealer: DealerOpt = "N",
    vul: VulOpt = "None",
    system: SystemOpt = "culbertson",
    ew_system: Annotated[str | None, typer.Option("--ew-system", help="East-West's system (default: --system)")] = (
        None),
    partscores: PartOpt = "0,0",
) -> None:
    """Four robots bid DEAL; the auction with each call's explanation."""
    try:
        d = Deal(deal)
        ns = get_system(system)
        ew = ns if ew_system is None else get_system(ew_system)
        result, records = bid_deal(d, Seat.parse(dealer), Vulnerability.parse(vul), [ns, ew, ns, ew],
                                   partscores=_partscores(partscores))
    except BridgeError as err:
        raise _fail(err) from None
    names = system if ew_system is None else f"NS {system}, EW {ew_system}"
    table = Table(title=f"{names} — dealer {Seat.parse(dealer)}, vulnerable {Vulnerability.parse(vul)}")
    for col in ("seat", "call", "explanation"):
        table.add_column(col)
    for r in records:
        table.add_row(str(r.seat), str(r.call), r.meaning.describe().split(": ", 1)[1])
    console.print(table)
    contract = result.contract
    console.print("passed out" if contract is None else f"contract {contract} by {result.declarer}")


def register(app: typer.Typer) -> None:
    app.command("evaluate")(evaluate)
    app.command("bid")(bid)
    app.command("auction")(auction)
