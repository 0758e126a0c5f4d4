"""The boards of an event and their hand records: boards dealt by the product from a seed (reproducible, L6:
each deal an unbiased shuffle) or read from a PBN file, and each board's double-dummy table and par (DDS
through ``dd``) as PBN (``DoubleDummyTricks``, ``OptimumResultTable``, ``OptimumScore``, ``ParContract``) and
as an HTML or PDF sheet a club prints (the PDF with ``fpdf2``, the ``pdf`` extra)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from contractbridge.cards import SUITS_HIGH_FIRST as _SUITS
from contractbridge.cards import Seat, Strain, Suit
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.errors import BridgeError, FormatError, TournamentError
from contractbridge.formats import diagram
from contractbridge.formats.pbn import PbnFile

__all__ = [
    "HandRecord",
    "board_from_dict",
    "board_to_dict",
    "boards_from_pbn",
    "deal_boards",
    "hand_records",
    "html_sheet",
    "pbn_hand_records",
    "pdf_sheet",
]

#: PBN 2.1 ``DoubleDummyTricks``: declarers N, S, E, W, each NT, S, H, D, C.
_DD_SEATS: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DD_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def deal_boards(count: int, seed: int | str, first: int = 1) -> tuple[Board, ...]:
    """``count`` boards numbered from ``first``, dealt from ``seed`` (the same seed always gives the same
    boards); dealer and vulnerability by the board number (L2)."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise TournamentError(f"an event deals 1 or more boards, not {count!r}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 1:
        raise TournamentError(f"board numbers start at 1 or more, not {first!r} (L2)")
    return tuple(Board(n, Deal.random(f"{seed}:{n}")) for n in range(first, first + count))


def board_to_dict(board: Board) -> dict[str, Any]:
    """A board as JSON: number, deal (PBN, North first), dealer and vulnerability (as a board event has them)."""
    return {"number": board.number, "deal": board.deal.to_pbn(), "dealer": board.dealer.letter,
            "vulnerability": board.vulnerability.pbn}  # fmt: skip


def board_from_dict(data: Mapping[str, Any]) -> Board:
    """The board ``board_to_dict`` wrote (``TournamentError`` for anything else)."""
    try:
        return Board(int(data["number"]), Deal(str(data["deal"])), Seat.parse(str(data["dealer"])),
                     Vulnerability.parse(str(data["vulnerability"])))  # fmt: skip
    except (KeyError, TypeError, ValueError, BridgeError) as exc:
        raise TournamentError(f"not a board: {exc}") from None


def boards_from_pbn(pbn: PbnFile) -> tuple[Board, ...]:
    """The boards of a PBN file, each number once (the first game of a number gives its deal); a bad tag is a
    ``FormatError`` naming the file, line and column."""
    seen: dict[int, Board] = {}
    for game in pbn.games:
        try:
            if game.deal is None or game.number is None or game.number in seen:
                continue
            seen[game.number] = game.board
        except FormatError as err:
            raise err.located(file=game.file, line=game.line) from None
    if not seen:
        raise TournamentError("no boards with a number and a deal in this PBN file")
    return tuple(seen[n] for n in sorted(seen))


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A board with its double-dummy table (tricks by strain and declarer) and par."""

    board: Board
    tricks: dict[tuple[Seat, Strain], int]
    par_score: int
    par_contracts: str

    @property
    def optimum_score(self) -> str:
        """The PBN ``OptimumScore`` value as Bridge Composer writes it: the side that scores, ``EW 140``."""
        return f"NS {self.par_score}" if self.par_score >= 0 else f"EW {-self.par_score}"

    @property
    def double_dummy_tricks(self) -> str:
        """The PBN ``DoubleDummyTricks`` value: 20 hex digits, N S E W × NT S H D C."""
        return "".join(f"{self.tricks[(seat, strain)]:x}" for seat in _DD_SEATS for strain in _DD_STRAINS)


def hand_records(boards: Sequence[Board]) -> tuple[HandRecord, ...]:
    """DD tables (one batch through DDS) and par for every board (``dd``: needs the ``dd`` extra)."""
    from contractbridge import dd

    tables = dd.dd_tables(b.deal for b in boards)
    out = []
    for board, table in zip(boards, tables, strict=True):
        par = dd.par(table, board.vulnerability, board.dealer)
        tricks = {(seat, strain): table.tricks(strain, seat) for seat in _DD_SEATS for strain in _DD_STRAINS}
        out.append(HandRecord(board, tricks, par.score, par.contracts_text))
    return tuple(out)


def pbn_hand_records(records: Sequence[HandRecord], event: str = "") -> str:
    """The hand records as PBN 2.1 games with ``DoubleDummyTricks``, ``OptimumScore``, ``ParContract`` and the
    ``OptimumResultTable`` section."""
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for r in records:
        b = r.board
        lines += [
            f'[Event "{event}"]', f'[Board "{b.number}"]', f'[Dealer "{b.dealer.letter}"]',
            f'[Vulnerable "{b.vulnerability.pbn}"]', f'[Deal "{b.deal.to_pbn(b.dealer)}"]',
            f'[DoubleDummyTricks "{r.double_dummy_tricks}"]', f'[OptimumScore "{r.optimum_score}"]',
            f'[ParContract "{r.par_contracts}"]', '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        ]  # fmt: skip
        for seat in _DD_SEATS:
            for strain in _DD_STRAINS:
                lines.append(f"{seat.letter} {strain.letter:>2} {r.tricks[(seat, strain)]:>2}")
        lines.append("")
    return "\n".join(lines)


def dd_html(record: HandRecord) -> str:
    """The DD table (declarers N S E W, strains NT S H D C) and par as a small HTML table."""
    head = "".join(f"<th>{escape(s.symbol)}</th>" for s in _DD_STRAINS)
    rows = "".join(
        f"<tr><th>{seat.letter}</th>" + "".join(f"<td>{record.tricks[(seat, s)]}</td>" for s in _DD_STRAINS) + "</tr>"
        for seat in _DD_SEATS
    )
    par = escape(f"Par NS {record.par_score:+d}: {record.par_contracts}")
    return f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table><p class="par">{par}</p>'


def html_sheet(records: Sequence[HandRecord], title: str = "Hand records") -> str:
    """A printable HTML hand-record sheet: each board's diagram with its DD table and par."""
    cells = "".join(f'<div class="board">{diagram.html(r.board, extra=dd_html(r))}</div>' for r in records)
    style = (".board{display:inline-block;width:48%;vertical-align:top;page-break-inside:avoid;margin-bottom:1em}"
             ".dd td,.dd th{padding:0 4px;text-align:right}")  # fmt: skip
    return (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
            f"<style>{style}</style></head><body><h1>{escape(title)}</h1>{cells}</body></html>")  # fmt: skip


