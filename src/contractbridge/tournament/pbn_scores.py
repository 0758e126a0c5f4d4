"""Published results in PBN 2.1 ``ScoreTable``/``TotalScoreTable`` sections (as Ruter, Magic Contest and Bridge
Composer write them): read them into table results and the published numbers, re-score every board from its
contract and result (L77), recompute the board points and the ranking by the event's form (L78, L12C2) and
say where the file's published number differs from the recomputed one, and why.

Only the tag and section values of the project's PBN reader (``formats.pbn``) are read here.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Board, Deal, Vulnerability, board_dealer
from contractbridge.errors import BridgeError, TournamentError
from contractbridge.formats.pbn import PbnFile, PbnGame
from contractbridge.formats.pbn_values import PbnTable
from contractbridge.scoring import compare
from contractbridge.tournament.results import (
    BUTLER_RUTER,
    CROSS_IMPS,
    MATCHPOINTS,
    Artificial,
    Form,
    MatchScore,
    Method,
    ScoredResult,
    Standing,
    TableResult,
    artificial_cell,
    assigned_cell,
    imp_text,
    parse_assigned_cell,
    rank_event,
    score_board,
    session_scores,
)

__all__ = [
    "IMPS_CELL",
    "BoardRecord",
    "Difference",
    "MatchRecord",
    "PublishedBoard",
    "PublishedEvent",
    "PublishedMatch",
    "PublishedRow",
    "PublishedTotal",
    "Recomputed",
    "dumps",
    "dumps_teams",
    "parse_factoring",
    "printed_decimals",
    "read_published",
    "recompute",
    "score_table_rows",
    "table_result",
]

#: The PBN 2.1 side suffixes of a score table's columns and the seats they stand for.
_PAIR_SIDES: Final = (("NS", ("NS",)), ("EW", ("EW",)))
_PLAYER_SIDES: Final = (("NS", ("North", "South")), ("EW", ("East", "West")))


@dataclass(frozen=True, slots=True)
class PublishedRow:
    """One row of a board's ``ScoreTable``: the result and the cells the program published for it, keyed by
    contestant id (``points``, ``percent``)."""

    result: TableResult
    score_ns: str | None
    score_cells: tuple[str, str]
    points: dict[str, str] = field(default_factory=dict)
    percent: dict[str, str] = field(default_factory=dict)
    datum: str | None = None


@dataclass(frozen=True, slots=True)
class PublishedBoard:
    number: int
    vulnerability: Vulnerability
    deal: str | None
    rows: tuple[PublishedRow, ...]
    dealer: Seat | None = None
    #: How the board with fewer results was scored (L78D, a condition of contest): ``("neuberg" or
    #: "proportional", the results it is scored for)``, our ``[Factoring]`` tag; None: on its own top (L78A).
    factoring: tuple[str, int] | None = None

    @property
    def record(self) -> BoardRecord:
        return BoardRecord(self.number, board_dealer(self.number) if self.dealer is None else self.dealer,
                           self.vulnerability, self.deal)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PublishedTotal:
    """A ``TotalScoreTable`` line: id as the file writes it, rank (and the end of a tie, ``RankTie``), the
    direction, the total and percentage cells, names and boards played."""

    id: str
    rank: str
    rank_tie: str | None
    direction: str | None
    total: str
    percentage: str | None
    names: str
    boards: str | None


@dataclass(frozen=True, slots=True)
class PublishedMatch:
    """A teams match of a ``ScoreTable`` with ``MatchDetails`` (Ruter): IMPs of each segment and the VPs."""

    round: int
    table: int
    home: str
    away: str
    imps: tuple[float, float] | None
    vp: tuple[str, str] | None


@dataclass(frozen=True, slots=True)
class PublishedEvent:
    name: str
    program: str
    scoring: str
    form: Form
    boards: tuple[PublishedBoard, ...]
    totals: tuple[PublishedTotal, ...]
    matches: tuple[PublishedMatch, ...] = ()
    #: The boards a teams match, when the file says (USEBIO ``BOARDS_PER_ROUND``; a PBN summary does not).
    boards_per_match: int | None = None

    @property
    def two_winners(self) -> bool:
        """A Mitchell ranked NS and EW apart: the published ranking has a first place in each direction."""
        firsts = {t.direction for t in self.totals if t.rank.rstrip("=") == "1"}
        return firsts == {"NS", "EW"}


@dataclass(frozen=True, slots=True)
class Difference:
    """A published number that differs from the recomputed one: where, which number, both values and why."""

    where: str
    what: str
    published: str
    recomputed: str
    why: str
    tie_break: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.what} published {self.published}, recomputed {self.recomputed} ({self.why})"


@dataclass(frozen=True, slots=True)
class Recomputed:
    event: PublishedEvent
    boards: tuple[tuple[PublishedBoard, tuple[ScoredResult, ...]], ...]
    ranking: tuple[Standing, ...]
    differences: tuple[Difference, ...]
    vp: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    boards_per_match: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``contractbridge results``: form, boards with their results and points, the ranking, the
        differences. (The issue writes ``ns``/``ew`` for both the ids and the points of a result, which one JSON
        object cannot hold: the ids keep ``ns``/``ew``, the points are ``ns_points``/``ew_points``.)"""
        form = self.event.form
        boards = []
        for board, scored in self.boards:
            rows = []
            for s in scored:
                r = s.result
                rows.append({
                    "ns": _ids(r.ns), "ew": _ids(r.ew),
                    "contract": "Pass" if r.passed_out else None if r.contract is None else str(r.contract),
                    "declarer": None if r.declarer is None else r.declarer.letter,
                    "tricks": r.tricks,
                    "adjusted": None if r.artificial is None else str(r.artificial),
                    "score_ns": s.score_ns,
                    "ns_points": None if s.ns is None else form.round(s.ns, form.decimals),
                    "ew_points": None if s.ew is None else form.round(s.ew, form.decimals),
                })  # fmt: skip
            boards.append({"board": board.number, "results": rows})
        ranking = [
            {"id": s.id, "direction": s.direction, "names": s.names, "total": s.total, "percentage": s.percentage,
             "rank": s.rank.position, "tied": s.rank.tied}
            for s in self.ranking
        ]  # fmt: skip
        out: dict[str, Any] = {"form": form.name, "boards": boards, "ranking": ranking}
        if self.event.matches:
            out["matches"] = [
                {"round": m.round, "table": m.table, "home": m.home, "away": m.away,
                 "imps": None if m.imps is None else list(m.imps),
                 "vp": None if (m.round, m.table) not in self.vp else list(self.vp[(m.round, m.table)])}
                for m in self.event.matches
            ]  # fmt: skip
            out["boards_per_match"] = self.boards_per_match
        out["differences"] = [
            {"where": d.where, "what": d.what, "published": d.published, "recomputed": d.recomputed, "why": d.why,
             "tie_break": d.tie_break}
            for d in self.differences
        ]  # fmt: skip
        return out


