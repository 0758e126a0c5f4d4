"""The rubber game at one table (laws-historic.md §1, §4): formation, draw, packs, cut, deal, redeal,
rotation, and whole rubbers played by robots whose sheet the event log alone recomputes."""

from __future__ import annotations

import json
import random

import pytest

from contractbridge.cards import Card, Seat, Side, Suit
from contractbridge.contract import Contract
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError, EventLogError, ScoringError
from contractbridge.laws import edition
from contractbridge.laws.nbb30 import Revoke
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import (
    ClubTable,
    Drawn,
    FormationError,
    Lineup,
    Packs,
    RubberSession,
    cut_faults,
    deal_pack,
    draw,
    draw_key,
    ranked,
    redeal,
)
from contractbridge.rubbergame.formation import seat_four, spread_position_ok
from contractbridge.scoring.rubber import Item, Rubber, honours_in
from contractbridge.table import Phase, Table

# ---- the draw (NBB R3, R4; EST-L03, L04) -------------------------------------------------------------------


def test_draw_order_ace_high_then_suit_r3_est_l03() -> None:
    """[JUDGEMENT] laws-historic.md §1.1: ace high in both editions; equal ranks S > H > D > C."""
    cards = [Card.parse(c) for c in ("SA", "HA", "SK", "C2", "D2")]
    assert sorted(cards, key=draw_key, reverse=True) == [Card.parse(c) for c in ("SA", "HA", "SK", "D2", "C2")]


def test_end_cards_are_drawn_again_r3() -> None:
    assert not spread_position_ok(0) and not spread_position_ok(3) and spread_position_ok(4)
    assert not spread_position_ok(48) and spread_position_ok(47)
    draws = draw(["Ann", "Bob", "Cor", "Dirk", "Eva"], 3)
    assert len({d.card for d in draws}) == 5 and [d.member for d in draws] == ["Ann", "Bob", "Cor", "Dirk", "Eva"]
    with pytest.raises(FormationError):
        draw(["Ann", "Ann"], 1)


def test_partners_and_dealer_from_the_draw_r4_e_est_l04() -> None:
    """The two highest partner the two lowest; the highest deals and chooses his seat (R4, R6; EST-L03)."""
    draws = [Drawn("Ann", Card.parse("S5")), Drawn("Bob", Card.parse("HA")), Drawn("Cor", Card.parse("C5")),
             Drawn("Dirk", Card.parse("DK"))]  # fmt: skip
    lineup = seat_four(draws)
    assert lineup.dealer == Seat.SOUTH and lineup.seats[Seat.SOUTH] == "Bob" and lineup.seats[Seat.NORTH] == "Dirk"
    assert {lineup.seats[Seat.EAST], lineup.seats[Seat.WEST]} == {"Ann", "Cor"}
    assert Lineup.from_dict(json.loads(json.dumps(lineup.to_dict()))) == lineup


def test_table_membership_r1_r62_4_est_l02() -> None:
    table = ClubTable(["Ann", "Bob", "Cor", "Dirk", "Eva", "Fay"], one_table=False)
    assert table.is_full
    with pytest.raises(FormationError, match="full"):
        table.join("Gus")
    seven = ClubTable(["Ann", "Bob", "Cor", "Dirk", "Eva", "Fay"])  # only one table can be formed: R62(4)
    seven.join("Gus")
    assert len(seven.members) == 7
    with pytest.raises(FormationError, match="EST-L02"):
        ClubTable(["Ann", "Bob", "Cor", "Dirk", "Eva"], edition="EST30")
    with pytest.raises(FormationError, match="at least 4"):
        ClubTable(["Ann", "Bob", "Cor"]).first_rubber(1)


def test_first_rubber_the_four_highest_play_r4() -> None:
    table = ClubTable(["Ann", "Bob", "Cor", "Dirk", "Eva"])
    lineup = table.first_rubber(11)
    top = ranked(lineup.draws)
    assert set(lineup.players) == {d.member for d in top[:4]} and lineup.sitting_out == (top[4].member,)
    assert lineup.seats[lineup.dealer] == top[0].member


