"""The table (docs/architecture.md §3, §5): phases, the event log, strict errors, claims (L68–L69), views, irregular
mode."""

import copy
import json
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge import Board, Card, Contract, Deal, Hand, Seat, Strain
from contractbridge.calls import PASS, Bid, Call
from contractbridge.errors import (
    AuctionClosedError,
    CardNotInHandError,
    ClaimError,
    DealError,
    EditionError,
    EventLogError,
    IllegalCallError,
    InadmissibleCallError,
    InsufficientBidError,
    IrregularityPendingError,
    OutOfTurnError,
    ParseError,
    PlayNotStartedError,
    RevokeError,
)
from contractbridge.laws import EDITIONS, PlayTable
from contractbridge.laws.wbf17 import WBF17
from contractbridge.table import Irregularity, IrregularityKind, Phase, Result, Table

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def one_nt_by_south() -> Table:
    """Board 1 (dealer N): P P 1NT P P P → 1NT by S, W leads (L41A)."""
    table = Table(Board(1, DEAL))
    for c in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(c)
    return table


def snapshot(table: Table) -> tuple[Any, ...]:
    return (
        table.phase,
        table.turn,
        str(table.auction),
        table.auction.seats,
        tuple(table.hand(s) for s in Seat),
        tuple(table.tricks),
        None if table.play_state is None else tuple(table.play_state.current_trick),
        table.claim_state,
        table.pending_irregularity,
        tuple(table.irregularities),
        table.result,
    )


def test_phases_and_contract() -> None:
    table = Table(Board(1, DEAL))
    assert table.phase is Phase.AUCTION and table.turn == Seat.NORTH and table.result is None
    table = one_nt_by_south()
    assert table.phase is Phase.PLAY
    assert table.contract == Contract.parse("1NT") and table.declarer == Seat.SOUTH and table.dummy == Seat.NORTH
    assert table.turn == Seat.WEST and table.actor == Seat.WEST


def test_passed_out_board_is_done_l22b() -> None:
    table = Table(Board(2, DEAL))
    for _ in range(4):
        table.call(PASS)
    assert table.phase is Phase.DONE and table.result == Result(None, None, None, passed_out=True)
    with pytest.raises(PlayNotStartedError, match="passed out"):
        table.play("SA")


def test_declarer_plays_dummys_cards_l41d_and_dummy_leads_after_winning_l44g() -> None:
    table = one_nt_by_south()
    table.play("S4")
    assert table.turn == Seat.NORTH and table.actor == Seat.SOUTH
    table.play("SA")  # declarer plays dummy's card; no seat needed
    table.play("S9", "E")
    table.play("S5", Seat.SOUTH)
    assert table.tricks[0].winner == Seat.NORTH
    assert table.turn == Seat.NORTH and table.actor == Seat.SOUTH
    assert [e["seat"] for e in table.to_events()[-4:]] == ["W", "N", "E", "S"]


def test_full_board_result() -> None:
    table = one_nt_by_south()
    while table.phase is Phase.PLAY:
        table.play(max(table.legal_cards()))
    result = table.result
    assert result is not None and result.contract == Contract.parse("1NT") and result.declarer == Seat.SOUTH
    assert result.tricks == table.play_state.declarer_tricks  # type: ignore[union-attr]
    assert len(table.tricks) == 13 and not result.claimed


def test_unknown_edition_is_a_typed_error_and_the_five_names_are_accepted() -> None:
    for name in EDITIONS:
        assert Table(Board(1, DEAL), edition=name).edition == name
        assert Table(Board(1, DEAL), edition=name).rules.name == name  # the table owns its edition object
    assert tuple(EDITIONS) == ("WBF17", "NBB30", "EST30", "NL36", "NL75")
    with pytest.raises(EditionError, match="unknown edition 'ACBL'"):
        Table(Board(1, DEAL), edition="ACBL")


