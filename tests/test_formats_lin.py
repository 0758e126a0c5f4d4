"""BBO LIN reader and writer over the corpus (shared/corpus/lin, see MANIFEST.md), and PBN ↔ LIN."""

from __future__ import annotations

from pathlib import Path

import pytest

from contractbridge import Card, Contract, Deal, FormatError, Hand, Seat, Vulnerability
from contractbridge.calls import Call
from contractbridge.formats import lin, pbn
from contractbridge.formats.record import Record
from shared_data import corpus_cases

CORPUS_LIN = corpus_cases("lin/*")
CORPUS_PBN = corpus_cases("pbn/*.pbn")


def _same(a: Record, b: Record) -> None:
    """What a LIN board can carry: deal, markings, calls (alerts, explanations), play, claim and result. LIN
    has no contract tag, so a play without an auction cannot come back to PBN (no opening leader)."""
    assert (a.deal, a.dealer, a.vulnerability, a.calls) == (b.deal, b.dealer, b.vulnerability, b.calls)
    if a.calls or not a.plays:
        assert a.plays == b.plays
    assert a.tricks() == b.tricks()
    if len(a.plays) < 52:
        assert a.claim == b.claim


@pytest.mark.parametrize("path", CORPUS_LIN, ids=lambda p: p.name)
def test_corpus_lin_reads_and_round_trips(corpus: Path, path: Path) -> None:
    lf = lin.read_file(path)
    assert lf.boards
    text = lin.dumps(lf)
    again = lin.loads(text)
    assert again == lf and lin.dumps(again) == text
    for board in lf.boards:
        assert board.validate() == []
    records = list(lf.records())
    back = list(lin.loads(lin.dumps(lin.LinFile.from_records(records))).records())
    for a, b in zip(records, back, strict=True):
        _same(a, b)
        assert a.players == b.players and a.number == b.number


#: rpbridge's 7 632-game archive takes most of a minute through PBN → LIN → PBN: run by ``make test-all``.
_SLOW = {"endplay_tests_example3.pbn"}


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.slow) if p.name in _SLOW else p for p in CORPUS_PBN],
    ids=lambda p: p.name,
)
def test_pbn_to_lin_to_pbn_keeps_the_play(corpus: Path, path: Path) -> None:
    """PBN → LIN → PBN keeps deal, auction, play, claim and result (games with a readable deal)."""
    records = []
    for game in pbn.read_file(path).games:
        try:
            if game.deal is not None:
                records.append(game.to_record())
        except FormatError:
            continue
    via_lin = list(lin.loads(lin.dumps(lin.LinFile.from_records(records))).records())
    back = [g.to_record() for g in pbn.loads(pbn.dumps(pbn.PbnGame.from_record(r) for r in via_lin))]
    assert len(back) == len(records)
    for a, b in zip(records, back, strict=True):
        _same(a, b)


def test_board_fields(corpus: Path) -> None:
    """md: dealer digit 3 = North, hands S W N E, fourth hand deduced; sv; mb with '!' and an; pc; mc."""
    board = lin.read_file(corpus / "lin" / "pbntools_bbo_history_3381671193_claim.lin").boards[0]
    assert board.dealer is Seat.NORTH and board.number == 1 and board.vulnerability is Vulnerability.NONE
    deal = board.deal
    assert deal is not None and deal.is_complete
    assert deal[Seat.SOUTH] == Hand("KT2.QT842.7.T952")
    assert board.players == ("jaak99", "myriam1745", "jdr9999", "sisse1745")
    calls = board.calls
    assert calls[1].call == Call.parse("2NT") and calls[1].alert and calls[1].explanation == "gesthem"
    assert board.plays[0] == Card("S2") and len(board.plays) == 44
    assert board.claim == 11
    record = board.to_record()
    assert record.final_contract() == (Contract.parse("5D"), Seat.EAST)


def test_vugraph_header_and_rooms(corpus: Path) -> None:
    """A vugraph file: vg/rs/pn header, eight names (open room, then closed room), qx|o46 / qx|c46."""
    lf = lin.read_file(corpus / "lin" / "bridgebots_usbf_sf_14502_vugraph.lin")
    assert [p.tag for p in lf.header] == ["vg", "rs", "pn", "pg"]
    boards = lf.boards
    assert len(boards) == 30 and boards[0].room == "o" and boards[0].number == 46
    closed = next(b for b in boards if b.room == "c")
    assert closed.players == ("Martel", "Mahmood", "Stansby", "Hamman")  # S W N E = Stansby Hamman Martel …
    assert Card("C2") in boards[0].plays  # lower-case suits in pc|c2


def test_unknown_tags_and_raw_newlines_are_kept(corpus: Path) -> None:
    lf = lin.read_file(corpus / "lin" / "bridgetrainer_vugraph_2015wbtc_41284.lin")
    at = next(p for p in lf.pairs if p.tag == "at")
    assert "\n" in at.value and "Nord" in at.value
    assert lf.problems and lf.problems[0].line == 3  # 'WRANG||pg||': a stray bar, reported, not fatal
    zz = lin.read_file(corpus / "lin" / "bridgesolver_bench-boards_zz.lin")
    assert sum(p.tag == "zz" for p in zz.pairs) == 10