def _ids(ids: tuple[str, ...]) -> str | list[str]:
    return ids[0] if len(ids) == 1 else list(ids)


# ---------------------------------------------------------------------------------------------- reading


def _program(pbn: PbnFile) -> str:
    for game in pbn.games:
        app = game.get("Application") or game.get("Generator")
        if app:
            return app.split(" - ")[0].strip()
    return ""


def printed_decimals(cells: Iterable[str]) -> int | None:
    """The most decimals any numeric cell is printed with (None when no cell is a number)."""
    best: int | None = None
    for cell in cells:
        text = cell.strip()
        try:
            float(text)
        except ValueError:
            continue
        places = len(text.partition(".")[2])
        best = places if best is None else max(best, places)
    return best


def read_published(pbn: PbnFile) -> PublishedEvent:
    """The published event of a PBN file whose games carry ``ScoreTable`` (and ``TotalScoreTable``) sections.
    Raises ``TournamentError`` when there is none, or when a row does not read (with the board and row)."""
    boards: list[PublishedBoard] = []
    totals: list[PublishedTotal] = []
    matches: list[PublishedMatch] = []
    scoring = ""
    name = ""
    for game in pbn.games:
        tables = game.tables
        scoring = scoring or (game.get("Scoring") or "")
        name = name or (game.get("Event") or "")
        if "TotalScoreTable" in tables and not totals:
            totals = _totals(tables["TotalScoreTable"])
        table = tables.get("ScoreTable")
        if table is None:
            continue
        names = {c.name for c in table.columns}
        if "MatchDetails" in names:
            matches.extend(_matches(table))
            continue
        boards.append(_board(game, table))
    if not boards and not matches:
        raise TournamentError("no ScoreTable with results in this file (PBN 2.1 §5.4)")
    form = _form(scoring, boards, totals)
    return PublishedEvent(name, _program(pbn), scoring, form, tuple(boards), tuple(totals), tuple(matches))


