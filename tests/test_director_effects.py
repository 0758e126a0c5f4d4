"""A ruling's option is data (#22 item 1): every auction-period option states its ``Effect`` values and carries no
action of its own; ``director.apply`` applies them to the record, one effect after another. And the citations in
the auction's messages come from the edition in force (#22 item 2): an NBB30 table cites NBB30, a WBF17 table
keeps its 2017 laws."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields

import pytest

from contractbridge import Board, Deal, Seat, Table
from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.contract import Contract
from contractbridge.director import DirectedAuction, Duration, Effect, EffectKind, Ruling
from contractbridge.director.apply import apply_effects
from contractbridge.errors import (
    BridgeError,
    CallOutOfTurnError,
    InsufficientBidError,
    RulingError,
    RulingPendingError,
    ScoringError,
)
from contractbridge.laws import edition
from contractbridge.laws.nbb30.record import PlayersAuction
from contractbridge.robots.bidder import choose
from contractbridge.rulebooks import recited
from contractbridge.scoring.rubber import Honours, HonoursKind, rubber_rules

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")

#: irregular auctions (calls by seat, then the irregular event), one ruling each, in both families of codes
WBF17_CASES: list[list[tuple[str, ...]]] = [
    [("call", "N", "1S"), ("call", "E", "1H")],  # L27 insufficient bid
    [("call", "N", "1S"), ("call", "S", "2S")],  # L29–L31 out of rotation
    [("call", "N", "1S"), ("call", "W", "2S")],  # L31 at LHO's turn
    [("call", "N", "P"), ("call", "W", "P")],  # L30 a pass at partner's turn
    [("call", "N", "1S"), ("call", "E", "XX")],  # L36 inadmissible redouble
    [("call", "N", "1S"), ("call", "E", "8S")],  # L38 above seven
    [("call", "N", "1S"), ("change", "N", "1NT")],  # L25 change of call
    [("call", "N", "1S"), ("expose", "E", "SA")],  # L24 a card exposed
    [("call", "N", "1S"), ("call", "E", "P"), ("call", "S", "P"), ("call", "W", "P"), ("call", "E", "X")],  # L39
    [("board", "incorrect_count", "called")],  # L13B
    [("call", "N", "1S"), ("board", "wrong_hand", "")],  # L15A
]
NBB30_CASES: list[list[tuple[str, ...]]] = [
    [("call", "N", "1S"), ("call", "E", "1H")],  # R40 insufficient bid
    [("call", "N", "1S"), ("call", "S", "2S")],  # R39 out of turn
    [("call", "N", "1S"), ("call", "E", "8S")],  # R42(a)
    [("call", "N", "1S"), ("change", "N", "2S")],  # R16 / R39(1)
    [("call", "N", "1S"), ("expose", "E", "SA")],  # R43(b)
    [("call", "N", "1S"), ("call", "E", "P"), ("call", "S", "P"), ("call", "W", "P"), ("call", "E", "X")],  # R41
    [("board", "incorrect_count", "")],  # R10(1)(g)
]


def _play(da: DirectedAuction, case: list[tuple[str, ...]]) -> Ruling:
    for step in case:
        if step[0] == "call":
            da.call(step[2], step[1])
        elif step[0] == "change":
            da.change(step[2], step[1])
        elif step[0] == "expose":
            da.expose(step[1], [step[2]])
        else:
            facts = {step[2]: True} if step[2] else {}
            da.apply({"event": "board_irregularity", "kind": step[1], "seat": "S", **facts})
    assert da.pending is not None, case
    return da.pending


def _rulings(ruling: Ruling) -> Iterator[Ruling]:
    """``ruling`` and every ruling one of its options makes pending next (a ``RULE`` effect)."""
    yield ruling
    for option in ruling.options:
        for effect in option.effects:
            if effect.ruling is not None:
                yield from _rulings(effect.ruling)


def _records() -> Iterator[tuple[str, Ruling]]:
    for case in WBF17_CASES:
        yield "WBF17", _play(DirectedAuction(Seat.NORTH), case)
    for name in ("NBB30", "EST30", "NL36", "NL75"):
        for case in NBB30_CASES:
            yield name, _play(PlayersAuction(Seat.NORTH, name), case)


def test_every_auction_option_is_data_without_an_action() -> None:
    seen = 0
    for name, top in _records():
        for ruling in _rulings(top):
            for option in ruling.options:
                assert not any(callable(getattr(option, f.name)) for f in fields(option)), (name, option.id)
                assert option.effects, (name, ruling.irregularity, option.id)
                assert option.to_dict()["effects"] == [e.to_dict() for e in option.effects]
                seen += 1
            for allowed in ruling.before_rectification:
                assert allowed.effects and allowed.option, (name, ruling.irregularity, allowed.law)
    assert seen > 60


def test_a_call_before_rectification_applies_its_effects_to_the_call_made() -> None:
    """L27A1: LHO's call accepts the insufficient bid: the bid stands, then his call is made under its own law."""
    da = DirectedAuction(Seat.NORTH)
    ruling = _play(da, WBF17_CASES[0])
    accept = next(f for f in ruling.before_rectification if f.seat == Seat.SOUTH)
    assert [e.kind for e in accept.effects] == [EffectKind.STAND, EffectKind.CALL]
    assert accept.effects[-1].call is None  # the call made: only known when it is made
    da.call("2H", "S")
    assert da.standing_calls() == [Call.parse(c) for c in ("1S", "1H", "2H")]
    assert da.rulings[-1] == {"irregularity": "insufficient_bid", "law": "27A1", "option": "accept", "offender": "E"}


