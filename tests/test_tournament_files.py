"""Published results (#23 item 4): the corpus files with a ScoreTable are re-scored from their contracts and
results and every published L77 score, board matchpoint/IMP/VP, total, percentage and rank is reproduced with
the file's own decimals (a tie the program broke is reported as such); files written here read back the same;
USEBIO 1.2 round trip; hand records against Bridge Composer's DD and par."""

from __future__ import annotations

from pathlib import Path

import pytest

from contractbridge.errors import TournamentError
from contractbridge.formats import pbn
from contractbridge.tournament import usebio
from contractbridge.tournament.pbn_scores import dumps, read_published, recompute

PUBLISHED = {
    # file: (program, form, results on the boards, contestants ranked, ties the program broke)
    "bridgetrainer_magiccontest_ffb_dn1_s1.pbn": ("Magic Contest France", "MatchPoints;MP1", 660, 44, 1),
    "ruter_individuals_scoretable_crlf.pbn": ("Ruter i Norge", "MatchPoints;MP1", 135, 20, 0),
    "ruter_teams_butler_scoretable.pbn": ("Ruter i Norge", "IMP;Butler-2;Mean", 336, 52, 0),
}


def _event(corpus: Path, name: str) -> pbn.PbnFile:
    return pbn.read_file(corpus / "pbn" / name)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_every_published_number_is_reproduced(corpus: Path, name: str) -> None:
    program, form, rows, contestants, ties = PUBLISHED[name]
    event = read_published(_event(corpus, name))
    assert (event.program, event.form.name) == (program, form)
    assert sum(len(b.rows) for b in event.boards) == rows
    result = recompute(event)
    assert [str(d) for d in result.differences if not d.tie_break] == []
    assert len([d for d in result.differences if d.tie_break]) == ties
    assert len(result.ranking) == contestants == len(event.totals)
    # the comparison is real: every published L77 score was checked against a recomputed one
    checked = [
        (row.score_ns, s.score_ns)
        for b, scored in result.boards
        for row, s in zip(b.rows, scored, strict=True)
        if row.score_ns is not None
    ]
    assert checked and all(int(p) == mine for p, mine in checked)


def test_magic_contest_conventions(corpus: Path) -> None:
    result = recompute(read_published(_event(corpus, "bridgetrainer_magiccontest_ffb_dn1_s1.pbn")))
    form = result.event.form
    assert (form.decimals, form.percent_decimals, form.total_decimals, form.total_percent_decimals) == (1, 0, 1, 2)
    board1 = result.boards[0][1]
    assert {round(s.ns, 1) for s in board1 if s.score_ns == 420} == {28.3}  # Neuberg: 21 results on 22 tables
    a_plus = next(s for s in board1 if s.result.artificial is not None)
    assert (a_plus.ns, a_plus.ew) == (pytest.approx(25.2), pytest.approx(25.2))  # 60 % of the top 42 (L12C2)
    top = result.ranking[0]
    assert (top.id, top.total, top.percentage, top.rank.position) == ("7", 771.2, 61.21, 1)
    tie = next(d for d in result.differences if d.tie_break)
    assert tie.where == "ranking, 1" and tie.published == "32" and "broke the tie" in tie.why


def test_ruter_relative_matchpoints_and_butler(corpus: Path) -> None:
    single = recompute(read_published(_event(corpus, "ruter_individuals_scoretable_crlf.pbn")))
    assert single.event.form.relative
    assert (single.ranking[0].id, single.ranking[0].total, single.ranking[0].percentage) == ("3", 30, 63.89)
    butler = recompute(read_published(_event(corpus, "ruter_teams_butler_scoretable.pbn")))
    assert [s.datum for _, scored in butler.boards for s in scored[:1]][:4] == [-50, -290, 40, -40]
    assert butler.ranking[0].total == 2.93
    assert [str(s.rank) for s in butler.ranking if s.boards == 0] == ["49="] * 4


def test_vp_teams_summary(corpus: Path) -> None:
    result = recompute(read_published(_event(corpus, "ruter_teams_totalscoretable_vp.pbn")))
    assert result.boards_per_match == 28
    assert result.differences == ()
    assert [(s.id, s.total) for s in result.ranking][:2] == [("2", 56.44), ("7", 51.72)]
    forced = recompute(read_published(_event(corpus, "ruter_teams_totalscoretable_vp.pbn")), boards_per_match=16)
    assert any(d.what == "VP" and "16 boards" in d.why for d in forced.differences)


