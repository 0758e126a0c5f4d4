"""USEBIO 1.2 XML results (the EBU's Universal Scoring Exchange for Bridge Information Output): read a pairs
event (``EVENT`` → ``PARTICIPANTS``/``PAIR`` and ``BOARD``/``TRAVELLER_LINE``, also inside ``SESSION`` and
``SECTION``) into the same published event as a PBN score table, and write one.

Element names as USEBIO 1.2 files carry them and as public readers consume them (ABF Cobalt's results views,
Marc Shearer's ImportUsebio): ``PAIR_NUMBER``, ``DIRECTION``, ``PLACE``, ``TOTAL_SCORE``, ``PERCENTAGE``,
``BOARDS_PLAYED``, ``PLAYER``/``PLAYER_NAME``/``NATIONAL_ID_NUMBER``; ``BOARD_NUMBER``; ``NS_PAIR_NUMBER``,
``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (NS), ``NS_MATCH_POINTS``,
``EW_MATCH_POINTS``. An artificial score is written in ``SCORE`` as ``A60/40`` (L12C2; docs/tournaments.md).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Final

from contractbridge.deal import board_vulnerability
from contractbridge.errors import BridgeError, TournamentError
from contractbridge.formats.inputs import read_bytes
from contractbridge.tournament.pbn_scores import (
    IMPS_CELL,
    BoardRecord,
    MatchRecord,
    PublishedBoard,
    PublishedEvent,
    PublishedMatch,
    PublishedRow,
    PublishedTotal,
    parse_factoring,
    printed_decimals,
    table_result,
)
from contractbridge.tournament.results import (
    BUTLER_RUTER,
    CROSS_IMPS,
    MATCHPOINTS,
    Form,
    Method,
    ScoredResult,
    Standing,
    assigned_cell,
)

__all__ = ["dumps", "dumps_teams", "loads", "read_file"]

_LIMIT: Final = 32 * 1024 * 1024
#: A whole number in ASCII digits (``str.isdigit`` also takes "²", which ``int`` refuses).
_NUMBER: Final = re.compile(r"[0-9]+")
_METHODS: Final = {"MATCH_POINTS": MATCHPOINTS, "CROSS_IMPS": CROSS_IMPS, "BUTLER": BUTLER_RUTER}


def read_file(path: str | Path) -> PublishedEvent:
    """A USEBIO file (at most 32 MiB)."""
    return loads(read_bytes(path, _LIMIT), str(path))


def _text(element: ET.Element | None, name: str) -> str | None:
    if element is None:
        return None
    child = element.find(name)
    return None if child is None or child.text is None else child.text.strip()


def loads(data: bytes | str, source: str = "USEBIO") -> PublishedEvent:
    """The published event of a USEBIO document (pairs, or a teams event's matches); ``TournamentError`` (with
    the place) when it does not read as one."""
    if "<!DOCTYPE" in (data.decode("utf-8", "replace") if isinstance(data, bytes) else data)[:4096].upper():
        raise TournamentError(f"{source}: a document type declaration is not accepted in USEBIO")
    try:
        root = ET.fromstring(data)
    except (ET.ParseError, LookupError) as exc:  # LookupError: an encoding the declaration names is unknown
        raise TournamentError(f"{source}: not XML ({exc})") from None
    if root.tag.upper() != "USEBIO":
        raise TournamentError(f"{source}: the root element is <{root.tag}>, not <USEBIO>")
    event = root.find("EVENT")
    if event is None:
        raise TournamentError(f"{source}: no <EVENT>")
    if event.find("MATCH") is not None:
        return _teams_event(event, source)
    scope = event
    for name in ("SESSION", "SECTION"):
        inner = scope.find(name)
        if inner is not None and (inner.find("BOARD") is not None or inner.find("SECTION") is not None):
            scope = inner
    method = (_text(event, "BOARD_SCORING_METHOD") or "MATCH_POINTS").upper()
    base = _METHODS.get(method)
    if base is None:
        raise TournamentError(f"{source}: BOARD_SCORING_METHOD {method!r} is not one of {sorted(_METHODS)}")
    totals = []
    winners = _text(event, "WINNER_TYPE") or "1"
    participants = scope.find("PARTICIPANTS")
    if participants is None:
        participants = event.find("PARTICIPANTS")
    for pair in participants.findall("PAIR") if participants is not None else []:
        number = _text(pair, "PAIR_NUMBER")
        if not number:
            raise TournamentError(f"{source}: a PAIR without PAIR_NUMBER")
        names = " - ".join(_text(p, "PLAYER_NAME") or "" for p in pair.findall("PLAYER"))
        place = _text(pair, "PLACE") or ""
        direction = _text(pair, "DIRECTION")
        totals.append(
            PublishedTotal(
                number,
                place,
                None,
                direction if winners == "2" else None,
                _text(pair, "TOTAL_SCORE") or "",
                _text(pair, "PERCENTAGE"),
                names,
                _text(pair, "BOARDS_PLAYED"),
            )
        )
    boards = []
    for board in scope.findall("BOARD"):
        number_text = _text(board, "BOARD_NUMBER") or ""
        if not _NUMBER.fullmatch(number_text) or int(number_text) < 1:
            raise TournamentError(f"{source}: BOARD_NUMBER {number_text!r} is not a board number")
        board_number = int(number_text)
        rows = []
        for i, line in enumerate(board.findall("TRAVELLER_LINE"), start=1):
            rows.append(_row(board_number, line, f"{source}: board {board_number}, traveller line {i}"))
        factoring = parse_factoring(board_number, _text(board, "FACTORING"))
        boards.append(PublishedBoard(board_number, board_vulnerability(board_number), None, tuple(rows),
                                     factoring=factoring))  # fmt: skip
    if not boards:
        raise TournamentError(f"{source}: no BOARD with TRAVELLER_LINEs")
    points = [c for b in boards for r in b.rows for c in r.points.values()]
    decimals = printed_decimals(points)
    total = printed_decimals(t.total for t in totals)
    percent = printed_decimals(t.percentage for t in totals if t.percentage)
    form = replace(
        base,
        name=f"USEBIO {method}",
        decimals=base.decimals if decimals is None else decimals,
        total_decimals=base.total_decimals if total is None else total,
        total_percent_decimals=base.total_percent_decimals if percent is None else percent,
    )
    return PublishedEvent(_text(event, "EVENT_DESCRIPTION") or "", _text(event, "PROGRAM_NAME") or "", method, form,
                          tuple(boards), tuple(totals))  # fmt: skip


def _teams_event(event: ET.Element, source: str) -> PublishedEvent:
    """A teams event (``MATCH`` elements, ``BOARDS_PER_ROUND``: the boards a match): its teams (``TEAM_ID``,
    ``TEAM_NAME``, ``PLACE``, ``TOTAL_SCORE``, ``BOARDS_PLAYED``) and matches, numbered in their round; each
    match's VPs and its IMPs, summed from the home team's line of each board (``DIRECTION``,
    ``NS_``/``EW_SCORE_IMPS``), for ``recompute`` to check."""
    totals = []
    for team in event.findall("PARTICIPANTS/TEAM"):
        number = team.get("TEAM_ID")
        if not number:
            raise TournamentError(f"{source}: a TEAM without TEAM_ID")
        totals.append(PublishedTotal(number, _text(team, "PLACE") or "", None, None, _text(team, "TOTAL_SCORE") or "",
                                     None, team.get("TEAM_NAME") or "", _text(team, "BOARDS_PLAYED")))  # fmt: skip
    matches = []
    in_round: Counter[int] = Counter()
    for i, match in enumerate(event.findall("MATCH"), start=1):
        where = f"{source}: match {i}"
        round_text, home, away = (_text(match, n) for n in ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM"))
        if not round_text or not _NUMBER.fullmatch(round_text) or not home or not away:
            raise TournamentError(f"{where}: ROUND_NUMBER, TEAM and OPPOSING_TEAM are required")
        round_number = int(round_text)
        in_round[round_number] += 1
        boards = match.findall("BOARD")
        imps = (Fraction(0), Fraction(0))
        for board in boards:
            line = board.find("TRAVELLER_LINE")
            side = (_text(line, "DIRECTION") or "").upper()
            value = _text(line, f"{side}_SCORE_IMPS") if side in ("NS", "EW") else None
            if value is None or not IMPS_CELL.fullmatch(value):
                raise TournamentError(f"{where}, board {_text(board, 'BOARD_NUMBER') or '?'}: the home team's line "
                                      "(DIRECTION) and its SCORE_IMPS are required")  # fmt: skip
            gained = Fraction(value)
            imps = (imps[0] + max(gained, Fraction(0)), imps[1] + max(-gained, Fraction(0)))
        tables = [int(t) for t in (_number(_text(x, "TABLE_NUMBER")) for x in match.iterfind("BOARD/TRAVELLER_LINE"))
                  if t != "-" and int(t) > 0]  # fmt: skip
        # the match's number in its round as PBN's match table has it: its open room's (by TABLE_NUMBER, which
        # this writer adds), else its place among the round's matches in the file
        place = (min(tables) + 1) // 2 if tables else in_round[round_number]
        vp = (_text(match, "TEAM_SCORE"), _text(match, "OPPOSING_TEAM_SCORE"))
        matches.append(PublishedMatch(round_number, place, home, away,
                                      (_imps(imps[0]), _imps(imps[1])) if boards else None,
                                      (vp[0], vp[1]) if vp[0] is not None and vp[1] is not None else None))  # fmt: skip
    total = printed_decimals(t.total for t in totals)
    form = replace(CROSS_IMPS, name="USEBIO TEAMS", decimals=0, total_decimals=2 if total is None else total)
    per_round = _number(_text(event, "BOARDS_PER_ROUND"))
    return PublishedEvent(_text(event, "EVENT_DESCRIPTION") or "", _text(event, "PROGRAM_NAME") or "", "TEAMS", form,
                          (), tuple(totals), tuple(matches),
                          None if per_round == "-" or not int(per_round) else int(per_round))  # fmt: skip


def _number(text: str | None) -> str:
    return text if text is not None and _NUMBER.fullmatch(text) else "-"


def _imps(value: Fraction) -> float:
    return int(value) if value.denominator == 1 else float(value)


def _row(board: int, line: ET.Element, where: str) -> PublishedRow:
    ns, ew = _text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER")
    if not ns or not ew:
        raise TournamentError(f"{where}: NS_PAIR_NUMBER and EW_PAIR_NUMBER are required")
    score = _text(line, "SCORE") or "-"
    contract = (_text(line, "CONTRACT") or "-").replace("NT", "N")
    record = {"Declarer": _text(line, "PLAYED_BY") or "", "Result": _text(line, "TRICKS") or "",
              "Lead": _text(line, "LEAD") or "-", "Table": _number(_text(line, "TABLE_NUMBER")),
              "Assigned": _text(line, "ASSIGNED_SCORE") or "-",
              "Assigned_EW": _text(line, "ASSIGNED_SCORE_EW") or "-",
              "AtFault": _text(line, "ASSIGNED_AT_FAULT") or "-"}  # fmt: skip
    cells = (score, "-")
    if score.upper().startswith("A") and "/" not in score:
        raise TournamentError(f"{where}: adjusted SCORE {score!r} is not of the form A60/40 (L12C2)")
    if score.upper().startswith("A"):
        ns_pct, _, ew_pct = score[1:].partition("/")
        cells = ("A+" if ns_pct == "60" else "A-" if ns_pct == "40" else "A=",
                 "A+" if ew_pct == "60" else "A-" if ew_pct == "40" else "A=")  # fmt: skip
    try:
        result = table_result(board, (ns,), (ew,), contract, record, *cells)
    except BridgeError as exc:
        raise TournamentError(f"{where}: {exc}") from None
    points = {}
    for side, key in ((ns, "NS_MATCH_POINTS"), (ew, "EW_MATCH_POINTS")):
        value = _text(line, key) or _text(line, key.replace("MATCH_POINTS", "SCORE_IMPS"))
        if value is not None:
            points[side] = value
    published = score if result.played else None
    return PublishedRow(result, published, cells, points)


def _el(parent: ET.Element, name: str, text: str | None) -> ET.Element:
    child = ET.SubElement(parent, name)
    if text is not None:
        child.text = text
    return child


def dumps(
    name: str, form: Form, boards: Sequence[tuple[BoardRecord, Sequence[ScoredResult]]], ranking: Sequence[Standing],
    program: str = "contractbridge", factoring: Mapping[int, tuple[str, int]] | None = None,
) -> str:  # fmt: skip
    """A USEBIO 1.2 document of a pairs event: participants with place, total, percentage, boards played and
    names; each board's traveller lines with contract, declarer, lead, tricks, NS score and both sides' points;
    ``factoring`` (by board, L78D) as our ``FACTORING`` element, ``neuberg 3`` as PBN's ``[Factoring]`` tag."""
    if any(len(s.result.ns) != 1 for _, scored in boards for s in scored):
        raise TournamentError("USEBIO pairs export: an individual event has players, not pairs")
    root = ET.Element("USEBIO", {"Version": "1.2"})
    method = {Method.MATCHPOINTS: "MATCH_POINTS", Method.CROSS_IMPS: "CROSS_IMPS", Method.BUTLER: "BUTLER"}.get(
        form.method, "MATCH_POINTS"
    )
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "MP_PAIRS" if method == "MATCH_POINTS" else "PAIRS"})
    _el(event, "PROGRAM_NAME", program)
    _el(event, "EVENT_DESCRIPTION", name)
    _el(event, "BOARD_SCORING_METHOD", method)
    directions = {s.direction for s in ranking}
    _el(event, "WINNER_TYPE", "2" if directions == {"NS", "EW"} and len(ranking) > 1 else "1")
    participants = ET.SubElement(event, "PARTICIPANTS")
    for standing in ranking:
        pair = ET.SubElement(participants, "PAIR")
        _el(pair, "PAIR_NUMBER", standing.id)
        if standing.direction:
            _el(pair, "DIRECTION", standing.direction)
        _el(pair, "PLACE", str(standing.rank))
        _el(pair, "TOTAL_SCORE", f"{standing.total:.{form.total_decimals}f}")
        if standing.percentage is not None:
            _el(pair, "PERCENTAGE", f"{standing.percentage:.{form.total_percent_decimals}f}")
        _el(pair, "BOARDS_PLAYED", str(standing.boards))
        for player in standing.names.split(" - ") if standing.names else []:
            _el(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME", player)
    key = "MATCH_POINTS" if form.method is Method.MATCHPOINTS else "SCORE_IMPS"
    for record, scored in boards:
        board = ET.SubElement(event, "BOARD")
        _el(board, "BOARD_NUMBER", str(record.number))
        how = (factoring or {}).get(record.number)
        if how is not None:
            _el(board, "FACTORING", f"{how[0]} {how[1]}")
        for s in scored:
            _traveller_line(board, s, form, key)
    return _document(root)


def dumps_teams(
    name: str, form: Form, boards: Sequence[tuple[BoardRecord, Sequence[ScoredResult]]],
    matches: Sequence[MatchRecord], ranking: Sequence[Standing], boards_per_round: int, program: str = "contractbridge",
) -> str:  # fmt: skip
    """A USEBIO 1.2 document of a teams event (``EVENT_TYPE="TEAMS"``, ``BOARD_SCORING_METHOD`` ``IMPS``,
    ``MATCH_SCORING_METHOD`` ``VPS``): each team (``TEAM_ID``, ``TEAM_NAME``) with its place, VP total and
    boards played; each match played (``ROUND_NUMBER``, home ``TEAM`` and ``OPPOSING_TEAM`` with their VPs in
    ``TEAM_SCORE``/``OPPOSING_TEAM_SCORE``) with its boards, one traveller line a room: the home team's line
    there (``DIRECTION``), the teams' numbers, the result, the NS score and each side's IMPs (L78B)."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "TEAMS"})
    _el(event, "PROGRAM_NAME", program)
    _el(event, "EVENT_DESCRIPTION", name)
    _el(event, "BOARD_SCORING_METHOD", "IMPS")
    _el(event, "MATCH_SCORING_METHOD", "VPS")
    _el(event, "BOARDS_PER_ROUND", str(boards_per_round))
    _el(event, "WINNER_TYPE", "1")
    participants = ET.SubElement(event, "PARTICIPANTS")
    for standing in ranking:
        attributes = {"TEAM_ID": standing.id, **({"TEAM_NAME": standing.names} if standing.names else {})}
        team = ET.SubElement(participants, "TEAM", attributes)
        _el(team, "PLACE", str(standing.rank))
        _el(team, "TOTAL_SCORE", f"{standing.total:.{form.total_decimals}f}")
        _el(team, "BOARDS_PLAYED", str(standing.boards))
    for m in matches:
        if m.score is None:
            continue
        match = ET.SubElement(event, "MATCH")
        _el(match, "ROUND_NUMBER", str(m.round))
        _el(match, "TEAM", m.home)
        _el(match, "OPPOSING_TEAM", m.away)
        _el(match, "TEAM_SCORE", f"{m.score.vp[0]:.{form.total_decimals}f}")
        _el(match, "OPPOSING_TEAM_SCORE", f"{m.score.vp[1]:.{form.total_decimals}f}")
        for record, scored in boards:
            rooms = [s for s in scored if s.result.round == m.round and s.result.table in (m.table, m.table + 1)]
            if not rooms:
                continue
            board = ET.SubElement(match, "BOARD")
            _el(board, "BOARD_NUMBER", str(record.number))
            for s in rooms:
                line = _traveller_line(board, s, form, "SCORE_IMPS")
                line.insert(0, _direction(m.home, s))
    return _document(root)


def _direction(home: str, s: ScoredResult) -> ET.Element:
    """The home team's line in this room, as the traveller line's ``DIRECTION``."""
    element = ET.Element("DIRECTION")
    element.text = "NS" if home in s.result.ns else "EW"
    return element


def _traveller_line(board: ET.Element, s: ScoredResult, form: Form, key: str) -> ET.Element:
    """A result's ``TRAVELLER_LINE``: its table (``TABLE_NUMBER``), the sides, the contract, declarer, lead and
    tricks, the NS score (an artificial score as ``A60/40``, L12C2; an assigned one in ``ASSIGNED_SCORE``, with
    ``ASSIGNED_SCORE_EW`` when split, ``results.assigned_cell``, L12C1, and ``ASSIGNED_AT_FAULT``, the side at
    fault in a team match, L86B2(b)) and each side's points (``NS_``/``EW_`` +
    ``key``)."""
    r = s.result
    line = ET.SubElement(board, "TRAVELLER_LINE")
    if r.table is not None:
        _el(line, "TABLE_NUMBER", str(r.table))
    _el(line, "NS_PAIR_NUMBER", r.ns[0])
    _el(line, "EW_PAIR_NUMBER", r.ew[0])
    if r.artificial is not None:
        _el(line, "SCORE", f"A{r.artificial.ns:g}/{r.artificial.ew:g}")
    elif r.assigned is not None:
        _el(line, "ASSIGNED_SCORE", assigned_cell(r.assigned))
        if r.assigned_ew is not None:
            _el(line, "ASSIGNED_SCORE_EW", assigned_cell(r.assigned_ew))
        if r.at_fault is not None:  # ours too: the side at fault in a team match (L86B2(b))
            _el(line, "ASSIGNED_AT_FAULT", r.at_fault)
    elif r.played:
        _el(line, "CONTRACT", "PASS" if r.passed_out else str(r.contract))
        if r.declarer is not None:
            _el(line, "PLAYED_BY", r.declarer.letter)
        if r.lead:
            _el(line, "LEAD", r.lead)
        if r.tricks is not None:
            _el(line, "TRICKS", str(r.tricks))
        _el(line, "SCORE", str(s.score_ns))
    for side, value in (("NS", s.ns), ("EW", s.ew)):
        if value is not None:
            _el(line, f"{side}_{key}", f"{form.round(value, form.decimals):.{form.decimals}f}")
    return line


def _document(root: ET.Element) -> str:
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
