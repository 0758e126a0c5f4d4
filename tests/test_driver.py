"""The one table driver (players.Driver, drive, play_board; issue #22 item 3): robots and the procedure act
through ``step``, people and the director are waited for; claims (L68–L70), undo requests (#26) and pending
rulings (L9B2, L10C1) the one way."""

from __future__ import annotations

import pytest

from contractbridge import Board, Deal, Seat, Table
from contractbridge.calls import PASS, Call
from contractbridge.cards import Card
from contractbridge.players import (
    Action,
    ClaimingPlayer,
    Driver,
    RandomPlayer,
    UndoError,
    Wait,
    WaitKind,
    drive,
    play_board,
)
from contractbridge.table import Phase, TableView


class Lowest:
    """Passes after the first call it is given, plays its lowest legal card."""

    def __init__(self, calls: tuple[str, ...] = ()) -> None:
        self.calls = list(calls)

    def call(self, view: TableView) -> Call:
        return Call.parse(self.calls.pop(0)) if self.calls else PASS

    def play(self, view: TableView) -> Card:
        return min(view.legal_cards)


class Claimer(Lowest):
    """A claiming robot (``ClaimingPlayer``): claims ``tricks`` (None: never) and agrees to claims or not."""

    def __init__(self, tricks: int | None = None, agrees: bool = True, calls: tuple[str, ...] = ()) -> None:
        super().__init__(calls)
        self.tricks, self.agrees = tricks, agrees
        self.claims = 0
        self.seen: list[Seat] = []

    def claim(self, view: TableView) -> tuple[int, str] | None:
        self.seen.append(view.seat)
        if self.tricks is None:
            return None
        self.claims += 1
        return min(self.tricks, 13 - len(view.tricks)), "the rest are mine"

    def accepts_claim(self, view: TableView) -> bool:
        self.seen.append(view.seat)
        return self.agrees


def nt_table(irregular: bool = False, edition: str | None = None) -> Table:
    """1NT by North (dealer North), East to lead."""
    extra = {} if edition is None else {"edition": edition}
    table = Table(Board(1, Deal.random(1)), irregular=irregular, **extra)  # type: ignore[arg-type]
    for c in ["1NT", "P", "P", "P"]:
        table.call(c)
    assert table.declarer is Seat.NORTH and table.actor is Seat.EAST
    return table


def test_auction_and_play_by_robots_to_the_end_each_action_reported() -> None:
    table = Table(Board(2, Deal.random(2)))
    seen: list[Action] = []
    end = drive(table, {s: RandomPlayer(int(s)) for s in Seat}, on_event=lambda t, a: seen.append(a))
    assert end == Wait(None, WaitKind.DONE) and table.phase is Phase.DONE and table.result is not None
    assert [a.event["event"] for a in seen] == [e["event"] for e in table.to_events()[1:]]
    assert all(a.player is not None for a in seen)


def test_a_person_is_waited_for_in_the_auction_and_the_play_declarer_for_dummy_l41d() -> None:
    table = Table(Board(1, Deal.random(1)))
    robots = {s: Lowest() for s in Seat if s is not Seat.NORTH}
    driver = Driver(table, robots)
    assert driver.step() == Wait(Seat.NORTH, WaitKind.CALL)  # North deals and is a person
    table.call("1NT")
    for _ in range(3):
        assert isinstance(driver.step(), Action)
    assert table.declarer is Seat.NORTH
    step = driver.step()  # East's opening lead
    assert isinstance(step, Action) and step.event["seat"] == "E"
    assert driver.step() == Wait(Seat.NORTH, WaitKind.PLAY)  # dummy's card: declarer decides (L41D)
    assert table.turn is Seat.SOUTH


def test_passed_out_board_is_done() -> None:
    table = Table(Board(3, Deal.random(3)))
    assert play_board(table, {s: Lowest() for s in Seat}) == Wait(None, WaitKind.DONE)
    assert table.result is not None and table.result.passed_out and len(table.to_events()) == 5


