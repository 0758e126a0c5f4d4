"""Adjusted scores in a team match and the events' consistency (#23 closing note, "Events:"): one rule for a
board's IMPs (``results.board_imps``) read by the match, ``Event.scored()``, the site and the exports (an
artificial score's ±3 in both rooms, L12C2(b)); assigned scores IMPed outcome by outcome against the other
room and weighted (L86B1, L12C1(c)), the better of average-plus for the non-offending side (L86B2(b)); total
points (L78C); assigned scores written into PBN and USEBIO and read back by ``results`` without a difference;
a USEBIO match numbered as PBN numbers it; a teams summary's boards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.deal import Vulnerability
from contractbridge.errors import TournamentError
from contractbridge.formats import pbn
from contractbridge.scoring import compare
from contractbridge.tournament import usebio
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.pbn_scores import read_published, recompute
from contractbridge.tournament.results import (
    BUTLER_RUTER,
    Form,
    Method,
    TableResult,
    parse_assigned,
    parse_assigned_cell,
    score_board,
)
from contractbridge.tournament.site import traveller_rows

runner = CliRunner()
WEIGHTED = "3NT N = 60% + 3NT N -1 40%"  # board 1, none vulnerable: +400 60 %, -50 40 %


def league() -> Event:
    """Four teams, two boards a round (round 1: 1 v 4 at tables 1–2, 2 v 3 at tables 3–4; boards 1 and 2)."""
    return Event("League", "teams", "round-robin", 4, 2, 4, "teams-export")


def club(form: str = "matchpoints") -> Event:
    """A three-table Mitchell's board 1 (none vulnerable): 4S= by N (+420), 3NT= by S (+400), and the third
    table's result replaced by the Director's weighted assigned score, 2/3 of 4S= and 1/3 of 4S-1 (L12C1(c))."""
    weighted = Entry(3, 2, 1, assigned="4S N = 2/3 + 4S N -1 1/3", reason="UI")
    return enter(Event("Club", form, "mitchell", 3, 1, 6, "7"), Entry(1, 1, 1, "4S", "N", 10),
                 Entry(2, 3, 1, "3NT", "S", 9), weighted)  # fmt: skip


def enter(event: Event, *entries: Entry) -> Event:
    for entry in entries:
        event = event.enter(entry)
    return event


def rooms(event: Event, board: int) -> dict[int, tuple[float | None, float | None]]:
    """Each room's (NS, EW) IMPs on ``board`` as ``scored()`` has them, by table."""
    return {s.result.table or 0: (s.ns, s.ew) for b, scored in event.scored() if b.number == board for s in scored}


def test_an_artificial_score_is_the_matchs_plus_3_in_both_rooms_everywhere() -> None:
    """L12C2(b): the open room cannot play board 1 (A60/40: home, NS there, in no way at fault), the closed room
    plays 1NT= by S. The board is the match's +3 IMP for the home team, and every view shows it from each room's
    NS side (as for a board both rooms played): the travellers and site (not 0 in the played room), PBN, USEBIO."""
    event = enter(league(), Entry(1, 3, 1, adjusted="A60/40", reason="slow play"), Entry(1, 4, 1, "1NT", "S", 7),
                  Entry(1, 3, 2, "4S", "E", 10), Entry(1, 4, 2, "4S", "E", 10))  # fmt: skip
    [match] = [m for e, m in event.matches() if e.table == 3]
    assert dict(match.boards)[1] == 3
    assert rooms(event, 1)[3] == (3, -3) and rooms(event, 1)[4] == (-3, 3)  # home team EW in the closed room
    [(_, scored)] = [(b, s) for b, s in event.scored() if b.number == 1]
    shown = {row[0]: row[-2:] for row in traveller_rows(scored, event.scoring)}
    assert shown == {"3": ["3", "-3"], "4": ["-3", "3"]}
    assert "<td>-3</td><td>3</td>" in str(event.site()["board-1.html"])
    published = read_published(pbn.PbnFile(pbn.loads(event.pbn_scores())))
    [board] = [b for b in published.boards if b.number == 1]
    assert {r.result.table: (r.points["2"], r.points["3"]) for r in board.rows} == {3: ("3", "-3"), 4: ("3", "-3")}
    xml = ET.fromstring(event.usebio())
    lines = [x for x in xml.iter("TRAVELLER_LINE") if x.findtext("TABLE_NUMBER") in ("3", "4")][:2]
    assert [(x.findtext("NS_SCORE_IMPS"), x.findtext("EW_SCORE_IMPS")) for x in lines] == [("3", "-3"), ("-3", "3")]


