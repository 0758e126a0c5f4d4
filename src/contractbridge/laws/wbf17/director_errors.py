"""WBF 2017: the director's own error at the table (L82C; TV48). When the director later finds that a ruling he gave at
this table was wrong and no correction lets the board be scored normally, he awards an adjusted score treating
**both** sides as non-offending — computed here, not by hand:

- an assigned score (L12C1(b)): the director names the results that were likely had his ruling been right
  (declarer's tricks in the contract played: his judgement, an input); each side gets the one most favourable to
  it, so the score is usually non-balancing::

      {"event": "director_error", "ruling": "62B1", "results": [9, 10]}

- an artificial score (L12C2): each side is in no way at fault, so each gets average-plus (pairs: 60 %, or its
  session percentage if higher, L12C2(c); teams: +3 IMP, L12C2(b))::

      {"event": "director_error", "ruling": "62B1", "artificial": true, "form": "pairs", "session_ns": 65}

``ruling`` is the law of the ruling found wrong (it must have been given at this table). With ``at``, the error
is rectified only within the correction periods (L81C3: L79C, L92B) of the posted results."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from contractbridge.errors import RulingError
from contractbridge.laws.wbf17.event_data import number
from contractbridge.laws.wbf17.periods import EventForm, late, periods, require_done, time_of
from contractbridge.scoring.compare import IMPS, PAIRS, Fault, artificial_score
from contractbridge.scoring.duplicate import board_score

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = ["DIRECTOR_ERROR", "adjusted_score", "notes", "record_error"]

#: the event kind of the director's own error found later (L82C)
DIRECTOR_ERROR: Final = "director_error"


def _session(data: Mapping[str, Any], key: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise RulingError(f"{DIRECTOR_ERROR}: {key!r} is the side's score on the session's other boards, not {value!r}")
    return float(value)


def _assigned(table: PlayTable, data: Mapping[str, Any]) -> dict[str, Any]:
    """L12C1(b) for both sides: each the likely result most favourable to it."""
    contract, declarer, results = table.contract, table.declarer, data.get("results")
    if contract is None or declarer is None:
        raise RulingError(f"{DIRECTOR_ERROR}: the board was passed out; only an artificial score applies (L12C2)")
    if not isinstance(results, list) or not results:
        raise RulingError(
            f"{DIRECTOR_ERROR}: 'results' lists declarer's tricks in each result likely had the ruling been right "
            "(L12C1(b)), or 'artificial' is true (L12C2)"
        )
    for tricks in results:
        number(tricks, DIRECTOR_ERROR, "a likely result is declarer's tricks", 0, 13)
    scored = {t: board_score(contract, declarer, t, table.board.vulnerability).ns for t in results}
    best_ns = max(scored, key=lambda t: scored[t])
    best_ew = min(scored, key=lambda t: scored[t])
    return {
        "kind": "assigned",
        "ns": scored[best_ns],
        "ew": -scored[best_ew],
        "unit": "points",
        "tricks_ns": best_ns,
        "tricks_ew": best_ew,
        "law": "82C, 12C1(b)",
    }


def _artificial(data: Mapping[str, Any]) -> dict[str, Any]:
    """L12C2 for both sides: neither is at fault (avg-plus, or better from the session, L12C2(c))."""
    try:
        form = EventForm(str(data.get("form")))
    except ValueError:
        raise RulingError(
            f"{DIRECTOR_ERROR}: an artificial score names the 'form' (pairs or teams), not {data.get('form')!r}"
        ) from None
    scale, law = (IMPS, "82C, 12C2(b)") if form is EventForm.TEAMS else (PAIRS, "82C, 12C2(a)")
    ns = artificial_score(Fault.NONE, scale, _session(data, "session_ns"))
    ew = artificial_score(Fault.NONE, scale, _session(data, "session_ew"))
    return {"kind": "artificial", "ns": ns, "ew": ew, "unit": scale.unit, "law": law}


def record_error(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``director_error`` on a finished board: the L82C adjusted score, kept in the record's rulings (its
    ``adjusted_score``); refused for a ruling not given at this table, or after the correction periods."""
    require_done(table, DIRECTOR_ERROR, "the director rectifies his error after the play, L82C")
    record = table.record
    assert record is not None
    wrong = data.get("ruling")
    given = [str(r.get("law")) for r in record.rulings if r.get("irregularity") != DIRECTOR_ERROR]
    if str(wrong) not in given:
        raise RulingError(
            f"{DIRECTOR_ERROR}: 'ruling' names the law of a ruling given at this table "
            f"({', '.join(given) or 'none'}), not {wrong!r} (L82C)"
        )
    found = periods(table)
    if found is not None and "at" in data:
        at = time_of(data, DIRECTOR_ERROR)
        end = max(found.correction_ends, found.appeal_ends)
        if late(at, end, DIRECTOR_ERROR):
            raise RulingError(
                f"{DIRECTOR_ERROR} at {at.isoformat(timespec='minutes')}: the correction periods ended at "
                f"{end.isoformat(timespec='minutes')} (L81C3, L79C, L92B)"
            )
    if any(r.get("irregularity") == DIRECTOR_ERROR for r in record.rulings):
        raise RulingError(f"{DIRECTOR_ERROR}: the board's adjusted score for the director's error is already given")
    score = _artificial(data) if data.get("artificial") is True else _assigned(table, data)
    record.rulings.append(
        {
            "irregularity": DIRECTOR_ERROR,
            "law": "82C",
            "option": score["kind"],
            "offender": None,
            "ruling": str(wrong),
            "adjusted_score": score,
        }
    )


def adjusted_score(table: PlayTable) -> dict[str, Any] | None:
    """The L82C adjusted score of the board, if the director gave one."""
    record = table.record
    found = [] if record is None else [r for r in record.rulings if r.get("irregularity") == DIRECTOR_ERROR]
    return None if not found else dict(found[-1]["adjusted_score"])


def notes(table: PlayTable) -> list[str]:
    """The L82C adjusted score in words (``contractbridge rule``)."""
    score = adjusted_score(table)
    if score is None:
        return []
    unit = score["unit"]

    def value(v: float) -> str:
        return f"{v:+g}" if unit == "points" else f"{v:g} {unit}" if unit == "%" else f"{v:+g} {unit}"

    both = "both sides non-offending"
    return [f"L{score['law']}: the director's error, {both}: NS {value(score['ns'])}, EW {value(score['ew'])}"]
