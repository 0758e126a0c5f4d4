"""A pairs event as a value: its movement, boards, pair names and the results entered so far, with the checks a
scorer makes before accepting a result (the board is in that round at that table, the pairs are the ones the
movement seats there, the score is possible, no result twice) — and its JSON form, so that an evening can be
kept in a file of the user's choosing between commands."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.contract import Contract
from contractbridge.deal import Board
from contractbridge.errors import BridgeError, TournamentError
from contractbridge.scoring import compare
from contractbridge.tournament.handrecords import HandRecord, board_from_dict, board_to_dict, deal_boards
from contractbridge.tournament.movements import Encounter, Kind, Movement, howell, mitchell, teams_round_robin
from contractbridge.tournament.pbn_scores import BoardRecord, MatchRecord
from contractbridge.tournament.results import (
    BUTLER_RUTER,
    CROSS_IMPS,
    MATCHPOINTS,
    Artificial,
    Form,
    MatchScore,
    ScoredResult,
    Standing,
    TableResult,
    board_imps,
    parse_assigned,
    rank_event,
    score_board,
    score_match,
    session_scores,
)

__all__ = ["FORMAT", "WEIGHTED_DECIMALS", "Entry", "Event", "assigned_scores", "correction", "fouled_and_fault"]

FORMAT: Final = "contractbridge-event"
_FORMS: Final = {"matchpoints": replace(MATCHPOINTS, session=True, share=True),
                 "cross-imps": replace(CROSS_IMPS, session=True, share=True),
                 "butler": replace(BUTLER_RUTER, name="butler", total="sum", total_decimals=0, session=True,
                                   share=True),
                 "teams": replace(CROSS_IMPS, name="teams: IMPs, VP (WBF 2013)", decimals=0)}  # fmt: skip
#: The movement of a teams event: its ``pairs`` are the teams.
ROUND_ROBIN: Final = "round-robin"
#: How a matchpoint event scores a board with fewer results than the movement plays it, a condition of contest
#: (L78D): ``none``, each board on its own top, 2(n−1) for its n results (L78A; a lone result has nothing to be
#: compared with: an average, 50 %, that weighs nothing in a percentage), or factored to the movement's top by
#: Neuberg's formula or in proportion (every board weighs the same; a lone result is an average, 50 %).
FACTORING: Final = ("none", "neuberg", "proportional")
#: The decimals an event with an assigned score prints its board points to, a weighted one's (L12C1(c)) rounded
#: there halves away from zero: the laws give no rounding (the TO's conditions of contest, L12C1(c), L78D), so it
#: is the event's condition. ``None``, the default: the form's own (teams two, the IMPs of each weighted outcome
#: weighted to the hundredth; matchpoints one, cross-IMPs two, Butler none, as every board of theirs).
WEIGHTED_DECIMALS: Final = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Entry:
    """A result as entered: where (round, table, board), and the contract, declarer, tricks and lead, or the
    Director's adjusted score with its reason (L81C8: the Director records the reason): ``adjusted``, artificial
    (``A60/40``, L12C2), or ``assigned`` (``4S N = 60% + 4S N -1 40%``: ``results.ASSIGNED_SYNTAX``, L12C1(c)),
    with ``assigned_ew`` EW's own score when the two sides' scores are split (``assigned`` is then NS's; they need
    not balance, L12C1(e)). ``fouled`` names the form of a fouled board the table played (L87A; None for the
    correct one): each form is scored apart. ``at_fault`` (teams, with ``assigned``): the side of the table at
    fault when the rooms' results are not comparable (L86B2(b)): the other side gets the better of average-plus
    and the assigned score."""

    round: int
    table: int
    board: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None
    reason: str | None = None
    fouled: str | None = None
    assigned: str | None = None
    assigned_ew: str | None = None
    at_fault: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in (
                ("round", self.round),
                ("table", self.table),
                ("board", self.board),
                ("contract", self.contract),
                ("declarer", self.declarer),
                ("tricks", self.tricks),
                ("lead", self.lead),
                ("adjusted", self.adjusted),
                ("reason", self.reason),
                ("fouled", self.fouled),
                ("assigned", self.assigned),
                ("assigned_ew", self.assigned_ew),
                ("at_fault", self.at_fault),
            )
            if v is not None
        }

    @property
    def where(self) -> str:
        return f"round {self.round}, table {self.table}, board {self.board}"

    def __str__(self) -> str:
        """The result as a scorer reads it: ``4S N 10 tricks``, ``passed out``, or the Director's adjusted score
        with its reason (L12C, L81C8)."""
        if self.adjusted is not None:
            return f"{self.adjusted} ({self.reason})"
        if self.assigned_ew is not None:
            return f"assigned NS {self.assigned} / EW {self.assigned_ew} ({self.reason})"
        if self.assigned is not None:
            fault = "" if self.at_fault is None else f", {self.at_fault} at fault"
            return f"assigned {self.assigned} ({self.reason}{fault})"
        if self.contract is None or self.contract.upper() in ("PASS", "P"):
            return "passed out"
        return f"{self.contract} {self.declarer} {self.tricks} tricks"


def assigned_scores(
    both: str | None, ns: str | None, ew: str | None, names: tuple[str, str, str]
) -> tuple[str | None, str | None]:
    """``Entry.assigned`` and ``Entry.assigned_ew`` from an assigned score for both sides (``both``) or a split
    one, each side its own (``ns`` with ``ew``, L12C1(e)); ``names`` are the three as the user gives them (the
    CLI's options, the web's fields), for the messages. Checked as written by ``Event.enter``."""
    one, split_ns, split_ew = names
    if both is not None and (ns, ew) != (None, None):
        raise TournamentError(f"{one} gives both sides one score; a split score is {split_ns} with {split_ew} "
                              "(L12C1(e))")  # fmt: skip
    if (ns is None) != (ew is None):
        raise TournamentError(f"a split score gives each side its own: {split_ns} and {split_ew} (L12C1(e))")
    for text in (both, ns, ew):
        if text is not None and not text.strip():
            raise TournamentError("an assigned score is a result, e.g. '4S N -1' or '4S N = 60% + 4S N -1 40%'")
    return (both, None) if both is not None else (ns, ew)


def fouled_and_fault(
    fouled: str | None, at_fault: str | None, assigned: tuple[str | None, str | None], names: tuple[str, str, str]
) -> tuple[str | None, str | None]:
    """``Entry.fouled`` and ``Entry.at_fault`` as the user gives them (the CLI's options, the web's fields):
    ``fouled`` the form of a fouled board the table played (L87A), not a blank; ``at_fault`` the side of the table
    at fault, ``NS`` or ``EW`` (``N-S``, ``ew`` read so), named with one assigned score for both sides (``assigned``,
    from ``assigned_scores``) in a team match (L86B2(b)). ``names`` are the fouled form's, the side at fault's and
    the assigned score's, for the messages. Checked as written by ``Event.enter``."""
    form, fault, one = names
    if fouled is not None and not (fouled := fouled.strip()):
        raise TournamentError(f"{form} names the form of the fouled board, e.g. b (L87A), not a blank")
    if at_fault is None:
        return fouled, None
    if assigned[0] is None or assigned[1] is not None:
        raise TournamentError(f"{fault} names the side at fault for an assigned score ({one}) in a team match "
                              "(L86B2(b))")  # fmt: skip
    if (side := at_fault.strip().upper().replace("-", "")) not in ("NS", "EW"):
        raise TournamentError(f"{fault} is NS or EW: the side of this table at fault (L86B2(b))")
    return fouled, side


