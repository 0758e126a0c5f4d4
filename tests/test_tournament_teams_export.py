"""A teams event's results as PBN 2.1 and USEBIO 1.2 (#28 teamexport): written from the event's own IMPs and VPs
(L78B; an artificial score ±3 IMPs, L12C2(b); VPs on the WBF 2013 scale), read back with our PBN reader and an XML
parse, and compared with the shape of a team league Ruter published (shared/corpus)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from contractbridge.errors import TournamentError
from contractbridge.formats import pbn
from contractbridge.scoring import compare
from contractbridge.tournament import usebio
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.pbn_scores import read_published, recompute


def league() -> Event:
    """Four teams, two boards a round; round 1 played in full at both matches (1 v 4 at tables 1–2, 2 v 3 at
    tables 3–4): 3NT+1 against 3NT=, 4S= by E against 4S−2; A60/40 against 1NT= by S, passed out against 2H= by
    W (led SK); rounds 2 and 3 not played yet."""
    event = Event("League", "teams", "round-robin", 4, 2, 4, "teams-export", names={"1": "Lions", "2": "Ann - Bo"})
    for entry in (
        Entry(1, 1, 1, "3NT", "N", 10), Entry(1, 2, 1, "3NT", "N", 9), Entry(1, 1, 2, "4S", "E", 10),
        Entry(1, 2, 2, "4S", "E", 8), Entry(1, 3, 1, adjusted="A60/40", reason="slow play (L12C2)"),
        Entry(1, 4, 1, "1NT", "S", 7), Entry(1, 3, 2), Entry(1, 4, 2, "2H", "W", 8, lead="SK"),
    ):  # fmt: skip
        event = event.enter(entry)
    return event


def test_pbn_reads_back_with_the_events_imps_vps_and_ranking() -> None:
    event = league()
    text = event.pbn_scores()
    published = read_published(pbn.PbnFile(pbn.loads(text)))
    played = {(e.round, e.table): m for e, m in event.matches()}
    # the match table's Table is the match's number in its round, as Ruter numbers them
    assert {(m.round, m.table): (m.home, m.away, m.imps, m.vp) for m in published.matches if m.imps} == {
        (e.round, (e.table + 1) // 2): (str(e.ns), str(e.ew), (m.home_imps, m.away_imps),
                                         (f"{m.vp[0]:.2f}", f"{m.vp[1]:.2f}"))
        for e, m in event.matches()
    }  # fmt: skip
    assert played[(1, 1)].home_imps == 1 and played[(1, 1)].away_imps == 11  # +1 on board 1, −11 on board 2
    assert played[(1, 3)].home_imps == 6 and played[(1, 3)].away_imps == 0  # A60/40: +3 (L12C2(b)); +110: 3
    assert [(m.round, m.imps) for m in published.matches if m.imps is None] == [(2, None)] * 2 + [(3, None)] * 2
    assert [(t.id, t.rank, t.total, t.names) for t in published.totals] == [
        (s.id, str(s.rank.position), f"{s.total:.2f}", s.names) for s in event.ranking()
    ]
    again = recompute(published, boards_per_match=2)
    assert again.differences == ()
    assert [(s.id, s.total) for s in again.ranking if s.boards] == [(s.id, s.total) for s in event.ranking()]
    assert recompute(published).boards_per_match == 2  # the one count that reproduces every VP


def test_pbn_board_tables_hold_both_rooms_and_their_imps() -> None:
    """Each board's ``ScoreTable``: a row a room, the teams' numbers, the L77 score and each side's IMPs, which are
    the difference of the two rooms' NS scores on the IMP scale (L78B), or ±3 for an artificial score."""
    published = read_published(pbn.PbnFile(pbn.loads(league().pbn_scores())))
    games = pbn.loads(league().pbn_scores())
    assert {g.get("Competition") for g in games} == {"Teams"} and {g.get("Scoring") for g in games} == {"IMP"}
    for board in published.boards:
        rows = {row.result.table: row for row in board.rows}
        assert sorted(rows) == [1, 2, 3, 4]
        for open_table in (1, 3):
            open_room, closed_room = rows[open_table], rows[open_table + 1]
            assert open_room.result.ns == closed_room.result.ew  # the home team NS in the open room
            home = open_room.result.ns[0]
            if open_room.score_ns is not None and closed_room.score_ns is not None:
                imps = compare.imps(int(open_room.score_ns) - int(closed_room.score_ns))
            else:
                imps = 3  # the A60/40 of board 1 at table 3 favours the home team NS
            assert int(open_room.points[home]) == imps == int(closed_room.points[home])
            assert int(open_room.points[open_room.result.ew[0]]) == -imps


