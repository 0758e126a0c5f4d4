"""Conversions that carry more than the neutral ``Record``: a LIN vugraph file's header, results line and
commentary become PBN tags and commentary (``lin_to_pbn``), and what a target format cannot hold is named
(``lost``) so that ``contractbridge convert`` can warn instead of dropping it silently."""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from contractbridge.cards import Seat
from contractbridge.formats.lin import LinBoard, LinFile
from contractbridge.formats.pbn import PbnComment, PbnGame, PbnTag, games_from_records

__all__ = ["lin_to_pbn", "lost"]

#: LIN pairs that a conversion to PBN carries (the board, the header, ``rs`` results and ``nt`` commentary).
_CARRIED: Final = frozenset({"pn", "st", "md", "rh", "ah", "sv", "mb", "an", "pc", "pg", "mc", "qx", "vg", "rs", "nt"})
#: A result of the ``rs`` line: ``4SWx-4``, ``3NN=``, ``4HE+1``; ``P``/``PASS`` for a passed-out board.
_RESULT: Final = re.compile(r"([1-7])(NT|N|[SHDC])([NESW])(XX|X|R|)([=+-]\d{0,2})", re.IGNORECASE)
_ROOMS: Final = {"o": "Open", "c": "Closed"}
_SCORING: Final = {"I": "IMP", "P": "MP", "B": "BAM"}


def _result(text: str) -> dict[str, str] | None:
    """Contract, Declarer and Result tags from one ``rs`` entry, or None when it says nothing usable."""
    text = text.strip()
    if text.upper() in ("P", "PASS"):
        return {"Contract": "Pass", "Declarer": "", "Result": ""}
    m = _RESULT.fullmatch(text)
    if m is None:
        return None
    level, strain, seat, doubling, outcome = m.groups()
    tricks = int(level) + 6 + (0 if outcome[0] == "=" else int(outcome[1:] or 0) * (1 if outcome[0] == "+" else -1))
    if not 0 <= tricks <= 13:
        return None
    strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
    doubling = {"": "", "X": "X", "XX": "XX", "R": "XX"}[doubling.upper()]
    return {"Contract": f"{level}{strain}{doubling}", "Declarer": Seat.parse(seat).letter, "Result": str(tricks)}


def _rs_entry(lf: LinFile, board: LinBoard) -> str | None:
    """The entry of the results line for ``board``: two per board (open room, closed room) from ``vg``'s first."""
    vugraph = lf.vugraph
    rs = next((p.value for seg in lf.segments for p in seg if p.tag == "rs" and p.value), None)
    number = board.number
    if vugraph is None or vugraph.first is None or rs is None or number is None or number < vugraph.first:
        return None
    entries = rs.split(",")
    index = 2 * (number - vugraph.first) + (1 if board.room == "c" else 0)
    return entries[index] if index < len(entries) and entries[index].strip() else None


def _commentary(text: str) -> PbnComment:
    return PbnComment("{", text.replace("}", ")"))


def _with_tags(game: PbnGame, tags: dict[str, str]) -> PbnGame:
    """``game`` with ``tags`` set (a written tag's value replaced in place, a new one added after ``Result``)."""
    items: list[PbnTag | PbnComment] = []
    pending = dict(tags)
    for item in game.items:
        if isinstance(item, PbnTag) and item.name in pending:
            value = pending.pop(item.name)
            item = PbnTag(item.name, value, value, item.section)
        items.append(item)
    at = next((i + 1 for i, item in enumerate(items) if isinstance(item, PbnTag) and item.name == "Result"), len(items))
    items[at:at] = [PbnTag(name, value, value) for name, value in pending.items()]
    return PbnGame(items)


def lin_to_pbn(lf: LinFile) -> list[PbnGame]:
    """PBN games for the boards of ``lf``: the records, and from a vugraph file the event (``Event``), segment
    (``Stage``), scoring (``Scoring``), teams (``HomeTeam``/``VisitTeam``), room (``Room``), the contract and
    result of the ``rs`` line where the board's own play does not give them, ``nt`` commentary as PBN
    commentary, and the carry-over scores as commentary on the first game."""
    boards = lf.boards
    games = games_from_records([board.to_record() for board in boards])
    vugraph = lf.vugraph
    out: list[PbnGame] = []
    for i, (board, game) in enumerate(zip(boards, games, strict=True)):
        tags: dict[str, str] = {}
        if vugraph is not None:
            tags.update({"Event": vugraph.event, "HomeTeam": vugraph.teams[0], "VisitTeam": vugraph.teams[1]})
            if vugraph.segment:
                tags["Stage"] = vugraph.segment
            if vugraph.scoring.upper() in _SCORING:
                tags["Scoring"] = _SCORING[vugraph.scoring.upper()]
        if board.room:
            tags["Room"] = _ROOMS[board.room]
        entry = _rs_entry(lf, board)
        result = None if entry is None else _result(entry)
        if result is not None and not game.get("Contract"):
            tags.update(result)
        game = _with_tags(game, tags)
        notes: list[PbnComment] = []
        if i == 0 and vugraph is not None and any(vugraph.scores):
            scores = f"{vugraph.teams[0]} {vugraph.scores[0]}, {vugraph.teams[1]} {vugraph.scores[1]}"
            notes.append(_commentary(f"carry-over: {scores}"))
        header = lf.header if i == 0 else ()
        notes += [_commentary(p.value) for p in (*header, *board.pairs) if p.tag == "nt"]
        # before the first section, so that the commentary belongs to the game, not to the Auction or Play
        sections = (k for k, item in enumerate(game.items) if isinstance(item, PbnTag) and item.section)
        at = next(sections, len(game.items))
        game.items[at:at] = notes
        out.append(game)
    return out


def lost(lf: LinFile, kind: str) -> Counter[str]:
    """LIN pairs that converting ``lf`` to ``kind`` (``pbn``, ``jsonl``) leaves out, counted by tag."""
    kept = _CARRIED if kind == "pbn" else _CARRIED - {"vg", "rs", "nt"}
    return Counter(p.tag for seg in lf.segments for p in seg if p.tag not in kept)