def correction(was: Entry, now: Entry) -> str:
    """What a correction did, for the Director (L79C; an adjusted score in place of the table's result, L12C):
    ``round 1, table 2, board 2: 4S N 9 tricks replaced by 4S N 10 tricks``."""
    return f"{now.where}: {was} replaced by {now}"


@dataclass(frozen=True, slots=True)
class Event:
    """A pairs event (or a teams round robin: form ``teams``, movement ``round-robin``, ``pairs`` the teams, two
    tables a match): name, form, movement parameters, the seed its boards are dealt from (or its ``deals``, read
    from a PBN file: one board for each board number of the movement), names, results."""

    name: str
    form: str
    movement_kind: str
    tables: int
    boards_per_round: int
    pairs: int
    seed: str
    arrow_switch: tuple[int, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    entries: tuple[Entry, ...] = ()
    deals: tuple[Board, ...] = ()
    #: The results a correction replaced, oldest first (kept, never scored: L79C, L81C8).
    replaced: tuple[Entry, ...] = ()
    #: Boards with fewer results than the movement plays them, matchpoints (one of ``FACTORING``; L78D).
    factoring: str = "none"
    #: The decimals of a weighted assigned score's points (one of ``WEIGHTED_DECIMALS``; None: the form's; L12C1(c)).
    weighted_decimals: int | None = None

    def __post_init__(self) -> None:
        if self.form not in _FORMS:
            raise TournamentError(f"the form is one of {sorted(_FORMS)}, not {self.form!r}")
        if self.factoring not in FACTORING:
            raise TournamentError(f"the factoring of boards with fewer results is one of {', '.join(FACTORING)}, "
                                  f"not {self.factoring!r} (a condition of contest, L78D)")  # fmt: skip
        if self.factoring != "none" and self.form != "matchpoints":
            raise TournamentError(f"factoring ({self.factoring}) is for matchpoints: a {self.form} event compares "
                                  f"each board's scores by IMPs, whatever their number (L78B, L78D)")  # fmt: skip
        if self.weighted_decimals is not None and (
            type(self.weighted_decimals) is not int or self.weighted_decimals not in WEIGHTED_DECIMALS
        ):
            raise TournamentError(f"a weighted assigned score's points are rounded to 0, 1 or 2 decimals, not "
                                  f"{self.weighted_decimals!r} "
                                  "(a condition of contest: the laws give no rounding, L12C1(c))")  # fmt: skip
        if (self.form == "teams") != (self.movement_kind == ROUND_ROBIN):
            raise TournamentError(f"a teams event plays a {ROUND_ROBIN} and a {ROUND_ROBIN} is a teams event, not "
                                  f"{self.form} with {self.movement_kind}")  # fmt: skip
        numbers = self.movement.boards  # validates the movement parameters now, not at the first result
        missing = sorted(set(numbers) - {b.number for b in self.deals})
        if self.deals and missing:
            raise TournamentError(f"the movement plays boards {numbers[0]}-{numbers[-1]}: the deals have no board "
                                  f"{', '.join(map(str, missing))}")  # fmt: skip

    @property
    def movement(self) -> Movement:
        if self.movement_kind in ("mitchell", "mitchell-relay"):
            relay = self.movement_kind == "mitchell-relay"
            return mitchell(self.tables, self.boards_per_round, arrow_switch=self.arrow_switch, pairs=self.pairs,
                            relay=relay)  # fmt: skip
        if self.movement_kind == ROUND_ROBIN:
            movement = teams_round_robin(self.pairs, self.boards_per_round)
            if self.tables != movement.tables:
                raise TournamentError(f"{self.pairs} teams play at {movement.tables} tables, not {self.tables}")
            return movement
        if self.movement_kind == "howell":
            if self.arrow_switch:
                raise TournamentError("a Howell has no arrow-switch: every pair plays both lines already")
            return howell(self.tables, self.boards_per_round, pairs=self.pairs)
        raise TournamentError(f"the movement is 'mitchell', 'mitchell-relay', 'howell' or '{ROUND_ROBIN}', not "
                              f"{self.movement_kind!r}")  # fmt: skip

    @property
    def scoring(self) -> Form:
        """The event's form; with an assigned score its board points to ``weighted_decimals`` (a teams event's
        weighted IMPs to the hundredth by default, ``results.board_imps``, L12C1(c))."""
        form = _FORMS[self.form]
        if any(e.assigned is not None for e in self.entries):
            form = replace(form, decimals=self.weighted_places)
        return replace(form, neuberg=False) if self.factoring == "proportional" else form

    @property
    def weighted_places(self) -> int:
        """The decimals of a weighted assigned score's points (L12C1(c)): ``weighted_decimals``, else the form's
        own (a team match's weighted IMPs to the hundredth)."""
        if self.weighted_decimals is not None:
            return self.weighted_decimals
        return 2 if self.form == "teams" else _FORMS[self.form].decimals

    @property
    def boards(self) -> tuple[Board, ...]:
        """The event's boards, dealt from its seed (L6; the same seed deals the same boards) or its ``deals``."""
        numbers = self.movement.boards
        if self.deals:
            dealt = {b.number: b for b in self.deals}
            return tuple(dealt[n] for n in numbers)
        return deal_boards(len(numbers), self.seed, first=numbers[0])

    def encounter(self, round_number: int, table: int) -> Encounter:
        for e in self.movement.round(round_number):
            if e.table == table:
                return e
        raise TournamentError(f"round {round_number} has tables 1 to {self.tables}, not {table} (L8)")

    def enter(self, entry: Entry, *, correct: bool = False, lead: bool = False, held: bool = False) -> Event:
        """The event with one more result, after the checks: the board is played at that table in that round, the
        table has two pairs, the result is a possible one (L77: a contract, declarer and 0–13 tricks, or an
        artificial score), and that board has no result at that table yet. ``correct``: the result replaces the
        one entered there instead (a scoring error corrected, L79C; an adjusted score in place of the result
        obtained, L12A, L12C), which is kept in ``replaced``. ``lead`` (a new entry; results already recorded are
        read as they are): the lead is a card, written ``SK``; ``held``: one the hand on declarer's left holds on
        the event's board (L41A). Changes nothing on error."""
        e = self.encounter(entry.round, entry.table)
        where = entry.where
        if entry.board not in e.boards:
            raise TournamentError(f"{where}: board {entry.board} is not played there (boards {e.boards[0]}–"
                                  f"{e.boards[-1]}; L8)")  # fmt: skip
        if e.ns is None or e.ew is None:
            raise TournamentError(f"{where}: pair {e.sit_out} sits out this round; no result is scored (L8)")
        key = (entry.round, entry.table, entry.board)
        old = next((i for i, x in enumerate(self.entries) if (x.round, x.table, x.board) == key), None)
        if old is not None and not correct:
            raise TournamentError(f"{where}: a result is already entered (a correction replaces it: event result "
                                  "--correct, L79C)")  # fmt: skip
        if old is None and correct:
            raise TournamentError(f"{where}: no result is entered there to correct")
        if self.movement.kind is Kind.TEAMS:
            self._check_rooms(entry)
        elif entry.at_fault is not None:
            raise TournamentError(f"{where}: the side at fault is named for an assigned score in a team match "
                                  "(L86B2(b)); a pairs event scores the assigned score as it is (L12C1)")  # fmt: skip
        self._table_result(entry, e)
        if lead and entry.contract is not None and entry.adjusted is not None:  # a new entry (files read as written)
            raise TournamentError(f"{where}: a result is a contract, an artificial score (L12C2) or an assigned score "
                                  "(L12C1): one")  # fmt: skip
        if lead and (entry.adjusted, entry.assigned) != (None, None) and not (entry.reason or "").strip():
            raise TournamentError(f"{where}: an adjusted score needs the Director's reason (L12C2; L81C8: the "
                                  "results he delivers for the records)")  # fmt: skip
        if lead or held:
            entry = replace(entry, lead=self._opening_lead(entry, where, held))
        if old is None:
            return replace(self, entries=(*self.entries, entry))
        entries = (*self.entries[:old], entry, *self.entries[old + 1 :])
        return replace(self, entries=entries, replaced=(*self.replaced, self.entries[old]))

    def _check_rooms(self, entry: Entry) -> None:
        """A team match's two rooms stay comparable (``results.board_imps``): the same form of a fouled board
        (L87C, L86B2), an assigned score against another form only with the side at fault (L86B2(b)); at most one
        adjusted score on a board when one is assigned (L86B1, L86B2); one assigned score, not a split one (the
        board is one comparison, L78B); artificial scores whose IMPs balance between the teams (L12C2(b))."""
        where = entry.where
        if entry.assigned_ew is not None:
            raise TournamentError(f"{where}: a split assigned score (L12C1(e)) is not scored in a team match, whose "
                                  "board is one comparison of the two rooms (L78B): give one assigned score "
                                  "(--assigned, L86B1)")  # fmt: skip
        mate = entry.table + 1 if entry.table % 2 else entry.table - 1  # the match's other room
        other = next((x for x in self.entries if (x.round, x.table, x.board) == (entry.round, mate, entry.board)),
                     None)  # fmt: skip
        if other is None:
            return
        pair = (entry, other)
        if any(x.adjusted is not None for x in pair) and all(x.assigned is None for x in pair):
            # artificial scores: each team's IMPs must balance (L12C2(b), ``board_imps``)
            mine, theirs = (self._table_result(x, self.encounter(x.round, x.table)) for x in (entry, other))
            rooms = (mine, theirs) if entry.table < mate else (theirs, mine)
            try:
                board_imps(*rooms, self.board(entry.board), self.scoring.imp_artificial)
            except TournamentError as exc:
                raise TournamentError(f"{where}: {exc}") from None
        adjusted = [x for x in (entry, other) if (x.adjusted, x.assigned) != (None, None)]
        if len(adjusted) == 2 and any(x.assigned is not None for x in adjusted):
            raise TournamentError(f"{where}: the other room (table {mate}) has an adjusted score too; with an "
                                  "assigned one they cannot be compared (L86B2): the Director gives artificial "
                                  "scores (A60/40, L12C2; L86B2(a), (c)), or, one side at fault, an assigned "
                                  "score against the other room's played result with --at-fault "
                                  "(L86B2(b))")  # fmt: skip
        blind = len(adjusted) == 1 and adjusted[0].assigned is not None and adjusted[0].at_fault is None
        if blind and other.fouled != entry.fouled:
            raise TournamentError(f"{where}: the rooms of board {entry.board} (table {mate}) played different forms "
                                  "and an assigned score against the other room's is not comparable (L87C, "
                                  "L86B2): name the side at fault (--at-fault, L86B2(b)) or give artificial "
                                  "scores (A60/40, L12C2; L86B2(a), (c))")  # fmt: skip
        if not adjusted and other.fouled != entry.fouled:
            raise TournamentError(f"{where}: the other room (table {mate}) played board {entry.board} in "
                                  f"another form ({other.fouled or 'the correct one'}): the rooms cannot be "
                                  "compared (L87C, L86B2): the Director awards adjusted scores (artificial: "
                                  "A60/40, L12C2; one side at fault: an assigned score with --at-fault, "
                                  "L86B2(b))")  # fmt: skip

    def board(self, number: int) -> Board:
        """Board ``number`` of the event (its ``deals``', or dealt from its seed as ``boards`` deals it)."""
        numbers = self.movement.boards
        if number not in numbers:
            raise TournamentError(f"the event plays boards {numbers[0]}–{numbers[-1]}, not {number}")
        if self.deals:
            return next(b for b in self.deals if b.number == number)
        return deal_boards(1, self.seed, first=number)[0]

    def _opening_lead(self, entry: Entry, where: str, held: bool) -> str | None:
        """The lead as a card (``SK``); ``held``: once it is a card of the hand on declarer's left (L41A)."""
        if entry.lead is None:
            return None
        if entry.declarer is None or (entry.adjusted, entry.assigned) != (None, None):
            raise TournamentError(f"{where}: an opening lead is entered with a contract and its declarer only")
        try:
            card = Card.parse(entry.lead)
        except BridgeError as exc:
            raise TournamentError(f"{where}: the opening lead: {exc}") from None
        leader = Seat.parse(entry.declarer).lho
        if held and card not in self.board(entry.board).deal[leader]:
            raise TournamentError(f"{where}: the opening lead {card} is not in {leader.name.title()}'s hand (L41A: "
                                  "the player on declarer's left leads)")  # fmt: skip
        return str(card)

    def _table_result(self, entry: Entry, e: Encounter) -> TableResult:
        ns, ew = (str(e.ns),), (str(e.ew),)
        where = entry.where
        try:
            if entry.at_fault is not None and entry.assigned is None:
                what = "an artificial score" if entry.adjusted else "a result"
                raise TournamentError(f"the side at fault is NS or EW, given with an assigned score (L86B2(b)), "
                                      f"not with {what}")  # fmt: skip
            if entry.assigned is not None and (entry.adjusted, entry.contract) != (None, None):
                raise TournamentError("a result is a contract, an artificial score (L12C2) or an assigned score "
                                      "(L12C1): one")  # fmt: skip
            if entry.adjusted is not None:
                return TableResult(entry.board, ns, ew, artificial=Artificial.parse(entry.adjusted),
                                   fouled=entry.fouled, round=entry.round, table=entry.table)  # fmt: skip
            if entry.assigned_ew is not None and entry.assigned is None:
                raise TournamentError("a split score gives each side its own: NS's and EW's (L12C1(e))")
            if entry.assigned is not None:
                board = self.board(entry.board)
                split = None if entry.assigned_ew is None else parse_assigned(entry.assigned_ew, board)
                return TableResult(entry.board, ns, ew, assigned=parse_assigned(entry.assigned, board),
                                   assigned_ew=split, fouled=entry.fouled, round=entry.round,
                                   table=entry.table, at_fault=entry.at_fault)  # fmt: skip
            if entry.contract is None or entry.contract.upper() in ("PASS", "P"):
                return TableResult(entry.board, ns, ew, passed_out=True, fouled=entry.fouled, round=entry.round,
                                   table=entry.table)  # fmt: skip
            if entry.declarer is None or entry.tricks is None:
                raise TournamentError("a contract needs the declarer and the tricks taken (L79A)")
            if not 0 <= entry.tricks <= 13:
                raise TournamentError(f"tricks are 0 to 13, not {entry.tricks} (L77)")
            return TableResult(entry.board, ns, ew, Contract.parse(entry.contract), Seat.parse(entry.declarer),
                               entry.tricks, lead=entry.lead, fouled=entry.fouled, round=entry.round,
                               table=entry.table)  # fmt: skip
        except BridgeError as exc:
            raise TournamentError(f"{where}: {exc}") from None

    def _results(self) -> dict[tuple[int, int, int], list[TableResult]]:
        """The results by board and comparison group: a board's whole field (round 0, table 0), or a teams
        match's two rooms (its round, its first table)."""
        groups: dict[tuple[int, int, int], list[TableResult]] = {}
        teams = self.movement.kind is Kind.TEAMS
        for entry in self.entries:
            group = (entry.round, entry.table - (entry.table + 1) % 2) if teams else (0, 0)
            groups.setdefault((entry.board, *group), []).append(
                self._table_result(entry, self.encounter(entry.round, entry.table))
            )
        return groups

    def scored(self) -> tuple[tuple[BoardRecord, tuple[ScoredResult, ...]], ...]:
        """Every board with results, scored by the event's form (L77, L78; a teams match's two rooms compared with
        each other, L78B), an artificial score by the session's other boards where L12C2(c) says so; at
        matchpoints a board with fewer results than the movement plays it as ``factoring`` says (L78D). A teams
        board's rooms show the match's IMPs on it from each room's NS side (``results.board_imps``: an artificial
        score's ±3 in both rooms, L12C2(b)), the same the match, the exports and ``results`` read; a board whose
        other room has no result yet has no IMPs."""
        if self.movement.kind is Kind.TEAMS:
            return self._teams_scored()
        by_board: dict[int, list[ScoredResult]] = {}
        boards = {b.number: b for b in self.boards}
        factored = self._factored()
        for (number, _, _), results in sorted(self._results().items()):
            expected = factored[number][1] if number in factored else None
            by_board.setdefault(number, []).extend(score_board(results, boards[number], self.scoring,
                                                               expected=expected))  # fmt: skip
        numbers = sorted(by_board)
        scored = session_scores((by_board[n] for n in numbers), self.scoring)
        return tuple((BoardRecord.of(boards[n]), s) for n, s in zip(numbers, scored, strict=True))

    def _factored(self) -> dict[int, tuple[str, int]]:
        """At matchpoints, by board, ``factoring`` with the results the movement plays the board for (its top,
        L78A): how a board with fewer results is scored, a condition of contest (L78D); empty when ``none``."""
        if self.factoring == "none":
            return {}
        tables = Counter(b for e in self.movement.encounters if e.ns is not None and e.ew is not None for b in e.boards)
        return {number: (self.factoring, count) for number, count in tables.items()}

    def _teams_scored(self) -> tuple[tuple[BoardRecord, tuple[ScoredResult, ...]], ...]:
        boards = {b.number: b for b in self.boards}
        by_board: dict[int, list[ScoredResult]] = {}
        for (number, _, _), match in sorted(self._results().items()):
            board = boards[number]
            both = sorted(match, key=lambda r: r.table or 0)
            scale = self.scoring.imp_artificial
            home = board_imps(both[0], both[1], board, scale, self.weighted_places) if len(both) == 2 else None
            by_board.setdefault(number, []).extend(
                ScoredResult(r, r.score_ns(board), None if home is None else float(sign * home),
                             None if home is None else float(-sign * home))
                for r, sign in zip(both, (1, -1), strict=False)
            )  # fmt: skip
        return tuple((BoardRecord.of(boards[n]), tuple(by_board[n])) for n in sorted(by_board))

    def ranking(self) -> tuple[Standing, ...]:
        """The ranking so far; a Mitchell without arrow-switch ranks its NS and EW lines apart (two winners); a
        teams event by the victory points of its matches (the boards both rooms have played)."""
        if self.movement.kind is Kind.TEAMS:
            return self._teams_ranking()
        two = self.movement.kind is Kind.MITCHELL and not self.arrow_switch
        return rank_event((s for _, s in self.scored()), self.scoring, by_direction=two, names=dict(self.names))

    def matches(self) -> tuple[tuple[Encounter, MatchScore], ...]:
        """Each teams match with results in both rooms: its open room's encounter (home NS) and its score (IMPs
        board by board, VP on the WBF 2013 scale)."""
        boards = {b.number: b for b in self.boards}
        out = []
        rooms = self._results()
        for e in self.movement.encounters:
            if e.table % 2 == 0 or e.ns is None:
                continue
            pairs = []
            for number in e.boards:
                both = rooms.get((number, e.round, e.table), [])
                if len(both) == 2:
                    open_room, closed_room = sorted(both, key=lambda r: r.table or 0)
                    pairs.append((open_room, closed_room, boards[number]))
            if pairs:
                out.append((e, score_match(pairs, home=str(e.ns), scale=self.scoring.imp_artificial,
                                            decimals=self.weighted_places)))  # fmt: skip
        return tuple(out)

    def _teams_ranking(self) -> tuple[Standing, ...]:
        vp: dict[str, float] = {str(t): 0.0 for t in self.movement.pairs}
        played: dict[str, int] = dict.fromkeys(vp, 0)
        for e, match in self.matches():
            for team, points in ((str(e.ns), match.vp[0]), (str(e.ew), match.vp[1])):
                vp[team] += points
                played[team] += len(match.boards)
        form = self.scoring
        teams = [t for t in vp if played[t]]
        places = compare.rank([form.round(vp[t], form.total_decimals) for t in teams])
        standings = [Standing(t, None, form.round(vp[t], form.total_decimals), None, place, played[t],
                              self.names.get(t, "")) for t, place in zip(teams, places, strict=True)]  # fmt: skip
        return tuple(sorted(standings, key=lambda s: (s.rank.position, int(s.id))))

    def ranking_json(self) -> list[dict[str, Any]]:
        """The ranking as JSON: id, line, names, total, percentage, points per board (``average``: IMPs), rank
        and whether tied, boards scored."""
        return [{"id": s.id, "direction": s.direction, "names": s.names, "total": s.total, "percentage": s.percentage,
                 "average": s.average, "rank": s.rank.position, "tied": s.rank.tied, "boards": s.boards}
                for s in self.ranking()]  # fmt: skip

    def _match_records(self, what: str) -> tuple[MatchRecord, ...]:
        """Every match of a teams event in the order of the movement, with its score once both rooms have played
        all its boards (None while neither has begun). ``TournamentError``, its message led by ``what``, for a
        match begun and not finished (its VPs are not known yet, L78B), or when no match is finished."""
        entered = {(x.round, x.table, x.board) for x in self.entries}
        scores = {(e.round, e.table): match for e, match in self.matches()}
        records = []
        for e in self.movement.encounters:
            if e.table % 2 == 0 or e.ns is None or e.ew is None:
                continue
            where = f"round {e.round}, match {e.ns} v {e.ew} (tables {e.table} and {e.table + 1})"
            rooms = ((e.table, "open"), (e.table + 1, "closed"))
            missing = [(b, t, room) for b in e.boards for t, room in rooms if (e.round, t, b) not in entered]
            if len(missing) not in (0, 2 * len(e.boards)):
                b, t, room = missing[0]
                raise TournamentError(f"{what}: {where} is not finished: board {b} has no result in the {room} "
                                      f"room (table {t}); enter it, or the Director's score (L12), first")  # fmt: skip
            records.append(MatchRecord(e.round, e.table, str(e.ns), str(e.ew), scores.get((e.round, e.table))))
        if all(r.score is None for r in records):
            raise TournamentError(f"{what}: no match is finished yet, nothing to publish")
        return tuple(records)

    def pbn_scores(self) -> str:
        """The results as PBN 2.1 (``ScoreTable``, ``TotalScoreTable``; a teams event's matches too)."""
        from contractbridge.tournament import pbn_scores

        if self.movement.kind is Kind.TEAMS:
            matches = self._match_records("a teams event's PBN results")
            return pbn_scores.dumps_teams(self.name, self.scoring, self.scored(), matches, self.ranking())
        return pbn_scores.dumps(self.name, self.scoring, self.scored(), self.ranking(), self._factored())

    def usebio(self) -> str:
        """The results as USEBIO 1.2 XML (a teams event's matches with their boards)."""
        from contractbridge.tournament import usebio

        if self.movement.kind is Kind.TEAMS:
            matches = self._match_records("a teams event's USEBIO results")
            return usebio.dumps_teams(self.name, self.scoring, self.scored(), matches, self.ranking(),
                                      self.boards_per_round)  # fmt: skip
        return usebio.dumps(self.name, self.scoring, self.scored(), self.ranking(), factoring=self._factored())

    def site(self, records: Sequence[HandRecord] = ()) -> dict[str, str | bytes]:
        """The HTML results site's files (with each board's DD table and par when its hand record is given)."""
        from contractbridge.tournament import site

        by_number = {r.board.number: r for r in records}
        return site.render_site(self.name, self.scoring, self.scored(), self.ranking(), hand_records=by_number)

    def to_json(self) -> str:
        data = {
            "format": FORMAT, "version": 1, "name": self.name, "form": self.form,
            "movement": {"kind": self.movement_kind, "tables": self.tables, "boards_per_round": self.boards_per_round,
                         "pairs": self.pairs, "arrow_switch": list(self.arrow_switch)},
            "seed": self.seed, "factoring": self.factoring, "names": dict(self.names),
            "results": [e.to_dict() for e in self.entries],
        }  # fmt: skip
        if self.weighted_decimals is not None:  # a file without it: the form's own (files before the condition)
            data["weighted_decimals"] = self.weighted_decimals
        if self.replaced:
            data["replaced"] = [e.to_dict() for e in self.replaced]
        if self.deals:
            data["deals"] = [board_to_dict(b) for b in self.deals]
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str = "event file") -> Event:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TournamentError(f"{source}: not JSON ({exc})") from None
        except RecursionError:
            raise TournamentError(f"{source}: not JSON (nested too deeply)") from None
        except ValueError as exc:  # a number beyond Python's digit limit
            raise TournamentError(f"{source}: not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TournamentError(f'{source}: not a contractbridge event file (no "format": "{FORMAT}")')
        try:
            m = data["movement"]
            event = cls(str(data["name"]), str(data["form"]), str(m["kind"]), int(m["tables"]),
                        int(m["boards_per_round"]), int(m["pairs"]), str(data["seed"]),
                        tuple(int(r) for r in m.get("arrow_switch", ())),
                        {str(k): str(v) for k, v in dict(data.get("names", {})).items()},
                        deals=tuple(board_from_dict(b) for b in data.get("deals", ())),
                        factoring=str(data.get("factoring", "none")),
                        weighted_decimals=data.get("weighted_decimals"))  # fmt: skip
            entries = [Entry(**{k: v for k, v in dict(e).items()}) for e in data.get("results", [])]
            replaced = tuple(Entry(**dict(e)) for e in data.get("replaced", []))
        except (KeyError, TypeError, ValueError) as exc:
            raise TournamentError(f"{source}: {exc!r} in the event file") from None
        try:
            for entry in entries:
                event = event.enter(entry)
        except TournamentError as exc:  # a result the file holds that the event refuses: the file is named
            raise TournamentError(f"{source}: {exc}") from None
        return replace(event, replaced=replaced)