def test_lin_and_pbn_of_the_same_match_agree(corpus: Path) -> None:
    """LinToPbnConverter's PBN of the 2015 WBTC vugraph file holds the same deals, auctions and play."""
    a = [g.to_record() for g in pbn.read_file(corpus / "pbn" / "bridgetrainer_lintopbnconverter_41284.pbn").games]
    b = list(lin.read_file(corpus / "lin" / "bridgetrainer_vugraph_2015wbtc_41284.lin").records())
    assert len(a) == len(b) == 32
    for x, y in zip(a, b, strict=True):
        assert x.deal == y.deal and [c.call for c in x.calls] == [c.call for c in y.calls]
        assert x.plays == y.plays and x.tricks() == y.tricks()


def test_deal_only_and_uppercase_vulnerability(corpus: Path) -> None:
    boards = lin.read_file(corpus / "lin" / "bridgetrainer_dealonly_uppercase_sv_crlf.LIN").boards
    assert len(boards) == 10 and all(b.deal is not None and b.deal.is_complete for b in boards)
    assert {b.vulnerability for b in boards} >= {Vulnerability.NONE, Vulnerability.BOTH}


def test_errors_have_line_and_column() -> None:
    with pytest.raises(FormatError) as info:
        lin.loads("pn|a,b,c,d|\nmd|3SAKQ|\nbad tag here", file="x.lin")
    assert (info.value.file, info.value.line, info.value.column) == ("x.lin", 3, 1)
    board = lin.loads("md|3SAKQX,,,|").boards[0]
    with pytest.raises(FormatError, match="'X' is not a suit or rank"):
        _ = board.deal


def test_writer_output() -> None:
    deal = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
    record = pbn.loads(
        f'[Board "1"]\n[Deal "{deal.to_pbn()}"]\n[Auction "N"]\n1NT ! =1= Pass Pass Pass\n[Note "1:15-17"]\n'
        '[Result "8"]\n'
    )[0].to_record()
    text = lin.dumps([lin.LinBoard.from_record(record)])
    assert text == (
        "pn|,,,|st||md|3S8765HT976DJ5CQJ6,S43H532DA432CT987,SAKQ2HKJ4DT98CA53,SJT9HAQ8DKQ76CK42|rh||"
        "ah|Board 1|sv|o|mb|1N!|an|15-17|mb|p|mb|p|mb|p|pg||mc|8|\n"
    )


def test_pairs_are_located_on_every_kind_of_line() -> None:
    """Plain lines, a line with capital tags, blanks between pairs and at the start of a line, a value over a
    line end: each pair's line and column is where its tag begins (#28 reads plain lines by splitting them)."""
    text = "pn|a,b,c,d|st||\nMD|3S2,,,|Sv|o|\n  mb|1C| mb|p|\n\nat|two\nlines|pc|SA|  \n"
    pairs = [(p.tag, p.value, p.line, p.column) for p in lin.loads(text).pairs]
    assert pairs == [
        ("pn", "a,b,c,d", 1, 1),
        ("st", "", 1, 12),
        ("md", "3S2,,,", 2, 1),
        ("sv", "o", 2, 11),
        ("mb", "1C", 3, 3),
        ("mb", "p", 3, 10),
        ("at", "two\nlines", 5, 1),
        ("pc", "SA", 6, 7),
    ]


def test_md_hands_in_any_spelling_give_the_same_deal() -> None:
    """BBO's vugraph files write ranks from the ace down, its hand histories from the two up; small letters,
    other orders and ``10`` are read too; three hands of 13 cards give the fourth (#28: holdings looked up)."""
    deal = Deal("S:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
    spellings = (
        "SAKQ2HKJ4DT98CA53,S9TJHQA8DKQ67C24K,S8765HT976DJ5CQJ6,S43H532DA432CT987",
        "S2QKAH4JKD89TC35A,SJT9HAQ8DKQ76CK42,S5678H679TD5JC6JQ,",
        "sakq2hkj4dt98ca53,SJT9HAQ8DKQ76CK42,S8765H10976DJ5CQJ6,",
        "CA53DT98HKJ4SAKQ2,SJT9HAQ8DKQ76CK42,S8765HT976DJ5CQJ6,",
    )
    for hands in spellings:
        assert lin.loads(f"md|1{hands}|").boards[0].deal == deal, hands


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ("SAKQ2HKJ4DT98CA53,SAKQ2HKJ4DT98CA53,,", "dealt twice"),
        ("SAKQJ2HKJ4DT98CA53,,,", "14 cards, not 13"),
        ("SAKQ2HKJ4DT98CA53,SJT9HAQ8DKQ76CK42,S8765HT976DJ5CQJ,S43H532DA432CT9876", "cards, not 13"),
        ("SAAKQHKJ4DT98CA5,,,", "card SA appears twice"),
    ],
)
def test_md_errors_name_the_cards(hands: str, message: str) -> None:
    board = lin.loads(f"pn|a,b,c,d|\nmd|1{hands}|").boards[0]
    with pytest.raises(FormatError, match=message) as info:
        _ = board.deal
    assert (info.value.line, info.value.column) == (2, 1)