@pytest.mark.parametrize(
    ("calls", "bad", "seat", "error", "message"),
    [
        ("1S", "1H", None, InsufficientBidError, "1H is insufficient over 1S"),
        ("1S", "X", "W", OutOfTurnError, "east's turn"),
        ("1S P", "X", None, InadmissibleCallError, "bid by your own side"),
        ("1S", "8C", None, InadmissibleCallError, "above seven"),
        ("1S", "XX", None, InadmissibleCallError, "no double to redouble"),
        ("1S P P P", "2C", None, AuctionClosedError, "auction is over"),
    ],
)
def test_strict_unlawful_call_raises_and_changes_nothing(
    calls: str, bad: str, seat: str | None, error: type[Exception], message: str
) -> None:
    table = Table(Board(1, DEAL))
    for c in calls.split():
        table.call(c)
    before, events = snapshot(table), table.to_events()
    with pytest.raises(error, match=message):
        table.call(bad, seat)
    assert snapshot(table) == before and table.to_events() == events


def test_bad_input_raises_typed_errors_saying_what_and_where() -> None:
    table = one_nt_by_south()
    before = snapshot(table)
    with pytest.raises(ParseError, match="not a call: '1Z'"):
        table.call("1Z")
    with pytest.raises(AuctionClosedError, match="after the final pass"):
        table.call("2C")
    with pytest.raises(CardNotInHandError, match="SA is not in west's hand"):
        table.play("SA")
    with pytest.raises(ParseError, match="not a card"):
        table.play("S1")
    with pytest.raises(OutOfTurnError, match="west's turn to lead"):
        table.play("SA", "N")
    assert snapshot(table) == before
    with pytest.raises(DealError, match="dealt twice"):
        Deal("N:AKQ2.KJ4.T98.A53 AKQ2.KJ4.T98.A53 - -")
    with pytest.raises(DealError, match="must have four hands"):
        Deal("N:AKQ2.KJ4.T98.A53")


def test_revoke_is_refused_in_strict_mode_l44c() -> None:
    table = one_nt_by_south()
    table.play("D2")
    before = snapshot(table)
    with pytest.raises(RevokeError, match="must follow suit"):
        table.play("SA")
    assert snapshot(table) == before


def test_card_before_the_auction_ends_is_refused() -> None:
    table = Table(Board(1, DEAL))
    with pytest.raises(PlayNotStartedError, match="auction is not over"):
        table.play("SA", "N")


# claims ------------------------------------------------------------------------------------------------
def test_claim_agreed_by_both_defenders_gives_the_result_l68_l69() -> None:
    table = one_nt_by_south()
    table.play("S4")
    table.play("SA")
    table.play("S9")
    table.play("S5")
    table.claim("S", 9, "cashing out")
    assert table.turn is None and table.phase is Phase.PLAY
    with pytest.raises(ClaimError, match="play has stopped"):
        table.play("SK")
    with pytest.raises(ClaimError, match="west"):  # north is dummy, not an agreeing opponent
        table.agree("N")
    table.agree("W")
    assert table.phase is Phase.PLAY and table.claim_state is not None and table.claim_state.status == "pending"
    table.agree("E")
    assert table.phase is Phase.DONE
    assert table.result == Result(Contract.parse("1NT"), Seat.SOUTH, 10, passed_out=False, claimed=True)


def test_a_table_with_a_claim_standing_pickles_and_its_copy_undoes_its_own_claim_l68() -> None:
    """The claim's undo follows the table it belongs to: a pickled table keeps the claim, a copy's ``undo`` takes
    back the copy's claim and leaves the original's standing (the undo was a closure over the original)."""
    table = one_nt_by_south()
    table.play("S4")
    table.claim("S", 9, "cashing out")
    back = pickle.loads(pickle.dumps(table))
    assert back.claim_state == table.claim_state and back.to_events() == table.to_events()
    twin = copy.deepcopy(table)
    twin.undo()
    assert twin.claim_state is None and table.claim_state is not None
    back.undo()
    assert back.claim_state is None and back.to_events() == twin.to_events()


def test_defenders_claim_concedes_the_rest_to_declarer_needs_declarers_agreement() -> None:
    table = one_nt_by_south()
    table.claim("W", 2)
    with pytest.raises(ClaimError, match="south"):
        table.agree("E")
    table.agree("S")
    assert table.result is not None and table.result.tricks == 11