@pytest.mark.parametrize(("members", "out"), [(4, 0), (5, 1), (6, 2), (7, 3)])
def test_rotation_r5_r62_4(members: int, out: int) -> None:
    """R5 / R62(4): every waiting member plays the next rubber; 1, 2 or 3 of the last four leave."""
    names = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fay", "Gus"][:members]
    table = ClubTable(names)
    first = table.first_rubber(5)
    assert len(first.sitting_out) == out
    second = table.next_rubber(first, 6)
    assert set(first.sitting_out) <= set(second.players)
    assert len(set(first.players) - set(second.players)) == out
    assert all(table.consecutive[m] == (1 if m in first.sitting_out else 2 if m in second.players else 0)
               for m in names)  # fmt: skip


def test_rotation_longest_playing_leave_first_r5() -> None:
    table = ClubTable(["Ann", "Bob", "Cor", "Dirk", "Eva"])
    first = table.first_rubber(2)
    second = table.next_rubber(first, 3)
    third = table.next_rubber(second, 4)
    (left,) = set(second.players) - set(third.players)
    assert left in first.players  # it had played two rubbers in a row; the one who came in had played one
    assert first.sitting_out[0] in third.players


# ---- packs, cut, deal, redeal (NBB R6–R10, R38; EST-L05–L08) ------------------------------------------------


def test_two_packs_alternate_r7_3_r11_2() -> None:
    packs = Packs("B")
    assert [packs.for_hand(n) for n in range(1, 5)] == ["B", "A", "B", "A"]
    with pytest.raises(BridgeError):
        Packs("C")


def test_cut_minimum_nbb_both_parts_est_lifted_packet() -> None:
    """[DIFF] laws-historic.md Appendix C 2; [JUDGEMENT] §1.2: NBB checks both parts, EST the top packet."""
    assert cut_faults("NBB30", top=3) == ["NBB R8(2)(b)"] and cut_faults("EST30", top=3) == ["EST-L06"]
    assert cut_faults("NBB30", top=50) == ["NBB R8(2)(b)"] and cut_faults("EST30", top=50) == []
    assert cut_faults("NBB30", top=26) == []
    assert cut_faults("NBB30", top=26, shuffled_after=True, wrong_cutter=True) == ["NBB R8(2)(a)", "NBB R8(2)(f)"]


def test_deal_one_at_a_time_from_dealers_left_r9_2() -> None:
    pack = [Card.from_index(i) for i in range(52)]
    deal = deal_pack(pack, Seat.SOUTH)
    assert pack[0] in deal[Seat.WEST] and pack[51] in deal[Seat.SOUTH]  # the last card reaches the dealer
    assert all(len(deal[s]) == 13 for s in Seat)
    with pytest.raises(BridgeError, match="R10"):
        deal_pack(pack[:51], Seat.SOUTH)


def test_redeal_conditions_r10_vs_est_l07() -> None:
    """NBB R10(1)(a): 'not cut' only if the pointer has not looked at his cards (EST has no such clause);
    R10(1)(e) last card only in NBB; EST items 1–5 only before the last card is dealt."""
    assert redeal("NBB30", not_cut=True).reasons == ("NBB R10(1)(a)",)
    assert not redeal("NBB30", not_cut=True, pointer_looked=True).redeal
    assert redeal("EST30", not_cut=True, pointer_looked=True).redeal
    assert redeal("NBB30", last_card_elsewhere=True).redeal and not redeal("EST30", last_card_elsewhere=True).redeal
    assert redeal("NBB30", face_up_in_pack=True, before_last_card=False).redeal
    assert not redeal("EST30", face_up_in_pack=True, before_last_card=False).redeal
    assert redeal("EST30", wrong_count=True, before_last_card=False).reasons == ("EST-L07 6",)  # [JUDGEMENT]
    assert redeal("NBB30", defective_pack=True).reasons == ("NBB R10(2)",)


