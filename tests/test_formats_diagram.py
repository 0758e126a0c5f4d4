"""Hand diagrams: text (Unicode and ASCII), Rich, HTML, SVG, and the Jupyter hooks on Deal, Board, Table."""

from __future__ import annotations

from xml.etree import ElementTree

from rich.console import Console

from contractbridge import Board, Deal, Hand, Seat
from contractbridge.formats import diagram
from contractbridge.table import Table

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
BOARD = Board(7, DEAL)


def test_four_hand_text_diagram() -> None:
    lines = diagram.text(BOARD).splitlines()
    assert lines[0] == "Board 7         ♠ A K Q 2"
    assert lines[1].startswith("Dealer S") and lines[2].startswith("Vul All")  # L2: board 7
    assert lines[4] == "♠ 4 3                           ♠ J 10 9"
    assert lines[-1] == "                ♣ Q J 6"


def test_ascii_fallback_and_one_hand() -> None:
    text = diagram.text(DEAL, ascii=True)
    assert text.isascii() and "S AKQ2" in text and "D T98" in text
    assert diagram.one_hand(Hand("AKQ2.-.T98.A5432"), ascii=True) == "S AKQ2\nH -\nD T98\nC A5432\n"
    assert diagram.one_hand(Hand("AKQ2.-.T98.A5432")).splitlines()[1] == "♥ —"


def test_hidden_hands() -> None:
    shown = {Seat.NORTH: DEAL[Seat.NORTH], Seat.EAST: None, Seat.SOUTH: None, Seat.WEST: None}
    text = diagram.text(BOARD, shown)
    assert "J 10 9" not in text and "♠ ?" in text


def test_rich_renders_with_colour() -> None:
    console = Console(record=True, width=80, color_system="truecolor")
    console.print(diagram.rich_diagram(BOARD))
    out = console.export_text(clear=False)
    assert "♠ A K Q 2" in out and "Board 7" in out
    assert "\x1b[" in console.export_text(styles=True)


def test_svg_and_html_hooks() -> None:
    root = ElementTree.fromstring(BOARD._repr_svg_())
    assert root.tag.endswith("svg")
    texts = ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]
    assert "♠ A K Q 2" in texts and "Board 7" in texts
    assert DEAL._repr_html_().startswith('<table class="contractbridge-diagram">')
    table = Table(BOARD)
    table.call("1NT")
    assert "Auction: 1NT" in table._repr_html_()
