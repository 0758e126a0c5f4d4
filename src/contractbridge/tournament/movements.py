"""Pairs movements: which pairs meet at which table in which round, and which boards they play there (L6–L8).

A movement is computed, not typed in: ``mitchell(tables)`` (NS stationary, EW up one table, boards down one;
a skip after half the rounds for an even number of tables; arrow-switched rounds), ``howell(tables)`` (every
pair meets every other, from a published first round rotated by the Howell rule), and a sit-out pair for an
odd number of pairs (the phantom's opponents have a bye that round). ``check`` verifies a movement as data:
the right opponents, every board played the right number of times in each direction, no pair playing a board
twice (L15A forbids a contestant playing a board it has already played).

Board sets: set ``k`` holds boards ``(k-1)·b+1 … k·b`` for ``b`` boards a round. The boards of a board set
move together from table to table (L7B: the board is kept on the table and moved as the movement says); two
tables given the same set in the same round share it (a relay, L7D: the Director arranges the sharing).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from contractbridge.errors import TournamentError

__all__ = [
    "HOWELL_STARTS",
    "Encounter",
    "HowellStart",
    "Kind",
    "Movement",
    "MovementProblem",
    "PairPlace",
    "check",
    "howell",
    "mitchell",
    "teams_round_robin",
]


class Kind(Enum):
    """What a movement promises: a Mitchell (each NS pair meets EW pairs only, one winner per direction
    unless arrow-switched), a complete Howell (every pair meets every other pair once, one winner) or a teams
    round robin (each match at two tables, its numbers teams)."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    TEAMS = "teams"


@dataclass(frozen=True, slots=True)
class Encounter:
    """One table in one round: the pairs sitting NS and EW (``None`` for the phantom of an odd count: the other
    pair sits out, L8 round) and the boards played there."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]

    @property
    def sit_out(self) -> int | None:
        """The pair that has a bye at this table (its opponent is the phantom), or None."""
        if self.ns is None:
            return self.ew
        return self.ns if self.ew is None else None


@dataclass(frozen=True, slots=True)
class PairPlace:
    """A line of a pair's movement card: where it plays in a round, which way, against whom, which boards."""

    round: int
    table: int
    direction: str
    opponent: int | None
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Movement:
    """A computed movement (L8A: the Director's movement, round by round). ``encounters`` in round, table
    order; ``phantom`` is the pair number that does not exist when the count of pairs is odd."""

    name: str
    kind: Kind
    tables: int
    rounds: int
    boards_per_round: int
    pairs: tuple[int, ...]
    encounters: tuple[Encounter, ...]
    phantom: int | None = None
    source: str = ""
    arrow_switch: frozenset[int] = frozenset()

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for e in self.encounters for b in e.boards}))

    def round(self, number: int) -> tuple[Encounter, ...]:
        if not 1 <= number <= self.rounds:
            raise TournamentError(f"{self.name} has rounds 1 to {self.rounds}, not {number} (L8)")
        return tuple(e for e in self.encounters if e.round == number)

    def card(self, pair: int) -> tuple[PairPlace, ...]:
        """The movement card of one pair: round by round, table, direction, opponent, boards."""
        if pair not in self.pairs or pair == self.phantom:
            raise TournamentError(f"no pair {pair} in {self.name}")
        out = []
        for e in self.encounters:
            if e.ns == pair:
                out.append(PairPlace(e.round, e.table, "NS", e.ew, e.boards))
            elif e.ew == pair:
                out.append(PairPlace(e.round, e.table, "EW", e.ns, e.boards))
        return tuple(out)

    def printout(self) -> str:
        """A plain-text movement sheet: one line per round, one column per table (``NS-EW: boards``, or the pair
        that sits out)."""
        lines = [f"{self.name}: {self.tables} tables, {self.rounds} rounds of {self.boards_per_round} boards"]
        if self.source:
            lines.append(f"source: {self.source}")
        for r in range(1, self.rounds + 1):
            cells = []
            for e in self.round(r):
                if e.ns is None or e.ew is None:  # a sit-out: no boards are played there (it printed "--1: 1-2")
                    cells.append(f"T{e.table} {e.sit_out} sits out")
                else:
                    cells.append(f"T{e.table} {e.ns}-{e.ew}: {e.boards[0]}-{e.boards[-1]}")
            lines.append(f"round {r}: " + "; ".join(cells))
        return "\n".join(lines)


