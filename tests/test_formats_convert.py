"""Conversion that says what it drops (#24 item 3): PBN→LIN warns for every tag it cannot carry and carries a
contract recorded without an auction on a results line; the results line is read once (linear in boards);
boards convert to and from endplay's."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Seat
from contractbridge.cli import app
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.formats import convert, files, lin, pbn
from contractbridge.formats.record import Record

runner = CliRunner()

DEAL = "N:AKQ2.KJ4.T98.A53 J876.Q98.AK2.K82 T543.A76.QJ7.Q76 9.T532.6543.JT94"


def _game(number: int, extra: str) -> str:
    return (
        f'[Event "Club night"]\n[Site "Utrecht"]\n[Date "2024.01.01"]\n[Board "{number}"]\n'
        '[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{DEAL}"]\n{extra}\n'
    )


CONTRACTS = (
    _game(1, '[Scoring "MP"]\n[Declarer "S"]\n[Contract "3NTX"]\n[Result "8"]\n[Room "Open"]\n{a comment}\n')
    + "\n"
    + _game(2, '[Declarer "W"]\n[Contract "4S"]\n[Result "?"]\n[BidSystemNS "SAYC"]\n')
    + "\n"
    + _game(3, '[Declarer "S"]\n[Contract "1N"]\n[Result "7"]\n[Auction "N"]\nPass Pass 1NT Pass\nPass Pass\n')
)


def _warnings(output: str) -> dict[str, int]:
    out = {}
    for line in " ".join(output.split()).split("warning: ")[1:]:
        what, count = line.split(" of ")[0].split(": ", 1)[1], int(line.split(" of ")[1].split()[0])
        out[what] = count
    return out


def test_pbn_to_lin_warns_per_tag_and_carries_contracts_without_an_auction(tmp_path: Path) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(CONTRACTS, encoding="utf-8")
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "club.lin")])
    assert result.exit_code == 0, result.output
    assert _warnings(result.output) == {
        "[Site]": 3,
        "[Date]": 3,
        "[Scoring]": 1,
        "[Room]": 1,
        "[BidSystemNS]": 1,
        "{commentary}": 1,
    }
    lf = lin.read_file(tmp_path / "club.lin")
    assert [p.tag for p in lf.header] == ["vg", "rs"] and lf.header[1].value == "3NSX-1,,4SW,"
    back = tmp_path / "back.pbn"
    assert runner.invoke(app, ["convert", str(tmp_path / "club.lin"), str(back)]).exit_code == 0
    games = pbn.read_file(back).games
    assert [(g.get("Contract"), g.get("Declarer"), g.get("Result")) for g in games] == [
        ("3NTX", "S", "8"),
        ("4S", "W", ""),
        ("1NT", "S", "7"),
    ]
    records = [loc.record for loc in files.read_records(tmp_path / "club.lin")]
    assert [r.tricks() for r in records] == [8, None, 7]  # the result travels as mc


def test_a_contract_that_no_results_line_can_hold_is_reported(tmp_path: Path) -> None:
    games = pbn.loads(_game(5, '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n') * 2)
    assert convert.pbn_lost(games, "lin") == {"Site": 2, "Date": 2, "Contract": 2, "Declarer": 2}
    assert convert.pbn_lost(games, "jsonl") == {"Site": 2, "Date": 2}  # the JSON board event keeps them
    records = [g.to_record() for g in games]
    assert not any(p.tag == "rs" for p in lin.LinFile.from_records(records).pairs)


def test_lin_to_pbn_reads_each_boards_results_entry(tmp_path: Path) -> None:
    """A generated vugraph file: board n takes entries 2(n - first) (open) and 2(n - first) + 1 (closed)."""
    deal = Deal(DEAL)
    records = [Record(deal, Seat.NORTH, Vulnerability.NONE, number=n) for n in range(3, 43)]
    body = lin.LinFile.from_records(records).segments
    rooms = [(("qx", f"{room}{r.number}"),) for r in records for room in "oc"]
    entries = [
        f"{1 + n % 7}{'SHDCN'[n % 5]}{'NESW'[n % 4]}{'=' if room == 'o' else '-1'}"
        for n in range(3, 43)
        for room in "oc"
    ]
    segments = [(lin.LinPair("vg", "Match,Seg 1,I,3,42,HOME,0,AWAY,0"), lin.LinPair("rs", ",".join(entries)))]
    for i, (qx,) in enumerate(rooms):
        segments.append((lin.LinPair(*qx), *body[i // 2]))
    games = convert.lin_to_pbn(lin.LinFile(segments))
    assert len(games) == 80
    for i, game in enumerate(games):
        n, closed = 3 + i // 2, i % 2
        level = 1 + n % 7
        assert game.get("Room") == ("Closed" if closed else "Open")
        assert game.get("Contract", "").startswith(str(level)) and game.get("Declarer") == "NESW"[n % 4]
        assert game.get("Result") == str(level + 6 - closed)


# --- endplay ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 7, 16])
def test_board_to_endplay_and_back(number: int) -> None:
    pytest.importorskip("endplay")
    from contractbridge import dd

    board = Board(number, Deal.random(number))
    ep = dd.board_to_endplay(board)
    assert ep.board_num == number and int(ep.dealer) == int(board.dealer) and int(ep.deal.first) == int(board.dealer)
    assert ep.vul.name.lower() == {"NONE": "none", "NS": "ns", "EW": "ew", "BOTH": "both"}[board.vulnerability.name]
    assert ep.deal.to_pbn() == board.deal.to_pbn() and dd.endplay_contract(ep) is None
    assert dd.board_from_endplay(ep) == board
    played = dd.board_to_endplay(board, contract=Contract.parse("4HX"), declarer=Seat.SOUTH)
    assert int(played.deal.first) == int(Seat.WEST) and played.deal.trump.name == "hearts"  # L41A: LHO leads
    assert dd.endplay_contract(played) == (Contract.parse("4HX"), Seat.SOUTH)


def test_board_from_an_endplay_board_without_markings_follows_the_number() -> None:
    pytest.importorskip("endplay")
    import endplay.types

    from contractbridge import dd

    ep = endplay.types.Board(endplay.types.Deal(DEAL))
    board = dd.board_from_endplay(ep, number=6)
    assert board == Board(6, Deal(DEAL)) and board.dealer is Seat.EAST and board.vulnerability is Vulnerability.EW