def test_a_weighted_assigned_score_is_imped_outcome_by_outcome_then_weighted() -> None:
    """L86B1, L12C1(c): the closed room's result is replaced by the Director's weighted assigned score; each
    outcome is IMPed against the open room's +430 and the IMPs weighted (the digest: the weighted mean computed
    in the event's scoring unit): 60 % × 1 + 40 % × 10 = 4.6 IMPs, not the IMPs of the weighted mean score (+220:
    5). Shown to the hundredth in both rooms, the match's margin and VPs from it."""
    event = enter(league(), Entry(1, 1, 1, "3NT", "N", 10), Entry(1, 2, 1, assigned=WEIGHTED, reason="UI (L16B)"),
                  Entry(1, 1, 2, "4S", "E", 10), Entry(1, 2, 2, "4S", "E", 8))  # fmt: skip
    expected = Fraction(3, 5) * compare.imps(430 - 400) + Fraction(2, 5) * compare.imps(430 + 50)
    assert expected == Fraction(23, 5) and compare.imps(430 - (Fraction(3, 5) * 400 - Fraction(2, 5) * 50)) == 5
    [(_, match)] = [(e, m) for e, m in event.matches() if e.table == 1]
    board_2 = compare.imps(-420 - 100)  # 4S= by E (EW not vulnerable) against 4S-2 by E: the visitors' +520
    assert dict(match.boards) == {1: 4.6, 2: board_2}
    assert (match.home_imps, match.away_imps) == (4.6, -board_2)
    assert match.vp == compare.victory_points(4.6 + board_2, 2, True)
    assert rooms(event, 1) == {1: (4.6, -4.6), 2: (-4.6, 4.6)}
    [(_, scored)] = [(b, s) for b, s in event.scored() if b.number == 1]
    assert [row[-2:] for row in traveller_rows(scored, event.scoring)] == [["4.60", "-4.60"], ["-4.60", "4.60"]]
    assert "+400 60% + -50 40%" in traveller_rows(scored, event.scoring)[1][3]
    text = event.pbn_scores()
    assert board_2 == -11 and '"1,4.60,11|200,4.60,11"' in text
    for published in (read_published(pbn.PbnFile(pbn.loads(text))), usebio.loads(event.usebio())):
        [played] = [m for m in published.matches if m.imps is not None]
        assert played.imps == (4.6, 11)
        again = recompute(published, boards_per_match=2)
        assert again.differences == ()
        assert [(s.id, s.total) for s in again.ranking if s.boards] == [(s.id, s.total) for s in event.ranking()]


def test_l86b2b_the_non_offending_side_gets_the_better_of_average_plus_and_the_assigned_score() -> None:
    """TV49 (L86B2(b)): the visitors (NS in the closed room) fouled board 1 there; the Director assigns 4S= by S
    (+420 for them) against the open room's 4H+1 by N (+450): the home team would get +1 IMP, average-plus +3:
    it gets +3 and the visitors the complement. Assigned 4S-2 instead: +11 is the better. With the home team at
    fault (EW in the closed room) the visitors get the better of +3 and their −1: +3."""
    base = enter(league(), Entry(1, 1, 1, "4H", "N", 11), Entry(1, 1, 2, "4S", "E", 10),
                 Entry(1, 2, 2, "4S", "E", 10))  # fmt: skip
    for assigned, fault, home in (("4S S =", "NS", 3), ("4S S -2", "NS", 11), ("4S S =", "EW", -3),
                                  ("4S S =", None, 1)):  # fmt: skip
        event = base.enter(Entry(1, 2, 1, assigned=assigned, reason="fouled board (L87C)", at_fault=fault))
        [(_, match)] = [(e, m) for e, m in event.matches() if e.table == 1]
        assert dict(match.boards)[1] == home, (assigned, fault)
        assert rooms(event, 1)[2] == (-home, home)
    kept = Event.from_json(event.to_json())
    assert kept.entries[-1].at_fault is None and kept.scored() == event.scored()
    faulted = base.enter(Entry(1, 2, 1, assigned="4S S =", reason="r", at_fault="NS"))
    assert Event.from_json(faulted.to_json()).entries[-1].at_fault == "NS"
    assert "NS at fault" in str(faulted.entries[-1])


