"""PBN 2.1 reader and writer: the real-world corpus (shared/corpus/pbn, see its MANIFEST.md) and the
standard's features (tags, inheritance, commentary, sections, tables, DD tags)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from contractbridge import Card, Contract, Deal, FormatError, Seat, Side, Strain, Vulnerability
from contractbridge.formats import pbn, pbn_values
from shared_data import corpus_cases

CORPUS_PBN = corpus_cases("pbn/*.pbn")
#: Files whose purpose is to carry errors (PBN reference-implementation error tests, pybcdd's faulty file)
#: or that carry a genuine stray ``}`` (the BFC converter's nested braces).
ERROR_FILES = {
    "pbnref_errors_10.pbn",
    "pbnref_errors_20.pbn",
    "pbnref_errors_21.pbn",
    "pybcdd_faulty.pbn",
    "bridgebots_sample_bfc_commentary.pbn",
}


def _game(text: str) -> pbn.PbnGame:
    games = pbn.loads(text)
    assert len(games) == 1
    return games[0]


@pytest.mark.parametrize("path", CORPUS_PBN, ids=lambda p: p.name)
def test_corpus_file_reads_and_round_trips(corpus: Path, path: Path) -> None:
    """Every corpus file parses; read → write → read gives equal games; our own output is a fixed point."""
    pf = pbn.read_file(path)
    text = pbn.dumps(pf.games)
    again = pbn.loads(text)
    assert again == pf.games
    assert pbn.dumps(again) == text
    problems = [p for g in pf.games for p in g.validate()]
    if path.name in ERROR_FILES:
        assert problems, "an error test file must report its errors"
    else:
        assert problems == []


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("bcdd_test1.bigdeal.pbn", 396),  # 4 concatenated Big Deal files, CRLF
        ("bcdd_test1.bcdd.pbn", 396),  # UTF-8 BOM
        ("endplay_tests_example2.pbn", 299),
        ("endplay_tests_example3.pbn", 7632),  # rpbridge: omitted tags
        ("ben_alphamju_partial_deals.pbn", 35),  # no blank lines between games
        ("bridgebots_shared_deals_rpbridge.pbn", 4),
        ("timheilman_empty_line_in_comment.pbn", 1),  # a blank line inside {…} does not end the game
        ("ben_camrose24_played_by_ben.pbn", 160),
    ],
)
def test_corpus_game_counts(corpus: Path, name: str, games: int) -> None:
    assert len(pbn.read_file(corpus / "pbn" / name).games) == games


def test_file_storage_is_remembered(corpus: Path, tmp_path: Path) -> None:
    """BOM, CRLF and Latin-1 survive a write (MANIFEST: a lossless writer keeps the choice per file)."""
    for name, bom, newline, encoding in [
        ("bcdd_test1.bcdd.pbn", True, "\r\n", "utf-8"),
        ("pbntools_kops_sm0807_latin2.pbn", False, "\r\n", "latin-1"),
        ("endplay_examples_sample.pbn", False, "\n", "utf-8"),
    ]:
        pf = pbn.read_file(corpus / "pbn" / name)
        assert (pf.info.bom, pf.info.newline, pf.info.encoding) == (bom, newline, encoding)
        out = tmp_path / name
        pbn.write_file(pf, out)
        again = pbn.read_file(out)
        assert again.games == pf.games and again.info == pf.info


def test_tag_with_bracket_inside_value(corpus: Path) -> None:
    game = pbn.read_file(corpus / "pbn" / "ben_bbo_cold6d.pbn").games[0]
    assert game.get("Event") == "Random]"


def test_comment_does_not_nest(corpus: Path) -> None:
    """PBN §3.8: a comment ends at the first '}' — BridgeComposer's 'lots of curlies' test."""
    first, second = pbn.read_file(corpus / "pbn" / "timheilman_lots_of_curlies.pbn").games
    assert first.tag("CommentIsClosed") is not None
    assert [c.text for c in first.comments[-2:]] == [" {", "  comment is open\n\n{ {{{ "]
    assert second.get("DoubleDummyTricks") == "63b3c63b3c492a0492a0" and second.deal == first.deal