def test_looking_early_r38_opt_out_est_l08_opt_in() -> None:
    nbb = redeal("NBB30", exposed_in_deal=True, looked_early_by=Seat.EAST)
    assert nbb.redeal and nbb.choice_of == Seat.SOUTH and nbb.reasons == ("NBB R38",)
    est = redeal("EST30", exposed_in_deal=True, looked_early_by=Seat.EAST)
    assert not est.redeal and est.choice_of == Seat.SOUTH


# ---- the session ---------------------------------------------------------------------------------------------


def robots() -> dict[Seat, BiddingRobot]:
    return {s: BiddingRobot() for s in Seat}


def recompute(log: str) -> Rubber:
    """The sheet rebuilt from the log alone: each hand's events refolded, honours read from its deal."""
    events = [json.loads(line) for line in log.splitlines()]
    sheet = Rubber("EST30" if events[0]["edition"] == "EST30" else "NBB30")
    hand: list[dict[str, object]] = []
    for e in events[1:]:
        if e["event"] != "score":
            hand.append(e)
            continue
        table = Table.from_events(hand)
        result = table.result
        assert result is not None
        if result.new_deal is not None:
            pass  # the same dealer deals again: nothing on the sheet
        elif result.passed_out:
            sheet.record(None)
        else:
            assert result.contract is not None and result.tricks is not None
            honours = honours_in(Deal(str(hand[0]["deal"])), result.contract.strain) if e["honours_claimed"] else None
            sheet.record(result.contract, result.declarer, result.tricks + e["transfer"], honours)
        hand = []
    return sheet


@pytest.mark.parametrize("name", ["NBB30", "EST30"])
@pytest.mark.parametrize("seed", [5, 10])  # seeded rubbers with honours held on the sheet (NBB R33; EST-S08)
def test_a_full_rubber_by_four_robots_replays_from_its_log(name: str, seed: int) -> None:
    """Issue #12: four robots play a rubber; ``scoring.rubber`` recomputes the totals from the log alone, honours
    included (read from each hand's dealt cards)."""
    session = RubberSession(name, seed=seed)
    result = session.play_rubber(robots())
    assert session.sheet.is_finished and result.decided
    assert any(h.honours is not None for h in session.sheet.hands)
    log = session.to_jsonl()
    again = recompute(log)
    assert again.result() == result and [str(h) for h in again.hands] == [str(h) for h in session.sheet.hands]
    assert RubberSession.from_jsonl(log).sheet.result() == result
    boards = [json.loads(x) for x in log.splitlines() if '"board"' in x]
    assert [b["dealer"] for b in boards] == [s.letter for s in (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST) * 100][
        : len(boards)
    ]  # R9(1): clockwise, pass-outs included


def test_honours_are_read_from_the_dealt_hands() -> None:
    session = RubberSession("NBB30", seed=5)
    session.play_rubber(robots())
    scored = [e for e in session.sheet.entries if e.item is Item.HONOURS]
    assert scored  # this seed's rubber has honours
    boards = [e for e in session.to_events() if e["event"] == "board"]
    for e in scored:
        assert e.hand is not None
        record = session.sheet.hands[e.hand]
        assert record.contract is not None
        assert honours_in(Deal(boards[e.hand]["deal"]), record.contract.strain) == record.honours


def test_honours_claimed_late_until_the_rubber_is_agreed_judgement_r37b() -> None:
    session = RubberSession("NBB30", seed=7)
    session.deal()
    table = session.table
    assert table is not None
    from contractbridge.players import play_board

    play_board(table, robots())
    contract = table.contract
    deal = table.board.deal
    session.score(honours_claimed=False)
    if contract is None or honours_in(deal, contract.strain) is None:
        with pytest.raises(ScoringError):
            session.claim_honours(0)
        return
    assert session.sheet.hands[0].honours is None
    session.claim_honours(0)
    assert session.sheet.hands[0].honours is not None
    replayed = RubberSession.from_jsonl(session.to_jsonl())
    assert replayed.sheet.hands[0].honours == session.sheet.hands[0].honours