def test_adjusted_scores_a_team_match_cannot_compare_are_refused() -> None:
    """A split score (L12C1(b): the board is one comparison, L78B); an assigned score beside another adjusted
    score in the other room, either order (L86B2: the Director's artificial scores); the side at fault outside a
    team match or without an assigned score. Each refused, typed, with the place; nothing entered."""
    event = league()
    cases = [
        ((), Entry(1, 1, 1, assigned="3NT N =", assigned_ew="3NT N -1", reason="r"), "split assigned score"),
        ((Entry(1, 1, 1, adjusted="A60/40", reason="r"),), Entry(1, 2, 1, assigned="3NT N =", reason="r"),
         r"table 1\) has an adjusted score too"),
        ((Entry(1, 1, 1, assigned="3NT N =", reason="r"),), Entry(1, 2, 1, adjusted="A40/60", reason="r"),
         r"table 1\) has an adjusted score too"),
        ((), Entry(1, 1, 1, "3NT", "N", 9, at_fault="NS"), "side at fault is NS or EW, given with an assigned"),
        ((), Entry(1, 1, 1, assigned="3NT N =", reason="r", at_fault="N"), "side at fault is NS or EW"),
    ]  # fmt: skip
    for before, entry, message in cases:
        start = enter(event, *before)
        with pytest.raises(TournamentError, match=message):
            start.enter(entry)
    pairs = Event("Club", "matchpoints", "mitchell", 3, 1, 6, "7")
    with pytest.raises(TournamentError, match=r"round 3, table 2, board 1: the side at fault .* team match"):
        pairs.enter(Entry(3, 2, 1, assigned="4S N =", reason="r", at_fault="NS"))
    both = enter(event, Entry(1, 1, 1, adjusted="A60/40", reason="r"), Entry(1, 2, 1, adjusted="A60/40", reason="r"))
    assert dict(both.matches()[0][1].boards) == {1: 0}  # two artificial scores: +3 and −3 to the home team


def test_at_fault_at_the_command_line(tmp_path: Path) -> None:
    file = tmp_path / "league.json"
    assert runner.invoke(app, ["event", "create", str(file), "--form", "teams", "--movement", "round-robin",
                               "--teams", "4", "--seed", "teams-export"]).exit_code == 0  # fmt: skip
    where = ["--round", "1", "--board", "1"]
    played = runner.invoke(app, ["event", "result", str(file), *where, "--table", "1", "4H", "N", "-t", "11"])
    assert played.exit_code == 0, played.output
    saved = file.read_text(encoding="utf-8")
    for args, message in ((["4S", "S", "-t", "10", "--at-fault", "NS"], "--at-fault names the side"),
                          (["--assigned", "4S S =", "--reason", "r", "--at-fault", "N"], "--at-fault is NS or EW"),
                          (["--assigned-ns", "4S S =", "--assigned-ew", "4S S -1", "--reason", "r"],
                           "split assigned score")):  # fmt: skip
        bad = runner.invoke(app, ["event", "result", str(file), *where, "--table", "2", *args])
        assert bad.exit_code == 2 and message in bad.output and "Traceback" not in bad.output, bad.output
        assert file.read_text(encoding="utf-8") == saved
    good = runner.invoke(app, ["event", "result", str(file), *where, "--table", "2", "--assigned", "4S S =",
                               "--reason", "fouled board", "--at-fault", "ns"])  # fmt: skip
    assert good.exit_code == 0, good.output
    event = Event.from_json(file.read_text(encoding="utf-8"))
    assert event.entries[-1].at_fault == "NS"
    travellers = runner.invoke(app, ["event", "travellers", str(file), "--board", "1"])
    assert travellers.exit_code == 0 and "4S S =" not in travellers.output  # shown as the Director's NS scores
    assert "+420" in travellers.output


