"""Hypothesis over the readers tests/fuzz_formats.py does not cover: event files (``contractbridge event``), USEBIO
results (``contractbridge results``), dealer scripts (``contractbridge dealer``) and the table manager's protocol
lines (``serve-tm``/``tm-client``). A mutated input reads, or fails with a typed ``BridgeError`` that names where:
the file, or the line it is (never ``KeyError``, ``TypeError``, ``LookupError`` … from inside)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contractbridge.dealer.script import parse_script
from contractbridge.errors import BridgeError
from contractbridge.tablemanager import messages
from contractbridge.tournament import usebio
from contractbridge.tournament.event import Entry, Event

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
#: Pieces a mutation inserts: JSON and XML syntax, seat and strain letters, huge and odd numbers, bytes no
#: encoding expects.
PIECES = (
    *'\n \t{}[]",:0123456789-+.eE/\\<>=&;()!?#%|',
    *("N", "E", "S", "W", "C", "D", "H", "NT", "X", "P", "null", "true", "[[[[", "NaN", "1e999", "\x00", "é", "\ufeff"),
    *("99999999999999999999", '"UT-8"', "<!--", "-->", "<![CDATA["),
)


def _seeds() -> dict[str, list[str]]:
    event = Event("Club pairs", "matchpoints", "mitchell", 3, 2, 6, "1", ())
    for table, contract, tricks in ((1, "4S", 10), (3, "3NT", 8)):  # board 1 at tables 1 and 3 (round 1, then 3)
        event = event.enter(Entry(table if table == 1 else 2, table, 1, contract, "N", tricks, "SK"))
    return {
        "event": [event.to_json()],
        "usebio": [event.usebio()],
        "dealer": [(EXAMPLES / "notrump.dlr").read_text(encoding="utf-8")],
        "tm": [
            'Connecting "ns" as North using protocol version 18',
            "North ready for teams",
            'Teams : N/S : "ns" E/W : "ew"',
            "Board number 1. Dealer North. Neither vulnerable.",
            "North's cards : S A K Q 2. H K J 4. D T 9 8. C A 5 3.",
            "North bids 1NT Alert.",
            "North passes",
            "East doubles",
            "North plays 7C",
            "North ready for deal",
        ],
    }


SEEDS = _seeds()


def _event(text: str) -> None:
    try:
        Event.from_json(text, "ev.json")
    except BridgeError as err:
        assert "ev.json" in str(err), err


def _usebio(text: str) -> None:
    try:
        usebio.loads(text.encode("utf-8", "surrogatepass"), "x.xml")
    except BridgeError as err:
        assert "x.xml" in str(err), err


def _dealer(text: str) -> None:
    try:
        parse_script(text, "s.dlr")
    except BridgeError as err:
        assert "s.dlr" in str(err) or "line" in str(err) or "^" in str(err), err


def _tm(text: str) -> None:
    for by_client in (None, True, False):
        with contextlib.suppress(BridgeError):  # a line of no message of the protocol: ProtocolError
            messages.read(text, by_client=by_client)


READERS: dict[str, Callable[[str], None]] = {"event": _event, "usebio": _usebio, "dealer": _dealer, "tm": _tm}


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> str:
    text = list(draw(st.sampled_from(SEEDS[kind])))
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["delete", "insert", "replace", "repeat"]))
        if how == "delete" and text:
            del text[min(at, len(text) - 1) : at + draw(st.integers(1, 20))]
        elif how == "insert":
            text.insert(at, draw(st.sampled_from(PIECES)))
        elif how == "replace" and text:
            text[min(at, len(text) - 1)] = draw(st.sampled_from(PIECES))
        else:
            end = draw(st.integers(at, min(len(text), at + 40)))
            text[at:at] = text[at:end]
    return "".join(text)


@pytest.mark.parametrize("kind", READERS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_inputs_read_or_raise_a_typed_error_naming_where(kind: str, data: st.DataObject) -> None:
    READERS[kind](data.draw(mutated(kind), label="input"))