def test_hash_inheritance(corpus: Path) -> None:
    """``#`` copies the previous game's value; ``##x`` sets x for later games that omit the tag (PBN 2.0)."""
    games = pbn.read_file(corpus / "pbn" / "pbnref_correct_20.pbn").games
    by_board: dict[str, pbn.PbnGame] = {}
    for g in games:
        by_board.setdefault(g.get("Board") or "", g)
    assert by_board["2"].get("Event") == "Autumn regional"
    assert by_board["2"].tag("Event") is None
    assert by_board["4"].get("Hidden") == "NES"
    assert by_board["5"].get("Hidden") == "NES"
    dealer4 = pbn.read_file(corpus / "pbn" / "bridgetrainer_dealer4_RR5.pbn").games
    assert dealer4[3].tag("Event") is not None and dealer4[3].tag("Event").raw == "#"  # type: ignore[union-attr]


def test_omitted_tags_inherit_the_board(corpus: Path) -> None:
    """rpbridge.net omits the deal of the second table: it is the previous game's."""
    first, second = pbn.read_file(corpus / "pbn" / "bridgebots_shared_deals_rpbridge.pbn").games[:2]
    assert second.tag("Deal") is None
    assert second.deal == first.deal and second.number == first.number == 62
    assert second.contract == Contract.parse("6SX") and second.declarer is Seat.EAST


def test_auction_notes_alerts_and_all_pass(corpus: Path) -> None:
    game = pbn.read_file(corpus / "pbn" / "bridgebots_sample_bfc_commentary.pbn").games[0]
    auction = game.auction
    assert auction is not None and auction.first is Seat.EAST and auction.all_pass
    assert [str(c.call) for c in auction.calls[:5]] == ["1H", "P", "1S", "P", "2C"]
    assert auction.calls[2].notes == (1,) and auction.calls[4].alert
    assert game.notes[3] == "17+ with 4 !S"
    record = game.to_record()
    assert record.final_contract() == (Contract.parse("3NT"), Seat.WEST)
    assert record.calls[2].explanation == "0-4 !ss"


def test_play_in_seat_order_and_claim(corpus: Path) -> None:
    """The Play section lists each trick from the first seat named; the order of play follows the winners
    (L44). ``-`` marks cards not played after a claim; Result then is the claim."""
    game = pbn.read_file(corpus / "pbn" / "bridgebots_sample_bfc_commentary.pbn").games[0]
    play = game.play
    assert play is not None and play.first is Seat.NORTH
    assert play.tricks[0] == tuple(Card(c) for c in ("CQ", "CA", "C8", "C3"))
    assert play.tricks[-1] == (None, None, None, Card("S6"))
    record = game.to_record()
    # Trick 1: N leads CQ, E CA wins … trick 8 is led by West (won trick 7 with S4 ruff? no: C9) – S6 only.
    assert record.plays[:4] == tuple(Card(c) for c in ("CQ", "CA", "C8", "C3"))
    assert record.plays[-1] == Card("S6") and len(record.plays) == 29
    assert record.claim == record.result == 9


def test_tables_and_double_dummy(corpus: Path) -> None:
    game = pbn.read_file(corpus / "pbn" / "endplay_examples_sample.pbn").games[0]
    dd = game.double_dummy
    assert dd is not None and dd[(Seat.NORTH, Strain.NOTRUMP)] == 7 and dd[(Seat.NORTH, Strain.DIAMONDS)] == 11
    ort = game.table("OptimumResultTable")
    assert ort is not None and [c.name for c in ort.columns] == ["Declarer", "Denomination", "Result"]
    assert ort.columns[1].width == 2 and ort.columns[1].align == "R"
    assert ort.rows[0] == ("N", "NT", "7")
    assert game.optimum_score == pbn.OptimumScore(Side.NS, 400)
    assert game.vulnerability is Vulnerability.NONE


def test_double_dummy_sources_agree(corpus: Path) -> None:
    """DoubleDummyTricks (N S E W × NT S H D C) and OptimumResultTable agree wherever both are present, and
    Ability agrees with the table in BCDD output (MANIFEST: verified against DDS)."""
    checked = 0
    for name in ("endplay_tests_example2.pbn", "ben_camrose24_bridgecomposer_dd.pbn", "bcdd_test1.bcdd.pbn"):
        for game in pbn.read_file(corpus / "pbn" / name).games:
            dd = game.double_dummy
            ort_tag = game.tag("OptimumResultTable")
            assert dd is not None and ort_tag is not None
            ort = pbn_values.optimum_result_table(pbn_values.parse_table(ort_tag), ort_tag)
            assert all(dd[key] == tricks for key, tricks in ort.items())
            checked += 1
    assert checked == 299 + 160 + 396