#: The suits in ZapfDingbats, a PDF core font (no font file to embed): spade, heart, diamond, club.
_DINGBATS: Final = {Suit.SPADES: "\u00ab", Suit.HEARTS: "\u00aa", Suit.DIAMONDS: "\u00a9", Suit.CLUBS: "\u00a8"}
_RED: Final = (200, 16, 46)


def pdf_sheet(records: Sequence[HandRecord], title: str = "Hand records") -> bytes:
    """A printable PDF hand-record sheet (A4, six boards a page): each board's number, dealer and vulnerability
    (L2), the four hands around the table, its DD table and par. Needs ``fpdf2`` (the ``pdf`` extra)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise TournamentError("a PDF sheet needs fpdf2: pip install 'contractbridge[pdf]'") from None
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    width, height = 95.0, 90.0
    for i, record in enumerate(records):
        if i % 6 == 0:
            pdf.add_page()
            pdf.set_font("Helvetica", "B", 13)
            pdf.set_xy(10, 8)
            pdf.cell(190, 7, title[:90], align="C")
        x, y = 10 + (i % 2) * width, 18 + (i % 6 // 2) * height
        _pdf_board(pdf, record, x, y)
    out: bytes = bytes(pdf.output())
    return out


def _pdf_board(pdf: Any, record: HandRecord, x: float, y: float) -> None:
    board = record.board
    pdf.set_draw_color(180)
    pdf.rect(x, y, 93, 88)
    pdf.set_font("Helvetica", "B", 11)
    pdf.set_xy(x + 2, y + 2)
    pdf.cell(40, 5, f"Board {board.number}")
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(x + 2, y + 7)
    pdf.cell(40, 4, f"Dealer {board.dealer.letter}, vul. {board.vulnerability.pbn}")
    places = {Seat.NORTH: (34, 4), Seat.WEST: (3, 26), Seat.EAST: (62, 26), Seat.SOUTH: (34, 48)}
    for seat, (dx, dy) in places.items():
        for row, suit in enumerate(_SUITS):
            pdf.set_xy(x + dx, y + dy + row * 4.5)
            pdf.set_font("ZapfDingbats", "", 8)
            pdf.set_text_color(*(_RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else (0, 0, 0)))
            pdf.cell(4, 4.5, _DINGBATS[suit])
            pdf.set_text_color(0)
            pdf.set_font("Helvetica", "", 9)
            ranks = board.deal[seat].ranks(suit)
            pdf.cell(26, 4.5, " ".join("10" if r.letter == "T" else r.letter for r in ranks) or "-")
    pdf.set_font("Helvetica", "", 7)
    top = y + 68
    pdf.set_xy(x + 2, top)
    pdf.cell(8, 3.5, "")
    for strain in _DD_STRAINS:
        pdf.cell(7, 3.5, "NT" if strain is Strain.NOTRUMP else strain.letter, align="R")
    for n, seat in enumerate(_DD_SEATS):
        pdf.set_xy(x + 2, top + 3.5 * (n + 1))
        pdf.cell(8, 3.5, seat.letter)
        for strain in _DD_STRAINS:
            pdf.cell(7, 3.5, str(record.tricks[(seat, strain)]), align="R")
    pdf.set_xy(x + 48, top + 3.5)
    pdf.multi_cell(43, 3.5, f"Par {record.optimum_score}: {record.par_contracts}"[:120])
