"""Bad input never escapes as anything but a typed error (a ``BridgeError``), and changes nothing."""

from typing import Any

import pytest
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


PARSERS: list[tuple[Any, Any]] = [
    (Call.parse, str),
    (Card.parse, str),
    (Hand, str),
    (Deal, str),
    (Seat.parse, lambda seat: seat.letter),
]


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=20) | st.from_regex(r"[1-9]?[0-9 ]{0,3}(NT|[NSHDCPXR])?[!?]?", fullmatch=True))
def test_parsers_raise_parse_error_on_garbage(text: str) -> None:
    """Each parser either raises ``ParseError`` (nothing else) or reads a value that its own text reads back
    as (so a parser that accepted garbage as some value, or raised a plain error, fails here)."""
    for parse, write in PARSERS:
        try:
            value = parse(text)
        except ParseError:
            continue
        assert parse(write(value)) == value, (parse, text, value)


@pytest.mark.parametrize("text", ["", "  ", "8C", "0NT", "1Z", "99999999999999999999999C", "٣C", "P!x", "1NTX"])
def test_call_parse_refuses_garbage(text: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(text)


@pytest.mark.parametrize("text", ["", "S1", "ZA", "S10x", "²S", "SAA"])
def test_card_parse_refuses_garbage(text: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(text)


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
