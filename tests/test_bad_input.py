"""Bad input never escapes as anything but a typed error (a ``BridgeError``), and changes nothing."""

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge import Board, Deal, Seat
from contractbridge.calls import Call
from contractbridge.cards import Card, Hand
from contractbridge.errors import BridgeError, EventLogError, ParseError
from contractbridge.players import RandomPlayer, play_board
from contractbridge.table import Table

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=12) | st.sampled_from(["N", "SA", "1NT", "P"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=5,
)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=20))
def test_parsers_raise_parse_error_on_garbage(text: str) -> None:
    for parse in (Call.parse, Card.parse, Hand, Deal, Seat.parse):
        with contextlib.suppress(ParseError):
            parse(text)  # type: ignore[operator]


def _log(seed: int) -> list[dict[str, Any]]:
    table = Table(Board(seed % 16 + 1, Deal.random(seed)))
    play_board(table, {s: RandomPlayer(seed) for s in Seat})
    return table.to_events()


LOGS = [_log(seed) for seed in range(3)]


@settings(max_examples=300, deadline=None)
@given(
    log=st.sampled_from(LOGS),
    data=st.data(),
    how=st.sampled_from(["set", "delete", "insert", "truncate"]),
)
def test_mutated_event_logs_replay_or_raise_event_log_error(
    log: list[dict[str, Any]], data: st.DataObject, how: str
) -> None:
    events = [dict(e) for e in log]
    i = data.draw(st.integers(0, len(events) - 1), label="event")
    if how == "set":
        key = data.draw(st.sampled_from([*events[i].keys(), "x"]), label="key")
        events[i][key] = data.draw(JSON, label="value")
    elif how == "delete":
        events[i].pop(data.draw(st.sampled_from(sorted(events[i])), label="key"))
    elif how == "insert":
        events.insert(i, data.draw(JSON, label="event"))
    else:
        events = events[:i]
    try:
        table = Table.from_events(events)
    except EventLogError as err:
        assert err.number is not None and 1 <= err.number <= max(len(events), 1)
        assert str(err).startswith(f"event {err.number}: ")
    else:
        assert Table.from_events(table.to_events()).to_events() == table.to_events()


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(sorted(LOGS[0][0])), value=JSON)
def test_bad_board_events_raise_event_log_error(key: str, value: Any) -> None:
    try:
        Table.from_events([{**LOGS[0][0], key: value}])
    except EventLogError as err:
        assert str(err).startswith("event 1: ")


@settings(max_examples=100, deadline=None)
@given(log=st.sampled_from(LOGS), event=JSON, cut=st.integers(1, 80))
def test_apply_of_garbage_raises_a_typed_error_and_changes_nothing(
    log: list[dict[str, Any]], event: Any, cut: int
) -> None:
    table = Table.from_events(log[:cut])
    before = table.to_events()
    try:
        table.apply(event)
    except BridgeError:
        assert table.to_events() == before