def test_claim_errors() -> None:
    table = Table(Board(1, DEAL))
    with pytest.raises(ClaimError, match="during the play"):
        table.claim("N", 3)
    table = one_nt_by_south()
    with pytest.raises(ClaimError, match="dummy"):
        table.claim("N", 3)
    with pytest.raises(ClaimError, match="13 tricks remain"):
        table.claim("S", 14)
    with pytest.raises(ClaimError, match="no claim in progress"):
        table.agree("W")
    table.claim("S", 7)
    with pytest.raises(ClaimError, match="is open"):
        table.claim("W", 7)


def test_disputed_claim_stops_play_for_the_director_l68d2_l70() -> None:
    table = one_nt_by_south()
    table.claim("S", 13)
    table.dispute("W")
    assert table.claim_state is not None and table.claim_state.status == "disputed"
    assert table.phase is Phase.PLAY and table.result is None and table.turn is None
    with pytest.raises(ClaimError, match="disputed"):
        table.agree("E")


def test_claimers_hand_is_faced_l68c() -> None:
    table = one_nt_by_south()
    table.claim("S", 7)
    assert table.view("W").claimer_hand == DEAL[Seat.SOUTH]


# views ------------------------------------------------------------------------------------------------
def test_view_shows_own_hand_and_dummy_only_after_the_opening_lead_l41c() -> None:
    table = one_nt_by_south()
    west = table.view("W")
    assert west.hand == DEAL[Seat.WEST] and west.dummy_hand is None and west.dummy == Seat.NORTH
    assert west.legal_cards == frozenset(DEAL[Seat.WEST]) and west.to_act
    assert not table.view("E").legal_cards
    table.play("S4")
    east = table.view("E")
    assert east.dummy_hand == DEAL[Seat.NORTH]
    assert east.visible_cards == (DEAL[Seat.EAST] | DEAL[Seat.NORTH]).add(Card("S4"))
    # declarer decides for dummy; dummy's own view has no choices (L41D)
    assert table.view("S").legal_cards == frozenset(DEAL[Seat.NORTH].cards_in(Card("S4").suit))
    assert table.view("N").legal_cards == frozenset()


def test_view_during_auction_has_legal_calls_only_for_the_seat_to_call() -> None:
    table = Table(Board(3, DEAL))  # dealer S
    assert table.view("S").legal_calls == tuple(table.legal_calls())
    assert table.view("N").legal_calls == ()
    assert table.view("N").visible_cards == DEAL[Seat.NORTH]


# event log ---------------------------------------------------------------------------------------------
def test_event_log_round_trip_and_format_design_5() -> None:
    table = one_nt_by_south()
    table.play("S4")
    events = table.to_events()
    assert events[0] == {
        "event": "board",
        "number": 1,
        "deal": DEAL.to_pbn(),
        "dealer": "N",
        "vulnerability": "None",
        "edition": "WBF17",
        "irregular": False,
    }
    assert events[3] == {"event": "call", "seat": "S", "call": "1NT"}
    assert events[-1] == {"event": "play", "seat": "W", "card": "S4"}
    again = Table.from_events(events)
    assert snapshot(again) == snapshot(table) and again.to_events() == events
    assert snapshot(Table.from_jsonl(table.to_jsonl())) == snapshot(table)


def test_event_log_errors_name_the_event() -> None:
    events = one_nt_by_south().to_events()
    with pytest.raises(EventLogError, match="event 5: 1H is insufficient") as info:
        Table.from_events([*events[:4], {"event": "call", "seat": "W", "call": "1H"}])
    assert info.value.number == 5
    with pytest.raises(EventLogError, match="event 8: SA is not in west's hand"):
        Table.from_events([*events, {"event": "play", "card": "SA"}])
    with pytest.raises(EventLogError, match="event 2: unknown event 'bid'"):
        Table.from_events([events[0], {"event": "bid", "call": "1C"}])
    with pytest.raises(EventLogError, match="event 1: the log must start with a board event"):
        Table.from_events(events[1:])
    with pytest.raises(EventLogError, match="event 2: 'call' event has no 'call'"):
        Table.from_events([events[0], {"event": "call"}])
    with pytest.raises(EventLogError, match="event 3: a board event may only be the first"):
        Table.from_events([events[0], events[1], events[0]])
    with pytest.raises(EventLogError, match=r"event 1: .*dealt twice"):
        Table.from_events([{**events[0], "deal": "N:AKQ2.KJ4.T98.A53 AKQ2.KJ4.T98.A53 - -"}])
    with pytest.raises(EventLogError, match="line 3: not JSON"):
        Table.from_jsonl('{"event": "board", "number": 1, "deal": "' + DEAL.to_pbn() + '"}\n\n{oops\n')
    text = one_nt_by_south().to_jsonl() + "\n" + '{"event": "play", "card": "SA"}\n'
    with pytest.raises(EventLogError, match="line 9: SA is not in west's hand"):
        Table.from_jsonl(text)


