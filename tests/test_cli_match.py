"""Issue #27 items 2–3: no command truncates a log; ``--resume`` continues a rubber (``play --rubber``,
``rubber-game``) and a match; ``play`` keeps its logs under the user's data directory and ends a match with a
summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.calls import PASS, Call
from contractbridge.cli import app, resume_alone
from contractbridge.deal import Board
from contractbridge.rubbergame import RubberSession

runner = CliRunner()


def _events(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_an_existing_rubber_log_is_refused_and_kept(tmp_path: Path) -> None:
    log = tmp_path / "rubber.jsonl"
    log.write_text("precious\n", encoding="utf-8")
    for args in (["play", "--rubber", "--robot-seats", "NESW"], ["rubber-game", "--seat", ""]):
        result = runner.invoke(app, [*args, "--log", str(log)])
        assert result.exit_code == 1 and "exists: continue it with --resume" in result.output
        assert log.read_text(encoding="utf-8") == "precious\n"


def test_a_rubber_quit_mid_hand_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Every call is in the rubber's log before it is shown; ``--resume`` continues the same hand (the calls
    made stay), appends to the same file, and a hand dealt after it is the seed's next one."""
    log = tmp_path / "rubber.jsonl"
    first = runner.invoke(app, ["rubber-game", "--seat", "S", "--seed", "4", "--log", str(log)], input="P\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Rubber stopped" in first.output and f"--resume {log}" in first.output
    before = _events(log)
    assert (
        before[0]["event"] == "rubber_session"
        and {"event": "call", "seat": "S", "call": "P"}.items()
        <= {k: v for e in before if e.get("seat") == "S" for k, v in e.items()}.items()
    )
    again = runner.invoke(app, ["play", "--rubber", "--seat", "S", "--resume", str(log)], input="quit\n")
    assert again.exit_code == 0, again.output
    assert f"Continuing the rubber of {log}" in again.output and "Hand 1" in again.output
    assert _events(log)[: len(before)] == before  # appended to, never cut
    session = RubberSession.from_jsonl(log.read_text(encoding="utf-8"))
    assert session.table is not None and session.seed == 4


@pytest.mark.usefixtures("quick_robots")  # the seed's rubber, any effort without a clock
def test_a_resumed_rubber_by_robots_is_the_rubber_the_seed_deals(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    args = ["rubber-game", "--seat", "", "--seed", "8", "--edition", "EST30"]  # a rubber of 4 hands (seed 9: 6)
    assert runner.invoke(app, [*args, "--log", str(whole)]).exit_code == 0
    events = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(i for i, line in enumerate(events) if '"event": "score"' in line) + 1
    part.write_text("".join(events[:cut]), encoding="utf-8")  # a rubber stopped after its first hand
    resumed = runner.invoke(app, ["rubber-game", "--seat", "", "--resume", str(part)])
    assert resumed.exit_code == 0, resumed.output
    assert "Rubber over" in resumed.output
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


@pytest.mark.usefixtures("quick_robots")  # the logs and the summary, not the play
def test_a_match_is_logged_in_the_data_directory_and_resumed(_data_home: Path) -> None:
    """``play --boards 2`` with no ``--log`` keeps its logs under ``$XDG_DATA_HOME/contractbridge`` and says
    where; a quit keeps them; ``--resume`` (alone: ``last``) continues the match, board by board, to its
    summary (scores, IMPs against par, best and worst board with a double-dummy note)."""
    robots = ["play", "--robot-seats", "NESW", "--boards", "2", "--seed", "11"]
    played = runner.invoke(app, robots)
    assert played.exit_code == 0, played.output
    matches = sorted((_data_home / "contractbridge" / "matches").iterdir())
    assert len(matches) == 1 and f"Logging the match to {matches[0]}" in played.output
    assert {p.name for p in matches[0].iterdir()} == {"match.json", "board-1.jsonl", "board-2.jsonl"}
    assert "Match summary" in played.output and "IMP against par" in played.output
    assert "Best board" in played.output and "double dummy" in played.output
    (matches[0] / "board-2.jsonl").write_text(
        (matches[0] / "board-2.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[0], encoding="utf-8"
    )  # board 2 stopped before its first call
    resumed = runner.invoke(app, ["play", "--robot-seats", "NESW", "--resume", "last"])
    assert resumed.exit_code == 0, resumed.output
    assert "Board 1 (played)" in resumed.output and "Board 2" in resumed.output
    assert resumed.output.count("Match summary") == 1

    def board_one(output: str) -> list[str]:
        """Board 1's row of the summary, by its cells (the columns' widths follow the longest result)."""
        rows = output.split("Match summary")[1].splitlines()
        return next(row.split() for row in rows if row.strip().startswith("1 "))

    assert board_one(resumed.output) == board_one(played.output)  # board 1 counted from its log, as played
    assert "2 boards," in resumed.output  # board 2 replayed by unseeded robots: its result may differ


def test_resume_with_no_file_means_the_last() -> None:
    assert resume_alone(["play", "--resume"]) == ["play", "--resume", "last"]
    assert resume_alone(["play", "--resume", "--seat", "S"]) == ["play", "--resume", "last", "--seat", "S"]
    assert resume_alone(["play", "--resume", "x.jsonl"]) == ["play", "--resume", "x.jsonl"]


def test_nothing_to_resume_is_one_clear_line() -> None:
    result = runner.invoke(app, ["play", "--resume", "last"])
    assert result.exit_code == 1 and "no match to resume" in result.output
    result = runner.invoke(app, ["play", "--rubber", "--resume", "last"])
    assert result.exit_code == 1 and "no rubber to resume" in result.output


def _boards_file(path: Path, boards: int) -> tuple[Board, ...]:
    """A club's boards 1 to ``boards``, dealt by a dealer script (printpbn) into a PBN file."""
    from contractbridge.formats.pbn import read_file
    from contractbridge.tournament.handrecords import boards_from_pbn

    dealt = runner.invoke(app, ["dealer", "-", "-n", str(boards), "--seed", "5"], input="action printpbn\n")
    assert dealt.exit_code == 0, dealt.output
    path.write_text(dealt.stdout, encoding="utf-8")
    return boards_from_pbn(read_file(path))


def test_play_deals_plays_the_boards_of_a_file(tmp_path: Path) -> None:
    """``play --deals FILE.pbn --board N``: board N of the file (its deal, dealer and vulnerability, L2) at the
    terminal, as a club plays the evening's boards; an event file's boards too; a board the file lacks is one
    clear line and nothing is written."""
    from contractbridge.eventlog import read_table

    pbn = tmp_path / "boards.pbn"
    dealt = _boards_file(pbn, 3)
    log = tmp_path / "b3.jsonl"
    played = runner.invoke(app, ["play", "--deals", str(pbn), "--board", "3", "--seat", "S", "--log", str(log)],
                           input="quit\n")  # fmt: skip
    assert played.exit_code == 0, played.output
    assert read_table(log).board == dealt[2]  # board 3: dealer S, EW vulnerable (L2), the file's deal
    event = tmp_path / "e.json"
    assert runner.invoke(app, ["event", "create", str(event), "--tables", "3", "--boards-per-round", "1",
                               "--boards", str(pbn)]).exit_code == 0  # fmt: skip
    log2 = tmp_path / "b2.jsonl"
    played = runner.invoke(app, ["play", "--deals", str(event), "--board", "2", "--seat", "S", "--log", str(log2)],
                           input="quit\n")  # fmt: skip
    assert played.exit_code == 0, played.output
    assert read_table(log2).board == dealt[1]
    for args, message in ((["--board", "4"], "has no board 4 (its boards: 1, 2, 3)"),
                          (["--boards", "3", "--board", "2"], "has no board 4"),
                          (["--rubber"], "not with --rubber")):  # fmt: skip
        refused = runner.invoke(app, ["play", "--deals", str(pbn), "--seat", "S", *args], input="quit\n")
        assert refused.exit_code == 1 and message in refused.output, refused.output


def test_a_match_of_a_files_boards_resumes_them(_data_home: Path, tmp_path: Path) -> None:
    """A match of a file's boards keeps them in its directory: ``--resume`` plays the same boards."""
    pbn = tmp_path / "boards.pbn"
    dealt = _boards_file(pbn, 6)[4:]
    first = runner.invoke(app, ["play", "--deals", str(pbn), "--board", "5", "--boards", "2", "--seat", "S"],
                          input="quit\n")  # fmt: skip
    assert first.exit_code == 0, first.output
    (match,) = (_data_home / "contractbridge" / "matches").iterdir()
    from contractbridge.commands.match import Match

    loaded = Match.load(match)
    assert [loaded.board(n) for n in loaded.numbers] == list(dealt)


#: North-South's card names the Club system and writes Stayman down; East-West's describes a transfer
NS_CARD = {"system": "club", "1NT P 2C": {"text": "Stayman", "artificial": True}}
EW_CARD = {"P 1NT P 2D": {"text": "transfer to hearts", "artificial": True, "suits": ["H"]}}


def _cards(tmp_path: Path) -> list[str]:
    (tmp_path / "ns.json").write_text(json.dumps(NS_CARD), encoding="utf-8")
    (tmp_path / "ew.json").write_text(json.dumps(EW_CARD), encoding="utf-8")
    return ["--card", f"NS={tmp_path / 'ns.json'}", "--card", f"ew={tmp_path / 'ew.json'}"]


def test_play_card_gives_the_pairs_cards_to_the_board_event_l40a1b(tmp_path: Path) -> None:
    """``play --card NS=FILE --card EW=FILE``: each pair's convention card goes in the board event, where the
    robots and the rulings read it (L40A1(b)): North-South play the Club system, with Stayman written down."""
    from contractbridge.cards import Seat, Side
    from contractbridge.eventlog import read_table
    from contractbridge.laws.wbf17.disclosure import agreements
    from contractbridge.systems.agreements import PartnershipAgreements

    log = tmp_path / "b1.jsonl"
    played = runner.invoke(app, ["play", "--seat", "S", "--seed", "3", "--log", str(log), *_cards(tmp_path)],
                           input="quit\n")  # fmt: skip
    assert played.exit_code == 0, played.output
    expected = PartnershipAgreements.from_dict({"NS": NS_CARD, "EW": EW_CARD})
    assert _events(log)[0]["system"] == expected.to_dict()
    cards = agreements(read_table(log))
    assert cards is not None and cards.system_name(Side.NS) == "club" and cards.system_name(Side.EW) is None
    stayman = cards.described_call([Call.parse("1NT"), PASS], Call.parse("2C"), Seat.SOUTH)
    assert stayman is not None and stayman.text == "Stayman" and stayman.artificial


@pytest.mark.usefixtures("quick_robots")  # the boards' events, not the play
def test_a_match_keeps_the_pairs_cards_for_every_board(_data_home: Path, tmp_path: Path) -> None:
    """A match's cards are in its ``match.json`` and in every board's board event (a resumed match deals its
    next boards with them); ``--card`` with ``--resume`` is refused: the match has its cards."""
    from contractbridge.commands.match import Match

    played = runner.invoke(app, ["play", "--robot-seats", "NESW", "--boards", "2", "--seed", "11", *_cards(tmp_path)])
    assert played.exit_code == 0, played.output
    (match,) = (_data_home / "contractbridge" / "matches").iterdir()
    written = Match.load(match).agreements
    assert written is not None and written.to_dict()["NS"]["system"] == "club"
    assert [_events(match / f"board-{n}.jsonl")[0]["system"] for n in (1, 2)] == [written.to_dict()] * 2
    refused = runner.invoke(app, ["play", "--robot-seats", "NESW", "--resume", "last", *_cards(tmp_path)])
    assert refused.exit_code == 1 and "not with --resume" in refused.output, refused.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '{"1NT P 2C": {"artifical": true}}',
            "bad.json: NS's convention card: description of '1NT P 2C': unknown fields 'artifical'",
        ),
        ('{"1NT P 2C": {"text": 3}}', "bad.json: NS's convention card: description of '1NT P 2C': text is a string"),
        ('{"system": ""}', "bad.json: NS's convention card: NS's system card: system is the name of a system"),
        ('["1NT"]', "bad.json: NS's convention card is a JSON object of auctions"),
        ("{", "bad.json"),
    ],
)
def test_a_bad_card_file_is_one_line_naming_the_file_and_field(tmp_path: Path, content: str, message: str) -> None:
    """A card file that is not a card: exit 1, one line naming the file, the call and the field; no log written."""
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    log = tmp_path / "b.jsonl"
    refused = runner.invoke(app, ["play", "--seat", "S", "--log", str(log), "--card", f"NS={bad}"], input="quit\n")
    assert refused.exit_code == 1 and message in " ".join(refused.output.split()), refused.output
    assert "Traceback" not in refused.output and not log.exists()