def test_a_changed_published_number_is_reported(corpus: Path) -> None:
    text = (corpus / "pbn" / "ruter_individuals_scoretable_crlf.pbn").read_text(encoding="utf-8")
    changed = text.replace('2 1 12 14  2 18 3N   S 10 H5  "430"', '2 1 12 14  2 18 3N   S 10 H5  "460"', 1)
    assert changed != text
    result = recompute(read_published(pbn.PbnFile(pbn.loads(changed))))
    assert [d.what for d in result.differences] == ["score NS"]
    assert "L77" in result.differences[0].why and result.differences[0].recomputed == "430"


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_written_pbn_reads_back_the_same(corpus: Path, name: str) -> None:
    result = recompute(read_published(_event(corpus, name)))
    text = dumps(result.event.name, result.event.form, [(b.record, s) for b, s in result.boards], result.ranking)
    again = recompute(read_published(pbn.PbnFile(pbn.loads(text))))
    assert again.differences == ()  # our own ties are written tied: nothing to break
    assert again.event.form == result.event.form
    assert [(s.id, s.total, s.percentage, s.rank) for s in again.ranking] == [
        (s.id, s.total, s.percentage, s.rank) for s in result.ranking
    ]


def test_usebio_round_trip(corpus: Path) -> None:
    result = recompute(read_published(_event(corpus, "bridgetrainer_magiccontest_ffb_dn1_s1.pbn")))
    xml = usebio.dumps(result.event.name, result.event.form, [(b.record, s) for b, s in result.boards],
                       result.ranking)  # fmt: skip
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">')
    again = recompute(usebio.loads(xml))
    assert again.differences == ()
    assert [(s.id, s.total, s.percentage) for s in again.ranking] == [
        (s.id, s.total, s.percentage) for s in result.ranking
    ]


def test_bad_files_are_refused() -> None:
    with pytest.raises(TournamentError, match="no ScoreTable"):
        read_published(
            pbn.PbnFile(
                pbn.loads(
                    '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
                )
            )
        )
    bad = ('[Board "1"]\n[Vulnerable "None"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
           '1 2 4S N 17 "420"\n')  # fmt: skip
    with pytest.raises(TournamentError, match="board 1, ScoreTable row 1"):
        recompute(read_published(pbn.PbnFile(pbn.loads(bad))))
    with pytest.raises(TournamentError, match="root element"):
        usebio.loads("<RESULTS/>")
    line = "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>A5050</SCORE>"
    with pytest.raises(TournamentError, match="board 3, traveller line 1: adjusted SCORE"):
        usebio.loads(
            f"<USEBIO><EVENT><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{line}</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
        )
    with pytest.raises(TournamentError, match="document type"):
        usebio.loads('<!DOCTYPE x [<!ENTITY a "b">]><USEBIO/>')


def test_hand_records_agree_with_bridge_composer(corpus: Path) -> None:
    pytest.importorskip("endplay")
    from contractbridge.tournament.handrecords import boards_from_pbn, hand_records, pbn_hand_records

    source = _event(corpus, "ben_camrose24_bridgecomposer_dd.pbn")
    boards = boards_from_pbn(source)[:4]  # the corpus MANIFEST: only boards 1–32 carry real DD
    records = hand_records(boards)
    for game, record in zip(source.games[:4], records, strict=True):
        assert game.double_dummy == record.tricks
        assert game.get("OptimumScore") == record.optimum_score
    written = pbn.loads(pbn_hand_records(records, "Camrose"))
    assert [g.double_dummy for g in written] == [r.tricks for r in records]
    assert [g.get("ParContract") for g in written] == [r.par_contracts for r in records]


def test_hand_records_as_a_pdf_sheet() -> None:
    """The printable PDF sheet: six boards a page, each with its number, dealer and vulnerability (L2), the hands
    (suits in ZapfDingbats, a core font) and the DD table and par."""
    pytest.importorskip("endplay")
    pytest.importorskip("fpdf")
    import re
    import zlib

    from contractbridge.tournament.handrecords import deal_boards, hand_records, pdf_sheet

    records = hand_records(deal_boards(8, "pdf"))
    sheet = pdf_sheet(records, "Club pairs")
    assert sheet.startswith(b"%PDF-")
    streams = b"".join(zlib.decompress(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", sheet, re.S))
    assert len(re.findall(rb"/Type /Page\b", sheet)) == 2  # 8 boards: six on the first page, two on the second
    for n in range(1, 9):
        assert f"(Board {n})".encode() in streams
    assert b"/ZapfDingbats" in sheet and b"(Par " in streams
    assert f"(Dealer {records[7].board.dealer.letter}, vul. {records[7].board.vulnerability.pbn})".encode() in streams