def test_undo_pops_events_back_to_the_start() -> None:
    table = Table(Board(1, DEAL))
    start = snapshot(table)
    table.call("P")
    table.call("P")
    mid = snapshot(table)
    for c in ["1NT", "P", "P", "P"]:
        table.call(c)
    table.play("S4")
    table.claim("W", 1)
    table.undo()
    table.undo()
    assert table.phase is Phase.PLAY and table.turn == Seat.WEST
    for _ in range(4):
        table.undo()
    assert snapshot(table) == mid
    assert table.undo() == {"event": "call", "seat": "E", "call": "P"}
    table.undo()
    assert snapshot(table) == start
    with pytest.raises(IndexError):
        table.undo()


# irregular tables ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("calls", "bad", "seat", "kind"),
    [
        ("1S", "1H", "E", IrregularityKind.INSUFFICIENT_BID),
        ("1S", "2C", "S", IrregularityKind.OUT_OF_ROTATION),
        ("1S P", "X", "S", IrregularityKind.INADMISSIBLE_DOUBLE),
        ("1S", "XX", "E", IrregularityKind.INADMISSIBLE_REDOUBLE),
        ("1S", "8C", "E", IrregularityKind.BID_ABOVE_SEVEN),
        ("1S P P P", "2C", "E", IrregularityKind.CALL_AFTER_FINAL_PASS),
    ],
)
def test_irregular_table_records_unlawful_calls(calls: str, bad: str, seat: str, kind: IrregularityKind) -> None:
    table = Table(Board(1, DEAL), irregular=True)
    for c in calls.split():
        table.call(c)
    before = snapshot(table)
    table.call(bad, seat)
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is kind and pending.seat == Seat.parse(seat)
    assert pending.action == Call.parse(bad, allow_above_seven=True) and pending.event == len(calls.split()) + 1
    assert table.to_events()[-1] == {"event": "call", "seat": seat, "call": bad}
    assert pending.to_dict()["kind"] == kind.value and pending.to_dict()["call"] == bad
    # L9B2: nobody acts before the ruling; the message says whose: a player's choice (L10C1) or the director's
    with pytest.raises(IrregularityPendingError, match=r"awaits (the director's ruling|\w+'s choice of rectification)"):
        table.call("P")
    assert table.turn is None and table.legal_calls() == []
    again = Table.from_events(table.to_events())
    assert again.pending_irregularity == pending
    table.undo()
    assert snapshot(table) == before


def test_irregular_table_still_refuses_impossible_actions() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    with pytest.raises(IllegalCallError, match="name the seat"):
        for c in ["1S", "P", "P", "P", "2C"]:
            table.call(c)
    with pytest.raises(CardNotInHandError):
        table.play("SA", "E")


def test_irregular_plays_lead_out_of_turn_and_revoke_and_card_during_auction() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    table.play("SA", "N")
    assert table.pending_irregularity is not None
    assert table.pending_irregularity.kind is IrregularityKind.CARD_DURING_AUCTION
    table.undo()
    for c in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(c)
    table.play("H8", "E")
    lead = table.pending_irregularity
    assert lead is not None and lead.kind is IrregularityKind.LEAD_OUT_OF_TURN and lead.turn == Seat.WEST
    assert lead.trick == 1 and Card("H8") in table.view("S").visible_cards
    table.undo()
    table.play("D2")
    table.play("SA")  # dummy revokes: the card stands, the revoke is only listed (L61–L63)
    assert table.pending_irregularity is None and table.turn == Seat.EAST
    (revoke,) = table.irregularities
    assert revoke.kind is IrregularityKind.REVOKE and revoke.seat == Seat.NORTH and revoke.trick == 1
    table.play("DK")
    table.play("CT", "W")  # premature play by west at south's turn (L57)
    assert table.pending_irregularity is not None
    assert table.pending_irregularity.kind is IrregularityKind.PLAY_OUT_OF_TURN
    assert Table.from_events(table.to_events()).irregularities == table.irregularities
    table.undo()
    table.undo()
    table.undo()
    assert table.irregularities == [] and table.hand(Seat.NORTH) == DEAL[Seat.NORTH]


