"""The frames the web table sends: one per connection, built from what that connection may see.

A seat's frame is ``Table.view(seat).to_dict()`` and public facts (seats, scores, the pending ruling, the
explanations of the opponents' calls, L20F), and the questions, answers and alerts the seat may see
(``Edition.disclosure``: L20F, L16B1); the four hands only once the board is done. A spectator sees no
hand (``hidden``) or every hand one whole board behind (``delayed``); the director sees everything
(docs/architecture.md §3.6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from contractbridge.cards import Seat
from contractbridge.scoring import duplicate
from contractbridge.table import Phase, Table

__all__ = ["board_score", "director_frame", "error_frame", "ruling_of", "seat_frame", "spectator_frame"]

DIRECTOR = "director"
SPECTATOR = "spectator"


def error_frame(err: BaseException) -> dict[str, Any]:
    """An error frame: the typed error's class name and message (nothing changed at the table)."""
    return {"type": "error", "error": err.__class__.__name__, "message": str(err)}


def board_score(table: Table) -> dict[str, Any] | None:
    """The finished board's result and its L77 score for North-South (None before the end)."""
    result = table.result
    if result is None:
        return None
    score = 0
    if result.contract is not None and result.declarer is not None and result.tricks is not None:
        score = duplicate.score(
            result.contract, result.declarer, result.tricks, table.board.is_vulnerable(result.declarer)
        )
        if result.declarer.side is not Seat.NORTH.side:
            score = -score
    return {**result.to_dict(), "text": str(result), "score_ns": score}


def ruling_of(table: Table, *, full: bool = False) -> dict[str, Any] | None:
    """The pending ruling as ``contractbridge rule`` prints it (options, law citations, chooser), with the
    obligations it left; None at a table without a director or before any call. ``full`` adds the director's
    whole record."""
    if not table.irregular or len(table.to_events()) == 1:
        return None
    record = table.record
    if record is None:
        return None
    state = record.to_dict()
    if full:
        return state
    keys = ("ruling", "obligations", "obligation_laws", "requirements", "lead_restrictions", "penalty_cards", "review")
    return {k: state[k] for k in keys if k in state}


def _explanations(metas: Sequence[Mapping[str, Any] | None], events: Sequence[Mapping[str, Any]],
                  who: Seat | None) -> list[dict[str, Any]]:  # fmt: skip
    """Alerts and explanations of calls (L20F, L40B): to the caller's opponents, never to his partner."""
    out: list[dict[str, Any]] = []
    for seq, (event, meta) in enumerate(zip(events, metas, strict=True)):
        if meta is None or event.get("event") != "call":
            continue
        caller = Seat.parse(str(event["seat"]))
        if who is not None and caller == who.partner:
            continue
        out.append({"seq": seq, "seat": caller.letter, "call": event["call"], **meta})
    return out


def _hidden(table: Table) -> dict[str, Any]:
    """The public part of the table: any seat's view without its hand and choices."""
    view = table.view(Seat.NORTH).to_dict()
    view.update(seat=None, hand=None, legal_calls=[], legal_cards=[], face_down_lead=None)
    return view


def _common(table: Table, info: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "state",
        "table": dict(info),
        "seq": len(table.to_events()),
        "result": board_score(table),
        "ruling": ruling_of(table),
    }


def _deal_if_done(table: Table) -> str | None:
    return table.board.deal.to_pbn() if table.phase is Phase.DONE else None


def seat_frame(
    table: Table, seat: Seat, info: Mapping[str, Any], metas: Sequence[Mapping[str, Any] | None]
) -> dict[str, Any]:
    """What a player at ``seat`` receives. While the opening lead is face down the leader's card is shown to him
    alone (``view.face_down_lead``, ``disclosure.clarification``), and nobody has a card to play (L41A–C)."""
    view = table.view(seat).to_dict()
    disclosure = table.rules.disclosure(table, seat)
    return {
        **_common(table, info),
        "you": seat.letter,
        "view": view,
        "deal": _deal_if_done(table),
        "explanations": _explanations(metas, table.to_events(), seat),
        "disclosure": disclosure,
    }


def _clarification(table: Table) -> dict[str, Any] | None:
    """The clarification period's public facts (L41B): who leads, whether his card is face down, who may still ask;
    never the card."""
    shown = table.rules.disclosure(table)
    period = None if shown is None else shown["clarification"]
    return None if period is None else {k: v for k, v in period.items() if k != "card"}


Metas = Sequence[Mapping[str, Any] | None]


def spectator_frame(table: Table, info: Mapping[str, Any], metas: Metas, mode: str,
                    previous: tuple[Table, Metas] | None = None) -> dict[str, Any]:  # fmt: skip
    """What a spectator receives. ``hidden``: the public facts, no hand before the end of the board. ``delayed``:
    every hand, one whole board behind: while a board is played, the last board finished at this table
    (``previous``: its table and metas) replayed with the four hands as far as this board has gone (``delayed``
    says which); before the first board is finished, as ``hidden``. A board's hands are never shown before it is
    finished at this table, so a player who opens the spectator page of his own table learns nothing."""
    if mode == "delayed" and previous is not None and table.phase is not Phase.DONE:
        before, before_metas = previous
        events = before.to_events()
        shown = Table.from_events(events[: len(table.to_events())]) if len(table.to_events()) < len(events) else before
        seq = len(shown.to_events())
        return {
            **_common(shown, info),
            "you": SPECTATOR,
            "view": _hidden(shown),
            "hands": {s.letter: shown.hand(s).to_pbn() for s in Seat},
            "deal": shown.board.deal.to_pbn() if shown.phase is Phase.DONE else None,
            "explanations": _explanations(before_metas[:seq], shown.to_events(), None),
            "delayed": {"board": before.board.number, "playing": table.board.number},
        }
    return {
        **_common(table, info),
        "you": SPECTATOR,
        "view": _hidden(table),
        "deal": _deal_if_done(table),
        "explanations": _explanations(metas, table.to_events(), None),
        "clarification": _clarification(table),
    }


def director_frame(table: Table, info: Mapping[str, Any], metas: Sequence[Mapping[str, Any] | None]) -> dict[str, Any]:
    """What the director receives: every hand, the whole record, every irregularity and each option chosen."""
    events = table.to_events()
    return {
        **_common(table, info),
        "you": DIRECTOR,
        "view": _hidden(table),
        "hands": {s.letter: table.hand(s).to_pbn() for s in Seat},
        "deal": table.board.deal.to_pbn(),
        "director": ruling_of(table, full=True),
        "irregularities": [i.to_dict() for i in table.irregularities],
        "choices": [{"seat": e.get("seat"), "option": e["option"]} for e in events if e["event"] == "choose"],
        "explanations": _explanations(metas, events, None),
        "disclosure": table.rules.disclosure(table),
    }