def test_minimax_and_ability(corpus: Path) -> None:
    games = pbn.read_file(corpus / "pbn" / "bcdd_test2.bigdeal.pbn").games
    doubled = next(g for g in games if g.get("Minimax") == "7SDE800")
    assert doubled.minimax == pbn.Minimax(Contract.parse("7SX"), Seat.EAST, 800)
    game = pbn.read_file(corpus / "pbn" / "zdenecek_bigdeal_deepfinesse_ability_minimax.pbn").games[0]
    assert game.minimax == pbn.Minimax(Contract.parse("4H"), Seat.SOUTH, 420)
    dd = game.double_dummy
    assert dd is not None and dd[(Seat.NORTH, Strain.NOTRUMP)] == 7 and dd[(Seat.EAST, Strain.CLUBS)] == 7


def test_score_tables_with_quoted_cells(corpus: Path) -> None:
    games = pbn.read_file(corpus / "pbn" / "bridgetrainer_magiccontest_ffb_dn1_s1.pbn").games
    total = next(t for g in games for name, t in g.tables.items() if name == "TotalScoreTable")
    assert len(total.rows) == 44
    assert all(len(row) == len(total.columns) for row in total.rows)


def test_errors_carry_line_and_column(corpus: Path) -> None:
    games = pbn.read_file(corpus / "pbn" / "pbnref_errors_21.pbn").games
    with pytest.raises(FormatError) as info:
        _ = games[0].optimum_score
    assert info.value.line == 7
    with pytest.raises(FormatError) as strict:
        pbn.loads('[Event "x"]\n[Board 3]\n', strict=True, file="t.pbn")
    assert (strict.value.file, strict.value.line, strict.value.column) == ("t.pbn", 2, 8)


def test_partial_and_faulty_deals(corpus: Path) -> None:
    partial = pbn.read_file(corpus / "pbn" / "ben_alphamju_partial_deals.pbn").games[0].deal
    assert partial is not None and not partial.is_complete and len(partial[Seat.WEST]) == 4
    faulty = pbn.read_file(corpus / "pbn" / "pybcdd_faulty.pbn").games[1]
    with pytest.raises(FormatError, match="10 cards"):
        _ = faulty.deal


def test_writer_escapes_and_keeps_raw_values() -> None:
    game = _game('[Event "a \\"quoted\\" name \\\\"]\n[ORT "Result\\2R"]\n{multi\nline} ; rest\n%directive\n')
    assert game.get("Event") == 'a "quoted" name \\'
    assert game.get("ORT") == "Result\\2R"
    text = pbn.dumps([game])
    assert pbn.loads(text) == [game]
    assert '[Event "a \\"quoted\\" name \\\\"]' in text


def test_tag_over_several_lines() -> None:
    """PBN allows the tokens of a tag on separate lines (reference test 'Tokens at new lines')."""
    game = _game(' [\n   Event\n         "use new lines"\n                         ]\n')
    assert game.get("Event") == "use new lines"


def test_record_round_trip_through_pbn() -> None:
    deal = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")
    game = _game(
        f'[Board "7"]\n[Deal "{deal.to_pbn()}"]\n[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n'
        '[Auction "S"]\nPass 1NT ! =1= Pass Pass\nPass\n[Note "1:15-17"]\n[Play "E"]\nHA H4 H2 H9\n*\n'
    )
    record = game.to_record()
    assert record.calls[1].alert and record.calls[1].explanation == "15-17"
    assert record.plays == (Card("HA"), Card("H4"), Card("H2"), Card("H9")) and record.claim == 7
    back = pbn.PbnGame.from_record(record).to_record()
    assert back == record


def test_visitors_stream_games(corpus: Path) -> None:
    """python-chess-style visitors: a tags-only visitor skips the sections; GameBuilder gives the games."""
    path = corpus / "pbn" / "bridgebots_shared_deals_rpbridge.pbn"
    with path.open(encoding="utf-8") as handle:
        tags = list(pbn.visit_games(handle, pbn.TagsVisitor()))
    assert len(tags) == 4 and tags[1]["Deal"] == tags[0]["Deal"] and tags[1]["Contract"] == "6SX"
    with path.open(encoding="utf-8") as handle:
        games = list(pbn.visit_games(handle, pbn.GameBuilder()))
    assert games == pbn.read_file(path).games and games[0].file == str(path)
    with path.open(encoding="utf-8") as handle:
        skipped = next(pbn._games(handle, None, False, sections=False))
    assert skipped.tag("Play") is not None and skipped.tag("Play").section == ()  # type: ignore[union-attr]