def _form(scoring: str, boards: Sequence[PublishedBoard], totals: Sequence[PublishedTotal]) -> Form:
    """The form the file's ``Scoring`` tag names, with the decimals the file prints."""
    parts = [p.strip().lower() for p in scoring.split(";")]
    if "butler" in " ".join(parts):
        base = BUTLER_RUTER
        for p in parts:
            if p.startswith("butler-") and p[7:].isdigit():
                base = replace(base, drop=int(p[7:]) // 2)
        base = replace(base, total="mean" if "mean" in parts else "sum", name=scoring)
    elif (parts and parts[0] in ("imp", "imps", "crossimps", "cross-imps")) or "cross" in parts:
        base = replace(CROSS_IMPS, name=scoring)
    else:
        base = replace(MATCHPOINTS, name=scoring or "matchpoints")
    rows = [r for b in boards for r in b.rows]
    points = [c for r in rows for c in r.points.values()]
    relative = base.method is Method.MATCHPOINTS and _relative(rows)
    decimals = printed_decimals(points)
    percent = printed_decimals(c for r in rows for c in r.percent.values())
    total = printed_decimals(t.total for t in totals)
    total_pct = printed_decimals(t.percentage for t in totals if t.percentage is not None)
    return replace(
        base,
        relative=relative,
        decimals=base.decimals if decimals is None else decimals,
        percent_decimals=base.percent_decimals if percent is None else percent,
        total_decimals=base.total_decimals if total is None else total,
        total_percent_decimals=base.total_percent_decimals if total_pct is None else total_pct,
    )


def _relative(rows: Sequence[PublishedRow]) -> bool:
    """Matchpoints printed around the average: the two sides' cells of a played result add up to 0."""
    sums = []
    for r in rows:
        if r.score_ns is None:
            continue
        ns, ew = r.points.get(r.result.ns[0]), r.points.get(r.result.ew[0])
        try:
            sums.append(float(ns or "x") + float(ew or "x"))
        except ValueError:
            continue
    return bool(sums) and all(abs(s) < 1e-9 for s in sums)


def _cell(record: dict[str, str], *names: str) -> str | None:
    lowered = {k.lower(): v for k, v in record.items()}
    for n in names:
        value = lowered.get(n.lower())
        if value is not None:
            return value
    return None


def _board(game: PbnGame, table: PbnTable) -> PublishedBoard:
    number = game.number
    if number is None:
        raise TournamentError("a game with a ScoreTable has no board number")
    vulnerability = game.vulnerability
    if vulnerability is None:
        raise TournamentError(f"board {number}: no [Vulnerable] tag to score the results by (L2, L77)")
    deal = game.get("Deal") or None
    rows = tuple(_row(number, record, i) for i, record in enumerate(table.records(), start=1))
    factoring = parse_factoring(number, game.get("Factoring"))
    return PublishedBoard(number, vulnerability, deal, rows, game.dealer, factoring)


def parse_factoring(board: int, tag: str | None) -> tuple[str, int] | None:
    """Our ``[Factoring "neuberg 4"]`` tag (USEBIO: ``FACTORING``): the board scored as if the movement's 4 results
    were there, Neuberg or in proportion (L78D)."""
    if tag is None:
        return None
    kind, _, count = tag.strip().lower().partition(" ")
    if kind not in ("neuberg", "proportional") or not (count.isascii() and count.isdigit() and int(count) > 0):
        raise TournamentError(f"board {board}: [Factoring {tag!r}] is 'neuberg N' or 'proportional N', N the "
                              "results the board is scored for (L78D)")  # fmt: skip
    return kind, int(count)


def _row(board: int, record: dict[str, str], index: int) -> PublishedRow:
    where = f"board {board}, ScoreTable row {index}"
    individual = _cell(record, "PlayerId_North") is not None
    sides = _PLAYER_SIDES if individual else _PAIR_SIDES
    prefix = "PlayerId_" if individual else "PairId_"
    ids: dict[str, tuple[str, ...]] = {}
    columns: dict[str, str] = {}
    for side, seats in sides:
        ids[side] = tuple((_cell(record, prefix + s) or "").strip() for s in seats)
        if any(not x or x == "-" for x in ids[side]):
            raise TournamentError(f"{where}: no {side} contestant ({', '.join(prefix + s for s in seats)})")
        for seat, contestant in zip(seats, ids[side], strict=True):
            columns[contestant] = seat
    ns_cell = (_cell(record, "Score_NS") or "-").strip()
    ew_cell = (_cell(record, "Score_EW") or "-").strip()
    contract_cell = (_cell(record, "Contract") or "-").strip()
    try:
        result = table_result(board, ids["NS"], ids["EW"], contract_cell, record, ns_cell, ew_cell)
    except BridgeError as exc:
        raise TournamentError(f"{where}: {exc}") from None
    score_ns: str | None = None
    if ns_cell not in ("-", "") and artificial_cell(ns_cell) is None:
        score_ns = ns_cell
    elif ew_cell not in ("-", "") and artificial_cell(ew_cell) is None:
        score_ns = ew_cell[1:] if ew_cell.startswith("-") else "-" + ew_cell
        score_ns = "0" if score_ns in ("-0", "0") else score_ns
    points: dict[str, str] = {}
    percent: dict[str, str] = {}
    for contestant, seat in columns.items():
        for kind in ("MP", "IMP", "Score"):
            value = _cell(record, f"{kind}_{seat}") if kind != "Score" else None
            if value is not None:
                points[contestant] = value
                break
        pct = _cell(record, f"Percentage_{seat}")
        if pct is not None:
            percent[contestant] = pct
    return PublishedRow(result, score_ns, (ns_cell, ew_cell), points, percent, _cell(record, "ButlerDatum"))


def table_result(
    board: int, ns: tuple[str, ...], ew: tuple[str, ...], contract_cell: str, record: dict[str, str],
    ns_cell: str, ew_cell: str,
) -> TableResult:  # fmt: skip
    """A score-table row's result: played (contract, declarer, tricks), passed out, artificial (``A+``/``A=``/
    ``A-`` cells, L12C2), assigned (an ``Assigned`` cell, with ``Assigned_EW`` when split: ``assigned_cell``,
    L12C1; ``AtFault``, the side at fault in a team match, L86B2(b)) or not played (``-``)."""
    place: dict[str, Any] = {}
    for key, column in (("round", "Round"), ("table", "Table")):
        value = _cell(record, column)
        if value is not None and value.strip().isascii() and value.strip().isdigit():
            place[key] = int(value)
    section = _cell(record, "Section")
    if section:
        place["section"] = section
    lead = _cell(record, "Lead")
    if lead and lead != "-":
        place["lead"] = lead
    assigned = (_cell(record, "Assigned") or "-").strip()
    if assigned != "-":  # our cell for an assigned score (L12C1; docs/tournaments.md): the row scores it
        split = (_cell(record, "Assigned_EW") or "-").strip()
        fault = (_cell(record, "AtFault") or "-").strip().upper()  # ours too: the side at fault, L86B2(b)
        return TableResult(board, ns, ew, assigned=parse_assigned_cell(assigned),
                           assigned_ew=None if split == "-" else parse_assigned_cell(split),
                           at_fault=None if fault == "-" else fault, **place)  # fmt: skip
    a_ns, a_ew = artificial_cell(ns_cell), artificial_cell(ew_cell)
    if a_ns is not None or a_ew is not None:
        return TableResult(board, ns, ew, artificial=Artificial(a_ns or 50.0, a_ew or 50.0), **place)
    if contract_cell.upper() in ("PASS", "P", "AP", "PASSED"):
        return TableResult(board, ns, ew, passed_out=True, **place)
    if contract_cell in ("-", ""):
        return TableResult(board, ns, ew, not_played=True, **place)
    declarer = Seat.parse((_cell(record, "Declarer") or "").strip())
    tricks_cell = (_cell(record, "Result") or "").strip()
    if not _SEGMENT.fullmatch(tricks_cell):  # ASCII digits: str.isdigit takes "¹⁰", which int() refuses
        raise TournamentError(f"the tricks {tricks_cell!r} are not a number 0-13 (L79A)")
    return TableResult(board, ns, ew, Contract.parse(contract_cell), declarer, int(tricks_cell), **place)


def _totals(table: PbnTable) -> list[PublishedTotal]:
    out = []
    for record in table.records():
        contestant = _cell(record, "PairId", "PlayerId", "TeamId")
        if contestant is None:
            raise TournamentError("a TotalScoreTable without a PairId, PlayerId or TeamId column")
        total = _cell(record, "TotalScoreMP", "TotalScoreIMP", "TotalScoreVP", "TotalScore", "MP") or ""
        direction = _cell(record, "Direction")
        direction = direction.replace("-", "") if direction in ("N-S", "E-W", "NS", "EW") else None
        tie = _cell(record, "RankTie")
        out.append(PublishedTotal(
            contestant.strip(), (_cell(record, "Rank") or "").strip(), None if tie in (None, "-") else tie,
            direction, total, _cell(record, "TotalPercentage", "Percentage"),
            _cell(record, "Names", "Name", "TeamName") or "", _cell(record, "NrBoards", "NrRounds"),
        ))  # fmt: skip
    return out


def _matches(table: PbnTable) -> list[PublishedMatch]:
    out = []
    for i, record in enumerate(table.records(), start=1):
        try:
            r, t = int(_cell(record, "Round") or ""), int(_cell(record, "Table") or "")
        except ValueError:
            raise TournamentError(f"match row {i}: Round and Table must be numbers") from None
        home, away = _cell(record, "TeamId_Home") or "", _cell(record, "TeamId_Away") or ""
        details = _cell(record, "MatchDetails") or "-"
        imps: tuple[float, float] | None = None
        if details != "-":
            segments: dict[int, tuple[float, float]] = {}
            for part in details.split("|"):
                fields = [f.strip() for f in part.split(",")]
                numbers = len(fields) == 3 and all(map(IMPS_CELL.fullmatch, fields[1:]))
                if not numbers or not _SEGMENT.fullmatch(fields[0]):
                    raise TournamentError(f"match row {i}: MatchDetails {details!r} is not 'segment,IMPs,IMPs|…'")
                segments[int(fields[0])] = (imp_number(fields[1]), imp_number(fields[2]))
            imps = segments.get(200) or (sum(a for a, _ in segments.values()), sum(b for _, b in segments.values()))
        vh, va = _cell(record, "VP_Home"), _cell(record, "VP_Away")
        vp = None if vh in (None, "-") or va in (None, "-") else (vh or "", va or "")
        out.append(PublishedMatch(r, t, home, away, imps, vp))
    return out


#: IMPs as a results file writes them: whole, or weighted to the hundredth (L12C1(c)), in ASCII digits.
IMPS_CELL: Final = re.compile(r"-?[0-9]+(?:\.[0-9]{1,2})?")


_SEGMENT: Final = re.compile(r"[0-9]+")


def imp_number(text: str) -> float:
    """``"3"`` → 3, ``"3.60"`` → 3.6 (an ``IMPS_CELL`` text)."""
    return float(text) if "." in text else int(text)


def score_table_rows(board: PublishedBoard) -> list[TableResult]:
    return [r.result for r in board.rows]


# ---------------------------------------------------------------------------------------------- recomputing


def _num(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _fmt(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def recompute(event: PublishedEvent, *, boards_per_match: int | None = None) -> Recomputed:
    """Re-score every board of ``event`` from contract and result (L77), recompute points, totals, percentages
    and ranks by its form, and list every published number that differs (with why)."""
    if event.matches:
        return _recompute_teams(event, boards_per_match)
    found = _recompute(event)
    if any(r.result.artificial is not None for b in event.boards for r in b.rows) and found.differences:
        session = _recompute(replace(event, form=replace(event.form, session=True)))  # L12C2(c) applied
        if len(session.differences) < len(found.differences):
            return session
    return found


def _recompute(event: PublishedEvent) -> Recomputed:
    form = event.form
    diffs: list[Difference] = []
    boards = [score_board(score_table_rows(board), board.vulnerability, _board_form(board, form),
                          expected=None if board.factoring is None else board.factoring[1])
              for board in event.boards]  # fmt: skip
    scored_boards = list(zip(event.boards, session_scores(boards, form), strict=True))
    for board, scored in scored_boards:
        for row, s in zip(board.rows, scored, strict=True):
            diffs.extend(_row_differences(board, row, s, form))
    names = {t.id: t.names for t in event.totals}
    standings = rank_event((s for _, s in scored_boards), form, names=names, by_direction=event.two_winners)
    ranking = _with_entrants(standings, event.totals, form)
    diffs.extend(_total_differences(ranking, event.totals, form))
    return Recomputed(event, tuple(scored_boards), ranking, tuple(diffs))


def _board_form(board: PublishedBoard, form: Form) -> Form:
    """The form a board is scored by: the file's, factored as its ``[Factoring]`` tag says (L78D)."""
    return form if board.factoring is None else replace(form, neuberg=board.factoring[0] == "neuberg")


def _describe(r: TableResult) -> str:
    side = "/".join(r.ns) + " v " + "/".join(r.ew)
    place = f"table {r.table}" if r.table is not None else ""
    return f"board {r.board}, {place + ' ' if place else ''}({side})"


_UNDESCRIBED: Final = ("the file gives points for a result it does not describe, an adjusted score it has no cell for "
                       "(an assigned score, L12C1: neither PBN nor USEBIO has a standard one; this program's exports "
                       "write it, docs/tournaments.md): the board's other points and the totals may differ because of "
                       "it")  # fmt: skip


def _row_differences(board: PublishedBoard, row: PublishedRow, s: ScoredResult, form: Form) -> list[Difference]:
    out = []
    r = row.result
    where = _describe(r)
    if r.not_played and any(_num(v) is not None for v in row.points.values()):
        out.append(Difference(where, "result", "points without a result", "not re-scored", _UNDESCRIBED))
    if row.score_ns is not None and s.score_ns is not None and int(row.score_ns) != s.score_ns:
        out.append(Difference(where, "score NS", row.score_ns, str(s.score_ns),
                              f"L77: {r.contract} by {r.declarer.letter if r.declarer is not None else '?'} "
                              f"taking {r.tricks}, vulnerability {board.vulnerability.name}"))  # fmt: skip
    what = {Method.MATCHPOINTS: "matchpoints", Method.BUTLER: "IMPs", Method.CROSS_IMPS: "cross-IMPs"}.get(
        form.method, "points"
    )
    law = {Method.MATCHPOINTS: "L78A", Method.BUTLER: "L78B, Butler datum",
           Method.CROSS_IMPS: "L78B"}.get(form.method, "L78C")  # fmt: skip
    if board.factoring is not None and form.method is Method.MATCHPOINTS:
        law += f", factored to {board.factoring[1]} results ({board.factoring[0]}, L78D)"
    if r.artificial is not None:
        law = f"L12C2 artificial {r.artificial} of the top"
    for side, ids, value, pct in (("NS", r.ns, s.ns, s.pct_ns), ("EW", r.ew, s.ew, s.pct_ew)):
        for contestant in ids:
            published = _num(row.points.get(contestant))
            if published is not None and value is not None:
                decimals = printed_decimals([row.points[contestant]]) or 0
                mine = form.round(value, decimals)
                if abs(mine - published) > 1e-9:
                    out.append(Difference(where, f"{what} {side} ({contestant})", row.points[contestant],
                                          _fmt(mine, decimals), law))  # fmt: skip
            published_pct = _num(row.percent.get(contestant))
            if published_pct is not None and pct is not None:
                decimals = printed_decimals([row.percent[contestant]]) or 0
                mine = form.round(pct, decimals)
                if abs(mine - published_pct) > 1e-9:
                    out.append(Difference(where, f"percentage {side} ({contestant})", row.percent[contestant],
                                          _fmt(mine, decimals), f"{law}, of the top {s.top:g}"))  # fmt: skip
    if row.datum is not None and s.datum is not None and _num(row.datum) != s.datum:
        out.append(Difference(f"board {r.board}", "Butler datum", row.datum, str(s.datum),
                              f"mean without the {form.drop} highest and lowest scores, to the nearest "
                              f"{form.datum_unit}"))  # fmt: skip
    return out


def _with_entrants(standings: Sequence[Standing], totals: Sequence[PublishedTotal], form: Form) -> tuple[Standing, ...]:
    """Entrants of the published ranking without any result rank after everyone else (tied among themselves)."""
    lines = {t.id: t.direction for t in totals}
    standings = [replace(s, direction=lines.get(s.id) or s.direction) for s in standings]
    present = {s.id for s in standings}
    missing = [t for t in totals if t.id not in present]
    if not missing:
        return tuple(standings)
    place = compare.Ranking(len(standings) + 1, len(missing) > 1)
    extra = [Standing(t.id, t.direction, 0.0, None, place, 0, t.names) for t in missing]
    return (*standings, *extra)


def _total_differences(ranking: Sequence[Standing], totals: Sequence[PublishedTotal], form: Form) -> list[Difference]:
    out = []
    mine = {s.id: s for s in ranking}
    for t in totals:
        where = f"ranking, {t.id}"
        s = mine.get(t.id)
        if s is None:
            out.append(Difference(where, "entrant", t.id, "absent", "no result of this contestant in any ScoreTable"))
            continue
        published = _num(t.total)
        if published is not None and s.boards:
            decimals = printed_decimals([t.total]) or 0
            if abs(form.round(s.total, decimals) - published) > 1e-9:
                how = "the mean of" if form.total == "mean" else "the sum of"
                out.append(Difference(where, "total", t.total, _fmt(s.total, decimals),
                                      f"{how} the {s.boards} board scores as printed"))  # fmt: skip
        pct = _num(t.percentage)
        if pct is not None and s.percentage is not None:
            decimals = printed_decimals([t.percentage or ""]) or 0
            if abs(form.round(s.percentage, decimals) - pct) > 1e-9:
                out.append(Difference(where, "percentage", t.percentage or "", _fmt(s.percentage, decimals),
                                      "the total as a share of the tops of the boards played"))  # fmt: skip
        rank = t.rank.rstrip("=")
        if _SEGMENT.fullmatch(rank) and int(rank) != s.rank.position:
            end = s.rank.position + sum(1 for o in ranking if o.rank == s.rank) - 1
            broken = s.rank.tied and s.rank.position <= int(rank) <= end
            why = (f"tied at {s.rank.position}–{end} on the total; the program broke the tie" if broken
                   else "places by the recomputed totals")  # fmt: skip
            out.append(Difference(where, "rank", t.rank, str(s.rank), why, tie_break=broken))
    return out


def _recompute_teams(event: PublishedEvent, boards_per_match: int | None) -> Recomputed:
    """A teams summary (Ruter ``MatchDetails``): VPs of each match from its IMP margin on the WBF 2013 scale
    with the WBF's rounding correction, totals and ranks. The boards per match: given, or the file's (USEBIO), or
    the one count (1–64) whose scale reproduces every published VP."""
    played = [m for m in event.matches if m.imps is not None]
    count = boards_per_match or event.boards_per_match
    if count is None:
        fits = [b for b in range(1, 65) if all(_vp_matches(m, b) for m in played)]
        count = fits[0] if len(fits) == 1 else None
    diffs: list[Difference] = []
    vp: dict[tuple[int, int], tuple[float, float]] = {}
    totals: dict[str, float] = defaultdict(float)
    rounds: dict[str, int] = defaultdict(int)
    if count is None:
        diffs.append(Difference("matches", "boards per match", "-", "?",
                                "no single number of boards reproduces every published VP; give --boards"))  # fmt: skip
    else:
        for m in played:
            assert m.imps is not None
            home, away = compare.victory_points(m.imps[0] - m.imps[1], count, corrected=True)
            vp[(m.round, m.table)] = (home, away)
            totals[m.home] += home
            totals[m.away] += away
            rounds[m.home] += 1
            rounds[m.away] += 1
            if m.vp is not None and (_num(m.vp[0]), _num(m.vp[1])) != (home, away):
                diffs.append(
                    Difference(
                        f"round {m.round}, table {m.table} ({m.home} v {m.away})",
                        "VP",
                        "/".join(m.vp),
                        f"{home:.2f}/{away:.2f}",
                        f"WBF 2013 scale for {count} boards, margin {m.imps[0] - m.imps[1]} IMPs",
                    )
                )
    names = {t.id: t.names for t in event.totals}
    published = {t.id: int(t.boards) for t in event.totals if t.boards and _SEGMENT.fullmatch(t.boards.strip())}
    ids = sorted(set(totals) | {t.id for t in event.totals}, key=lambda x: (len(x), x))
    decimals = printed_decimals(t.total for t in event.totals) or 2
    values = [round(totals[i], decimals) for i in ids]
    places = compare.rank(values)
    # the boards each team played: its matches times the boards a match (the file's NrBoards when that is not known)
    boards = {i: rounds[i] * count if count is not None else published.get(i, 0) for i in ids}
    ranking = tuple(sorted(
        (Standing(i, None, v, None, p, boards[i], names.get(i, "")) for i, v, p in zip(ids, values, places,
                                                                                      strict=True)),
        key=lambda s: (s.rank.position, s.id),
    ))  # fmt: skip
    form = replace(event.form, name="VP (WBF 2013, corrected)", total_decimals=decimals)
    diffs.extend(_total_differences(ranking, event.totals, form))
    return Recomputed(replace(event, form=form), (), ranking, tuple(diffs), vp, count)


def _vp_matches(m: PublishedMatch, boards: int) -> bool:
    if m.imps is None or m.vp is None:
        return True
    home, away = compare.victory_points(m.imps[0] - m.imps[1], boards, corrected=True)
    return (_num(m.vp[0]), _num(m.vp[1])) == (home, away)


# ---------------------------------------------------------------------------------------------- writing


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A teams match as the results files write it: its round, the open room's table, the home and away teams'
    ids, and its score (IMPs, VPs), None while it is not played yet."""

    round: int
    table: int
    home: str
    away: str
    score: MatchScore | None = None

    @property
    def number(self) -> int:
        """The match's number in its round, as Ruter's match ``Table`` column numbers them (the open room of
        match k sits at table 2k − 1)."""
        return (self.table + 1) // 2


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """What a written game says of its board: number, dealer, vulnerability and deal (PBN ``Deal`` string)."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: str | None = None

    @classmethod
    def of(cls, board: Board) -> BoardRecord:
        return cls(board.number, board.dealer, board.vulnerability, board.deal.to_pbn(board.dealer))

    def to_board(self) -> Board | None:
        """The board with its deal, or None when the record has no (complete, valid) deal."""
        if not self.deal:
            return None
        try:
            return Board(self.number, Deal(self.deal), self.dealer, self.vulnerability)
        except BridgeError:
            return None


def _quote(text: str) -> str:
    """A quoted PBN value; a backslash stays single, as the scoring programs write a column's ``\\2R``."""
    return '"' + text.replace('"', '\\"') + '"'


def _table(name: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table section with each column as wide as its widest cell (``Name\\wR``/``L``, PBN 2.1 §5.4)."""
    widths = [max([len(c) for c in (row[i] for row in rows)] + [1]) for i in range(len(columns))]
    header = ";".join(f"{n}\\{w}{align}" for (n, align), w in zip(columns, widths, strict=True))
    lines = [f"[{name} {_quote(header)}]"]
    for row in rows:
        cells = [c.rjust(w) if align == "R" else c.ljust(w) for c, w, (_, align) in zip(row, widths, columns,
                                                                                      strict=True)]  # fmt: skip
        lines.append(" ".join(cells).rstrip())
    return lines


def _points_cell(value: float | None, decimals: int, form: Form) -> str:
    return "-" if value is None else _fmt(form.round(value, decimals), decimals)


def dumps(
    name: str,
    form: Form,
    boards: Sequence[tuple[BoardRecord, Sequence[ScoredResult]]],
    ranking: Sequence[Standing],
    factoring: Mapping[int, tuple[str, int]] | None = None,
) -> str:
    """A PBN 2.1 export of an event's results as the scoring programs write it: one game per board with its
    ``ScoreTable`` (table, round, ids, contract, declarer, tricks, lead, scores, points and percentages), the
    first game with the ``TotalScoreTable`` (rank with ``RankTie``, id, direction, total, percentage, names,
    boards). Artificial scores are written ``A+``/``A=``/``A-`` (L12C2). ``factoring``: by board number, how a
    board with fewer results was scored (L78D), our ``[Factoring "neuberg 4"]`` tag, which ``recompute`` honours."""
    individual = any(len(s.result.ns) == 2 for _, scored in boards for s in scored)
    competition = "Individuals" if individual else "Pairs"
    out = _header(form)
    for k, (board, scored) in enumerate(boards):
        totals = _total_lines(form, ranking, individual) if k == 0 else []
        how = (factoring or {}).get(board.number)
        tags = [] if how is None else [f'[Factoring "{how[0]} {how[1]}"]']
        out += _board_game(name, form, form.name, competition, board, scored, individual, [*tags, *totals])
    return "\n".join(out)


def dumps_teams(
    name: str,
    form: Form,
    boards: Sequence[tuple[BoardRecord, Sequence[ScoredResult]]],
    matches: Sequence[MatchRecord],
    ranking: Sequence[Standing],
) -> str:
    """A PBN 2.1 export of a teams event as Ruter writes a team league (``[Competition "Teams"]``): a first game
    without a deal holding the ``TotalScoreTable`` (rank with ``RankTie``, ``TeamId``, ``TotalScoreVP``,
    ``TeamName``, matches and boards played) and the matches' ``ScoreTable`` (``Round``, ``Table``: the match's
    number in its round, ``TeamId_Home``/``TeamId_Away``, ``MatchDetails`` ``1,home IMPs,away IMPs|200,…``
    with 200 the match total, ``VP_Home``/``VP_Away``; a match not played yet ``-``); then one game a board,
    ``[Scoring "IMP"]``, whose ``ScoreTable`` has each room's result (``Table``: the room's table) with the
    teams' numbers in ``PairId_NS``/``PairId_EW`` and each side's IMPs on the board (L78B; an artificial
    score's ±3 IMPs, L12C2(b))."""
    out = _header(form)
    out += [f"[Event {_quote(name)}]", '[Board ""]', '[Deal ""]', '[Scoring "IMP"]', '[Competition "Teams"]']
    out += _team_total_lines(form, ranking, matches)
    rows = []
    for m in matches:
        score = m.score
        cells = ["-", "-", "-"]
        if score is not None:
            imps = f"{imp_text(score.home_imps)},{imp_text(score.away_imps)}"
            cells = [_quote(f"1,{imps}|200,{imps}"), _fmt(score.vp[0], form.total_decimals),
                     _fmt(score.vp[1], form.total_decimals)]  # fmt: skip
        rows.append([str(m.round), str(m.number), m.home, m.away, *cells])
    columns = [("Round", "R"), ("Table", "R"), ("TeamId_Home", "R"), ("TeamId_Away", "R"), ("MatchDetails", "L"),
               ("VP_Home", "R"), ("VP_Away", "R")]  # fmt: skip
    out += _table("ScoreTable", columns, rows)
    out.append("")
    for board, scored in boards:
        out += _board_game(name, form, "IMP", "Teams", board, scored, False, [])
    return "\n".join(out)


def _header(form: Form) -> list[str]:
    return ["% PBN 2.1", "% EXPORT", f"% Generator contractbridge ({form.name})", ""]


def _board_game(
    name: str, form: Form, scoring: str, competition: str, board: BoardRecord, scored: Sequence[ScoredResult],
    individual: bool, totals: Sequence[str],
) -> list[str]:  # fmt: skip
    """A board's game: its tags, then ``totals`` (the first game's ``TotalScoreTable``), then its ``ScoreTable``."""
    unit = "MP" if form.method is Method.MATCHPOINTS else "IMP"
    seats = (("North", "South"), ("East", "West")) if individual else (("NS",), ("EW",))
    prefix = "PlayerId_" if individual else "PairId_"
    out = [f"[Event {_quote(name)}]", f'[Board "{board.number}"]', f'[Dealer "{board.dealer.letter}"]',
           f'[Vulnerable "{board.vulnerability.pbn}"]', f"[Deal {_quote(board.deal or '')}]",
           f"[Scoring {_quote(scoring)}]", f"[Competition {_quote(competition)}]", *totals]  # fmt: skip
    columns = [("Table", "R"), ("Round", "R")]
    columns += [(prefix + seat, "R") for side in seats for seat in side]
    columns += [("Contract", "L"), ("Declarer", "R"), ("Result", "R"), ("Lead", "L"), ("Score_NS", "R"),
                ("Score_EW", "R")]  # fmt: skip
    columns += [(f"{unit}_{seat}", "R") for side in seats for seat in side]
    if form.percentages:
        columns += [(f"Percentage_{seat}", "R") for side in seats for seat in side]
    datum = form.method is Method.BUTLER
    if datum:
        columns.append(("ButlerDatum", "R"))
    assigned = [s.result.assigned for s in scored]
    split = [s.result.assigned_ew for s in scored]
    fault = [s.result.at_fault for s in scored]
    extra = [(name, cells) for name, cells in (("Assigned", assigned), ("Assigned_EW", split), ("AtFault", fault))
             if any(a is not None for a in cells)]  # fmt: skip
    columns += [(name, "L") for name, _ in extra]
    rows = [[*_score_row(s, form, seats, datum), *(_extra_cell(cells[i]) for _, cells in extra)]
            for i, s in enumerate(scored)]  # fmt: skip
    return [*out, *_table("ScoreTable", columns, rows), ""]


def _extra_cell(value: compare.AssignedScore | str | None) -> str:
    """Our cells (docs/tournaments.md): an assigned score (L12C1), the side at fault (``NS``/``EW``, L86B2(b))."""
    if value is None:
        return "-"
    return value if isinstance(value, str) else _quote(assigned_cell(value))


def _score_row(s: ScoredResult, form: Form, seats: Sequence[Sequence[str]], datum: bool) -> list[str]:
    r = s.result
    row = ["-" if r.table is None else str(r.table), "-" if r.round is None else str(r.round), *r.ns, *r.ew]
    if r.artificial is not None:
        cells = {60.0: "A+", 50.0: "A=", 40.0: "A-"}
        row += ["-", "-", "-", "-", _quote(cells.get(r.artificial.ns, str(r.artificial))),
                _quote(cells.get(r.artificial.ew, str(r.artificial)))]  # fmt: skip
    elif r.passed_out:
        row += ["Pass", "-", "-", "-", '"0"', "-"]
    elif r.contract is None:
        row += ["-", "-", "-", "-", "-", "-"]
    else:
        score = s.score_ns or 0
        row += [str(r.contract).replace("NT", "N"), r.declarer.letter if r.declarer is not None else "-",
                str(r.tricks), r.lead or "-", _quote(str(score)) if score >= 0 else "-",
                _quote(str(-score)) if score < 0 else "-"]  # fmt: skip
    per_side = ((s.ns, s.pct_ns), (s.ew, s.pct_ew))
    row += [_points_cell(v, form.decimals, form) for (v, _), side in zip(per_side, seats, strict=True) for _ in side]
    if form.percentages:
        row += [_points_cell(p, form.percent_decimals, form) for (_, p), side in zip(per_side, seats, strict=True)
                for _ in side]  # fmt: skip
    if datum:
        row.append("-" if s.datum is None else str(s.datum))
    return row


def _total_lines(form: Form, ranking: Sequence[Standing], individual: bool) -> list[str]:
    unit = "MP" if form.method is Method.MATCHPOINTS else "IMP"
    columns = [("Rank", "R"), ("RankTie", "R"), ("PlayerId" if individual else "PairId", "R"), ("Direction", "R"),
               (f"TotalScore{unit}", "R")]  # fmt: skip
    if form.percentages:
        columns.append(("TotalPercentage", "R"))
    columns += [("Name" if individual else "Names", "L"), ("NrBoards", "R")]
    rows = []
    for s in ranking:
        row = [*_rank_cells(s, ranking), s.id, '"N-S"' if s.direction == "NS" else '"E-W"' if s.direction == "EW"
               else "-", _fmt(s.total, form.total_decimals)]  # fmt: skip
        if form.percentages:
            row.append("-" if s.percentage is None else _fmt(s.percentage, form.total_percent_decimals))
        row += [_quote(s.names), str(s.boards)]
        rows.append(row)
    return _table("TotalScoreTable", columns, rows)


def _rank_cells(s: Standing, ranking: Sequence[Standing]) -> list[str]:
    """``Rank`` and ``RankTie`` (the last place of a tie, ``-`` when untied)."""
    tied_end = s.rank.position + sum(1 for o in ranking if o.rank == s.rank) - 1
    return [str(s.rank.position), str(tied_end) if s.rank.tied else "-"]


def _team_total_lines(form: Form, ranking: Sequence[Standing], matches: Sequence[MatchRecord]) -> list[str]:
    """A teams ranking's ``TotalScoreTable``: rank, ``TeamId``, ``TotalScoreVP``, ``TeamName``, the matches
    (``NrRounds``) and boards (``NrBoards``) played."""
    played: dict[str, int] = defaultdict(int)
    for m in matches:
        if m.score is not None:
            played[m.home] += 1
            played[m.away] += 1
    columns = [("Rank", "R"), ("RankTie", "R"), ("TeamId", "R"), ("TotalScoreVP", "R"), ("TeamName", "L"),
               ("NrRounds", "R"), ("NrBoards", "R")]  # fmt: skip
    rows = [[*_rank_cells(s, ranking), s.id, _fmt(s.total, form.total_decimals), _quote(s.names),
             str(played[s.id]), str(s.boards)] for s in ranking]  # fmt: skip
    return _table("TotalScoreTable", columns, rows)