class _SettlingEdition(WBF17):
    """A stand-in for the play-period director: an unlawful card becomes a ruling whose options, as data, let it
    stand (``ACCEPT``) or withdraw it, which the table carries out (the shape #11's rules plug into)."""

    def card_irregularity(self, table: PlayTable, irregularity: Irregularity) -> bool:
        from contractbridge.director import Effect, EffectKind, Option, Ruling

        assert table.record is not None
        seat = irregularity.seat
        table.record.rule(
            Ruling(
                str(irregularity.kind),
                "53",
                seat,
                irregularity.message,
                (
                    Option("accept", "53A", "the card stands", (Effect(EffectKind.ACCEPT, seat),)),
                    Option("reject", "53B", "the card is withdrawn", (Effect(EffectKind.WITHDRAW, seat),)),
                ),
            )
        )
        return False


def test_an_edition_rules_on_an_unlawful_card_through_the_record_l53() -> None:
    table = Table(Board(1, DEAL), edition=_SettlingEdition(), irregular=True)
    table.call("1S")
    table.call("1H", "E")
    table.apply({"event": "choose", "seat": "S", "option": "accept"})  # the director: accepted IB (L27A1)
    assert table.pending_irregularity is None and table.auction.last_bid == Call.parse("1H")
    assert table.turn == Seat.SOUTH
    for c in ["P", "P", "P"]:
        table.call(c)
    assert table.declarer == Seat.EAST and table.phase is Phase.PLAY
    table.play("SA", "N")  # north (dummy) leads out of turn; south is to lead
    assert table.pending_irregularity is not None and table.turn is None
    table.apply({"event": "choose", "seat": "director", "option": "accept"})
    assert table.play_state is not None and table.play_state.leader == Seat.NORTH and table.turn == Seat.EAST
    table.undo()
    assert table.pending_irregularity is not None and table.turn is None
    table.apply({"event": "choose", "seat": "director", "option": "reject"})
    assert table.pending_irregularity is None and table.turn == Seat.SOUTH
    assert table.hand(Seat.NORTH) == DEAL[Seat.NORTH]


def test_no_module_level_registry_of_event_handlers() -> None:
    """Issue #10: the fold dispatches on the typed event (``events.parse``); nothing global to register into."""
    from contractbridge.table import state

    assert not any(isinstance(v, dict) and "call" in v for v in vars(state).values())
    with pytest.raises(EventLogError, match="unknown event 'test-note'"):
        one_nt_by_south().apply({"event": "test-note"})


def test_views_hide_other_hands() -> None:
    table = one_nt_by_south()
    for seat in Seat:
        v = table.view(seat)
        assert v.visible_cards == DEAL[seat]
        assert v.hand == DEAL[seat] and isinstance(v.hand, Hand)


# properties -------------------------------------------------------------------------------------------
def allowed_cards(table: Table, seat: Seat) -> Hand:
    """What ``seat`` may have seen, from first principles: own hand, dummy after the opening lead (L41C–D),
    played cards, a claimer's faced hand (L68C)."""
    deal = table.board.deal
    bits = deal[seat].bits
    play = table.play_state
    if play is not None:
        played = [c for _, c in play.played()]
        for c in played:
            bits |= c.bit
        if played:
            bits |= deal[play.dummy].bits
    if table.claim_state is not None:
        bits |= deal[table.claim_state.seat].bits
    return Hand.from_bits(bits)


