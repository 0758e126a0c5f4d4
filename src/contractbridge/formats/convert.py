"""Conversions that carry more than the neutral ``Record``: a LIN vugraph file's header, results line and
commentary become PBN tags and commentary (``lin_to_pbn``), and what a target format cannot hold is named
(``lost``) so that ``contractbridge convert`` can warn instead of dropping it silently."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from contractbridge.cards import Seat
from contractbridge.errors import FormatError
from contractbridge.formats._collector import paused_gc
from contractbridge.formats.lin import LinBoard, LinFile, results_line_boards
from contractbridge.formats.pbn import PbnComment, PbnGame, PbnTag, games_from_records
from contractbridge.formats.record import Record

__all__ = ["lin_to_pbn", "lost", "pbn_lost"]

#: LIN pairs that a conversion to PBN carries (the board, the header, ``rs`` results and ``nt`` commentary).
_CARRIED: Final = frozenset({"pn", "st", "md", "rh", "ah", "sv", "mb", "an", "pc", "pg", "mc", "qx", "vg", "rs", "nt"})
#: A result of the ``rs`` line: ``4SWx-4``, ``3NN=``, ``4HE+1`` (``4HE``: the contract, result unknown);
#: ``P``/``PASS`` for a passed-out board.
_RESULT: Final = re.compile(r"([1-7])(NT|N|[SHDC])([NESW])(XX|X|R|)([=+-]\d{0,2})?", re.IGNORECASE)
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
    result = ""
    if outcome:
        sign = 0 if outcome[0] == "=" else 1 if outcome[0] == "+" else -1
        tricks = int(level) + 6 + sign * int(outcome[1:] or 0)
        if not 0 <= tricks <= 13:
            return None
        result = str(tricks)
    strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
    doubling = {"": "", "X": "X", "XX": "XX", "R": "XX"}[doubling.upper()]
    tags = {"Contract": f"{level}{strain}{doubling}", "Declarer": Seat.parse(seat).letter}
    return tags | ({"Result": result} if result else {})


def _rs_entries(lf: LinFile) -> list[str]:
    """The entries of the file's results line (``rs``), read once: two per board (open room, closed room) from
    ``vg``'s first board."""
    return next((p.value.split(",") for p in lf.header if p.tag == "rs" and p.value), [])


def _rs_entry(entries: list[str], first: int | None, board: LinBoard) -> str | None:
    """The entry of the results line for ``board`` (constant time: linear conversions, #24)."""
    number = board.number
    if first is None or number is None or number < first:
        return None
    index = 2 * (number - first) + (1 if board.room == "c" else 0)
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
    with paused_gc():  # thousands of acyclic values built at once (docs/performance.md, "LIN at scale")
        return _lin_to_pbn(lf)


def _lin_to_pbn(lf: LinFile) -> list[PbnGame]:
    boards = lf.boards
    games = games_from_records([board.to_record() for board in boards])
    vugraph = lf.vugraph
    entries = _rs_entries(lf) if vugraph is not None else []
    first = None if vugraph is None else vugraph.first
    out: list[PbnGame] = []
    for i, (board, game) in enumerate(zip(boards, games, strict=True)):
        tags: dict[str, str] = {}
        if vugraph is not None:
            tags["Event"] = vugraph.event
            tags.update((tag, team) for tag, team in zip(("HomeTeam", "VisitTeam"), vugraph.teams, strict=True) if team)
            if vugraph.segment:
                tags["Stage"] = vugraph.segment
            if vugraph.scoring.upper() in _SCORING:
                tags["Scoring"] = _SCORING[vugraph.scoring.upper()]
        if board.room:
            tags["Room"] = _ROOMS[board.room]
        entry = _rs_entry(entries, first, board)
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


#: PBN tags a ``Record`` carries to LIN and JSON lines (players, board, deal, calls with their notes, cards,
#: result, and the contract and declarer: from the auction, else a LIN results line or the JSON board event).
_PBN_CARRIED: Final = frozenset(
    {"Event", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Auction", "Play", "Note"}
    | {"Result", "Contract", "Declarer"}
)
#: Values that say nothing (PBN 2.1 §3.1: ``?`` unknown, ``-`` not applicable), so nothing is lost with them.
_EMPTY: Final = frozenset({"", "?", "-"})
COMMENTARY: Final = "{commentary}"
"""How ``pbn_lost`` counts a game's commentary, which neither LIN nor JSON lines keep."""


def pbn_lost(games: Sequence[PbnGame], kind: str) -> Counter[str]:
    """PBN tags (and commentary, as ``COMMENTARY``) that converting ``games`` to ``kind`` (``lin``,
    ``jsonl``) leaves out, counted by tag. A contract with no auction goes to LIN on a results line, unless two
    boards share a number; then its ``Contract`` and ``Declarer`` are counted."""
    out: Counter[str] = Counter()
    boards: list[tuple[PbnGame, Record]] = []
    for game in games:
        if game.deal is None:
            continue
        out.update(name for name, value in game.tags.items() if name not in _PBN_CARRIED and value not in _EMPTY)
        out.update(COMMENTARY for _ in game.comments)
        try:
            boards.append((game, game.to_record()))
        except FormatError:
            continue  # a game that is not a board is reported by the conversion itself
    if kind == "lin":
        carried = {id(r) for r in results_line_boards([r for _, r in boards]).values()}
        for game, record in boards:
            if not record.calls and id(record) not in carried and game.get("Contract", "") not in _EMPTY:
                out.update(name for name in ("Contract", "Declarer") if game.get(name, "") not in _EMPTY)
    return out


def lost(lf: LinFile, kind: str) -> Counter[str]:
    """LIN pairs that converting ``lf`` to ``kind`` (``pbn``, ``jsonl``) leaves out, counted by tag."""
    kept = _CARRIED if kind == "pbn" else _CARRIED - {"vg", "rs", "nt"}
    return Counter(p.tag for seg in lf.segments for p in seg if p.tag not in kept)