def test_an_obligation_is_an_effect_with_its_duration() -> None:
    """L36B: an inadmissible double is cancelled and partner passes for the rest of the auction."""
    da = DirectedAuction(Seat.NORTH)
    (option,) = _play(da, [("call", "N", "1S"), ("call", "E", "P"), ("call", "S", "X")]).options
    oblige = next(e for e in option.effects if e.kind is EffectKind.OBLIGE)
    assert (oblige.seat, oblige.duration, oblige.law) == (Seat.NORTH, Duration.REST, "36B")
    assert oblige.to_dict() == {"effect": "oblige", "seat": "N", "law": "36B", "duration": "pass_rest"}
    da.choose(None, "cancel")
    assert da.obligations[Seat.NORTH].duration is Duration.REST and da.turn == Seat.SOUTH
    da.call("2S", "S")
    da.call("P", "W")
    assert da.legal_calls() == [Call.parse("P")]  # North must pass


def test_a_following_ruling_is_data_too() -> None:
    """L25B: a considered change of call makes LHO's choice pending (the ``RULE`` effect holds that ruling)."""
    da = DirectedAuction(Seat.NORTH)
    ruling = _play(da, WBF17_CASES[6])
    considered = ruling.outcome(False)
    (rule,) = considered.effects
    assert rule.kind is EffectKind.RULE and rule.ruling is not None
    da.judge("unintended", False)
    assert da.pending == rule.ruling and da.pending.chooser == Seat.EAST


def test_an_effect_without_its_call_is_refused() -> None:
    da = DirectedAuction(Seat.NORTH)
    for effects in ((Effect(EffectKind.STAND, law="x"),), (Effect(EffectKind.CANCEL_CALL, index=3, law="x"),)):
        with pytest.raises(RulingError, match="which call"):
            apply_effects(da, effects)
    with pytest.raises(RulingError, match="which call"):
        apply_effects(da, (Effect(EffectKind.CALL, Seat.NORTH),))  # no call given, none made
    assert da.entries == [] and da.to_dict() == DirectedAuction(Seat.NORTH).to_dict()


# ---- citations from the edition in force (#22 item 2) --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cited"),
    [("WBF17", " (L18D; rectification L27)"), ("NBB30", " (NBB R40(1))"), ("EST30", " (EST-L14)")],
)
def test_a_strict_tables_refusal_cites_its_own_book(name: str, cited: str) -> None:
    table = Table(Board(1, DEAL), edition=name)
    table.call("1S")
    with pytest.raises(InsufficientBidError) as err:
        table.call("1H")
    assert str(err.value) == f"1H is insufficient over 1S{cited}" and err.value.topic == "insufficient_bid"


def test_a_book_without_the_rule_cites_nothing() -> None:
    """A call out of turn: WBF17 L17C, L28–L32; NBB30's R39 rules on what happens, not on whose turn it is."""
    wbf, nbb = Table(Board(1, DEAL)), Table(Board(1, DEAL), edition="NBB30")
    for table, cited in ((wbf, " (L17C, L28–L32)"), (nbb, "")):
        with pytest.raises(CallOutOfTurnError) as err:
            table.call("1S", "S")
        assert str(err.value) == f"1S by south: it is north's turn to call{cited}"


def test_a_bare_auction_cites_the_default_edition() -> None:
    auction = Auction(Seat.NORTH, "1S")
    with pytest.raises(InsufficientBidError, match=r"insufficient over 1S \(L18D; rectification L27\)$") as err:
        auction.push("1H")
    assert (err.value.topic, err.value.text) == ("insufficient_bid", "1H is insufficient over 1S")
    assert str(recited(err.value, edition("NBB30"))) == "1H is insufficient over 1S (NBB R40(1))"


def test_the_record_and_its_rulings_cite_the_records_edition() -> None:
    wbf = DirectedAuction(Seat.NORTH)
    nbb = PlayersAuction(Seat.NORTH, "NBB30")
    for da, cited in ((wbf, " (L9B2)"), (nbb, "")):
        _play(da, [("call", "N", "1S"), ("call", "E", "1H")])
        with pytest.raises(RulingPendingError) as err:
            da.change("2H", "E")
        assert str(err.value).endswith(f"while a ruling is pending{cited}")
    assert wbf.pending is not None and nbb.pending is not None
    assert wbf.pending.awaits(wbf.edition) == "awaits South's choice of rectification (L10C1, L9B2)"
    assert nbb.pending.awaits(nbb.edition) == "awaits the director's ruling"
    assert wbf.explain().startswith("Insufficient bid 1H by East over 1S (L27).")
    assert nbb.explain().startswith("Insufficient bid 1H by East over 1S (NBB R40(1)).")  # was "(LNBB R40(1))"


def test_the_review_flag_of_a_withdrawn_call_is_the_editions() -> None:
    """L16C: a cancelled call out of rotation is UI: REVIEW(16C) at a WBF17 table."""
    da = DirectedAuction(Seat.NORTH)
    _play(da, [("call", "N", "1S"), ("call", "S", "2S")])
    da.choose("W", "cancel")
    assert "REVIEW(16C)" in da.review_flags


def test_honours_in_the_wrong_strain_cite_the_sheets_book() -> None:
    claim = Honours(Seat.NORTH.side, HonoursKind.FOUR_TRUMPS)
    for name, law in (("NBB30", "NBB R33"), ("EST30", "EST-S08")):
        with pytest.raises(ScoringError) as err:
            rubber_rules(name).score_hand(Contract.parse("3NT"), Seat.NORTH, 9, False, claim)
        assert str(err.value).endswith(f"count ({law})")


def test_the_robot_refuses_a_finished_auction_citing_the_default_edition() -> None:
    auction = Auction(Seat.NORTH, "P P P P")
    with pytest.raises(BridgeError, match=r"no call to choose \(L22A\)"):
        choose(DEAL[Seat.NORTH], auction)