def test_robot_claim_agreed_by_the_robot_opponents_l69a() -> None:
    table = nt_table()
    east, west = Claimer(agrees=True), Claimer(agrees=True)
    seats = {Seat.NORTH: Claimer(tricks=13), Seat.EAST: east, Seat.SOUTH: Lowest(), Seat.WEST: west}
    assert drive(table, seats).kind is WaitKind.DONE
    assert table.result is not None and table.result.claimed
    kinds = [e["event"] for e in table.to_events()[5:]]
    assert kinds[-3:] == ["claim", "agree", "agree"] and set(kinds[:-3]) <= {"play"} and len(kinds[:-3]) % 4 == 0
    assert east.seen == [Seat.EAST] and west.seen == [Seat.WEST]  # each judges from its own view only


def test_robot_claim_disputed_by_a_robot_without_a_director_play_goes_on_and_finishes_l68d2b() -> None:
    """The README's case: a robot disputes a robot's claim; the claim is void, play continues (L68D2(b)), the
    declarer claims again only after a card, and the board is finished."""
    table = nt_table()
    north = Claimer(tricks=13)
    seats = {Seat.NORTH: north, Seat.EAST: Claimer(agrees=False), Seat.SOUTH: Lowest(), Seat.WEST: Claimer()}
    assert play_board(table, seats, claims=True).kind is WaitKind.DONE
    assert table.result is not None and not table.result.claimed and len(table.tricks) == 13
    events = table.to_events()
    kinds = [e["event"] for e in events]
    assert kinds.count("claim") == kinds.count("dispute") == kinds.count("play_on") == north.claims > 0
    for i, kind in enumerate(kinds):
        if kind == "claim":
            assert kinds[i + 1 : i + 3] == ["dispute", "play_on"] and kinds[i + 3] == "play"


def test_claims_off_the_robots_do_not_claim() -> None:
    table = nt_table()
    north = Claimer(tricks=13)
    seats = {Seat.NORTH: north, Seat.EAST: Lowest(), Seat.SOUTH: Lowest(), Seat.WEST: Lowest()}
    assert drive(table, seats, claims=False).kind is WaitKind.DONE
    assert north.claims == 0 and table.result is not None and len(table.tricks) == 13


def test_objection_voids_the_claim_nbb_r54_and_no_new_claim_in_that_trick() -> None:
    table = nt_table(edition="NBB30")
    north = Claimer(tricks=13)
    seats = {Seat.NORTH: north, Seat.EAST: Claimer(agrees=False), Seat.SOUTH: Lowest(), Seat.WEST: Claimer()}
    assert drive(table, seats).kind is WaitKind.DONE
    kinds = [e["event"] for e in table.to_events()]
    assert "play_on" not in kinds and kinds.count("claim") == north.claims > 0  # no claim was made (L68B2)
    for i, kind in enumerate(kinds):
        if kind == "claim":
            assert kinds[i + 1 : i + 3] == ["dispute", "play"]


def test_a_person_answers_a_claim_then_a_dispute_plays_on_l68d2b() -> None:
    table = nt_table()
    table.claim(Seat.NORTH, 13, "all mine")
    driver = Driver(table, {Seat.NORTH: Lowest(), Seat.SOUTH: Lowest(), Seat.WEST: Claimer(agrees=True)})
    step = driver.step()
    assert isinstance(step, Action) and step.event == {"event": "agree", "seat": "W"}  # robots first
    wait = driver.step()
    assert wait.seat is Seat.EAST and wait.kind is WaitKind.CLAIM and "L69A" in wait.why
    table.dispute(Seat.EAST)
    step = driver.step()
    assert isinstance(step, Action) and step.event == {"event": "play_on", "seat": "E"} and step.player is None
    assert table.claim_state is None and table.actor is Seat.EAST


def test_random_players_cannot_judge_a_claim_play_board_stops() -> None:
    table = nt_table()
    table.claim(Seat.NORTH, 7)
    wait = play_board(table, {s: RandomPlayer(1) for s in Seat})
    assert (wait.seat, wait.kind) == (Seat.EAST, WaitKind.CLAIM)
    assert table.phase is Phase.PLAY and len(table.to_events()) == 6


def test_disputed_claim_at_a_director_table_waits_for_the_l70_ruling() -> None:
    table = nt_table(irregular=True)
    seats = {Seat.NORTH: Claimer(tricks=13), Seat.EAST: Claimer(agrees=False), Seat.SOUTH: Lowest(),
             Seat.WEST: Claimer()}  # fmt: skip
    wait = drive(table, seats)
    assert wait.seat is None and wait.kind is WaitKind.DIRECTOR and "director" in wait.why
    claim = table.claim_state
    assert claim is not None and claim.disputed_by is Seat.EAST and "play_on" not in str(table.to_events())
    assert drive(table, seats) == wait  # nothing moves until the director rules