def test_total_points_score_an_assigned_score_l78c() -> None:
    """L78C, L12C1(c): at total points an assigned score is its weighted total: 2/3 × +420 + 1/3 × −50 = +263⅓;
    a split score's sides each their own (L12C1(b))."""
    total = Form(method=Method.TOTAL_POINTS, name="total points", decimals=0)
    nv = Vulnerability.NONE
    weighted = parse_assigned("4S N = 2/3 + 4S N -1 1/3", nv)
    results = [TableResult(1, ("1",), ("4",), assigned=weighted),
               TableResult(1, ("3",), ("5",), assigned=parse_assigned("4S N =", nv),
                           assigned_ew=parse_assigned("4S N -1", nv))]  # fmt: skip
    scored = score_board(results, nv, total)
    assert (scored[0].ns, scored[0].ew) == (float(Fraction(790, 3)), -float(Fraction(790, 3)))
    assert (scored[1].ns, scored[1].ew) == (420.0, 50.0)


@pytest.mark.parametrize("form", ["matchpoints", "cross-imps", "butler"])
def test_pairs_exports_carry_assigned_scores_and_read_back_without_a_difference(form: str) -> None:
    """The PBN ``Assigned``/``Assigned_EW`` cells and USEBIO ``ASSIGNED_SCORE``/``ASSIGNED_SCORE_EW`` hold each
    outcome's NS score with its exact weight, so ``results`` re-scores the row as the event did (L12C1)."""
    event = club(form)
    split = event.enter(Entry(3, 2, 1, assigned="4S N =", assigned_ew="4S N -1", reason="L12C1(b)"), correct=True)
    for e in (event, split):
        text = e.pbn_scores()
        assert ";Assigned\\" in text and (";Assigned_EW\\" in text) == (e is split)
        for published in (read_published(pbn.PbnFile(pbn.loads(text))), usebio.loads(e.usebio())):
            [row] = [r for b in published.boards for r in b.rows if r.result.assigned is not None]
            assert (row.result.assigned, row.result.assigned_ew) == (
                e.scored()[0][1][-1].result.assigned, e.scored()[0][1][-1].result.assigned_ew)  # fmt: skip
            assert recompute(published).differences == ()


def test_assigned_cells_read_exactly_and_refuse_what_is_not_one() -> None:
    nv = Vulnerability.NONE
    assert parse_assigned_cell("+420 2/3 + -50 1/3") == parse_assigned("4S N = 2/3 + 4S N -1 1/3", nv)
    assert parse_assigned_cell("-50") == parse_assigned("4S N -1", nv)
    for bad in ("420 1/0", "+420 2/3", "x", "+420 1/2 + -50", "+420 ²/3"):
        with pytest.raises(TournamentError, match="assigned score"):
            parse_assigned_cell(bad)
    event = club("butler")
    text = event.pbn_scores().replace('"+420 2/3 + -50 1/3"', '"+420 2/3 + -50"')
    with pytest.raises(TournamentError, match=r"board 1, ScoreTable row 3: assigned score '\+420 2/3 \+ -50' is not"):
        read_published(pbn.PbnFile(pbn.loads(text)))
    xml = event.usebio().replace("+420 2/3 + -50 1/3", "+420 2/3")
    with pytest.raises(TournamentError, match="board 1, traveller line 3: assigned score '\\+420 2/3' is not"):
        usebio.loads(xml)
    assert BUTLER_RUTER.method is Method.BUTLER


