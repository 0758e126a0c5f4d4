"""WBF 2017 correction and appeal periods at the table (L79C, L92B, L92D): the event's time limits as data, and a
score correction and an appeal as events with their deadlines.

Once the board is done the director records when the official score was made available for inspection, with the
periods the tournament organizer set (30 minutes each unless he set others, L79C1, L92B) and the form of the
event (pairs, teams, individual: L92D)::

    {"event": "results_posted", "at": "2026-11-26T22:10", "correction_minutes": 30, "appeal_minutes": 30,
     "form": "pairs"}

Then, each refused after its deadline with a ``RulingError`` that names it (TV143):

- ``{"event": "score_correction", "at": "2026-11-26T22:35", "tricks": 10, "reason": "…"}``: the agreed number of
  declarer's tricks, an error in computing or recording it corrected (L79C1); ``Table.result`` scores it;
- ``{"event": "appeal", "at": "2026-11-26T22:30", "seat": "N", "concurs": true, "against": "64C"}``: an appeal
  against a ruling at this table (L92A), heard only if the partner (pairs) or the captain (teams) concurs, and by
  the appellant alone in an individual event (L92D1, L92D2; TV144).

Before the results are posted no period has begun, so nothing is late. The times are ISO 8601 (``datetime``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Seat
from contractbridge.director import seat_name
from contractbridge.errors import RulingError, RulingPendingError
from contractbridge.laws.wbf17.event_data import number, seat_in
from contractbridge.values import Phase

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable

__all__ = [
    "APPEAL",
    "RESULTS_POSTED",
    "SCORE_CORRECTION",
    "EventForm",
    "Periods",
    "corrected_tricks",
    "late",
    "notes",
    "periods",
    "record_appeal",
    "record_correction",
    "record_posted",
    "require_correction_period",
    "require_done",
    "time_of",
]

#: the event kind of the official score made available for inspection, with the event's periods (L79C1, L92B)
RESULTS_POSTED: Final = "results_posted"
#: the event kind of a correction of the agreed score within the correction period (L79C1)
SCORE_CORRECTION: Final = "score_correction"
#: the event kind of an appeal against a ruling at the table (L92)
APPEAL: Final = "appeal"

#: L79C1, L92B: 30 minutes after the official score is made available, unless the TO sets another period
DEFAULT_MINUTES: Final = 30


class EventForm(StrEnum):
    """The form of the event, which decides who must concur in an appeal (L92D)."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


def time_of(data: Mapping[str, Any], what: str) -> datetime:
    """The ``at`` of an event, an ISO 8601 time (``RulingError`` naming the event if missing or malformed)."""
    value = data.get("at")
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise RulingError(f"{what}: 'at' is an ISO 8601 time such as 2026-11-26T22:10, not {value!r}") from None


def _minutes(data: Mapping[str, Any], key: str) -> timedelta:
    return timedelta(minutes=number(data.get(key, DEFAULT_MINUTES), RESULTS_POSTED, f"{key!r} is minutes", 0))


def _form(value: object, what: str) -> EventForm:
    try:
        return EventForm(str(value))
    except ValueError:
        forms = ", ".join(f.value for f in EventForm)
        raise RulingError(f"{what}: 'form' is one of {forms}, not {value!r}") from None


@dataclass(frozen=True, slots=True)
class Periods:
    """The event's time limits for one board: when the official score was made available, the correction period
    (L79C1) and the period for requesting a ruling or appealing (L92B), and the form of the event (L92D)."""

    posted: datetime
    correction: timedelta = timedelta(minutes=DEFAULT_MINUTES)
    appeal: timedelta = timedelta(minutes=DEFAULT_MINUTES)
    form: EventForm = EventForm.PAIRS

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Periods:
        """The periods a ``results_posted`` event gives (``RulingError`` naming the field at fault)."""
        return cls(
            time_of(data, RESULTS_POSTED),
            _minutes(data, "correction_minutes"),
            _minutes(data, "appeal_minutes"),
            _form(data.get("form", EventForm.PAIRS.value), RESULTS_POSTED),
        )

    @property
    def correction_ends(self) -> datetime:
        """The end of the correction period (L79C1; L69B and L71 withdrawals too)."""
        return self.posted + self.correction

    @property
    def appeal_ends(self) -> datetime:
        """The end of the period for requesting a ruling or appealing one (L92B)."""
        return self.posted + self.appeal

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": self.posted.isoformat(timespec="minutes"),
            "correction_minutes": int(self.correction.total_seconds()) // 60,
            "appeal_minutes": int(self.appeal.total_seconds()) // 60,
            "form": self.form.value,
            "correction_ends": self.correction_ends.isoformat(timespec="minutes"),
            "appeal_ends": self.appeal_ends.isoformat(timespec="minutes"),
        }


def _entries(table: PlayTable, kind: str) -> list[dict[str, Any]]:
    record = table.record
    return [] if record is None else [r for r in record.rulings if r.get("irregularity") == kind]


def periods(table: PlayTable) -> Periods | None:
    """The board's periods once the results are posted (``None`` before: no period has begun)."""
    posted = _entries(table, RESULTS_POSTED)
    return None if not posted else Periods.from_data(posted[-1]["periods"])


def late(at: datetime, end: datetime, what: str) -> bool:
    """Whether ``at`` is after ``end`` (``RulingError`` when one has a time zone and the other not)."""
    if (at.tzinfo is None) != (end.tzinfo is None):
        raise RulingError(f"{what}: give its time with a time zone exactly when the results' time has one")
    return at > end