def test_pending_ruling_a_robot_chooser_accepts_a_person_is_waited_for_l27a1_l10c1() -> None:
    table = Table(Board(1, Deal.random(1)), irregular=True)
    table.call("1H")
    table.call("1C")  # East's insufficient bid: South, the offender's LHO, chooses (L27A1)
    assert drive(table, {Seat.NORTH: Lowest()}) == Wait(
        Seat.SOUTH, WaitKind.CHOOSE, "the insufficient bid awaits South's choice of rectification (L10C1, L9B2)"
    )
    step = Driver(table, {Seat.SOUTH: Lowest()}).step()
    assert isinstance(step, Action) and step.event == {"event": "choose", "seat": "S", "option": "accept"}
    assert table.record is not None and table.record.pending is None and table.actor is Seat.SOUTH


def test_undo_asks_the_people_of_the_other_side() -> None:
    table = Table(Board(1, Deal.random(1)))
    driver = Driver(table, {Seat.SOUTH: Lowest(), Seat.WEST: Lowest()})  # North and East are people
    table.call("1C")
    assert driver.request_undo(Seat.NORTH) is None  # pending: East answers
    assert driver.step() == Wait(Seat.EAST, WaitKind.UNDO, "north asks to undo; the other side answers")
    with pytest.raises(UndoError, match="awaits an answer"):
        driver.request_undo(Seat.NORTH)
    with pytest.raises(UndoError, match="the other side answers"):
        driver.answer_undo(Seat.SOUTH, True)
    assert driver.answer_undo(Seat.EAST, False) is None and len(table.to_events()) == 2
    assert driver.request_undo(Seat.NORTH) is None
    granted = driver.answer_undo(Seat.EAST, True)
    assert granted is not None and granted.to_dict() == {"seat": "N", "from": 1}
    driver.take_back(granted)
    assert len(table.to_events()) == 1 and driver.step() == Wait(Seat.NORTH, WaitKind.CALL)
    with pytest.raises(UndoError, match="no action"):
        driver.request_undo(Seat.NORTH)


def test_robots_never_grant_an_undo_after_a_reply_issue_26() -> None:
    table = nt_table()
    driver = Driver(table, {s: Lowest() for s in Seat if s is not Seat.EAST})  # East, on lead, is a person
    with pytest.raises(UndoError, match="refuse"):  # East's pass was followed by South's and West's
        driver.request_undo(Seat.EAST)
    assert driver.step() == Wait(Seat.EAST, WaitKind.PLAY)
    table.play(min(table.legal_cards()))
    before = len(table.to_events())
    request = driver.request_undo(Seat.EAST)  # nobody has acted since: the robots agree
    assert request is not None and request.seq == before - 1
    assert isinstance(driver.step(), Action)  # dummy's card (the table is unchanged until ``take_back``)
    with pytest.raises(UndoError, match="refuse"):  # that card has been seen: refused, nothing changes
        driver.request_undo(Seat.EAST)
    assert len(table.to_events()) == before + 1 and driver.undo_request is None


def test_robots_who_sit_down_refuse_a_pending_undo() -> None:
    table = Table(Board(1, Deal.random(1)))
    seats: dict[Seat, Lowest] = {}
    driver = Driver(table, seats)  # the seats map is the caller's: a robot may sit down later (the web table)
    table.call("1C")
    assert driver.request_undo(Seat.NORTH) is None
    seats[Seat.EAST] = seats[Seat.WEST] = Lowest()
    step = driver.step()
    assert isinstance(step, Action) and step.event["seat"] == "E" and driver.undo_request is None


def test_undo_after_the_board_is_over_is_refused() -> None:
    table = Table(Board(3, Deal.random(3)))
    driver = Driver(table, {})
    for _ in range(4):
        table.call("P")
    with pytest.raises(UndoError, match="over"):
        driver.request_undo(Seat.NORTH)


def test_claiming_player_protocol() -> None:
    assert isinstance(Claimer(), ClaimingPlayer) and not isinstance(Lowest(), ClaimingPlayer)