def test_a_usebio_match_is_numbered_as_pbn_numbers_it_when_a_round_is_part_played(tmp_path: Path) -> None:
    """Round 2's first match (tables 1–2) not begun, its second (tables 3–4) played: both files call the second
    match 2 of round 2 (its open room at table 3), the USEBIO by its ``TABLE_NUMBER``; a file without table
    numbers falls back to the order of its matches. ``results`` shows each team's boards (matches × 2)."""
    event = enter(league(), Entry(1, 1, 1, "3NT", "N", 10), Entry(1, 2, 1, "3NT", "N", 9),
                  Entry(1, 1, 2, "4S", "E", 10), Entry(1, 2, 2, "4S", "E", 8),
                  Entry(1, 3, 1, "3NT", "N", 10), Entry(1, 4, 1, "3NT", "N", 9),
                  Entry(1, 3, 2, "4S", "E", 10), Entry(1, 4, 2, "4S", "E", 8),
                  Entry(2, 3, 3, "2S", "N", 8), Entry(2, 4, 3, "2S", "N", 9),
                  Entry(2, 3, 4, "1NT", "S", 7), Entry(2, 4, 4, "1NT", "S", 6))  # fmt: skip
    by_pbn = read_published(pbn.PbnFile(pbn.loads(event.pbn_scores())))
    xml = event.usebio()
    by_usebio = usebio.loads(xml)
    played = [(m.round, m.table, m.home, m.away, m.imps) for m in by_pbn.matches if m.imps is not None]
    assert (2, 2, "4", "2") in [p[:4] for p in played]
    assert [(m.round, m.table, m.home, m.away, m.imps) for m in by_usebio.matches] == played
    bare = ET.fromstring(xml)
    for line in bare.iter("TRAVELLER_LINE"):
        line.remove(line.find("TABLE_NUMBER"))  # type: ignore[arg-type]
    [later] = [m for m in usebio.loads(ET.tostring(bare)).matches if m.round == 2]
    assert later.table == 1  # no table numbers: its place among the round's matches in the file
    for name, text in (("r.pbn", event.pbn_scores()), ("r.xml", xml)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        out = runner.invoke(app, ["results", str(tmp_path / name), "--boards", "2", "--json"])
        assert out.exit_code == 0, out.output
        ranking = {s.id: s.boards for s in event.ranking()}
        assert recompute(by_pbn, boards_per_match=2).differences == ()
        table = runner.invoke(app, ["results", str(tmp_path / name), "--boards", "2"])
        assert table.exit_code == 0, table.output
        rows = [[c.strip() for c in line.strip("│").split("│")] for line in table.output.splitlines()
                if line.startswith("│")]  # fmt: skip
        assert {row[1]: int(row[-1]) for row in rows} == ranking == {"1": 2, "2": 4, "3": 2, "4": 4}  # not matches


def test_a_usebio_teams_file_gives_its_boards_a_match() -> None:
    """USEBIO's ``BOARDS_PER_ROUND`` is the boards a match: ``results`` needs no ``--boards`` for our file, where
    one finished match of two boards leaves several VP scales that fit (a PBN summary does not say: the one
    scale that fits, or ``--boards``)."""
    event = enter(league(), Entry(1, 1, 1, "3NT", "N", 10), Entry(1, 2, 1, "3NT", "N", 10),
                  Entry(1, 1, 2, "4S", "E", 10), Entry(1, 2, 2, "4S", "E", 10))  # fmt: skip
    published = usebio.loads(event.usebio())
    assert published.boards_per_match == 2
    again = recompute(published)
    assert again.boards_per_match == 2 and again.differences == ()
    assert {s.id: s.boards for s in again.ranking if s.boards} == {"1": 2, "4": 2}
    by_pbn = recompute(read_published(pbn.PbnFile(pbn.loads(event.pbn_scores()))))
    assert by_pbn.boards_per_match is None and by_pbn.differences[0].what == "boards per match"


def test_a_file_without_the_assigned_cell_says_so_in_the_recheck() -> None:
    """A file that gives points for a row it does not describe (another program's assigned score: PBN and USEBIO
    have no standard cell) is reported as such, with the reason, not only as differing totals."""
    text = club().pbn_scores()
    assert recompute(read_published(pbn.PbnFile(pbn.loads(text)))).differences == ()
    bare = re.sub(r' (-|"[^"]*")$', "", text.replace(';Assigned\\20L"]', '"]'), flags=re.M)  # its last column
    assert "Assigned" not in bare and "+420 2/3" not in bare
    found = recompute(read_published(pbn.PbnFile(pbn.loads(bare)))).differences
    [said] = [d for d in found if d.what == "result"]
    assert said.where.endswith("(2 v 6)") and "L12C1" in said.why
    assert "neither PBN nor USEBIO has a standard one" in said.why


def test_numbers_in_other_digits_are_typed_errors_or_not_compared() -> None:
    """A trick count "¹⁰" (``str.isdigit`` takes it, ``int`` does not) is refused with its row, typed; a rank so
    written is not compared (it is not a number)."""
    text = club().pbn_scores()
    with pytest.raises(TournamentError, match=r"board 1, ScoreTable row 1: the tricks '¹⁰' are not a number"):
        read_published(pbn.PbnFile(pbn.loads(text.replace(' 10 - "420"', ' ¹⁰ - "420"'))))
    odd_rank = recompute(read_published(pbn.PbnFile(pbn.loads(text.replace('1 - 1 "N-S"', '¹ - 1 "N-S"')))))
    assert [d for d in odd_rank.differences if (d.where, d.what) == ("ranking, 1", "rank")] == []