def check_views(table: Table) -> None:
    for seat in Seat:
        view = table.view(seat)
        assert view.visible_cards.issubset(allowed_cards(table, seat))
        assert view.hand == table.hand(seat)
        acting = table.actor == seat
        assert view.to_act == acting or (acting and not table.legal_cards() and not table.legal_calls())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(1, 32), data=st.data())
def test_random_legal_actions_give_a_consistent_table(seed: int, number: int, data: st.DataObject) -> None:
    """Any sequence of legal actions: views hide what they must, 13 tricks with every card once, the log
    refolds to the same state, and undo goes back to the start."""
    table = Table(Board(number, Deal.random(seed)))
    start = snapshot(table)
    states = [start]
    claim_at = data.draw(st.one_of(st.none(), st.integers(0, 51)), label="claim after card")
    while table.phase is not Phase.DONE:
        check_views(table)
        if table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            table.call(data.draw(st.one_of(st.just(PASS), st.sampled_from(legal)), label="call"))
        else:
            play = table.play_state
            assert play is not None
            if claim_at is not None and len(play) >= claim_at and table.claim_state is None:
                claimer = data.draw(st.sampled_from([s for s in Seat if s != play.dummy]), label="claimer")
                remaining = 13 - len(play.tricks)
                table.claim(claimer, data.draw(st.integers(0, remaining), label="tricks"))
                for opponent in sorted(table.claim_state.needed):  # type: ignore[union-attr]
                    states.append(snapshot(table))
                    table.agree(opponent)
            else:
                table.play(data.draw(st.sampled_from(sorted(table.legal_cards())), label="card"))
        states.append(snapshot(table))
    check_views(table)
    result = table.result
    assert result is not None
    play = table.play_state
    if play is None:
        assert result.passed_out and table.auction.is_passed_out
    elif result.claimed:
        assert result.tricks is not None and play.declarer_tricks <= result.tricks <= 13
    else:
        assert len(table.tricks) == 13 and result.tricks == play.declarer_tricks
        cards = [c for t in table.tricks for c in t.cards]
        assert len(cards) == 52 and len(set(cards)) == 52
        assert all(len(table.hand(s)) == 0 for s in Seat)
        assert play.tricks_won(Seat.NORTH) + play.tricks_won(Seat.EAST) == 13
    events = table.to_events()
    again = Table.from_events(events)
    assert snapshot(again) == snapshot(table) and again.to_events() == events
    assert snapshot(Table.from_jsonl(table.to_jsonl())) == snapshot(table)
    while len(table.to_events()) > 1:
        assert snapshot(table) == states.pop()
        table.undo()
    assert snapshot(table) == start == states.pop()


def test_copy_is_independent() -> None:
    table = one_nt_by_south()
    other = table.copy()
    other.play("S4")
    assert table.turn == Seat.WEST and other.turn == Seat.NORTH


def test_irregular_call_without_a_seat_is_by_the_seat_to_call() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    table.call("1S")
    table.call("1H")
    assert table.pending_irregularity is not None and table.pending_irregularity.seat == Seat.EAST


def test_view_to_dict_is_json_and_hides_the_same_cards() -> None:
    table = one_nt_by_south()
    table.play("S4")
    data = json.loads(json.dumps(table.view("E").to_dict()))
    assert data["hand"] == DEAL[Seat.EAST].to_pbn() and data["dummy_hand"] == DEAL[Seat.NORTH].to_pbn()
    assert data["current_trick"] == [["W", "S4"]] and data["legal_cards"] == []
    assert data["auction"][2] == ["S", "1NT"] and data["contract"] == "1NT" and data["turn"] == "N"
    south = table.view("S").to_dict()
    assert south["legal_cards"] == ["SA", "SK", "SQ", "S2"]
    assert set(south) == set(data)


