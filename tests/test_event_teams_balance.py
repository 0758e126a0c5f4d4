"""A team match's adjusted scores reviewed (eventmend2): artificial scores that do not balance between the two
teams (each contestant its own, L12C2(b)) are refused, not scored from the home team's side; the organiser's IMP
values for artificial scores (``Form.imp_artificial``, L12C2(b)) reach the match and L86B2(b); an assigned score
against a room that played another form of a fouled board needs the side at fault (L87C, L86B2)."""

from __future__ import annotations

import pytest

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.errors import TournamentError
from contractbridge.formats import pbn
from contractbridge.scoring import compare
from contractbridge.tournament import usebio
from contractbridge.tournament.event import Entry, Event, assigned_scores
from contractbridge.tournament.pbn_scores import read_published, recompute
from contractbridge.tournament.results import Artificial, TableResult, board_imps, parse_assigned, score_match

NONE = Vulnerability.NONE
TWO = compare.ArtificialScale(2.0, 0.0, -2.0, "IMP")  # an organiser's own values (L12C2(b))


def league() -> Event:
    return Event("League", "teams", "round-robin", 4, 2, 4, "teams-export")


def artificial(table: int, ns: float, ew: float) -> TableResult:
    """Board 1 of the match 1 v 4: table 1 the open room (team 1 NS), table 2 the closed (team 1 EW)."""
    sides = (("1",), ("4",)) if table == 1 else (("4",), ("1",))
    return TableResult(1, *sides, artificial=Artificial(ns, ew), table=table)


def played(table: int, fouled: str | None = None) -> TableResult:
    sides = (("1",), ("4",)) if table == 1 else (("4",), ("1",))
    return TableResult(1, *sides, Contract.parse("3NT"), Seat.NORTH, 9, fouled=fouled, table=table)


@pytest.mark.parametrize(
    ("open_room", "closed_room"),
    [
        (artificial(1, 60, 60), played(2)),  # both blameless: +3 each, not +3 / -3
        (artificial(1, 40, 40), played(2)),  # both at fault: -3 each, not the visitors' +3
        (played(1), artificial(2, 60, 50)),  # the visitors +3, the home team 0: not 0 / 0
    ],
)
def test_artificial_scores_that_do_not_balance_are_refused_l12c2b(
    open_room: TableResult, closed_room: TableResult
) -> None:
    with pytest.raises(TournamentError, match=r"board 1: the artificial scores .* \(each contestant its own, L12C2"):
        board_imps(open_room, closed_room, NONE)
    with pytest.raises(TournamentError, match="L12C2"):
        score_match([(open_room, closed_room, NONE)], home="1")


def test_artificial_scores_that_balance_across_the_rooms_are_scored() -> None:
    """A60/60 in the open room (+3 each), A40/40 in the closed (-3 each): each team 0, the board 0."""
    assert board_imps(artificial(1, 60, 60), artificial(2, 40, 40), NONE) == 0
    assert board_imps(artificial(1, 60, 40), played(2), NONE) == 3
    assert board_imps(played(1), artificial(2, 60, 40), NONE) == -3  # the visitors NS in the closed room


def test_an_event_refuses_non_balancing_artificial_scores_either_order() -> None:
    for first, second in ((Entry(1, 1, 1, adjusted="A60/60", reason="r"), Entry(1, 2, 1, "3NT", "N", 9)),
                          (Entry(1, 2, 1, "3NT", "N", 9), Entry(1, 1, 1, adjusted="A60/60", reason="r"))):  # fmt: skip
        start = league().enter(first)
        with pytest.raises(TournamentError, match=r"round 1, table \d, board 1: .*L12C2\(b\)"):
            start.enter(second)
        assert start.matches() == ()  # nothing entered


def test_the_organisers_artificial_scale_reaches_the_match_l12c2b() -> None:
    assert board_imps(artificial(1, 60, 40), played(2), NONE, TWO) == 2
    assert board_imps(played(1), artificial(2, 40, 60), NONE, TWO) == 2
    match = score_match([(artificial(1, 60, 40), played(2), NONE)], home="1", scale=TWO)
    assert dict(match.boards) == {1: 2} and (match.home_imps, match.away_imps) == (2, 0)
    # L86B2(b): the non-offending side's average-plus is the organiser's, +4 here, not +3
    four = compare.ArtificialScale(4.0, 0.0, -4.0, "IMP")
    fouled = TableResult(1, ("4",), ("1",), assigned=parse_assigned("3NT N =", NONE), table=2, at_fault="NS",
                         fouled="b")  # fmt: skip
    assert board_imps(played(1), fouled, NONE) == 3
    assert board_imps(played(1), fouled, NONE, four) == 4


def test_an_assigned_score_against_another_form_needs_the_side_at_fault_l87c_l86b2() -> None:
    """The closed room played the fouled form b; the Director's assigned score there, without the side at
    fault, is not comparable with the open room's correct form (L87C, L86B2): refused, either order of entry;
    with the side at fault it is L86B2(b)."""
    assigned = Entry(1, 2, 1, assigned="3NT N =", reason="fouled", fouled="b")
    for first, second in ((Entry(1, 1, 1, "3NT", "N", 10), assigned), (assigned, Entry(1, 1, 1, "3NT", "N", 10))):
        start = league().enter(first)
        with pytest.raises(TournamentError, match=r"board 1 .*different forms.*L87C, L86B2.*at-fault"):
            start.enter(second)
    event = league().enter(Entry(1, 1, 1, "3NT", "N", 10)).enter(Entry(1, 2, 1, assigned="3NT N =", reason="f",
                                                                       fouled="b", at_fault="EW"))  # fmt: skip
    assert dict(event.matches()[0][1].boards) == {1: -3}  # the home team (EW there) at fault: the visitors' +3
    with pytest.raises(TournamentError, match="not comparable"):
        board_imps(played(1), TableResult(1, ("4",), ("1",), assigned=parse_assigned("3NT N =", NONE), table=2,
                                          fouled="b"), NONE)  # fmt: skip


