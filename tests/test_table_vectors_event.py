"""Issue #25: the scoring vectors of ``shared/spec/laws-wbf2017.md`` §12.3 replayed the way a club runs them: each
board played at real ``Table``s (the auction, the opening lead, declarer's claim agreed by both defenders, L68–L69)
or the Director's adjusted score entered, every result entered into an ``Event`` (or scored with ``score_match``)
and the digest's numbers read from the event's own scoring: the IMP scale (L78B, TV43), matchpoints (L78A, TV44),
artificial adjusted scores (L12C2(a)–(c), TV45–TV47), L86B2(b) (TV49) and a fouled board (L87, TV150).

Only the digest's expected numbers are written here; the contracts and tricks are what the tables played."""

from __future__ import annotations

from dataclasses import replace

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal
from contractbridge.scoring import compare
from contractbridge.table import Phase, Table
from contractbridge.tournament.event import Entry, Event
from contractbridge.tournament.results import MATCHPOINTS, ScoredResult, TableResult, score_match

S = Seat.SOUTH


def play(board: Board, contract: str | None, tricks: int = 0, declarer: Seat = S) -> Table:
    """``board`` played at a Table: every hand passes until ``declarer`` bids ``contract`` (``7NXX``: doubled by
    his LHO, redoubled by his partner; ``None``: passed out, L22B), the opening lead (L41), then declarer claims
    the ``tricks`` still to make and both defenders agree (L68B, L69A)."""
    table = Table(board)
    if contract is None:
        calls = ["P"] * 4
    else:
        bid, doubling = contract.rstrip("X"), contract[len(contract.rstrip("X")) :]
        calls = ["P"] * ((declarer - board.dealer) % 4) + [bid]
        calls += ["X", "XX"][: len(doubling)] + ["P"] * 3
    for call in calls:
        table.apply({"event": "call", "call": call})
    if contract is not None:
        table.apply({"event": "play", "card": str(sorted(table.legal_cards())[0])})
        table.apply({"event": "claim", "seat": declarer.letter, "tricks": tricks, "statement": "the rest"})
        for defender in (declarer.lho, declarer.rho):
            table.apply({"event": "agree", "seat": defender.letter})
    assert table.phase is Phase.DONE and table.result is not None
    return table


def entry(table: Table, round_: int, at: int) -> Entry:
    """The traveller's line for ``table``'s result (L79A), as the event enters it."""
    result = table.result
    assert result is not None
    if result.passed_out:
        return Entry(round_, at, table.board.number, "PASS")
    assert result.contract is not None and result.declarer is not None
    return Entry(round_, at, table.board.number, str(result.contract), result.declarer.letter, result.tricks)


def where(event: Event, board: int) -> list[tuple[int, int]]:
    """(round, table) of every table at which the movement plays ``board`` (L8), in round order."""
    return [(e.round, e.table) for e in event.movement.encounters if board in e.boards and e.ns is not None]


def scored(event: Event, board: int) -> tuple[ScoredResult, ...]:
    return next(s for b, s in event.scored() if b.number == board)


def pairs_event(tables: int, per_round: int = 1) -> Event:
    return Event("club", "matchpoints", "mitchell", tables, per_round, 2 * tables, "wbf17-12.3")


# ---- L78B: the IMP scale in a teams match (TV43) ----------------------------------------------------------------
def test_tv43_the_imp_scale_in_a_teams_match_l78b() -> None:
    """TV43 (L78B): differences of 10, 20, 4000 and 7600 between the rooms are 0, 1, 24 and 24 IMP. Boards 1–4
    of a round robin; the home team sits NS in the open room. Open room: 1NT+1 (+120), 4H= (+420), passed out,
    passed out; closed room: 2S= (+110), 3NT= (+400), 7NTXX −7 vulnerable (−4000), 7NTXX −13 (−7600)."""
    event = Event("teams", "teams", "round-robin", 2, 4, 3, "wbf17-12.3")
    boards = {b.number: b for b in event.boards}
    open_room = [("1N", 8), ("4H", 10), (None, 0), (None, 0)]
    closed_room = [("2S", 8), ("3N", 9), ("7NXX", 6), ("7NXX", 0)]
    for at, room in ((1, open_room), (2, closed_room)):
        for number, (contract, tricks) in zip((1, 3, 2, 4), room, strict=True):
            event = event.enter(entry(play(boards[number], contract, tricks), 1, at))
    [(encounter, match)] = event.matches()
    assert encounter.table == 1 and str(encounter.ns) == "2"
    imps = dict(match.boards)
    assert [imps[n] for n in (1, 3, 2, 4)] == [0, 1, 24, 24]
    assert (match.home_imps, match.away_imps) == (49, 0)