def test_an_editions_own_record_and_event_kinds_reach_the_table() -> None:
    """``Edition.new_record`` may return a record with event kinds of its own (a rubber-bridge player drawing
    attention, NBB R39): an irregular table sends them to it, and replays them."""
    from contractbridge.director import DirectedAuction

    class AttentionRecord(DirectedAuction):
        EVENTS = DirectedAuction.EVENTS | {"attention"}

        def apply(self, event: Any) -> None:
            if event.get("event") == "attention":
                self.note(f"{event['seat']} drew attention")
                return
            super().apply(event)

    class Players(WBF17):
        def new_record(self, dealer: Seat, agreements: Any = None) -> DirectedAuction:
            return AttentionRecord(dealer, self, agreements)

    table = Table(Board(1, DEAL), edition=Players(), irregular=True)
    table.call("1S")
    table.apply({"event": "attention", "seat": "E"})
    assert table.record is not None and table.record.notes == ["E drew attention"]
    assert table.to_events()[-1] == {"event": "attention", "seat": "E"}
    with pytest.raises(EventLogError, match="unknown event 'attention'"):
        Table(Board(1, DEAL), irregular=True).apply({"event": "attention", "seat": "E"})


@pytest.mark.parametrize("seed", range(3))
def test_legal_cards_kept_between_events_follow_every_change(seed: int) -> None:
    """#15: a strict table answers ``legal_cards`` by L44 alone (no rectification without a director). After
    every card, undo and a card played instead (the same number of events again), ``legal_cards`` still equals
    L44 from the play state, and an illegal card is still refused (L44C)."""
    import random

    rng = random.Random(seed)
    table = Table(Board(seed + 1, Deal.random(seed)))
    for c in ["1S", "P", "P", "P"]:
        table.call(c)
    while table.phase is Phase.PLAY:
        play = table.play_state
        assert play is not None
        legal = table.legal_cards()
        assert legal == play.legal_cards()
        first = rng.choice(sorted(legal))
        table.play(first)
        table.undo()
        assert table.legal_cards() == legal
        others = sorted(legal - {first}) or [first]
        table.play(rng.choice(others))
        assert table.legal_cards() == play.legal_cards()
        hand = play.hand(play.turn) if play.turn is not None else Hand.from_bits(0)
        for card in hand:
            if card not in table.legal_cards():
                with pytest.raises(RevokeError):
                    table.play(card)
                break


def test_cards_of_a_strict_table_are_exported_as_their_events() -> None:
    """#15: a strict table keeps each card it plays in a compact form and renders it on export: the log, the JSON
    lines, ``undo``'s answer and a copy equal those of a table that folded the same events as dicts."""
    import random

    rng = random.Random(15)
    table = Table(Board(3, Deal.random(15)))
    for c in ["2H", "P", "P", "P"]:
        table.call(c)
    while table.phase is Phase.PLAY:
        table.play(rng.choice(sorted(table.legal_cards())))
    events = table.to_events()
    assert [(e["event"], e["seat"]) for e in events[5:7]] == [("play", "W"), ("play", "N")]  # South declares (L41A)
    folded = Table.from_events(events)
    assert folded.to_events() == events and folded.to_jsonl() == table.to_jsonl()
    assert table.copy().to_events() == events and table.result == folded.result
    assert table.undo() == folded.undo() == events[-1]
    assert table.to_events() == folded.to_events() == events[:-1]
    table.play(events[-1]["card"])
    assert table.to_events() == events


def test_cards_of_the_hot_path_enter_the_log_when_it_is_read() -> None:
    """#28: a strict table's ``play`` logs no entry a card; the log reads the cards back from the play, in order, before
    anything else enters it or reads it: a claim, an undo, a card by text or by seat (the slow path), an export, a
    copy, the repr's count. Each step is checked against a table that folded the same events as dicts."""
    import random

    rng = random.Random(28)
    for number in range(1, 9):
        table = Table(Board(number, Deal.random(number)))
        for c in ["1NT", "P", "P", "P"]:
            table.call(c)
        log = table.to_events()
        while table.phase is Phase.PLAY:
            step = rng.randrange(8)
            if step == 0 and len(log) > 5:
                assert table.undo() == log.pop()
            elif step == 1:  # a card by text and by seat: ``play``'s slow path
                card, seat = rng.choice(sorted(table.legal_cards())), table.turn
                assert seat is not None
                table.play(str(card), seat)
                log.append({"event": "play", "seat": seat.letter, "card": str(card)})
            elif step == 2 and table.actor is not None:  # a claim and its undo go through the log
                table.claim(table.actor, 0)
                assert table.undo()["event"] == "claim"
            else:
                card = rng.choice(tuple(table.legal_cards()))
                seat = table.turn
                table.play(card)
                assert seat is not None
                log.append({"event": "play", "seat": seat.letter, "card": str(card)})
                continue
            assert table.to_events() == log
            assert repr(table).endswith(f", {len(log)} events>")
        assert table.to_events() == log == Table.from_events(log).to_events() == table.copy().to_events()