def test_the_exports_carry_the_side_at_fault_and_read_it_back_l86b2b() -> None:
    """TV49 (L86B2(b)): the visitors at fault in the closed room, the home team gets average-plus (+3, not the
    assigned score's +1). PBN's ``AtFault`` cell and USEBIO's ``ASSIGNED_AT_FAULT`` carry it, read back into
    ``TableResult.at_fault``, and the re-check (``results``) agrees with the event."""
    event = league()
    for entry in (Entry(1, 1, 1, "4H", "N", 11), Entry(1, 1, 2, "4S", "E", 10), Entry(1, 2, 2, "4S", "E", 10),
                  Entry(1, 2, 1, assigned="4S S =", reason="fouled board (L87C)", at_fault="NS")):  # fmt: skip
        event = event.enter(entry)
    text = event.pbn_scores()
    assert "AtFault" in text and "ASSIGNED_AT_FAULT>NS<" in event.usebio()
    by_pbn = read_published(pbn.PbnFile(pbn.loads(text)))
    [board] = [b for b in by_pbn.boards if b.number == 1]
    assert {r.result.table: r.result.at_fault for r in board.rows} == {1: None, 2: "NS"}
    for published in (by_pbn, usebio.loads(event.usebio())):  # USEBIO teams: re-checked from its IMP cells
        [played] = [m for m in published.matches if m.imps is not None]
        assert played.imps == (3, 0)
        assert recompute(published, boards_per_match=2).differences == ()
    bad = text.replace('"NS"\n', '"N"\n', 1) if '"NS"\n' in text else text.replace(" NS\n", " N\n", 1)
    assert bad != text
    with pytest.raises(TournamentError, match=r"L86B2\(b\)"):
        read_published(pbn.PbnFile(pbn.loads(bad)))


def test_split_scores_cite_the_law_that_lets_them_not_balance() -> None:
    """A split (non-balancing) assigned score is cited as the digest's §7.4 has it (L12C1(e)), not L12C1(b), which
    is the assigned score approximating the probable result."""
    with pytest.raises(TournamentError, match=r"split assigned score \(L12C1\(e\)\)"):
        league().enter(Entry(1, 1, 1, assigned="3NT N =", assigned_ew="3NT N -1", reason="r"))
    with pytest.raises(TournamentError, match=r"each side its own: --ns and --ew \(L12C1\(e\)\)"):
        assigned_scores(None, "3NT N =", None, ("--assigned", "--ns", "--ew"))


@pytest.mark.parametrize("factoring", ["neuberg", "proportional"])
def test_a_factored_events_pbn_export_reads_back_without_a_difference_l78d(factoring: str) -> None:
    """Board 1 of a three-table Mitchell has two results and an artificial score (the movement plays it three
    times): the event factors it to the top of three (L78D, its condition of contest), Neuberg or in proportion.
    The export says so in our ``[Factoring]`` tag and ``recompute`` scores the board the same way: no board
    differs (without the tag every factored number differed, labelled as Neuberg)."""
    event = Event("Club", "matchpoints", "mitchell", 3, 1, 6, "7", factoring=factoring)
    for entry in (Entry(1, 1, 1, "4S", "N", 10), Entry(2, 3, 1, "3NT", "S", 9),
                  Entry(3, 2, 1, adjusted="A60/40", reason="slow play")):  # fmt: skip
        event = event.enter(entry)
    event = event.enter(Entry(1, 2, 2, "4H", "E", 10))  # board 2 with one result of three
    text = event.pbn_scores()
    assert f'[Factoring "{factoring} 3"]' in text
    published = read_published(pbn.PbnFile(pbn.loads(text)))
    assert {b.number: b.factoring for b in published.boards} == {1: (factoring, 3), 2: (factoring, 3)}
    by_usebio = usebio.loads(event.usebio())
    assert {b.number: b.factoring for b in by_usebio.boards} == {1: (factoring, 3), 2: (factoring, 3)}
    for again in (recompute(published), recompute(by_usebio)):
        # every board's numbers as the event's (the ranking's places by shares of boards played are another matter)
        assert [d for d in again.differences if d.where.startswith("board")] == []
    unfactored = text.replace(f'[Factoring "{factoring} 3"]\n', "")
    [first, *_] = recompute(read_published(pbn.PbnFile(pbn.loads(unfactored)))).differences
    assert "Neuberg" not in first.why and first.why.startswith(("L78A", "L12C2"))
    with pytest.raises(TournamentError, match=r"board 1: \[Factoring 'neuberg'\] is 'neuberg N'.*L78D"):
        read_published(pbn.PbnFile(pbn.loads(text.replace(f'[Factoring "{factoring} 3"]', '[Factoring "neuberg"]', 1))))