def require_done(table: PlayTable, what: str, why: str = "L79A: the tricks are agreed at the end of play") -> None:
    """``RulingError`` unless the board is over (``why``: the law that says so) with no ruling pending (L9B2)."""
    record = table.record
    if record is None or table.phase is not Phase.DONE or table.result is None:
        raise RulingError(f"{what}: the board is not over yet ({why})")
    if record.pending is not None:
        raise RulingPendingError(f"{what}: a ruling is pending (L9B2)")


def require_correction_period(table: PlayTable, at: datetime, what: str, law: str) -> None:
    """``RulingError`` if ``at`` is after the correction period (L79C1) of the board's posted results."""
    found = periods(table)
    if found is not None and late(at, found.correction_ends, what):
        end = found.correction_ends.isoformat(timespec="minutes")
        raise RulingError(f"{what} at {at.isoformat(timespec='minutes')}: the correction period ended at {end} ({law})")


def record_posted(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``results_posted``: the official score of the finished board made available, with the event's periods."""
    require_done(table, RESULTS_POSTED)
    if periods(table) is not None:
        raise RulingError(f"{RESULTS_POSTED}: the results of this board are already posted")
    found = Periods.from_data(data)
    record = table.record
    assert record is not None
    record.rulings.append(
        {"irregularity": RESULTS_POSTED, "law": "79C1, 92B", "option": "posted", "periods": found.to_dict()}
    )


def record_correction(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``score_correction``: the agreed number of declarer's tricks replaces an error in computing or recording the
    score, within the correction period (L79C1); refused after it (TV143) and on a board with no contract."""
    require_done(table, SCORE_CORRECTION)
    result = table.result
    if result is None or result.tricks is None:
        raise RulingError(f"{SCORE_CORRECTION}: the board has no contract, so no tricks to correct (L79C1)")
    at = time_of(data, SCORE_CORRECTION)
    require_correction_period(table, at, SCORE_CORRECTION, "L79C1")
    tricks = number(data.get("tricks"), SCORE_CORRECTION, "'tricks' is declarer's agreed tricks", 0, 13)
    if tricks == result.tricks:
        raise RulingError(f"{SCORE_CORRECTION}: the score already gives declarer {tricks} tricks (L79C1)")
    record = table.record
    assert record is not None
    entry: dict[str, Any] = {
        "irregularity": SCORE_CORRECTION,
        "law": "79C1",
        "option": "corrected",
        "tricks": tricks,
        "at": at.isoformat(timespec="minutes"),
    }
    if data.get("reason"):
        entry["reason"] = str(data["reason"])
    record.rulings.append(entry)


def corrected_tricks(table: PlayTable) -> int | None:
    """Declarer's agreed tricks as last corrected within the correction period (L79C1), or ``None``."""
    found = _entries(table, SCORE_CORRECTION)
    return None if not found else int(found[-1]["tricks"])


def record_appeal(table: PlayTable, data: Mapping[str, Any]) -> None:
    """``appeal``: heard (recorded for the appeals committee or the chief TD, L93) if lodged by a player of this
    table within the L92B period and with the concurrence L92D asks for; otherwise refused, naming the law."""
    require_done(table, APPEAL)
    at = time_of(data, APPEAL)
    seat = seat_in(data, APPEAL)
    found = periods(table)
    if found is not None and late(at, found.appeal_ends, APPEAL):
        end = found.appeal_ends.isoformat(timespec="minutes")
        raise RulingError(
            f"{APPEAL} at {at.isoformat(timespec='minutes')}: the period for appeals ended at {end} (L92B)"
        )
    form = found.form if found is not None and "form" not in data else _form(data.get("form"), APPEAL)
    concurs = data.get("concurs")
    if form is not EventForm.INDIVIDUAL and concurs is not True:
        who = "his partner" if form is EventForm.PAIRS else "the team's captain"
        law = "L92D1" if form is EventForm.PAIRS else "L92D2"
        raise RulingError(
            f"{APPEAL} by {seat.name.lower()}: not heard: in a {form.value} event {who} must agree ({law})"
        )
    record = table.record
    assert record is not None
    against = data.get("against")
    laws = {str(r.get("law")) for r in record.rulings} | {f[7:-1] for f in record.review_flags}
    if against is not None and str(against) not in laws:
        raise RulingError(f"{APPEAL}: no ruling under {against!r} was made at this table (L92A)")
    record.rulings.append(
        {
            "irregularity": APPEAL,
            "law": "92D1" if form is EventForm.INDIVIDUAL else "92A",
            "option": "heard",
            "offender": None,
            "seat": seat.letter,
            "form": form.value,
            "against": against,
            "at": at.isoformat(timespec="minutes"),
        }
    )


def notes(table: PlayTable) -> list[str]:
    """The board's periods and what was lodged in them, in words (``contractbridge rule``)."""
    found = periods(table)
    out = []
    if found is not None:
        posted = found.posted.isoformat(timespec="minutes")
        correction = found.correction_ends.isoformat(timespec="minutes")
        appeal = found.appeal_ends.isoformat(timespec="minutes")
        out.append(f"results posted {posted}: corrections until {correction} (L79C1), appeals until {appeal} (L92B)")
    out += [
        f"appeal by {seat_name(Seat.parse(r['seat']))} at {r['at']}: heard (L{r['law']})"
        for r in _entries(table, APPEAL)
    ]
    return out