def first_played_hand(name: str) -> RubberSession:
    for seed in range(1, 40):
        session = RubberSession(name, seed=seed)
        table = session.deal()
        from contractbridge.players import play_board

        play_board(table, robots())
        if table.contract is not None:
            return session
    raise AssertionError("no contract in 40 deals")


def test_revoke_tricks_and_the_nl36_premium_go_on_the_sheet() -> None:
    """R55(6)/(7): transferred tricks count as won in play; NL36 28.3: 50 premium points on the sheet."""
    session = first_played_hand("NL36")
    table = session.table
    assert table is not None and table.declarer is not None
    defenders = table.declarer.side.opponents
    won = [i for i, t in enumerate(table.tricks, 1) if t.winner.side == defenders and i <= 11]
    looked = edition("NL36").quitted_trick_looked(table.declarer.lho, table.declarer)  # type: ignore[attr-defined]
    result = table.result
    assert result is not None and result.tricks is not None
    session.score(revokes={defenders: [Revoke(won[0])]} if won else None, rulings=[looked])
    record = session.sheet.hands[0]
    expected = edition("NL36").revoke_transfer([Revoke(won[0])], won) if won else 0  # type: ignore[attr-defined]
    assert record.tricks == result.tricks + expected
    assert record.premiums == ((table.declarer.side, 50, "NL36 28.3"),)
    assert any(e.item is Item.PENALTY and e.points == 50 for e in session.sheet.entries)
    assert RubberSession.from_jsonl(session.to_jsonl()).sheet.result() == session.sheet.result()


def test_a_logged_transfer_is_bounded_by_the_tricks_the_revoking_side_won_r55_6() -> None:
    """A ``score`` event's ``transfer`` moves tricks won in play (R55(6), R55(7)): at most the other side's tricks,
    a whole number; anything else is an ``EventLogError`` naming the event, never a sheet with 99 tricks."""
    session = first_played_hand("NBB30")
    table = session.table
    assert table is not None and table.result is not None and table.result.tricks is not None
    made = table.result.tricks
    session.score()
    events = session.to_events()
    assert events[-1]["event"] == "score"
    for bad in (99, 14 - made, -made - 1, True, "2", 1.5):
        events[-1]["transfer"] = bad
        with pytest.raises(EventLogError, match="transfer"):
            RubberSession.from_events(events)
    for good in (-made, 13 - made):
        events[-1]["transfer"] = good
        assert RubberSession.from_events(events).sheet.hands[0].tricks == made + good


def test_session_refuses_what_the_books_do_not_allow() -> None:
    with pytest.raises(BridgeError, match="no rubber game"):
        RubberSession("NL75")
    session = RubberSession("NBB30", seed=1)
    with pytest.raises(BridgeError, match="no finished hand"):
        session.score()
    session.deal()
    with pytest.raises(BridgeError, match="not been scored"):
        session.deal()
    with pytest.raises(EventLogError):
        RubberSession.from_jsonl('{"event": "board"}\n')


def test_vulnerability_follows_the_sheet_r29() -> None:
    session = RubberSession("NBB30", seed=3)
    session.sheet.record(Contract.parse("3NT"), Seat.NORTH, 9)
    table = session.deal()
    assert table.board.is_vulnerable(Side.NS) and not table.board.is_vulnerable(Side.EW)


def test_lineup_names_follow_the_draw() -> None:
    lineup = ClubTable(["Ann", "Bob", "Cor", "Dirk"]).first_rubber(random.Random(9))
    session = RubberSession("EST30", lineup, seed=9)
    assert session.dealer == lineup.dealer
    assert RubberSession.from_jsonl(session.to_jsonl()).lineup == lineup
    assert Suit.SPADES > Suit.HEARTS  # the draw's suit order is the laws' (R3)