# ---- L78A: matchpoints of five tables (TV44) --------------------------------------------------------------------
def test_tv44_five_tables_matchpoint_a_board_8_5_5_2_0_l78a() -> None:
    """TV44 (L78A): board 1 of a five-table Mitchell is played to +450, +420, +420, +400, −50 (4S+1, 4S=, 4S=,
    3NT=, 4S−1 by S, none vulnerable): 2 units per lower score and 1 per equal one give 8, 5, 5, 2, 0 of a top
    of 8; EW get the rest; the NS line is ranked by them."""
    event = pairs_event(5)
    board = event.boards[0]
    played = [("4S", 11), ("4S", 10), ("4S", 10), ("3N", 9), ("4S", 9)]
    for (r, t), (contract, tricks) in zip(where(event, 1), played, strict=True):
        event = event.enter(entry(play(board, contract, tricks), r, t))
    results = scored(event, 1)
    assert [s.score_ns for s in results] == [450, 420, 420, 400, -50]
    assert [s.ns for s in results] == [8, 5, 5, 2, 0] and {s.top for s in results} == {8}
    assert [s.ew for s in results] == [0, 3, 3, 6, 8]
    ns_line = [s for s in event.ranking() if s.direction == "NS"]
    assert [s.total for s in ns_line] == [8, 5, 5, 2, 0] and ns_line[1].rank.tied


# ---- L12C2: artificial adjusted scores for a board that cannot be played (TV45, TV46, TV47) -----------------------
# a three-table Mitchell, two boards a round: board 1 cannot be played at table 1 in round 1 (NS in no way at
# fault, EW directly at fault); the others are played to 4S by S with these tricks, by (round, table, board)
BETTER = {(1, 1, 2): 10, (1, 2, 3): 9, (1, 2, 4): 10, (1, 3, 5): 11, (1, 3, 6): 11, (2, 1, 3): 11, (2, 1, 4): 11,
          (2, 2, 5): 10, (2, 2, 6): 11, (2, 3, 1): 9, (2, 3, 2): 9, (3, 1, 5): 11, (3, 1, 6): 9, (3, 2, 1): 9,
          (3, 2, 2): 9, (3, 3, 3): 11, (3, 3, 4): 11}  # fmt: skip
"""NS of table 1 (pair 1) mostly on top elsewhere, their opponents of round 1 (pair 4) mostly at the bottom."""
EVEN = dict.fromkeys(BETTER, 10)
"""Every other board played to 4S= everywhere: every pair about (exactly) 50 %."""


def unplayable_board(session: dict[tuple[int, int, int], int]) -> tuple[Event, str, str]:
    """The event with every other result played (4S by S, ``session``'s tricks) and the two pairs of the table
    where board 1 cannot be played."""
    event = pairs_event(3, 2)
    boards = {b.number: b for b in event.boards}
    for (r, t, number), tricks in session.items():
        event = event.enter(entry(play(boards[number], "4S", tricks), r, t))
    e = event.encounter(1, 1)
    return event, str(e.ns), str(e.ew)


def artificial(event: Event, ns: str, ew: str) -> Event:
    """The Director's artificial score for board 1 at table 1 (L12C2(a)): average-plus to NS, in no way at fault,
    average-minus to EW, directly at fault; each side's own session percentage instead when it is better for NS
    or worse for EW (L12C2(c)), read from the event's ranking of the other boards."""
    pct = {s.id: s.percentage for s in event.ranking()}
    ns_pct, ew_pct = pct[ns], pct[ew]
    assert ns_pct is not None and ew_pct is not None
    a_ns = compare.artificial_score(compare.Fault.NONE, compare.PAIRS, session=ns_pct)
    a_ew = compare.artificial_score(compare.Fault.DIRECTLY, compare.PAIRS, session=ew_pct)
    return event.enter(Entry(1, 1, 1, adjusted=f"A{a_ns:g}/{a_ew:g}", reason="board cannot be played"))


def test_tv45_a_board_that_cannot_be_played_avg_plus_60_and_avg_minus_40_l12c2a() -> None:
    """TV45 (L12C2(a)): both pairs had about 50 % elsewhere: NS get 60 % on the board, EW 40 %."""
    event, ns, ew = unplayable_board(EVEN)
    pct = {s.id: s.percentage for s in event.ranking()}
    assert pct[ns] is not None and pct[ew] is not None and 40 < pct[ns] < 60 and 40 < pct[ew] < 60
    adjusted = next(s for s in scored(artificial(event, ns, ew), 1) if s.result.table == 1)
    assert adjusted.result.artificial is not None and adjusted.score_ns is None
    assert (adjusted.pct_ns, adjusted.pct_ew) == (60, 40)


def test_tv46_the_session_percentage_when_better_than_avg_plus_65_and_35_l12c2c() -> None:
    """TV46 (L12C2(c)): NS scored 65 % on the other boards of the session and get 65 %; EW, 35 % elsewhere, get
    35 %."""
    event, ns, ew = unplayable_board(BETTER)
    pct = {s.id: s.percentage for s in event.ranking()}
    assert (pct[ns], pct[ew]) == (65, 35)
    adjusted = next(s for s in scored(artificial(event, ns, ew), 1) if s.result.table == 1)
    assert (adjusted.pct_ns, adjusted.pct_ew) == (65, 35)


