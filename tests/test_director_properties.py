"""Property test: random auctions with random irregularities and random rectification choices (L24–L39).

The record never reaches an inconsistent state: every pending ruling has an option (and a question has an
option for each answer), a refused action changes nothing, the standing calls are always a lawful auction and
``legal_calls``, the turn, the end, the contract and the declarer agree with the independent brute-force
reading of L17–L22 (``auction_oracle``, shared with ``test_auction``), every call offered stands on the auction
rebuilt from the record, obligations are honoured, and the engine never answers a question itself."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auction_oracle import brute_force_contract, brute_force_declarer, brute_force_legal
from contractbridge.calls import PASS, Bid, Call, all_bids
from contractbridge.cards import Card, Seat
from contractbridge.director import DirectedAuction, Status
from contractbridge.errors import BridgeError

ALL_CALLS: list[Call] = [PASS, Call.parse("X"), Call.parse("XX"), *all_bids(), Bid(8, all_bids()[0].strain)]


def check(da: DirectedAuction) -> None:
    """The record against the brute-force reading of L17–L22 in ``auction_oracle`` (no shared code)."""
    ruling = da.pending
    if ruling is not None:
        assert ruling.options
        if ruling.question is not None:
            assert {o.answer for o in ruling.options} == {True, False}
            assert ruling.chooser is None
        assert da.legal_calls() == []
    calls: list[Call] = []
    seats: list[Seat] = []
    scored: list[Call] = []  # what the contract reads: an ignored double or redouble is as if not made (L36C)
    for e in (e for e in da.entries if e.status is Status.STANDING):
        turn, legal = brute_force_legal(da.dealer, calls, seats, e.seat)
        assert turn is not None, " ".join(f"{x.seat.letter}{x.call}:{x.status.value[:2]}:{x.law}" for x in da.entries)
        if "27A1" not in e.law:  # an accepted insufficient bid is treated as legal, not lawful
            assert e.call in legal, (e, [str(c) for c in calls])
        if "29A" not in e.law:  # only an accepted call out of rotation breaks the rotation
            assert e.seat == turn, (e, [str(c) for c in calls])
        calls.append(e.call)
        seats.append(e.seat)
        if not e.ignored:
            scored.append(e.call)
    turn, legal = brute_force_legal(da.dealer, calls, seats)
    assert da.is_over == (turn is None)
    if turn is None:
        assert da.declarer == brute_force_declarer(da.dealer, calls, seats)
        assert da.contract == brute_force_contract(scored)
    else:
        assert da.contract is None and da.declarer is None
    if turn is not None and ruling is None:
        assert da.turn == turn
        offered = da.legal_calls()
        if turn in da.obligations:
            assert offered == [PASS]
        elif turn in da.requirements:
            assert offered == [da.requirements[turn][0]] and offered[0] in legal
        else:
            assert set(offered) == legal and len(offered) == len(legal)
        rebuilt = da.auction()  # what the table reads, e.g. a web robot's alert meta (server ``_call_meta``)
        assert rebuilt.turn == turn
        for call in offered:  # every call offered stands on the rebuilt auction: none is refused there
            extended = rebuilt.copy()
            extended.push(call)


def act(da: DirectedAuction, data: st.DataObject) -> None:
    ruling = da.pending
    if ruling is not None:
        if ruling.question is not None:
            da.judge(ruling.question.id, data.draw(st.booleans()))
        elif ruling.before_rectification and data.draw(st.integers(0, 4)) == 0:
            f = data.draw(st.sampled_from(ruling.before_rectification))
            da.call(data.draw(st.sampled_from(ALL_CALLS)), f.seat)
        else:
            da.choose(ruling.chooser, data.draw(st.sampled_from([o.id for o in ruling.options])))
        return
    kind = data.draw(st.integers(0, 9))
    if kind <= 5 and not da.is_over:
        da.call(data.draw(st.sampled_from(da.legal_calls())), da.turn or Seat.NORTH)
    elif kind <= 7:
        da.call(data.draw(st.sampled_from(ALL_CALLS)), data.draw(st.sampled_from(list(Seat))))
    elif kind == 8:
        da.change(data.draw(st.sampled_from(ALL_CALLS)), data.draw(st.sampled_from(list(Seat))))
    else:
        cards = data.draw(st.lists(st.integers(0, 51), min_size=1, max_size=2, unique=True))
        da.expose(data.draw(st.sampled_from(list(Seat))), [Card.from_index(i) for i in cards],
                  data.draw(st.booleans()))  # fmt: skip


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(list(Seat)))
def test_random_irregular_auctions_stay_consistent(data: st.DataObject, dealer: Seat) -> None:
    run_random_auction(data, dealer)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(list(Seat)))
def test_many_random_irregular_auctions_stay_consistent(data: st.DataObject, dealer: Seat) -> None:
    run_random_auction(data, dealer)


def run_random_auction(data: st.DataObject, dealer: Seat) -> None:
    da = DirectedAuction(dealer)
    for _ in range(40):
        before: dict[str, Any] = da.to_dict()
        try:
            act(da, data)
        except BridgeError:
            assert da.to_dict() == before  # a refused action changes nothing
        check(da)
        if da.is_over and da.pending is None:
            break


DEAL = "N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987"


def event(da: DirectedAuction, data: st.DataObject) -> dict[str, Any]:
    """The same random actions as ``act``, as events of the table's log."""
    ruling = da.pending
    seats = [s.letter for s in Seat]
    if ruling is not None:
        if ruling.question is not None:
            return {"event": "judge", "question": ruling.question.id, "answer": data.draw(st.booleans())}
        who = "director" if ruling.chooser is None else ruling.chooser.letter
        return {"event": "choose", "seat": who, "option": data.draw(st.sampled_from([o.id for o in ruling.options]))}
    kind = data.draw(st.integers(0, 8))
    if kind <= 5 and not da.is_over:
        return {"event": "call", "seat": (da.turn or Seat.NORTH).letter,
                "call": str(data.draw(st.sampled_from(da.legal_calls())))}  # fmt: skip
    name = "change" if kind == 8 else "call"
    return {
        "event": name,
        "seat": data.draw(st.sampled_from(seats)),
        "call": str(data.draw(st.sampled_from(ALL_CALLS))),
    }


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_irregular_tables_replay_consistently(data: st.DataObject) -> None:
    from contractbridge import Board, Deal, Table

    table = Table(Board(1, Deal(DEAL)), irregular=True)
    for _ in range(30):
        da = table.record
        ev = event(da, data)
        before = table.to_events()
        try:
            table.apply(ev)
        except BridgeError:
            assert table.to_events() == before
            continue
        da = table.record
        check(da)
        assert (table.pending_irregularity is None) == (da.pending is None)
        if da.pending is None and not da.is_over:
            assert table.legal_calls() == da.legal_calls() and table.turn == da.turn
        again = Table.from_events(table.to_events())
        assert again.record.to_dict() == da.to_dict()
        if table.play_state is not None:
            assert table.contract == da.contract
            break
