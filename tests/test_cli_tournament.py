"""``contractbridge results`` and ``contractbridge event`` (#23 items 4 and 5, CLI part)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app

runner = CliRunner()
MAGIC = "pbn/bridgetrainer_magiccontest_ffb_dn1_s1.pbn"


def test_results_reproduces_and_prints_the_ranking(corpus: Path) -> None:
    out = runner.invoke(app, ["results", str(corpus / "pbn/ruter_teams_butler_scoretable.pbn")])
    assert out.exit_code == 0, out.output
    assert "every published score, board result, total, percentage and rank is reproduced" in out.output
    assert "Kjell Aspestrand" in out.output


def test_results_json(corpus: Path) -> None:
    out = runner.invoke(app, ["results", str(corpus / MAGIC), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["form"] == "MatchPoints;MP1"
    first = data["boards"][0]
    assert first["board"] == 1
    row = first["results"][0]
    assert {k: row[k] for k in ("ns", "ew", "contract", "declarer", "tricks", "score_ns", "ns_points",
                                "ew_points")} == {"ns": "3", "ew": "42", "contract": "4S", "declarer": "S",
                                                  "tricks": 10, "score_ns": 420, "ns_points": 28.3,
                                                  "ew_points": 13.7}  # fmt: skip
    top = data["ranking"][0]
    assert {k: top[k] for k in ("id", "direction", "total", "percentage", "rank")} == {
        "id": "7", "direction": "EW", "total": 771.2, "percentage": 61.21, "rank": 1}  # fmt: skip
    assert [d["tie_break"] for d in data["differences"]] == [True]


def test_results_html_site_is_written_only_into_a_new_directory(corpus: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    out = runner.invoke(app, ["results", str(corpus / "pbn/ruter_individuals_scoretable_crlf.pbn"), "--html",
                              str(site)])  # fmt: skip
    assert out.exit_code == 0, out.output
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Rolf Sjødal" in index and 'href="board-1.html"' in index
    assert "contractbridge-diagram" in (site / "board-1.html").read_text(encoding="utf-8")
    assert "Opponents" in (site / "card-3.html").read_text(encoding="utf-8")
    before = sorted(p.name for p in site.iterdir())
    again = runner.invoke(app, ["results", str(corpus / "pbn/ruter_individuals_scoretable_crlf.pbn"), "--html",
                                str(site)])  # fmt: skip
    assert again.exit_code == 2 and "not an empty directory" in again.output
    assert sorted(p.name for p in site.iterdir()) == before


def test_results_refuses_a_file_without_score_tables(corpus: Path) -> None:
    out = runner.invoke(app, ["results", str(corpus / "pbn/ben_camrose24_bridgecomposer_dd.pbn")])
    assert out.exit_code == 2 and "no ScoreTable" in out.output


def _run(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def test_a_club_evening(tmp_path: Path) -> None:
    event = tmp_path / "tuesday.json"
    printed = _run("event", "create", str(event), "--movement", "mitchell", "--tables", "3", "--boards-per-round",
                   "1", "--name", "Tuesday", "--seed", "42")  # fmt: skip
    assert "round 1: T1 1-4: 1-1" in printed
    refused = runner.invoke(app, ["event", "create", str(event)])
    assert refused.exit_code == 2 and "exists" in refused.output
    _run("event", "names", str(event), "1", "Ann Smith - Bo Lee")
    card = _run("event", "movement", str(event), "--pair", "4")
    assert "EW" in card
    # round 1: T1 1-4 board 1, T2 2-5 board 2, T3 3-6 board 3; round 2: boards move down, EW up
    for table, board, contract, declarer, tricks in ((1, 1, "4S", "N", 10), (2, 2, "3NT", "S", 9),
                                                       (3, 3, "2H", "E", 8)):  # fmt: skip
        _run("event", "result", str(event), "--round", "1", "--table", str(table), "--board", str(board), contract,
             declarer, "--tricks", str(tricks))  # fmt: skip
    for table, board, contract, declarer, tricks in ((1, 2, "3NT", "S", 10), (2, 3, "2H", "E", 7),
                                                       (3, 1, "4S", "N", 9)):  # fmt: skip
        _run("event", "result", str(event), "--round", "2", "--table", str(table), "--board", str(board), contract,
             declarer, "--tricks", str(tricks))  # fmt: skip
    _run("event", "result", str(event), "--round", "3", "--table", "1", "--board", "3", "--adjusted", "A60/40",
         "--reason", "fouled board withdrawn (L87)")  # fmt: skip
    saved = event.read_text(encoding="utf-8")
    for args, message in (
        (["--round", "3", "--table", "1", "--board", "1", "4S", "N", "--tricks", "10"], "not played there"),
        (["--round", "1", "--table", "1", "--board", "1", "4S", "N", "--tricks", "10"], "already entered"),
        (["--round", "3", "--table", "2", "--board", "1", "4S", "N", "--tricks", "14"], "0 to 13"),
        (["--round", "3", "--table", "9", "--board", "1", "4S", "N", "--tricks", "9"], "tables 1 to 3"),
        (["--round", "3", "--table", "2", "--board", "1", "4Z", "N", "--tricks", "9"], "not a contract"),
    ):
        bad = runner.invoke(app, ["event", "result", str(event), *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output
        assert event.read_text(encoding="utf-8") == saved  # nothing changed
    traveller = _run("event", "travellers", str(event), "--board", "1")
    assert "Board 1" in traveller and "420" in traveller and "-50" in traveller  # 4S= and 4S-1 by N, none vul
    assert [line.split("│")[-3:-1] for line in traveller.splitlines() if "420" in line] == [[" 2.0 ", " 0.0 "]]
    assert "A60/40" in _run("event", "travellers", str(event), "--board", "3")  # the Director's score (L12C2)
    assert "not 9" in runner.invoke(app, ["event", "travellers", str(event), "--board", "9"]).output
    ranking = json.loads(_run("event", "rank", str(event), "--json"))
    assert {s["direction"] for s in ranking} == {"NS", "EW"}  # a Mitchell: NS and EW winners
    assert [s["names"] for s in ranking if s["id"] == "1"] == ["Ann Smith - Bo Lee"]
    exports = tmp_path / "out"
    exports.mkdir()
    _run("event", "export", str(event), "--pbn", str(exports / "r.pbn"), "--usebio", str(exports / "r.xml"))
    assert "[ScoreTable" in (exports / "r.pbn").read_text(encoding="utf-8")
    checked = _run("results", str(exports / "r.pbn"))
    assert "is reproduced" in checked
    checked = _run("results", str(exports / "r.xml"))
    assert "is reproduced" in checked
    pytest.importorskip("endplay")
    _run("event", "export", str(event), "--hands", str(exports / "hands.html"), "--html", str(exports / "site"))
    sheet = (exports / "hands.html").read_text(encoding="utf-8")
    assert sheet.count('class="board"') == 3 and "Par NS" in sheet
    assert 'class="dd"' in (exports / "site" / "board-1.html").read_text(encoding="utf-8")
    if importlib.util.find_spec("matplotlib") is not None:  # the plot extra: a pair's percentage by round
        assert (exports / "site" / "card-1.png").read_bytes().startswith(b"\x89PNG")
        assert 'src="card-1.png"' in (exports / "site" / "card-1.html").read_text(encoding="utf-8")
    again = runner.invoke(app, ["event", "export", str(event), "--pbn", str(exports / "r.pbn")])
    assert again.exit_code == 2 and "exists" in again.output


def test_an_event_plays_the_deals_of_a_pbn_file(tmp_path: Path) -> None:
    """``event create --boards FILE.pbn``: the event's boards are the file's (deal, dealer, vulnerability, L2),
    kept in the event file; a file without every board of the movement is refused and nothing is written."""
    from contractbridge.tournament.event import Event
    from contractbridge.tournament.handrecords import deal_boards

    dealt = deal_boards(3, "from a file")
    pbn = tmp_path / "boards.pbn"
    pbn.write_text("".join(f'[Board "{b.number}"]\n[Dealer "{b.dealer.letter}"]\n[Vulnerable "{b.vulnerability.pbn}"]\n'
                           f'[Deal "{b.deal.to_pbn()}"]\n\n' for b in dealt), encoding="utf-8")  # fmt: skip
    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--boards", str(pbn))
    assert Event.from_json(event.read_text(encoding="utf-8")).boards == dealt
    short = runner.invoke(app, ["event", "create", str(tmp_path / "f.json"), "--tables", "3", "--boards", str(pbn)])
    assert short.exit_code == 2 and "no board 4, 5, 6" in short.output and not (tmp_path / "f.json").exists()


def test_a_teams_round_robin_from_the_command_line(tmp_path: Path) -> None:
    event = tmp_path / "league.json"
    printed = _run("event", "create", str(event), "--form", "teams", "--movement", "round-robin", "--teams", "4",
                   "--boards-per-round", "1")  # fmt: skip
    assert "round 1: T1 1-4: 1-1; T2 4-1: 1-1" in printed  # the match at two tables, one board set
    assert json.loads(event.read_text(encoding="utf-8"))["name"] == "Club teams"  # not "Club pairs"
    _run("event", "result", str(event), "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "-t", "10")
    _run("event", "result", str(event), "--round", "1", "--table", "2", "--board", "1", "3NT", "N", "-t", "9")
    ranking = json.loads(_run("event", "rank", str(event), "--json"))
    assert [(s["id"], s["total"]) for s in ranking] == [("1", 11.2), ("4", 8.8)]  # 430 v 400: 1 IMP on 1 board
    # the teams event exports as PBN and USEBIO like a pairs event (#28 teamexport), each target new
    _run("event", "export", str(event), "--pbn", str(tmp_path / "r.pbn"), "--usebio", str(tmp_path / "r.xml"))
    text = (tmp_path / "r.pbn").read_text(encoding="utf-8")
    assert '[Competition "Teams"]' in text and re.search(r'^1 1 1 4 "1,1,0\|200,1,0" +11\.20 +8\.80$', text, re.M)
    assert "<TEAM_SCORE>11.20</TEAM_SCORE>" in (tmp_path / "r.xml").read_text(encoding="utf-8")
    checked = _run("results", str(tmp_path / "r.pbn"), "--boards", "1")  # our file read back: VPs reproduced
    assert "is reproduced" in checked, checked
    again = runner.invoke(app, ["event", "export", str(event), "--pbn", str(tmp_path / "r.pbn")])
    assert again.exit_code == 2 and (tmp_path / "r.pbn").read_text(encoding="utf-8") == text  # never replaced
    # a match begun and not finished is refused with the room named, and nothing is written
    _run("event", "result", str(event), "--round", "2", "--table", "1", "--board", "2", "4S", "S", "-t", "10")
    unfinished = runner.invoke(app, ["event", "export", str(event), "--usebio", str(tmp_path / "s.xml")])
    assert unfinished.exit_code == 2 and "not finished: board 2 has no result in the closed room (table 2)" in (
        unfinished.output
    )
    assert not (tmp_path / "s.xml").exists()


def test_the_director_corrects_a_result_and_adjusts_one_already_entered(tmp_path: Path) -> None:
    """A mis-entered result is corrected (L79C) and a table's result replaced by the Director's adjusted score
    (L12C2, with its reason, L81C8) with ``event result --correct``; the replaced results stay in the file, and
    without --correct a second result, or a correction of nothing, is refused and nothing changes."""
    from contractbridge.tournament.event import Event

    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    where = ["--round", "1", "--table", "1", "--board", "1"]
    _run("event", "result", str(event), *where, "4S", "N", "-t", "9")
    _run("event", "result", str(event), "--round", "1", "--table", "2", "--board", "2", "3NT", "S", "-t", "9")
    _run("event", "result", str(event), "--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "10")
    saved = event.read_text(encoding="utf-8")
    for args, message in (
        ([*where, "4S", "N", "-t", "10"], "--correct"),
        (["--round", "1", "--table", "3", "--board", "3", "2H", "E", "-t", "8", "--correct"], "no result"),
        ([*where, "--adjusted", "A60/40", "--correct"], "reason"),
    ):
        bad = runner.invoke(app, ["event", "result", str(event), *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output
        assert event.read_text(encoding="utf-8") == saved
    fixed = _run("event", "result", str(event), *where, "4S", "N", "-t", "10", "--correct")
    assert "4S N 9 tricks replaced by 4S N 10 tricks" in fixed and "NS +420" in fixed  # board 1: none vul (L2)
    loaded = Event.from_json(event.read_text(encoding="utf-8"))
    assert [(e.board, e.tricks) for e in loaded.entries] == [(1, 10), (2, 9), (1, 10)]
    assert [(e.board, e.tricks) for e in loaded.replaced] == [(1, 9)]
    _run("event", "result", str(event), *where, "--adjusted", "A40/60", "--reason", "misinformation (L21B)",
         "--correct")  # fmt: skip
    loaded = Event.from_json(event.read_text(encoding="utf-8"))
    assert [e.tricks for e in loaded.replaced] == [9, 10] and loaded.entries[0].adjusted == "A40/60"
    ranking = {s["id"]: s["percentage"] for s in json.loads(_run("event", "rank", str(event), "--json"))}
    assert ranking["1"] == 40.0 and ranking["4"] == 60.0  # their board 1 alone: pair 1 NS, pair 4 EW (L12C2)


@pytest.mark.usefixtures("quick_robots")  # the log and the entry, not the robots' play
def test_a_board_played_at_the_terminal_is_entered_from_its_log(tmp_path: Path) -> None:
    """``play --deals EVENT --board N --log LOG`` plays the event's board; ``event result --log LOG`` enters its
    contract, declarer, tricks and lead (L77 scored), and refuses another board's log or an unfinished one."""
    from contractbridge.eventlog import read_table
    from contractbridge.tournament.event import Event

    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "3")
    log = tmp_path / "b2.jsonl"
    _run("play", "--deals", str(event), "--board", "2", "--robot-seats", "NESW", "--log", str(log))
    played = read_table(log)
    result = played.result
    assert result is not None and played.board == Event.from_json(event.read_text(encoding="utf-8")).boards[1]
    saved = event.read_text(encoding="utf-8")
    unfinished = tmp_path / "part.jsonl"
    unfinished.write_text(log.read_text(encoding="utf-8").splitlines(keepends=True)[0], encoding="utf-8")
    for args, message in ((["--board", "3", "--log", str(log)], "is not the event's board 3"),
                          (["--board", "2", "--log", str(unfinished)], "not finished"),
                          (["--board", "2", "--log", str(event)], "not a board's event log"),
                          (["--board", "2", "--log", str(log), "4S", "N"], "one")):  # fmt: skip
        bad = runner.invoke(app, ["event", "result", str(event), "--round", "1", "--table", "2", *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output
        assert event.read_text(encoding="utf-8") == saved
    entered = _run("event", "result", str(event), "--round", "1", "--table", "2", "--board", "2", "--log", str(log))
    (entry,) = Event.from_json(event.read_text(encoding="utf-8")).entries
    if result.contract is None:
        assert entry.contract == "pass"
    else:
        assert (entry.contract, entry.declarer, entry.tricks) == (str(result.contract), result.declarer and
                                                                  result.declarer.letter, result.tricks)  # fmt: skip
        assert entry.lead == str(played.tricks[0].cards[0]) and "(L77)" in entered


def test_the_opening_lead_is_a_card_of_the_hand_on_declarers_left(tmp_path: Path) -> None:
    """L41A: the player on declarer's left leads; ``event result --lead`` takes a card that hand holds on the
    event's board (written SK whatever the entry: ``hk``, ``♥K``) and refuses a misread one, changing nothing."""
    from contractbridge.cards import Seat
    from contractbridge.tournament.event import Event

    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    board = Event.from_json(event.read_text(encoding="utf-8")).board(1)
    east, west = board.deal[Seat.EAST], board.deal[Seat.WEST]
    where = ["--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10"]
    for lead, message in (("ZZ", "not a card"), (str(min(west)), "not in East's hand (L41A")):
        bad = runner.invoke(app, ["event", "result", str(event), *where, "--lead", lead])
        assert bad.exit_code == 2 and message in bad.output, bad.output
        assert not Event.from_json(event.read_text(encoding="utf-8")).entries
    card = min(east)
    _run("event", "result", str(event), *where, "--lead", str(card).lower())
    assert Event.from_json(event.read_text(encoding="utf-8")).entries[0].lead == str(card)
    passed = ["--round", "1", "--table", "2", "--board", "2", "pass", "--lead", str(card)]
    refused = runner.invoke(app, ["event", "result", str(event), *passed])
    assert refused.exit_code == 2 and "with a contract and its declarer only" in refused.output


def test_an_average_plus_is_the_pairs_session_score_when_better(tmp_path: Path) -> None:
    """L12C2(c): pair 1 topped both its other boards; the Director's A60/40 on board 3 gives it 100 %, not 60 %,
    on the traveller, the ranking and the published PBN, which ``contractbridge results`` reproduces."""
    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    for round_number, table, board, tricks in ((1, 1, 1, 10), (2, 3, 1, 9), (3, 2, 1, 9), (1, 2, 2, 9),
                                               (2, 1, 2, 10), (3, 3, 2, 9), (1, 3, 3, 10), (2, 2, 3, 10)):  # fmt: skip
        _run("event", "result", str(event), "--round", str(round_number), "--table", str(table), "--board",
             str(board), "4S", "N", "-t", str(tricks))  # fmt: skip
    _run("event", "result", str(event), "--round", "3", "--table", "1", "--board", "3", "--adjusted", "A60/40",
         "--reason", "EW's misinformation (L21B)")  # fmt: skip
    traveller = _run("event", "travellers", str(event), "--board", "3")
    assert [line.split("│")[-3:-1] for line in traveller.splitlines() if "A60/40" in line] == [[" 4.0 ", " 1.6 "]]
    ranking = {s["id"]: s["percentage"] for s in json.loads(_run("event", "rank", str(event), "--json"))}
    assert ranking["1"] == 100.0
    _run("event", "export", str(event), "--pbn", str(tmp_path / "r.pbn"))
    assert "is reproduced" in _run("results", str(tmp_path / "r.pbn"))


def test_a_fouled_board_s_forms_are_compared_apart(tmp_path: Path) -> None:
    """L87B: ``event result --fouled b``: the table that played form b is compared with no other (Neuberg's
    average for a lone result); the two tables of the correct form are compared with each other."""
    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    _run("event", "result", str(event), "--round", "1", "--table", "1", "--board", "1", "4S", "N", "-t", "10")
    _run("event", "result", str(event), "--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "9")
    _run("event", "result", str(event), "--round", "3", "--table", "2", "--board", "1", "3NT", "S", "-t", "9",
         "--fouled", "b")  # fmt: skip
    rows = [line.split("│")[-3:-1] for line in _run("event", "travellers", str(event)).splitlines() if "│ " in line]
    assert rows == [[" 3.5 ", " 0.5 "], [" 0.5 ", " 3.5 "], [" 2.0 ", " 2.0 "]]  # 420 > -50; 400 alone (form b)


def test_nothing_to_publish_before_any_result(tmp_path: Path) -> None:
    """``export`` of the results before any is entered is refused and writes nothing (a results file without a
    ScoreTable that ``results`` cannot read); the hand records may be printed before play. Blank names too."""
    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3")
    refused = runner.invoke(app, ["event", "export", str(event), "--pbn", str(tmp_path / "r.pbn")])
    assert refused.exit_code == 2 and "no results entered yet" in refused.output and not (tmp_path / "r.pbn").exists()
    _run("event", "export", str(event), "--hands", str(tmp_path / "hands.pbn"))
    assert '[Board "1"]' in (tmp_path / "hands.pbn").read_text(encoding="utf-8")
    assert "no results entered yet" in _run("event", "rank", str(event))  # not an empty table
    blank = runner.invoke(app, ["event", "names", str(event), "1", " "])
    assert blank.exit_code == 2 and "give the players' names" in blank.output


def test_an_event_file_with_an_older_unchecked_lead_still_reads(tmp_path: Path) -> None:
    """Results recorded before the lead was checked are read as they are: the file is never made unreadable."""
    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    data = json.loads(event.read_text(encoding="utf-8"))
    data["results"] = [{"round": 1, "table": 1, "board": 1, "contract": "4S", "declarer": "N", "tricks": 10,
                        "lead": "ZZ"}]  # fmt: skip
    event.write_text(json.dumps(data), encoding="utf-8")
    assert "Board 1" in _run("event", "travellers", str(event)) and "ZZ" in _run("event", "travellers", str(event))
    _run("event", "result", str(event), "--round", "2", "--table", "3", "--board", "1", "4S", "N", "-t", "9")


def test_a_correction_keeps_the_lead_and_a_claim_in_trick_one_keeps_the_lead(tmp_path: Path) -> None:
    """L79C: ``--correct`` of the tricks keeps the lead entered with the same contract and declarer (another
    contract drops it); ``--log`` of a board claimed in trick 1 enters the faced lead (L41A, L68); a board the
    event does not play and a blank fouled form are refused with a message, the file unchanged (L8, L87A)."""
    from contractbridge.cards import Seat
    from contractbridge.eventlog import EventLog
    from contractbridge.table import Table
    from contractbridge.tournament.event import Event

    event = tmp_path / "e.json"
    _run("event", "create", str(event), "--tables", "3", "--boards-per-round", "1", "--seed", "7")
    east = Event.from_json(event.read_text(encoding="utf-8")).board(1).deal[Seat.EAST]
    where = ["--round", "1", "--table", "1", "--board", "1"]
    _run("event", "result", str(event), *where, "4S", "N", "-t", "9", "--lead", str(min(east)))
    _run("event", "result", str(event), *where, "4S", "N", "-t", "10", "--correct")
    assert Event.from_json(event.read_text(encoding="utf-8")).entries[0].lead == str(min(east))
    _run("event", "result", str(event), *where, "3NT", "N", "-t", "9", "--correct")
    assert Event.from_json(event.read_text(encoding="utf-8")).entries[0].lead is None

    board = Event.from_json(event.read_text(encoding="utf-8")).board(2)
    table = Table(board)
    for call in ("1NT", "P", "P", "P"):
        table.call(call)
    lead = min(table.legal_cards())
    table.play(lead)
    declarer = table.declarer
    assert declarer is not None
    table.claim(declarer, 7, "cashing out")
    for seat in (declarer.lho, declarer.rho):
        table.agree(seat)
    log = tmp_path / "b2.jsonl"
    EventLog.create(log, table).close()
    saved = event.read_text(encoding="utf-8")
    for args, message in ((["--board", "99", "--log", str(log)], "not 99"),
                          (["--board", "2", "3NT", "S", "-t", "9", "--fouled", " "], "not a blank")):  # fmt: skip
        bad = runner.invoke(app, ["event", "result", str(event), "--round", "1", "--table", "2", *args])
        assert bad.exit_code == 2 and message in bad.output, bad.output
        assert event.read_text(encoding="utf-8") == saved
    _run("event", "result", str(event), "--round", "1", "--table", "2", "--board", "2", "--log", str(log))
    entry = Event.from_json(event.read_text(encoding="utf-8")).entries[-1]
    assert (entry.contract, entry.tricks, entry.lead) == ("1NT", 7, str(lead))


def test_an_adjusted_score_without_a_reason_is_refused_by_the_event() -> None:
    """L12C2 with L81C8: a new artificial score carries the Director's reason, whoever enters it (CLI, web)."""
    from contractbridge.errors import TournamentError
    from contractbridge.tournament.event import Entry, Event

    event = Event("club", "matchpoints", "mitchell", 3, 1, 6, "7")
    with pytest.raises(TournamentError, match="needs the Director's reason"):
        event.enter(Entry(1, 1, 1, adjusted="A60/40", reason=" "), lead=True)
    assert event.enter(Entry(1, 1, 1, adjusted="A60/40", reason="slow play"), lead=True).entries