def test_pbn_summary_has_the_shape_of_ruters_team_league(corpus: Path) -> None:
    """The corpus's Ruter team league (a real published file) and ours: a first game without a deal, the same
    ``Competition``, the match table's columns as Ruter writes them, read by the same reader."""
    ruter = pbn.read_file(corpus / "pbn" / "ruter_teams_totalscoretable_vp.pbn").games[0]
    ours = pbn.loads(league().pbn_scores())[0]
    assert ours.get("Competition") == ruter.get("Competition") == "Teams"
    assert ours.get("Deal") == ruter.get("Deal") == ""
    columns = [c.name for c in ours.tables["ScoreTable"].columns]
    assert columns == [c.name for c in ruter.tables["ScoreTable"].columns][: len(columns)]
    ruter_totals = {c.name for c in ruter.tables["TotalScoreTable"].columns}
    assert {"Rank", "TeamId", "TotalScoreVP", "TeamName", "NrRounds"} <= ruter_totals
    assert [c.name for c in ours.tables["TotalScoreTable"].columns] == [
        "Rank", "RankTie", "TeamId", "TotalScoreVP", "TeamName", "NrRounds", "NrBoards"
    ]  # fmt: skip


def _text(element: ET.Element, name: str) -> str:
    found = element.find(name)
    assert found is not None and found.text is not None, name
    return found.text


def test_usebio_teams_elements_and_values() -> None:
    event = league()
    root = ET.fromstring(event.usebio())
    assert (root.tag, root.get("Version")) == ("USEBIO", "1.2")
    xml_event = root.find("EVENT")
    assert xml_event is not None and xml_event.get("EVENT_TYPE") == "TEAMS"
    assert [_text(xml_event, n) for n in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "BOARDS_PER_ROUND")] == [
        "IMPS", "VPS", "2"
    ]  # fmt: skip
    teams = xml_event.findall("PARTICIPANTS/TEAM")
    assert [(t.get("TEAM_ID"), t.get("TEAM_NAME"), _text(t, "PLACE"), _text(t, "TOTAL_SCORE"),
             _text(t, "BOARDS_PLAYED")) for t in teams] == [
        (s.id, s.names or None, str(s.rank), f"{s.total:.2f}", str(s.boards)) for s in event.ranking()
    ]  # fmt: skip
    matches = xml_event.findall("MATCH")
    assert len(matches) == 2  # the matches played; rounds 2 and 3 are not
    for match, (e, score) in zip(matches, event.matches(), strict=True):
        assert [_text(match, n) for n in ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM")] == [str(e.round), str(e.ns),
                                                                                        str(e.ew)]  # fmt: skip
        assert (float(_text(match, "TEAM_SCORE")), float(_text(match, "OPPOSING_TEAM_SCORE"))) == score.vp
        net = 0
        for board in match.findall("BOARD"):
            lines = board.findall("TRAVELLER_LINE")
            assert [_text(line, "DIRECTION") for line in lines] == ["NS", "EW"]  # the home team's line
            home_imps = [int(_text(line, f"{_text(line, 'DIRECTION')}_SCORE_IMPS")) for line in lines]
            assert home_imps[0] == home_imps[1]
            net += home_imps[0]
        assert net == score.home_imps - score.away_imps
    board_2 = matches[1].findall("BOARD")[1].findall("TRAVELLER_LINE")
    assert [(_text(b, "CONTRACT"), _text(b, "SCORE")) for b in board_2] == [("PASS", "0"), ("2H", "-110")]
    assert _text(board_2[1], "LEAD") == "SK" and _text(board_2[1], "PLAYED_BY") == "W"
    board_1 = matches[1].findall("BOARD")[0].findall("TRAVELLER_LINE")
    assert _text(board_1[0], "SCORE") == "A60/40" and board_1[0].find("CONTRACT") is None  # L12C2


@pytest.mark.parametrize("export", [Event.pbn_scores, Event.usebio])
def test_no_finished_match_or_an_unfinished_one_is_refused(export: Callable[[Event], str]) -> None:
    write = export
    empty = Event("League", "teams", "round-robin", 4, 2, 4, "teams-export")
    with pytest.raises(TournamentError, match="no match is finished yet"):
        write(empty)
    one_room = empty.enter(Entry(1, 1, 1, "3NT", "N", 10)).enter(Entry(1, 1, 2, "4S", "E", 10))
    with pytest.raises(TournamentError, match=r"round 1, match 1 v 4 \(tables 1 and 2\) is not finished: board 1 "
                                              r"has no result in the closed room \(table 2\)"):  # fmt: skip
        write(one_room)
    half = league().enter(Entry(2, 2, 4, "2S", "N", 8))
    with pytest.raises(TournamentError, match="board 3 has no result in the open room"):
        write(half)