def test_score_tags_and_directives(corpus: Path) -> None:
    game = pbn.read_file(corpus / "pbn" / "endplay_examples_sample.pbn").games[0]
    assert game.scores() == [(Side.NS, 500.0)]
    assert game.scores("ScoreIMP") == [(Side.NS, -2.0), (Side.EW, 2.0)]
    bad = next(g for g in pbn.read_file(corpus / "pbn" / "pbnref_errors_10.pbn").games if g.get("ScoreIMP") == "10.a")
    with pytest.raises(FormatError, match="not a score"):
        bad.scores("ScoreIMP")
    header = pbn.read_file(corpus / "pbn" / "timheilman_lots_of_curlies.pbn").games[0]
    assert header.directives[:2] == [" PBN 2.1", " EXPORT"]


def test_double_dummy_tags_agree_with_dds(corpus: Path) -> None:
    """DoubleDummyTricks, Ability and PS Bridge's %%!R line read as DDS computes (endplay's DDS)."""
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    denoms = {
        Strain.CLUBS: types.Denom.clubs,
        Strain.DIAMONDS: types.Denom.diamonds,
        Strain.HEARTS: types.Denom.hearts,
        Strain.SPADES: types.Denom.spades,
        Strain.NOTRUMP: types.Denom.nt,
    }
    players = {
        Seat.NORTH: types.Player.north,
        Seat.EAST: types.Player.east,
        Seat.SOUTH: types.Player.south,
        Seat.WEST: types.Player.west,
    }
    for name in ("zdenecek_psbridge_R_comment_dd.pbn", "endplay_examples_sample.pbn", "dealconvert_test-jfr.pbn"):
        for game in pbn.read_file(corpus / "pbn" / name).games[:2]:
            deal, dd = game.deal, game.double_dummy
            assert deal is not None and dd is not None and len(dd) >= 10
            table = dds.calc_dd_table(types.Deal(deal.to_pbn()))
            assert all(table[denoms[strain], players[seat]] == n for (seat, strain), n in dd.items()), name


def test_tag_lines_of_known_names_read_as_line_by_line() -> None:
    """#28: the whole-text reader splits a '[Name "value"]' line of a name it has read before with
    ``str.partition``; every spelling it must not take that way (blanks, quotes and backslashes in the value,
    blanks after the bracket, a tag over two lines, no line end at the end of the text) gives the same items,
    values, lines, columns and problems as the line-by-line reader."""
    game = (
        '[Event "E"]\n[Site "S"]\n[Board "{n}"]\n[Dealer "N"]\n[Deal "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 '
        '8765.T976.J5.QJ6 43.532.A432.T987"]\n'
    )
    odd = (
        '[Event  "two blanks"]\n[Site "a \\"quoted\\" word"]\n[Board "3"]   \n[Dealer "back\\\\slash"]\n'
        '[Note "1:say "hi""]\n[Note "2:x"] [Note "3:y"]\n[Deal\n"#"]\n[Event "a"b"]\n[Site ""]\n[Board "4"]'
    )
    text = game.format(n=1) + "\n" + game.format(n=2) + "\n" + odd
    whole = pbn.loads(text)
    lines = list(pbn.read_games(io.StringIO(text)))

    def seen(games: list[pbn.PbnGame]) -> list[object]:
        return [
            (
                [(t.name, t.raw, t.value, t.line, t.column) if isinstance(t, pbn.PbnTag) else t for t in g.items],
                g.problems,
                g.inherited,
                g.line,
            )
            for g in games
        ]

    assert seen(whole) == seen(lines) and len(whole) == 4
    third, last = whole[2], whole[3]
    assert [third.get(name) for name in ("Event", "Site", "Dealer")] == ["two blanks", 'a "quoted" word', "back\\slash"]
    assert [(t.value, t.line, t.column) for t in third.items if isinstance(t, pbn.PbnTag) and t.name == "Note"] == [
        ('1:say "hi"', 17, 1),
        ("2:x", 18, 1),
        ("3:y", 18, 14),
    ]
    assert third.deal == whole[1].deal and third.tag("Deal").line == 19  # "#": the game before's
    assert [(t.name, t.value, t.line) for t in last.items if isinstance(t, pbn.PbnTag)] == [
        ("Event", 'a"b', 21),
        ("Site", "", 22),
        ("Board", "4", 23),
    ]


