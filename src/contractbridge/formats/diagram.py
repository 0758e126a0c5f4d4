"""Hand diagrams: the classic four-hand diagram (North at the top, South at the bottom) and a one-hand view, as
plain text (Unicode suit symbols, or an ASCII fallback), a Rich renderable with suit colours, SVG and HTML.

``Deal``, ``Board`` and ``Table`` render in Jupyter through ``_repr_html_``/``_repr_svg_``, which call here.
A hand given as ``None`` is hidden (shown as ``?``), for views of a table in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Protocol, cast

from rich.table import Table as Grid
from rich.text import Text

from contractbridge.cards import SUITS_HIGH_FIRST, Hand, Seat, Suit

if TYPE_CHECKING:
    from contractbridge.deal import Board, Deal

__all__ = ["SUIT_COLOURS", "diagram", "hand_text", "html", "one_hand", "rich_diagram", "svg", "text"]

#: Colours of the suits (four-colour deck: spades blue, hearts red, diamonds orange, clubs green).
SUIT_COLOURS: dict[Suit, str] = {
    Suit.SPADES: "#1f4fbf",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#e07000",
    Suit.CLUBS: "#1a7f37",
}
_RICH_STYLE: dict[Suit, str] = {
    Suit.SPADES: "bold blue",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold dark_orange",
    Suit.CLUBS: "bold green",
}
_WIDTH = 16

Shown = Mapping[Seat, Hand | None]


def _board(subject: Deal | Board) -> Board | None:
    """``subject`` if it is a board (it has a deal), else None. ``deal`` renders through this module, so the
    test is by shape, not by class: importing ``deal`` here would make an import cycle (#22)."""
    return cast("Board", subject) if hasattr(subject, "deal") else None


def _parts(subject: Deal | Board, hands: Shown | None) -> tuple[Board | None, Shown]:
    board = _board(subject)
    deal = cast("Deal", subject) if board is None else board.deal
    return board, (dict(deal) if hands is None else hands)


def _holding(hand: Hand, suit: Suit, *, ascii: bool) -> str:
    ranks = hand.ranks(suit)
    if not ranks:
        return "-" if ascii else "—"
    if ascii:
        return "".join(r.letter for r in ranks)
    return " ".join("10" if r.letter == "T" else r.letter for r in ranks)


def hand_lines(hand: Hand | None, *, ascii: bool = False) -> list[str]:
    """Four lines, spades first: ``♠ A K Q 2`` (or ``S AKQ2``); ``?`` for a hidden hand."""
    return [
        f"{suit.letter if ascii else suit.symbol} {'?' if hand is None else _holding(hand, suit, ascii=ascii)}"
        for suit in SUITS_HIGH_FIRST
    ]


def _heading(board: Board | None) -> list[str]:
    if board is None:
        return []
    return [f"Board {board.number}", f"Dealer {board.dealer.letter}", f"Vul {board.vulnerability.pbn}"]


def text(subject: Deal | Board, hands: Shown | None = None, *, ascii: bool = False) -> str:
    """The four-hand diagram as plain text (board number, dealer and vulnerability top left for a board)."""
    board, shown = _parts(subject, hands)
    north, south = hand_lines(shown.get(Seat.NORTH), ascii=ascii), hand_lines(shown.get(Seat.SOUTH), ascii=ascii)
    west, east = hand_lines(shown.get(Seat.WEST), ascii=ascii), hand_lines(shown.get(Seat.EAST), ascii=ascii)
    head = [*_heading(board), "", "", "", ""][:4]
    blank = " " * _WIDTH
    rows = [f"{head[i]:<{_WIDTH}}{north[i]}".rstrip() for i in range(4)]
    rows += [f"{west[i]:<{_WIDTH}}{blank}{east[i]}".rstrip() for i in range(4)]
    rows += [f"{blank}{south[i]}".rstrip() for i in range(4)]
    return "\n".join(rows) + "\n"


def one_hand(hand: Hand, *, ascii: bool = False) -> str:
    """One hand, a suit a line."""
    return "\n".join(hand_lines(hand, ascii=ascii)) + "\n"


def hand_text(hand: Hand | None) -> Text:
    """A hand as coloured Rich text: four lines, one per suit, spades first; ``?`` for a hidden hand."""
    out = Text()
    for i, suit in enumerate(SUITS_HIGH_FIRST):
        if i:
            out.append("\n")
        out.append(suit.symbol + " ", style=_RICH_STYLE[suit])
        out.append("?" if hand is None else _holding(hand, suit, ascii=False))
    return out


def diagram(board: Board, hands: Shown | None = None, centre: str = "") -> Grid:
    """The four hands around the table as a Rich grid; ``hands`` may hide some (None); ``centre`` is written
    in the middle (e.g. the current trick)."""
    _, shown = _parts(board, hands)
    grid = Grid.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(min_width=_WIDTH)
    grid.add_row(Text("\n".join(_heading(board))), hand_text(shown.get(Seat.NORTH)), Text())
    grid.add_row(hand_text(shown.get(Seat.WEST)), Text(centre, justify="center"), hand_text(shown.get(Seat.EAST)))
    grid.add_row(Text(), hand_text(shown.get(Seat.SOUTH)), Text())
    return grid


def rich_diagram(subject: Deal | Board, hands: Shown | None = None) -> Grid:
    """``diagram`` for a deal or a board."""
    board = _board(subject)
    if board is not None:
        return diagram(board, hands)
    grid = Grid.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(min_width=_WIDTH)
    shown = _parts(subject, hands)[1]
    grid.add_row(Text(), hand_text(shown.get(Seat.NORTH)), Text())
    grid.add_row(hand_text(shown.get(Seat.WEST)), Text(), hand_text(shown.get(Seat.EAST)))
    grid.add_row(Text(), hand_text(shown.get(Seat.SOUTH)), Text())
    return grid


# --- HTML and SVG -------------------------------------------------------------------------------------------


def _html_hand(hand: Hand | None) -> str:
    lines = []
    for suit in SUITS_HIGH_FIRST:
        holding = "?" if hand is None else _holding(hand, suit, ascii=False)
        lines.append(f'<span style="color:{SUIT_COLOURS[suit]}">{suit.symbol}</span>&nbsp;{escape(holding)}')
    return "<br>".join(lines)


def html(subject: Deal | Board, hands: Shown | None = None, *, extra: str = "") -> str:
    """The four-hand diagram as an HTML table (``extra`` HTML is added under it, e.g. an auction)."""
    board, shown = _parts(subject, hands)
    cell = 'style="padding:2px 12px;vertical-align:top;font-family:monospace;white-space:nowrap"'
    head = "<br>".join(escape(h) for h in _heading(board))
    rows = [
        (head, _html_hand(shown.get(Seat.NORTH)), ""),
        (_html_hand(shown.get(Seat.WEST)), "", _html_hand(shown.get(Seat.EAST))),
        ("", _html_hand(shown.get(Seat.SOUTH)), ""),
    ]
    body = "".join("<tr>" + "".join(f"<td {cell}>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="contractbridge-diagram">{body}</table>{extra}'


def svg(subject: Deal | Board, hands: Shown | None = None) -> str:
    """The four-hand diagram as a standalone SVG image."""
    board, shown = _parts(subject, hands)
    line_h, col_w = 18, 130
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{3 * col_w + 20}" height="{12 * line_h + 20}" '
        'font-family="monospace" font-size="14">'
    ]

    def block(x: int, y: int, hand: Hand | None) -> None:
        for i, suit in enumerate(SUITS_HIGH_FIRST):
            holding = "?" if hand is None else _holding(hand, suit, ascii=False)
            parts.append(
                f'<text x="{x}" y="{y + i * line_h}"><tspan fill="{SUIT_COLOURS[suit]}">{suit.symbol}</tspan> '
                f"{escape(holding)}</text>"
            )

    for i, h in enumerate(_heading(board)):
        parts.append(f'<text x="10" y="{24 + i * line_h}">{escape(h)}</text>')
    block(10 + col_w, 24, shown.get(Seat.NORTH))
    block(10, 24 + 4 * line_h, shown.get(Seat.WEST))
    block(10 + 2 * col_w, 24 + 4 * line_h, shown.get(Seat.EAST))
    block(10 + col_w, 24 + 8 * line_h, shown.get(Seat.SOUTH))
    parts.append("</svg>")
    return "".join(parts)


class TableLike(Protocol):
    """What ``table_html`` reads of a table: its board and its auction (the formats do not import the table)."""

    @property
    def board(self) -> Board: ...

    @property
    def auction(self) -> object: ...


def table_html(table: TableLike) -> str:
    """A table in Jupyter: the board's diagram and the auction so far."""
    auction = escape(str(table.auction)) or "&nbsp;"
    return html(table.board, extra=f'<div style="font-family:monospace">Auction: {auction}</div>')