def test_usebio_reads_back_and_every_vp_is_reproduced() -> None:
    """Our USEBIO reader takes the teams file back (``contractbridge results``): each match's IMPs summed from
    the home team's line of its boards, its VPs, the teams' totals; recomputed on the WBF 2013 scale, no
    published number differs."""
    event = league()
    published = usebio.loads(event.usebio())
    assert [(m.round, m.table, m.home, m.away, m.imps, m.vp) for m in published.matches] == [
        (e.round, (e.table + 1) // 2, str(e.ns), str(e.ew), (m.home_imps, m.away_imps),
         (f"{m.vp[0]:.2f}", f"{m.vp[1]:.2f}"))
        for e, m in event.matches()
    ]  # fmt: skip
    again = recompute(published, boards_per_match=2)
    assert again.differences == ()
    assert [(s.id, s.total) for s in again.ranking] == [(s.id, s.total) for s in event.ranking()]
    line = "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER></TRAVELLER_LINE>"
    match = f"<ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>4</OPPOSING_TEAM><BOARD>{line}</BOARD>"
    with pytest.raises(TournamentError, match=r"match 1, board \?: the home team's line"):
        usebio.loads(f"<USEBIO><EVENT><MATCH>{match}</MATCH></EVENT></USEBIO>")
    with pytest.raises(TournamentError, match="match 1: ROUND_NUMBER, TEAM and OPPOSING_TEAM are required"):
        usebio.loads("<USEBIO><EVENT><MATCH><TEAM>1</TEAM></MATCH></EVENT></USEBIO>")
    for imps in ("--3", "\u00b2"):  # numbers int() refuses though str.isdigit takes "²": typed errors
        bad = line.replace("</EW_PAIR_NUMBER>", f"</EW_PAIR_NUMBER><DIRECTION>NS</DIRECTION><NS_SCORE_IMPS>{imps}"
                                                "</NS_SCORE_IMPS>")  # fmt: skip
        with pytest.raises(TournamentError, match="SCORE_IMPS are required"):
            usebio.loads(f"<USEBIO><EVENT><MATCH>{match.replace(line, bad)}</MATCH></EVENT></USEBIO>")
    with pytest.raises(TournamentError, match="ROUND_NUMBER, TEAM and OPPOSING_TEAM are required"):
        odd_round = match.replace(">1</ROUND", ">\u00b2</ROUND")
        usebio.loads(f"<USEBIO><EVENT><MATCH>{odd_round}</MATCH></EVENT></USEBIO>")
    with pytest.raises(TournamentError, match="is not a board number"):
        usebio.loads("<USEBIO><EVENT><BOARD><BOARD_NUMBER>\u00b2</BOARD_NUMBER></BOARD></EVENT></USEBIO>")


def test_rooms_on_different_forms_of_a_fouled_board_are_not_compared() -> None:
    """L87C, L86B2: a match's two rooms that played different forms of a fouled board are non-comparable results,
    so the second is refused (the Director awards adjusted scores: artificial, L12C2, when no contestant is at
    fault), and a file that holds them anyway is not scored."""
    empty = Event("League", "teams", "round-robin", 4, 2, 4, "teams-export")
    fouled = empty.enter(Entry(1, 1, 1, "3NT", "N", 10, fouled="b"))
    with pytest.raises(TournamentError, match=r"table 1\) played board 1 in another form \(b\).*L87C, L86B2"):
        fouled.enter(Entry(1, 2, 1, "3NT", "N", 9))
    same = fouled.enter(Entry(1, 2, 1, "3NT", "N", 9, fouled="b"))  # the same form: compared as usual
    assert same.enter(Entry(1, 1, 2, "4S", "E", 10)).enter(Entry(1, 2, 2, "4S", "E", 10)).pbn_scores()
    adjusted = fouled.enter(Entry(1, 2, 1, adjusted="A60/40", reason="fouled board (L86B2(a))"))
    assert adjusted.entries[-1].adjusted == "A60/40"
    forced = replace(fouled, entries=(*fouled.entries, Entry(1, 2, 1, "3NT", "N", 9)))  # as a hand-edited file
    with pytest.raises(TournamentError, match="different forms of a fouled board"):
        forced.matches()