def test_backslashes_and_section_lines_read_as_line_by_line() -> None:
    """#28: the whole-text reader takes a tag line whose value has a backslash before another character
    (``Result\\2R``) by ``str.partition``, and a section's lines without quotes by a cheaper pattern; every other
    spelling (an escaped quote or backslash, a backslash last, blank-only and ``%`` lines, quoted cells and
    commentary after plain lines, indented lines) gives the same items, tokens, positions and problems as the
    line-by-line reader."""
    table = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\{r}R"]\n'
    text = (
        '[Board "1"]\n' + table.format(r=2) + "N NT 5\nS  S 4\n\n"
        '[Board "2"]\n' + table.format(r=1) + "N NT 5\n  S S 4\n \nE H 3\n\n"
        '[Board "3"]\n' + table.format(r=2) + 'N NT 5\n S "S" 4\n%x\nE H 3\n\n'
        '[Board "4"]\n' + table.format(r=2) + 'N NT 5\nS S 4 {c}\nW C 1\n[Event "a\\\\b"]\n'
        '[Auction "N"]\n1C Pass\n2C AP\n\n'
        '[Board "5"]\n[OptimumResultTable "D\\"q\\2R"]\nN NT 5\n[Event "x\\"]\n[Auction "N"]\nPass\t\nAP'
    )
    whole = pbn.loads(text)
    lines = list(pbn.read_games(io.StringIO(text)))

    def seen(games: list[pbn.PbnGame]) -> list[object]:
        return [
            (
                [
                    (t.name, t.raw, t.value, t.line, t.column, t.section, t.positions)
                    if isinstance(t, pbn.PbnTag)
                    else t
                    for t in g.items
                ],
                g.problems,
                g.inherited,
                g.line,
            )
            for g in games
        ]

    assert seen(whole) == seen(lines) and len(whole) == 5
    assert whole[0].tag("OptimumResultTable").value == "Declarer;Denomination\\2R;Result\\2R"
    assert whole[0].tag("OptimumResultTable").section == ("N", "NT", "5", "S", "S", "4")
    assert whole[3].get("Event") == "a\\b" and whole[4].tag("OptimumResultTable").value == 'D"q\\2R'
    assert whole[1].tag("OptimumResultTable").section == ("N", "NT", "5", "S", "S", "4")  # a blank line ends it
    assert whole[2].tag("OptimumResultTable").section[3:6] == ("S", '"S"', "4")


def test_hash_values_far_back_read_both_ways() -> None:
    """``#`` is the value the tag had in the last game that wrote it, however many games back (PBN 2.0 §3.5; the
    whole-text reader brings those values up to date only when a ``#`` or a game without a deal asks, #28): the
    same values as the line-by-line reader, which keeps them up to date game by game."""
    deal = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"
    games = [
        f'[Event "Club"]\n[Site "Hall"]\n[Board "1"]\n[Deal "{deal}"]\n',
        f'[Event "Cup"]\n[Board "2"]\n[Deal "{deal}"]\n[Note "1:first"]\n[Note "2:second"]\n',
        f'[Board "3"]\n[Deal "{deal}"]\n',
        '[Event "#"]\n[Site "#"]\n[Note "#"]\n[Board "4"]\n',  # no deal: the board's tags come from game 3
        f'[Event "##Final"]\n[Board "5"]\n[Deal "{deal}"]\n',
        f'[Board "6"]\n[Deal "{deal}"]\n',
        '[Event "#"]\n[Site "#"]\n[Board "#"]\n',
    ]
    text = "\n".join(games)
    whole = pbn.loads(text)
    lines = list(pbn.read_games(io.StringIO(text)))
    assert [(g.items, g.inherited) for g in whole] == [(g.items, g.inherited) for g in lines]
    assert [g.get("Event") for g in whole] == ["Club", "Cup", None, "Cup", "Final", "Final", "Final"]
    assert [g.get("Site") for g in whole] == ["Hall", None, None, "Hall", None, None, "Hall"]
    assert whole[3].get("Note") == "2:second" and whole[3].deal == Deal(deal) and whole[3].number == 4
    assert whole[6].get("Board") == "6" and whole[6].number == 6