def test_calls_of_a_strict_table_are_exported_as_their_events() -> None:
    """#28: ``Table.call`` at a strict table keeps ``(seat, call)`` and renders the call event on export; ``undo``
    of the final pass (L22) takes the play back with it, and a call refused by L18B changes nothing."""
    table = Table(Board(2, DEAL))  # East deals (L2)
    table.call("1NT")
    table.call(Bid(2, Strain.CLUBS), "S")
    with pytest.raises(InsufficientBidError):
        table.call("1S")
    table.call("P", Seat.WEST)
    table.apply({"event": "call", "call": "P"})
    table.call("P")
    calls = [("E", "1NT"), ("S", "2C"), ("W", "P"), ("N", "P"), ("E", "P")]
    assert table.to_events()[1:] == [{"event": "call", "seat": s, "call": c} for s, c in calls]
    assert table.phase is Phase.PLAY and table.declarer == Seat.SOUTH
    folded = Table.from_events(table.to_events())
    assert table.undo() == folded.undo() == {"event": "call", "seat": "E", "call": "P"}
    assert table.phase is folded.phase is Phase.AUCTION and table.play_state is None and table.turn == Seat.EAST
    table.call("P")
    assert table.to_events() == Table.from_jsonl(table.to_jsonl()).to_events()
    for _ in range(5):
        table.undo()
    assert table.to_events() == Table(Board(2, DEAL)).to_events()


def test_a_strict_table_stops_its_play_for_a_claim_and_resumes_after_it() -> None:
    """#28: a strict table's quick paths (``phase``, ``legal_cards``, ``play``) follow the claim: no card while it
    stands (L68D), the same cards once it is taken back or made void (L68D2(b)), the board done once agreed (L69A)."""
    table = one_nt_by_south()
    table.play("C7")
    legal = table.legal_cards()
    table.claim("S", 7)
    assert table.phase is Phase.PLAY and table.legal_cards() == frozenset() and table.turn is None
    with pytest.raises(ClaimError):
        table.play(min(legal))
    table.dispute("W")
    table.play_on("W")
    assert table.legal_cards() == legal and table.turn == Seat.NORTH
    table.play(min(legal))
    for _ in range(4):
        table.undo()
    assert table.legal_cards() == legal and table.claim_state is None
    table.claim("S", 7)
    table.agree("W")
    table.agree("E")
    assert table.phase is Phase.DONE and table.legal_cards() == frozenset() and table.result is not None
    table.undo()
    assert table.phase is Phase.PLAY and table.legal_cards() == frozenset()
    table.undo()
    table.undo()
    assert table.phase is Phase.PLAY and table.legal_cards() == legal
    table.play(min(legal))
    assert table.to_events() == Table.from_events(table.to_events()).to_events()


def test_a_strict_table_is_freed_by_reference_counting() -> None:
    """#28: no undo of a strict table's calls or cards holds the table, so a table bid, played to the end, taken
    back to its board event, exported and dropped leaves nothing for the cyclic collector."""
    import gc

    gc.collect()
    gc.disable()
    try:
        table = Table(Board(1, DEAL))
        for call in ["1NT", "P", "P", "P"]:
            table.call(call)
        while table.phase is Phase.PLAY:
            table.play(min(table.legal_cards()))
        events = table.to_events()
        for _ in range(56):
            table.undo()
        assert table.phase is Phase.AUCTION and table.play_state is None and len(table.to_events()) == 1
        assert len(events) == 57 and Table.from_events(events).to_events() == events
        held = {id(table): Table, id(table.auction): type(table.auction)}
        del table
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage instead of freed
        gc.collect()
        # Other threads of a test process may leave garbage of their own meanwhile: only ours must not be there.
        assert not [obj for obj in gc.garbage if held.get(id(obj)) is type(obj)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