def test_card_options_that_are_not_a_pair_and_a_file_are_refused(tmp_path: Path) -> None:
    cards = _cards(tmp_path)
    for args, message in (
        (["--card", "NS"], "give a pair and a file"),
        (["--card", f"NW={tmp_path / 'ns.json'}"], "not a side: 'NW'"),
        ([*cards[:2], "--card", f"ns={tmp_path / 'ew.json'}"], "NS's card is given twice"),
        (["--card", f"EW={tmp_path / 'none.json'}"], "none.json"),
        (["--rubber", *cards], "nor --rubber"),
    ):
        refused = runner.invoke(app, ["play", "--seat", "S", "--log", str(tmp_path / "x.jsonl"), *args], input="q\n")
        assert refused.exit_code == 1 and message in " ".join(refused.output.split()), (args, refused.output)
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.usefixtures("quick_robots")  # the logs, not the play
def test_a_resumed_match_goes_on_from_the_directors_ruled_log(_data_home: Path) -> None:
    """A board of a match stopped for a ruling is ruled into ``board-N-ruled.jsonl`` (``rule LOG -i -o LOG-ruled``,
    as the stop says); ``--resume`` then reads the ruled log, not the stopped one (which ``rule`` never replaces),
    and each later ruling's own ``-ruled`` log after it."""
    played = runner.invoke(app, ["play", "--robot-seats", "NESW", "--boards", "1", "--seed", "11"])
    assert played.exit_code == 0, played.output
    (match,) = (_data_home / "contractbridge" / "matches").iterdir()
    log = match / "board-1.jsonl"
    whole = log.read_text(encoding="utf-8")
    log.write_text(whole.splitlines(keepends=True)[0], encoding="utf-8")  # the board as it stopped
    (match / "board-1-ruled.jsonl").write_text(whole.splitlines(keepends=True)[0], encoding="utf-8")
    (match / "board-1-ruled-ruled.jsonl").write_text(whole, encoding="utf-8")  # the last ruling's log: all played
    resumed = runner.invoke(app, ["play", "--robot-seats", "NESW", "--resume", "last"])
    assert resumed.exit_code == 0, resumed.output
    assert "Board 1 (played)" in resumed.output
    assert log.read_text(encoding="utf-8") == whole.splitlines(keepends=True)[0]  # the stopped log is left as it was