def test_penalty_premium_is_a_sheet_line_that_survives_json_and_corrections() -> None:
    """NL36 28.3 on the sheet: a premium line of its own, kept by to_dict/from_dict and by a correction."""
    sheet = Rubber("NBB30")
    lines = sheet.record(Contract.parse("2H"), Seat.SOUTH, 8, premiums=((Side.EW, 50, "NL36 28.3"),))
    assert [(e.side, e.item, e.points) for e in lines][-1] == (Side.EW, Item.PENALTY, 50)
    again = Rubber.from_dict(json.loads(sheet.dumps()))
    assert again.hands == sheet.hands and again.total(Side.EW) == 50
    sheet.correct(0, Contract.parse("2H"), Seat.SOUTH, 9)
    assert sheet.total(Side.EW) == 50
    with pytest.raises(ScoringError):
        sheet.record(Contract.parse("1C"), Seat.NORTH, 7, premiums=((Side.NS, -5, "x"),))


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R39(1)"), ("EST30", "EST-L13")])
def test_a_new_deal_ruling_lets_the_same_dealer_deal_again_and_the_rubber_goes_on(name: str, law: str) -> None:
    """Issue #12 item 4: at an irregular table the dealer's partner bids first and the offender's LHO demands a new
    deal (digest TV53, R39(1)): nothing goes on the sheet, the same dealer deals again at the same vulnerability,
    and the robots then play the rubber out; the log replays and the sheet recomputes from it alone."""
    from director_helpers import choose

    session = RubberSession(name, seed=11, irregular=True)
    dealer = session.dealer
    table = session.deal()
    offender = dealer.partner
    table.call("1C", offender)
    table.apply(choose(offender.lho.letter, "new_deal"))
    assert table.result is not None and table.result.new_deal == law
    assert session.score() == [] and not session.sheet.hands and session.hands == 0
    again = session.deal()
    assert again.board.dealer == dealer and again.board.number == 2 and again.board.deal != table.board.deal
    assert again.board.vulnerability == table.board.vulnerability and again.irregular
    from contractbridge.players import play_board

    play_board(again, robots())
    session.score()
    assert session.hands == 1 and session.dealer == dealer.lho
    result = session.play_rubber(robots())
    log = session.to_jsonl()
    replayed = RubberSession.from_jsonl(log)
    assert replayed.sheet.result() == result and replayed.deals == session.deals and replayed.irregular
    assert recompute(log).result() == result
    honoured = [i for i, h in enumerate(session.sheet.hands) if h.honours is not None]
    for i in honoured:  # honours are read from the hand's own deal, not the one redealt
        assert replayed.sheet.hands[i].honours == session.sheet.hands[i].honours


def irregular_hand_in_play(edition: str, tricks: int) -> tuple[RubberSession, Table]:
    """The first seeded hand of an irregular rubber under ``edition`` that is not passed out, played by the robots
    until ``tricks`` tricks are done, with its session."""
    players = robots()
    for seed in range(1, 40):
        session = RubberSession(edition, seed=seed, irregular=True)
        table = session.deal()
        while table.phase is not Phase.DONE and len(table.tricks) < tricks:
            actor = table.actor
            assert actor is not None
            if table.phase is Phase.AUCTION:
                table.call(players[actor].call(table.view(actor)), actor)
            else:
                table.play(players[actor].play(table.view(actor)), table.turn)
        if table.declarer is not None:
            return session, table
    raise AssertionError("no contract in 39 deals")


def test_the_nl36_premium_of_a_table_ruling_goes_on_the_sheet_by_itself_28_3() -> None:
    """digest TV96 in a rubber: at an irregular NL36 table a defender looks at a quitted trick; the table's ruling
    scores 50 for declarer's side (28.3), and ``score()`` writes it on the sheet without being told; the log
    replays to the same sheet."""
    from contractbridge.players import play_board

    players = robots()
    session, table = irregular_hand_in_play("NL36", 1)
    assert table.declarer is not None
    table.apply({"event": "quitted_trick", "seat": table.declarer.lho.letter})
    play_board(table, players)
    session.score()
    record = session.sheet.hands[0]
    assert record.premiums == ((table.declarer.side, 50, "NL36 28.3"),)
    assert RubberSession.from_jsonl(session.to_jsonl()).sheet.hands[0].premiums == record.premiums