def _set(number: int, per_round: int) -> tuple[int, ...]:
    return tuple(range((number - 1) * per_round + 1, number * per_round + 1))


#: Bounds of a movement beyond any session (a larger field plays in sections): a bad number is refused at once
#: instead of dealing boards until memory runs out.
MAX_TABLES: Final = 100
MAX_BOARDS_PER_ROUND: Final = 64


def _check_size(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TournamentError(f"{name} must be a whole number from {low} to {high}, not {value!r}")


# ---------------------------------------------------------------------------------------------- Mitchell


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    arrow_switch: Iterable[int] = (),
    pairs: int | None = None,
    relay: bool = False,
) -> Movement:
    """A Mitchell: NS pair ``t`` stays at table ``t``, EW pair ``t`` starts there and moves up one table a round,
    the boards move down one table (board set ``t + r − 1`` at table ``t`` in round ``r``). With an even number
    of tables the EW pairs skip a table after half the rounds (else they would meet boards they have played), so
    ``tables − 1`` rounds at most; or, with ``relay``, no skip and ``tables`` rounds: a bye stand between tables
    T/2 and T/2 + 1 holds one set each round and tables 1 and T share a set (the relay, L7D). ``arrow_switch``
    names rounds in which every table turns its boards (the EW pair plays the NS cards), so that one winner can
    be ranked. ``pairs`` (``2·tables − 1``) leaves out EW pair ``tables``: its opponents sit out (a bye, L8)."""
    _check_size("a Mitchell's tables", tables, 3, MAX_TABLES)
    _check_size("boards a round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    even = tables % 2 == 0
    relay = relay and even
    most = tables if not even or relay else tables - 1
    played = most if rounds is None else rounds
    _check_size("a Mitchell's rounds", played, 1, most)
    count = 2 * tables if pairs is None else pairs
    if count not in (2 * tables, 2 * tables - 1):
        raise TournamentError(f"a {tables}-table Mitchell seats {2 * tables - 1} or {2 * tables} pairs, not {count}")
    phantom = 2 * tables if count == 2 * tables - 1 else None
    switched = frozenset(arrow_switch)
    if not switched <= set(range(1, played + 1)):
        raise TournamentError(f"arrow-switch rounds must be among 1 to {played}, not {sorted(switched)}")
    encounters = []
    for r in range(1, played + 1):
        step = r - 1 + (1 if even and not relay and r > tables // 2 else 0)
        for t in range(1, tables + 1):
            ew_index = (t - 1 - step) % tables + 1
            ns, ew = t, tables + ew_index
            board_set = (_relay_position(t, tables) if relay else t - 1) + r - 1
            board_set = board_set % tables + 1
            if r in switched:
                ns, ew = ew, ns
            encounters.append(
                Encounter(r, t, None if ns == phantom else ns, None if ew == phantom else ew,
                          _set(board_set, boards_per_round))
            )  # fmt: skip
    name = f"{tables}-table Mitchell" + (" (relay and bye stand)" if relay else " (skip)" if even else "")
    source = "NS stationary; EW up one table, boards down one; " + (
        "even tables: a bye stand after table T/2, tables 1 and T share (relay)" if relay
        else "even tables: EW skip after half the rounds"
    )  # fmt: skip
    return Movement(
        name, Kind.MITCHELL, tables, played, boards_per_round, tuple(range(1, 2 * tables + 1)), tuple(encounters),
        phantom, source, switched,
    )  # fmt: skip


def _relay_position(table: int, tables: int) -> int:
    """A table's place in the board circuit of a relay-and-bye-stand Mitchell: tables 1…T/2 at 0…T/2 − 1, the bye
    stand at T/2, tables T/2 + 1…T − 1 after it, and table T at table 1's place (the shared relay set)."""
    if table == tables:
        return 0
    return table - 1 if table <= tables // 2 else table


# ---------------------------------------------------------------------------------------------- Howell


@dataclass(frozen=True, slots=True)
class HowellStart:
    """The first round of a complete Howell: for each table the NS and EW pair and the board set. The other rounds
    follow by the Howell rule: pair ``2T`` stays at table 1, every other pair moves to the place the next lower
    pair (cyclically, 1 after ``2T − 1``) had, and every board set moves on to the next number."""

    tables: int
    seats: tuple[tuple[int, int], ...]
    sets: tuple[int, ...]
    source: str


_BRIDGECENTRAL: Final = "bridgecentral.com 'Endless Howell movement' (4 tables: 8-1 7-2 6-3 5-4, sets 1 3 5 2)"
_DERIVED: Final = (
    "derived by the method of bridgecentral.com 'Deriving Howell movements' (a skeleton whose pair differences "
    "mod 2T−1 cover each class once; board sets with distinct set − pair offsets)"
)

HOWELL_STARTS: Final[dict[int, HowellStart]] = {
    3: HowellStart(3, ((6, 1), (5, 2), (4, 3)), (1, 1, 1),
                   "scjc-bridge.fr 'Le Mouvement Howell', 6 pairs: the three tables play the same set each round"),
    4: HowellStart(4, ((8, 1), (7, 2), (6, 3), (5, 4)), (1, 3, 5, 2), _BRIDGECENTRAL),
    5: HowellStart(5, ((10, 1), (3, 2), (8, 4), (7, 5), (9, 6)), (1, 6, 5, 3, 8), _DERIVED),
    6: HowellStart(6, ((12, 1), (3, 2), (7, 4), (9, 5), (11, 6), (10, 8)), (1, 4, 10, 2, 5, 6), _DERIVED),
    7: HowellStart(7, ((14, 1), (3, 2), (7, 4), (10, 5), (13, 6), (12, 8), (11, 9)), (1, 4, 12, 3, 10, 11, 5),
                   _DERIVED),
    8: HowellStart(8, ((16, 1), (3, 2), (6, 4), (11, 5), (15, 7), (12, 8), (14, 9), (13, 10)),
                   (1, 4, 11, 8, 13, 7, 3, 6), _DERIVED),
}  # fmt: skip
"""First rounds of the complete Howells for 3–8 tables (pairs NS-EW and board set per table), each with its
source. Rounds and sets are ``2T − 1``; 3 tables play one set at all three tables (a shared set, L7D)."""


def howell(tables: int, boards_per_round: int = 2, *, pairs: int | None = None) -> Movement:
    """The complete Howell for ``tables`` (3–8) from ``HOWELL_STARTS``: ``2T − 1`` rounds, every pair meets every
    other pair once. ``pairs = 2T − 1`` makes pair ``2T`` the phantom: its opponent sits out each round."""
    _check_size("a Howell's tables", tables, 3, 8)
    _check_size("boards a round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    start = HOWELL_STARTS[tables]
    cycle = 2 * tables - 1
    count = 2 * tables if pairs is None else pairs
    if count not in (cycle, 2 * tables):
        raise TournamentError(f"a {tables}-table Howell seats {cycle} or {2 * tables} pairs, not {count}")
    phantom = 2 * tables if count == cycle else None

    def moved(pair: int, r: int) -> int:
        return pair if pair == 2 * tables else (pair - 1 + r) % cycle + 1

    encounters = []
    for r in range(cycle):
        for t, ((ns, ew), board_set) in enumerate(zip(start.seats, start.sets, strict=True), start=1):
            a, b = moved(ns, r), moved(ew, r)
            encounters.append(
                Encounter(r + 1, t, None if a == phantom else a, None if b == phantom else b,
                          _set((board_set - 1 + r) % cycle + 1, boards_per_round))
            )  # fmt: skip
    return Movement(
        f"{tables}-table Howell", Kind.HOWELL, tables, cycle, boards_per_round, tuple(range(1, 2 * tables + 1)),
        tuple(encounters), phantom, start.source,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------- checks


@dataclass(frozen=True, slots=True)
class MovementProblem:
    """A fault of a movement: what is wrong and where (round, table, pair or board)."""

    what: str
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def teams_round_robin(teams: int, boards_per_round: int = 2) -> Movement:
    """A teams round robin (``teams.round_robin``, the circle method) as a movement: each match of a round at two
    tables, the home team North-South at the first (the open room) and East-West at the second (the closed room),
    both rooms playing the round's board set (L78B: a board's two results compared for the match). An odd count's
    bye team has no table that round."""
    from contractbridge.tournament.teams import round_robin

    _check_size("teams", teams, 3, 40)
    _check_size("boards a round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    schedule = round_robin(teams)
    encounters = []
    for r in sorted({m.round for m in schedule}):
        played = [m for m in schedule if m.round == r and m.away is not None]
        boards = _set(r, boards_per_round)
        for i, m in enumerate(played):
            assert m.away is not None
            encounters += [Encounter(r, 2 * i + 1, m.home, m.away, boards),
                           Encounter(r, 2 * i + 2, m.away, m.home, boards)]  # fmt: skip
    return Movement(
        f"{teams}-team round robin", Kind.TEAMS, 2 * (teams // 2), max(m.round for m in schedule), boards_per_round,
        tuple(range(1, teams + 1)), tuple(encounters), None,
        "circle (Berger) method; each match: home NS at the odd table (open room), EW at the even (closed room)",
    )  # fmt: skip


def check(movement: Movement) -> list[MovementProblem]:
    """The movement's faults as data (empty when sound):

    - a pair seated twice in one round, or at one table against itself;
    - a pair playing a board twice (L15A);
    - a board not scheduled the same number of times as every other board (a sit-out table counts: the bye
      is the phantom's, the board is still in play there);
    - each board's NS and EW lines apart: no pair is NS and EW on one board (else it compares with itself);
    - opponents: a Howell meets every other pair exactly once; a Mitchell without arrow-switch meets only pairs
      of the other line, none twice; an arrow-switched Mitchell meets no pair twice."""
    problems: list[MovementProblem] = []
    real = [p for p in movement.pairs if p != movement.phantom]
    seen_round: dict[tuple[int, int], int] = {}
    played: dict[tuple[int, int], tuple[int, int]] = {}
    times: Counter[int] = Counter()
    meetings: Counter[frozenset[int]] = Counter()
    lines: dict[int, set[str]] = defaultdict(set)
    for e in movement.encounters:
        where = f"round {e.round}, table {e.table}"
        if e.ns is not None and e.ns == e.ew:
            problems.append(MovementProblem(f"pair {e.ns} is at both sides of the table", where))
        for pair, line in ((e.ns, "NS"), (e.ew, "EW")):
            if pair is None:
                continue
            lines[pair].add(line)
            if (e.round, pair) in seen_round:
                other = seen_round[(e.round, pair)]
                problems.append(MovementProblem(f"pair {pair} is also seated at table {other}", where))
            seen_round[(e.round, pair)] = e.table
            for board in e.boards:
                if (pair, board) in played:
                    r, t = played[(pair, board)]
                    problems.append(
                        MovementProblem(f"pair {pair} plays board {board} again (played in round {r}, table {t}; L15A)",
                                        where)
                    )  # fmt: skip
                played[(pair, board)] = (e.round, e.table)
        for board in e.boards:
            times[board] += 1
        if e.ns is not None and e.ew is not None and e.ns != e.ew:
            meetings[frozenset((e.ns, e.ew))] += 1
        elif e.sit_out is None:
            problems.append(MovementProblem("a table without pairs", where))
    expected_times = max(times.values(), default=0)
    for board in movement.boards:
        if times[board] != expected_times:
            problems.append(
                MovementProblem(
                    f"scheduled {times[board]} times, other boards {expected_times} times", f"board {board}"
                )
            )
    for key, count in meetings.items():
        if count > 1:
            a, b = sorted(key)
            problems.append(MovementProblem(f"pairs {a} and {b} meet {count} times", "movement"))
    if movement.kind is Kind.HOWELL:
        for i, a in enumerate(real):
            for b in real[i + 1 :]:
                if meetings[frozenset((a, b))] == 0:
                    problems.append(MovementProblem(f"pairs {a} and {b} never meet", "movement"))
    else:
        if not movement.arrow_switch:
            for key in meetings:
                a, b = sorted(key)
                if (a <= movement.tables) == (b <= movement.tables):
                    problems.append(MovementProblem(f"pairs {a} and {b} of one line meet", "movement"))
            for pair in real:
                if len(lines[pair]) > 1:
                    problems.append(MovementProblem(f"pair {pair} changes line without an arrow-switch", "movement"))
    return problems