def test_tv47_teams_an_artificial_score_is_plus_and_minus_3_imp_l12c2b() -> None:
    """TV47 (L12C2(b)): in a teams match board 1 cannot be played in the closed room, the home team in no way at
    fault: +3 IMP to it, −3 to the visitors (the open room's result is not compared); board 2 the other way."""
    event = Event("teams", "teams", "round-robin", 2, 4, 3, "wbf17-12.3")
    boards = {b.number: b for b in event.boards}
    for number, closed in ((1, "A40/60"), (2, "A60/40")):  # the home team sits EW in the closed room
        event = event.enter(entry(play(boards[number], "4S", 10), 1, 1))
        event = event.enter(Entry(1, 2, number, adjusted=closed, reason="board cannot be played"))
    [(_, match)] = event.matches()
    assert dict(match.boards) == {1: 3, 2: -3}
    assert (match.home_imps, match.away_imps) == (3, 3)


# ---- L86B2(b): teams, non-comparable results, one contestant at fault (TV49) -------------------------------------
def fouled(board: Board) -> Board:
    """``board`` with N's lowest card put in E's pocket and E's lowest in N's (a fouled board, L87A)."""
    n, e = sorted(board.deal[Seat.NORTH])[0], sorted(board.deal[Seat.EAST])[0]
    hands = {seat: board.deal[seat] for seat in Seat}
    hands[Seat.NORTH] = hands[Seat.NORTH].remove(n).add(e)
    hands[Seat.EAST] = hands[Seat.EAST].remove(e).add(n)
    return Board(board.number, Deal(hands))


def test_tv49_teams_the_better_of_avg_plus_and_the_assigned_score_l86b2b() -> None:
    """TV49 (L86B2(b)): the visitors fouled board 1 in the closed room, so the rooms' results are not comparable.
    The Director's assigned score for the closed room (4S= by S, +420 for the visitors against the open room's
    4H+1 by the home team, +450) gives the home team +1 IMP; average-plus gives +3: the home team gets +3, the
    visitors the complement −3."""
    event = Event("teams", "teams", "round-robin", 2, 4, 3, "wbf17-12.3")
    board = event.boards[0]
    open_room = play(board, "4H", 11)
    closed_room = play(fouled(board), "4S", 12)  # the fouled form: not comparable (L86B)
    assert closed_room.board.deal != board.deal
    e = event.encounter(1, 2)
    assigned = TableResult(1, (str(e.ns),), (str(e.ew),), Contract.parse("4S"), S, 10)
    event = event.enter(entry(open_room, 1, 1))
    home = str(event.encounter(1, 1).ns)
    open_result = next(s.result for s in scored(event, 1))
    by_assigned = score_match([(open_result, assigned, board)], home=home)
    assert dict(by_assigned.boards) == {1: 1}
    nos, os_ = compare.teams_one_at_fault(by_assigned.boards[0][1])
    assert (nos, os_) == (3, -3) and nos == compare.IMPS.plus  # average-plus is the better: an artificial score
    # the home team sits EW in the closed room: average-plus to EW, average-minus to NS (L12C2(b))
    event = event.enter(Entry(1, 2, 1, adjusted="A40/60", reason="86B2(b): results not comparable"))
    [(_, match)] = event.matches()
    assert dict(match.boards) == {1: nos}
    assert (match.home_imps, match.away_imps) == (3, 0)


# ---- L87: a fouled board in a pairs event (TV150) ----------------------------------------------------------------
def test_tv150_a_fouled_board_is_matchpointed_per_form_played_l87() -> None:
    """TV150 (L87A, L87B): board 1 of a five-table Mitchell was fouled after round 2 (a card in the wrong pocket):
    tables in rounds 3–5 played the other form. The results are grouped by the form played and each group is
    matchpointed apart, then factored to the five tables (Neuberg): the fouled form's +100 is its group's top
    though the correct form's +420s beat it."""
    event = pairs_event(5)
    board = event.boards[0]
    forms = [None, None, "N/E", "N/E", "N/E"]
    played = [("4S", 10), ("4S", 11), ("4S", 8), ("2S", 8), ("2S", 8)]
    for (r, t), form, (contract, tricks) in zip(where(event, 1), forms, played, strict=True):
        table = play(board if form is None else fouled(board), contract, tricks)
        event = event.enter(replace(entry(table, r, t), fouled=form))
    results = scored(event, 1)
    assert [s.score_ns for s in results] == [420, 450, -100, 110, 110]
    assert [s.result.fouled for s in results] == forms
    assert MATCHPOINTS.neuberg  # the event's form factors a smaller group to the whole board by Neuberg's formula
    expected: list[float] = []
    for group in ([420, 450], [-100, 110, 110]):
        units = compare.matchpoints(group)
        expected += compare.neuberg(units, len(group), 5).tolist()
    assert [s.ns for s in results] == expected
    assert results[3].ns == results[4].ns > results[0].ns  # +110 tops its form, +420 is the bottom of its own
    assert Event.from_json(event.to_json()).scored() == event.scored()  # the form is kept in the event file
    one_field = compare.matchpoints([420, 450, -100, 110, 110]).tolist()
    assert [s.ns for s in results] != one_field  # not the board's single field of L78A
