"""Typed events (``contractbridge.events``, issue #10): one parser, one writer, old logs replay unchanged.

``tests/logs/*.jsonl`` were written by the table of version 0.1 before this change (main at b506afd), and
``tests/logs/expected.json`` holds the state that table reached on each (made by the same code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contractbridge import Card, Seat, Table, events
from contractbridge.calls import Call
from contractbridge.deal import Vulnerability
from contractbridge.errors import BridgeError, ParseError

LOGS = Path(__file__).parent / "logs"

EXAMPLES: list[events.Event] = [
    events.BoardStart(
        5,
        "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987",
        Seat.NORTH,
        Vulnerability.parse("All"),
        "WBF17",
        True,
        {"1C": {"artificial": True, "suits": []}},
        {"title": "club night"},
    ),
    events.Call(Call.parse("1NT"), Seat.SOUTH, extra={"alert": True, "explanation": "15-17"}),
    events.Call(Call.parse("XX"), Seat.WEST, attention=False),
    events.Call(Call.parse("8C", allow_above_seven=True), Seat.EAST),
    events.Play(Card("SA"), Seat.NORTH),
    events.Claim(Seat.SOUTH, 10, "drawing trumps"),
    events.Agree(Seat.WEST),
    events.Dispute(Seat.EAST),
    events.Change(Seat.NORTH, Call.parse("2S")),
    events.Expose(Seat.EAST, (Card("HA"), Card("H2")), led=True),
    events.Choose("reject", Seat.SOUTH),
    events.Choose("cancel"),
    events.Judge("comparable", False),
    events.BoardIrregularity("incorrect_count", {"called": True}),
    events.Attention(Seat.SOUTH),  # the rubber-bridge codes' own kinds (issue #12)
    events.Call(Call.parse("X"), Seat.EAST, names=Call.parse("3D")),
    events.Misinformation(Seat.WEST, Call.parse("1S")),
    events.CallCard(Seat.NORTH, Card("DQ")),
    events.Extension("claim_honours", {"seat": "S"}),
]


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: f"{e.kind}-{EXAMPLES.index(e)}")
def test_every_kind_round_trips_through_the_writer_and_the_parser(event: events.Event) -> None:
    written = events.to_dict(event)
    assert written["event"] == event.kind
    assert events.parse(json.loads(events.to_json_line(event))) == event


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "JSON object"),
        ({"call": "1S"}, "names its kind"),
        ({"event": "call"}, "no 'call'"),
        ({"event": "call", "call": "1Z"}, "not a call"),
        ({"event": "play", "card": 5}, "must be a str"),
        ({"event": "claim", "seat": "S", "tricks": True}, "must be a int"),
        ({"event": "board", "number": 0, "deal": ""}, "1 or more"),
        ({"event": "expose", "seat": "N", "cards": []}, "non-empty"),
        ({"event": "judge", "question": "comparable", "answer": "yes"}, "true or false"),
        ({"event": "choose", "seat": "Q", "option": "accept"}, "not a seat"),
        ({"event": "attention"}, "no 'seat'"),
        ({"event": "call", "call": "X", "names": "3Z"}, "not a call"),
        ({"event": "misinformation", "seat": "W"}, "no 'call'"),
    ],
)
def test_bad_events_are_a_parse_error(obj: Any, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        events.parse(obj)


def summary(table: Table) -> dict[str, Any]:
    """The state the 0.1 table reported, read through the public API (the record for an irregular table)."""
    return {
        "phase": table.phase.value,
        "turn": None if table.turn is None else table.turn.letter,
        "auction": str(table.auction),
        "contract": None if table.contract is None else str(table.contract),
        "declarer": None if table.declarer is None else table.declarer.letter,
        "tricks": [str(t) for t in table.tricks],
        "current": [str(c) for _, c in (table.play_state.current_trick if table.play_state else [])],
        "claim": None if table.claim_state is None else table.claim_state.to_dict(),
        "result": None if table.result is None else table.result.to_dict(),
        "record": None if table.record is None else table.record.to_dict(),
    }


@pytest.mark.parametrize("name", sorted(p.name for p in LOGS.glob("*.jsonl")))
def test_old_logs_replay_to_equal_tables(name: str) -> None:
    expected = json.loads((LOGS / "expected.json").read_text(encoding="utf-8"))[name]
    table = Table.from_jsonl((LOGS / name).read_text(encoding="utf-8"))
    assert summary(table) == expected
    again = Table.from_events(table.to_events())
    assert summary(again) == expected and again.to_events() == table.to_events()


def test_an_old_log_that_led_past_a_due_l26b_choice_is_refused_now() -> None:
    """The one change old logs see (#16.2): the 0.1 table let West lead C8 at his first lead; now declarer's
    L26B choice comes first, and the log names the line."""
    text = (LOGS / "irregular_tv62.jsonl").read_text(encoding="utf-8")
    old = text + '{"event": "play", "seat": "N", "card": "C3"}\n{"event": "play", "seat": "W", "card": "C8"}\n'
    with pytest.raises(BridgeError, match="line 19: C8: the lead restriction awaits"):
        Table.from_jsonl(old)
    table = Table.from_jsonl(old.rsplit("{", 1)[0])
    assert table.pending_irregularity is not None and table.pending_irregularity.kind == "lead_restriction"
